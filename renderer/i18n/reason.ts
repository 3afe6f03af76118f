/**
 * Reasons (refusals, misdeal causes, fouls, alerts) come from the services as a stable code
 * and an English sentence that names the specifics. English shows the sentence as is;
 * another language shows its own wording of the code (`reason.<code>` in its message
 * file), or the English sentence when it has none. The screen's own refusals (the link to
 * the terminal) are worded from the message files in every language.
 */
import type { Reason } from '../../app/contract/view';
import { parseCard, rankOf, suitOf, SUIT_SYMBOLS } from '../../app/domain/cards';
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
 * Refusals the screen words from their figures in every language (English included): the
 * money in the table's currency, never minor units. Each names its count for the plural form
 * and its money figures.
 */
const FIGURED: Readonly<Record<string, { readonly count: string; readonly money: readonly string[] }>> = {
  'surrender-not-covered': { count: 'opponents', money: ['stack', 'owed', 'pointValue'] },
};

function figuredText(t: Translator, reason: Reason): string | null {
  const f = reason.figures;
  const how = FIGURED[reason.code];
  const key = `reason.${reason.code}.figures`;
  if (!f || !how || !t.has(`${key}.other`) || typeof f.currency !== 'string') return null;
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(f)) params[k] = typeof v === 'number' && how.money.includes(k) ? t.money(v, f.currency) : v;
  return t.tn(key, Number(f[how.count]), params);
}

export function reasonText(t: Translator, reason: Reason): string {
  if (SCREEN_CODES.has(reason.code) && t.has(`reason.${reason.code}`)) return t.t(`reason.${reason.code}`);
  const figured = figuredText(t, reason);
  if (figured !== null) return figured;
  if (t.lang === 'en') return feltCards(t, reason.message);
  const key = `reason.${reason.code}`;
  return t.has(key) ? t.t(key) : feltCards(t, reason.message);
}
