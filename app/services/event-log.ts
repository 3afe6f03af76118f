/**
 * The hash chain of the event log: how a row's hash is computed, and the verifier that walks
 * rows in id order and says which row breaks the chain and how (content changed, rows missing,
 * a row inserted, rows cut off the end), with the reading of the log it is fed by. The check
 * of the whole log (`table verify-log`) is the audit's chain check: `verifyChain` in audit.ts.
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
const RAW_EVENT_COLUMNS = 'id, table_id, hand_id, hand_seq, type, recorded_at, body, prev_hash, hash';

/**
 * Checks the chain one row at a time, in id order (so one pass over the log can feed other
 * checks too). After a break it carries on from the row it found, so one edit gives one
 * problem and later edits are reported as well (at most `maxProblems`).
 *
 * What it remembers between rows (the previous row's id and hash, the last eight rows'
 * hashes) depends only on the stored rows, never on what was found: so the log can be cut
 * into id ranges, each checked on its own from the eight rows before it ({@link resumeAfter})
 * and the pieces joined in order ({@link ChainVerifier.join}) with exactly the sequential result.
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
    const [id, tableId, handId, handSeq, type, recordedAt, body, storedPrev, storedHash] = r;
    const selfOk = sha('sha256', `${storedPrev}\0${tableId}\0${handId ?? ''}\0${handSeq ?? ''}\0${type}\0${recordedAt}\0${body}`, 'hex') === storedHash;
    this.check(id, storedPrev, storedHash, selfOk, type);
  }

  /**
   * Checks the next row given whether its content matches its hash (`selfOk`); `typeOf` is its
   * type, or gives it, for a message (asked only when something is wrong).
   */
  check(id: number, storedPrev: string, storedHash: string, selfOk: boolean, typeOf: string | (() => string)): void {
    this.rows++;
    const prevId = this.prevId;
    const linkOk = storedPrev === this.prevHash;
    if (!selfOk) {
      this.add({ kind: 'content-changed', rowId: id, message: `row ${id} (${typeof typeOf === 'string' ? typeOf : typeOf()}): content changed: its stored hash does not match its content` });
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
    const recent = this.recent;
    if (recent.length >= 8) {
      // Reuse the oldest entry: one row checked allocates nothing here.
      const oldest = recent.shift()!;
      oldest.id = id;
      oldest.hash = storedHash;
      recent.push(oldest);
    } else {
      recent.push({ id, hash: storedHash });
    }
  }

  /** Compares the end of the chain with the log head (`head`, read in the same snapshot; null: there is none) and gives the verdict. */
  finishWith(head: LogHead | null): LogVerification {
    const prevId = this.prevId;
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

  /** What this verifier found over its rows (to be joined with the other ranges'). */
  part(): ChainPart {
    return { problems: [...this.problems], rows: this.rows, lastId: this.prevId, lastHash: this.prevHash };
  }

  /**
   * A verifier that goes on after `before`: the rows just before the range to check, in id
   * order, at most the eight last (fewer only when the log has fewer rows before the range).
   */
  static resumeAfter(before: readonly { id: number; hash: string }[], maxProblems = 50): ChainVerifier {
    const v = new ChainVerifier(maxProblems);
    if (before.length > 0) {
      const last = before[before.length - 1];
      v.prevId = last.id;
      v.prevHash = last.hash;
      if (before.length >= 8) v.recent.length = 0;
      for (const b of before.slice(-8)) v.recent.push({ id: b.id, hash: b.hash });
    }
    return v;
  }

  /** The ranges' findings joined in id order, as one verifier ready to {@link finishWith}. */
  static join(parts: readonly ChainPart[], maxProblems = 50): ChainVerifier {
    const v = new ChainVerifier(maxProblems);
    for (const p of parts) {
      for (const problem of p.problems) v.add(problem);
      if (p.rows > 0) {
        v.rows += p.rows;
        v.prevId = p.lastId;
        v.prevHash = p.lastHash;
      }
    }
    return v;
  }
}

/** The log head row. */
export interface LogHead {
  readonly last_id: number;
  readonly last_hash: string;
}

/** The log head row, or null when there is none. */
export function readHead(db: Database.Database): LogHead | null {
  return (db.prepare('SELECT last_id, last_hash FROM log_head WHERE one = 1').get() as LogHead | undefined) ?? null;
}

/** What one range of the log showed (see {@link ChainVerifier.join}). */
export interface ChainPart {
  readonly problems: readonly LogProblem[];
  readonly rows: number;
  readonly lastId: number;
  readonly lastHash: string;
}

/**
 * How the rows are read for the check: many rows per query, each row as ONE text built by
 * SQLite (its id, whether its columns have the types the terminal writes, its prev_hash, its
 * hash and the exact text the hash covers), the batch joined by U+0001. Reading the nine
 * columns of each row one by one costs several times more than hashing the row.
 *
 * The text the hash covers is built by SQLite exactly as {@link rowHash} builds it for the rows
 * the terminal writes: prev_hash and hash text (a blob never equals a text in the checks),
 * hand_seq a whole number JavaScript holds exactly (JavaScript and SQLite write other numbers
 * differently), no NULL where the schema forbids one (`${null}` is "null", SQLite's is
 * nothing). The other columns can only hold text or a blob (their TEXT affinity turns numbers
 * into text), and a blob's bytes make the same text both ways. Any other row, and any batch
 * whose text does not split into the expected pieces (a value holding U+0001) or whose ids do
 * not come in order, is read column by column and checked by {@link ChainVerifier.row}: a
 * damaged log gets exactly the sequential verdict.
 */
const NORMAL_ROW = `prev_hash >= '' AND prev_hash < x'' AND hash >= '' AND hash < x''
  AND table_id NOT NULL AND type NOT NULL AND recorded_at NOT NULL AND body NOT NULL
  AND (hand_seq IS NULL OR (typeof(hand_seq) = 'integer' AND hand_seq BETWEEN -9007199254740991 AND 9007199254740991))`;
const HASHED_TEXT = `prev_hash || char(0) || table_id || char(0) || coalesce(hand_id, '') || char(0) || coalesce(hand_seq, '') || char(0)
  || type || char(0) || recorded_at || char(0) || body`;
const ROW_PIECES = 5;
const CHAIN_BATCH = 2000;
const SEPARATOR = '\u0001';

/** Verifies the rows with `after < id <= upTo` in id order, feeding `v`. */
export function verifyRange(db: Database.Database, v: ChainVerifier, after: number, upTo: number): void {
  // The inner query (not flattened: it has a LIMIT) works out each row's flag and text once.
  const batch = db.prepare(`SELECT count(*), max(id), group_concat(id || char(1) || normal || char(1) || coalesce(prev_hash, '') || char(1)
        || coalesce(hash, '') || char(1) || coalesce(hashed, ''), char(1))
    FROM (SELECT id, prev_hash, hash, (CASE WHEN ${NORMAL_ROW} THEN 1 ELSE 0 END) AS normal, ${HASHED_TEXT} AS hashed
          FROM events WHERE id > ? AND id <= ? ORDER BY id LIMIT ${CHAIN_BATCH})`).raw(true);
  const rawBatch = db.prepare(`SELECT ${RAW_EVENT_COLUMNS} FROM events WHERE id > ? AND id <= ? ORDER BY id LIMIT ${CHAIN_BATCH}`).raw(true);
  const rawRow = db.prepare(`SELECT ${RAW_EVENT_COLUMNS} FROM events WHERE id = ?`).raw(true);
  const typeOf = db.prepare('SELECT type FROM events WHERE id = ?').pluck(true);
  let from = after;
  for (;;) {
    const [count, lastId, text] = batch.get(from, upTo) as [number, number | null, string | null];
    if (count === 0 || lastId === null) return;
    const pieces = text === null ? [] : text.split(SEPARATOR);
    if (!inIdOrder(pieces, count, ROW_PIECES, from)) {
      for (const r of rawBatch.all(from, upTo) as RawEventRow[]) v.row(r);
    } else {
      for (let i = 0; i < pieces.length; i += ROW_PIECES) {
        const id = Number(pieces[i]);
        if (pieces[i + 1] !== '1') {
          v.row(rawRow.get(id) as RawEventRow);
          continue;
        }
        const hash = pieces[i + 3];
        v.check(id, pieces[i + 2], hash, sha('sha256', pieces[i + 4], 'hex') === hash, () => String(typeOf.get(id)));
      }
    }
    from = lastId;
  }
}

/**
 * Whether a batch split into `count` rows of `size` pieces, each starting with its id, in
 * increasing order after `after` (SQLite gives an aggregate's rows in the inner query's order,
 * but does not promise it: checked, rather than sorted again).
 */
export function inIdOrder(pieces: readonly string[], count: number, size: number, after: number): boolean {
  if (pieces.length !== count * size) return false;
  let last = after;
  for (let i = 0; i < pieces.length; i += size) {
    const id = Number(pieces[i]);
    if (!(id > last)) return false;
    last = id;
  }
  return true;
}

/**
 * The range of row ids to check and the log head, read in one snapshot; `ids`: how many ids
 * the log spans (0 when it is empty; its rows, unless rows are missing).
 */
export function logExtent(db: Database.Database): { head: LogHead | null; minId: number; maxId: number; ids: number } {
  const { lo, hi } = idBounds(db);
  return { head: readHead(db), minId: lo ?? 0, maxId: hi ?? 0, ids: lo === null || hi === null ? 0 : hi - lo + 1 };
}

/**
 * The log's least and greatest row id, each looked up in the id b-tree (SQLite does that only
 * for a query with one min() or max() alone: the two in one query, or a count, read every row,
 * most of a second for 100,000 hands).
 */
export function idBounds(db: Database.Database): { lo: number | null; hi: number | null } {
  return db.prepare('SELECT (SELECT min(id) FROM events) AS lo, (SELECT max(id) FROM events) AS hi').get() as { lo: number | null; hi: number | null };
}

/** Runs `fn` in one read transaction (one snapshot of a log another connection may be writing). */
export function inSnapshot<T>(db: Database.Database, fn: () => T): T {
  if (db.inTransaction) return fn();
  db.exec('BEGIN');
  try {
    return fn();
  } finally {
    if (db.inTransaction) db.exec('COMMIT');
  }
}

/**
 * The ids `minId..maxId` cut into at most `n` ranges of about the same span, in order, each
 * `after < id <= upTo` (empty ranges left out; the last ends at `maxId`).
 */
export function idRanges(extent: { readonly minId: number; readonly maxId: number }, n: number): { after: number; upTo: number }[] {
  const out: { after: number; upTo: number }[] = [];
  const span = extent.maxId - extent.minId + 1;
  let after = extent.minId - 1;
  for (let i = 1; i <= n; i++) {
    const upTo = i === n ? extent.maxId : extent.minId - 1 + Math.floor((span * i) / n);
    if (upTo > after) out.push({ after, upTo });
    after = upTo;
  }
  return out;
}

/** A verifier for the rows after `after`, started from the eight rows before them ({@link ChainVerifier.resumeAfter}). */
export function chainVerifierAfter(db: Database.Database, after: number, maxProblems: number): ChainVerifier {
  const before = (db.prepare('SELECT id, hash FROM events WHERE id <= ? ORDER BY id DESC LIMIT 8').all(after) as { id: number; hash: string }[]).reverse();
  return ChainVerifier.resumeAfter(before, maxProblems);
}

/** Rows read per query by {@link eachEventRow} (a few hundred KB of text: more is no faster). */
const ROWS_PER_READ = 500;

/**
 * Calls `each` with every row `after < id <= upTo`, in id order, exactly as stored (the
 * columns of {@link RawEventRow}, whatever their types), reading many rows per query. The rows
 * are read before `each` sees them, so `each` may run other statements on the connection.
 */
export function eachEventRow(db: Database.Database, after: number, upTo: number, each: (row: RawEventRow) => void): void {
  const batch = db.prepare(`SELECT ${RAW_EVENT_COLUMNS} FROM events WHERE id > ? AND id <= ? ORDER BY id LIMIT ${ROWS_PER_READ}`).raw(true);
  let from = after;
  for (;;) {
    const rows = batch.all(from, upTo) as RawEventRow[];
    for (const r of rows) each(r);
    if (rows.length < ROWS_PER_READ) return;
    from = rows[rows.length - 1][0];
  }
}
