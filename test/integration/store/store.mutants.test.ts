/**
 * The store's promises (app/services/store.ts, docs/store.md "Opening the store" and "One
 * writer, and no database started afresh"), each checked so that the test fails when the code
 * is wrong: the refusals of `openStore` with their codes and the words a person reads, the file
 * left as it was; read-only opens (no lock, no write, the memory map, the schema it must have);
 * `write` (IMMEDIATE, the rows and the value it returns, event types refused); `handEvents` and
 * `parseBody`; `close`; `isRefusedPath`.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { findMigrationsDir, loadMigrations, migrate } from '../../../app/services/migrations';
import { isRefusedPath, openStore, parseBody, REFUSED_PATH_CODES, StoreError, type Store } from '../../../app/services/store';
import { folderPerTest } from './temp';

const ALL = loadMigrations(findMigrationsDir());

const tmp = folderPerTest('cp-store-mut-');
const keep = tmp.keep;

function errorOf(fn: () => unknown): StoreError {
  try {
    const got = fn();
    if (got && typeof (got as { close?: unknown }).close === 'function') (got as { close(): void }).close();
  } catch (e) {
    expect(e).toBeInstanceOf(StoreError);
    return e as StoreError;
  }
  throw new Error('expected a StoreError');
}

function fileHash(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

function count(store: Store): number {
  return store.db.prepare('SELECT count(*) FROM events').pluck().get() as number;
}

describe('appending events', () => {
  it('refuses a type that is not kebab-case text, appending nothing', () => {
    const store = keep(openStore(tmp.file('t.db')));
    for (const type of ['card dealt', 'card_dealt', '1card', 'Card-dealt', 'card-dealt!', '-card', '']) {
      expect(() => store.write((tx) => tx.append({ tableId: 'T1', body: { type } }))).toThrow(`event type ${JSON.stringify(type)} is not kebab-case text`);
    }
    for (const type of [undefined, 5, null]) {
      let thrown: unknown = null;
      try {
        store.write((tx) => tx.append({ tableId: 'T1', body: { type } as unknown as { type: string } }));
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(TypeError);
      expect((thrown as Error).message).toBe(`event type ${JSON.stringify(type)} is not kebab-case text`);
    }
    expect(count(store)).toBe(0);
    store.write((tx) => {
      tx.append({ tableId: 'T1', body: { type: 'a' } });
      tx.append({ tableId: 'T1', body: { type: 'card-dealt-2' } });
    });
    expect(count(store)).toBe(2);
  });

  it('returns each event as stored, numbers hands on from the log, and gives back what fn returns', () => {
    let t = Date.parse('2025-03-01T20:00:00.000Z');
    const store = keep(openStore(tmp.file('t.db'), { clock: () => (t += 1000) }));
    const first = store.write((tx) => [
      tx.append({ tableId: 'T1', handId: 'H1', body: { type: 'card-dealt', card: 1 } }),
      tx.append({ tableId: 'T1', handId: 'H2', body: { type: 'card-dealt', card: 2 } }),
      tx.append({ tableId: 'T1', handId: 'H1', body: { type: 'card-dealt', card: 3 } }),
      tx.append({ tableId: 'T1', body: { type: 'buy-in', seat: 1 } }),
    ]);
    expect(first).toEqual([
      { id: 1, tableId: 'T1', handId: 'H1', handSeq: 0, type: 'card-dealt', recordedAt: '2025-03-01T20:00:01.000Z', body: { type: 'card-dealt', card: 1 } },
      { id: 2, tableId: 'T1', handId: 'H2', handSeq: 0, type: 'card-dealt', recordedAt: '2025-03-01T20:00:01.000Z', body: { type: 'card-dealt', card: 2 } },
      { id: 3, tableId: 'T1', handId: 'H1', handSeq: 1, type: 'card-dealt', recordedAt: '2025-03-01T20:00:01.000Z', body: { type: 'card-dealt', card: 3 } },
      { id: 4, tableId: 'T1', handId: null, handSeq: null, type: 'buy-in', recordedAt: '2025-03-01T20:00:01.000Z', body: { type: 'buy-in', seat: 1 } },
    ]);
    const next = store.write((tx) => ({ at: tx.at, e: tx.append({ tableId: 'T1', handId: 'H1', body: { type: 'card-dealt', card: 4 } }) }));
    expect(next).toEqual({ at: '2025-03-01T20:00:02.000Z', e: expect.objectContaining({ id: 5, handSeq: 2, recordedAt: '2025-03-01T20:00:02.000Z' }) });
    expect(store.db.prepare('SELECT last_id FROM log_head').pluck().get()).toBe(5);
  });

  it('runs one IMMEDIATE transaction: no other connection can start writing while fn runs', () => {
    const path = tmp.file('t.db');
    const store = keep(openStore(path));
    const other = keep(new Database(path, { timeout: 0 }));
    let refused: unknown = null;
    store.write(() => {
      try {
        other.exec('BEGIN IMMEDIATE');
        other.exec('COMMIT');
      } catch (e) {
        refused = e;
      }
    });
    expect((refused as { code?: string } | null)?.code).toBe('SQLITE_BUSY');
  });

  it('waits 5000 ms for another connection by default, or as long as told', () => {
    expect(keep(openStore(tmp.file('a.db'))).db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(keep(openStore(tmp.file('b.db'), { busyTimeoutMs: 1234 })).db.pragma('busy_timeout', { simple: true })).toBe(1234);
  });
});

describe('reading events back', () => {
  it('handEvents gives a hand in order with its bodies parsed; a body that is not JSON names its row, hand and type', () => {
    const path = tmp.file('t.db');
    const store = keep(openStore(path));
    store.write((tx) => {
      for (let k = 0; k < 3; k++) tx.append({ tableId: 'T1', handId: 'H', body: { type: 'card-dealt', card: k } });
      tx.append({ tableId: 'T1', handId: 'G', body: { type: 'card-dealt', card: 9 } });
    });
    // rows stored out of hand order (ids renumbered on a copy with the triggers dropped)
    const raw = keep(new Database(path));
    raw.exec('DROP TRIGGER events_refuse_update');
    raw.exec('UPDATE events SET id = id + 10 WHERE id = 1');
    expect(store.handEvents('H').map((e) => [e.id, e.handSeq, (e.body as { card: number }).card])).toEqual([[11, 0, 0], [2, 1, 1], [3, 2, 2]]);
    expect(store.handEvents('H')[0]).toMatchObject({ tableId: 'T1', handId: 'H', type: 'card-dealt', body: { type: 'card-dealt', card: 0 } });
    raw.exec(`UPDATE events SET body = '{"card":' WHERE id = 3`);
    let why = '';
    try {
      JSON.parse('{"card":');
    } catch (e) {
      why = (e as Error).message;
    }
    const e = errorOf(() => store.handEvents('H'));
    expect(e.code).toBe('event-not-json');
    expect(e.message).toBe(`log row 3 (hand H, type card-dealt) is not JSON: ${why}`);
  });

  it('parseBody: a table-level row is named as hand none', () => {
    expect(parseBody('{"a":1}', 1, null, 'x')).toEqual({ a: 1 });
    const e = errorOf(() => parseBody('nope', 7, null, 'buy-in'));
    expect(e.code).toBe('event-not-json');
    expect(e.message).toMatch(/^log row 7 \(hand none, type buy-in\) is not JSON: (?!SyntaxError)/);
  });
});

describe('closing', () => {
  it('closes the database and lets the next writer in; closing twice is harmless', () => {
    const path = tmp.file('t.db');
    const store = openStore(path);
    store.close();
    expect(store.db.open).toBe(false);
    store.close();
    const again = keep(openStore(path));
    expect(again.version).toBe(ALL.length);
  });

  it('a second writer is refused while the first holds the file; a reader is not', () => {
    const path = tmp.file('t.db');
    keep(openStore(path));
    expect(errorOf(() => openStore(path)).code).toBe('database-in-use');
    expect(keep(openStore(path, { readonly: true })).version).toBe(ALL.length);
  });

  it('a refused open lets the next writer in', () => {
    const path = tmp.file('t.db');
    openStore(path).close();
    const dir = join(tmp.dir, 'mig');
    mkdirSync(dir);
    for (const m of ALL) writeFileSync(join(dir, m.file), readFileSync(join(findMigrationsDir(), m.file)));
    writeFileSync(join(dir, `${String(ALL.length + 1).padStart(4, '0')}_broken.sql`), 'INSERT INTO no_such_table VALUES (1);');
    expect(errorOf(() => openStore(path, { migrationsDir: dir })).code).toBe('migration-failed');
    expect(keep(openStore(path)).applied).toEqual([]);
  });
});

describe('read-only opens', () => {
  it('write nothing (no WAL switched on, no migration), read through the largest memory map, keep foreign keys on', () => {
    const path = tmp.file('t.db');
    const w = openStore(path);
    w.write((tx) => tx.append({ tableId: 'T1', body: { type: 'buy-in' } }));
    w.db.pragma('journal_mode = DELETE');
    w.close();
    const before = fileHash(path);
    const store = keep(openStore(path, { readonly: true }));
    expect(store.applied).toEqual([]);
    expect(store.version).toBe(ALL.length);
    expect(store.db.readonly).toBe(true);
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('delete');
    expect(store.db.pragma('foreign_keys', { simple: true })).toBe(1);
    const probe = keep(new Database(path, { readonly: true }));
    const largest = probe.pragma(`mmap_size = ${2 ** 53}`, { simple: true }); // SQLite caps it at its build's limit
    expect(store.db.pragma('mmap_size', { simple: true })).toBe(largest);
    expect(() => store.write((tx) => tx.append({ tableId: 'T1', body: { type: 'buy-in' } }))).toThrow(/readonly/);
    expect(count(store)).toBe(1);
    expect(fileHash(path)).toBe(before);
  });

  it('refuse a database that still needs a migration, in words that say how to upgrade it', () => {
    const path = tmp.file('old.db');
    const db = new Database(path);
    migrate(db, ALL.slice(0, 2));
    db.close();
    const e = errorOf(() => openStore(path, { readonly: true }));
    expect(e.code).toBe('database-needs-upgrade');
    expect(e.message).toBe(`database ${path} has schema version 2, this program expects ${ALL.length}; open it once with the terminal or \`table simulate\` to upgrade it`);
  });

  it('refuse a missing file, and make none', () => {
    const path = tmp.file('absent.db');
    const e = errorOf(() => openStore(path, { readonly: true }));
    expect(e.code).toBe('database-not-found');
    expect(e.message).toBe(`no database at ${path}`);
    expect(existsSync(path)).toBe(false);
  });
});

describe('files that are refused, left as they were', () => {
  it('a 0-byte file', () => {
    const path = tmp.file('zero.db');
    writeFileSync(path, '');
    writeFileSync(`${path}-wal`, 'kept');
    for (const readonly of [false, true]) {
      const e = errorOf(() => openStore(path, { readonly }));
      expect(e.code).toBe('database-empty');
      expect(e.message).toBe(
        `database ${path} exists but holds no terminal database: it is empty (0 bytes); it was not changed. `
          + "A new database is made only where no file exists: restore the terminal's file, or give a path where there is none",
      );
    }
    expect(readFileSync(path, 'utf8')).toBe('');
    expect(readFileSync(`${path}-wal`, 'utf8')).toBe('kept');
  });

  it('an SQLite file without tables (user_version 0), with its size in the message', () => {
    const path = tmp.file('blank.db');
    const db = new Database(path);
    db.exec('CREATE TABLE x (a); DROP TABLE x; VACUUM');
    db.close();
    const size = readFileSync(path).length;
    expect(size).toBeGreaterThan(0);
    const before = fileHash(path);
    const e = errorOf(() => openStore(path));
    expect(e.code).toBe('database-empty');
    expect(e.message).toBe(
      `database ${path} exists but holds no terminal database: it is empty (${size} bytes) or damaged; it was not changed. `
        + "A new database is made only where no file exists: restore the terminal's file, or give a path where there is none",
    );
    expect(fileHash(path)).toBe(before);
  });

  it("another program's SQLite file: its first five tables named", () => {
    const five = tmp.file('five.db');
    const six = tmp.file('six.db');
    for (const [path, n] of [[five, 5], [six, 6]] as const) {
      const db = new Database(path);
      for (let i = 1; i <= n; i++) db.exec(`CREATE TABLE t${i} (a)`);
      db.close();
    }
    const e5 = errorOf(() => openStore(five));
    expect(e5.code).toBe('not-a-terminal-database');
    expect(e5.message).toBe(`database ${five} exists but holds no terminal database: it is another program's SQLite file (tables t1, t2, t3, t4, t5); it was not changed`);
    const before = fileHash(six);
    const e6 = errorOf(() => openStore(six, { readonly: true }));
    expect(e6.code).toBe('not-a-terminal-database');
    expect(e6.message).toBe(`database ${six} exists but holds no terminal database: it is another program's SQLite file (tables t1, t2, t3, t4, t5, ...); it was not changed`);
    expect(fileHash(six)).toBe(before);
  });

  it('a file that is not SQLite', () => {
    const path = tmp.file('junk.db');
    writeFileSync(path, 'not a database, just text '.repeat(100));
    const e = errorOf(() => openStore(path));
    expect(e.code).toBe('not-a-terminal-database');
    expect(e.message).toBe(`database ${path} exists but holds no terminal database: it is not an SQLite file (file is not a database); it was not changed`);
  });
});

describe('where a new database is made', () => {
  it('only in a folder that exists: a missing folder, or a file where the folder should be, is refused and nothing made', () => {
    for (const folder of [tmp.file('nowhere'), tmp.file('a-file')]) {
      if (folder.endsWith('a-file')) writeFileSync(folder, 'x');
      const path = join(folder, 't.db');
      const e = errorOf(() => openStore(path));
      expect(e.code).toBe('database-folder-not-found');
      expect(e.message).toBe(`no folder ${folder} for the database ${path}: a new database is made only in a folder that exists (check the path); nothing was created`);
    }
    expect(existsSync(tmp.file('nowhere'))).toBe(false);
  });

  it('a stale `-new` left by a crash is replaced, and no `-new` is left', () => {
    const path = tmp.file('t.db');
    writeFileSync(`${path}-new`, 'half a database from a crash '.repeat(200));
    writeFileSync(`${path}-new-journal`, 'its journal');
    const store = keep(openStore(path));
    expect(store.applied).toEqual(ALL.map((m) => m.version));
    expect(existsSync(`${path}-new`)).toBe(false);
    expect(existsSync(`${path}-new-journal`)).toBe(false);
  });

  it('in memory (`:memory:`, or a temporary database for an empty path): no file anywhere', () => {
    const leftovers = [':memory:', ':memory:-writer', ':memory:-new', '-writer'].filter((f) => !existsSync(f));
    onTestFinished(() => {
      for (const f of leftovers) rmSync(f, { force: true });
    });
    for (const path of [':memory:', '']) {
      const store = keep(openStore(path));
      expect(store.applied).toEqual(ALL.map((m) => m.version));
      store.write((tx) => tx.append({ tableId: 'T1', body: { type: 'buy-in' } }));
      expect(count(store)).toBe(1);
    }
    expect(existsSync(':memory:')).toBe(false);
    expect(existsSync('-writer')).toBe(false);
  });
});

describe('the nativeBinding option', () => {
  it('reaches better-sqlite3 even where no lock is taken: a binding that does not exist is refused as an open that failed', () => {
    const missing = join(tmp.dir, 'no-such-binding.node');
    const e = errorOf(() => openStore(':memory:', { nativeBinding: missing }));
    expect(e.code).toBe('database-open-failed');
    expect(e.message.startsWith('cannot open database :memory:: ')).toBe(true);
    expect(e.message).toContain('no-such-binding');
  });
});

describe('isRefusedPath', () => {
  it('is true for exactly the refusals of a path the commands exit 2 on', () => {
    expect([...REFUSED_PATH_CODES].sort()).toEqual(['database-empty', 'database-folder-not-found', 'database-in-use', 'database-not-found', 'not-a-terminal-database']);
    for (const code of REFUSED_PATH_CODES) expect(isRefusedPath(new StoreError(code, 'x'))).toBe(true);
    for (const code of ['database-from-future', 'database-needs-upgrade', 'migration-failed', 'database-open-failed', 'event-not-json']) {
      expect(isRefusedPath(new StoreError(code, 'x'))).toBe(false);
    }
    expect(isRefusedPath(Object.assign(new Error('x'), { code: 'database-in-use' }))).toBe(false);
    expect(isRefusedPath(null)).toBe(false);
  });
});

describe('a new database whose draft\'s place is taken', () => {
  it('a folder where `<path>-new` goes: refused as database-open-failed naming it, no file made, the lock let go', () => {
    const path = tmp.file('terminal.db');
    mkdirSync(`${path}-new`);
    const e = errorOf(() => openStore(path));
    expect(e.code).toBe('database-open-failed');
    expect(e.message).toContain(`cannot open database ${path}: `);
    expect(e.message).toContain(`${path}-new`);
    expect(existsSync(path)).toBe(false);
    // Until 5 December 2026 the draft's clean-up ran before the open's refusals: a bare
    // EISDIR, not a StoreError, so the front doors could not word it.
    rmSync(`${path}-new`, { recursive: true });
    const store = keep(openStore(path));
    expect(count(store)).toBe(0);
  });
});
