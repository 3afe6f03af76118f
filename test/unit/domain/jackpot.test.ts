/**
 * Jackpot hands (RULES.md section 11, seed 002: "if two players qualify for a jackpot hand, the
 * lower hand is disqualified"; "players who show or discuss their hands ... may lose a jackpot").
 * Decisions where the sheet is silent are in docs/profiles.md, "Jackpot hands".
 */
import { describe, expect, it } from 'vitest';
import { weakestValue } from '../../../app/domain/hand-keys';
import { valueOfCards } from '../../../app/domain/evaluate';
import { parseCards } from '../../../app/domain/cards';
import { presetJson, validateProfile } from '../../../app/domain/profiles';
import { settleRecord } from '../../../app/domain/settle';
import { unwrap } from '../../../app/domain/result';

/** mandarin-house with the house's jackpot hands, highest first. */
function houseRules(hands: unknown): Record<string, unknown> {
  return { ...presetJson('mandarin-house'), name: 'mandarin-jackpot', jackpot: { hands } };
}

const STRAIGHT_FLUSH_BACK = { segment: 'back', atLeast: 'straight-flush' };
const QUADS_BACK = { segment: 'back', atLeast: 'quads' };

// Valid settings (front <= middle <= back); the hands of one record share no card.
const SF_NINE = ['2c 3d 4h', 'Kc Kh Ks 7c 7d', '5s 6s 7s 8s 9s'] as const; // straight flush, nine high
const SF_NINE_HEARTS = ['2d 3c 4d', 'Qc Qd Qs Tc Td', '5h 6h 7h 8h 9h'] as const; // the same value
const SF_KING = ['2s 3s 4c', 'Ac Ah As 6h 6d', '9d Td Jd Qd Kd'] as const; // straight flush, king high
const QUADS_JACKS = ['2h 3h 5c', '8c 8d 8h 4s 4d', 'Jc Jd Jh Js 3c'] as const; // four jacks
const PLAIN = ['Qc Qh 2d', 'Tc Th 5d 5h 9c', 'Jc Jh Js 8c 8d'] as const; // nothing qualifies

function rec(rules: unknown, sets: readonly (readonly [string, string, string])[], extra: Record<number, Record<string, unknown>> = {}) {
  return {
    rules,
    seats: sets.map(([front, middle, back], i) => ({ seat: i + 1, front, middle, back, ...extra[i + 1] })),
  };
}

describe('weakestValue: the least hand a key describes', () => {
  // Every key's weakest hand, built by hand; the evaluator's value of it must equal weakestValue.
  const CASES: [string, 'front' | 'middle' | 'back', string][] = [
    ['pair', 'front', '2s 2h 3c'],
    ['pair-Q', 'front', 'Qs Qh 2c'],
    ['trips', 'front', '2s 2h 2c'],
    ['pair-K', 'back', 'Ks Kh 2c 3d 4s'],
    ['two-pair', 'back', '3s 3h 2c 2d 4s'],
    ['two-pair-J', 'middle', 'Js Jh 2c 2d 3s'],
    ['trips-7', 'back', '7s 7h 7c 2d 3s'],
    ['straight', 'back', 'As 2h 3c 4d 5s'],
    ['flush', 'back', '2s 3s 4s 5s 7s'],
    ['full-house', 'back', '2s 2h 2c 3d 3s'],
    ['full-house-2', 'back', '2s 2h 2c 3d 3s'],
    ['full-house-K', 'back', 'Ks Kh Kc 2d 2s'],
    ['quads', 'back', '2s 2h 2c 2d 3s'],
    ['quads-A', 'middle', 'As Ah Ac Ad 2s'],
    ['straight-flush', 'back', 'As 2s 3s 4s 5s'],
    ['royal-flush', 'back', 'Ts Js Qs Ks As'],
  ];
  it.each(CASES)('%s in the %s is %s', (key, segment, cards) => {
    expect(weakestValue(key, segment)).toBe(valueOfCards(unwrap(parseCards(cards))));
  });

  it('is below every stronger hand of the kind and above the kind under it', () => {
    const v = (cards: string) => valueOfCards(unwrap(parseCards(cards)));
    expect(v('3s 3h 3c 2d 4s')).toBeGreaterThan(weakestValue('trips', 'back'));
    expect(v('Ks Qs Js Ts 8s')).toBeLessThan(weakestValue('straight-flush', 'back'));
    expect(v('Qs Qh Qc Ad Ah')).toBeLessThan(weakestValue('full-house-K', 'back'));
    expect(v('As Ah Ac 2d 2h')).toBeGreaterThan(weakestValue('full-house-K', 'back'));
  });

  it('refuses a key that is not a hand', () => {
    expect(() => weakestValue('flush', 'front')).toThrow(/cannot be a front hand/);
    expect(() => weakestValue('five-of-a-kind', 'back')).toThrow(/not a bonus hand/);
  });
});

describe('the jackpot option of a profile', () => {
  it('is off (null) unless the house names hands', () => {
    expect(unwrap(validateProfile(presetJson('mandarin-house'))).jackpot).toBeNull();
    expect(unwrap(validateProfile(houseRules([STRAIGHT_FLUSH_BACK, { natural: 'dragon' }]))).jackpot)
      .toEqual({ hands: [STRAIGHT_FLUSH_BACK, { natural: 'dragon' }] });
  });

  const REFUSED: [string, unknown, string, string][] = [
    ['not an object', 'yes', 'bad-profile-value', 'jackpot'],
    ['an unknown key', { hands: [QUADS_BACK], pays: 1 }, 'unknown-profile-key', 'jackpot.pays'],
    ['no hands', { hands: [] }, 'bad-profile-value', 'jackpot.hands'],
    ['too many hands', { hands: new Array(21).fill(QUADS_BACK) }, 'bad-profile-value', 'jackpot.hands'],
    ['an entry that is not an object', { hands: ['quads'] }, 'bad-profile-value', 'jackpot.hands[0]'],
    ['an unknown natural', { hands: [{ natural: 'royal-dragon' }] }, 'bad-profile-value', 'jackpot.hands[0].natural'],
    ['a natural the profile does not play', { hands: [{ natural: 'pure-dragon' }] }, 'bad-profile-value', 'jackpot.hands[0].natural'],
    ['a natural entry with more keys', { hands: [{ natural: 'dragon', segment: 'back' }] }, 'unknown-profile-key', 'jackpot.hands[0].segment'],
    ['an unknown segment', { hands: [{ segment: 'top', atLeast: 'trips' }] }, 'bad-profile-value', 'jackpot.hands[0].segment'],
    ['a hand a front cannot hold', { hands: [{ segment: 'front', atLeast: 'quads' }] }, 'bad-profile-value', 'jackpot.hands[0].atLeast'],
    ['no hand named', { hands: [{ segment: 'back' }] }, 'bad-profile-value', 'jackpot.hands[0].atLeast'],
    ['an unknown entry key', { hands: [{ segment: 'back', atLeast: 'quads', of: 'A' }] }, 'unknown-profile-key', 'jackpot.hands[0].of'],
  ];
  it.each(REFUSED)('refuses %s, naming the key', (_, jackpot, code, path) => {
    const r = validateProfile({ ...presetJson('mandarin-house'), name: 'x', jackpot });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code, path });
  });

  it('refuses a middle entry under a lowball middle', () => {
    const r = validateProfile({ name: 'low', version: 1, lowballMiddle: true, jackpot: { hands: [{ segment: 'middle', atLeast: 'flush' }] } });
    expect(r.ok ? null : r.error).toMatchObject({ code: 'bad-profile-value', path: 'jackpot.hands[0].segment' });
  });
});

describe('settlement flags the jackpot hands of a deal', () => {
  const rules = houseRules([{ natural: 'dragon' }, STRAIGHT_FLUSH_BACK, QUADS_BACK]);

  it('is absent when the profile names no jackpot hands', () => {
    expect(unwrap(settleRecord(rec('mandarin-house', [SF_NINE, PLAIN]))).jackpot).toBeUndefined();
  });

  it('flags the one qualifying hand, in words', () => {
    expect(unwrap(settleRecord(rec(rules, [PLAIN, SF_NINE]))).jackpot).toEqual({
      qualifying: [{ seat: 2, entry: 1, hand: 'Straight flush, nine high in the back' }],
      standing: [2],
      disqualified: [],
    });
  });

  it('disqualifies the lower of two qualifying hands of the same kind (002)', () => {
    const j = unwrap(settleRecord(rec(rules, [SF_NINE, PLAIN, SF_KING]))).jackpot!;
    expect(j.qualifying.map((h) => h.seat)).toEqual([3, 1]);
    expect(j.standing).toEqual([3]);
    expect(j.disqualified).toEqual([{ seat: 1, reason: 'lower-hand', below: 3 }]);
  });

  it('ranks an earlier entry above a later one (the house lists them highest first)', () => {
    const j = unwrap(settleRecord(rec(rules, [QUADS_JACKS, SF_NINE]))).jackpot!;
    expect(j.standing).toEqual([2]);
    expect(j.disqualified).toEqual([{ seat: 1, reason: 'lower-hand', below: 2 }]);
    // "At least four of a kind" holds for a straight flush too: a house listing quads first
    // still ranks the straight flush higher, on the same entry, by its value.
    const quadsFirst = unwrap(settleRecord(rec(houseRules([QUADS_BACK, STRAIGHT_FLUSH_BACK]), [QUADS_JACKS, SF_NINE]))).jackpot!;
    expect(quadsFirst.qualifying).toEqual([
      { seat: 2, entry: 0, hand: 'Straight flush, nine high in the back' },
      { seat: 1, entry: 0, hand: 'Four of a kind, jacks in the back' },
    ]);
    expect(quadsFirst.standing).toEqual([2]);
  });

  it('ranks a natural and a segment hand by the house\'s order of entries', () => {
    const dragon = { seat: 1, cards: '2s 3h 4d 5c 6h 7h 8d 9c Ts Jh Qd Kd Ad', natural: 'dragon' };
    const sf = { seat: 2, front: SF_NINE[0], middle: SF_NINE[1], back: SF_NINE[2] };
    const dragonFirst = unwrap(settleRecord({ rules: houseRules([{ natural: 'dragon' }, STRAIGHT_FLUSH_BACK]), seats: [dragon, sf] })).jackpot!;
    expect(dragonFirst.standing).toEqual([1]);
    const sfFirst = unwrap(settleRecord({ rules: houseRules([STRAIGHT_FLUSH_BACK, { natural: 'dragon' }]), seats: [dragon, sf] })).jackpot!;
    expect(sfFirst.standing).toEqual([2]);
    expect(sfFirst.disqualified).toEqual([{ seat: 1, reason: 'lower-hand', below: 2 }]);
  });

  it('keeps equal hands both standing', () => {
    const j = unwrap(settleRecord(rec(rules, [SF_NINE, SF_NINE_HEARTS]))).jackpot!;
    expect(j.standing).toEqual([1, 2]);
    expect(j.disqualified).toEqual([]);
  });

  it('never flags a fouled or surrendered hand', () => {
    const r = unwrap(settleRecord({
      rules,
      seats: [
        // A straight flush in the back under a front that outranks its middle: fouled.
        { seat: 1, front: 'Qc Qs 2d', middle: '2h 3h 4d 5c 7c', back: SF_NINE[2] },
        { seat: 2, cards: SF_KING.join(' '), surrender: true },
      ],
    }));
    expect(r.fouled).toEqual([1]);
    expect(r.surrendered).toEqual([2]);
    expect(r.jackpot).toEqual({ qualifying: [], standing: [], disqualified: [] });
  });

  it('flags a verified natural, and the floor can disqualify it with a reason; the next hand then stands', () => {
    const dragon = '2s 3h 4d 5c 6h 7h 8d 9c Ts Jh Qd Kd Ad';
    const seats = [
      { seat: 1, cards: dragon, natural: 'dragon' },
      { seat: 2, front: SF_NINE[0], middle: SF_NINE[1], back: SF_NINE[2] },
    ];
    const plain = unwrap(settleRecord({ rules, seats })).jackpot!;
    expect(plain.qualifying).toEqual([
      { seat: 1, entry: 0, hand: 'Dragon' },
      { seat: 2, entry: 1, hand: 'Straight flush, nine high in the back' },
    ]);
    expect(plain.standing).toEqual([1]);
    const ruled = unwrap(settleRecord({ rules, seats: [{ ...seats[0], jackpotDisqualified: 'showed his hand to seat 3' }, seats[1]] })).jackpot!;
    expect(ruled.standing).toEqual([2]);
    expect(ruled.disqualified).toEqual([{ seat: 1, reason: 'floor', note: 'showed his hand to seat 3' }]);
  });

  it('refuses a disqualification where no jackpot is played, or without a reason', () => {
    const noJackpot = settleRecord({ rules: 'mandarin-house', seats: [{ seat: 1, front: PLAIN[0], middle: PLAIN[1], back: PLAIN[2], jackpotDisqualified: 'x' }, { seat: 2, front: SF_NINE[0], middle: SF_NINE[1], back: SF_NINE[2] }] });
    expect(noJackpot.ok ? null : noJackpot.error).toMatchObject({ code: 'jackpot-not-played', path: 'seats[0].jackpotDisqualified' });
    const blank = settleRecord({ rules, seats: [{ seat: 1, front: PLAIN[0], middle: PLAIN[1], back: PLAIN[2], jackpotDisqualified: ' ' }, { seat: 2, front: SF_NINE[0], middle: SF_NINE[1], back: SF_NINE[2] }] });
    expect(blank.ok ? null : blank.error).toMatchObject({ code: 'bad-record', path: 'seats[0].jackpotDisqualified' });
  });

  it('changes no other part of the result', () => {
    const sets = [PLAIN, SF_NINE, SF_KING];
    const withJackpot = unwrap(settleRecord(rec(rules, sets)));
    const without = unwrap(settleRecord(rec({ ...presetJson('mandarin-house'), name: 'mandarin-jackpot' }, sets)));
    const { jackpot, ...rest } = withJackpot;
    expect(jackpot).toBeDefined();
    expect(rest).toEqual(without);
  });
});
