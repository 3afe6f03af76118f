/**
 * The terminal's device settings (app/services/device-settings.ts; docs/hardware.md, "Setting the
 * devices on screen"), on a real table service and database file: the one check of a setting
 * (each refusal word for word), a setting in words, the admin's last setting read back from the
 * log, the start's choice; and `TableDevices` with the simulated shoe and real pseudo-terminals
 * (socat): a change recorded then applied at once, each refusal of a change or a test read with
 * its code and words, a test read whose card no hand gets, the reason a serial device gives no
 * card, the ports listed with the devices now, and closing.
 */
import { closeSync, openSync, symlinkSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../../app/domain/result';
import type { DeviceSet } from '../../../app/domain/table';
import {
  checkDeviceSetting, DEFAULT_BAUD_RATE, DEFAULT_FORMAT, DEVICE_ARG_NAMES, devicesAtStart, lastDeviceSets, portFailureCode, sameSetting, settingWords,
  TableDevices, TEST_READ_SECONDS, type DeviceSetting, type StartChoice, type StoredDeviceSet,
} from '../../../app/services/device-settings';
import type { DeviceRole } from '../../../hardware/card-source';
import type { PortListing } from '../../../hardware/ports';
import { InProcessShoe } from '../../../hardware/sim/in-process-shoe';
import { PtyPair } from '../../../hardware/sim/pty-pair';
import { SerialShoeSimulator } from '../../../hardware/sim/serial-shoe-sim';
import { describeWithPorts, must, openTable, rig, T, type Rig } from './helpers';

const request = (role: DeviceRole, input: Parameters<typeof checkDeviceSetting>[1]) => checkDeviceSetting(role, input, DEVICE_ARG_NAMES);
const serial = (port: string, format: 'framed' | 'lines' = 'framed', baudRate = 9600) => ({ kind: 'serial' as const, port, format, baudRate });
const NONE: DeviceSetting = { kind: 'none' };
const SIM: DeviceSetting = { kind: 'simulated' };

describe('checkDeviceSetting', () => {
  it('uses the defaults it names: framed for the shoe, lines for the scanner, 9600 baud, a 10 s test read', () => {
    expect(DEFAULT_FORMAT).toEqual({ shoe: 'framed', scanner: 'lines' });
    expect(DEFAULT_BAUD_RATE).toBe(9600);
    expect(TEST_READ_SECONDS).toBe(10);
    expect(request('scanner', { kind: 'serial', port: '/dev/ttyS1' })).toEqual(ok(serial('/dev/ttyS1', 'lines')));
  });

  it('takes a baud rate from 50 to 4,000,000, given as a number or as the flags\' text', () => {
    expect(request('shoe', { kind: 'serial', port: '/dev/x', baudRate: 50 })).toEqual(ok(serial('/dev/x', 'framed', 50)));
    expect(request('shoe', { kind: 'serial', port: '/dev/x', baudRate: 4_000_000 })).toEqual(ok(serial('/dev/x', 'framed', 4_000_000)));
    expect(request('shoe', { kind: 'serial', port: '/dev/x', baudRate: '115200' })).toEqual(ok(serial('/dev/x', 'framed', 115200)));
  });

  it('refuses a baud rate that is not a whole number, whatever its shape, naming it', () => {
    expect(request('shoe', { kind: 'serial', port: '/dev/x', baudRate: '96a' })).toEqual(fail('bad-device', 'device.baudRate must be a whole number, got "96a"', 'device.baudRate'));
    expect(request('shoe', { kind: 'serial', port: '/dev/x', baudRate: [9600] })).toEqual(fail('bad-device', 'device.baudRate must be a whole number, got [9600]', 'device.baudRate'));
    expect(request('shoe', { kind: 'serial', port: '/dev/x', baudRate: 4_000_001 })).toEqual(fail('bad-device', 'device.baudRate must be from 50 to 4000000, got 4000001', 'device.baudRate'));
  });

  it('checks the format and the baud rate of every kind, and refuses a simulated scanner in words', () => {
    expect(request('shoe', { kind: 'none', format: 'morse' })).toEqual(fail('bad-device', 'device.format must be framed or lines, got "morse"', 'device.format'));
    expect(request('shoe', { kind: 'none', baudRate: 1 })).toEqual(fail('bad-device', 'device.baudRate must be from 50 to 4000000, got 1', 'device.baudRate'));
    expect(request('shoe', { kind: 'none' })).toEqual(ok(NONE));
    expect(request('scanner', { kind: 'simulated' })).toEqual(fail('bad-device', 'device.kind: the scanner has no simulated device; enter hands by touch, or give a serial port', 'device.kind'));
  });
});

describe('settingWords and sameSetting', () => {
  it('words each kind of setting', () => {
    expect(settingWords(NONE)).toBe('none');
    expect(settingWords(SIM)).toBe('the simulated shoe');
    expect(settingWords(serial('/dev/ttyUSB0', 'lines', 19200))).toBe('/dev/ttyUSB0 (lines, 19200 baud)');
  });

  it('takes two settings of the same kind without a port as the same, and no two kinds as the same', () => {
    expect(sameSetting(NONE, NONE)).toBe(true);
    expect(sameSetting(SIM, SIM)).toBe(true);
    expect(sameSetting(NONE, serial('/dev/a'))).toBe(false);
    expect(sameSetting(serial('/dev/a'), NONE)).toBe(false);
    expect(sameSetting(serial('/dev/a'), serial('/dev/b'))).toBe(false);
  });
});

describe('portFailureCode', () => {
  it.each([
    ['Error: ENOENT: cannot open /dev/ttyUSB3', 'port-not-found'],
    ['usb:0403:6001 not found', 'port-not-found'],
    ['Error: EACCES, cannot open /dev/ttyS0', 'port-permission'],
    ['Access denied.', 'port-permission'],
    ['Error: EBUSY', 'port-busy'],
    ['the port is busy', 'port-busy'],
    ['something else went wrong', 'port-open-failed'],
  ])('%s -> %s', (words, code) => {
    expect(portFailureCode(words)).toBe(code);
  });
});

describe('devicesAtStart', () => {
  const stored = (role: DeviceRole, setting: DeviceSet['setting']): StoredDeviceSet => ({
    id: 9, at: '2026-01-01T00:00:00.000Z', event: { type: 'device-set', at: '2026-01-01T00:00:00.000Z', by: 'system', role, setting, device: 'x', label: 'x', staffId: 'ada', reason: 'r' },
  });

  it('a flag with nothing stored overrides nothing; a stored scanner is used when no flag names it', () => {
    const chosen = devicesAtStart({ shoe: serial('/dev/ttyUSB0'), scanner: NONE }, { shoe: true, scanner: false }, { scanner: stored('scanner', serial('/dev/ttyUSB1', 'lines')) });
    expect(chosen.shoe).toEqual({ setting: serial('/dev/ttyUSB0'), origin: 'flag', overridden: null });
    expect(chosen.scanner).toEqual({ setting: serial('/dev/ttyUSB1', 'lines'), origin: 'stored', overridden: null });
  });
});

// ------------------------------------------------------------------ on a real table

let r: Rig;
let devices: TableDevices | null = null;
let pairs: PtyPair[] = [];
let sims: SerialShoeSimulator[] = [];
let logLines: string[] = [];
let changes = 0;

beforeEach(() => {
  r = rig();
  logLines = [];
  changes = 0;
});
afterEach(async () => {
  await devices?.close();
  devices = null;
  for (const s of sims) await s.stop().catch(() => {});
  for (const p of pairs) await p.close();
  sims = [];
  pairs = [];
  r.cleanup();
});

const choice = (setting: DeviceSetting, origin: StartChoice['origin'] = 'default', overridden: DeviceSetting | null = null): StartChoice => ({ setting, origin, overridden });

/** The table open, and its devices started: by default the simulated shoe and no scanner. */
async function started(start: Partial<Record<DeviceRole, StartChoice>> = {}, listPorts?: () => Promise<ReturnType<typeof ok<PortListing[]>> | ReturnType<typeof fail>>): Promise<TableDevices> {
  openTable(r.service);
  devices = new TableDevices({
    service: r.service, tableId: T, sim: { seed: 3, paceMs: 0 }, log: (l) => logLines.push(l), onChange: () => { changes += 1; },
    ...(listPorts ? { listPorts } : {}),
  }, { shoe: choice(SIM), scanner: choice(NONE), ...start });
  await devices.start();
  return devices;
}

async function pair(): Promise<PtyPair> {
  const p = await PtyPair.open();
  pairs.push(p);
  return p;
}

const rows = () => r.store.db.prepare("SELECT count(*) FROM events WHERE table_id = 'T1'").pluck().get() as number;
const deviceSets = () => (r.store.db.prepare("SELECT body FROM events WHERE type = 'device-set' ORDER BY id").pluck().all() as string[]).map((b) => JSON.parse(b) as Record<string, unknown>);
const change = (d: TableDevices, role: DeviceRole, device: Record<string, unknown>, reason = 'swap') => d.changeDevice({ role, device: device as never, staffId: 'ada', reason });

describeWithPorts('TableDevices: start', () => {
  it('attaches the simulated shoe as sim:shoe and no scanner for none', async () => {
    const d = await started();
    expect(d.source('shoe')).toBeInstanceOf(InProcessShoe);
    expect(d.source('shoe')?.id).toBe('sim:shoe');
    expect(d.source('shoe')?.state).toBe('connected');
    expect(d.source('scanner')).toBeNull();
    expect(must(r.service.snapshot(T)).devices.map((x) => x.device)).toEqual(['sim:shoe']);
  });
});

describeWithPorts('TableDevices: a table not on this terminal', () => {
  it('cannot start: the device is not attached, and it says which and why', async () => {
    const d = new TableDevices({ service: r.service, tableId: 'T9', sim: { seed: 3, paceMs: 0 } }, { shoe: choice(SIM), scanner: choice(NONE) });
    await expect(d.start()).rejects.toThrow('cannot attach Simulated shoe (seed 3): there is no table "T9" on this terminal');
    expect(d.source('shoe')).toBeNull();
  });
});

describeWithPorts('TableDevices: changeDevice', () => {
  it('records the change with the device\'s id and label, then swaps at once: the old one detached and stopped, the new one started', async () => {
    const d = await started();
    const old = d.source('shoe')!;
    const before = rows();
    const snap = must(await change(d, 'shoe', { kind: 'none' }, ' shoe out for cleaning '));
    expect(rows()).toBe(before + 1);
    expect(deviceSets().at(-1)).toMatchObject({ role: 'shoe', setting: NONE, device: null, label: null, staffId: 'ada', reason: 'shoe out for cleaning' });
    expect(d.source('shoe')).toBeNull();
    expect(d.setting('shoe')).toEqual(NONE);
    expect(old.state).toBe('stopped');
    expect(snap.devices).toEqual([]);
    expect(changes).toBe(1);
    expect(logLines).toContain('shoe set by ada to none: shoe out for cleaning');

    must(await change(d, 'shoe', { kind: 'simulated' }, 'back'));
    expect(deviceSets().at(-1)).toMatchObject({ setting: SIM, device: 'sim:shoe', label: 'Simulated shoe (seed 3)' });
    expect(d.source('shoe')?.state).toBe('connected');
    expect(must(r.service.snapshot(T)).devices.map((x) => x.device)).toEqual(['sim:shoe']);
    expect(changes).toBe(2);
  });

  it('shows the device set on screen as set on screen, overriding nothing, with who set it and why', async () => {
    const d = await started({ shoe: choice(SIM, 'flag', NONE) });
    expect((await d.serialPorts()).shoe).toMatchObject({ origin: 'flag', overridden: NONE, lastSet: null });
    must(await change(d, 'shoe', { kind: 'none' }, 'out'));
    const view = (await d.serialPorts()).shoe;
    expect(view).toMatchObject({ role: 'shoe', setting: NONE, device: null, label: null, origin: 'screen', overridden: null, lastSet: { staffId: 'ada', reason: 'out' } });
    expect(view.lastSet?.at).toBe(lastDeviceSets(r.store.db, T).shoe?.at);
  });

  it('refuses a setting the check refuses, the device it has, a path not there and the other role\'s port; nothing is recorded', async () => {
    const d = await started({ scanner: choice(serial('/dev/null', 'lines')) });
    const before = rows();
    expect(await change(d, 'shoe', { kind: 'wifi' })).toEqual(fail('bad-device', 'device.kind must be serial, simulated or none, got "wifi"', 'device.kind'));
    expect(await change(d, 'shoe', { kind: 'simulated' })).toEqual(fail('no-change', 'the shoe is already the simulated shoe'));
    expect(await change(d, 'shoe', { kind: 'serial', port: '/dev/no-such-port-here' })).toEqual(
      fail('device-not-found', 'there is no port /dev/no-such-port-here on this machine (is the device plugged in? is the path right?)', 'device.port'),
    );
    expect(await change(d, 'shoe', { kind: 'serial', port: '/dev/null' })).toEqual(fail('device-in-use', '/dev/null is the scanner\'s port: one port reads for one device', 'device.port'));
    expect(rows()).toBe(before);
    expect(changes).toBe(0);
    expect(d.source('shoe')?.state).toBe('connected');
  });

  it('takes two spellings of one device as one port: path:/dev/null and a link to /dev/null are the scanner\'s /dev/null', async () => {
    const d = await started({ scanner: choice(serial('/dev/null', 'lines')) });
    const link = join(dirname(r.path), 'scanner-link');
    symlinkSync('/dev/null', link);
    expect(await change(d, 'shoe', { kind: 'serial', port: 'path:/dev/null' })).toEqual(fail('device-in-use', 'path:/dev/null is the scanner\'s port: one port reads for one device', 'device.port'));
    expect(await change(d, 'shoe', { kind: 'serial', port: link })).toEqual(fail('device-in-use', `${link} is the scanner's port: one port reads for one device`, 'device.port'));
    expect(await d.testRead({ role: 'shoe', device: serial('path:/dev/null') })).toEqual(
      fail('device-in-use', 'path:/dev/null is open as the scanner (/dev/null (lines, 9600 baud)): test it as set, or set it first', 'device.port'),
    );
    expect(changes).toBe(0);
  });

  it('takes a port that is not a path without looking for it, and a path the other role does not use', async () => {
    const d = await started({ scanner: choice(serial('/dev/null', 'lines')) });
    must(await change(d, 'shoe', { kind: 'serial', port: 'COM7' }));
    expect(d.setting('shoe')).toEqual(serial('COM7'));
    must(await change(d, 'scanner', { kind: 'serial', port: '/dev/zero', format: 'lines' }));
    expect(d.setting('scanner')).toEqual(serial('/dev/zero', 'lines'));
    expect(deviceSets()).toHaveLength(2);
  });

  it('stops the old device before it starts the new one, so the same port can be set at another speed', async () => {
    const p = await pair();
    const d = await started({ shoe: choice(serial(p.terminalPath)) });
    expect(d.source('shoe')?.state).toBe('connected');
    must(await change(d, 'shoe', serial(p.terminalPath, 'framed', 19200), 'the shoe runs at 19200'));
    expect(d.setting('shoe')).toEqual(serial(p.terminalPath, 'framed', 19200));
    expect(d.source('shoe')?.state).toBe('connected');
    expect(logLines.filter((l) => /lock|busy/i.test(l))).toEqual([]);
  });

  it('refuses a change while a hand is in play, and leaves the shoe attached', async () => {
    const d = await started();
    must(r.service.startHand({ tableId: T }));
    const res = await change(d, 'shoe', { kind: 'none' });
    expect(res.ok ? 'accepted' : res.error.code).toBe('hand-in-play');
    expect(d.setting('shoe')).toEqual(SIM);
    expect(d.source('shoe')).not.toBeNull();
    expect(changes).toBe(0);
  });
});

describeWithPorts('TableDevices: testRead', () => {
  it('reads the attached simulated shoe\'s next card, which no hand gets and nothing records', async () => {
    const d = await started();
    const before = rows();
    const read = must(await d.testRead({ role: 'shoe', seconds: 5 }));
    expect(read).toMatchObject({ role: 'shoe', device: 'sim:shoe', label: 'Simulated shoe (seed 3)', seq: expect.any(Number) });
    expect(read.card).toBeGreaterThanOrEqual(0);
    expect(read.card).toBeLessThan(52);
    expect(rows()).toBe(before);
    expect(logLines.some((l) => l.startsWith('test read of the shoe on Simulated shoe (seed 3): ') && l.endsWith('kept out of every hand'))).toBe(true);
    // The tap is off again: the shoe's cards reach the table once more (a hand started is dealt).
    must(r.service.startHand({ tableId: T }));
    await (d.source('shoe') as InProcessShoe).deal(1);
    expect(must(r.service.snapshot(T)).hand?.state.seats.some((s) => s.dealt.length > 0)).toBe(true);
  });

  it('reads a device given that is not set, alone: the simulated shoe while none is set', async () => {
    const d = await started({ shoe: choice(NONE) });
    expect(await d.testRead({ role: 'shoe' })).toEqual(fail('no-device', 'no shoe is set: choose its port first'));
    const read = must(await d.testRead({ role: 'shoe', device: { kind: 'simulated' }, seconds: 5 }));
    expect(read).toMatchObject({ role: 'shoe', device: 'sim:shoe' });
    expect(d.source('shoe')).toBeNull();
  });

  it('refuses between hands only, one at a time per role, and a device given that the check refuses', async () => {
    const d = await started({ shoe: choice(NONE) });
    expect(await d.testRead({ role: 'shoe', device: { kind: 'serial', port: '/dev/x', baudRate: 1 } })).toEqual(fail('bad-device', 'device.baudRate must be from 50 to 4000000, got 1', 'device.baudRate'));
    const p = await pair();
    const waiting = d.testRead({ role: 'shoe', device: serial(p.terminalPath, 'lines'), seconds: 1 });
    expect(await d.testRead({ role: 'shoe', device: SIM })).toEqual(fail('test-read-running', 'a test read of the shoe is already waiting for a card'));
    const label = `Card shoe on ${p.terminalPath} (lines)`;
    expect(await waiting).toEqual(fail('no-card-read', `no card was read by ${label} in 1 seconds`));
    // The first one ended: the next may run.
    expect(must(await d.testRead({ role: 'shoe', device: SIM, seconds: 5 })).device).toBe('sim:shoe');
    must(r.service.startHand({ tableId: T }));
    const hand = must(r.service.snapshot(T)).hand!;
    expect(await d.testRead({ role: 'shoe', device: SIM })).toEqual(fail('hand-in-play', `A test read only between hands: hand ${hand.number} is in play at table T1`));
  });

  it('refuses a path not there as port-not-found, and a port open as a role as device-in-use', async () => {
    const d = await started({ scanner: choice(serial('/dev/null', 'lines')) });
    expect(await d.testRead({ role: 'shoe', device: serial('/dev/no-such-port-here') })).toEqual(
      fail('port-not-found', 'there is no port /dev/no-such-port-here on this machine (is the device plugged in? is the path right?)', 'device.port'),
    );
    expect(await d.testRead({ role: 'shoe', device: serial('/dev/null') })).toEqual(
      fail('device-in-use', '/dev/null is open as the scanner (/dev/null (lines, 9600 baud)): test it as set, or set it first', 'device.port'),
    );
  });

  it('reads a line a device alone sends, with its bytes; an unreadable line is card-unreadable with its bytes', async () => {
    const d = await started();
    const p = await pair();
    const label = `Card shoe on ${p.terminalPath} (lines)`;
    const reading = d.testRead({ role: 'shoe', device: serial(p.terminalPath, 'lines'), seconds: 10 });
    const fd = openSync(p.devicePath, 'w');
    try {
      await new Promise((res) => setTimeout(res, 300));
      writeSync(fd, 'As\r\n');
      expect(must(await reading)).toMatchObject({ role: 'shoe', label, cardText: 'As', raw: '4173', seq: null });
      const bad = d.testRead({ role: 'shoe', device: serial(p.terminalPath, 'lines'), seconds: 10 });
      await new Promise((res) => setTimeout(res, 300));
      writeSync(fd, 'Zz\r\n');
      const res = await bad;
      expect(res.ok).toBe(false);
      if (res.ok) return;
      expect(res.error.code).toBe('card-unreadable');
      expect(res.error.message.startsWith(`${label} could not read the card (`)).toBe(true);
      expect(res.error.message.endsWith('; bytes 5a7a)')).toBe(true);
    } finally {
      closeSync(fd);
    }
  });

  it.each([
    ['jam@0', ` reports a jam`],
    ['lid-open@0', ` reports its lid open`],
    ['skip-seq@0', `'s sequence numbers jumped from 0 to 1`],
  ])('refuses a device alone that reports a fault (%s) as device-fault in words', async (fault, words) => {
    const d = await started();
    const p = await pair();
    const sim = new SerialShoeSimulator({ path: p.devicePath, format: 'framed', paceMs: 1, ackTimeoutMs: 5000, heartbeatMs: 200, faults: [fault] });
    sims.push(sim);
    await sim.start();
    const reading = d.testRead({ role: 'shoe', device: serial(p.terminalPath), seconds: 10 });
    await new Promise((res) => setTimeout(res, 300));
    void sim.feed([0]).catch(() => {});
    expect(await reading).toEqual(fail('device-fault', `Card shoe on ${p.terminalPath} (framed)${words}`));
  });

  it('says a framed device alone that sends nothing at all is silent, and what to check', async () => {
    const d = await started();
    const p = await pair();
    const label = `Card shoe on ${p.terminalPath} (framed)`;
    const res = await d.testRead({ role: 'shoe', device: serial(p.terminalPath), seconds: 8 });
    expect(res.ok ? 'read' : res.error.code).toBe('device-fault');
    if (res.ok) return;
    expect(res.error.message).toMatch(/^nothing heard from .* for \d+ ms: is it switched on, on this port, at this speed and format\?$/);
    expect(res.error.message.startsWith(`nothing heard from ${label} for `)).toBe(true);
  });

  it('says a device alone that is unplugged during the test read is disconnected, and why', async () => {
    const d = await started();
    const p = await pair();
    const label = `Card shoe on ${p.terminalPath} (lines)`;
    const reading = d.testRead({ role: 'shoe', device: serial(p.terminalPath, 'lines'), seconds: 10 });
    await new Promise((res) => setTimeout(res, 300));
    await p.close();
    const res = await reading;
    expect(res.ok ? 'read' : res.error.code).toBe('device-fault');
    if (!res.ok) expect(res.error.message.startsWith(`${label} disconnected: `)).toBe(true);
  });

  it('says at once why the attached shoe has no card when its port does not open', async () => {
    const d = await started({ shoe: choice(serial('/dev/no-such-port-here')) });
    const label = d.source('shoe')!.label;
    const res = await d.testRead({ role: 'shoe', seconds: 30 });
    expect(res).toEqual(fail('port-not-found', `${label}: Error: No such file or directory, cannot open /dev/no-such-port-here`));
  });

  it('says at once that the attached shoe is disconnected, and why', async () => {
    const p = await pair();
    const d = await started({ shoe: choice(serial(p.terminalPath)) });
    const label = d.source('shoe')!.label;
    await p.close();
    const status = () => must(r.service.snapshot(T)).devices.find((x) => x.device === d.source('shoe')!.id);
    for (let i = 0; i < 200 && status()?.status !== 'disconnected'; i++) await new Promise((res) => setTimeout(res, 10));
    // Read in the same tick as the status: the answer is given before any wait.
    const now = status()!;
    expect(now.status).toBe('disconnected');
    const res = await d.testRead({ role: 'shoe', seconds: 30 });
    expect(res).toEqual(fail('device-fault', `${label} is disconnected: ${now.detail}`));
  });

  it('keeps an unreadable card of the attached shoe from the table too: the test read says so, nothing is recorded', async () => {
    const p = await pair();
    const d = await started({ shoe: choice(serial(p.terminalPath, 'lines')) });
    const label = d.source('shoe')!.label;
    const before = rows();
    const reading = d.testRead({ role: 'shoe', seconds: 10 });
    const fd = openSync(p.devicePath, 'w');
    try {
      await new Promise((res) => setTimeout(res, 300));
      writeSync(fd, 'Zz\r\n');
      const res = await reading;
      expect(res.ok ? 'read' : res.error.code).toBe('card-unreadable');
      if (!res.ok) expect(res.error.message.startsWith(`${label} could not read the card (`)).toBe(true);
      await new Promise((res2) => setTimeout(res2, 200));
      expect(rows()).toBe(before);
      expect(r.service.alerts()).toEqual([]);
    } finally {
      closeSync(fd);
    }
  });

  it('reads the attached serial shoe through its tap: the card with its sequence number, acknowledged, which no hand gets', async () => {
    const p = await pair();
    const sim = new SerialShoeSimulator({ path: p.devicePath, format: 'framed', paceMs: 1, ackTimeoutMs: 5000, heartbeatMs: 200 });
    sims.push(sim);
    await sim.start();
    const d = await started({ shoe: choice(serial(p.terminalPath)) });
    const before = rows();
    const reading = d.testRead({ role: 'shoe', seconds: 10 });
    await new Promise((res) => setTimeout(res, 300));
    await sim.feed([5]);
    const read = must(await reading);
    expect(read).toMatchObject({ role: 'shoe', device: d.source('shoe')!.id, card: 5 });
    expect(read.seq).not.toBeNull();
    expect(rows()).toBe(before);
  });
});

describeWithPorts('TableDevices: serialPorts and close', () => {
  const listing: PortListing = { path: '/dev/ttyUSB0', vendorId: '0403', productId: '6001', serialNumber: 'A1', manufacturer: 'FTDI', ref: 'usb:0403:6001:A1' };

  it('lists the machine\'s ports, then each serial port set now that the list lacks, once', async () => {
    const d = await started({ shoe: choice(serial('usb:0403:6001:A1')), scanner: choice(serial('/dev/null', 'lines')) }, async () => ok([listing]));
    const view = await d.serialPorts();
    expect(view.listError).toBeNull();
    expect(view.ports).toEqual([
      { ...listing, listed: true },
      { path: '/dev/null', vendorId: null, productId: null, serialNumber: null, manufacturer: null, ref: '/dev/null', listed: false },
    ]);
    expect(view.shoe).toMatchObject({ role: 'shoe', setting: serial('usb:0403:6001:A1'), origin: 'default', lastSet: null });
    expect(view.scanner.device).toBe(d.source('scanner')!.id);
  });

  it('a port set by its path that the list holds is listed once, as listed', async () => {
    const d = await started({ shoe: choice(serial('/dev/ttyUSB0')) }, async () => ok([listing]));
    const view = await d.serialPorts();
    expect(view.ports).toEqual([{ ...listing, listed: true }]);
  });

  it('says why the ports could not be listed, and still shows the port set now', async () => {
    const d = await started({ shoe: choice(NONE), scanner: choice(serial('/dev/null', 'lines')) }, async () => fail('list-failed', 'udev is not running'));
    const view = await d.serialPorts();
    expect(view.listError).toBe('udev is not running');
    expect(view.ports.map((p) => p.path)).toEqual(['/dev/null']);
  });

  it('close detaches both devices from the table', async () => {
    const d = await started();
    await d.close();
    expect(d.source('shoe')).toBeNull();
    expect(must(r.service.snapshot(T)).devices).toEqual([]);
  });
});
