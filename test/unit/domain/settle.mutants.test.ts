/**
 * settleRecord and settleShowdown (docs/settle.md) at their branches: false naturals under
 * both profile rules, with and without a setting; a better natural than the one declared, with
 * and without its arrangement; typed data (settleShowdown) checked in full; money beyond exact
 * integers per pair and per seat; the seat-keyed parts for two, three and four seats in any
 * numbering; OFC royalties and Fantasyland; the jackpot and the floor's disqualifications.
 * Each expected value is worked in its comment.
 */
import { describe, expect, it } from 'vitest';
import { parseCards } from '../../../app/domain/cards';
import { presetJson } from '../../../app/domain/profiles';
import { unwrap } from '../../../app/domain/result';
import { settleRecord, settleShowdown } from '../../../app/domain/settle';
import { parseShowdown } from '../../../app/domain/showdown';
import {
  DRAGON, EXAMPLE_003, NATURALS_REST_FOULED, NATURALS_REST_SET, OFC_A, OFC_B_BACK, OFC_B_FOULED, SIX_PAIRS, THREE_FLUSHES, record,
} from './golden/fixtures';

const [S1, S2, S3, S4] = EXAMPLE_003;
const cards = (text: string) => unwrap(parseCards(text));
const seat = (n: number, s: readonly [string, string, string], extra: Record<string, unknown> = {}) => ({ seat: n, front: s[0], middle: s[1], back: s[2], ...extra });
/** mandarin-house, but a false natural is played as set (RULES.md s7, profile option). */
const PLAY_AS_SET = { ...presetJson('mandarin-house'), name: 'play-as-set', falseNatural: 'play-as-set' };
/** Why DRAGON's 13 cards hold no six pairs (naturals.ts words it): not a single pair. */
const NO_SIX_PAIRS = 'no six pairs: not a single pair';
/** A legal setting of 13 cards that the three-flushes-and-six-pairs hand below does not hold. */
const CLUBS: [string, string, string] = ['4s 3s 2s', 'Tc 8c 7c 6c 5c', 'Ac Kc Qc Jc 9c'];

describe('a false declaration (RULES.md s7)', () => {
  it('fouled under mandarin-house: the reason, the view of the cards laid down', () => {
    const r = unwrap(settleRecord({ seats: [{ seat: 1, cards: DRAGON, natural: 'six-pairs' }, seat(2, NATURALS_REST_SET)] }));
    expect(r.fouled).toEqual([1]);
    expect(r.fouls).toEqual({ 1: `false declaration of six-pairs: ${NO_SIX_PAIRS}` });
    expect(r.falseNaturals).toEqual({ 1: { declared: 'six-pairs', reason: NO_SIX_PAIRS, playedAs: 'foul' } });
    expect(r.hands['1']).toEqual({ status: 'fouled', cards: DRAGON });
    expect(r.naturals).toEqual({});
    expect(r.naturalProofs).toEqual({});
    // Seat 2 scores as if it won all three: 3, doubled (mandarin-house) = 6, no bonus hands.
    expect(r.points).toEqual({ 1: -6, 2: 6 });
  });

  it('fouled, with its setting shown when one was given', () => {
    const r = unwrap(settleRecord({ seats: [seat(1, S1, { natural: 'six-pairs' }), seat(2, S2)] }));
    expect(r.hands['1']).toEqual({ status: 'fouled', front: S1[0], middle: S1[1], back: S1[2] });
    expect(r.falseNaturals['1']).toMatchObject({ declared: 'six-pairs', playedAs: 'foul' });
  });

  it('played as set under the profile option: scored as the setting, and so noted', () => {
    const r = unwrap(settleRecord({ rules: PLAY_AS_SET, seats: [seat(1, S1, { natural: 'six-pairs' }), seat(2, S2)] }));
    // S1 has one pair (RULES.md s5 003 example, seat 1): "only 1 pair".
    expect(r.falseNaturals).toEqual({ 1: { declared: 'six-pairs', reason: expect.stringMatching(/^no six pairs: only /), playedAs: 'set' } });
    expect(r.fouled).toEqual([]);
    expect(r.hands['1']).toMatchObject({ status: 'set', front: S1[0], middle: S1[1], back: S1[2] });
    // The 003 example: seat 1 against seat 2 is -1 (seat 2 wins two of three).
    expect(r.pairs[0]).toMatchObject({ a: 1, b: 2, points: -1, outcome: 'showdown' });
  });

  it('played as set without a setting: fouled, the reason naming both', () => {
    const r = unwrap(settleRecord({ rules: PLAY_AS_SET, seats: [{ seat: 1, cards: DRAGON, natural: 'six-pairs' }, seat(2, NATURALS_REST_SET)] }));
    expect(r.fouls).toEqual({ 1: `false declaration of six-pairs (${NO_SIX_PAIRS}); no setting given (the hand was laid down unset)` });
    expect(r.falseNaturals).toEqual({ 1: { declared: 'six-pairs', reason: NO_SIX_PAIRS, playedAs: 'foul' } });
    expect(r.hands['1']).toEqual({ status: 'fouled', cards: DRAGON });
  });

  it('played as set with a setting out of order: fouled by the setting alone, its descriptions kept', () => {
    const r = unwrap(settleRecord({ rules: PLAY_AS_SET, seats: [seat(1, NATURALS_REST_FOULED, { natural: 'six-pairs' }), { seat: 2, cards: DRAGON, natural: 'dragon' }] }));
    expect(r.fouled).toEqual([1]);
    expect(r.fouls['1']).not.toMatch(/false declaration/);
    expect(r.falseNaturals['1']).toMatchObject({ playedAs: 'set' });
    expect(r.hands['1']).toMatchObject({ status: 'fouled', front: NATURALS_REST_FOULED[0], descriptions: { front: 'Three of a kind, threes' } });
  });
});

describe('a true declaration', () => {
  it('scored as the best natural the hand holds, the declared one named (RULES.md s7)', () => {
    // DRAGON also holds three straights; mandarin-house ranks the dragon (1) above them (2).
    const r = unwrap(settleRecord({ seats: [{ seat: 1, cards: DRAGON, natural: 'three-straights' }, seat(2, NATURALS_REST_SET)] }));
    expect(r.naturals).toEqual({ 1: 'dragon' });
    expect(r.naturalProofs).toEqual({ 1: { name: 'dragon', declared: 'three-straights', explanation: 'one card of every rank from ace to king' } });
    // The dragon's 13 points.
    expect(r.points).toEqual({ 1: 13, 2: -13 });
  });

  it('the better natural\'s arrangement when it has one', () => {
    // Spades A K Q J T, hearts A K Q J 9, diamonds T 9 2: six pairs (A K Q J T 9) and three
    // flushes (5 + 5 + 3). A profile ranking three flushes above six pairs scores them.
    const hand = 'As Ks Qs Js Ts Ah Kh Qh Jh 9h Td 9d 2d';
    const rules = { name: 'flush-first', version: 1, naturals: { 'three-flushes': { points: 5, rank: 1 }, 'six-pairs': { points: 3, rank: 2 } } };
    const r = unwrap(settleRecord({ rules, seats: [{ seat: 1, cards: hand, natural: 'six-pairs' }, seat(2, CLUBS)] }));
    expect(r.naturalProofs['1']).toEqual({
      name: 'three-flushes', declared: 'six-pairs', explanation: 'front three diamonds, middle five hearts, back five spades',
      arrangement: { front: 'Td 9d 2d', middle: 'Ah Kh Qh Jh 9h', back: 'As Ks Qs Js Ts' },
    });
    expect(r.points).toEqual({ 1: 5, 2: -5 });
    // Declared as the best: no `declared`.
    const best = unwrap(settleRecord({ rules, seats: [{ seat: 1, cards: hand, natural: 'three-flushes' }, seat(2, CLUBS)] }));
    expect(best.naturalProofs['1']).toEqual({ name: 'three-flushes', explanation: 'front three diamonds, middle five hearts, back five spades', arrangement: { front: 'Td 9d 2d', middle: 'Ah Kh Qh Jh 9h', back: 'As Ks Qs Js Ts' } });
    // Equal rank and points keep the declared one (profiles.ts bestNatural: equal is not better).
    const tie = { name: 'tie', version: 1, naturals: { 'three-flushes': { points: 3, rank: 1 }, 'six-pairs': { points: 3, rank: 1 } } };
    const kept = unwrap(settleRecord({ rules: tie, seats: [{ seat: 1, cards: hand, natural: 'six-pairs' }, seat(2, CLUBS)] }));
    expect(kept.naturalProofs['1']).toEqual({ name: 'six-pairs', explanation: 'six pairs (aces, kings, queens, jacks, tens and nines) and one odd card' });
    expect(kept.points).toEqual({ 1: 3, 2: -3 });
  });

  it('a natural laid down with its setting: the view shows both', () => {
    const [f, m, b] = ['Td 9d 2d', 'Ah Kh Qh Jh 9h', 'As Ks Qs Js Ts'];
    const r = unwrap(settleRecord({ seats: [{ seat: 1, front: f, middle: m, back: b, natural: 'three-flushes' }, seat(2, CLUBS)] }));
    expect(r.hands['1']).toEqual({ status: 'natural', cards: `${f} ${m} ${b}`, front: f, middle: m, back: b });
    expect(r.naturalProofs['1']).toMatchObject({ name: 'three-flushes', arrangement: { front: 'Td 9d 2d' } });
  });
});

describe('settleShowdown: typed data, checked in full', () => {
  const parsed = (rec: unknown) => unwrap(parseShowdown(rec));

  it('gives what settleRecord gives for the same record', () => {
    const rec = record('mandarin-house', [{ set: S1 }, { set: S2 }], { pointValue: 5 });
    expect(unwrap(settleShowdown(parsed(rec)))).toEqual(unwrap(settleRecord(rec)));
    const four = record('western', EXAMPLE_003.map((s) => ({ set: s })), { button: 3, id: 9 });
    expect(unwrap(settleShowdown(parsed(four)))).toEqual(unwrap(settleRecord(four)));
  });

  it('a setting with a card twice is refused, naming the seat', () => {
    const sd = parsed(record('basic', [{ set: S1 }, { set: S2 }]));
    const bad = { ...sd, seats: [{ ...sd.seats[0], setting: { ...sd.seats[0].setting!, front: cards('Kh Kh 4c') } }, sd.seats[1]] };
    const r = settleShowdown(bad);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.path).toBe('seats[0]');
      expect(r.error.message).toMatch(/^seats\[0\] \(seat 1\): /);
    }
  });

  it('a lowball profile checks the setting as lowball (RULES.md s3, 003)', () => {
    // Aces in front over a 7-5 low middle: fine in lowball, fouled under high-hand rules.
    const A: [string, string, string] = ['Ah Ad 3c', '7c 5d 4h 3s 2d', 'Ks Kh Kd 8s 8h'];
    const B: [string, string, string] = ['Qs Jc 9c', 'Kc Qd Jh 9s 8d', 'Tc Th Td 6s 6h'];
    const lowball = parsed(record({ name: 'lowball', version: 1, lowballMiddle: true }, [{ set: A }, { set: B }]));
    expect(unwrap(settleShowdown(lowball)).fouled).toEqual([]);
    const high = parsed(record('basic', [{ set: A }, { set: B }]));
    expect(unwrap(settleShowdown(high)).fouled).toEqual([1]);
  });

  it('a natural on 12 cards is refused with the natural\'s path', () => {
    const sd = parsed({ seats: [{ seat: 1, cards: DRAGON, natural: 'dragon' }, seat(2, NATURALS_REST_SET)] });
    const short = { ...sd, seats: [{ ...sd.seats[0], cards: sd.seats[0].cards.slice(1) }, sd.seats[1]] };
    expect(settleShowdown(short)).toEqual({
      ok: false,
      error: { code: 'wrong-card-count', path: 'seats[0].natural', message: 'seats[0].natural (seat 1): cannot verify Dragon: a natural needs 13 cards, this hand has 12' },
    });
  });

  it('money beyond exact integers: a pair, or a seat\'s points in all', () => {
    const sd = parsed(record('basic', EXAMPLE_003.map((s) => ({ set: s }))));
    // 003 example under basic: seat 2 scoops seat 3 (3 points); 3 x 2^52 is past 2^53.
    const pair = settleShowdown({ ...sd, pointValue: 2 ** 52 });
    expect(pair).toMatchObject({ ok: false, error: { code: 'amount-too-large', path: 'pointValue' } });
    if (!pair.ok) expect(pair.error.message).toMatch(/^pointValue: seat \d against seat \d is -?\d+ points, which at 4503599627370496 a point is beyond exact integer money$/);
    // Every pair is within 3 points, and 3 x 2^51 < 2^53: each pair is exact. Seat 2's points in
    // all are 1 + 1 + 3 = 5 (RULES.md s5: +5), and 5 x 2^51 > 2^53: the seat is named.
    const gross = settleShowdown({ ...sd, pointValue: 2 ** 51 });
    expect(gross).toMatchObject({ ok: false, error: { code: 'amount-too-large', path: 'pointValue' } });
    if (!gross.ok) expect(gross.error.message).toMatch(/^pointValue: seat \d wins and owes \d+ points in all, which at 2251799813685248 a point is beyond exact integer money$/);
    // Points in all: seats 1 and 4 win or lose 1 against each (3), seats 2 and 3 have 3 + 1 + 1 = 5;
    // 5 x 2^50 < 2^53: exact.
    expect(settleShowdown({ ...sd, pointValue: 2 ** 50 }).ok).toBe(true);
  });
});

describe('the seat-keyed parts', () => {
  it('three seats numbered 1, 2 and 4: views, fouls and points by seat', () => {
    const r = unwrap(settleRecord({
      rules: 'western',
      seats: [seat(4, S4), seat(1, S1, { foul: 'exposed' }), { seat: 2, cards: S2.join(' '), surrender: true }],
    }));
    expect(Object.keys(r.hands)).toEqual(['1', '2', '4']);
    expect(r.hands['4']).toMatchObject({ status: 'set', front: S4[0] });
    expect(r.hands['1']).toEqual({ status: 'fouled', front: S1[0], middle: S1[1], back: S1[2] });
    expect(r.hands['2']).toEqual({ status: 'surrendered', cards: S2.join(' ') });
    expect(r.fouled).toEqual([1]);
    expect(r.fouls).toEqual({ 1: 'ruled fouled by the floor: exposed' });
    expect(r.surrendered).toEqual([2]);
    // Button 4: order 1, 2, 4. Surrender 3 to each (1 and 4); seat 4 scoops the fouled seat 1
    // under western: 3 + 1 majority = 4; a fouled seat collects nothing, the surrender pays it.
    expect(r.order).toEqual([1, 2, 4]);
    expect(r.points).toEqual({ 1: -4 + 3, 2: -6, 4: 4 + 3 });
  });

  it('four seats given in any order: the views keyed 1-4', () => {
    const r = unwrap(settleRecord({ rules: 'basic', seats: [seat(3, S3), seat(1, S1), seat(4, S4), seat(2, S2)] }));
    expect(Object.keys(r.hands)).toEqual(['1', '2', '3', '4']);
    expect([1, 2, 3, 4].map((n) => r.hands[String(n)].front)).toEqual([S1[0], S2[0], S3[0], S4[0]]);
    // RULES.md s5 003 example: +1, +5, -3, -3.
    expect(r.points).toEqual({ 1: 1, 2: 5, 3: -3, 4: -3 });
  });

  it('stacks by seat number bind the settlement (RULES.md s9)', () => {
    // 003 under basic at 100 a point: seat 3 owes 1 + 3 + 1... and has 50; seat 2 wins 500 but
    // brought 200: he collects at most 200 from each.
    const r = unwrap(settleRecord({ rules: 'basic', pointValue: 100, seats: [seat(1, S1), seat(2, S2, { stack: 200 }), seat(3, S3, { stack: 50 }), seat(4, S4)] }));
    expect(r.allIn).toEqual([3]);
    expect(-r.net['3']).toBe(50);
    for (const p of r.payments) if (p.to === 2) expect(p.amount).toBeLessThanOrEqual(200);
    expect(Object.values(r.net).reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('the id, and the keys of a result without one', () => {
    const withId = unwrap(settleRecord({ id: 0, seats: [seat(1, S1), seat(2, S2)] }));
    expect(Object.keys(withId)[0]).toBe('id');
    expect(withId.id).toBe(0);
    const without = unwrap(settleRecord({ seats: [seat(1, S1), seat(2, S2)] }));
    expect(Object.keys(without)).toEqual([
      'profile', 'button', 'pointValue', 'order', 'pairs', 'points', 'fouled', 'fouls', 'surrendered', 'naturals', 'naturalProofs', 'falseNaturals',
      'homeruns', 'hands', 'net', 'payments', 'owed', 'shortfalls', 'allIn',
    ]);
    expect(Object.keys(withId).slice(1)).toEqual(Object.keys(without));
  });
});

describe('OFC (RULES.md s10) and the jackpot (s11)', () => {
  it('royalties of each valid hand, and Fantasyland next hand', () => {
    // OFC_A: queens in front (7), straight middle (4), flush back (4); queens or better in
    // front without fouling: Fantasyland. OFC_B_FOULED: no royalties (fouled).
    const r = unwrap(settleRecord(record('ofc', [{ set: OFC_A }, { set: OFC_B_FOULED }])));
    expect(r.royalties).toEqual({ 1: { front: 7, middle: 4, back: 4, total: 15 } });
    expect(r.fantasyland).toEqual([1]);
    // Already in Fantasyland: queens in front does not earn another (001).
    const again = unwrap(settleRecord(record('ofc', [{ set: OFC_A, fantasyland: true }, { set: OFC_B_BACK }])));
    expect(again.fantasyland).toEqual([]);
    expect(Object.keys(again.royalties!)).toEqual(['1', '2']);
    // Not OFC: neither key.
    const chinese = unwrap(settleRecord(record('basic', [{ set: S1 }, { set: S2 }])));
    expect('royalties' in chinese).toBe(false);
    expect('fantasyland' in chinese).toBe(false);
    expect('jackpot' in chinese).toBe(false);
  });

  it('the jackpot hands, with the floor\'s disqualification', () => {
    const rules = { ...presetJson('mandarin-house'), name: 'mandarin-jackpot', jackpot: { hands: [{ natural: 'dragon' }] } };
    const r = unwrap(settleRecord({ rules, seats: [{ seat: 1, cards: DRAGON, natural: 'dragon' }, seat(2, NATURALS_REST_SET)] }));
    // Seat 1's dragon is the house's first jackpot hand (entry 0), and stands.
    expect(r.jackpot).toEqual({ qualifying: [{ seat: 1, entry: 0, hand: 'Dragon' }], standing: [1], disqualified: [] });
    // The floor disqualified it (RULES.md s11: a player who showed his hand may lose it).
    const floor = unwrap(settleRecord({ rules, seats: [{ seat: 1, cards: DRAGON, natural: 'dragon', jackpotDisqualified: 'showed his hand' }, seat(2, NATURALS_REST_SET)] }));
    expect(floor.jackpot).toEqual({ qualifying: [{ seat: 1, entry: 0, hand: 'Dragon' }], standing: [], disqualified: [{ seat: 1, reason: 'floor', note: 'showed his hand' }] });
  });
});

describe('the three naturals of one deck', () => {
  it('each collects from the set hand; equal-rank naturals push (mandarin-house)', () => {
    const r = unwrap(settleRecord(record('mandarin-house', [
      { cards: DRAGON, natural: 'dragon' }, { cards: SIX_PAIRS, natural: 'six-pairs' }, { cards: THREE_FLUSHES, natural: 'three-flushes' }, { set: NATURALS_REST_SET },
    ])));
    // Dragon 13 from each of the three; six pairs and three flushes (rank 2, 4 each) push and take 4 from seat 4.
    expect(r.points).toEqual({ 1: 39, 2: -13 + 4, 3: -13 + 4, 4: -13 - 8 });
    expect(r.hands['1']).toEqual({ status: 'natural', cards: DRAGON });
  });
});

describe('a seat\'s points in all, and the views of fouled hands without descriptions', () => {
  const parsed = (rec: unknown) => unwrap(parseShowdown(rec));

  it('a seat\'s points in all count every pair it is in, as a or as b (docs/settle.md: exact integer money)', () => {
    // 003 under basic, button 4: pairs 1-2 -1, 1-3 +1, 1-4 +1, 2-3 +3, 2-4 +1, 3-4 +1. Seat 2
    // is b against 1 and a against 3 and 4: 1 + 3 + 1 = 5 in all; seat 3 likewise 1 + 3 + 1 = 5.
    const sd = parsed(record('basic', EXAMPLE_003.map((s) => ({ set: s }))));
    // floor((2^53 - 1) / 4): 4 points are exact, 5 are not. Seat 2 is the first in order over it.
    expect(settleShowdown({ ...sd, pointValue: 2251799813685247 })).toEqual({
      ok: false,
      error: {
        code: 'amount-too-large', path: 'pointValue',
        message: 'pointValue: seat 2 wins and owes 5 points in all, which at 2251799813685247 a point is beyond exact integer money',
      },
    });
    expect(settleShowdown({ ...sd, pointValue: 2 ** 51 })).toEqual({
      ok: false,
      error: {
        code: 'amount-too-large', path: 'pointValue',
        message: 'pointValue: seat 2 wins and owes 5 points in all, which at 2251799813685248 a point is beyond exact integer money',
      },
    });
  });

  it('a fouled hand\'s view has no descriptions key when there are none: floor foul, false natural, wrong counts', () => {
    // Floor foul with a setting: the cards as laid down, nothing described.
    const floor = unwrap(settleRecord({ rules: 'basic', seats: [seat(1, S1, { foul: 'exposed' }), seat(2, S2)] }));
    expect(floor.hands['1']).toStrictEqual({ status: 'fouled', front: S1[0], middle: S1[1], back: S1[2] });
    expect(Object.keys(floor.hands['1'])).toEqual(['status', 'front', 'middle', 'back']);
    // A false natural fouled under mandarin-house, setting given.
    const falseNat = unwrap(settleRecord({ seats: [seat(1, S1, { natural: 'six-pairs' }), seat(2, S2)] }));
    expect(Object.keys(falseNat.hands['1'])).toEqual(['status', 'front', 'middle', 'back']);
    // A setting of 4, 4 and 5 cards: fouled by its counts, which leave nothing to describe.
    const [f, m] = [`${S1[0]} ${S1[1].split(' ')[0]}`, S1[1].split(' ').slice(1).join(' ')];
    const counts = unwrap(settleRecord({ rules: 'basic', seats: [{ seat: 1, front: f, middle: m, back: S1[2] }, seat(2, S2)] }));
    expect(counts.fouls).toEqual({ 1: 'wrong number of cards: front 4, middle 4, back 5 (must be front 3, middle 5, back 5)' });
    expect(counts.hands['1']).toStrictEqual({ status: 'fouled', front: f, middle: m, back: S1[2] });
    // A valid hand keeps its descriptions (the other branch).
    expect(Object.keys(counts.hands['2'])).toEqual(['status', 'front', 'middle', 'back', 'descriptions']);
  });
});
