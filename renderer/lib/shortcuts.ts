/**
 * Keyboard shortcuts for the frequent actions. The key labels shown on buttons come from
 * the message files (`key.*`); test/unit/renderer/store.test.ts ("keyboard shortcuts") checks
 * they match.
 */
import type { SeatNumber, TerminalView } from '../../app/contract/view';
import type { Translator } from '../i18n/translate';
import { askSurrender, openNaturalPicker, payNext } from './actions';
import type { TerminalStore } from './terminal.svelte';

export type ShortcutAction =
  | 'next' | 'ready' | 'redeal' | 'showdown' | 'settle' | 'pay' | 'surrender' | 'natural' | 'touch' | 'acknowledge' | 'escape'
  | 'seat1' | 'seat2' | 'seat3' | 'seat4' | 'floor' | 'stepBack' | 'stepForward';

/** Lower-case `KeyboardEvent.key` -> action. */
export const KEYMAP: Readonly<Record<string, ShortcutAction>> = {
  n: 'next',
  f: 'ready',
  r: 'redeal',
  o: 'showdown',
  e: 'settle',
  p: 'pay',
  s: 'surrender',
  d: 'natural',
  t: 'touch',
  a: 'acknowledge',
  m: 'floor',
  escape: 'escape',
  // In the floor's replay only: one step back or forward.
  arrowleft: 'stepBack',
  arrowright: 'stepForward',
  '1': 'seat1',
  '2': 'seat2',
  '3': 'seat3',
  '4': 'seat4',
};

/** True when the key press belongs to a text field, not to the shortcuts. */
function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable);
}

/**
 * Handles one key press; returns true when it was a shortcut. Which request a key sends
 * follows the terminal's next action and the seat's offers (N starts a hand or moves to the
 * next); a key for something not offered does nothing.
 */
export function handleShortcut(event: KeyboardEvent, terminal: TerminalStore, t: Translator): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return false;
  const action = KEYMAP[event.key.toLowerCase()];
  const view: TerminalView | null = terminal.view;
  if (!action || !view) return false;
  if (event.repeat) {
    // A key held down repeats: one press is one action (a held P must not tick every
    // payment). Only stepping through a replay, which changes nothing, may repeat.
    if ((action === 'stepBack' || action === 'stepForward') && !terminal.confirm) return stepReplay(terminal, action);
    return true;
  }
  if (terminal.confirm) {
    // A question is open: only its own keys count (Enter is the focused confirm button).
    if (action === 'escape') terminal.cancelPending();
    return action === 'escape';
  }
  if (terminal.pinAsk) {
    // The PIN dialog is open over everything: Escape cancels it, no other key acts behind it.
    if (action === 'escape') terminal.cancelPin();
    return action === 'escape';
  }
  if (terminal.staff.open) {
    // The admin's staff panel is over the screen: Escape closes it, no other key acts behind it.
    if (action === 'escape') terminal.staff.close();
    return action === 'escape';
  }
  if (!terminal.floor.open && (terminal.tapSeat !== null || terminal.naturalSeat !== null)) {
    // A dialog of the dealer's is open (a hand entered by touch, a natural being picked): the
    // screen behind it must not act on keys; Escape closes the dialog.
    if (action !== 'escape') return false;
    if (terminal.tapSeat !== null) terminal.tapSeat = null;
    else terminal.naturalSeat = null;
    return true;
  }
  const floor = terminal.floor;
  if (floor.open) {
    // The floor panel is over the dealer's screen: the dealer's keys wait until it closes.
    switch (action) {
      case 'escape':
        floor.back();
        return true;
      case 'stepBack': case 'stepForward':
        return stepReplay(terminal, action);
      default:
        return false;
    }
  }
  // Which request a key sends is the terminal's word: the next action it gives, and the seat's
  // actions as it offers them. A key for something not offered does nothing.
  const next = view.nextAction;
  const seat = terminal.selectedSeat;
  const offers = seat === null ? null : (view.hand?.seats.find((s) => s.seat === seat)?.offers ?? null);
  switch (action) {
    case 'floor':
      floor.show();
      return true;
    case 'stepBack': case 'stepForward':
      return false;
    case 'seat1': case 'seat2': case 'seat3': case 'seat4':
      // A seat's number selects it (again): the next key acts on it. Escape deselects.
      terminal.selectSeat(Number(action.slice(4)) as SeatNumber);
      return true;
    case 'escape':
      if (terminal.tapSeat !== null) terminal.tapSeat = null;
      else if (terminal.naturalSeat !== null) terminal.naturalSeat = null;
      else terminal.selectSeat(null);
      return true;
    case 'next':
      if (next === 'start-hand') void terminal.run('startHand', {});
      else if (next === 'next-hand') void terminal.run('nextHand', {});
      else return false;
      return true;
    case 'ready':
      if (seat === null || !offers?.seatReady.offered) return false;
      void terminal.run('seatReady', { seat });
      return true;
    case 'redeal':
      if (next !== 'redeal') return false;
      void terminal.run('nextHand', {});
      return true;
    case 'showdown':
      if (next !== 'open-showdown') return false;
      void terminal.run('openShowdown', {});
      return true;
    case 'settle':
      if (next !== 'settle') return false;
      void terminal.run('settle', {});
      return true;
    case 'pay':
      if (next !== 'pay') return false;
      payNext(terminal, view);
      return true;
    case 'surrender':
      if (seat === null || !offers?.declareSurrender.offered) return false;
      askSurrender(terminal, t, view, seat);
      return true;
    case 'natural':
      if (seat === null || !offers?.declareNatural.offered) return false;
      openNaturalPicker(terminal, view, seat);
      return true;
    case 'touch':
      if (seat === null || !offers) return false;
      // A hand not yet read is the dealer's to enter; a read one only the floor replaces.
      if (offers.enterHand) terminal.tapSeat = seat;
      else if (offers.floorReplace) floor.show('hand');
      else return false;
      return true;
    case 'acknowledge': {
      // The dealer's key clears only what the view says the dealer clears; the floor's alerts wait for a floor PIN.
      const first = view.alerts.find((a) => a.clearedBy === 'dealer');
      if (!first) return false;
      void terminal.run('acknowledgeAlert', { id: first.id });
      return true;
    }
  }
}

/** ←/→ in the floor's replay (held down, they keep stepping: nothing is changed by it). */
function stepReplay(terminal: TerminalStore, action: 'stepBack' | 'stepForward'): boolean {
  const floor = terminal.floor;
  if (!floor.open || !floor.replay || floor.replaceSeat !== null) return false;
  floor.stepTo(floor.step + (action === 'stepBack' ? -1 : 1));
  return true;
}
