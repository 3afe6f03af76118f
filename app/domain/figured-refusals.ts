/**
 * Refusals that quote figures (money, counts, seats). Each code here is refused only through
 * {@link failWith}, which the compiler holds to the figures named for the code, so the screen can
 * word the refusal in any language from them (renderer/i18n `reason.<code>.figures`), the money
 * in the table's currency rather than in minor units. The message stays the English sentence
 * the log, the CLI and the floor's tools keep.
 */
import type { DomainError, Figure } from './result';

/**
 * The figures each figured refusal gives, by code. `count` names the figure whose number picks
 * the plural form of the wording (`reason.<code>.figures.one`, `.few`, `.many`, `.other`).
 */
export const FIGURED_REFUSALS = {
  'buy-in-too-small': { figures: ['amount', 'full', 'short'] },
  'buy-in-too-large': { figures: ['amount', 'stack', 'most', 'room'] },
  'short-buy-in-not-allowed': { figures: ['amount', 'full'] },
  'surrender-not-covered': { figures: ['seat', 'stack', 'owed', 'penalty', 'opponents', 'pointValue'], count: 'opponents' },
  'not-enough-chips': { figures: ['seat', 'stack', 'amount'] },
  'already-paid': { figures: ['number', 'from', 'to', 'amount'] },
} as const satisfies Readonly<Record<string, { readonly figures: readonly string[]; readonly count?: string }>>;

/** A code whose refusal quotes figures. */
export type FiguredCode = keyof typeof FIGURED_REFUSALS;

/** The figures a refusal with `code` must give: every name, nothing else. */
export type FiguresOf<C extends FiguredCode> = { readonly [K in (typeof FIGURED_REFUSALS)[C]['figures'][number]]: Figure };

/** Whether `code` is one of the figured refusals. */
export function isFiguredCode(code: string): code is FiguredCode {
  return Object.hasOwn(FIGURED_REFUSALS, code);
}

/** The refusal `code` with its English `message` and the figures it quotes. */
export function failWith<C extends FiguredCode>(code: C, message: string, figures: FiguresOf<C>): { readonly ok: false; readonly error: DomainError } {
  return { ok: false, error: { code, message, figures } };
}
