/**
 * Money (RULES.md section 9): pairwise points times the point value, within table stakes,
 * paid clockwise from the seat left of the button; optionally netted into the fewest chip
 * movements with the same nets. Integers in minor units only.
 *
 * The settlement, step by step:
 *  1. each pair's points x point value is what the loser owes the winner, capped at the
 *     winner's own starting stack (he cannot win more from one opponent than he brought);
 *  2. a player whose net loss (what he owes minus what he actually collects) is within his
 *     stack pays everything he owes;
 *  3. a player whose net loss exceeds his stack is all in: his stack, plus whatever he
 *     collects in the same settlement, goes to his creditors clockwise from the seat left of
 *     the button, each paid in full before the next, until it is gone. His net is then
 *     exactly minus his stack;
 *  4. an all-in player's shortfall lowers what his creditors collect, which can put another
 *     player all in: steps 2-3 repeat until nothing changes.
 * A seat without a stack has no cap: he can neither go all in nor be capped as a winner.
 */

/** One chip movement (or one debt): `from` pays `to` `amount` minor units. */
export interface Transfer {
  readonly from: number;
  readonly to: number;
  readonly amount: number;
}

export interface SettlementInput {
  /** Live seats in clockwise order from the seat left of the button. */
  readonly order: readonly number[];
  /** Pairwise points: what `a` wins from `b` (negative: `a` pays). */
  readonly pairs: readonly { readonly a: number; readonly b: number; readonly points: number }[];
  /** Minor units per point; a positive integer. */
  readonly pointValue: number;
  /** Starting stacks in minor units; a seat left out (or undefined) has no cap. */
  readonly stacks?: Readonly<Record<number, number | undefined>>;
  /** Also compute the fewest transfers with the same nets. */
  readonly netting?: boolean;
}

export interface Settlement {
  /** What each loser owes each winner after the winner's-stack cap, in payment order. */
  readonly owed: readonly Transfer[];
  /** What is actually paid: payers clockwise from left of the button, each payer's payees in the same order. */
  readonly payments: readonly Transfer[];
  /** Owed but not paid because the payer was all in (owed minus paid, where positive). */
  readonly shortfalls: readonly Transfer[];
  /** Each live seat's net result in minor units (sums to zero). */
  readonly net: Readonly<Record<number, number>>;
  /** Seats that lost their whole stack and could not pay everything they owed. */
  readonly allIn: readonly number[];
  /** The fewest transfers with the same nets, when asked for. */
  readonly netted?: readonly Transfer[];
}

function checkInteger(x: number, what: string, min: number): void {
  if (!Number.isSafeInteger(x) || x < min) throw new RangeError(`${what} must be an integer >= ${min}, got ${x}`);
}

/** {@link checkInteger} for a pair's figure (`what` of pair a-b), the message worded only when it fails. */
function checkPairInteger(x: number, what: string, a: number, b: number): void {
  if (!Number.isSafeInteger(x) || x < 0) checkInteger(x, `${what} of pair ${a}-${b}`, 0);
}

/**
 * Settles pairwise points into payments within table stakes (see the module comment).
 * Throws RangeError on malformed input (a seat not in `order`, a non-integer amount):
 * callers validate records first (see showdown.ts).
 */
export function settle(input: SettlementInput): Settlement {
  const { order, pointValue } = input;
  checkInteger(pointValue, 'pointValue', 1);
  const n = order.length;
  // Matrices are n x n, row-major: m[i * n + j] is what order[i] owes (or pays) order[j].
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < i; j++) if (sameSeat(order[i], order[j])) throw new RangeError('a seat appears twice in the order');
  }
  // Each seat's stack by its place in `order`; NO_CAP for a seat without one.
  const stack = scratchRow(0, n, false); // every entry set below
  for (let i = 0; i < n; i++) {
    const seat = order[i];
    const s = input.stacks?.[seat];
    if (s !== undefined && !(Number.isSafeInteger(s) && s >= 0)) checkInteger(s, `stack of seat ${seat}`, 0);
    stack[i] = s === undefined ? NO_CAP : s;
  }

  // 1. owed: what order[i] owes order[j], capped at the winner's starting stack.
  const owed = scratch(0, n * n, true);
  for (const { a, b, points } of input.pairs) {
    const ia = indexOf(order, a);
    const ib = indexOf(order, b);
    if (ia < 0 || ib < 0) throw new RangeError(`pair ${a}-${b} names a seat not in the order`);
    checkPairInteger(Math.abs(points), 'points', a, b);
    if (points === 0) continue;
    const loser = points > 0 ? ib : ia;
    const winner = points > 0 ? ia : ib;
    const amount = Math.abs(points) * pointValue;
    checkPairInteger(amount, 'amount', a, b);
    const cap = stack[winner];
    owed[loser * n + winner] += cap === NO_CAP ? amount : Math.min(amount, cap);
  }
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      // Pairs are listed once; should a caller list one twice, keep a single direction.
      const d = Math.min(owed[i * n + j], owed[j * n + i]);
      owed[i * n + j] -= d;
      owed[j * n + i] -= d;
      const capI = stack[i];
      const capJ = stack[j];
      if (capJ !== NO_CAP) owed[i * n + j] = Math.min(owed[i * n + j], capJ);
      if (capI !== NO_CAP) owed[j * n + i] = Math.min(owed[j * n + i], capI);
    }
  }

  // 2-4. Start from everyone paying in full; an all-in player pays what he has, creditors in
  // order. Each pass only lowers payments, so this reaches the largest consistent payments.
  const paid = scratch(1, n * n, false); // a copy of owed
  for (let k = 0; k < n * n; k++) paid[k] = owed[k]; // not set(subarray): a view object per call
  const allIn = scratchRow(1, n, true); // 1: all in
  const owesInFull = scratchRow(2, n, false); // every entry set below
  for (let i = 0; i < n; i++) {
    let sum = 0;
    for (let j = 0; j < n; j++) sum += owed[i * n + j];
    owesInFull[i] = sum;
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 0; i < n; i++) {
      const cap = stack[i];
      if (cap === NO_CAP) continue;
      let incoming = 0;
      for (let k = 0; k < n; k++) incoming += paid[k * n + i];
      if (allIn[i] === 0 && owesInFull[i] - incoming > cap) {
        allIn[i] = 1;
        changed = true;
      }
      if (allIn[i] === 0) continue;
      let available = cap + incoming;
      for (let j = 0; j < n; j++) {
        const pay = Math.min(owed[i * n + j], available);
        available -= pay;
        if (paid[i * n + j] !== pay) {
          paid[i * n + j] = pay;
          changed = true;
        }
      }
    }
  }

  // Seats 1-4 in any order: one literal (integer keys list in ascending order whatever the order
  // they are set in, so the object is the one the loop makes).
  const net: Record<number, number> = n === 4 && allFourSeats(order) ? { 1: 0, 2: 0, 3: 0, 4: 0 } : {};
  for (let i = 0; i < n; i++) {
    let sum = 0;
    for (let k = 0; k < n; k++) sum += paid[k * n + i] - paid[i * n + k];
    net[order[i]] = sum;
  }
  const allInSeats: number[] = [];
  for (let i = 0; i < n; i++) if (allIn[i] === 1) allInSeats.push(order[i]);
  const result: Settlement = {
    owed: transfers(order, owed),
    payments: transfers(order, paid),
    shortfalls: shortfallTransfers(order, owed, paid),
    net,
    allIn: allInSeats,
  };
  return input.netting ? { ...result, netted: netTransfers(order, net) } : result;
}

/** Whether the four seats are 1, 2, 3 and 4 in some order. */
function allFourSeats(order: readonly number[]): boolean {
  let seen = 0;
  for (let i = 0; i < 4; i++) {
    const s = order[i];
    if (s === 1 || s === 2 || s === 3 || s === 4) seen |= 1 << s;
  }
  return seen === 0b11110;
}

/** Seats as the same key of a Map (SameValueZero: NaN is NaN). */
function sameSeat(x: number, y: number): boolean {
  return x === y || (x !== x && y !== y);
}

function indexOf(order: readonly number[], seat: number): number {
  for (let i = 0; i < order.length; i++) if (sameSeat(order[i], seat)) return i;
  return -1;
}

/**
 * Two n x n matrices (owed, paid) reused from one settlement to the next (a settlement is over before
 * the next starts: nothing else runs in between), zeroed or not as the caller asks. Float64: the
 * numbers JavaScript computes with, so every sum is the one an array of numbers gives.
 */
const matrices: Float64Array[] = [new Float64Array(16), new Float64Array(16)];

/** A stack in {@link scratchRow}'s rows for a seat without one (stacks are whole numbers >= 0). */
const NO_CAP = -1;

/** Three rows of per-seat figures reused as the matrices are (see {@link scratch}). */
const rows: Float64Array[] = [new Float64Array(4), new Float64Array(4), new Float64Array(4)];

/** Row `which`, at least `size` long, its first `size` entries zeroed when `zeroed`. */
function scratchRow(which: number, size: number, zeroed: boolean): Float64Array {
  if (rows[which].length < size) rows[which] = new Float64Array(size);
  const r = rows[which];
  if (zeroed) for (let k = 0; k < size; k++) r[k] = 0; // not fill(): its call costs more than these few stores
  return r;
}

/** Matrix `which`, at least `size` long, its first `size` entries zeroed when `zeroed` (else each is set before it is read). */
function scratch(which: number, size: number, zeroed: boolean): Float64Array {
  if (matrices[which].length < size) matrices[which] = new Float64Array(size);
  const m = matrices[which];
  if (zeroed) for (let k = 0; k < size; k++) m[k] = 0; // not fill(): its call costs more than these few stores
  return m;
}

/** The positive entries of an n x n matrix (row-major, by `order`) as transfers, row by row. */
function transfers(order: readonly number[], m: Float64Array): Transfer[] {
  const n = order.length;
  const out: Transfer[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const amount = m[i * n + j];
      if (amount > 0) out.push({ from: order[i], to: order[j], amount });
    }
  }
  return out;
}

/** What was owed but not paid (owed minus paid, where positive) as transfers, as {@link transfers} lists them. */
function shortfallTransfers(order: readonly number[], owed: Float64Array, paid: Float64Array): Transfer[] {
  const n = order.length;
  const out: Transfer[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const amount = owed[i * n + j] - paid[i * n + j];
      if (amount > 0) out.push({ from: order[i], to: order[j], amount });
    }
  }
  return out;
}

/**
 * The fewest transfers that give every seat the same net (RULES.md section 9, step 4's
 * option). The seats with a non-zero net are split into as many groups summing to zero as
 * possible (a group of k seats then needs k - 1 transfers, the minimum); within a group,
 * payers in `order` pay payees in `order`, each payee filled before the next. Deterministic.
 */
export function netTransfers(order: readonly number[], net: Readonly<Record<number, number>>): Transfer[] {
  const seats = order.filter((s) => (net[s] ?? 0) !== 0);
  const total = seats.reduce((s, seat) => s + net[seat], 0);
  if (total !== 0) throw new RangeError(`nets must sum to zero, they sum to ${total}`);
  if (seats.length > 12) throw new RangeError('netting is for a table, at most 12 seats');
  // Best partition of `seats` into zero-sum groups, by bitmask: groups[mask] = max group count.
  const size = 1 << seats.length;
  const sum = new Array<number>(size).fill(0);
  for (let mask = 1; mask < size; mask++) {
    const low = mask & -mask;
    sum[mask] = sum[mask ^ low] + net[seats[31 - Math.clz32(low)]];
  }
  const groups = new Array<number>(size).fill(-1);
  const choice = new Array<number>(size).fill(0);
  groups[0] = 0;
  for (let mask = 1; mask < size; mask++) {
    if (sum[mask] !== 0) continue;
    // The group holding the lowest seat of the mask: any zero-sum submask containing it.
    const low = mask & -mask;
    for (let sub = mask; sub > 0; sub = (sub - 1) & mask) {
      if (!(sub & low) || sum[sub] !== 0 || groups[mask ^ sub] < 0) continue;
      const count = groups[mask ^ sub] + 1;
      if (count > groups[mask]) {
        groups[mask] = count;
        choice[mask] = sub;
      }
    }
  }
  const out: Transfer[] = [];
  for (let mask = size - 1; mask > 0; ) {
    const group = choice[mask];
    const members = seats.filter((_, i) => group & (1 << i));
    const payers = members.filter((s) => net[s] < 0).map((s) => ({ seat: s, left: -net[s] }));
    const payees = members.filter((s) => net[s] > 0).map((s) => ({ seat: s, left: net[s] }));
    let p = 0;
    for (const payer of payers) {
      while (payer.left > 0) {
        const payee = payees[p];
        const amount = Math.min(payer.left, payee.left);
        out.push({ from: payer.seat, to: payee.seat, amount });
        payer.left -= amount;
        payee.left -= amount;
        if (payee.left === 0) p++;
      }
    }
    mask ^= group;
  }
  const pos = new Map(order.map((s, i) => [s, i]));
  return out.sort((x, y) => pos.get(x.from)! - pos.get(y.from)! || pos.get(x.to)! - pos.get(y.to)!);
}
