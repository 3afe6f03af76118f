/**
 * Settlement (RULES.md section 9): table stakes, all-in order from the button, payment
 * order, netting. Each case is worked by hand in its comment.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clockwiseFromButton } from '../../../app/domain/scoring';
import { netTransfers, settle, type SettlementInput, type Transfer } from '../../../app/domain/settlement';

type Pair = [a: number, b: number, points: number];
const pairs = (list: Pair[]) => list.map(([a, b, points]) => ({ a, b, points }));
const order = (button: number) => clockwiseFromButton(button, [1, 2, 3, 4]);
const t = (from: number, to: number, amount: number): Transfer => ({ from, to, amount });

describe('settle: worked cases', () => {
  it('no stacks: every debt paid in full, payers and payees clockwise from left of the button', () => {
    // 1v2 +2, 1v3 -1, 2v3 +3, 2v4 -1, 3v4 +4 at 100 a point, button 4 (order 1 2 3 4):
    // 2 owes 1 200; 1 owes 3 100; 3 owes 2 300; 2 owes 4 100; 4 owes 3 400.
    const s = settle({ order: order(4), pointValue: 100, pairs: pairs([[1, 2, 2], [1, 3, -1], [1, 4, 0], [2, 3, 3], [2, 4, -1], [3, 4, 4]]) });
    expect(s.payments).toEqual([t(1, 3, 100), t(2, 1, 200), t(2, 4, 100), t(3, 2, 300), t(4, 3, 400)]);
    expect(s.net).toEqual({ 1: 100, 2: 0, 3: 200, 4: -300 });
    expect(s.allIn).toEqual([]);
    expect(s.shortfalls).toEqual([]);
  });

  it('the same debts with the button at seat 2 are listed from seat 3', () => {
    // Order 3 4 1 2: payers 3, 4, 1, 2; seat 2 pays 4 before 1.
    const s = settle({ order: order(2), pointValue: 100, pairs: pairs([[1, 2, 2], [1, 3, -1], [2, 3, 3], [2, 4, -1], [3, 4, 4]]) });
    expect(s.payments).toEqual([t(3, 2, 300), t(4, 3, 400), t(1, 3, 100), t(2, 4, 100), t(2, 1, 200)]);
  });

  it('a winner collects from one opponent at most his own starting stack', () => {
    // 1 wins 10 points x 100 = 1000 from 2, but brought only 600: 2 pays 600.
    const s = settle({ order: [1, 2], pointValue: 100, pairs: pairs([[1, 2, 10]]), stacks: { 1: 600, 2: 5000 } });
    expect(s.owed).toEqual([t(2, 1, 600)]);
    expect(s.payments).toEqual([t(2, 1, 600)]);
    expect(s.net).toEqual({ 1: 600, 2: -600 });
  });

  it('the cap is per opponent: two losers each pay up to the winner\'s stack', () => {
    // 1 (stack 300) wins 500 from 2 and 500 from 3: each pays 300, 1 nets 600.
    const s = settle({ order: [1, 2, 3], pointValue: 1, pairs: pairs([[1, 2, 500], [1, 3, 500]]), stacks: { 1: 300 } });
    expect(s.net).toEqual({ 1: 600, 2: -300, 3: -300 });
  });

  it.each([
    // Seat 4 (stack 80) owes 50 to each of 1, 2, 3: all in; paid in order from left of the button.
    [4, [t(4, 1, 50), t(4, 2, 30)], [t(4, 2, 20), t(4, 3, 50)]], // order 1 2 3 4
    [1, [t(4, 2, 50), t(4, 3, 30)], [t(4, 3, 20), t(4, 1, 50)]], // order 2 3 4 1
    [2, [t(4, 3, 50), t(4, 1, 30)], [t(4, 1, 20), t(4, 2, 50)]], // order 3 4 1 2
    [3, [t(4, 1, 50), t(4, 2, 30)], [t(4, 2, 20), t(4, 3, 50)]], // order 4 1 2 3: 4 pays first, to 1 first
  ] as const)('all in with the button at %i: creditors paid in full one after another', (button, payments, shortfalls) => {
    const s = settle({ order: order(button), pointValue: 1, pairs: pairs([[1, 4, 50], [2, 4, 50], [3, 4, 50]]), stacks: { 4: 80 } });
    expect(s.payments).toEqual(payments);
    expect(s.shortfalls).toEqual(shortfalls);
    expect(s.allIn).toEqual([4]);
    expect(s.net[4]).toBe(-80);
  });

  it('a net loss within the stack pays everything, even when the gross debts exceed it', () => {
    // 4 (stack 160) owes 1 and 2 100 each and collects 150 from 3: net loss 50 <= 160.
    const s = settle({ order: order(4), pointValue: 1, pairs: pairs([[1, 4, 100], [2, 4, 100], [3, 4, -150]]), stacks: { 4: 160 } });
    expect(s.allIn).toEqual([]);
    expect(s.payments).toEqual([t(3, 4, 150), t(4, 1, 100), t(4, 2, 100)]);
    expect(s.net).toEqual({ 1: 100, 2: 100, 3: -150, 4: -50 });
  });

  it('an all-in player pays his stack plus what he collects', () => {
    // 4 (stack 100) owes 1 and 2 100 each, collects 50 from 3: net loss 150 > 100, all in:
    // 150 available: 1 gets 100, 2 gets 50. Net of 4 = -100.
    const s = settle({ order: order(4), pointValue: 1, pairs: pairs([[1, 4, 100], [2, 4, 100], [3, 4, -50]]), stacks: { 4: 100 } });
    expect(s.allIn).toEqual([4]);
    expect(s.payments).toEqual([t(3, 4, 50), t(4, 1, 100), t(4, 2, 50)]);
    expect(s.net).toEqual({ 1: 100, 2: 50, 3: -50, 4: -100 });
  });

  it('two players all in at once', () => {
    // 3 (stack 50) owes 1 and 2 100 each; 4 (stack 150) owes 1 and 2 100 each. Button 4.
    // 3 pays 1 50; 4 pays 1 100 then 2 50.
    const s = settle({ order: order(4), pointValue: 1, pairs: pairs([[1, 3, 100], [2, 3, 100], [1, 4, 100], [2, 4, 100]]), stacks: { 3: 50, 4: 150 } });
    expect(s.allIn).toEqual([3, 4]);
    expect(s.payments).toEqual([t(3, 1, 50), t(4, 1, 100), t(4, 2, 50)]);
    expect(s.net).toEqual({ 1: 150, 2: 50, 3: -50, 4: -150 });
  });

  it('a shortfall cascades: the short-paid creditor goes all in in turn', () => {
    // 4 (stack 20) owes 3 100: all in, pays 20. 3 (stack 100) owes 1 150: with 100 coming in
    // his net loss would be 50, but with 20 it is 130 > 100: all in, pays 1 100 + 20 = 120.
    const s = settle({ order: order(4), pointValue: 1, pairs: pairs([[3, 4, 100], [1, 3, 150]]), stacks: { 3: 100, 4: 20 } });
    expect(s.allIn).toEqual([3, 4]);
    expect(s.payments).toEqual([t(3, 1, 120), t(4, 3, 20)]);
    expect(s.net).toEqual({ 1: 120, 2: 0, 3: -100, 4: -20 });
    expect(s.shortfalls).toEqual([t(3, 1, 30), t(4, 3, 80)]);
  });

  it('a three-level cascade', () => {
    // 4 (stack 0) owes 3 30: all in, pays nothing. 3 (stack 60) owes 1 60 and 2 20 (capped at
    // 2's stack): with 30 coming in his loss was 50, now 80 > 60: all in, 60 to 1, 0 to 2.
    // 2 (stack 20) owes 1 40: with 20 coming in his loss was 20, now 40 > 20: all in, pays 20.
    const s = settle({ order: order(4), pointValue: 1, pairs: pairs([[3, 4, 30], [1, 3, 60], [2, 3, 25], [1, 2, 40]]), stacks: { 2: 20, 3: 60, 4: 0 } });
    expect(s.allIn).toEqual([2, 3, 4]);
    expect(s.payments).toEqual([t(2, 1, 20), t(3, 1, 60)]);
    expect(s.shortfalls).toEqual([t(2, 1, 20), t(3, 2, 20), t(4, 3, 30)]);
    expect(s.net).toEqual({ 1: 80, 2: -20, 3: -60, 4: 0 });
  });

  it('netting: the fewest transfers with the same nets', () => {
    // Nets 1 +100, 2 0, 3 +200, 4 -300 (the first case): two transfers from 4 instead of five.
    const s = settle({ order: order(4), pointValue: 100, netting: true, pairs: pairs([[1, 2, 2], [1, 3, -1], [2, 3, 3], [2, 4, -1], [3, 4, 4]]) });
    expect(s.netted).toEqual([t(4, 1, 100), t(4, 3, 200)]);
    // Nets 1 +50, 2 -50, 3 +70, 4 -70: two separate zero-sum pairs, two transfers (not three).
    expect(netTransfers([1, 2, 3, 4], { 1: 50, 2: -50, 3: 70, 4: -70 })).toEqual([t(2, 1, 50), t(4, 3, 70)]);
    // Nets 1 -30, 2 -70, 3 +60, 4 +40: one group of four, three transfers, in order.
    expect(netTransfers([1, 2, 3, 4], { 1: -30, 2: -70, 3: 60, 4: 40 })).toEqual([t(1, 3, 30), t(2, 3, 30), t(2, 4, 40)]);
    expect(netTransfers([1, 2], { 1: 0, 2: 0 })).toEqual([]);
  });

  it('refuses malformed input', () => {
    expect(() => settle({ order: [1, 2], pointValue: 0, pairs: [] })).toThrow(RangeError);
    expect(() => settle({ order: [1, 2], pointValue: 1, pairs: pairs([[1, 3, 1]]) })).toThrow(/not in the order/);
    expect(() => settle({ order: [1, 2], pointValue: 1, pairs: pairs([[1, 2, 1.5]]) })).toThrow(RangeError);
    expect(() => settle({ order: [1, 2], pointValue: 1, pairs: [], stacks: { 1: -5 } })).toThrow(/stack of seat 1/);
    expect(() => netTransfers([1, 2], { 1: 5, 2: -4 })).toThrow(/sum to zero/);
  });
});

const settlementInput: fc.Arbitrary<SettlementInput> = fc
  .record({
    seats: fc.shuffledSubarray([1, 2, 3, 4], { minLength: 2, maxLength: 4 }),
    button: fc.integer({ min: 1, max: 4 }),
    pointValue: fc.integer({ min: 1, max: 500 }),
    points: fc.array(fc.integer({ min: -40, max: 40 }), { minLength: 6, maxLength: 6 }),
    stacks: fc.array(fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: undefined }), { minLength: 4, maxLength: 4 }),
  })
  .map(({ seats, button, pointValue, points, stacks }) => {
    const o = clockwiseFromButton(button, seats);
    const list: { a: number; b: number; points: number }[] = [];
    let k = 0;
    for (let i = 0; i < o.length; i++) for (let j = i + 1; j < o.length; j++) list.push({ a: o[i], b: o[j], points: points[k++] });
    const st: Record<number, number | undefined> = {};
    for (const s of seats) st[s] = stacks[s - 1];
    return { order: o, pointValue, pairs: list, stacks: st, netting: true };
  });

describe('settle: properties', () => {
  it('money sums to zero; nobody loses more than his stack; nobody wins more from one opponent than his stack', () => {
    fc.assert(
      fc.property(settlementInput, (input) => {
        const s = settle(input);
        const nets = Object.values(s.net);
        expect(nets.reduce((a, b) => a + b, 0)).toBe(0);
        for (const seat of input.order) {
          const stack = input.stacks?.[seat];
          if (stack !== undefined) expect(-s.net[seat]).toBeLessThanOrEqual(stack);
          if (s.allIn.includes(seat)) expect(s.net[seat] + stack!).toBe(0);
        }
        for (const p of s.payments) {
          const cap = input.stacks?.[p.to];
          if (cap !== undefined) expect(p.amount).toBeLessThanOrEqual(cap);
          const owed = s.owed.find((o) => o.from === p.from && o.to === p.to);
          expect(p.amount).toBeLessThanOrEqual(owed!.amount);
        }
        // A player not all in pays everything he owes.
        for (const o of s.owed) {
          if (s.allIn.includes(o.from)) continue;
          expect(s.payments).toContainEqual(o);
        }
        // Owed equals points x value, capped.
        for (const pair of input.pairs) {
          if (pair.points === 0) continue;
          const [from, to] = pair.points > 0 ? [pair.b, pair.a] : [pair.a, pair.b];
          const full = Math.abs(pair.points) * input.pointValue;
          const cap = input.stacks?.[to];
          const amount = cap === undefined ? full : Math.min(full, cap);
          if (amount > 0) expect(s.owed).toContainEqual({ from, to, amount });
          else expect(s.owed.some((o) => o.from === from && o.to === to)).toBe(false);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('payments are listed payer by payer in order from left of the button', () => {
    fc.assert(
      fc.property(settlementInput, (input) => {
        const s = settle(input);
        const pos = (seat: number) => input.order.indexOf(seat);
        for (let i = 1; i < s.payments.length; i++) {
          const x = s.payments[i - 1];
          const y = s.payments[i];
          expect(pos(x.from) < pos(y.from) || (x.from === y.from && pos(x.to) < pos(y.to))).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('netting keeps every net and needs no more transfers than the payments, at most n - 1', () => {
    fc.assert(
      fc.property(settlementInput, (input) => {
        const s = settle(input);
        const netted = s.netted!;
        const again: Record<number, number> = {};
        for (const seat of input.order) again[seat] = 0;
        for (const tr of netted) {
          expect(tr.amount).toBeGreaterThan(0);
          again[tr.from] -= tr.amount;
          again[tr.to] += tr.amount;
        }
        expect(again).toEqual(s.net);
        const nonZero = input.order.filter((seat) => s.net[seat] !== 0).length;
        expect(netted.length).toBeLessThanOrEqual(Math.max(0, nonZero - 1));
        expect(netted.length).toBeLessThanOrEqual(s.payments.length);
      }),
      { numRuns: 400 },
    );
  });
});

/**
 * The fewest transfers for given nets, found without netTransfers' zero-sum-groups argument:
 * try every set of chip movements between pairs of seats, smallest first. A minimal set never
 * needs a cycle, so it is a forest; on a forest the nets fix every amount (peel leaves), and a
 * set works when every amount is non-zero and every tree sums to zero.
 */
function fewestTransfersByBruteForce(nets: readonly number[]): number {
  const n = nets.length;
  const edges: [number, number][] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) edges.push([i, j]);
  let best = Infinity;
  for (let mask = 0; mask < 1 << edges.length; mask++) {
    const chosen = edges.filter((_, i) => (mask >> i) & 1);
    if (chosen.length >= best) continue;
    const root = nets.map((_, i) => i);
    const find = (x: number): number => (root[x] === x ? x : (root[x] = find(root[x])));
    if (chosen.some(([a, b]) => { const ra = find(a); const rb = find(b); root[ra] = rb; return ra === rb; })) continue;
    const left = [...nets];
    const alive = chosen.map(() => true);
    let works = true;
    for (let step = 0; step < chosen.length && works; step++) {
      const degree = nets.map(() => 0);
      chosen.forEach(([a, b], i) => { if (alive[i]) { degree[a]++; degree[b]++; } });
      const leaf = degree.indexOf(1);
      const e = chosen.findIndex(([a, b], i) => alive[i] && (a === leaf || b === leaf));
      const other = chosen[e][0] === leaf ? chosen[e][1] : chosen[e][0];
      if (left[leaf] === 0) works = false; // a zero movement is no movement
      left[other] += left[leaf];
      left[leaf] = 0;
      alive[e] = false;
    }
    if (works && left.every((x) => x === 0)) best = chosen.length;
  }
  return best;
}

describe('netting is really the fewest transfers (RULES.md s9 step 4)', () => {
  it.each([
    // [nets by seat 1-4, fewest transfers], worked by hand:
    [[0, 0, 0, 0], 0],
    [[50, -50, 70, -70], 2], // two separate pairs
    [[-30, -70, 60, 40], 3], // no zero-sum pair: one group of four
    [[100, 0, 200, -300], 2],
    [[10, -10, 10, -10], 2],
    [[5, 5, -5, -5], 2],
    [[3, 4, -7, 0], 2],
  ] as const)('nets %j: %i', (nets, fewest) => {
    expect(fewestTransfersByBruteForce(nets)).toBe(fewest);
    const net = Object.fromEntries(nets.map((x, i) => [i + 1, x]));
    expect(netTransfers([1, 2, 3, 4], net)).toHaveLength(fewest);
  });

  it('on random nets of 2 to 4 seats, netTransfers needs exactly the brute-force minimum', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 4 }), fc.array(fc.integer({ min: -6, max: 6 }), { minLength: 3, maxLength: 3 }), (n, xs) => {
        const nets = xs.slice(0, n - 1);
        nets.push(-nets.reduce((a, b) => a + b, 0));
        const order = nets.map((_, i) => i + 1);
        const netted = netTransfers(order, Object.fromEntries(nets.map((x, i) => [i + 1, x])));
        expect(netted.length).toBe(fewestTransfersByBruteForce(nets));
      }),
      { numRuns: 1500 },
    );
  });
});

describe('all in: each creditor paid in full before the next (RULES.md s9 step 3)', () => {
  it('on random settlements: an all-in payer pays a prefix of his creditors in order, and was rightly all in', () => {
    fc.assert(
      fc.property(settlementInput, (input) => {
        const s = settle(input);
        for (const seat of s.allIn) {
          const owedTo = input.order.map((to) => s.owed.find((t) => t.from === seat && t.to === to)?.amount ?? 0);
          const paidTo = input.order.map((to) => s.payments.find((t) => t.from === seat && t.to === to)?.amount ?? 0);
          let shortPaid = false;
          input.order.forEach((_, i) => {
            if (owedTo[i] === 0) return;
            if (shortPaid) expect(paidTo[i]).toBe(0); // nothing after the first creditor short-paid
            if (paidTo[i] < owedTo[i]) shortPaid = true;
          });
          // All in only when what he owes minus what he actually collects exceeds his stack.
          const owes = owedTo.reduce((a, b) => a + b, 0);
          const collects = s.payments.filter((t) => t.to === seat).reduce((a, t) => a + t.amount, 0);
          expect(owes - collects).toBeGreaterThan(input.stacks![seat]!);
        }
      }),
      { numRuns: 600 },
    );
  });
});
