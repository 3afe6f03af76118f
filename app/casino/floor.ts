/**
 * The casino floor's reader of the central server (`casino serve`): every table's live state
 * and open alerts, folded incrementally from the central rows (floor-tables.ts), refreshed by
 * polling; the server's own alerts (gaps, forks ...); the hand history across tables and one
 * hand's timeline, read on request and folded with the hand's own fold. Read-only: it never
 * writes to the central database.
 *
 * A refresh asks the server which table databases moved (`terminals.last_id`) and reads only
 * their rows after what it has folded. When the server cannot be reached the last state is
 * kept and shown with `central.state: 'down'`; the next refresh connects again.
 */
import type pg from 'pg';
import { apply, initialState, type HandEvent, type HandState } from '../domain/hand';
import { fail, ok, type Result } from '../domain/result';
import type { ReplayView } from '../contract/floor';
import type { ReplayStep } from '../services/service-types';
import { replayView } from '../terminal/floor-view';
import { connectCentral, describeError, type CentralConnection } from './central-db';
import { centralMigrations, requireCentralSchema } from './central-migrations';
import type { CentralUrl } from './central-url';
import type { CentralAlertKind } from './intake';
import { TerminalFold, type FloorTableView, type FoldStart, type OpenTableAlert, type ReceivedRow } from './floor-tables';

/** A table's state with its link's figures, as the page shows it. */
export interface FloorTable extends FloorTableView {
  /** ms since the server received the table database's last row (null: none yet). */
  readonly lagMs: number | null;
  /** Rows the table last said it has that the server does not hold (0: caught up, as last reported). */
  readonly behind: number;
}

/** An open alert: a table's own (`source: 'table'`) or the central server's (`central`). */
export interface FloorAlert {
  readonly source: 'table' | 'central';
  readonly terminalId: string;
  /** The tables of that table database (a central alert is about the database's log). */
  readonly tableIds: readonly string[];
  readonly kind: AlertKind | CentralAlertKind;
  readonly code: string;
  readonly message: string;
  readonly handId: string | null;
  readonly raisedAt: string;
  /** ms it has waited. */
  readonly waitedMs: number;
}

type AlertKind = OpenTableAlert['kind'];

/** The floor as of the last refresh. */
export interface FloorOverview {
  readonly at: string;
  readonly central: { readonly state: 'connected' | 'down'; readonly since: string | null; readonly reason: string | null; readonly refreshedAt: string | null };
  readonly tables: readonly FloorTable[];
  /** Oldest first. */
  readonly alerts: readonly FloorAlert[];
}

/** One hand in the history. */
export interface FloorHand {
  readonly terminalId: string;
  readonly tableId: string;
  readonly handId: string;
  readonly number: number;
  readonly startedAt: string;
  /** The time of its last event. */
  readonly lastAt: string;
  /** The fold's phase after its last event: `closed`, `misdealt`, `voided`, or a phase still in play. */
  readonly phase: string;
  readonly events: number;
  readonly players: readonly { readonly seat: number; readonly name: string; readonly stack: number; readonly net: number | null }[];
}

/** A page of the history, newest first. */
export interface FloorHistory {
  readonly hands: readonly FloorHand[];
  /** There are older hands (ask with `page + 1`). */
  readonly more: boolean;
}

/** One hand's timeline: the floor panel's replay (app/contract/floor.ts) with the raw `by` of each step. */
export type FloorTimeline = ReplayView & { readonly terminalId: string; readonly tableId: string; readonly who: readonly string[] };

export interface CasinoFloorOptions {
  readonly url: CentralUrl;
  /** ms since the epoch. */
  readonly clock?: () => number;
  /** Rows read per query (default 5000). */
  readonly batchRows?: number;
}

interface TerminalRow { terminal_id: string; last_id: number; head_id: number | null }
interface EventRow { id: number; table_id: string; hand_id: string | null; hand_seq: number | null; type: string; recorded_at: string; body: string; prev_hash: string; hash: string; received_at: Date }

const EVENT_COLUMNS = 'id, table_id, hand_id, hand_seq, type, recorded_at, body, prev_hash, hash, received_at';

function received(r: EventRow): ReceivedRow {
  return {
    id: r.id, tableId: r.table_id, handId: r.hand_id, handSeq: r.hand_seq, type: r.type, recordedAt: r.recorded_at, body: r.body,
    prevHash: r.prev_hash, hash: r.hash, receivedAt: r.received_at.toISOString(),
  };
}

/** See the top of this file. */
export class CasinoFloor {
  private conn: CentralConnection | null = null;
  private readonly folds = new Map<string, TerminalFold>();
  private readonly heads = new Map<string, TerminalRow>();
  private centralAlerts: { id: number; terminalId: string; kind: CentralAlertKind; message: string; firstId: number; lastId: number; raisedAt: string }[] = [];
  private down: { since: string; reason: string } | null = null;
  private refreshedAt: string | null = null;
  private refreshing: Promise<void> | null = null;
  private readonly clock: () => number;
  /** The one connection answers one query at a time: the refresh and the requests take turns. */
  private turn: Promise<unknown> = Promise.resolve();

  constructor(private readonly o: CasinoFloorOptions) {
    this.clock = o.clock ?? Date.now;
  }

  /** Connects and checks the schema (refused as `CentralSession.open` refuses), then a first refresh. */
  async open(): Promise<Result<null>> {
    const c = await this.connect();
    if (!c.ok) return c;
    await this.refresh();
    return ok(null);
  }

  /** Reads what is new on the server (one refresh at a time: a second call waits for the first). Never throws. */
  refresh(): Promise<void> {
    this.refreshing ??= this.exclusive(() => this.refreshOnce()).finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /** The floor as of the last refresh, the waits and lags counted to now. */
  overview(): FloorOverview {
    const now = this.clock();
    const tables: FloorTable[] = [];
    const alerts: FloorAlert[] = [];
    for (const [terminalId, fold] of this.folds) {
      const head = this.heads.get(terminalId);
      const behind = head && head.head_id !== null ? Math.max(0, head.head_id - head.last_id) : 0;
      for (const t of fold.views()) tables.push({ ...t, lagMs: t.lastRowAt === null ? null : Math.max(0, now - Date.parse(t.lastRowAt)), behind });
      for (const a of fold.openAlerts()) {
        alerts.push({ source: 'table', terminalId, tableIds: [a.tableId], kind: a.kind, code: a.code, message: a.message, handId: a.handId, raisedAt: a.raisedAt, waitedMs: Math.max(0, now - Date.parse(a.raisedAt)) });
      }
    }
    for (const a of this.centralAlerts) {
      const tableIds = this.folds.get(a.terminalId)?.views().map((t) => t.tableId) ?? [];
      alerts.push({
        source: 'central', terminalId: a.terminalId, tableIds, kind: a.kind, code: `rows ${a.firstId}-${a.lastId}`, message: a.message, handId: null,
        raisedAt: a.raisedAt, waitedMs: Math.max(0, now - Date.parse(a.raisedAt)),
      });
    }
    tables.sort((a, b) => (a.tableId < b.tableId ? -1 : a.tableId > b.tableId ? 1 : a.terminalId < b.terminalId ? -1 : 1));
    alerts.sort((a, b) => Date.parse(a.raisedAt) - Date.parse(b.raisedAt));
    return {
      at: new Date(now).toISOString(),
      central: { state: this.down ? 'down' : 'connected', since: this.down?.since ?? null, reason: this.down?.reason ?? null, refreshedAt: this.refreshedAt },
      tables,
      alerts,
    };
  }

  /**
   * The hands across tables, newest first (by the start's time), `size` a page (1-100), page
   * 0 the newest; `tableId` only that table's. Each hand folded with the hand fold for its
   * outcome and nets. `central-failed` when the server cannot be asked.
   */
  history(q: { readonly tableId?: string; readonly page: number; readonly size: number }): Promise<Result<FloorHistory>> {
    return this.exclusive(() => this.readHistory(q));
  }

  /** One hand's every event in order, with the state after each, its time and who (`unknown-hand`, `replay-failed`, `central-failed`). */
  timeline(terminalId: string, handId: string): Promise<Result<FloorTimeline>> {
    return this.exclusive(() => this.readTimeline(terminalId, handId));
  }

  private async readHistory(q: { readonly tableId?: string; readonly page: number; readonly size: number }): Promise<Result<FloorHistory>> {
    const c = await this.client();
    if (!c.ok) return c;
    try {
      const started = (await c.value.query<EventRow & { terminal_id: string }>(
        `SELECT terminal_id, ${EVENT_COLUMNS} FROM events WHERE type = 'hand-started' AND ($1::text IS NULL OR table_id = $1)
         ORDER BY recorded_at DESC, terminal_id, id DESC LIMIT $2 OFFSET $3`,
        [q.tableId ?? null, q.size + 1, q.page * q.size],
      )).rows;
      const hands: FloorHand[] = [];
      for (const s of started.slice(0, q.size)) {
        const rows = await this.handRows(c.value, s.terminal_id, s.table_id, s.hand_id!);
        const folded = foldHand(rows);
        const start = JSON.parse(s.body) as Extract<HandEvent, { type: 'hand-started' }>;
        const net = folded.state.settlement?.result.net ?? null;
        hands.push({
          terminalId: s.terminal_id, tableId: s.table_id, handId: s.hand_id!, number: start.handNumber, startedAt: start.at,
          lastAt: rows.length > 0 ? (JSON.parse(rows[rows.length - 1].body) as { at: string }).at : start.at,
          phase: folded.state.phase, events: rows.length,
          players: start.seats.map((p) => ({ seat: p.seat, name: p.name ?? p.playerId, stack: p.stack, net: net ? (net[String(p.seat)] ?? 0) : null })),
        });
      }
      return ok({ hands, more: started.length > q.size });
    } catch (e) {
      this.lost(e);
      return fail('central-failed', `the central server ${this.o.url.shown} failed while reading the history: ${describeError(e)}`);
    }
  }

  private async readTimeline(terminalId: string, handId: string): Promise<Result<FloorTimeline>> {
    const c = await this.client();
    if (!c.ok) return c;
    let rows: EventRow[];
    try {
      const table = (await c.value.query<{ table_id: string }>('SELECT table_id FROM events WHERE terminal_id = $1 AND hand_id = $2 AND type = \'hand-started\' LIMIT 1', [terminalId, handId])).rows[0];
      if (!table) return fail('unknown-hand', `the central server holds no hand ${JSON.stringify(handId)} of table database ${terminalId}`);
      rows = await this.handRows(c.value, terminalId, table.table_id, handId);
    } catch (e) {
      this.lost(e);
      return fail('central-failed', `the central server ${this.o.url.shown} failed while reading hand ${handId}: ${describeError(e)}`);
    }
    const folded = foldHand(rows);
    if (folded.problem) return fail('replay-failed', `hand ${handId}: ${folded.problem}`);
    return ok({ ...replayView(folded.steps), terminalId, tableId: rows[0].table_id, who: folded.steps.map((s) => s.event.body.by) });
  }

  /** Closes the connection; never fails. */
  async close(): Promise<void> {
    await this.refreshing?.catch(() => undefined);
    await this.conn?.close();
    this.conn = null;
  }

  // ------------------------------------------------------------------ internals

  private exclusive<T>(f: () => Promise<T>): Promise<T> {
    const run = this.turn.then(f, f);
    this.turn = run.catch(() => undefined);
    return run;
  }

  private async connect(): Promise<Result<pg.Client>> {
    if (this.conn && !this.conn.broken()) return ok(this.conn.client);
    await this.conn?.close();
    this.conn = null;
    const migrations = centralMigrations();
    if (!migrations.ok) return migrations;
    const c = await connectCentral(this.o.url);
    if (!c.ok) return c;
    try {
      const schema = await requireCentralSchema(c.value.client, migrations.value, this.o.url.shown);
      if (!schema.ok) {
        await c.value.close();
        return schema;
      }
    } catch (e) {
      await c.value.close();
      return fail('central-failed', `the central server ${this.o.url.shown} failed while reading its schema: ${describeError(e)}`);
    }
    this.conn = c.value;
    return ok(c.value.client);
  }

  private async client(): Promise<Result<pg.Client>> {
    const c = await this.connect();
    if (!c.ok) this.markDown(c.error.message);
    return c;
  }

  private markDown(reason: string): void {
    this.down ??= { since: new Date(this.clock()).toISOString(), reason };
    this.down = { since: this.down.since, reason };
  }

  private lost(e: unknown): void {
    this.markDown(`the central server ${this.o.url.shown} failed: ${describeError(e)}`);
    const conn = this.conn;
    this.conn = null;
    void conn?.close();
  }

  private async refreshOnce(): Promise<void> {
    const c = await this.client();
    if (!c.ok) return;
    const db = c.value;
    try {
      const terminals = (await db.query<TerminalRow>('SELECT terminal_id, last_id, head_id FROM terminals ORDER BY terminal_id')).rows;
      for (const t of terminals) {
        this.heads.set(t.terminal_id, t);
        let fold = this.folds.get(t.terminal_id);
        if (!fold) {
          fold = await this.firstLoad(db, t.terminal_id);
          this.folds.set(t.terminal_id, fold);
        }
        const size = this.o.batchRows ?? 5000;
        while (fold.position < t.last_id) {
          const rows = (await db.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM events WHERE terminal_id = $1 AND id > $2 ORDER BY id LIMIT $3`, [t.terminal_id, fold.position, size])).rows;
          if (rows.length === 0) break;
          fold.take(rows.map(received));
        }
      }
      const lastAlert = this.centralAlerts.length > 0 ? this.centralAlerts[this.centralAlerts.length - 1].id : 0;
      const fresh = (await db.query<{ id: number; terminal_id: string; kind: CentralAlertKind; first_id: number; last_id: number; message: string; raised_at: Date }>(
        'SELECT id, terminal_id, kind, first_id, last_id, message, raised_at FROM alerts WHERE id > $1 ORDER BY id', [lastAlert],
      )).rows;
      this.centralAlerts = [...this.centralAlerts, ...fresh.map((a) => ({
        id: a.id, terminalId: a.terminal_id, kind: a.kind, message: a.message, firstId: a.first_id, lastId: a.last_id, raisedAt: a.raised_at.toISOString(),
      }))];
      this.down = null;
      this.refreshedAt = new Date(this.clock()).toISOString();
    } catch (e) {
      this.lost(e);
    }
  }

  /** A table database seen for the first time: each table from its last checkpoint, the alerts open before the lowest. */
  private async firstLoad(db: pg.Client, terminalId: string): Promise<TerminalFold> {
    const fold = new TerminalFold(terminalId);
    const tables = (await db.query<{ table_id: string }>("SELECT DISTINCT table_id FROM events WHERE terminal_id = $1 AND type = 'table-opened'", [terminalId])).rows;
    const starts: FoldStart[] = [];
    for (const { table_id } of tables) {
      const cp = (await db.query<{ id: number; body: string; received_at: Date }>(
        "SELECT id, body, received_at FROM events WHERE table_id = $1 AND terminal_id = $2 AND type = 'table-checkpoint' ORDER BY id DESC LIMIT 1", [table_id, terminalId],
      )).rows[0];
      let body: unknown = null;
      try {
        body = cp ? JSON.parse(cp.body) : null;
      } catch {
        body = null;
      }
      starts.push({ tableId: table_id, checkpoint: cp ? { id: cp.id, body, receivedAt: cp.received_at.toISOString() } : null });
    }
    fold.start(starts);
    const from = starts.length === 0 ? 0 : Math.min(...starts.map((s) => s.checkpoint?.id ?? 0));
    if (from > 0) {
      const alerts = (await db.query<EventRow>(
        `SELECT ${EVENT_COLUMNS} FROM events WHERE terminal_id = $1 AND id <= $2 AND type IN ('alert-raised', 'alert-acknowledged') ORDER BY id`, [terminalId, from],
      )).rows;
      fold.startAlerts(alerts.map(received), from);
    }
    return fold;
  }

  private async handRows(db: pg.Client, terminalId: string, tableId: string, handId: string): Promise<EventRow[]> {
    return (await db.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM events WHERE table_id = $1 AND terminal_id = $2 AND hand_id = $3 ORDER BY id`, [tableId, terminalId, handId])).rows;
  }
}

/** A hand's rows folded with the hand fold, step by step (stopping at the first that does not apply). */
function foldHand(rows: readonly EventRow[]): { steps: ReplayStep[]; state: HandState; problem: string | null } {
  const steps: ReplayStep[] = [];
  let state = initialState;
  for (const [index, r] of rows.entries()) {
    let body: HandEvent;
    try {
      body = JSON.parse(r.body) as HandEvent;
    } catch {
      return { steps, state, problem: `row ${r.id} is not JSON` };
    }
    const next = apply(state, body);
    if (!next.ok) return { steps, state, problem: `event ${index + 1} (${r.type}, row ${r.id}): ${next.error.message}` };
    state = next.value;
    steps.push({ index, event: { id: r.id, tableId: r.table_id, handId: r.hand_id, handSeq: r.hand_seq, type: r.type, recordedAt: r.recorded_at, body }, state });
  }
  return { steps, state, problem: null };
}
