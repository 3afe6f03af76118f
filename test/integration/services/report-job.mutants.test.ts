/**
 * The report job (app/services/report-job.ts) on real files: what a screen that never asked is
 * told, the status a report starts with, how long it ran (an injected clock), the figures it ends
 * with on the table's thread (`worker: false`, an in-memory or temporary database) and in a worker
 * thread (a file, the report's `generatedAt` the table's clock when it was asked), a newer report
 * replacing the running one, a report that fails (its refusal code and the words a floor person
 * reads: one line), and `countReportWork`'s counts of a range (from inclusive, to exclusive, one
 * table, one dealer; the log's rows). Expected figures come from `buildReport` and from the
 * database's own rows.
 */
import { renameSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReport } from '../../../app/services/report';
import { countReportWork, ReportJobs } from '../../../app/services/report-job';
import { openStore, type Store } from '../../../app/services/store';
import { TableService } from '../../../app/services/table-service';
import { must, playedHand, rig, settled, T, type Rig } from './helpers';

let r: Rig;
const T2 = 'T2';

/** Two played hands and a floor's misdeal at T1 (dealer Eva), then a misdeal at T2 (dealer Petr). */
beforeAll(async () => {
  r = rig({ start: '2025-03-01T20:00:00.000Z' });
  await playedHand(r, [11, 12]);
  must(r.service.startHand({ tableId: T }));
  must(r.service.callMisdeal({ tableId: T, cause: 'floor-ruling', floor: 'Jana', detail: 'cards flashed' }));
  tableTwo(r.service);
});
afterAll(() => r.cleanup());

function tableTwo(service: TableService): void {
  must(service.openTable({ tableId: T2, pointValue: 50, profile: 'mandarin-house' }));
  must(service.dealerOn({ tableId: T2, dealer: 'Petr' }));
  must(service.seatPlayer({ tableId: T2, seat: 1, playerId: 'q1', name: 'Q 1', buyIn: 3000 }));
  must(service.seatPlayer({ tableId: T2, seat: 2, playerId: 'q2', name: 'Q 2', buyIn: 3000 }));
  must(service.startHand({ tableId: T2 }));
  must(service.callMisdeal({ tableId: T2, cause: 'floor-ruling', floor: 'Karel', detail: 'dropped deck' }));
}

const turn = () => new Promise((res) => setImmediate(res));

const events = (store: Store) => store.db.prepare('SELECT count(*) FROM events').pluck().get() as number;
const starts = () => r.store.db.prepare('SELECT id, started_at FROM hands ORDER BY started_at').all() as { id: string; started_at: string }[];

describe('countReportWork', () => {
  it('counts the hands started in the range, from inclusive and to exclusive, and every row of the log', () => {
    const s = starts();
    expect(s).toHaveLength(4);
    expect(countReportWork(r.store.db, {})).toEqual({ hands: 4, rows: events(r.store) });
    expect(countReportWork(r.store.db, { from: s[1].started_at, to: s[3].started_at })).toEqual({ hands: 2, rows: events(r.store) });
    expect(countReportWork(r.store.db, { from: s[3].started_at })).toEqual({ hands: 1, rows: events(r.store) });
    expect(countReportWork(r.store.db, { to: s[1].started_at })).toEqual({ hands: 1, rows: events(r.store) });
  });

  it('counts one table\'s hands, one dealer\'s hands', () => {
    expect(countReportWork(r.store.db, { tableId: T }).hands).toBe(3);
    expect(countReportWork(r.store.db, { tableId: T2 }).hands).toBe(1);
    expect(countReportWork(r.store.db, { dealer: 'Eva' }).hands).toBe(3);
    expect(countReportWork(r.store.db, { dealer: 'Petr' }).hands).toBe(1);
    expect(countReportWork(r.store.db, { tableId: T, dealer: 'Petr' }).hands).toBe(0);
  });
});

describe('ReportJobs on the table\'s thread', () => {
  it('a screen that never asked: state none, nothing else; no report', () => {
    const jobs = new ReportJobs({ store: r.store, worker: false });
    expect(jobs.status({})).toEqual({ id: 0, state: 'none', step: 'counting', hands: null, handsDone: 0, rows: null, stage: null, offThread: false, ms: 0, report: null, error: null });
    expect(jobs.report({})).toBeNull();
  });

  it('answers at once with the report running, then ends done with buildReport\'s figures, the counts and how long it took', async () => {
    let t = 1_000;
    const jobs = new ReportJobs({ store: r.store, worker: false, now: () => t });
    const owner = {};
    const range = { tableId: T };
    expect(jobs.start(owner, range)).toEqual({ id: 1, state: 'running', step: 'counting', hands: null, handsDone: 0, rows: null, stage: null, offThread: false, ms: 0, report: null, error: null });
    t = 1_250;
    expect(jobs.status(owner).ms).toBe(250);
    expect(jobs.report(owner)).toBeNull(); // not done yet
    t = 1_500;
    await turn();
    t = 9_000; // read later: the time it took stays
    const done = jobs.status(owner);
    expect(done).toMatchObject({ id: 1, state: 'done', step: 'done', hands: 3, handsDone: 3, rows: events(r.store), offThread: false, ms: 500, error: null });
    expect(done.stage).toEqual({ stage: 'figures', done: 0, total: null, unit: 'records' });
    const expected = buildReport(r.store, range);
    expect(done.report!.totals).toEqual(expected.totals);
    expect(done.report!.tableId).toBe(T);
    expect(jobs.report(owner)).toBe(done.report);
  });

  it('a newer report on the same screen replaces the running one: the next id, the newer range\'s figures', async () => {
    const jobs = new ReportJobs({ store: r.store, worker: false });
    const owner = {};
    const other = {};
    expect(jobs.start(owner, { tableId: T2 })).toMatchObject({ id: 1, state: 'running' });
    expect(jobs.start(other, { tableId: T2 })).toMatchObject({ id: 1, state: 'running' }); // another screen: its own
    expect(jobs.start(owner, { tableId: T })).toMatchObject({ id: 2, state: 'running', step: 'counting' });
    await turn();
    await turn();
    expect(jobs.status(owner)).toMatchObject({ id: 2, state: 'done', hands: 3 });
    expect(jobs.report(owner)!.totals.hands).toBe(3);
    expect(jobs.report(owner)!.tableId).toBe(T);
    expect(jobs.status(other)).toMatchObject({ id: 1, state: 'done', hands: 1 });
    expect(jobs.start(owner, {})).toMatchObject({ id: 3, state: 'running' }); // after a done one: the next id too
    await turn();
    expect(jobs.status(owner)).toMatchObject({ id: 3, state: 'done', hands: 4 });
  });

  it('a report that fails: `report-failed`, the reason in one line, how long it ran; no report', async () => {
    const tmp = rig();
    const logged: string[] = [];
    let t = 5_000;
    const jobs = new ReportJobs({ store: tmp.store, worker: false, now: () => t, log: (l) => logged.push(l) });
    const bare = new ReportJobs({ store: tmp.store, worker: false, now: () => t }); // no log given: still fails cleanly
    const owner = {};
    try {
      jobs.start(owner, {});
      bare.start(owner, {});
      tmp.store.close(); // the database goes away before the report runs
      t = 5_400;
      await turn();
      t = 7_000;
      const error = { code: 'report-failed', message: 'the report could not be made: The database connection is not open' };
      expect(jobs.status(owner)).toMatchObject({ id: 1, state: 'failed', step: 'counting', report: null, ms: 400, error });
      expect(bare.status(owner)).toMatchObject({ state: 'failed', ms: 400, error });
      expect(jobs.report(owner)).toBeNull();
      expect(logged).toEqual(['the report failed: The database connection is not open']);
    } finally {
      tmp.cleanup();
    }
  });

  it('an in-memory or temporary database: made on the table\'s thread (no worker could open it)', async () => {
    for (const path of [':memory:', '']) {
      const store = openStore(path, { clock: () => Date.parse('2025-03-01T20:00:00.000Z') });
      try {
        tableTwo(new TableService(store));
        const jobs = new ReportJobs({ store });
        const owner = {};
        expect(jobs.start(owner, {})).toMatchObject({ state: 'running', offThread: false });
        const done = await settled(jobs, owner);
        expect(done).toMatchObject({ state: 'done', offThread: false, hands: 1 });
        expect(done.report!.totals.hands).toBe(1);
      } finally {
        store.close();
      }
    }
  });

  it('without an injected clock: the time since it was asked, as the wall clock counts it', () => {
    const jobs = new ReportJobs({ store: r.store, worker: false });
    const owner = {};
    const before = Date.now();
    jobs.start(owner, {});
    while (Date.now() < before + 3) { /* the report runs only after this turn */ }
    const s = jobs.status(owner);
    expect(s.state).toBe('running');
    expect(s.ms).toBeGreaterThanOrEqual(2);
    expect(s.ms).toBeLessThanOrEqual(Date.now() - before);
  });
});

describe('ReportJobs in a worker thread', () => {
  it('a file: made off the table\'s thread, buildReport\'s figures, generatedAt the table\'s clock when it was asked', async () => {
    const jobs = new ReportJobs({ store: r.store });
    const owner = {};
    const range = { from: '2025-03-01T00:00:00.000Z', to: '2025-03-02T00:00:00.000Z', tableId: T };
    expect(jobs.start(owner, range)).toMatchObject({ id: 1, state: 'running', step: 'counting', offThread: true, stage: null, hands: null });
    const asked = new Date(r.now).toISOString(); // the rig's clock: read once for the worker
    const done = await settled(jobs, owner);
    expect(done).toMatchObject({ state: 'done', step: 'done', offThread: true, hands: 3, handsDone: 3, rows: events(r.store), error: null });
    expect(done.stage).toMatchObject({ stage: 'figures', total: null, unit: 'records' });
    expect(done.report!.generatedAt).toBe(asked);
    expect(done.report!).toMatchObject({ from: range.from, to: range.to, tableId: T, dealer: null });
    expect(done.report!.totals).toEqual(buildReport(r.store, range).totals);
    expect(jobs.report(owner)).toBe(done.report);
  });

  it('a worker that cannot open the file: `report-failed`, the first line of its reason only', async () => {
    const tmp = rig();
    try {
      tableTwo(tmp.service);
      const jobs = new ReportJobs({ store: tmp.store });
      const owner = {};
      renameSync(tmp.path, `${tmp.path}.moved`); // the worker opens the file by its name: gone
      expect(jobs.start(owner, {})).toMatchObject({ state: 'running', offThread: true });
      const s = await settled(jobs, owner);
      expect(s).toMatchObject({ state: 'failed', offThread: true, report: null });
      expect(s.error).toEqual({ code: 'report-failed', message: `the report could not be made: StoreError: no database at ${tmp.path}` });
      expect(jobs.report(owner)).toBeNull();
    } finally {
      tmp.cleanup();
    }
  });
});
