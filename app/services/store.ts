/**
 * The terminal's SQLite store: one database file per terminal, opened by `openStore` and
 * nothing else (the terminal, the `table` command, the tests and the bench all use it).
 *
 * WAL journal, `synchronous = FULL` (a committed transaction survives a power cut), foreign
 * keys on. Migrations run at open. Events are appended through `write`, which runs one
 * IMMEDIATE transaction: every event appended in it and every projection row written in it
 * commit together or not at all.
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { canonicalJson } from './canonical-json';
import { GENESIS_HASH, rowHash } from './event-log';
import { isoTime } from './iso-time';
import { findMigrationsDir, loadMigrations, migrate, refuseFutureDatabase, schemaVersion, StoreError, type Migration } from './migrations';

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

  /** Use {@link openStore}. */
  constructor(
    readonly db: Database.Database,
    readonly path: string,
    readonly clock: StoreClock,
    migrations: readonly Migration[],
    readonlyMode: boolean,
  ) {
    refuseFutureDatabase(db, migrations, path);
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
      this.applied = migrate(db, migrations, path);
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

  close(): void {
    if (this.db.open) this.db.close();
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
 * Opens (creating unless `mustExist`) the database at `path`, refuses one from a newer
 * program without touching it, sets WAL / synchronous=FULL / foreign keys, and applies
 * pending migrations in one transaction. Throws {@link StoreError} with a clear message.
 */
export function openStore(path: string, options: OpenStoreOptions = {}): Store {
  const migrations = loadMigrations(options.migrationsDir ?? findMigrationsDir());
  if ((options.mustExist || options.readonly) && path !== ':memory:' && !existsSync(path)) {
    throw new StoreError('database-not-found', `no database at ${path}`);
  }
  let db: Database.Database;
  try {
    db = new Database(path, {
      readonly: options.readonly ?? false,
      fileMustExist: options.mustExist ?? false,
      timeout: options.busyTimeoutMs ?? 5000,
      ...(options.nativeBinding !== undefined ? { nativeBinding: options.nativeBinding as string } : {}),
    });
  } catch (e) {
    throw new StoreError('database-open-failed', `cannot open database ${path}: ${e instanceof Error ? e.message : String(e)}`);
  }
  try {
    return new Store(db, path, options.clock ?? Date.now, migrations, options.readonly ?? false);
  } catch (e) {
    db.close();
    if (e instanceof StoreError) throw e;
    throw new StoreError('database-open-failed', `cannot open database ${path}: ${e instanceof Error ? e.message : String(e)}`);
  }
}
