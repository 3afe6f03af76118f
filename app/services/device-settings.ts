/**
 * The table's shoe and showdown scanner as the terminal runs them, and as the admin sets them on
 * screen (docs/hardware.md, "Setting the devices on screen"):
 *
 * - one check of a device setting, shared by the start-up flags (app/terminal/config.ts) and the
 *   admin's request, so both refuse the same values in the same words (`checkDeviceSetting`);
 * - which device each role starts with: a start-up flag, else the admin's last setting kept in
 *   the log (`device-set`), else the default (`devicesAtStart`);
 * - a change applied at once between hands: recorded first (the fold refuses it while a hand is
 *   in play), then the old device is detached and the new one attached, in the same tick, so no
 *   card of a hand comes from a device set after it started;
 * - a test read: the next card the chosen device reads, shown to the admin and kept out of every
 *   hand (the attached device's card is taken before the router sees it; another port is opened
 *   for the test alone), or the reason there is none.
 */
import { existsSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { isCard, formatCard, type Card } from '../domain/cards';
import { fail, ok, type Result } from '../domain/result';
import type { DeviceSet, DeviceSetting } from '../domain/table/events';
import type { CardSource, DeviceRole, SourceEvent, SourceListener, SourceState, StatusEvent } from '../../hardware/card-source';
import { BAUD_RATE } from '../../hardware/limits';
import { listPorts, parseDeviceRef, samePort, type PortListing } from '../../hardware/ports';
import { SerialCardDevice } from '../../hardware/serial-device';
import { InProcessShoe } from '../../hardware/sim/in-process-shoe';
import type { DeviceOrigin, DeviceSlotView, SerialPortsView, SerialPortView, TestReadView } from '../contract/devices';
import { Listeners } from '../listeners';
import { toHex } from './card-input';
import { parseBody } from './store';
import type { TableService, TableSnapshot } from './table-service';

export type { DeviceSetting } from '../domain/table/events';

/** Each role's wire format when none is given: shoes frame their cards, scanners send lines. */
export const DEFAULT_FORMAT: Readonly<Record<DeviceRole, 'framed' | 'lines'>> = { shoe: 'framed', scanner: 'lines' };
/** The serial line speed when none is given. */
export const DEFAULT_BAUD_RATE = 9600;
/** How long a test read waits for a card when the admin names no time. */
export const TEST_READ_SECONDS = 10;

/** A device setting as given: the flags' texts or the request's values, not yet checked. */
export interface DeviceSettingInput {
  readonly kind: unknown;
  readonly port?: unknown;
  readonly format?: unknown;
  readonly baudRate?: unknown;
}

/** What each part of a setting is called where it was given (`--shoe-format`, `device.format`). */
export interface SettingNames {
  readonly kind: string;
  readonly port: string;
  readonly format: string;
  readonly baudRate: string;
}

/** The request's names of a setting's parts. */
export const DEVICE_ARG_NAMES: SettingNames = { kind: 'device.kind', port: 'device.port', format: 'device.format', baudRate: 'device.baudRate' };

/**
 * Checks a device setting for `role` (`bad-device`, the message naming the part as `names` call
 * it): a wire format framed or lines and a whole baud rate from 50 to 4,000,000 when given (the
 * role's defaults otherwise), then a kind of serial (with a port as hardware/ports.ts reads one:
 * a path, COM3, usb:VID:PID[:SERIAL]), simulated (the shoe only) or none. Whether the port is
 * there is not checked here: a flag may name a device plugged in later.
 */
export function checkDeviceSetting(role: DeviceRole, input: DeviceSettingInput, names: SettingNames): Result<DeviceSetting> {
  const format = input.format ?? DEFAULT_FORMAT[role];
  if (format !== 'framed' && format !== 'lines') return fail('bad-device', `${names.format} must be framed or lines, got ${JSON.stringify(input.format)}`, names.format);
  const baud = baudRateOf(input.baudRate, names.baudRate);
  if (!baud.ok) return baud;
  switch (input.kind) {
    case 'none':
      return ok({ kind: 'none' });
    case 'simulated':
      if (role === 'scanner') return fail('bad-device', `${names.kind}: the scanner has no simulated device; enter hands by touch, or give a serial port`, names.kind);
      return ok({ kind: 'simulated' });
    case 'serial': {
      const ref = parseDeviceRef(input.port as string);
      if (!ref.ok) return fail('bad-device', `${names.port}: ${ref.error.message}`, names.port);
      return ok({ kind: 'serial', port: (input.port as string).trim(), format, baudRate: baud.value });
    }
    default:
      return fail('bad-device', `${names.kind} must be serial, simulated or none, got ${JSON.stringify(input.kind)}`, names.kind);
  }
}

function baudRateOf(v: unknown, name: string): Result<number> {
  if (v === undefined) return ok(DEFAULT_BAUD_RATE);
  const whole = typeof v === 'string' ? /^-?\d+$/.test(v) : Number.isSafeInteger(v);
  if (!whole) return fail('bad-device', `${name} must be a whole number, got ${JSON.stringify(v)}`, name);
  const n = Number(v);
  const [min, max] = BAUD_RATE;
  if (n < min || n > max) return fail('bad-device', `${name} must be from ${min} to ${max}, got ${String(v)}`, name);
  return ok(n);
}

/** Whether two settings name the same device the same way. */
export function sameSetting(a: DeviceSetting, b: DeviceSetting): boolean {
  if (a.kind !== b.kind) return false;
  return a.kind !== 'serial' || (b.kind === 'serial' && a.port === b.port && a.format === b.format && a.baudRate === b.baudRate);
}

/** A setting in words, for the terminal's log and refusals. */
export function settingWords(s: DeviceSetting): string {
  switch (s.kind) {
    case 'none': return 'none';
    case 'simulated': return 'the simulated shoe';
    case 'serial': return `${s.port} (${s.format}, ${s.baudRate} baud)`;
  }
}

// ------------------------------------------------------------------ what is stored

/** The admin's last `device-set` of a role, with its time. */
export interface StoredDeviceSet {
  readonly id: number;
  readonly at: string;
  readonly event: DeviceSet;
}

/** The admin's last setting of each role at `tableId` (through the index of device settings). */
export function lastDeviceSets(db: Database.Database, tableId: string): Partial<Record<DeviceRole, StoredDeviceSet>> {
  const last = db.prepare("SELECT id, recorded_at, body FROM events WHERE type = 'device-set' AND table_id = ? AND json_extract(body, '$.role') = ? ORDER BY id DESC LIMIT 1");
  const out: Partial<Record<DeviceRole, StoredDeviceSet>> = {};
  for (const role of ['shoe', 'scanner'] as const) {
    const row = last.get(tableId, role) as { id: number; recorded_at: string; body: string } | undefined;
    if (row) out[role] = { id: row.id, at: row.recorded_at, event: parseBody(row.body, row.id, null, 'device-set') as DeviceSet };
  }
  return out;
}

/** A role's device at start, and why that one. */
export interface StartChoice {
  readonly setting: DeviceSetting;
  readonly origin: Exclude<DeviceOrigin, 'screen'>;
  /** The stored setting a flag overrode (null: none stored, or the same). */
  readonly overridden: DeviceSetting | null;
}

/**
 * Which device each role starts with: a start-up flag that names it wins (the stored setting it
 * overrides is reported); else the admin's last setting in the log; else the configuration's
 * default (`configured`: the simulated shoe and no scanner, from the flags' defaults).
 */
export function devicesAtStart(
  configured: Readonly<Record<DeviceRole, DeviceSetting>>,
  given: Readonly<Record<DeviceRole, boolean>>,
  stored: Partial<Record<DeviceRole, StoredDeviceSet>>,
): Record<DeviceRole, StartChoice> {
  const choose = (role: DeviceRole): StartChoice => {
    const kept = stored[role]?.event.setting ?? null;
    if (given[role]) return { setting: configured[role], origin: 'flag', overridden: kept && !sameSetting(kept, configured[role]) ? kept : null };
    if (kept) return { setting: kept, origin: 'stored', overridden: null };
    return { setting: configured[role], origin: 'default', overridden: null };
  };
  return { shoe: choose('shoe'), scanner: choose('scanner') };
}

// ------------------------------------------------------------------ the devices themselves

/** The simulated shoe's deck seed and pace (from the flags). */
export interface SimulatedShoeSettings {
  readonly seed: number;
  readonly paceMs: number;
}

/** The card source of a setting (null for none); throws when the hardware layer refuses its options. */
export function deviceOf(setting: DeviceSetting, role: DeviceRole, sim: SimulatedShoeSettings): CardSource | null {
  switch (setting.kind) {
    case 'none':
      return null;
    case 'simulated':
      return new InProcessShoe({ seed: sim.seed, paceMs: sim.paceMs, role, id: `sim:${role}` });
    case 'serial':
      return new SerialCardDevice({ port: setting.port, format: setting.format, role, baudRate: setting.baudRate });
  }
}

/**
 * A card source as attached to the table, with a tap: while a test read is on, its cards (and an
 * unreadable card) go to the test and never reach the table; every other event reaches both.
 */
class TappedSource implements CardSource {
  private readonly listeners = new Listeners<SourceEvent>();
  private tap: ((e: SourceEvent) => boolean) | null = null;

  constructor(readonly inner: CardSource) {
    inner.subscribe((e) => {
      if (this.tap?.(e)) return;
      this.listeners.emit(e);
    });
  }

  get id(): string { return this.inner.id; }
  get label(): string { return this.inner.label; }
  get role(): DeviceRole { return this.inner.role; }
  get simulated(): boolean { return this.inner.simulated; }
  get state(): SourceState { return this.inner.state; }
  start(): Promise<void> { return this.inner.start(); }
  stop(): Promise<void> { return this.inner.stop(); }
  subscribe(listener: SourceListener): () => void { return this.listeners.add(listener); }

  /** Takes the source's cards until the function returned is called; `take` says whether it took an event. */
  tapWith(take: (e: SourceEvent) => boolean): () => void {
    this.tap = take;
    return () => {
      if (this.tap === take) this.tap = null;
    };
  }
}

interface Slot {
  setting: DeviceSetting;
  source: TappedSource | null;
  detach: (() => void) | null;
  origin: DeviceOrigin;
  overridden: DeviceSetting | null;
}

export interface TableDevicesOptions {
  readonly service: TableService;
  readonly tableId: string;
  readonly sim: SimulatedShoeSettings;
  readonly log?: (line: string) => void;
  /** Called after a device was swapped (the screen's view follows). */
  readonly onChange?: () => void;
  /** The port lister (default hardware/ports.ts `listPorts`). */
  readonly listPorts?: () => Promise<Result<PortListing[]>>;
}

/** A test read's outcome before it is worded for the screen. */
type Heard = { readonly kind: 'card'; readonly card: Card; readonly seq: number | null; readonly raw: string } | { readonly kind: 'refused'; readonly code: string; readonly message: string };

/** The code of a port that would not open, from the words the system gave (serialport passes them on). */
export function portFailureCode(reason: string): string {
  if (/ENOENT|no such file|not found|no serial port/i.test(reason)) return 'port-not-found';
  if (/EACCES|permission denied|access denied/i.test(reason)) return 'port-permission';
  if (/lock|busy|EBUSY/i.test(reason)) return 'port-busy';
  return 'port-open-failed';
}

/** What a status heard during a test read means for it: a refusal, or null (it goes on waiting). */
function statusRefusal(label: string, e: StatusEvent): { code: string; message: string } | null {
  switch (e.status) {
    case 'open-failed': return { code: portFailureCode(e.reason), message: `${label}: ${e.reason}` };
    case 'disconnected': return { code: 'device-fault', message: `${label} disconnected: ${e.reason}` };
    case 'jam': return { code: 'device-fault', message: `${label} reports a jam` };
    case 'lid-open': return { code: 'device-fault', message: `${label} reports its lid open` };
    case 'shoe-empty': return { code: 'device-fault', message: `${label} reports it is empty` };
    case 'heartbeat-lost': return { code: 'device-fault', message: `nothing heard from ${label} for ${e.silentMs} ms: is it switched on, on this port, at this speed and format?` };
    case 'unreadable': return { code: 'card-unreadable', message: `${label} could not read the card (${e.reason}; bytes ${toHex(e.raw) || 'none'})` };
    case 'sequence-gap': return { code: 'device-fault', message: `${label}'s sequence numbers jumped from ${e.expected} to ${e.received}` };
    default: return null;
  }
}

/**
 * The terminal's shoe and scanner for one table: attached at start, swapped when the admin sets
 * another, and read once for a test. One per running terminal.
 */
export class TableDevices {
  private readonly slots: Record<DeviceRole, Slot>;
  private readonly testing = new Set<DeviceRole>();
  private readonly log: (line: string) => void;

  constructor(private readonly options: TableDevicesOptions, start: Record<DeviceRole, StartChoice>) {
    this.log = options.log ?? (() => {});
    const slot = (c: StartChoice): Slot => ({ setting: c.setting, source: null, detach: null, origin: c.origin, overridden: c.overridden });
    this.slots = { shoe: slot(start.shoe), scanner: slot(start.scanner) };
  }

  /** The device now of `role` (the source itself, not its tap), or null. */
  source(role: DeviceRole): CardSource | null {
    return this.slots[role].source?.inner ?? null;
  }

  /** The role's setting now. */
  setting(role: DeviceRole): DeviceSetting {
    return this.slots[role].setting;
  }

  /** Makes both devices, attaches them to the table and starts them; throws when one cannot be made or attached. */
  async start(): Promise<void> {
    for (const role of ['shoe', 'scanner'] as const) {
      const s = this.slots[role];
      const made = deviceOf(s.setting, role, this.options.sim);
      if (!made) continue;
      const attached = this.attach(role, made);
      if (!attached.ok) throw new Error(`cannot attach ${made.label}: ${attached.error.message}`);
    }
    for (const role of ['shoe', 'scanner'] as const) await this.startSource(this.slots[role].source);
  }

  private async startSource(source: CardSource | null): Promise<void> {
    if (!source) return;
    try {
      await source.start();
    } catch (e) {
      this.log(`${source.label}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  private attach(role: DeviceRole, made: CardSource): Result<null> {
    const tapped = new TappedSource(made);
    const attached = this.options.service.attachCardSource(this.options.tableId, tapped);
    if (!attached.ok) return attached;
    this.slots[role].source = tapped;
    this.slots[role].detach = attached.value;
    return ok(null);
  }

  /**
   * The admin `staffId` sets `role`'s device, with a reason: checked as the flags are
   * (`bad-device`), a path that is not there refused (`device-not-found`: a test read shows what
   * a port reads, a typing slip would leave the table without a shoe), the same as now refused
   * (`no-change`), a port the other role uses refused (`device-in-use`); recorded (`device-set`;
   * refused while a hand is in play: `hand-in-play`), then applied at once: the old device is
   * stopped, the new one attached and started. The table's state after it.
   */
  async changeDevice(cmd: { role: DeviceRole; device: DeviceSettingInput; staffId: string; reason: string }): Promise<Result<TableSnapshot>> {
    const { role } = cmd;
    const checked = checkDeviceSetting(role, cmd.device, DEVICE_ARG_NAMES);
    if (!checked.ok) return checked;
    const setting = checked.value;
    const usable = this.usable(role, setting);
    if (!usable.ok) return usable;
    if (sameSetting(setting, this.slots[role].setting)) return fail('no-change', `the ${role} is already ${settingWords(setting)}`);
    let made: CardSource | null;
    try {
      made = deviceOf(setting, role, this.options.sim);
    } catch (e) {
      return fail('bad-device', `${DEVICE_ARG_NAMES.port}: ${e instanceof Error ? e.message : String(e)}`, DEVICE_ARG_NAMES.port);
    }
    const recorded = this.options.service.recordDeviceSet({
      tableId: this.options.tableId, role, setting, device: made?.id ?? null, label: made?.label ?? null, staffId: cmd.staffId, reason: cmd.reason,
    });
    if (!recorded.ok) return recorded;
    // Swapped in this tick: from the commit on, no card of the old device reaches the table.
    const slot = this.slots[role];
    const old = slot.source;
    slot.detach?.();
    slot.source = null;
    slot.detach = null;
    slot.setting = setting;
    slot.origin = 'screen';
    slot.overridden = null;
    if (made) {
      const attached = this.attach(role, made);
      if (!attached.ok) return attached;
    }
    this.log(`${role} set by ${cmd.staffId} to ${settingWords(setting)}: ${cmd.reason.trim()}`);
    this.options.onChange?.();
    await old?.stop().catch((e: unknown) => this.log(`${old.label}: ${e instanceof Error ? e.message : String(e)}`));
    await this.startSource(slot.source);
    return this.options.service.snapshot(this.options.tableId);
  }

  /** Refuses a setting that names a path not there, or the port of the other role. */
  private usable(role: DeviceRole, setting: DeviceSetting): Result<null> {
    if (setting.kind !== 'serial') return ok(null);
    const ref = parseDeviceRef(setting.port);
    if (ref.ok && ref.value.kind === 'path' && ref.value.path.startsWith('/') && !existsSync(ref.value.path)) {
      return fail('device-not-found', `there is no port ${ref.value.path} on this machine (is the device plugged in? is the path right?)`, DEVICE_ARG_NAMES.port);
    }
    const other = this.slots[role === 'shoe' ? 'scanner' : 'shoe'].setting;
    if (other.kind === 'serial' && samePort(other.port, setting.port)) {
      return fail('device-in-use', `${setting.port} is the ${role === 'shoe' ? 'scanner' : 'shoe'}'s port: one port reads for one device`, DEVICE_ARG_NAMES.port);
    }
    return ok(null);
  }

  /**
   * The next card the device reads, kept out of every hand: `device` (checked as in
   * `changeDevice`) or, left out, `role`'s device now. Between hands only (`hand-in-play`); one at a
   * time per role (`test-read-running`). Refused with the reason there is no card: `no-device`,
   * `port-not-found`, `port-permission`, `port-busy`, `port-open-failed`, `device-fault`,
   * `card-unreadable`, `device-in-use`, or `no-card-read` after `seconds`.
   */
  async testRead(cmd: { role: DeviceRole; device?: DeviceSettingInput; seconds?: number }): Promise<Result<TestReadView>> {
    const { role } = cmd;
    const table = this.options.service.snapshot(this.options.tableId);
    if (!table.ok) return table;
    const hand = table.value.hand;
    if (hand?.open) return fail('hand-in-play', `A test read only between hands: hand ${hand.number} is in play at table ${this.options.tableId}`);
    let setting = this.slots[role].setting;
    if (cmd.device !== undefined) {
      const checked = checkDeviceSetting(role, cmd.device, DEVICE_ARG_NAMES);
      if (!checked.ok) return checked;
      setting = checked.value;
    }
    if (setting.kind === 'none') return fail('no-device', `no ${role} is set: choose its port first`);
    if (this.testing.has(role)) return fail('test-read-running', `a test read of the ${role} is already waiting for a card`);
    const seconds = cmd.seconds ?? TEST_READ_SECONDS;
    this.testing.add(role);
    try {
      const current = this.slots[role].source;
      if (current && sameSetting(setting, this.slots[role].setting)) return await this.readTapped(role, current, seconds);
      for (const r of ['shoe', 'scanner'] as const) {
        const s = this.slots[r].setting;
        if (setting.kind === 'serial' && s.kind === 'serial' && samePort(s.port, setting.port)) {
          return fail('device-in-use', `${setting.port} is open as the ${r} (${settingWords(s)}): test it as set, or set it first`, DEVICE_ARG_NAMES.port);
        }
      }
      const usable = this.usable(role, setting);
      if (!usable.ok) return usable.error.code === 'device-not-found' ? fail('port-not-found', usable.error.message, DEVICE_ARG_NAMES.port) : usable;
      return await this.readAlone(role, setting, seconds);
    } finally {
      this.testing.delete(role);
    }
  }

  /** The attached device's next card, taken before the table sees it. */
  private async readTapped(role: DeviceRole, tapped: TappedSource, seconds: number): Promise<Result<TestReadView>> {
    const source = tapped.inner;
    // A device that is not open now says why at once, rather than after the wait.
    const status = this.options.service.snapshot(this.options.tableId);
    const now = status.ok ? status.value.devices.find((d) => d.device === source.id) : undefined;
    if (source.state !== 'connected' && now?.status === 'open-failed') return fail(portFailureCode(now.detail ?? ''), `${source.label}: ${now.detail ?? 'the port does not open'}`);
    if (source.state !== 'connected' && (now?.status === 'disconnected' || now?.status === 'reconnecting')) {
      return fail('device-fault', `${source.label} is disconnected${now.detail ? `: ${now.detail}` : ''}`);
    }
    let untap = (): void => undefined;
    // A hand started during the wait gets its cards: the test read ends there.
    const handOpen = () => {
      const t = this.options.service.snapshot(this.options.tableId);
      return t.ok && t.value.hand?.open === true;
    };
    const heard = this.waitFor(source, seconds, (listen) => {
      untap = tapped.tapWith((e) => listen(e));
    }, handOpen);
    if (source instanceof InProcessShoe) {
      // The simulated shoe reads what it is given: a card at random stands in for the admin's.
      const card = Math.floor(Math.random() * 52) as Card;
      void source.feed([card]).catch((e: unknown) => this.log(`test read: ${e instanceof Error ? e.message : String(e)}`));
    }
    try {
      return this.worded(role, source, await heard.promise);
    } finally {
      heard.cancel();
      untap();
    }
  }

  /** A device opened for the test alone, then closed. */
  private async readAlone(role: DeviceRole, setting: DeviceSetting, seconds: number): Promise<Result<TestReadView>> {
    let source: CardSource | null;
    try {
      source = deviceOf(setting, role, { ...this.options.sim, paceMs: 0 });
    } catch (e) {
      return fail('bad-device', `${DEVICE_ARG_NAMES.port}: ${e instanceof Error ? e.message : String(e)}`, DEVICE_ARG_NAMES.port);
    }
    if (!source) return fail('no-device', `no ${role} is set: choose its port first`);
    const heard = this.waitFor(source, seconds, (listen) => {
      source.subscribe((e) => void listen(e));
    });
    try {
      await source.start();
      if (source instanceof InProcessShoe) void source.feed([Math.floor(Math.random() * 52) as Card]).catch(() => {});
      return this.worded(role, source, await heard.promise);
    } finally {
      heard.cancel();
      await source.stop().catch(() => {});
    }
  }

  /**
   * Waits for the source's next card or the first status that rules one out, `seconds` at most.
   * `listenWith` hooks the listener up; it answers whether it took the event (a card, an
   * unreadable card) so a tapped source keeps it from the table; none is taken once `handOpen`.
   */
  private waitFor(
    source: CardSource, seconds: number, listenWith: (listen: (e: SourceEvent) => boolean) => void, handOpen: () => boolean = () => false,
  ): { promise: Promise<Heard & { waitedMs: number }>; cancel: () => void } {
    const began = performance.now();
    let settle: (h: Heard) => void = () => undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const promise = new Promise<Heard & { waitedMs: number }>((resolve) => {
      let done = false;
      settle = (h) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        resolve({ ...h, waitedMs: Math.round(performance.now() - began) });
      };
      timer = setTimeout(() => settle({ kind: 'refused', code: 'no-card-read', message: `no card was read by ${source.label} in ${seconds} seconds` }), seconds * 1000);
    });
    listenWith((e) => {
      if ((e.kind === 'card' || e.status === 'unreadable') && handOpen()) {
        settle({ kind: 'refused', code: 'hand-in-play', message: `a hand started during the test read: its cards go to the hand, the test read ends` });
        return false;
      }
      if (e.kind === 'card') {
        // Answered, so a framed shoe does not send it again (into the next hand).
        e.acknowledge?.();
        if (isCard(e.card)) settle({ kind: 'card', card: e.card, seq: e.seq ?? null, raw: toHex(e.raw) });
        return true;
      }
      const refused = statusRefusal(source.label, e);
      if (refused) {
        e.acknowledge?.();
        settle({ kind: 'refused', ...refused });
      }
      return e.status === 'unreadable';
    });
    return { promise, cancel: () => settle({ kind: 'refused', code: 'cancelled', message: 'the test read ended' }) };
  }

  private worded(role: DeviceRole, source: CardSource, h: Heard & { waitedMs: number }): Result<TestReadView> {
    if (h.kind === 'refused') return fail(h.code, h.message);
    this.log(`test read of the ${role} on ${source.label}: ${formatCard(h.card)} (${h.raw}), kept out of every hand`);
    return ok({ role, device: source.id, label: source.label, card: h.card, cardText: formatCard(h.card), raw: h.raw, seq: h.seq, waitedMs: h.waitedMs });
  }

  /** The ports this machine lists (and the ports set now, listed or not), with both devices now. */
  async serialPorts(): Promise<SerialPortsView> {
    const listed = await (this.options.listPorts ?? (() => listPorts()))();
    const ports: SerialPortView[] = listed.ok
      ? listed.value.map((p) => ({ path: p.path, vendorId: p.vendorId ?? null, productId: p.productId ?? null, serialNumber: p.serialNumber ?? null, manufacturer: p.manufacturer ?? null, ref: p.ref, listed: true }))
      : [];
    for (const role of ['shoe', 'scanner'] as const) {
      const s = this.slots[role].setting;
      if (s.kind === 'serial' && !ports.some((p) => p.path === s.port || p.ref === s.port)) {
        ports.push({ path: s.port, vendorId: null, productId: null, serialNumber: null, manufacturer: null, ref: s.port, listed: false });
      }
    }
    const stored = lastDeviceSets(this.options.service.store.db, this.options.tableId);
    const view = (role: DeviceRole): DeviceSlotView => {
      const slot = this.slots[role];
      const last = stored[role];
      return {
        role, setting: slot.setting, device: slot.source?.id ?? null, label: slot.source?.label ?? null, origin: slot.origin, overridden: slot.overridden,
        lastSet: last ? { staffId: last.event.staffId, at: last.at, reason: last.event.reason } : null,
      };
    };
    return { ports, listError: listed.ok ? null : listed.error.message, shoe: view('shoe'), scanner: view('scanner') };
  }

  /** Stops both devices and detaches them. */
  async close(): Promise<void> {
    for (const role of ['shoe', 'scanner'] as const) {
      const slot = this.slots[role];
      await slot.source?.stop().catch(() => {});
      slot.detach?.();
      slot.source = null;
      slot.detach = null;
    }
  }
}
