/**
 * "What could this hand have been" (app/domain/hindsight.ts, docs/hindsight.md), fast: a few
 * hand-picked showdowns whose answers are worked in the comments, and every refusal with its
 * code, path and words. What a floor manager reads is pinned exactly: what the seat made from
 * each opponent, the setting that would have made the most (ties included), bestArrangement's
 * setting, the counts of legal settings, of settings tied for the most and of settings that
 * would have made more than the seat did.
 *
 * The counts (`legalSettings`, `tiedForMost`, `moreThanActual`) were counted by a separate
 * brute force, the one of hindsight.test.ts: every one of the 72,072 splits through
 * checkSetting and, when legal, through the settlement's scoreShowdown. That slow brute force
 * runs in hindsight.test.ts; here only its figures for these hands are kept.
 */
import { describe, expect, it } from 'vitest';
import { bestArrangement } from '../../../app/domain/arrange';
import { parseCards, type Card } from '../../../app/domain/cards';
import { hindsight, hindsightOfRecord, hindsightOfShowdown, type Hindsight, type HindsightInput, type TableHand } from '../../../app/domain/hindsight';
import { getPreset, presetJson, validateProfile, type Profile } from '../../../app/domain/profiles';
import { unwrap } from '../../../app/domain/result';
import { settleRecord, settleShowdown } from '../../../app/domain/settle';
import type { SetHand } from '../../../app/domain/setting';
import { parseShowdown } from '../../../app/domain/showdown';
import { DRAGON, NATURALS_REST_SET, SHOT_A, SHOT_B, SIX_PAIRS, record, type Set3 } from './golden/fixtures';

const cards = (text: string): Card[] => unwrap(parseCards(text));
const setting = (front: string, middle: string, back: string): SetHand => ({ front: cards(front), middle: cards(middle), back: cards(back) });
const setOf = (s: Set3): SetHand => setting(s[0], s[1], s[2]);
const seatSet = (seat: number, s: SetHand): TableHand => ({ seat, status: 'set', setting: s });
const run = (input: HindsightInput): Hindsight => unwrap(hindsight(input));
/** The pair rows as [a, b, points, homerun seat]. */
const rows = (pairs: Hindsight['actual']['pairs']) => pairs.map((p) => [p.a, p.b, p.points, p.homerun]);

const MANDARIN_HOUSE = (): Profile => getPreset('mandarin-house')!;
/** mandarin-house with seed 003's lowball middle (a lowball middle has no bonus hands). */
const LOWBALL_HOUSE = (): Profile => unwrap(validateProfile({
  ...presetJson('mandarin-house'), name: 'lowball-house', lowballMiddle: true,
  bonuses: { front: { trips: 3 }, middle: {}, back: { quads: 4, 'straight-flush': 5 } },
}));

// ---------------------------------------------------------------- what the floor reads

describe('hindsight: points per opponent and the setting that makes the most', () => {
  it('two seats (RULES.md s5 Mandarin shot, seat B): -9 as set, at best -4', () => {
    // B cannot beat trips fives in front nor the straight in the middle with a back at least as
    // strong; at best it takes the back: 1 - 2 - A's 3 for the trips = -4 (hindsight.test.ts).
    const h = run({ profile: MANDARIN_HOUSE(), button: 1, seat: 2, hands: [seatSet(1, setOf(SHOT_A)), seatSet(2, setOf(SHOT_B))] });
    expect(h.seat).toBe(2);
    expect(h.profile).toEqual({ name: 'mandarin-house', version: 1 });
    expect(h.actual.status).toBe('set');
    expect(h.actual.points).toBe(-9);
    expect(h.actual.perOpponent).toEqual({ 1: -9 });
    expect(rows(h.actual.pairs)).toEqual([[2, 1, -9, null]]);
    expect(h.mostPoints.points).toBe(-4);
    expect(h.mostPoints.perOpponent).toEqual({ 1: -4 });
    expect(h.mostPoints.text).toEqual({ front: '6d 4c 2c', middle: 'Qd 7s 3c 3d 3s', back: 'Ad Ah Kc Kd Ks' });
    expect(h.mostPoints.descriptions).toEqual({ front: 'Six high', middle: 'Three of a kind, threes', back: 'Full house, kings full of aces' });
    // Card codes, each segment strongest first.
    expect(h.mostPoints.hand).toEqual({ front: cards('6d 4c 2c'), middle: cards('Qd 7s 3c 3d 3s'), back: cards('Ad Ah Kc Kd Ks') });
    expect(h.mostPoints.pairs[0].summary).toBe('seat 1 wins 4 points from seat 2 (front seat 1, middle seat 1, back seat 2; bonuses 3 to seat 1)');
    expect(h.strongest.points).toBe(-4);
    // Brute-force counts.
    expect([h.legalSettings, h.tiedForMost, h.moreThanActual]).toEqual([23074, 364, 364]);
    expect(h.natural).toBeUndefined();
  });

  it('three seats with bonuses and a tied front: quads in the middle and the back make 32', () => {
    const hands: TableHand[] = [
      seatSet(1, setting('As Kh Qd', 'Ts Th 8d 8s 3c', 'Js Jh Jd 2s 2d')),
      seatSet(2, setting('7s 2h Qc', 'Ah Kd 4s 4h 4d', '9s 9h 9d 9c 4c')),
      seatSet(3, setting('Ac Ks 7h', '6s 6h 6d 3s 3h', '5s 5h 5c 5d Kc')),
    ];
    // Button 3: the order is 1, 2, 3, so seat 2 is `b` against seat 1 and `a` against seat 3.
    const h = run({ profile: MANDARIN_HOUSE(), button: 3, seat: 2, hands });
    // As set (a bonus is paid with the segment it wins): against 1, the queen-high front loses,
    // trip 4s beat two pair, quad 9s beat the full house: 1 segment up + the back's quads 4 = 5.
    // Against 3: the front loses, trips lose to its full house (its 2), quad 9s beat quad 5s
    // (4): -1 - 2 + 4 = 1.
    expect(h.actual.points).toBe(6);
    expect(h.actual.perOpponent).toEqual({ 1: 5, 3: 1 });
    expect(rows(h.actual.pairs)).toEqual([[1, 2, -5, null], [2, 3, 1, null]]);
    // A K Q in front ties seat 1's A K Q; quad 4s in the middle (8) and quad 9s in the back (4):
    // against 1, 2 segments + 12 = 14; against 3 a scoop, 3 x 2 = 6, + 12 = 18.
    expect(h.mostPoints.points).toBe(32);
    expect(h.mostPoints.perOpponent).toEqual({ 1: 14, 3: 18 });
    expect(rows(h.mostPoints.pairs)).toEqual([[1, 2, -14, null], [2, 3, 18, null]]);
    // Two settings make 32 (the 7 or the 2 beside the quads); the tie goes to the stronger back.
    expect(h.mostPoints.text).toEqual({ front: 'Ah Kd Qc', middle: '4c 4d 4h 4s 2h', back: '9c 9d 9h 9s 7s' });
    expect(h.mostPoints.pairs[0].segments?.map((s) => s.winner)).toEqual([null, 2, 2]);
    // bestArrangement: the best back (quads and the ace), then the best middle, then the front.
    expect(h.strongest.text).toEqual({ front: 'Qc 7s 2h', middle: 'Kd 4c 4d 4h 4s', back: 'Ah 9c 9d 9h 9s' });
    expect(h.strongest.points).toBe(26);
    expect(h.strongest.perOpponent).toEqual({ 1: 13, 3: 13 });
    expect([h.legalSettings, h.tiedForMost, h.moreThanActual]).toEqual([24360, 2, 118]);
    expect(h.natural).toBeUndefined();
  });

  it('four seats, two fouled: the setting that makes a homerun instead of paying one', () => {
    // Seat 1's cards set so that seat 2 scoops it: seat 2 scoops all three (the fouled seats
    // count as scooped) and collects its homerun, 3 x 3 = 9; seat 1 still scoops the fouled
    // seats, 2 x 3 = 6 each: 3 in all.
    const hands: TableHand[] = [
      seatSet(1, setting('2c 5d 3s', 'Th Qd Js 7s 5s', 'Qs Tc Ks 5h 8d')),
      seatSet(2, setting('6c 4s 2d', 'Kh Qh 9h 6h 2h', 'Ad Jd 9d 7d 4d')),
      { seat: 3, status: 'fouled', cards: cards('4h 9s 6d 3h 5c Qc Ac 2s As 6s 8c 7c 8s') },
      { seat: 4, status: 'fouled' },
    ];
    // Button 2: the order is 3, 4, 1, 2: seat 1 is `b` against the fouled seats, `a` against 2.
    const h = run({ profile: MANDARIN_HOUSE(), button: 2, seat: 1, hands });
    expect(h.actual.points).toBe(3);
    expect(h.actual.perOpponent).toEqual({ 2: -9, 3: 6, 4: 6 });
    expect(rows(h.actual.pairs)).toEqual([[3, 1, -6, null], [4, 1, -6, null], [1, 2, -9, 2]]);
    // Only one legal setting scoops seat 2 (queen high over six high, the spade flush over the
    // heart flush, the full house over the diamond flush): a homerun, 9 from each seat.
    expect(h.mostPoints.points).toBe(27);
    expect(h.mostPoints.perOpponent).toEqual({ 2: 9, 3: 9, 4: 9 });
    expect(rows(h.mostPoints.pairs)).toEqual([[3, 1, -9, 1], [4, 1, -9, 1], [1, 2, 9, 1]]);
    expect(h.mostPoints.text).toEqual({ front: 'Qd 8d 2c', middle: 'Ks Qs Js 7s 3s', back: 'Tc Th 5d 5h 5s' });
    // bestArrangement's setting wins front and back from seat 2 (+1) and scoops the fouled seats.
    expect(h.strongest.text).toEqual({ front: '7s 3s 2c', middle: 'Ks Js Tc Th 8d', back: 'Qd Qs 5d 5h 5s' });
    expect(h.strongest.points).toBe(13);
    expect(h.strongest.perOpponent).toEqual({ 2: 1, 3: 6, 4: 6 });
    // Of 22,235 legal settings 378 let seat 2 scoop (and pay its homerun, 3 as here): every other makes more.
    expect([h.legalSettings, h.tiedForMost, h.moreThanActual]).toEqual([22235, 1, 22235 - 378]);
  });

  it('a lowball middle: legal front <= back only, and the middle compared by its 2-7 strength', () => {
    const hands: TableHand[] = [
      seatSet(1, setting('Ah Kh 3c', '8s 6d 5c 4d 2s', 'Ts Td Tc 9s 9d')),
      seatSet(2, setting('Js Jd 4c', '9c 7d 6s 3d 2d', 'Qs Qd Qc Qh 5s')),
      // Kings over a seven-five low: fouled on the high-hand scale, legal with a lowball middle.
      seatSet(3, setting('Ks Kd 8c', '7c 5d 4s 3h 2c', 'As Ad Ac 6h 6c')),
    ];
    const h = run({ profile: LOWBALL_HOUSE(), button: 1, seat: 3, hands });
    expect(h.actual.status).toBe('set');
    // Against 1: kings beat ace high, 7-5 low beats 8-6 low, aces full beat tens full: a
    // scoop, 6. Against 2: kings beat jacks, 7-5 beats 9-7, its quads beat the full house:
    // 1 + 1 - 1 - its quads' 4 = -3.
    expect(h.actual.points).toBe(3);
    expect(h.actual.perOpponent).toEqual({ 1: 6, 2: -3 });
    // The actual setting is the best; one other ties it (the two sixes' places are the only freedom).
    expect(h.mostPoints.points).toBe(3);
    expect(h.mostPoints.text).toEqual({ front: 'Kd Ks 8c', middle: '7c 5d 4s 3h 2c', back: 'Ac Ad As 6c 6h' });
    expect(h.mostPoints.descriptions.middle).toBe(h.actual.pairs[0].segments?.find((s) => s.segment === 'middle')?.b);
    // Strongest is the high-hand strongest (always legal).
    expect(h.strongest.text).toEqual({ front: '6c 3h 2c', middle: '8c 7c 6h 5d 4s', back: 'Ac Ad As Kd Ks' });
    expect(h.strongest.points).toBe(-11);
    expect(h.strongest.perOpponent).toEqual({ 1: -1, 2: -10 });
    expect([h.legalSettings, h.tiedForMost, h.moreThanActual]).toEqual([53622, 2, 0]);
  });
});

// ---------------------------------------------------------------- ties

describe('hindsight: ties go to the stronger back, middle, front, then the higher cards', () => {
  // Against a dragon every setting pays 13 (RULES.md s7), so the tie rule alone picks.
  // Given in no particular order, and set out of order (a full house middle over trips).
  const own = setting('Jd Js 9s', 'Qs Qh Qc Kd Ks', 'Ah Ad Ac Kc Jh');
  const input = (): HindsightInput => ({
    profile: MANDARIN_HOUSE(), button: 1, seat: 2,
    hands: [{ seat: 1, status: 'natural', natural: 'dragon', cards: cards(DRAGON) }, seatSet(2, own)],
  });

  it('every legal setting ties; none makes more than the fouled hand paid', () => {
    const h = run(input());
    expect(h.actual.status).toBe('fouled');
    expect(h.actual.perOpponent).toEqual({ 1: -13 });
    expect(h.mostPoints.points).toBe(-13);
    expect(h.legalSettings).toBe(27630);
    expect(h.tiedForMost).toBe(h.legalSettings);
    expect(h.moreThanActual).toBe(0);
  });

  it('the tie: aces full of kings, queens full of jacks, the back and the middle holding the higher suits', () => {
    const h = run(input());
    // The back with the two highest kings (Kc, Kd over Ks), the middle with the two highest
    // jacks (Jd, Jh over Js); code order 2s < 2h < 2d < 2c < ... < Ac.
    expect(h.mostPoints.text).toEqual({ front: 'Ks Js 9s', middle: 'Qc Qh Qs Jd Jh', back: 'Ac Ad Ah Kc Kd' });
    expect(h.mostPoints.values).toEqual(h.strongest.values);
  });

  it('the answer does not depend on the order the cards are given in', () => {
    const h = run(input());
    const turned = { front: [...own.back].reverse().slice(0, 3), middle: [...own.back].reverse().slice(3).concat(own.front.slice(0, 3)), back: own.middle };
    // The same 13 cards, another (fouled) setting in another order.
    const other = run({ ...input(), hands: [input().hands[0], { seat: 2, status: 'fouled', cards: [...turned.back, ...turned.front, ...turned.middle].reverse() }] });
    expect(other.mostPoints.hand).toEqual(h.mostPoints.hand);
    expect(other.strongest.hand).toEqual(h.strongest.hand);
    // bestArrangement's setting of the cards sorted by code (its pick among equal values).
    const sorted = [...own.front, ...own.middle, ...own.back].sort((a, b) => a - b);
    const best = bestArrangement(sorted).hand;
    expect(h.strongest.hand).toEqual({ front: [...best.front].sort((a, b) => b - a), middle: [...best.middle].sort((a, b) => b - a), back: [...best.back].sort((a, b) => b - a) });
    expect(h.strongest.text).toEqual({ front: 'Kc Jd 9s', middle: 'Qc Qh Qs Jh Js', back: 'Ac Ad Ah Kd Ks' });
  });
});

describe('hindsight: a lower back never wins a tie for a better middle', () => {
  it('against a surrender: quad twos with the ace behind, not aces full with twos full in the middle', () => {
    // The surrendered seat pays 3 whatever is set (RULES.md s6), so every legal setting ties.
    // The strongest back is quad twos with an ace (the highest ace, Ac); a back of aces full
    // of kings is weaker though its middle (twos full of queens) would be stronger than the
    // quads' middle (aces and kings, the higher queen Qc).
    const h = run({
      profile: MANDARIN_HOUSE(), button: 1, seat: 2,
      hands: [{ seat: 1, status: 'surrendered' }, seatSet(2, setting('Qd Jh 9d', 'Ks Kh Qc Ad Ah', '2s 2h 2d 2c Ac'))],
    });
    expect(h.actual.perOpponent).toEqual({ 1: 3 });
    expect(h.mostPoints.text).toEqual({ front: 'Qd Jh 9d', middle: 'Ad Ah Kh Ks Qc', back: 'Ac 2c 2d 2h 2s' });
    expect(h.mostPoints.descriptions).toEqual({ front: 'Queen high', middle: 'Two pair, aces and kings', back: 'Four of a kind, twos' });
    expect([h.legalSettings, h.tiedForMost, h.moreThanActual]).toEqual([26832, 26832, 0]);
  });
});

describe('hindsight: tied segments and a middle equal to the back (basic: 1 a segment)', () => {
  // Seat 2 holds the ranks of seat 1's front (Q 3 2) and middle (A K 9 7 4) in other suits,
  // and twice A K 9 7 4: a middle as strong as its back is legal (RULES.md s4: ties allowed).
  const input = (): HindsightInput => ({
    profile: getPreset('basic')!, button: 1, seat: 2,
    hands: [
      seatSet(1, setting('Qh 3s 2s', 'Ah Kd 9s 7c 4s', 'Jc Jd 8s 8h 5c')),
      seatSet(2, setting('Qs 3h 2d', 'Ad Kc 9c 7h 4c', 'As Kh 9d 7s 4d')),
    ],
  });

  it('as set: the front and the middle tie, the back loses to two pair: -1', () => {
    const h = run(input());
    expect(h.actual.status).toBe('set');
    expect(h.actual.perOpponent).toEqual({ 1: -1 });
    expect(h.actual.pairs[0].segments?.map((s) => s.winner)).toEqual([null, null, 1]);
  });

  it('at best all three segments (3); the counts of the brute force', () => {
    const h = run(input());
    expect(h.mostPoints.points).toBe(3);
    expect(h.mostPoints.perOpponent).toEqual({ 1: 3 });
    // Of the 1,632 settings winning all three, the strongest back (aces and kings, queen kicker).
    expect(h.mostPoints.text).toEqual({ front: '4c 4d 2d', middle: '9c 9d 7h 7s 3h', back: 'Ad As Kc Kh Qs' });
    expect(h.strongest.points).toBe(1);
    expect([h.legalSettings, h.tiedForMost, h.moreThanActual]).toEqual([23904, 1632, 12224]);
  });
});

// ---------------------------------------------------------------- naturals, surrender, fouls

describe('hindsight: naturals, surrender and fouled hands', () => {
  it('a hand holding six pairs it did not declare: what declaring would have made', () => {
    // mandarin-house: six pairs collect 4 from every other live hand (RULES.md s7).
    const sixPairs = bestArrangement(cards(SIX_PAIRS)).hand;
    const h = run({ profile: MANDARIN_HOUSE(), button: 1, seat: 1, hands: [seatSet(1, sixPairs), seatSet(2, setOf(NATURALS_REST_SET))] });
    expect(h.natural?.name).toBe('six-pairs');
    expect(h.natural?.points).toBe(4);
    expect(h.natural?.perOpponent).toEqual({ 2: 4 });
    expect(h.natural?.pairs.map((p) => [p.a, p.b, p.points, p.outcome])).toEqual([[2, 1, -4, 'natural']]);
  });

  it('a surrendered seat: what it paid (3 to each) and what its cards could have made', () => {
    const h = run({
      profile: MANDARIN_HOUSE(), button: 1, seat: 2,
      hands: [seatSet(1, setOf(SHOT_A)), { seat: 2, status: 'surrendered', cards: cards(SHOT_B.join(' ')) }],
    });
    expect(h.actual.status).toBe('surrendered');
    expect(h.actual.points).toBe(-3);
    expect(h.actual.perOpponent).toEqual({ 1: -3 });
    // Played, the cards make -4 at best (the shot above): surrendering saved a point.
    expect(h.mostPoints.points).toBe(-4);
    expect(h.moreThanActual).toBe(0);
  });

  it('a declared natural opponent and a surrendered one: every setting makes the same', () => {
    const rest = setOf(NATURALS_REST_SET);
    const h = run({
      profile: MANDARIN_HOUSE(), button: 4, seat: 2,
      hands: [{ seat: 1, status: 'natural', natural: 'dragon' }, seatSet(2, rest), { seat: 3, status: 'surrendered' }],
    });
    // Pays the dragon 13, collects 3 from the surrender.
    expect(h.actual.perOpponent).toEqual({ 1: -13, 3: 3 });
    expect(h.mostPoints.perOpponent).toEqual({ 1: -13, 3: 3 });
    expect(h.tiedForMost).toBe(h.legalSettings);
  });

  it('a seat set out of order is scored fouled, with the rows the settlement gives it', () => {
    // Trips in front over a pair in the middle.
    const rec = record('mandarin-house', [{ set: SHOT_A }, { set: ['Kd Kc Ks', 'Ah Ad 3c 4c 6d', 'Qd 2c 3d 3s 7s'] }]);
    const s = unwrap(parseShowdown(rec));
    const h = run({ profile: s.profile, button: s.button, seat: 2, hands: [seatSet(1, s.seats[0].setting!), seatSet(2, s.seats[1].setting!)] });
    const settled = unwrap(settleRecord(rec));
    expect(h.actual.status).toBe('fouled');
    expect(h.actual.points).toBe(settled.points[2]);
    expect(h.actual.pairs).toEqual(settled.pairs);
    expect(h.actual.pairs[0].segments?.map((x) => x.b)).toEqual(['Three of a kind, kings', 'Pair of aces', 'Pair of threes']);
  });
});

// ---------------------------------------------------------------- from a showdown record

describe('hindsightOfRecord / hindsightOfShowdown: each seat as the settlement classified it', () => {
  const rec = () => record('mandarin-house', [
    { cards: DRAGON, natural: 'dragon' },
    { set: NATURALS_REST_SET, foul: 'shown a card' },
    { cards: SIX_PAIRS, surrender: true },
  ]);

  it('the natural, the floor-fouled seat (its setting given) and the surrender, with what the settlement paid', () => {
    const settled = unwrap(settleRecord(rec()));
    const statuses = [1, 2, 3].map((seat) => {
      const h = unwrap(hindsightOfRecord(rec(), seat));
      expect(h.actual.points).toBe(settled.points[seat]);
      expect(h.actual.pairs).toEqual(settled.pairs.filter((p) => p.a === seat || p.b === seat));
      return h.actual.status;
    });
    expect(statuses).toEqual(['natural', 'fouled', 'surrendered']);
    // The dragon collects 13 from the fouled seat and 3 from the surrender.
    expect(unwrap(hindsightOfRecord(rec(), 1)).actual.perOpponent).toEqual({ 2: 13, 3: 3 });
  });

  it('a set seat of a record', () => {
    const h = unwrap(hindsightOfRecord(record('mandarin-house', [{ set: SHOT_A }, { set: SHOT_B }]), 2));
    expect(h.actual).toMatchObject({ status: 'set', points: -9 });
    expect(h.mostPoints.points).toBe(-4);
  });

  it('refuses what parseShowdown and settleShowdown refuse, unchanged', () => {
    const bad = { ...rec(), seats: [] };
    expect(hindsightOfRecord(bad, 1)).toEqual(parseShowdown(bad));
    const s = unwrap(parseShowdown(record('mandarin-house', [{ set: SHOT_A }, { set: SHOT_B }])));
    const twice = { ...s, seats: s.seats.map((x) => (x.seat === 2 ? { ...x, setting: { ...x.setting!, front: cards('Ks Qd Qd') } } : x)) };
    const refused = settleShowdown(twice);
    expect(refused.ok).toBe(false);
    expect(hindsightOfShowdown(twice, 1)).toEqual(refused);
  });

  it('a seat not live is unknown, whatever its number', () => {
    const s = unwrap(parseShowdown(record('mandarin-house', [{ set: SHOT_A }, { set: SHOT_B }])));
    for (const seat of [3, 5, 0]) {
      expect(hindsightOfShowdown(s, seat)).toEqual({
        ok: false, error: { code: 'unknown-seat', path: 'seat', message: `seat: seat ${seat} is not among the live seats (1, 2)` },
      });
    }
    expect(hindsightOfRecord(record('mandarin-house', [{ set: SHOT_A }, { set: SHOT_B }]), 4)).toMatchObject({ ok: false, error: { code: 'unknown-seat' } });
  });
});

// ---------------------------------------------------------------- refusals

describe('hindsight: bad input is refused with a code, the field and words a person reads', () => {
  const A = (): TableHand => seatSet(1, setOf(SHOT_A));
  const B = (): TableHand => seatSet(2, setOf(SHOT_B));
  const twelve = (): Card[] => cards(SHOT_B.join(' ')).slice(1);
  const base = (over: Partial<HindsightInput> & Record<string, unknown>): HindsightInput => ({ profile: MANDARIN_HOUSE(), button: 1, seat: 1, hands: [A(), B()], ...over } as HindsightInput);
  const withB = (b: unknown, seat = 1): HindsightInput => base({ seat, hands: [A(), b as TableHand] });
  const cases: [string, () => HindsightInput, string, string, string][] = [
    ['button 0', () => base({ button: 0 }), 'bad-button', 'button', 'the button is a seat 1-4, not 0'],
    ['button 5', () => base({ button: 5 }), 'bad-button', 'button', 'the button is a seat 1-4, not 5'],
    ['button 1.5', () => base({ button: 1.5 }), 'bad-button', 'button', 'the button is a seat 1-4, not 1.5'],
    ['button as text', () => base({ button: '1' as unknown as number }), 'bad-button', 'button', 'the button is a seat 1-4, not "1"'],
    ['seat 5', () => base({ seat: 5 }), 'bad-seat', 'seat', 'a seat is 1-4, not 5'],
    ['seat 0', () => base({ seat: 0 }), 'bad-seat', 'seat', 'a seat is 1-4, not 0'],
    ['hands not a list', () => base({ hands: 'four' as unknown as TableHand[] }), 'bad-hands', 'hands', 'expected a list of the live seats\' hands'],
    ['one live seat', () => base({ hands: [A()] }), 'too-few-seats', 'hands', 'a showdown has at least two live seats, not 1'],
    ['five hands', () => base({ hands: [A(), B(), { seat: 3, status: 'fouled' }, { seat: 4, status: 'fouled' }, { seat: 4, status: 'fouled' }] }), 'bad-hands', 'hands', 'a table has at most 4 seats, not 5'],
    ['a hand that is nothing', () => base({ hands: [null as unknown as TableHand, B()] }), 'bad-seat', 'hands[0].seat', 'a seat is 1-4, not nothing'],
    ['a hand at seat 5', () => withB({ ...B(), seat: 5 }), 'bad-seat', 'hands[1].seat', 'a seat is 1-4, not 5'],
    ['a seat twice', () => withB({ ...B(), seat: 1 }), 'duplicate-seat', 'hands[1].seat', 'seat 1 is given twice'],
    ['a set hand with no setting', () => withB({ seat: 2, status: 'set' }), 'bad-setting', 'hands[1].setting', 'seat 2 is "set" but gives no setting'],
    ['a set hand with a null setting', () => withB({ seat: 2, status: 'set', setting: null }), 'bad-setting', 'hands[1].setting', 'seat 2 is "set" but gives no setting'],
    ['a segment not a list', () => withB({ seat: 2, status: 'set', setting: { ...setOf(SHOT_B), middle: 'Ah Ad' } }), 'bad-card', 'hands[1].setting.middle', 'expected a list of card codes'],
    ['a segment with a bad code', () => withB({ seat: 2, status: 'set', setting: { ...setOf(SHOT_B), front: [44, 42, 52] } }), 'bad-card', 'hands[1].setting.front[2]', 'not a card code (0-51): 52'],
    ['an opponent set 4/4/5', () => withB({ seat: 2, status: 'set', setting: setting('Ks Qd 2c Ah', 'Ad 3c 4c 6d', 'Kd Kc 3d 3s 7s') }), 'bad-setting', 'hands[1].setting.front',
      'seat 2\'s front has 4 cards; a set hand is front 3, middle 5, back 5 (give a wrong count as "fouled")'],
    ['a back of 4', () => withB({ seat: 2, status: 'set', setting: setting('Ks Qd 2c', 'Ah Ad 3c 4c 6d 7s', 'Kd Kc 3d 3s') }), 'bad-setting', 'hands[1].setting.middle',
      'seat 2\'s middle has 6 cards; a set hand is front 3, middle 5, back 5 (give a wrong count as "fouled")'],
    ['a card twice in a setting', () => withB({ seat: 2, status: 'set', setting: setting('Ks Qd 2c', 'Ah Ad 3c 4c 6d', 'Kd Ks 3d 3s 7s') }), 'duplicate-card', 'hands[1].setting', 'Ks appears twice'],
    ['an unknown status', () => withB({ seat: 2, status: 'folded' }), 'bad-status', 'hands[1].status', 'expected "set", "fouled", "surrendered" or "natural", not "folded"'],
    ['cards not a list', () => withB({ seat: 2, status: 'fouled', cards: 'Ks' }), 'bad-card', 'hands[1].cards', 'expected a list of card codes'],
    ['cards with a bad code', () => withB({ seat: 2, status: 'fouled', cards: [...twelve(), 52] }), 'bad-card', 'hands[1].cards[12]', 'not a card code (0-51): 52'],
    ['cards not 13', () => withB({ seat: 2, status: 'fouled', cards: twelve() }, 2), 'wrong-card-count', 'hands[1].cards', 'expected 13 cards, got 12'],
    ['a card twice in a hand', () => withB({ seat: 2, status: 'surrendered', cards: [...twelve(), twelve()[0]] }), 'duplicate-card', 'hands[1]', 'Qd appears twice in seat 2\'s hand'],
    ['a card in two hands', () => withB({ seat: 2, status: 'natural', natural: 'dragon', cards: [...twelve(), cards('5s')[0]] }), 'duplicate-card', 'hands[1]', '5s is in seat 2\'s hand and in seat 1\'s'],
    ['the seat\'s cards missing', () => withB({ seat: 2, status: 'fouled' }, 2), 'missing-cards', 'hands[1]', 'seat 2\'s 13 cards are needed: give its setting or its cards'],
    ['the seat not at the table', () => base({ seat: 3 }), 'unknown-seat', 'seat', 'seat 3 is not among the live seats (1, 2)'],
    ['a natural the profile does not play', () => withB({ seat: 2, status: 'natural', natural: 'pure-dragon' }), 'natural-not-played', 'hands[1].natural',
      'profile mandarin-house does not play the natural "pure-dragon" (seat 2)'],
    ['a surrender the profile does not play', () => base({ profile: getPreset('basic')!, hands: [A(), { seat: 2, status: 'surrendered' }] }), 'surrender-not-played', 'hands[1].status',
      'profile basic does not play surrender, yet seat 2 surrendered'],
  ];
  it.each(cases)('%s', (_, input, code, path, words) => {
    expect(hindsight(input())).toEqual({ ok: false, error: { code, path, message: `${path}: ${words}` } });
  });

  it('accepts seats and buttons 1 and 4, opponents without cards, up to four hands', () => {
    const h = hindsight({
      profile: MANDARIN_HOUSE(), button: 4, seat: 4,
      hands: [{ seat: 2, status: 'fouled' }, { seat: 1, status: 'surrendered' }, { seat: 3, status: 'natural', natural: 'dragon' }, seatSet(4, setOf(SHOT_A))],
    });
    expect(h.ok).toBe(true);
    if (!h.ok) return;
    // The surrender pays 3, the dragon collects 13, the fouled seat pays a scoop with the trips, 2 x 3 + 3 = 9.
    expect(h.value.actual.perOpponent).toEqual({ 1: 3, 2: 9, 3: -13 });
    expect(hindsight({ profile: MANDARIN_HOUSE(), button: 1, seat: 1, hands: [A(), B()] }).ok).toBe(true);
  });
});
