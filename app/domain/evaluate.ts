/**
 * Hand values on one integer scale for 3-card fronts and 5-card hands (RULES.md section 3).
 *
 * A value is `category << 20 | r0 << 16 | r1 << 12 | r2 << 8 | r3 << 4 | r4`: the category
 * (high card 0 ... straight flush 8) then up to five rank nibbles in order of importance
 * (the set's rank, then kickers high to low; a straight gives only its top card, 5 for the
 * wheel). A front fills only the nibbles it has and leaves the rest 0, so comparing a front
 * with a middle as integers compares category, then the front's ranks position by position,
 * and a front equal over its own ranks is never higher (the RULES.md Decision).
 *
 * Five-card hands are evaluated by two table look-ups: a flush table indexed by the rank
 * bitmask and a table indexed by a perfect hash of the rank multiset (sums of per-rank keys,
 * chosen greedily so that every 5- and 3-card rank multiset has its own sum).
 */
import { RANK_ACE, RANK_CHARS, RANK_FIVE, type Card, type Rank } from './cards';

/** An integer hand value; larger is stronger. Fronts and 5-card hands share the scale. */
export type HandValue = number;

export const Category = {
  HighCard: 0,
  Pair: 1,
  TwoPair: 2,
  Trips: 3,
  Straight: 4,
  Flush: 5,
  FullHouse: 6,
  Quads: 7,
  StraightFlush: 8,
} as const;
export type Category = (typeof Category)[keyof typeof Category];

/** Per-rank keys: every multiset of 5 (or 3) ranks, each at most 4 times, has its own key sum. */
export const RANK_KEYS: readonly number[] = [0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415];
const MAX_KEY_SUM = 4 * 79415 + 43258;
const WHEEL_MASK = (1 << RANK_ACE) | 0b1111; // A 2 3 4 5

export function categoryOf(value: HandValue): Category {
  return (value >> 20) as Category;
}

/** The rank nibbles of a value in order of importance, `count` of them. */
export function ranksOf(value: HandValue, count = 5): Rank[] {
  const out: Rank[] = [];
  for (let i = 0; i < count; i++) out.push((value >> (16 - 4 * i)) & 15);
  return out;
}

function pack(category: number, ranks: readonly number[]): HandValue {
  let v = category << 20;
  for (let i = 0; i < ranks.length; i++) v |= ranks[i] << (16 - 4 * i);
  return v;
}

/** Top card of a straight in a 5-distinct-rank mask, or -1. */
function straightHigh(mask: number, wheelIsStraight: boolean): number {
  for (let high = RANK_ACE; high >= 4; high--) {
    const run = 0b11111 << (high - 4);
    if ((mask & run) === run && mask === run) return high;
  }
  if (wheelIsStraight && mask === WHEEL_MASK) return RANK_FIVE;
  return -1;
}

/**
 * The value of a 3- or 5-card hand given its rank counts and whether it is one suit.
 * The plain (slow) evaluator the tables are built from; also used directly where speed does
 * not matter. `wheelIsStraight` is false for 2-7 lowball, where A-2-3-4-5 is ace high.
 */
export function valueFromCounts(counts: ArrayLike<number>, flush: boolean, wheelIsStraight = true): HandValue {
  // groups: [count, rank], most copies first, then higher rank first.
  const groups: [number, number][] = [];
  let size = 0;
  let mask = 0;
  for (let r = RANK_ACE; r >= 0; r--) {
    const n = counts[r];
    if (n > 0) {
      groups.push([n, r]);
      size += n;
      mask |= 1 << r;
    }
  }
  groups.sort((x, y) => y[0] - x[0] || y[1] - x[1]);
  const ranks = groups.map((g) => g[1]);
  const shape = groups.map((g) => g[0]).join('');
  if (size === 3) {
    if (shape === '3') return pack(Category.Trips, ranks);
    if (shape === '21') return pack(Category.Pair, ranks);
    return pack(Category.HighCard, ranks);
  }
  if (size !== 5) throw new RangeError(`a hand has 3 or 5 cards, not ${size}`);
  const high = groups.length === 5 ? straightHigh(mask, wheelIsStraight) : -1;
  if (high >= 0 && flush) return pack(Category.StraightFlush, [high]);
  if (shape === '41') return pack(Category.Quads, ranks);
  if (shape === '32') return pack(Category.FullHouse, ranks);
  if (flush) return pack(Category.Flush, ranks);
  if (high >= 0) return pack(Category.Straight, [high]);
  if (shape === '311') return pack(Category.Trips, ranks);
  if (shape === '221') return pack(Category.TwoPair, ranks);
  if (shape === '2111') return pack(Category.Pair, ranks);
  if (shape === '11111') return pack(Category.HighCard, ranks);
  throw new RangeError(`impossible rank shape ${shape}`);
}

/** The value of any 3- or 5-card list by counting (no tables). */
export function valueOfCards(cards: readonly Card[], wheelIsStraight = true): HandValue {
  const counts = new Array<number>(13).fill(0);
  for (const c of cards) counts[c >> 2]++;
  const flush = cards.length === 5 && cards.every((c) => (c & 3) === (cards[0] & 3));
  return valueFromCounts(counts, flush, wheelIsStraight);
}

const CARD_KEY = new Int32Array(52);
const CARD_BIT = new Int32Array(52);
for (let c = 0; c < 52; c++) {
  CARD_KEY[c] = RANK_KEYS[c >> 2];
  CARD_BIT[c] = 1 << (c >> 2);
}

/** Non-flush 5-card values and 3-card values, indexed by rank key sum (they never collide: a
 * 3-card sum and a 5-card sum are looked up in separate tables). */
const FIVE_BY_KEY = new Int32Array(MAX_KEY_SUM + 1);
const THREE_BY_KEY = new Int32Array(3 * 79415 + 1);
/** Flush values indexed by the 13-bit rank mask. */
const FLUSH_BY_MASK = new Int32Array(1 << 13);

function buildTables(): void {
  const counts = new Array<number>(13).fill(0);
  const walk = (left: number, from: number, key: number, table: Int32Array) => {
    if (left === 0) {
      table[key] = valueFromCounts(counts, false);
      return;
    }
    for (let r = from; r < 13; r++) {
      if (counts[r] === 4) continue;
      counts[r]++;
      walk(left - 1, r, key + RANK_KEYS[r], table);
      counts[r]--;
    }
  };
  walk(5, 0, 0, FIVE_BY_KEY);
  walk(3, 0, 0, THREE_BY_KEY);
  for (let mask = 0; mask < 1 << 13; mask++) {
    let bits = 0;
    for (let m = mask; m; m &= m - 1) bits++;
    if (bits !== 5) continue;
    for (let r = 0; r < 13; r++) counts[r] = (mask >> r) & 1;
    FLUSH_BY_MASK[mask] = valueFromCounts(counts, true);
  }
  counts.fill(0);
}
buildTables();

/** Value of a 5-card hand given as five card codes. The hot path: no allocation. */
export function evaluate5(a: Card, b: Card, c: Card, d: Card, e: Card): HandValue {
  if ((((a ^ b) | (a ^ c) | (a ^ d) | (a ^ e)) & 3) === 0) {
    return FLUSH_BY_MASK[CARD_BIT[a] | CARD_BIT[b] | CARD_BIT[c] | CARD_BIT[d] | CARD_BIT[e]];
  }
  return FIVE_BY_KEY[CARD_KEY[a] + CARD_KEY[b] + CARD_KEY[c] + CARD_KEY[d] + CARD_KEY[e]];
}

/** Value of a 3-card front: high card, pair or trips only (no straights or flushes). */
export function evaluate3(a: Card, b: Card, c: Card): HandValue {
  return THREE_BY_KEY[CARD_KEY[a] + CARD_KEY[b] + CARD_KEY[c]];
}

/** Value of a 3-card front or a 5-card hand. Throws on any other length. */
export function evaluate(cards: readonly Card[]): HandValue {
  if (cards.length === 5) return evaluate5(cards[0], cards[1], cards[2], cards[3], cards[4]);
  if (cards.length === 3) return evaluate3(cards[0], cards[1], cards[2]);
  throw new RangeError(`a hand has 3 or 5 cards, not ${cards.length}`);
}

const LOWBALL_TOP = 1 << 24;

/**
 * Strength of a 5-card hand as a 2-7 lowball hand (RULES.md section 3, seed 003): aces
 * high only, A-2-3-4-5 not a straight, straights and flushes count against the hand.
 * Larger is better (the lowest poker hand gets the largest number), so it compares like
 * every other value. 7-5-4-3-2 of mixed suits is the best.
 */
export function lowball27(cards: readonly Card[]): number {
  if (cards.length !== 5) throw new RangeError(`a lowball hand has 5 cards, not ${cards.length}`);
  return LOWBALL_TOP - valueOfCards(cards, false);
}

/** The high-hand value a lowball strength was made from (for descriptions). */
export function lowballToValue(strength: number): HandValue {
  return LOWBALL_TOP - strength;
}

const RANK_NAMES = ['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'jack', 'queen', 'king', 'ace'];
const RANK_PLURALS = ['twos', 'threes', 'fours', 'fives', 'sixes', 'sevens', 'eights', 'nines', 'tens', 'jacks', 'queens', 'kings', 'aces'];

/** English name of a rank, `ace`; plural `aces`. */
export function rankName(rank: Rank, plural = false): string {
  return (plural ? RANK_PLURALS : RANK_NAMES)[rank];
}

/** The symbol of a rank in card text, `A`, `T`. */
export function rankChar(rank: Rank): string {
  return RANK_CHARS[rank];
}

/** Category names in English, indexed by category. */
export const CATEGORY_NAMES = [
  'High card', 'Pair', 'Two pair', 'Three of a kind', 'Straight', 'Flush', 'Full house', 'Four of a kind', 'Straight flush',
] as const;

/**
 * A readable description of a value: "Flush, king high", "Pair of nines", "Two pair,
 * queens and fives", "Full house, tens full of fours", "Royal flush".
 */
export function describeValue(value: HandValue): string {
  // The words depend only on the category and the first two ranks (the value's top 12 bits):
  // each is worded once.
  const key = value >> 12;
  if (key >= 0 && key < DESCRIBED.length) {
    const known = DESCRIBED[key];
    if (known !== undefined) return known;
    return (DESCRIBED[key] = describeFresh(value));
  }
  return describeFresh(value);
}

/** {@link describeValue}'s words, by `value >> 12` (category and first two ranks). */
const DESCRIBED: (string | undefined)[] = new Array<string | undefined>((Category.StraightFlush + 1) << 8).fill(undefined);

function cap(s: string): string {
  return s[0].toUpperCase() + s.slice(1);
}

function describeFresh(value: HandValue): string {
  const [r0, r1] = ranksOf(value, 2);
  switch (categoryOf(value)) {
    case Category.HighCard: return `${cap(rankName(r0))} high`;
    case Category.Pair: return `Pair of ${rankName(r0, true)}`;
    case Category.TwoPair: return `Two pair, ${rankName(r0, true)} and ${rankName(r1, true)}`;
    case Category.Trips: return `Three of a kind, ${rankName(r0, true)}`;
    case Category.Straight: return `Straight, ${rankName(r0)} high`;
    case Category.Flush: return `Flush, ${rankName(r0)} high`;
    case Category.FullHouse: return `Full house, ${rankName(r0, true)} full of ${rankName(r1, true)}`;
    case Category.Quads: return `Four of a kind, ${rankName(r0, true)}`;
    case Category.StraightFlush: return r0 === RANK_ACE ? 'Royal flush' : `Straight flush, ${rankName(r0)} high`;
    default: throw new RangeError(`not a hand value: ${value}`);
  }
}

/** Description of a 2-7 lowball strength: "Seven-five low" style for unpaired hands. */
export function describeLowball(strength: number): string {
  const value = lowballToValue(strength);
  if (categoryOf(value) !== Category.HighCard) return `${describeValue(value)} (lowball)`;
  const ranks = ranksOf(value, 5).map(rankChar).join('-');
  return `${ranks} low`;
}
