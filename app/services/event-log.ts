/**
 * The hash chain of the event log: how a row's hash is computed, and the check that walks
 * the whole log and says which row breaks the chain and how (content changed, rows missing,
 * a row inserted, rows cut off the end).
 *
 * hash(row) = SHA-256 of the UTF-8 text `prev_hash \0 table_id \0 hand_id \0 hand_seq \0 type
 * \0 recorded_at \0 body`, written as 64 lower-case hex digits, where prev_hash is the previous
 * row's hash in the same form (64 zeros for row 1) and NULLs are written as empty text. The row id is only the row's position: the chain itself fixes the order, so a row
 * inserted, removed or moved breaks a link even when the ids are renumbered to hide it.
 */
import { hash as sha } from 'node:crypto';
import type Database from 'better-sqlite3';

/** The previous hash of row 1. */
export const GENESIS_HASH = '0'.repeat(64);

/** The columns of an event row that the hash covers. */
export interface EventRowContent {
  readonly tableId: string;
  readonly handId: string | null;
  readonly handSeq: number | null;
  readonly type: string;
  readonly recordedAt: string;
  /** The event as stored: canonical JSON text. */
  readonly body: string;
}

/** SHA-256 (hex) of the previous hash followed by the row's content. */
export function rowHash(prevHash: string, row: EventRowContent): string {
  return sha('sha256', `${prevHash}\0${row.tableId}\0${row.handId ?? ''}\0${row.handSeq ?? ''}\0${row.type}\0${row.recordedAt}\0${row.body}`, 'hex');
}

/** What is wrong at one place in the log. */
export interface LogProblem {
  readonly kind: 'content-changed' | 'rows-missing' | 'row-inserted' | 'chain-broken' | 'ids-edited' | 'tail-missing' | 'head-missing';
  /** The row where the problem shows (for `rows-missing`, the first row after the hole). */
  readonly rowId: number;
  readonly message: string;
}

export interface LogVerification {
  readonly ok: boolean;
  /** Rows checked. */
  readonly rows: number;
  readonly lastId: number;
  /** The last row's hash (hex): write it down to detect a later rewrite of the whole tail. */
  readonly headHash: string;
  readonly problems: readonly LogProblem[];
}

/** An event row as read for checking: id, table_id, hand_id, hand_seq, type, recorded_at, body, prev_hash, hash. */
export type RawEventRow = [number, string, string | null, number | null, string, string, string, string, string];

/** The columns of {@link RawEventRow}, for `SELECT ... FROM events` in id order. */
export const RAW_EVENT_COLUMNS = 'id, table_id, hand_id, hand_seq, type, recorded_at, body, prev_hash, hash';

/**
 * Checks the chain one row at a time, in id order (so one pass over the log can feed other
 * checks too). After a break it carries on from the row it found, so one edit gives one
 * problem and later edits are reported as well (at most `maxProblems`).
 */
export class ChainVerifier {
  private readonly problems: LogProblem[] = [];
  private prevId = 0;
  private prevHash: string = GENESIS_HASH;
  /** Hashes of the last few rows, to recognise a row that links past an inserted one. */
  private readonly recent: { id: number; hash: string }[] = [{ id: 0, hash: GENESIS_HASH }];
  private rows = 0;

  constructor(private readonly maxProblems = 50) {}

  private add(p: LogProblem): void {
    if (this.problems.length < this.maxProblems) this.problems.push(p);
  }

  /** Checks the next row. */
  row(r: RawEventRow): void {
    this.rows++;
    const [id, tableId, handId, handSeq, type, recordedAt, body, storedPrev, storedHash] = r;
    const prevId = this.prevId;
    const selfOk = rowHash(storedPrev, { tableId, handId, handSeq, type, recordedAt, body }) === storedHash;
    const linkOk = storedPrev === this.prevHash;
    if (!selfOk) {
      this.add({ kind: 'content-changed', rowId: id, message: `row ${id} (${type}): content changed: its stored hash does not match its content` });
    } else if (!linkOk) {
      const earlier = this.recent.find((e) => e.hash === storedPrev && e.id < prevId);
      if (earlier) {
        const first = earlier.id + 1;
        const span = first === prevId ? `row ${prevId} was` : `rows ${first}-${prevId} were`;
        this.add({ kind: 'row-inserted', rowId: first, message: `${span} inserted: row ${id} was written right after row ${earlier.id}` });
      } else if (id > prevId + 1) {
        const span = id - 1 === prevId + 1 ? `row ${prevId + 1} is` : `rows ${prevId + 1}-${id - 1} are`;
        this.add({ kind: 'rows-missing', rowId: id, message: `${span} missing: row ${id} was written after a row that is no longer in the log` });
      } else {
        this.add({
          kind: 'chain-broken',
          rowId: id,
          message: `chain broken between rows ${prevId} and ${id}: row ${id} was written after a different row ${prevId} ` +
            `(row ${prevId} was replaced or re-hashed, or rows were removed and the rest renumbered)`,
        });
      }
    } else if (id !== prevId + 1) {
      this.add({ kind: 'ids-edited', rowId: id, message: `row ids jump from ${prevId} to ${id} although the chain is intact (the ids were edited)` });
    }
    this.prevId = id;
    this.prevHash = storedHash;
    this.recent.push({ id, hash: storedHash });
    if (this.recent.length > 8) this.recent.shift();
  }

  /** Compares the end of the chain with the log head and gives the verdict. */
  finish(db: Database.Database): LogVerification {
    const prevId = this.prevId;
    const head = db.prepare('SELECT last_id, last_hash FROM log_head WHERE one = 1').get() as { last_id: number; last_hash: string } | undefined;
    if (head) {
      if (head.last_id > prevId) {
        this.add({ kind: 'tail-missing', rowId: prevId + 1, message: `rows ${prevId + 1}-${head.last_id} are missing at the end of the log (the log head records row ${head.last_id})` });
      } else if (head.last_id === prevId && head.last_hash !== this.prevHash) {
        this.add({ kind: 'chain-broken', rowId: prevId, message: `the last row ${prevId} is not the row the log head recorded (the end of the log was rewritten)` });
      } else if (head.last_id < prevId) {
        this.add({ kind: 'chain-broken', rowId: head.last_id + 1, message: `rows ${head.last_id + 1}-${prevId} were added after the log head (written outside the terminal)` });
      }
    } else if (this.rows > 0) {
      this.add({ kind: 'head-missing', rowId: prevId, message: 'the log head record is missing (it was deleted)' });
    }
    return { ok: this.problems.length === 0, rows: this.rows, lastId: prevId, headHash: this.prevHash, problems: [...this.problems] };
  }
}

/** Walks the whole log in id order and checks every link (see {@link ChainVerifier}). */
export function verifyChain(db: Database.Database, maxProblems = 50): LogVerification {
  const v = new ChainVerifier(maxProblems);
  const stmt = db.prepare(`SELECT ${RAW_EVENT_COLUMNS} FROM events ORDER BY id`).raw(true);
  for (const r of stmt.iterate() as IterableIterator<RawEventRow>) v.row(r);
  return v.finish(db);
}
