/**
 * The events of one live hand (issue 3 section 1). A hand's state is a pure fold over these
 * (see `fold.ts`); the table service appends each event to the SQLite log as JSON *before*
 * applying it, and rebuilds any hand with `replay(events)`.
 *
 * Conventions, shared by every event:
 * - `type`: a stable kebab-case name (the union's discriminant). Never renamed once stored.
 * - `at`: ISO 8601 time with an offset or `Z`, given by the caller (the core has no clock).
 * - `by`: who did it: `dealer`, `floor:<name>`, `device` (the shoe or scanner) or `system`
 *   (an event the terminal appended by itself, e.g. an automatic misdeal from `followUps`).
 * - Cards are integer codes 0..51 (`rank * 4 + suit`, see `cards.ts`); seats are 1..4;
 *   money is an integer in minor units.
 * Everything in an event is plain JSON (no class instances, no `undefined` that matters), so
 * `JSON.parse(JSON.stringify(event))` replays to the same state.
 */
import type { Card } from '../cards';
import type { NaturalName, NaturalProof } from '../naturals';
import type { Segment } from '../setting';
import type { SettleResult } from '../settle';

/** A seat number, 1..4 clockwise (RULES.md section 2). */
export type SeatNo = 1 | 2 | 3 | 4;

/** Who caused an event. A floor manager is named: `floor:Jana Novakova`. */
export type Actor = 'dealer' | 'device' | 'system' | `floor:${string}`;

/** A row of a Chinese Poker or OFC hand. */
export type Row = Segment;

/** How the table reads cards: a dealing shoe (every card known as it is dealt), or only the
 *  showdown scanner (a seat's cards become known when its set hand is scanned). */
export type DealMode = 'shoe' | 'scanner-only';

/** A whole house-rules profile as plain JSON, stored in the hand so replay is exact even
 *  after the preset is edited. It is the object `resolveProfile` returns. */
export type ProfileSnapshot = Readonly<Record<string, unknown>>;

/** A player in a seat at the start of the hand. */
export interface SeatedPlayer {
  readonly seat: SeatNo;
  /** The table service's player id (stable across hands). */
  readonly playerId: string;
  /** Display name, if the room records one. */
  readonly name?: string;
  /** Chips in play at the start of the hand, minor units. */
  readonly stack: number;
}

/**
 * Two-handed play with the reserved hand (seed 003). In a `dealt` round all four hands are
 * dealt, each of the two players plays his own seat's hand and reserves one of the two spare
 * (empty-seat) hands. The next round is `reserved`: no deal, each player plays the cards
 * he reserved (given here, taken from the dealt round by `carryOver`).
 */
export type TwoHandedRound =
  | { readonly round: 'dealt'; readonly reserve: readonly { readonly seat: SeatNo; readonly hand: SeatNo }[] }
  | { readonly round: 'reserved'; readonly fromHandId: string; readonly hands: readonly { readonly seat: SeatNo; readonly cards: readonly Card[] }[] };

interface Base {
  /** ISO 8601 time from the caller, e.g. `2025-03-01T21:14:05.120Z`. */
  readonly at: string;
  readonly by: Actor;
}

/** The first event of every hand. */
export interface HandStarted extends Base {
  readonly type: 'hand-started';
  readonly tableId: string;
  readonly handId: string;
  /** 1, 2, 3 ... within the table (a redeal after a misdeal gets a new number). */
  readonly handNumber: number;
  readonly button: SeatNo;
  /** The occupied seats only, 2..4 of them. */
  readonly seats: readonly SeatedPlayer[];
  /** Minor units per point, a positive integer. */
  readonly pointValue: number;
  readonly profile: { readonly name: string; readonly version: number; readonly snapshot: ProfileSnapshot };
  readonly mode: DealMode;
  /** Present only for two-handed play with the reserved hand. */
  readonly twoHanded?: TwoHandedRound;
  /** The shoe's sequence numbers wrap to 0 after `seqModulo - 1` (100 for the framed shoe
   *  format); absent: they never wrap. */
  readonly seqModulo?: number;
  /** OFC only: the seats in Fantasyland this hand (dealt their 13 cards first). */
  readonly fantasyland?: readonly SeatNo[];
}

/** The shoe read a card. `seq` is the device's sequence number as the device sent it (+1 per
 *  read, readable or not, wrapping at `HandStarted.seqModulo`), or null when the wire format
 *  has none (then no gap can be detected); `raw` the device's bytes as lower-case hex. */
export interface CardDealt extends Base, ReadOrigin {
  readonly type: 'card-dealt';
  readonly seq: number | null;
  /** The number of the device's frame just before this card when that frame was a status (a
   *  jam, ready, lid open: a framed shoe numbers those too, and the device layer checked them):
   *  `seq` must then follow `afterSeq`, not the last card's number. Absent otherwise. */
  readonly afterSeq?: number;
  readonly card: Card;
  readonly raw: string;
}

/** The shoe passed a card it could not read (an automatic misdeal). */
export interface CardUnreadable extends Base, ReadOrigin {
  readonly type: 'card-unreadable';
  readonly seq: number | null;
  readonly raw: string;
}

/** Where a read came from: the device's id, and `simulated: true` when that device is a
 *  simulator (so a simulated read never passes for a real one in the log, export or recall).
 *  Both absent on reads typed in or recorded before devices were named. */
export interface ReadOrigin {
  readonly device?: string;
  readonly simulated?: true;
}

/** The device layer saw sequence numbers skip (`expected` then `got`): a read was lost
 *  (an automatic misdeal). A `card-dealt` whose `seq` skips is treated the same way. */
export interface SequenceGap extends Base {
  readonly type: 'sequence-gap';
  readonly expected: number;
  readonly got: number;
}

/** The deal is over. In shoe mode `followUps` appends it (by `system`) after the last card;
 *  a dealer ending a short deal gets the automatic short-deal misdeal. In scanner-only mode
 *  the dealer appends it when the cards are out. */
export interface DealEnded extends Base {
  readonly type: 'deal-ended';
}

/** The dealer reports a card of a seat's hand exposed (`card` if he saw which). Five or more
 *  from one hand is a misdeal; fewer are noted and the hand plays on (RULES.md 8). */
export interface CardExposed extends Base {
  readonly type: 'card-exposed';
  readonly seat: SeatNo;
  readonly card?: Card;
}

/** The dealer reports that seat `heldBy` holds the hand dealt to seat `handOf`. Before any seat
 *  has set: a misdeal. After: noted for the floor, and the hands play as they lie. */
export interface WrongSeatDelivery extends Base {
  readonly type: 'wrong-seat-delivery';
  readonly heldBy: SeatNo;
  readonly handOf: SeatNo;
}

/** The player has set his three rows face down (the dealer taps his seat). */
export interface SeatReady extends Base {
  readonly type: 'seat-ready';
  readonly seat: SeatNo;
}

/** The player surrenders (RULES.md 6). Scanner-only mode: `cards` are his 13 cards, scanned. */
export interface SurrenderDeclared extends Base {
  readonly type: 'surrender-declared';
  readonly seat: SeatNo;
  readonly cards?: readonly Card[];
}

/** The player declares a natural and lays his cards face up. Scanner-only mode: `cards` are
 *  the 13 cards laid down, scanned (in shoe mode the dealt cards are used; if given, they must
 *  be those). */
export interface NaturalDeclared extends Base {
  readonly type: 'natural-declared';
  readonly seat: SeatNo;
  readonly natural: NaturalName;
  readonly cards?: readonly Card[];
}

/** The terminal verified a declared natural (`followUps` appends it, by `system`). */
export interface NaturalVerified extends Base {
  readonly type: 'natural-verified';
  readonly seat: SeatNo;
  readonly natural: NaturalName;
  readonly proof: NaturalProof;
}

/** The terminal rejected a declared natural: a false declaration, handled as the profile says
 *  (foul, or play the hand as set). */
export interface NaturalRejected extends Base {
  readonly type: 'natural-rejected';
  readonly seat: SeatNo;
  readonly natural: NaturalName;
  readonly reason: string;
}

/** The showdown scanner read one row of a seat's set hand. Three rows make the seat set. */
export interface RowScanned extends Base {
  readonly type: 'row-scanned';
  readonly seat: SeatNo;
  readonly row: Row;
  readonly cards: readonly Card[];
}

/** A seat's whole set hand, from the scanner or entered by touch. */
export interface HandSet extends Base {
  readonly type: 'hand-set';
  readonly seat: SeatNo;
  readonly front: readonly Card[];
  readonly middle: readonly Card[];
  readonly back: readonly Card[];
  readonly source: 'scanner' | 'touch';
}

/** OFC: a card placed face up into a row. A placed card never moves. */
export interface CardPlaced extends Base {
  readonly type: 'card-placed';
  readonly seat: SeatNo;
  readonly card: Card;
  readonly row: Row;
}

/** The hands are opened. */
export interface ShowdownOpened extends Base {
  readonly type: 'showdown-opened';
}

/** One seat of a showdown record (the `settle` command's input, docs/settle.md). Cards are
 *  canonical text, e.g. "Kd 5d 2s". */
export interface ShowdownRecordSeat {
  readonly seat: SeatNo;
  readonly stack: number;
  readonly front?: string;
  readonly middle?: string;
  readonly back?: string;
  readonly cards?: string;
  readonly natural?: NaturalName;
  readonly surrender?: true;
  /** The floor's reason when it ruled the hand fouled. */
  readonly foul?: string;
  readonly fantasyland?: true;
  /** The floor's reason when it disqualified the hand from the jackpot (a correction of the hand). */
  readonly jackpotDisqualified?: string;
}

/** A showdown record in the `settle` command's input format, as `showdownRecord(state)`
 *  builds it: `rules` is the hand's whole profile snapshot, `id` the hand id. */
export interface ShowdownRecord {
  readonly id: string;
  readonly rules: ProfileSnapshot;
  readonly pointValue: number;
  readonly button: SeatNo;
  /** Present (true) when the hand's profile pays the netted list (`payments: "netted"`): settle then gives `nettedPayments`. */
  readonly netting?: true;
  readonly seats: readonly ShowdownRecordSeat[];
}

/** The hand was settled: the showdown record and the full result `settleRecord` returned
 *  for it (app/domain/settle.ts `SettleResult`, stored whole). */
export interface Settled extends Base {
  readonly type: 'settled';
  readonly record: ShowdownRecord;
  readonly result: SettleResult;
}

/** The dealer moved the chips of payment `index` of the settlement (fields repeated for the
 *  log's reader; they must match the settlement). */
export interface PaymentExecuted extends Base {
  readonly type: 'payment-executed';
  readonly index: number;
  readonly from: SeatNo;
  readonly to: SeatNo;
  readonly amount: number;
}

/** Why a misdeal was called. The first five are detected from the shoe's reads. */
export type MisdealCause =
  | 'card-read-twice'
  | 'too-many-cards'
  | 'unreadable-card'
  | 'sequence-gap'
  | 'short-deal'
  | 'cards-exposed'
  | 'wrong-seat-delivery'
  | 'wrong-card-count'
  | 'floor-ruling';

/** The hand is a misdeal: no chips move, the button stays, the cards are redealt. */
export interface MisdealCalled extends Base {
  readonly type: 'misdeal-called';
  readonly cause: MisdealCause;
  /** True when the terminal detected it from the device's reads; false when it follows a
   *  report (exposed cards, wrong-seat delivery, a wrong count, a floor ruling). */
  readonly automatic: boolean;
  /** The cards the shoe had read, in order (unreadable reads omitted). */
  readonly cardsRead: readonly Card[];
  /** One sentence for the log, e.g. "Qh was read twice (reads 7 and 19)". */
  readonly detail: string;
}

/** What a floor correction does. */
export type CorrectionAction =
  /** Rule on an irregularity: `accept` (the hand plays as it lies) or `foul-seat` (the seat's
   *  hand is fouled). */
  | { readonly kind: 'resolve-irregularity'; readonly irregularity: number; readonly ruling: 'accept' | 'foul-seat' }
  /** Enter the seat's set hand as the floor establishes it (e.g. after a misread), replacing
   *  what was scanned; checked again against the cards dealt. */
  | { readonly kind: 'replace-hand'; readonly seat: SeatNo; readonly front: readonly Card[]; readonly middle: readonly Card[]; readonly back: readonly Card[] }
  /** Rule a seat's hand fouled without an irregularity (e.g. a hand short of a card, a hand
   *  mucked before it was read). */
  | { readonly kind: 'foul-seat'; readonly seat: SeatNo }
  /** A remark for the record; changes nothing. */
  | { readonly kind: 'note' };

/**
 * A floor person who gave his PIN for a floor action: his staff id and name as the staff log
 * has them. The first signs the action (`by` is `floor:<his name>`); a second is the other
 * floor person the two-person rule asks for.
 */
export interface FloorSignature {
  readonly staffId: string;
  readonly name: string;
}

/** A floor manager's correction: who (`by` = `floor:<name>`), why and what. */
export interface FloorCorrection extends Base {
  readonly type: 'floor-correction';
  readonly by: `floor:${string}`;
  readonly reason: string;
  readonly action: CorrectionAction;
  /** Who gave a PIN for it (absent in logs written before staff sign-in, when the floor was
   *  only named). */
  readonly signedBy?: readonly FloorSignature[];
}

/**
 * The floor voids the hand: the button stays and the hand's chips go back to where they were
 * at its start. Once a payment was made this needs a second floor person (two `signedBy`), and
 * the chips already moved go back (the hand's `abort.returned`).
 */
export interface HandVoided extends Base {
  readonly type: 'hand-voided';
  readonly by: `floor:${string}`;
  readonly reason: string;
  /** Who gave a PIN for it, as for a correction. */
  readonly signedBy?: readonly FloorSignature[];
}

/** Every payment is made; the hand is over. */
export interface HandClosed extends Base {
  readonly type: 'hand-closed';
}

/** Every event of a hand. */
export type HandEvent =
  | HandStarted
  | CardDealt
  | CardUnreadable
  | SequenceGap
  | DealEnded
  | CardExposed
  | WrongSeatDelivery
  | SeatReady
  | SurrenderDeclared
  | NaturalDeclared
  | NaturalVerified
  | NaturalRejected
  | RowScanned
  | HandSet
  | CardPlaced
  | ShowdownOpened
  | Settled
  | PaymentExecuted
  | MisdealCalled
  | FloorCorrection
  | HandVoided
  | HandClosed;

export type HandEventType = HandEvent['type'];

/** Every event type, in the order they usually occur. */
export const HAND_EVENT_TYPES: readonly HandEventType[] = [
  'hand-started', 'card-dealt', 'card-unreadable', 'sequence-gap', 'deal-ended', 'card-exposed',
  'wrong-seat-delivery', 'seat-ready', 'surrender-declared', 'natural-declared', 'natural-verified',
  'natural-rejected', 'row-scanned', 'hand-set', 'card-placed', 'showdown-opened', 'settled',
  'payment-executed', 'misdeal-called', 'floor-correction', 'hand-voided', 'hand-closed',
];

/** The event with the given type. */
export type EventOf<K extends HandEventType> = Extract<HandEvent, { type: K }>;
