/**
 * The screen's state: the last view pushed by the terminal, who is signed in on this screen
 * (the `session` the terminal pushes to it), the link, and what the dealer is doing on this
 * screen (selected seat, open dialog, last refusal). Every action goes through `run`, which
 * sends one contract request; a refusal is kept to be shown in words. No game rule here: what
 * is allowed, and who may do it, is decided by the terminal.
 *
 * A PIN is never kept here: it travels in the arguments of the one request it signs, and the
 * double-tap bookkeeping keys a request by its arguments without any `pin`.
 */
import type { Client } from '../../app/contract/client';
import { REQUESTS, type RequestArgs, type RequestName, type RequestReply } from '../../app/contract/handlers';
import type { SessionView } from '../../app/contract/session';
import type { Reason, SeatNumber, TerminalView } from '../../app/contract/view';
import type { Params } from '../i18n/translate';
import type { ActionName, DeskHost, PinAsk, Signature } from './desk';
import { FloorDesk } from './floor.svelte';
import { StaffDesk } from './staff.svelte';

export type { ActionName, PinAsk, Signature } from './desk';

/** A refusal from the terminal, tied to the request (and seat) it answered. */
export interface Refusal {
  readonly request: RequestName;
  readonly seat: SeatNumber | null;
  readonly reason: Reason;
}

/** An action waiting for the dealer's confirmation. */
export interface PendingConfirm {
  /** Message key of the question; `params` fill it. */
  readonly question: string;
  readonly params: Params;
  /** When the question shows a count: the plural form of `question` is picked by it. */
  readonly count?: number;
  /** Message key of the confirming button. */
  readonly confirmLabel: string;
  readonly danger: boolean;
  readonly run: () => Promise<unknown>;
}

/**
 * A second identical request this soon after the first went through is a double tap (or a
 * key pressed twice), not a second action: it is dropped instead of being sent and refused.
 */
export const DOUBLE_TAP_MS = 800;

/** A request's key for double taps: its name and arguments, never a PIN they carry. */
function actionKey(name: RequestName, args: unknown, family: string | undefined): string {
  return family ?? `${name} ${JSON.stringify(args, (key, value: unknown) => (key === 'pin' ? undefined : value))}`;
}

export interface TerminalStoreOptions {
  /** Milliseconds for the double-tap window (a monotonic clock). Default `performance.now`. */
  readonly now?: () => number;
}

export class TerminalStore implements DeskHost {
  view: TerminalView | null = $state(null);
  /** Who is signed in on this screen (null until the terminal has said). */
  session: SessionView | null = $state(null);
  link: boolean = $state(false);
  /**
   * The link is down because the terminal refuses this page's token (`npm run serve` was
   * restarted with a new one): the page must be opened again with the new link.
   */
  linkRefused: boolean = $state(false);
  busy: RequestName | null = $state(null);
  refusal: Refusal | null = $state(null);
  selectedSeat: SeatNumber | null = $state(null);
  confirm: PendingConfirm | null = $state(null);
  private tapping: SeatNumber | null = $state(null);
  /** The seat whose hand is being entered by touch. */
  get tapSeat(): SeatNumber | null {
    return this.tapping;
  }
  /**
   * Opens the entry by touch for `seat`. A hand already read is not the dealer's to enter again
   * (the view's `offers.enterHand` is false): when the floor may replace it, the floor panel
   * opens on the hand instead, so the dealer is not refused after tapping 13 cards.
   */
  set tapSeat(seat: SeatNumber | null) {
    const offers = seat === null ? null : this.view?.hand?.seats.find((s) => s.seat === seat)?.offers;
    if (offers && !offers.enterHand && offers.floorReplace) {
      this.tapping = null;
      this.floor.show('hand');
      return;
    }
    this.tapping = seat;
  }
  /** The seat whose declared natural is being picked. */
  naturalSeat: SeatNumber | null = $state(null);
  /** The seat whose exposed card is being named (renderer/components/ExposureDialog.svelte). */
  exposureSeat: SeatNumber | null = $state(null);
  /** The action waiting for a floor person's (or the admin's) PIN. */
  pinAsk: PinAsk | null = $state.raw(null);
  /** The floor manager's panel on this screen. */
  readonly floor: FloorDesk = new FloorDesk(this);
  /** The admin's staff panel on this screen. */
  readonly staff: StaffDesk = new StaffDesk(this);

  private readonly unsubscribe: (() => void)[] = [];
  /** Requests sent and not yet answered, by action key (a repeat joins the one in flight). */
  private readonly inFlight = new Map<string, { name: RequestName; done: Promise<boolean> }>();
  /** The last action that went through and when, for the double-tap window. */
  private lastDone: { key: string; at: number } | null = null;
  /** True while {@link confirmPending} runs the confirmed action; and how many have run. */
  private confirming = false;
  private confirmedRuns = 0;
  private readonly now: () => number;

  constructor(
    private readonly client: Client,
    options: TerminalStoreOptions = {},
  ) {
    this.now = options.now ?? (() => performance.now());
    this.unsubscribe.push(
      client.on('view', (view) => {
        this.view = view;
      }),
      client.on('session', (session) => {
        this.session = session;
      }),
      client.onLink((up) => {
        this.link = up;
        if (up) void this.refresh();
      }),
      client.onRefused((refused) => {
        this.linkRefused = refused;
      }),
    );
  }

  /** Asks for the whole state and this screen's sign-ins again (after connecting or reconnecting). */
  async refresh(): Promise<void> {
    await Promise.all([
      this.client.send('snapshot', {}).then((r) => {
        if (r.ok) this.view = r.value;
      }),
      this.client.send('session', {}).then((r) => {
        if (r.ok) this.session = r.value;
      }),
    ]);
  }

  /** The person signed in on this screen for `purpose`, or null. */
  signedIn(purpose: string): SessionView['people'][number] | null {
    return this.session?.people.find((p) => p.purpose === purpose) ?? null;
  }

  /**
   * Sends one request. On success the reply (the view, or who is signed in on this screen, as
   * the request table says) replaces the current one and any refusal is cleared; on refusal
   * the reason is kept for the screen. Returns whether it went through. A double tap does not
   * send twice: the same action while the first is in flight waits for it, and the same action
   * again within {@link DOUBLE_TAP_MS} of its success is dropped (the terminal would refuse it,
   * confusingly, as already done); a request signed with a PIN typed for it is never dropped.
   * `family` makes requests with different arguments count as the same action (a list whose
   * next entry moves under the finger when the first is done: the alerts). An action the
   * dealer confirmed in a dialog (`confirmed`, and whatever {@link confirmPending} runs) is
   * meant every time: never joined to another nor dropped (two cards exposed in a row are two).
   */
  run<K extends ActionName>(name: K, args: RequestArgs<K>, options: { family?: string; confirmed?: boolean } = {}): Promise<boolean> {
    const confirmed = options.confirmed ?? this.confirming;
    const key = confirmed ? `${actionKey(name, args, options.family)} #confirmed-${++this.confirmedRuns}` : actionKey(name, args, options.family);
    const flying = this.inFlight.get(key);
    if (flying) return flying.done;
    const typedPin = ['signs-in', 'pin'].includes(REQUESTS[name].access.kind);
    if (!typedPin && this.lastDone && this.lastDone.key === key && this.now() - this.lastDone.at < DOUBLE_TAP_MS) return Promise.resolve(true);
    const done = this.send(name, args, key);
    this.inFlight.set(key, { name, done });
    this.busy = name;
    return done;
  }

  private async send<K extends ActionName>(name: K, args: RequestArgs<K>, key: string): Promise<boolean> {
    try {
      const r = await this.client.send(name, args);
      if (r.ok) {
        if (REQUESTS[name].reply === 'session') this.session = r.value as SessionView;
        else this.view = r.value as TerminalView;
        this.refusal = null;
        this.lastDone = { key, at: this.now() };
        return true;
      }
      const seat = (args as { seat?: SeatNumber }).seat ?? null;
      this.refusal = { request: name, seat, reason: r.error };
      // No answer does not mean not done: show the terminal's state as it is now (after a
      // dropped link the reconnection does this).
      if (r.error.code === 'timeout') void this.refresh();
      return false;
    } finally {
      this.inFlight.delete(key);
      this.busy = [...this.inFlight.values()].at(-1)?.name ?? null;
    }
  }

  /**
   * Sends a read-only request (recall, replay) whose reply is not the screen's state: the
   * view stays as it is; a refusal is kept like any other.
   */
  /**
   * A read that leaves the screen as it is: it neither marks the screen busy (the dealer's
   * buttons wait while a request is busy) nor touches the last refusal. For polls (the floor's
   * report) that go on while the dealer deals.
   */
  peek<K extends RequestName>(name: K, args: RequestArgs<K>): Promise<RequestReply<K>> {
    return this.client.send(name, args);
  }

  async query<K extends RequestName>(name: K, args: RequestArgs<K>): Promise<RequestReply<K>> {
    this.busy = name;
    try {
      const r = await this.client.send(name, args);
      if (r.ok) this.refusal = null;
      else this.refusal = { request: name, seat: null, reason: r.error };
      return r;
    } finally {
      this.busy = [...this.inFlight.values()].at(-1)?.name ?? null;
    }
  }

  /** Asks the dealer first; runs `action` only on confirmation. `count` picks the plural form of `question`. */
  ask(question: string, params: Params, confirmLabel: string, run: () => Promise<unknown>, danger = true, count?: number): void {
    this.confirm = { question, params, confirmLabel, danger, run, ...(count !== undefined ? { count } : {}) };
  }

  async confirmPending(): Promise<void> {
    const c = this.confirm;
    this.confirm = null;
    if (!c) return;
    // The requests the action sends at once are confirmed ones (see run).
    this.confirming = true;
    let done: Promise<unknown>;
    try {
      done = c.run();
    } finally {
      this.confirming = false;
    }
    await done;
  }

  cancelPending(): void {
    this.confirm = null;
  }

  /** Opens the PIN dialog for an action signed with a PIN (the floor's, the admin's). */
  askPin(ask: PinAsk): void {
    if (this.refusal?.request === ask.request) this.refusal = null;
    this.pinAsk = ask;
  }

  /** Sends the open action signed with these; the dialog closes once it is recorded. */
  async signPending(signed: Signature): Promise<boolean> {
    const ask = this.pinAsk;
    if (!ask) return false;
    const ok = await ask.send(signed);
    if (ok && this.pinAsk === ask) this.pinAsk = null;
    return ok;
  }

  cancelPin(): void {
    if (this.pinAsk && this.refusal?.request === this.pinAsk.request) this.refusal = null;
    this.pinAsk = null;
  }

  dismissRefusal(): void {
    this.refusal = null;
  }

  /** Shows a refusal the terminal's view already gives (an offer sure to be refused), without sending anything. */
  refuse(request: RequestName, seat: SeatNumber | null, reason: Reason): void {
    this.refusal = { request, seat, reason };
  }

  selectSeat(seat: SeatNumber | null): void {
    this.selectedSeat = seat;
  }

  dispose(): void {
    for (const u of this.unsubscribe.splice(0)) u();
  }
}
