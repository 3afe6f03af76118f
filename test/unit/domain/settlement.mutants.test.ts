/**
 * Settlement (RULES.md section 9) at its edges: the refusals word by word, pairs listed twice,
 * seats that are NaN, more than four seats (the scratch matrices grow), and netting's limits
 * and order. Each expected value is worked in its comment.
 */
import { describe, expect, it } from 'vitest';
import { netTransfers, settle, type Transfer } from '../../../app/domain/settlement';

const t = (from: number, to: number, amount: number): Transfer => ({ from, to, amount });
const pair = (a: number, b: number, points: number) => ({ a, b, points });

describe('settle refuses malformed input, naming it', () => {
  it.each<[string, () => unknown, string]>([
    ['a point value below 1', () => settle({ order: [1, 2], pointValue: 0, pairs: [] }), 'pointValue must be an integer >= 1, got 0'],
    ['a seat twice', () => settle({ order: [1, 2, 1], pointValue: 1, pairs: [] }), 'a seat appears twice in the order'],
    ['NaN twice (seats compare as Map keys)', () => settle({ order: [Number.NaN, Number.NaN], pointValue: 1, pairs: [] }), 'a seat appears twice in the order'],
    ['a pair whose first seat is not in the order', () => settle({ order: [1, 2], pointValue: 1, pairs: [pair(3, 1, 1)] }), 'pair 3-1 names a seat not in the order'],
    ['a pair whose second seat is not in the order', () => settle({ order: [1, 2], pointValue: 1, pairs: [pair(1, 3, 1)] }), 'pair 1-3 names a seat not in the order'],
    ['fractional points', () => settle({ order: [1, 2], pointValue: 1, pairs: [pair(1, 2, -1.5)] }), 'points of pair 1-2 must be an integer >= 0, got 1.5'],
    ['an amount beyond exact integers', () => settle({ order: [1, 2], pointValue: 4, pairs: [pair(1, 2, 2 ** 52)] }), `amount of pair 1-2 must be an integer >= 0, got ${4 * 2 ** 52}`],
    ['a negative stack', () => settle({ order: [1, 2], pointValue: 1, pairs: [], stacks: { 2: -5 } }), 'stack of seat 2 must be an integer >= 0, got -5'],
  ])('%s', (_why, call, message) => {
    expect(call).toThrow(new RangeError(message));
  });
});

describe('settle: seats and pairs out of the ordinary', () => {
  it('a NaN seat is one seat like any other', () => {
    // NaN wins 2 points from seat 1 at 10 a point: 1 pays NaN 20.
    const s = settle({ order: [1, Number.NaN], pointValue: 10, pairs: [pair(Number.NaN, 1, 2)] });
    expect(s.payments).toEqual([t(1, Number.NaN, 20)]);
    expect(s.net[1]).toBe(-20);
  });

  it('a pair listed twice the same way: the winner still collects at most his stack', () => {
    // 2 owes 1 300 twice = 600; seat 1 brought 400, so he collects 400.
    const s = settle({ order: [1, 2], pointValue: 100, pairs: [pair(1, 2, 3), pair(1, 2, 3)], stacks: { 1: 400 } });
    expect(s.owed).toEqual([t(2, 1, 400)]);
    expect(s.net).toEqual({ 1: 400, 2: -400 });
  });

  it('a pair listed both ways: one direction kept, the difference', () => {
    // 2 owes 1 300, 1 owes 2 100: 2 owes 1 200.
    const s = settle({ order: [1, 2], pointValue: 100, pairs: [pair(1, 2, 3), pair(2, 1, 1)] });
    expect(s.owed).toEqual([t(2, 1, 200)]);
    // 1 owes 2 500 capped at 2's stack 150; 2 owes 1 300: 2 owes 1 150, and pays it from his 150.
    const c = settle({ order: [1, 2], pointValue: 100, pairs: [pair(1, 2, 3), pair(2, 1, 5)], stacks: { 2: 150 } });
    expect(c.owed).toEqual([t(2, 1, 150)]);
    expect(c.payments).toEqual([t(2, 1, 150)]);
  });

  it('pairs listed twice between the second and third seats', () => {
    // 3 owes 2 300, 2 owes 3 100: 3 owes 2 200.
    const both = settle({ order: [1, 2, 3], pointValue: 100, pairs: [pair(2, 3, 3), pair(3, 2, 1)] });
    expect(both.owed).toEqual([t(3, 2, 200)]);
    // 3 owes 2 300 twice = 600, capped at 2's stack of 400.
    const twice = settle({ order: [1, 2, 3], pointValue: 100, pairs: [pair(2, 3, 3), pair(2, 3, 3)], stacks: { 2: 400 } });
    expect(twice.owed).toEqual([t(3, 2, 400)]);
    // The other way: 2 owes 3 300 twice = 600, capped at 3's stack of 400.
    const back = settle({ order: [1, 2, 3], pointValue: 100, pairs: [pair(3, 2, 3), pair(3, 2, 3)], stacks: { 3: 400 } });
    expect(back.owed).toEqual([t(2, 3, 400)]);
  });

  it('five seats, the last all in: his shortfall lies past a four-seat matrix', () => {
    // 5 owes 1 50 and has 30: pays 30, short 20.
    const s = settle({ order: [1, 2, 3, 4, 5], pointValue: 10, pairs: [pair(1, 5, 5)], stacks: { 5: 30 } });
    expect(s.payments).toEqual([t(5, 1, 30)]);
    expect(s.shortfalls).toEqual([t(5, 1, 20)]);
    expect(s.allIn).toEqual([5]);
  });

  it('five seats, one all in: the matrices grow past four seats', () => {
    // 10 a point. Owed: 1->5 20, 2->1 50, 2->5 40, 4->3 30. Seat 2 has 30 and collects nothing:
    // all in, pays 1 (first creditor clockwise) his 30; 1 is short 20 and 5 is short 40.
    const s = settle({
      order: [1, 2, 3, 4, 5], pointValue: 10, stacks: { 2: 30 },
      pairs: [pair(1, 2, 5), pair(3, 4, 3), pair(5, 1, 2), pair(2, 5, -4)],
    });
    expect(s.owed).toEqual([t(1, 5, 20), t(2, 1, 50), t(2, 5, 40), t(4, 3, 30)]);
    expect(s.payments).toEqual([t(1, 5, 20), t(2, 1, 30), t(4, 3, 30)]);
    expect(s.shortfalls).toEqual([t(2, 1, 20), t(2, 5, 40)]);
    expect(s.net).toEqual({ 1: 10, 2: -30, 3: 30, 4: -30, 5: 20 });
    expect(s.allIn).toEqual([2]);
    // A four-seat settlement right after (the matrices are reused) is not disturbed.
    const after = settle({ order: [1, 2, 3, 4], pointValue: 10, pairs: [pair(1, 2, 1)] });
    expect(after.payments).toEqual([t(2, 1, 10)]);
    expect(after.shortfalls).toEqual([]);
  });
});

describe('netTransfers: limits and order (RULES.md s9 step 4)', () => {
  it('refuses nets that do not sum to zero, with the sum', () => {
    expect(() => netTransfers([1, 2], { 1: 5, 2: -4 })).toThrow(new RangeError('nets must sum to zero, they sum to 1'));
  });

  const seats = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
  const alternating = (n: number): Record<number, number> => Object.fromEntries(seats(n).map((s) => [s, s % 2 ? 10 : -10]));
  it('twelve seats with a net is the most', () => {
    expect(netTransfers(seats(12), alternating(12))).toHaveLength(6);
    expect(() => netTransfers(seats(14), alternating(14))).toThrow(new RangeError('netting is for a table, at most 12 seats'));
  });
  it('a seat with a net of zero does not count toward the twelve', () => {
    const nets = { ...alternating(12), 13: 0 };
    expect(netTransfers(seats(13), nets)).toHaveLength(6);
  });

  it('transfers are listed payer by payer in seat order, whatever group they come from', () => {
    // Groups {1, 3} and {2, 4}: 3 pays 1 50, 2 pays 4 70; listed from seat 2 first.
    expect(netTransfers([1, 2, 3, 4], { 1: 50, 2: -70, 3: -50, 4: 70 })).toEqual([t(2, 4, 70), t(3, 1, 50)]);
    // Three separate pairs: three transfers, not five.
    expect(netTransfers(seats(6), { 1: 10, 2: -10, 3: 20, 4: -20, 5: 30, 6: -30 })).toEqual([t(2, 1, 10), t(4, 3, 20), t(6, 5, 30)]);
  });

  it('the most groups, and among equal groupings always the same one', () => {
    // Nets 1 +10, 2 -10, 3 +10, 4 -10, 5 +20, 6 -20: three pairs, three transfers. {1,2}{3,4}
    // and {1,4}{2,3} are both best; the search keeps the first it finds for the lowest seat.
    // Pinned: a replayed hand must net exactly as it was paid (docs/store.md, table replay).
    const out = netTransfers(seats(6), { 1: 10, 2: -10, 3: 10, 4: -10, 5: 20, 6: -20 });
    expect(out).toEqual([t(2, 3, 10), t(4, 1, 10), t(6, 5, 20)]);
    expect(netTransfers(seats(6), { 1: 10, 2: -10, 3: 10, 4: -10, 5: 20, 6: -20 })).toEqual(out);
  });
});
