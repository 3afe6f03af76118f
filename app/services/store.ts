/**
 * The terminal's SQLite store: one database file per terminal, opened by `openStore` and
 * nothing else (the terminal, the `table` command, the tests and the bench all use it).
 *
 * WAL journal, `synchronous = FULL` (a committed transaction survives a power cut), foreign
 * keys on. Migrations run at open. One process writes a file at a time (writer-lock.ts); a
 * new database is made only where no file exists, and an existing file that holds no terminal
 * database is refused, never started afresh. Events are appended through `write`, which runs one
 * IMMEDIATE transaction: every event appended in it and every projection row written in it
 * commit together or not at all.
 */
import Database from 'better-sqlite3';
import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { canonicalJson } from './canonical-json';
import { GENESIS_HASH, rowHash } from './event-log';
import { isoTime } from './iso-time';
import { findMigrationsDir, loadMigrations, migrate, refuseFutureDatabase, schemaVersion, StoreError, type Migration } from './migrations';
import { takeWriterLock, type WriterLock } from './writer-lock';

export { StoreError } from './migrations';

/** Milliseconds since the Unix epoch (the same shape as hardware/card-source.ts's Clock). */
export type StoreClock = () => number;

export interface OpenStoreOptions {
  /** Where the `NNNN_name.sql` files are; default: found by walking up from this module. */
  readonly migrationsDir?: string;
  /**
   * Passed to better-sqlite3 as its `nativeBinding` option: a path to a `better_sqlite3.node`
   * (e.g. one rebuilt for Electron) or an already loaded addon object.
   */
  readonly nativeBinding?: string | object;
  /**
   * Open for reading only (audit commands): no pragma or migration is written; a database
   * whose schema is not the latest is refused.
   */
  readonly readonly?: boolean;
  /** Refuse to create a new file (the floor's commands must not invent an empty database). */
  readonly mustExist?: boolean;
  /** The clock that stamps event rows; default `Date.now`. */
  readonly clock?: StoreClock;
  /** How long to wait for another connection's write lock; default 5000 ms. */
  readonly busyTimeoutMs?: number;
}

/** An event to append. `body.type` names it; the body must be plain JSON. */
export interface NewEvent {
  readonly tableId: string;
  /** The hand it belongs to, or null/absent for a table-level event. */
  readonly handId?: string | null;
  readonly body: { readonly type: string };
}

/** An event as stored. */
export interface StoredEvent<B = unknown> {
  readonly id: number;
  readonly tableId: string;
  readonly handId: string | null;
  readonly handSeq: number | null;
  readonly type: string;
  /** ISO 8601 UTC with milliseconds. */
  readonly recordedAt: string;
  readonly body: B;
}

/** The handle `write` passes to its callback. */
export interface WriteTx {
  readonly db: Database.Database;
  /** The time stamped on every row of this transaction (ISO 8601). */
  readonly at: string;
  /** Appends one event to the chain; visible to later statements of this transaction. */
  append<B extends { readonly type: string }>(event: { readonly tableId: string; readonly handId?: string | null; readonly body: B }): StoredEvent<B>;
}

interface EventRowDb {
  id: number;
  table_id: string;
  hand_id: string | null;
  hand_seq: number | null;
  type: string;
  recorded_at: string;
  body: string;
}

const TYPE_PATTERN = /^[a-z][a-z0-9-]*$/;

/** The memory map asked for by read-only (audit) connections: as much as SQLite allows. */
export const AUDIT_MMAP_BYTES = 2 ** 40;

/** An open store. Close it when done (a killed process needs no close: WAL recovers). */
export class Store {
  /** The schema version after migrations. */
  readonly version: number;
  /** Migration versions applied by this open (empty when already current). */
  readonly applied: readonly number[];
  private readonly insertEvent: Database.Statement;
  private readonly lastEvent: Database.Statement;
  private readonly lastSeqOfHand: Database.Statement;
  private readonly upsertHead: Database.Statement;
  private readonly selectHand: Database.Statement;

  /** The writer lock this store holds (null: read-only, or in memory). */
  private readonly writerLock: WriterLock | null;

  /** Use {@link openStore}. */
  constructor(
    readonly db: Database.Database,
    readonly path: string,
    readonly clock: StoreClock,
    /** The migrations this program knows (the schema it expects). */
    readonly migrations: readonly Migration[],
    mode: OpenMode,
  ) {
    const readonlyMode = mode.readonly;
    this.writerLock = mode.writerLock;
    refuseFutureDatabase(db, migrations, path);
    if (!mode.inMemory) refuseNoSchema(db, path);
    if (readonlyMode) {
      const v = schemaVersion(db);
      if (v !== migrations.length) {
        throw new StoreError(
          'database-needs-upgrade',
          `database ${path} has schema version ${v}, this program expects ${migrations.length}; open it once with the terminal or \`table simulate\` to upgrade it`,
        );
      }
      this.applied = [];
    } else {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      this.applied = [...mode.created, ...migrate(db, migrations, path)];
    }
    db.pragma('foreign_keys = ON');
    // Reading through a memory map saves a copy per page: the audit commands read the whole log.
    // (SQLite caps the map at its build's limit, 2 GiB here; the rest of a bigger file is read.)
    if (readonlyMode) db.pragma(`mmap_size = ${AUDIT_MMAP_BYTES}`);
    this.version = schemaVersion(db);
    this.insertEvent = db.prepare(
      'INSERT INTO events (id, table_id, hand_id, hand_seq, type, recorded_at, body, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.lastEvent = db.prepare('SELECT id, hash FROM events ORDER BY id DESC LIMIT 1');
    this.lastSeqOfHand = db.prepare('SELECT max(hand_seq) AS seq FROM events WHERE hand_id = ?').pluck(true);
    this.upsertHead = db.prepare(
      'INSERT INTO log_head (one, last_id, last_hash) VALUES (1, ?, ?) ON CONFLICT (one) DO UPDATE SET last_id = excluded.last_id, last_hash = excluded.last_hash',
    );
    this.selectHand = db.prepare('SELECT id, table_id, hand_id, hand_seq, type, recorded_at, body FROM events WHERE hand_id = ? ORDER BY hand_seq');
    this.transaction = db.transaction((fn: (tx: WriteTx) => unknown) => this.runTransaction(fn));
  }

  /**
   * Runs `fn` in one IMMEDIATE transaction. Events it appends and rows it writes commit
   * together when it returns; if it throws, nothing is written and the error propagates.
   */
  write<T>(fn: (tx: WriteTx) => T): T {
    return this.transaction.immediate(fn) as T;
  }

  /** The body of every write transaction (better-sqlite3's wrapper, made once). */
  private readonly transaction: Database.Transaction<(fn: (tx: WriteTx) => unknown) => unknown>;

  private runTransaction(fn: (tx: WriteTx) => unknown): unknown {
    const at = isoTime(this.clock());
    const head = this.lastEvent.get() as { id: number; hash: string } | undefined;
    let lastId = head?.id ?? 0;
    let lastHash: string = head?.hash ?? GENESIS_HASH;
    let nextSeq: Map<string, number> | null = null;
    const tx: WriteTx = {
      db: this.db,
      at,
      append: (event) => {
        const type = event.body.type;
        if (typeof type !== 'string' || !TYPE_PATTERN.test(type)) throw new TypeError(`event type ${JSON.stringify(type)} is not kebab-case text`);
        const handId = event.handId ?? null;
        let handSeq: number | null = null;
        if (handId !== null) {
          nextSeq ??= new Map();
          handSeq = nextSeq.get(handId) ?? ((this.lastSeqOfHand.get(handId) as number | null) ?? -1) + 1;
          nextSeq.set(handId, handSeq + 1);
        }
        const body = canonicalJson(event.body);
        const id = lastId + 1;
        const hash = rowHash(lastHash, { tableId: event.tableId, handId, handSeq, type, recordedAt: at, body });
        this.insertEvent.run(id, event.tableId, handId, handSeq, type, at, body, lastHash, hash);
        lastId = id;
        lastHash = hash;
        return { id, tableId: event.tableId, handId, handSeq, type, recordedAt: at, body: event.body };
      },
    };
    const result = fn(tx);
    if (head === undefined ? lastId > 0 : lastId !== head.id) this.upsertHead.run(lastId, lastHash);
    return result;
  }

  /** Every event of one hand, in order. */
  handEvents<B = unknown>(handId: string): StoredEvent<B>[] {
    return (this.selectHand.all(handId) as EventRowDb[]).map((r) => toStored<B>(r));
  }

  /** Closes the database, then lets the next writer in. */
  close(): void {
    if (this.db.open) this.db.close();
    this.writerLock?.release();
  }
}

/** How {@link openStore} opened a store. */
interface OpenMode {
  readonly readonly: boolean;
  /** `:memory:` (or a temporary database): new by definition, no file, no lock. */
  readonly inMemory: boolean;
  /** The migrations that made this database, when this open made it. */
  readonly created: readonly number[];
  readonly writerLock: WriterLock | null;
}

/**
 * Refuses an existing file that holds no terminal database: `user_version` 0 (every terminal
 * database has at least 1: the first migration sets it in the transaction that makes the
 * schema). Reads only.
 */
function refuseNoSchema(db: Database.Database, path: string): void {
  if (schemaVersion(db) !== 0) return;
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck(true).all() as string[];
  if (tables.length === 0) {
    throw new StoreError(
      'database-empty',
      `database ${path} exists but holds no terminal database: it is empty (${fileSize(path)} bytes) or damaged; it was not changed. `
        + 'A new database is made only where no file exists: restore the terminal\'s file, or give a path where there is none',
    );
  }
  throw new StoreError(
    'not-a-terminal-database',
    `database ${path} exists but holds no terminal database: it is another program's SQLite file (tables ${tables.slice(0, 5).join(', ')}${tables.length > 5 ? ', ...' : ''}); it was not changed`,
  );
}

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

function toStored<B>(r: EventRowDb): StoredEvent<B> {
  return {
    id: r.id,
    tableId: r.table_id,
    handId: r.hand_id,
    handSeq: r.hand_seq,
    type: r.type,
    recordedAt: r.recorded_at,
    body: parseBody(r.body, r.id, r.hand_id, r.type) as B,
  };
}

/**
 * An event row's body as JSON, or a {@link StoreError} `event-not-json` naming the row, its
 * hand and its type (a body written by the terminal is always JSON: this one was edited).
 * Every reader of stored bodies parses through this, so a damaged row fails the same way
 * whichever check meets it first.
 */
export function parseBody(body: unknown, rowId: unknown, handId: unknown, type: unknown): unknown {
  try {
    return JSON.parse(body as string) as unknown;
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new StoreError('event-not-json', `log row ${String(rowId)} (hand ${handId === null ? 'none' : String(handId)}, type ${String(type)}) is not JSON: ${why}`);
  }
}

/**
 * The refusals of {@link openStore} that mean "this path cannot be used as given" (the file is
 * held by another writer, missing, in a folder that does not exist, or holds no terminal
 * database): the commands exit 2 on them, as on bad arguments.
 */
export const REFUSED_PATH_CODES: ReadonlySet<string> = new Set([
  'database-in-use',
  'database-not-found',
  'database-folder-not-found',
  'database-empty',
  'not-a-terminal-database',
]);

/** True for a {@link StoreError} whose code is one of {@link REFUSED_PATH_CODES}. */
export function isRefusedPath(e: unknown): e is StoreError {
  return e instanceof StoreError && REFUSED_PATH_CODES.has(e.code);
}

/**
 * Opens the database at `path`. Refused with a {@link StoreError}, the file left as it was:
 * - `database-in-use`: another process writes it (not for `readonly`, which takes no lock);
 * - `database-not-found`: no file, and `readonly` or `mustExist`;
 * - `database-folder-not-found`: no file, and no folder to make it in (none is created);
 * - `database-empty` / `not-a-terminal-database`: the file exists but holds no terminal
 *   database (0 bytes, no schema, another program's SQLite file or not SQLite at all);
 * - `database-from-future`, `database-needs-upgrade` (readonly), `migration-failed`.
 * A writer holds the file's writer lock until {@link Store.close}. A new database is made
 * whole beside the path and renamed into place, so a file at the path always holds one. Then
 * WAL / synchronous=FULL / foreign keys, and pending migrations in one transaction.
 */
export function openStore(path: string, options: OpenStoreOptions = {}): Store {
  const migrations = loadMigrations(options.migrationsDir ?? findMigrationsDir());
  const readonly = options.readonly ?? false;
  const inMemory = path === ':memory:' || path === '';
  if (inMemory) return openFile(path, options, migrations, { readonly, inMemory, created: [], writerLock: null });
  if (!existsSync(path)) {
    if (options.mustExist || readonly) throw new StoreError('database-not-found', `no database at ${path}`);
    refuseMissingFolder(path);
  } else if (fileSize(path) === 0) {
    // Refused before SQLite sees it: opening a 0-byte file deletes the -wal beside it.
    throw new StoreError(
      'database-empty',
      `database ${path} exists but holds no terminal database: it is empty (0 bytes); it was not changed. `
        + 'A new database is made only where no file exists: restore the terminal\'s file, or give a path where there is none',
    );
  }
  const writerLock = readonly ? null : takeWriterLock(path, { nativeBinding: options.nativeBinding });
  try {
    // Under the lock: no other writer can be making it meanwhile.
    const created = !readonly && !existsSync(path) ? createDatabase(path, migrations, options) : [];
    return openFile(path, options, migrations, { readonly, inMemory, created, writerLock });
  } catch (e) {
    writerLock?.release();
    throw e;
  }
}

function openFile(path: string, options: OpenStoreOptions, migrations: readonly Migration[], mode: OpenMode): Store {
  let db: Database.Database;
  try {
    db = new Database(path, {
      readonly: mode.readonly,
      // Made above if it was to be made: one that disappears meanwhile is not made again here.
      fileMustExist: !mode.inMemory,
      timeout: options.busyTimeoutMs ?? 5000,
      ...bindingOption(options),
    });
  } catch (e) {
    throw openFailure(path, e);
  }
  try {
    return new Store(db, path, options.clock ?? Date.now, migrations, mode);
  } catch (e) {
    db.close();
    throw openFailure(path, e);
  }
}

function bindingOption(options: OpenStoreOptions): { nativeBinding?: string } {
  return options.nativeBinding !== undefined ? { nativeBinding: options.nativeBinding as string } : {};
}

function openFailure(path: string, e: unknown): StoreError {
  if (e instanceof StoreError) return e;
  const why = e instanceof Error ? e.message : String(e);
  if ((e as { code?: unknown }).code === 'SQLITE_NOTADB') {
    return new StoreError('not-a-terminal-database', `database ${path} exists but holds no terminal database: it is not an SQLite file (${why}); it was not changed`);
  }
  return new StoreError('database-open-failed', `cannot open database ${path}: ${why}`);
}

/** A new database goes only into a folder that exists: a mistyped path is an error, not a new folder. */
function refuseMissingFolder(path: string): void {
  const folder = dirname(resolve(path));
  let isFolder = false;
  try {
    isFolder = statSync(folder).isDirectory();
  } catch {
    // missing, or not reachable: refused below
  }
  if (!isFolder) {
    throw new StoreError(
      'database-folder-not-found',
      `no folder ${folder} for the database ${path}: a new database is made only in a folder that exists (check the path); nothing was created`,
    );
  }
}

/**
 * Makes the database `path` whole: every migration applied to `<path>-new` in one transaction
 * (rollback journal, synchronous=FULL), the file closed, renamed to `path` and the folder
 * synced. A crash or a failed migration leaves no file at `path` (at most a `-new` file, which
 * the next creation replaces). The caller holds the writer lock. Returns the versions applied.
 */
function createDatabase(path: string, migrations: readonly Migration[], options: OpenStoreOptions): number[] {
  const draft = `${path}-new`;
  const removeDraft = () => {
    for (const f of [draft, `${draft}-journal`, `${draft}-wal`, `${draft}-shm`]) rmSync(f, { force: true });
  };
  let applied: number[];
  try {
    removeDraft(); // inside: a folder in the draft's place is a refusal, not a bare fs error
    const db = new Database(draft, { timeout: options.busyTimeoutMs ?? 5000, ...bindingOption(options) });
    try {
      db.pragma('synchronous = FULL');
      applied = migrate(db, migrations, path);
    } finally {
      db.close();
    }
    renameSync(draft, path);
  } catch (e) {
    try {
      removeDraft();
    } catch {
      // left for the next creation to replace, or to refuse in words
    }
    throw openFailure(path, e);
  }
  syncFolder(dirname(resolve(path)));
  return applied;
}

/** Makes a rename in `folder` durable where the platform can (Windows cannot open a folder). */
function syncFolder(folder: string): void {
  let fd: number | null = null;
  try {
    fd = openSync(folder, 'r');
    fsyncSync(fd);
  } catch {
    // best effort
  } finally {
    if (fd !== null) closeSync(fd);
  }
}
