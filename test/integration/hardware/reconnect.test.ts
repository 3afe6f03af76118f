/** Unplug and replug through real ptys (socat really ends and comes back), and the watchdog. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../app/domain/result';
import { toListing } from '../../../hardware/ports';
import { SerialCardDevice } from '../../../hardware/serial-device';
import { shuffledDeck } from '../../../hardware/sim/deck';
import { SerialShoeSimulator } from '../../../hardware/sim/serial-shoe-sim';
import { alive, cardCount, hasStatus, record, useHardware, waitUntil, within } from './helpers';

const hw = useHardware();
const deck = shuffledDeck(7);
const statusNames = (rec: ReturnType<typeof record>) => rec.statuses().map((s) => s.status);

describe('unplug and replug in the middle of a deal', () => {
  it('framed: the frame in flight is delivered once after the replug, nothing lost, no gap', async () => {
    const pair = await hw.pair();
    const { device, rec } = await hw.device({ port: pair.terminalPath, format: 'framed', reconnect: { initialMs: 10, maxMs: 40 } });
    const firstPid = pair.pid!;
    const shoe = await hw.shoe({ path: pair.devicePath, format: 'framed', paceMs: 1, seed: 7, ackTimeoutMs: 40, faults: ['unplug@26:150'], unplug: (ms) => pair.restart(ms) });
    await shoe.deal(7);
    await rec.until(hasStatus('shoe-empty'));
    expect(rec.cards().map((e) => e.card)).toEqual(deck);
    expect(rec.cards().map((e) => e.seq)).toEqual(Array.from({ length: 52 }, (_, i) => i));
    const names = statusNames(rec);
    expect(names.filter((n) => n !== 'open-failed')).toEqual(['connected', 'disconnected', 'connected', 'shoe-empty']);
    expect(rec.statuses().find((s) => s.status === 'disconnected')).toMatchObject({ willRetry: true });
    expect(rec.statuses().filter((s) => s.status === 'connected').at(-1)).toMatchObject({ reconnect: true, path: pair.terminalPath });
    // Cards before the unplug were all reported before the disconnect.
    const cut = rec.events.findIndex((e) => e.kind === 'status' && e.status === 'disconnected');
    expect(rec.events.slice(0, cut).filter((e) => e.kind === 'card').length).toBeGreaterThanOrEqual(26);
    expect(device.stats.opens).toBe(2);
    // The old socat was really ended, and a new one serves the same paths.
    expect(alive(firstPid)).toBe(false);
    expect(pair.pid).not.toBe(firstPid);
  });

  it('framed: frames lost over the unplug show up as a gap after the reconnect', async () => {
    const pair = await hw.pair();
    const { rec } = await hw.device({ port: pair.terminalPath, format: 'framed', reconnect: { initialMs: 10, maxMs: 40 } });
    // The shoe "loses" two numbers while unplugged (skip-seq twice right after it).
    const shoe = await hw.shoe({ path: pair.devicePath, format: 'framed', paceMs: 1, seed: 7, ackTimeoutMs: 40, faults: ['unplug@20:100', 'skip-seq@21', 'skip-seq@21'], unplug: (ms) => pair.restart(ms) });
    await shoe.deal(7);
    await rec.until(hasStatus('shoe-empty'));
    const names = statusNames(rec).filter((n) => n !== 'open-failed');
    expect(names).toEqual(['connected', 'disconnected', 'connected', 'sequence-gap', 'shoe-empty']);
    const gap = rec.statuses().find((s) => s.status === 'sequence-gap');
    expect(gap).toMatchObject({ expected: 21, received: 23, missing: 2 });
  });

  it('lines: disconnect and reconnect reported, every card read', async () => {
    const pair = await hw.pair();
    const { rec } = await hw.device({ port: pair.terminalPath, format: 'lines', reconnect: { initialMs: 10, maxMs: 40 } });
    const shoe = await hw.shoe({ path: pair.devicePath, format: 'lines', paceMs: 1, seed: 7, faults: ['unplug@30:120'], unplug: (ms) => pair.restart(ms), replugSettleMs: 200 });
    await shoe.deal(7);
    await rec.until(cardCount(52));
    expect(rec.cards().map((e) => e.card)).toEqual(deck);
    expect(statusNames(rec).filter((n) => n !== 'open-failed')).toEqual(['connected', 'disconnected', 'connected']);
  });

  it('a port that is not there yet: open-failed with growing delays, then connected when it appears', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'card-shoe-late-'));
    hw.onCleanup(() => rmSync(dir, { recursive: true, force: true }));
    const { device, rec } = await hw.device({ port: join(dir, 'terminal'), format: 'lines', reconnect: { initialMs: 10, maxMs: 80 } });
    expect(device.state).toBe('connecting');
    await rec.until(hasStatus('open-failed', 3));
    const delays = rec.statuses().flatMap((s) => (s.status === 'open-failed' ? [s.retryInMs] : []));
    expect(delays.slice(0, 3)).toEqual([10, 20, 40]);
    const failed = rec.statuses()[0];
    expect(failed.status === 'open-failed' && failed.reason).toContain('No such file or directory');
    await hw.pair({ dir });
    await rec.until(hasStatus('connected'));
    expect(device.state).toBe('connected');
    expect(rec.statuses().find((s) => s.status === 'connected')).toMatchObject({ reconnect: false });
  });

  it('a device remembered by USB id is found again at its new path after a replug', async () => {
    // ptys have no USB ids, so the lister reports the two pairs as the same adapter moving
    // from one path to another, as /dev/ttyUSB0 -> /dev/ttyUSB1 does after a replug.
    const first = await hw.pair();
    const second = await hw.pair();
    let where = first.terminalPath;
    const adapter = () => ok([toListing({ path: where, vendorId: '0403', productId: '6001', serialNumber: 'SIM1' })]);
    const device = new SerialCardDevice({ port: 'usb:0403:6001:SIM1', format: 'lines', listPorts: async () => adapter(), reconnect: { initialMs: 10, maxMs: 40 } });
    expect(device.id).toBe('usb:0403:6001:SIM1');
    const rec = record(device);
    hw.onCleanup(() => device.stop());
    await device.start();
    expect(rec.statuses()[0]).toMatchObject({ status: 'connected', path: first.terminalPath });
    where = second.terminalPath;
    await first.unplug();
    await rec.until(hasStatus('connected', 2));
    expect(rec.statuses().filter((s) => s.status === 'connected').at(-1)).toMatchObject({ path: second.terminalPath, reconnect: true });
    const shoe = await hw.shoe({ path: second.devicePath, format: 'lines', paceMs: 0 });
    await shoe.feed([0, 1, 2]);
    await rec.until(cardCount(3));
  });

  it('a hangup right after open is reported (serialport spins on end of file: bindings-cpp#162)', async () => {
    const pair = await hw.pair();
    const { rec } = await hw.device({ port: pair.terminalPath, format: 'lines', reconnect: { initialMs: 50, maxMs: 50 } });
    await pair.unplug(); // before the stream's first read has reached the poller
    await rec.until(hasStatus('disconnected'), 3000);
    expect(rec.statuses().find((s) => s.status === 'disconnected')).toMatchObject({ willRetry: true });
  });

  it('stop() while reconnecting cancels the retries', async () => {
    const pair = await hw.pair();
    const { device, rec } = await hw.device({ port: pair.terminalPath, format: 'lines', reconnect: { initialMs: 10, maxMs: 10 } });
    await pair.unplug();
    await rec.until(hasStatus('open-failed', 2));
    await device.stop();
    const count = rec.events.length;
    expect(rec.events.at(-1)).toMatchObject({ status: 'disconnected', reason: 'stopped', willRetry: false });
    await new Promise((r) => setTimeout(r, 60));
    expect(rec.events.length).toBe(count);
    expect(device.state).toBe('stopped');
  });
});

describe('heartbeat watchdog', () => {
  // Margins are wide (heartbeats every 20 ms, the limit 1 s) so that a loaded CI machine,
  // which can stall either side for hundreds of milliseconds, does not trip the watchdog.
  const LIMIT = 1000;

  it('notices a shoe that goes silent mid-deal, and that it came back', async () => {
    const pair = await hw.pair();
    const { rec } = await hw.device({ port: pair.terminalPath, format: 'framed', heartbeatTimeoutMs: LIMIT });
    const shoe = await hw.shoe({ path: pair.devicePath, format: 'framed', paceMs: 1, seed: 7, heartbeatMs: 20, faults: [`silence@20:${2 * LIMIT}`] });
    await shoe.deal(7);
    await rec.until(hasStatus('shoe-empty'));
    expect(statusNames(rec)).toEqual(['connected', 'heartbeat-lost', 'heartbeat-restored', 'shoe-empty']);
    const lost = rec.statuses().find((s) => s.status === 'heartbeat-lost');
    expect(lost?.status === 'heartbeat-lost' && lost.silentMs).toBeGreaterThanOrEqual(LIMIT);
    expect(rec.cards().map((e) => e.card)).toEqual(deck);
    // The loss comes after card 20 was read and before card 21.
    const at = rec.events.findIndex((e) => e.kind === 'status' && e.status === 'heartbeat-lost');
    expect(rec.events.slice(0, at).filter((e) => e.kind === 'card')).toHaveLength(20);
  });

  it('heartbeats keep an idle shoe alive; a shoe that stops talking is reported once', async () => {
    const pair = await hw.pair();
    const { device, rec } = await hw.device({ port: pair.terminalPath, format: 'framed', heartbeatTimeoutMs: LIMIT });
    const shoe = new SerialShoeSimulator({ path: pair.devicePath, format: 'framed', heartbeatMs: 15 });
    await shoe.start();
    // Idle, heartbeats only: wait for plenty of them (not for a fixed time).
    await within(waitUntil(() => (device.protocolCounts.frames ?? 0) >= 30), 20_000, '30 heartbeats');
    expect(statusNames(rec)).toEqual(['connected']);
    await shoe.stop(); // closes its end without ending socat: the line just goes quiet
    await rec.until(hasStatus('heartbeat-lost'));
    // Long enough for the watchdog (which looks every 250 ms) to report it again if it would.
    await new Promise((r) => setTimeout(r, 600));
    expect(statusNames(rec)).toEqual(['connected', 'heartbeat-lost']);
    expect(device.state).toBe('connected');
  });
});
