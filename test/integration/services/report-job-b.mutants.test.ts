/**
 * More of what the report job (app/services/report-job.ts) promises when the report is made in a
 * worker thread, on a real file: how far it got, as a screen reads it after each thing the worker
 * says (the hands and rows once counted, the stage the report says with its figure, the hands
 * read never taken from the chain's rows: the report tells no hands, so none until it is done),
 * and a worker that stops before it said anything: the report is made on the table's thread
 * instead, with the same figures, and the terminal's log says why in one line; a newer report on
 * the same screen stops the worker of the one it replaces.
 */
import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReport } from '../../../app/services/report';
import { ReportJobs, type ReportJobStatus } from '../../../app/services/report-job';
import { playedHand, rig, settled, type Rig } from './helpers';

let r: Rig;

/** Two played hands at T1. */
beforeAll(async () => {
  r = rig({ start: '2025-03-01T20:00:00.000Z' });
  await playedHand(r, [21, 22]);
});
afterAll(() => r.cleanup());

/** The worker thread of `owner`'s running report. */
function workerOf(jobs: ReportJobs, owner: object): Worker {
  const worker = (jobs as unknown as { jobs: WeakMap<object, { worker: Worker | null }> }).jobs.get(owner)?.worker;
  if (!worker) throw new Error('no worker runs the report');
  return worker;
}

const events = () => r.store.db.prepare('SELECT count(*) FROM events').pluck().get() as number;

describe('a report in a worker thread, as a screen sees it while it runs', () => {
  it('counted: the hands and the rows; then each stage the report says with its figure (the chain up to all its rows); no hands read until it is done', async () => {
    const jobs = new ReportJobs({ store: r.store });
    const owner = {};
    expect(jobs.start(owner, {})).toMatchObject({ state: 'running', offThread: true, hands: null, rows: null, stage: null });
    const seen: ReportJobStatus[] = [];
    // after the job has taken each message (its own listener comes first)
    workerOf(jobs, owner).on('message', () => seen.push(jobs.status(owner)));
    const done = await settled(jobs, owner);
    const rows = events();
    expect(done).toMatchObject({ state: 'done', step: 'done', offThread: true, hands: 2, handsDone: 2, rows, error: null });
    expect(seen[0]).toMatchObject({ state: 'running', step: 'reading', hands: 2, handsDone: 0, rows, stage: null });
    const running = seen.filter((s) => s.state === 'running');
    expect(running.every((s) => s.step === 'reading' && s.hands === 2 && s.rows === rows)).toBe(true);
    expect(running.map((s) => s.handsDone)).toEqual(running.map(() => 0)); // the report tells rows of its chain check, never hands
    expect([...new Set(running.filter((s) => s.stage).map((s) => s.stage!.stage))]).toEqual(['read', 'chain', 'figures']);
    const chain = running.filter((s) => s.stage?.stage === 'chain').map((s) => s.stage!);
    expect(chain[0]).toEqual({ stage: 'chain', done: 0, total: rows, unit: 'rows' });
    expect(chain[chain.length - 1]).toEqual({ stage: 'chain', done: rows, total: rows, unit: 'rows' });
    expect(seen[seen.length - 1]).toMatchObject({ state: 'done', handsDone: 2 });
  });
});

describe('a worker that stops before it said anything', () => {
  it('the report is made on the table\'s thread instead, with buildReport\'s figures, and the log says why', async () => {
    const logged: string[] = [];
    const jobs = new ReportJobs({ store: r.store, log: (line) => logged.push(line) });
    const owner = {};
    expect(jobs.start(owner, {})).toMatchObject({ state: 'running', offThread: true });
    await workerOf(jobs, owner).terminate();
    const done = await settled(jobs, owner);
    expect(done).toMatchObject({ state: 'done', step: 'done', offThread: false, hands: 2, handsDone: 2, rows: events(), error: null });
    expect(done.report!.totals).toEqual(buildReport(r.store, {}).totals);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^the report's worker did not start \(the report's worker stopped \(exit code \d+\)\): the report is made on the table's thread$/);
  });
});

describe('a newer report on the same screen', () => {
  it('stops the worker of the report it replaces (it says nothing more), and gives the newer one', async () => {
    const jobs = new ReportJobs({ store: r.store });
    const owner = {};
    jobs.start(owner, { tableId: 'T9' });
    const replaced = workerOf(jobs, owner);
    const exited = once(replaced, 'exit');
    let said = 0;
    replaced.on('message', () => said++);
    expect(jobs.start(owner, {})).toMatchObject({ id: 2, state: 'running', offThread: true });
    expect(workerOf(jobs, owner)).not.toBe(replaced);
    await exited;
    expect(said).toBe(0); // stopped at once: not even its count (a worker left running posts its count, its stages, its report)
    expect(await settled(jobs, owner)).toMatchObject({ id: 2, state: 'done', hands: 2, error: null });
  });
});
