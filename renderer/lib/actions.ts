/**
 * The dealer's actions that ask before they act, shared by the buttons and the keyboard
 * shortcuts. Each one only words the question and sends one request; the terminal decides
 * whether the action is allowed.
 */
import { COMPASS, type SeatNumber, type TerminalView } from '../../app/contract/view';
import type { Translator } from '../i18n/translate';
import type { TerminalStore } from './terminal.svelte';

/** A seat's words for a question: its number, compass name (in the screen's language) and player. */
export function seatWords(t: Translator, view: TerminalView, seat: SeatNumber): { seat: SeatNumber; compass: string; name: string } {
  const s = view.seats.find((x) => x.seat === seat);
  return { seat, compass: t.t(`compass.${COMPASS[seat]}`), name: s?.player?.name ?? '' };
}

export function askSurrender(terminal: TerminalStore, t: Translator, view: TerminalView, seat: SeatNumber): void {
  terminal.ask('confirm.surrender', seatWords(t, view, seat), 'action.declareSurrender', () => terminal.run('declareSurrender', { seat }), true, view.table.surrenderPoints ?? 0);
}

/** The player declared `natural` (its record name): the terminal verifies it at once. */
export function askNatural(terminal: TerminalStore, t: Translator, view: TerminalView, seat: SeatNumber, natural: string): void {
  terminal.ask('confirm.natural', { ...seatWords(t, view, seat), natural: t.t(`natural.${natural}`) }, 'action.declareNatural', () =>
    terminal.run('declareNatural', { seat, natural }),
  );
}

export function askExposure(terminal: TerminalStore, t: Translator, view: TerminalView, seat: SeatNumber): void {
  terminal.ask('confirm.exposed', seatWords(t, view, seat), 'action.reportExposure', () => terminal.run('reportExposure', { seat }));
}

/** Seat `heldBy` holds the hand dealt to seat `handOf`. */
export function askWrongSeat(terminal: TerminalStore, t: Translator, view: TerminalView, heldBy: SeatNumber, handOf: SeatNumber): void {
  const other = seatWords(t, view, handOf);
  terminal.ask('confirm.wrongSeat', { ...seatWords(t, view, heldBy), otherSeat: other.seat, otherCompass: other.compass }, 'action.reportWrongSeat', () =>
    terminal.run('reportWrongSeat', { heldBy, handOf }),
  );
}

export function askMisdeal(terminal: TerminalStore): void {
  terminal.ask('confirm.misdeal', {}, 'action.callMisdeal', () => terminal.run('callMisdeal', { cause: 'wrong-card-count' }));
}

export function askLeaveSeat(terminal: TerminalStore, t: Translator, view: TerminalView, seat: SeatNumber): void {
  const s = view.seats.find((x) => x.seat === seat);
  terminal.ask(
    'confirm.leaveSeat',
    { ...seatWords(t, view, seat), stack: t.money(s?.stack ?? 0, view.table.currency) },
    'action.leaveSeat',
    () => terminal.run('leaveSeat', { seat }),
  );
}

/** Ticks the first payment not yet done, in the list's order. */
export function payNext(terminal: TerminalStore, view: TerminalView): void {
  const next = view.hand?.result?.payments.find((p) => !p.done);
  if (next) void terminal.run('executePayment', { index: next.index });
}
