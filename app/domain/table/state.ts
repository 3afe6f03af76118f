/**
 * The state of one table: what the fold in `fold.ts` builds from the table's log (its own
 * events and its hands' events). Plain readonly data, never mutated: `applyTable` returns a
 * new state.
 */
import type { DealMode, ProfileSnapshot, SeatNo, TwoHandedRound } from '../hand/events';
import type { HandState } from '../hand/state';
import type { Profile } from '../profiles';
import type { PlayedHand } from './correction';
import type { TableLanguage } from './events';

/** A seated player. */
export interface TableSeat {
  readonly playerId: string;
  /** Display name; null when the room records none. */
  readonly name: string | null;
  /** Chips in front of him between hands (during a hand: at its start), minor units. */
  readonly stack: number;
  /** His next buy-in may be a short one (his last was full and no short one since). */
  readonly shortBuyInAllowed: boolean;
}

/** The hand in play. */
export interface OpenHand {
  readonly id: string;
  /** 1, 2, 3 ... within the table. */
  readonly number: number;
  readonly state: HandState;
}

/** What the next hand inherits from the last one that ended (the hand fold's `carryOver`). */
export interface CarriedOver {
  /** Two-handed: the reserved round the next hand plays (no deal), or null. */
  readonly reservedRound: Extract<TwoHandedRound, { round: 'reserved' }> | null;
  /** OFC: the seats in Fantasyland next hand (those still seated with chips). */
  readonly fantasyland: readonly SeatNo[];
}

export interface TableState {
  readonly id: string;
  readonly name: string;
  /** The house rules, validated by `resolveProfile`. */
  readonly profile: Profile;
  /** The same as stored in `table-opened` (what each `hand-started` must carry). */
  readonly profileSnapshot: ProfileSnapshot;
  /** Minor units per point. */
  readonly pointValue: number;
  /** The language a screen opening the table starts in (set by the admin); null: none set, each screen its own. */
  readonly language: TableLanguage | null;
  readonly mode: DealMode;
  /** Where the shoe's sequence numbers wrap; null: never. */
  readonly seqModulo: number | null;
  /** The button of the next hand (during a hand: of that hand). */
  readonly button: SeatNo;
  /** Hands started at this table so far (misdeals and voids included). */
  readonly handsStarted: number;
  /** Seats 1-4 (index seat - 1); null when empty. */
  readonly seats: readonly (TableSeat | null)[];
  /** The dealer on duty (his name), or null. */
  readonly dealer: string | null;
  /** The staff id of the dealer on duty, when he took the box signed in; else null. */
  readonly dealerStaffId: string | null;
  readonly hand: OpenHand | null;
  readonly carried: CarriedOver;
  /** The last hand played to its close, while the floor may still correct it (until the next
   *  hand starts), with its correction's chips to move; null otherwise. */
  readonly lastPlayed: PlayedHand | null;
}

export const TABLE_SEATS: readonly SeatNo[] = [1, 2, 3, 4];

/** Nothing carried over: the first hand, or after a hand that leaves nothing to the next. */
export const NOTHING_CARRIED: CarriedOver = { reservedRound: null, fantasyland: [] };

/** A table id: 1-32 letters, digits, "_" or "." (no spaces or "-": hand ids are `<table>-<n>`). */
export const TABLE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.]{0,31}$/;

export function isTableId(x: unknown): x is string {
  return typeof x === 'string' && TABLE_ID_PATTERN.test(x);
}

/** The id of the table's hand number `number`: `T1-7`. */
export function handIdFor(tableId: string, number: number): string {
  return `${tableId}-${number}`;
}

/** The number of the table's hand `handId`, or null when it is not one of the table's ids. */
export function handNumberOf(tableId: string, handId: string): number | null {
  const prefix = `${tableId}-`;
  if (!handId.startsWith(prefix)) return null;
  const n = handId.slice(prefix.length);
  return /^[1-9][0-9]{0,14}$/.test(n) ? Number(n) : null;
}

/** A copy of the state with some fields changed. */
export function withTable(s: TableState, c: Partial<TableState>): TableState {
  return {
    id: s.id,
    name: c.name ?? s.name,
    profile: c.profile ?? s.profile,
    profileSnapshot: c.profileSnapshot ?? s.profileSnapshot,
    pointValue: c.pointValue ?? s.pointValue,
    language: c.language !== undefined ? c.language : s.language,
    mode: s.mode,
    seqModulo: s.seqModulo,
    button: c.button ?? s.button,
    handsStarted: c.handsStarted ?? s.handsStarted,
    seats: c.seats ?? s.seats,
    dealer: c.dealer !== undefined ? c.dealer : s.dealer,
    dealerStaffId: c.dealerStaffId !== undefined ? c.dealerStaffId : s.dealerStaffId,
    hand: c.hand !== undefined ? c.hand : s.hand,
    carried: c.carried ?? s.carried,
    lastPlayed: c.lastPlayed !== undefined ? c.lastPlayed : s.lastPlayed,
  };
}

/** A copy of the seats with one seat replaced. */
export function withSeatAt(seats: readonly (TableSeat | null)[], seat: SeatNo, value: TableSeat | null): (TableSeat | null)[] {
  const out = seats.slice();
  out[seat - 1] = value;
  return out;
}

/** The seated players with chips, in seat order: the players the next hand deals in. */
export function playersWithChips(state: TableState): { readonly seat: SeatNo; readonly player: TableSeat }[] {
  return TABLE_SEATS.flatMap((seat) => {
    const p = state.seats[seat - 1];
    return p && p.stack > 0 ? [{ seat, player: p }] : [];
  });
}
