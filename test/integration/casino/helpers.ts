/** The casino tests' set-up: a throw-away PostgreSQL with the central schema, the commands run as a user runs them, a table file edited behind the central's back. */
import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import pg from 'pg';
import { expect } from 'vitest';
import { CentralSession } from '../../../app/casino/central';
import { parseCentralUrl } from '../../../app/casino/central-url';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { centralMigrations, migrateCentral } from '../../../app/casino/central-migrations';
import { unwrap } from '../../../app/domain/result';
import { rowHash } from '../../../app/services/event-log';
import { parseTerminalArgs } from '../../../app/terminal/config';
import { openTerminal, type CentralLinkOptions, type Terminal } from '../../../app/terminal/terminal';
import { databaseWithStaff } from '../../support/staff';
import { ROOT, type Ran } from '../../support/table-cli';
import { startPostgres, type PgCluster } from '../../support/postgres';

export { ROOT };
export { dealHands } from './deal';

/** Runs `npm run --silent casino -- ...args` (without npm) and resolves when it has exited. */
export function casino(...args: string[]): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'app/cli/casino.ts', ...args], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** A cluster with one database, migrated by `casino migrate` (the command, as an operator runs it). */
export async function centralServer(name = 'casino'): Promise<{ cluster: PgCluster; url: string }> {
  const cluster = await startPostgres();
  try {
    const url = await cluster.createDatabase(name);
    const m = await casino('migrate', '--central', url);
    expect(m.stderr).toBe('');
    expect(m.code).toBe(0);
    return { cluster, url };
  } catch (e) {
    await cluster.destroy();
    throw e;
  }
}

/**
 * A new database on `cluster` with the central schema (migrated in-process, as `casino
 * migrate` does): each test that opens terminals made from the staff template gets its own,
 * since copies of one file are one table database to the server.
 */
export async function migratedDatabase(cluster: PgCluster, name: string): Promise<string> {
  const url = await cluster.createDatabase(name);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const m = await migrateCentral(client, unwrap(centralMigrations()), name);
    if (!m.ok) throw new Error(m.error.message);
  } finally {
    await client.end();
  }
  return url;
}

/** The forwarder's timings for the tests: quick retries and polls, and an orderly stop that sends all that is pending. */
export const QUICK_LINK: CentralLinkOptions = { pollMs: 20, firstRetryMs: 20, maxRetryMs: 200, connectTimeoutMs: 5000, stopFlushMs: 60_000, stopGraceMs: 60_000 };

/**
 * A terminal as both front doors open it (their flags, `openTerminal`), on a new file with the
 * test staff (`dir/name`), its simulated shoe dealing `seed` at once; `argv` added (`--central URL`).
 */
export async function openTerminalAt(dir: string, name: string, seed: number, argv: readonly string[], central: CentralLinkOptions = QUICK_LINK): Promise<{ terminal: Terminal; db: string }> {
  const db = join(dir, name);
  if (!existsSync(db)) databaseWithStaff(db);
  const parsed = parseTerminalArgs(['--db', db, '--sim-seed', String(seed), '--sim-pace', '0', ...argv], { db: 'unused', seed: 1 });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return { terminal: await openTerminal(parsed.value.config, { central }), db };
}

/** A session with the central server (failing the test when refused). */
export async function session(url: string): Promise<CentralSession> {
  const u = parseCentralUrl(url);
  if (!u.ok) throw new Error(u.error.message);
  const s = await CentralSession.open(u.value);
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
}

/** Runs one query on the central database and gives its rows. */
export async function query<R extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** The rows the central server holds of one table database, in id order, with the table file's columns. */
export async function centralRows(url: string, terminalId: string): Promise<unknown[][]> {
  const rows = await query<Record<string, unknown>>(url,
    'SELECT id::int, table_id, hand_id, hand_seq::int, type, recorded_at, body, prev_hash, hash FROM events WHERE terminal_id = $1 ORDER BY id', [terminalId]);
  return rows.map((r) => [r.id, r.table_id, r.hand_id, r.hand_seq, r.type, r.recorded_at, r.body, r.prev_hash, r.hash]);
}

/** The rows of a table file, in id order (read-only, beside any writer). */
export function fileRows(path: string): unknown[][] {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT id, table_id, hand_id, hand_seq, type, recorded_at, body, prev_hash, hash FROM events ORDER BY id').raw(true).all() as unknown[][];
  } finally {
    db.close();
  }
}

/** A table file's terminal identity. */
export function identityOf(path: string): string {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT id FROM terminal_identity').pluck().get() as string;
  } finally {
    db.close();
  }
}

/**
 * Changes a table's history behind everyone's back, as someone with the file and the know-how
 * would: the append-only triggers dropped, row `k`'s body rewritten (its `at` moved), every row
 * from `k` on hashed again so the chain is whole, the log head moved, the triggers put back.
 * The file's own `verify-log` then finds nothing.
 */
export function rewriteHistory(path: string, k: number): void {
  const db = new Database(path, { fileMustExist: true });
  try {
    const triggers = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'events'").all() as { name: string; sql: string }[];
    db.transaction(() => {
      for (const t of triggers) db.exec(`DROP TRIGGER ${t.name}`);
      const rows = db.prepare('SELECT id, table_id, hand_id, hand_seq, type, recorded_at, body FROM events WHERE id >= ? ORDER BY id').all(k) as
        { id: number; table_id: string; hand_id: string | null; hand_seq: number | null; type: string; recorded_at: string; body: string }[];
      let prev = db.prepare('SELECT hash FROM events WHERE id = ?').pluck().get(k - 1) as string;
      const update = db.prepare('UPDATE events SET body = ?, prev_hash = ?, hash = ? WHERE id = ?');
      for (const r of rows) {
        const body = r.id === k ? r.body.replace(/"at":"[^"]*"/, '"at":"2020-01-01T00:00:00.000Z"') : r.body;
        if (r.id === k && body === r.body) throw new Error(`row ${k} has no "at" to change`);
        const hash = rowHash(prev, { tableId: r.table_id, handId: r.hand_id, handSeq: r.hand_seq, type: r.type, recordedAt: r.recorded_at, body });
        update.run(body, prev, hash, r.id);
        prev = hash;
      }
      db.prepare('UPDATE log_head SET last_hash = ?').run(prev);
      for (const t of triggers) db.exec(t.sql);
    })();
  } finally {
    db.close();
  }
}

/** Waits until `check()` is true, polling every 20 ms; fails naming `what` after `ms`. */
export async function until(what: string, check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

