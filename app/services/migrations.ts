/**
 * Schema migrations in the style of Signal Desktop: numbered SQL files
 * (`migrations/NNNN_name.sql`), every pending one applied in order inside ONE transaction,
 * the schema version kept in `PRAGMA user_version`. A database written by a newer program
 * (a version above the last file here) is refused before anything is written to it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';

/** One migration file. */
export interface Migration {
  /** 1, 2, 3 ... from the file name's four digits. */
  readonly version: number;
  /** The file name, e.g. `0001_event_log.sql`. */
  readonly file: string;
  readonly sql: string;
}

/** A store that cannot be opened, with a code a program can branch on. */
export class StoreError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}

const FILE_PATTERN = /^(\d{4})_([a-z0-9][a-z0-9_-]*)\.sql$/;

/**
 * Finds the `migrations/` folder: walks up from this module's folder until one holds
 * `0001_*.sql`. That finds the repository's folder when run from source (app/services/) and
 * a copy shipped beside a bundle (dist/..., resources/...). Callers that know better pass
 * `migrationsDir` to openStore instead.
 */
export function findMigrationsDir(from: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = resolve(from);
  for (;;) {
    const candidate = join(dir, 'migrations');
    if (existsSync(candidate) && statSync(candidate).isDirectory() && readdirSync(candidate).some((f) => /^0001_.*\.sql$/.test(f))) {
      return candidate;
    }
    const parent = dirname(dir);
    if (parent === dir) {
      throw new StoreError('migrations-not-found', `no migrations/ folder with 0001_*.sql found above ${from}; pass migrationsDir`);
    }
    dir = parent;
  }
}

/**
 * Reads and checks the migration files of a folder: names `NNNN_name.sql`, versions 1..n
 * without gaps or repeats. Other files (README.md ...) are ignored; a `.sql` file with a bad
 * name is refused so that a typo cannot silently skip a migration.
 */
export function loadMigrations(dir: string): Migration[] {
  if (!existsSync(dir)) throw new StoreError('migrations-not-found', `migrations folder ${dir} does not exist`);
  const found: Migration[] = [];
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith('.sql')) continue;
    const m = FILE_PATTERN.exec(file);
    if (!m) throw new StoreError('bad-migration-name', `migration file ${file} is not named NNNN_name.sql (e.g. 0005_add_index.sql)`);
    found.push({ version: Number(m[1]), file, sql: readFileSync(join(dir, file), 'utf8') });
  }
  found.sort((a, b) => a.version - b.version);
  found.forEach((mig, i) => {
    if (mig.version !== i + 1) {
      const prev = found[i - 1];
      if (prev && prev.version === mig.version) {
        throw new StoreError('bad-migration-sequence', `migrations ${prev.file} and ${mig.file} have the same number`);
      }
      throw new StoreError('bad-migration-sequence', `migration ${mig.file} should be number ${String(i + 1).padStart(4, '0')}: migrations are numbered 0001, 0002 ... without gaps`);
    }
  });
  if (found.length === 0) throw new StoreError('migrations-not-found', `no NNNN_name.sql files in ${dir}`);
  return found;
}

/** The schema version recorded in the database (`PRAGMA user_version`). */
export function schemaVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Refuses a database whose version is above the last migration known here. Reads only.
 */
export function refuseFutureDatabase(db: Database.Database, migrations: readonly Migration[], path: string): void {
  const current = schemaVersion(db);
  const latest = migrations.length;
  if (current > latest) {
    throw new StoreError(
      'database-from-future',
      `database ${path} has schema version ${current}, but this program knows versions up to ${latest}: ` +
        `it was written by a newer version of the terminal. Use that version (or newer); the file was not changed.`,
    );
  }
}

/**
 * Applies every migration above the database's version, in order, in one transaction, and
 * sets `user_version` to the last one. On any error nothing is applied and the error names the
 * file. Returns the versions applied.
 */
export function migrate(db: Database.Database, migrations: readonly Migration[], path = db.name): number[] {
  refuseFutureDatabase(db, migrations, path);
  const current = schemaVersion(db);
  const pending = migrations.filter((m) => m.version > current);
  if (pending.length === 0) return [];
  let running: Migration | undefined;
  try {
    db.transaction(() => {
      for (const m of pending) {
        running = m;
        db.exec(m.sql);
      }
      db.pragma(`user_version = ${pending[pending.length - 1].version}`);
    }).immediate();
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new StoreError(
      'migration-failed',
      `migration ${running?.file ?? '?'} failed: ${why}. No migration was applied; the database is still at version ${current}.`,
    );
  }
  return pending.map((m) => m.version);
}
