// Money typed by the dealer (a buy-in, chips added): toMinor reads plain amounts only, in
// the grouping the screen itself shows, and refuses anything else (null: the form keeps its
// button disabled) instead of guessing: no hex, binary, exponent or sign, no silent rounding,
// no zero.
import { describe, expect, it } from 'vitest';
import { MAX_STACK } from '../../../app/domain/money';
import { createTranslator, LANGS, minorDigits, toMinor, type Lang } from '../../../renderer/i18n/translate';

const NBSP = '\u00a0';
const NNBSP = '\u202f';

/** [typed, minor units] read the same in every language, for CZK and EUR (both 2 digits). */
const ACCEPTED: readonly (readonly [string, number])[] = [
  ['1', 100],
  ['150', 15000],
  ['0150', 15000],
  ['150.5', 15050],
  ['150,5', 15050],
  ['150.50', 15050],
  ['150,50', 15050],
  ['0.01', 1],
  ['0,5', 50],
  ['  2500  ', 250000],
  ['1 500', 150000],
  [`1${NBSP}500`, 150000],
  [`1${NNBSP}500`, 150000],
  ['1 500,50', 150050],
  ['1 500.5', 150050],
  ['12 345 678,9', 1234567890],
];

/** Typed text refused in every language, for CZK and EUR. */
const REFUSED: readonly string[] = [
  '', '   ', '0', '00', '0,00', '0.0',
  '-5', '+5', '- 5', '−5',
  '0x10', '0X10', '0b11', '0o17', '1e3', '1E3', '1e-2', 'Infinity', 'NaN',
  '1.239', '1.2391', '150.', '150,', '.5', ',5', '1.2.3', '1,2,3', '1.2,3',
  '12 34', '1  500', '1 50', '1500 00', ' 1 500 ,5', '1_500', "1'500",
  '150 Kč', '€150', 'CZK 150', '150abc', 'abc', '١٥٠', '１５０',
  '9'.repeat(20),
];

describe('toMinor: money typed in major units', () => {
  for (const currency of ['CZK', 'EUR']) {
    for (const lang of [...LANGS, undefined] as (Lang | undefined)[]) {
      describe(`${currency}, ${lang ?? 'no language'}`, () => {
        it.each(ACCEPTED)('reads %j as %i minor units', (typed, minor) => {
          expect(toMinor(typed, currency, lang)).toBe(minor);
        });
        it.each(REFUSED.map((s) => [s]))('refuses %j', (typed) => {
          expect(toMinor(typed, currency, lang)).toBeNull();
        });
      });
    }
  }

  it('has two minor digits for CZK and EUR', () => {
    expect(minorDigits('CZK')).toBe(2);
    expect(minorDigits('EUR')).toBe(2);
  });

  it('reads English comma grouping only on an English screen ("1,500" is fifteen hundred there)', () => {
    for (const currency of ['CZK', 'EUR']) {
      expect(toMinor('1,500', currency, 'en')).toBe(150000);
      expect(toMinor('12,345,678.9', currency, 'en')).toBe(1234567890);
      expect(toMinor('1,500.25', currency, 'en')).toBe(150025);
      expect(toMinor('1,50', currency, 'en')).toBe(150); // two digits: a decimal comma
      // Elsewhere a comma is the decimal mark: three decimals are refused, not guessed.
      expect(toMinor('1,500', currency, 'cs')).toBeNull();
      expect(toMinor('1,239', currency, 'cs')).toBeNull();
      expect(toMinor('1,239', currency, 'en')).toBe(123900);
      expect(toMinor('1,500', currency)).toBeNull();
      // Malformed English grouping.
      for (const bad of ['1,500,5', '1,5000', '1,500,50', ',500', '1,500,', '1,500.255']) expect(toMinor(bad, currency, 'en'), bad).toBeNull();
    }
  });

  it('refuses a decimal part where the currency has none (JPY)', () => {
    expect(toMinor('1500', 'JPY')).toBe(1500);
    expect(toMinor('1 500', 'JPY')).toBe(1500);
    expect(toMinor('1500,5', 'JPY')).toBeNull();
    expect(toMinor('1500.0', 'JPY')).toBeNull();
  });

  it("reads up to the terminal's money limit (MAX_STACK, no seat holds more) and refuses above it", () => {
    // MAX_STACK minor units in major units: 10 000 000 000.00 in a two-digit currency.
    expect(toMinor('10 000 000 000', 'CZK', 'cs')).toBe(MAX_STACK);
    expect(toMinor('10 000 000 000,01', 'CZK', 'cs')).toBeNull();
    expect(toMinor('1000000000000', 'JPY')).toBe(MAX_STACK);
    expect(toMinor('1000000000001', 'JPY')).toBeNull();
    expect(toMinor('90071992547409.91', 'EUR', 'en')).toBeNull();
  });

  it('reads back every amount the screen shows for a table (without the currency sign)', () => {
    for (const lang of LANGS) {
      const t = createTranslator(lang);
      for (const currency of ['CZK', 'EUR']) {
        for (const minor of [1, 50, 100, 15050, 150000, 250050, 1234567890]) {
          const shown = t.money(minor, currency).replace(/CZK|Kč|€/g, '').trim();
          expect(toMinor(shown, currency, lang), `${lang} ${currency} ${JSON.stringify(shown)}`).toBe(minor);
        }
      }
    }
  });
});
