/**
 * The floor's checks over a stored database: `replay` re-runs every stored hand through the
 * rules and compares what comes out with what was recorded and paid; the chain check is
 * event-log.ts's `verifyChain`; `auditLog` does both in one read of the log, then the tables
 * (table-audit.ts: each table's log folded, the query tables rebuilt and compared). Used by
 * `table replay` / `table verify-log` / `table audit` and the bench.
 *
 * A big log is replayed by worker threads (worker-pool.ts): this thread walks the log to find
 * where each hand's events are, the workers read, fold and check the hands, and the findings
 * come back in the order a single pass finds them. Any surprise on the way (a worker that fails,
 * an event that is not JSON, a column of an odd type) sends the whole check back to one pass on
 * this thread, so the report (or the error) is always the sequential one.
 */
import { replay, verifySettlement, carryOver, type HandEvent, type HandState, type SeatNo } from '../domain/hand';
import type Database from 'better-sqlite3';
import { resolve } from 'node:path';
import {
  chainVerifierAfter, ChainVerifier, eachEventRow, idRanges, inIdOrder, inSnapshot, logExtent, verifyChain, type ChainPart, type LogVerification, type RawEventRow,
} from './event-log';
import { parseBody, type Store, type StoredEvent } from './store';
import { auditTables, compareRebuilt, MAX_TABLE_PROBLEMS, type RebuiltTables, type TablesReport, type TablesTask } from './table-audit';
import { notePoolRun, PoolFailure, SyncPool, threadCount, type ThreadOptions } from './worker-pool';

export interface HandProblem {
  readonly handId: string;
  readonly message: string;
}

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

  // Rows are read as arrays and made into objects here: better-sqlite3's row objects cost more.
  constructor(db: Database.Database) {
    this.handRow = db.prepare('SELECT id, table_id, phase, outcome, misdeal_cause, settled_event_id FROM hands WHERE id = ?');
    this.seatsOf = db.prepare('SELECT seat, player, stack_before, net, stack_after FROM hand_seats WHERE hand_id = ? ORDER BY seat').raw(true);
    this.paymentsOf = db.prepare('SELECT ordinal, from_seat, to_seat, amount, executed_event_id FROM payments WHERE hand_id = ? ORDER BY ordinal').raw(true);
    this.ledgerOf = db.prepare("SELECT seat, amount, stack_after FROM chip_ledger WHERE hand_id = ? AND kind = 'hand' ORDER BY seat").raw(true);
  }

  private seats(handId: string): SeatRow[] {
    return (this.seatsOf.all(handId) as [number, string, number, number | null, number | null][])
      .map((r) => ({ seat: r[0], player: r[1], stack_before: r[2], net: r[3], stack_after: r[4] }));
  }

  private payments(handId: string): PaymentRow[] {
    return (this.paymentsOf.all(handId) as [number, number, number, number, number | null][])
      .map((r) => ({ ordinal: r[0], from_seat: r[1], to_seat: r[2], amount: r[3], executed_event_id: r[4] }));
  }

  private ledger(handId: string): { seat: number; amount: number; stack_after: number }[] {
    return (this.ledgerOf.all(handId) as [number, number, number][]).map((r) => ({ seat: r[0], amount: r[1], stack_after: r[2] }));
  }

  /**
   * Checks one hand from all its events, in order; `settledEventId`: the log row of its
   * `settled` event. Returns what is wrong, in the order found, and whether it was settled.
   */
  check(handId: string, bodies: readonly HandEvent[], settledEventId: number | null): HandFindings {
    const problems: string[] = [];
    const add = (m: string) => {
      problems.push(m);
    };
    let settled = false;
    const r = replay(bodies);
    if (!r.ok) {
      add(`the events do not replay: ${r.error.message}`);
      return { problems, settled };
    }
    const state = r.value;
    const row = this.handRow.get(handId) as HandRow | undefined;
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
    this.checker = new HandChecker(store.db);
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

/**
 * Re-runs hands (one, or every hand in the database) through the fold and the rules and
 * compares with what was recorded and paid (see {@link HandAuditor}); for every hand, each
 * seat's ledger is also checked for continuity. Every hand: by worker threads for a big log
 * (`threads`, see worker-pool.ts), with the same report as one pass.
 */
export function replayHands(store: Store, options: { handId?: string; maxProblems?: number } & ThreadOptions = {}): ReplayReport {
  if (options.handId === undefined) return replayAll(store, options.maxProblems, options.threads === undefined ? {} : { threads: options.threads });
  const handId = options.handId;
  // One snapshot: the hand's events and its query rows as of one moment (the terminal may be writing).
  return inSnapshot(store.db, () => {
    const auditor = new HandAuditor(store, options.maxProblems);
    const evs = store.handEvents<HandEvent>(handId);
    if (evs.length === 0) auditor.add(handId, 'there is no such hand in this database');
    else auditor.hand(handId, evs.map((e) => e.body), settledIdOf(evs));
    return auditor.report();
  });
}

// ---------------------------------------------------------------------------------------
// Walking the log for the hands
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

/** Takes one hand row: its id, table, hand, type and (when read) body, as stored. */
type HandRowSink = (id: number, tableId: string, handId: string, type: string, body: string) => void;

/**
 * Hand rows in id order, many per query, each as one text SQLite builds (id, whether the
 * columns have the terminal's types, table, hand, type, and the body when asked), the batch
 * joined by U+0001 (see event-log.ts's reading for the chain: the same reasons, the same
 * fallback to plain rows when a value holds the separator or has an odd type).
 */
function handRowBatches(db: Database.Database, withBody: boolean, each: HandRowSink, odd?: () => void): void {
  const size = 4000;
  const pieces = withBody ? 6 : 5;
  // Text, compared as text (x >= '' AND x < x'': the values between the numbers and the blobs).
  const isText = (c: string) => `${c} >= '' AND ${c} < x''`;
  const normal = [isText('table_id'), isText('hand_id'), isText('type'), ...(withBody ? [isText('body')] : [])].join(' AND ');
  const batch = db.prepare(`SELECT count(*), max(id), group_concat(id || char(1) || normal || char(1) || coalesce(table_id, '') || char(1)
        || coalesce(hand_id, '') || char(1) || coalesce(type, '')${withBody ? " || char(1) || coalesce(body, '')" : ''}, char(1))
    FROM (SELECT id, table_id, hand_id, type, ${withBody ? 'body' : 'NULL AS body'}, (CASE WHEN ${normal} THEN 1 ELSE 0 END) AS normal
          FROM events WHERE hand_id IS NOT NULL AND id > ? ORDER BY id LIMIT ${size})`).raw(true);
  const plain = db.prepare(`SELECT id, table_id, hand_id, NULL, type, NULL, ${withBody ? 'body' : 'NULL'} FROM events WHERE hand_id IS NOT NULL AND id > ? ORDER BY id LIMIT ${size}`).raw(true);
  const one = db.prepare(`SELECT id, table_id, hand_id, NULL, type, NULL, ${withBody ? 'body' : 'NULL'} FROM events WHERE id = ?`).raw(true);
  let from = Number.NEGATIVE_INFINITY;
  for (;;) {
    const [count, lastId, text] = batch.get(from) as [number, number | null, string | null];
    if (count === 0 || lastId === null) return;
    const p = text === null ? [] : text.split('\u0001');
    if (!inIdOrder(p, count, pieces, from)) {
      odd?.();
      for (const r of plain.all(from) as RawEventRow[]) each(r[0], r[1], r[2] as string, r[4], r[6]);
    } else {
      for (let i = 0; i < p.length; i += pieces) {
        if (p[i + 1] === '1') each(Number(p[i]), p[i + 2], p[i + 3], p[i + 4], withBody ? p[i + 5] : '');
        else {
          odd?.();
          const r = one.get(Number(p[i])) as RawEventRow;
          each(r[0], r[1], r[2] as string, r[4], r[6]);
        }
      }
    }
    from = lastId;
  }
}

/** Replays every hand of the database: by workers when worth it, else on this thread. */
function replayAll(store: Store, maxProblems: number | undefined, options: ThreadOptions): ReplayReport {
  return inSnapshot(store.db, () => {
    const db = store.db;
    const handRows = db.prepare('SELECT count(*) FROM events WHERE hand_id IS NOT NULL').pluck(true).get() as number;
    const threads = db.memory ? 0 : threadCount(options, handRows, HAND_ROWS_FOR_THREADS);
    if (threads >= 2) {
      const parallel = replayInWorkers(store, threads, maxProblems);
      if (parallel) return parallel;
    }
    return replayHere(store, maxProblems);
  });
}

/** Hand rows from which the replay is done by worker threads (about 4,000 hands: below, starting the workers costs more than they save). */
const HAND_ROWS_FOR_THREADS = 300_000;

interface Gathered extends HandSpan {
  readonly bodies: HandEvent[];
}

/**
 * The hands of a one-pass check (`replay` and `audit` alike): `row` takes each hand row in
 * log order (a body that is not JSON throws, naming the row); `finish` checks the hands still
 * gathered, then the late ones and the whole database, and gives the report.
 */
function handPass(store: Store, maxProblems: number | undefined): { row: HandRowSink; finish: () => ReplayReport } {
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

/** One pass on this thread. */
function replayHere(store: Store, maxProblems: number | undefined): ReplayReport {
  const pass = handPass(store, maxProblems);
  handRowBatches(store.db, true, pass.row);
  return pass.finish();
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

/** What a replay worker is asked: some hands, each by its place in the log. */
export type HandTask = readonly HandSpan[];

/** What a replay worker answers for one hand (`unreadable`: an event is not JSON, or odd). */
export type HandTaskResult =
  | { readonly handId: string; readonly events: number; readonly found: HandFindings }
  | { readonly handId: string; readonly unreadable: true };

/**
 * Reads each hand's events (one query a hand) and checks it (in a worker; also used on this
 * thread for the hands a worker must not check).
 */
export function checkHandTask(db: Database.Database, checker: HandChecker, task: HandTask): HandTaskResult[] {
  return task.map((span) => {
    const bodies = handBodies(db, span);
    if (!bodies) return { handId: span.handId, unreadable: true };
    return { handId: span.handId, events: bodies.length, found: checker.check(span.handId, bodies, span.settledEventId) };
  });
}

/** Hands per message to a worker (a message costs about as much as reading a hand). */
const HANDS_PER_TASK = 32;

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

/** Thrown inside a parallel run to fall back to the sequential pass. */
class Unusual extends Error {}

/**
 * The parallel replay: this thread walks the log (ids, tables, hands only) and hands each
 * hand's span to a worker, except the last hand of each table (still being played when the
 * terminal is writing), which it checks itself in its own snapshot. Null: fall back.
 */
function replayInWorkers(store: Store, threads: number, maxProblems: number | undefined): ReplayReport | null {
  const hands = new HandAuditor(store, maxProblems);
  const local = new HandChecker(store.db);
  const take = (results: HandTaskResult[]): void => {
    for (const r of results) {
      if ('unreadable' in r) throw new Unusual(`hand ${r.handId} has an event that is not JSON text`);
      hands.checked(r.handId, r.events, r.found);
    }
  };
  const pool = SyncPool.open<HandTask, HandTaskResult[]>(threads, { job: 'hands', path: resolve(store.db.name) }, take, 4);
  if (!pool) {
    notePoolRun({ job: 'hands', threads, outcome: 'unavailable' });
    return null;
  }
  try {
    let batch: HandSpan[] = [];
    const send = () => {
      if (batch.length > 0) pool.submit(batch);
      batch = [];
    };
    const g = new Gatherer<HandSpan>(
      (id, tableId, handId) => ({ handId, tableId, firstId: id, lastId: id, rows: 0, settledEventId: null }),
      (span, atEnd) => {
        if (atEnd) {
          send();
          const task: HandTask = [{ ...span }];
          pool.submitLocal(() => checkHandTask(store.db, local, task));
          return;
        }
        batch.push({ ...span });
        if (batch.length >= HANDS_PER_TASK) send();
      },
    );
    handRowBatches(store.db, false, (id, tableId, handId, type) => {
      g.row(id, tableId, handId, type === 'settled');
    }, () => {
      throw new Unusual('a hand row has a column of an odd type');
    });
    g.finish();
    send();
    pool.finish();
    const report = finishReplay(store, hands, g.late);
    notePoolRun({ job: 'hands', threads, outcome: 'workers' });
    return report;
  } catch (e) {
    if (!(e instanceof PoolFailure || e instanceof Unusual)) throw e;
    notePoolRun({ job: 'hands', threads, outcome: 'fell-back', reason: e.message });
    return null;
  } finally {
    pool.close();
  }
}

// ---------------------------------------------------------------------------------------
// The audit: the chain and the hands in one pass over the log
//
// `table audit` reads each event row once: the row is checked into the chain and, when it
// belongs to a hand, handed to the replay, which gathers hands exactly as `replayHands` does.
// A big log is cut into id ranges checked by worker threads. A worker checks its range's
// chain from the eight rows before it (as `verifyChain`'s workers do) and cuts its hand rows
// into blocks: one table's rows of one hand, no other hand of that table between them. It
// checks every block that another hand of the same table comes before and after within the
// range (as far as it can see, a whole hand). This thread then walks the blocks of all ranges
// in log order as the one pass walks the rows: a hand that is exactly one checked block takes
// the worker's findings; any other (cut by a range boundary, interrupted by a late note, the
// last of its table, still being played) is read again and checked here, in this thread's
// snapshot. The report is the one pass's, problem for problem.

/**
 * What {@link auditLog} found: the chain as `verify-log` reports it, the hands as `replay` does,
 * and the tables (table-audit.ts): each table's log folded, the checkpoints, the query tables
 * rebuilt from the log and compared.
 */
export interface LogAudit {
  readonly chain: LogVerification;
  /**
   * The replay's report, or what stopped it: the error `replayHands` throws on the same log
   * (an event that is not JSON), after the chain was checked to the end.
   */
  readonly replay: ReplayReport | { readonly error: unknown };
  /** The tables' report, or what stopped it (the same error for an event that is not JSON). */
  readonly tables: TablesReport | { readonly error: unknown };
}

/** Where {@link auditLog} writes how long the tables' part took (the bench). */
export interface AuditTimings {
  /** Seconds of the tables' part: the folds and the rebuild (on a worker thread, beside the chain and the hands, or here after them), then the comparison here. */
  tablesSec?: number;
  /** Whether the folds and the rebuild ran on a worker thread. */
  tablesOnWorker?: boolean;
}

/** An audit worker's task: the rows `after < id <= upTo` (chain problems: at most `maxProblems`). */
export interface AuditTask {
  readonly after: number;
  readonly upTo: number;
  readonly maxProblems: number;
}

/** One table's rows of one hand within a range; `found`: the worker checked them as the whole hand. */
export interface HandBlock extends HandSpan {
  found?: HandFindings;
  /** The block's events (when checked). */
  events?: number;
}

/** What an audit worker answers for its range (`unusual`: the audit must be redone in one pass, and why). */
export interface AuditPart {
  readonly chain: ChainPart;
  readonly blocks: readonly HandBlock[];
  readonly unusual: string | null;
}

/** Rows from which the audit is done by worker threads (about 4,000 hands). */
const AUDIT_ROWS_FOR_THREADS = 300_000;
/** Ranges per thread: a thread slowed by other work does not hold up the end. */
const AUDIT_RANGES_PER_THREAD = 8;
/** Ranges queued per worker at a time (more queued would undo the balancing above). */
const AUDIT_IN_FLIGHT = 2;

/**
 * The whole log checked: the hash chain (exactly what {@link verifyChain} reports) and every
 * hand (exactly what {@link replayHands} reports, or the error it throws) in one pass, and the
 * tables ({@link auditTables}: every table's log folded, each checkpoint against the fold, the
 * query tables rebuilt from the log and compared with the stored ones in this snapshot). By
 * worker threads for a big log (`threads`, see worker-pool.ts): one of them folds the tables and
 * rebuilds the query tables while the others check the ranges; else on this thread, the tables
 * after the one pass. `maxProblems`: for each of the three (default: 50 for the chain, 100 for
 * the hands and for the tables). `timings`: filled in with how long the tables' part took.
 */
export function auditLog(store: Store, options: { maxProblems?: number; timings?: AuditTimings } & ThreadOptions = {}): LogAudit {
  const maxChain = options.maxProblems ?? 50;
  const maxHands = options.maxProblems ?? 100;
  const maxTables = options.maxProblems ?? MAX_TABLE_PROBLEMS;
  return inSnapshot(store.db, () => {
    const extent = logExtent(store.db);
    const threads = store.db.memory ? 0 : threadCount(options, extent.rows, AUDIT_ROWS_FOR_THREADS);
    if (threads >= 2 && extent.rows > 0) {
      const parallel = auditInWorkers(store, extent, threads, maxChain, maxHands, maxTables);
      if (parallel) {
        const t0 = performance.now();
        const tables = tablesOrError(() => compareRebuilt(store, parallel.rebuilt, maxTables));
        if (options.timings) {
          options.timings.tablesSec = parallel.rebuilt.seconds + (performance.now() - t0) / 1000;
          options.timings.tablesOnWorker = true;
        }
        return { chain: parallel.chain, replay: parallel.replay, tables };
      }
    }
    const log = auditHere(store, extent, maxChain, maxHands);
    const t0 = performance.now();
    const tables = tablesOrError(() => auditTables(store, { maxProblems: maxTables }));
    if (options.timings) {
      options.timings.tablesSec = (performance.now() - t0) / 1000;
      options.timings.tablesOnWorker = false;
    }
    return { ...log, tables };
  });
}

function tablesOrError(check: () => TablesReport): LogAudit['tables'] {
  try {
    return check();
  } catch (error) {
    return { error };
  }
}

/** One pass on this thread. */
function auditHere(store: Store, extent: ReturnType<typeof logExtent>, maxChain: number, maxHands: number): Omit<LogAudit, 'tables'> {
  const chain = new ChainVerifier(maxChain);
  const hands = handPass(store, maxHands);
  // The replay stops at its first error (as replayHands throws it); the chain goes on.
  let failed: { error: unknown } | null = null;
  eachEventRow(store.db, Number.NEGATIVE_INFINITY, extent.maxId, (r) => {
    chain.row(r);
    const [id, tableId, handId, , type, , body] = r;
    if (handId === null || failed) return;
    try {
      hands.row(id, tableId, handId, type, body);
    } catch (error) {
      failed = { error };
    }
  });
  const verification = chain.finishWith(extent.head);
  if (failed) return { chain: verification, replay: failed };
  try {
    return { chain: verification, replay: hands.finish() };
  } catch (error) {
    return { chain: verification, replay: { error } };
  }
}

/**
 * Checks one range (in a worker): its chain, and its hand rows cut into blocks, each block
 * checked when the range shows it whole.
 */
export function auditRangeTask(db: Database.Database, checker: HandChecker, task: AuditTask): AuditPart {
  const chain = chainVerifierAfter(db, task.after, task.maxProblems);
  const blocks: HandBlock[] = [];
  /** Each table's current block, with its events; `afterOther`: another hand of the table came before it in the range. */
  const open = new Map<string, { block: HandBlock; bodies: HandEvent[]; afterOther: boolean }>();
  let unusual: string | null = null;
  eachEventRow(db, task.after, task.upTo, (r) => {
    chain.row(r);
    const [id, tableId, handId, , type, , body] = r;
    if (handId === null || unusual !== null) return;
    if (typeof tableId !== 'string' || typeof handId !== 'string' || typeof type !== 'string' || typeof body !== 'string') {
      unusual = 'a hand row has a column of an odd type';
      return;
    }
    let cur = open.get(tableId);
    if (cur && cur.block.handId !== handId) {
      if (cur.afterOther) {
        cur.block.found = checker.check(cur.block.handId, cur.bodies, cur.block.settledEventId);
        cur.block.events = cur.bodies.length;
      }
      cur = undefined;
    }
    if (!cur) {
      cur = { block: { handId, tableId, firstId: id, lastId: id, rows: 0, settledEventId: null }, bodies: [], afterOther: open.has(tableId) };
      open.set(tableId, cur);
      blocks.push(cur.block);
    }
    cur.block.lastId = id;
    cur.block.rows++;
    if (type === 'settled') cur.block.settledEventId = id;
    try {
      cur.bodies.push(JSON.parse(body) as HandEvent);
    } catch {
      unusual = `hand ${handId} has an event that is not JSON text`;
    }
  });
  return { chain: chain.part(), blocks, unusual };
}

/**
 * The parallel audit (see above), with the tables' fold and rebuild as one more task (handed out
 * first: it is the longest; compared by the caller). Null: it must be done in one pass.
 */
function auditInWorkers(
  store: Store, extent: ReturnType<typeof logExtent>, threads: number, maxChain: number, maxHands: number, maxTables: number,
): (Omit<LogAudit, 'tables'> & { readonly rebuilt: RebuiltTables }) | null {
  const parts: AuditPart[] = [];
  let rebuilt: RebuiltTables | null = null;
  const take = (p: AuditPart | RebuiltTables) => {
    if ('kind' in p) rebuilt = p;
    else parts.push(p);
  };
  const pool = SyncPool.open<AuditTask | TablesTask, AuditPart | RebuiltTables>(threads, { job: 'audit', path: resolve(store.db.name) }, take, AUDIT_IN_FLIGHT);
  if (!pool) {
    notePoolRun({ job: 'audit', threads, outcome: 'unavailable' });
    return null;
  }
  const fellBack = (reason: string): null => {
    notePoolRun({ job: 'audit', threads, outcome: 'fell-back', reason });
    return null;
  };
  let whole: HandProblem[];
  try {
    const tasks: AuditTask[] = idRanges(extent, threads * AUDIT_RANGES_PER_THREAD).map((r) => ({ ...r, maxProblems: maxChain }));
    // The first ranges go out without waiting; this thread runs the whole-database checks
    // while the workers start, then hands out the rest.
    pool.submit({ kind: 'tables', upTo: extent.maxId, maxProblems: maxTables, migrations: store.migrations });
    const first = Math.min(tasks.length, threads * AUDIT_IN_FLIGHT - 1);
    for (let i = 0; i < first; i++) pool.submit(tasks[i]);
    whole = wholeDatabaseProblems(store);
    for (let i = first; i < tasks.length; i++) pool.submit(tasks[i]);
    pool.finish();
  } catch (e) {
    if (!(e instanceof PoolFailure)) throw e;
    return fellBack(e.message);
  } finally {
    pool.close();
  }
  const unusual = parts.find((p) => p.unusual !== null)?.unusual;
  if (unusual) return fellBack(unusual);
  const chain = ChainVerifier.join(parts.map((p) => p.chain), maxChain).finishWith(extent.head);
  let replay: ReplayReport;
  try {
    replay = handsFromBlocks(store, parts, maxHands, whole);
  } catch (e) {
    if (!(e instanceof Unusual)) throw e;
    return fellBack(e.message);
  }
  if (!rebuilt) return fellBack('the tables were not rebuilt');
  notePoolRun({ job: 'audit', threads, outcome: 'workers' });
  return { chain, replay, rebuilt };
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
  const local = new HandChecker(store.db);
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
      const [r] = checkHandTask(store.db, local, [hand]);
      if ('unreadable' in r) throw new Unusual(`hand ${r.handId} has an event that is not JSON text`);
      hands.checked(r.handId, r.events, r.found);
    },
  );
  for (const p of parts) {
    for (const b of p.blocks) g.block(b)?.blocks.push(b);
  }
  g.finish();
  return finishReplay(store, hands, g.late, whole);
}

function checkPayments(state: HandState, rows: readonly PaymentRow[], add: (m: string) => void): void {
  const st = state.settlement!;
  const list = st.result.payments;
  if (rows.length !== list.length) add(`the payments table has ${rows.length} payments, the settlement ${list.length}`);
  list.forEach((p, i) => {
    const r = rows[i];
    if (!r) return;
    if (r.from_seat !== p.from || r.to_seat !== p.to || r.amount !== p.amount) {
      add(`payment ${i + 1} is recorded as seat ${r.from_seat} pays seat ${r.to_seat} ${r.amount}; the settlement says seat ${p.from} pays seat ${p.to} ${p.amount}`);
    }
    if ((r.executed_event_id !== null) !== st.executed[i]) add(`payment ${i + 1} is ${st.executed[i] ? 'made' : 'not made'} in the events but ${r.executed_event_id !== null ? 'made' : 'not made'} in the payments table`);
  });
  if (state.phase === 'closed') {
    const paid = new Map<number, number>();
    list.forEach((p) => {
      paid.set(p.from, (paid.get(p.from) ?? 0) - p.amount);
      paid.set(p.to, (paid.get(p.to) ?? 0) + p.amount);
    });
    for (const [seat, net] of Object.entries(st.result.net)) {
      if ((paid.get(Number(seat)) ?? 0) !== net) add(`seat ${seat} was paid ${paid.get(Number(seat)) ?? 0} but its net is ${net}`);
    }
  }
}

function checkStacks(state: HandState, seats: readonly SeatRow[], ledger: readonly { seat: number; amount: number; stack_after: number }[], add: (m: string) => void): void {
  const after = carryOver(state).stacks;
  for (const s of after) {
    const before = state.seats[s.seat - 1].player!.stack;
    const row = seats.find((r) => r.seat === s.seat);
    const net = s.stack - before;
    if (!row) {
      add(`seat ${s.seat} has no row in hand_seats`);
      continue;
    }
    if (row.stack_before !== before || row.net !== net || row.stack_after !== s.stack) {
      add(`seat ${s.seat}: recorded ${row.stack_before} ${fmt(row.net)} = ${row.stack_after}, the events give ${before} ${fmt(net)} = ${s.stack}`);
    }
    const l = ledger.find((x) => x.seat === s.seat);
    if (!l || l.amount !== net || l.stack_after !== s.stack) {
      add(`seat ${s.seat}: the chip ledger ${l ? `records ${fmt(l.amount)} to ${l.stack_after}` : 'has no entry'}, the events give ${fmt(net)} to ${s.stack}`);
    }
  }
}

function fmt(n: number | null): string {
  return n === null ? 'null' : n >= 0 ? `+${n}` : `${n}`;
}

/** Each seat's ledger: every entry's stack is the one before plus its amount. */
function checkLedgers(store: Store, add: (h: string, m: string) => void): void {
  // Rows as arrays: a big ledger is read faster than as objects.
  const rows = store.db.prepare('SELECT id, table_id, seat, player, kind, amount, stack_after, hand_id FROM chip_ledger ORDER BY table_id, seat, id').raw(true).all() as
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
