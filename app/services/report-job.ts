/**
 * Reports asked on a screen (the floor panel's Report tab), made off the table's thread: a
 * report over a month reads every hand of the month and checks the whole log's chain, which
 * would hold the table's thread (and so the dealer's requests, the shoe's cards) for seconds.
 * Each report runs `buildReport` (report.ts) in a worker thread on its own read-only connection
 * (report-worker.ts), as `table report` does beside a dealing terminal; the screen asks how far
 * it got (`status`) while the table deals on.
 *
 * Where the worker code comes from, as for the audit's workers (worker-pool.ts): from the
 * TypeScript sources (tsx, vitest) `report-worker.ts` beside this file, loaded as an ES module
 * through tsx's hook (worker-entry.ts); from a bundle, `report-worker.cjs` beside it if the
 * build emitted one. Without worker code (the Electron bundle today), or an in-memory database, the report is built on the
 * table's thread after the request that asked for it has been answered, and says so
 * (`offThread: false`).
 */
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import type { Progress } from './progress';
import { buildReport, type Report, type ReportRange } from './report';
import type { Store } from './store';
import { WORKER_BOOTSTRAP, workerEntry, type WorkerEntry } from './worker-entry';

/** What a report asked on a screen is doing (`ReportJobView` in app/contract/report.ts, with the service's report). */
export interface ReportJobStatus {
  readonly id: number;
  readonly state: 'none' | 'running' | 'done' | 'failed';
  readonly step: 'counting' | 'reading' | 'done';
  readonly hands: number | null;
  readonly handsDone: number;
  readonly rows: number | null;
  readonly stage: { readonly stage: string; readonly done: number; readonly total: number | null; readonly unit: string } | null;
  readonly offThread: boolean;
  readonly ms: number;
  readonly report: Report | null;
  readonly error: { readonly code: string; readonly message: string } | null;
}

/** The hands the report of `range` reads (started in it, of its table and dealer) and the log rows its chain check reads. */
export function countReportWork(db: Database.Database, range: ReportRange): { hands: number; rows: number } {
  const where = ['started_at >= ?', 'started_at < ?'];
  const params: string[] = [range.from ?? '', range.to ?? '\uffff'];
  if (range.tableId !== undefined) (where.push('table_id = ?'), params.push(range.tableId));
  if (range.dealer !== undefined) (where.push('dealer = ?'), params.push(range.dealer));
  const hands = db.prepare(`SELECT COUNT(*) FROM hands WHERE ${where.join(' AND ')}`).pluck().get(...params) as number;
  const rows = db.prepare('SELECT COUNT(*) FROM events').pluck().get() as number;
  return { hands, rows };
}

interface Job {
  id: number;
  state: ReportJobStatus['state'];
  step: ReportJobStatus['step'];
  hands: number | null;
  handsDone: number;
  rows: number | null;
  stage: { stage: string; done: number; total: number | null; unit: string } | null;
  offThread: boolean;
  readonly started: number;
  ended: number | null;
  report: Report | null;
  error: { code: string; message: string } | null;
  worker: Worker | null;
}

export interface ReportJobsOptions {
  readonly store: Store;
  /** False: always on the table's thread (tests of the fallback). Default true. */
  readonly worker?: boolean;
  /** ms since the epoch, for how long a report runs (default Date.now). */
  readonly now?: () => number;
  readonly log?: (line: string) => void;
}

/** The reports asked on each screen: one at a time per screen, the last one kept until the next. */
export class ReportJobs {
  private readonly jobs = new WeakMap<object, Job>();
  private readonly now: () => number;

  constructor(private readonly options: ReportJobsOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Starts the report of `range` for `owner` (a screen), ending the one it had running (its
   * result is dropped); returns at once with the report running.
   */
  start(owner: object, range: ReportRange): ReportJobStatus {
    const before = this.jobs.get(owner);
    if (before?.state === 'running') this.end(before);
    const job: Job = {
      id: (before?.id ?? 0) + 1, state: 'running', step: 'counting', hands: null, handsDone: 0, rows: null, stage: null,
      offThread: false, started: this.now(), ended: null, report: null, error: null, worker: null,
    };
    this.jobs.set(owner, job);
    const store = this.options.store;
    const entry = this.options.worker === false || store.path === ':memory:' || store.path === '' ? null : workerEntry(import.meta.url, 'report-worker');
    if (entry) this.inWorker(job, entry, range);
    else setImmediate(() => this.inThread(job, range));
    return this.status(owner);
  }

  /** The report of `owner` as it stands (`none` when it never asked). */
  status(owner: object): ReportJobStatus {
    const j = this.jobs.get(owner);
    if (!j) return { id: 0, state: 'none', step: 'counting', hands: null, handsDone: 0, rows: null, stage: null, offThread: false, ms: 0, report: null, error: null };
    return {
      id: j.id, state: j.state, step: j.step, hands: j.hands, handsDone: j.handsDone, rows: j.rows, stage: j.stage ? { ...j.stage } : null,
      offThread: j.offThread, ms: (j.ended ?? this.now()) - j.started, report: j.report, error: j.error,
    };
  }

  /** The last report `owner` got, when it is done (for its CSV or PDF). */
  report(owner: object): Report | null {
    const j = this.jobs.get(owner);
    return j?.state === 'done' ? j.report : null;
  }

  private finish(job: Job, report: Report): void {
    if (job.state !== 'running') return;
    job.state = 'done';
    job.step = 'done';
    job.report = report;
    job.handsDone = job.hands ?? report.totals.hands;
    job.ended = this.now();
    job.worker = null;
  }

  private failed(job: Job, message: string): void {
    if (job.state !== 'running') return;
    this.options.log?.(`the report failed: ${message}`);
    job.state = 'failed';
    job.error = { code: 'report-failed', message: `the report could not be made: ${message.split('\n')[0]}` };
    job.ended = this.now();
    job.worker = null;
  }

  /** Ends a running job (a newer report replaces it): its worker stops, its answer is dropped. */
  private end(job: Job): void {
    job.state = 'failed';
    job.error = { code: 'report-replaced', message: 'a newer report was asked on this screen' };
    job.ended = this.now();
    void job.worker?.terminate();
    job.worker = null;
  }

  private counted(job: Job, c: { hands: number; rows: number }): void {
    job.hands = c.hands;
    job.rows = c.rows;
    job.step = 'reading';
  }

  private inThread(job: Job, range: ReportRange): void {
    if (job.state !== 'running') return;
    try {
      this.counted(job, countReportWork(this.options.store.db, range));
      // Seen only once it is over (this thread is the one that would answer): kept for the record.
      const progress: Progress = {
        stage: (stage, total, unit) => void (job.stage = { stage, done: 0, total, unit }),
        done: (done) => void (job.stage && (job.stage.done = done)),
      };
      this.finish(job, buildReport(this.options.store, range, progress));
    } catch (e) {
      this.failed(job, e instanceof Error ? e.message : String(e));
    }
  }

  private inWorker(job: Job, entry: WorkerEntry, range: ReportRange): void {
    let heard = false;
    let worker: Worker;
    try {
      worker = new Worker(WORKER_BOOTSTRAP, {
        eval: true, execArgv: [],
        workerData: { entry: entry.file, tsx: entry.tsx, path: this.options.store.path, range, now: this.options.store.clock() },
      });
    } catch {
      setImmediate(() => this.inThread(job, range));
      return;
    }
    worker.unref();
    job.worker = worker;
    job.offThread = true;
    worker.on('message', (m: WorkerMessage) => {
      heard = true;
      if (job.state !== 'running') return;
      if (m.kind === 'counted') this.counted(job, m);
      else if (m.kind === 'stage') {
        job.stage = { stage: m.stage, done: 0, total: m.total, unit: m.unit };
      } else if (m.kind === 'done') {
        if (job.stage) job.stage.done = m.done;
        if (job.stage?.unit === 'hands' && job.hands !== null) job.handsDone = Math.min(job.hands, m.done);
      } else if (m.kind === 'result') this.finish(job, m.report);
      else this.failed(job, m.error);
    });
    const gone = (why: string) => {
      if (job.state !== 'running') return;
      // A worker that could not start at all (no word from it): the report is made here instead.
      if (!heard) {
        job.offThread = false;
        job.worker = null;
        this.options.log?.(`the report's worker did not start (${why.split('\n')[0]}): the report is made on the table's thread`);
        setImmediate(() => this.inThread(job, range));
      } else this.failed(job, why);
    };
    worker.on('error', (e) => gone(e instanceof Error ? e.message : String(e)));
    worker.on('exit', (code) => gone(`the report's worker stopped (exit code ${code})`));
  }
}

type WorkerMessage =
  | { readonly kind: 'counted'; readonly hands: number; readonly rows: number }
  | { readonly kind: 'stage'; readonly stage: string; readonly total: number | null; readonly unit: string }
  | { readonly kind: 'done'; readonly done: number }
  | { readonly kind: 'result'; readonly report: Report }
  | { readonly kind: 'failed'; readonly error: string };
