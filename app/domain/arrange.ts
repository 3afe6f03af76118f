/**
 * The strongest legal setting of 13 cards (issue 2): the floor's "what could this hand have
 * been", and the brute-force yardstick for naturals in tests.
 *
 * "Strongest" is lexicographic: the best back, then the best middle that back allows, then
 * the best front, among settings with front <= middle <= back (RULES.md section 4).
 *
 * Search: the 1287 possible backs are valued once; backs are taken in groups of equal value,
 * best group first, and for each back of a group the 56 middles of the 8 cards left are
 * tried. The first group that admits a legal middle and front holds the answer, so the
 * search stops there. (In fact the first group always does: the best middle of the 8 cards
 * left is never above the best back, and never below the 3 cards left over, since those 3
 * plus any 2 others already make a 5-card hand at least as high. The loop does not rely on
 * that; it would move on to the next group.)
 */
import { findDuplicate, formatCard, isCard, type Card } from './cards';
import { evaluate3, evaluate5 } from './evaluate';
import type { SegmentValues, SetHand } from './setting';

export interface Arrangement { readonly hand: SetHand; readonly values: SegmentValues }

/** Every 5-subset of 13 positions: indices (5 per subset) and the 13-bit position mask. */
const BACK_COUNT = 1287;
const BACK_INDEX = new Uint8Array(BACK_COUNT * 5);
const BACK_MASK = new Uint16Array(BACK_COUNT);
/** Every 5-subset of 8 positions (56): the 5 middle positions then the 3 left for the front. */
const MIDDLE_COUNT = 56;
const MIDDLE_SPLIT = new Uint8Array(MIDDLE_COUNT * 8);

{
  let n = 0;
  for (let a = 0; a < 13; a++) for (let b = a + 1; b < 13; b++) for (let c = b + 1; c < 13; c++)
    for (let d = c + 1; d < 13; d++) for (let e = d + 1; e < 13; e++) {
      BACK_INDEX.set([a, b, c, d, e], n * 5);
      BACK_MASK[n++] = (1 << a) | (1 << b) | (1 << c) | (1 << d) | (1 << e);
    }
  let m = 0;
  for (let mask = 0; mask < 256; mask++) {
    let bits = 0;
    for (let x = mask; x; x &= x - 1) bits++;
    if (bits !== 5) continue;
    const inside: number[] = [];
    const outside: number[] = [];
    for (let i = 0; i < 8; i++) ((mask >> i) & 1 ? inside : outside).push(i);
    MIDDLE_SPLIT.set([...inside, ...outside], m++ * 8);
  }
}

// Scratch space, reused by every call (the search is synchronous).
const backValues = new Int32Array(BACK_COUNT);
const rest = new Int32Array(8);

function checkCards(cards: readonly Card[]): void {
  if (cards.length !== 13) throw new RangeError(`an arrangement needs 13 cards, not ${cards.length}`);
  for (const c of cards) if (!isCard(c)) throw new RangeError(`not a card code: ${String(c)}`);
  const dup = findDuplicate(cards);
  if (dup !== undefined) throw new RangeError(`${formatCard(dup)} appears twice`);
}

const strongestFirst = (a: Card, b: Card) => b - a;

/** The strongest legal 3/5/5 setting by exhaustive search: maximise back, then middle, then front (lexicographic), subject to front <= middle <= back. 13 distinct cards. */
export function bestArrangement(cards: readonly Card[]): Arrangement {
  checkCards(cards);
  const c = cards;
  for (let i = 0, k = 0; i < BACK_COUNT; i++, k += 5) {
    backValues[i] = evaluate5(c[BACK_INDEX[k]], c[BACK_INDEX[k + 1]], c[BACK_INDEX[k + 2]], c[BACK_INDEX[k + 3]], c[BACK_INDEX[k + 4]]);
  }
  let ceiling = Number.POSITIVE_INFINITY;
  for (;;) {
    let back = -1;
    for (let i = 0; i < BACK_COUNT; i++) {
      const v = backValues[i];
      if (v > back && v < ceiling) back = v;
    }
    if (back < 0) throw new RangeError('no legal arrangement of these 13 cards');
    let bestMiddle = -1;
    let bestFront = -1;
    let bestBack = -1;
    let bestSplit = -1;
    for (let i = 0; i < BACK_COUNT; i++) {
      if (backValues[i] !== back) continue;
      const used = BACK_MASK[i];
      for (let p = 0, r = 0; p < 13; p++) if (!((used >> p) & 1)) rest[r++] = c[p];
      for (let j = 0, k = 0; j < MIDDLE_COUNT; j++, k += 8) {
        const middle = evaluate5(rest[MIDDLE_SPLIT[k]], rest[MIDDLE_SPLIT[k + 1]], rest[MIDDLE_SPLIT[k + 2]], rest[MIDDLE_SPLIT[k + 3]], rest[MIDDLE_SPLIT[k + 4]]);
        if (middle > back || middle < bestMiddle) continue;
        const front = evaluate3(rest[MIDDLE_SPLIT[k + 5]], rest[MIDDLE_SPLIT[k + 6]], rest[MIDDLE_SPLIT[k + 7]]);
        if (front > middle || (middle === bestMiddle && front <= bestFront)) continue;
        bestMiddle = middle;
        bestFront = front;
        bestBack = i;
        bestSplit = j;
      }
    }
    if (bestBack >= 0) return build(c, bestBack, bestSplit, { front: bestFront, middle: bestMiddle, back });
    ceiling = back;
  }
}

function build(c: readonly Card[], backAt: number, splitAt: number, values: SegmentValues): Arrangement {
  const used = BACK_MASK[backAt];
  const back: Card[] = [];
  const left: Card[] = [];
  for (let p = 0; p < 13; p++) ((used >> p) & 1 ? back : left).push(c[p]);
  const split = MIDDLE_SPLIT.subarray(splitAt * 8, splitAt * 8 + 8);
  const middle = Array.from(split.subarray(0, 5), (i) => left[i]);
  const front = Array.from(split.subarray(5), (i) => left[i]);
  return {
    hand: { front: front.sort(strongestFirst), middle: middle.sort(strongestFirst), back: back.sort(strongestFirst) },
    values,
  };
}
