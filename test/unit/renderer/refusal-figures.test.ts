// A money refusal on the screen: worded from its figures in the screen's language, the money in
// the table's currency (never minor units), the refusals made by the real rules.
import { describe, expect, it } from 'vitest';
import { flushSync } from 'svelte';
import { checkBuyIn } from '../../../app/domain/table/buy-in';
import type { DomainError } from '../../../app/domain/result';
import RefusalNote from '../../../renderer/components/RefusalNote.svelte';
import { baseView, FakeTerminal, render } from './fake-terminal';

/** The refusal `checkBuyIn` gives (the table fold's own check of a buy-in). */
function buyInRefusal(amount: number, pointValue: number, stack: number, shortAllowed: boolean): DomainError {
  const r = checkBuyIn(amount, pointValue, 20, stack, shortAllowed);
  if (r.ok) throw new Error('expected a refusal');
  return r.error;
}

/** The note's words for `reason` on a CZK table, in `lang` (no-break spaces as plain ones). */
function shown(reason: DomainError, lang: 'en' | 'cs'): string {
  const a = render(RefusalNote, {}, new FakeTerminal(baseView()), lang);
  a.store.refusal = { request: 'buyIn', seat: 2, reason };
  flushSync();
  const text = a.$('[data-testid=refusal] .message')!.textContent!.replace(/[\u00a0\u202f]/g, ' ');
  a.destroy();
  return text;
}

describe('a buy-in refused', () => {
  // 100.00 CZK a point: a full buy-in is 2,000.00 CZK, a short one 1,000.00 CZK.
  const shortFirst = buyInRefusal(150000, 10000, 0, false);

  it('in English, the amounts in the table\'s currency', () => {
    expect(shown(shortFirst, 'en')).toBe('A short buy-in of CZK 1,500 is not allowed now: one short buy-in only after each full one (at least CZK 2,000).');
    expect(shown(buyInRefusal(90000, 10000, 0, true), 'en')).toBe('A buy-in of CZK 900 is too small: at least CZK 2,000, or CZK 1,000 for a short buy-in.');
  });

  it('in Czech, with the figures', () => {
    expect(shown(shortFirst, 'cs')).toBe('Krátký nákup 1 500 Kč teď není povolen: krátký nákup je možný jen jednou po každém plném (nejméně 2 000 Kč).');
    expect(shown(buyInRefusal(90000, 10000, 0, true), 'cs')).toMatch(/^Nákup 900 Kč je příliš malý: nejméně 2 000 Kč/);
  });

  it('never in minor units', () => {
    for (const lang of ['en', 'cs'] as const) expect(shown(shortFirst, lang)).not.toMatch(/150 ?000|200 ?000/);
    // The message itself (the log's English) still has them: the screen does not show it.
    expect(shortFirst.message).toMatch(/150000/);
  });

  it('with the currency\'s own minor digits (a yen has none)', () => {
    const a = render(RefusalNote, {}, new FakeTerminal(baseView({ table: { ...baseView().table, currency: 'JPY' } })), 'en');
    a.store.refusal = { request: 'buyIn', seat: 2, reason: buyInRefusal(1500, 100, 0, false) };
    flushSync();
    expect(a.$('[data-testid=refusal] .message')!.textContent!.replace(/\u00a0/g, ' ')).toMatch(/^A short buy-in of ¥1,500 is not allowed now: .*\(at least ¥2,000\)\.$/);
    a.destroy();
  });
});
