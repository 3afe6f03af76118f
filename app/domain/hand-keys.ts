/**
 * Hand keys: the words a profile names a segment's hand with (`pair-Q`, `trips`, `full-house-K`,
 * `straight-flush`, `royal-flush`), as the bonus tables, Fantasyland and the jackpot use them
 * (docs/profiles.md, "Bonus tables").
 */
import { RANK_ACE, RANK_CHARS, RANK_FIVE, RANK_TWO } from './cards';
import { valueFromCounts, type HandValue } from './evaluate';
import type { Segment } from './setting';

export const BONUS_KINDS = ['pair', 'two-pair', 'trips', 'straight', 'flush', 'full-house', 'quads', 'straight-flush', 'royal-flush'] as const;
export type BonusKind = (typeof BONUS_KINDS)[number];
/** Kinds a rank may qualify (the rank of the pair, set or quads; the trips of a full house). */
const RANKED_KINDS: readonly BonusKind[] = ['pair', 'two-pair', 'trips', 'full-house', 'quads'];
const FRONT_KINDS: readonly BonusKind[] = ['pair', 'trips'];

/** A parsed hand key: its kind and, when qualified, the rank (0..12 for 2..A). */
export interface HandKey {
  readonly kind: BonusKind;
  readonly rank?: number;
}

/**
 * Parses a hand key for a segment. Returns the key, or the sentence saying why it is not one
 * (not a hand kind, not a front hand, a rank on a kind a rank cannot qualify).
 */
export function parseHandKey(key: string, segment: Segment): HandKey | string {
  const m = /^([a-z-]+?)(?:-([2-9TJQKA]))?$/.exec(key);
  const kind = m?.[1] as BonusKind | undefined;
  if (!m || !kind || !(BONUS_KINDS as readonly string[]).includes(kind)) {
    return `"${key}" is not a bonus hand (use one of ${BONUS_KINDS.join(', ')}, optionally with a rank as in "pair-Q")`;
  }
  if (segment === 'front' && !FRONT_KINDS.includes(kind)) {
    return `"${key}" cannot be a front hand (a front is high card, pair or trips)`;
  }
  if (m[2] === undefined) return { kind };
  if (!RANKED_KINDS.includes(kind)) return `"${key}": a rank can qualify only ${RANKED_KINDS.join(', ')}`;
  return { kind, rank: RANK_CHARS.indexOf(m[2]) };
}

/**
 * The weakest value of a segment's hand that a key describes: `pair-Q` in the front is Q-Q-2,
 * `full-house-K` in the back K-K-K-2-2, `straight` the wheel, `royal-flush` the ace-high
 * straight flush. Every hand the key describes is at least this value, and so is every
 * stronger hand. Throws on a key {@link parseHandKey} refuses (callers validate first).
 */
export function weakestValue(key: string, segment: Segment): HandValue {
  const parsed = parseHandKey(key, segment);
  if (typeof parsed === 'string') throw new RangeError(parsed);
  const size = segment === 'front' ? 3 : 5;
  const counts = new Array<number>(13).fill(0);
  const rank = parsed.rank;
  /** Fills the hand up to its size with the lowest ranks not used yet, one card each. */
  const kickers = (): void => {
    let placed = counts.reduce((a, b) => a + b, 0);
    for (let r = RANK_TWO; placed < size; r++) {
      if (counts[r] === 0) {
        counts[r] = 1;
        placed++;
      }
    }
  };
  const lowestOther = (used: number): number => (used === RANK_TWO ? RANK_TWO + 1 : RANK_TWO);
  switch (parsed.kind) {
    case 'pair':
      counts[rank ?? RANK_TWO] = 2;
      kickers();
      return valueFromCounts(counts, false);
    case 'two-pair': {
      // The key's rank is the higher pair's; the weakest two pair under it pairs the lowest rank.
      const high = rank ?? RANK_TWO + 1;
      counts[high] = 2;
      counts[high === RANK_TWO ? RANK_TWO + 1 : RANK_TWO] = 2;
      kickers();
      return valueFromCounts(counts, false);
    }
    case 'trips':
      counts[rank ?? RANK_TWO] = 3;
      kickers();
      return valueFromCounts(counts, false);
    case 'straight':
      for (const r of [RANK_TWO, RANK_TWO + 1, RANK_TWO + 2, RANK_FIVE, RANK_ACE]) counts[r] = 1;
      return valueFromCounts(counts, false);
    case 'flush':
      for (const r of [RANK_TWO, RANK_TWO + 1, RANK_TWO + 2, RANK_FIVE, RANK_FIVE + 2]) counts[r] = 1;
      return valueFromCounts(counts, true);
    case 'full-house': {
      const trips = rank ?? RANK_TWO;
      counts[trips] = 3;
      counts[lowestOther(trips)] = 2;
      return valueFromCounts(counts, false);
    }
    case 'quads': {
      const quads = rank ?? RANK_TWO;
      counts[quads] = 4;
      counts[lowestOther(quads)] = 1;
      return valueFromCounts(counts, false);
    }
    case 'straight-flush':
      for (const r of [RANK_TWO, RANK_TWO + 1, RANK_TWO + 2, RANK_FIVE, RANK_ACE]) counts[r] = 1;
      return valueFromCounts(counts, true);
    case 'royal-flush':
      for (let r = RANK_ACE - 4; r <= RANK_ACE; r++) counts[r] = 1;
      return valueFromCounts(counts, true);
  }
}
