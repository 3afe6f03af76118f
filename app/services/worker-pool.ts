/**
 * A small pool of worker threads for the floor's checks (the audit engine, audit.ts: `verify-log`,
 * `replay`, `audit`), driven SYNCHRONOUSLY: the audit keeps its synchronous API, so the calling thread blocks
 * on `Atomics.wait` while the workers run and pulls their answers with `receiveMessageOnPort`.
 * Results are handed back in the order the tasks were submitted, whatever order the workers
 * finish in, so a parallel check reports exactly what a sequential one would.
 *
 * Where the worker code comes from:
 * - running from the TypeScript sources (tsx, vitest): `audit-worker.ts` beside this file,
 *   loaded as an ES module through tsx's hook (worker-entry.ts);
 * - running from a bundle (esbuild, the Electron main): `audit-worker.cjs` or `audit-worker.js`
 *   beside the bundle, if the build emitted one.
 * When neither is available, or a worker fails to start, `SyncPool.open` returns null (or the run
 * fails with {@link PoolFailure}) and the caller checks on its own thread instead.
 */
import { availableParallelism } from 'node:os';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { PartsProgress } from './progress';
import { WORKER_BOOTSTRAP, workerEntry, type WorkerEntry } from './worker-entry';

/** How many worker threads a check may use. */
export interface ThreadOptions {
  /**
   * 0 or 1: check on the calling thread. 2 or more: that many worker threads. Default: the
   * environment variable `CP_AUDIT_THREADS` if set, otherwise as many threads as the machine
   * has cores (at most 4), and only for a log big enough to be worth it.
   */
  readonly threads?: number;
}

/** The thread count to use for `size` units of work (`worthFrom`: below it, 0). */
export function threadCount(options: ThreadOptions, size: number, worthFrom: number): number {
  const env = process.env.CP_AUDIT_THREADS;
  const asked = options.threads ?? (env !== undefined && env.trim() !== '' ? Number(env) : undefined);
  if (asked !== undefined) return Number.isInteger(asked) && asked >= 2 ? Math.min(asked, 16) : 0;
  if (size < worthFrom) return 0;
  const cores = availableParallelism();
  return cores >= 2 ? Math.min(cores, 4) : 0;
}

/** A pool run could not go on (a worker failed to start, died, threw, or stopped answering). */
export class PoolFailure extends Error {}

/** How a check that could use threads went (the fallback to one thread is silent otherwise). */
export interface PoolRun {
  /** The checks run (audit.ts): `chain` (`verify-log`), `hands` (`replay`), `audit` (all three), or those switched on joined by `+`. */
  readonly job: string;
  /** Threads asked for. */
  readonly threads: number;
  /** `workers`: done by the workers; `unavailable`: no worker code here; `fell-back`: redone on the calling thread. */
  readonly outcome: 'workers' | 'unavailable' | 'fell-back';
  readonly reason?: string;
}

/** A {@link PoolRun} as kept: `seq` counts the runs of this process (1, 2, ...). */
export interface NotedPoolRun extends PoolRun {
  readonly seq: number;
}

/** How many runs are kept. */
const RUNS_KEPT = 20;
const runs: NotedPoolRun[] = [];
let lastSeq = 0;

/** Records how a check went (kept: the last 20; written to stderr when CP_AUDIT_TRACE is set). */
export function notePoolRun(run: PoolRun): void {
  runs.push({ ...run, seq: ++lastSeq });
  if (runs.length > RUNS_KEPT) runs.shift();
  if (process.env.CP_AUDIT_TRACE) process.stderr.write(`${JSON.stringify({ audit: run })}\n`);
}

/** The last checks that could use threads, oldest first (for the bench and the tests). */
export function recentPoolRuns(): readonly NotedPoolRun[] {
  return [...runs];
}

/** The sequence number of the last run noted so far (0: none): a mark for {@link poolRunsSince}. */
export function poolRunMark(): number {
  return lastSeq;
}

/**
 * The runs noted after `mark` ({@link poolRunMark}), oldest first; of those, only the last 20
 * are kept (a caller that needs more must take a new mark sooner).
 */
export function poolRunsSince(mark: number): readonly NotedPoolRun[] {
  return runs.filter((r) => r.seq > mark);
}

interface Slot {
  readonly worker: Worker;
  readonly port: MessagePort;
  ready: boolean;
  inFlight: number;
}

/** What a worker sends back (`alive`: a long task is still running; `progress`: task `id` has done `done` of its units). */
type Reply =
  | { readonly kind: 'ready' }
  | { readonly kind: 'alive' }
  | { readonly kind: 'progress'; readonly id: number; readonly done: number }
  | { readonly kind: 'failed'; readonly error: string }
  | { readonly kind: 'result'; readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly kind: 'result'; readonly id: number; readonly ok: false; readonly error: string };

/** How long a worker may take to start before the pool gives up on it. */
const START_TIMEOUT_MS = 60_000;

/**
 * How long the pool waits, blocked, without any worker answering while tasks are outstanding,
 * before it gives up (a worker that died after starting never answers, and the exit event
 * cannot be seen while this thread is blocked). Counted only while blocked waiting, so time
 * this thread spends on its own work never counts; a range takes seconds, so this is generous.
 * A task that runs longer (the audit's rebuild of the query tables) posts `alive` now and then.
 */
export const DEFAULT_STALL_TIMEOUT_MS = 60_000;

/** How a pool waits for its workers (for the tests: shorter limits). */
export interface PoolTimeouts {
  /** See {@link DEFAULT_STALL_TIMEOUT_MS}. */
  readonly stallTimeoutMs?: number;
}

/**
 * Worker threads that run the audit's tasks (audit-worker.ts: audit.ts's `AuditTask`, one kind
 * whatever the checks) on the database at `path`, opened read-only in each worker.
 */
export class SyncPool<T, R> {
  private readonly signal = new Int32Array(new SharedArrayBuffer(4));
  private readonly slots: Slot[] = [];
  /** The ids of the tasks submitted whose results are not yet handed on, in order. */
  private readonly queue: number[] = [];
  private readonly done = new Map<number, Reply & { kind: 'result' }>();
  private nextId = 0;
  /** Replies taken from the ports so far. */
  private received = 0;
  /** Of those, the `alive` ones (a long task still running). */
  private aliveCount = 0;
  private readonly started = Date.now();
  private closed = false;
  /** Time spent blocked in {@link wait} since the last reply, in ms. */
  private stalledMs = 0;
  /** The units of each task submitted and not yet answered (for {@link progress}). */
  private readonly units = new Map<number, number>();

  private constructor(
    count: number,
    entry: WorkerEntry,
    init: { readonly path: string },
    private readonly onResult: (value: R) => void,
    private readonly maxInFlight: number,
    private readonly stallTimeoutMs: number,
    private readonly progress: PartsProgress | null,
  ) {
    for (let i = 0; i < count; i++) {
      const { port1, port2 } = new MessageChannel();
      const worker = new Worker(WORKER_BOOTSTRAP, {
        eval: true,
        execArgv: [],
        workerData: { ...init, entry: entry.file, tsx: entry.tsx, port: port2, signal: this.signal },
        transferList: [port2],
      });
      worker.unref();
      // A worker's own errors come back as replies; this only keeps an 'error' event from
      // being unhandled after the pool has been closed.
      worker.on('error', () => {});
      this.slots.push({ worker, port: port1, ready: false, inFlight: 0 });
    }
  }

  /**
   * Starts `count` workers on the database at `init.path`, or returns null when no worker code
   * is available (the caller then works on its own thread). `onResult` gets each task's result,
   * in the order the tasks were submitted. `progress` hears each task's own figures as the
   * workers post them (the pool's task ids are the parts) and each task as finished with the
   * units it was submitted with, as soon as its answer arrives.
   */
  static open<T, R>(
    count: number,
    init: { path: string },
    onResult: (value: R) => void,
    maxInFlight = 4,
    timeouts: PoolTimeouts = {},
    progress: PartsProgress | null = null,
  ): SyncPool<T, R> | null {
    if (count < 2) return null;
    const entry = workerEntry(import.meta.url, 'audit-worker');
    if (!entry) return null;
    return new SyncPool<T, R>(count, entry, init, onResult, maxInFlight, timeouts.stallTimeoutMs ?? DEFAULT_STALL_TIMEOUT_MS, progress);
  }

  /** The `alive` replies taken so far (for the tests). */
  get aliveReplies(): number {
    return this.aliveCount;
  }

  /**
   * Hands a task to the least busy worker (waiting while every worker has enough queued);
   * `units`: its size, for the progress (done when its answer arrives).
   */
  submit(task: T, units = 0): void {
    for (;;) {
      this.deliver();
      const slot = this.slots.reduce((a, b) => (b.inFlight < a.inFlight ? b : a));
      if (slot.inFlight < this.maxInFlight) {
        const id = this.nextId++;
        slot.inFlight++;
        if (this.progress) this.units.set(id, units);
        slot.port.postMessage({ id, task });
        this.queue.push(id);
        return;
      }
      this.wait();
    }
  }

  /** Waits until every submitted task's result has been handed to `onResult`. */
  finish(): void {
    for (;;) {
      this.deliver();
      if (this.queue.length === 0) return;
      this.wait();
    }
  }

  /** Stops the workers (they are unref'd: a pending stop never keeps the process alive). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const s of this.slots) {
      s.port.close();
      void s.worker.terminate();
    }
  }

  /** Hands over, in order, every result that has arrived. */
  private deliver(): void {
    this.collect();
    while (this.queue.length > 0) {
      const head = this.queue[0];
      const reply = this.done.get(head);
      if (!reply) return;
      this.done.delete(head);
      this.queue.shift();
      if (!reply.ok) throw new PoolFailure(`a check worker failed: ${reply.error}`);
      this.onResult(reply.value as R);
    }
  }

  /** Takes every reply waiting on the ports. */
  private collect(): void {
    for (const s of this.slots) {
      for (let m = receiveMessageOnPort(s.port); m; m = receiveMessageOnPort(s.port)) {
        const reply = m.message as Reply;
        this.received++;
        this.stalledMs = 0;
        if (reply.kind === 'ready') s.ready = true;
        else if (reply.kind === 'alive') this.aliveCount++; // an answer for the stall limit, nothing to deliver
        else if (reply.kind === 'progress') this.progress?.at(reply.id, reply.done);
        else if (reply.kind === 'failed') throw new PoolFailure(`a check worker could not start: ${reply.error}`);
        else {
          s.inFlight--;
          this.done.set(reply.id, reply);
          if (this.progress && reply.ok) {
            this.progress.finish(reply.id, this.units.get(reply.id) ?? 0);
            this.units.delete(reply.id);
          }
        }
      }
    }
  }

  /**
   * Blocks until a worker says something new (or a second passes: then checks the start-up,
   * and that some worker answered within the stall limit while tasks are outstanding).
   */
  private wait(): void {
    // A worker posts its reply, then bumps the signal: read the signal before looking at the
    // ports, and a reply that comes after the look still wakes the wait below.
    const seen = Atomics.load(this.signal, 0);
    const before = this.received;
    this.collect();
    if (this.received !== before) return;
    const t0 = Date.now();
    const woke = Atomics.wait(this.signal, 0, seen, Math.min(1000, this.stallTimeoutMs));
    this.stalledMs += Date.now() - t0;
    if (woke !== 'timed-out') return;
    if (Date.now() - this.started > START_TIMEOUT_MS && this.slots.some((s) => !s.ready)) {
      throw new PoolFailure(`a check worker did not start within ${START_TIMEOUT_MS / 1000} s`);
    }
    if (this.stalledMs >= this.stallTimeoutMs && this.slots.some((s) => s.inFlight > 0)) {
      throw new PoolFailure(`no check worker answered for ${this.stallTimeoutMs / 1000} s with tasks outstanding (a worker died or hangs)`);
    }
  }
}
