/**
 * Pairwise scoring (RULES.md sections 2, 4-7), the cases the other scoring tests left open: the
 * announcement order when a seat in the list is not a number at all, and the shape of a
 * segment row, whose description keys are there only when that hand has a description to show
 * (PairScore's `a?`/`b?`: a key holding `undefined` is not "no description"), and scoreShowdown
 * given seats that are not 1-4 (the scoring orders any numbers by distance from the button, as
 * clockwiseFromButton does) or one seat that is NaN (refused only when given twice, as Map keys
 * compare); and the pair-summary cache for pairs of seats that are both outside 1-4.
 */
import { describe, expect, it } from 'vitest';
import { getPreset, type Profile } from '../../../app/domain/profiles';
import { clockwiseFromButton, scorePair, scoreShowdown, type ScoredHand } from '../../../app/domain/scoring';

const basic: Profile = getPreset('basic')!;

/** A valid hand with made-up values (basic rules pay no bonus, so any numbers compare). */
const S = (seat: number, front: number, middle: number, back: number): ScoredHand => ({
  seat, status: 'set', values: { front, middle, back }, descriptions: { front: `F${seat}`, middle: `M${seat}`, back: `B${seat}` },
});
const fouled = (seat: number): ScoredHand => ({ seat, status: 'fouled', reason: 'out of order' });

describe('clockwiseFromButton: a seat that is not a number does not reorder the others (RULES.md s2)', () => {
  it('whole seats around a NaN keep their clockwise order from the button', () => {
    // Button 1: seat 2 first, then 3, then 1 (the button's own seat last).
    const order = clockwiseFromButton(1, [1, 2, Number.NaN, 3]);
    expect(order).toHaveLength(4);
    expect(order.filter((s) => !Number.isNaN(s))).toEqual([2, 3, 1]);
  });

  it('seats that are not whole numbers around a NaN are ordered by distance too', () => {
    // Button 1, distance (s - 2) mod 4: 2.25 -> 0.25, 3.25 -> 1.25, 1.25 -> 3.25.
    const order = clockwiseFromButton(1, [1.25, 2.25, Number.NaN, 3.25]);
    expect(order.filter((s) => !Number.isNaN(s))).toEqual([2.25, 3.25, 1.25]);
  });
});

describe('a segment row has a description key only for a hand that has descriptions', () => {
  it('fouled hand without descriptions against a set hand: only the set hand\'s key, on either side', () => {
    const p = scorePair(basic, fouled(1), S(2, 1, 1, 1));
    expect(p.segments).toStrictEqual([
      { segment: 'front', winner: 2, b: 'F2', bonusA: 0, bonusB: 0 },
      { segment: 'middle', winner: 2, b: 'M2', bonusA: 0, bonusB: 0 },
      { segment: 'back', winner: 2, b: 'B2', bonusA: 0, bonusB: 0 },
    ]);
    const q = scorePair(basic, S(3, 1, 1, 1), fouled(4));
    expect(q.segments).toStrictEqual([
      { segment: 'front', winner: 3, a: 'F3', bonusA: 0, bonusB: 0 },
      { segment: 'middle', winner: 3, a: 'M3', bonusA: 0, bonusB: 0 },
      { segment: 'back', winner: 3, a: 'B3', bonusA: 0, bonusB: 0 },
    ]);
  });

  it('neither hand with descriptions: the row has neither key', () => {
    // A set hand as a caller may pass it without its descriptions (the type requires them; the row copes).
    const bare = { seat: 2, status: 'set', values: { front: 1, middle: 1, back: 1 } } as unknown as ScoredHand;
    const p = scorePair(basic, fouled(1), bare);
    expect(p.segments).toStrictEqual([
      { segment: 'front', winner: 2, bonusA: 0, bonusB: 0 },
      { segment: 'middle', winner: 2, bonusA: 0, bonusB: 0 },
      { segment: 'back', winner: 2, bonusA: 0, bonusB: 0 },
    ]);
  });
});

describe('scoreShowdown: seats outside 1-4 only, and a single NaN seat', () => {
  /** Hand s has values v: the higher value scoops the lower, 3 under basic. */
  const H = (seat: number, v: number) => S(seat, v, v, v);

  it('seats 5 and 6 (at seat 1\'s and seat 2\'s places) are ordered from the button and scored', () => {
    // Button 4: distance (s - 5) mod 4: seat 6 -> 1, seat 5 -> 0.
    const r = scoreShowdown(basic, 4, [H(6, 2), H(5, 1)]);
    expect(r.order).toEqual([5, 6]);
    expect(r.pairs.map((p) => [p.a, p.b, p.points])).toEqual([[5, 6, -3]]);
    expect(r.points).toEqual({ 5: -3, 6: 3 });
  });

  it('seat 0 (at seat 4\'s place) beside seat 2, and beside seat -1', () => {
    // Button 1: distance (s - 2) mod 4: seat 2 -> 0, seat 0 -> 2.
    const r = scoreShowdown(basic, 1, [H(0, 2), H(2, 1)]);
    expect(r.order).toEqual([2, 0]);
    expect(r.pairs.map((p) => [p.a, p.b, p.points])).toEqual([[2, 0, -3]]);
    expect(r.points).toEqual({ 0: 3, 2: -3 });
    // Seats 0 and -1 only (at seat 4's and seat 3's places): distance 2 and 1.
    const q = scoreShowdown(basic, 1, [H(0, 2), H(-1, 1)]);
    expect(q.order).toEqual([-1, 0]);
    expect(q.pairs.map((p) => [p.a, p.b, p.points])).toEqual([[-1, 0, -3]]);
    expect(q.points).toEqual({ [-1]: -3, 0: 3 });
  });

  it('a seat that is not a whole number beside whole seats', () => {
    // Button 4: distance (s - 5) mod 4: seat 1 -> 0, seat 1.5 -> 0.5, seat 3 -> 2.
    const r = scoreShowdown(basic, 4, [H(3, 1), H(1.5, 3), H(1, 2)]);
    expect(r.order).toEqual([1, 1.5, 3]);
    expect(r.pairs.map((p) => [p.a, p.b, p.points])).toEqual([[1, 1.5, -3], [1, 3, 3], [1.5, 3, 3]]);
    expect(r.points).toEqual({ 1: 0, 1.5: 6, 3: -6 });
  });

  it('one NaN seat is not a seat given twice, whether it comes first or last', () => {
    for (const hands of [[H(Number.NaN, 1), H(2, 2)], [H(2, 2), H(Number.NaN, 1)]]) {
      expect(() => scoreShowdown(basic, 1, hands)).not.toThrow();
      expect(scoreShowdown(basic, 1, hands).order).toContain(2);
    }
  });
});

describe('the summary cache: two pairs of seats outside 1-4 each get their own words', () => {
  it('seats 0 and 5, then seats 1 and 0 (a * 5 + b is 5 for both), the same winners and sums', () => {
    // Each a scoop of 3 under basic by a; the words name the pair's own seats.
    expect(scorePair(basic, S(0, 3, 3, 3), S(5, 1, 1, 1)).summary)
      .toBe('seat 0 wins 3 points from seat 5 (front seat 0, middle seat 0, back seat 0; scoop by seat 0)');
    expect(scorePair(basic, S(1, 3, 3, 3), S(0, 1, 1, 1)).summary)
      .toBe('seat 1 wins 3 points from seat 0 (front seat 1, middle seat 1, back seat 1; scoop by seat 1)');
    // And again, the other way: whichever comes first, the other keeps its own words.
    expect(scorePair(basic, S(0, 3, 3, 3), S(5, 1, 1, 1)).summary)
      .toBe('seat 0 wins 3 points from seat 5 (front seat 0, middle seat 0, back seat 0; scoop by seat 0)');
  });
});
