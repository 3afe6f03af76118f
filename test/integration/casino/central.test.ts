/**
 * The central server's side, with a real PostgreSQL: its migrations (applied, refused from the
 * future or on another program's database, a failing file applied not at all), what it makes
 * of what tables send (resends, gaps, forks, a broken chain, a table gone backwards, a server
 * that lost confirmed rows: each recorded once, nothing overwritten), the forwarder's link
 * states, and the commands' refusals of bad input (one line, exit 2, never a password).
 */
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CentralSession } from '../../../app/casino/central';
import { connectCentral } from '../../../app/casino/central-db';
import { CENTRAL_MIGRATIONS_DIR, centralMigrations, migrateCentral } from '../../../app/casino/central-migrations';
import { parseCentralUrl } from '../../../app/casino/central-url';
import { forwardPending, Forwarder, type CentralLinkState } from '../../../app/casino/forwarder';
import type { LogRow } from '../../../app/casino/log-row';
import { tableLogOf, type TableLog } from '../../../app/casino/table-log';
import { unwrap } from '../../../app/domain/result';
import { rowHash } from '../../../app/services/event-log';
import { openStore, type Store } from '../../../app/services/store';
import { TableService } from '../../../app/services/table-service';
import type { PgCluster } from '../../support/postgres';
import { table } from '../../support/table-cli';
import { tempFolder } from '../store/temp';
import { casino, centralRows, centralServer, dealHands, query, session, until } from './helpers';

let cluster: PgCluster;
let url: string;
let tmp: ReturnType<typeof tempFolder>;
/** Real rows of a real table's log, to send in made-up orders. */
let rows: LogRow[];
let source: { store: Store; log: TableLog };

beforeAll(async () => {
  tmp = tempFolder('cp-central-');
  ({ cluster, url } = await centralServer());
  const store = openStore(tmp.file('source.db'));
  await dealHands(new TableService(store), { hands: 2, seed: 5 });
  const log = unwrap(tableLogOf(store));
  source = { store, log };
  rows = log.rows(1, 10_000);
});
afterAll(async () => {
  source?.store.close();
  await cluster?.destroy();
  tmp?.cleanup();
});

const oneLine = (s: string) => {
  expect(s.trim().split('\n')).toHaveLength(1);
  expect(s).not.toMatch(/^\s+at /m);
};

describe('casino migrate', () => {
  it('makes the central schema once, append-only; again: nothing to apply', async () => {
    const fresh = await cluster.createDatabase('fresh');
    const first = await casino('migrate', '--central', fresh);
    expect(first.stdout).toMatch(/^ok: the central schema of .* is at version 1 \(was 0\): applied 0001_central\.sql\n$/);
    const again = await casino('migrate', '--central', fresh);
    expect(again.stdout).toMatch(/is at version 1, the latest: nothing to apply\n$/);
    const tables = await query<{ t: string }>(fresh, "SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1");
    expect(tables.map((r) => r.t)).toEqual(['alerts', 'central_schema', 'events', 'terminals']);
    const [schema] = await query<{ version: number; central_id: string }>(fresh, 'SELECT version, central_id FROM central_schema');
    expect(schema.version).toBe(1);
    expect(schema.central_id).toMatch(/^[0-9a-f]{32}$/);
    await query(fresh, `INSERT INTO terminals (terminal_id) VALUES ('${'a'.repeat(32)}')`);
    await query(fresh, `INSERT INTO events (terminal_id, id, table_id, type, recorded_at, body, prev_hash, hash) VALUES ('${'a'.repeat(32)}', 1, 'T1', 'x', 'now', '{}', 'p', 'h')`);
    await expect(query(fresh, "UPDATE events SET body = '{\"a\":1}'")).rejects.toThrow(/append-only/);
    await expect(query(fresh, 'DELETE FROM events')).rejects.toThrow(/append-only/);
    await expect(query(fresh, 'TRUNCATE events CASCADE')).rejects.toThrow(/append-only/);
    await expect(query(fresh, `INSERT INTO events (terminal_id, id, table_id, type, recorded_at, body, prev_hash, hash) VALUES ('${'a'.repeat(32)}', 1, 'T1', 'y', 'now', '{}', 'p', 'h')`)).rejects.toThrow(/duplicate key/);
  });

  it('refuses a schema from a newer program, and another program\'s database, changing nothing', async () => {
    const future = await cluster.createDatabase('future');
    expect((await casino('migrate', '--central', future)).code).toBe(0);
    await query(future, 'UPDATE central_schema SET version = 99');
    const r = await casino('migrate', '--central', future);
    expect(r.code).toBe(2);
    oneLine(r.stderr);
    expect(r.stderr).toMatch(/^casino: the central database .* has schema version 99, but this program knows versions up to 1: it was written by a newer version .* the database was not changed\.\n$/);
    expect((await query<{ version: number }>(future, 'SELECT version FROM central_schema'))[0].version).toBe(99);
    // the forwarder and the audit refuse it too
    const s = await CentralSession.open(unwrap(parseCentralUrl(future)));
    expect(s.ok ? 'opened' : s.error.code).toBe('central-from-future');
    const audit = await casino('audit', '--central', future);
    expect(audit.code).toBe(2);
    oneLine(audit.stderr);

    const other = await cluster.createDatabase('other');
    await query(other, 'CREATE TABLE customers (id int)');
    const o = await casino('migrate', '--central', other);
    expect(o.code).toBe(2);
    oneLine(o.stderr);
    expect(o.stderr).toContain('is not a central casino database: it holds other tables (customers)');
    expect((await query<{ t: string }>(other, "SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public'")).map((x) => x.t)).toEqual(['customers']);
  });

  it('applies all pending files in one transaction: a failing one applies none, and says which', async () => {
    const dir = join(tmp.dir, 'central-migrations');
    mkdirSync(dir);
    copyFileSync(join(CENTRAL_MIGRATIONS_DIR, '0001_central.sql'), join(dir, '0001_central.sql'));
    writeFileSync(join(dir, '0002_bad.sql'), 'CREATE TABLE half_made (id int);\nSELECT 1 / 0;\n');
    const broken = unwrap(centralMigrations(dir));
    const db = await cluster.createDatabase('broken');
    const conn = unwrap(await connectCentral(unwrap(parseCentralUrl(db))));
    try {
      const r = await migrateCentral(conn.client, broken, 'broken');
      expect(r.ok ? 'applied' : r.error.code).toBe('central-migration-failed');
      if (!r.ok) expect(r.error.message).toBe('migration 0002_bad.sql failed: division by zero. No migration was applied; the central schema is still at version 0.');
      const tables = await conn.client.query("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'");
      expect(tables.rows).toEqual([]);
      unwrap(await migrateCentral(conn.client, broken.slice(0, 1), 'broken'));
      const again = await migrateCentral(conn.client, broken, 'broken');
      expect(again.ok).toBe(false);
      expect((await conn.client.query('SELECT version FROM central_schema')).rows[0].version).toBe(1);
      expect((await conn.client.query("SELECT to_regclass('half_made') AS t")).rows[0].t).toBeNull();
    } finally {
      await conn.close();
    }
    // numbered without gaps, as the table's migrations
    rmSync(join(dir, '0002_bad.sql'));
    writeFileSync(join(dir, '0003_gap.sql'), 'SELECT 1;');
    expect(centralMigrations(dir)).toMatchObject({ ok: false, error: { code: 'bad-migration-sequence' } });
  });

  it('a database without the schema is refused by the forwarder and the audit: run casino migrate', async () => {
    const empty = await cluster.createDatabase('empty');
    const s = await CentralSession.open(unwrap(parseCentralUrl(empty)));
    expect(s.ok ? 'opened' : s.error.code).toBe('central-not-migrated');
    const path = tmp.file('not-yet.db');
    openStore(path).close();
    const sync = await table('sync', '--db', path, '--central', empty);
    expect(sync.code).toBe(2);
    oneLine(sync.stderr);
    expect(sync.stderr).toMatch(/^table: the central database .* has schema version 0, this program needs 1: run `npm run --silent casino -- migrate --central URL` first\n$/);
    const a = await casino('audit', '--central', empty);
    expect(a.code).toBe(2);
    oneLine(a.stderr);
    expect(a.stderr).toContain('run `npm run --silent casino -- migrate --central URL` first');
  });
});

/** A made-up table database (its identity) on the shared server. */
let nextTerminal = 0;
function terminal(): string {
  nextTerminal++;
  return nextTerminal.toString(16).padStart(32, 'c');
}

/** The row as if the table's history had changed at it: another body, hashed from `prevHash`. */
function changed(r: LogRow, prevHash = r.prevHash): LogRow {
  const body = `${r.body.slice(0, -1)},"edited":true}`;
  return { ...r, body, prevHash, hash: rowHash(prevHash, { ...r, body }) };
}

const end = (n: number) => ({ lastId: rows[n - 1].id, lastHash: rows[n - 1].hash });

describe('what the server makes of what a table sends', () => {
  it('a resend is stored once; a batch out of order is refused and stores nothing', async () => {
    const s = await session(url);
    try {
      const id = terminal();
      const first = unwrap(await s.ingest(id, { rows: rows.slice(0, 40), head: end(40), cursorId: null }));
      expect(first).toMatchObject({ stored: 40, duplicates: 0, findings: [], end: end(40) });
      const again = unwrap(await s.ingest(id, { rows: rows.slice(30, 50), head: end(50), cursorId: null }));
      expect(again).toMatchObject({ stored: 10, duplicates: 10, findings: [], end: end(50) });
      expect((await centralRows(url, id)).map((r) => r[0])).toEqual(rows.slice(0, 50).map((r) => r.id));
      const bad = await s.ingest(id, { rows: [rows[51], rows[50]], head: end(52), cursorId: null });
      expect(bad.ok ? 'taken' : bad.error.code).toBe('bad-batch');
      expect(await centralRows(url, id)).toHaveLength(50);
    } finally {
      await s.close();
    }
  });

  it('records a gap, a fork (a held row changed; a row not following the held one), a broken chain: once each, the rows first received kept', async () => {
    const s = await session(url);
    try {
      const id = terminal();
      unwrap(await s.ingest(id, { rows: rows.slice(0, 20), head: end(20), cursorId: null }));
      // rows 21-25 never sent: a gap before row 26
      const gap = unwrap(await s.ingest(id, { rows: rows.slice(25, 30), head: end(30), cursorId: null }));
      expect(gap.findings.map((f) => [f.kind, f.firstId, f.lastId, f.recorded])).toEqual([['gap', 21, 25, true]]);
      expect(gap.stored).toBe(5);
      // the hole filled late: stored, nothing more to say
      const late = unwrap(await s.ingest(id, { rows: rows.slice(20, 25), head: end(30), cursorId: null }));
      expect(late).toMatchObject({ stored: 5, findings: [] });
      // a held row with another hash: a fork; the held row stays
      const heldBefore = await centralRows(url, id);
      const fork = unwrap(await s.ingest(id, { rows: [rows[26], changed(rows[27]), rows[28]], head: end(30), cursorId: null }));
      expect(fork).toMatchObject({ stored: 0, duplicates: 2 });
      expect(fork.findings.map((f) => [f.kind, f.firstId, f.recorded])).toEqual([['fork', rows[27].id, true]]);
      expect(fork.findings[0].message).toContain('the table\'s history changed after it was sent (a fork); the rows first received are kept');
      const forkAgain = unwrap(await s.ingest(id, { rows: [changed(rows[27])], head: end(30), cursorId: null }));
      expect(forkAgain.findings.map((f) => f.recorded)).toEqual([false]);
      expect(await centralRows(url, id)).toEqual(heldBefore);
      // the next row does not follow the held row 30 (the table re-chained its history): a fork at the seam
      const seam = changed(rows[30], '1'.repeat(64));
      const r2 = unwrap(await s.ingest(id, { rows: [seam], head: { lastId: seam.id, lastHash: seam.hash }, cursorId: null }));
      expect(r2.findings.map((f) => [f.kind, f.firstId])).toEqual([['fork', rows[30].id]]);
      expect(r2.stored).toBe(1);
      // a row whose content does not match its own hash: the table's chain is broken
      const tampered = { ...rows[32], body: '{"type":"edited"}' };
      const r3 = unwrap(await s.ingest(id, { rows: [changed(rows[31], seam.hash), tampered], head: end(33), cursorId: null }));
      expect(r3.findings.map((f) => [f.kind, f.firstId])).toEqual([['chain-broken', rows[32].id]]);
      expect(r3.findings[0].message).toContain('content changed');
      const kinds = await query<{ kind: string; first_id: number }>(url, 'SELECT kind, first_id::int FROM alerts WHERE terminal_id = $1 ORDER BY id', [id]);
      expect(kinds.map((k) => [k.kind, k.first_id])).toEqual([['gap', 21], ['fork', rows[27].id], ['fork', rows[30].id], ['chain-broken', rows[32].id]]);
    } finally {
      await s.close();
    }
  });

  it('records a table that went backwards, and a server behind what it confirmed', async () => {
    const s = await session(url);
    try {
      const id = terminal();
      unwrap(await s.ingest(id, { rows: rows.slice(0, 30), head: end(30), cursorId: null }));
      const back = unwrap(await s.ingest(id, { rows: [rows[9]], head: end(10), cursorId: 10 }));
      expect(back.findings.map((f) => [f.kind, f.firstId, f.lastId])).toEqual([['went-backwards', 11, 30]]);
      expect(back.duplicates).toBe(1);
      const behind = unwrap(await s.ingest(id, { rows: [rows[29]], head: end(40), cursorId: 40 }));
      expect(behind.findings.map((f) => [f.kind, f.firstId, f.lastId])).toEqual([['central-behind', 31, 40]]);
      expect(behind.findings[0].message).toContain('the central database lost rows it had confirmed');
    } finally {
      await s.close();
    }
  });

  it('a table restored from an older copy: `table sync` reports it went backwards, then the rows it writes again as forks', async () => {
    const path = tmp.file('restored.db');
    const u = unwrap(parseCentralUrl(url));
    const connect = () => CentralSession.open(u);
    let store = openStore(path);
    await dealHands(new TableService(store), { hands: 1, seed: 9 });
    const backup = unwrap(await forwardPending(unwrap(tableLogOf(store)), connect)).head.lastId;
    store.close();
    copyFileSync(path, tmp.file('backup.db'));
    store = openStore(path);
    await dealHands(new TableService(store), { hands: 2, seed: 9 });
    const ahead = unwrap(await forwardPending(unwrap(tableLogOf(store)), connect));
    expect(ahead.findings).toEqual([]);
    store.close();
    for (const f of ['', '-wal', '-shm']) rmSync(path + f, { force: true });
    copyFileSync(tmp.file('backup.db'), path);
    const r = await table('sync', '--db', path, '--central', url);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^NOT OK: table database [0-9a-f]{32} \(tables SIM\): .* found 1 problem/);
    expect(r.stdout).toMatch(/\n {2}went-backwards at row \d+-\d+: the table's log now ends at row \d+, but the central server holds rows up to \d+/);
    store = openStore(path);
    await dealHands(new TableService(store), { hands: 2, seed: 10 });
    const again = unwrap(await forwardPending(unwrap(tableLogOf(store)), connect));
    store.close();
    // From the restored cursor on: every row written again under an id the server holds is a fork, from the first.
    const forks = again.findings.filter((f) => f.kind === 'fork').map((f) => [f.firstId, f.lastId]);
    expect(forks[0]).toEqual([backup + 1, ahead.head.lastId]);
  });
});

describe('the forwarder', () => {
  it('says down since when, with the reason and the next try, while the table writes on; then connected, behind 0, the cursor in the file', async () => {
    const store = openStore(tmp.file('link.db'));
    try {
      const note = () => store.write((tx) => tx.append({ tableId: 'T1', body: { type: 'note', at: tx.at } }));
      for (let i = 0; i < 5; i++) note();
      let target = unwrap(parseCentralUrl('postgres://postgres@127.0.0.1:1/casino'));
      const states: CentralLinkState[] = [];
      const f = new Forwarder(unwrap(tableLogOf(store)), () => CentralSession.open(target, { connectTimeoutMs: 1000 }), { firstRetryMs: 20, maxRetryMs: 50, pollMs: 20 });
      f.subscribe((s) => states.push(s));
      expect(f.state()).toMatchObject({ state: 'connecting', confirmedId: 0, headId: 5, behind: 5 });
      f.start();
      await until('down', () => f.state().state === 'down');
      const down = f.state();
      if (down.state !== 'down') throw new Error('not down');
      expect(down.reason).toMatch(/^cannot reach the central server postgres:\/\/postgres@127\.0\.0\.1:1\/casino: .*ECONNREFUSED/);
      expect(Date.parse(down.retryAt)).toBeGreaterThanOrEqual(Date.parse(down.since));
      note(); // the table is not held up
      expect(f.state()).toMatchObject({ state: 'down', behind: 6, since: down.since });
      await until('a second try', () => states.filter((s) => s.state === 'down').length >= 2);
      expect(states.filter((s) => s.state === 'down').every((s) => s.state === 'down' && s.since === down.since)).toBe(true);
      target = unwrap(parseCentralUrl(url));
      await until('connected', () => f.state().state === 'connected');
      expect(f.state()).toMatchObject({ state: 'connected', confirmedId: 6, headId: 6, behind: 0 });
      note();
      f.wake();
      await until('the new row confirmed', () => f.state().confirmedId === 7);
      await f.stop();
      expect(f.state().state).toBe('stopped');
      const cursor = store.db.prepare('SELECT central_id, confirmed_id FROM forward_cursor').get() as { central_id: string; confirmed_id: number };
      const s = await session(url);
      expect(cursor).toEqual({ central_id: s.centralId, confirmed_id: 7 });
      await s.close();
    } finally {
      store.close();
    }
  });

  it('goes on from the server\'s end when the cursor names another server, and sends again what a server lost', async () => {
    const store = openStore(tmp.file('cursor.db'));
    try {
      for (let i = 0; i < 4; i++) store.write((tx) => tx.append({ tableId: 'T1', body: { type: 'note', at: tx.at } }));
      const log = unwrap(tableLogOf(store));
      log.saveCursor('another-server', 4);
      const connect = () => CentralSession.open(unwrap(parseCentralUrl(url)));
      const first = unwrap(await forwardPending(log, connect));
      expect(first).toMatchObject({ fromId: 1, stored: 4, findings: [] });
      // a server that lost rows it confirmed (as if restored from a backup): the cursor is ahead of it
      const other = await cluster.createDatabase('restored-server');
      expect((await casino('migrate', '--central', other)).code).toBe(0);
      const [{ central_id }] = await query<{ central_id: string }>(other, 'SELECT central_id FROM central_schema');
      log.saveCursor(central_id, 4);
      const resent = unwrap(await forwardPending(log, () => CentralSession.open(unwrap(parseCentralUrl(other)))));
      expect(resent.findings.map((f) => [f.kind, f.firstId, f.lastId])).toEqual([['central-behind', 1, 4]]);
      expect(resent).toMatchObject({ fromId: 1, stored: 4 });
    } finally {
      store.close();
    }
  });
});

describe('bad input', () => {
  it('one line naming the problem, exit 2, no stack trace, no password', async () => {
    const cases: [string[], RegExp][] = [
      [['audit', '--central', 'mysql://u@h/db'], /^casino: --central "mysql:\/\/u@h\/db" is not a PostgreSQL URL/],
      [['audit', '--central', 'postgres://u@h:99999/db'], /^casino: --central "postgres:\/\/u@h:99999\/db" is not a URL the PostgreSQL driver can read/],
      [['audit', '--central', 'postgres://u@h'], /names no database: end it with \/DATABASE/],
      [['audit', '--central', 'postgres://u:s3cret@127.0.0.1:1/casino'], /^casino: cannot reach the central server postgres:\/\/u:\*\*\*@127\.0\.0\.1:1\/casino: connect ECONNREFUSED 127\.0\.0\.1:1\n$/],
      [['migrate', '--central', `postgres://postgres@/casino?host=${encodeURIComponent(join(tmp.dir, 'no-server'))}`], /^casino: cannot reach the central server .*: connect ENOENT/],
      [['audit', '--central', url, '--db', tmp.file('missing.db')], /^casino: no database at .*missing\.db\n$/],
      [['audit', '--central', url, '--db', source.store.path, '--db', source.store.path], /are the same table database/],
    ];
    const ran = await Promise.all(cases.map(([args]) => casino(...args)));
    for (const [i, [args, want]] of cases.entries()) {
      const r = ran[i];
      expect(r.code, args.join(' ')).toBe(2);
      oneLine(r.stderr);
      expect(r.stderr).toMatch(want);
      expect(r.stderr).not.toContain('s3cret');
    }
    const usage = await casino('audit');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^casino: audit: missing --central URL\nusage:/);
    const idle = tmp.file('idle.db');
    openStore(idle).close();
    const sync = await table('sync', '--db', idle, '--central', 'postgres://u:s3cret@127.0.0.1:1/casino');
    expect(sync.code).toBe(2);
    oneLine(sync.stderr);
    expect(sync.stderr).toMatch(/^table: cannot reach the central server postgres:\/\/u:\*\*\*@127\.0\.0\.1:1\/casino: connect ECONNREFUSED/);
    const noCentral = await table('sync', '--db', idle);
    expect(noCentral.code).toBe(2);
    expect(noCentral.stderr).toMatch(/^table: sync: missing --central/);
  });

  it('`table sync` is refused while the table runs (the running terminal is the writer), naming it', async () => {
    // source.store is open as the writer in this process
    const r = await table('sync', '--db', source.store.path, '--central', url);
    expect(r.code).toBe(2);
    oneLine(r.stderr);
    expect(r.stderr).toMatch(/^table: database .*source\.db is in use by another writer: pid \d+/);
  });
});
