/**
 * The `ofc-standard` preset (app/domain/presets/ofc-standard.json): RULES.md s12's row, "as
 * `ofc`, plus front trips 222 = 10, 333 = 11, ... AAA = 22; middle trips 2; middle royal flush
 * 50", each royalty checked on a real hand, and through settleRecord. The JSON is loaded with
 * the profile validator, so these tests hold whether or not the preset is registered yet; the
 * last one checks the registration.
 */
import { describe, expect, it } from 'vitest';
import { parseCards } from '../../../app/domain/cards';
import { describeValue, evaluate } from '../../../app/domain/evaluate';
import { getPreset, resolveProfile, segmentBonus, validateProfile } from '../../../app/domain/profiles';
import { unwrap } from '../../../app/domain/result';
import { settleRecord } from '../../../app/domain/settle';
import type { Segment } from '../../../app/domain/setting';
import ofcStandardJson from '../../../app/domain/presets/ofc-standard.json' with { type: 'json' };

const profile = unwrap(validateProfile(ofcStandardJson));
const ofc = getPreset('ofc')!;
const value = (text: string) => evaluate(unwrap(parseCards(text)));

/** [segment, hand, its description, royalty]; every row names the line of RULES.md it checks. */
const ROWS: readonly (readonly [Segment, string, string, number])[] = [
  // RULES.md s12 ofc-standard: front trips 222 = 10, 333 = 11, ... AAA = 22.
  ['front', '2s 2h 2d', 'Three of a kind, twos', 10],
  ['front', '3s 3h 3d', 'Three of a kind, threes', 11],
  ['front', '4s 4h 4d', 'Three of a kind, fours', 12],
  ['front', '5s 5h 5d', 'Three of a kind, fives', 13],
  ['front', '6s 6h 6d', 'Three of a kind, sixes', 14],
  ['front', '7s 7h 7d', 'Three of a kind, sevens', 15],
  ['front', '8s 8h 8d', 'Three of a kind, eights', 16],
  ['front', '9s 9h 9d', 'Three of a kind, nines', 17],
  ['front', 'Ts Th Td', 'Three of a kind, tens', 18],
  ['front', 'Js Jh Jd', 'Three of a kind, jacks', 19],
  ['front', 'Qs Qh Qd', 'Three of a kind, queens', 20],
  ['front', 'Ks Kh Kd', 'Three of a kind, kings', 21],
  ['front', 'As Ah Ad', 'Three of a kind, aces', 22],
  // RULES.md s12: middle trips 2; middle royal flush 50.
  ['middle', '7s 7h 7d Ks 2c', 'Three of a kind, sevens', 2],
  ['middle', 'As Ks Qs Js Ts', 'Royal flush', 50],
  // RULES.md s12 "as ofc" = s5 OFC royalties (001): front pair of sixes 1 ... aces 9.
  ['front', '5s 5h Ad', 'Pair of fives', 0],
  ['front', '6s 6h 2d', 'Pair of sixes', 1],
  ['front', '7s 7h 2d', 'Pair of sevens', 2],
  ['front', '8s 8h 2d', 'Pair of eights', 3],
  ['front', '9s 9h 2d', 'Pair of nines', 4],
  ['front', 'Ts Th 2d', 'Pair of tens', 5],
  ['front', 'Js Jh 2d', 'Pair of jacks', 6],
  ['front', 'Qs Qh 2d', 'Pair of queens', 7],
  ['front', 'Ks Kh 2d', 'Pair of kings', 8],
  ['front', 'As Ah 2d', 'Pair of aces', 9],
  ['front', 'As Kh Qd', 'Ace high', 0],
  // Middle straight 4, flush 8, full house 12, quads 20, straight flush 30.
  ['middle', 'Ks Kh 7d 7c 2s', 'Two pair, kings and sevens', 0],
  ['middle', '5s 6h 7d 8c 9s', 'Straight, nine high', 4],
  ['middle', '2h 6h 9h Jh Kh', 'Flush, king high', 8],
  ['middle', '3s 3h 3d Kc Ks', 'Full house, threes full of kings', 12],
  ['middle', '4s 4h 4d 4c Ks', 'Four of a kind, fours', 20],
  ['middle', '5d 6d 7d 8d 9d', 'Straight flush, nine high', 30],
  // Back straight 2, flush 4, full house 6, quads 10, straight flush 15, royal 25; trips nothing.
  ['back', '7s 7h 7d Ks 2c', 'Three of a kind, sevens', 0],
  ['back', 'As 2h 3d 4c 5s', 'Straight, five high', 2],
  ['back', '2h 6h 9h Jh Kh', 'Flush, king high', 4],
  ['back', '3s 3h 3d Kc Ks', 'Full house, threes full of kings', 6],
  ['back', '4s 4h 4d 4c Ks', 'Four of a kind, fours', 10],
  ['back', '5d 6d 7d 8d 9d', 'Straight flush, nine high', 15],
  ['back', 'Ah Kh Qh Jh Th', 'Royal flush', 25],
];

describe('ofc-standard: the royalties of RULES.md s12', () => {
  it.each(ROWS)('%s %s (%s): %i', (segment, hand, description, royalty) => {
    const v = value(hand);
    expect(describeValue(v)).toBe(description);
    expect(segmentBonus(profile, segment, v)).toBe(royalty);
  });

  it('differs from ofc only in the front trips, the middle trips and the middle royal flush', () => {
    // RULES.md s12: "as ofc" for scoring, scoop, Fantasyland, foul, surrender and naturals.
    const { name, title, source, bonuses, ...rest } = profile;
    const { name: _n, title: _t, source: _s, bonuses: ofcBonuses, ...ofcRest } = ofc;
    expect(name).toBe('ofc-standard');
    expect(title.length).toBeGreaterThan(0);
    expect(source).toMatch(/001/);
    expect(rest).toEqual(ofcRest);
    expect(bonuses.back).toEqual(ofcBonuses.back);
    const added = (table: Record<string, number>, base: Record<string, number>) => Object.fromEntries(Object.entries(table).filter(([k]) => !(k in base)));
    expect(added(bonuses.front, ofcBonuses.front)).toEqual({
      'trips-2': 10, 'trips-3': 11, 'trips-4': 12, 'trips-5': 13, 'trips-6': 14, 'trips-7': 15, 'trips-8': 16,
      'trips-9': 17, 'trips-T': 18, 'trips-J': 19, 'trips-Q': 20, 'trips-K': 21, 'trips-A': 22,
    });
    expect(added(bonuses.middle, ofcBonuses.middle)).toEqual({ trips: 2, 'royal-flush': 50 });
    for (const segment of ['front', 'middle'] as const) {
      for (const [key, points] of Object.entries(ofcBonuses[segment])) expect(bonuses[segment][key], `${segment} ${key}`).toBe(points);
    }
  });

  it('under ofc the same hands pay what seed 001 lists: no front trips, no middle trips, a middle royal as a straight flush', () => {
    // docs/profiles.md "OFC front trips" and RULES.md s5 OFC royalties (001).
    expect(segmentBonus(ofc, 'front', value('As Ah Ad'))).toBe(0);
    expect(segmentBonus(ofc, 'middle', value('7s 7h 7d Ks 2c'))).toBe(0);
    expect(segmentBonus(ofc, 'middle', value('As Ks Qs Js Ts'))).toBe(30);
  });

  it('settles with the royalties netted, paid whether or not the row is won (RULES.md s10)', () => {
    // A: front trips twos 10, middle trips sevens 2, back flush 4 = 16. B: front pair of kings
    // 8, middle two pair 0, back full house 6 = 14. A wins front and middle, B the back:
    // 1 + 1 - 1 + (16 - 14) = 3.
    const seats = [
      { seat: 1, front: '2s 2h 2d', middle: '7s 7h 7d Kc 3d', back: '3h 6h 9h Jh Qh' },
      { seat: 2, front: 'Ks Kh 3c', middle: 'Qs Qd 8s 8d 4c', back: 'Ts Td Tc 5s 5d' },
    ];
    const r = unwrap(settleRecord({ rules: ofcStandardJson, seats }));
    expect(r.royalties).toEqual({ 1: { front: 10, middle: 2, back: 4, total: 16 }, 2: { front: 8, middle: 0, back: 6, total: 14 } });
    expect(r.pairs[0]).toMatchObject({ a: 1, b: 2, points: 3 });
    // Front trips earn Fantasyland (queens or better in the front, as ofc).
    expect(r.fantasyland).toEqual([1, 2]);
  });

  it('a fouled hand pays 6 plus the opponent\'s royalties, the middle royal flush\'s 50 included (RULES.md s10)', () => {
    const seats = [
      { seat: 1, front: '2s 2h 2d', middle: 'As Ks Qs Js Ts', back: 'Ac Kc Qc Jc Tc' },
      { seat: 2, front: 'Ah Ad 3c', middle: '9h 8c 4c 5s 7d', back: 'Kh Kd 6c 6d 3h' },
    ];
    const r = unwrap(settleRecord({ rules: ofcStandardJson, seats }));
    expect(r.fouled).toEqual([2]);
    // Seat 1 counts as winning all three rows (3 + scoop 3) and is paid its royalties: 10 + 50 + 25.
    expect(r.pairs[0].points).toBe(6 + 10 + 50 + 25);
  });

  it('is registered as a preset (resolveProfile("ofc-standard") gives this JSON)', () => {
    // Needs the preset's line in app/domain/profiles.ts (PRESET_NAMES and its JSON import).
    const r = resolveProfile('ofc-standard');
    expect(r.ok && r.value).toEqual(profile);
  });
});
