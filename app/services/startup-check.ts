/**
 * The check the terminal makes every time it opens its database, before it deals: quick (it
 * must not make a start slow, see the bench's `store.startupCheckMs`), and aimed at the damage a
 * start would otherwise build on. It checks
 * - the log head against the last row, and the hash chain of the log's tail: every row from the
 *   first event of each table's most recent hand (and at least the last {@link TAIL_ROWS} rows)
 *   to the end, each row's hash recomputed and linked to the one before (a row cut from the tail
 *   shows there); that the log starts at row 1;
 * - the schema: every table, index and trigger (the append-only triggers above all) exactly as
 *   the migrations make them.
 * (That each table's log folds, its open hand included, and that its query rows agree with the
 * fold are checked by the table service as it loads it.) The whole chain (a row cut from the
 * middle of a long log, a row changed there), every hand and every query row are the full
 * audit's (`table audit`): counting or hashing millions of rows does not fit in a start.
 */
import Database from 'better-sqlite3';
import { chainVerifierAfter, readHead, verifyRange } from './event-log';
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
 * Where the tail to check starts: the row before the oldest of each table's last checkpoint
 * (which loading trusts) and the first event of its most recent hand, and at least
 * {@link TAIL_ROWS} rows before the end. Index seeks only: the log may hold millions of rows.
 */
function tailStart(db: Database.Database, maxId: number): number {
  const nextTable = db.prepare('SELECT min(table_id) FROM events WHERE table_id > ?').pluck();
  const lastHand = db.prepare('SELECT hand_id FROM events WHERE table_id = ? AND hand_id IS NOT NULL ORDER BY id DESC LIMIT 1').pluck();
  const firstOfHand = db.prepare('SELECT min(id) FROM events WHERE hand_id = ?').pluck();
  const lastCheckpoint = db.prepare("SELECT id FROM events WHERE table_id = ? AND type = 'table-checkpoint' ORDER BY id DESC LIMIT 1").pluck();
  let from = maxId - TAIL_ROWS;
  for (let t = nextTable.get('') as string | null; t !== null; t = nextTable.get(t) as string | null) {
    const hand = lastHand.get(t) as string | undefined;
    if (hand !== undefined) from = Math.min(from, (firstOfHand.get(hand) as number) - 1);
    const cp = lastCheckpoint.get(t) as number | undefined;
    if (cp !== undefined) from = Math.min(from, cp - 1);
  }
  return Math.max(0, from);
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
  // Two index seeks, not a count: counting a log of millions of rows would slow every start.
  const ext = db.prepare('SELECT min(id) AS minId, max(id) AS maxId FROM events').get() as { minId: number | null; maxId: number | null };
  const head = readHead(db);
  if (ext.minId !== null && ext.minId !== 1) {
    findings.push({ code: 'log-damaged', message: `the log does not start at row 1: rows 1-${ext.minId - 1} are missing (rows were deleted)` });
  }
  const maxId = ext.maxId ?? 0;
  const after = tailStart(db, maxId);
  const v = chainVerifierAfter(db, after, 10);
  verifyRange(db, v, after, maxId);
  const chain = v.finishWith(head);
  for (const p of chain.problems) findings.push({ code: 'log-damaged', message: `log row ${p.rowId}: ${p.message}` });
  return findings;
}
