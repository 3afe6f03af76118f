/**
 * The dealer's actions that ask before they act, shared by the buttons and the keyboard
 * shortcuts. Each one only words the question and sends one request; the terminal decides
 * whether the action is allowed.
 */
import type { SeatNumber, TerminalView } from '../../app/contract/view';
import type { Translator } from '../i18n/translate';
import { seatWords } from './seat-words';
import type { TerminalStore } from './terminal.svelte';
import type { DEALER_MISDEAL_CAUSES } from '../../app/domain/hand/dealer-calls';

export { seatWords };

/** The seat's offer of `action`: a sure refusal is shown at once, without asking first. */
function refusedAtOnce(terminal: TerminalStore, view: TerminalView, seat: SeatNumber, action: 'declareSurrender' | 'declareNatural'): boolean {
  const offer = view.hand?.seats.find((s) => s.seat === seat)?.offers[action];
  if (!offer?.refusal) return false;
  terminal.refuse(action, seat, offer.refusal);
  return true;
}

/** Asks before a surrender; one the terminal would refuse (the chips do not cover it) says why instead. */
export function askSurrender(terminal: TerminalStore, t: Translator, view: TerminalView, seat: SeatNumber): void {
  if (refusedAtOnce(terminal, view, seat, 'declareSurrender')) return;
  terminal.ask('confirm.surrender', seatWords(t, view, seat), 'action.declareSurrender', () => terminal.run('declareSurrender', { seat }), true, view.table.surrenderPoints ?? 0);
}

/** Opens the natural picker for the seat; a declaration the terminal would refuse says why instead. */
export function openNaturalPicker(terminal: TerminalStore, view: TerminalView, seat: SeatNumber): void {
  if (refusedAtOnce(terminal, view, seat, 'declareNatural')) return;
  terminal.naturalSeat = seat;
}

/** The player declared `natural` (its record name): the terminal verifies it at once. */
export function askNatural(terminal: TerminalStore, t: Translator, view: TerminalView, seat: SeatNumber, natural: string): void {
  terminal.ask('confirm.natural', { ...seatWords(t, view, seat), natural: t.t(`natural.${natural}`) }, 'action.declareNatural', () =>
    terminal.run('declareNatural', { seat, natural }),
  );
}

/** Opens the dialog that names the exposed card (ExposureDialog.svelte): each of its taps is one report. */
export function askExposure(terminal: TerminalStore, _t: Translator, _view: TerminalView, seat: SeatNumber): void {
  terminal.exposureSeat = seat;
}

/** Seat `heldBy` holds the hand dealt to seat `handOf`. */
export function askWrongSeat(terminal: TerminalStore, t: Translator, view: TerminalView, heldBy: SeatNumber, handOf: SeatNumber): void {
  const other = seatWords(t, view, handOf);
  terminal.ask('confirm.wrongSeat', { ...seatWords(t, view, heldBy), otherSeat: other.seat, otherCompass: other.compass }, 'action.reportWrongSeat', () =>
    terminal.run('reportWrongSeat', { heldBy, handOf }),
  );
}

/** A misdeal with the cause the dealer picked, one of the hand's `misdealCauses` (`count`: the cards read). */
export function askMisdeal(terminal: TerminalStore, cause: (typeof DEALER_MISDEAL_CAUSES)[number], count: number): void {
  terminal.ask(`confirm.misdeal.${cause}`, { count }, 'action.callMisdeal', () => terminal.run('callMisdeal', { cause }));
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
