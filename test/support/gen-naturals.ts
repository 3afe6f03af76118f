/**
 * Random hands built to hold a given natural (random deals almost never do), for property
 * tests. Each takes a seeded random source and returns 13 distinct cards, shuffled.
 */
import { shuffled } from './gen-hands';

const card = (rank: number, suit: number) => rank * 4 + suit;
const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)];

/** Deals cards for the given ranks, each in a random suit not yet used for that rank. */
function cardsForRanks(random: () => number, ranks: readonly number[]): number[] {
  const used = new Set<number>();
  return ranks.map((r) => {
    const free = [0, 1, 2, 3].filter((s) => !used.has(card(r, s)));
    if (free.length === 0) throw new Error(`more than four of rank ${r}`);
    const c = card(r, pick(random, free));
    used.add(c);
    return c;
  });
}

/** Front straights A-2-3 ... Q-K-A and 5-card straights wheel ... T-A, as rank lists. */
const FRONTS = [[12, 0, 1], ...Array.from({ length: 11 }, (_, i) => [i, i + 1, i + 2])];
const FIVES = [[12, 0, 1, 2, 3], ...Array.from({ length: 9 }, (_, i) => [i, i + 1, i + 2, i + 3, i + 4])];

export function genThreeStraights(random: () => number): number[] {
  for (;;) {
    const ranks = [...pick(random, FRONTS), ...pick(random, FIVES), ...pick(random, FIVES)];
    const counts = new Map<number, number>();
    for (const r of ranks) counts.set(r, (counts.get(r) ?? 0) + 1);
    if ([...counts.values()].some((n) => n > 4)) continue;
    return shuffled(random, cardsForRanks(random, ranks));
  }
}

export function genThreeFlushes(random: () => number): number[] {
  for (;;) {
    const suits = [pick(random, [0, 1, 2, 3]), pick(random, [0, 1, 2, 3]), pick(random, [0, 1, 2, 3])];
    const sizes = [3, 5, 5];
    const needed = new Map<number, number>();
    suits.forEach((s, i) => needed.set(s, (needed.get(s) ?? 0) + sizes[i]));
    if ([...needed.values()].some((n) => n > 13)) continue;
    const cards: number[] = [];
    for (const [s, n] of needed) cards.push(...shuffled(random, [...Array(13).keys()]).slice(0, n).map((r) => card(r, s)));
    return shuffled(random, cards);
  }
}

/** Six pairs (a rank may give two pairs: quads) and one odd card, possibly making trips. */
export function genSixPairs(random: () => number): number[] {
  for (;;) {
    const ranks: number[] = [];
    for (let i = 0; i < 6; i++) {
      const r = Math.floor(random() * 13);
      ranks.push(r, r);
    }
    ranks.push(Math.floor(random() * 13));
    const counts = new Map<number, number>();
    for (const r of ranks) counts.set(r, (counts.get(r) ?? 0) + 1);
    if ([...counts.values()].some((n) => n > 4)) continue;
    return shuffled(random, cardsForRanks(random, ranks));
  }
}

/** One card of every rank; `suits` restricts the suits used (one suit: a pure dragon). */
export function genDragon(random: () => number, suits: readonly number[] = [0, 1, 2, 3]): number[] {
  return shuffled(random, [...Array(13).keys()].map((r) => card(r, pick(random, suits))));
}

/** 13 cards with ranks drawn from `ranks` only (minor: 2..9, senior: T..A, no face cards...). */
export function genFromRanks(random: () => number, ranks: readonly number[]): number[] {
  const pool = ranks.flatMap((r) => [0, 1, 2, 3].map((s) => card(r, s)));
  return shuffled(random, pool).slice(0, 13);
}

/** 13 cards all red or all black. */
export function genOneColour(random: () => number, red: boolean): number[] {
  const pool = [...Array(52).keys()].filter((c) => (c % 4 === 1 || c % 4 === 2) === red);
  return shuffled(random, pool).slice(0, 13);
}
