/** Each simulator fault through a real pty, as the terminal sees it. */
import { describe, expect, it } from 'vitest';
import type { SourceEvent } from '../../../hardware/card-source';
import { shuffledDeck } from '../../../hardware/sim/deck';
import { LINES_GARBAGE } from '../../../hardware/sim/serial-shoe-sim';
import { cardCount, hasStatus, useHardware } from './helpers';

const hw = useHardware();
const SEED = 7;
const deck = shuffledDeck(SEED);

async function dealWith(format: 'lines' | 'framed', faults: string[]) {
  const pair = await hw.pair();
  const { device, rec } = await hw.device({ port: pair.terminalPath, format, reconnect: { initialMs: 10, maxMs: 50 } });
  const shoe = await hw.shoe({ path: pair.devicePath, format, paceMs: 1, seed: SEED, faults, ackTimeoutMs: 50 });
  await shoe.deal(SEED);
  return { device, rec };
}

/** The events in order, statuses by name and cards by deck position (or `card?` if not in the deck). */
function story(events: SourceEvent[]): string[] {
  return events.map((e) => (e.kind === 'card' ? `#${deck.indexOf(e.card)}` : e.status === 'sequence-gap' ? `gap ${e.expected}->${e.received}` : e.status));
}

const positions = (n: number) => Array.from({ length: n }, (_, i) => `#${i}`);

describe('framed faults', () => {
  it('a card read twice: two card events with consecutive numbers, no gap', async () => {
    const { rec } = await dealWith('framed', ['read-twice@5']);
    await rec.until(hasStatus('shoe-empty'));
    const s = story(rec.events);
    expect(s).toEqual(['connected', ...positions(6), '#5', ...positions(52).slice(6), 'shoe-empty']);
    expect(rec.cards()[5].seq! + 1).toBe(rec.cards()[6].seq);
  });

  it('an unreadable card: an unreadable status in its place', async () => {
    const { rec } = await dealWith('framed', ['unreadable@5']);
    await rec.until(hasStatus('shoe-empty'));
    expect(story(rec.events)).toEqual(['connected', ...positions(5), 'unreadable', ...positions(52).slice(6), 'shoe-empty']);
  });

  it('a bad checksum: the frame is NAKed and resent; the terminal sees the card once', async () => {
    const { rec, device } = await dealWith('framed', ['bad-checksum@5', 'bad-checksum@30']);
    await rec.until(hasStatus('shoe-empty'));
    expect(story(rec.events)).toEqual(['connected', ...positions(52), 'shoe-empty']);
    expect(device.protocolCounts.badFrames).toBe(2);
  });

  it('garbage between frames: skipped (a fake frame in it is NAKed), nothing lost or added', async () => {
    const { rec, device } = await dealWith('framed', ['garbage@0', 'garbage@20', 'garbage@51']);
    await rec.until(hasStatus('shoe-empty'));
    expect(story(rec.events)).toEqual(['connected', ...positions(52), 'shoe-empty']);
    expect(device.protocolCounts.discardedBytes).toBeGreaterThan(0);
    expect(device.protocolCounts.badFrames).toBeGreaterThanOrEqual(3);
  });

  it('a jam and an open lid: reported, then ready, and the deal goes on', async () => {
    const { rec } = await dealWith('framed', ['jam@10:40', 'lid-open@30:20']);
    await rec.until(hasStatus('shoe-empty'));
    expect(story(rec.events)).toEqual(['connected', ...positions(10), 'jam', 'ready', ...positions(30).slice(10), 'lid-open', 'ready', ...positions(52).slice(30), 'shoe-empty']);
  });

  it('a skipped sequence number: reported as a gap before the card', async () => {
    const { rec } = await dealWith('framed', ['skip-seq@5']);
    await rec.until(hasStatus('shoe-empty'));
    expect(story(rec.events)).toEqual(['connected', ...positions(5), 'gap 5->6', ...positions(52).slice(5), 'shoe-empty']);
  });

  it('all of them in one deal', async () => {
    const { rec } = await dealWith('framed', ['read-twice@3', 'unreadable@8', 'bad-checksum@12', 'garbage@15', 'jam@20:20', 'skip-seq@25', 'lid-open@40:20']);
    await rec.until(hasStatus('shoe-empty'));
    const s = story(rec.events);
    expect(s.filter((x) => x.startsWith('#'))).toHaveLength(52); // 52 dealt - 1 unreadable + 1 read twice
    expect(s.filter((x) => !x.startsWith('#'))).toEqual(['connected', 'unreadable', 'jam', 'ready', 'gap 28->29', 'lid-open', 'ready', 'shoe-empty']);
  });
});

describe('lines faults', () => {
  it('a card read twice, an unreadable card and a line of noise', async () => {
    const { rec } = await dealWith('lines', ['read-twice@5', 'unreadable@10', 'garbage@20']);
    await rec.until(cardCount(52)); // 52 dealt - 1 unreadable + 1 read twice
    expect(story(rec.events)).toEqual(['connected', ...positions(6), '#5', ...positions(10).slice(6), 'unreadable', ...positions(20).slice(11), 'unreadable', ...positions(52).slice(20)]);
    const noise = rec.statuses().filter((s) => s.status === 'unreadable')[1];
    expect(noise.status === 'unreadable' && Array.from(noise.raw)).toEqual(Array.from(LINES_GARBAGE));
  });

  it('a jam is only a pause on a lines device (the format cannot say it)', async () => {
    const { rec } = await dealWith('lines', ['jam@10:40']);
    await rec.until(cardCount(52));
    expect(story(rec.events)).toEqual(['connected', ...positions(52)]);
  });
});
