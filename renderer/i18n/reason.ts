/**
 * Reasons (refusals, misdeal causes, fouls, alerts) come from the services as a stable code
 * and an English sentence that names the specifics. English shows the sentence as is;
 * another language shows its own wording of the code (`reason.<code>` in its message
 * file), or the English sentence when it has none. The screen's own refusals (the link to
 * the terminal) are worded from the message files in every language.
 */
import type { Reason } from '../../app/contract/view';
import type { Translator } from './translate';

/** Codes the screen itself produces (its link to the terminal): worded from the message
 *  files in every language, English included. */
const SCREEN_CODES: ReadonlySet<string> = new Set(['link-down', 'link-dropped', 'timeout']);

export function reasonText(t: Translator, reason: Reason): string {
  if (SCREEN_CODES.has(reason.code) && t.has(`reason.${reason.code}`)) return t.t(`reason.${reason.code}`);
  if (t.lang === 'en') return reason.message;
  const key = `reason.${reason.code}`;
  return t.has(key) ? t.t(key) : reason.message;
}
