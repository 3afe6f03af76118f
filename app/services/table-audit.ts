/**
 * The tables' part of `table audit` (docs/store.md, "What `table audit` checks"): every table's
 * log folded with the table fold from its `table-opened` to the end, each `table-checkpoint`
 * checked against the fold where it stands, and the query tables rebuilt from the log by the
 * projections the table service writes them with (`projectEntry`), into a fresh in-memory
 * database made by the same migrations, then compared row by row with the stored ones.
 *
 * One pass over the log in id order, then the comparison in the caller's snapshot (the
 * audit's read transaction): the rebuilt rows and the stored rows are of the same moment even
 * while the terminal is writing. The pass runs on the calling thread (`auditTables`; or
 * `rebuildTables` up to a row, what the casino's check of a central copy rebuilds its query
 * tables with, and `compareRebuilt`), or cut into ranges of the log folded by the audit's
 * workers beside their chain and hands (`RangeFolder`, each range from its tables' last
 * checkpoints before it; the rows its entries write noted and written here in log order,
 * `RangeRebuild`). The row ids
 * SQLite gives (sessions, chip_ledger) come out as the service's because the entries are
 * projected in the order they were committed.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { replay, apply, type HandEvent, type HandState } from '../domain/hand';
import { sameJson, showJson } from '../domain/json';
import { fail } from '../domain/result';
import { applyTableEntry, tableFromCheckpoint, type TableCheckpoint, type TableEntry, type TableState } from '../domain/table';
import { inSnapshot, logExtent } from './event-log';
import { migrate, type Migration } from './migrations';
import { ProjectionLog, projectEntry, Projector, type NotedProjections } from './projections';
import { parseBody, type Store, type StoredEvent, type WriteTx } from './store';
import { NO_PROGRESS, type Progress } from './progress';

/** A query table the audit rebuilds: its key (the primary key), and its columns of JSON text. */
export interface QueryTable {
  readonly name: string;
  readonly key: readonly string[];
  /**
   * Compared as JSON values, not as text: the service writes `tables.profile` from the event it
   * built (its keys in the order they were built), the rebuild from the stored event (canonical
   * JSON, keys sorted), so the same profile is two texts.
   */
  readonly json?: readonly string[];
  /**
   * The key is an id SQLite gives in the order rows are written (sessions, chip_ledger). When
   * a table's fold stops, the rows its later entries would have written are not rebuilt, so
   * the rebuilt ids of the rows after them would be off: the rows are then matched by the
   * event that wrote them instead (`written`), and the id is not compared.
   */
  readonly written?: readonly string[];
  /** A column holding the id of a row of such a table (`hands.session_id`): compared by that row's `written` too, then. */
  readonly refers?: { readonly column: string; readonly to: string };
}

/** The query tables the audit rebuilds, each with its key (the primary key). */
export const QUERY_TABLES: readonly QueryTable[] = [
  { name: 'tables', key: ['id'], json: ['profile'] },
  { name: 'sessions', key: ['id'], written: ['on_event_id'] },
  { name: 'seats', key: ['table_id', 'seat'] },
  { name: 'hands', key: ['id'], refers: { column: 'session_id', to: 'sessions' } },
  { name: 'hand_seats', key: ['hand_id', 'seat'] },
  { name: 'payments', key: ['hand_id', 'ordinal'] },
  { name: 'chip_ledger', key: ['id'], written: ['event_id', 'seat'] },
  { name: 'alerts', key: ['id'] },
];

/** Problems reported at most (the rest are counted in {@link TablesReport.more}). */
export const MAX_TABLE_PROBLEMS = 100;

/** An entry of a table's log the table fold refuses (code: the fold's), or whose query rows cannot be written (`rows-not-written`). */
export interface FoldProblem {
  readonly kind: 'fold';
  readonly tableId: string;
  /** The log row. */
  readonly rowId: number;
  readonly type: string;
  readonly handId: string | null;
  /** The fold's refusal code (`checkpoint-mismatch`, `hand-over` ...). */
  readonly code: string;
  readonly message: string;
}

/** A stored query row that is not what the log gives: a column that differs, or a row missing or extra. */
export interface RowProblem {
  readonly kind: 'row';
  /** The query table (`seats`). */
  readonly table: string;
  /** The row's key, column by column (sessions and chip_ledger after a table's fold stopped: the event that wrote it, see {@link QueryTable.written}). */
  readonly key: Readonly<Record<string, unknown>>;
  /** `differs`: `column` has `stored` in the database and `rebuilt` from the log; `missing`: only
   *  rebuilt (`stored` null); `extra`: only stored (`rebuilt` null). For these two the values are
   *  the whole row, column by column. */
  readonly difference: 'differs' | 'missing' | 'extra';
  readonly column: string | null;
  readonly stored: unknown;
  readonly rebuilt: unknown;
  readonly message: string;
}

export type TableAuditProblem = FoldProblem | RowProblem;

/** What {@link auditTables} found. */
export interface TablesReport {
  readonly ok: boolean;
  /** Tables whose log was folded (table ids whose first event is `table-opened`). */
  readonly tables: number;
  /** Entries folded (table events and hand events). */
  readonly entries: number;
  /** Checkpoints found equal to the fold. */
  readonly checkpoints: number;
  /** Stored query rows compared. */
  readonly rows: number;
  /** At most `maxProblems`, in the order found: the folds in log order, then the query tables in the order of {@link QUERY_TABLES}, each by key. */
  readonly problems: readonly TableAuditProblem[];
  /** Problems found beyond those listed. */
  readonly more: number;
}

type EventRow = [id: number, tableId: string, handId: string | null, handSeq: number | null, type: string, recordedAt: string, body: string];

/** One table's fold: its state, or `stopped` at an entry the fold refused (its later entries and its query rows are left out). */
interface Fold {
  state: TableState | null;
  stopped: boolean;
}

const ROWS_PER_READ = 4000;

class Problems {
  readonly list: TableAuditProblem[];

  constructor(
    private readonly max: number,
    found: readonly TableAuditProblem[] = [],
    public more = 0,
  ) {
    this.list = [...found];
  }

  add(p: TableAuditProblem): void {
    if (this.list.length < this.max) this.list.push(p);
    else this.more++;
  }
}

/**
 * Folds every table's log and rebuilds and compares the query tables (see the top of this
 * file). Table ids whose first event is not `table-opened` (the staff's records) are not
 * tables and are passed by. A table whose fold refuses an entry is reported at that entry and
 * folded no further (its query rows are then not compared), except for a checkpoint: it changes
 * nothing, so a mismatching one is reported and the fold goes on. Reads in one snapshot (the
 * caller's read transaction when there is one, as in `auditLog`); throws the StoreError
 * `event-not-json` for a body that is not JSON, as the other readers of the log do.
 * `progress` is told the fold (`tables`, in the log's rows) and the comparison (`compare`, in
 * query tables).
 */
export function auditTables(store: Store, options: { maxProblems?: number; progress?: Progress } = {}): TablesReport {
  const max = options.maxProblems ?? MAX_TABLE_PROBLEMS;
  const progress = options.progress ?? NO_PROGRESS;
  return inSnapshot(store.db, () => {
    const rebuilt = freshDatabase(store.migrations);
    try {
      const { minId: lo, ids: span } = logExtent(store.db);
      progress.stage('tables', span, 'rows');
      const at = { every: PROGRESS_EVERY_ROWS, alive: (id: number) => progress.done(Math.min(span, id - lo + 1)) };
      const folded = foldedOf(foldAndProject(store.db, rebuilt, new Problems(max), Number.POSITIVE_INFINITY, at));
      progress.done(span);
      return compareWith(store, rebuilt, folded, progress);
    } finally {
      rebuilt.close();
    }
  });
}

/** The tables' part of an audit by workers (audit.ts) or of a rebuild ({@link rebuildTables}): its limits and the schema to rebuild in. */
export interface TablesJob {
  readonly maxProblems: number;
  /** The migrations of the store audited (the rebuild is made by the same ones). */
  readonly migrations: readonly Migration[];
}

/** What the folds found and the rebuilt query tables, as {@link rebuildTables} hands them back. */
export interface RebuiltTables {
  /** The rebuilt database (`serialize()`). */
  readonly image: Uint8Array;
  /** Table ids whose fold stopped. */
  readonly stopped: readonly unknown[];
  readonly tables: number;
  readonly entries: number;
  readonly checkpoints: number;
  readonly problems: readonly TableAuditProblem[];
  readonly more: number;
}

/**
 * Folds and projects the log from its start up to row `upTo` (the casino's check of a central
 * copy, app/casino/central-audit.ts, takes the rebuilt query tables from it). Throws as
 * {@link auditTables} does.
 */
export function rebuildTables(db: Database.Database, upTo: number, job: TablesJob): RebuiltTables {
  const rebuilt = freshDatabase(job.migrations);
  try {
    const folded = foldedOf(foldAndProject(db, rebuilt, new Problems(job.maxProblems), upTo));
    return {
      image: rebuilt.serialize(), stopped: [...folded.stopped], tables: folded.tables, entries: folded.entries,
      checkpoints: folded.checkpoints, problems: folded.problems.list, more: folded.problems.more,
    };
  } finally {
    rebuilt.close();
  }
}

/**
 * Compares what {@link rebuildTables} rebuilt with the store's query tables, in
 * the caller's snapshot: the report {@link auditTables} gives.
 */
export function compareRebuilt(store: Store, r: RebuiltTables, maxProblems: number): TablesReport {
  const rebuilt = new Database(Buffer.from(r.image.buffer, r.image.byteOffset, r.image.byteLength));
  try {
    const problems = new Problems(maxProblems, r.problems, r.more);
    return compareWith(store, rebuilt, { stopped: new Set(r.stopped), tables: r.tables, entries: r.entries, checkpoints: r.checkpoints, problems });
  } finally {
    rebuilt.close();
  }
}

/** An empty database made by the store's migrations, to rebuild the query tables in (in memory, or the file `path`). */
function freshDatabase(migrations: readonly Migration[], path = ':memory:'): Database.Database {
  const rebuilt = new Database(path);
  // The events are not copied: the rows' references to them cannot be checked here.
  rebuilt.pragma('foreign_keys = OFF');
  migrate(rebuilt, migrations, 'the audit\'s rebuild of the query tables');
  return rebuilt;
}

/**
 * A rebuild that only the ranges' notes write (RangeRebuild): no rollback journal, since a
 * statement that fails sends the tables to the one pass anyway, which rebuilds them afresh, so
 * nothing here is ever rolled back; nor the indexes that only speed up the terminal's queries:
 * an index that is not unique refuses nothing, and nothing here reads through one (the
 * projections find their rows by primary key, the comparison reads each table in key order),
 * so the rows come out the same without keeping them up to date at every write.
 */
function leanRebuild(rebuilt: Database.Database): Database.Database {
  rebuilt.pragma('journal_mode = OFF');
  const plain = rebuilt.prepare(`SELECT i.name FROM sqlite_master m, pragma_index_list(m.name) i
    WHERE m.type = 'table' AND i."unique" = 0 AND i.origin = 'c'`).pluck(true).all() as string[];
  for (const name of plain) rebuilt.exec(`DROP INDEX ${quoted(name)}`);
  for (const table of KEYED_BY_TEXT) withoutRowid(rebuilt, table);
  return rebuilt;
}

/** The query tables every hand writes rows to, whose primary key is not a rowid (a hand id, with a seat or an ordinal). */
const KEYED_BY_TEXT = ['hands', 'hand_seats', 'payments'] as const;

/**
 * Makes the (empty) `table` of a lean rebuild a WITHOUT ROWID table, its unique indexes made
 * again: each row is then written once, in its key's b-tree, instead of into the table and
 * again into its key's index. It holds and refuses the same rows, but for a row whose key is
 * NULL, which SQLite lets a rowid table keep and refuses here: sent to the one pass, whose
 * tables are the migrations' own, like every other refusal.
 */
function withoutRowid(rebuilt: Database.Database, table: string): void {
  const sql = rebuilt.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").pluck(true).get(table) as string;
  const indexes = rebuilt.prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL").pluck(true).all(table) as string[];
  rebuilt.exec(`DROP TABLE ${quoted(table)}`);
  rebuilt.exec(`${sql} WITHOUT ROWID`);
  for (const index of indexes) rebuilt.exec(index);
}

let rebuildFiles = 0;

/**
 * The ranges' rebuild of the query tables in a file of its own (a temporary folder), attached
 * to the audited store's connection as `schema`, so that SQLite compares each query
 * table with the stored one itself ({@link sameInSqlite}) instead of every row being read into
 * JavaScript on both sides: four times less work, on the one thread that compares after the
 * workers are done. Attached before the audit's read transaction begins (SQLite attaches
 * nothing inside one) and with its schema already made (the store's connection reads the
 * schema when it attaches); written by its own connection, then read by the store's within
 * the audit's snapshot, so the stored rows are those of the audit's moment.
 */
export class RebuildFile {
  readonly db: Database.Database;
  readonly schema: string;
  private readonly dir: string;
  private attachedTo: Database.Database | null = null;

  private constructor(migrations: readonly Migration[]) {
    this.dir = mkdtempSync(join(tmpdir(), 'cp-audit-rebuild-'));
    this.schema = `audit_rebuild_${process.pid}_${++rebuildFiles}`;
    try {
      this.db = leanRebuild(freshDatabase(migrations, join(this.dir, 'rebuilt.db')));
      // Nothing here must survive a crash: the file is thrown away after the comparison. Its
      // pages stay in this connection's cache until the commit, as in memory (up to 1 GiB).
      this.db.pragma('synchronous = OFF');
      this.db.pragma('cache_size = -1048576');
    } catch (e) {
      rmSync(this.dir, { recursive: true, force: true });
      throw e;
    }
  }

  /**
   * A rebuild file attached to `db` (the audited store's connection), or null when that cannot
   * be (a read transaction already open, an in-memory store, no temporary folder): the
   * comparison then reads every row, as it always could.
   */
  static attach(db: Database.Database, migrations: readonly Migration[]): RebuildFile | null {
    if (db.inTransaction || db.memory) return null;
    let file: RebuildFile | null = null;
    try {
      file = new RebuildFile(migrations);
      // Read only through the store's connection (it reads; the rebuild's own connection writes).
      db.prepare(`ATTACH DATABASE ? AS ${quoted(file.schema)}`).run(file.db.name);
      file.attachedTo = db;
      return file;
    } catch {
      file?.close();
      return null;
    }
  }

  /** Detaches it from the store's connection (after the audit's read transaction) and deletes it. */
  close(): void {
    try {
      if (this.attachedTo?.open && !this.attachedTo.inTransaction) this.attachedTo.exec(`DETACH DATABASE "${this.schema}"`);
    } finally {
      this.attachedTo = null;
      if (this.db?.open) this.db.close();
      rmSync(this.dir, { recursive: true, force: true });
    }
  }
}

interface Folded {
  readonly stopped: ReadonlySet<unknown>;
  readonly tables: number;
  readonly entries: number;
  readonly checkpoints: number;
  readonly problems: Problems;
}

function stoppedOf(folded: { readonly folds: ReadonlyMap<unknown, Fold> }): Set<unknown> {
  return new Set([...folded.folds].filter(([, f]) => f.stopped).map(([id]) => id));
}

function foldedOf(f: ReturnType<typeof foldAndProject>): Folded {
  return { stopped: stoppedOf(f), tables: f.tables, entries: f.entries, checkpoints: f.checkpoints, problems: f.problems };
}

/** The rebuilt database as the audited store's connection sees it (attached as `schema`), and the tables SQLite found equal there. */
interface Attached {
  readonly schema: string;
  readonly counted: { bySqlite: number };
}

/** The folds' findings with the query tables compared ({@link compareTable}), as the report; `progress` told each table compared. */
function compareWith(store: Store, rebuilt: Database.Database, folded: Folded, progress: Progress = NO_PROGRESS, attached: Attached | null = null): TablesReport {
  const { problems } = folded;
  let rows = 0;
  progress.stage('compare', QUERY_TABLES.length, 'tables');
  for (let i = 0; i < QUERY_TABLES.length; i++) {
    const t = QUERY_TABLES[i];
    const same = attached && folded.stopped.size === 0 ? sameInSqlite(store.db, attached.schema, t, rebuilt) : null;
    if (same !== null) {
      attached!.counted.bySqlite++;
      rows += same;
    } else {
      rows += compareTable(store.db, rebuilt, t, folded.stopped, problems);
    }
    progress.done(i + 1);
  }
  return {
    ok: problems.list.length === 0 && problems.more === 0, tables: folded.tables, entries: folded.entries, checkpoints: folded.checkpoints, rows,
    problems: problems.list, more: problems.more,
  };
}

/** How often a worker's rebuild says it is alive: every 200,000 rows (about a second). */
export const ALIVE_EVERY_ROWS = 200_000;

/** How often the fold on the calling thread says how far it is (several times a second). */
const PROGRESS_EVERY_ROWS = 20_000;

/** The log in id order up to `upTo`, each table folded and every entry it accepts projected into `rebuilt`. */
function foldAndProject(
  db: Database.Database, rebuilt: Database.Database, problems: Problems, upTo: number, alive?: { readonly every: number; readonly alive: (id: number) => void },
): { folds: Map<unknown, Fold>; tables: number; entries: number; checkpoints: number; problems: Problems } {
  const read = db.prepare(`SELECT id, table_id, hand_id, hand_seq, type, recorded_at, body FROM events WHERE id > ? AND id <= ? ORDER BY id LIMIT ${ROWS_PER_READ}`).raw(true);
  const folder = new TableFolds(db, new Projector(rebuilt), problems);
  let sinceAlive = 0;
  rebuilt.exec('BEGIN');
  let from = Number.NEGATIVE_INFINITY;
  for (;;) {
    const rows = read.all(from, upTo) as EventRow[];
    for (const [id, tableId, handId, handSeq, type, recordedAt, text] of rows) {
      if (alive && ++sinceAlive >= alive.every) {
        alive.alive(id);
        sinceAlive = 0;
      }
      let fold = folder.folds.get(tableId);
      if (fold === undefined) {
        // As the service loads: a table id whose first event opens a table is a table.
        fold = type === 'table-opened' && handId === null ? { state: null, stopped: false } : null;
        folder.folds.set(tableId, fold);
        if (fold) folder.tables++;
      }
      if (!fold || fold.stopped) continue;
      folder.entry(fold, id, tableId, handId, handSeq, type, recordedAt, parseBody(text, id, handId, type) as TableEntry['body']);
    }
    if (rows.length < ROWS_PER_READ) break;
    from = rows[rows.length - 1][0];
  }
  rebuilt.exec('COMMIT');
  const real = new Map<unknown, Fold>();
  for (const [id, f] of folder.folds) if (f) real.set(id, f);
  return { folds: real, tables: folder.tables, entries: folder.entries, checkpoints: folder.checkpoints, problems };
}

/**
 * Every table's fold, entry by entry in log order, each entry the fold accepts projected (the
 * one pass over the log, and a worker's share of it: {@link foldRange}).
 */
class TableFolds {
  /** Per table_id: its fold, or null for an id that is not a table's. */
  readonly folds = new Map<unknown, Fold | null>();
  tables = 0;
  entries = 0;
  checkpoints = 0;
  private readonly handBefore: Database.Statement;
  private readonly tx: { db: Database.Database | null; at: string; append: WriteTx['append'] } = {
    db: null,
    at: '',
    append: () => {
      throw new Error('the rebuild of the query tables appends nothing');
    },
  };

  constructor(db: Database.Database, private readonly projector: Projector, private readonly problems: Problems) {
    this.handBefore = db.prepare('SELECT id, hand_id, type, body FROM events WHERE hand_id = ? AND table_id = ? AND id < ? ORDER BY id').raw(true);
  }

  /** A hand that is over, after a note on it: its events before the note, then the note. */
  private afterNote(tableId: string, handId: string, rowId: number, note: HandEvent): HandState | null {
    const before = (this.handBefore.all(handId, tableId, rowId) as [number, string, string, string][]).map((r) => parseBody(r[3], r[0], r[1], r[2]) as HandEvent);
    const state = replay(before);
    const noted = state.ok ? apply(state.value, note) : state;
    return noted.ok ? noted.value : null; // the replay of the hands reports a hand that does not replay
  }

  /**
   * Folds one entry of a table whose fold goes on (`fold`), projects it when the fold accepts
   * it, and reports a refusal as the one pass does. Returns the hand's state after a hand's
   * entry the fold accepted (null otherwise).
   */
  entry(fold: Fold, id: number, tableId: string, handId: string | null, handSeq: number | null, type: string, recordedAt: string, body: TableEntry['body']): HandState | null {
    const before = fold.state;
    this.entries++;
    const step = foldStep(before, tableId, handId, body);
    const isCheckpoint = handId === null && (body as { type?: unknown } | null)?.type === 'table-checkpoint';
    if (!step.ok) {
      // A checkpoint changes nothing: the fold goes on past a mismatching one.
      this.found(tableId, id, type, handId, step.error.code,
        `${where(tableId, id, type, handId)} does not fold: ${step.error.code}: ${step.error.message}${isCheckpoint ? '' : '; the table is not folded further and its query rows are not compared'}`);
      if (!isCheckpoint) fold.stopped = true;
      return null;
    }
    if (isCheckpoint) this.checkpoints++;
    let hand = step.value.hand;
    if (handId !== null && hand === null) {
      hand = this.afterNote(tableId, handId, id, body as HandEvent);
      if (!hand) {
        fold.state = step.value.table;
        return null;
      }
    }
    this.tx.at = recordedAt;
    const stored: StoredEvent = { id, tableId, handId, handSeq, type, recordedAt, body };
    try {
      projectEntry(this.projector, this.tx as unknown as WriteTx, stored, before, { table: step.value.table, hand });
    } catch (e) {
      // The fold accepts it, but its rows cannot be written as the service writes them.
      this.found(tableId, id, type, handId, 'rows-not-written', `${where(tableId, id, type, handId)}: its query rows cannot be written: ${e instanceof Error ? e.message : String(e)}`);
    }
    fold.state = step.value.table;
    return handId !== null ? hand : null;
  }

  private found(tableId: string, rowId: number, type: string, handId: string | null, code: string, message: string): void {
    this.problems.add({ kind: 'fold', tableId, rowId, type, handId, code, message });
  }
}

/** The entry a problem is at, for its message: `table T1: log row 42 (settled of hand T1-3)`. */
function where(tableId: string, id: number, type: string, handId: string | null): string {
  return `table ${tableId}: log row ${id} (${type}${handId !== null ? ` of hand ${handId}` : ''})`;
}

/** What the table fold makes of one entry (a `table-opened` must open the table it is stored under). */
function foldStep(before: TableState | null, tableId: string, handId: string | null, body: TableEntry['body']): ReturnType<typeof applyTableEntry> {
  const bodyType = (body as { type?: unknown } | null)?.type;
  const opened = before === null && handId === null && bodyType === 'table-opened' ? (body as { tableId?: unknown }).tableId : tableId;
  return opened !== tableId
    ? fail('wrong-table', `the table-opened opens table ${showJson(opened)}, but it is stored under ${showJson(tableId)}`)
    : applyTableEntry(before, { handId, body });
}

// ---------------------------------------------------------------------------------------
// The fold cut into ranges of the log (the audit's workers)
//
// A worker folds the tables over its range of the log only, each table from where it stands at
// the range's start: its state rebuilt from its last checkpoint before the range
// (`tableFromCheckpoint`), then folded over its rows from there to the range's start; a table
// opened within the range from its `table-opened`. The worker notes the projections of its
// own rows (a ProjectionLog); the calling thread runs the ranges' notes in log order into the
// rebuilt database, exactly the statements the one pass runs, and compares. A checkpoint a
// range starts from is one an earlier range folded and found equal to its fold (the first
// range starts at the log's start), so the state is the one pass's whenever no range found a
// problem; any problem, or a start the worker cannot make, and the tables are audited in one
// pass instead (the report is always the one pass's).

/** What a worker's share of the tables' fold found ({@link foldRange}). */
export interface RangeFold {
  /** The projections of the range's entries, noted in log order. */
  readonly noted: NotedProjections;
  /** Tables opened within the range. */
  readonly tables: number;
  readonly entries: number;
  readonly checkpoints: number;
  /** Problems the fold found in the range (any: the tables are audited in one pass). */
  readonly problems: number;
  /** Why the range could not be folded on its own (null: it was). */
  readonly unusual: string | null;
}

/**
 * A worker's share of the tables' fold: the rows `after < id <= upTo` fed in id order to
 * {@link RangeFolder.row}, then {@link RangeFolder.finish}.
 */
export class RangeFolder {
  private readonly log = new ProjectionLog();
  private readonly folds: TableFolds;
  private readonly problems = new Problems(1);
  private unusual: string | null = null;
  private readonly firstRow: Database.Statement;
  private readonly lastCheckpoint: Database.Statement;
  private readonly rowsBetween: Database.Statement;

  constructor(db: Database.Database, private readonly after: number) {
    this.folds = new TableFolds(db, new Projector(this.log), this.problems);
    this.firstRow = db.prepare('SELECT id, type, hand_id FROM events WHERE table_id = ? ORDER BY id LIMIT 1').raw(true);
    this.lastCheckpoint = db.prepare("SELECT id, body FROM events WHERE table_id = ? AND hand_id IS NULL AND type = 'table-checkpoint' AND id <= ? ORDER BY id DESC LIMIT 1").raw(true);
    this.rowsBetween = db.prepare('SELECT id, hand_id, type, body FROM events WHERE table_id = ? AND id > ? AND id <= ? ORDER BY id').raw(true);
  }

  /**
   * One row of the range (columns of the terminal's types; `body`: the row's text parsed, when
   * the caller has parsed it). Returns the hand's state after a hand's row the fold accepted
   * (null otherwise, and once the range cannot be folded on its own).
   */
  row(id: number, tableId: string, handId: string | null, handSeq: number | null, type: string, recordedAt: string, text: string, body?: unknown): HandState | null {
    if (this.unusual !== null) return null;
    let fold = this.folds.folds.get(tableId);
    if (fold === undefined) {
      fold = this.start(tableId, id, type, handId);
      this.folds.folds.set(tableId, fold);
      if (this.unusual !== null) return null;
    }
    if (!fold || fold.stopped) return null;
    const parsed = body === undefined ? (parseBody(text, id, handId, type) as TableEntry['body']) : (body as TableEntry['body']);
    return this.folds.entry(fold, id, tableId, handId, handSeq, type, recordedAt, parsed);
  }

  /** The hand in play at the table as its fold stands now (before its next row is folded), or null. */
  handInPlay(tableId: string): { readonly id: string; readonly state: HandState } | null {
    const fold = this.folds.folds.get(tableId);
    return fold && !fold.stopped && fold.state ? fold.state.hand : null;
  }

  /** The fold of a table first met in the range at row `id`: from its `table-opened`, or from where it stands at the range's start. */
  private start(tableId: string, id: number, type: string, handId: string | null): Fold | null {
    const first = this.firstRow.get(tableId) as [number, string, string | null] | undefined;
    if (!first) return this.cannot(`table ${tableId}: its first row cannot be found again`);
    if (first[0] === id) {
      // As the service loads: a table id whose first event opens a table is a table.
      if (type !== 'table-opened' || handId !== null) return null;
      this.folds.tables++;
      return { state: null, stopped: false };
    }
    if (first[0] > id || first[1] !== 'table-opened' || first[2] !== null) return null;
    let state: TableState | null = null;
    let from = first[0] - 1;
    const cp = this.lastCheckpoint.get(tableId, this.after) as [number, string] | undefined;
    if (cp) {
      const restored = tableFromCheckpoint(parseBody(cp[1], cp[0], null, 'table-checkpoint') as TableCheckpoint);
      if (!restored.ok) return this.cannot(`table ${tableId}: the checkpoint at log row ${cp[0]} does not load: ${restored.error.message}`);
      state = restored.value;
      from = cp[0];
    }
    for (const [rowId, rowHand, rowType, text] of this.rowsBetween.all(tableId, from, this.after) as [number, string | null, string, string][]) {
      const step = foldStep(state, tableId, rowHand, parseBody(text, rowId, rowHand, rowType) as TableEntry['body']);
      if (!step.ok) {
        // Only a checkpoint is folded past (the range holding it reports it).
        if (rowHand === null && rowType === 'table-checkpoint') continue;
        return this.cannot(`table ${tableId}: log row ${rowId}, before the range, does not fold`);
      }
      state = step.value.table;
    }
    return { state, stopped: false };
  }

  private cannot(why: string): null {
    this.unusual ??= why;
    return null;
  }

  /** What the range's fold found. */
  finish(): RangeFold {
    return {
      noted: this.log.noted(), tables: this.folds.tables, entries: this.folds.entries, checkpoints: this.folds.checkpoints,
      problems: this.problems.list.length + this.problems.more, unusual: this.unusual,
    };
  }
}

/**
 * The calling thread's side of the ranges' fold: each range's notes run into a fresh database
 * (made by `migrations`) in log order as the ranges come back, then the comparison, as
 * {@link auditTables} gives it. `add` says false when the tables must be audited in one pass
 * instead (a range found a problem or could not be folded on its own, or a noted statement
 * failed).
 */
export class RangeRebuild {
  private readonly rebuilt: Database.Database;
  private tables = 0;
  private entries = 0;
  private checkpoints = 0;
  private failed = false;
  private readonly counted = { bySqlite: 0 };
  /** Seconds spent running the notes and comparing. */
  seconds = 0;

  /**
   * `file`: the rows are written into it (a {@link RebuildFile} attached to the audited store's
   * connection), and SQLite compares the query tables there ({@link compareTable}); without it,
   * into memory.
   */
  constructor(migrations: readonly Migration[], private readonly file: RebuildFile | null = null) {
    this.rebuilt = file ? file.db : leanRebuild(freshDatabase(migrations));
    this.rebuilt.exec('BEGIN');
  }

  add(part: RangeFold): boolean {
    if (this.failed) return false;
    const t0 = performance.now();
    try {
      if (part.unusual !== null || part.problems > 0) {
        this.failed = true;
        return false;
      }
      ProjectionLog.runOn(this.rebuilt, part.noted);
      this.tables += part.tables;
      this.entries += part.entries;
      this.checkpoints += part.checkpoints;
      return true;
    } catch {
      this.failed = true; // the one pass reports it (rows-not-written) where it stands
      return false;
    } finally {
      this.seconds += (performance.now() - t0) / 1000;
    }
  }

  /** The comparison with the store's query tables, in the caller's snapshot (null: audit the tables in one pass); `progress` told each table compared. */
  finish(store: Store, maxProblems: number, progress: Progress = NO_PROGRESS): TablesReport | null {
    if (this.failed) return null;
    const t0 = performance.now();
    try {
      this.rebuilt.exec('COMMIT');
      const folded = { stopped: new Set(), tables: this.tables, entries: this.entries, checkpoints: this.checkpoints, problems: new Problems(maxProblems) };
      return compareWith(store, this.rebuilt, folded, progress, this.file ? { schema: this.file.schema, counted: this.counted } : null);
    } catch {
      return null; // the one pass meets it again, and says it as it does
    } finally {
      this.seconds += (performance.now() - t0) / 1000;
    }
  }

  /** Query tables SQLite found equal by itself ({@link compareTable}). */
  get comparedBySqlite(): number {
    return this.counted.bySqlite;
  }

  close(): void {
    if (!this.file) this.rebuilt.close(); // the file's owner closes it, after detaching it
  }
}

// ---------------------------------------------------------------------------------------
// Comparing a query table

/** The table a query row belongs to (a hand's rows: the table of its hand id, `<table>-<number>`). */
function ownerOf(table: string, columns: readonly string[]): (row: readonly unknown[]) => unknown {
  if (table === 'tables') {
    const i = columns.indexOf('id');
    return (row) => row[i];
  }
  const t = columns.indexOf('table_id');
  if (t >= 0) return (row) => row[t];
  const h = columns.indexOf('hand_id');
  return (row) => {
    const id = row[h];
    return typeof id === 'string' && id.includes('-') ? id.slice(0, id.lastIndexOf('-')) : id;
  };
}

/**
 * Compares one query table, stored and rebuilt, row by row in key order (both read sorted by
 * SQLite and merged here in SQLite's order); rows of a table whose fold stopped are left out
 * on both sides. Returns the stored rows compared.
 */
function compareTable(db: Database.Database, rebuilt: Database.Database, t: QueryTable, stopped: ReadonlySet<unknown>, problems: Problems): number {
  const columns = columnsOf(rebuilt, t.name);
  const byWriter = stopped.size > 0 && t.written !== undefined;
  const key = byWriter ? t.written! : t.key;
  const keyAt = key.map((k) => columns.indexOf(k));
  const asJson = columns.map((c) => t.json?.includes(c) ?? false);
  const ignored = columns.map((c) => byWriter && t.key.includes(c));
  // The id of a row matched by its writer stands for that writer (`refers`), on each side.
  const ref = stopped.size > 0 && t.refers ? { at: columns.indexOf(t.refers.column), stored: writers(db, t.refers.to), rebuilt: writers(rebuilt, t.refers.to) } : null;
  const list = columns.map((c) => `"${c}"`).join(', ');
  const order = key.map((k) => `"${k}"`).join(', ');
  const sql = `SELECT ${list} FROM "${t.name}" ORDER BY ${order}`;
  const owner = ownerOf(t.name, columns);
  const kept = (it: IterableIterator<unknown[]>) => {
    return () => {
      for (;;) {
        const n = it.next();
        if (n.done) return null;
        if (stopped.size === 0 || !stopped.has(owner(n.value))) return n.value;
      }
    };
  };
  let storedRows: IterableIterator<unknown[]>;
  try {
    storedRows = db.prepare(sql).raw(true).iterate() as IterableIterator<unknown[]>;
  } catch (e) {
    // A table changed behind the terminal's back (a column dropped, the table renamed ...).
    problems.add({
      kind: 'row', table: t.name, key: {}, difference: 'missing', column: null, stored: null, rebuilt: null,
      message: `${t.name}: the database's table cannot be read as the migrations make it (${e instanceof Error ? e.message : String(e)})`,
    });
    return 0;
  }
  const nextStored = kept(storedRows);
  const nextRebuilt = kept(rebuilt.prepare(sql).raw(true).iterate() as IterableIterator<unknown[]>);
  const keyOf = (row: readonly unknown[]) => Object.fromEntries(key.map((k, i) => [k, row[keyAt[i]]]));
  const whole = (row: readonly unknown[]) => Object.fromEntries(columns.map((c, i) => [c, row[i]]));
  let rows = 0;
  let s = nextStored();
  let r = nextRebuilt();
  while (s !== null || r !== null) {
    const c = s === null ? 1 : r === null ? -1 : compareKeys(s, r, keyAt);
    if (c < 0) {
      const k = keyOf(s!);
      problems.add({
        kind: 'row', table: t.name, key: k, difference: 'extra', column: null, stored: whole(s!), rebuilt: null,
        message: `${t.name} ${keyText(k)}: in the database, not rebuilt from the log (${rowText(columns, s!, keyAt)})`,
      });
      rows++;
      s = nextStored();
    } else if (c > 0) {
      const k = keyOf(r!);
      problems.add({
        kind: 'row', table: t.name, key: k, difference: 'missing', column: null, stored: null, rebuilt: whole(r!),
        message: `${t.name} ${keyText(k)}: missing from the database; the log gives ${rowText(columns, r!, keyAt)}`,
      });
      r = nextRebuilt();
    } else {
      for (let i = 0; i < columns.length; i++) {
        if (ignored[i]) continue;
        if (ref?.at === i) {
          // Compared by writer only: after a stop, the same number can be another table's row.
          if (sameWriter(ref, s![i], r![i])) continue;
        } else if (sameValue(s![i], r![i]) || (asJson[i] && sameJsonText(s![i], r![i]))) continue;
        const k = keyOf(s!);
        problems.add({
          kind: 'row', table: t.name, key: k, difference: 'differs', column: columns[i], stored: s![i], rebuilt: r![i],
          message: `${t.name} ${keyText(k)}: ${columns[i]} is ${valueText(s![i])} in the database, ${valueText(r![i])} rebuilt from the log`,
        });
      }
      rows++;
      s = nextStored();
      r = nextRebuilt();
    }
  }
  return rows;
}

/**
 * Whether SQLite finds query table `t` the same in the store (`main`) and in the rebuild
 * attached as `schema` (a {@link RebuildFile}), by itself, in the store's snapshot: the stored
 * rows when it does, null when it does not or cannot say (a table that does not read as the
 * migrations make it, a JSON column compared as values): {@link compareTable} then reads both
 * sides and names every difference. Same means no problem {@link compareTable} could find, and
 * is stricter than it. Each rebuilt row is joined to the stored rows of its key (equal by
 * SQLite's `=`, so the stored key index is used; none: the stored columns are NULLs), and in
 * every pair found every column, the key's too, must be equal with no affinity (`+column`: a
 * text '5' is not the number 5) and by bytes (`COLLATE BINARY`, whatever collation a changed
 * table declares); and there must be as many rows on each side. The rebuilt keys are unique
 * and not NULL, so a rebuilt row with no stored row of its key differs in its key, and the
 * stored rows equal to distinct rebuilt rows are distinct rows: at least one stored row equal
 * to each rebuilt row, and no more stored rows than rebuilt ones, is each stored row equal to
 * exactly one rebuilt row, even in a table whose key was dropped (which can hold a row twice).
 * One pass over the rebuilt rows: the stored rows are read only through their key.
 */
function sameInSqlite(db: Database.Database, schema: string, t: QueryTable, rebuilt: Database.Database): number | null {
  if (t.json) return null;
  const name = quoted(t.name);
  const stored = `main.${name}`;
  const built = `${quoted(schema)}.${name}`;
  const on = t.key.map((k) => `s.${quoted(k)} = r.${quoted(k)}`).join(' AND ');
  const columns = columnsOf(rebuilt, t.name).map((c) => `(+s.${quoted(c)}) IS NOT (+r.${quoted(c)}) COLLATE BINARY`);
  try {
    const ask = (sql: string): unknown => db.prepare(sql).pluck(true).get();
    if (ask(`SELECT EXISTS (SELECT 1 FROM ${built} r LEFT JOIN ${stored} s ON ${on} WHERE ${columns.join(' OR ')})`)) return null;
    const rows = ask(`SELECT count(*) FROM ${stored}`);
    return rows === ask(`SELECT count(*) FROM ${built}`) ? (rows as number) : null;
  } catch {
    return null; // compareTable says what is wrong with the stored table
  }
}

/** A query table's columns, as the migrations make it (the rebuild's). */
function columnsOf(rebuilt: Database.Database, table: string): string[] {
  return rebuilt.prepare(`SELECT name FROM pragma_table_info(?) ORDER BY cid`).pluck(true).all(table) as string[];
}

/** An SQL identifier, quoted. */
function quoted(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Each row of query table `name` (one with `written`): its id to the text of the event that wrote it. */
function writers(db: Database.Database, name: string): Map<unknown, string> {
  const by = QUERY_TABLES.find((q) => q.name === name)!.written!;
  const rows = db.prepare(`SELECT id, ${by.map((c) => `"${c}"`).join(', ')} FROM "${name}"`).raw(true).all() as unknown[][];
  return new Map(rows.map((r) => [r[0], JSON.stringify(r.slice(1))]));
}

/** Whether two ids of a `refers` column name rows written by the same event (or are both null). */
function sameWriter(ref: { readonly stored: ReadonlyMap<unknown, string>; readonly rebuilt: ReadonlyMap<unknown, string> }, stored: unknown, rebuilt: unknown): boolean {
  if (stored === null || rebuilt === null) return stored === rebuilt;
  return ref.stored.has(stored) && ref.stored.get(stored) === ref.rebuilt.get(rebuilt);
}

function sameJsonText(a: unknown, b: unknown): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  try {
    return sameJson(JSON.parse(a), JSON.parse(b));
  } catch {
    return false;
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || (Buffer.isBuffer(a) && Buffer.isBuffer(b) && a.equals(b));
}

/** SQLite's order of values: NULL, numbers, text (BINARY: by UTF-8 bytes), blobs. */
function rank(v: unknown): number {
  if (v === null || v === undefined) return 0;
  if (typeof v === 'number' || typeof v === 'bigint') return 1;
  if (typeof v === 'string') return 2;
  return 3;
}

function compareValues(a: unknown, b: unknown): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (ra === 0) return 0;
  if (ra === 1) return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
  if (ra === 2) return compareText(a as string, b as string);
  return Buffer.compare(a as Buffer, b as Buffer);
}

/** Text in SQLite's BINARY order (UTF-8 bytes). JavaScript compares UTF-16 code units, which
 *  agrees unless a code unit from U+D800 up is involved (a surrogate sorts below U+E000 there). */
function compareText(a: string, b: string): number {
  if (a === b) return 0;
  if (!HIGH_UNITS.test(a) && !HIGH_UNITS.test(b)) return a < b ? -1 : 1;
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

const HIGH_UNITS = /[\uD800-\uFFFF]/;

function compareKeys(a: readonly unknown[], b: readonly unknown[], keyAt: readonly number[]): number {
  for (const i of keyAt) {
    const c = compareValues(a[i], b[i]);
    if (c !== 0) return c;
  }
  return 0;
}

function valueText(v: unknown): string {
  if (Buffer.isBuffer(v)) return `x'${v.toString('hex').slice(0, 40)}${v.length > 20 ? '...' : ''}'`;
  return showJson(v);
}

/** `(table_id "T1", seat 2)` */
function keyText(key: Readonly<Record<string, unknown>>): string {
  return `(${Object.entries(key).map(([k, v]) => `${k} ${valueText(v)}`).join(', ')})`;
}

/** The row's other columns: `player "p1", stack 5000, ...`. */
function rowText(columns: readonly string[], row: readonly unknown[], keyAt: readonly number[]): string {
  return columns.flatMap((c, i) => (keyAt.includes(i) ? [] : [`${c} ${valueText(row[i])}`])).join(', ');
}
