/**
 * Reads of the query tables for the floor: alerts, recalled hands, the chip ledger, hands
 * by date. Plain SQL over the projections (no state of their own).
 */
import type Database from 'better-sqlite3';
import type { SeatNo } from '../domain/hand/events';
import type { SettleResult } from '../domain/settle';
import type { AlertView, HandSummary, LedgerEntry } from './service-types';
import type { AlertKind } from './table-events';

export interface AlertFilter {
  readonly tableId?: string;
  /** true: only alerts not yet acknowledged; false: only acknowledged ones; absent: all. */
  readonly raised?: boolean;
}

interface AlertRow {
  id: number; table_id: string; hand_id: string | null; kind: AlertKind; code: string; message: string; raised_at: string;
  acknowledged_by: string | null; acknowledged_at: string | null; ack_note: string | null;
}

function alertView(r: AlertRow): AlertView {
  return {
    id: r.id, tableId: r.table_id, handId: r.hand_id, kind: r.kind, code: r.code, message: r.message, raisedAt: r.raised_at,
    acknowledged: r.acknowledged_by !== null ? { by: r.acknowledged_by, at: r.acknowledged_at!, note: r.ack_note } : null,
  };
}

/** Prepared statements kept per connection: the table service reads the raised alerts for
 *  every snapshot it returns (preparing the SQL each time cost more than running it). */
const prepared = new WeakMap<Database.Database, Map<string, Database.Statement>>();

function statement(db: Database.Database, sql: string): Database.Statement {
  let cache = prepared.get(db);
  if (!cache) {
    cache = new Map();
    prepared.set(db, cache);
  }
  let st = cache.get(sql);
  if (!st) {
    st = db.prepare(sql);
    cache.set(sql, st);
  }
  return st;
}

export function readAlerts(db: Database.Database, filter: AlertFilter = {}): AlertView[] {
  const where: string[] = [];
  const args: unknown[] = [];
  if (filter.tableId !== undefined) {
    where.push('table_id = ?');
    args.push(filter.tableId);
  }
  if (filter.raised === true) where.push('acknowledged_at IS NULL');
  if (filter.raised === false) where.push('acknowledged_at IS NOT NULL');
  const sql = `SELECT * FROM alerts ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id`;
  return (statement(db, sql).all(...args) as AlertRow[]).map(alertView);
}

export function readAlert(db: Database.Database, id: number): AlertView | undefined {
  if (!Number.isSafeInteger(id)) return undefined;
  const r = statement(db, 'SELECT * FROM alerts WHERE id = ?').get(id) as AlertRow | undefined;
  return r ? alertView(r) : undefined;
}

interface HandRow {
  id: string; table_id: string; number: number; button: number; dealer: string | null; profile_name: string; profile_version: number;
  point_value: number; phase: string; outcome: HandSummary['outcome']; misdeal_cause: string | null; void_reason: string | null;
  settled_event_id: number | null; started_at: string; ended_at: string | null; first_event_id: number; last_event_id: number;
}

function summaries(db: Database.Database, rows: HandRow[]): HandSummary[] {
  const seatsOf = db.prepare('SELECT * FROM hand_seats WHERE hand_id = ? ORDER BY seat');
  const paymentsOf = db.prepare('SELECT * FROM payments WHERE hand_id = ? ORDER BY ordinal');
  const countOf = db.prepare('SELECT count(*) FROM events WHERE hand_id = ?').pluck(true);
  const bodyOf = db.prepare('SELECT body FROM events WHERE id = ?').pluck(true);
  const simulatedOf = db.prepare("SELECT EXISTS (SELECT 1 FROM events WHERE hand_id = ? AND type IN ('card-dealt', 'card-unreadable') AND json_extract(body, '$.simulated') IS 1)").pluck(true);
  const settledOf = (id: number | null): { record: unknown; result: SettleResult } | null =>
    id === null ? null : (JSON.parse(bodyOf.get(id) as string) as { record: unknown; result: SettleResult });
  return rows.map((r) => {
    const settled = settledOf(r.settled_event_id);
    return {
      handId: r.id, tableId: r.table_id, number: r.number, button: r.button as SeatNo, dealer: r.dealer,
    profile: { name: r.profile_name, version: r.profile_version }, pointValue: r.point_value, phase: r.phase, outcome: r.outcome,
    misdealCause: r.misdeal_cause, voidReason: r.void_reason, startedAt: r.started_at, endedAt: r.ended_at,
    seats: (seatsOf.all(r.id) as {
      seat: SeatNo; player: string; stack_before: number; points: number | null; net: number | null; stack_after: number | null;
      fouled: number; natural: string | null; surrendered: number;
    }[]).map((s) => ({
      seat: s.seat, player: s.player, stackBefore: s.stack_before, points: s.points, net: s.net, stackAfter: s.stack_after,
      fouled: s.fouled === 1, natural: s.natural, surrendered: s.surrendered === 1,
    })),
    payments: (paymentsOf.all(r.id) as { ordinal: number; from_seat: SeatNo; to_seat: SeatNo; amount: number; executed_at: string | null }[]).map((p) => ({
      index: p.ordinal, from: p.from_seat, to: p.to_seat, amount: p.amount, executedAt: p.executed_at,
    })),
    record: settled?.record ?? null,
    result: settled?.result ?? null,
    events: countOf.get(r.id) as number,
    simulated: simulatedOf.get(r.id) === 1,
    };
  });
}

/** The last `count` hands of a table, newest first. */
export function recallHands(db: Database.Database, tableId: string, count: number): HandSummary[] {
  const rows = db.prepare('SELECT * FROM hands WHERE table_id = ? ORDER BY number DESC LIMIT ?').all(tableId, count) as HandRow[];
  return summaries(db, rows);
}

/** Hands started in [from, to) (ISO 8601 times), oldest first; optionally one table's. */
export function handsBetween(db: Database.Database, from: string, to: string, tableId?: string): HandSummary[] {
  const rows = (tableId === undefined
    ? db.prepare('SELECT * FROM hands WHERE started_at >= ? AND started_at < ? ORDER BY started_at, table_id, number').all(from, to)
    : db.prepare('SELECT * FROM hands WHERE started_at >= ? AND started_at < ? AND table_id = ? ORDER BY started_at, number').all(from, to, tableId)) as HandRow[];
  return summaries(db, rows);
}

/** A table's ledger (optionally one player's), oldest first. */
export function readLedger(db: Database.Database, tableId: string, playerId?: string): LedgerEntry[] {
  const rows = (playerId === undefined
    ? db.prepare('SELECT * FROM chip_ledger WHERE table_id = ? ORDER BY id').all(tableId)
    : db.prepare('SELECT * FROM chip_ledger WHERE table_id = ? AND player = ? ORDER BY id').all(tableId, playerId)) as {
    id: number; table_id: string; seat: SeatNo; player: string; kind: LedgerEntry['kind']; amount: number; stack_after: number;
    hand_id: string | null; event_id: number; at: string;
  }[];
  return rows.map((r) => ({
    id: r.id, tableId: r.table_id, seat: r.seat, player: r.player, kind: r.kind, amount: r.amount, stackAfter: r.stack_after,
    handId: r.hand_id, eventId: r.event_id, at: r.at,
  }));
}
