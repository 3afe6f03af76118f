/**
 * Golden figures: every worked figure of RULES.md section 5, the foul figures of section 4,
 * surrender (section 6) and naturals (section 7), each through settleRecord with real cards.
 */
import { describe, expect, it } from 'vitest';
import {
  CASINO_SCOOP_A, CASINO_SCOOP_B, CASINO_TWO_OF_THREE_A, CASINO_TWO_OF_THREE_B, DRAGON, EASTERN_A, EASTERN_B,
  EXAMPLE_003, HOMERUN_A_TRIPS, HOMERUN_B, HOMERUN_C, HOMERUN_D, HOMERUN_D_FOULED,
  NATURALS_REST_FOULED, NATURALS_REST_SET, SHOT_A, SHOT_B, SIX_PAIRS, THREE_FLUSHES,
  pairPoints, record, settled, type SeatSpec,
} from './fixtures';
import { settleRecord } from '../../../../app/domain/settle';
import { WORKED_EXAMPLES, exampleRecord } from '../../../../app/domain/rule-book';
import { unwrap } from '../../../../app/domain/result';
import { getPreset } from '../../../../app/domain/profiles';

const set = (s: readonly [string, string, string]): SeatSpec => ({ set: s });

describe('RULES.md section 5 worked figures', () => {
  // The figures, their hands and the preset the book states each for are the domain's
  // (app/domain/rule-book.ts, which the house-rules preview scores); each must come out exactly so.
  it.each(WORKED_EXAMPLES.map((e) => [e.id, e] as const))('%s', (_, ex) => {
    const r = unwrap(settleRecord(exampleRecord(ex, ex.preset)));
    for (const [a, b, points] of ex.pairs) expect(pairPoints(r, a, b), `pair ${a}-${b}`).toBe(points);
    expect(Object.values(r.points).reduce((s, x) => s + x, 0)).toBe(0);
  });

  it('lists every figure of section 5', () => {
    expect(WORKED_EXAMPLES.map((e) => [e.preset, e.pairs[0][2]])).toEqual([
      ['western', 2], ['eastern', 6], ['mandarin', 9], ['mandarin', 12], ['mandarin-house', 6], ['mandarin-house', 11], ['mandarin-house', 9],
      ['basic', -1], ['scoop-double', -1],
    ]);
  });

  it('the 003 example totals: +1 +5 -3 -3, and with scoop doubling seat 2 at +8', () => {
    // RULES.md s5, 003: "seat 1 +1, seat 2 +5 (scoops seat 3: +3), seat 3 -3, seat 4 -3".
    expect(settled('basic', EXAMPLE_003.map(set)).points).toEqual({ 1: 1, 2: 5, 3: -3, 4: -3 });
    expect(settled('scoop-double', EXAMPLE_003.map(set)).points).toEqual({ 1: 1, 2: 8, 3: -6, 4: -3 });
  });

  it('the 003 fixtures are the hands the sheet describes', () => {
    // RULES.md s5, 003: back / middle / front per seat.
    const r = settled('basic', EXAMPLE_003.map(set));
    const d = (seat: number) => r.hands[String(seat)].descriptions!;
    expect(d(1)).toMatchObject({ back: expect.stringMatching(/^Full house/), middle: 'Two pair, eights and sevens', front: 'King high' });
    expect(d(2)).toMatchObject({ back: 'Flush, nine high', middle: 'Straight, king high', front: 'Pair of twos' });
    expect(d(3)).toMatchObject({ back: 'Straight, ace high', middle: 'Two pair, queens and fives', front: 'Ten high' });
    expect(d(4)).toMatchObject({ back: 'Two pair, aces and fours', middle: 'Pair of jacks', front: 'Pair of nines' });
  });

  it('the worked-figure fixtures hold the hands the figures name', () => {
    const back = (seats: SeatSpec[], rules = 'mandarin-house') => settled(rules, seats).hands['1'].descriptions!;
    expect(back([set(EASTERN_A), set(EASTERN_B)]).back).toMatch(/^Four of a kind/);
    expect(back([set(SHOT_A), set(SHOT_B)]).front).toMatch(/^Three of a kind/);
    expect(back([set(CASINO_SCOOP_A), set(CASINO_SCOOP_B)]).back).toMatch(/^Straight flush/);
    expect(back([set(CASINO_TWO_OF_THREE_A), set(CASINO_TWO_OF_THREE_B)]).back).toMatch(/^Straight flush/);
  });

  it('the homerun is flagged on each of the three pairs and 000 breaks 12 into 9 + 3', () => {
    // RULES.md s5, Mandarin homerun (000): "9 + 3 = 12"; bonuses are not multiplied.
    const r = settled('mandarin', [set(HOMERUN_A_TRIPS), set(HOMERUN_B), set(HOMERUN_C), set(HOMERUN_D)]);
    expect(r.homeruns).toEqual([1]);
    for (const p of r.pairs.filter((x) => x.a === 1)) {
      expect(p).toMatchObject({ homerun: 1, scoop: 1, parts: { segments: 3, scoop: 6, bonuses: 3 } });
    }
  });

  it('the shot is not a homerun at a two-handed table (000: four-handed only)', () => {
    // RULES.md s5: homerun needs four players.
    const r = settled('mandarin', [set(SHOT_A), set(SHOT_B)]);
    expect(r.homeruns).toEqual([]);
    expect(r.pairs[0]).toMatchObject({ scoop: 1, homerun: null, parts: { segments: 3, scoop: 3, bonuses: 3 } });
  });
});

describe('RULES.md section 4 foul figures', () => {
  const fouledB = ['As Ad 2c', '3s 4d 6h 8c Tc', 'Ks Kd 9h 9d 5c'] as const; // pair of aces over ten high
  const validA = ['Qh Jh 2d', '3c 3h 7c 7d 8s', 'Jc Js Jd 4c 4h'] as const; // no bonus hand in any table
  const trips = SHOT_A; // trips in front, no other bonus hand
  const fouledVsTrips = ['As Ad 2c', '3s 4d 6h 8c Td', 'Ks Kd 9h 9d 5c'] as const;
  const cases: { name: string; rules: unknown; a: readonly [string, string, string]; b: readonly [string, string, string]; points: number }[] = [
    // RULES.md s4: under the basic 1-point rule a foul pays 3.
    { name: 'basic: 3', rules: 'basic', a: validA, b: fouledB, points: 3 },
    // RULES.md s4 (000): under the Western rule 4 (3 + majority).
    { name: 'western: 4', rules: 'western', a: validA, b: fouledB, points: 4 },
    // RULES.md s4 (002, 003): with scoop doubling 6.
    { name: 'scoop-double: 6', rules: 'scoop-double', a: validA, b: fouledB, points: 6 },
    // RULES.md s4 (002): "pays 6 points to all other players plus bonus hands": 6 + 3 for trips in front.
    { name: 'mandarin-house: 6 + bonuses', rules: 'mandarin-house', a: trips, b: fouledVsTrips, points: 9 },
    // RULES.md s4 (000) with the Eastern rule: the front won with trips scores only its bonus: 3 + 1 + 1.
    { name: 'eastern: bonus replaces the point', rules: 'eastern', a: trips, b: fouledVsTrips, points: 5 },
    // RULES.md s4: profile option, a fixed foul penalty instead.
    { name: 'fixed penalty 5', rules: { name: 'fixed-foul', version: 1, foul: { kind: 'fixed', points: 5 } }, a: trips, b: fouledVsTrips, points: 5 },
  ];
  it.each(cases)('$name', (c) => {
    const r = settled(c.rules, [{ set: c.a }, { set: c.b }]);
    expect(r.fouled).toEqual([2]);
    expect(r.fouls['2']).toMatch(/front .* is higher than middle/);
    expect(pairPoints(r, 1, 2)).toBe(c.points);
  });

  it('a segment with the wrong count but 13 cards is a foul, not an error (issue 2 s3)', () => {
    // RULES.md s4: a segment with the wrong number of cards.
    const r = settled('basic', [{ set: validA }, { set: ['As Ad 2c 3s', '4d 6h 8c Tc', 'Ks Kd 9h 9d 5c'] }]);
    expect(r.fouled).toEqual([2]);
    expect(r.fouls['2']).toMatch(/wrong number of cards: front 4, middle 4, back 5/);
    expect(pairPoints(r, 1, 2)).toBe(3);
  });

  it('two fouled hands score 0 against each other', () => {
    // RULES.md s4: "collects nothing; two fouled hands score 0 against each other".
    const other = ['Kh Kc 3d', '2s 4s 6s 8d 9c', 'Qs Qc Qd 7h 7s'] as const; // pair of kings over 9 high
    const r = settled('mandarin-house', [{ set: fouledB }, { set: other }, { set: validA }]);
    expect(r.fouled).toEqual([1, 2]);
    expect(pairPoints(r, 1, 2)).toBe(0);
    expect(r.pairs.find((p) => p.a === 1 && p.b === 2)?.outcome).toBe('both-fouled');
    expect(pairPoints(r, 3, 1)).toBe(6);
    expect(pairPoints(r, 3, 2)).toBe(6);
  });

  it('a fouled hand pays the super bonus: the homerun hand collects 12 from it (mandarin-house)', () => {
    // RULES.md s4 (002): "all bonus hands ... including super bonus hands"; s5: a fouled opponent counts as scooped.
    const r = settled('mandarin-house', [set(HOMERUN_A_TRIPS), set(HOMERUN_B), set(HOMERUN_C), set(HOMERUN_D_FOULED)]);
    expect(r.fouled).toEqual([4]);
    expect(r.homeruns).toEqual([1]);
    expect(pairPoints(r, 1, 2)).toBe(12);
    expect(pairPoints(r, 1, 3)).toBe(12);
    expect(pairPoints(r, 1, 4)).toBe(12); // 3 x 3 + 3 trips
    expect(pairPoints(r, 2, 4)).toBe(6); // seat 2 has no bonus hand and no homerun
    expect(pairPoints(r, 3, 4)).toBe(6);
  });

  it('a fouled hand pays the opponent bonus hands in every segment', () => {
    // RULES.md s4: "the opponent's own bonus hands included"; quads back 4 + full house middle 2.
    const strong = ['Qs Qh 2d', '8s 8h 8d 3c 3h', '7s 7h 7d 7c 2h'] as const;
    const r = settled('mandarin-house', [{ set: strong }, { set: fouledB }]);
    expect(pairPoints(r, 1, 2)).toBe(6 + 2 + 4);
  });
});

describe('RULES.md section 6 surrender', () => {
  it('pays every other live player the penalty, a natural holder included; two surrendered owe 0', () => {
    // RULES.md s6 (000): 3 points each; Decision: a natural holder gets exactly the penalty.
    const r = settled('mandarin-house', [
      { cards: DRAGON, natural: 'dragon' },
      { cards: SIX_PAIRS, surrender: true },
      { cards: THREE_FLUSHES, surrender: true },
      { set: NATURALS_REST_SET },
    ]);
    expect(r.surrendered).toEqual([2, 3]);
    expect(pairPoints(r, 2, 1)).toBe(-3);
    expect(pairPoints(r, 3, 1)).toBe(-3);
    expect(pairPoints(r, 2, 3)).toBe(0);
    expect(pairPoints(r, 2, 4)).toBe(-3);
    expect(pairPoints(r, 1, 4)).toBe(13);
    expect(r.points).toEqual({ 1: 19, 2: -6, 3: -6, 4: -7 });
  });

  it('is refused when the stack cannot cover the whole penalty', () => {
    // RULES.md s6: "only if the chips in front of him cover the whole penalty".
    const rec = record('mandarin-house', [
      { set: EXAMPLE_003[0] }, { set: EXAMPLE_003[1], stack: 599, surrender: true }, { set: EXAMPLE_003[2] },
    ], { pointValue: 100 });
    const r = settleRecord(rec);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('surrender-not-covered');
      expect(r.error.message).toContain('seats[1].surrender');
      expect(r.error.message).toContain('600');
    }
    const enough = settleRecord(record('mandarin-house', [
      { set: EXAMPLE_003[0] }, { set: EXAMPLE_003[1], stack: 600, surrender: true }, { set: EXAMPLE_003[2] },
    ], { pointValue: 100 }));
    expect(enough.ok).toBe(true);
  });
});

describe('RULES.md section 7 naturals', () => {
  const four = (rest: SeatSpec): SeatSpec[] => [
    { cards: DRAGON, natural: 'dragon' },
    { cards: SIX_PAIRS, natural: 'six-pairs' },
    { cards: THREE_FLUSHES, natural: 'three-flushes' },
    rest,
  ];
  it('equal rank pushes, higher rank collects its points, each collects from a set hand', () => {
    // RULES.md s7 (002): Dragon 13 above Six Pairs / Three Flushes 4, which push between themselves.
    const r = settled('mandarin-house', four({ set: NATURALS_REST_SET }));
    expect(r.naturals).toEqual({ 1: 'dragon', 2: 'six-pairs', 3: 'three-flushes' });
    expect(pairPoints(r, 1, 2)).toBe(13);
    expect(pairPoints(r, 1, 3)).toBe(13);
    expect(pairPoints(r, 2, 3)).toBe(0);
    expect(r.pairs.find((p) => p.a === 2 && p.b === 3)?.outcome).toBe('naturals-push');
    expect(pairPoints(r, 2, 4)).toBe(4);
    expect(r.points).toEqual({ 1: 39, 2: -9, 3: -9, 4: -21 });
    expect(r.homeruns).toEqual([]);
  });

  it('collects its points from a fouled hand, nothing more', () => {
    // RULES.md s7: "collects its points from every other live hand, fouled or not".
    const r = settled('mandarin-house', four({ set: NATURALS_REST_FOULED }));
    expect(r.fouled).toEqual([4]);
    expect(pairPoints(r, 1, 4)).toBe(13);
    expect(pairPoints(r, 3, 4)).toBe(4);
    expect(r.points).toEqual({ 1: 39, 2: -9, 3: -9, 4: -21 });
  });

  it('a surrendered player pays the natural holder the penalty, not the natural points', () => {
    // RULES.md s6 Decision.
    const r = settled('mandarin-house', four({ set: NATURALS_REST_SET, surrender: true }));
    expect(pairPoints(r, 1, 4)).toBe(3);
    expect(pairPoints(r, 2, 4)).toBe(3);
    expect(r.points).toEqual({ 1: 29, 2: -10, 3: -10, 4: -9 });
  });

  it('mandarin ranks: the dragon (rank 3) collects 13 from six pairs (rank 5); the proof of three flushes is shown', () => {
    // RULES.md s12, mandarin: dragon 13 (3), six-pairs 3 (5), three-flushes 3 (5).
    const r = settled('mandarin', four({ set: NATURALS_REST_SET }));
    expect(pairPoints(r, 1, 2)).toBe(13);
    expect(pairPoints(r, 2, 3)).toBe(0);
    expect(pairPoints(r, 3, 4)).toBe(3);
    expect(r.naturalProofs['3']).toMatchObject({ name: 'three-flushes', arrangement: { front: '8h 7h 6h' } });
  });

  it('a false declaration fouls the hand by default', () => {
    // RULES.md s7: "A false declaration: the hand is treated as fouled."
    const r = settled('mandarin-house', [{ cards: SIX_PAIRS, natural: 'three-flushes' }, { set: NATURALS_REST_SET }]);
    expect(r.fouled).toEqual([1]);
    expect(r.falseNaturals['1']).toMatchObject({ declared: 'three-flushes', playedAs: 'foul' });
    expect(r.fouls['1']).toMatch(/false declaration of three-flushes/);
    expect(pairPoints(r, 2, 1)).toBe(6);
  });

  it('profile option: a false declaration plays the hand as set', () => {
    // RULES.md s7 Decision, profile option "play the hand as set instead".
    const house = { ...getPreset('mandarin-house'), name: 'house-lenient', falseNatural: 'play-as-set' };
    const r = settled(house, [{ set: EXAMPLE_003[1], natural: 'six-pairs' }, { set: EXAMPLE_003[2] }]);
    expect(r.fouled).toEqual([]);
    expect(r.falseNaturals['1']).toMatchObject({ declared: 'six-pairs', playedAs: 'set' });
    expect(pairPoints(r, 1, 2)).toBe(6); // seat 2 of the 003 example scoops seat 3
    const unset = settled(house, [{ cards: SIX_PAIRS, natural: 'three-flushes' }, { set: NATURALS_REST_SET }]);
    expect(unset.fouled).toEqual([1]);
    expect(unset.fouls['1']).toMatch(/no setting given/);
  });
});
