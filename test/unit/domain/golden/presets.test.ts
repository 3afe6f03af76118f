/**
 * Every preset of RULES.md section 12 through settleRecord at least once, on a hand that
 * shows what sets it apart.
 */
import { describe, expect, it } from 'vitest';
import { PRESET_NAMES } from '../../../../app/domain/profiles';
import {
  DRAGON, EASTERN_A, EASTERN_B, EXAMPLE_003, NATURALS_REST_SET, OFC_A, OFC_B_BACK, OFC_B_FOULED, OFC_B_LOSES,
  SHOT_A, SHOT_B, SIX_PAIRS, THREE_FLUSHES, WESTERN_A, WESTERN_B, pairPoints, settled, type SeatSpec,
} from './fixtures';

const set = (s: readonly [string, string, string]): SeatSpec => ({ set: s });
/** Front lost, middle won with quads, back won with a royal flush. */
const QUADS_ROYAL_A = ['2s 3h 4d', '9s 9h 9d 9c 2h', 'Tc Jc Qc Kc Ac'] as const;
const QUADS_ROYAL_B = ['Ah Kd 5s', 'Js Jh 3c 4c 6d', 'Ts Th Td 3s 3d'] as const;

interface PresetCase {
  readonly preset: string;
  readonly why: string;
  readonly seats: readonly SeatSpec[];
  readonly pairs: readonly (readonly [number, number, number])[];
}

const CASES: readonly PresetCase[] = [
  // RULES.md s12 basic (004): 1 a segment, no scoop bonus: the 003 example gives 3 for a scoop.
  { preset: 'basic', why: 'scoop earns nothing extra', seats: EXAMPLE_003.map(set), pairs: [[2, 3, 3]] },
  // RULES.md s12 western (000): majority +1.
  { preset: 'western', why: 'majority bonus', seats: [set(WESTERN_A), set(WESTERN_B)], pairs: [[1, 2, 2]] },
  // RULES.md s12 western (000): a scoop is worth 4 (3 + majority).
  { preset: 'western', why: 'scoop = 4', seats: [set(SHOT_A), set(SHOT_B)], pairs: [[1, 2, 4]] },
  // RULES.md s12 eastern (000): the bonus replaces the point.
  { preset: 'eastern', why: 'bonus replaces the point', seats: [set(EASTERN_A), set(EASTERN_B)], pairs: [[1, 2, 6]] },
  // RULES.md s12 mandarin (000): shot doubles, bonus added after.
  { preset: 'mandarin', why: 'shot 2 x 3 + 3', seats: [set(SHOT_A), set(SHOT_B)], pairs: [[1, 2, 9]] },
  // RULES.md s12 mandarin-house (002): middle quads 8 and back straight flush 5 added; front lost: -1 + 9 + 6.
  { preset: 'mandarin-house', why: 'casino table added', seats: [set(QUADS_ROYAL_A), set(QUADS_ROYAL_B)], pairs: [[1, 2, 14]] },
  // RULES.md s12 special-hands (004): middle won with quads 4, back won with a royal 5, replacing the points; front lost -1.
  { preset: 'special-hands', why: 'special-hands table replaces the point', seats: [set(QUADS_ROYAL_A), set(QUADS_ROYAL_B)], pairs: [[1, 2, 8]] },
  // RULES.md s12 special-hands (004): front won with trips 3 (replacing the point), + 1 + 1, no scoop bonus.
  { preset: 'special-hands', why: 'trips in front 3 units', seats: [set(SHOT_A), set(SHOT_B)], pairs: [[1, 2, 5]] },
  // RULES.md s12 special-hands (004): dragon 13 above six pairs / three flushes 3.
  {
    preset: 'special-hands', why: 'naturals by rank',
    seats: [{ cards: DRAGON, natural: 'dragon' }, { cards: SIX_PAIRS, natural: 'six-pairs' }, { cards: THREE_FLUSHES, natural: 'three-flushes' }, set(NATURALS_REST_SET)],
    pairs: [[1, 2, 13], [2, 3, 0], [3, 4, 3]],
  },
  // RULES.md s12 scoop-double (003): naturals all worth 6 and of equal rank: dragon and three flushes push.
  {
    preset: 'scoop-double', why: 'naturals of equal rank 6',
    seats: [{ cards: DRAGON, natural: 'dragon' }, { cards: THREE_FLUSHES, natural: 'three-flushes' }, set(NATURALS_REST_SET)],
    pairs: [[1, 2, 0], [1, 3, 6], [2, 3, 6]],
  },
  // RULES.md s12 ofc (001): A scoops: 3 + 3 + royalties (7 + 4 + 4) - B's 1 = 20.
  { preset: 'ofc', why: 'scoop +3 and royalties netted', seats: [set(OFC_A), set(OFC_B_LOSES)], pairs: [[1, 2, 20]] },
  // RULES.md s10 (001): royalties paid whether or not the row is won: 2 - 1 + (15 - 7) = 9.
  { preset: 'ofc', why: 'royalties paid on a lost row', seats: [set(OFC_A), set(OFC_B_BACK)], pairs: [[1, 2, 9]] },
  // RULES.md s10 (001): a fouled hand pays 6 plus the opponent's royalties: 6 + 15.
  { preset: 'ofc', why: 'foul pays 6 + royalties', seats: [set(OFC_A), set(OFC_B_FOULED)], pairs: [[1, 2, 21]] },
  // RULES.md s12 ofc-standard: front trips 555 = 13 (ofc pays none), middle straight 4, back flush 4; A scoops: 6 + 21 = 27.
  { preset: 'ofc-standard', why: 'front trips royalty', seats: [set(SHOT_A), set(SHOT_B)], pairs: [[1, 2, 27]] },
];

describe('each preset through settleRecord', () => {
  it.each(CASES)('$preset: $why', (c) => {
    const r = settled(c.preset, c.seats);
    expect(r.profile).toEqual({ name: c.preset, version: 1 });
    for (const [a, b, points] of c.pairs) expect(pairPoints(r, a, b), `pair ${a}-${b}`).toBe(points);
  });

  it('covers every preset', () => {
    expect(new Set(CASES.map((c) => c.preset))).toEqual(new Set(PRESET_NAMES));
  });

  it('the default profile is mandarin-house when a record names no rules', () => {
    // RULES.md s12: mandarin-house (default).
    const r = settled(undefined, [set(SHOT_A), set(SHOT_B)]);
    expect(r.profile.name).toBe('mandarin-house');
    expect(pairPoints(r, 1, 2)).toBe(9);
  });

  it('ofc gives royalties and Fantasyland for queens in front, not to a player already in Fantasyland', () => {
    // RULES.md s10 (001): QQ+ front without fouling; not again while in Fantasyland.
    const r = settled('ofc', [set(OFC_A), set(OFC_B_LOSES)]);
    expect(r.royalties).toEqual({ 1: { front: 7, middle: 4, back: 4, total: 15 }, 2: { front: 1, middle: 0, back: 0, total: 1 } });
    expect(r.fantasyland).toEqual([1]);
    const again = settled('ofc', [{ set: OFC_A, fantasyland: true }, set(OFC_B_LOSES)]);
    expect(again.fantasyland).toEqual([]);
    const fouled = settled('ofc', [set(OFC_A), set(OFC_B_FOULED)]);
    expect(fouled.fantasyland).toEqual([1]); // seat 2's aces in front do not count: fouled
    expect(fouled.royalties).toEqual({ 1: { front: 7, middle: 4, back: 4, total: 15 } });
  });
});
