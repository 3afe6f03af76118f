/**
 * The floor's hand history: the hands of a table found by time, dealer, seat, player, number
 * and outcome, newest first, a page at a time; and what a hand's timeline needs beside its
 * events (its row, seats, payments and alerts). Plain SQL over the query tables and their
 * search indexes (migration 0007); the event log stays the record.
 */
import type { HandCorrected } from '../domain/table/events';
import type Database from 'better-sqlite3';
import type { SeatNo } from '../domain/hand/events';
import type { AlertView, HandSummary } from './service-types';

/** What a hand can be searched for: its end (`open` ... `void`) or what happened in it. */
export const SEARCH_OUTCOMES = ['open', 'played', 'misdeal', 'void', 'foul', 'natural', 'surrender', 'all-in', 'corrected'] as const;
export type SearchOutcome = (typeof SEARCH_OUTCOMES)[number];

/** The most hands one page holds, and the page when none is asked. */
export const SEARCH_LIMIT_MAX = 100;
export const SEARCH_LIMIT_DEFAULT = 20;

/** A search of one table's hands. Every filter given must hold (AND). */
export interface HandSearch {
  readonly tableId: string;
  /** Started at or after `from` and before `to` (ISO 8601 times). */
  readonly from?: string;
  readonly to?: string;
  /** The dealer on duty, by name as the hand records him. */
  readonly dealer?: string;
  /**
   * A seat that played the hand. With `player`, the player sat there; with a seat's outcome
   * (`foul`, `natural`, `surrender`, `all-in`), it happened to that seat.
   */
  readonly seat?: SeatNo;
  /** A player (his player id) who played the hand. */
  readonly player?: string;
  /** The hand's number at the table. */
  readonly number?: number;
  readonly outcome?: SearchOutcome;
  /** A misdeal's cause (`card-read-twice` ...): misdeals of that cause only. */
  readonly cause?: string;
  /** The page: hands numbered below `before` (the last page's `next`), at most `limit` (1-100). */
  readonly before?: number;
  readonly limit?: number;
}

/** One seat of a found hand: the recall's seat, and whether he was all in. */
export type FoundSeat = HandSummary['seats'][number] & { readonly allIn: boolean };

/** One found hand, as the query tables hold it: the recall's fields, its search counts and its seats. */
export interface FoundHand extends Omit<HandSummary, 'seats' | 'payments' | 'record' | 'result' | 'events' | 'simulated'> {
  readonly fouls: number;
  readonly naturals: number;
  readonly surrenders: number;
  readonly allIns: number;
  /** Floor corrections recorded on the hand (notes included). */
  readonly corrections: number;
  readonly settledEventId: number | null;
  readonly seats: readonly FoundSeat[];
}

/** A page of found hands, newest first; `next`: the `before` of the next page (null: no more). */
export interface HandPage {
  readonly hands: readonly FoundHand[];
  readonly next: number | null;
}

interface HandRow {
  id: string; table_id: string; number: number; button: number; dealer: string | null; profile_name: string; profile_version: number;
  point_value: number; phase: string; outcome: FoundHand['outcome']; misdeal_cause: string | null; void_reason: string | null;
  settled_event_id: number | null; started_at: string; ended_at: string | null;
  fouls: number; naturals: number; surrenders: number; all_ins: number; corrections: number;
}

interface SeatRow {
  seat: SeatNo; player: string; stack_before: number; points: number | null; net: number | null; stack_after: number | null;
  fouled: number; natural: string | null; surrendered: number; all_in: number;
}

/** The hand_seats column of each seat's outcome. */
const SEAT_FLAG: Partial<Record<SearchOutcome, string>> = {
  foul: 's.fouled = 1', natural: 's.natural IS NOT NULL', surrender: 's.surrendered = 1', 'all-in': 's.all_in = 1',
};
/** The hands column of each outcome (each has its partial index). */
const HAND_FLAG: Partial<Record<SearchOutcome, string>> = {
  foul: 'h.fouls > 0', natural: 'h.naturals > 0', surrender: 'h.surrenders > 0', 'all-in': 'h.all_ins > 0', corrected: 'h.corrections > 0',
};

function foundHand(db: Database.Database, r: HandRow): FoundHand {
  const seats = db.prepare('SELECT * FROM hand_seats WHERE hand_id = ? ORDER BY seat').all(r.id) as SeatRow[];
  return {
    handId: r.id, tableId: r.table_id, number: r.number, button: r.button as SeatNo, dealer: r.dealer,
    profile: { name: r.profile_name, version: r.profile_version }, pointValue: r.point_value, phase: r.phase, outcome: r.outcome,
    misdealCause: r.misdeal_cause, voidReason: r.void_reason, startedAt: r.started_at, endedAt: r.ended_at,
    fouls: r.fouls, naturals: r.naturals, surrenders: r.surrenders, allIns: r.all_ins, corrections: r.corrections,
    settledEventId: r.settled_event_id,
    seats: seats.map((s) => ({
      seat: s.seat, player: s.player, stackBefore: s.stack_before, points: s.points, net: s.net, stackAfter: s.stack_after,
      fouled: s.fouled === 1, natural: s.natural, surrendered: s.surrendered === 1, allIn: s.all_in === 1,
    })),
  };
}

/**
 * The hands of `search.tableId` that pass every filter given, newest (highest number) first, at
 * most `limit` (default 20, at most 100; a limit out of 1-100 is taken as the nearest). A date
 * range is turned into the range of hand numbers started in it first (a table numbers its hands
 * in the order they start), so every filter pages along the hands' numbers through its own index.
 * A table with no such hands gives an empty page.
 */
export function searchHands(db: Database.Database, search: HandSearch): HandPage {
  const limit = Math.min(SEARCH_LIMIT_MAX, Math.max(1, Math.trunc(search.limit ?? SEARCH_LIMIT_DEFAULT)));
  const where: string[] = ['h.table_id = ?'];
  const args: unknown[] = [search.tableId];
  const t = search.tableId;
  if (search.from !== undefined || search.to !== undefined) {
    // The first and last hand numbers started in the range: two seeks of hands_search_started.
    const first = search.from === undefined ? null
      : db.prepare('SELECT number FROM hands WHERE table_id = ? AND started_at >= ? ORDER BY started_at, number LIMIT 1').pluck().get(t, search.from) as number | undefined;
    const last = search.to === undefined ? null
      : db.prepare('SELECT number FROM hands WHERE table_id = ? AND started_at < ? ORDER BY started_at DESC, number DESC LIMIT 1').pluck().get(t, search.to) as number | undefined;
    if (first === undefined || last === undefined) return { hands: [], next: null };
    if (first !== null) { where.push('h.number >= ?'); args.push(first); }
    if (last !== null) { where.push('h.number <= ?'); args.push(last); }
    if (search.from !== undefined) { where.push('h.started_at >= ?'); args.push(search.from); }
    if (search.to !== undefined) { where.push('h.started_at < ?'); args.push(search.to); }
  }
  if (search.number !== undefined) { where.push('h.number = ?'); args.push(search.number); }
  if (search.before !== undefined) { where.push('h.number < ?'); args.push(search.before); }
  if (search.dealer !== undefined) { where.push('h.dealer = ?'); args.push(search.dealer); }
  const outcome = search.outcome;
  if (outcome === 'open' || outcome === 'played' || outcome === 'misdeal' || outcome === 'void') {
    where.push('h.outcome = ?');
    args.push(outcome);
  } else if (outcome !== undefined) {
    where.push(HAND_FLAG[outcome]!);
  }
  if (search.cause !== undefined) { where.push('h.misdeal_cause = ?'); args.push(search.cause); }
  if (search.player !== undefined) {
    where.push(`h.id IN (SELECT hand_id FROM hand_seats WHERE player = ?${search.seat !== undefined ? ' AND seat = ?' : ''})`);
    args.push(search.player);
    if (search.seat !== undefined) args.push(search.seat);
  }
  if (search.seat !== undefined) {
    const flag = outcome !== undefined ? SEAT_FLAG[outcome] : undefined;
    where.push(`EXISTS (SELECT 1 FROM hand_seats s WHERE s.hand_id = h.id AND s.seat = ?${flag ? ` AND ${flag}` : ''})`);
    args.push(search.seat);
  }
  const sql = `SELECT h.* FROM hands h WHERE ${where.join(' AND ')} ORDER BY h.number DESC LIMIT ?`;
  const rows = db.prepare(sql).all(...args, limit + 1) as HandRow[];
  const page = rows.slice(0, limit);
  return { hands: page.map((r) => foundHand(db, r)), next: rows.length > limit ? page[page.length - 1]!.number : null };
}

/** One hand's row and seats, or undefined when the table has no such hand. */
export function readFoundHand(db: Database.Database, tableId: string, handId: string): FoundHand | undefined {
  const r = db.prepare('SELECT * FROM hands WHERE id = ? AND table_id = ?').get(handId, tableId) as HandRow | undefined;
  return r ? foundHand(db, r) : undefined;
}

/** A hand's payments in the dealer's order: who paid whom, when it was ticked and by which log row. */
export interface FoundPayment {
  readonly index: number;
  readonly from: SeatNo;
  readonly to: SeatNo;
  readonly amount: number;
  readonly executedAt: string | null;
  readonly executedEventId: number | null;
}

export function readPayments(db: Database.Database, handId: string): FoundPayment[] {
  return (db.prepare('SELECT * FROM payments WHERE hand_id = ? ORDER BY ordinal').all(handId) as {
    ordinal: number; from_seat: SeatNo; to_seat: SeatNo; amount: number; executed_at: string | null; executed_event_id: number | null;
  }[]).map((p) => ({ index: p.ordinal, from: p.from_seat, to: p.to_seat, amount: p.amount, executedAt: p.executed_at, executedEventId: p.executed_event_id }));
}

/** The alerts raised in a hand, oldest first, with their acknowledgements. */
export function readHandAlerts(db: Database.Database, handId: string): AlertView[] {
  return (db.prepare('SELECT * FROM alerts WHERE hand_id = ? ORDER BY id').all(handId) as {
    id: number; table_id: string; hand_id: string | null; kind: AlertView['kind']; code: string; message: string; raised_at: string;
    acknowledged_by: string | null; acknowledged_at: string | null; ack_note: string | null;
  }[]).map((r) => ({
    id: r.id, tableId: r.table_id, handId: r.hand_id, kind: r.kind, code: r.code, message: r.message, raisedAt: r.raised_at,
    acknowledged: r.acknowledged_by !== null ? { by: r.acknowledged_by, at: r.acknowledged_at!, note: r.ack_note } : null,
  }));
}

/** A correction of a hand as stored (`hand-corrected`, a table event naming the hand), oldest first. */
export interface FoundCorrection {
  readonly eventId: number;
  readonly recordedAt: string;
  readonly body: HandCorrected;
}

/** The corrections of hand `handId` at table `tableId`, oldest first (index `events_hand_corrections`). */
export function readHandCorrections(db: Database.Database, tableId: string, handId: string): FoundCorrection[] {
  const rows = db.prepare("SELECT id, recorded_at, body FROM events WHERE type = 'hand-corrected' AND json_extract(body, '$.handId') = ? AND table_id = ? ORDER BY id")
    .all(handId, tableId) as { id: number; recorded_at: string; body: string }[];
  return rows.map((r) => ({ eventId: r.id, recordedAt: r.recorded_at, body: JSON.parse(r.body) as HandCorrected }));
}
