/**
 * A seat's words for a question or a line: its number, compass name (in the screen's language)
 * and player, as the dealer's and the floor's questions fill them in.
 */
import { COMPASS, type SeatNumber, type TerminalView } from '../../app/contract/view';
import type { Translator } from '../i18n/translate';

export function seatWords(t: Translator, view: TerminalView, seat: SeatNumber): { seat: SeatNumber; compass: string; name: string } {
  const s = view.seats.find((x) => x.seat === seat);
  return { seat, compass: t.t(`compass.${COMPASS[seat]}`), name: s?.player?.name ?? '' };
}
