/**
 * A plain poker hand classifier, written independently of app/domain/evaluate.ts to check
 * it: sort the cards, group equal ranks, then classify by the group sizes, straight and
 * flush, the way a person reads a hand. No tables, no rank keys, no shared code (it only
 * uses the card layout: rank = code >> 2 with 0 = deuce ... 12 = ace, suit = code & 3).
 *
 * It returns a category (0 high card ... 8 straight flush, the order of RULES.md section 3)
 * and the ranks that decide between hands of that category, most important first.
 */

export interface ReferenceValue {
  readonly category: number;
  /** Ranks in order of importance; a straight gives only its top card (3, the five, for the wheel). */
  readonly ranks: readonly number[];
}

export const REFERENCE_CATEGORY_NAMES = [
  'high card', 'pair', 'two pair', 'three of a kind', 'straight', 'flush', 'full house', 'four of a kind', 'straight flush',
];

/** Classifies 3 cards (a front: no straights or flushes) or 5 cards. */
export function referenceClassify(cards: readonly number[]): ReferenceValue {
  if (cards.length !== 3 && cards.length !== 5) throw new Error(`reference: ${cards.length} cards`);
  const ranks = cards.map((c) => Math.floor(c / 4)).sort((a, b) => b - a);
  // Runs of equal ranks in the sorted list: [rank, size].
  const runs: [number, number][] = [];
  for (const r of ranks) {
    const last = runs[runs.length - 1];
    if (last && last[0] === r) last[1] += 1;
    else runs.push([r, 1]);
  }
  // Bigger groups first; among equal sizes the sort above already put higher ranks first.
  runs.sort((x, y) => y[1] - x[1]);
  const sizes = runs.map((g) => g[1]);
  const ordered = runs.map((g) => g[0]);

  if (cards.length === 3) {
    if (sizes[0] === 3) return { category: 3, ranks: ordered };
    if (sizes[0] === 2) return { category: 1, ranks: ordered };
    return { category: 0, ranks: ordered };
  }

  const suit = cards[0] % 4;
  const isFlush = cards.every((c) => c % 4 === suit);
  let straightTop = -1;
  if (runs.length === 5) {
    if (ranks[0] - ranks[4] === 4) straightTop = ranks[0];
    else if (ranks.join(',') === '12,3,2,1,0') straightTop = 3; // A-2-3-4-5: five high
  }
  if (straightTop >= 0 && isFlush) return { category: 8, ranks: [straightTop] };
  if (sizes[0] === 4) return { category: 7, ranks: ordered };
  if (sizes[0] === 3 && sizes[1] === 2) return { category: 6, ranks: ordered };
  if (isFlush) return { category: 5, ranks: ordered };
  if (straightTop >= 0) return { category: 4, ranks: [straightTop] };
  if (sizes[0] === 3) return { category: 3, ranks: ordered };
  if (sizes[0] === 2 && sizes[1] === 2) return { category: 2, ranks: ordered };
  if (sizes[0] === 2) return { category: 1, ranks: ordered };
  return { category: 0, ranks: ordered };
}

/** Compares two reference values: category, then ranks position by position (a missing rank counts as lowest). */
export function referenceCompare(a: ReferenceValue, b: ReferenceValue): number {
  if (a.category !== b.category) return a.category - b.category;
  for (let i = 0; i < Math.max(a.ranks.length, b.ranks.length); i++) {
    const x = a.ranks[i] ?? -1;
    const y = b.ranks[i] ?? -1;
    if (x !== y) return x - y;
  }
  return 0;
}

/**
 * The reference value written on the scale documented at the top of app/domain/evaluate.ts
 * (category << 20, then rank nibbles from bit 16 down), so the two can be compared exactly.
 */
export function referenceOnScale(ref: ReferenceValue): number {
  return ref.ranks.reduce((v, r, i) => v | (r << (16 - 4 * i)), ref.category << 20);
}
