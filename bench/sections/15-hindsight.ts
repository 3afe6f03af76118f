/**
 * "What could this hand have been" (app/domain/hindsight.ts): ms per hand for one seat of a
 * four-seat showdown, every legal split of its 13 cards scored against the three other hands,
 * from the parsed showdown (hindsightOfShowdown: the settlement's classification, the search,
 * the strongest setting and the actual points). Target: under 50 ms a hand.
 *
 * Showdowns are dealt from a fixed seed: seat 1 split as dealt (often fouled: the floor's case),
 * the other seats set by bestArrangement. Each hand is timed on its own after a warm-up round;
 * the ratio is the median against bestArrangement's time per hand on the same 13 cards.
 */
import { bestArrangement } from '../../app/domain/arrange';
import { formatCards, type Card } from '../../app/domain/cards';
import { hindsightOfShowdown } from '../../app/domain/hindsight';
import { parseShowdown, type Showdown } from '../../app/domain/showdown';
import { dealCards, seededRandom } from '../../test/support/gen-hands';
import { cyclingRate, percentile, type BenchSection, type BenchRow } from '../section';

function showdowns(rules: string, count: number, seed: number): { parsed: Showdown[]; seatCards: Card[][] } {
  const random = seededRandom(seed);
  const parsed: Showdown[] = [];
  const seatCards: Card[][] = [];
  for (let n = 0; n < count; n++) {
    const deck = dealCards(random, 52);
    const seats = [1, 2, 3, 4].map((seat) => {
      const cards = deck.slice((seat - 1) * 13, seat * 13);
      const h = seat === 1 ? { front: cards.slice(0, 3), middle: cards.slice(3, 8), back: cards.slice(8) } : bestArrangement(cards).hand;
      return { seat, front: formatCards(h.front), middle: formatCards(h.middle), back: formatCards(h.back) };
    });
    const p = parseShowdown({ rules, button: 1 + (n % 4), seats });
    if (!p.ok) throw new Error(`bench record refused: ${p.error.message}`);
    parsed.push(p.value);
    seatCards.push(deck.slice(0, 13));
  }
  return { parsed, seatCards };
}

/** Each hand timed on its own (ms), after one untimed round. */
function timeEach(parsed: readonly Showdown[]): number[] {
  let sink = 0;
  for (const s of parsed) {
    const r = hindsightOfShowdown(s, 1);
    if (!r.ok) throw new Error(`bench hand refused: ${r.error.message}`);
  }
  const ms: number[] = [];
  for (const s of parsed) {
    const start = performance.now();
    const r = hindsightOfShowdown(s, 1);
    ms.push(performance.now() - start);
    if (r.ok) sink += r.value.legalSettings;
  }
  if (sink === -1) console.log(sink);
  return ms;
}

export const section: BenchSection = {
  name: 'hindsight',
  order: 15,
  async run({ quick }) {
    const count = quick ? 40 : 400;
    const rows: BenchRow[] = [];
    const json: Record<string, unknown> = {};
    for (const [rules, key] of [['mandarin-house', 'hindsight'], ['ofc', 'hindsightOfc']] as const) {
      const { parsed, seatCards } = showdowns(rules, count, 0x41d5 + rules.length);
      const ms = timeEach(parsed);
      const median = percentile(ms, 50);
      const p99 = percentile(ms, 99);
      const arrangeMs = 1000 / cyclingRate(seatCards, (cards) => bestArrangement(cards).values.back, 20, quick ? 50 : 500);
      const ratio = median / arrangeMs;
      rows.push({
        what: `hindsight per hand, 4 seats (${rules})`,
        figure: `${median.toFixed(2)} ms`,
        note: `median; p99 ${p99.toFixed(2)} ms; target < 50 ms: ${p99 < 50 ? 'ok' : median < 50 ? 'median ok, p99 MISSED' : 'MISSED'}; `
          + `${ratio.toFixed(1)}x bestArrangement (${(arrangeMs * 1000).toFixed(0)} µs); ${count} showdowns, every legal split exact`,
      });
      json[`${key}MedianMs`] = Number(median.toFixed(3));
      json[`${key}P99Ms`] = Number(p99.toFixed(3));
      json[`${key}VsBestArrangement`] = Number(ratio.toFixed(2));
    }
    return { rows, json };
  },
};
