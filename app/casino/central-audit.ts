/**
 * `casino audit`: every table database's central copy checked as `table audit` checks a file,
 * by the same engine (app/services/audit.ts's `auditLog`: the chain, every hand re-run through
 * the rules, every table's log folded with its checkpoints), and, for the table files given,
 * the central copy compared with the file's log, event for event, every column.
 *
 * How the engine is reused: the central rows of one table database are written, exactly as
 * received, into a temporary terminal database (made by the table migrations), its query
 * tables are rebuilt from that log by the projections (table-audit.ts's `rebuildTables`, what
 * `table audit` compares a file's with), and the copy is audited read-only. The copy needs
 * about as much temporary disk as the log; it is removed after.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fail, ok, type Result } from '../domain/result';
import { auditLog } from '../services/audit';
import { openStore, StoreError, type Store } from '../services/store';
import { QUERY_TABLES, rebuildTables } from '../services/table-audit';
import { NO_PROGRESS, progressOf, type Progress } from '../services/progress';
import type { CentralAlert, CentralSession } from './central';
import { differingColumns, type LogRow } from './log-row';
import { tableLogOf, type TableLog } from './table-log';

/** How the central copy compares with a table file, event for event. */
export interface FileComparison {
  readonly file: string;
  /** Rows the same in every column. */
  readonly equal: number;
  /** Rows of the file the central copy does not have (lost, or not forwarded yet). */
  readonly missing: number;
  /** Rows of the central copy the file does not have. */
  readonly extra: number;
  /** Rows with the same id that differ. */
  readonly differ: number;
  /** The differences in runs of rows, in id order (at most {@link MAX_RUNS}). */
  readonly runs: readonly DiffRun[];
}

/** A run of consecutive rows that differ in the same way. */
export interface DiffRun {
  readonly kind: 'missing' | 'extra' | 'differ';
  readonly firstId: number;
  readonly lastId: number;
  /** For `differ`: the columns of the first row that differ. */
  readonly columns: readonly string[];
}

/** What the audit found for one table database. */
export interface TerminalAudit {
  readonly terminalId: string;
  /** The table ids of its log (the staff's `@staff` left out). */
  readonly tables: readonly string[];
  /** Rows the central server holds. */
  readonly events: number;
  readonly hands: number;
  readonly folded: number;
  readonly alerts: readonly CentralAlert[];
  readonly comparison: FileComparison | null;
  /** Every problem, in words (empty: all agree). */
  readonly problems: readonly string[];
  readonly ok: boolean;
}

/** The whole audit. */
export interface CasinoAudit {
  readonly terminals: readonly TerminalAudit[];
  readonly ok: boolean;
}

/** Difference runs listed at most per table database. */
export const MAX_RUNS = 20;

const ROWS_PER_READ = 5000;

/** A table file given to the audit, open read-only. */
interface GivenFile {
  readonly path: string;
  readonly store: Store;
  readonly log: TableLog;
}

/**
 * Audits every table database the central server holds, and those of the `files` given
 * (a file whose identity the server has never heard of is one whose every row is missing).
 * Refused before anything is checked: a file that cannot be opened (`database-not-found`, ...:
 * the StoreError's code) or that has no identity (`no-terminal-identity`), two files of the same
 * table database (`same-table-database`). Then `central-failed` if the server fails on the way.
 * `progress` is told, for each table database (its `of`), the read of its central copy
 * (`central-copy`, in events) and then the audit's stages.
 */
export async function auditCentral(session: CentralSession, files: readonly string[], progress: Progress = NO_PROGRESS): Promise<Result<CasinoAudit>> {
  const given: GivenFile[] = [];
  try {
    for (const path of files) {
      let store: Store;
      try {
        store = openStore(path, { readonly: true });
      } catch (e) {
        if (e instanceof StoreError) return fail(e.code, e.message);
        throw e;
      }
      const log = tableLogOf(store);
      if (!log.ok) {
        store.close();
        return log;
      }
      const twin = given.find((g) => g.log.identity === log.value.identity);
      if (twin) {
        store.close();
        return fail('same-table-database', `${path} and ${twin.path} are the same table database (identity ${log.value.identity}): give each once`);
      }
      given.push({ path, store, log: log.value });
    }
    const terminals = await session.terminals();
    if (!terminals.ok) return terminals;
    const ids = [...new Set([...terminals.value.map((t) => t.terminalId), ...given.map((g) => g.log.identity)])].sort();
    const out: TerminalAudit[] = [];
    for (const id of ids) {
      const t = terminals.value.find((x) => x.terminalId === id) ?? null;
      const r = await auditTerminal(session, id, t?.end ?? null, given.find((g) => g.log.identity === id) ?? null, progressOf(progress, id));
      if (!r.ok) return r;
      out.push(r.value);
    }
    return ok({ terminals: out, ok: out.every((t) => t.ok) });
  } finally {
    for (const g of given) g.store.close();
  }
}

/** Runs of differences, kept to {@link MAX_RUNS}. */
class Runs {
  readonly list: DiffRun[] = [];
  equal = 0;
  missing = 0;
  extra = 0;
  differ = 0;

  add(kind: DiffRun['kind'], id: number, columns: readonly string[] = []): void {
    this[kind]++;
    const last = this.list[this.list.length - 1];
    if (last && last.kind === kind && last.lastId === id - 1 && (kind !== 'differ' || last.columns.join() === columns.join())) {
      this.list[this.list.length - 1] = { ...last, lastId: id };
    } else if (this.list.length < MAX_RUNS) {
      this.list.push({ kind, firstId: id, lastId: id, columns });
    }
  }
}

/** Compares the central rows (in id order) with the file's rows of the same ids, and after the central copy ends, the file's rest. */
function compareBatch(central: readonly LogRow[], file: readonly LogRow[], runs: Runs): void {
  let i = 0;
  let j = 0;
  while (i < central.length || j < file.length) {
    const c = central[i];
    const f = file[j];
    if (f === undefined || (c !== undefined && c.id < f.id)) {
      runs.add('extra', c.id);
      i++;
    } else if (c === undefined || f.id < c.id) {
      runs.add('missing', f.id);
      j++;
    } else {
      const cols = differingColumns(c, f);
      if (cols.length === 0) runs.equal++;
      else runs.add('differ', c.id, cols);
      i++;
      j++;
    }
  }
}

/** The file's rows with `after < id <= upTo`, in id order. */
function fileRows(log: TableLog, after: number, upTo: number): LogRow[] {
  const out: LogRow[] = [];
  let next = after + 1;
  while (next <= upTo) {
    const rows = log.rows(next, ROWS_PER_READ).filter((r) => r.id <= upTo);
    out.push(...rows);
    if (rows.length < ROWS_PER_READ) break;
    next = rows[rows.length - 1].id + 1;
  }
  return out;
}

const INSERT_ROW = 'INSERT INTO events (id, table_id, hand_id, hand_seq, type, recorded_at, body, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)';

/** The end of the chain the server holds for a table database (its `terminals` row). */
export type CentralEnd = { readonly lastId: number; readonly lastHash: string };

/** What {@link copyCentralLog} made: a closed terminal database at `path`, `events` rows in it. */
export interface CentralCopy {
  readonly path: string;
  readonly events: number;
}

/**
 * Writes the central rows of `terminalId`, exactly as received, into a new terminal database
 * `dir/central-copy.db` (made by the table migrations), with the server's `end` as its log head
 * and its query tables rebuilt from that log by the projections, and closes it: a file the
 * table's own read-only tools (`auditLog`, `buildReport`) read as they read a table's. The
 * caller owns `dir` (and removes it). `onBatch` sees each batch of rows before it is written,
 * with the ids it covers (`after < id <= upTo`; the last call's `upTo` is
 * `Number.MAX_SAFE_INTEGER`, with no rows when the log ended on a full batch). Refused:
 * `central-failed` when the server fails on the way.
 */
export async function copyCentralLog(session: CentralSession, terminalId: string, end: CentralEnd | null, dir: string,
  onBatch?: (rows: readonly LogRow[], after: number, upTo: number) => void): Promise<Result<CentralCopy>> {
  const copyPath = join(dir, 'central-copy.db');
  const copy = openStore(copyPath);
  // A scratch copy, removed after: no fsync per batch.
  copy.db.pragma('synchronous = OFF');
  let events = 0;
  let maxId = 0;
  try {
    const insert = copy.db.prepare(INSERT_ROW);
    const insertAll = copy.db.transaction((rows: readonly LogRow[]) => {
      for (const r of rows) insert.run(r.id, r.tableId, r.handId, r.handSeq, r.type, r.recordedAt, r.body, r.prevHash, r.hash);
    });
    let after = 0;
    for (;;) {
      const batch = await session.rowsAfter(terminalId, after, ROWS_PER_READ);
      if (!batch.ok) return batch;
      const rows = batch.value;
      if (rows.length === 0) {
        onBatch?.([], after, Number.MAX_SAFE_INTEGER);
        break;
      }
      const last = rows.length < ROWS_PER_READ;
      onBatch?.(rows, after, last ? Number.MAX_SAFE_INTEGER : rows[rows.length - 1].id);
      insertAll(rows);
      events += rows.length;
      maxId = rows[rows.length - 1].id;
      after = maxId;
      if (last) break;
    }
    if (end !== null && end.lastId > 0) {
      copy.db.prepare('INSERT INTO log_head (one, last_id, last_hash) VALUES (1, ?, ?)').run(end.lastId, end.lastHash);
    }
    copyQueryTables(copy, maxId, join(dir, 'rebuilt.db'));
  } finally {
    copy.close();
  }
  return ok({ path: copyPath, events });
}

/** The table ids of a copy's log (the staff's `@staff` left out). */
export function tablesOf(store: Store): string[] {
  return (store.db.prepare('SELECT DISTINCT table_id FROM events ORDER BY table_id').pluck().all() as string[]).filter((t) => !t.startsWith('@'));
}

/** One table database: its alerts, its central copy audited, compared with its file if given. */
async function auditTerminal(
  session: CentralSession, terminalId: string, end: CentralEnd | null, file: GivenFile | null, progress: Progress,
): Promise<Result<TerminalAudit>> {
  const problems: string[] = [];
  const alerts = end === null ? ok([] as CentralAlert[]) : await session.alerts(terminalId);
  if (!alerts.ok) return alerts;
  for (const a of alerts.value) {
    const rows = a.firstId === a.lastId ? `row ${a.firstId}` : `rows ${a.firstId}-${a.lastId}`;
    problems.push(`central alert ${a.kind} at ${rows} (raised ${a.raisedAt}): ${a.message}`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'cp-central-audit-'));
  try {
    const runs = new Runs();
    // The server's end is its last row: the ids run on from 1, so that many rows to read.
    progress.stage('central-copy', end?.lastId ?? null, 'events');
    let read = 0;
    const copied = await copyCentralLog(session, terminalId, end, dir, (rows, after, upTo) => {
      if (file) compareBatch(rows, fileRows(file.log, after, upTo), runs);
      read += rows.length;
      progress.done(read);
    });
    if (!copied.ok) return copied;
    const events = copied.value.events;
    const audited = openStore(copied.value.path, { readonly: true });
    let hands = 0;
    let folded = 0;
    let tables: string[];
    try {
      tables = tablesOf(audited);
      if (events > 0) {
        const a = auditLog(audited, { progress });
        for (const p of a.chain.problems) problems.push(`chain: ${p.message}`);
        if ('error' in a.replay) problems.push(`hands: ${errorText(a.replay.error)}`);
        else {
          hands = a.replay.hands;
          for (const p of a.replay.problems) problems.push(`hand ${p.handId}: ${p.message}`);
        }
        if ('error' in a.tables) problems.push(`tables: ${errorText(a.tables.error)}`);
        else {
          folded = a.tables.tables;
          for (const p of a.tables.problems) problems.push(`tables: ${p.message}`);
          if (a.tables.more > 0) problems.push(`tables: ... and ${a.tables.more} more`);
        }
      }
    } finally {
      audited.close();
    }
    let comparison: FileComparison | null = null;
    if (file) {
      comparison = { file: file.path, equal: runs.equal, missing: runs.missing, extra: runs.extra, differ: runs.differ, runs: runs.list };
      for (const r of runs.list) problems.push(`file ${file.path}: ${runText(r)}`);
      const listed = runs.list.reduce((n, r) => n + r.lastId - r.firstId + 1, 0);
      const all = runs.missing + runs.extra + runs.differ;
      if (all > listed) problems.push(`file ${file.path}: ... and ${all - listed} more rows that differ`);
    }
    return ok({ terminalId, tables, events, hands, folded, alerts: alerts.value, comparison, problems, ok: problems.length === 0 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function runText(r: DiffRun): string {
  const rows = r.firstId === r.lastId ? `row ${r.firstId}` : `rows ${r.firstId}-${r.lastId}`;
  if (r.kind === 'missing') return `${rows} of the file ${r.firstId === r.lastId ? 'is' : 'are'} not on the central server (lost, or not forwarded yet: \`table sync\`)`;
  if (r.kind === 'extra') return `${rows} of the central copy ${r.firstId === r.lastId ? 'is' : 'are'} not in the file`;
  return `${rows} differ${r.firstId === r.lastId ? 's' : ''} from the file (${r.columns.join(', ')})`;
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * Fills the copy's query tables from its log, as the projections write them (table-audit.ts's
 * rebuild), so the hands are checked against the rows the log gives. Foreign keys off: the rows
 * are the rebuild's, whose references the rebuild itself checked against the same log.
 */
function copyQueryTables(copy: Store, maxId: number, imagePath: string): void {
  let rebuilt: ReturnType<typeof rebuildTables>;
  try {
    rebuilt = rebuildTables(copy.db, maxId, { maxProblems: 1, migrations: copy.migrations });
  } catch (e) {
    // A row that is not JSON: the audit of the copy names it.
    if (e instanceof StoreError) return;
    throw e;
  }
  writeFileSync(imagePath, rebuilt.image);
  copy.db.pragma('foreign_keys = OFF');
  copy.db.prepare('ATTACH DATABASE ? AS rebuilt').run(imagePath);
  try {
    copy.db.transaction(() => {
      for (const t of QUERY_TABLES) copy.db.exec(`INSERT INTO main.${t.name} SELECT * FROM rebuilt.${t.name}`);
    })();
  } finally {
    copy.db.exec('DETACH DATABASE rebuilt');
  }
}
