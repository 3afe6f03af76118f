/**
 * Naturals by brute force, straight from the words of RULES.md section 7, to check the
 * counting detector in app/domain/naturals.ts. Three Flushes and Three Straights search the
 * arrangements (every front, then every middle of the 10 cards left, skipping a front or
 * middle as soon as it fails); Six Pairs searches for a perfect matching into same-rank
 * pairs after setting one odd card aside.
 */
import { forEachSubset } from './gen-hands';

const rank = (c: number) => Math.floor(c / 4);
const suit = (c: number) => c % 4;

/** All the cards one suit. */
export function isOneSuit(cards: readonly number[]): boolean {
  return cards.every((c) => suit(c) === suit(cards[0]));
}

/** Ranks consecutive: all distinct and forming one run; the ace also counts low (A-2-3, A-2-3-4-5). No wrap-around. */
export function isRankRun(cards: readonly number[]): boolean {
  let mask = 0;
  for (const c of cards) {
    const bit = 1 << rank(c);
    if (mask & bit) return false;
    mask |= bit;
  }
  const run = (m: number) => {
    const lowest = m & -m;
    return m / lowest === 2 ** cards.length - 1;
  };
  // ace low: the ace (bit 12) moves below the deuce
  return run(mask) || ((mask & (1 << 12)) !== 0 && run(((mask & ~(1 << 12)) << 1) | 1));
}

function searchArrangements(cards: readonly number[], segmentOk: (segment: number[]) => boolean): number[][] | undefined {
  let found: number[][] | undefined;
  forEachSubset(13, 3, (f) => {
    if (found) return;
    const front = f.map((i) => cards[i]);
    if (!segmentOk(front)) return;
    const rest: number[] = [];
    for (let i = 0; i < 13; i++) if (i !== f[0] && i !== f[1] && i !== f[2]) rest.push(cards[i]);
    forEachSubset(10, 5, (m) => {
      if (found) return;
      const middle = m.map((i) => rest[i]);
      if (!segmentOk(middle)) return;
      const back: number[] = [];
      for (let i = 0, j = 0; i < 10; i++) {
        if (m[j] === i) j++;
        else back.push(rest[i]);
      }
      if (segmentOk(back)) found = [front, middle, back];
    });
  });
  return found;
}

/** An arrangement with front, middle and back each one suit, if any. */
export function bruteThreeFlushes(cards: readonly number[]): number[][] | undefined {
  return searchArrangements(cards, isOneSuit);
}

/** An arrangement with front a 3-card straight and middle and back 5-card straights, if any. */
export function bruteThreeStraights(cards: readonly number[]): number[][] | undefined {
  return searchArrangements(cards, isRankRun);
}

/** Six same-rank pairs and one odd card, found by matching. */
export function bruteSixPairs(cards: readonly number[]): boolean {
  const canPairUp = (left: readonly number[]): boolean => {
    if (left.length === 0) return true;
    const [first, ...others] = left;
    for (let i = 0; i < others.length; i++) {
      if (rank(others[i]) === rank(first) && canPairUp(others.filter((_, j) => j !== i))) return true;
    }
    return false;
  };
  return cards.some((_, odd) => canPairUp(cards.filter((__, i) => i !== odd)));
}

/** Every natural by its definition, in RULES.md order. */
export function referenceNaturals(cards: readonly number[]): string[] {
  const ranks = new Set(cards.map(rank));
  const red = cards.filter((c) => suit(c) === 1 || suit(c) === 2).length;
  const dragon = ranks.size === 13;
  const oneColour = red === 0 || red === 13;
  const out: string[] = [];
  if (dragon && isOneSuit(cards)) out.push('pure-dragon');
  if (dragon && oneColour) out.push('color-dragon');
  if (dragon) out.push('dragon');
  if (oneColour) out.push('all-one-color');
  if (cards.every((c) => rank(c) <= 7)) out.push('minor'); // 7 = nine
  if (cards.every((c) => rank(c) >= 8)) out.push('senior'); // 8 = ten
  if (bruteSixPairs(cards)) out.push('six-pairs');
  if (bruteThreeFlushes(cards)) out.push('three-flushes');
  if (bruteThreeStraights(cards)) out.push('three-straights');
  if (cards.every((c) => rank(c) < 9 || rank(c) > 11)) out.push('no-face-cards'); // J Q K = 9 10 11
  return out;
}
