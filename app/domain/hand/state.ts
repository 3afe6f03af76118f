/**
 * The state of one live hand: what the fold in `fold.ts` builds from the events. Plain
 * readonly data (JSON-compatible), never mutated: `apply` returns a new state.
 */
import type { Card } from '../cards';
import type { NaturalName, NaturalProof } from '../naturals';
import type { Game, Profile } from '../profiles';
import { clockwiseFromButton } from '../scoring';
import type { SettleResult } from '../settle';
import type {
  Actor, DealMode, MisdealCause, ProfileSnapshot, Row, SeatNo, SeatedPlayer, ShowdownRecord, TwoHandedRound,
} from './events';

/** The phases of a hand. `closed`, `misdealt` and `voided` are final. */
export type Phase = 'idle' | 'dealing' | 'setting' | 'showdown' | 'paying' | 'closed' | 'misdealt' | 'voided';

/** Order of the phases: a hand only ever moves to a phase of equal or higher rank. */
export const PHASE_RANK: Readonly<Record<Phase, number>> = {
  idle: 0, dealing: 1, setting: 2, showdown: 3, paying: 4, closed: 5, misdealt: 5, voided: 5,
};

/** The phases in which the hand is still open (misdeal and void allowed). */
export const OPEN_PHASES: readonly Phase[] = ['dealing', 'setting', 'showdown', 'paying'];

export const SEAT_NUMBERS: readonly SeatNo[] = [1, 2, 3, 4];

/** What the hand-started event fixed for the whole hand. */
export interface HandInfo {
  readonly tableId: string;
  readonly handId: string;
  readonly handNumber: number;
  readonly button: SeatNo;
  readonly pointValue: number;
  readonly profileName: string;
  readonly profileVersion: number;
  /** The snapshot as stored in the event (what the showdown record carries as `rules`). */
  readonly profileSnapshot: ProfileSnapshot;
  /** The same, validated by `resolveProfile`. */
  readonly profile: Profile;
  readonly game: Game;
  readonly mode: DealMode;
  readonly twoHanded: TwoHandedRound | null;
  readonly fantasyland: readonly SeatNo[];
  readonly seqModulo: number | null;
  readonly startedAt: string;
}

/** A declared natural and what the terminal found. */
export interface NaturalClaim {
  readonly name: NaturalName;
  readonly status: 'declared' | 'verified' | 'rejected';
  /** The 13 cards the claim is judged on (dealt, or laid down and scanned); null while unknown. */
  readonly cards: readonly Card[] | null;
  readonly proof: NaturalProof | null;
  readonly reason: string | null;
}

/** A seat's hand as shown at showdown. */
export interface ShownHand {
  readonly front: readonly Card[];
  readonly middle: readonly Card[];
  readonly back: readonly Card[];
  /** `placed`: OFC rows filled one card at a time; `floor`: entered by a floor correction. */
  readonly source: 'scanner' | 'touch' | 'placed' | 'floor';
}

/** One of the four seats (and the hand dealt to its position). */
export interface SeatState {
  readonly seat: SeatNo;
  readonly player: SeatedPlayer | null;
  /** The seat plays this hand (a seated player). */
  readonly playing: boolean;
  /** The cards this position was given, in order (the deal, or the reserved hand). */
  readonly dealt: readonly Card[];
  /** Whose position's cards the player holds: his own, unless a wrong-seat delivery after
   *  someone set (the hands then play as they lie). */
  readonly holds: SeatNo;
  /** Cards of this position's hand reported exposed (null: the dealer did not say which). */
  readonly exposed: readonly (Card | null)[];
  /** Set his three rows face down. */
  readonly ready: boolean;
  /** Surrendered; `cards` his 13 cards when known. */
  readonly surrender: { readonly cards: readonly Card[] | null } | null;
  readonly natural: NaturalClaim | null;
  /** Showdown scanner: rows read so far. */
  readonly scanned: Readonly<Partial<Record<Row, readonly Card[]>>>;
  /** The set hand as shown (complete). */
  readonly hand: ShownHand | null;
  /** OFC: cards placed so far, in the order placed. */
  readonly placed: Readonly<Record<Row, readonly Card[]>>;
  /** The floor ruled the hand fouled (on an irregularity, or directly). */
  readonly fouledByFloor: { readonly irregularity: number | null; readonly reason: string } | null;
}

/** Something the floor must look at. `blocking` ones stop settlement until ruled on. */
export interface Irregularity {
  /** 1, 2, 3 ... within the hand. */
  readonly id: number;
  readonly seat: SeatNo;
  readonly kind: 'card-of-other-seat' | 'card-not-dealt' | 'duplicate-across-seats' | 'wrong-seat-after-set';
  readonly cards: readonly Card[];
  /** wrong-seat-after-set: the seat whose hand `seat` was found holding (the swap's other half). */
  readonly otherSeat?: SeatNo;
  readonly detail: string;
  readonly blocking: boolean;
  readonly at: string;
  readonly resolution: { readonly ruling: 'accept' | 'foul-seat' | 'hand-replaced'; readonly by: Actor; readonly at: string; readonly reason: string } | null;
}

/** A misdeal the terminal has detected and that `followUps` will append. */
export interface PendingMisdeal {
  readonly cause: MisdealCause;
  readonly automatic: boolean;
  readonly detail: string;
}

/** The shoe's reads. */
export interface DealState {
  /** Which position the i-th card goes to. Chinese: 52 entries; OFC: 13 per seated player. */
  readonly schedule: readonly SeatNo[];
  /** Reads so far, readable or not. */
  readonly reads: number;
  /** Readable cards in the order read. */
  readonly cards: readonly Card[];
  /** Position each card was dealt to, indexed by card code (0: not dealt). */
  readonly owner: readonly (SeatNo | 0)[];
  readonly lastSeq: number | null;
  /** When the shoe last read a card (readable or not), or null before the first: how long the
   *  shoe has been idle (a short deal: app/domain/hand/dealer-calls.ts). */
  readonly lastReadAt: string | null;
  readonly ended: boolean;
}

export interface SettlementState {
  readonly record: ShowdownRecord;
  readonly result: SettleResult;
  readonly at: string;
  /** One flag per payment of `result.payments`. */
  readonly executed: readonly boolean[];
}

/** How the hand ended when it did not close normally. */
export type Abort =
  | { readonly kind: 'misdeal'; readonly cause: MisdealCause; readonly automatic: boolean; readonly detail: string; readonly cardsRead: readonly Card[]; readonly by: Actor; readonly at: string }
  | {
    readonly kind: 'void'; readonly reason: string; readonly by: Actor; readonly at: string;
    /** The second floor person's name, when the two-person rule asked for one (else null). */
    readonly second: string | null;
    /** The payments already made when the hand was voided: the dealer moves each back (its
     *  `to` gives `amount` back to its `from`). Empty when no chips had moved. */
    readonly returned: readonly { readonly from: SeatNo; readonly to: SeatNo; readonly amount: number }[];
  };

export interface HandState {
  readonly phase: Phase;
  /** Null only before `hand-started`. */
  readonly info: HandInfo | null;
  /** Indexed by seat - 1. */
  readonly seats: readonly SeatState[];
  readonly deal: DealState;
  readonly pendingMisdeal: PendingMisdeal | null;
  readonly irregularities: readonly Irregularity[];
  readonly showdownAt: string | null;
  readonly settlement: SettlementState | null;
  readonly abort: Abort | null;
  readonly closedAt: string | null;
  /** Events applied so far. */
  readonly eventCount: number;
  /** The `at` of the last event applied. */
  readonly lastAt: string | null;
}

const EMPTY_ROWS: Readonly<Record<Row, readonly Card[]>> = { front: [], middle: [], back: [] };

/** A seat before the hand starts: empty, nothing dealt. */
export function emptySeat(seat: SeatNo): SeatState {
  return {
    seat, player: null, playing: false, dealt: [], holds: seat, exposed: [], ready: false, surrender: null,
    natural: null, scanned: {}, hand: null, placed: EMPTY_ROWS, fouledByFloor: null,
  };
}

/** The state before any event: no hand. */
export const initialState: HandState = {
  phase: 'idle',
  info: null,
  seats: SEAT_NUMBERS.map(emptySeat),
  deal: { schedule: [], reads: 0, cards: [], owner: new Array<0>(52).fill(0), lastSeq: null, lastReadAt: null, ended: false },
  pendingMisdeal: null,
  irregularities: [],
  showdownAt: null,
  settlement: null,
  abort: null,
  closedAt: null,
  eventCount: 0,
  lastAt: null,
};

// The fold builds every state, seat and deal through these three constructors, so all of
// them share one shape each (object spreads of mixed shapes made replay several times slower).

/** A copy of the state with some fields changed. */
export function withState(s: HandState, c: Partial<HandState>): HandState {
  return {
    phase: c.phase ?? s.phase,
    info: c.info !== undefined ? c.info : s.info,
    seats: c.seats ?? s.seats,
    deal: c.deal ?? s.deal,
    pendingMisdeal: c.pendingMisdeal !== undefined ? c.pendingMisdeal : s.pendingMisdeal,
    irregularities: c.irregularities ?? s.irregularities,
    showdownAt: c.showdownAt !== undefined ? c.showdownAt : s.showdownAt,
    settlement: c.settlement !== undefined ? c.settlement : s.settlement,
    abort: c.abort !== undefined ? c.abort : s.abort,
    closedAt: c.closedAt !== undefined ? c.closedAt : s.closedAt,
    eventCount: c.eventCount ?? s.eventCount,
    lastAt: c.lastAt !== undefined ? c.lastAt : s.lastAt,
  };
}

/** A copy of a seat with some fields changed. */
export function withSeatFields(s: SeatState, c: Partial<SeatState>): SeatState {
  return {
    seat: s.seat,
    player: c.player !== undefined ? c.player : s.player,
    playing: c.playing ?? s.playing,
    dealt: c.dealt ?? s.dealt,
    holds: c.holds ?? s.holds,
    exposed: c.exposed ?? s.exposed,
    ready: c.ready ?? s.ready,
    surrender: c.surrender !== undefined ? c.surrender : s.surrender,
    natural: c.natural !== undefined ? c.natural : s.natural,
    scanned: c.scanned ?? s.scanned,
    hand: c.hand !== undefined ? c.hand : s.hand,
    placed: c.placed ?? s.placed,
    fouledByFloor: c.fouledByFloor !== undefined ? c.fouledByFloor : s.fouledByFloor,
  };
}

/** A copy of the deal with some fields changed. */
export function withDeal(d: DealState, c: Partial<DealState>): DealState {
  return {
    schedule: c.schedule ?? d.schedule,
    reads: c.reads ?? d.reads,
    cards: c.cards ?? d.cards,
    owner: c.owner ?? d.owner,
    lastSeq: c.lastSeq !== undefined ? c.lastSeq : d.lastSeq,
    lastReadAt: c.lastReadAt !== undefined ? c.lastReadAt : d.lastReadAt,
    ended: c.ended ?? d.ended,
  };
}

/** The position the k-th card (k = 0..51) of a Chinese Poker deal goes to: starting left of
 *  the button, clockwise (RULES.md section 2: `((button - 1 + 1 + k) mod 4) + 1`), i.e.
 *  `clockwiseFromButton(button)[k % 4]` without building the list for every card. */
export function seatForCard(button: SeatNo, k: number): SeatNo {
  return (((button + k) % 4) + 1) as SeatNo;
}

/** Whether the phase is final. */
export function isOver(state: HandState): boolean {
  return state.phase === 'closed' || state.phase === 'misdealt' || state.phase === 'voided';
}

/** The seat's state (seat 1..4). */
export function seatOf(state: HandState, seat: SeatNo): SeatState {
  return state.seats[seat - 1];
}

/** The seats that play this hand, clockwise from the left of the button. */
export function playingSeats(state: HandState): SeatState[] {
  if (!state.info) return [];
  return clockwiseFromButton(state.info.button).map((s) => state.seats[s - 1]).filter((s) => s.playing);
}
