/**
 * The floor's `replay` re-settles every stored hand and compares the result with the stored
 * one. The comparison no longer writes and parses both as JSON: `sameJson` must say exactly
 * what `jsonEqual(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)))` says (the old
 * way, the oracle here), and `verifySettlement` must name the same differing fields.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSettled, verifySettlement, type HandState, type SeatNo } from '../../../app/domain/hand';
import { sameJson } from '../../../app/domain/json';
import { unwrap } from '../../../app/domain/result';
import { EXAMPLE_003, at, dealtHand, deckFor, drive, ev, handOf } from '../domain/hand/support';

/** Deep equality of plain JSON values (object key order ignored; members set to `undefined`
 *  count as absent): the reference `sameJson` is checked against, kept here as its only user. */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  const isArray = Array.isArray(a);
  if (isArray !== Array.isArray(b)) return false;
  if (isArray) {
    const aa = a as unknown[];
    const bb = b as unknown[];
    if (aa.length !== bb.length) return false;
    for (let i = 0; i < aa.length; i++) if (!jsonEqual(aa[i], bb[i])) return false;
    return true;
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  let defined = 0;
  for (const k of Object.keys(ao)) {
    const v = ao[k];
    if (v === undefined) continue;
    defined++;
    if (!Object.prototype.hasOwnProperty.call(bo, k) || !jsonEqual(v, bo[k])) return false;
  }
  for (const k of Object.keys(bo)) if (bo[k] !== undefined) defined--;
  return defined === 0;
}

/** The comparison as it was: both sides through JSON, then jsonEqual. */
function oracle(a: unknown, b: unknown): boolean {
  return jsonEqual(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)));
}

/** Plain data as settle results are made of, with what JSON drops or rewrites mixed in. */
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  leaf: fc.oneof(
    fc.integer({ min: -3, max: 3 }),
    fc.constantFrom(0, -0, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
    fc.constantFrom('a', 'b', '', '♠'),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
  ),
  node: fc.oneof(
    { depthSize: 'small' },
    tie('leaf'),
    fc.array(tie('node'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('x', 'y', 'z'), tie('node'), { maxKeys: 3 }),
  ),
})).node;

/** A copy of `v` with its keys in another order (what a parsed result looks like). */
function reordered(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(reordered);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, reordered(x)]));
  return v;
}

describe('sameJson', () => {
  it('agrees with the JSON round trip on any two values', () => {
    fc.assert(fc.property(value, value, (a, b) => {
      const wrap = (x: unknown) => ({ v: x }); // JSON.stringify(undefined) has no text at all
      expect(sameJson(wrap(a), wrap(b))).toBe(oracle(wrap(a), wrap(b)));
    }), { numRuns: 3000 });
  });

  it('agrees on a value and its own parsed copy, keys in any order', () => {
    fc.assert(fc.property(value, (a) => {
      const copy = reordered(JSON.parse(JSON.stringify({ v: a })));
      expect(sameJson({ v: a }, copy)).toBe(true);
      expect(oracle({ v: a }, copy)).toBe(true);
    }), { numRuns: 2000 });
  });
});

/** A settled four-seat hand (RULES.md s5, example 003), dealt, scanned and settled. */
function settledHand(): HandState {
  const button: SeatNo = 4;
  const deck = deckFor(button, { 1: handOf(EXAMPLE_003[1]), 2: handOf(EXAMPLE_003[2]), 3: handOf(EXAMPLE_003[3]), 4: handOf(EXAMPLE_003[4]) });
  let s = dealtHand({ preset: 'mandarin-house', button, deck });
  for (const seat of [1, 2, 3, 4] as SeatNo[]) s = drive(s, ev.ready(seat));
  s = drive(s, ev.open());
  for (const seat of [1, 2, 3, 4] as SeatNo[]) {
    const [f, m, b] = EXAMPLE_003[seat];
    s = drive(s, ev.row(seat, 'front', f));
    s = drive(s, ev.row(seat, 'middle', m));
    s = drive(s, ev.row(seat, 'back', b));
  }
  // As the replay sees it: the settled event read back from its stored JSON.
  return drive(s, JSON.parse(JSON.stringify(unwrap(buildSettled(s, at())))));
}

/** The state with its stored result changed by `edit`. */
function withStoredResult(s: HandState, edit: (r: Record<string, unknown>) => void): HandState {
  const result = JSON.parse(JSON.stringify(s.settlement!.result)) as Record<string, unknown>;
  edit(result);
  return { ...s, settlement: { ...s.settlement!, result: result as never } };
}

/** The old verdict's wording, from the oracle: which fields of the fresh result differ. */
function differing(fresh: Record<string, unknown>, stored: Record<string, unknown>): string {
  return Object.keys(fresh).filter((k) => !oracle(fresh[k] ?? null, stored[k] ?? null)).join(', ');
}

describe('verifySettlement', () => {
  const s = settledHand();

  it('a stored result that is the rules\' own: ok', () => {
    expect(unwrap(verifySettlement(s))).toEqual(s.settlement!.result);
  });

  const edits: [string, (r: Record<string, unknown>) => void][] = [
    ['a payment amount', (r) => { (r.payments as { amount: number }[])[0].amount += 100; }],
    ['a pair explanation', (r) => { (r.pairs as { segments: { a: string }[] }[])[0].segments[0].a = 'Royal flush'; }],
    ['a net and the points', (r) => { (r.net as Record<string, number>)['1'] += 1; (r.points as Record<string, number>)['2'] -= 1; }],
    ['a missing field', (r) => { delete r.owed; }],
    ['an extra field', (r) => { r.bonus = 1; }],
  ];
  for (const [what, edit] of edits) {
    it(`a stored result with ${what} changed: refused, naming the fields the old way did`, () => {
      const bad = withStoredResult(s, edit);
      const r = verifySettlement(bad);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      const fresh = JSON.parse(JSON.stringify(unwrap(verifySettlement(s)))) as Record<string, unknown>;
      expect(r.error).toEqual({
        code: 'settlement-differs',
        message: `re-settling the record gives a different ${differing(fresh, bad.settlement!.result as never)} than was stored`,
      });
    });
  }
});
