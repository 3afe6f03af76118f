/**
 * The check the terminal makes every time it opens its database, before it deals: quick (it
 * must not make a start slow, see the bench's `store.startupCheckMs`), and aimed at the damage a
 * start would otherwise build on. It checks
 * - the log head against the last row, and the hash chain of the log's tail: every row from the
 *   last {@link TAIL_ROWS} rows, each row's hash recomputed and linked to the one before (a row
 *   cut from the tail shows there), and before that tail each table's own rows from where its
 *   load starts (its last checkpoint), each checked on its own; that the log starts at row 1;
 * - the schema: every table, index and trigger (the append-only triggers above all) exactly as
 *   the migrations make them.
 * (That each table's log folds, its open hand included, and that its query rows agree with the
 * fold are checked by the table service as it loads it.) The whole chain (a row cut from the
 * middle of a long log, a row changed there), every hand and every query row are the full
 * audit's (`table audit`): counting or hashing millions of rows does not fit in a start.
 */
import Database from 'better-sqlite3';
import { chainVerifierAfter, GENESIS_HASH, idBounds, readHead, rowHash, verifyRange, type RawEventRow } from './event-log';
import { migrate, type Migration } from './migrations';
import type { Store } from './store';

/** What the start-up check found; `code` is also the code of the integrity alert raised for it. */
export interface StartupFinding {
  readonly code: 'log-damaged' | 'schema-changed' | 'table-does-not-replay' | 'query-tables-differ';
  readonly message: string;
}

/** The tail checked at the least, in rows (a few hands). */
export const TAIL_ROWS = 1000;

/** The schema objects the migrations make: type, name and SQL, in name order. */
type SchemaRow = { type: string; name: string; sql: string | null };

const SCHEMA_SQL = "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name";
const expectedSchemas = new WeakMap<readonly Migration[], SchemaRow[]>();

function expectedSchema(migrations: readonly Migration[]): SchemaRow[] {
  let rows = expectedSchemas.get(migrations);
  if (!rows) {
    const db = new Database(':memory:');
    try {
      migrate(db, migrations, ':memory:');
      rows = db.prepare(SCHEMA_SQL).all() as SchemaRow[];
    } finally {
      db.close();
    }
    expectedSchemas.set(migrations, rows);
  }
  return rows;
}

/** The schema's differences from what the migrations make, one sentence each. */
function schemaDifferences(db: Database.Database, migrations: readonly Migration[]): string[] {
  const want = new Map(expectedSchema(migrations).map((r) => [`${r.type} ${r.name}`, r.sql]));
  const have = new Map((db.prepare(SCHEMA_SQL).all() as SchemaRow[]).map((r) => [`${r.type} ${r.name}`, r.sql]));
  const out: string[] = [];
  for (const [key, sql] of want) {
    if (!have.has(key)) out.push(`${key} is missing`);
    else if (have.get(key) !== sql) out.push(`${key} was changed`);
  }
  for (const key of have.keys()) if (!want.has(key)) out.push(`${key} was added`);
  return out;
}

/**
 * Where each table's load starts reading: its last checkpoint (which loading trusts), or the
 * first event of its most recent hand when it has no checkpoint yet. Index seeks only: the log
 * may hold millions of rows. Ids that do not open a table (staff records) are left out.
 */
function loadStarts(db: Database.Database): { tableId: string; from: number }[] {
  const nextTable = db.prepare('SELECT min(table_id) FROM events WHERE table_id > ?').pluck();
  const firstType = db.prepare('SELECT type FROM events WHERE table_id = ? ORDER BY id LIMIT 1').pluck();
  const lastCheckpoint = db.prepare("SELECT id FROM events WHERE table_id = ? AND type = 'table-checkpoint' ORDER BY id DESC LIMIT 1").pluck();
  const lastHand = db.prepare('SELECT hand_id FROM events WHERE table_id = ? AND hand_id IS NOT NULL ORDER BY id DESC LIMIT 1').pluck();
  const firstOfHand = db.prepare('SELECT min(id) FROM events WHERE hand_id = ?').pluck();
  const out: { tableId: string; from: number }[] = [];
  for (let t = nextTable.get('') as string | null; t !== null; t = nextTable.get(t) as string | null) {
    if (firstType.get(t) !== 'table-opened') continue;
    const cp = lastCheckpoint.get(t) as number | undefined;
    const hand = cp === undefined ? (lastHand.get(t) as string | undefined) : undefined;
    const from = cp ?? (hand !== undefined ? (firstOfHand.get(hand) as number) : 1);
    out.push({ tableId: t, from });
  }
  return out;
}

/**
 * The rows of `tableId` from `from` up to `upTo`, each checked on its own: its hash recomputed
 * from its content and its `prev_hash`, and that `prev_hash` the hash of the row before it. For
 * an older stretch the load reads (an idle table's checkpoint long ago) without hashing every
 * other table's rows since.
 */
function checkTableRows(db: Database.Database, tableId: string, from: number, upTo: number): string[] {
  const rows = db.prepare('SELECT id, table_id, hand_id, hand_seq, type, recorded_at, body, prev_hash, hash FROM events WHERE table_id = ? AND id >= ? AND id <= ? ORDER BY id')
    .raw(true).all(tableId, from, upTo) as RawEventRow[];
  const hashOf = db.prepare('SELECT hash FROM events WHERE id = ?').pluck();
  const out: string[] = [];
  for (const [id, tId, handId, handSeq, type, recordedAt, body, prev, hash] of rows) {
    if (rowHash(prev, { tableId: tId, handId, handSeq, type, recordedAt, body }) !== hash) out.push(`log row ${id} (${type}): its content does not match its hash (it was changed)`);
    const before = id === 1 ? GENESIS_HASH : (hashOf.get(id - 1) as string | undefined);
    if (before !== prev) out.push(`log row ${id} (${type}): it does not follow row ${id - 1} (${before === undefined ? 'that row is missing' : 'that row was changed'})`);
  }
  return out;
}

/**
 * Checks an open store as described above; returns what it found (empty: nothing). Reads in one
 * snapshot; writes nothing.
 */
export function checkAtStart(store: Store, migrations: readonly Migration[]): StartupFinding[] {
  const db = store.db;
  const findings: StartupFinding[] = [];
  const schema = schemaDifferences(db, migrations);
  if (schema.length > 0) {
    findings.push({ code: 'schema-changed', message: `the database's schema is not the terminal's: ${schema.join('; ')}` });
  }
  // Two index seeks, not a count: reading a log of millions of rows would slow every start.
  const ext = idBounds(db);
  const head = readHead(db);
  if (ext.lo !== null && ext.lo !== 1) {
    findings.push({ code: 'log-damaged', message: `the log does not start at row 1: rows 1-${ext.lo - 1} are missing (rows were deleted)` });
  }
  const maxId = ext.hi ?? 0;
  // The tail, whole; before it, each table's own rows from where its load starts.
  const after = Math.max(0, maxId - TAIL_ROWS);
  const v = chainVerifierAfter(db, after, 10);
  verifyRange(db, v, after, maxId);
  const chain = v.finishWith(head);
  for (const p of chain.problems) findings.push({ code: 'log-damaged', message: `log row ${p.rowId}: ${p.message}` });
  for (const { tableId, from } of loadStarts(db)) {
    if (from > after) continue;
    for (const message of checkTableRows(db, tableId, from, after).slice(0, 10)) findings.push({ code: 'log-damaged', message });
  }
  return findings;
}
