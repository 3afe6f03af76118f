// The admin's Devices tab against the typed stand-in of the contract: the ports asked with the
// admin's PIN, the form filled with the role's device as the terminal answered it, a path typed
// by hand, exactly the contract's arguments sent (checked by the contract), a test read's card or
// the terminal's reason shown in the tab (in Czech by code), the change sent with a reason, and
// the "now" line marked out of date once the device is set.
import { describe, expect, it } from 'vitest';
import type { SerialPortsView, TestReadView } from '../../../app/contract/devices';
import type { RequestName } from '../../../app/contract/handlers';
import type { StaffListView } from '../../../app/contract/session';
import { validateArgs } from '../../../app/contract/validate';
import { fail, ok, type Result } from '../../../app/domain/result';
import { baseView, click, mountApp, settle, type } from './fake-terminal';

const ADA = { staffId: 'ada', pin: '246810' };
const staff: StaffListView = { people: [{ staffId: 'ada', name: 'Ada Admin', roles: ['admin'], addedAt: '2025-01-01T18:00:00.000Z', disabled: null, lockedUntil: null, failures: 0 }] };
const ports: SerialPortsView = {
  ports: [{ path: '/dev/ttyUSB0', vendorId: '0403', productId: '6001', serialNumber: 'A1', manufacturer: 'FTDI', ref: 'usb:0403:6001:A1', listed: true }],
  listError: null,
  shoe: { role: 'shoe', setting: { kind: 'simulated' }, device: 'sim:shoe', label: 'Simulated shoe (seed 5)', origin: 'default', overridden: null, lastSet: null },
  scanner: {
    role: 'scanner', setting: { kind: 'serial', port: '/dev/ttyUSB1', format: 'lines', baudRate: 19200 }, device: 'path:/dev/ttyUSB1', label: 'Card scanner on /dev/ttyUSB1 (lines)',
    origin: 'stored', overridden: null, lastSet: { staffId: 'ada', at: '2025-01-01T19:00:00.000Z', reason: 'the scanner is in' },
  },
};
const card: TestReadView = { role: 'shoe', device: 'path:/tmp/x/terminal', label: 'Card shoe on /tmp/x/terminal (framed)', card: 51, cardText: 'As', raw: '02303041737eab03', seq: 0, waitedMs: 812 };

/** Answers like the terminal's dispatch: the contract's argument checks first, then `reply`. */
function checked(name: RequestName, reply: (args: Record<string, unknown>) => Result<unknown>) {
  return (args: unknown) => {
    const v = validateArgs(name, args);
    return v.ok ? reply(v.value as Record<string, unknown>) : v;
  };
}

type App = ReturnType<typeof mountApp>;

/** The admin panel opened with Ada's PIN, on its Devices tab. */
async function openDevices(lang: 'en' | 'cs' = 'en'): Promise<App> {
  const a = mountApp(baseView(), lang);
  a.fake.answers.set('staffList', checked('staffList', () => ok(staff)));
  click(a.$('[data-testid=open-staff]'));
  type(a.$('[data-testid=staff-admin-id]'), ADA.staffId);
  for (const d of ADA.pin) click(a.$(`[data-testid=staff-admin-pin] [data-key="${d}"]`));
  click(a.$('[data-testid=staff-open]'));
  await settle();
  click(a.$('[data-testid=admin-tab-devices]'));
  return a;
}

/** Signs the open PIN dialog with Ada's PIN (her id is filled in), with `text` as its reason. */
async function sign(a: App, text?: string): Promise<void> {
  const dialog = a.$('[data-testid=pin-dialog]');
  if (!dialog) throw new Error('no PIN dialog is open');
  if (text !== undefined) type(dialog.querySelector<HTMLElement>('[data-testid=pin-text]'), text);
  type(dialog.querySelector<HTMLElement>('[data-testid=pin-pin-input]'), ADA.pin);
  click(a.$('[data-testid=pin-confirm]'));
  await settle();
}

const sentArgs = (a: App, name: RequestName) => a.fake.actions().filter((s) => s.name === name).map((s) => s.args);

describe('the Devices tab', () => {
  it('lists the ports with the admin\'s PIN and fills the form with each role\'s device as the terminal answered it', async () => {
    const a = await openDevices();
    a.fake.answers.set('serialPorts', checked('serialPorts', () => ok(ports)));
    click(a.$('[data-testid=devices-list]'));
    expect(a.$('[data-testid=pin-dialog]')?.getAttribute('data-request')).toBe('serialPorts');
    await sign(a);
    expect(sentArgs(a, 'serialPorts')).toEqual([{ admin: ADA }]);
    expect(a.$('[data-testid=devices-origin]')?.getAttribute('data-origin')).toBe('default');
    expect(a.$('[data-testid=devices-kind-simulated]')?.getAttribute('aria-pressed')).toBe('true');
    expect(a.$('[data-testid=devices-port-pick]')?.textContent).toContain('/dev/ttyUSB0');
    click(a.$('[data-testid=devices-role-scanner]'));
    expect((a.$('[data-testid=devices-port]') as HTMLInputElement).value).toBe('/dev/ttyUSB1');
    expect((a.$('[data-testid=devices-baud]') as HTMLInputElement).value).toBe('19200');
    expect(a.$('[data-testid=devices-origin]')?.textContent).toContain('Last set by ada');
    // The scanner has no simulator to choose.
    expect(a.$('[data-testid=devices-kind-simulated]')).toBeNull();
    // A listed port picked: its USB reference, remembered across a replug.
    click(a.$('[data-testid=devices-port-pick]'));
    expect((a.$('[data-testid=devices-port]') as HTMLInputElement).value).toBe('usb:0403:6001:A1');
  });

  it('test-reads the device as typed: the card with its bytes, or the terminal\'s reason, in the tab', async () => {
    const a = await openDevices();
    let answer: Result<unknown> = ok(card);
    a.fake.answers.set('testRead', checked('testRead', () => answer));
    click(a.$('[data-testid=devices-kind-serial]'));
    type(a.$('[data-testid=devices-port]'), ' /tmp/x/terminal ');
    click(a.$('[data-testid=devices-test]'));
    await sign(a);
    await settle();
    expect(sentArgs(a, 'testRead')).toEqual([{ admin: ADA, role: 'shoe', device: { kind: 'serial', port: '/tmp/x/terminal', format: 'framed', baudRate: 9600 } }]);
    const shown = a.$('[data-testid=devices-test-card]')!;
    expect(shown.getAttribute('data-card')).toBe('51');
    expect(shown.textContent).toContain('As read by Card shoe on /tmp/x/terminal (framed)');
    expect(shown.textContent).toContain('Bytes 02303041737eab03');
    // No card: the terminal's words, in the tab (the dialog is closed).
    answer = fail('no-card-read', 'no card was read by Card shoe on /tmp/x/terminal (framed) in 10 seconds');
    click(a.$('[data-testid=devices-test]'));
    await sign(a);
    await settle();
    expect(a.$('[data-testid=pin-dialog]')).toBeNull();
    expect(a.$('[data-testid=devices-test-card]')).toBeNull();
    const refused = a.$('[data-testid=devices-test-refused]')!;
    expect(refused.getAttribute('data-code')).toBe('no-card-read');
    expect(refused.textContent).toBe('no card was read by Card shoe on /tmp/x/terminal (framed) in 10 seconds');
  });

  it('words a test read\'s reason in Czech by its code', async () => {
    const a = await openDevices('cs');
    a.fake.answers.set('testRead', checked('testRead', () => fail('port-not-found', 'there is no port /tmp/nothing on this machine')));
    click(a.$('[data-testid=devices-kind-serial]'));
    type(a.$('[data-testid=devices-port]'), '/tmp/nothing');
    click(a.$('[data-testid=devices-test]'));
    await sign(a);
    await settle();
    expect(a.$('[data-testid=devices-test-refused]')?.textContent).toBe('Port nebyl nalezen: je zařízení připojené, je cesta správně?');
  });

  it('sets the device with a reason, and marks the "now" line out of date', async () => {
    const a = await openDevices();
    a.fake.answers.set('serialPorts', checked('serialPorts', () => ok(ports)));
    a.fake.answers.set('changeDevice', checked('changeDevice', () => ok(baseView())));
    click(a.$('[data-testid=devices-list]'));
    await sign(a);
    click(a.$('[data-testid=devices-kind-serial]'));
    type(a.$('[data-testid=devices-port]'), '/tmp/x/terminal');
    click(a.$('[data-testid=devices-apply]'));
    expect(a.$('[data-testid=pin-question]')?.textContent).toBe('Set the shoe to /tmp/x/terminal (framed, 9600), at once and for every later start?');
    await sign(a, 'the real shoe is in');
    expect(sentArgs(a, 'changeDevice')).toEqual([{
      admin: ADA, reason: 'the real shoe is in', role: 'shoe', device: { kind: 'serial', port: '/tmp/x/terminal', format: 'framed', baudRate: 9600 },
    }]);
    expect(a.$('[data-testid=pin-dialog]')).toBeNull();
    expect(a.$('[data-testid=devices-origin]')?.getAttribute('data-origin')).toBe('changed');
  });
});
