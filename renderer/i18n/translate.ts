/**
 * Message lookup for the dealer screen. Every user-visible text lives in the message files
 * (renderer/i18n/en.json, cs.json), flat keys, `{name}` placeholders. Counts pick a plural
 * form by the language's rules (`key.one`, `key.few`, `key.many`, `key.other`), so Czech
 * "1 karta, 2 karty, 5 karet" comes out right.
 */
import { MAX_STACK } from '../../app/domain/money';
import en from './en.json';
import cs from './cs.json';

export type Lang = 'en' | 'cs';
export const LANGS: readonly Lang[] = ['en', 'cs'];
export type Messages = Readonly<Record<string, string>>;
export const MESSAGES: Readonly<Record<Lang, Messages>> = { en, cs };

export type Params = Readonly<Record<string, string | number>>;

/** Replaces `{name}` with params.name; an unknown placeholder stays visible to be noticed. */
export function interpolate(template: string, params: Params = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export interface Translator {
  readonly lang: Lang;
  /** The message for `key`; a missing key shows the key itself (the key test catches it first). */
  t(key: string, params?: Params): string;
  /** True when the message file has `key`. */
  has(key: string): boolean;
  /** The plural form of `key` for `count`; `{count}` is available to the template. */
  tn(key: string, count: number, params?: Params): string;
  /** A money amount in minor units, e.g. 12500 CZK -> "125,00 Kč". */
  money(minor: number, currency: string): string;
  /** A plain number. */
  number(n: number): string;
}

const minorDigitsCache = new Map<string, number>();
/** How many minor-unit digits a currency has (CZK 2, JPY 0); 2 when unknown. */
export function minorDigits(currency: string): number {
  let d = minorDigitsCache.get(currency);
  if (d === undefined) {
    try {
      d = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      d = 2;
    }
    minorDigitsCache.set(currency, d);
  }
  return d;
}

/** Integer part as typed: plain digits, or digits grouped by threes with one space between
 *  groups (a plain, no-break or narrow no-break space: Czech money reads "1 500 Kč"). */
const PLAIN_AMOUNT = /^(\d+|\d{1,3}(?:[ \u00a0\u202f]\d{3})+)(?:[.,](\d+))?$/;
/** English money groups by commas ("CZK 1,500.50"): read only when the screen is in English,
 *  where "1,500" means fifteen hundred; elsewhere the comma is the decimal mark. */
const EN_GROUPED_AMOUNT = /^(\d{1,3}(?:,\d{3})+)(?:\.(\d+))?$/;

/**
 * A positive amount typed in major units ("150", "150,5", "1 500.50") as minor units, or
 * null when it is not one: only digits, an optional decimal part after "." or "," with at
 * most the currency's minor digits (CZK "1.239" is refused, not rounded), grouping as the
 * screen shows money ("1 500"; "1,500" when `lang` is English). No sign, exponent, hex,
 * binary or currency sign; zero is refused too (a buy-in or chips added are above zero), and so
 * is an amount above MAX_STACK (app/domain/money.ts: no seat may hold more, so no buy-in is).
 */
export function toMinor(major: string, currency: string, lang?: Lang): number | null {
  const s = major.trim();
  const m = (lang === 'en' ? EN_GROUPED_AMOUNT.exec(s) : null) ?? PLAIN_AMOUNT.exec(s);
  if (!m) return null;
  const digits = minorDigits(currency);
  const fraction = m[2] ?? '';
  if (fraction.length > digits) return null;
  const minor = Number(m[1].replace(/\D/g, '') + fraction.padEnd(digits, '0'));
  return Number.isSafeInteger(minor) && minor > 0 && minor <= MAX_STACK ? minor : null;
}

export function createTranslator(lang: Lang): Translator {
  const messages = MESSAGES[lang];
  const plural = new Intl.PluralRules(lang);
  const numbers = new Intl.NumberFormat(lang);
  const t = (key: string, params?: Params) => {
    const m = messages[key];
    return m === undefined ? key : interpolate(m, params);
  };
  return {
    lang,
    t,
    has: (key) => key in messages,
    tn(key, count, params = {}) {
      const form = plural.select(count);
      const k = `${key}.${form}` in messages ? `${key}.${form}` : `${key}.other`;
      return t(k, { ...params, count: numbers.format(count) });
    },
    money(minor, currency) {
      const digits = minorDigits(currency);
      const value = minor / 10 ** digits;
      try {
        return new Intl.NumberFormat(lang, { style: 'currency', currency, minimumFractionDigits: 0, maximumFractionDigits: digits }).format(value);
      } catch {
        return `${numbers.format(value)} ${currency}`;
      }
    },
    number: (n) => numbers.format(n),
  };
}
