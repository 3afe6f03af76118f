// Buy-ins (app/domain/table/buy-in.ts, RULES.md s9 and its decisions in the file's comment):
// the minimums at the house's points (a short buy-in half of a full one, rounded up to a whole
// point), each limit at its edge, and each refusal word by word with the figures it quotes.
import { describe, expect, it } from 'vitest';
import { MAX_STACK } from '../../../../app/domain/money';
import { money } from '../../../../app/domain/result';
import { buyInMinimums, buyInPointMinimums, checkBuyIn } from '../../../../app/domain/table/buy-in';

describe('the minimums', () => {
  it.each<[number, number, number]>([
    // RULES.md s9: 20 points at least; half of it for a short buy-in.
    [20, 20, 10],
    // Half of 25 is 12.5, rounded up to a whole point: 13.
    [25, 25, 13],
    [21, 21, 11],
    [1000, 1000, 500],
  ])('%i points: full %i, short %i', (buyInPoints, full, short) => {
    expect(buyInPointMinimums(buyInPoints)).toStrictEqual({ full, short });
    // At 250 minor units a point, in minor units.
    expect(buyInMinimums(250, buyInPoints)).toStrictEqual({ full: full * 250, short: short * 250 });
  });
});

describe('checkBuyIn accepts', () => {
  // 100 a point, 25 points: full from 2,500, short 1,300-2,499.
  it.each<[string, number, number, boolean, 'buy-in' | 'short-buy-in']>([
    ['exactly the full minimum, even when a short one is not allowed', 2500, 0, false, 'buy-in'],
    ['a full one above the minimum', 99_999, 500, true, 'buy-in'],
    ['one below the full minimum, as a short one', 2499, 4000, true, 'short-buy-in'],
    ['exactly the short minimum', 1300, 4000, true, 'short-buy-in'],
    ['the most a seat may hold, onto no chips', MAX_STACK, 0, false, 'buy-in'],
    ['what fills the seat to the most', MAX_STACK - 7000, 7000, false, 'buy-in'],
  ])('%s', (_why, amount, stack, shortAllowed, kind) => {
    expect(checkBuyIn(amount, 100, 25, stack, shortAllowed)).toStrictEqual({ ok: true, value: { kind, shortAllowedAfter: kind === 'buy-in' } });
  });
});

describe('checkBuyIn refuses, naming the amount and the limit', () => {
  it.each<[string, number]>([
    ['nothing', 0], ['a negative amount', -2500], ['a fraction', 2500.5], ['NaN', Number.NaN], ['beyond exact integers', 2 ** 53],
  ])('%s: bad-amount', (_why, amount) => {
    expect(checkBuyIn(amount, 100, 25, 0, true)).toStrictEqual({
      ok: false, error: { code: 'bad-amount', message: `a buy-in is a whole positive number of chips (minor units), not ${JSON.stringify(amount)}` },
    });
  });

  it('an amount that is not a number', () => {
    expect(checkBuyIn('2500' as never, 100, 25, 0, true)).toStrictEqual({
      ok: false, error: { code: 'bad-amount', message: 'a buy-in is a whole positive number of chips (minor units), not "2500"' },
    });
  });

  it('above the most a seat may hold', () => {
    expect(checkBuyIn(MAX_STACK + 1, 100, 25, 600, true)).toStrictEqual({
      ok: false,
      error: {
        code: 'buy-in-too-large',
        message: `a buy-in of ${MAX_STACK + 1} is too large: the most a seat may hold is ${MAX_STACK} (the terminal's limit)`,
        figures: { amount: money(MAX_STACK + 1), stack: money(600), most: money(MAX_STACK), room: money(MAX_STACK - 600) },
      },
    });
  });

  it('one more than fills the seat to the most', () => {
    expect(checkBuyIn(MAX_STACK - 6999, 100, 25, 7000, true)).toStrictEqual({
      ok: false,
      error: {
        code: 'buy-in-too-large',
        message: `a buy-in of ${MAX_STACK - 6999} is too large: with the 7000 in front of the player it makes ${MAX_STACK + 1}, and the most a seat may hold is ${MAX_STACK} (the terminal's limit); at most ${MAX_STACK - 7000} more`,
        figures: { amount: money(MAX_STACK - 6999), stack: money(7000), most: money(MAX_STACK), room: money(MAX_STACK - 7000) },
      },
    });
  });

  it('any chips onto a seat already above the most: no room at all, never a negative one', () => {
    const r = checkBuyIn(1, 100, 25, MAX_STACK + 5, true);
    expect(r.ok ? null : r.error.figures).toStrictEqual({ amount: money(1), stack: money(MAX_STACK + 5), most: money(MAX_STACK), room: money(0) });
    expect(r.ok ? '' : r.error.message).toMatch(/; at most 0 more$/);
  });

  it('one below the short minimum', () => {
    expect(checkBuyIn(1299, 100, 25, 0, true)).toStrictEqual({
      ok: false,
      error: {
        code: 'buy-in-too-small',
        message: 'a buy-in of 1299 is too small: the minimum is 2500 (25 points), or 1300 (13 points) for a short buy-in',
        figures: { amount: money(1299), full: money(2500), short: money(1300) },
      },
    });
  });

  it('a short one when the last was short, or at the first buy-in', () => {
    expect(checkBuyIn(2499, 100, 25, 0, false)).toStrictEqual({
      ok: false,
      error: {
        code: 'short-buy-in-not-allowed',
        message: 'a short buy-in of 2499 is not allowed now: one short buy-in is allowed only after a full one (at least 2500)',
        figures: { amount: money(2499), full: money(2500) },
      },
    });
  });
});
