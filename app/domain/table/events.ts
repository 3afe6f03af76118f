/**
 * The table-level events: everything the log records that is not part of one hand (the
 * hand's own events are ../hand/events.ts). Same conventions: a kebab-case `type`, `at`
 * (ISO 8601) and `by`, plain JSON. Stored with `hand_id` NULL in the one chain. The table's
 * state is a fold over these and the hands' events (`fold.ts`).
 */
import type { Actor, DealMode, FloorSignature, ProfileSnapshot, Row, SeatNo, TwoHandedRound } from '../hand/events';
import type { SettleResult } from '../settle';
import type { Transfer } from '../settlement';
import type { HandCorrection, PlayedHand } from './correction';

interface Base {
  readonly at: string;
  readonly by: Actor;
}

/** A table is set up on this terminal: its rules, stakes and where the button starts. */
/** What a table is: its id and name, its rules and stakes, how it deals, where its button sits
 *  (opened with it; a checkpoint repeats it). */
export interface TableOpening {
  readonly tableId: string;
  readonly name: string;
  readonly profile: { readonly name: string; readonly version: number; readonly snapshot: ProfileSnapshot };
  /** Minor units per point. */
  readonly pointValue: number;
  readonly mode: DealMode;
  /** The shoe's sequence numbers wrap here (100 for the framed format); null: never. */
  readonly seqModulo: number | null;
  /** Where the (next) hand's button sits. */
  readonly button: SeatNo;
}

export interface TableOpened extends Base, TableOpening {
  readonly type: 'table-opened';
}

/** A dealer takes the box (relieving whoever dealt before). */
export interface DealerOn extends Base {
  readonly type: 'dealer-on';
  /** His name, as the screen and the hands show it. */
  readonly dealer: string;
  /** His staff id: he signed in with his PIN to take the box (absent in logs written before
   *  staff sign-in, when the dealer was only named). */
  readonly staffId?: string;
}

/** The dealer leaves the box. */
export interface DealerOff extends Base {
  readonly type: 'dealer-off';
  readonly dealer: string;
  /** The staff id of the dealer leaving, when he took the box signed in. */
  readonly staffId?: string;
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

/** `integrity`: damage to the terminal's own record found at start-up; the table does not deal
 *  while one is raised, and only the floor clears it, with a reason. */
export type AlertKind = 'misdeal' | 'irregularity' | 'device-fault' | 'integrity';

/** Every alert kind. */
export const ALERT_KINDS: readonly AlertKind[] = ['misdeal', 'irregularity', 'device-fault', 'integrity'];

/**
 * Who may acknowledge an alert of each kind: `dealer`, the dealer on duty (a misdeal he redeals,
 * a device he sees to), or only `floor`, a floor person with his PIN (an irregularity is the
 * floor's to rule on; damage to the record is an error condition only the floor clears). The
 * floor may acknowledge every kind.
 */
export const ALERT_CLEARED_BY: Readonly<Record<AlertKind, 'dealer' | 'floor'>> = {
  misdeal: 'dealer',
  'device-fault': 'dealer',
  irregularity: 'floor',
  integrity: 'floor',
};

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
  /** The person's name. */
  readonly person: string;
  /** The person's staff id: he signed in (the dealer on duty) or gave his PIN (the floor).
   *  Absent in logs written before staff sign-in. */
  readonly staffId?: string;
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
  /** The device's sequence number and its bytes (hex), when it sent them: a resend of the read
   *  after a crash is recognised and not recorded again. */
  readonly seq?: number;
  readonly raw?: string;
  readonly code: string;
  readonly message: string;
}

/**
 * A card of the row the showdown scanner is reading, from a scanner that waits for its ACK
 * (framed): kept in the log before the ACK goes back, so a crash loses nothing acknowledged;
 * the row's `row-scanned` follows when the row is complete, and a restart takes the row up again
 * from these.
 */
export interface ScannerCardHeld extends Base {
  readonly type: 'scanner-card-held';
  readonly device: string;
  readonly seat: SeatNo;
  readonly row: Row;
  /** Canonical text. */
  readonly card: string;
  readonly seq: number | null;
  readonly raw: string;
}

/** A seat as a checkpoint writes it: the player, his chips and whether his next buy-in may be short. */
export interface CheckpointSeat {
  readonly playerId: string;
  /** Display name; null when the room records none. */
  readonly name: string | null;
  readonly stack: number;
  readonly shortBuyInAllowed: boolean;
}

/**
 * The whole table between hands, written so that loading can start here instead of at
 * `table-opened` (`tableFromCheckpoint`). Applied in a replay, it must equal the state the
 * log has built (else `checkpoint-mismatch`). Refused while a hand is in play: its fields are
 * the table's state with no open hand. Plain JSON in a fixed key order (`checkpointOf`).
 */
export interface TableCheckpoint extends Base, TableOpening {
  readonly type: 'table-checkpoint';
  readonly handsStarted: number;
  /** Seats 1-4 in order, null when empty. */
  readonly seats: readonly (CheckpointSeat | null)[];
  readonly dealer: string | null;
  /** The dealer on duty's staff id, present only when there is one (checkpoints written before
   *  staff sign-in have none). */
  readonly dealerStaffId?: string;
  /** What the next hand inherits from the last one (the hand fold's `carryOver`). */
  readonly carried: {
    readonly reservedRound: Extract<TwoHandedRound, { round: 'reserved' }> | null;
    readonly fantasyland: readonly SeatNo[];
  };
  /** The last played hand the floor may still correct, present only when there is one. */
  readonly lastPlayed?: PlayedHand;
  /** The table's screen language, present only when the admin has set one. */
  readonly language?: TableLanguage;
}

/** A device a program runs the table with, as a start records it. */
export interface StartedDevice {
  readonly role: 'shoe' | 'scanner';
  /** The device's id (`sim:shoe`, `path:/dev/ttyUSB0`, `usb:0403:6001:A1`). */
  readonly id: string;
  readonly label: string;
  readonly simulated: boolean;
}

/**
 * A program (the terminal's window, `serve`, `simulate`) began running the table: which one and
 * its version, the devices it runs with, whether the run before it ended without a
 * `terminal-stopped` (a crash, a power cut, a kill), and what differs from the last start's
 * configuration, in words (empty at the first start and when nothing changed).
 */
export interface TerminalStarted extends Base {
  readonly type: 'terminal-started';
  readonly program: string;
  readonly version: string;
  readonly devices: readonly StartedDevice[];
  readonly afterCrash: boolean;
  readonly changed: readonly string[];
}

/** The program stopped running the table, in order (a crash leaves no such event). */
export interface TerminalStopped extends Base {
  readonly type: 'terminal-stopped';
  readonly program: string;
}

/** The languages the table's screens speak: a table's default screen language is one of them. */
export const TABLE_LANGUAGES = ['en', 'cs'] as const;
export type TableLanguage = (typeof TABLE_LANGUAGES)[number];

/**
 * The admin changes the table's rules between hands: the profile (a preset, or an edited copy
 * with a new version), the point value, the table's name and its screens' default language.
 * They apply from the next hand; every hand keeps the profile snapshot it was dealt under.
 */
export interface RulesChanged extends Base {
  readonly type: 'rules-changed';
  readonly profile: { readonly name: string; readonly version: number; readonly snapshot: ProfileSnapshot };
  /** Minor units per point, from the next hand. */
  readonly pointValue: number;
  /** The table's name, from now on. */
  readonly name: string;
  /** The language a screen opening the table starts in (its dealer may switch his own), from
   *  now on; absent (in logs written before it could be set, or when none is set): as before. */
  readonly language?: TableLanguage;
  /** The admin who changed them (signed with his PIN). */
  readonly staffId: string;
  readonly reason: string;
}

/** A device as the admin sets it: a serial port with its wire format and speed, the in-process
 *  simulated shoe (the shoe only), or none. */
export type DeviceSetting =
  | { readonly kind: 'serial'; readonly port: string; readonly format: 'framed' | 'lines'; readonly baudRate: number }
  | { readonly kind: 'simulated' }
  | { readonly kind: 'none' };

/**
 * The admin sets the table's shoe or showdown scanner between hands (docs/hardware.md, "Setting
 * the devices on screen"): applied at once, and used by every start after it unless a start-up
 * flag names the device. `device` and `label` are the device's id and words as the cards it
 * reads from now on carry them (null for none).
 */
export interface DeviceSet extends Base {
  readonly type: 'device-set';
  readonly role: 'shoe' | 'scanner';
  readonly setting: DeviceSetting;
  readonly device: string | null;
  readonly label: string | null;
  /** The admin who set it (signed with his PIN). */
  readonly staffId: string;
  readonly reason: string;
}

/**
 * The floor corrects the table's last played hand after it closed (docs/table.md, "Correcting a
 * played hand"): settled again with seats corrected, or voided. `result` is the hand's result
 * under the correction (null for a void) and `transfers` the chips to move, as
 * `planCorrection` (correction.ts) gives them; signed by one floor person, by two when chips move.
 */
export interface HandCorrected extends Base {
  readonly type: 'hand-corrected';
  readonly handId: string;
  readonly correction: HandCorrection;
  readonly reason: string;
  readonly signedBy: readonly FloorSignature[];
  readonly result: SettleResult | null;
  readonly transfers: readonly Transfer[];
}

/** The dealer moved the chips of transfer `index` of the hand's last correction (fields repeated for the log's reader). */
export interface CorrectionPaymentExecuted extends Base {
  readonly type: 'correction-payment-executed';
  readonly handId: string;
  readonly index: number;
  readonly from: SeatNo;
  readonly to: SeatNo;
  readonly amount: number;
}

export type TableEvent =
  | TableOpened | RulesChanged | HandCorrected | CorrectionPaymentExecuted | DealerOn | DealerOff | PlayerSeated | BuyIn | PlayerLeft | AlertRaised | AlertAcknowledged | DeviceStatusChanged
  | DeviceReadRefused | ScannerCardHeld | TableCheckpoint | TerminalStarted | TerminalStopped | DeviceSet;
export type TableEventType = TableEvent['type'];

export const TABLE_EVENT_TYPES: readonly TableEventType[] = [
  'table-opened', 'rules-changed', 'hand-corrected', 'correction-payment-executed', 'dealer-on', 'dealer-off', 'player-seated', 'buy-in', 'player-left', 'alert-raised', 'alert-acknowledged', 'device-status',
  'device-read-refused', 'scanner-card-held', 'table-checkpoint', 'terminal-started', 'terminal-stopped', 'device-set',
];

/** The table event with the given type. */
export type TableEventOf<K extends TableEventType> = Extract<TableEvent, { type: K }>;
