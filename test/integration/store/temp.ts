/** Temporary folders for tests that need a real database file. */
import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { StoreError } from '../../../app/services/migrations';
import { simulate } from '../../../app/services/simulation';
import { openStore, type Store } from '../../../app/services/store';
import { TableService } from '../../../app/services/table-service';

/** A fresh folder under the OS temp dir; `cleanup()` removes it and everything in it. */
export function tempFolder(prefix = 'cp-store-'): { dir: string; file: (name: string) => string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, file: (name) => join(dir, name), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A log of `hands` simulated hands at one table (`simulate`, table SIM) written to the file
 * `path`, checkpointed into the file and closed: an honest evening to copy and change.
 */
export async function simulatedLog(path: string, hands: number, seed: number): Promise<void> {
  const store = openStore(path);
  try {
    await simulate(new TableService(store), { hands, seed });
    store.db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    store.close();
  }
}

/**
 * Changes the database file `path` behind the terminal's back: `sql` run with foreign keys off
 * and the log's append-only triggers dropped, then put back (unless `keepTriggersDropped`).
 */
export function tamper(path: string, sql: string, keepTriggersDropped = false): void {
  const db = new Database(path);
  try {
    db.pragma('foreign_keys = OFF');
    const triggers = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'events'").pluck().all() as string[];
    db.exec('DROP TRIGGER events_refuse_update; DROP TRIGGER events_refuse_delete;');
    db.exec(sql);
    if (!keepTriggersDropped) for (const t of triggers) db.exec(t);
  } finally {
    db.close();
  }
}

/** The `StoreError` that `fn` throws; anything else it throws is thrown on, and no throw fails. */
export function storeErrorOf(fn: () => unknown): StoreError {
  try {
    fn();
  } catch (e) {
    if (e instanceof StoreError) return e;
    throw e;
  }
  throw new Error('expected a StoreError');
}

/**
 * Runs `fn` with the OS temp folder (`TMPDIR`) set to `dir`, or to a fresh folder of its own when
 * not given; returns what `fn` gives and what it left in that fresh folder (removed after). A
 * test that asserts nothing is left behind sees only its own files, not another test's.
 */
export function inTempDir<V>(fn: () => V, dir?: string): { value: V; left: string[] } {
  const own = dir ?? mkdtempSync(join(tmpdir(), 'cp-os-tmp-'));
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = own;
  try {
    const value = fn();
    return { value, left: dir ? [] : readdirSync(own) };
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
    if (!dir) rmSync(own, { recursive: true, force: true });
  }
}

/**
 * Copies of an honest database file, one a call: `copy(sql)` copies `honest()` (a getter, as the
 * file is usually made in a `beforeAll`) into `folder` as `<prefix>-N.db` and runs `sql` on the
 * copy behind the terminal's back (`tamper`; nothing when `sql` is empty). Returns the copy's path.
 */
export function tamperedCopies(folder: { file: (name: string) => string }, honest: () => string, prefix = 'tampered'): (sql: string) => string {
  let copies = 0;
  return (sql) => {
    const path = folder.file(`${prefix}-${++copies}.db`);
    copyFileSync(honest(), path);
    if (sql) tamper(path, sql);
    return path;
  };
}

/**
 * Ends a test rig's log as the honest file the tests copy: checkpointed into the file, the store
 * closed, the file copied into `folder` as `honest.db` (returned) and the rig removed.
 */
export function keepAsHonest(rig: { store: { db: Database.Database; close(): void }; path: string; cleanup(): void }, folder: { file: (name: string) => string }): string {
  rig.store.db.pragma('wal_checkpoint(TRUNCATE)');
  rig.store.close();
  const honest = folder.file('honest.db');
  copyFileSync(rig.path, honest);
  rig.cleanup();
  return honest;
}

/**
 * A fresh temp folder for each test of the calling file (`file(name)`, `dir`), removed after the
 * test, and `keep(x)`: what the test opened (stores, databases), closed newest first before the
 * folder goes. Call it at the top of a test file.
 */
export function folderPerTest(prefix: string): { file: (name: string) => string; readonly dir: string; keep: <T extends { close(): void }>(x: T) => T } {
  let current: ReturnType<typeof tempFolder> | null = null;
  const opened: { close(): void }[] = [];
  beforeEach(() => {
    current = tempFolder(prefix);
  });
  afterEach(() => {
    for (const x of opened.splice(0).reverse()) x.close();
    current?.cleanup();
  });
  return {
    file: (name) => current!.file(name),
    get dir() {
      return current!.dir;
    },
    keep: (x) => {
      opened.push(x);
      return x;
    },
  };
}

/**
 * Migrated stores in memory, foreign keys off as in the audit's rebuild (which has no events to
 * refer to): the returned function opens one and gives its connection; each is closed after its test.
 */
export function memoryStoresLikeTheRebuild(): () => Database.Database {
  const opened: Store[] = [];
  afterEach(() => {
    for (const s of opened.splice(0)) s.close();
  });
  return () => {
    const store = openStore(':memory:');
    opened.push(store);
    store.db.pragma('foreign_keys = OFF');
    return store.db;
  };
}
