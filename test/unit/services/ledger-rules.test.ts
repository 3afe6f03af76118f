/** The buy-in rules (RULES.md 9; the short buy-in decision in docs/store.md), table-driven. */
import { describe, expect, it } from 'vitest';
import { MAX_STACK } from '../../../app/domain/money';
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
    const r = checkBuyIn(amount, 100, 20, 0, shortAllowed);
    expect(r.ok ? r.value.kind : r.error.code).toBe(expected);
  });

  it('a full buy-in allows one short one next; a short one does not', () => {
    expect(checkBuyIn(2000, 100, 20, 0, false)).toEqual({ ok: true, value: { kind: 'buy-in', shortAllowedAfter: true } });
    expect(checkBuyIn(1000, 100, 20, 5000, true)).toEqual({ ok: true, value: { kind: 'short-buy-in', shortAllowedAfter: false } });
  });

  it('names the minimums in the refusal', () => {
    const r = checkBuyIn(500, 100, 20, 0, true);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toBe('a buy-in of 500 is too small: the minimum is 2000 (20 points), or 1000 (10 points) for a short buy-in');
    expect(buyInMinimums(25, 20)).toEqual({ full: 500, short: 250 });
  });
});

describe('checkBuyIn within the money limit (MAX_STACK, app/domain/money.ts)', () => {
  const cases: [string, number, number, string][] = [
    // [why, amount, stack now, expected]
    ['a buy-in of exactly the limit onto an empty seat', MAX_STACK, 0, 'buy-in'],
    ['one minor unit above the limit', MAX_STACK + 1, 0, 'buy-in-too-large'],
    ['the largest exact integer, which would be stored wrong', Number.MAX_SAFE_INTEGER, 0, 'buy-in-too-large'],
    ['chips that bring the stack exactly to the limit', MAX_STACK - 5000, 5000, 'buy-in'],
    ['chips that bring the stack one above the limit', MAX_STACK - 4999, 5000, 'buy-in-too-large'],
    ['any chips onto a stack at the limit', 2000, MAX_STACK, 'buy-in-too-large'],
    ['any chips onto a stack grown past the limit by winnings', 2000, MAX_STACK + 1, 'buy-in-too-large'],
  ];
  it.each(cases)('%s: %d onto %d -> %s', (_, amount, stack, expected) => {
    const r = checkBuyIn(amount, 100, 20, stack, false);
    expect(r.ok ? r.value.kind : r.error.code).toBe(expected);
  });

  it('names the limit, the stack and what may still be added', () => {
    const r = checkBuyIn(MAX_STACK - 4999, 100, 20, 5000, true);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.message).toBe(`a buy-in of ${MAX_STACK - 4999} is too large: with the 5000 in front of the player it makes ${MAX_STACK + 1}, and the most a seat may hold is ${MAX_STACK} (the terminal's limit); at most ${MAX_STACK - 5000} more`);
    }
  });
});
