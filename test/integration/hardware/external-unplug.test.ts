/**
 * The socat pair ended from outside (socat killed, as a USB adapter pulled out), not through
 * the simulator's own unplug fault: the simulator must find its port again when the pair
 * comes back and carry on. It used to go silent for good when one of its writes was issued
 * while serialport was closing the hung-up port (that write is never called back; the
 * mechanism is pinned by transport.test.ts). Several unplugs per deal make that moment likely.
 */
import { describe, expect, it } from 'vitest';
import { shuffledDeck } from '../../../hardware/sim/deck';
import { cardCount, hasStatus, useHardware, within } from './helpers';

const hw = useHardware();

describe('the pty pair ended from outside while the shoe deals', () => {
  it('framed: after each replug the frame in flight is resent; the deal completes, nothing lost or doubled', async () => {
    const pair = await hw.pair();
    const { rec } = await hw.device({ port: pair.terminalPath, format: 'framed', reconnect: { initialMs: 5, maxMs: 20 } });
    const shoe = await hw.shoe({ path: pair.devicePath, format: 'framed', paceMs: 1, seed: 7, ackTimeoutMs: 15, heartbeatMs: 5, reopenMs: 2 });
    const dealing = shoe.deal(7);
    for (const [i, at] of [4, 8, 12, 16, 20, 24, 28, 32, 36, 40].entries()) {
      await rec.until(cardCount(at));
      await pair.unplug(); // socat ends from outside: both ports hang up, the links vanish
      await rec.until(hasStatus('disconnected', i + 1));
      await pair.replug();
    }
    const report = await within(dealing, 20_000, 'the deal');
    expect(report.completed).toBe(true);
    await rec.until(hasStatus('shoe-empty'));
    expect(rec.cards().map((e) => e.card)).toEqual(shuffledDeck(7));
    expect(rec.statuses().filter((s) => s.status === 'sequence-gap')).toEqual([]);
  });

  it('lines: the simulator writes again on the new pair and finishes its cards', async () => {
    const pair = await hw.pair();
    const { rec } = await hw.device({ port: pair.terminalPath, format: 'lines', reconnect: { initialMs: 5, maxMs: 20 } });
    const shoe = await hw.shoe({ path: pair.devicePath, format: 'lines', paceMs: 1, reopenMs: 2 });
    // Card 51 is sent once, last: a sentinel that cannot be confused with an earlier card.
    const cards = Array.from({ length: 400 }, (_, i) => i % 51);
    const feeding = shoe.feed([...cards, 51]);
    for (const [i, at] of [20, 60, 100, 140].entries()) {
      await rec.until(cardCount(at));
      await pair.unplug();
      await rec.until(hasStatus('disconnected', i + 1));
      await pair.replug();
    }
    const report = await within(feeding, 20_000, 'the simulator');
    expect(report.completed).toBe(true);
    // The lines format cannot recover what was sent while nobody listened, but the last card,
    // sent long after the last replug, arrives.
    await rec.until((events) => events.some((e) => e.kind === 'card' && e.card === 51));
    expect(rec.events.at(-1)).toMatchObject({ kind: 'card', card: 51 });
    expect(rec.cards().length).toBeGreaterThan(300);
  });
});
