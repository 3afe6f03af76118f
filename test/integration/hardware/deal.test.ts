/** Full deals through real pseudo-terminals made by socat, both wire formats. */
import { describe, expect, it } from 'vitest';
import { formatCards } from '../../../app/domain/cards';
import { SerialCardDevice } from '../../../hardware/serial-device';
import { shuffledDeck } from '../../../hardware/sim/deck';
import { SerialShoeSimulator } from '../../../hardware/sim/serial-shoe-sim';
import { alive, cardCount, hasStatus, record, useHardware } from './helpers';

const hw = useHardware();

async function rig(format: 'lines' | 'framed', sim: Partial<ConstructorParameters<typeof SerialShoeSimulator>[0]> = {}, dev: Partial<ConstructorParameters<typeof SerialCardDevice>[0]> = {}) {
  const pair = await hw.pair();
  const { device, rec } = await hw.device({ port: pair.terminalPath, format, reconnect: { initialMs: 10, maxMs: 50 }, ...dev });
  const shoe = await hw.shoe({ path: pair.devicePath, format, paceMs: 1, seed: 7, unplug: (ms) => pair.restart(ms), replugSettleMs: 150, ...sim });
  return { pair, device, rec, shoe };
}

describe('a full 52-card deal through a pty', () => {
  it('framed: every card once, in order, numbered 0..51, then shoe empty', async () => {
    // An ACK late by more than the timeout would make a (correct) resend, counted as a
    // duplicate: on a loaded machine that is no fault of the deal this test is about.
    const { rec, shoe, device } = await rig('framed', { ackTimeoutMs: 5000 });
    const report = await shoe.deal(7);
    await rec.until(hasStatus('shoe-empty'));
    expect(formatCards(rec.cards().map((e) => e.card))).toBe(formatCards(shuffledDeck(7)));
    expect(report.cards).toEqual(shuffledDeck(7));
    expect(rec.cards().map((e) => e.seq)).toEqual(Array.from({ length: 52 }, (_, i) => i));
    expect(rec.statuses().map((s) => s.status)).toEqual(['connected', 'shoe-empty']);
    // raw is the whole frame; the device id and times are filled in
    const first = rec.cards()[0];
    expect(first.raw[0]).toBe(0x02);
    expect(first.device).toBe(device.id);
    expect(typeof first.at).toBe('number');
    expect(device.protocolCounts).toMatchObject({ badFrames: 0, duplicates: 0, gaps: 0 });
  });

  it('lines (CRLF): every card once, in order, without sequence numbers', async () => {
    const { rec, shoe } = await rig('lines');
    await shoe.deal(11);
    await rec.until(cardCount(52));
    expect(rec.cards().map((e) => e.card)).toEqual(shuffledDeck(11));
    expect(rec.cards().every((e) => e.seq === undefined)).toBe(true);
    expect(rec.statuses().map((s) => s.status)).toEqual(['connected']);
  });

  it('lines with a prefix and LF endings', async () => {
    const { rec, shoe } = await rig('lines', { lineEnding: 'LF', linePrefix: 'CARD:' }, { lines: { prefix: 'CARD:' } });
    await shoe.deal(3);
    await rec.until(cardCount(52));
    expect(rec.cards().map((e) => e.card)).toEqual(shuffledDeck(3));
    expect(new TextDecoder().decode(rec.cards()[0].raw).startsWith('CARD:')).toBe(true);
  });

  it('a showdown scanner reads a hand (13 cards, lines) as a scanner-role source', async () => {
    const pair = await hw.pair();
    const { createCardScanner } = await import('../../../hardware/serial-device');
    const scanner = createCardScanner({ port: pair.terminalPath });
    hw.onCleanup(() => scanner.stop());
    expect(scanner.role).toBe('scanner');
    const rec = record(scanner);
    await scanner.start();
    const sim = new SerialShoeSimulator({ path: pair.devicePath, format: 'lines', paceMs: 1 });
    hw.onCleanup(() => sim.stop());
    await sim.start();
    const hand = shuffledDeck(5).slice(0, 13);
    await sim.feed(hand);
    await rec.until(cardCount(13));
    expect(rec.cards().map((e) => e.card)).toEqual(hand);
  });

  it('the helper ends the socat it started, by pid', async () => {
    const pair = await hw.pair();
    const pid = pair.pid!;
    expect(alive(pid)).toBe(true);
    await pair.close();
    expect(alive(pid)).toBe(false);
  });
});
