/**
 * Reasons (refusals, misdeal causes, fouls, alerts) come from the services as a stable code
 * and an English sentence that names the specifics. English shows the sentence as is;
 * another language shows its own wording of the code (`reason.<code>` in its message
 * file), or the English sentence when it has none. The screen's own refusals (the link to
 * the terminal) are worded from the message files in every language.
 */
import type { Reason } from '../../app/contract/view';
import { parseCard, rankOf, suitOf, SUIT_SYMBOLS } from '../../app/domain/cards';
import { FIGURED_REFUSALS, isFiguredCode } from '../../app/domain/figured-refusals';
import { isMoneyFigure } from '../../app/domain/result';
import type { Translator } from './translate';

/** A card code in a sentence of the services ("6h", "Td"): rank then suit, standing alone. */
const CARD_IN_TEXT = /(?<![\p{L}\p{N}])([2-9TJQKA])([shdc])(?![\p{L}\p{N}])/gu;

/** The services' sentence with its cards written as on the felt ("6h" -> "6♥", "Td" -> "10♦"). */
export function feltCards(t: Translator, text: string): string {
  return text.replace(CARD_IN_TEXT, (code: string) => {
    const c = parseCard(code);
    return c.ok ? `${t.t(`rank.${rankOf(c.value)}.face`)}${SUIT_SYMBOLS[suitOf(c.value)]}` : code;
  });
}

/** Codes the screen itself produces (its link to the terminal): worded from the message
 *  files in every language, English included. */
const SCREEN_CODES: ReadonlySet<string> = new Set(['link-down', 'link-dropped', 'timeout']);

/**
 * A refusal that quotes figures (app/domain/figured-refusals.ts), worded from them in every
 * language (English included): `reason.<code>.figures` (its plural forms when the code names a
 * count), the money in `currency` (the figures' own `currency` first), never in minor units.
 * Null when the reason has no figures, the message file no wording, or money has no currency.
 */
function figuredText(t: Translator, reason: Reason, currency: string | undefined): string | null {
  const f = reason.figures;
  if (!f || !isFiguredCode(reason.code)) return null;
  const how: { readonly figures: readonly string[]; readonly count?: string } = FIGURED_REFUSALS[reason.code];
  const key = `reason.${reason.code}.figures`;
  const shownIn = typeof f.currency === 'string' ? f.currency : currency;
  const params: Record<string, string | number> = {};
  for (const [name, figure] of Object.entries(f)) {
    if (!isMoneyFigure(figure)) params[name] = figure;
    else if (shownIn === undefined) return null;
    else params[name] = t.money(figure.minor, shownIn);
  }
  if (how.count === undefined) return t.has(key) ? t.t(key, params) : null;
  return t.has(`${key}.other`) ? t.tn(key, Number(f[how.count]), params) : null;
}

/**
 * A reason in the screen's language. `currency`: the table's, for the money a request's refusal
 * quotes (a reason from the view carries its own).
 */
export function reasonText(t: Translator, reason: Reason, currency?: string): string {
  if (SCREEN_CODES.has(reason.code) && t.has(`reason.${reason.code}`)) return t.t(`reason.${reason.code}`);
  const figured = figuredText(t, reason, currency);
  if (figured !== null) return figured;
  if (t.lang === 'en') return feltCards(t, reason.message);
  const key = `reason.${reason.code}`;
  return t.has(key) ? t.t(key) : feltCards(t, reason.message);
}
