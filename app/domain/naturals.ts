/**
 * Naturals (RULES.md section 7): 13-card hands that win without being compared.
 *
 * Detection reads the hand once (rank counts, suit counts, per-suit rank masks, colours) and
 * decides every natural by counting, with no search over arrangements:
 * - Three Flushes depends only on how many cards each suit has: the suit counts must split
 *   into 3 + 5 + 5 with each part one suit, i.e. be {5,5,3}, {8,5}, {10,3} or {13}.
 * - Three Straights depends only on the rank multiset. A rank vector packed in base 8
 *   (one digit per rank, at most 4 copies) is looked up in a table of every sum of a 3-card
 *   straight and two 5-card straights (12 x 55 = 660 sums; each digit of such a sum is at
 *   most 3, so packed sums never carry and equal sums mean equal multisets).
 * - Six Pairs: the number of pairs, counting floor(copies / 2) per rank, is 6.
 */
import {
  RANK_ACE, RANK_CHARS, RANK_JACK, RANK_KING, RANK_NINE, RANK_QUEEN, RANK_TEN,
  findDuplicate, formatCard, formatCards, isCard, type Card, type Rank,
} from './cards';
import { evaluate3, evaluate5, rankName, type HandValue } from './evaluate';
import { bestArrangement } from './arrange';
import { fail, ok, type Result } from './result';
import type { SetHand } from './setting';
import { plural } from './words';

/** Every natural, in catalogue order (RULES.md section 7, highest-ranked first). */
export const NATURAL_NAMES = [
  'pure-dragon', 'color-dragon', 'dragon', 'all-one-color', 'minor', 'senior',
  'six-pairs', 'three-flushes', 'three-straights', 'no-face-cards',
] as const;
export type NaturalName = (typeof NATURAL_NAMES)[number];

/** English names for display, e.g. "Three Flushes". */
export const NATURAL_TITLES: Readonly<Record<NaturalName, string>> = {
  'pure-dragon': 'Pure Dragon',
  'color-dragon': 'Black/Red Dragon',
  dragon: 'Dragon',
  'all-one-color': 'All Black/All Red',
  minor: 'Minor hand',
  senior: 'Senior hand',
  'six-pairs': 'Six Pairs',
  'three-flushes': 'Three Flushes',
  'three-straights': 'Three Straights',
  'no-face-cards': 'No face cards',
};

const NAME_SET: ReadonlySet<string> = new Set(NATURAL_NAMES);

export function isNaturalName(x: unknown): x is NaturalName {
  return typeof x === 'string' && NAME_SET.has(x);
}

export interface NaturalProof {
  readonly name: NaturalName;
  /** For three-flushes / three-straights: a front/middle/back that proves it (back >= middle where a choice exists). */
  readonly arrangement?: SetHand;
  /** One sentence for the dealer, e.g. "one card of every rank from ace to king". */
  readonly explanation: string;
}

// ---------------------------------------------------------------------------------------
// Tables

const ALL_RANKS = (1 << 13) - 1;
const FACE_MASK = (1 << RANK_JACK) | (1 << RANK_QUEEN) | (1 << RANK_KING);
/** 8^rank: a card's contribution to the packed rank vector. */
const PACKED_BY_RANK: readonly number[] = Array.from({ length: 13 }, (_, r) => 8 ** r);

/** Rank sets of the 3-card front straights: A-2-3, 2-3-4, ..., Q-K-A (no K-A-2). */
const FRONT_STRAIGHTS: readonly (readonly Rank[])[] = [
  [RANK_ACE, 0, 1],
  ...Array.from({ length: 11 }, (_, low) => [low, low + 1, low + 2]),
];
/** Rank sets of the 5-card straights: the wheel A-2-3-4-5, then 2-6 ... T-A (no wrap-around). */
const FIVE_STRAIGHTS: readonly (readonly Rank[])[] = [
  [RANK_ACE, 0, 1, 2, 3],
  ...Array.from({ length: 9 }, (_, low) => [low, low + 1, low + 2, low + 3, low + 4]),
];

/** The straights (as rank lists) that make up a three-straights hand. */
interface StraightSplit {
  readonly front: readonly Rank[];
  readonly middle: readonly Rank[];
  readonly back: readonly Rank[];
}

const packRanks = (ranks: readonly Rank[]) => ranks.reduce((sum, r) => sum + PACKED_BY_RANK[r], 0);

/**
 * Packed rank vector -> the best split into three straights (highest back straight, then
 * middle, then front; FIVE_STRAIGHTS and FRONT_STRAIGHTS are in ascending order).
 */
const THREE_STRAIGHTS = new Map<number, StraightSplit>();
for (let f = FRONT_STRAIGHTS.length - 1; f >= 0; f--) {
  for (let b = FIVE_STRAIGHTS.length - 1; b >= 0; b--) {
    for (let m = b; m >= 0; m--) {
      const key = packRanks(FRONT_STRAIGHTS[f]) + packRanks(FIVE_STRAIGHTS[m]) + packRanks(FIVE_STRAIGHTS[b]);
      const previous = THREE_STRAIGHTS.get(key);
      const split = { front: FRONT_STRAIGHTS[f], middle: FIVE_STRAIGHTS[m], back: FIVE_STRAIGHTS[b] };
      if (!previous || straightSplitBeats(split, previous)) THREE_STRAIGHTS.set(key, split);
    }
  }
}

function straightSplitBeats(x: StraightSplit, y: StraightSplit): boolean {
  const top = (s: readonly Rank[]) => FIVE_STRAIGHTS.indexOf(s);
  if (top(x.back) !== top(y.back)) return top(x.back) > top(y.back);
  if (top(x.middle) !== top(y.middle)) return top(x.middle) > top(y.middle);
  return FRONT_STRAIGHTS.indexOf(x.front) > FRONT_STRAIGHTS.indexOf(y.front);
}

// ---------------------------------------------------------------------------------------
// Reading a hand

/** What detection needs to know about 13 cards, gathered in one pass. */
interface HandShape {
  readonly rankCounts: Int8Array;
  readonly suitCounts: Int8Array;
  /** Rank bitmask of the whole hand and of each suit. */
  readonly rankMask: number;
  readonly suitMasks: Int16Array;
  readonly red: number;
  readonly packed: number;
}

/** Why a list of cards cannot be read as a hand; `code` as in the rest of the core. */
class HandInputError extends RangeError {
  constructor(readonly code: 'wrong-card-count' | 'bad-card' | 'duplicate-card', message: string) {
    super(message);
  }
}

function readHand(cards: readonly Card[]): HandShape {
  if (cards.length !== 13) throw new HandInputError('wrong-card-count', `a natural needs 13 cards, this hand has ${cards.length}`);
  const rankCounts = new Int8Array(13);
  const suitCounts = new Int8Array(4);
  const suitMasks = new Int16Array(4);
  let red = 0;
  let packed = 0;
  for (let i = 0; i < 13; i++) {
    const c = cards[i];
    if (!isCard(c)) throw new HandInputError('bad-card', `not a card code: ${String(c)}`);
    const rank = c >> 2;
    const suit = c & 3;
    rankCounts[rank]++;
    suitCounts[suit]++;
    suitMasks[suit] |= 1 << rank;
    if (suit === 1 || suit === 2) red++;
    packed += PACKED_BY_RANK[rank];
  }
  const dup = findDuplicate(cards);
  if (dup !== undefined) throw new HandInputError('duplicate-card', `${formatCard(dup)} appears twice`);
  const rankMask = suitMasks[0] | suitMasks[1] | suitMasks[2] | suitMasks[3];
  return { rankCounts, suitCounts, rankMask, suitMasks, red, packed };
}

function pairCount(shape: HandShape): number {
  let pairs = 0;
  for (let r = 0; r < 13; r++) pairs += shape.rankCounts[r] >> 1;
  return pairs;
}

/** Suit counts that split into 3 + 5 + 5 of one suit each: {5,5,3}, {8,5}, {10,3}, {13}. */
function hasThreeFlushes(suitCounts: Int8Array): boolean {
  let n3 = 0, n5 = 0, n8 = 0, n10 = 0, n13 = 0;
  for (let s = 0; s < 4; s++) {
    const n = suitCounts[s];
    if (n === 3) n3++;
    else if (n === 5) n5++;
    else if (n === 8) n8++;
    else if (n === 10) n10++;
    else if (n === 13) n13++;
  }
  return (n5 === 2 && n3 === 1) || (n8 === 1 && n5 === 1) || (n10 === 1 && n3 === 1) || n13 === 1;
}

function qualifies(shape: HandShape, name: NaturalName): boolean {
  switch (name) {
    case 'pure-dragon':
      return shape.suitMasks[0] === ALL_RANKS || shape.suitMasks[1] === ALL_RANKS
        || shape.suitMasks[2] === ALL_RANKS || shape.suitMasks[3] === ALL_RANKS;
    case 'color-dragon':
      return shape.rankMask === ALL_RANKS && (shape.red === 0 || shape.red === 13);
    case 'dragon':
      return shape.rankMask === ALL_RANKS;
    case 'all-one-color':
      return shape.red === 0 || shape.red === 13;
    case 'minor':
      return shape.rankMask >> (RANK_NINE + 1) === 0;
    case 'senior':
      return (shape.rankMask & ((1 << RANK_TEN) - 1)) === 0;
    case 'six-pairs':
      return pairCount(shape) === 6;
    case 'three-flushes':
      return hasThreeFlushes(shape.suitCounts);
    case 'three-straights':
      return THREE_STRAIGHTS.has(shape.packed);
    case 'no-face-cards':
      return (shape.rankMask & FACE_MASK) === 0;
  }
}

/** Every natural the 13 cards qualify for (RULES.md section 7), in catalogue order; [] if none. RangeError unless 13 distinct cards. */
export function detectNaturals(cards: readonly Card[]): NaturalName[] {
  const shape = readHand(cards);
  const found: NaturalName[] = [];
  for (const name of NATURAL_NAMES) if (qualifies(shape, name)) found.push(name);
  return found;
}

// ---------------------------------------------------------------------------------------
// Verification, with the proof or the reason in words

const SUIT_NAMES = ['spades', 'hearts', 'diamonds', 'clubs'];

function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** "7 spades, 4 hearts, 2 clubs" (suits that have cards, most first). */
function describeSuits(suitCounts: Int8Array): string {
  const order = [0, 1, 2, 3].filter((s) => suitCounts[s] > 0).sort((a, b) => suitCounts[b] - suitCounts[a] || a - b);
  return order.map((s) => `${suitCounts[s]} ${suitCounts[s] === 1 ? SUIT_NAMES[s].slice(0, -1) : SUIT_NAMES[s]}`).join(', ');
}

/** Why the hand is not one of every rank: "no seven or nine; two kings, three fives". */
function dragonShortfall(shape: HandShape): string {
  const missing: string[] = [];
  const extra: string[] = [];
  for (let r = RANK_ACE; r >= 0; r--) {
    const n = shape.rankCounts[r];
    if (n === 0) missing.push(rankName(r));
    else if (n > 1) extra.push(`${['', '', 'two', 'three', 'four'][n]} ${rankName(r, true)}`);
  }
  return `no ${listWords(missing).replace(/ and /, ' or ')}; ${listWords(extra)}`;
}

function colourOf(shape: HandShape): string {
  return shape.red === 13 ? 'red' : 'black';
}

const REFUSAL_LEADS: Readonly<Record<NaturalName, string>> = {
  'pure-dragon': 'no pure dragon',
  'color-dragon': 'no black/red dragon',
  dragon: 'no dragon',
  'all-one-color': 'not all one colour',
  minor: 'no minor hand',
  senior: 'no senior hand',
  'six-pairs': 'no six pairs',
  'three-flushes': 'no three flushes',
  'three-straights': 'no three straights',
  'no-face-cards': 'not a no-face-cards hand',
};

function refuse(name: NaturalName, reason: string): Result<NaturalProof> {
  return fail('natural-not-held', `${REFUSAL_LEADS[name]}: ${reason}`);
}

/** Verifies a declaration against the seat's 13 dealt cards. Refusal code 'natural-not-held' with the reason in words ("no three flushes: only 2 clubs"...). */
export function verifyNatural(cards: readonly Card[], name: NaturalName): Result<NaturalProof> {
  if (!isNaturalName(name)) {
    return fail('unknown-natural', `not a natural: ${JSON.stringify(name)} (naturals are ${NATURAL_NAMES.join(', ')})`);
  }
  let shape: HandShape;
  try {
    shape = readHand(cards);
  } catch (e) {
    if (e instanceof HandInputError) return fail(e.code, `cannot verify ${NATURAL_TITLES[name]}: ${e.message}`);
    throw e;
  }
  const held = qualifies(shape, name);
  switch (name) {
    case 'pure-dragon': {
      if (held) {
        const suit = shape.suitMasks.findIndex((m) => m === ALL_RANKS);
        return ok({ name, explanation: `one card of every rank from ace to king, all ${SUIT_NAMES[suit]}` });
      }
      if (shape.rankMask !== ALL_RANKS) return refuse(name, `not one card of every rank (${dragonShortfall(shape)})`);
      return refuse(name, `one card of every rank but not all one suit (${describeSuits(shape.suitCounts)})`);
    }
    case 'color-dragon': {
      if (held) return ok({ name, explanation: `one card of every rank from ace to king, all ${colourOf(shape)}` });
      if (shape.rankMask !== ALL_RANKS) return refuse(name, `not one card of every rank (${dragonShortfall(shape)})`);
      return refuse(name, `one card of every rank but mixed colours (${shape.red} red, ${13 - shape.red} black)`);
    }
    case 'dragon': {
      if (held) return ok({ name, explanation: 'one card of every rank from ace to king' });
      return refuse(name, `not one card of every rank (${dragonShortfall(shape)})`);
    }
    case 'all-one-color': {
      if (held) return ok({ name, explanation: `all 13 cards ${colourOf(shape)}` });
      return refuse(name, `${shape.red} red and ${13 - shape.red} black cards`);
    }
    case 'minor': {
      if (held) return ok({ name, explanation: 'no card above nine' });
      const above = cards.filter((c) => c >> 2 > RANK_NINE);
      return refuse(name, `${formatCards(sortDesc(above))} ${above.length === 1 ? 'is' : 'are'} above nine`);
    }
    case 'senior': {
      if (held) return ok({ name, explanation: 'no card below ten' });
      const below = cards.filter((c) => c >> 2 < RANK_TEN);
      return refuse(name, `${formatCards(sortDesc(below))} ${below.length === 1 ? 'is' : 'are'} below ten`);
    }
    case 'no-face-cards': {
      if (held) return ok({ name, explanation: 'no jack, queen or king' });
      const faces = cards.filter((c) => (FACE_MASK >> (c >> 2)) & 1);
      return refuse(name, `${formatCards(sortDesc(faces))} ${faces.length === 1 ? 'is a face card' : 'are face cards'}`);
    }
    case 'six-pairs': {
      const pairs = pairCount(shape);
      const words: string[] = [];
      for (let r = RANK_ACE; r >= 0; r--) {
        const n = shape.rankCounts[r];
        if (n >= 4) words.push(`two pairs of ${rankName(r, true)}`);
        else if (n >= 2) words.push(rankName(r, true));
      }
      if (held) return ok({ name, explanation: `six pairs (${listWords(words)}) and one odd card` });
      return refuse(name, pairs === 0 ? 'not a single pair' : `only ${plural(pairs, 'pair')} (${listWords(words)})`);
    }
    case 'three-flushes': {
      if (!held) {
        return refuse(name, `the suits are ${describeSuits(shape.suitCounts)}, which do not split into 3, 5 and 5 cards of one suit each`);
      }
      const hand = threeFlushesArrangement(cards, shape);
      const suitOfSegment = (seg: readonly Card[]) => SUIT_NAMES[seg[0] & 3];
      return ok({
        name, arrangement: hand,
        explanation: `front three ${suitOfSegment(hand.front)}, middle five ${suitOfSegment(hand.middle)}, back five ${suitOfSegment(hand.back)}`,
      });
    }
    case 'three-straights': {
      const split = THREE_STRAIGHTS.get(shape.packed);
      if (!split) return refuse(name, `the ranks (${rankList(shape)}) do not split into a 3-card straight and two 5-card straights`);
      const hand = threeStraightsArrangement(cards, split);
      return ok({
        name, arrangement: hand,
        explanation: `front ${straightWords(split.front)}, middle ${straightWords(split.middle)}, back ${straightWords(split.back)}`,
      });
    }
  }
}

function sortDesc(cards: readonly Card[]): Card[] {
  return [...cards].sort((a, b) => b - a);
}

/** "A K K Q 9 ..." */
function rankList(shape: HandShape): string {
  const out: string[] = [];
  for (let r = RANK_ACE; r >= 0; r--) for (let i = 0; i < shape.rankCounts[r]; i++) out.push(RANK_CHARS[r]);
  return out.join(' ');
}

/** "A-2-3-4-5" for the wheel, "Q-K-A" for the top front straight: low to high. */
function straightWords(ranks: readonly Rank[]): string {
  return ranks.map((r) => RANK_CHARS[r]).join('-');
}

// ---------------------------------------------------------------------------------------
// Proof arrangements

/** Orders two 5-card segments so the stronger is the back. */
function withBackStronger(front: Card[], x: Card[], y: Card[]): SetHand {
  const vx = evaluate5(x[0], x[1], x[2], x[3], x[4]);
  const vy = evaluate5(y[0], y[1], y[2], y[3], y[4]);
  return vx > vy ? { front, middle: y, back: x } : { front, middle: x, back: y };
}

function lexBetter(a: readonly HandValue[], b: readonly HandValue[] | undefined): boolean {
  if (!b) return true;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return false;
}

/** Every k-subset of `items`, in lexicographic index order. */
function subsets<T>(items: readonly T[], k: number): T[][] {
  const out: T[][] = [];
  const pick: T[] = [];
  const walk = (from: number) => {
    if (pick.length === k) {
      out.push([...pick]);
      return;
    }
    for (let i = from; i <= items.length - (k - pick.length); i++) {
      pick.push(items[i]);
      walk(i + 1);
      pick.pop();
    }
  };
  walk(0);
  return out;
}

/**
 * A three-flushes arrangement; where a suit holds 8, 10 or 13 cards and the split is a
 * choice, the strongest one (back, then middle, then front), so the dealer sees the hand
 * at its best. At most 126 candidates, usually 1.
 */
function threeFlushesArrangement(cards: readonly Card[], shape: HandShape): SetHand {
  const bySuit: Card[][] = [[], [], [], []];
  for (const c of sortDesc(cards)) bySuit[c & 3].push(c);
  const suits = [0, 1, 2, 3].filter((s) => shape.suitCounts[s] > 0);
  // Candidate (front, five, five) triples, each part within one suit.
  const candidates: [Card[], Card[], Card[]][] = [];
  const splitFive = (ten: Card[], front: Card[]) => {
    // halves of ten cards: fix the first card in x to list each unordered split once
    for (const rest of subsets(ten.slice(1), 4)) {
      const x = [ten[0], ...rest];
      candidates.push([front, x, ten.filter((c) => !x.includes(c))]);
    }
  };
  const three = suits.find((s) => shape.suitCounts[s] === 3);
  const fives = suits.filter((s) => shape.suitCounts[s] === 5);
  const eight = suits.find((s) => shape.suitCounts[s] === 8);
  const ten = suits.find((s) => shape.suitCounts[s] === 10);
  if (three !== undefined && fives.length === 2) {
    candidates.push([bySuit[three], bySuit[fives[0]], bySuit[fives[1]]]);
  } else if (eight !== undefined && fives.length === 1) {
    for (const front of subsets(bySuit[eight], 3)) {
      candidates.push([front, bySuit[eight].filter((c) => !front.includes(c)), bySuit[fives[0]]]);
    }
  } else if (ten !== undefined && three !== undefined) {
    splitFive(bySuit[ten], bySuit[three]);
  } else {
    // All 13 in one suit: every 5 cards are a flush, so the strongest setting proves it.
    return bestArrangement(cards).hand;
  }
  let best: SetHand | undefined;
  let bestKey: HandValue[] | undefined;
  for (const [front, x, y] of candidates) {
    const hand = withBackStronger(front, x, y);
    const key = [
      evaluate5(hand.back[0], hand.back[1], hand.back[2], hand.back[3], hand.back[4]),
      evaluate5(hand.middle[0], hand.middle[1], hand.middle[2], hand.middle[3], hand.middle[4]),
      evaluate3(front[0], front[1], front[2]),
    ];
    if (lexBetter(key, bestKey)) {
      best = hand;
      bestKey = key;
    }
  }
  if (!best) throw new RangeError('three-flushes arrangement requested for a hand without three flushes');
  return best;
}

/** Deals the hand's cards into the split's straights (any card of the rank will do). */
function threeStraightsArrangement(cards: readonly Card[], split: StraightSplit): SetHand {
  const pool: Card[][] = Array.from({ length: 13 }, () => []);
  for (const c of sortDesc(cards)) pool[c >> 2].push(c);
  const take = (ranks: readonly Rank[]) => [...ranks].sort((a, b) => b - a).map((r) => {
    const c = pool[r].shift();
    if (c === undefined) throw new RangeError(`three-straights split needs another ${rankName(r)}`);
    return c;
  });
  const back = take(split.back);
  const middle = take(split.middle);
  const front = take(split.front);
  return withBackStronger(front, middle, back);
}
