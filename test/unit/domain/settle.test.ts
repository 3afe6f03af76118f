/**
 * settleRecord: the contract shared by the settle command, the hand lifecycle and the dealer
 * screen (docs/settle.md). Figures come from RULES.md; the golden tests cover every figure,
 * these cover the shape of the result.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { settleRecord, settleShowdown, type SettleResult } from '../../../app/domain/settle';
import { parseShowdown } from '../../../app/domain/showdown';
import { unwrap } from '../../../app/domain/result';
import { DRAGON, EXAMPLE_003, NATURALS_REST_SET, SIX_PAIRS, THREE_FLUSHES, record } from './golden/fixtures';

const set = (s: readonly [string, string, string]) => ({ set: s });

describe('settleRecord result', () => {
  // RULES.md s5, the 003 example under scoop-double, 100 a point, seat 3 short-stacked.
  const rec = {
    ...record('scoop-double', EXAMPLE_003.map(set), { pointValue: 100, button: 2, id: 'hand-1', netting: true }),
  };
  rec.seats[2] = { ...rec.seats[2], stack: 300 };
  const r: SettleResult = unwrap(settleRecord(rec));

  it('has the fields of issue 2 section 3', () => {
    expect(r.pairs.map(({ a, b, points }) => ({ a, b, points }))).toEqual([
      // button 2: announcement from seat 3
      { a: 3, b: 4, points: 1 }, { a: 3, b: 1, points: -1 }, { a: 3, b: 2, points: -6 },
      { a: 4, b: 1, points: -1 }, { a: 4, b: 2, points: -1 }, { a: 1, b: 2, points: -1 },
    ]);
    expect(r.points).toEqual({ 1: 1, 2: 8, 3: -6, 4: -3 });
    expect(r.fouled).toEqual([]);
    expect(r.naturals).toEqual({});
    // Seat 3 owes 100 + 600 = 700, collects 100 from seat 4: loss 600 > 300, all in with 400,
    // paid in the order 3 4 1 2: seat 1 in full (100), then seat 2 (300 of 600).
    expect(r.allIn).toEqual([3]);
    expect(r.payments).toEqual([
      { from: 3, to: 1, amount: 100 }, { from: 3, to: 2, amount: 300 },
      { from: 4, to: 3, amount: 100 }, { from: 4, to: 1, amount: 100 }, { from: 4, to: 2, amount: 100 },
      { from: 1, to: 2, amount: 100 },
    ]);
    expect(r.net).toEqual({ 1: 100, 2: 500, 3: -300, 4: -300 });
    expect(r.shortfalls).toEqual([{ from: 3, to: 2, amount: 300 }]);
  });

  it('carries id, profile name and version, order, and netted payments when asked', () => {
    expect(r.id).toBe('hand-1');
    expect(r.profile).toEqual({ name: 'scoop-double', version: 1 });
    expect(r.order).toEqual([3, 4, 1, 2]);
    // Nets 3 -300, 4 -300, 1 +100, 2 +500: no zero-sum subgroup, so 3 transfers, payers in order.
    expect(r.nettedPayments).toEqual([{ from: 3, to: 1, amount: 100 }, { from: 3, to: 2, amount: 200 }, { from: 4, to: 2, amount: 300 }]);
    const plain = unwrap(settleRecord({ ...rec, netting: false }));
    expect(plain.nettedPayments).toBeUndefined();
  });

  it('gives the dealer a row per pair: segment winners, descriptions, flags and a summary', () => {
    const p32 = r.pairs.find((p) => p.a === 3 && p.b === 2)!;
    expect(p32).toMatchObject({
      outcome: 'showdown', scoop: 2, homerun: null, majority: null,
      parts: { segments: -3, scoop: -3, bonuses: 0 },
      summary: 'seat 2 wins 6 points from seat 3 (front seat 2, middle seat 2, back seat 2; scoop by seat 2)',
    });
    expect(p32.segments).toEqual([
      { segment: 'front', winner: 2, a: 'Ten high', b: 'Pair of twos', bonusA: 0, bonusB: 0 },
      { segment: 'middle', winner: 2, a: 'Two pair, queens and fives', b: 'Straight, king high', bonusA: 0, bonusB: 0 },
      { segment: 'back', winner: 2, a: 'Straight, ace high', b: 'Flush, nine high', bonusA: 0, bonusB: 0 },
    ]);
    expect(r.hands['2']).toMatchObject({ status: 'set', front: '2s 2h 3c', middle: 'Ks Qc Jh Tc 9c' });
  });

  it('is plain JSON', () => {
    expect(JSON.parse(JSON.stringify(r))).toEqual(r);
  });

  it('reports fouls with reasons, naturals with proofs, surrenders', () => {
    const x = unwrap(settleRecord(record('mandarin-house', [
      { cards: DRAGON, natural: 'dragon' },
      { cards: SIX_PAIRS, surrender: true },
      { cards: THREE_FLUSHES, natural: 'three-flushes' },
      { set: NATURALS_REST_SET },
    ])));
    expect(x.naturals).toEqual({ 1: 'dragon', 3: 'three-flushes' });
    expect(x.naturalProofs['1']).toEqual({ name: 'dragon', explanation: expect.stringContaining('every rank') });
    expect(x.naturalProofs['3'].arrangement).toEqual({ front: '8h 7h 6h', middle: expect.any(String), back: expect.any(String) });
    expect(x.surrendered).toEqual([2]);
    expect(x.hands['2']).toEqual({ status: 'surrendered', cards: SIX_PAIRS });
    const fouled = unwrap(settleRecord(record('mandarin-house', [{ set: EXAMPLE_003[0] }, { set: ['Ks Qc Jh Tc 9c', '2s 2h 3c', EXAMPLE_003[1][2]] }])));
    expect(fouled.fouled).toEqual([2]);
    expect(fouled.fouls).toEqual({ 2: 'wrong number of cards: front 5, middle 3, back 5 (must be front 3, middle 5, back 5)' });
  });

  it('scores a hand the floor ruled fouled as fouled, with the floor\'s reason, whatever its setting', () => {
    // docs/settle.md `foul`: a valid setting (003 example, seat 1) is still fouled.
    const x = unwrap(settleRecord(record('basic', [{ set: EXAMPLE_003[0], foul: 'Kh shown at showdown was dealt to seat 3' }, { set: EXAMPLE_003[1] }])));
    expect(x.fouled).toEqual([1]);
    expect(x.fouls).toEqual({ 1: 'ruled fouled by the floor: Kh shown at showdown was dealt to seat 3' });
    expect(x.points).toEqual({ 1: -3, 2: 3 });
    const laidDown = unwrap(settleRecord(record('basic', [{ cards: EXAMPLE_003[0].join(' '), foul: 'exposed' }, { set: EXAMPLE_003[1] }])));
    expect(laidDown.fouled).toEqual([1]);
  });

  it('uses a whole profile object and reports its name and version', () => {
    const custom = { name: 'club-rules', version: 7, majorityBonus: 2 };
    const x = unwrap(settleRecord(record(custom, EXAMPLE_003.map(set))));
    expect(x.profile).toEqual({ name: 'club-rules', version: 7 });
    // 003 example with majority 2: seat 2 wins two of three against seat 1: 1 + 2.
    expect(x.pairs.find((p) => p.a === 1 && p.b === 2)?.points).toBe(-3);
  });

  it('refuses a bad record with a code and a message naming the field', () => {
    const bad = settleRecord(record('mandarin-house', [{ set: EXAMPLE_003[0] }, { set: ['2s 2h 3c', 'Ks Qc Jh Tc 9q', EXAMPLE_003[1][2]] }]));
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.error.code).toBe('bad-card');
      expect(bad.error.path).toBe('seats[1].middle');
      expect(bad.error.message).toMatch(/^seats\[1\]\.middle \(seat 2\): card 5: not a card: "9q"/);
    }
  });
});

describe('settleRecord on any input', () => {
  const good = record('mandarin-house', EXAMPLE_003.map(set), { pointValue: 100 });
  const check = (input: unknown) => {
    const r = settleRecord(input);
    if (!r.ok) {
      expect(r.error.code).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(r.error.message.length).toBeGreaterThan(0);
    }
  };
  it('never throws on arbitrary JSON', () => {
    fc.assert(fc.property(fc.jsonValue(), check), { numRuns: 300 });
  });
  it('never throws when one field of a good record is replaced by arbitrary JSON', () => {
    const fields = ['rules', 'pointValue', 'button', 'netting', 'id', 'seats'] as const;
    const seatFields = ['seat', 'stack', 'front', 'middle', 'back', 'cards', 'natural', 'surrender', 'fantasyland'] as const;
    fc.assert(
      fc.property(fc.constantFrom(...fields), fc.constantFrom(...seatFields), fc.integer({ min: 0, max: 3 }), fc.jsonValue(), fc.boolean(), (field, seatField, index, value, inSeat) => {
        const copy = JSON.parse(JSON.stringify(good)) as Record<string, unknown>;
        if (inSeat) (copy.seats as Record<string, unknown>[])[index][seatField] = value;
        else copy[field] = value;
        check(copy);
      }),
      { numRuns: 400 },
    );
  });
  it('refuses money beyond exact integers instead of rounding', () => {
    const rec = record({ name: 'huge', version: 1, segmentPoints: 1_000_000 }, EXAMPLE_003.map(set), { pointValue: 1e12 });
    // A record's point value stops at MAX_POINT_VALUE; typed data given to settleShowdown is
    // still checked for exact money.
    expect(settleRecord(rec)).toMatchObject({ ok: false, error: { code: 'bad-point-value' } });
    const huge = settleShowdown({ ...unwrap(parseShowdown({ ...rec, pointValue: 1 })), pointValue: 1e12 });
    expect(huge.ok).toBe(false);
    if (!huge.ok) expect(huge.error.code).toBe('amount-too-large');
  });
});
