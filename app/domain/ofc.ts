/**
 * Open Face Chinese Poker (RULES.md section 10, seed 001). Scoring itself is the general
 * pairwise scoring driven by the `ofc` profile: 1 a row, scoop +3, royalties as a bonus
 * table paid whether or not the row is won and netted (`bonusMode: "regardless"`), and a
 * foul paying as if the opponent scooped (6) plus that opponent's royalties. This module adds
 * what is particular to OFC: each hand's royalties for display and Fantasyland.
 */
import { minimumFrontValue, segmentBonus, type Profile } from './profiles';
import type { ScoredHand } from './scoring';
import { SEGMENTS, type Segment, type SegmentValues } from './setting';

export interface Royalties {
  readonly front: number;
  readonly middle: number;
  readonly back: number;
  readonly total: number;
}

/** The royalties a valid hand earns under the profile's bonus table (a fouled hand earns none). */
export function royaltiesOf(profile: Profile, values: SegmentValues): Royalties {
  const by = {} as Record<Segment, number>;
  let total = 0;
  for (const s of SEGMENTS) {
    by[s] = segmentBonus(profile, s, values[s]);
    total += by[s];
  }
  return { ...by, total };
}

/**
 * Whether a hand earns Fantasyland for the next hand: the profile plays it, the hand is set
 * and not fouled, its front is at least the profile's minimum (queens or better: any pair of
 * queens, kings or aces, or any trips), and the player is not in Fantasyland now (001).
 */
export function qualifiesForFantasyland(profile: Profile, hand: ScoredHand, inFantasylandNow: boolean): boolean {
  if (profile.fantasyland === null || inFantasylandNow || hand.status !== 'set') return false;
  return hand.values.front >= minimumFrontValue(profile.fantasyland.minimumFront);
}

/** The seats, in the given order, that will be dealt Fantasyland next hand. */
export function fantasylandNextHand(
  profile: Profile,
  hands: readonly ScoredHand[],
  inFantasylandNow: ReadonlySet<number>,
): number[] {
  return hands.filter((h) => qualifiesForFantasyland(profile, h, inFantasylandNow.has(h.seat))).map((h) => h.seat);
}
