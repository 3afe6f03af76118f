/** The buy-in rules (RULES.md 9; the short buy-in decision in docs/store.md), table-driven. */
import { describe, expect, it } from 'vitest';
import { buyInMinimums, checkBuyIn } from '../../../app/services/ledger';

describe('checkBuyIn at 100 a point (full >= 2000, short 1000..1999)', () => {
  const cases: [string, number, boolean, string][] = [
    // [why, amount, short allowed now, expected]
    ['RULES 9: at least 20 times the point value', 2000, false, 'buy-in'],
    ['more than the minimum is full too', 123_456, false, 'buy-in'],
    ['a short one right after a full one', 1000, true, 'short-buy-in'],
    ['the largest short one', 1999, true, 'short-buy-in'],
    ['a short one with no full one before it', 1999, false, 'short-buy-in-not-allowed'],
    ['below half the minimum, never', 999, true, 'buy-in-too-small'],
    ['nothing', 0, true, 'bad-amount'],
    ['negative', -2000, true, 'bad-amount'],
    ['not whole minor units', 2000.5, true, 'bad-amount'],
  ];
  it.each(cases)('%s: %d (short allowed %s) -> %s', (_, amount, shortAllowed, expected) => {
    const r = checkBuyIn(amount, 100, shortAllowed);
    expect(r.ok ? r.value.kind : r.error.code).toBe(expected);
  });

  it('a full buy-in allows one short one next; a short one does not', () => {
    expect(checkBuyIn(2000, 100, false)).toEqual({ ok: true, value: { kind: 'buy-in', shortAllowedAfter: true } });
    expect(checkBuyIn(1000, 100, true)).toEqual({ ok: true, value: { kind: 'short-buy-in', shortAllowedAfter: false } });
  });

  it('names the minimums in the refusal', () => {
    const r = checkBuyIn(500, 100, true);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toBe('a buy-in of 500 is too small: the minimum is 2000 (20 points), or 1000 (10 points) for a short buy-in');
    expect(buyInMinimums(25)).toEqual({ full: 500, short: 250 });
  });
});
