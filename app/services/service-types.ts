/**
 * The data the table service hands out: snapshots of a table, alerts, recalled hands,
 * replay steps and the updates it pushes. Plain JSON-compatible data (it crosses the
 * Electron bridge and the local web server unchanged).
 */
import type { PlayedHand } from '../domain/table/correction';
import type { TableLanguage } from '../domain/table/events';
import type { DomainError } from '../domain/result';
import type { DealMode, HandEvent, SeatNo } from '../domain/hand/events';
import type { HandState } from '../domain/hand/state';
import type { Profile } from '../domain/profiles';
import type { SettleResult } from '../domain/settle';
import type { AlertKind } from './table-events';
import type { StoredEvent } from './store';

/** A seat around the table now. */
export interface SeatSnapshot {
  readonly seat: SeatNo;
  /** Null: the seat is empty. */
  readonly player: { readonly id: string; readonly name: string | null } | null;
  /** Chips in front of the seat (minor units), as of the last hand end or buy-in. */
  readonly stack: number;
  /** Whether the player's next buy-in may be a short one (docs/store.md, ledger rules). */
  readonly shortBuyInAllowed: boolean;
}

/** A hand as the service holds it: its id, number and the fold's state. */
export interface HandSnapshot {
  readonly handId: string;
  readonly number: number;
  /** False once it is closed, a misdeal or void (kept for display until the next hand). */
  readonly open: boolean;
  readonly state: HandState;
}

/** A device attached to a table, as last reported. */
export interface DeviceStatus {
  readonly device: string;
  readonly role: 'shoe' | 'scanner';
  readonly label: string;
  readonly simulated: boolean;
  /** The last status: connected, disconnected, open-failed, jam, lid-open, ready, shoe-empty,
   *  heartbeat-lost, heartbeat-restored, device-status, detached. */
  readonly status: string;
  /** Why, in words, when the device is not fine. */
  readonly detail: string | null;
  /** True while the status is a fault (disconnected, open-failed, jam, lid-open, heartbeat-lost). */
  readonly fault: boolean;
  /** ISO 8601 time of the status. */
  readonly at: string;
}

/** Where the showdown scanner's next cards go (scanner attached, showdown open). */
export interface ScanTarget {
  readonly seat: SeatNo;
  readonly row: 'front' | 'middle' | 'back';
  /** Cards of this row read so far. */
  readonly cards: readonly number[];
  readonly size: number;
  /** Every row of the seat read so far and not yet recorded (this one included): a seat's rows
   *  are recorded together once all are in (app/domain/hand/scan-order.ts). */
  readonly held: Readonly<Partial<Record<'front' | 'middle' | 'back', readonly number[]>>>;
  /** Set when all the seat's rows are in but look scanned out of order: they wait for the
   *  dealer to record them as scanned or to scan the seat again (`answerScan`). */
  readonly question: { readonly code: string; readonly message: string } | null;
}

/** One table: rules, stakes, seats, dealer, the hand, raised alerts and devices. */
export interface TableSnapshot {
  readonly tableId: string;
  readonly name: string;
  readonly profile: Profile;
  /** Minor units per point. */
  readonly pointValue: number;
  readonly mode: DealMode;
  readonly seqModulo: number | null;
  /** The button of the open hand, or of the next hand when none is open. */
  readonly button: SeatNo;
  /** How many hands (misdeals included) have been started at this table. */
  readonly handsStarted: number;
  /** The dealer signed on, or null. */
  readonly dealer: string | null;
  /** The dealer on duty's staff id, when he took the box signed in; else null. */
  readonly dealerStaffId: string | null;
  /** Seats 1..4 in order. */
  readonly seats: readonly SeatSnapshot[];
  /** The open hand, or the last one that ended (open = false), or null before the first. */
  readonly hand: HandSnapshot | null;
  /** Alerts at this table not yet acknowledged, oldest first. */
  readonly alerts: readonly AlertView[];
  readonly devices: readonly DeviceStatus[];
  readonly scanTarget: ScanTarget | null;
  /** The smallest full and short buy-in at this table (minor units). */
  readonly buyIn: { readonly full: number; readonly short: number };
  /** The language a screen opening the table starts in, as the admin set it; null: none set. */
  readonly language: TableLanguage | null;
  /** The last played hand while the floor may still correct it (until the next hand starts),
   *  with the chips its last correction moves; null otherwise. */
  readonly lastPlayed: PlayedHand | null;
}

/** What a correction of the last played hand would do (`TableService.previewCorrection`). */
export interface CorrectionPreview {
  readonly handId: string;
  readonly before: Readonly<Record<string, number>>;
  readonly after: Readonly<Record<string, number>>;
  readonly transfers: readonly { readonly from: number; readonly to: number; readonly amount: number }[];
  readonly fouled: readonly number[];
  readonly voided: boolean;
  readonly needsSecond: boolean;
}

export interface AlertView {
  readonly id: number;
  readonly tableId: string;
  readonly handId: string | null;
  readonly kind: AlertKind;
  readonly code: string;
  readonly message: string;
  readonly raisedAt: string;
  readonly acknowledged: { readonly by: string; readonly at: string; readonly note: string | null } | null;
}

/** A hand from the floor's point of view (recall, export). */
export interface HandSummary {
  readonly handId: string;
  readonly tableId: string;
  readonly number: number;
  readonly button: SeatNo;
  readonly dealer: string | null;
  readonly profile: { readonly name: string; readonly version: number };
  readonly pointValue: number;
  readonly phase: string;
  readonly outcome: 'open' | 'played' | 'misdeal' | 'void';
  readonly misdealCause: string | null;
  readonly voidReason: string | null;
  readonly startedAt: string;
  readonly endedAt: string | null;
  readonly seats: readonly {
    readonly seat: SeatNo;
    readonly player: string;
    readonly stackBefore: number;
    readonly points: number | null;
    readonly net: number | null;
    readonly stackAfter: number | null;
    readonly fouled: boolean;
    readonly natural: string | null;
    readonly surrendered: boolean;
  }[];
  readonly payments: readonly { readonly index: number; readonly from: SeatNo; readonly to: SeatNo; readonly amount: number; readonly executedAt: string | null }[];
  /** The showdown record (settle input) and result (settle output), when settled. */
  readonly record: unknown | null;
  readonly result: SettleResult | null;
  readonly events: number;
  /** Some of its cards were read by a simulated device (`simulated: true` in the log): not a real deal. */
  readonly simulated: boolean;
}

/** One step of a replayed hand: the event as stored and the hand's state after it. */
export interface ReplayStep {
  /** 0-based position in the hand. */
  readonly index: number;
  readonly event: StoredEvent<HandEvent>;
  readonly state: HandState;
}

/** One row of a player's chip ledger. */
export interface LedgerEntry {
  readonly id: number;
  readonly tableId: string;
  readonly seat: SeatNo;
  readonly player: string;
  readonly kind: 'buy-in' | 'short-buy-in' | 'hand' | 'cash-out';
  readonly amount: number;
  readonly stackAfter: number;
  readonly handId: string | null;
  readonly eventId: number;
  readonly at: string;
}

/** What the service pushes to subscribers, after the change is committed. */
export type TableUpdate =
  | {
      readonly kind: 'state-changed';
      readonly tableId: string;
      readonly table: TableSnapshot;
      /** The events just committed, in order. */
      readonly events: readonly StoredEvent[];
    }
  | { readonly kind: 'alert-raised'; readonly alert: AlertView }
  | { readonly kind: 'alert-acknowledged'; readonly alert: AlertView }
  | { readonly kind: 'device-status'; readonly tableId: string; readonly device: DeviceStatus }
  | {
      /** A device delivered something the hand refused (a card with no hand in play ...). */
      readonly kind: 'device-input-refused';
      readonly tableId: string;
      readonly device: string;
      readonly error: DomainError;
    };

export type TableListener = (update: TableUpdate) => void;
