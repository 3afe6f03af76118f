/**
 * The screen's state: the last view pushed by the terminal, the link, and what the dealer
 * is doing on this screen (selected seat, open dialog, last refusal). Every action goes
 * through `run`, which sends one contract request; a refusal is kept to be shown in words.
 * No game rule here: what is allowed is decided by the services.
 */
import type { Client } from '../../app/contract/client';
import type { RequestArgs, RequestName, RequestReply } from '../../app/contract/handlers';
import type { Reason, SeatNumber, TerminalView } from '../../app/contract/view';
import type { Params } from '../i18n/translate';
import { FloorDesk } from './floor.svelte';

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
  /** Message key of the confirming button. */
  readonly confirmLabel: string;
  readonly danger: boolean;
  readonly run: () => Promise<unknown>;
}

export class TerminalStore {
  view: TerminalView | null = $state(null);
  link: boolean = $state(false);
  busy: RequestName | null = $state(null);
  refusal: Refusal | null = $state(null);
  selectedSeat: SeatNumber | null = $state(null);
  confirm: PendingConfirm | null = $state(null);
  /** The seat whose hand is being entered by touch. */
  tapSeat: SeatNumber | null = $state(null);
  /** The seat whose declared natural is being picked. */
  naturalSeat: SeatNumber | null = $state(null);
  /** The floor manager's panel on this screen. */
  readonly floor: FloorDesk = new FloorDesk(this);

  private readonly unsubscribe: (() => void)[] = [];

  constructor(private readonly client: Client) {
    this.unsubscribe.push(
      client.on('view', (view) => {
        this.view = view;
      }),
      client.onLink((up) => {
        this.link = up;
        if (up) void this.refresh();
      }),
    );
  }

  /** Asks for the whole state again (after connecting or reconnecting). */
  async refresh(): Promise<void> {
    const r = await this.client.send('snapshot', {});
    if (r.ok) this.view = r.value;
  }

  /**
   * Sends one request. On success the returned view replaces the current one and any
   * refusal is cleared; on refusal the reason is kept for the screen. Returns whether it
   * went through.
   */
  async run<K extends RequestName>(name: K, args: RequestArgs<K>): Promise<boolean> {
    this.busy = name;
    try {
      const r = await this.client.send(name, args);
      if (r.ok) {
        this.view = r.value as TerminalView;
        this.refusal = null;
        return true;
      }
      const seat = (args as { seat?: SeatNumber }).seat ?? null;
      this.refusal = { request: name, seat, reason: r.error };
      return false;
    } finally {
      this.busy = null;
    }
  }

  /**
   * Sends a read-only request (recall, replay) whose reply is not the screen's state: the
   * view stays as it is; a refusal is kept like any other.
   */
  async query<K extends RequestName>(name: K, args: RequestArgs<K>): Promise<RequestReply<K>> {
    this.busy = name;
    try {
      const r = await this.client.send(name, args);
      if (r.ok) this.refusal = null;
      else this.refusal = { request: name, seat: null, reason: r.error };
      return r;
    } finally {
      this.busy = null;
    }
  }

  /** Asks the dealer first; runs `action` only on confirmation. */
  ask(question: string, params: Params, confirmLabel: string, run: () => Promise<unknown>, danger = true): void {
    this.confirm = { question, params, confirmLabel, danger, run };
  }

  async confirmPending(): Promise<void> {
    const c = this.confirm;
    this.confirm = null;
    if (c) await c.run();
  }

  cancelPending(): void {
    this.confirm = null;
  }

  dismissRefusal(): void {
    this.refusal = null;
  }

  selectSeat(seat: SeatNumber | null): void {
    this.selectedSeat = seat;
  }

  dispose(): void {
    for (const u of this.unsubscribe.splice(0)) u();
  }
}
