/**
 * The admin's devices on this screen: the serial ports the terminal lists, the device chosen for
 * the shoe or the scanner as typed into the form (a listed port or a path typed by hand: a pty is
 * never listed), a test read's card or the reason there is none, and the change sent with the
 * admin's PIN and a reason. Every request carries the admin's PIN, asked in the PIN dialog at the
 * moment of use. Whether a setting is right, and what the device reads, is the terminal's answer.
 */
import type { DeviceSettingArg } from '../../app/contract/fields';
import type { SerialPortsView, TestReadView } from '../../app/contract/devices';
import type { Reason } from '../../app/contract/view';
import type { Translator } from '../i18n/translate';
import type { DeskHost } from './desk';

/** The requests of the devices desk (their refusals show in it and in its PIN dialog). */
export const DEVICE_REQUESTS = ['serialPorts', 'changeDevice', 'testRead'] as const;

export type DeviceRoleName = 'shoe' | 'scanner';
export type DeviceKind = 'serial' | 'simulated' | 'none';

/** The kinds a role may be set to (the scanner has no simulator). */
export const KINDS: Readonly<Record<DeviceRoleName, readonly DeviceKind[]>> = { shoe: ['serial', 'simulated', 'none'], scanner: ['serial', 'none'] };
export const FORMATS = ['framed', 'lines'] as const;

export class DevicesDesk {
  /** The ports and both devices as the terminal last answered (null until the admin asked). */
  ports: SerialPortsView | null = $state(null);
  /** The form: which device, and what it is set to. */
  role: DeviceRoleName = $state('shoe');
  kind: DeviceKind = $state('serial');
  port: string = $state('');
  format: 'framed' | 'lines' = $state('framed');
  baudRate: number = $state(9600);
  reason: string = $state('');
  /** The last test read's card, or why there was none (one of the two, or neither). */
  tested: TestReadView | null = $state(null);
  testRefusal: Reason | null = $state(null);
  /** A test read is waiting for a card. */
  testing: boolean = $state(false);
  /** The roles set on this screen since the ports were read: their "now" line is out of date. */
  changed: readonly DeviceRoleName[] = $state([]);

  constructor(private readonly terminal: DeskHost) {}

  /** The device as the form has it, as the request carries it. */
  get setting(): DeviceSettingArg {
    if (this.kind !== 'serial') return { kind: this.kind };
    return { kind: 'serial', port: this.port.trim(), format: this.format, baudRate: this.baudRate };
  }

  /** Switches the form to `role`, filled with its device as the terminal last answered. */
  choose(role: DeviceRoleName): void {
    this.role = role;
    this.tested = null;
    this.testRefusal = null;
    const s = this.ports?.[role].setting;
    if (s) {
      this.kind = s.kind;
      if (s.kind === 'serial') {
        this.port = s.port;
        this.format = s.format;
        this.baudRate = s.baudRate;
      }
      return;
    }
    this.kind = role === 'scanner' ? 'none' : 'serial';
    this.format = role === 'scanner' ? 'lines' : 'framed';
  }

  /** Asks the ports with the admin's PIN. */
  list(admin: string): void {
    this.terminal.askPin({
      request: 'serialPorts', signer: 'admin', staffId: admin, question: 'confirm.serialPorts', params: {},
      confirmLabel: 'action.serialPorts', danger: false,
      send: async (s) => {
        const r = await this.terminal.query('serialPorts', { admin: s.signer });
        if (!r.ok) return false;
        this.ports = r.value;
        this.changed = [];
        this.choose(this.role);
        return true;
      },
    });
  }

  /**
   * Asks the admin's PIN, then waits for the next card of the device as the form has it. The
   * dialog closes at once (the admin has a card to put through the device); the card, or the
   * reason there is none (a wrong PIN included), shows in the desk.
   */
  testRead(t: Translator, admin: string): void {
    const device = this.setting;
    const role = this.role;
    this.terminal.askPin({
      request: 'testRead', signer: 'admin', staffId: admin, question: 'confirm.testRead', params: { role: t.t(`devices.roleWord.${role}`) },
      confirmLabel: 'action.testRead', danger: false,
      send: async (s) => {
        this.tested = null;
        this.testRefusal = null;
        this.testing = true;
        void this.terminal.query('testRead', { admin: s.signer, role, device }).then((r) => {
          this.testing = false;
          if (r.ok) {
            this.tested = r.value;
            return;
          }
          this.testRefusal = { code: r.error.code, message: r.error.message };
          this.terminal.dismissRefusal();
        });
        return true;
      },
    });
  }

  /** Asks the admin's PIN and a reason, and sets the role's device as the form has it. */
  apply(t: Translator, admin: string): void {
    const device = this.setting;
    const role = this.role;
    this.terminal.askPin({
      request: 'changeDevice', signer: 'admin', staffId: admin, question: 'confirm.changeDevice',
      params: { role: t.t(`devices.roleWord.${role}`), device: device.kind === 'serial' ? `${device.port} (${device.format}, ${device.baudRate})` : t.t(`devices.kind.${device.kind}`) },
      confirmLabel: 'action.changeDevice', danger: false,
      text: { label: 'devices.reason', get: () => this.reason, set: (v: string) => (this.reason = v) },
      send: async (s) => {
        const ok = await this.terminal.run('changeDevice', { admin: s.signer, reason: s.text ?? '', role, device });
        if (ok) {
          this.reason = '';
          if (!this.changed.includes(role)) this.changed = [...this.changed, role];
        }
        return ok;
      },
    });
  }
}
