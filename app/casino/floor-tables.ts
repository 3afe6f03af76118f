/**
 * The casino floor's live tables, folded from the central copy of each table's log (pure: rows
 * in, state out; no database, no clock). Each table is folded with the table's own fold
 * (app/domain/table `applyTable`) from its last `table-checkpoint`, as the table service loads
 * it, and then row by row as new central rows arrive: nothing is folded twice. The open alerts
 * of a table database are kept the same way: `alert-raised` adds one, `alert-acknowledged`
 * (same `alertId`, same table database) removes it.
 */
import type { AlertKind, AlertRaised, TableCheckpoint } from '../domain/table';
import { applyTable, tableFromCheckpoint, type TableEntry, type TableState } from '../domain/table';
import type { LogRow } from './log-row';

/** A table's state as the floor reads it. */
export interface FloorTableView {
  readonly terminalId: string;
  readonly tableId: string;
  readonly name: string;
  /** The open hand's phase, or `between-hands`. */
  readonly phase: string;
  /** The open hand's number, else the last hand started (0: none yet). */
  readonly handNumber: number;
  readonly handId: string | null;
  readonly dealer: string | null;
  readonly button: number;
  readonly pointValue: number;
  /** Seats 1-4; during a hand a stack is the stack at its start (as at the table). */
  readonly seats: readonly ({ readonly seat: number; readonly playerId: string; readonly name: string | null; readonly stack: number } | null)[];
  /** The last central row of this table: its id and when the server received it (ISO). */
  readonly lastRowId: number;
  readonly lastRowAt: string | null;
  /** Why the central copy stopped folding at a row (a fork, a damaged row), else null. */
  readonly problem: string | null;
}

/** An alert raised at a table and not acknowledged, as the central copy has it. */
export interface OpenTableAlert {
  readonly terminalId: string;
  readonly tableId: string;
  readonly alertId: number;
  readonly kind: AlertKind;
  readonly code: string;
  readonly message: string;
  readonly handId: string | null;
  /** The alert's own time (`at` of `alert-raised`, ISO). */
  readonly raisedAt: string;
}

/** A central row with when the server received it. */
export type ReceivedRow = LogRow & { readonly receivedAt: string };

/** Where one table's fold starts: its last checkpoint (row id and body), or nothing (from `table-opened`). */
export interface FoldStart {
  readonly tableId: string;
  readonly checkpoint: { readonly id: number; readonly body: unknown; readonly receivedAt: string } | null;
}

interface Folded {
  state: TableState | null;
  /** Rows up to this id are folded (or were before the checkpoint). */
  from: number;
  lastRowId: number;
  lastRowAt: string | null;
  problem: string | null;
}

/** One table database's tables and open alerts, folded from its central rows. */
export class TerminalFold {
  private readonly tables = new Map<string, Folded>();
  private readonly alerts = new Map<number, OpenTableAlert>();
  /** Every row up to this id has been taken in. */
  private upTo = 0;

  constructor(readonly terminalId: string) {}

  /** The last row taken in. */
  get position(): number {
    return this.upTo;
  }

  /**
   * Starts the tables at their checkpoints (the first load): a table's rows up to its
   * checkpoint are then skipped by {@link take}. A checkpoint that is not valid leaves the table
   * with that problem, not folded.
   */
  start(starts: readonly FoldStart[]): void {
    for (const s of starts) {
      if (!s.checkpoint) {
        this.tables.set(s.tableId, { state: null, from: 0, lastRowId: 0, lastRowAt: null, problem: null });
        continue;
      }
      const restored = tableFromCheckpoint(s.checkpoint.body as TableCheckpoint);
      this.tables.set(s.tableId, restored.ok
        ? { state: restored.value, from: s.checkpoint.id, lastRowId: s.checkpoint.id, lastRowAt: s.checkpoint.receivedAt, problem: null }
        : { state: null, from: s.checkpoint.id, lastRowId: s.checkpoint.id, lastRowAt: null, problem: `its checkpoint at row ${s.checkpoint.id} is not valid: ${restored.error.message}` });
    }
  }

  /**
   * The first load's alerts before the rows {@link take} will see: every `alert-raised` and
   * `alert-acknowledged` of the table database up to row `upTo` (the lowest checkpoint
   * {@link start} was given), in order; {@link take} then goes on after `upTo`.
   */
  startAlerts(rows: readonly LogRow[], upTo: number): void {
    for (const r of rows) this.alertRow(r);
    this.upTo = Math.max(this.upTo, upTo);
  }

  /**
   * Takes in the table database's next central rows, in id order, each after {@link position}
   * (rows at or before it are ignored: a refresh that overlaps folds nothing twice). Rows of
   * `@staff` and other non-table logs are skipped; a table first seen with `table-opened` is
   * folded from it. A row the fold refuses stops that table's fold there (`problem`).
   */
  take(rows: readonly ReceivedRow[]): void {
    for (const r of rows) {
      if (r.id <= this.upTo) continue;
      this.upTo = r.id;
      if (r.tableId.startsWith('@')) continue;
      let t = this.tables.get(r.tableId);
      if (!t) {
        if (r.type !== 'table-opened') continue;
        t = { state: null, from: 0, lastRowId: 0, lastRowAt: null, problem: null };
        this.tables.set(r.tableId, t);
      }
      t.lastRowId = r.id;
      t.lastRowAt = r.receivedAt;
      if (r.type === 'alert-raised' || r.type === 'alert-acknowledged') this.alertRow(r);
      if (r.id <= t.from || t.problem !== null) continue;
      let body: unknown;
      try {
        body = JSON.parse(r.body);
      } catch {
        t.problem = `row ${r.id} is not JSON`;
        continue;
      }
      const next = applyTable(t.state, { handId: r.handId, body: body as TableEntry['body'] });
      if (!next.ok) {
        t.problem = `row ${r.id} (${r.type}) does not fold: ${next.error.message}`;
        continue;
      }
      t.state = next.value;
      t.from = r.id;
    }
  }

  /** The tables, in table id order (a table with nothing folded yet is left out). */
  views(): FloorTableView[] {
    const out: FloorTableView[] = [];
    for (const [tableId, t] of [...this.tables].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const s = t.state;
      if (!s) continue;
      out.push({
        terminalId: this.terminalId,
        tableId,
        name: s.name,
        phase: s.hand ? s.hand.state.phase : 'between-hands',
        handNumber: s.hand ? s.hand.number : s.handsStarted,
        handId: s.hand ? s.hand.id : null,
        dealer: s.dealer,
        button: s.button,
        pointValue: s.pointValue,
        seats: s.seats.map((p, i) => (p ? { seat: i + 1, playerId: p.playerId, name: p.name, stack: p.stack } : null)),
        lastRowId: t.lastRowId,
        lastRowAt: t.lastRowAt,
        problem: t.problem,
      });
    }
    return out;
  }

  /** The alerts open at this table database's tables, oldest first. */
  openAlerts(): OpenTableAlert[] {
    return [...this.alerts.values()].sort((a, b) => (a.raisedAt < b.raisedAt ? -1 : a.raisedAt > b.raisedAt ? 1 : a.alertId - b.alertId));
  }

  private alertRow(r: LogRow): void {
    let body: { alertId?: unknown } & Partial<AlertRaised>;
    try {
      body = JSON.parse(r.body) as typeof body;
    } catch {
      return;
    }
    if (typeof body.alertId !== 'number') return;
    if (r.type === 'alert-acknowledged') {
      this.alerts.delete(body.alertId);
      return;
    }
    this.alerts.set(body.alertId, {
      terminalId: this.terminalId, tableId: r.tableId, alertId: body.alertId, kind: body.kind as AlertKind, code: String(body.code ?? ''),
      message: String(body.message ?? ''), handId: body.handId ?? null, raisedAt: r.recordedAt, // as the table's own alerts give it (the row's time, not the event's)
    });
  }
}
