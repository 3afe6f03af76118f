/**
 * One writer per database file: a lock beside it, `<db>-writer`, held by the process that
 * writes the database for as long as its store is open.
 *
 * The lock is SQLite's own file lock (fcntl on POSIX, LockFileEx on Windows) on that second
 * SQLite file, taken by a write transaction and kept by `locking_mode = EXCLUSIVE`. The
 * operating system drops it when the holding process ends in any way (a SIGKILL, a power cut
 * included), so there is never a stale lock to clean up and the file is never deleted. The
 * holder's pid, command line, host and start time are written in the same transaction that
 * takes the lock, so a program that is refused can say who holds it; that row is only a hint:
 * the OS lock alone decides.
 *
 * The main database is not in exclusive mode: the floor's read-only commands open it beside
 * the writer (WAL) and take no lock here.
 */
import Database from 'better-sqlite3';
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { StoreError } from './migrations';

/** Who holds (or last held) a database's writer lock. */
export interface WriterInfo {
  readonly pid: number;
  /** The holder's command line (`process.argv`), shortened. */
  readonly command: string;
  readonly host: string;
  /** ISO 8601 UTC. */
  readonly startedAt: string;
}

export interface WriterLockOptions {
  /** better-sqlite3's `nativeBinding` (the store's: Electron passes the binding built for it). */
  readonly nativeBinding?: string | object;
}

/** A held lock. `release()` lets the next writer in (idempotent). */
export interface WriterLock {
  /** The lock file. */
  readonly path: string;
  readonly info: WriterInfo;
  release(): void;
}

/**
 * How long a contender waits. Two processes starting at the same moment can both be reading
 * the lock file when one of them asks for it: that one waits for the other to let go. Against a
 * real holder this is the time a refusal takes: still at once to a person.
 */
const CONTENTION_WAIT_MS = 250;

const MAX_COMMAND_CHARS = 240;

/**
 * The locks this process holds, by lock file. A second open in the same process is refused from
 * here, never by touching the file: on POSIX, closing any descriptor a process has on a file
 * drops all of that process's fcntl locks on it, so reading the lock file for the holder's
 * details would hand the lock to the next process.
 */
const heldHere = new Map<string, WriterLock>();

/**
 * The lock file of the database at `dbPath`: `<db>-writer` beside the file the path finally
 * names (symbolic links followed), so two spellings of one file share one lock.
 */
export function writerLockPath(dbPath: string): string {
  const abs = resolve(dbPath);
  try {
    return `${realpathSync(abs)}-writer`;
  } catch {
    // A database not made yet: beside it in its folder (whose own links are followed).
    try {
      return `${join(realpathSync(dirname(abs)), basename(abs))}-writer`;
    } catch {
      return `${abs}-writer`;
    }
  }
}

/** This process's command line, each argument with a space or a quote in it quoted. */
function holderCommand(): string {
  return process.argv.map((a) => (/[\s"']/.test(a) ? JSON.stringify(a) : a)).join(' ');
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_COMMAND_CHARS ? `${flat.slice(0, MAX_COMMAND_CHARS - 3)}...` : flat;
}

function isBusy(e: unknown): boolean {
  const code = (e as { code?: unknown }).code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}

/**
 * Takes the writer lock of the database at `dbPath` (creating the lock file if needed; its
 * folder must exist). Refused with {@link StoreError} `database-in-use` when another process
 * holds it: one line naming the database and, when recorded, the holder's pid, command and
 * start time. Any other failure is `database-open-failed`, naming the lock file.
 */
export function takeWriterLock(dbPath: string, options: WriterLockOptions = {}): WriterLock {
  const path = writerLockPath(dbPath);
  const mine = heldHere.get(path);
  if (mine) throw new StoreError('database-in-use', inUseMessage(dbPath, mine.info));
  // Another name for the same file would get its own lock (and its own WAL: SQLite's way to a
  // corrupt database), so a database with more than one hard link is not written.
  if (existsSync(dbPath) && statSync(dbPath).nlink > 1) {
    throw new StoreError('database-open-failed', `cannot open database ${dbPath} for writing: the file has ${statSync(dbPath).nlink} hard links (names); give it one name only`);
  }
  const binding = options.nativeBinding !== undefined ? { nativeBinding: options.nativeBinding as string } : {};
  let db: Database.Database | null = null;
  try {
    db = new Database(path, { timeout: CONTENTION_WAIT_MS, ...binding });
    // Taken in the NORMAL locking mode, where a connection that loses the race lets go of its
    // read lock while it waits; two contenders in EXCLUSIVE mode can each keep the read lock
    // the other needs and both give up. Switched to EXCLUSIVE inside the transaction, so the
    // commit keeps the lock until the connection closes.
    db.exec('BEGIN EXCLUSIVE');
    db.exec(`CREATE TABLE IF NOT EXISTS holder (
      one INTEGER PRIMARY KEY CHECK (one = 1), pid INTEGER NOT NULL, command TEXT NOT NULL, host TEXT NOT NULL, started_at TEXT NOT NULL)`);
    const info: WriterInfo = {
      pid: process.pid,
      command: oneLine(holderCommand()),
      host: hostname(),
      startedAt: new Date().toISOString(),
    };
    db.prepare('INSERT OR REPLACE INTO holder (one, pid, command, host, started_at) VALUES (1, ?, ?, ?, ?)').run(info.pid, info.command, info.host, info.startedAt);
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('COMMIT');
    // Referenced by the lock until release: a connection nothing refers to is closed by the
    // garbage collector, and the lock goes with it.
    const held = db;
    const lock: WriterLock = {
      path,
      info,
      release() {
        if (heldHere.get(path) === lock) heldHere.delete(path);
        if (held.open) held.close();
      },
    };
    heldHere.set(path, lock);
    return lock;
  } catch (e) {
    if (db?.open) db.close();
    if (isBusy(e)) throw new StoreError('database-in-use', inUseMessage(dbPath, readWriterInfo(path, options.nativeBinding)));
    throw new StoreError('database-open-failed', `cannot open database ${dbPath}: its writer lock ${path} cannot be taken: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/**
 * What the lock file at `lockPath` records about its holder, or null when it records nothing
 * readable. Reads a copy of the file's bytes: the holder's lock keeps SQLite connections out,
 * not plain reads, and a copy cannot disturb the holder.
 */
export function readWriterInfo(lockPath: string, nativeBinding?: string | object): WriterInfo | null {
  try {
    const copy = new Database(readFileSync(lockPath), { readonly: true, ...(nativeBinding !== undefined ? { nativeBinding: nativeBinding as string } : {}) });
    try {
      const row = copy.prepare('SELECT pid, command, host, started_at FROM holder WHERE one = 1').get() as
        | { pid: number; command: string; host: string; started_at: string }
        | undefined;
      return row ? { pid: row.pid, command: row.command, host: row.host, startedAt: row.started_at } : null;
    } finally {
      copy.close();
    }
  } catch {
    // Caught mid-write, or damaged: the refusal then names no holder.
    return null;
  }
}

function inUseMessage(dbPath: string, info: WriterInfo | null): string {
  const who = info
    ? `pid ${info.pid}${info.host === hostname() ? '' : ` on ${info.host}`} (${info.command}), since ${info.startedAt}`
    : 'a process that recorded no details';
  return `database ${dbPath} is in use by another writer: ${who}. One program writes a database at a time: `
    + 'stop that one first (verify-log, replay, audit, export and recall may run beside it)';
}
