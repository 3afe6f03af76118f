/**
 * The floor manager's panel on this screen: who is signing (remembered until the page is
 * closed), the reason typed for the next action, the tab shown, the recalled hands and the
 * hand being replayed. Every action is one contract request; the terminal decides whether it
 * is allowed and says why not. Actions that throw play away (a foul, a void) ask first.
 */
import type { FloorAction, RecallView, ReplayView } from '../../app/contract/floor';
import { COMPASS, type IrregularityView, type Row, type SeatNumber, type TerminalView } from '../../app/contract/view';
import type { Card } from '../../app/domain/cards';
import type { Translator } from '../i18n/translate';
import { seatWords } from './actions';
import type { TerminalStore } from './terminal.svelte';

export type FloorTab = 'hand' | 'alerts' | 'recall';
export const FLOOR_TABS: readonly FloorTab[] = ['hand', 'alerts', 'recall'];

export class FloorDesk {
  open: boolean = $state(false);
  tab: FloorTab = $state('hand');
  /** The floor manager's name: kept for this screen's session (until the page closes). */
  name: string = $state('');
  /** The reason for the next action; cleared once an action is recorded. */
  reason: string = $state('');
  /** Optional notes typed per alert, by alert id. */
  notes: Record<number, string> = $state({});
  recall: RecallView | null = $state(null);
  replay: ReplayView | null = $state(null);
  /** The replay step shown (0-based). */
  step: number = $state(0);
  /** The seat whose hand the floor is entering by touch. */
  replaceSeat: SeatNumber | null = $state(null);

  constructor(private readonly terminal: TerminalStore) {}

  /** Opens the panel, on the current hand unless told otherwise; the recall tab loads the table's last hands. */
  show(tab: FloorTab = 'hand'): void {
    this.open = true;
    this.select(tab);
  }

  select(tab: FloorTab): void {
    this.tab = tab;
    if (tab === 'recall' && this.replay === null) void this.loadRecall();
  }

  /** Escape: closes the innermost thing open (hand entry, replay, then the panel). */
  back(): void {
    if (this.replaceSeat !== null) this.replaceSeat = null;
    else if (this.replay !== null) this.replay = null;
    else this.close();
  }

  close(): void {
    this.open = false;
    this.replay = null;
    this.replaceSeat = null;
  }

  /** Name and reason as sent: the terminal refuses either when it is missing. */
  private signed(): { floor: string; reason: string } {
    return { floor: this.name.trim(), reason: this.reason.trim() };
  }

  /** A question is only worth asking when the action is signed and has a reason. */
  private signedAndReasoned(): boolean {
    const s = this.signed();
    return s.floor !== '' && s.reason !== '';
  }

  private async recorded(done: Promise<boolean>): Promise<boolean> {
    const ok = await done;
    if (ok) this.reason = '';
    return ok;
  }

  /** One correction on the hand shown (`handId` also lets a note reach a hand already over). */
  correct(action: FloorAction, handId?: string): Promise<boolean> {
    return this.recorded(this.terminal.run('floorCorrection', { ...this.signed(), action, ...(handId !== undefined ? { handId } : {}) }));
  }

  /** The card stands as it was shown. */
  accept(irregularity: IrregularityView): Promise<boolean> {
    return this.correct({ kind: 'resolve-irregularity', irregularity: irregularity.id, ruling: 'accept' });
  }

  /** Rules the irregular seat's hand fouled (asks first). */
  foulIrregular(t: Translator, view: TerminalView, irregularity: IrregularityView): void {
    const action: FloorAction = { kind: 'resolve-irregularity', irregularity: irregularity.id, ruling: 'foul-seat' };
    this.askOrSend('confirm.floorFoulIrregular', { ...seatWords(t, view, irregularity.seat), id: irregularity.id }, 'action.floorFoulSeat', () => this.correct(action));
  }

  /** Rules a seat's hand fouled without an irregularity (asks first). */
  foulSeat(t: Translator, view: TerminalView, seat: SeatNumber): void {
    this.askOrSend('confirm.floorFoul', seatWords(t, view, seat), 'action.floorFoulSeat', () => this.correct({ kind: 'foul-seat', seat }));
  }

  /** The seat's hand as the floor establishes it (entered by touch). */
  async replaceHand(seat: SeatNumber, rows: Readonly<Record<Row, readonly Card[]>>): Promise<boolean> {
    const ok = await this.correct({ kind: 'replace-hand', seat, front: [...rows.front], middle: [...rows.middle], back: [...rows.back] });
    if (ok) this.replaceSeat = null;
    return ok;
  }

  /** The reason, recorded as a note on the hand shown. */
  note(handId: string): Promise<boolean> {
    return this.correct({ kind: 'note' }, handId);
  }

  /** Voids the current hand (asks first: the hand's play is thrown away). */
  voidHand(t: Translator, view: TerminalView): void {
    const hand = view.hand;
    if (!hand) return;
    this.askOrSend(
      'confirm.voidHand',
      { number: hand.number, seat: hand.button, compass: t.t(`compass.${COMPASS[hand.button]}`) },
      'action.voidHand',
      () => this.recorded(this.terminal.run('voidHand', this.signed())),
    );
  }

  /**
   * Acknowledges an alert in the floor manager's name, with the note typed for it. The list's
   * buttons are one double-tap family (like the alert strip's): when an alert goes, the next
   * one moves under the finger, and the second tap of a double tap must not take it.
   */
  async acknowledge(alertId: number): Promise<boolean> {
    const note = (this.notes[alertId] ?? '').trim();
    const ok = await this.terminal.run('floorAcknowledgeAlert', { id: alertId, floor: this.name.trim(), ...(note ? { note } : {}) }, { family: 'floor-alerts' });
    if (ok) delete this.notes[alertId];
    return ok;
  }

  async loadRecall(): Promise<void> {
    const r = await this.terminal.query('recall', {});
    if (r.ok) this.recall = r.value;
  }

  /** Loads one hand's steps and shows the first. */
  async openReplay(handId: string): Promise<void> {
    const r = await this.terminal.query('replayHand', { handId });
    if (r.ok) {
      this.replay = r.value;
      this.step = 0;
    }
  }

  stepTo(index: number): void {
    if (!this.replay) return;
    this.step = Math.max(0, Math.min(this.replay.steps.length - 1, index));
  }

  /** Asks before a signed action; an unsigned one goes straight to the terminal's refusal. */
  private askOrSend(question: string, params: Record<string, string | number>, confirmLabel: string, run: () => Promise<unknown>): void {
    if (!this.signedAndReasoned()) {
      void run();
      return;
    }
    const s = this.signed();
    this.terminal.ask(question, { ...params, floor: s.floor, reason: s.reason }, confirmLabel, run);
  }
}

/** How many things wait for the floor: irregularity alerts not yet acknowledged (a hand
 *  irregularity waiting for a ruling, a scanned card that was not the seat's). */
export function floorWaiting(view: TerminalView): number {
  return view.alerts.filter((a) => a.kind === 'irregularity').length;
}
