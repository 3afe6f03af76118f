/**
 * More of the device settings' promises (app/services/device-settings.ts; docs/hardware.md,
 * "Setting the devices on screen"), each checked so that the test fails when the code is wrong:
 * a baud rate given as text is a whole number only when all of it is digits (a sign at most in
 * front), and is refused in words otherwise; the scanner refused the shoe's port in words that
 * name the shoe; a test read of a device alone whose port does not open says so at once, with
 * the port's code and the system's reason; a hand started during a test read of the attached
 * shoe ends the test read in words, and its card goes to the hand (a card it cannot read too),
 * while a jam then is what the test read says; once a test read of the
 * attached shoe has ended, the table hears the shoe again (a card between hands recorded as
 * refused, the next hand's cards dealt); the attached device is
 * shown to the table with its role, label, whether it is simulated, and as connected; a change
 * needs no `onChange` listener; a test read at a table not on this terminal is refused as the
 * table service refuses it.
 */
import { writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail } from '../../../app/domain/result';
import { checkDeviceSetting, DEVICE_ARG_NAMES, deviceOf, TableDevices, type DeviceSetting, type StartChoice } from '../../../app/services/device-settings';
import type { DeviceRole } from '../../../hardware/card-source';
import { InProcessShoe } from '../../../hardware/sim/in-process-shoe';
import { PtyPair } from '../../../hardware/sim/pty-pair';
import { SerialShoeSimulator } from '../../../hardware/sim/serial-shoe-sim';
import { describeWithPorts, must, openTable, rig, T, type Rig } from './helpers';

const request = (role: DeviceRole, input: Parameters<typeof checkDeviceSetting>[1]) => checkDeviceSetting(role, input, DEVICE_ARG_NAMES);

describe('checkDeviceSetting: the baud rate as text', () => {
  it('refuses text with anything before its digits as not a whole number, naming it', () => {
    for (const text of ['x9600', 'baud 9600', '+-9600']) {
      expect(request('shoe', { kind: 'serial', port: '/dev/x', baudRate: text })).toEqual(fail('bad-device', `device.baudRate must be a whole number, got ${JSON.stringify(text)}`, 'device.baudRate'));
    }
  });
});

// ------------------------------------------------------------------ on a real table

const serial = (port: string, format: 'framed' | 'lines' = 'framed', baudRate = 9600) => ({ kind: 'serial' as const, port, format, baudRate });
const NONE: DeviceSetting = { kind: 'none' };
const choice = (setting: DeviceSetting): StartChoice => ({ setting, origin: 'default', overridden: null });

let r: Rig;
let devices: TableDevices | null = null;
let pair: PtyPair | null = null;
let sim: SerialShoeSimulator | null = null;
beforeEach(() => {
  r = rig();
});
afterEach(async () => {
  await devices?.close();
  devices = null;
  await sim?.stop().catch(() => {});
  sim = null;
  await pair?.close();
  pair = null;
  r.cleanup();
});

/** Devices of the table, not started (a refusal of a setting needs none running). */
function devicesOf(start: Record<DeviceRole, DeviceSetting>): TableDevices {
  devices = new TableDevices({ service: r.service, tableId: T, sim: { seed: 3, paceMs: 0 } }, { shoe: choice(start.shoe), scanner: choice(start.scanner) });
  return devices;
}

describeWithPorts('TableDevices: the other role\'s port', () => {
  it('refuses the shoe\'s port for the scanner, naming the shoe', async () => {
    const port = r.path; // a path that is there
    const d = devicesOf({ shoe: serial(port), scanner: NONE });
    expect(await d.changeDevice({ role: 'scanner', device: { kind: 'serial', port }, staffId: 'ada', reason: 'swap' }))
      .toEqual(fail('device-in-use', `${port} is the shoe's port: one port reads for one device`, 'device.port'));
  });
});

describeWithPorts('TableDevices: a test read of a device alone', () => {
  it('says at once that its port does not open, with the port\'s code and the system\'s reason', async () => {
    openTable(r.service);
    const port = `${r.path}-not-a-port`;
    writeFileSync(port, 'a plain file, not a serial port');
    const d = devicesOf({ shoe: NONE, scanner: NONE });
    const label = deviceOf(serial(port, 'lines'), 'shoe', { seed: 3, paceMs: 0 })!.label;
    const res = await d.testRead({ role: 'shoe', device: serial(port, 'lines'), seconds: 10 });
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.error.code).toBe('port-open-failed');
    expect(res.error.message.startsWith(`${label}: `)).toBe(true);
    expect(res.error.message.length).toBeGreaterThan(`${label}: `.length);
  });
});

/**
 * A test read of the attached framed shoe (simulated on a pseudo-terminal, with `faults`) during
 * which a hand starts, then the shoe sends card 5: the test read's answer, once it has one.
 */
async function handStartsDuringTestRead(faults: string[] = []): Promise<Awaited<ReturnType<TableDevices['testRead']>>> {
  pair = await PtyPair.open();
  sim = new SerialShoeSimulator({ path: pair.devicePath, format: 'framed', paceMs: 1, ackTimeoutMs: 5000, heartbeatMs: 200, faults });
  await sim.start();
  openTable(r.service);
  const d = devicesOf({ shoe: serial(pair.terminalPath), scanner: NONE });
  await d.start();
  const reading = d.testRead({ role: 'shoe', seconds: 10 });
  await new Promise((res) => setTimeout(res, 300));
  must(r.service.startHand({ tableId: T }));
  await sim.feed([5]);
  return reading;
}

/** Waits up to a second for `count()` to be more than 0; returns it. */
async function soon(count: () => number): Promise<number> {
  for (let i = 0; i < 50 && count() === 0; i++) await new Promise((res) => setTimeout(res, 20));
  return count();
}

const HAND_IN_PLAY = fail('hand-in-play', 'a hand started during the test read: its cards go to the hand, the test read ends');

describeWithPorts('TableDevices: a hand started during a test read of the attached shoe', () => {
  it('ends the test read in words, and the card goes to the hand', async () => {
    expect(await handStartsDuringTestRead()).toEqual(HAND_IN_PLAY);
    expect(await soon(() => must(r.service.snapshot(T)).hand!.state.seats.reduce((n, s) => n + s.dealt.length, 0))).toBe(1);
    expect(r.store.db.prepare("SELECT count(*) FROM events WHERE hand_id = 'T1-1' AND type = 'card-dealt'").pluck().get()).toBe(1);
  });
});

describeWithPorts('TableDevices: a card the shoe cannot read, during a test read, once a hand has started', () => {
  it('ends the test read as for a card, and goes to the hand (an unreadable card there: a misdeal)', async () => {
    expect(await handStartsDuringTestRead(['unreadable@0'])).toEqual(HAND_IN_PLAY);
    expect(await soon(() => r.store.db.prepare("SELECT count(*) FROM events WHERE hand_id = 'T1-1' AND type = 'card-unreadable'").pluck().get() as number)).toBe(1);
  });
});

describeWithPorts('TableDevices: a jam during a test read, once a hand has started', () => {
  it('is what the test read says (a device fault), not the hand: only a card, or one it cannot read, goes to the hand', async () => {
    const answer = await handStartsDuringTestRead(['jam@0:50']);
    expect(answer.ok ? 'read' : [answer.error.code, answer.error.message]).toEqual(['device-fault', expect.stringMatching(/ reports a jam$/)]);
  });
});

describeWithPorts('TableDevices: the attached simulated shoe', () => {
  it('is shown to the table with its role, label, whether it is simulated, and as connected', async () => {
    openTable(r.service);
    const d = devicesOf({ shoe: { kind: 'simulated' }, scanner: NONE });
    await d.start();
    expect(must(r.service.snapshot(T)).devices).toMatchObject([{ device: 'sim:shoe', role: 'shoe', label: 'Simulated shoe (seed 3)', simulated: true, status: 'connected' }]);
  });

  it('lets the table hear the shoe again once a test read has ended: a card between hands refused and recorded, the next hand\'s cards dealt', async () => {
    openTable(r.service);
    const d = devicesOf({ shoe: { kind: 'simulated' }, scanner: NONE });
    await d.start();
    must(await d.testRead({ role: 'shoe', seconds: 5 }));
    const shoe = d.source('shoe') as InProcessShoe;
    // between hands the table hears the card again, and records that it took it for no hand
    const refused = () => r.store.db.prepare("SELECT count(*) FROM events WHERE type = 'device-read-refused'").pluck().get() as number;
    await shoe.feed([7]);
    expect(refused()).toBe(1);
    must(r.service.startHand({ tableId: T }));
    await shoe.feed([1, 2, 3]);
    const seats = must(r.service.snapshot(T)).hand!.state.seats;
    expect(seats.reduce((n, s) => n + s.dealt.length, 0)).toBe(3);
  });
});

describeWithPorts('TableDevices: options left out, and a table not here', () => {
  it('applies a change with no onChange listener given', async () => {
    openTable(r.service);
    const d = devicesOf({ shoe: { kind: 'simulated' }, scanner: NONE });
    await d.start();
    const snap = must(await d.changeDevice({ role: 'shoe', device: { kind: 'none' }, staffId: 'ada', reason: 'out for cleaning' }));
    expect(snap.devices).toEqual([]);
    expect(d.setting('shoe')).toEqual(NONE);
  });

  it('refuses a test read at a table not on this terminal as the table service does', async () => {
    devices = new TableDevices({ service: r.service, tableId: 'T9', sim: { seed: 3, paceMs: 0 } }, { shoe: choice({ kind: 'simulated' }), scanner: choice(NONE) });
    const refused = r.service.snapshot('T9');
    expect(refused.ok).toBe(false);
    expect(await devices.testRead({ role: 'shoe', seconds: 1 })).toEqual(refused);
  });
});
