/**
 * Keyboard shortcuts for the frequent actions. The key labels shown on buttons come from
 * the message files (`key.*`); test/unit/renderer/store.test.ts ("keyboard shortcuts") checks
 * they match.
 */
import type { SeatNumber, TerminalView } from '../../app/contract/view';
import type { Translator } from '../i18n/translate';
import { askSurrender, payNext } from './actions';
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
 * follows the phase shown (N starts a hand or moves to the next); whether it is allowed
 * is the terminal's answer.
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
  const hand = view.hand;
  const phase = hand?.phase ?? 'none';
  const seat = terminal.selectedSeat;
  switch (action) {
    case 'floor':
      floor.show();
      return true;
    case 'stepBack': case 'stepForward':
      return false;
    case 'seat1': case 'seat2': case 'seat3': case 'seat4': {
      const n = Number(action.slice(4)) as SeatNumber;
      terminal.selectSeat(terminal.selectedSeat === n ? null : n);
      return true;
    }
    case 'escape':
      if (terminal.tapSeat !== null) terminal.tapSeat = null;
      else if (terminal.naturalSeat !== null) terminal.naturalSeat = null;
      else terminal.selectSeat(null);
      return true;
    case 'next':
      if (phase === 'paying') void terminal.run('nextHand', {});
      else if (phase === 'none' || phase === 'closed' || phase === 'voided') void terminal.run('startHand', {});
      else return false;
      return true;
    case 'ready':
      if (seat === null) return false;
      void terminal.run('seatReady', { seat });
      return true;
    case 'redeal':
      if (phase !== 'misdealt') return false;
      void terminal.run('nextHand', {});
      return true;
    case 'showdown':
      void terminal.run('openShowdown', {});
      return true;
    case 'settle':
      void terminal.run('settle', {});
      return true;
    case 'pay':
      payNext(terminal, view);
      return true;
    case 'surrender':
      if (seat === null) return false;
      askSurrender(terminal, t, view, seat);
      return true;
    case 'natural':
      if (seat === null || view.table.naturals.length === 0) return false;
      terminal.naturalSeat = seat;
      return true;
    case 'touch':
      if (seat === null || phase !== 'showdown') return false;
      terminal.tapSeat = seat;
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
