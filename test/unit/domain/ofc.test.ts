/**
 * OFC (RULES.md section 10, seed 001): royalties per row and Fantasyland. The OFC scoring
 * figures through settleRecord are in golden/presets.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { parseCards } from '../../../app/domain/cards';
import { fantasylandNextHand, qualifiesForFantasyland, royaltiesOf } from '../../../app/domain/ofc';
import { getPreset } from '../../../app/domain/profiles';
import { unwrap } from '../../../app/domain/result';
import type { ScoredHand } from '../../../app/domain/scoring';
import { checkSetting } from '../../../app/domain/setting';

const ofc = getPreset('ofc')!;

function scored(seat: number, front: string, middle: string, back: string): ScoredHand {
  const v = unwrap(checkSetting({ front: unwrap(parseCards(front)), middle: unwrap(parseCards(middle)), back: unwrap(parseCards(back)) }));
  return v.fouled ? { seat, status: 'fouled', reason: v.reason } : { seat, status: 'set', values: v.values, descriptions: v.descriptions };
}

describe('royaltiesOf (RULES.md s5, OFC royalties 001)', () => {
  // [why, front, middle, back, front royalty, middle royalty, back royalty]
  const CASES: [string, string, string, string, number, number, number][] = [
    ['nothing', 'Ks 7h 2c', 'As Ad 3c 4c 6d', 'Kd Kc 3d 3s 7s', 0, 0, 0],
    ['sixes 1, middle straight 4, back flush 4', '6s 6h 2c', '5d 6c 7h 8s 9d', '2h 4h 9h Jh Kh', 1, 4, 4],
    ['aces 9, middle flush 8, back full house 6', 'As Ah 2c', '2d 5d 8d Td Qd', '3s 3h 3c Ks Kd', 9, 8, 6],
    ['kings 8, middle full house 12, back quads 10', 'Ks Kh 2c', '3s 3h 3c 4s 4d', '9s 9h 9d 9c 2d', 8, 12, 10],
    ['queens 7, middle quads 20, back straight flush 15', 'Qs Qh 2c', '3s 3h 3c 3d 4d', '5h 6h 7h 8h 9h', 7, 20, 15],
    ['jacks 6, middle straight flush 30, back royal 25', 'Jc Jh 2h', '5d 6d 7d 8d 9d', 'Ts Js Qs Ks As', 6, 30, 25],
    ['sevens 2 in front', '7s 7h 2c', '9s 9h 3c 4s 5d', 'As Ah 6c 6s 8d', 2, 0, 0],
    ['back straight 2', '2s 3h 5c', '9s 9h 3c 4s 8d', 'Tc Jd Qh Ks Ad', 0, 0, 2],
  ];
  it.each(CASES)('%s', (_why, front, middle, back, f, m, b) => {
    const h = scored(1, front, middle, back);
    expect(h.status).toBe('set');
    if (h.status !== 'set') return;
    expect(royaltiesOf(ofc, h.values)).toEqual({ front: f, middle: m, back: b, total: f + m + b });
  });

  it.each([['8s 8h 2c', 3], ['9s 9h 2c', 4], ['Ts Th 2c', 5]])('front %s earns %i', (front, points) => {
    const h = scored(1, front, 'As Ad 3c 4c 6d', 'Ks Kd Kc 3d 3s');
    if (h.status !== 'set') throw new Error('fixture fouled');
    expect(royaltiesOf(ofc, h.values).front).toBe(points);
  });
});

describe('Fantasyland (RULES.md s10, 001)', () => {
  const qq = scored(1, 'Qs Qh 2c', '5d 6c 7h 8s 9d', '2h 4h 9h Jh Kh');
  const jj = scored(2, 'Js Jh 2c', '5s 6d 7c 8c 9s', '3h 5h Th Qh Ah');
  const trips = scored(3, '2s 2h 2d', '5h 6h 7d 8d 9c', 'Ts Tc Td 4s 4d');
  const fouledAces = scored(4, 'As Ah 3c', 'Ts 9c 4c 5s 8c', 'Ac Ad Kc Kd 3h');
  it('queens or better in front, not fouled, earns Fantasyland next hand', () => {
    expect(qualifiesForFantasyland(ofc, qq, false)).toBe(true);
    expect(qualifiesForFantasyland(ofc, jj, false)).toBe(false);
    // Trips beat a pair of queens on the front scale: "queens or better".
    expect(qualifiesForFantasyland(ofc, trips, false)).toBe(true);
    expect(fouledAces.status).toBe('fouled');
    expect(qualifiesForFantasyland(ofc, fouledAces, false)).toBe(false);
  });
  it('not again while in Fantasyland', () => {
    expect(qualifiesForFantasyland(ofc, qq, true)).toBe(false);
    expect(fantasylandNextHand(ofc, [qq, jj, trips, fouledAces], new Set([3]))).toEqual([1]);
    expect(fantasylandNextHand(ofc, [qq, jj, trips, fouledAces], new Set())).toEqual([1, 3]);
  });
  it('never under a profile without Fantasyland', () => {
    expect(qualifiesForFantasyland(getPreset('mandarin-house')!, qq, false)).toBe(false);
  });
});
