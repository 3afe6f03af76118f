/**
 * Message lookup for the dealer screen. Every user-visible text lives in the message files
 * (renderer/i18n/en.json, cs.json), flat keys, `{name}` placeholders. Counts pick a plural
 * form by the language's rules (`key.one`, `key.few`, `key.many`, `key.other`), so Czech
 * "1 karta, 2 karty, 5 karet" comes out right.
 */
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

/** An amount typed in major units ("150.5") as minor units, or null when it is not a number. */
export function toMinor(major: string, currency: string): number | null {
  const n = Number(major.replace(',', '.').trim());
  if (!Number.isFinite(n) || major.trim() === '') return null;
  return Math.round(n * 10 ** minorDigits(currency));
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
