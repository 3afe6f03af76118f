/**
 * The worker pool of the floor's checks (app/services/worker-pool.ts), checked for what it
 * promises: how many threads a check uses (the `threads` option, else `CP_AUDIT_THREADS`, else
 * the cores up to 4 and only for a log worth it); the record of how checks went (numbered runs,
 * the last 20 kept, a mark to read the runs since, a trace line on stderr when asked); a pool of
 * fewer than two workers is no pool; results handed on in the order the tasks were submitted
 * whatever order the workers finish in, also when each worker may hold only one task; the
 * progress told each task's units as its answer arrives; and a worker's failure as a
 * `PoolFailure` whose words say what happened.
 */
import { availableParallelism } from 'node:os';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditPart, AuditTask } from '../../../app/services/audit';
import { PartsProgress } from '../../../app/services/progress';
import {
  DEFAULT_STALL_TIMEOUT_MS, notePoolRun, PoolFailure, poolRunMark, poolRunsSince, recentPoolRuns, SyncPool, threadCount,
} from '../../../app/services/worker-pool';
import { simulatedLog, tempFolder } from './temp';

const tmp = tempFolder('cp-worker-pool-');
afterAll(() => tmp.cleanup());
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

let log: Promise<string> | undefined;
/** A small simulated log (4 hands), built on first use inside a test. */
function honestLog(): Promise<string> {
  log ??= (async () => {
    const path = tmp.file('honest.db');
    await simulatedLog(path, 4, 5);
    return path;
  })();
  return log;
}

function chainTask(after: number, upTo: number): AuditTask {
  return { after, upTo, chain: true, hands: false, maxProblems: 50 };
}

describe('threadCount: the threads a check uses', () => {
  it('with `threads` given: 2 to 16 as asked (more is 16), 0 or 1 or a fraction means the calling thread, whatever the size or the environment', () => {
    vi.stubEnv('CP_AUDIT_THREADS', '3');
    expect([0, 1, 2, 3, 16, 17, 40, 2.5, -2, Number.NaN].map((threads) => threadCount({ threads }, 0, 100))).toEqual([0, 0, 2, 3, 16, 16, 16, 0, 0, 0]);
    expect(threadCount({ threads: 3 }, 1_000_000, 100)).toBe(3);
  });

  it('without it: CP_AUDIT_THREADS when set (even for a small log), a blank one counts as not set', () => {
    vi.stubEnv('CP_AUDIT_THREADS', '3');
    expect(threadCount({}, 0, 100)).toBe(3);
    vi.stubEnv('CP_AUDIT_THREADS', ' 5 ');
    expect(threadCount({}, 0, 100)).toBe(5);
    vi.stubEnv('CP_AUDIT_THREADS', '1');
    expect(threadCount({}, 1_000_000, 100)).toBe(0);
    vi.stubEnv('CP_AUDIT_THREADS', 'many');
    expect(threadCount({}, 1_000_000, 100)).toBe(0);
    vi.stubEnv('CP_AUDIT_THREADS', '99');
    expect(threadCount({}, 0, 100)).toBe(16);
    vi.stubEnv('CP_AUDIT_THREADS', '   ');
    expect(threadCount({}, 99, 100)).toBe(0); // blank: as if not set, and the log is too small
    const cores = availableParallelism();
    expect(threadCount({}, 100, 100)).toBe(cores >= 2 ? Math.min(cores, 4) : 0); // blank, and the log is big enough: the cores
  });

  it('without either: none below the size worth it; from it, the cores up to 4 (none on one core)', () => {
    vi.stubEnv('CP_AUDIT_THREADS', '');
    const cores = availableParallelism();
    const expected = cores >= 2 ? Math.min(cores, 4) : 0;
    expect(threadCount({}, 99, 100)).toBe(0);
    expect(threadCount({}, 100, 100)).toBe(expected);
    expect(threadCount({}, 101, 100)).toBe(expected);
  });
});

describe('the record of how checks went', () => {
  it('numbers each run 1 up, keeps the last 20 oldest first, and gives the runs after a mark', () => {
    const mark = poolRunMark();
    notePoolRun({ job: 'chain', threads: 2, outcome: 'workers' });
    expect(poolRunMark()).toBe(mark + 1);
    notePoolRun({ job: 'hands', threads: 3, outcome: 'fell-back', reason: 'an odd column' });
    expect(poolRunsSince(mark)).toEqual([
      { job: 'chain', threads: 2, outcome: 'workers', seq: mark + 1 },
      { job: 'hands', threads: 3, outcome: 'fell-back', reason: 'an odd column', seq: mark + 2 },
    ]);
    expect(poolRunsSince(mark + 1).map((r) => r.job)).toEqual(['hands']);
    expect(poolRunsSince(mark + 2)).toEqual([]);
    for (let k = 0; k < 25; k++) notePoolRun({ job: `job ${k}`, threads: 2, outcome: 'unavailable' });
    const kept = recentPoolRuns();
    expect(kept).toHaveLength(20);
    expect(kept.map((r) => r.seq)).toEqual(Array.from({ length: 20 }, (_, k) => mark + 8 + k));
    expect(kept[19].job).toBe('job 24');
    expect(poolRunsSince(mark).map((r) => r.job)).toEqual(Array.from({ length: 20 }, (_, k) => `job ${k + 5}`));
    // a copy: changing it changes nothing kept
    (kept as unknown[]).length = 0;
    expect(recentPoolRuns()).toHaveLength(20);
  });

  it('writes each run as one JSON line on stderr when CP_AUDIT_TRACE is set, and nothing when not', () => {
    const writes: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      writes.push(String(chunk));
      return true;
    });
    vi.stubEnv('CP_AUDIT_TRACE', '');
    notePoolRun({ job: 'chain', threads: 2, outcome: 'workers' });
    expect(writes).toEqual([]);
    vi.stubEnv('CP_AUDIT_TRACE', '1');
    notePoolRun({ job: 'audit', threads: 4, outcome: 'unavailable', reason: 'no worker code' });
    expect(writes).toEqual(['{"audit":{"job":"audit","threads":4,"outcome":"unavailable","reason":"no worker code"}}\n']);
  });
});

describe('the pool', () => {
  it('is no pool for fewer than two workers', async () => {
    const path = await honestLog();
    expect(SyncPool.open(1, { path }, () => {})).toBeNull();
    expect(SyncPool.open(0, { path }, () => {})).toBeNull();
    expect(DEFAULT_STALL_TIMEOUT_MS).toBe(60_000);
  }, 60_000);

  it('hands the results on in the order the tasks were submitted, one task per worker at a time, and tells the progress each task\'s units', async () => {
    const path = await honestLog();
    const results: AuditPart[] = [];
    const told: number[] = [];
    const progress = new PartsProgress((done) => told.push(done));
    // a big range first, then small ones: the small ones finish first on the other worker
    const ranges: [number, number][] = [[0, 200], [200, 201], [201, 203], [203, 206], [206, 210], [210, 215]];
    const pool = SyncPool.open<AuditTask, AuditPart>(2, { path }, (r) => results.push(r), 1, {}, progress);
    expect(pool).not.toBeNull();
    try {
      // units given as 10 per row: a finished task counts the units it was submitted with, whatever the worker said on the way
      for (const [after, upTo] of ranges) pool!.submit(chainTask(after, upTo), 10 * (upTo - after));
      pool!.finish();
      expect(results.map((r) => [r.chain!.rows, r.chain!.lastId])).toEqual(ranges.map(([after, upTo]) => [upTo - after, upTo]));
      expect(results.every((r) => r.chain!.problems.length === 0)).toBe(true);
      expect(progress.done).toBe(2150);
      expect(told[told.length - 1]).toBe(2150);
      expect(pool!.aliveReplies).toBe(0); // short tasks: no "still running" replies
      // the pool goes on after a finish
      pool!.submit(chainTask(215, 216), 10);
      pool!.finish();
      expect(results).toHaveLength(ranges.length + 1);
      expect(progress.done).toBe(2160);
    } finally {
      pool!.close();
      pool!.close(); // a second close does nothing
    }
  }, 60_000);

  it("a long task's progress figures and its \"still running\" replies are not taken for its answer (with or without a progress to tell)", async () => {
    const path = await honestLog();
    const chatty = (after: number, upTo: number): AuditTask => ({ ...chainTask(after, upTo), fold: true, aliveEveryRows: 1, progressEveryIds: 1 });
    for (const withProgress of [false, true]) {
      const results: AuditPart[] = [];
      const told: number[] = [];
      const progress = withProgress ? new PartsProgress((done) => told.push(done)) : null;
      const pool = SyncPool.open<AuditTask, AuditPart>(2, { path }, (r) => results.push(r), 4, {}, progress);
      try {
        pool!.submit(chatty(0, 60), 60);
        pool!.submit(chatty(60, 120), 60);
        pool!.finish();
        expect(results.map((r) => [r.chain!.rows, r.chain!.lastId])).toEqual([[60, 60], [60, 120]]);
        expect(pool!.aliveReplies).toBe(120); // one per row read
        if (withProgress) {
          expect(told.length).toBeGreaterThan(2); // figures on the way, not only the ends
          expect(told[told.length - 1]).toBe(120);
        }
      } finally {
        pool!.close();
      }
    }
  }, 60_000);

  it('a task that throws in a worker fails the run with the worker\'s error', async () => {
    const path = await honestLog();
    const pool = SyncPool.open<AuditTask | null, AuditPart>(2, { path }, () => {});
    try {
      let caught: unknown;
      try {
        pool!.submit(null);
        pool!.finish();
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(PoolFailure);
      expect((caught as Error).message).toMatch(/^a check worker failed: TypeError/);
    } finally {
      pool!.close();
    }
  }, 60_000);

  it('a worker that cannot open the database: the run fails saying the worker could not start, and why', () => {
    const pool = SyncPool.open<AuditTask, AuditPart>(2, { path: tmp.file('no-such.db') }, () => {});
    try {
      let caught: unknown;
      try {
        pool!.submit(chainTask(0, 10));
        pool!.finish();
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(PoolFailure);
      expect((caught as Error).message).toMatch(/^a check worker could not start: .*(unable to open|no such file|does not exist)/is);
    } finally {
      pool!.close();
    }
  }, 60_000);
});
