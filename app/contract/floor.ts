/**
 * What the floor manager's panel sends and reads, as plain data: the corrections it can make
 * (the contract's mirror of the domain's `CorrectionAction`), the table's recent hands
 * (recall) and one hand replayed step by step. Built from TableService by
 * app/terminal/floor-view.ts; worded by renderer/ in the screen's language from the
 * structured parts given here (seats, cards, rows, codes), never from English sentences
 * except where a service reason is shown as it is.
 */
import type { Card } from '../domain/cards';
import type { HandPhase, HandWords, Row, SeatNumber } from './view';

/** Each row's hand in structured parts (worded on screen), or null when a row cannot be valued. */
export type RowWords = Readonly<Record<Row, HandWords>> | null;

/** What a floor correction does (app/domain/hand/events.ts `CorrectionAction`). */
export type FloorAction =
  /** Rule on an irregularity: the card stands as shown (`accept`) or the seat is fouled. */
  | { readonly kind: 'resolve-irregularity'; readonly irregularity: number; readonly ruling: 'accept' | 'foul-seat' }
  /** Rule a seat's hand fouled without an irregularity. */
  | { readonly kind: 'foul-seat'; readonly seat: SeatNumber }
  /** The seat's set hand as the floor establishes it, replacing what was read. */
  | { readonly kind: 'replace-hand'; readonly seat: SeatNumber; readonly front: readonly Card[]; readonly middle: readonly Card[]; readonly back: readonly Card[] }
  /** A remark for the record; changes nothing. */
  | { readonly kind: 'note' };

export type FloorActionKind = FloorAction['kind'];
export const FLOOR_ACTION_KINDS: readonly FloorActionKind[] = ['resolve-irregularity', 'foul-seat', 'replace-hand', 'note'];

/** Who did something in a hand: the floor is named, the others are roles. */
export type ActorView =
  | { readonly kind: 'device' | 'system' }
  /** The dealer; `name`: the one who dealt the hand, when the hand records him. */
  | { readonly kind: 'dealer'; readonly name?: string }
  | { readonly kind: 'floor'; readonly name: string };

// ------------------------------------------------------------------ recall

export type HandOutcome = 'open' | 'played' | 'misdeal' | 'void';

export interface RecalledSeat {
  readonly seat: SeatNumber;
  readonly player: string;
  readonly stackBefore: number;
  /** Points and chips won (+) or lost (-); null when the hand was not settled. */
  readonly points: number | null;
  readonly net: number | null;
  readonly fouled: boolean;
  readonly surrendered: boolean;
  /** The natural's record name when the seat played one. */
  readonly natural: string | null;
}

/** One earlier hand of the table, as the recall list shows it. */
export interface RecalledHand {
  readonly handId: string;
  readonly number: number;
  /** ms since the epoch. */
  readonly startedAt: number;
  readonly endedAt: number | null;
  readonly outcome: HandOutcome;
  readonly phase: string;
  readonly button: SeatNumber;
  readonly dealer: string | null;
  /** The misdeal's cause code (reason.<code> on screen), when the hand was a misdeal. */
  readonly misdealCause: string | null;
  /** The floor's reason, when the hand was voided. */
  readonly voidReason: string | null;
  readonly seats: readonly RecalledSeat[];
  readonly payments: number;
  readonly events: number;
}

/** The last hands of the table, newest first. */
export interface RecallView {
  readonly tableId: string;
  readonly hands: readonly RecalledHand[];
}

// ------------------------------------------------------------------ replay

/** One event of a stored hand, reduced to what the floor reads (no device bytes, no profile). */
export type StepEvent =
  | { readonly type: 'hand-started'; readonly number: number; readonly button: SeatNumber; readonly players: readonly { readonly seat: SeatNumber; readonly name: string; readonly stack: number }[] }
  /** `seat`: the position the card went to (null when the read was refused as a misdeal). */
  | { readonly type: 'card-dealt'; readonly card: Card; readonly seat: SeatNumber | null; readonly seq: number | null }
  | { readonly type: 'card-unreadable'; readonly seq: number | null }
  | { readonly type: 'sequence-gap'; readonly expected: number; readonly got: number }
  | { readonly type: 'deal-ended' }
  | { readonly type: 'card-exposed'; readonly seat: SeatNumber; readonly card: Card | null }
  | { readonly type: 'wrong-seat-delivery'; readonly heldBy: SeatNumber; readonly handOf: SeatNumber }
  | { readonly type: 'seat-ready'; readonly seat: SeatNumber }
  | { readonly type: 'surrender-declared'; readonly seat: SeatNumber }
  | { readonly type: 'natural-declared' | 'natural-verified'; readonly seat: SeatNumber; readonly natural: string }
  | { readonly type: 'natural-rejected'; readonly seat: SeatNumber; readonly natural: string; readonly reason: string }
  | { readonly type: 'row-scanned'; readonly seat: SeatNumber; readonly row: Row; readonly cards: readonly Card[] }
  | { readonly type: 'hand-set'; readonly seat: SeatNumber; readonly front: readonly Card[]; readonly middle: readonly Card[]; readonly back: readonly Card[]; readonly source: 'scanner' | 'touch'; readonly words: RowWords }
  | { readonly type: 'card-placed'; readonly seat: SeatNumber; readonly card: Card; readonly row: Row }
  | { readonly type: 'showdown-opened' }
  | { readonly type: 'settled'; readonly payments: number; readonly net: readonly { readonly seat: SeatNumber; readonly net: number }[] }
  | { readonly type: 'payment-executed'; readonly index: number; readonly from: SeatNumber; readonly to: SeatNumber; readonly amount: number }
  | { readonly type: 'misdeal-called'; readonly cause: string; readonly automatic: boolean; readonly detail: string }
  /** `words`: the replaced hand's rows in structured parts (a `replace-hand` only). */
  | { readonly type: 'floor-correction'; readonly reason: string; readonly action: FloorAction; readonly words: RowWords }
  | { readonly type: 'hand-voided'; readonly reason: string }
  | { readonly type: 'hand-closed' };

export type StepType = StepEvent['type'];

/** The hand's state after a step, in the figures the floor follows. */
export interface StepState {
  readonly phase: HandPhase | 'idle';
  /** Reads from the shoe so far (0..52). */
  readonly cardsRead: number;
  /** Cards dealt to seats 1..4 (index 0 = seat 1). */
  readonly dealt: readonly number[];
  /** Seats that play this hand. */
  readonly playing: number;
  /** Playing seats set face down, read, surrendered or holding a verified natural. */
  readonly seatsDone: number;
  readonly paymentsMade: number;
  readonly paymentsTotal: number;
  /** Irregularities recorded and those still waiting for a ruling. */
  readonly irregularities: number;
  readonly irregularitiesOpen: number;
}

export interface ReplayStepView {
  /** 0-based position in the hand (the original order). */
  readonly index: number;
  /** The log row's id (the chain's order). */
  readonly eventId: number;
  /** ms since the epoch, when the event happened. */
  readonly at: number;
  readonly by: ActorView;
  readonly event: StepEvent;
  readonly after: StepState;
}

/** A stored hand, every event in the original order with the state after it. Read-only. */
export interface ReplayView {
  readonly handId: string;
  readonly number: number;
  readonly button: SeatNumber;
  readonly steps: readonly ReplayStepView[];
}

// ------------------------------------------------------------------ access log

/** One line of the access log (app/services/access-log.ts `AccessEntry`), as the floor reads it. */
export interface AccessLogEntryView {
  readonly row: number;
  readonly at: string;
  readonly tableId: string | null;
  readonly handId: string | null;
  readonly type: string;
  readonly by: string;
  readonly person: string | null;
  readonly purpose: string | null;
  readonly what: string;
  readonly why: string | null;
}

/** The access log's newest entries, oldest first; `more`: older ones were left out. */
export interface AccessLogView {
  readonly entries: readonly AccessLogEntryView[];
  readonly more: boolean;
}

// ------------------------------------------------------------------ hand search and timeline

/** What a hand is searched for: how it ended, or what happened in it (`corrected`: the floor corrected or noted it). */
export type SearchOutcomeView = 'open' | 'played' | 'misdeal' | 'void' | 'foul' | 'natural' | 'surrender' | 'all-in' | 'corrected';
export const SEARCH_OUTCOME_VIEWS: readonly SearchOutcomeView[] = ['open', 'played', 'misdeal', 'void', 'foul', 'natural', 'surrender', 'all-in', 'corrected'];

/** The misdeal causes a search can ask for (app/domain/hand/events.ts `MisdealCause`). */
export const MISDEAL_CAUSES = [
  'card-read-twice', 'too-many-cards', 'unreadable-card', 'sequence-gap', 'short-deal', 'cards-exposed', 'wrong-seat-delivery', 'wrong-card-count', 'floor-ruling',
] as const;

export interface FoundSeatView extends RecalledSeat {
  /** Lost his whole stack (table stakes applied). */
  readonly allIn: boolean;
}

/** One hand found by a search (and the head of its timeline). */
export interface FoundHandView {
  readonly handId: string;
  readonly number: number;
  /** ms since the epoch. */
  readonly startedAt: number;
  readonly endedAt: number | null;
  readonly outcome: HandOutcome;
  readonly button: SeatNumber;
  readonly dealer: string | null;
  readonly misdealCause: string | null;
  readonly voidReason: string | null;
  /** Seats fouled, with a natural, surrendered, all in; floor corrections recorded. */
  readonly fouls: number;
  readonly naturals: number;
  readonly surrenders: number;
  readonly allIns: number;
  readonly corrections: number;
  /** The floor corrected (or noted) the hand: marked in the list and the timeline. */
  readonly corrected: boolean;
  readonly seats: readonly FoundSeatView[];
}

/** The search as the terminal understood it, and a page of its hands, newest first. */
export interface HandSearchView {
  readonly tableId: string;
  readonly hands: readonly FoundHandView[];
  /** The `before` of the next page; null when this page is the last. */
  readonly next: number | null;
  readonly limit: number;
}

/** A card read (or a read refused as unreadable), as the device sent it. */
export interface TimelineRead {
  /** The device's id (`sim:shoe`, a port ...); null on reads typed in or recorded before devices were named. */
  readonly device: string | null;
  /** The device's bytes, lower-case hex. */
  readonly raw: string;
  readonly simulated: boolean;
}

/** One event of the hand, in the original order, with who did it (and who signed it). */
export interface TimelineEntry {
  readonly index: number;
  readonly eventId: number;
  /** ms since the epoch. */
  readonly at: number;
  readonly by: ActorView;
  /** The floor people who gave their PINs for a correction or a void. */
  readonly signedBy: readonly { readonly staffId: string; readonly name: string }[];
  readonly event: StepEvent;
  /** A card read's device and bytes (`card-dealt`, `card-unreadable`); null otherwise. */
  readonly read: TimelineRead | null;
}

/** The set a seat was scored with, its rows in words, and what the settlement made of it. */
export interface TimelineSet {
  readonly seat: SeatNumber;
  readonly front: readonly Card[];
  readonly middle: readonly Card[];
  readonly back: readonly Card[];
  readonly words: RowWords;
  /** The settlement's status of the seat: set, fouled (with why), surrendered, natural. */
  readonly status: 'set' | 'fouled' | 'surrendered' | 'natural';
  readonly foul: string | null;
  readonly natural: string | null;
}

/** One pair of the settlement, in announcement order. */
export interface TimelineComparison {
  readonly a: SeatNumber;
  readonly b: SeatNumber;
  /** The settlement's outcome code for the pair (`showdown`, `foul`, `surrender`, `natural` ...). */
  readonly outcome: string;
  /** Per-row winner: 1 a wins, -1 b wins, 0 push; null when the rows were not compared. */
  readonly rows: Readonly<Record<Row, -1 | 0 | 1>> | null;
  /** Points a wins from b (negative: b wins). */
  readonly points: number;
  readonly scoop: SeatNumber | null;
  readonly homerun: SeatNumber | null;
  /** The settlement's line in English ("seat 2 wins 6 from seat 3 (scoop)"). */
  readonly summary: string;
}

/** A payment of the hand and who ticked it. */
export interface TimelinePayment {
  readonly index: number;
  readonly from: SeatNumber;
  readonly to: SeatNumber;
  readonly amount: number;
  /** ms since the epoch; null: never made. */
  readonly executedAt: number | null;
  /** Who ticked it: the dealer on duty (named when the hand records him). */
  readonly by: string | null;
}

/** An alert raised in the hand and its acknowledgement. */
export interface TimelineAlert {
  readonly id: number;
  readonly kind: string;
  readonly code: string;
  readonly message: string;
  readonly raisedAt: number;
  readonly acknowledged: { readonly by: string; readonly at: number; readonly note: string | null } | null;
}

/** A setting of the looked-at seat's 13 cards and what it would have made. */
export interface HindsightSettingView {
  readonly front: readonly Card[];
  readonly middle: readonly Card[];
  readonly back: readonly Card[];
  readonly words: RowWords;
  readonly points: number;
  readonly perOpponent: Readonly<Record<string, number>>;
}

/** "What could this hand have been", for the floor's information only (app/domain/hindsight.ts). */
export interface HindsightView {
  readonly seat: SeatNumber;
  /** What the seat made, and the status it was scored with. */
  readonly actual: { readonly status: string; readonly points: number };
  /** The strongest legal setting (best back first). */
  readonly strongest: HindsightSettingView;
  /** The legal setting that would have scored the most against the hands at the table. */
  readonly mostPoints: HindsightSettingView;
  readonly legalSettings: number;
  readonly moreThanActual: number;
}

/** A stored hand as its timeline: everything that happened, who did it, and what it came to. */
export interface HandTimelineView {
  readonly tableId: string;
  readonly hand: FoundHandView;
  readonly profile: { readonly name: string; readonly version: number };
  readonly pointValue: number;
  readonly entries: readonly TimelineEntry[];
  readonly sets: readonly TimelineSet[];
  readonly comparisons: readonly TimelineComparison[];
  /** Points per live seat (null when the hand was not settled). */
  readonly points: Readonly<Record<string, number>> | null;
  readonly payments: readonly TimelinePayment[];
  readonly alerts: readonly TimelineAlert[];
  /** For each fouled seat (and the seat asked with `withHindsight`); a refusal of the search in words. */
  readonly hindsight: readonly (HindsightView | { readonly seat: SeatNumber; readonly refused: string })[];
  /** The floor's corrections of the hand after it was paid, oldest first. */
  readonly corrections: readonly TimelineCorrection[];
  /** The deal's jackpot hands as the hand now stands (null: its rules name none, or it was not settled). */
  readonly jackpot: TimelineJackpot | null;
}

/** One correction of a played hand (a `hand-corrected`), as the timeline shows it. */
export interface TimelineCorrection {
  /** ms since epoch. */
  readonly at: number;
  readonly by: string;
  readonly signedBy: readonly { readonly staffId: string; readonly name: string }[];
  readonly reason: string;
  readonly kind: 'resettle' | 'void';
  /** The seats corrected and how (`set`, `foul`, `natural`, `disqualify-jackpot`). */
  readonly seats: readonly { readonly seat: SeatNumber; readonly kind: string }[];
  /** The points each seat has under the correction (null for a void). */
  readonly points: Readonly<Record<string, number>> | null;
  /** The chips it moved. */
  readonly transfers: readonly { readonly from: SeatNumber; readonly to: SeatNumber; readonly amount: number }[];
}

/** The jackpot hands of a deal (RULES.md s11). */
export interface TimelineJackpot {
  /** Every qualifying hand, highest first: the seat and the hand in words. */
  readonly qualifying: readonly { readonly seat: SeatNumber; readonly hand: string }[];
  /** The seats whose hand stands. */
  readonly standing: readonly SeatNumber[];
  /** Why the others do not: a lower hand (below which seat), or the floor (its note). */
  readonly disqualified: readonly ({ readonly seat: SeatNumber; readonly reason: 'lower-hand'; readonly below: SeatNumber } | { readonly seat: SeatNumber; readonly reason: 'floor'; readonly note: string })[];
}
