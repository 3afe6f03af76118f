/**
 * Pairwise scoring (RULES.md sections 4-7) piece by piece: every outcome's points, parts and
 * dealer's line, each segment won with and without a bonus by either side, the scoop, homerun
 * and majority rules of custom profiles, the announcement order of odd seat lists, and the
 * cache of pair summaries (every pattern of winners at every pair of seats, twice, and more
 * summaries than the cache holds). Each expected value is worked in its comment.
 */
import { describe, expect, it } from 'vitest';
import { parseCards } from '../../../app/domain/cards';
import { getPreset, type Profile } from '../../../app/domain/profiles';
import { unwrap } from '../../../app/domain/result';
import { clockwiseFromButton, homerunSeats, scorePair, scoreShowdown, type PairScore, type ScoredHand } from '../../../app/domain/scoring';
import { checkSetting } from '../../../app/domain/setting';

const preset = (name: string): Profile => getPreset(name)!;
const basic = preset('basic');
/** A profile like `basic` with some options changed (scoring reads only the options). */
const custom = (over: Partial<Profile>): Profile => ({ ...basic, name: 'custom', ...over });

/** A valid hand with made-up values (basic rules pay no bonus, so any numbers compare). */
const S = (seat: number, front: number, middle: number, back: number): ScoredHand => ({
  seat, status: 'set', values: { front, middle, back }, descriptions: { front: `F${seat}`, middle: `M${seat}`, back: `B${seat}` },
});
const fouled = (seat: number, withDescriptions = false): ScoredHand => (withDescriptions
  ? { seat, status: 'fouled', reason: 'out of order', descriptions: { front: `f${seat}`, middle: `m${seat}`, back: `b${seat}` } }
  : { seat, status: 'fouled', reason: 'out of order' });
const surrendered = (seat: number): ScoredHand => ({ seat, status: 'surrendered' });

/** A real hand (front / middle / back text), checked as the settlement checks it. */
function real(seat: number, front: string, middle: string, back: string): ScoredHand {
  const v = unwrap(checkSetting({ front: unwrap(parseCards(front)), middle: unwrap(parseCards(middle)), back: unwrap(parseCards(back)) }, { lowballMiddle: false }));
  if (v.fouled) throw new Error(`fixture fouled: ${v.reason}`);
  return { seat, status: 'set', values: v.values, descriptions: v.descriptions };
}

/** The value as JSON gives it (the settle command prints JSON: a scoop part of -0 prints 0). */
const plain = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

const NO_PARTS = { segments: 0, scoop: 0, majority: 0, bonuses: 0, foul: 0, natural: 0, surrender: 0 };

describe('clockwiseFromButton (RULES.md s2: the deal starts left of the button)', () => {
  it.each([
    [1, [2, 3, 4, 1]], [2, [3, 4, 1, 2]], [3, [4, 1, 2, 3]], [4, [1, 2, 3, 4]],
  ])('all four seats, button %i -> %j', (button, expected) => {
    expect(clockwiseFromButton(button)).toEqual(expected);
  });

  it('seats at the same distance keep their given order (a stable sort)', () => {
    // Seat 5 sits where seat 1 does (5 mod 4): both first after button 4.
    expect(clockwiseFromButton(4, [5, 1, 2])).toEqual([5, 1, 2]);
    expect(clockwiseFromButton(4, [1, 5, 2])).toEqual([1, 5, 2]);
    expect(clockwiseFromButton(1, [4, 3, 2])).toEqual([2, 3, 4]);
  });

  it('a button that is not a whole number still orders by distance', () => {
    // Button 2.5: distance of seat s is (s - 3.5) mod 4: seat 4 0.5, seat 1 1.5, seat 2 2.5, seat 3 3.5.
    expect(clockwiseFromButton(2.5, [1, 2, 3, 4])).toEqual([4, 1, 2, 3]);
    expect(clockwiseFromButton(2, [3.5, 1, 4])).toEqual([3.5, 4, 1]);
  });
});

describe('a showdown pair (both hands set), basic rules', () => {
  it('a wins all three: 3, a scoop that adds nothing under basic', () => {
    const p = scorePair(basic, S(1, 3, 3, 3), S(2, 1, 1, 1));
    expect(p).toEqual({
      a: 1, b: 2, points: 3, outcome: 'showdown',
      segments: [
        { segment: 'front', winner: 1, a: 'F1', b: 'F2', bonusA: 0, bonusB: 0 },
        { segment: 'middle', winner: 1, a: 'M1', b: 'M2', bonusA: 0, bonusB: 0 },
        { segment: 'back', winner: 1, a: 'B1', b: 'B2', bonusA: 0, bonusB: 0 },
      ],
      scoop: 1, homerun: null, majority: null, parts: { ...NO_PARTS, segments: 3 },
      summary: 'seat 1 wins 3 points from seat 2 (front seat 1, middle seat 1, back seat 1; scoop by seat 1)',
    } satisfies PairScore);
  });

  it.each<[string, ScoredHand, ScoredHand, number, (number | null)[], string]>([
    ['b wins all three', S(3, 1, 1, 1), S(4, 2, 2, 2), -3, [4, 4, 4], 'seat 4 wins 3 points from seat 3 (front seat 4, middle seat 4, back seat 4; scoop by seat 4)'],
    ['one each and a tie: a push', S(1, 3, 1, 2), S(2, 1, 3, 2), 0, [1, 2, null], 'seat 1 and seat 2 push (front seat 1, middle seat 2, back tie)'],
    ['front and back to a', S(2, 5, 1, 5), S(1, 1, 5, 1), 1, [2, 1, 2], 'seat 2 wins 1 point from seat 1 (front seat 2, middle seat 1, back seat 2)'],
    ['middle to b, the rest tied', S(1, 1, 1, 1), S(3, 1, 2, 1), -1, [null, 3, null], 'seat 3 wins 1 point from seat 1 (front tie, middle seat 3, back tie)'],
    ['back to b, the rest tied', S(1, 1, 1, 1), S(3, 1, 1, 2), -1, [null, null, 3], 'seat 3 wins 1 point from seat 1 (front tie, middle tie, back seat 3)'],
    ['front to b, the rest tied', S(1, 1, 1, 1), S(3, 2, 1, 1), -1, [3, null, null], 'seat 3 wins 1 point from seat 1 (front seat 3, middle tie, back tie)'],
  ])('%s', (_why, x, y, points, winners, summary) => {
    const p = scorePair(basic, x, y);
    expect(p.points).toBe(points);
    expect(p.segments!.map((s) => s.winner)).toEqual(winners);
    expect(p.summary).toBe(summary);
    expect(plain(p.parts)).toEqual({ ...NO_PARTS, segments: points });
    expect(p.majority).toBeNull();
  });
});

describe('scoop, homerun and majority rules (RULES.md s5)', () => {
  it('scoop doubled: b scoops, the scoop part from a\'s side', () => {
    const p = scorePair(preset('scoop-double'), S(1, 1, 1, 1), S(2, 3, 3, 3));
    expect(plain(p)).toMatchObject({ points: -6, scoop: 2, homerun: null, parts: { ...NO_PARTS, segments: -3, scoop: -3 } });
    expect(p.summary).toBe('seat 2 wins 6 points from seat 1 (front seat 2, middle seat 2, back seat 2; scoop by seat 2)');
  });

  it('scoop +3 (001): either side', () => {
    const add = custom({ scoop: { kind: 'add', points: 3 } });
    expect(plain(scorePair(add, S(1, 3, 3, 3), S(2, 1, 1, 1))).parts).toEqual({ ...NO_PARTS, segments: 3, scoop: 3 });
    expect(plain(scorePair(add, S(1, 1, 1, 1), S(2, 3, 3, 3))).parts).toEqual({ ...NO_PARTS, segments: -3, scoop: -3 });
    // No scoop, no extra.
    expect(plain(scorePair(add, S(1, 3, 3, 1), S(2, 1, 1, 3))).parts).toEqual({ ...NO_PARTS, segments: 1 });
  });

  it('2 points a segment, doubled: 12 for a scoop', () => {
    expect(plain(scorePair(custom({ segmentPoints: 2, scoop: { kind: 'multiply', factor: 2 } }), S(1, 3, 3, 3), S(2, 1, 1, 1))).points).toBe(12);
  });

  it('a homerun replaces the scoop rule, only for the seat that made it', () => {
    const p = custom({ scoop: { kind: 'multiply', factor: 2 }, homerun: { kind: 'multiply', factor: 3 } });
    // Seat 1 made a homerun and scoops seat 2: 3 x 3 = 9.
    const h = scorePair(p, S(1, 3, 3, 3), S(2, 1, 1, 1), new Set([1]));
    expect(plain(h)).toMatchObject({ points: 9, scoop: 1, homerun: 1, parts: { ...NO_PARTS, segments: 3, scoop: 6 } });
    expect(h.summary).toBe('seat 1 wins 9 points from seat 2 (front seat 1, middle seat 1, back seat 1; homerun by seat 1)');
    // Seat 2 scoops seat 1 and made the homerun: -9; seat 1's homerun does not apply here.
    expect(plain(scorePair(p, S(1, 1, 1, 1), S(2, 3, 3, 3), new Set([2]))).points).toBe(-9);
    expect(plain(scorePair(p, S(1, 1, 1, 1), S(2, 3, 3, 3), new Set([1]))).points).toBe(-6);
    // No scoop, no homerun, whatever the set says.
    expect(plain(scorePair(p, S(1, 3, 3, 1), S(2, 1, 1, 3), new Set([1])))).toMatchObject({ points: 1, scoop: null, homerun: null });
    // The default: no homerun seats.
    expect(plain(scorePair(p, S(1, 3, 3, 3), S(2, 1, 1, 1))).points).toBe(6);
  });

  it('majority bonus (western): two wins, either side, and with a scoop', () => {
    const western = preset('western');
    const two = scorePair(western, S(1, 3, 3, 1), S(2, 1, 1, 3));
    // 2 won - 1 lost + 1 majority (000: +2).
    expect(plain(two)).toMatchObject({ points: 2, majority: 1, scoop: null, parts: { ...NO_PARTS, segments: 1, majority: 1 } });
    expect(two.summary).toBe('seat 1 wins 2 points from seat 2 (front seat 1, middle seat 1, back seat 2; majority bonus to seat 1)');
    const theirs = scorePair(western, S(1, 3, 1, 1), S(2, 1, 3, 3));
    expect(plain(theirs)).toMatchObject({ points: -2, majority: 2, parts: { ...NO_PARTS, segments: -1, majority: -1 } });
    // A scoop is worth 4 (RULES.md s5).
    const scoop = scorePair(western, S(1, 3, 3, 3), S(2, 1, 1, 1));
    expect(plain(scoop)).toMatchObject({ points: 4, majority: 1, scoop: 1 });
    expect(scoop.summary).toBe('seat 1 wins 4 points from seat 2 (front seat 1, middle seat 1, back seat 1; scoop by seat 1; majority bonus to seat 1)');
    // One win each and a tie: no majority.
    expect(plain(scorePair(western, S(1, 3, 1, 2), S(2, 1, 3, 2))).majority).toBeNull();
    // A majority bonus of 2.
    expect(plain(scorePair(custom({ majorityBonus: 2 }), S(1, 1, 3, 3), S(2, 3, 1, 1))).points).toBe(3);
  });
});

describe('bonus hands in every segment, won and lost by either side', () => {
  // X: trips, full house, quads, each losing to Y's bigger ones.
  const X = (seat: number) => real(seat, '5s 5h 5d', '6s 6h 6d 2s 2h', '7s 7h 7d 7c 3s');
  const Y = (seat: number) => real(seat, 'Qs Qh Qd', 'Ks Kh Kd 3h 3d', 'As Ah Ad Ac 4s');
  // Z: no bonus hand anywhere, losing every segment to X and Y.
  const Z = (seat: number) => real(seat, 'Js 9h 4d', 'Ts Th 5d 6c 8c', 'Tc Td 8s 8h 9c');

  it('added (mandarin): only the winner of a segment is paid its bonus', () => {
    const mandarin = preset('mandarin');
    // Y wins all: 3 segments doubled (6) + front trips 3 + middle full house 2 + back quads 4 = 15.
    const yx = scorePair(mandarin, Y(1), X(2));
    expect(yx.segments!.map((s) => [s.bonusA, s.bonusB])).toEqual([[3, 0], [2, 0], [4, 0]]);
    expect(plain(yx.parts)).toEqual({ ...NO_PARTS, segments: 3, scoop: 3, bonuses: 9 });
    expect(yx.summary).toBe('seat 1 wins 15 points from seat 2 (front seat 1, middle seat 1, back seat 1; scoop by seat 1; bonuses 9 to seat 1)');
    const xy = scorePair(mandarin, X(1), Y(2));
    expect(xy.segments!.map((s) => [s.bonusA, s.bonusB])).toEqual([[0, 3], [0, 2], [0, 4]]);
    expect(plain(xy.parts)).toEqual({ ...NO_PARTS, segments: -3, scoop: -3, bonuses: -9 });
    expect(xy.summary).toBe('seat 2 wins 15 points from seat 1 (front seat 2, middle seat 2, back seat 2; scoop by seat 2; bonuses 9 to seat 2)');
  });

  it('replaces the point (eastern): a segment won with a bonus scores only the bonus', () => {
    const eastern = preset('eastern');
    // Y over Z: 3 + 2 + 4 in bonuses, no segment point; eastern has no scoop rule.
    expect(plain(scorePair(eastern, Y(1), Z(2))).parts).toEqual({ ...NO_PARTS, segments: 0, bonuses: 9 });
    expect(plain(scorePair(eastern, Z(1), Y(2))).parts).toEqual({ ...NO_PARTS, segments: 0, bonuses: -9 });
    // X over Z likewise: 3 + 2 + 4.
    expect(plain(scorePair(eastern, X(1), Z(2))).points).toBe(9);
    // Won without a bonus hand: the point. Z holds none; a plain hand that beats Z everywhere:
    const W = (seat: number) => real(seat, 'Ks Kh 2d', 'As Ad 3s 4s 5h', '2c 3c 4c Jc Kc');
    expect(plain(scorePair(eastern, W(1), Z(2))).parts).toEqual({ ...NO_PARTS, segments: 3 });
    expect(plain(scorePair(eastern, Z(1), W(2))).parts).toEqual({ ...NO_PARTS, segments: -3 });
  });

  it('regardless (ofc rule on a chinese profile): both sides paid on every segment', () => {
    const both = { ...preset('mandarin'), bonusMode: 'regardless' as const, scoop: { kind: 'none' as const } };
    // Y wins 3 segments; bonuses Y 9 - X 9 = 0.
    const p = scorePair(both, Y(1), X(2));
    expect(p.segments!.map((s) => [s.bonusA, s.bonusB])).toEqual([[3, 3], [2, 2], [4, 4]]);
    expect(plain(p.parts)).toEqual({ ...NO_PARTS, segments: 3, bonuses: 0 });
  });
});

describe('fouled hands (RULES.md s4)', () => {
  it('the valid hand scores as if it won all three, with its scoop and bonuses', () => {
    const mh = preset('mandarin-house');
    const y = real(2, 'Qs Qh Qd', 'Ks Kh Kd 3h 3d', 'As Ah Ad Ac 4s');
    // 3 doubled (6) + 3 + 2 + 4 = 15 for seat 2.
    const p = scorePair(mh, fouled(1), y);
    expect(plain(p)).toMatchObject({ points: -15, outcome: 'foul', scoop: 2, homerun: null, parts: { ...NO_PARTS, segments: -3, scoop: -3, bonuses: -9 } });
    expect(p.segments!.map((s) => s.winner)).toEqual([2, 2, 2]);
    // The fouled hand has no descriptions: the row shows only b's.
    expect(p.segments![0]).toEqual({ segment: 'front', winner: 2, b: 'Three of a kind, queens', bonusA: 0, bonusB: 3 });
    expect(p.summary).toBe('seat 2 wins 15 points from seat 1 (seat 1 fouled; scoop by seat 2; bonuses 9 to seat 2)');
    // The other way round.
    const q = scorePair(mh, y, fouled(3));
    expect(q.points).toBe(15);
    expect(q.segments![2]).toEqual({ segment: 'back', winner: 2, a: 'Four of a kind, aces', bonusA: 4, bonusB: 0 });
    expect(q.summary).toBe('seat 2 wins 15 points from seat 3 (seat 3 fouled; scoop by seat 2; bonuses 9 to seat 2)');
  });

  it('a fouled hand with descriptions shows them, a fouled hand pays no bonus of its own', () => {
    const p = scorePair(basic, fouled(1, true), S(2, 1, 1, 1));
    expect(p.segments!.map((s) => [s.a, s.b])).toEqual([['f1', 'F2'], ['m1', 'M2'], ['b1', 'B2']]);
    expect(p.points).toBe(-3);
    const q = scorePair(basic, S(1, 1, 1, 1), fouled(2, true));
    expect(q.segments!.map((s) => [s.winner, s.a, s.b])).toEqual([[1, 'F1', 'f2'], [1, 'M1', 'm2'], [1, 'B1', 'b2']]);
    expect(q.summary).toBe('seat 1 wins 3 points from seat 2 (seat 2 fouled; scoop by seat 1)');
    // No descriptions on either side: the row has neither.
    const none: ScoredHand = { seat: 4, status: 'set', values: { front: 1, middle: 1, back: 1 } } as unknown as ScoredHand;
    expect(plain(scorePair(basic, fouled(1), none)).segments![1]).toEqual({ segment: 'middle', winner: 4, bonusA: 0, bonusB: 0 });
  });

  it('a fixed penalty (profile option) instead of a scoop', () => {
    const fixed = custom({ foul: { kind: 'fixed', points: 5 } });
    expect(plain(scorePair(fixed, fouled(1), S(2, 1, 1, 1)))).toEqual({
      a: 1, b: 2, points: -5, outcome: 'foul', scoop: null, homerun: null, majority: null, parts: { ...NO_PARTS, foul: -5 },
      summary: 'seat 2 wins 5 points from seat 1 (seat 1 fouled: fixed penalty)',
    });
    expect(plain(scorePair(fixed, S(1, 1, 1, 1), fouled(2)))).toMatchObject({ points: 5, parts: { ...NO_PARTS, foul: 5 }, summary: 'seat 1 wins 5 points from seat 2 (seat 2 fouled: fixed penalty)' });
  });

  it('two fouled hands: no points', () => {
    expect(plain(scorePair(basic, fouled(2), fouled(3)))).toEqual({
      a: 2, b: 3, points: 0, outcome: 'both-fouled', scoop: null, homerun: null, majority: null, parts: NO_PARTS,
      summary: 'seats 2 and 3 both fouled: no points',
    });
  });
});

describe('surrender (RULES.md s6)', () => {
  const western = preset('western');

  it('the surrendered seat pays the penalty, either side', () => {
    expect(plain(scorePair(western, surrendered(1), S(2, 1, 1, 1)))).toEqual({
      a: 1, b: 2, points: -3, outcome: 'surrender', scoop: null, homerun: null, majority: null, parts: { ...NO_PARTS, surrender: -3 },
      summary: 'seat 2 wins 3 points from seat 1 (seat 1 surrendered)',
    });
    expect(plain(scorePair(western, S(1, 1, 1, 1), surrendered(4)))).toMatchObject({ points: 3, parts: { ...NO_PARTS, surrender: 3 }, summary: 'seat 1 wins 3 points from seat 4 (seat 4 surrendered)' });
    // Before any natural or foul (s6 Decision: exactly the penalty, also to a natural).
    expect(plain(scorePair(western, { seat: 1, status: 'natural', natural: 'dragon' }, surrendered(2))).points).toBe(3);
    expect(plain(scorePair(western, surrendered(1), fouled(2))).points).toBe(-3);
  });

  it('two surrendered seats owe each other 0', () => {
    expect(plain(scorePair(western, surrendered(1), surrendered(2)))).toEqual({
      a: 1, b: 2, points: 0, outcome: 'both-surrendered', scoop: null, homerun: null, majority: null, parts: NO_PARTS,
      summary: 'seats 1 and 2 both surrendered: no points',
    });
  });

  it('under a profile without surrender, the surrendered seat is named', () => {
    expect(() => scorePair(basic, surrendered(2), S(3, 1, 1, 1))).toThrow(new RangeError('profile basic does not play surrender, yet seat 2 surrendered'));
  });
});

describe('naturals (RULES.md s7), western: pure-dragon 8 rank 1, dragon 4 rank 3, all-one-color 4 rank 3', () => {
  const western = preset('western');
  const nat = (seat: number, natural: 'dragon' | 'pure-dragon' | 'all-one-color' | 'minor'): ScoredHand => ({ seat, status: 'natural', natural });

  it('a natural collects from a set or a fouled hand, either side', () => {
    expect(plain(scorePair(western, nat(1, 'dragon'), S(2, 1, 1, 1)))).toEqual({
      a: 1, b: 2, points: 4, outcome: 'natural', scoop: null, homerun: null, majority: null, parts: { ...NO_PARTS, natural: 4 },
      summary: 'seat 1 wins 4 points from seat 2 (natural: dragon)',
    });
    expect(plain(scorePair(western, fouled(1), nat(2, 'pure-dragon')))).toMatchObject({ points: -8, parts: { ...NO_PARTS, natural: -8 }, summary: 'seat 2 wins 8 points from seat 1 (natural: pure-dragon)' });
  });

  it('a higher-ranked natural collects its points from a lower one', () => {
    expect(plain(scorePair(western, nat(1, 'pure-dragon'), nat(2, 'dragon')))).toMatchObject({ points: 8, summary: 'seat 1 wins 8 points from seat 2 (natural: pure-dragon)' });
    expect(plain(scorePair(western, nat(1, 'dragon'), nat(2, 'pure-dragon')))).toMatchObject({ points: -8, summary: 'seat 2 wins 8 points from seat 1 (natural: pure-dragon)' });
  });

  it('naturals of equal rank push', () => {
    expect(plain(scorePair(western, nat(3, 'dragon'), nat(4, 'all-one-color')))).toEqual({
      a: 3, b: 4, points: 0, outcome: 'naturals-push', scoop: null, homerun: null, majority: null, parts: NO_PARTS,
      summary: 'seats 3 and 4 both hold naturals of equal rank: push',
    });
  });

  it('a natural the profile does not play is refused, naming its seat', () => {
    // Western plays no minor hand.
    expect(() => scorePair(western, nat(1, 'minor'), S(2, 1, 1, 1))).toThrow(new RangeError('profile western does not play the natural held at seat 1'));
    expect(() => scorePair(western, S(1, 1, 1, 1), nat(2, 'minor'))).toThrow(new RangeError('profile western does not play the natural held at seat 2'));
    expect(() => scorePair(western, nat(1, 'dragon'), nat(2, 'minor'))).toThrow(new RangeError('profile western does not play the natural held at seat 2'));
    expect(() => scorePair(western, nat(1, 'minor'), nat(2, 'dragon'))).toThrow(new RangeError('profile western does not play the natural held at seat 1'));
  });
});

describe('homerunSeats (RULES.md s5: four players, all compared)', () => {
  const mh = preset('mandarin-house');
  it('three fouled opponents: the valid hand scoops them all; a fouled hand is never a homerun', () => {
    expect([...homerunSeats(mh, [fouled(1), S(2, 1, 1, 1), fouled(3), fouled(4)])]).toEqual([2]);
  });
  it('a tie in one segment is no scoop, so no homerun', () => {
    expect([...homerunSeats(mh, [S(1, 3, 3, 3), S(2, 1, 1, 1), S(3, 1, 1, 1), S(4, 1, 1, 3)])]).toEqual([]);
    expect([...homerunSeats(mh, [S(1, 3, 3, 3), S(2, 1, 1, 1), S(3, 1, 3, 1), S(4, 1, 1, 1)])]).toEqual([]);
    expect([...homerunSeats(mh, [S(1, 3, 3, 3), S(2, 3, 1, 1), S(3, 1, 1, 1), S(4, 1, 1, 1)])]).toEqual([]);
    expect([...homerunSeats(mh, [S(1, 3, 3, 3), S(2, 1, 1, 1), S(3, 2, 2, 2), S(4, 1, 1, 1)])]).toEqual([1]);
  });
  it('five hands are not a four-handed table', () => {
    expect([...homerunSeats(mh, [S(1, 3, 3, 3), S(2, 1, 1, 1), S(3, 1, 1, 1), S(4, 1, 1, 1), S(5, 1, 1, 1)])]).toEqual([]);
  });
});

describe('scoreShowdown: seats, order and totals', () => {
  it('four seats: order from the button, six pairs, totals, the homerun', () => {
    const mh = preset('mandarin-house');
    const r = scoreShowdown(mh, 2, [S(1, 1, 1, 1), S(2, 1, 1, 1), S(3, 3, 3, 3), S(4, 1, 1, 1)]);
    expect(r.order).toEqual([3, 4, 1, 2]);
    expect(r.pairs.map((p) => [p.a, p.b, p.points])).toEqual([[3, 4, 9], [3, 1, 9], [3, 2, 9], [4, 1, 0], [4, 2, 0], [1, 2, 0]]);
    expect(r.points).toEqual({ 1: -9, 2: -9, 3: 27, 4: -9 });
    expect(r.homeruns).toEqual([3]);
  });

  it.each([
    // Four seats given in any order: left of the button first (RULES.md s5).
    [1, [1, 2, 3, 4], [2, 3, 4, 1]],
    [2, [4, 3, 2, 1], [3, 4, 1, 2]],
    [3, [2, 4, 1, 3], [4, 1, 2, 3]],
    [4, [3, 1, 4, 2], [1, 2, 3, 4]],
    // Three seats and two.
    [1, [4, 2, 3], [2, 3, 4]],
    [2, [1, 3, 4], [3, 4, 1]],
    [3, [2, 4, 1], [4, 1, 2]],
    [4, [3, 1, 2], [1, 2, 3]],
    [3, [2, 1], [1, 2]],
    [1, [4, 3], [3, 4]],
  ])('button %i, seats %j -> %j', (button, seats, order) => {
    // scoop-double: a scoop doubled, no homerun (RULES.md s12).
    const hands = seats.map((s) => S(s, s, s, s));
    const r = scoreShowdown(preset('scoop-double'), button, hands);
    expect(r.order).toEqual(order);
    const pairs: [number, number][] = [];
    for (let i = 0; i < order.length; i++) for (let j = i + 1; j < order.length; j++) pairs.push([order[i], order[j]]);
    expect(r.pairs.map((p) => [p.a, p.b])).toEqual(pairs);
    // Hand s has values s: the higher seat scoops the lower, 6 each (doubled).
    for (const p of r.pairs) expect(p.points).toBe(p.a > p.b ? 6 : -6);
    const total = (s: number) => seats.reduce((sum, t) => sum + (t === s ? 0 : s > t ? 6 : -6), 0);
    expect(r.points).toEqual(Object.fromEntries(seats.map((s) => [s, total(s)])));
    expect(r.homeruns).toEqual([]);
  });

  it('seats beyond 1-4 and a button that is not a whole number are ordered by distance', () => {
    // Seat 5 is at seat 1's place (RULES.md has four seats; the scoring orders any numbers).
    const r = scoreShowdown(basic, 4, [S(2, 1, 1, 1), S(5, 3, 3, 3), S(1, 2, 2, 2)]);
    expect(r.order).toEqual([5, 1, 2]);
    expect(r.pairs.map((p) => [p.a, p.b, p.points])).toEqual([[5, 1, 3], [5, 2, 3], [1, 2, 3]]);
    expect(r.points).toEqual({ 5: 6, 1: 0, 2: -6 });
    const h = scoreShowdown(basic, 2.5, [S(1, 1, 1, 1), S(4, 2, 2, 2)]);
    expect(h.order).toEqual([4, 1]);
    expect(h.points).toEqual({ 4: 3, 1: -3 });
  });

  it('four seats, one of them beyond 1-4: each seat keeps its own total', () => {
    // Seat 5 is at seat 1's place after button 4, given after it: order 1, 5, 2, 3.
    const r = scoreShowdown(basic, 4, [S(1, 1, 1, 1), S(2, 2, 2, 2), S(3, 3, 3, 3), S(5, 4, 4, 4)]);
    expect(r.order).toEqual([1, 5, 2, 3]);
    // Hand values 1 < 2 < 3 < 4: each scoop 3.
    expect(r.points).toEqual({ 1: -9, 2: -3, 3: 3, 5: 9 });
    expect(r.homeruns).toEqual([]);
  });

  it('five seats: ten pairs, no homerun', () => {
    const r = scoreShowdown(preset('mandarin-house'), 4, [1, 2, 3, 4, 5].map((s) => S(s, s, s, s)));
    expect(r.order).toEqual([1, 5, 2, 3, 4]);
    expect(r.pairs).toHaveLength(10);
    expect(r.homeruns).toEqual([]);
    expect(r.points[5]).toBe(24);
  });

  it('a seat given twice is refused, NaN too (as Map keys compare)', () => {
    expect(() => scoreShowdown(basic, 4, [S(1, 1, 1, 1), S(2, 1, 1, 1), S(1, 2, 2, 2)])).toThrow(new RangeError('a seat appears twice in the showdown'));
    expect(() => scoreShowdown(basic, 4, [S(Number.NaN, 1, 1, 1), S(Number.NaN, 1, 1, 1)])).toThrow(new RangeError('a seat appears twice in the showdown'));
  });
});

describe('the summary cache gives every pair its own words', () => {
  /** The dealer's line worked from the pair's own fields (scoring.ts wordSummary's format). */
  function expectedSummary(p: PairScore, fouledSeat: number | null): string {
    const verdict = p.points === 0 ? `seat ${p.a} and seat ${p.b} push`
      : p.points > 0 ? `seat ${p.a} wins ${p.points} point${p.points === 1 ? '' : 's'} from seat ${p.b}`
        : `seat ${p.b} wins ${-p.points} point${p.points === -1 ? '' : 's'} from seat ${p.a}`;
    const w = (x: number | null) => (x === null ? 'tie' : `seat ${x}`);
    const why = fouledSeat === null ? `front ${w(p.segments![0].winner)}, middle ${w(p.segments![1].winner)}, back ${w(p.segments![2].winner)}` : `seat ${fouledSeat} fouled`;
    const notes: string[] = [];
    if (p.homerun !== null) notes.push(`homerun by seat ${p.homerun}`);
    else if (p.scoop !== null) notes.push(`scoop by seat ${p.scoop}`);
    if (p.majority !== null) notes.push(`majority bonus to seat ${p.majority}`);
    if (p.parts.bonuses !== 0) notes.push(`bonuses ${Math.abs(p.parts.bonuses)} to seat ${p.parts.bonuses > 0 ? p.a : p.b}`);
    return `${verdict} (${why}${notes.length ? `; ${notes.join('; ')}` : ''})`;
  }

  it('every pattern of winners at every pair of seats, scored twice', () => {
    const profiles = [basic, preset('western'), custom({ scoop: { kind: 'multiply', factor: 2 }, homerun: { kind: 'multiply', factor: 3 }, majorityBonus: 1 })];
    for (let round = 0; round < 2; round++) {
      for (const profile of profiles) {
        for (let a = 1; a <= 4; a++) {
          for (let b = 1; b <= 4; b++) {
            if (a === b) continue;
            for (let pattern = 0; pattern < 27; pattern++) {
              // Each segment: 0 a tie, 1 a wins, 2 b wins.
              const d = [pattern % 3, Math.floor(pattern / 3) % 3, Math.floor(pattern / 9)];
              const va = d.map((x) => (x === 1 ? 2 : 1));
              const vb = d.map((x) => (x === 2 ? 2 : 1));
              for (const homeruns of [new Set<number>(), new Set([a]), new Set([b])]) {
                const p = scorePair(profile, S(a, va[0], va[1], va[2]), S(b, vb[0], vb[1], vb[2]), homeruns);
                expect(p.summary).toBe(expectedSummary(p, null));
              }
            }
            const f = scorePair(profile, fouled(a), S(b, 1, 1, 1));
            expect(f.summary).toBe(expectedSummary(f, a));
            const g = scorePair(profile, S(a, 1, 1, 1), fouled(b));
            expect(g.summary).toBe(expectedSummary(g, b));
          }
        }
      }
    }
  });

  it('the same pattern with other sums, and sums past the cache\'s range', () => {
    // Seat 1 scoops seat 2 at k points a segment, scoop doubled, majority bonus m: 6k + m. The
    // cache keeps sums within (-512, 512); the rest are worded afresh.
    for (let round = 0; round < 2; round++) {
      for (const k of [1, 2, 3, 50, 85, 86, 170, 171, 200, 1000]) {
        for (const m of [0, 1, 7, 300, 511, 512, 600]) {
          const profile = custom({ segmentPoints: k, scoop: { kind: 'multiply', factor: 2 }, majorityBonus: m });
          const p = scorePair(profile, S(1, 2, 2, 2), S(2, 1, 1, 1));
          expect(p.points).toBe(6 * k + m);
          expect(p.summary).toBe(expectedSummary(p, null));
          const q = scorePair(profile, S(2, 1, 1, 1), S(1, 2, 2, 2));
          expect(q.points).toBe(-(6 * k + m));
          expect(q.summary).toBe(expectedSummary(q, null));
        }
      }
    }
  });

  it('bonuses of either sign and size, with the same total', () => {
    // A bonus table paying n for a front pair of aces: seat 1 wins the front with it, loses the
    // middle and back (1 - 2 = -1 in segments): total n - 1, bonuses n.
    const aces = real(1, 'As Ah 2c', 'Ks Kh 3d 3h 5c', 'Qs Qh Qd 7s 8d');
    const kings = real(2, 'Kd Kc 3c', 'Jd Jh Js 4d 6d', '9c 9d 9h 9s 2d');
    for (let round = 0; round < 2; round++) {
      for (const n of [1, 2, 255, 256, 257, 510, 511, 512, 513, 1024]) {
        const profile = custom({ bonuses: { front: { 'pair-A': n }, middle: {}, back: {} } });
        const p = scorePair(profile, aces, kings);
        expect(plain(p.parts)).toEqual({ ...NO_PARTS, segments: -1, bonuses: n });
        expect(p.summary).toBe(expectedSummary(p, null));
        const q = scorePair(profile, kings, aces);
        expect(q.summary).toBe(expectedSummary(q, null));
      }
    }
  });

  it('more summaries than the cache keeps: the first ones are still worded right', () => {
    // 12 seat pairs x 26 patterns that are not all ties x 60 segment values: 18,720 texts, past
    // the 8,192 at which the cache starts again (and past its 16,384 slots, which a cache that
    // never started again would fill for good); then the first 312 once more.
    const pairsAt = (k: number) => {
      const out: PairScore[] = [];
      const profile = custom({ segmentPoints: k });
      for (let a = 1; a <= 4; a++) {
        for (let b = 1; b <= 4; b++) {
          if (a === b) continue;
          for (let pattern = 1; pattern < 27; pattern++) {
            const d = [pattern % 3, Math.floor(pattern / 3) % 3, Math.floor(pattern / 9)];
            const v = (side: number) => d.map((x) => (x === side ? 2 : 1));
            const [fa, ma, ba] = v(1);
            const [fb, mb, bb] = v(2);
            out.push(scorePair(profile, S(a, fa, ma, ba), S(b, fb, mb, bb)));
          }
        }
      }
      return out;
    };
    const wrong: string[] = [];
    for (let k = 1; k <= 60; k++) for (const p of pairsAt(k)) if (p.summary !== expectedSummary(p, null)) wrong.push(p.summary);
    for (const p of pairsAt(1)) if (p.summary !== expectedSummary(p, null)) wrong.push(p.summary);
    expect(wrong).toEqual([]);
  });

  it('many sums of one pattern: no two are given the same words', () => {
    // Seat 1 wins the front with aces (bonus n), seat 2 the middle with trips (bonus m) and the
    // back: total k - 2k + n - m, bonuses n - m. 8,000 seeded draws of k (1-600), n and m
    // (0-300): most keep both sums within the cache's range (-512, 512), and pairs that differ
    // only in their sums share a pattern (and a key of the cache, if it mixed two sums up).
    const aces = real(1, 'As Ah 2c', 'Ks Kh 3d 3h 5c', 'Qs Qh Qd 7s 8d');
    const trips = real(2, 'Kd Kc 3c', 'Jd Jh Js 4d 6d', '9c 9d 9h 9s 2d');
    let seed = 12345;
    const next = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    const wrong: string[] = [];
    for (let i = 0; i < 8000; i++) {
      const k = 1 + next(600);
      const n = next(301);
      const m = next(301);
      const profile = custom({ segmentPoints: k, bonuses: { front: { 'pair-A': n }, middle: { trips: m }, back: {} } });
      const p = scorePair(profile, aces, trips);
      if (p.points !== n - m - k || p.summary !== expectedSummary(p, null)) wrong.push(`${k} ${n} ${m}: ${p.summary}`);
    }
    expect(wrong).toEqual([]);
  });

  it('pairs at seats outside 1-4 are not given the words of a pair inside', () => {
    // The cache keys a pair's seats as a * 5 + b: seats 1 and 6 would read as seats 2 and 1,
    // seats 1.2 and 1 as seats 1 and 2, seats 0 and 21 as 4 and 1, seats 2 and -1 as 1 and 4.
    // Such pairs are worded afresh, each with its own seats.
    const pairs: [ScoredHand, ScoredHand][] = [
      [S(2, 2, 2, 2), S(1, 1, 1, 1)], [S(1, 2, 2, 2), S(6, 1, 1, 1)],
      [S(1, 2, 2, 2), S(2, 1, 1, 1)], [S(1.2, 2, 2, 2), S(1, 1, 1, 1)],
      [S(4, 2, 2, 2), S(1, 1, 1, 1)], [S(0, 2, 2, 2), S(21, 1, 1, 1)],
      [S(1, 2, 2, 2), S(4, 1, 1, 1)], [S(2, 2, 2, 2), S(-1, 1, 1, 1)],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [x, y] of pairs) {
        const p = scorePair(basic, x, y);
        expect(p.summary).toBe(`seat ${x.seat} wins 3 points from seat ${y.seat} (front seat ${x.seat}, middle seat ${x.seat}, back seat ${x.seat}; scoop by seat ${x.seat})`);
      }
    }
  });

  it('the same winners and sums, with and without the majority bonus', () => {
    // Seat 1 wins front and middle, seat 2 the back. 3 a segment, no majority: 3. 1 a segment,
    // majority 2: 1 + 2 = 3. Same seats, winners and total; only the majority differs.
    for (let round = 0; round < 2; round++) {
      const plain = scorePair(custom({ segmentPoints: 3 }), S(1, 2, 2, 1), S(2, 1, 1, 2));
      const bonus = scorePair(custom({ majorityBonus: 2 }), S(1, 2, 2, 1), S(2, 1, 1, 2));
      expect([plain.points, bonus.points]).toEqual([3, 3]);
      expect(plain.summary).toBe('seat 1 wins 3 points from seat 2 (front seat 1, middle seat 1, back seat 2)');
      expect(bonus.summary).toBe('seat 1 wins 3 points from seat 2 (front seat 1, middle seat 1, back seat 2; majority bonus to seat 1)');
      // A scoop at 1 a segment doubled (6) and one at 2 a segment (6): with and without the scoop note.
      const scoop = scorePair(custom({ scoop: { kind: 'multiply', factor: 2 } }), S(1, 2, 2, 2), S(2, 1, 1, 1));
      const flat = scorePair(custom({ segmentPoints: 2 }), S(1, 2, 2, 2), S(2, 1, 1, 1));
      expect(scoop.summary).toBe('seat 1 wins 6 points from seat 2 (front seat 1, middle seat 1, back seat 1; scoop by seat 1)');
      expect(flat.summary).toBe('seat 1 wins 6 points from seat 2 (front seat 1, middle seat 1, back seat 1; scoop by seat 1)');
      // A homerun and a plain scoop of the same size.
      const home = scorePair(custom({ homerun: { kind: 'multiply', factor: 3 } }), S(1, 2, 2, 2), S(2, 1, 1, 1), new Set([1]));
      const three = scorePair(custom({ segmentPoints: 3 }), S(1, 2, 2, 2), S(2, 1, 1, 1));
      expect(home.summary).toBe('seat 1 wins 9 points from seat 2 (front seat 1, middle seat 1, back seat 1; homerun by seat 1)');
      expect(three.summary).toBe('seat 1 wins 9 points from seat 2 (front seat 1, middle seat 1, back seat 1; scoop by seat 1)');
    }
  });
});
