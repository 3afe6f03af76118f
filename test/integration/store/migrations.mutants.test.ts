/**
 * The migration files' rules (app/services/migrations.ts, docs/store.md "Migration files") on
 * real folders and database files in temp folders: how the `migrations/` folder is found walking
 * up (only a folder holding a file named exactly `0001_*.sql` counts; none up to the root is an
 * error saying to pass `migrationsDir`), which files are migrations (`NNNN_name.sql` exactly;
 * other files ignored; a misnamed `.sql` file refused), numbered 0001, 0002 ... without gaps or
 * repeats, each refusal a `StoreError` with its code and the words the person fixing the folder
 * reads; and the words of a migration run that could not even start (the write lock held).
 */
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, parse } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findMigrationsDir, loadMigrations, migrate, schemaVersion } from '../../../app/services/migrations';
import { storeErrorOf, tempFolder } from './temp';

let tmp: ReturnType<typeof tempFolder>;
beforeEach(() => {
  tmp = tempFolder('cp-mig-');
});
afterEach(() => tmp.cleanup());

/** A folder `name` under the temp folder holding `files` (name -> text), made in the order given. */
function folder(name: string, files: Record<string, string>): string {
  const dir = join(tmp.dir, name);
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  return dir;
}

describe('StoreError', () => {
  it('is an Error named StoreError, with its code and message', () => {
    const missing = join(tmp.dir, 'nowhere');
    const e = storeErrorOf(() => loadMigrations(missing));
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('StoreError');
    expect(e.code).toBe('migrations-not-found');
    expect(String(e)).toBe(`StoreError: migrations folder ${missing} does not exist`);
  });
});

describe('findMigrationsDir: walking up to the first migrations/ folder holding 0001_*.sql', () => {
  it('passes over folders named migrations whose files only look like a first migration', () => {
    const real = folder('migrations', { '0001_event_log.sql': 'SELECT 1;' });
    // Nearer to the start: a migrations/ folder with near misses only (a prefix before the
    // number, a backup's extension after .sql) and a later migration; and a file named migrations.
    folder(join('app', 'migrations'), { 'x0001_event_log.sql': 'SELECT 1;', '0001_event_log.sql.bak': 'SELECT 1;', '0002_more.sql': 'SELECT 2;' });
    mkdirSync(join(tmp.dir, 'app', 'dist', 'main'), { recursive: true });
    writeFileSync(join(tmp.dir, 'app', 'dist', 'migrations'), '0001_event_log.sql');
    expect(findMigrationsDir(join(tmp.dir, 'app', 'dist', 'main'))).toBe(real);
  });

  it('takes the nearest folder that qualifies', () => {
    folder('migrations', { '0001_a.sql': 'SELECT 1;' });
    const near = folder(join('app', 'migrations'), { '0001_b.sql': 'SELECT 1;' });
    mkdirSync(join(tmp.dir, 'app', 'dist'), { recursive: true });
    expect(findMigrationsDir(join(tmp.dir, 'app', 'dist'))).toBe(near);
  });

  it('refuses when none is found up to the root, saying to pass migrationsDir', () => {
    // The premise: no folder from the temp folder up to the root holds migrations/0001_*.sql.
    for (let d = tmp.dir; ; d = dirname(d)) {
      const m = join(d, 'migrations');
      const firsts = existsSync(m) && statSync(m).isDirectory() ? readdirSync(m).filter((f) => /^0001_.*\.sql$/.test(f)) : [];
      expect(firsts, m).toEqual([]);
      if (d === parse(d).root) break;
    }
    const from = join(tmp.dir, 'app', 'dist');
    mkdirSync(from, { recursive: true });
    folder(join('app', 'migrations'), { 'README.md': 'no migrations here', '0002_more.sql': 'SELECT 2;' });
    const e = storeErrorOf(() => findMigrationsDir(from));
    expect(e.code).toBe('migrations-not-found');
    expect(e.message).toBe(`no migrations/ folder with 0001_*.sql found above ${from}; pass migrationsDir`);
  });
});

describe('loadMigrations: which files are migrations', () => {
  it('reads NNNN_name.sql files in number order with their SQL, and ignores every other file', () => {
    const dir = folder('mig', {
      '0002_seats.sql': 'CREATE TABLE seats (n INTEGER);',
      'README.md': '# how to add a migration',
      '0001_event_log.sql': 'CREATE TABLE events (id INTEGER);',
      'notes.txt': 'draft',
      '0003_draft.sql.bak': 'not a migration',
    });
    expect(loadMigrations(dir)).toEqual([
      { version: 1, file: '0001_event_log.sql', sql: 'CREATE TABLE events (id INTEGER);' },
      { version: 2, file: '0002_seats.sql', sql: 'CREATE TABLE seats (n INTEGER);' },
    ]);
  });

  it('refuses a .sql file not named exactly NNNN_name.sql, naming it, so that a typo cannot skip a migration', () => {
    for (const bad of ['x0002_seats.sql', '0002_seats.sql.sql', '0002_Seats.sql', '2_seats.sql', '0002-seats.sql', '00002_seats.sql', '0002_.sql']) {
      const dir = folder(`bad-${bad}`, { '0001_event_log.sql': 'SELECT 1;', [bad]: 'SELECT 2;' });
      const e = storeErrorOf(() => loadMigrations(dir));
      expect(e.code, bad).toBe('bad-migration-name');
      expect(e.message).toBe(`migration file ${bad} is not named NNNN_name.sql (e.g. 0005_add_index.sql)`);
    }
  });

  it('refuses a folder with no migration in it (empty, or other files only)', () => {
    const empty = folder('empty', {});
    const e = storeErrorOf(() => loadMigrations(empty));
    expect(e.code).toBe('migrations-not-found');
    expect(e.message).toBe(`no NNNN_name.sql files in ${empty}`);
    const readmeOnly = folder('readme-only', { 'README.md': 'migrations go here' });
    const r = storeErrorOf(() => loadMigrations(readmeOnly));
    expect(r.code).toBe('migrations-not-found');
    expect(r.message).toBe(`no NNNN_name.sql files in ${readmeOnly}`);
  });
});

describe('loadMigrations: numbered 0001, 0002 ... without gaps or repeats', () => {
  it('refuses two files with the same number, naming both in name order', () => {
    // made in reverse order: the message does not depend on how the folder lists them
    const dir = folder('dup', { '0002_seats_b.sql': 'SELECT 3;', '0002_seats_a.sql': 'SELECT 2;', '0001_event_log.sql': 'SELECT 1;' });
    const e = storeErrorOf(() => loadMigrations(dir));
    expect(e.code).toBe('bad-migration-sequence');
    expect(e.message).toBe('migrations 0002_seats_a.sql and 0002_seats_b.sql have the same number');
    const first = folder('dup-first', { '0001_b.sql': 'SELECT 2;', '0001_a.sql': 'SELECT 1;', '0002_c.sql': 'SELECT 3;' });
    expect(storeErrorOf(() => loadMigrations(first)).message).toBe('migrations 0001_a.sql and 0001_b.sql have the same number');
  });

  it('refuses a gap, naming the file and the number it should have, in four digits', () => {
    const dir = folder('gap', { '0001_event_log.sql': 'SELECT 1;', '0003_alerts.sql': 'SELECT 3;' });
    const e = storeErrorOf(() => loadMigrations(dir));
    expect(e.code).toBe('bad-migration-sequence');
    expect(e.message).toBe('migration 0003_alerts.sql should be number 0002: migrations are numbered 0001, 0002 ... without gaps');
    const noFirst = folder('no-first', { '0002_seats.sql': 'SELECT 2;' });
    expect(storeErrorOf(() => loadMigrations(noFirst)).message).toBe('migration 0002_seats.sql should be number 0001: migrations are numbered 0001, 0002 ... without gaps');
    const late = folder('late', Object.fromEntries([...Array.from({ length: 9 }, (_, i) => [`000${i + 1}_m${i + 1}.sql`, 'SELECT 1;']), ['0011_m11.sql', 'SELECT 1;']]));
    expect(storeErrorOf(() => loadMigrations(late)).message).toBe('migration 0011_m11.sql should be number 0010: migrations are numbered 0001, 0002 ... without gaps');
  });
});

describe('migrate when the write lock cannot be had', () => {
  it('applies nothing and says so: no file was running, the database is still at its version', () => {
    const dir = folder('mig', { '0001_a.sql': 'CREATE TABLE a (x INTEGER);', '0002_b.sql': 'CREATE TABLE b (y INTEGER);' });
    const all = loadMigrations(dir);
    const path = tmp.file('locked.db');
    const holder = new Database(path);
    const db = new Database(path, { timeout: 0 });
    try {
      holder.exec('BEGIN IMMEDIATE');
      const e = storeErrorOf(() => migrate(db, all));
      expect(e.code).toBe('migration-failed');
      expect(e.message).toBe('migration ? failed: database is locked. No migration was applied; the database is still at version 0.');
      holder.exec('ROLLBACK');
      expect(schemaVersion(db)).toBe(0);
      // once the lock is free, the same call applies both
      expect(migrate(db, all)).toEqual([1, 2]);
      expect(schemaVersion(db)).toBe(2);
    } finally {
      db.close();
      holder.close();
    }
  });
});
