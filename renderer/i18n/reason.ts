/**
 * Reasons (refusals, misdeal causes, fouls, alerts) come from the services as a stable code
 * and an English sentence that names the specifics. English shows the sentence as is;
 * another language shows its own wording of the code (`reason.<code>` in its message
 * file), or the English sentence when it has none.
 */
import type { Reason } from '../../app/contract/view';
import type { Translator } from './translate';

export function reasonText(t: Translator, reason: Reason): string {
  if (t.lang === 'en') return reason.message;
  const key = `reason.${reason.code}`;
  return t.has(key) ? t.t(key) : reason.message;
}
