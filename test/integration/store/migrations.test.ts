/**
 * Migrations (Signal Desktop style): all pending ones in one transaction, user_version,
 * a database from the future refused untouched, a broken migration applied not at all, and
 * one test per migration checking what it adds and that earlier data survives it.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findMigrationsDir, loadMigrations, migrate } from '../../../app/services/migrations';
import { openStore } from '../../../app/services/store';
import { storeErrorOf, tempFolder } from './temp';

const MIGRATIONS_DIR = findMigrationsDir();
const ALL = loadMigrations(MIGRATIONS_DIR);

let tmp: ReturnType<typeof tempFolder>;
beforeEach(() => {
  tmp = tempFolder();
});
afterEach(() => tmp.cleanup());

function fileHash(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

function tableNames(db: Database.Database): string[] {
  return (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[]);
}

/** A raw database migrated to `version` with the real files. */
function rawAt(path: string, version: number): Database.Database {
  const db = new Database(path);
  db.pragma('foreign_keys = ON');
  migrate(db, ALL.slice(0, version));
  expect(db.pragma('user_version', { simple: true })).toBe(version);
  return db;
}

describe('the migration files', () => {
  it('are numbered 0001.. without gaps and found from this module', () => {
    expect(ALL.map((m) => m.version)).toEqual(ALL.map((_, i) => i + 1));
    expect(readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'))).toHaveLength(ALL.length);
    expect(ALL.length).toBeGreaterThanOrEqual(4);
  });
});

describe('openStore on a new file', () => {
  it('applies every migration, sets WAL, synchronous=FULL and foreign keys', () => {
    const store = openStore(tmp.file('t.db'));
    expect(store.version).toBe(ALL.length);
    expect(store.applied).toEqual(ALL.map((m) => m.version));
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.db.pragma('synchronous', { simple: true })).toBe(2); // FULL
    expect(store.db.pragma('foreign_keys', { simple: true })).toBe(1);
    store.close();
    const again = openStore(tmp.file('t.db'));
    expect(again.applied).toEqual([]);
    again.close();
  });

  it('finds the migrations through migrationsDir when they live elsewhere (a bundle)', () => {
    const shipped = join(tmp.dir, 'resources', 'migrations');
    mkdirSync(shipped, { recursive: true });
    for (const m of ALL) copyFileSync(join(MIGRATIONS_DIR, m.file), join(shipped, m.file));
    const store = openStore(tmp.file('b.db'), { migrationsDir: shipped });
    expect(store.version).toBe(ALL.length);
    store.close();
    // and walking up from a bundle's folder finds a migrations/ folder beside it
    mkdirSync(join(tmp.dir, 'resources', 'app', 'dist'), { recursive: true });
    expect(findMigrationsDir(join(tmp.dir, 'resources', 'app', 'dist'))).toBe(shipped);
  });

  it("passes better-sqlite3's nativeBinding option through", () => {
    const binding = join(process.cwd(), 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
    const store = openStore(tmp.file('n.db'), { nativeBinding: binding });
    expect(store.version).toBe(ALL.length);
    store.close();
    const e = storeErrorOf(() => openStore(tmp.file('m.db'), { nativeBinding: join(tmp.dir, 'no-such-binding.node') }));
    expect(e.code).toBe('database-open-failed');
    expect(e.message).toContain('no-such-binding');
  });

  it('refuses to create a file when it must exist, and a file that is not a database', () => {
    expect(storeErrorOf(() => openStore(tmp.file('absent.db'), { mustExist: true })).code).toBe('database-not-found');
    writeFileSync(tmp.file('junk.db'), 'this is not a database file, just text '.repeat(50));
    const e = storeErrorOf(() => openStore(tmp.file('junk.db')));
    expect(e.code).toBe('not-a-terminal-database');
    expect(e.message).toMatch(/not a database/);
  });
});

describe('a database from a newer program', () => {
  it('is refused with a clear message and not modified', () => {
    const path = tmp.file('future.db');
    openStore(path).close();
    const raw = new Database(path);
    raw.pragma(`user_version = ${ALL.length + 3}`);
    raw.pragma('journal_mode = DELETE'); // fold the WAL back so the main file is the whole database
    raw.close();
    const before = fileHash(path);
    const e = storeErrorOf(() => openStore(path));
    expect(e.code).toBe('database-from-future');
    expect(e.message).toContain(`schema version ${ALL.length + 3}`);
    expect(e.message).toContain(`up to ${ALL.length}`);
    expect(e.message).toContain('newer version');
    expect(fileHash(path)).toBe(before);
    // still in rollback-journal mode: WAL was not switched on
    const check = new Database(path, { readonly: true });
    expect(check.pragma('journal_mode', { simple: true })).toBe('delete');
    check.close();
  });
});

describe('a bad migration', () => {
  function dirWith(extra: Record<string, string>): string {
    const dir = join(tmp.dir, 'mig');
    mkdirSync(dir, { recursive: true });
    for (const m of ALL) copyFileSync(join(MIGRATIONS_DIR, m.file), join(dir, m.file));
    for (const [name, sql] of Object.entries(extra)) writeFileSync(join(dir, name), sql);
    return dir;
  }
  const next = String(ALL.length + 1).padStart(4, '0');

  it('fails as a whole: nothing of this run is applied, the version stays, the error names the file', () => {
    const dir = dirWith({ [`${next}_broken.sql`]: 'CREATE TABLE half_done (x INTEGER);\nINSERT INTO no_such_table VALUES (1);\n' });
    // an existing database at the current version
    const path = tmp.file('bad.db');
    openStore(path).close();
    const e = storeErrorOf(() => openStore(path, { migrationsDir: dir }));
    expect(e.code).toBe('migration-failed');
    expect(e.message).toContain(`${next}_broken.sql`);
    expect(e.message).toContain('no such table');
    const db = new Database(path);
    expect(db.pragma('user_version', { simple: true })).toBe(ALL.length);
    expect(tableNames(db)).not.toContain('half_done');
    db.close();
    // a new file: all of the migrations run in one transaction, so none of them stays, and the
    // file is not left behind either (it would be refused as holding no terminal database)
    const fresh = tmp.file('fresh.db');
    expect(storeErrorOf(() => openStore(fresh, { migrationsDir: dir })).code).toBe('migration-failed');
    expect(existsSync(fresh)).toBe(false);
    expect(existsSync(`${fresh}-new`)).toBe(false);
  });

  it('refuses badly named or numbered files', () => {
    const badName = dirWith({ '5_oops.sql': 'SELECT 1;' });
    expect(storeErrorOf(() => loadMigrations(badName)).code).toBe('bad-migration-name');
    const tmp2 = tempFolder();
    try {
      for (const m of ALL) copyFileSync(join(MIGRATIONS_DIR, m.file), join(tmp2.dir, m.file));
      writeFileSync(join(tmp2.dir, `${String(ALL.length + 2).padStart(4, '0')}_gap.sql`), 'SELECT 1;');
      const e = storeErrorOf(() => loadMigrations(tmp2.dir));
      expect(e.code).toBe('bad-migration-sequence');
      expect(e.message).toContain('without gaps');
    } finally {
      tmp2.cleanup();
    }
  });

  it('a read-only open refuses a database that still needs migrations', () => {
    const path = tmp.file('old.db');
    rawAt(path, 2).close();
    const e = storeErrorOf(() => openStore(path, { readonly: true }));
    expect(e.code).toBe('database-needs-upgrade');
    const db = new Database(path);
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    db.close();
  });
});

describe('each migration', () => {
  it('0001 event_log: an append-only events table and the log head', () => {
    const db = rawAt(tmp.file('1.db'), 1);
    expect(tableNames(db)).toEqual(['events', 'log_head']);
    const zero = '0'.repeat(64);
    db.prepare("INSERT INTO events VALUES (1, 'T1', NULL, NULL, 'x', '2025-01-01T00:00:00.000Z', '{}', ?, ?)").run(zero, zero);
    expect(() => db.prepare("UPDATE events SET body = '{\"a\":1}' WHERE id = 1").run()).toThrow(/append-only: event rows cannot be changed/);
    expect(() => db.prepare('DELETE FROM events').run()).toThrow(/append-only: event rows cannot be deleted/);
    // a hand event needs its position in the hand, and positions are unique per hand
    expect(() => db.prepare("INSERT INTO events VALUES (2, 'T1', 'T1-1', NULL, 'x', 'now', '{}', ?, ?)").run(zero, zero)).toThrow(/CHECK/);
    db.prepare("INSERT INTO events VALUES (2, 'T1', 'T1-1', 0, 'x', 'now', '{}', ?, ?)").run(zero, zero);
    expect(() => db.prepare("INSERT INTO events VALUES (3, 'T1', 'T1-1', 0, 'x', 'now', '{}', ?, ?)").run(zero, zero)).toThrow(/UNIQUE/);
    expect(() => db.prepare("INSERT INTO events VALUES (3, 'T1', NULL, NULL, 'x', 'now', '{}', '00', ?)").run(zero)).toThrow(/CHECK/);
    db.close();
  });

  it('0002 tables_sessions_seats: one dealer on per table, one seat per player, stacks not negative', () => {
    const db = rawAt(tmp.file('2.db'), 1);
    const zero = '0'.repeat(64);
    db.prepare("INSERT INTO events VALUES (1, 'T1', NULL, NULL, 'table-opened', 'now', '{}', ?, ?)").run(zero, zero);
    migrate(db, ALL.slice(0, 2));
    expect(tableNames(db)).toEqual(['events', 'log_head', 'seats', 'sessions', 'tables']);
    expect(db.prepare('SELECT count(*) FROM events').pluck().get()).toBe(1); // earlier data kept
    db.prepare("INSERT INTO tables (id, name, profile_name, profile_version, profile, point_value, mode, button, opened_at, opened_event_id) VALUES ('T1', 'Table 1', 'basic', 1, '{}', 100, 'shoe', 1, 'now', 1)").run();
    expect(() => db.prepare("INSERT INTO tables (id, name, profile_name, profile_version, profile, point_value, mode, button, opened_at, opened_event_id) VALUES ('T2', 'x', 'basic', 1, '{}', 0, 'shoe', 1, 'now', 1)").run()).toThrow(/CHECK/);
    expect(() => db.prepare("INSERT INTO tables (id, name, profile_name, profile_version, profile, point_value, mode, button, opened_at, opened_event_id) VALUES ('T3', 'x', 'basic', 1, '{}', 1, 'shoe', 1, 'now', 99)").run()).toThrow(/FOREIGN KEY/);
    db.prepare("INSERT INTO sessions (table_id, dealer, on_at, on_event_id) VALUES ('T1', 'Eva', 'now', 1)").run();
    expect(() => db.prepare("INSERT INTO sessions (table_id, dealer, on_at, on_event_id) VALUES ('T1', 'Petr', 'now', 1)").run()).toThrow(/UNIQUE/);
    db.prepare("INSERT INTO seats VALUES ('T1', 1, 'p1', NULL, 2000, 1, 'now')").run();
    expect(() => db.prepare("INSERT INTO seats VALUES ('T1', 2, 'p1', NULL, 2000, 1, 'now')").run()).toThrow(/UNIQUE/);
    expect(() => db.prepare("INSERT INTO seats VALUES ('T1', 3, 'p3', NULL, -1, 1, 'now')").run()).toThrow(/CHECK/);
    expect(() => db.prepare("INSERT INTO seats VALUES ('T1', 5, 'p5', NULL, 1, 1, 'now')").run()).toThrow(/CHECK/);
    db.close();
  });

  it('0003 hands_payments_ledger: one open hand per table, positive payments, ledger stacks not negative', () => {
    const db = rawAt(tmp.file('3.db'), 2);
    const zero = '0'.repeat(64);
    db.prepare("INSERT INTO events VALUES (1, 'T1', NULL, NULL, 'table-opened', 'now', '{}', ?, ?)").run(zero, zero);
    db.prepare("INSERT INTO tables (id, name, profile_name, profile_version, profile, point_value, mode, button, opened_at, opened_event_id) VALUES ('T1', 'Table 1', 'basic', 1, '{}', 100, 'shoe', 1, 'now', 1)").run();
    migrate(db, ALL.slice(0, 3));
    expect(tableNames(db)).toEqual(expect.arrayContaining(['hands', 'hand_seats', 'payments', 'chip_ledger']));
    expect(db.prepare('SELECT point_value FROM tables').pluck().get()).toBe(100);
    const hand = db.prepare("INSERT INTO hands (id, table_id, number, button, profile_name, profile_version, point_value, phase, outcome, started_at, first_event_id, last_event_id) VALUES (?, 'T1', ?, 1, 'basic', 1, 100, 'dealing', ?, 'now', 1, 1)");
    hand.run('T1-1', 1, 'open');
    expect(() => hand.run('T1-2', 2, 'open')).toThrow(/UNIQUE/);
    hand.run('T1-3', 3, 'misdeal');
    expect(() => hand.run('T1-4', 4, 'lost')).toThrow(/CHECK/);
    expect(() => db.prepare("INSERT INTO payments (hand_id, ordinal, from_seat, to_seat, amount) VALUES ('T1-1', 0, 1, 2, 0)").run()).toThrow(/CHECK/);
    expect(() => db.prepare("INSERT INTO payments (hand_id, ordinal, from_seat, to_seat, amount) VALUES ('T9-1', 0, 1, 2, 5)").run()).toThrow(/FOREIGN KEY/);
    expect(() => db.prepare("INSERT INTO chip_ledger (table_id, seat, player, kind, amount, stack_after, event_id, at) VALUES ('T1', 1, 'p1', 'hand', -5, -5, 1, 'now')").run()).toThrow(/CHECK/);
    expect(() => db.prepare("INSERT INTO chip_ledger (table_id, seat, player, kind, amount, stack_after, event_id, at) VALUES ('T1', 1, 'p1', 'gift', 5, 5, 1, 'now')").run()).toThrow(/CHECK/);
    db.close();
  });

  it('0004 alerts: raised until acknowledged, who and when together', () => {
    const db = rawAt(tmp.file('4.db'), 3);
    const zero = '0'.repeat(64);
    db.prepare("INSERT INTO events VALUES (1, 'T1', NULL, NULL, 'table-opened', 'now', '{}', ?, ?)").run(zero, zero);
    db.prepare("INSERT INTO tables (id, name, profile_name, profile_version, profile, point_value, mode, button, opened_at, opened_event_id) VALUES ('T1', 'Table 1', 'basic', 1, '{}', 100, 'shoe', 1, 'now', 1)").run();
    migrate(db, ALL.slice(0, 4));
    expect(tableNames(db)).toContain('alerts');
    const raise = db.prepare("INSERT INTO alerts (table_id, kind, code, message, raised_at, raised_event_id) VALUES ('T1', ?, 'x', 'm', 'now', 1)");
    raise.run('misdeal');
    expect(() => raise.run('weather')).toThrow(/CHECK/);
    expect(() => db.prepare("UPDATE alerts SET acknowledged_by = 'Jana' WHERE id = 1").run()).toThrow(/CHECK/);
    db.prepare("UPDATE alerts SET acknowledged_by = 'Jana', acknowledged_at = 'now' WHERE id = 1").run();
    db.close();
  });

  it('0005 integrity_alerts_lifecycle: alerts of kind integrity, an index of starts and stops; the alerts already raised are kept as they were', () => {
    const db = rawAt(tmp.file('5.db'), 4);
    const zero = '0'.repeat(64);
    db.prepare("INSERT INTO events VALUES (1, 'T1', NULL, NULL, 'table-opened', 'now', '{}', ?, ?)").run(zero, zero);
    db.prepare("INSERT INTO tables (id, name, profile_name, profile_version, profile, point_value, mode, button, opened_at, opened_event_id) VALUES ('T1', 'Table 1', 'basic', 1, '{}', 100, 'shoe', 1, 'now', 1)").run();
    const raise = db.prepare("INSERT INTO alerts (table_id, kind, code, message, raised_at, raised_event_id) VALUES ('T1', ?, 'x', 'm', 'now', 1)");
    raise.run('device-fault');
    db.prepare("UPDATE alerts SET acknowledged_by = 'Jana', acknowledged_at = 'then', ack_note = 'seen' WHERE id = 1").run();
    expect(() => raise.run('integrity')).toThrow(/CHECK/);
    const before = db.prepare('SELECT * FROM alerts').all();
    migrate(db, ALL.slice(0, 5));
    expect(db.prepare('SELECT * FROM alerts').all()).toEqual(before);
    raise.run('integrity');
    expect(() => raise.run('weather')).toThrow(/CHECK/);
    expect(db.prepare("SELECT count(*) FROM alerts WHERE acknowledged_at IS NULL").pluck().get()).toBe(1);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'alerts'").pluck().all()).toEqual(['alerts_raised']);
    // The index of starts and stops, used for the last one of a table.
    const plan = db.prepare("EXPLAIN QUERY PLAN SELECT id FROM events WHERE table_id = 'T1' AND type IN ('terminal-started', 'terminal-stopped') ORDER BY id DESC LIMIT 1").all() as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toContain('events_lifecycle');
    db.close();
  });

  it('0006 terminal_identity: every database gets its own permanent identity, and an empty forward cursor; earlier data survives', () => {
    const db = rawAt(tmp.file('6.db'), 5);
    const zero = '0'.repeat(64);
    db.prepare("INSERT INTO events VALUES (1, 'T1', NULL, NULL, 'table-opened', 'now', '{}', ?, ?)").run(zero, zero);
    migrate(db, ALL.slice(0, 6));
    expect(tableNames(db)).toEqual(expect.arrayContaining(['terminal_identity', 'forward_cursor']));
    expect(db.prepare('SELECT count(*) FROM events').pluck().get()).toBe(1);
    const identity = db.prepare('SELECT id, created_at FROM terminal_identity').all() as { id: string; created_at: string }[];
    expect(identity).toHaveLength(1);
    expect(identity[0].id).toMatch(/^[0-9a-f]{32}$/);
    expect(identity[0].created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(() => db.prepare("UPDATE terminal_identity SET id = '00000000000000000000000000000000'").run()).toThrow(/terminal identity is permanent: it cannot be changed/);
    expect(() => db.prepare('DELETE FROM terminal_identity').run()).toThrow(/terminal identity is permanent: it cannot be deleted/);
    expect(() => db.prepare("INSERT INTO terminal_identity VALUES (2, '0123456789abcdef0123456789abcdef', 'now')").run()).toThrow(/CHECK/);
    expect(db.prepare('SELECT count(*) FROM forward_cursor').pluck().get()).toBe(0);
    const cursor = db.prepare("INSERT INTO forward_cursor VALUES (?, 'c1', ?, 'now')");
    cursor.run(1, 0);
    expect(() => cursor.run(2, 5)).toThrow(/CHECK/);
    db.close();
    // Made at creation, one per database: two new databases never share one.
    const a = openStore(tmp.file('a.db'));
    const b = openStore(tmp.file('b.db'));
    const idOf = (s: typeof a) => s.db.prepare('SELECT id FROM terminal_identity').pluck().get() as string;
    expect(idOf(a)).toMatch(/^[0-9a-f]{32}$/);
    expect(idOf(a)).not.toBe(idOf(b));
    const before = idOf(a);
    a.close();
    const again = openStore(tmp.file('a.db'));
    expect(idOf(again)).toBe(before);
    again.close();
    b.close();
  });

  it('0007 hand_search: outcome counts per hand filled in from the settlements and corrections already stored, an index per filter', () => {
    const db = rawAt(tmp.file('7.db'), 6);
    const zero = '0'.repeat(64);
    const event = db.prepare('INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
    event.run(1, 'T1', null, null, 'table-opened', 'now', '{}', zero, zero);
    db.prepare("INSERT INTO tables (id, name, profile_name, profile_version, profile, point_value, mode, button, opened_at, opened_event_id) VALUES ('T1', 'Table 1', 'basic', 1, '{}', 100, 'shoe', 1, 'now', 1)").run();
    const result = { fouled: [2], naturals: { 3: 'six-pairs' }, surrendered: [4], allIn: [2] };
    event.run(2, 'T1', 'T1-1', 0, 'hand-started', 'now', '{}', zero, zero);
    event.run(3, 'T1', 'T1-1', 1, 'settled', 'now', JSON.stringify({ type: 'settled', result }), zero, zero);
    event.run(4, 'T1', 'T1-1', 2, 'floor-correction', 'now', '{}', zero, zero);
    event.run(5, 'T1', 'T1-2', 0, 'hand-started', 'now', '{}', zero, zero);
    const hand = db.prepare("INSERT INTO hands (id, table_id, number, button, profile_name, profile_version, point_value, phase, outcome, settled_event_id, started_at, first_event_id, last_event_id) VALUES (?, 'T1', ?, 1, 'basic', 1, 100, 'closed', 'played', ?, 'now', ?, ?)");
    hand.run('T1-1', 1, 3, 2, 4);
    hand.run('T1-2', 2, null, 5, 5);
    const seat = db.prepare('INSERT INTO hand_seats (hand_id, seat, player, stack_before, fouled, natural, surrendered) VALUES (?, ?, ?, 1000, ?, ?, ?)');
    seat.run('T1-1', 1, 'ann', 0, null, 0);
    seat.run('T1-1', 2, 'bob', 1, null, 0);
    seat.run('T1-1', 3, 'cid', 0, 'six-pairs', 0);
    seat.run('T1-1', 4, 'dan', 0, null, 1);
    seat.run('T1-2', 1, 'ann', 0, null, 0);
    const seatsBefore = db.prepare('SELECT hand_id, seat, player, fouled, natural, surrendered FROM hand_seats ORDER BY hand_id, seat').all();
    migrate(db, ALL.slice(0, 7));
    expect(db.prepare('SELECT id, fouls, naturals, surrenders, all_ins, corrections FROM hands ORDER BY number').all()).toEqual([
      { id: 'T1-1', fouls: 1, naturals: 1, surrenders: 1, all_ins: 1, corrections: 1 },
      { id: 'T1-2', fouls: 0, naturals: 0, surrenders: 0, all_ins: 0, corrections: 0 },
    ]);
    expect(db.prepare('SELECT hand_id, seat, player, fouled, natural, surrendered FROM hand_seats ORDER BY hand_id, seat').all()).toEqual(seatsBefore);
    expect(db.prepare("SELECT seat FROM hand_seats WHERE all_in = 1").pluck().all()).toEqual([2]);
    // Each filter's query finds its own index.
    const plan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((p) => p.detail).join(' ');
    expect(plan("SELECT id FROM hands WHERE table_id = 'T1' AND fouls > 0 ORDER BY number DESC LIMIT 20")).toContain('hands_search_fouls');
    expect(plan("SELECT id FROM hands WHERE table_id = 'T1' AND corrections > 0 ORDER BY number DESC LIMIT 20")).toContain('hands_search_corrected');
    expect(plan("SELECT id FROM hands WHERE table_id = 'T1' AND dealer = 'Eva' ORDER BY number DESC LIMIT 20")).toContain('hands_search_dealer');
    expect(plan("SELECT hand_id FROM hand_seats WHERE player = 'ann'")).toContain('hand_seats_by_player');
    db.close();
  });

  it('0008 correction_ledger: the ledger takes correction rows; every row already there is kept, ids and all', () => {
    const db = rawAt(tmp.file('8.db'), 7);
    const zero = '0'.repeat(64);
    db.prepare("INSERT INTO events VALUES (1, 'T1', NULL, NULL, 'table-opened', 'now', '{}', ?, ?)").run(zero, zero);
    db.prepare("INSERT INTO tables (id, name, profile_name, profile_version, profile, point_value, mode, button, opened_at, opened_event_id) VALUES ('T1', 'Table 1', 'basic', 1, '{}', 100, 'shoe', 1, 'now', 1)").run();
    const row = db.prepare('INSERT INTO chip_ledger (id, table_id, seat, player, kind, amount, stack_after, hand_id, event_id, at) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, 1, ?)');
    row.run(7, 'T1', 1, 'ann', 'buy-in', 2000, 2000, 'now');
    row.run(9, 'T1', 1, 'ann', 'cash-out', -2000, 0, 'later');
    expect(() => row.run(10, 'T1', 1, 'ann', 'correction', 300, 300, 'now')).toThrow(/CHECK/);
    const before = db.prepare('SELECT * FROM chip_ledger ORDER BY id').all();
    migrate(db, ALL.slice(0, 8));
    expect(db.prepare('SELECT * FROM chip_ledger ORDER BY id').all()).toEqual(before);
    row.run(10, 'T1', 1, 'ann', 'correction', 300, 300, 'now');
    expect(() => row.run(11, 'T1', 1, 'ann', 'refund', 300, 300, 'now')).toThrow(/CHECK/);
    expect(() => row.run(12, 'T1', 1, 'ann', 'correction', -400, -100, 'now')).toThrow(/CHECK/);
    const plan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((p) => p.detail).join(' ');
    expect(plan("SELECT id FROM chip_ledger WHERE table_id = 'T1' AND player = 'ann' ORDER BY id")).toContain('chip_ledger_by_player');
    expect(plan("SELECT id FROM chip_ledger WHERE hand_id = 'T1-1'")).toContain('chip_ledger_by_hand');
    // A hand's corrections (table events naming it) through their own index.
    expect(plan("SELECT body FROM events WHERE type = 'hand-corrected' AND json_extract(body, '$.handId') = 'T1-1' ORDER BY id")).toContain('events_hand_corrections');
    db.close();
  });

  it('upgrading step by step gives the same schema as a fresh database', () => {
    const stepwise = new Database(tmp.file('steps.db'));
    for (let v = 1; v <= ALL.length; v++) migrate(stepwise, ALL.slice(0, v));
    const fresh = new Database(tmp.file('fresh.db'));
    migrate(fresh, ALL);
    const schema = (db: Database.Database) => db.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY name').all();
    expect(schema(stepwise)).toEqual(schema(fresh));
    stepwise.close();
    fresh.close();
  });
});
