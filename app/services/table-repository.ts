/**
 * The table service's reads of the store, in SQL: the tables of the log, each table's last
 * checkpoint and the entries after it, its last start or stop, and the query rows the start-up
 * check compares with the fold. (Writes go through the store's `write` and the Projector.)
 */
import type Database from 'better-sqlite3';
import type { DeviceReadRefused, ScannerCardHeld, TableEntry, TableState, TerminalStarted } from '../domain/table';
import { TABLE_SEATS } from '../domain/table';
import { parseBody } from './store';

/** One entry of a table's log with its row id. */
export interface LoggedEntry extends TableEntry {
  readonly id: number;
  readonly type: string;
}

/** The query rows of one table that the fold decides. */
export interface TableRows {
  readonly table: { readonly button: number; readonly handsStarted: number } | null;
  readonly seats: readonly { readonly seat: number; readonly player: string; readonly stack: number; readonly shortAllowed: boolean }[];
  /** The hand the hands table has open, or null. */
  readonly openHand: string | null;
}

export class TableRepository {
  private readonly s: Record<string, Database.Statement>;

  constructor(db: Database.Database) {
    const p = (sql: string) => db.prepare(sql);
    this.s = {
      nextTableId: p('SELECT min(table_id) FROM events WHERE table_id > ?').pluck(),
      firstType: p('SELECT type FROM events WHERE table_id = ? ORDER BY id LIMIT 1').pluck(),
      lastCheckpoint: p("SELECT id, body FROM events WHERE table_id = ? AND type = 'table-checkpoint' ORDER BY id DESC LIMIT 1"),
      entriesAfter: p('SELECT id, hand_id, type, body FROM events WHERE table_id = ? AND id > ? ORDER BY id'),
      // The IN (...) lets SQLite use the partial index of starts and stops (events_lifecycle).
      lastLifecycle: p("SELECT type FROM events WHERE table_id = ? AND type IN ('terminal-started', 'terminal-stopped') ORDER BY id DESC LIMIT 1").pluck(),
      lastStart: p("SELECT id, body FROM events WHERE table_id = ? AND type IN ('terminal-started', 'terminal-stopped') AND type = 'terminal-started' ORDER BY id DESC LIMIT 1"),
      tableRow: p('SELECT button, hands_started AS handsStarted FROM tables WHERE id = ?'),
      seatRows: p('SELECT seat, player, stack, short_buy_in_allowed AS short FROM seats WHERE table_id = ?'),
      openHand: p("SELECT id FROM hands WHERE table_id = ? AND outcome = 'open'").pluck(),
      deviceReadsAfter: p("SELECT id, type, body FROM events WHERE table_id = ? AND id > ? AND type IN ('device-read-refused', 'scanner-card-held') ORDER BY id"),
    };
  }

  /**
   * Every table of the log, in id order: each table_id (one index seek each: the log may hold
   * millions of rows) whose first event opens a table; other ids (staff records) are not tables.
   */
  tableIds(): string[] {
    const out: string[] = [];
    for (let id = this.s.nextTableId.get('') as string | null; id !== null; id = this.s.nextTableId.get(id) as string | null) {
      if (this.s.firstType.get(id) === 'table-opened') out.push(id);
    }
    return out;
  }

  /** The table's last `table-checkpoint`, or undefined. */
  lastCheckpoint(tableId: string): { id: number; body: unknown } | undefined {
    const row = this.s.lastCheckpoint.get(tableId) as { id: number; body: string } | undefined;
    return row ? { id: row.id, body: parseBody(row.body, row.id, null, 'table-checkpoint') } : undefined;
  }

  /** The table's entries after row `afterId`, in order. */
  entriesAfter(tableId: string, afterId: number): LoggedEntry[] {
    return (this.s.entriesAfter.all(tableId, afterId) as { id: number; hand_id: string | null; type: string; body: string }[]).map((r) => ({
      id: r.id, type: r.type, handId: r.hand_id, body: parseBody(r.body, r.id, r.hand_id, r.type) as TableEntry['body'],
    }));
  }

  /** The type of the table's last start or stop, or undefined. */
  lastLifecycle(tableId: string): string | undefined {
    return this.s.lastLifecycle.get(tableId) as string | undefined;
  }

  /** The table's last `terminal-started`, or null. */
  lastStart(tableId: string): TerminalStarted | null {
    const row = this.s.lastStart.get(tableId) as { id: number; body: string } | undefined;
    return row ? (parseBody(row.body, row.id, null, 'terminal-started') as TerminalStarted) : null;
  }

  /**
   * The table's refused reads and held scanner cards after row `afterId` (its last checkpoint:
   * a crash cut off the ACK of the last of them at the most), in order.
   */
  deviceReadsAfter(tableId: string, afterId: number): { id: number; body: DeviceReadRefused | ScannerCardHeld }[] {
    return (this.s.deviceReadsAfter.all(tableId, afterId) as { id: number; type: string; body: string }[])
      .map((r) => ({ id: r.id, body: parseBody(r.body, r.id, null, r.type) as DeviceReadRefused | ScannerCardHeld }));
  }

  /** The table's query rows that the fold decides. */
  rows(tableId: string): TableRows {
    const table = (this.s.tableRow.get(tableId) as { button: number; handsStarted: number } | undefined) ?? null;
    const seats = (this.s.seatRows.all(tableId) as { seat: number; player: string; stack: number; short: number }[])
      .map((r) => ({ seat: r.seat, player: r.player, stack: r.stack, shortAllowed: r.short === 1 }));
    return { table, seats, openHand: (this.s.openHand.get(tableId) as string | undefined) ?? null };
  }
}

/**
 * Where a table's query rows differ from the fold's state, one phrase each (empty: they agree):
 * the tables row's button (between hands) and hand count, each seat's player, stack and short
 * buy-in allowance, and which hand is open.
 */
export function rowDifferences(state: TableState, rows: TableRows): string[] {
  const out: string[] = [];
  if (!rows.table) out.push('its tables row is missing');
  else {
    if (!state.hand && rows.table.button !== state.button) out.push(`tables.button is ${rows.table.button}, the log says ${state.button}`);
    if (rows.table.handsStarted !== state.handsStarted) out.push(`tables.hands_started is ${rows.table.handsStarted}, the log says ${state.handsStarted}`);
  }
  for (const seat of TABLE_SEATS) {
    const want = state.seats[seat - 1];
    const have = rows.seats.find((x) => x.seat === seat);
    if (!want && have) out.push(`seat ${seat} has ${have.player} in its row, the log has it empty`);
    else if (want && !have) out.push(`seat ${seat} has no row, the log seats ${want.playerId}`);
    else if (want && have) {
      if (have.player !== want.playerId) out.push(`seat ${seat}'s row is ${have.player}, the log seats ${want.playerId}`);
      else if (have.stack !== want.stack) out.push(`seat ${seat}'s row has a stack of ${have.stack}, the log ${want.stack}`);
      else if (have.shortAllowed !== want.shortBuyInAllowed) out.push(`seat ${seat}'s row has the short buy-in ${have.shortAllowed ? 'allowed' : 'used'}, the log the other way`);
    }
  }
  const inPlay = state.hand?.id ?? null;
  if (rows.openHand !== inPlay) {
    out.push(rows.openHand
      ? `hand ${rows.openHand} is open in the hands table, ${inPlay ? `the log has ${inPlay} in play` : 'the log has no hand in play'}`
      : `the hands table has no open hand, the log has ${inPlay} in play`);
  }
  return out;
}
