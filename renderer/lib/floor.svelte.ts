/**
 * The floor's panel on this screen: the reason typed for the next action, the tab shown, the
 * recalled hands, the hand being replayed and the access log. Every floor action is one
 * contract request signed with a floor person's staff id and PIN, asked for at the moment of
 * use by the PIN dialog (and a second floor person's when the view says the two-person rule
 * applies); the terminal decides whether it is allowed and says why not. Reading the history
 * (recall, replay, access log) needs a floor person or an auditor signed in on this screen;
 * closing the panel signs them out.
 */
import type { AccessLogView, FloorAction, HandSearchView, HandTimelineView, RecallView, ReplayView, SearchOutcomeView } from '../../app/contract/floor';
import type { RequestArgs } from '../../app/contract/handlers';
import { COMPASS, type AlertView, type IrregularityView, type Row, type SeatNumber, type TerminalView } from '../../app/contract/view';
import type { Card } from '../../app/domain/cards';
import type { Credential } from '../../app/contract/fields';
import type { Params, Translator } from '../i18n/translate';
import { reasonText } from '../i18n/reason';
import { seatWords } from './seat-words';
import type { DeskHost, Signature } from './desk';

export type FloorTab = 'hand' | 'alerts' | 'recall' | 'search' | 'access';
export const FLOOR_TABS: readonly FloorTab[] = ['hand', 'alerts', 'recall', 'search', 'access'];
/** The tabs that read the table's history: a floor person or an auditor signs in first. */
export const READING_TABS: readonly FloorTab[] = ['recall', 'search', 'access'];

/**
 * The hand search's filters as the Search tab's form holds them: texts as typed (blank: not
 * asked); the times as the form's `datetime-local` values, in this screen's time zone.
 */
export interface SearchForm {
  from: string;
  to: string;
  dealer: string;
  seat: string;
  player: string;
  number: string;
  outcome: SearchOutcomeView | '';
  cause: string;
}
export const EMPTY_SEARCH: Readonly<SearchForm> = { from: '', to: '', dealer: '', seat: '', player: '', number: '', outcome: '', cause: '' };
/** Hands per page of the Search tab. */
export const SEARCH_PAGE = 20;

/** The form's filters as the `searchHands` request takes them (a local time as an ISO time). */
export function searchArgs(f: Readonly<SearchForm>): RequestArgs<'searchHands'> {
  const iso = (local: string) => {
    const ms = Date.parse(local);
    return Number.isNaN(ms) ? local : new Date(ms).toISOString();
  };
  const seat = Number(f.seat);
  const number = Number(f.number);
  return {
    ...(f.from.trim() ? { from: iso(f.from.trim()) } : {}),
    ...(f.to.trim() ? { to: iso(f.to.trim()) } : {}),
    ...(f.dealer.trim() ? { dealer: f.dealer.trim() } : {}),
    ...(seat === 1 || seat === 2 || seat === 3 || seat === 4 ? { seat } : {}),
    ...(f.player.trim() ? { player: f.player.trim() } : {}),
    ...(f.number.trim() && Number.isSafeInteger(number) ? { number } : {}),
    ...(f.outcome ? { outcome: f.outcome } : {}),
    ...(f.outcome === 'misdeal' && f.cause ? { cause: f.cause as NonNullable<RequestArgs<'searchHands'>['cause']> } : {}),
  };
}
/** What a person signs in for to read the history on this screen. */
export const READING_PURPOSES = ['floor-action', 'audit'] as const;
export type ReadingPurpose = (typeof READING_PURPOSES)[number];

export class FloorDesk {
  open: boolean = $state(false);
  tab: FloorTab = $state('hand');
  /** The reason for the next action; cleared once an action is recorded. */
  reason: string = $state('');
  /** Optional notes typed per alert, by alert id. */
  notes: Record<number, string> = $state({});
  recall: RecallView | null = $state(null);
  replay: ReplayView | null = $state(null);
  accessLog: AccessLogView | null = $state(null);
  /** The replay step shown (0-based). */
  step: number = $state(0);
  /** The seat whose hand the floor is entering by touch. */
  replaceSeat: SeatNumber | null = $state(null);
  /** The Search tab: its form, the page shown, the `before` of each page back, the hand opened as its timeline. */
  search: SearchForm = $state({ ...EMPTY_SEARCH });
  found: HandSearchView | null = $state(null);
  pagesBack: (number | undefined)[] = $state([]);
  private pageAt: number | undefined = undefined;
  timeline: HandTimelineView | null = $state(null);

  constructor(private readonly terminal: DeskHost) {}

  /** The floor person or auditor signed in on this screen to read the history, or null. */
  reader(): ReturnType<DeskHost['signedIn']> {
    for (const p of READING_PURPOSES) {
      const person = this.terminal.signedIn(p);
      if (person) return person;
    }
    return null;
  }

  /** Opens the panel, on the current hand unless told otherwise; a reading tab loads what it shows. */
  show(tab: FloorTab = 'hand'): void {
    this.open = true;
    this.select(tab);
  }

  select(tab: FloorTab): void {
    this.tab = tab;
    this.load();
  }

  /** Loads what the open tab reads, when someone may read it here. */
  private load(): void {
    if (!this.reader()) return;
    if (this.tab === 'recall' && this.replay === null) void this.loadRecall();
    if (this.tab === 'access') void this.loadAccessLog();
    if (this.tab === 'search' && this.found === null) void this.runSearch();
  }

  /** Escape: closes the innermost thing open (hand entry, replay, then the panel). */
  back(): void {
    if (this.replaceSeat !== null) this.replaceSeat = null;
    else if (this.timeline !== null) this.timeline = null;
    else if (this.replay !== null) this.replay = null;
    else this.close();
  }

  /** Closes the panel; whoever signed in here to read the history is signed out. */
  close(): void {
    this.open = false;
    this.replay = null;
    this.recall = null;
    this.accessLog = null;
    this.replaceSeat = null;
    this.found = null;
    this.timeline = null;
    this.pagesBack = [];
    this.search = { ...EMPTY_SEARCH };
    for (const purpose of READING_PURPOSES) if (this.terminal.signedIn(purpose)) void this.terminal.run('signOut', { purpose });
  }

  /** Signs a floor person (`floor-action`) or an auditor (`audit`) in on this screen to read the history. */
  async signIn(person: Credential, purpose: ReadingPurpose): Promise<boolean> {
    const ok = await this.terminal.run('signIn', { person, purpose });
    if (ok) this.load();
    return ok;
  }

  /** The reason as the PIN dialog edits it (the same field as the panel's). */
  private readonly reasonText = { label: 'floor.reason', get: () => this.reason, set: (v: string) => (this.reason = v) };

  /** Asks for a floor person's PIN, then sends; a recorded action clears the reason. */
  private sign(request: 'floorCorrection' | 'voidHand', question: string, params: Params, confirmLabel: string, danger: boolean,
    send: (s: Signature) => Promise<boolean>, second?: () => boolean): void {
    this.terminal.askPin({
      request, question, params, confirmLabel, danger, text: this.reasonText,
      ...(second ? { second } : {}),
      send: async (s) => {
        const ok = await send(s);
        if (ok) this.reason = '';
        return ok;
      },
    });
  }

  /** One correction on the hand shown (`handId` also lets a note reach a hand already over). */
  private correct(floor: Credential, action: FloorAction, handId?: string): Promise<boolean> {
    return this.terminal.run('floorCorrection', { floor, reason: this.reason.trim(), action, ...(handId !== undefined ? { handId } : {}) });
  }

  /** The card stands as it was shown (signed with a floor PIN). */
  accept(t: Translator, view: TerminalView, irregularity: IrregularityView): void {
    const action: FloorAction = { kind: 'resolve-irregularity', irregularity: irregularity.id, ruling: 'accept' };
    this.sign('floorCorrection', 'confirm.floorAccept', { ...seatWords(t, view, irregularity.seat), id: irregularity.id }, 'action.floorAcceptSeat', false, (s) => this.correct(s.signer, action));
  }

  /** Rules the irregular seat's hand fouled (signed with a floor PIN). */
  foulIrregular(t: Translator, view: TerminalView, irregularity: IrregularityView): void {
    const action: FloorAction = { kind: 'resolve-irregularity', irregularity: irregularity.id, ruling: 'foul-seat' };
    this.sign('floorCorrection', 'confirm.floorFoulIrregular', { ...seatWords(t, view, irregularity.seat), id: irregularity.id }, 'action.floorFoulSeatNamed', true, (s) => this.correct(s.signer, action));
  }

  /** Rules a seat's hand fouled without an irregularity (signed with a floor PIN). */
  foulSeat(t: Translator, view: TerminalView, seat: SeatNumber): void {
    this.sign('floorCorrection', 'confirm.floorFoul', seatWords(t, view, seat), 'action.floorFoulSeat', true, (s) => this.correct(s.signer, { kind: 'foul-seat', seat }));
  }

  /** The seat's hand as the floor establishes it (entered by touch), signed with a floor PIN. */
  replaceHand(t: Translator, view: TerminalView, seat: SeatNumber, rows: Readonly<Record<Row, readonly Card[]>>): void {
    const action: FloorAction = { kind: 'replace-hand', seat, front: [...rows.front], middle: [...rows.middle], back: [...rows.back] };
    this.sign('floorCorrection', 'confirm.floorReplace', seatWords(t, view, seat), 'action.floorReplaceHand', false, async (s) => {
      const ok = await this.correct(s.signer, action);
      if (ok) this.replaceSeat = null;
      return ok;
    });
  }

  /** The reason, recorded as a note on the hand shown (signed with a floor PIN). */
  note(handId: string, number: number): void {
    this.sign('floorCorrection', 'confirm.floorNote', { number }, 'action.floorNote', false, (s) => this.correct(s.signer, { kind: 'note' }, handId));
  }

  /**
   * Voids the current hand, signed with a floor PIN; once a payment is made (the view's
   * `voidNeedsSecondFloor`) a second floor person signs too and the chips paid go back.
   */
  voidHand(t: Translator, view: TerminalView): void {
    const hand = view.hand;
    if (!hand) return;
    const paid = hand.voidNeedsSecondFloor;
    this.sign(
      'voidHand', paid ? 'confirm.voidHandPaid' : 'confirm.voidHand',
      { number: hand.number, seat: hand.button, compass: t.t(`compass.${COMPASS[hand.button]}`) },
      'action.voidHand', true,
      (s) => this.terminal.run('voidHand', { floor: s.signer, ...(s.second ? { second: s.second } : {}), reason: this.reason.trim() }),
      () => this.terminal.view?.hand?.voidNeedsSecondFloor ?? false,
    );
  }

  /** Acknowledges an alert in a floor person's name (his PIN), with the note typed for it. */
  acknowledge(t: Translator, alert: AlertView): void {
    this.terminal.askPin(acknowledgeAsk(this.terminal, t, alert, {
      label: 'floor.ackNote', get: () => this.notes[alert.id] ?? '', set: (v) => (this.notes[alert.id] = v),
    }, () => delete this.notes[alert.id]));
  }

  async loadRecall(): Promise<void> {
    const r = await this.terminal.query('recall', {});
    if (r.ok) this.recall = r.value;
  }

  async loadAccessLog(): Promise<void> {
    const r = await this.terminal.query('accessLog', {});
    if (r.ok) this.accessLog = r.value;
  }

  /** Loads one hand's steps and shows the first. */
  async openReplay(handId: string): Promise<void> {
    const r = await this.terminal.query('replayHand', { handId });
    if (r.ok) {
      this.replay = r.value;
      this.step = 0;
    }
  }

  /** Searches with the form's filters from the newest hand. */
  async runSearch(): Promise<void> {
    this.pagesBack = [];
    await this.searchPage(undefined);
  }

  /** The next (older) page of the search shown. */
  async nextPage(): Promise<void> {
    if (!this.found || this.found.next === null) return;
    const here = this.pageAt;
    if (await this.searchPage(this.found.next)) this.pagesBack = [...this.pagesBack, here];
  }

  /** The page before (newer) the one shown. */
  async previousPage(): Promise<void> {
    if (this.pagesBack.length === 0) return;
    const back = this.pagesBack[this.pagesBack.length - 1];
    if (await this.searchPage(back)) this.pagesBack = this.pagesBack.slice(0, -1);
  }

  /** Clears the form and searches everything again. */
  async clearSearch(): Promise<void> {
    this.search = { ...EMPTY_SEARCH };
    await this.runSearch();
  }

  private async searchPage(before: number | undefined): Promise<boolean> {
    const r = await this.terminal.query('searchHands', { ...searchArgs(this.search), ...(before !== undefined ? { before } : {}), limit: SEARCH_PAGE });
    if (!r.ok) return false;
    this.found = r.value;
    this.pageAt = before;
    return true;
  }

  /** Opens a hand as its timeline (`withHindsight`: "what could it have been" for every seat, not only a fouled one). */
  async openTimeline(handId: string, withHindsight = false): Promise<void> {
    const r = await this.terminal.query('handTimeline', { handId, ...(withHindsight ? { withHindsight } : {}) });
    if (r.ok) this.timeline = r.value;
  }

  stepTo(index: number): void {
    if (!this.replay) return;
    this.step = Math.max(0, Math.min(this.replay.steps.length - 1, index));
  }
}

/**
 * The PIN dialog's request for a floor person to acknowledge `alert` (from the floor panel or
 * from the dealer's alert strip, where the floor's alerts are cleared), with its note.
 */
export function acknowledgeAsk(terminal: DeskHost, t: Translator, alert: AlertView,
  note: { label: string; get: () => string; set: (v: string) => void }, done: () => void = () => {}) {
  return {
    request: 'floorAcknowledgeAlert' as const,
    question: 'confirm.floorAcknowledge',
    params: { id: alert.id, message: reasonText(t, { code: alert.code, message: alert.message }) },
    confirmLabel: 'action.acknowledge',
    danger: false,
    text: note,
    send: async (s: Signature) => {
      const ok = await terminal.run('floorAcknowledgeAlert', { id: alert.id, floor: s.signer, ...(s.text ? { note: s.text } : {}) });
      if (ok) done();
      return ok;
    },
  };
}

/** How many things wait for the floor: the alerts only the floor clears (a hand irregularity
 *  waiting for a ruling, a scanned card that was not the seat's, damage to the record). */
export function floorWaiting(view: TerminalView): number {
  return view.alerts.filter((a) => a.clearedBy === 'floor').length;
}
