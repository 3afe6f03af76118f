/**
 * The tables' part of `table audit` (docs/store.md, "What `table audit` checks"): every table's
 * log folded with the table fold from its `table-opened` to the end, each `table-checkpoint`
 * checked against the fold where it stands, and the query tables rebuilt from the log by the
 * projections the table service writes them with (`projectEntry`), into a fresh in-memory
 * database made by the same migrations, then compared row by row with the stored ones.
 *
 * One pass over the log in id order, then the comparison in the caller's snapshot (the
 * audit's read transaction): the rebuilt rows and the stored rows are of the same moment even
 * while the terminal is writing. The pass runs on the calling thread (`auditTables`) or, for a
 * big log, on a worker of the audit's pool up to the caller's last row (`rebuildTables`,
 * then `compareRebuilt`). The row ids SQLite gives (sessions, chip_ledger) come out as the
 * service's because the entries are projected in the order they were committed.
 */
import Database from 'better-sqlite3';
import { replay, apply, type HandEvent, type HandState } from '../domain/hand';
import { sameJson, showJson } from '../domain/json';
import { fail } from '../domain/result';
import { applyTableEntry, type TableEntry, type TableState } from '../domain/table';
import { inSnapshot } from './event-log';
import { migrate, type Migration } from './migrations';
import { projectEntry, Projector } from './projections';
import { parseBody, type Store, type StoredEvent, type WriteTx } from './store';

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
 */
export function auditTables(store: Store, options: { maxProblems?: number } = {}): TablesReport {
  const max = options.maxProblems ?? MAX_TABLE_PROBLEMS;
  return inSnapshot(store.db, () => {
    const rebuilt = freshDatabase(store.migrations);
    try {
      return compareWith(store, rebuilt, foldedOf(foldAndProject(store.db, rebuilt, new Problems(max), Number.POSITIVE_INFINITY)));
    } finally {
      rebuilt.close();
    }
  });
}

/** The tables' part of an audit task done by a worker (audit.ts's `AuditTask.tables`): its limits and the schema to rebuild in. */
export interface TablesJob {
  readonly maxProblems: number;
  /** The migrations of the store audited (the rebuild is made by the same ones). */
  readonly migrations: readonly Migration[];
  /** Rows between two `alive` calls (default {@link ALIVE_EVERY_ROWS}; the tests ask for it more often). */
  readonly aliveEveryRows?: number;
}

/** What the folds found and the rebuilt query tables, as a worker hands them back. */
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
  /** Seconds the fold and the rebuild took. */
  readonly seconds: number;
}

/**
 * Folds and projects the log from its start up to row `upTo` (in a worker, on its own read-only
 * connection: the rows up to a row the caller has seen are the same in any later snapshot, the
 * log being append-only). `alive` is called now and then, so that a long rebuild is not taken
 * for a worker that hangs. Throws as {@link auditTables} does.
 */
export function rebuildTables(db: Database.Database, upTo: number, job: TablesJob, alive: () => void): RebuiltTables {
  const t0 = performance.now();
  const rebuilt = freshDatabase(job.migrations);
  try {
    const every = job.aliveEveryRows ?? ALIVE_EVERY_ROWS;
    const folded = foldedOf(foldAndProject(db, rebuilt, new Problems(job.maxProblems), upTo, { every, alive }));
    return {
      image: rebuilt.serialize(), stopped: [...folded.stopped], tables: folded.tables, entries: folded.entries,
      checkpoints: folded.checkpoints, problems: folded.problems.list, more: folded.problems.more, seconds: (performance.now() - t0) / 1000,
    };
  } finally {
    rebuilt.close();
  }
}

/**
 * Compares what a worker rebuilt ({@link rebuildTables}) with the store's query tables, in
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

/** An empty database made by the store's migrations, to rebuild the query tables in. */
function freshDatabase(migrations: readonly Migration[]): Database.Database {
  const rebuilt = new Database(':memory:');
  // The events are not copied: the rows' references to them cannot be checked here.
  rebuilt.pragma('foreign_keys = OFF');
  migrate(rebuilt, migrations, 'the audit\'s rebuild of the query tables');
  return rebuilt;
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

/** The folds' findings with the query tables compared ({@link compareTable}), as the report. */
function compareWith(store: Store, rebuilt: Database.Database, folded: Folded): TablesReport {
  const { problems } = folded;
  let rows = 0;
  for (const t of QUERY_TABLES) rows += compareTable(store.db, rebuilt, t, folded.stopped, problems);
  return {
    ok: problems.list.length === 0 && problems.more === 0, tables: folded.tables, entries: folded.entries, checkpoints: folded.checkpoints, rows,
    problems: problems.list, more: problems.more,
  };
}

/** How often a worker's rebuild says it is alive: every 200,000 rows (about a second). */
export const ALIVE_EVERY_ROWS = 200_000;

/** The log in id order up to `upTo`, each table folded and every entry it accepts projected into `rebuilt`. */
function foldAndProject(
  db: Database.Database, rebuilt: Database.Database, problems: Problems, upTo: number, alive?: { readonly every: number; readonly alive: () => void },
): { folds: Map<unknown, Fold>; tables: number; entries: number; checkpoints: number; problems: Problems } {
  const read = db.prepare(`SELECT id, table_id, hand_id, hand_seq, type, recorded_at, body FROM events WHERE id > ? AND id <= ? ORDER BY id LIMIT ${ROWS_PER_READ}`).raw(true);
  const handBefore = db.prepare('SELECT id, hand_id, type, body FROM events WHERE hand_id = ? AND table_id = ? AND id < ? ORDER BY id').raw(true);
  const projector = new Projector(rebuilt);
  const tx: { db: Database.Database; at: string; append: WriteTx['append'] } = {
    db: rebuilt,
    at: '',
    append: () => {
      throw new Error('the rebuild of the query tables appends nothing');
    },
  };
  /** Per table_id: its fold, or null for an id that is not a table's. */
  const folds = new Map<unknown, Fold | null>();
  let tables = 0;
  let entries = 0;
  let checkpoints = 0;
  let sinceAlive = 0;

  /** A hand that is over, after a note on it: its events before the note, then the note. */
  const afterNote = (tableId: string, handId: string, rowId: number, note: HandEvent): HandState | null => {
    const before = (handBefore.all(handId, tableId, rowId) as [number, string, string, string][]).map((r) => parseBody(r[3], r[0], r[1], r[2]) as HandEvent);
    const state = replay(before);
    const noted = state.ok ? apply(state.value, note) : state;
    return noted.ok ? noted.value : null; // the replay of the hands reports a hand that does not replay
  };

  rebuilt.exec('BEGIN');
  let from = Number.NEGATIVE_INFINITY;
  for (;;) {
    const rows = read.all(from, upTo) as EventRow[];
    for (const [id, tableId, handId, handSeq, type, recordedAt, text] of rows) {
      if (alive && ++sinceAlive >= alive.every) {
        alive.alive();
        sinceAlive = 0;
      }
      let fold = folds.get(tableId);
      if (fold === undefined) {
        // As the service loads: a table id whose first event opens a table is a table.
        fold = type === 'table-opened' && handId === null ? { state: null, stopped: false } : null;
        folds.set(tableId, fold);
        if (fold) tables++;
      }
      if (!fold || fold.stopped) continue;
      const body = parseBody(text, id, handId, type) as TableEntry['body'];
      const before = fold.state;
      const found = (code: string, message: string) => problems.add({ kind: 'fold', tableId, rowId: id, type, handId, code, message });
      const where = `table ${tableId}: log row ${id} (${type}${handId !== null ? ` of hand ${handId}` : ''})`;
      entries++;
      const bodyType = (body as { type?: unknown } | null)?.type;
      const isCheckpoint = handId === null && bodyType === 'table-checkpoint';
      const opened = before === null && handId === null && bodyType === 'table-opened' ? (body as { tableId?: unknown }).tableId : tableId;
      const step = opened !== tableId
        ? fail('wrong-table', `the table-opened opens table ${showJson(opened)}, but it is stored under ${showJson(tableId)}`)
        : applyTableEntry(before, { handId, body });
      if (!step.ok) {
        // A checkpoint changes nothing: the fold goes on past a mismatching one.
        found(step.error.code, `${where} does not fold: ${step.error.code}: ${step.error.message}${isCheckpoint ? '' : '; the table is not folded further and its query rows are not compared'}`);
        if (!isCheckpoint) fold.stopped = true;
        continue;
      }
      if (isCheckpoint) checkpoints++;
      let hand = step.value.hand;
      if (handId !== null && hand === null) {
        hand = afterNote(tableId, handId, id, body as HandEvent);
        if (!hand) {
          fold.state = step.value.table;
          continue;
        }
      }
      tx.at = recordedAt;
      const stored: StoredEvent = { id, tableId, handId, handSeq, type, recordedAt, body };
      try {
        projectEntry(projector, tx, stored, before, { table: step.value.table, hand });
      } catch (e) {
        // The fold accepts it, but its rows cannot be written as the service writes them.
        found('rows-not-written', `${where}: its query rows cannot be written: ${e instanceof Error ? e.message : String(e)}`);
      }
      fold.state = step.value.table;
    }
    if (rows.length < ROWS_PER_READ) break;
    from = rows[rows.length - 1][0];
  }
  rebuilt.exec('COMMIT');
  const real = new Map<unknown, Fold>();
  for (const [id, f] of folds) if (f) real.set(id, f);
  return { folds: real, tables, entries, checkpoints, problems };
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
  const columns = (rebuilt.prepare(`SELECT name FROM pragma_table_info('${t.name}') ORDER BY cid`).pluck(true).all() as string[]);
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
        if (ignored[i] || sameValue(s![i], r![i]) || (asJson[i] && sameJsonText(s![i], r![i]))) continue;
        if (ref?.at === i && ref.stored.has(s![i]) && ref.stored.get(s![i]) === ref.rebuilt.get(r![i])) continue;
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

/** Each row of query table `name` (one with `written`): its id to the text of the event that wrote it. */
function writers(db: Database.Database, name: string): Map<unknown, string> {
  const by = QUERY_TABLES.find((q) => q.name === name)!.written!;
  const rows = db.prepare(`SELECT id, ${by.map((c) => `"${c}"`).join(', ')} FROM "${name}"`).raw(true).all() as unknown[][];
  return new Map(rows.map((r) => [r[0], JSON.stringify(r.slice(1))]));
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
