/**
 * The figured refusals (app/domain/figured-refusals.ts) held to the wording the screen builds
 * from them (renderer/i18n `reason.<code>.figures`, its plural forms for a code with a count):
 * the English wording quotes every figure named for the code and no other, `count` names a
 * figure the code gives, and the refusals the rules make give exactly the figures named.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIGURED_REFUSALS, failWith, isFiguredCode, type FiguredCode } from '../../../app/domain/figured-refusals';
import { MAX_STACK } from '../../../app/domain/money';
import { money } from '../../../app/domain/result';
import { checkBuyIn } from '../../../app/domain/table/buy-in';

const messages = (lang: string) => JSON.parse(readFileSync(new URL(`../../../renderer/i18n/${lang}.json`, import.meta.url), 'utf8')) as Record<string, string>;
const EN = messages('en');
const CS = messages('cs');
const CODES = Object.keys(FIGURED_REFUSALS) as FiguredCode[];
const how = (code: FiguredCode): { readonly figures: readonly string[]; readonly count?: string } => FIGURED_REFUSALS[code];

/** The `{name}` placeholders of a wording. */
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

/** The wordings of a code's figures: one, or the plural forms when it names a count. */
function wordings(file: Record<string, string>, code: FiguredCode): string[] {
  const key = `reason.${code}.figures`;
  return how(code).count === undefined ? [file[key]].filter((w) => w !== undefined) : Object.keys(file).filter((k) => k.startsWith(`${key}.`)).map((k) => file[k]);
}

/** A wording's placeholders as figure names: `{count}` is the figure the code counts with. */
function figuresWorded(text: string, code: FiguredCode): string[] {
  return [...new Set(placeholders(text).map((p) => (p === 'count' ? how(code).count ?? p : p)))].sort();
}

describe('FIGURED_REFUSALS', () => {
  it('names the six refusals that quote figures', () => {
    // buy-in.ts (three), showdown.ts (a surrender), the hand's and the table's payments (two).
    expect([...CODES].sort()).toEqual(['already-paid', 'buy-in-too-large', 'buy-in-too-small', 'not-enough-chips', 'short-buy-in-not-allowed', 'surrender-not-covered']);
  });

  it.each(CODES)('%s: the English wording quotes exactly its figures', (code) => {
    const worded = wordings(EN, code);
    expect(worded.length, code).toBeGreaterThan(0);
    for (const w of worded) expect(figuresWorded(w, code), w).toEqual([...how(code).figures].sort());
  });

  it.each(CODES)('%s: the Czech wording quotes only its figures', (code) => {
    const worded = wordings(CS, code);
    expect(worded.length, code).toBeGreaterThan(0);
    for (const w of worded) for (const f of figuresWorded(w, code)) expect(how(code).figures, `${code}: ${w}`).toContain(f);
  });

  it('a count names one of the code\'s figures; only a surrender is counted (by its opponents)', () => {
    for (const code of CODES) if (how(code).count !== undefined) expect(how(code).figures).toContain(how(code).count);
    expect(CODES.filter((c) => how(c).count !== undefined)).toEqual(['surrender-not-covered']);
    expect(how('surrender-not-covered').count).toBe('opponents');
  });
});

describe('isFiguredCode', () => {
  it('is true for each figured code, false for any other', () => {
    for (const code of CODES) expect(isFiguredCode(code), code).toBe(true);
    for (const code of ['bad-amount', 'buy-in', '', 'toString', 'constructor']) expect(isFiguredCode(code), code).toBe(false);
  });
});

describe('failWith', () => {
  it('is the refusal with its code, message and figures', () => {
    const figures = { seat: 2, stack: money(100), amount: money(500) };
    expect(failWith('not-enough-chips', 'seat 2 holds 1.00', figures)).toStrictEqual({
      ok: false, error: { code: 'not-enough-chips', message: 'seat 2 holds 1.00', figures },
    });
  });
});

describe('the buy-in refusals give exactly the figures named for them', () => {
  // 100 a point, 20 points: a full buy-in is 2,000, a short one 1,000 (buy-in.ts).
  it.each<[string, ReturnType<typeof checkBuyIn>]>([
    ['too small', checkBuyIn(500, 100, 20, 0, true)],
    ['too large for the seat', checkBuyIn(MAX_STACK + 1, 100, 20, 0, true)],
    ['too large with the stack', checkBuyIn(2000, 100, 20, MAX_STACK - 1000, true)],
    ['short, not allowed', checkBuyIn(1500, 100, 20, 0, false)],
  ])('%s', (_why, r) => {
    if (r.ok) throw new Error('expected a refusal');
    const code = r.error.code;
    expect(isFiguredCode(code), code).toBe(true);
    expect(Object.keys(r.error.figures ?? {}).sort()).toEqual([...how(code as FiguredCode).figures].sort());
  });
});
