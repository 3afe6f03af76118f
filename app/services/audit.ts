/**
 * The floor's checks over a stored database, as one engine: {@link auditLog} checks, in one
 * snapshot, any of
 * - the chain: the hash chain of the whole log (event-log.ts's `ChainVerifier`);
 * - the hands: every stored hand (or one) re-run through the fold and the rules, compared with
 *   what was recorded and paid and with the query tables;
 * - the tables: every table's log folded, its checkpoints, the query tables rebuilt from the log
 *   and compared (table-audit.ts).
 * The chain and the hands are checked in one read of the log. The floor's commands are settings
 * of it: `table verify-log` is the chain alone ({@link verifyChain}), `table replay` the hands
 * alone ({@link replayHands}; `--hand ID`: that hand), `table audit` all three.
 *
 * A big log is cut into id ranges checked by worker threads (worker-pool.ts, audit-worker.ts):
 * every worker runs one kind of task ({@link AuditTask}: a range and the checks switched on) and
 * answers in one shape ({@link AuditPart}); this thread joins the answers in log order into
 * exactly what one pass finds. Any surprise on the way (a worker that fails or stalls, an event
 * that is not JSON, a column of an odd type) sends the whole check back to one pass on this
 * thread, so the report (or the error) is always the sequential one.
 */
import { apply, replay, verifySettlement, carryOver, paymentsToMake, type HandEvent, type HandState, type SeatNo } from '../domain/hand';
import { ok, type Result } from '../domain/result';
import type Database from 'better-sqlite3';
import { resolve } from 'node:path';
import {
  chainVerifierAfter, ChainVerifier, eachEventRow, idRanges, inIdOrder, inSnapshot, logExtent, verifyRange, type ChainPart, type LogVerification,
} from './event-log';
import { parseBody, type Store, type StoredEvent } from './store';
import {
  ALIVE_EVERY_ROWS, auditTables, MAX_TABLE_PROBLEMS, RangeFolder, RangeRebuild, RebuildFile, type RangeFold, type TablesJob, type TablesReport,
} from './table-audit';
import { notePoolRun, PoolFailure, SyncPool, threadCount, type ThreadOptions } from './worker-pool';
import { NO_PROGRESS, PartsProgress, type Progress, type ProgressStage } from './progress';

// ---------------------------------------------------------------------------------------
// The engine: its settings, and the floor's commands as settings of it

/** Which checks an audit runs; each is on unless set to false. */
export interface AuditChecks {
  /** The hash chain of the whole log (what `table verify-log` checks). */
  readonly chain?: boolean;
  /** Every hand, or the one `handId` names (what `table replay` checks). */
  readonly hands?: boolean;
  /** Every table's log folded, its checkpoints, the query tables rebuilt and compared (table-audit.ts). */
  readonly tables?: boolean;
}

/** How {@link auditLog} runs. */
export interface AuditSettings extends AuditChecks, ThreadOptions {
  /**
   * The hands check of this hand only, read on its own (the rest of the log is not read for
   * it); a hand with no events is a problem. The whole-database checks are not run then.
   */
  readonly handId?: string;
  /** Problems listed at most, for each check (default: 50 for the chain, 100 for the hands and for the tables). */
  readonly maxProblems?: number;
  /** Filled in with how long the tables' part took (the bench). */
  readonly timings?: AuditTimings;
  /**
   * Told how far the audit is: the read of the log (`chain`, `hands` or `chain+hands`, in rows,
   * summed over the worker threads), then the tables (`tables` when they are folded after the
   * read, and `compare`). Not told for `handId`'s one hand.
   */
  readonly progress?: Progress;
}

/**
 * What the full audit (`table audit`) found: the chain as `verify-log` reports it, the hands as
 * `replay` does, the tables as table-audit.ts does. A check that could not finish gives what
 * stopped it instead (an event that is not JSON: the StoreError every reader of the log throws,
 * the hands stopping at it as `replayHands` does); the others still report.
 */
export interface LogAudit {
  readonly chain: LogVerification;
  readonly replay: ReplayReport | { readonly error: unknown };
  readonly tables: TablesReport | { readonly error: unknown };
}

/** What {@link auditLog} found with the settings `S`: the parts of {@link LogAudit}, null for a check they switch off. */
export type AuditFindings<S extends AuditChecks> = {
  readonly chain: Part<S, 'chain', LogAudit['chain']>;
  readonly replay: Part<S, 'hands', LogAudit['replay']>;
  readonly tables: Part<S, 'tables', LogAudit['tables']>;
};

/** A check's part: null when the settings switch the check off (or `R | null` when they may). */
type Part<S extends AuditChecks, K extends keyof AuditChecks, R> =
  K extends keyof S ? (S[K] extends true | undefined ? R : S[K] extends false ? null : R | null) : R;

/** Where {@link auditLog} writes how long the tables' part took (the bench). */
export interface AuditTimings {
  /** Seconds of the tables' part: the folds and the rebuild (range by range on the worker threads, beside the chain and the hands, or here after them), then the comparison here. */
  tablesSec?: number;
  /** Whether the tables came from the ranges' folds on the worker threads (false: audited in one pass on this thread). */
  tablesInRanges?: boolean;
  /** Query tables SQLite found the same as the rebuilt ones by itself (table-audit.ts's RebuildFile; 0 when every row was read and compared here). */
  tablesComparedBySqlite?: number;
}

/**
 * The audit, with the checks `settings` switch on (by default all three: `table audit`), in one
 * read transaction (one snapshot of a log the terminal may be writing): the chain and the hands
 * in one read of the log, then the tables, their comparison in the same snapshot. By worker
 * threads for a big log (`threads`, see worker-pool.ts; one of them folds the tables and
 * rebuilds the query tables while the others check the ranges), with the same report as one
 * pass on this thread. Throws only what is not a finding about the log (a database that cannot
 * be read).
 */
export function auditLog<S extends AuditSettings = Record<never, never>>(store: Store, settings?: S): AuditFindings<S> {
  // Each part is there exactly when its check is on, as the type says.
  return runAudit(store.db, store, settings ?? {}) as unknown as AuditFindings<S>;
}

/**
 * `table verify-log`: the audit of the chain alone, on any database with an event log (no store
 * needed): walks the whole log in id order and checks every link (see {@link ChainVerifier}).
 */
export function verifyChain(db: Database.Database, maxProblems = 50, options: ThreadOptions & { readonly progress?: Progress } = {}): LogVerification {
  return runAudit(db, null, { chain: true, hands: false, tables: false, maxProblems, threads: options.threads, progress: options.progress }).chain!;
}

/**
 * `table replay`: the audit of the hands alone (every hand, or the one `handId` names): each
 * re-run through the fold and the rules and compared with what was recorded and paid (see
 * {@link HandAuditor}); for every hand, each seat's ledger is also checked for continuity.
 * Throws what stopped it (an event that is not JSON: the StoreError naming the row).
 */
export function replayHands(store: Store, options: { handId?: string; maxProblems?: number } & ThreadOptions = {}): ReplayReport {
  const { replay } = auditLog(store, { ...options, chain: false, hands: true, tables: false });
  if ('error' in replay) throw replay.error;
  return replay;
}

/** Rows from which a read of the log for the chain alone is done by worker threads (below, starting them costs more than they save). */
const CHAIN_ROWS_FOR_THREADS = 500_000;
/** Rows from which a read of the log for the hands (with the chain or not) is done by worker threads (about 4,000 hands). */
const HAND_ROWS_FOR_THREADS = 300_000;

/** What a read of the log checks, and how many problems each check keeps. */
interface Walk {
  readonly chain: boolean;
  readonly hands: boolean;
  readonly maxChain: number;
  readonly maxHands: number;
}

/**
 * What a read of the log found (null: not checked); `tables`: the tables' report, when the
 * workers folded them range by range (with the seconds this thread spent on it).
 */
interface Walked {
  readonly chain: LogVerification | null;
  readonly replay: ReplayReport | { readonly error: unknown } | null;
  readonly tables?: { readonly report: TablesReport; readonly seconds: number; readonly comparedBySqlite: number } | null;
}

/** The engine: `store` may be null only for the chain alone ({@link verifyChain} on a bare database). */
function runAudit(db: Database.Database, store: Store | null, settings: AuditSettings): AuditFindings<AuditChecks> {
  const on = { chain: settings.chain !== false, hands: settings.hands !== false, tables: settings.tables !== false };
  if (!store && (on.hands || on.tables)) throw new TypeError('the hands and the tables are audited on a store, not a bare database');
  const handId = on.hands ? settings.handId : undefined;
  const walk: Walk = {
    chain: on.chain, hands: on.hands && handId === undefined, maxChain: settings.maxProblems ?? 50, maxHands: settings.maxProblems ?? 100,
  };
  const maxTables = settings.maxProblems ?? MAX_TABLE_PROBLEMS;
  const progress = settings.progress ?? NO_PROGRESS;
  // The ranges' rebuild goes to a file SQLite compares with the store itself, attached before
  // the read transaction begins (see RebuildFile); for a log the workers will read.
  const file = on.tables && store && threadCount(settings, idSpan(db), HAND_ROWS_FOR_THREADS) >= 2 ? RebuildFile.attach(db, store.migrations) : null;
  try {
    return auditInSnapshot(db, store, settings, on, walk, handId, maxTables, progress, file);
  } finally {
    file?.close();
  }
}

/** The ids the log spans (looked up: a count would read the whole log). */
function idSpan(db: Database.Database): number {
  return logExtent(db).ids;
}

function auditInSnapshot(
  db: Database.Database, store: Store | null, settings: AuditSettings, on: AuditChecks, walk: Walk, handId: string | undefined,
  maxTables: number, progress: Progress, file: RebuildFile | null,
): AuditFindings<AuditChecks> {
  return inSnapshot(db, () => {
    const extent = logExtent(db);
    let walked: Walked | null = null;
    if (walk.chain || walk.hands) {
      // Counted in ids: the log's ids run on without a gap, so they are its rows.
      const span = extent.ids;
      const stage: ProgressStage = walk.chain && walk.hands ? 'chain+hands' : walk.chain ? 'chain' : 'hands';
      const threads = db.memory ? 0 : threadCount(settings, extent.ids, walk.hands ? HAND_ROWS_FOR_THREADS : CHAIN_ROWS_FOR_THREADS);
      if (threads >= 2 && extent.ids > 0) {
        const tables = on.tables ? { maxProblems: maxTables, migrations: store!.migrations } : null;
        progress.stage(stage, span, 'rows');
        walked = inWorkers(db, store, extent, threads, walk, tables, progress, file);
      }
      if (!walked) {
        // Started again: a run by the workers that fell back is redone here from its start.
        progress.stage(stage, span, 'rows');
        walked = onePass(db, store, extent, walk, (id) => progress.done(Math.min(span, id - extent.minId + 1)));
      }
      progress.done(span);
    }
    const replay = handId !== undefined ? oneHand(store!, handId, walk.maxHands) : walked?.replay ?? null;
    let tables: AuditFindings<AuditChecks>['tables'] = null;
    if (on.tables) {
      const ranged = walked?.tables ?? null;
      const t0 = performance.now();
      tables = ranged ? ranged.report : orError(() => auditTables(store!, { maxProblems: maxTables, progress }));
      if (settings.timings) {
        settings.timings.tablesSec = ranged ? ranged.seconds : (performance.now() - t0) / 1000;
        settings.timings.tablesComparedBySqlite = ranged?.comparedBySqlite ?? 0;
        settings.timings.tablesInRanges = ranged !== null;
      }
    }
    return { chain: walked?.chain ?? null, replay, tables };
  });
}

function orError<R>(check: () => R): R | { readonly error: unknown } {
  try {
    return check();
  } catch (error) {
    return { error };
  }
}

/** The hands check of one hand, read on its own, in the caller's snapshot (its events and its query rows as of one moment). */
function oneHand(store: Store, handId: string, maxProblems: number): ReplayReport | { readonly error: unknown } {
  return orError(() => {
    const auditor = new HandAuditor(store, maxProblems);
    const evs = store.handEvents<HandEvent>(handId);
    if (evs.length === 0) auditor.add(handId, 'there is no such hand in this database');
    else auditor.hand(handId, evs.map((e) => e.body), settledIdOf(evs));
    return auditor.report();
  });
}

// ---------------------------------------------------------------------------------------
// The read of the log on this thread

/** Takes one hand row: its id, table, hand, type and body, as stored. */
type HandRowSink = (id: number, tableId: string, handId: string, type: string, body: string) => void;

/** Ids read between two calls of a read's `at` (a few per second: the progress shown). */
const PROGRESS_EVERY_IDS = 20_000;

/**
 * Reads the rows `after < id <= upTo` once, in id order: every row into `chain`, every hand
 * row into `hand` (either may be null). Each of the three ways is the cheapest for what it
 * feeds: the chain alone as {@link verifyRange} reads it (the text the hash covers built by
 * SQLite), the hands alone as {@link handRows} reads them (hand rows only), both from the rows
 * as stored ({@link eachEventRow}). With `at`, read in slices of {@link PROGRESS_EVERY_IDS}
 * ids (`after` a number then), `at` told the last id of each slice once it is read.
 */
function readLog(
  db: Database.Database, after: number, upTo: number, chain: ChainVerifier | null, hand: HandRowSink | null, at?: (id: number) => void, every = PROGRESS_EVERY_IDS,
): void {
  if (!at) {
    readSlice(db, after, upTo, chain, hand);
    return;
  }
  for (let from = after; from < upTo;) {
    const to = Math.min(upTo, from + every);
    readSlice(db, from, to, chain, hand);
    at(to);
    from = to;
  }
}

function readSlice(db: Database.Database, after: number, upTo: number, chain: ChainVerifier | null, hand: HandRowSink | null): void {
  if (chain && hand) {
    eachEventRow(db, after, upTo, (r) => {
      chain.row(r);
      const [id, tableId, handId, , type, , body] = r;
      if (handId !== null) hand(id, tableId, handId, type, body);
    });
  } else if (chain) {
    verifyRange(db, chain, after, upTo);
  } else if (hand) {
    handRows(db, after, upTo, hand);
  }
}

/**
 * The hand rows `after < id <= upTo` in id order, many per query, each as one text SQLite
 * builds (id, whether the columns have the terminal's types, table, hand, type, body), the
 * batch joined by U+0001 (see event-log.ts's reading for the chain: the same reasons, the same
 * fallback to plain rows, handed on as stored, when a value holds the separator or has an odd
 * type).
 */
function handRows(db: Database.Database, after: number, upTo: number, each: HandRowSink): void {
  const size = 4000;
  const pieces = 6;
  // Text, compared as text (x >= '' AND x < x'': the values between the numbers and the blobs).
  const isText = (c: string) => `${c} >= '' AND ${c} < x''`;
  const normal = [isText('table_id'), isText('hand_id'), isText('type'), isText('body')].join(' AND ');
  const where = `FROM events WHERE hand_id IS NOT NULL AND id > ? AND id <= ? ORDER BY id LIMIT ${size}`;
  const batch = db.prepare(`SELECT count(*), max(id), group_concat(id || char(1) || normal || char(1) || coalesce(table_id, '') || char(1)
        || coalesce(hand_id, '') || char(1) || coalesce(type, '') || char(1) || coalesce(body, ''), char(1))
    FROM (SELECT id, table_id, hand_id, type, body, (CASE WHEN ${normal} THEN 1 ELSE 0 END) AS normal ${where})`).raw(true);
  const plain = db.prepare(`SELECT id, table_id, hand_id, type, body ${where}`).raw(true);
  const one = db.prepare('SELECT id, table_id, hand_id, type, body FROM events WHERE id = ?').raw(true);
  type Plain = [number, string, string, string, string];
  let from = after;
  for (;;) {
    const [count, lastId, text] = batch.get(from, upTo) as [number, number | null, string | null];
    if (count === 0 || lastId === null) return;
    const p = text === null ? [] : text.split('\u0001');
    if (!inIdOrder(p, count, pieces, from)) {
      for (const r of plain.all(from, upTo) as Plain[]) each(r[0], r[1], r[2], r[3], r[4]);
    } else {
      for (let i = 0; i < p.length; i += pieces) {
        if (p[i + 1] === '1') {
          each(Number(p[i]), p[i + 2], p[i + 3], p[i + 4], p[i + 5]);
        } else {
          const r = one.get(Number(p[i])) as Plain;
          each(r[0], r[1], r[2], r[3], r[4]);
        }
      }
    }
    from = lastId;
  }
}

/** Thrown by a sink to stop a read of the log that has nothing left to check. */
class StopReading extends Error {}

/** The read of the log on this thread: every row once, into the chain and the hands as `walk` says; `at` told how far it is. */
function onePass(db: Database.Database, store: Store | null, extent: ReturnType<typeof logExtent>, walk: Walk, at: (id: number) => void): Walked {
  const chain = walk.chain ? new ChainVerifier(walk.maxChain) : null;
  const hands = walk.hands ? handPass(store!, walk.maxHands) : null;
  // The hands stop at their first error (the error `replayHands` throws); the chain goes on.
  let failed: { error: unknown } | null = null;
  const row: HandRowSink | null = hands && ((id, tableId, handId, type, body) => {
    if (failed) return;
    try {
      hands.row(id, tableId, handId, type, body);
    } catch (error) {
      failed = { error };
      if (!chain) throw new StopReading();
    }
  });
  try {
    // From just before the first row (no row comes before it), in slices.
    readLog(db, extent.minId - 1, extent.maxId, chain, row, at);
  } catch (e) {
    if (!(e instanceof StopReading)) throw e;
  }
  const verification = chain?.finishWith(extent.head) ?? null;
  if (!hands) return { chain: verification, replay: null };
  return { chain: verification, replay: failed ?? orError(hands.finish) };
}

// ---------------------------------------------------------------------------------------
// Gathering the hands (the one pass's rows, and the workers' blocks joined)
//
// A hand's events are gathered per table in log order; a hand is checked as soon as its
// table's next hand shows up (or at the end of the log). An event of a hand already checked
// (a floor note on an old hand) makes that hand "late": it is checked again, whole, at the end.

/** A hand's place in the log: its rows are those of `handId` at `tableId` with ids in `firstId..lastId`. */
export interface HandSpan {
  readonly handId: string;
  readonly tableId: string;
  readonly firstId: number;
  lastId: number;
  rows: number;
  settledEventId: number | null;
}

/** Groups hand rows into hands, as the sequential check does; `flush` gets each hand in turn. */
class Gatherer<G extends HandSpan> {
  private readonly open = new Map<string, G>();
  private readonly done = new Set<string>();
  readonly late = new Set<string>();

  constructor(
    private readonly start: (id: number, tableId: string, handId: string) => G,
    private readonly flush: (hand: G, atEnd: boolean) => void,
  ) {}

  /** The next hand row; returns the hand it belongs to, or null for a late row. */
  row(id: number, tableId: string, handId: string, settled: boolean): G | null {
    return this.take(id, id, tableId, handId, 1, settled ? id : null);
  }

  /**
   * The next rows of one hand at one table, with no row of another hand of that table among
   * them: taken as the rows one by one would be (when no hand has rows at two tables).
   */
  block(b: HandSpan): G | null {
    return this.take(b.firstId, b.lastId, b.tableId, b.handId, b.rows, b.settledEventId);
  }

  private take(firstId: number, lastId: number, tableId: string, handId: string, rows: number, settledEventId: number | null): G | null {
    if (this.done.has(handId)) {
      this.late.add(handId); // a floor note on a hand already over: checked again at the end
      return null;
    }
    let cur = this.open.get(tableId);
    if (cur && cur.handId !== handId) {
      this.end(tableId, cur, false);
      cur = undefined;
    }
    if (!cur) {
      cur = this.start(firstId, tableId, handId);
      this.open.set(tableId, cur);
    }
    cur.lastId = lastId;
    cur.rows += rows;
    if (settledEventId !== null) cur.settledEventId = settledEventId;
    return cur;
  }

  /** The end of the log: the hands still gathered are checked. */
  finish(): void {
    for (const [tableId, cur] of [...this.open]) this.end(tableId, cur, true);
  }

  private end(tableId: string, cur: G, atEnd: boolean): void {
    this.flush(cur, atEnd);
    this.done.add(cur.handId);
    this.open.delete(tableId);
  }
}

interface Gathered extends HandSpan {
  readonly bodies: HandEvent[];
}

/**
 * The hands of a one-pass check (`replay` and `audit` alike): `row` takes each hand row in
 * log order (a body that is not JSON throws, naming the row); `finish` checks the hands still
 * gathered, then the late ones and the whole database, and gives the report.
 */
function handPass(store: Store, maxProblems: number): { row: HandRowSink; finish: () => ReplayReport } {
  const hands = new HandAuditor(store, maxProblems);
  const g = new Gatherer<Gathered>(
    (id, tableId, handId) => ({ handId, tableId, firstId: id, lastId: id, rows: 0, settledEventId: null, bodies: [] }),
    (cur) => hands.hand(cur.handId, cur.bodies, cur.settledEventId),
  );
  return {
    row: (id, tableId, handId, type, body) => {
      const cur = g.row(id, tableId, handId, type === 'settled');
      if (cur) cur.bodies.push(parseBody(body, id, handId, type) as HandEvent);
    },
    finish: () => {
      g.finish();
      return finishReplay(store, hands, g.late);
    },
  };
}

/** The late hands checked again, then the whole-database checks (`whole`: already run). */
function finishReplay(store: Store, hands: HandAuditor, late: ReadonlySet<string>, whole?: readonly HandProblem[]): ReplayReport {
  for (const handId of late) {
    const evs = store.handEvents<HandEvent>(handId);
    hands.recheck(handId, evs.map((e) => e.body), settledIdOf(evs));
  }
  hands.wholeDatabase(whole);
  return hands.report();
}

// ---------------------------------------------------------------------------------------
// The read of the log by worker threads
//
// The log is cut into id ranges, each an {@link AuditTask} for a worker. A worker checks its
// range's chain from the eight rows before it (the joined pieces are exactly one pass's) and
// cuts its hand rows into blocks: one table's rows of one hand, no other hand of that table
// between them. It checks every block that another hand of the same table comes before and
// after within the range (as far as it can see, a whole hand). This thread then walks the
// blocks of all ranges in log order as the one pass walks the rows: a hand that is exactly one
// checked block takes the worker's findings; any other (cut by a range boundary, interrupted by
// a late note, the last of its table, still being played) is read again and checked here, in
// this thread's snapshot. With the tables (`table audit`), each range also folds its share of
// every table's log, from where the table stands at the range's start (table-audit.ts's
// `RangeFolder`), and notes the query rows its entries write; this thread writes the ranges'
// notes in log order into the rebuilt tables as they come back and compares them at the end.
// The range reads and parses each row once for all three checks, and its hands are checked
// from the states the table fold reached (a hand's events folded by the same hand fold once,
// not twice). When a range cannot fold on its own or finds a problem, the tables are audited
// in one pass on this thread instead. The report is the one pass's, problem for problem.

/**
 * A worker's task: the rows `after < id <= upTo`, their chain checked when `chain` is on (at
 * most `maxProblems` problems) and their hand rows when `hands` is; with `fold`, the tables
 * folded over the range (see above).
 */
export interface AuditTask {
  readonly after: number;
  readonly upTo: number;
  readonly chain: boolean;
  readonly hands: boolean;
  readonly maxProblems: number;
  /**
   * The tables folded over this range only, each from where it stands at the range's start,
   * the projections of the range's rows noted (table-audit.ts's `RangeFolder`), the hands
   * checked from the fold's states: every row read and parsed once for all three checks.
   */
  readonly fold?: boolean;
  /** With `fold`: rows between two `alive` calls (default table-audit.ts's ALIVE_EVERY_ROWS; the tests ask for it more often). */
  readonly aliveEveryRows?: number;
  /** Rows (ids) between two progress figures the task posts (default {@link PROGRESS_EVERY_IDS}; the tests ask for them more often). */
  readonly progressEveryIds?: number;
}

/** What a worker answers for an {@link AuditTask}, whatever it was asked (null or empty: not asked). */
export interface AuditPart {
  readonly chain: ChainPart | null;
  readonly blocks: readonly HandBlock[];
  /** The range's share of the tables' fold (asked with `fold`). */
  readonly fold?: RangeFold | null;
  /** Why the audit must be redone in one pass (a hand row of an odd type, an event that is not JSON text), or null. */
  readonly unusual: string | null;
}

/** One table's rows of one hand within a range; `found`: the worker checked them as the whole hand. */
export interface HandBlock extends HandSpan {
  found?: HandFindings;
  /** The block's events (when checked). */
  events?: number;
}

/** Each connection's hand checker (a worker's, or this thread's). */
const checkers = new WeakMap<Database.Database, HandChecker>();

function checkerOf(db: Database.Database): HandChecker {
  let c = checkers.get(db);
  if (!c) {
    c = new HandChecker(db);
    checkers.set(db, c);
  }
  return c;
}

/**
 * Runs one task (in a worker, on its own read-only connection: the rows up to a row the caller
 * has seen are the same in any later snapshot, the log being append-only). `alive` is called
 * now and then by a long range folding the tables; `progress`, now and then, with how many of
 * the range's ids (`upTo - after`) are read so far (when `after` is a number). Throws what
 * reading the log throws; a hand row it cannot take is said in `unusual` instead.
 */
export function auditTask(db: Database.Database, task: AuditTask, alive: () => void = () => {}, progress?: (done: number) => void): AuditPart {
  const chain = task.chain ? chainVerifierAfter(db, task.after, task.maxProblems) : null;
  const blocks = task.hands ? new BlockCutter(checkerOf(db)) : null;
  const at = progress && Number.isFinite(task.after) ? (id: number) => progress(id - task.after) : undefined;
  if (task.fold) return foldedRange(db, task, chain, blocks, alive, at);
  readLog(db, task.after, task.upTo, chain, blocks?.row ?? null, at, task.progressEveryIds);
  if (blocks?.unusual === null) blocks.flush();
  return { chain: chain?.part() ?? null, blocks: blocks?.blocks ?? [], unusual: blocks?.unusual ?? null };
}

/**
 * A range read once for the chain, the tables' fold and the hands: every row as stored, each
 * body parsed once, the hands checked from the states the table fold reached (the states a
 * replay of the hand's events gives: the same events folded by the same hand fold).
 */
function foldedRange(
  db: Database.Database, task: AuditTask, chain: ChainVerifier | null, blocks: BlockCutter | null, alive: () => void, at?: (id: number) => void,
): AuditPart {
  const folder = new RangeFolder(db, task.after);
  let oddTableRow = false;
  let sinceAlive = 0;
  let sinceAt = 0;
  const every = task.aliveEveryRows ?? ALIVE_EVERY_ROWS;
  const atEvery = task.progressEveryIds ?? PROGRESS_EVERY_IDS;
  eachEventRow(db, task.after, task.upTo, (r) => {
    // A range of a very big log takes long: say so now and then (see the pool's stall limit).
    if (++sinceAlive >= every) {
      alive();
      sinceAlive = 0;
    }
    if (at && ++sinceAt >= atEvery) {
      at(r[0]);
      sinceAt = 0;
    }
    chain?.row(r);
    const [id, tableId, handId, handSeq, type, recordedAt, text] = r;
    if (typeof tableId !== 'string' || typeof type !== 'string' || typeof recordedAt !== 'string' || typeof text !== 'string'
      || (handSeq !== null && typeof handSeq !== 'number')) {
      if (handId !== null) blocks?.row(id, tableId, handId, type, text);
      oddTableRow = true;
      return;
    }
    if (handId === null) {
      if (!oddTableRow) folder.row(id, tableId, null, handSeq, type, recordedAt, text);
      return;
    }
    if (typeof handId !== 'string') {
      blocks?.row(id, tableId, handId, type, text);
      oddTableRow = true;
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      blocks?.row(id, tableId, handId, type, text); // says why the audit is redone in one pass
      oddTableRow = true;
      return;
    }
    const prior = folder.handInPlay(tableId);
    const after = oddTableRow ? null : folder.row(id, tableId, handId, handSeq, type, recordedAt, text, body);
    blocks?.parsedRow(id, tableId, handId, type, body as HandEvent, after === null ? null : { state: after, prior: prior?.id === handId ? prior.state : null });
  });
  if (blocks?.unusual === null) blocks.flush();
  const fold = folder.finish();
  return {
    chain: chain?.part() ?? null, blocks: blocks?.blocks ?? [],
    fold: oddTableRow ? { ...fold, unusual: fold.unusual ?? 'a row has a column of an odd type' } : fold, unusual: blocks?.unusual ?? null,
  };
}

/**
 * The state a hand's fold reached at one of its rows, as the table fold gives it: `state` after
 * the row, `prior` the hand's state the table fold applied the row to (null when the hand was
 * not in play at its table: a note after its end, or its start).
 */
interface FoldedAt {
  readonly state: HandState;
  readonly prior: HandState | null;
}

/** A range's hand rows cut into blocks; each block the range shows whole is checked (see above). */
class BlockCutter {
  readonly blocks: HandBlock[] = [];
  unusual: string | null = null;
  /**
   * Each table's current block, with its events; `afterOther`: another hand of the table came
   * before it in the range; `replayed`: what a replay of the block's events gives, while the
   * table fold's states say it (null: replay the events when the block is checked).
   */
  private readonly open = new Map<string, { block: HandBlock; bodies: HandEvent[]; afterOther: boolean; replayed: Result<HandState> | null }>();

  constructor(private readonly checker: HandChecker) {}

  readonly row: HandRowSink = (id, tableId, handId, type, body) => {
    if (this.unusual !== null) return;
    if (typeof tableId !== 'string' || typeof handId !== 'string' || typeof type !== 'string' || typeof body !== 'string') {
      this.unusual = 'a hand row has a column of an odd type';
      return;
    }
    let event: HandEvent;
    try {
      event = JSON.parse(body) as HandEvent;
    } catch {
      this.take(id, tableId, handId, type);
      this.unusual = `hand ${handId} has an event that is not JSON text`;
      return;
    }
    this.parsedRow(id, tableId, handId, type, event, null);
  };

  /**
   * A hand row whose body is already parsed; `folded`: the table fold's state after it (see
   * {@link FoldedAt}), or null when the table fold did not take it.
   */
  parsedRow(id: number, tableId: string, handId: string, type: string, event: HandEvent, folded: FoldedAt | null): void {
    if (this.unusual !== null) return;
    const cur = this.take(id, tableId, handId, type);
    const first = cur.bodies.length === 0;
    cur.bodies.push(event);
    // The replay of the block's events, step by step from the fold: at the hand's start the
    // fold's state is the first step's; later, the fold's when it applied the row to the
    // state the block reached, else the row applied here (a note after the hand's end).
    if (first) {
      cur.replayed = folded && type === 'hand-started' && event.type === 'hand-started' ? ok(folded.state) : null;
    } else if (cur.replayed?.ok) {
      cur.replayed = folded && folded.prior === cur.replayed.value ? ok(folded.state) : apply(cur.replayed.value, event);
    }
  }

  /** Whole blocks waiting to be checked, their query rows read together (see {@link flush}). */
  private readonly waiting: { block: HandBlock; replayed: Result<HandState>; events: number }[] = [];

  /** Checks the blocks waiting (call it once the range is read, for the last ones). */
  flush(): void {
    const w = this.waiting;
    if (w.length === 0) return;
    const found = this.checker.checkAll(w.map((x) => ({ handId: x.block.handId, replayed: x.replayed, settledEventId: x.block.settledEventId })));
    for (let i = 0; i < w.length; i++) {
      w[i].block.found = found[i];
      w[i].block.events = w[i].events;
    }
    w.length = 0;
  }

  private take(id: number, tableId: string, handId: string, type: string): { block: HandBlock; bodies: HandEvent[]; afterOther: boolean; replayed: Result<HandState> | null } {
    let cur = this.open.get(tableId);
    if (cur && cur.block.handId !== handId) {
      if (cur.afterOther) {
        this.waiting.push({ block: cur.block, replayed: cur.replayed?.ok ? cur.replayed : replay(cur.bodies), events: cur.bodies.length });
        if (this.waiting.length >= HANDS_READ_TOGETHER) this.flush();
      }
      cur = undefined;
    }
    if (!cur) {
      cur = { block: { handId, tableId, firstId: id, lastId: id, rows: 0, settledEventId: null }, bodies: [], afterOther: this.open.has(tableId), replayed: null };
      this.open.set(tableId, cur);
      this.blocks.push(cur.block);
    }
    cur.block.lastId = id;
    cur.block.rows++;
    if (type === 'settled') cur.block.settledEventId = id;
    return cur;
  }
}

/** Ranges per thread: a thread slowed by other work does not hold up the end. */
const RANGES_PER_THREAD = 8;
/**
 * With the tables folded range by range, twice as many: this thread writes each range's rows
 * as it comes back and compares them all after the last, so the last range should be short.
 */
const FOLDED_RANGES_PER_THREAD = 16;
/** Tasks queued per worker at a time (more queued would undo the balancing above). */
const IN_FLIGHT = 2;

/**
 * The log cut into `threads` x `perThread` ranges of equal spans of ids, the last `threads` of
 * them each cut again into four: when the last range comes back the other workers have a quarter
 * of a range or less left to do, and this thread a quarter of a range's rows to write before it
 * compares (a core idle meanwhile).
 */
export function auditRanges(extent: { readonly minId: number; readonly maxId: number }, threads: number, perThread: number): { after: number; upTo: number }[] {
  const even = idRanges(extent, threads * perThread);
  const cut = Math.max(0, even.length - threads);
  return [...even.slice(0, cut), ...even.slice(cut).flatMap((r) => idRanges({ minId: r.after + 1, maxId: r.upTo }, 4))];
}

/** The name a pool run is noted under (`recentPoolRuns`, CP_AUDIT_TRACE): the checks it ran, `audit` for all three. */
function jobName(walk: Walk, tables: boolean): string {
  if (walk.chain && walk.hands && tables) return 'audit';
  return [walk.chain ? 'chain' : '', walk.hands ? 'hands' : '', tables ? 'tables' : ''].filter((n) => n !== '').join('+');
}

/**
 * The read of the log by `threads` workers (see above), with the tables' fold and rebuild as
 * one more task when `tables` is given. Null: it must be done in one pass.
 */
function inWorkers(
  db: Database.Database, store: Store | null, extent: ReturnType<typeof logExtent>, threads: number, walk: Walk, tables: TablesJob | null, progress: Progress,
  file: RebuildFile | null,
): Walked | null {
  const job = jobName(walk, tables !== null);
  const parts: AuditPart[] = [];
  // With the tables, every range folds its share of them beside its chain and hands; this
  // thread writes the ranges' rows into the rebuilt database as they come back, in log order.
  const rebuild = tables ? new RangeRebuild(tables.migrations, file) : null;
  let ranged = rebuild !== null;
  const take = (p: AuditPart) => {
    if (rebuild && ranged) ranged = p.fold ? rebuild.add(p.fold) : false;
    parts.push(p.fold ? { ...p, fold: null } : p); // the notes are written: let them go
  };
  // Each range's ids read, summed over the workers (a range says how far it is now and then).
  const read = new PartsProgress((done) => progress.done(done));
  const pool = SyncPool.open<AuditTask, AuditPart>(threads, { path: resolve(db.name) }, take, IN_FLIGHT, {}, read);
  if (!pool) {
    rebuild?.close();
    notePoolRun({ job, threads, outcome: 'unavailable' });
    return null;
  }
  const fellBack = (reason: string): null => {
    notePoolRun({ job, threads, outcome: 'fell-back', reason });
    return null;
  };
  let whole: HandProblem[] = [];
  try {
    try {
      const ranges: AuditTask[] = auditRanges(extent, threads, rebuild ? FOLDED_RANGES_PER_THREAD : RANGES_PER_THREAD)
        .map((r) => ({ ...r, chain: walk.chain, hands: walk.hands, maxProblems: walk.maxChain, fold: rebuild !== null }));
      // The first ranges go out without waiting; this thread runs the hands' whole-database
      // checks while the workers start, then hands out the rest.
      const first = Math.min(ranges.length, threads * IN_FLIGHT);
      for (let i = 0; i < first; i++) pool.submit(ranges[i], ranges[i].upTo - ranges[i].after);
      if (walk.hands) whole = wholeDatabaseProblems(store!);
      for (let i = first; i < ranges.length; i++) pool.submit(ranges[i], ranges[i].upTo - ranges[i].after);
      pool.finish();
    } catch (e) {
      if (!(e instanceof PoolFailure)) throw e;
      return fellBack(e.message);
    } finally {
      pool.close();
    }
    const unusual = parts.find((p) => p.unusual !== null)?.unusual;
    if (unusual) return fellBack(unusual);
    const chain = walk.chain ? ChainVerifier.join(parts.map((p) => p.chain!), walk.maxChain).finishWith(extent.head) : null;
    let replay: ReplayReport | null = null;
    if (walk.hands) {
      try {
        replay = handsFromBlocks(store!, parts, walk.maxHands, whole);
      } catch (e) {
        if (!(e instanceof Unusual)) throw e;
        return fellBack(e.message);
      }
    }
    // The tables from the ranges; when a range could not fold them on its own (or found a
    // problem), audited in one pass on this thread, which reports exactly what is wrong.
    let report: TablesReport | null = null;
    if (rebuild && ranged) report = rebuild.finish(store!, tables!.maxProblems, progress);
    notePoolRun({ job, threads, outcome: 'workers' });
    return { chain, replay, tables: report ? { report, seconds: rebuild!.seconds, comparedBySqlite: rebuild!.comparedBySqlite } : null };
  } finally {
    rebuild?.close();
  }
}

/** Thrown inside a parallel run to fall back to the sequential pass. */
class Unusual extends Error {}

/** A hand's events read again by its place in the log, and checked: null when one is not JSON text, or odd. */
function checkSpan(db: Database.Database, checker: HandChecker, span: HandSpan): { events: number; found: HandFindings } | null {
  const bodies = handBodies(db, span);
  if (!bodies) return null;
  return { events: bodies.length, found: checker.check(span.handId, bodies, span.settledEventId) };
}

const statements = new WeakMap<Database.Database, { joined: Database.Statement; each: Database.Statement }>();

function handBodies(db: Database.Database, t: HandSpan): HandEvent[] | null {
  let s = statements.get(db);
  if (!s) {
    const where = 'FROM events WHERE id BETWEEN ? AND ? AND hand_id = ? AND table_id = ?';
    s = {
      joined: db.prepare(`SELECT count(*), sum(typeof(body) <> 'text'), group_concat(id || char(1) || body, char(1)) FROM (SELECT id, body ${where} ORDER BY id)`).raw(true),
      each: db.prepare(`SELECT body ${where} ORDER BY id`).pluck(true),
    };
    statements.set(db, s);
  }
  const [count, odd, text] = s.joined.get(t.firstId, t.lastId, t.handId, t.tableId) as [number, number | null, string | null];
  if (count !== t.rows || odd) return null;
  const pieces = text === null ? [] : text.split('\u0001');
  const texts: string[] = [];
  if (inIdOrder(pieces, count, 2, Number.NEGATIVE_INFINITY)) {
    for (let i = 1; i < pieces.length; i += 2) texts.push(pieces[i]);
  } else {
    texts.push(...(s.each.all(t.firstId, t.lastId, t.handId, t.tableId) as string[]));
  }
  const bodies: HandEvent[] = new Array<HandEvent>(texts.length);
  try {
    for (let i = 0; i < texts.length; i++) bodies[i] = JSON.parse(texts[i]) as HandEvent;
  } catch {
    return null; // the sequential pass reports it (it throws where it meets it)
  }
  return bodies;
}

interface Merged extends HandSpan {
  readonly blocks: HandBlock[];
}

/** The ranges' blocks walked in log order into hands, as the one pass gathers the rows. */
function handsFromBlocks(store: Store, parts: readonly AuditPart[], maxHands: number, whole: readonly HandProblem[]): ReplayReport {
  // Blocks stand for their rows only while no hand has rows at two tables (then a hand may
  // end in the middle of another's block): a log like that is audited in one pass.
  const tableOf = new Map<string, string>();
  for (const p of parts) {
    for (const b of p.blocks) {
      const t = tableOf.get(b.handId);
      if (t === undefined) tableOf.set(b.handId, b.tableId);
      else if (t !== b.tableId) throw new Unusual(`hand ${b.handId} has events at tables ${t} and ${b.tableId}`);
    }
  }
  const hands = new HandAuditor(store, maxHands);
  const local = checkerOf(store.db);
  const g = new Gatherer<Merged>(
    (id, tableId, handId) => ({ handId, tableId, firstId: id, lastId: id, rows: 0, settledEventId: null, blocks: [] }),
    (hand, atEnd) => {
      const only = hand.blocks.length === 1 ? hand.blocks[0] : null;
      if (!atEnd && only?.found) {
        hands.checked(hand.handId, only.events!, only.found);
        return;
      }
      // Read again and checked here: in pieces, or the last hand of its table (still in play
      // if the terminal is writing: checked in this thread's snapshot).
      const r = checkSpan(store.db, local, hand);
      if (!r) throw new Unusual(`hand ${hand.handId} has an event that is not JSON text`);
      hands.checked(hand.handId, r.events, r.found);
    },
  );
  for (const p of parts) {
    for (const b of p.blocks) g.block(b)?.blocks.push(b);
  }
  g.finish();
  return finishReplay(store, hands, g.late, whole);
}

// ---------------------------------------------------------------------------------------
// The checks of the hands

/** Something wrong with one hand (or, for a ledger row of no hand, `<table> seat <n>`). */
export interface HandProblem {
  readonly handId: string;
  readonly message: string;
}

/** What the hands check found (what `table replay` prints): the hands replayed and the problems, at most the cap. */
export interface ReplayReport {
  readonly ok: boolean;
  readonly hands: number;
  readonly settled: number;
  readonly events: number;
  readonly problems: readonly HandProblem[];
}

interface HandRow {
  id: string; table_id: string; phase: string; outcome: string; misdeal_cause: string | null; settled_event_id: number | null;
}
interface SeatRow { seat: number; player: string; stack_before: number; net: number | null; stack_after: number | null }
interface PaymentRow { ordinal: number; from_seat: number; to_seat: number; amount: number; executed_event_id: number | null }

const OUTCOME_OF_PHASE: Readonly<Record<string, string>> = { closed: 'played', misdealt: 'misdeal', voided: 'void' };

/**
 * The checks of one hand against the query tables of a database (prepared once per
 * connection; the workers have their own).
 */
export class HandChecker {
  private readonly handRow: Database.Statement;
  private readonly seatsOf: Database.Statement;
  private readonly paymentsOf: Database.Statement;
  private readonly ledgerOf: Database.Statement;

  private readonly many: { hands: Database.Statement; seats: Database.Statement; payments: Database.Statement; ledger: Database.Statement };
  /** The query rows of the hands being checked together ({@link checkAll}), or null. */
  private ahead: HandsRows | null = null;

  // Rows are read as arrays and made into objects here: better-sqlite3's row objects cost more.
  constructor(db: Database.Database) {
    this.handRow = db.prepare('SELECT id, table_id, phase, outcome, misdeal_cause, settled_event_id FROM hands WHERE id = ?');
    this.seatsOf = db.prepare('SELECT seat, player, stack_before, net, stack_after FROM hand_seats WHERE hand_id = ? ORDER BY seat').raw(true);
    this.paymentsOf = db.prepare('SELECT ordinal, from_seat, to_seat, amount, executed_event_id FROM payments WHERE hand_id = ? ORDER BY ordinal').raw(true);
    this.ledgerOf = db.prepare("SELECT seat, amount, stack_after FROM chip_ledger WHERE hand_id = ? AND kind = 'hand' ORDER BY seat").raw(true);
    const ids = `(${new Array<string>(HANDS_READ_TOGETHER).fill('?').join(', ')})`;
    this.many = {
      hands: db.prepare(`SELECT id, table_id, phase, outcome, misdeal_cause, settled_event_id FROM hands WHERE id IN ${ids}`).raw(true),
      seats: db.prepare(`SELECT hand_id, seat, player, stack_before, net, stack_after FROM hand_seats WHERE hand_id IN ${ids} ORDER BY hand_id, seat`).raw(true),
      payments: db.prepare(`SELECT hand_id, ordinal, from_seat, to_seat, amount, executed_event_id FROM payments WHERE hand_id IN ${ids} ORDER BY hand_id, ordinal`).raw(true),
      ledger: db.prepare(`SELECT hand_id, seat, amount, stack_after FROM chip_ledger WHERE hand_id IN ${ids} AND kind = 'hand' ORDER BY hand_id, seat`).raw(true),
    };
  }

  /**
   * {@link checkReplayed} for each hand (up to {@link HANDS_READ_TOGETHER}), their query rows
   * read in four queries for all of them instead of four for each.
   */
  checkAll(hands: readonly { readonly handId: string; readonly replayed: Result<HandState>; readonly settledEventId: number | null }[]): HandFindings[] {
    if (hands.length > HANDS_READ_TOGETHER) throw new RangeError(`at most ${HANDS_READ_TOGETHER} hands are checked together`);
    if (hands.length === 0) return [];
    // Exactly the statement's number of ids: the list filled up with the first id again.
    const ids: string[] = [];
    for (let i = 0; i < HANDS_READ_TOGETHER; i++) ids.push(hands[i < hands.length ? i : 0].handId);
    const rows = new HandsRows(new Set(ids));
    for (const r of this.many.hands.all(...ids) as [string, string, string, string, string | null, number | null][]) {
      rows.hands.set(r[0], { id: r[0], table_id: r[1], phase: r[2], outcome: r[3], misdeal_cause: r[4], settled_event_id: r[5] });
    }
    for (const r of this.many.seats.all(...ids) as [string, number, string, number, number | null, number | null][]) {
      listIn(rows.seats, r[0]).push({ seat: r[1], player: r[2], stack_before: r[3], net: r[4], stack_after: r[5] });
    }
    for (const r of this.many.payments.all(...ids) as [string, number, number, number, number, number | null][]) {
      listIn(rows.payments, r[0]).push({ ordinal: r[1], from_seat: r[2], to_seat: r[3], amount: r[4], executed_event_id: r[5] });
    }
    for (const r of this.many.ledger.all(...ids) as [string, number, number, number][]) {
      const list = listIn(rows.ledger, r[0]);
      // Two entries of one seat: which comes first is the one-hand query's to say (asked then).
      if (list.length > 0 && list[list.length - 1].seat === r[1]) rows.twice.add(r[0]);
      list.push({ seat: r[1], amount: r[2], stack_after: r[3] });
    }
    this.ahead = rows;
    try {
      const out: HandFindings[] = [];
      for (const h of hands) out.push(this.checkReplayed(h.handId, h.replayed, h.settledEventId));
      return out;
    } finally {
      this.ahead = null;
    }
  }

  private hand(handId: string): HandRow | undefined {
    const a = this.ahead;
    if (a?.ids.has(handId)) return a.hands.get(handId);
    return this.handRow.get(handId) as HandRow | undefined;
  }

  private seats(handId: string): SeatRow[] {
    const a = this.ahead;
    if (a?.ids.has(handId)) return a.seats.get(handId) ?? [];
    const out: SeatRow[] = [];
    for (const r of this.seatsOf.all(handId) as [number, string, number, number | null, number | null][]) {
      out.push({ seat: r[0], player: r[1], stack_before: r[2], net: r[3], stack_after: r[4] });
    }
    return out;
  }

  private payments(handId: string): PaymentRow[] {
    const a = this.ahead;
    if (a?.ids.has(handId)) return a.payments.get(handId) ?? [];
    const out: PaymentRow[] = [];
    for (const r of this.paymentsOf.all(handId) as [number, number, number, number, number | null][]) {
      out.push({ ordinal: r[0], from_seat: r[1], to_seat: r[2], amount: r[3], executed_event_id: r[4] });
    }
    return out;
  }

  private ledger(handId: string): LedgerRow[] {
    const a = this.ahead;
    if (a?.ids.has(handId) && !a.twice.has(handId)) return a.ledger.get(handId) ?? [];
    const out: LedgerRow[] = [];
    for (const r of this.ledgerOf.all(handId) as [number, number, number][]) out.push({ seat: r[0], amount: r[1], stack_after: r[2] });
    return out;
  }

  /**
   * Checks one hand from all its events, in order; `settledEventId`: the log row of its
   * `settled` event. Returns what is wrong, in the order found, and whether it was settled.
   */
  check(handId: string, bodies: readonly HandEvent[], settledEventId: number | null): HandFindings {
    return this.checkReplayed(handId, replay(bodies), settledEventId);
  }

  /** {@link check} given what the replay of the hand's events gave (`r`: `replay(bodies)`'s result). */
  checkReplayed(handId: string, r: Result<HandState>, settledEventId: number | null): HandFindings {
    const problems: string[] = [];
    const add = (m: string) => {
      problems.push(m);
    };
    let settled = false;
    if (!r.ok) {
      add(`the events do not replay: ${r.error.message}`);
      return { problems, settled };
    }
    const state = r.value;
    const row = this.hand(handId);
    if (!row) {
      add('the hand has events but no row in the hands table');
      return { problems, settled };
    }
    const expectedOutcome = OUTCOME_OF_PHASE[state.phase] ?? 'open';
    if (row.outcome !== expectedOutcome) add(`the hands table says ${row.outcome}, the events say ${expectedOutcome} (${state.phase})`);
    if (row.phase !== state.phase) add(`the hands table says phase ${row.phase}, the events say ${state.phase}`);
    if (state.abort?.kind === 'misdeal' && row.misdeal_cause !== state.abort.cause) add(`misdeal cause recorded as ${row.misdeal_cause}, the events say ${state.abort.cause}`);
    if (row.settled_event_id !== settledEventId) {
      add(`the hands table gives the settlement as log row ${row.settled_event_id ?? 'none'}, the log has it at row ${settledEventId ?? 'none'}`);
    }
    if (state.settlement) {
      settled = true;
      const again = verifySettlement(state);
      if (!again.ok) add(`re-settling gives a different result: ${again.error.message}`);
      checkPayments(state, this.payments(handId), add);
    }
    if (state.phase === 'closed' || state.phase === 'misdealt' || state.phase === 'voided') {
      checkStacks(state, this.seats(handId), this.ledger(handId), add);
    }
    return { problems, settled };
  }
}

interface LedgerRow { seat: number; amount: number; stack_after: number }

/** Hands whose blocks a worker checks together ({@link HandChecker.checkAll}). */
const HANDS_READ_TOGETHER = 50;

/** The query rows of the hands `ids`, by hand id ({@link HandChecker.checkAll}). */
class HandsRows {
  readonly hands = new Map<string, HandRow>();
  readonly seats = new Map<string, SeatRow[]>();
  readonly payments = new Map<string, PaymentRow[]>();
  readonly ledger = new Map<string, LedgerRow[]>();
  /** Hands with two ledger entries for one seat. */
  readonly twice = new Set<string>();

  constructor(readonly ids: ReadonlySet<string>) {}
}

function listIn<T>(map: Map<string, T[]>, key: string): T[] {
  let list = map.get(key);
  if (!list) {
    list = [];
    map.set(key, list);
  }
  return list;
}

/** What {@link HandChecker.check} found in one hand. */
export interface HandFindings {
  readonly problems: readonly string[];
  readonly settled: boolean;
}

/**
 * Checks stored hands one at a time: each hand's events fold without a refusal; a settled
 * hand's stored record settles again to exactly the stored result; the payments made are the
 * result's payments and add up to its nets; the query tables (hand outcome, payments, each
 * seat's net and stack after, the chip ledger) say what the events say.
 */
class HandAuditor {
  private readonly problems: HandProblem[] = [];
  private hands = 0;
  private settled = 0;
  private events = 0;
  /** What each hand added to the counts, so a recheck can take it back. */
  private readonly counted = new Map<string, { events: number; settled: boolean }>();
  private readonly checker: HandChecker;

  constructor(
    private readonly store: Store,
    private readonly maxProblems = 100,
  ) {
    this.checker = checkerOf(store.db);
  }

  add(handId: string, message: string): void {
    if (this.problems.length < this.maxProblems) this.problems.push({ handId, message });
  }

  /** Checks one hand from all its events, in order; `settledEventId`: the log row of its `settled` event. */
  hand(handId: string, bodies: readonly HandEvent[], settledEventId: number | null): void {
    this.hands++;
    this.events += bodies.length;
    let settled = false;
    try {
      const found = this.checker.check(handId, bodies, settledEventId);
      settled = found.settled;
      this.tally(handId, found);
    } finally {
      this.counted.set(handId, { events: bodies.length, settled });
    }
  }

  /** Takes in a hand checked elsewhere (by a worker), as {@link hand} would have. */
  checked(handId: string, events: number, found: HandFindings): void {
    this.hands++;
    this.events += events;
    this.tally(handId, found);
    this.counted.set(handId, { events, settled: found.settled });
  }

  private tally(handId: string, found: HandFindings): void {
    if (found.settled) this.settled++;
    for (const m of found.problems) this.add(handId, m);
  }

  /** Checks a hand again from scratch (its events grew after it was first checked). */
  recheck(handId: string, bodies: readonly HandEvent[], settledEventId: number | null): void {
    for (let i = this.problems.length - 1; i >= 0; i--) if (this.problems[i].handId === handId) this.problems.splice(i, 1);
    const first = this.counted.get(handId);
    if (first) {
      this.hands--;
      this.events -= first.events;
      if (first.settled) this.settled--;
    }
    this.hand(handId, bodies, settledEventId);
  }

  /** Adds what the checks over all hands at once found ({@link wholeDatabaseProblems}, run now unless given). */
  wholeDatabase(found: readonly HandProblem[] = wholeDatabaseProblems(this.store)): void {
    for (const p of found) this.add(p.handId, p.message);
  }

  report(): ReplayReport {
    return { ok: this.problems.length === 0, hands: this.hands, settled: this.settled, events: this.events, problems: [...this.problems] };
  }
}

/** The checks over all hands at once: every hand the hands table lists has events; every seat's ledger adds up. */
function wholeDatabaseProblems(store: Store): HandProblem[] {
  const found: HandProblem[] = [];
  const orphans = store.db.prepare('SELECT id FROM hands h WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.hand_id = h.id)').pluck(true).all() as string[];
  for (const id of orphans) found.push({ handId: id, message: 'the hands table lists a hand that has no events' });
  checkLedgers(store, (handId, message) => found.push({ handId, message }));
  return found;
}

function settledIdOf(events: readonly StoredEvent<HandEvent>[]): number | null {
  return events.find((e) => e.type === 'settled')?.id ?? null;
}

function checkPayments(state: HandState, rows: readonly PaymentRow[], add: (m: string) => void): void {
  const st = state.settlement!;
  const list = paymentsToMake(st.result);
  if (rows.length !== list.length) add(`the payments table has ${rows.length} payments, the settlement ${list.length}`);
  // Loops, not forEach and find: this runs for every hand of the log.
  for (let i = 0; i < list.length; i++) {
    if (!(i in list)) continue;
    const p = list[i];
    const r = rows[i];
    if (!r) continue;
    if (r.from_seat !== p.from || r.to_seat !== p.to || r.amount !== p.amount) {
      add(`payment ${i + 1} is recorded as seat ${r.from_seat} pays seat ${r.to_seat} ${r.amount}; the settlement says seat ${p.from} pays seat ${p.to} ${p.amount}`);
    }
    if ((r.executed_event_id !== null) !== st.executed[i]) add(`payment ${i + 1} is ${st.executed[i] ? 'made' : 'not made'} in the events but ${r.executed_event_id !== null ? 'made' : 'not made'} in the payments table`);
  }
  if (state.phase === 'closed') {
    const paid = new Map<number, number>();
    for (let i = 0; i < list.length; i++) {
      if (!(i in list)) continue;
      const p = list[i];
      paid.set(p.from, (paid.get(p.from) ?? 0) - p.amount);
      paid.set(p.to, (paid.get(p.to) ?? 0) + p.amount);
    }
    for (const [seat, net] of Object.entries(st.result.net)) {
      if ((paid.get(Number(seat)) ?? 0) !== net) add(`seat ${seat} was paid ${paid.get(Number(seat)) ?? 0} but its net is ${net}`);
    }
  }
}

function checkStacks(state: HandState, seats: readonly SeatRow[], ledger: readonly { seat: number; amount: number; stack_after: number }[], add: (m: string) => void): void {
  const after = carryOver(state).stacks;
  for (const s of after) {
    const before = state.seats[s.seat - 1].player!.stack;
    const row = seatRow(seats, s.seat);
    const net = s.stack - before;
    if (!row) {
      add(`seat ${s.seat} has no row in hand_seats`);
      continue;
    }
    if (row.stack_before !== before || row.net !== net || row.stack_after !== s.stack) {
      add(`seat ${s.seat}: recorded ${row.stack_before} ${fmt(row.net)} = ${row.stack_after}, the events give ${before} ${fmt(net)} = ${s.stack}`);
    }
    const l = seatRow(ledger, s.seat);
    if (!l || l.amount !== net || l.stack_after !== s.stack) {
      add(`seat ${s.seat}: the chip ledger ${l ? `records ${fmt(l.amount)} to ${l.stack_after}` : 'has no entry'}, the events give ${fmt(net)} to ${s.stack}`);
    }
  }
}

/** The first row of the seat (as `find` gives it). */
function seatRow<R extends { readonly seat: number }>(rows: readonly R[], seat: number): R | undefined {
  for (const r of rows) if (r.seat === seat) return r;
  return undefined;
}

function fmt(n: number | null): string {
  return n === null ? 'null' : n >= 0 ? `+${n}` : `${n}`;
}

/**
 * True when every seat's ledger adds up, read in id order with each table's seats' running
 * stacks in a map: a table and seat's rows come in the same order as in the seat by seat read,
 * so the same sums are checked. False when a row does not add up, and also when the two reads
 * could group a seat's rows differently: a table id that is not text or a seat that is not a
 * number (the seat by seat read may take the number 1 and the text '1' as one seat), and two
 * stored values that read as one here (a table id of bytes that are not UTF-8, read with
 * U+FFFD in their place; a seat beyond 2^53). The seat by seat read then decides.
 */
function ledgersAddUp(store: Store): boolean {
  const stacks = new Map<string, Map<number, number>>();
  const rows = store.db.prepare('SELECT table_id, seat, amount, stack_after FROM chip_ledger ORDER BY id').raw(true).iterate() as IterableIterator<[unknown, unknown, number, number]>;
  for (const [tableId, seat, amount, stackAfter] of rows) {
    if (typeof tableId !== 'string' || tableId.includes('\uFFFD') || typeof seat !== 'number' || !Number.isSafeInteger(seat)) return false;
    let seats = stacks.get(tableId);
    if (!seats) {
      seats = new Map();
      stacks.set(tableId, seats);
    }
    if ((seats.get(seat) ?? 0) + amount !== stackAfter) return false;
    seats.set(seat, stackAfter);
  }
  return true;
}

/**
 * Each seat's ledger: every entry's stack is the one before plus its amount. First the whole
 * ledger in the order it is stored, each seat's running stack kept by its table and seat
 * ({@link ledgersAddUp}): no sort, four columns. Only when that finds a row that does not add
 * up, or cannot say, is the ledger read seat by seat, which names every problem in order (the
 * table ids sorted by their bytes, whatever collation a changed table declares: two ids a
 * case-blind column takes as one are still two tables, as in the first read).
 */
function checkLedgers(store: Store, add: (h: string, m: string) => void): void {
  if (ledgersAddUp(store)) return;
  // Rows as arrays: a big ledger is read faster than as objects.
  const rows = store.db.prepare('SELECT id, table_id, seat, player, kind, amount, stack_after, hand_id FROM chip_ledger ORDER BY table_id COLLATE BINARY, seat, id').raw(true).all() as
    [id: number, tableId: string, seat: SeatNo, player: string, kind: string, amount: number, stackAfter: number, handId: string | null][];
  let key = '';
  let stack = 0;
  for (const [id, tableId, seat, player, kind, amount, stackAfter, handId] of rows) {
    const k = `${tableId}/${seat}`;
    if (k !== key) {
      key = k;
      stack = 0;
    }
    if (stack + amount !== stackAfter) {
      add(handId ?? `${tableId} seat ${seat}`, `chip ledger row ${id} (${player}, ${kind}): ${stack} ${fmt(amount)} should leave ${stack + amount}, it records ${stackAfter}`);
    }
    stack = stackAfter;
  }
}
