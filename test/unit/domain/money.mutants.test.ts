import { describe, expect, it } from 'vitest';
import { checkAmount, MAX_STACK } from '../../../app/domain/money';

/**
 * The refusal quotes the bad value (STYLE.md: "Messages quote the bad value ... and name the
 * field"), shortened to 40 characters so a pasted blob does not flood the dealer's screen.
 */
function message(value: unknown): string {
  const r = checkAmount(value, 'the stack', 'bad-stack', 0, MAX_STACK);
  if (r.ok) throw new Error(`accepted ${String(value)}`);
  return r.error.message;
}

describe('checkAmount: how the refusal shows the bad value', () => {
  const forty = 'x'.repeat(38); // JSON adds the two quotes: exactly 40 characters
  it.each<[string, unknown, string]>([
    ['a number as written, not as JSON', Number.NaN, 'not NaN'],
    ['infinity as written', Number.POSITIVE_INFINITY, 'not Infinity'],
    ['a fraction', 1.5, 'not 1.5'],
    ['undefined as "missing"', undefined, 'not missing'],
    ['a string as JSON', '5', 'not "5"'],
    ['null as JSON', null, 'not null'],
    ['40 characters whole', forty, `not "${forty}"`],
    ['a function (no JSON) as its source', Object.assign(() => 1, { toString: () => 'fn' }), 'not fn'],
    ['a bigint (JSON throws) by its type', 10n, 'not bigint'],
  ])('%s', (_name, value, tail) => {
    expect(message(value)).toBe(`the stack is a whole number of minor units, ${tail}`);
  });

  it('cuts a value longer than 40 characters to its first 40 and "..."', () => {
    const long = 'y'.repeat(39); // 41 characters of JSON
    expect(message(long)).toBe(`the stack is a whole number of minor units, not "${'y'.repeat(39)}...`);
  });

  it('names the limit broken', () => {
    expect(checkAmount(-1, 'the buy-in', 'bad-buy-in', 1, 10)).toEqual({
      ok: false,
      error: { code: 'bad-buy-in', message: 'the buy-in is at least 1, not -1' },
    });
    expect(checkAmount(11, 'the buy-in', 'bad-buy-in', 1, 10)).toEqual({
      ok: false,
      error: { code: 'bad-buy-in', message: "the buy-in is at most 10 (the terminal's limit), not 11" },
    });
    expect(checkAmount(1, 'the buy-in', 'bad-buy-in', 1, 10)).toEqual({ ok: true, value: 1 });
    expect(checkAmount(10, 'the buy-in', 'bad-buy-in', 1, 10)).toEqual({ ok: true, value: 10 });
  });
});
