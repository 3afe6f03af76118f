/**
 * A session with the central server: what it holds of a table's log, taking in a batch of
 * rows (checked by intake.ts, stored in one transaction with what was found), and the reads
 * the audit needs. Every method gives a Result: `central-failed` when the server could not be
 * asked (the connection is then useless: close it and connect again).
 *
 * One transaction per batch, with the table's row in `terminals` locked (`FOR UPDATE`): two
 * forwarders of the same table (a terminal and a `table sync` on a copy) take turns, and the
 * batch's rows, its alerts and the new end of the chain commit together or not at all. When the
 * commit's answer is lost the batch is sent again and its rows are then resends.
 */
import type pg from 'pg';
import { fail, ok, type Result } from '../domain/result';
import { GENESIS_HASH } from '../services/event-log';
import type { Migration } from '../services/migrations';
import { connectCentral, describeError, type CentralConnection, type ConnectLimits } from './central-db';
import { centralMigrations, requireCentralSchema } from './central-migrations';
import type { CentralUrl } from './central-url';
import { intake, type CentralAlertKind, type CentralFinding } from './intake';
import type { LogEnd, LogRow } from './log-row';

/** A batch as a forwarder sends it. */
export interface IngestBatch {
  /** In increasing id order (may be empty: a report of the table's end alone). */
  readonly rows: readonly LogRow[];
  /** The table's own end of its log. */
  readonly head: LogEnd;
  /** What the table's cursor says this server confirmed (null: none, or a cursor of another server). */
  readonly cursorId: number | null;
}

/** A finding, and whether this batch recorded it (false: an alert of that kind at that row was on record already). */
export type RecordedFinding = CentralFinding & { readonly recorded: boolean };

/** The server's answer to a batch, once committed. */
export interface IngestReceipt {
  readonly stored: number;
  readonly duplicates: number;
  readonly findings: readonly RecordedFinding[];
  /** The end of the table's chain as the server now holds it. */
  readonly end: LogEnd;
}

/** A central alert as stored. */
export interface CentralAlert {
  readonly id: number;
  readonly terminalId: string;
  readonly kind: CentralAlertKind;
  readonly firstId: number;
  readonly lastId: number;
  readonly message: string;
  readonly raisedAt: string;
}

/** A table database the server has heard from. */
export interface CentralTerminal {
  readonly terminalId: string;
  readonly end: LogEnd;
  /** The table's own end as it last reported it (null: never reported). */
  readonly head: LogEnd | null;
  readonly rows: number;
}

function failed(url: CentralUrl, what: string, e: unknown): { ok: false; error: { code: string; message: string } } {
  return fail('central-failed', `the central server ${url.shown} failed while ${what}: ${describeError(e)}`);
}

/** An open session; see the top of this file. */
export class CentralSession {
  private constructor(
    private readonly conn: CentralConnection,
    /** The server's identity (`central_schema.central_id`). */
    readonly centralId: string,
  ) {}

  /**
   * Connects and checks the schema: `bad-central-url`... (see central-url.ts),
   * `central-unreachable`, `central-not-migrated`, `central-from-future`, `not-a-central-database`.
   */
  static async open(url: CentralUrl, limits: ConnectLimits & { readonly migrations?: readonly Migration[] } = {}): Promise<Result<CentralSession>> {
    const known = limits.migrations ? ok(limits.migrations) : centralMigrations();
    if (!known.ok) return known;
    const conn = await connectCentral(url, limits);
    if (!conn.ok) return conn;
    try {
      const schema = await requireCentralSchema(conn.value.client, known.value, url.shown);
      if (!schema.ok) {
        await conn.value.close();
        return schema;
      }
      return ok(new CentralSession(conn.value, schema.value.centralId));
    } catch (e) {
      await conn.value.close();
      return failed(url, 'reading its schema', e);
    }
  }

  private get client(): pg.Client {
    return this.conn.client;
  }

  /** The URL as it may be printed. */
  get shown(): string {
    return this.conn.url.shown;
  }

  /** Whether the connection broke while idle (the session is then useless). */
  broken(): Error | null {
    return this.conn.broken();
  }

  /** The end of the table's chain as the server holds it (0 and 64 zeros: nothing yet). */
  async position(terminalId: string): Promise<Result<LogEnd>> {
    try {
      const row = (await this.client.query<{ last_id: number; last_hash: string }>('SELECT last_id, last_hash FROM terminals WHERE terminal_id = $1', [terminalId])).rows[0];
      return ok(row ? { lastId: row.last_id, lastHash: row.last_hash } : { lastId: 0, lastHash: GENESIS_HASH });
    } catch (e) {
      return failed(this.conn.url, 'reading where the table stands', e);
    }
  }

  /**
   * Takes in a batch from the table `terminalId` (see the top of this file). Refused without
   * storing anything: `bad-batch` (rows out of order), `central-failed`.
   */
  async ingest(terminalId: string, batch: IngestBatch): Promise<Result<IngestReceipt>> {
    const c = this.client;
    try {
      await c.query('BEGIN');
      // The upsert locks the table's row until the commit (as FOR UPDATE would).
      const t = (await c.query<{ last_id: number; last_hash: string }>(
        `INSERT INTO terminals (terminal_id) VALUES ($1) ON CONFLICT (terminal_id) DO UPDATE SET last_seen_at = now() RETURNING last_id, last_hash`,
        [terminalId],
      )).rows[0];
      const end: LogEnd = { lastId: t.last_id, lastHash: t.last_hash };
      const oldIds = batch.rows.filter((r) => r.id <= end.lastId).map((r) => r.id);
      const hasFresh = batch.rows.some((r) => r.id > end.lastId);
      const held = new Map<number, string>();
      const recent: { id: number; hash: string }[] = [];
      if (oldIds.length > 0 || hasFresh) {
        const rows = (await c.query<{ held: boolean; id: number; hash: string }>(
          `SELECT true AS held, id, hash FROM events WHERE terminal_id = $1 AND id = ANY($2::bigint[])
           UNION ALL
           SELECT false, id, hash FROM (SELECT id, hash FROM events WHERE terminal_id = $1 AND id <= $3 AND $4 ORDER BY id DESC LIMIT 8) AS last_rows`,
          [terminalId, oldIds, end.lastId, hasFresh],
        )).rows;
        for (const r of rows) {
          if (r.held) held.set(r.id, r.hash);
          else recent.push({ id: r.id, hash: r.hash });
        }
        recent.sort((a, b) => a.id - b.id);
      }
      const sorted = intake({ end, recent, held, rows: batch.rows, head: batch.head, cursorId: batch.cursorId });
      if (!sorted.ok) {
        await c.query('ROLLBACK');
        return sorted;
      }
      const { store, duplicates, findings } = sorted.value;
      if (store.length > 0) {
        await c.query(
          `INSERT INTO events (terminal_id, id, table_id, hand_id, hand_seq, type, recorded_at, body, prev_hash, hash)
           SELECT $1, * FROM unnest($2::bigint[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])`,
          [terminalId, store.map((r) => r.id), store.map((r) => r.tableId), store.map((r) => r.handId), store.map((r) => r.handSeq),
            store.map((r) => r.type), store.map((r) => r.recordedAt), store.map((r) => r.body), store.map((r) => r.prevHash), store.map((r) => r.hash)],
        );
      }
      const recorded = new Set<string>();
      for (const f of findings) {
        const r = await c.query(
          `INSERT INTO alerts (terminal_id, kind, first_id, last_id, message, detail) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (terminal_id, kind, first_id) DO NOTHING`,
          [terminalId, f.kind, f.firstId, f.lastId, f.message, JSON.stringify(f.detail)],
        );
        if (r.rowCount === 1) recorded.add(`${f.kind} ${f.firstId}`);
      }
      const after = sorted.value.end;
      await c.query(
        'UPDATE terminals SET last_id = $2, last_hash = $3, head_id = $4, head_hash = $5, last_seen_at = now() WHERE terminal_id = $1',
        [terminalId, after.lastId, after.lastHash, batch.head.lastId, batch.head.lastHash],
      );
      await c.query('COMMIT');
      return ok({
        stored: store.length,
        duplicates,
        findings: findings.map((f) => ({ ...f, recorded: recorded.has(`${f.kind} ${f.firstId}`) })),
        end: after,
      });
    } catch (e) {
      await c.query('ROLLBACK').catch(() => undefined);
      return failed(this.conn.url, 'taking in rows', e);
    }
  }

  /** Every table database the server has heard from, in identity order. */
  async terminals(): Promise<Result<CentralTerminal[]>> {
    try {
      const rows = (await this.client.query<{ terminal_id: string; last_id: number; last_hash: string; head_id: number | null; head_hash: string | null; rows: number }>(
        `SELECT t.terminal_id, t.last_id, t.last_hash, t.head_id, t.head_hash, (SELECT count(*) FROM events e WHERE e.terminal_id = t.terminal_id) AS rows
         FROM terminals t ORDER BY t.terminal_id`,
      )).rows;
      return ok(rows.map((r) => ({
        terminalId: r.terminal_id,
        end: { lastId: r.last_id, lastHash: r.last_hash },
        head: r.head_id === null || r.head_hash === null ? null : { lastId: r.head_id, lastHash: r.head_hash },
        rows: r.rows,
      })));
    } catch (e) {
      return failed(this.conn.url, 'listing the tables', e);
    }
  }

  /** The alerts recorded for a table database, oldest first. */
  async alerts(terminalId: string): Promise<Result<CentralAlert[]>> {
    try {
      const rows = (await this.client.query<{ id: number; kind: CentralAlertKind; first_id: number; last_id: number; message: string; raised_at: Date }>(
        'SELECT id, kind, first_id, last_id, message, raised_at FROM alerts WHERE terminal_id = $1 ORDER BY id',
        [terminalId],
      )).rows;
      return ok(rows.map((r) => ({ id: r.id, terminalId, kind: r.kind, firstId: r.first_id, lastId: r.last_id, message: r.message, raisedAt: r.raised_at.toISOString() })));
    } catch (e) {
      return failed(this.conn.url, 'reading the alerts', e);
    }
  }

  /** Up to `limit` of the table's rows with `id > afterId`, in id order, exactly as received. */
  async rowsAfter(terminalId: string, afterId: number, limit: number): Promise<Result<LogRow[]>> {
    try {
      const rows = (await this.client.query<{ id: number; table_id: string; hand_id: string | null; hand_seq: number | null; type: string; recorded_at: string; body: string; prev_hash: string; hash: string }>(
        `SELECT id, table_id, hand_id, hand_seq, type, recorded_at, body, prev_hash, hash FROM events
         WHERE terminal_id = $1 AND id > $2 ORDER BY id LIMIT $3`,
        [terminalId, afterId, limit],
      )).rows;
      return ok(rows.map((r) => ({
        id: r.id, tableId: r.table_id, handId: r.hand_id, handSeq: r.hand_seq, type: r.type, recordedAt: r.recorded_at, body: r.body, prevHash: r.prev_hash, hash: r.hash,
      })));
    } catch (e) {
      return failed(this.conn.url, 'reading rows', e);
    }
  }

  /** Closes the session; never fails. */
  close(): Promise<void> {
    return this.conn.close();
  }
}
