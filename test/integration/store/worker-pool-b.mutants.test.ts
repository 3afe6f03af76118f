/**
 * More of what the worker pool of the floor's checks (app/services/worker-pool.ts) promises:
 * without `threads` or `CP_AUDIT_THREADS`, a log big enough uses the machine's cores up to 4,
 * and none on a machine of one core (the cores as `node:os` tells them, set here); and a pool
 * whose workers stopped answering gives up only once no worker has answered for the whole
 * stall limit while tasks are outstanding, with a `PoolFailure` that says so in those words,
 * whether one worker or every worker holds a task; `submit` waits while every worker holds
 * its allowed tasks, and hands a task to the least busy worker (the first of equally busy ones); a pool of `count` workers starts exactly that
 * many threads, and `close` stops them.
 */
import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditPart, AuditTask } from '../../../app/services/audit';
import { PoolFailure, SyncPool } from '../../../app/services/worker-pool';
import { simulatedLog, tempFolder } from './temp';

const tmp = tempFolder('cp-worker-pool-b-');
afterAll(() => tmp.cleanup());
afterEach(() => {
  vi.unstubAllEnvs();
  vi.doUnmock('node:os');
  vi.resetModules();
});

describe('threadCount without `threads` or CP_AUDIT_THREADS: the cores, up to 4', () => {
  it('one core: none; 2 or 3 cores: that many; 8 cores: 4 (for a log big enough); below the size worth it: none', async () => {
    vi.stubEnv('CP_AUDIT_THREADS', '');
    const counts: Record<number, [number, number]> = {};
    for (const cores of [1, 2, 3, 8]) {
      vi.resetModules();
      vi.doMock('node:os', async (importOriginal) => ({ ...(await importOriginal<typeof import('node:os')>()), availableParallelism: () => cores }));
      const { threadCount } = await import('../../../app/services/worker-pool');
      counts[cores] = [threadCount({}, 100, 100), threadCount({}, 99, 100)];
    }
    expect(counts).toEqual({ 1: [0, 0], 2: [2, 0], 3: [3, 0], 8: [4, 0] });
  });
});

describe('a pool whose workers never answer', () => {
  let log: Promise<string> | undefined;
  /** A small simulated log (2 hands), built on first use. */
  const honestLog = (): Promise<string> => (log ??= (async () => {
    const path = tmp.file('honest.db');
    await simulatedLog(path, 2, 3);
    return path;
  })());
  const chainTask = (after: number, upTo: number): AuditTask => ({ after, upTo, chain: true, hands: false, maxProblems: 50 });

  /**
   * Opens a pool of two workers (`maxInFlight` tasks each) with a stall limit of `stallS` s, stops the
   * workers named by `stop` (slot 0 is the first worker) before they could say anything, submits
   * `tasks` one-row chain tasks and waits for them: what it throws, after how long, how many
   * `submit` calls returned, the rows of the results handed on.
   */
  async function stalled(tasks: number, stop: readonly number[], maxInFlight = 4, stallS = 1.5): Promise<{ caught: unknown; ms: number; submitted: number; results: number[] }> {
    const path = await honestLog();
    const results: AuditPart[] = [];
    const pool = SyncPool.open<AuditTask, AuditPart>(2, { path }, (r) => results.push(r), maxInFlight, { stallTimeoutMs: stallS * 1000 });
    expect(pool).not.toBeNull();
    try {
      const slots = (pool as unknown as { slots: { worker: Worker }[] }).slots;
      for (const k of stop) await slots[k].worker.terminate();
      const t0 = Date.now();
      let caught: unknown;
      let submitted = 0;
      try {
        for (let k = 0; k < tasks; k++) {
          pool!.submit(chainTask(k, k + 1));
          submitted++;
        }
        pool!.finish();
      } catch (e) {
        caught = e;
      }
      return { caught, ms: Date.now() - t0, submitted, results: results.map((r) => r.chain!.lastId) };
    } finally {
      pool!.close();
    }
  }
  const STALLED = 'no check worker answered for 1.5 s with tasks outstanding (a worker died or hangs)';

  it('one worker holding a task, the other idle: gives up once no worker answered for the whole stall limit, saying so', async () => {
    const { caught, ms, results } = await stalled(1, [0, 1]);
    expect(caught).toBeInstanceOf(PoolFailure);
    expect((caught as Error).message).toBe(STALLED);
    expect(ms).toBeGreaterThanOrEqual(1500); // not before the stall limit
    expect(results).toEqual([]);
  }, 30_000);

  it('`submit` waits while every worker holds as many tasks as it may: with one each, the third submit is the one that gives up', async () => {
    const { caught, ms, submitted, results } = await stalled(5, [0, 1], 1);
    expect(submitted).toBe(2);
    expect((caught as Error).message).toBe(STALLED);
    expect(ms).toBeGreaterThanOrEqual(1500);
    expect(results).toEqual([]);
  }, 30_000);

  it('hands the first task to the first worker and the next to the least busy one: with the second worker stopped, the first task is answered, the second never', async () => {
    // a stall limit of 4 s: the first worker's start-up (before it answers anything) counts towards it
    const { caught, submitted, results } = await stalled(2, [1], 1, 4);
    expect(submitted).toBe(2);
    expect(results).toEqual([1]); // task 0..1 answered by the first worker and handed on
    expect((caught as Error).message).toBe('no check worker answered for 4 s with tasks outstanding (a worker died or hangs)');
  }, 30_000);
});

describe('the threads of a pool', () => {
  it('starts exactly `count` worker threads, and `close` stops every one of them', async () => {
    const path = tmp.file('threads.db');
    await simulatedLog(path, 1, 4);
    for (const count of [2, 3]) {
      const results: AuditPart[] = [];
      const pool = SyncPool.open<AuditTask, AuditPart>(count, { path }, (r) => results.push(r));
      const workers = (pool as unknown as { slots: { worker: Worker }[] }).slots.map((s) => s.worker);
      expect(workers).toHaveLength(count);
      pool!.submit({ after: 0, upTo: 3, chain: true, hands: false, maxProblems: 50 });
      pool!.finish();
      expect(results.map((r) => r.chain!.rows)).toEqual([3]);
      const exited = workers.map((w) => once(w, 'exit'));
      pool!.close();
      // every thread stops (a pool that did not stop them: no exit within 10 s)
      let guard: NodeJS.Timeout | undefined;
      const stuck = new Promise<never>((_, reject) => (guard = setTimeout(() => reject(new Error('a worker thread did not stop')), 10_000)));
      try {
        await Promise.race([Promise.all(exited), stuck]);
      } finally {
        clearTimeout(guard);
      }
    }
  }, 30_000);
});
