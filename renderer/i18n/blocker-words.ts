/**
 * What still stops the hand, worded in the screen's language from the domain's parts (the
 * blocker's code, seat and figures: app/domain/hand/guards.ts `Blocker`), never from the
 * services' English sentence. A code the message files do not know yet shows that sentence.
 */
import type { BlockerView, Row } from '../../app/contract/view';
import { COMPASS } from '../../app/contract/view';
import { feltCards } from './reason';
import type { Params, Translator } from './translate';

function rowList(t: Translator, rows: readonly Row[]): string {
  return rows.map((r) => t.t(`row.${r}`).toLowerCase()).join(', ');
}

/** The parts of a blocker as message placeholders. */
function paramsOf(t: Translator, b: BlockerView): Params {
  const seat: Params = b.seat === null ? {} : { seat: b.seat, compass: t.t(`compass.${COMPASS[b.seat]}`) };
  switch (b.code) {
    // The domain's English detail may name cards ("2c was read twice"): written as on the felt.
    case 'misdeal-pending': return { detail: feltCards(t, b.detail) };
    case 'deal-in-progress': return { read: b.read, of: b.of };
    case 'wrong-phase': return { phase: t.has(`phase.${b.phase}`) ? t.t(`phase.${b.phase}`) : b.phase };
    case 'natural-unverified': return { ...seat, natural: t.t(`natural.${b.natural}`) };
    case 'cards-not-placed': return { ...seat, placed: b.placed };
    case 'hand-partly-read': return { ...seat, read: rowList(t, b.read), missing: rowList(t, b.missing) };
    case 'irregularity-open': return { ...seat, irregularity: b.irregularity };
    default: return seat;
  }
}

/** One blocker in the screen's language. */
export function blockerText(t: Translator, b: BlockerView): string {
  const key = `blocker.${b.code}`;
  if (b.code === 'payments-outstanding') return t.has(`${key}.other`) ? t.tn(key, b.payments.length) : b.message;
  return t.has(key) ? t.t(key, paramsOf(t, b)) : b.message;
}
