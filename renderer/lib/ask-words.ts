/**
 * The words of an open question (the confirm and PIN dialogs), worded when drawn: an ask keeps
 * its message key and params, and the seats' compass words in them are taken again from the
 * screen's language now, so a question opened in English reads in Czech after a switch.
 */
import { COMPASS, type SeatNumber } from '../../app/contract/view';
import type { Params, Translator } from '../i18n/translate';

/** `seat` goes with `compass`, `otherSeat` with `otherCompass` (as seatWords and askWrongSeat fill them). */
function compassParam(name: string): string | null {
  if (name === 'seat') return 'compass';
  return name.endsWith('Seat') ? `${name.slice(0, -'Seat'.length)}Compass` : null;
}

function isSeat(value: string | number): value is SeatNumber {
  return typeof value === 'number' && Object.hasOwn(COMPASS, value);
}

/** The ask's params with each seat's compass word in `t`'s language (params without a seat stay as they are). */
export function askParams(t: Translator, params: Params): Params {
  const worded: Record<string, string | number> = { ...params };
  for (const [name, value] of Object.entries(params)) {
    const compass = compassParam(name);
    if (compass && isSeat(value)) worded[compass] = t.t(`compass.${COMPASS[value]}`);
  }
  return worded;
}
