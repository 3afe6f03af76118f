/**
 * An independent review of the rules core against RULES.md: each preset's whole profile
 * against its section 12 row, each preset's figures on the same real hands (worked by hand in
 * the comments), the section 5 corners (homerun with a fouled opponent under both Mandarin
 * presets, fouls under "bonus replaces the point"), and the section 7 choice of the natural
 * scored when a hand holds several.
 */
import { describe, expect, it } from 'vitest';
import { parseCards } from '../../../../app/domain/cards';
import { royaltiesOf } from '../../../../app/domain/ofc';
import { PRESET_NAMES, bestNatural, getPreset, type Profile } from '../../../../app/domain/profiles';
import { unwrap } from '../../../../app/domain/result';
import { settleRecord, settleShowdown } from '../../../../app/domain/settle';
import { parseShowdown } from '../../../../app/domain/showdown';
import { checkSetting } from '../../../../app/domain/setting';
import {
  HOMERUN_A_PLAIN, HOMERUN_A_TRIPS, HOMERUN_B, HOMERUN_C, HOMERUN_D_FOULED, pairPoints, record, settled, type SeatSpec, type Set3,
} from './fixtures';

const set = (s: Set3): SeatSpec => ({ set: s });

// ------------------------------------------------------------------ section 12, field by field

const NO_BONUSES = { front: {}, middle: {}, back: {} };
const EASTERN_MANDARIN_TABLE = { front: { trips: 3 }, middle: { 'full-house': 2, quads: 8, 'straight-flush': 10 }, back: { quads: 4, 'straight-flush': 5 } };
/** What every preset leaves at the basic value; each row below overrides what its row says. */
const BASE = {
  version: 1, game: 'chinese', segmentPoints: 1, scoop: { kind: 'none' }, homerun: { kind: 'none' }, majorityBonus: 0,
  bonusMode: 'added', bonuses: NO_BONUSES, foul: { kind: 'scoop' }, surrenderPenalty: null, naturals: {},
  falseNatural: 'foul', lowballMiddle: false, fantasyland: null, jackpot: null,
  // RULES.md has no say on netting: every preset pays pairwise (docs/profiles.md, "Payments").
  payments: 'pairwise',
  // RULES.md s9: a buy-in is at least 20 times the point value; no preset asks more (docs/profiles.md).
  buyInPoints: 20,
};
const n = (points: number, rank: number) => ({ points, rank });

// Each entry restates one row of RULES.md s12's table as the whole profile it implies.
const SECTION_12: Record<string, object> = {
  // basic | 004 | 1 a segment | none | - | none | opponent scoops (3) | no | none
  basic: { ...BASE, name: 'basic' },
  // western | 000 | 1 a segment | none | majority +1 | none | opponent scoops (4) | 3 | pure-dragon 8 (1) ...
  western: {
    ...BASE, name: 'western', majorityBonus: 1, surrenderPenalty: 3,
    naturals: {
      'pure-dragon': n(8, 1), 'color-dragon': n(8, 2), dragon: n(4, 3), 'all-one-color': n(4, 3),
      'six-pairs': n(4, 5), 'three-flushes': n(4, 5), 'three-straights': n(4, 5),
    },
  },
  // eastern | 000 | 1 a segment | none | - | Eastern/Mandarin table, bonus replaces the point | opponent scoops | 3 | ...
  eastern: {
    ...BASE, name: 'eastern', bonusMode: 'replaces-point', bonuses: EASTERN_MANDARIN_TABLE, surrenderPenalty: 3,
    naturals: {
      'pure-dragon': n(13, 1), 'color-dragon': n(13, 2), dragon: n(13, 3), 'all-one-color': n(13, 3),
      'six-pairs': n(3, 5), 'three-flushes': n(3, 5), 'three-straights': n(3, 5),
    },
  },
  // mandarin | 000 | doubled | homerun tripled | table added, not multiplied | opponent scoops (6+) | 3 | ...
  mandarin: {
    ...BASE, name: 'mandarin', scoop: { kind: 'multiply', factor: 2 }, homerun: { kind: 'multiply', factor: 3 },
    bonuses: EASTERN_MANDARIN_TABLE, surrenderPenalty: 3,
    naturals: {
      'pure-dragon': n(39, 1), 'color-dragon': n(26, 2), dragon: n(13, 3), 'all-one-color': n(13, 3), minor: n(6, 4), senior: n(6, 4),
      'six-pairs': n(3, 5), 'three-flushes': n(3, 5), 'three-straights': n(3, 5),
    },
  },
  // mandarin-house | 002 + 000 | doubled (6) | super bonus tripled (9) | casino sheet table, added | 6 + bonuses | 3 | ...
  'mandarin-house': {
    ...BASE, name: 'mandarin-house', scoop: { kind: 'multiply', factor: 2 }, homerun: { kind: 'multiply', factor: 3 },
    bonuses: EASTERN_MANDARIN_TABLE, surrenderPenalty: 3,
    naturals: { dragon: n(13, 1), 'six-pairs': n(4, 2), 'three-flushes': n(4, 2), 'three-straights': n(4, 2) },
  },
  // special-hands | 004 | none | - | special-hands table, bonus replaces the point | opponent scoops (3) | no | ...
  'special-hands': {
    ...BASE, name: 'special-hands', bonusMode: 'replaces-point',
    bonuses: { front: { trips: 3 }, middle: { 'full-house': 2, quads: 4, 'straight-flush': 5 }, back: { quads: 4, 'straight-flush': 5 } },
    naturals: { dragon: n(13, 1), 'six-pairs': n(3, 2), 'three-flushes': n(3, 2), 'three-straights': n(3, 2) },
  },
  // scoop-double | 003 | doubled | - | none | opponent scoops (6) | no | dragon 6 (1), ... no-face-cards 6 (1)
  'scoop-double': {
    ...BASE, name: 'scoop-double', scoop: { kind: 'multiply', factor: 2 },
    naturals: { dragon: n(6, 1), 'three-flushes': n(6, 1), 'three-straights': n(6, 1), 'no-face-cards': n(6, 1) },
  },
  // ofc | 001 | 1 a row | +3 | Fantasyland on QQ+ front | OFC royalties, regardless, netted | 6 + royalties | no | none
  ofc: {
    ...BASE, name: 'ofc', game: 'ofc', scoop: { kind: 'add', points: 3 }, bonusMode: 'regardless', fantasyland: { minimumFront: 'pair-Q' },
    bonuses: {
      front: { 'pair-6': 1, 'pair-7': 2, 'pair-8': 3, 'pair-9': 4, 'pair-T': 5, 'pair-J': 6, 'pair-Q': 7, 'pair-K': 8, 'pair-A': 9 },
      middle: { straight: 4, flush: 8, 'full-house': 12, quads: 20, 'straight-flush': 30 },
      back: { straight: 2, flush: 4, 'full-house': 6, quads: 10, 'straight-flush': 15, 'royal-flush': 25 },
    },
  },
  // ofc-standard | 001 + common OFC royalties | as ofc | +3 | as ofc | as ofc, plus front trips 222 = 10 ... AAA = 22;
  // middle trips 2; middle royal flush 50 | as ofc | no | none
  'ofc-standard': {
    ...BASE, name: 'ofc-standard', game: 'ofc', scoop: { kind: 'add', points: 3 }, bonusMode: 'regardless', fantasyland: { minimumFront: 'pair-Q' },
    bonuses: {
      front: {
        'pair-6': 1, 'pair-7': 2, 'pair-8': 3, 'pair-9': 4, 'pair-T': 5, 'pair-J': 6, 'pair-Q': 7, 'pair-K': 8, 'pair-A': 9,
        'trips-2': 10, 'trips-3': 11, 'trips-4': 12, 'trips-5': 13, 'trips-6': 14, 'trips-7': 15, 'trips-8': 16,
        'trips-9': 17, 'trips-T': 18, 'trips-J': 19, 'trips-Q': 20, 'trips-K': 21, 'trips-A': 22,
      },
      middle: { trips: 2, straight: 4, flush: 8, 'full-house': 12, quads: 20, 'straight-flush': 30, 'royal-flush': 50 },
      back: { straight: 2, flush: 4, 'full-house': 6, quads: 10, 'straight-flush': 15, 'royal-flush': 25 },
    },
  },
};

describe('RULES.md s12: every preset is exactly its row (every field, nothing extra)', () => {
  it.each(PRESET_NAMES)('%s', (name) => {
    const { title: _t, source: _s, ...rules } = getPreset(name)! as Profile;
    expect(rules).toEqual(SECTION_12[name]);
  });
});

// ------------------------------------------------------------------ the same hands under every preset

// A scoops B (and C is B set out of order); A beats B2 two segments to one. No bonus hand or
// royalty anywhere: A K-high / pair of queens / aces and nines; B J-high / tens / kings and eights.
const A: Set3 = ['Kh Jd 2c', 'Qs Qd 7h 5c 3d', 'As Ad 9c 9h 4s'];
const B: Set3 = ['Jh 8d 3c', 'Ts Td 6h 4c 2s', 'Kc Ks 8h 8c 5d'];
const B2: Set3 = ['Ah 8d 3c', 'Ts Td 6h 4c 2s', 'Kc Ks 8h 8c 5d']; // ace-high front beats A's king high
const C: Set3 = ['Ts Td 3c', 'Jh 8d 6h 4c 2s', 'Kc Ks 8h 8c 5d']; // pair of tens over jack high: fouled
// T scoops Z with a bonus hand in every segment: trips front (3), full house middle (2), quads back (4).
// OFC: no front trips royalty in the sheet, middle full house 12, back quads 10.
const T: Set3 = ['5s 5h 5d', 'Ts Th Td 2s 2h', '9s 9h 9d 9c Kd'];
const Z: Set3 = ['Ac Kc 3c', 'As Ah 7c 6d 4h', 'Ks Kh Qc Qd 8s'];
const ZF: Set3 = ['As Ah 3c', 'Ac Kc 7c 6d 4h', 'Ks Kh Qc Qd 8s']; // Z set out of order
// X loses the front to Y, wins the middle with a straight flush and the back with a royal flush.
// W the same with four of a kind in the middle.
const X: Set3 = ['2c 3d 4s', '5h 6h 7h 8h 9h', 'Ts Js Qs Ks As'];
const W: Set3 = ['2c 3d 4s', '8s 8h 8d 8c 2h', 'Ts Js Qs Ks As'];
const Y: Set3 = ['Ah Kd 7c', 'Qh Qd Jc 9c 2s', 'Kh Kc Td Tc 3c'];
// Two more hands from the cards A and B leave, so four can sit at one table.
const E: Set3 = ['2h 3h 4d', '6s 6d 7s 7d 8s', 'Th Tc Js Jc Kd'];
const F: Set3 = ['2d 3s 4h', '5s 5h 6c 7c 9s', 'Ah Ac Qh Qc 9d'];

function values(s: Set3) {
  const v = unwrap(checkSetting({ front: unwrap(parseCards(s[0])), middle: unwrap(parseCards(s[1])), back: unwrap(parseCards(s[2])) }));
  if (v.fouled) throw new Error(`fixture fouled: ${v.reason}`);
  return v;
}

interface Figures {
  /** A scoops B, no bonuses (s5 scoop). */ scoop: number;
  /** A wins two of three against B2 (s5 segment points, majority). */ twoOfThree: number;
  /** C fouled pays A (s4). */ foul: number;
  /** T scoops Z with trips / full house / quads (s5 bonus tables and modes). */ bonusScoop: number;
  /** ZF fouled pays T: "as if T won all three ... T's own bonus hands included" (s4). */ foulBonus: number;
  /** X beats Y 2-1 with a middle straight flush and a back royal flush. */ straightFlushes: number;
  /** W beats Y 2-1 with middle quads and a back royal flush. */ quadsRoyal: number;
}

const FIGURES: Record<string, Figures> = {
  // 1 a segment, nothing else.
  basic: { scoop: 3, twoOfThree: 1, foul: 3, bonusScoop: 3, foulBonus: 3, straightFlushes: 1, quadsRoyal: 1 },
  // + majority 1 to whoever wins two or three (000: scoop = 4, foul = 4, 2 of 3 = 2).
  western: { scoop: 4, twoOfThree: 2, foul: 4, bonusScoop: 4, foulBonus: 4, straightFlushes: 2, quadsRoyal: 2 },
  // Bonus replaces the point: T 3 + 2 + 4 = 9; X 10 + 5 - 1 = 14; W 8 + 5 - 1 = 12.
  eastern: { scoop: 3, twoOfThree: 1, foul: 3, bonusScoop: 9, foulBonus: 9, straightFlushes: 14, quadsRoyal: 12 },
  // Shot doubles, bonuses added after: T 6 + 9 = 15; X 1 + 10 + 5 = 16; W 1 + 8 + 5 = 14.
  mandarin: { scoop: 6, twoOfThree: 1, foul: 6, bonusScoop: 15, foulBonus: 15, straightFlushes: 16, quadsRoyal: 14 },
  'mandarin-house': { scoop: 6, twoOfThree: 1, foul: 6, bonusScoop: 15, foulBonus: 15, straightFlushes: 16, quadsRoyal: 14 },
  // 004 table replaces the point: T 3 + 2 + 4 = 9; X 5 + 5 (royal included) - 1 = 9; W 4 + 5 - 1 = 8.
  'special-hands': { scoop: 3, twoOfThree: 1, foul: 3, bonusScoop: 9, foulBonus: 9, straightFlushes: 9, quadsRoyal: 8 },
  // Scoop doubles, no bonus hands.
  'scoop-double': { scoop: 6, twoOfThree: 1, foul: 6, bonusScoop: 6, foulBonus: 6, straightFlushes: 1, quadsRoyal: 1 },
  // 3 + 3 for a scoop; royalties netted whatever the row: T 6 + 12 + 10 = 28; X 1 + 30 + 25 = 56;
  // W 1 + 20 + 25 = 46 (Y holds no royalty: ace-high front, queens middle, two pair back).
  ofc: { scoop: 6, twoOfThree: 1, foul: 6, bonusScoop: 28, foulBonus: 28, straightFlushes: 56, quadsRoyal: 46 },
  // As ofc, and T's front trips fives pay 13: 28 + 13 = 41.
  'ofc-standard': { scoop: 6, twoOfThree: 1, foul: 6, bonusScoop: 41, foulBonus: 41, straightFlushes: 56, quadsRoyal: 46 },
};

describe('RULES.md s4/s5/s12: each preset\'s figures on the same real hands', () => {
  const cases = PRESET_NAMES.flatMap((name) => Object.entries(FIGURES[name]).map(([what, points]) => ({ name, what, points })));
  const seatsFor: Record<keyof Figures, [Set3, Set3]> = {
    scoop: [A, B], twoOfThree: [A, B2], foul: [A, C], bonusScoop: [T, Z], foulBonus: [T, ZF], straightFlushes: [X, Y], quadsRoyal: [W, Y],
  };
  it.each(cases)('$name: $what = $points', ({ name, what, points }) => {
    const [one, two] = seatsFor[what as keyof Figures];
    const r = settled(name, [set(one), set(two)]);
    expect(r.fouled).toEqual(what.startsWith('foul') ? [2] : []);
    expect(pairPoints(r, 1, 2)).toBe(points);
  });

  it('the fixtures are the hands the comments say', () => {
    expect(values(T).descriptions).toEqual({ front: 'Three of a kind, fives', middle: 'Full house, tens full of twos', back: 'Four of a kind, nines' });
    expect(values(X).descriptions).toMatchObject({ middle: 'Straight flush, nine high', back: 'Royal flush' });
    expect(values(W).descriptions).toMatchObject({ middle: 'Four of a kind, eights', back: 'Royal flush' });
    const ofc = getPreset('ofc')!;
    for (const s of [A, B, B2, Y, Z]) expect(royaltiesOf(ofc, values(s).values).total).toBe(0);
    expect(royaltiesOf(ofc, values(T).values)).toEqual({ front: 0, middle: 12, back: 10, total: 22 });
    for (const s of [C, ZF]) expect(unwrap(checkSetting({ front: unwrap(parseCards(s[0])), middle: unwrap(parseCards(s[1])), back: unwrap(parseCards(s[2])) })).fouled).toBe(true);
  });

  it.each(PRESET_NAMES)('%s: surrender pays its row\'s penalty to each other live player, or is refused', (name) => {
    // RULES.md s6 and s12's surrender column: 3 under western, eastern, mandarin, mandarin-house.
    const r = settleRecord(record(name, [set(A), { cards: B.join(' '), surrender: true }, set(E)]));
    if (['western', 'eastern', 'mandarin', 'mandarin-house'].includes(name)) {
      const x = unwrap(r);
      expect([pairPoints(x, 1, 2), pairPoints(x, 3, 2)]).toEqual([3, 3]);
    } else {
      expect(r.ok ? 'accepted' : r.error.code).toBe('surrender-not-played');
    }
  });
});

// ------------------------------------------------------------------ section 5 corners

/** HOMERUN_D_PLAIN's 13 cards set out of order: a pair of twos in front over ace high. */
const HOMERUN_D_PLAIN_FOULED: Set3 = ['Qd 2h 2s', 'Ah Kd Qc Jd 8h', '9c 8s 7c 6c 5h'];

describe('RULES.md s5: homerun with a fouled opponent', () => {
  // s5: "a fouled opponent counts as scooped"; s4: the fouled hand pays the super bonus too.
  it.each([
    // mandarin (000): 3 x 3 + 3 trips = 12 from each, the fouled seat included.
    ['mandarin', HOMERUN_A_TRIPS, 12],
    // mandarin-house (002): no bonus hand at seat 1: 9 from each, the fouled seat included.
    ['mandarin-house', HOMERUN_A_PLAIN, 9],
  ] as const)('%s', (rules, seat1, each) => {
    const fouled = seat1 === HOMERUN_A_PLAIN ? HOMERUN_D_PLAIN_FOULED : HOMERUN_D_FOULED;
    const r = settled(rules, [set(seat1), set(HOMERUN_B), set(HOMERUN_C), set(fouled)]);
    expect(r.fouled).toEqual([4]);
    expect(r.homeruns).toEqual([1]);
    expect([pairPoints(r, 1, 2), pairPoints(r, 1, 3), pairPoints(r, 1, 4)]).toEqual([each, each, each]);
    // Seat 2 makes no homerun: it pays the fouled seat's foul as a plain scoop (6).
    expect(pairPoints(r, 2, 4)).toBe(6);
  });

  it('no homerun when the fourth hand surrendered: the scoops are plain doubles', () => {
    // s5: "none surrendered, none a natural". Seat 1's 9s become 6s; the surrender pays 3.
    const r = settled('mandarin-house', [set(HOMERUN_A_PLAIN), set(HOMERUN_B), set(HOMERUN_C), { cards: HOMERUN_D_PLAIN_FOULED.join(' '), surrender: true }]);
    expect(r.homeruns).toEqual([]);
    expect([pairPoints(r, 1, 2), pairPoints(r, 1, 3), pairPoints(r, 1, 4)]).toEqual([6, 6, 3]);
  });
});

// ------------------------------------------------------------------ section 7: the natural scored

const PURE_DRAGON = 'As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s';
const RED_DRAGON = 'Ah Kd Qh Jd Th 9d 8h 7d 6h 5d 4h 3d 2h';
/** Minor hand (no card above nine) that is also six pairs and has no face card. */
const MINOR_SIX_PAIRS = '2s 2h 3s 3h 4s 4h 5s 5h 6s 6h 7s 7h 8s';
/** A set hand from cards none of the naturals above use. */
const OTHER: Set3 = ['2c 3c 4d', '5c 6d 7c 8d 9c', 'Tc Jc Qc Kc Ac'];

describe('RULES.md s7: a true declaration is scored as the best natural the hand holds under the profile', () => {
  it('bestNatural: lowest rank, then most points, then the first given', () => {
    const mandarin = getPreset('mandarin')!;
    expect(bestNatural(mandarin, ['dragon', 'pure-dragon', 'color-dragon'])).toBe('pure-dragon');
    expect(bestNatural(mandarin, ['six-pairs', 'minor', 'no-face-cards'])).toBe('minor');
    expect(bestNatural(getPreset('scoop-double')!, ['three-straights', 'dragon'])).toBe('three-straights');
    expect(bestNatural(getPreset('mandarin-house')!, ['pure-dragon', 'color-dragon'])).toBeUndefined();
  });

  // [profile, declared cards, declared name, natural scored, points from the set hand]
  const CASES: [string, string, string, string, number][] = [
    // mandarin: a pure dragon declared as a dragon is paid as a pure dragon, 39 not 13.
    ['mandarin', PURE_DRAGON, 'dragon', 'pure-dragon', 39],
    // mandarin: a red dragon declared as all red is paid as a colour dragon, 26.
    ['mandarin', RED_DRAGON, 'all-one-color', 'color-dragon', 26],
    // mandarin: a minor hand (rank 4, 6) declared as six pairs (rank 5, 3) is paid 6.
    ['mandarin', MINOR_SIX_PAIRS, 'six-pairs', 'minor', 6],
    // mandarin-house plays no pure dragon: declared three-flushes, paid as its dragon, 13.
    ['mandarin-house', PURE_DRAGON, 'three-flushes', 'dragon', 13],
    // western: pure dragon 8 over dragon 4.
    ['western', PURE_DRAGON, 'dragon', 'pure-dragon', 8],
    // scoop-double: every natural rank 1, 6 points: the declaration is kept.
    ['scoop-double', PURE_DRAGON, 'three-straights', 'three-straights', 6],
    // eastern: nothing better than the declaration.
    ['eastern', MINOR_SIX_PAIRS, 'six-pairs', 'six-pairs', 3],
  ];
  it.each(CASES)('%s: %s declared %s is scored as %s (%i)', (rules, cards, declared, scored, points) => {
    const r = settled(rules, [{ cards, natural: declared }, set(OTHER)]);
    expect(r.naturals).toEqual({ 1: scored });
    expect(pairPoints(r, 1, 2)).toBe(points);
    expect(r.naturalProofs['1'].name).toBe(scored);
    expect(r.naturalProofs['1'].declared).toBe(scored === declared ? undefined : declared);
    expect(r.falseNaturals).toEqual({});
  });

  it('the better natural decides against another natural: a pure dragon declared "dragon" beats a dragon', () => {
    // mandarin: pure-dragon rank 1 collects its 39 from a dragon (rank 3); declared as is, they would push.
    const dragon = 'Ah Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h 2c'; // mixed colours: only a dragon (and three straights)
    const r = settled('mandarin', [{ cards: PURE_DRAGON, natural: 'dragon' }, { cards: dragon, natural: 'dragon' }]);
    expect(r.naturals).toEqual({ 1: 'pure-dragon', 2: 'dragon' });
    expect(pairPoints(r, 1, 2)).toBe(39);
  });

  it('a declaration the cards do not hold stays false even when the hand holds another natural', () => {
    // s7: the declaration is verified; six pairs declared as three flushes is a false declaration.
    const r = settled('mandarin', [{ cards: MINOR_SIX_PAIRS, natural: 'three-flushes' }, set(OTHER)]);
    expect(r.fouled).toEqual([1]);
    expect(r.falseNaturals['1']).toMatchObject({ declared: 'three-flushes', playedAs: 'foul' });
  });
});

describe('money stays exact', () => {
  it('refuses a record whose sums, not only its pairs, pass exact integers', () => {
    // 1e6 a segment, no scoop bonus. Seat 1 (A) scoops B (3), wins 2-1 against E and F (1, 1):
    // its largest pair is 3e6 points, but it collects 5e6 points in all.
    const big = { name: 'big', version: 1, segmentPoints: 1_000_000 };
    const seats = [set(A), set(B), set(E), set(F)];
    // Above MAX_POINT_VALUE (1e8), so given as typed data to settleShowdown, which checks the
    // sums itself; a record with these point values is refused as bad-point-value first.
    const at = (pointValue: number) => settleShowdown({ ...unwrap(parseShowdown(record(big, seats, { pointValue: 1 }))), pointValue });
    const ok1 = unwrap(at(1_000_000_000));
    expect(ok1.points['1']).toBe(5_000_000);
    // At 2e9 a point every pair is at most 6e15 < 2^53, but seat 1's 1e16 is not.
    const r = at(2_000_000_000);
    expect(r.ok ? 'settled' : r.error.code).toBe('amount-too-large');
    expect(settleRecord(record(big, seats, { pointValue: 2_000_000_000 }))).toMatchObject({ ok: false, error: { code: 'bad-point-value' } });
  });
});
