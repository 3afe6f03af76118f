/**
 * The table-level events: everything the log records that is not part of one hand (the
 * hand's own events are app/domain/hand/events.ts). Same conventions: a kebab-case `type`,
 * `at` (ISO 8601) and `by`, plain JSON. Stored with `hand_id` NULL in the one chain.
 */
import type { Actor, DealMode, ProfileSnapshot, SeatNo } from '../domain/hand/events';

interface Base {
  readonly at: string;
  readonly by: Actor;
}

/** A table is set up on this terminal: its rules, stakes and where the button starts. */
export interface TableOpened extends Base {
  readonly type: 'table-opened';
  readonly tableId: string;
  readonly name: string;
  readonly profile: { readonly name: string; readonly version: number; readonly snapshot: ProfileSnapshot };
  /** Minor units per point. */
  readonly pointValue: number;
  readonly mode: DealMode;
  /** The shoe's sequence numbers wrap here (100 for the framed format); null: never. */
  readonly seqModulo: number | null;
  readonly button: SeatNo;
}

/** A dealer takes the box (relieving whoever dealt before). */
export interface DealerOn extends Base {
  readonly type: 'dealer-on';
  readonly dealer: string;
}

/** The dealer leaves the box. */
export interface DealerOff extends Base {
  readonly type: 'dealer-off';
  readonly dealer: string;
}

/** A player sits down (his first buy-in follows as a `buy-in` event). */
export interface PlayerSeated extends Base {
  readonly type: 'player-seated';
  readonly seat: SeatNo;
  readonly playerId: string;
  readonly name?: string;
}

/** Chips bought in between hands. `short`: a short buy-in (docs/store.md, ledger rules). */
export interface BuyIn extends Base {
  readonly type: 'buy-in';
  readonly seat: SeatNo;
  readonly playerId: string;
  readonly amount: number;
  readonly short: boolean;
}

/** A player leaves and takes his chips (`cashOut`, his whole stack). */
export interface PlayerLeft extends Base {
  readonly type: 'player-left';
  readonly seat: SeatNo;
  readonly playerId: string;
  readonly cashOut: number;
}

export type AlertKind = 'misdeal' | 'irregularity' | 'device-fault';

/** An alert for the dealer and the floor; it stays raised until acknowledged. */
export interface AlertRaised extends Base {
  readonly type: 'alert-raised';
  /** 1, 2, 3 ... on this terminal. */
  readonly alertId: number;
  readonly kind: AlertKind;
  /** The misdeal cause, the irregularity kind, or the device status. */
  readonly code: string;
  readonly message: string;
  readonly handId: string | null;
  /** The device id, for a device fault. */
  readonly device?: string;
}

/** Someone (`by`, named) has seen the alert. */
export interface AlertAcknowledged extends Base {
  readonly type: 'alert-acknowledged';
  readonly alertId: number;
  /** The person, as typed on the terminal. */
  readonly person: string;
  readonly note?: string;
}

/** A device attached to the table changed state (heartbeats are not logged). */
export interface DeviceStatusChanged extends Base {
  readonly type: 'device-status';
  readonly device: string;
  readonly role: 'shoe' | 'scanner';
  readonly status: string;
  readonly detail?: string;
}

/** A read from a device that the hand refused (a card after the deal, a scanned card that is
 *  not the seat's...): the hand's state does not change, but the read is kept for the floor. */
export interface DeviceReadRefused extends Base {
  readonly type: 'device-read-refused';
  readonly device: string;
  readonly role: 'shoe' | 'scanner';
  /** The card read, canonical text, when the device read one. */
  readonly card?: string;
  readonly code: string;
  readonly message: string;
}

export type TableEvent = TableOpened | DealerOn | DealerOff | PlayerSeated | BuyIn | PlayerLeft | AlertRaised | AlertAcknowledged | DeviceStatusChanged | DeviceReadRefused;
export type TableEventType = TableEvent['type'];

export const TABLE_EVENT_TYPES: readonly TableEventType[] = [
  'table-opened', 'dealer-on', 'dealer-off', 'player-seated', 'buy-in', 'player-left', 'alert-raised', 'alert-acknowledged', 'device-status',
  'device-read-refused',
];
