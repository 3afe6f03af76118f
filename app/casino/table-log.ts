/**
 * The table database's side of forwarding: its identity, the end of its log, its rows in
 * order, and the forward cursor. Read through the store the table writes with (the process
 * that holds the writer lock: the terminal itself, or `table sync`, which takes the lock): the
 * reads see only committed rows (a write is one synchronous transaction, so no read lands
 * inside one), and the cursor is written by the same writer, in a transaction of its own that
 * touches no event row and no other table, and that does not wait for the disk (below).
 */
import { fail, ok, type Result } from '../domain/result';
import { GENESIS_HASH, type RawEventRow } from '../services/event-log';
import { isoTime } from '../services/iso-time';
import type { Store } from '../services/store';
import { rowOf, type LogEnd, type LogRow } from './log-row';

/** What the cursor says: the last row the server named by `centralId` confirmed it holds. */
export interface ForwardCursor {
  readonly centralId: string;
  readonly confirmedId: number;
  readonly confirmedAt: string;
}

/** A table's log as the forwarder reads it. */
export interface TableLog {
  /** The database's terminal identity (32 hex digits). */
  readonly identity: string;
  /** The table ids in the log (the staff's `@staff` included), for messages. */
  tableIds(): string[];
  /** The last committed row (0 and 64 zeros for an empty log). */
  end(): LogEnd;
  /** Up to `limit` rows with `id >= fromId`, in id order, exactly as stored. */
  rows(fromId: number, limit: number): LogRow[];
  cursor(): ForwardCursor | null;
  /** Records that `centralId` confirmed rows up to `confirmedId`. */
  saveCursor(centralId: string, confirmedId: number): void;
}

/**
 * The log of an open store. Refused (`no-terminal-identity`) for a database without an identity
 * (a store opened read-only on an older file). The cursor can be saved only through a store that
 * writes (not `readonly`).
 */
export function tableLogOf(store: Store, clock: () => number = Date.now): Result<TableLog> {
  const db = store.db;
  const hasIdentity = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'terminal_identity'").get() !== undefined;
  const id = hasIdentity ? (db.prepare('SELECT id FROM terminal_identity WHERE one = 1').pluck().get() as string | undefined) : undefined;
  if (id === undefined) return fail('no-terminal-identity', `database ${store.path} has no terminal identity (schema version ${store.version}): open it once with the terminal or \`table sync\` to upgrade it`);
  const head = db.prepare('SELECT last_id AS lastId, last_hash AS lastHash FROM log_head WHERE one = 1');
  const rows = db.prepare('SELECT id, table_id, hand_id, hand_seq, type, recorded_at, body, prev_hash, hash FROM events WHERE id >= ? ORDER BY id LIMIT ?').raw(true);
  const tables = db.prepare('SELECT DISTINCT table_id FROM events ORDER BY table_id').pluck();
  const cursor = db.prepare('SELECT central_id AS centralId, confirmed_id AS confirmedId, confirmed_at AS confirmedAt FROM forward_cursor WHERE one = 1');
  const save = db.prepare(
    `INSERT INTO forward_cursor (one, central_id, confirmed_id, confirmed_at) VALUES (1, ?, ?, ?)
     ON CONFLICT (one) DO UPDATE SET central_id = excluded.central_id, confirmed_id = excluded.confirmed_id, confirmed_at = excluded.confirmed_at`,
  );
  return ok({
    identity: id,
    tableIds: () => tables.all() as string[],
    end: () => (head.get() as LogEnd | undefined) ?? { lastId: 0, lastHash: GENESIS_HASH },
    rows: (fromId, limit) => (rows.all(fromId, limit) as RawEventRow[]).map(rowOf),
    cursor: () => (cursor.get() as ForwardCursor | undefined) ?? null,
    saveCursor: (centralId, confirmedId) => {
      // The cursor is never trusted alone (one lost costs only resends, stored once), so its
      // commit does not wait for the disk: the table's next durable commit (WAL) takes it down
      // too. Waiting would cost the table's thread a disk flush per confirmed batch.
      const level = db.pragma('synchronous', { simple: true }) as number;
      db.pragma('synchronous = NORMAL');
      try {
        store.write(() => save.run(centralId, confirmedId, isoTime(clock())));
      } finally {
        db.pragma(`synchronous = ${level}`);
      }
    },
  });
}
