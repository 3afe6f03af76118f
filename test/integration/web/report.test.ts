// The floor panel's shift report through the terminal's one dispatch (the one both front doors
// call), on a real file a simulation filled (150 hands): who may ask (a floor person or an
// auditor signed in on the screen; a dealer and nobody are refused `not-allowed`), the reply
// at once with the report running off the table's thread, how far it got while the table
// answers, and the figures, CSV and PDF equal to `buildReport`'s on the same file and range.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportFileView, ReportJobView } from '../../../app/contract/report';
import { buildReport, reportCsv } from '../../../app/services/report';
import { ReportJobs } from '../../../app/services/report-job';
import { openStore } from '../../../app/services/store';
import type { Terminal } from '../../../app/terminal/terminal';
import { STAFF, credentialOf, databaseWithStaff, type TestPerson } from '../../support/staff';
import { table } from '../../support/table-cli';
import { dealerOn, openSimTerminal, send, sendOk } from './sim-terminal';

const HANDS = 150;
const RANGE = { from: '2000-01-01', to: '2100-12-31' };
/** The range as the service reads it (a date is its whole UTC day, `to` inclusive). */
const READ = { from: '2000-01-01T00:00:00.000Z', to: '2101-01-01T00:00:00.000Z', tableId: 'T1' };

let dir: string;
let db: string;
let terminal: Terminal;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cpt-report-request-'));
  db = join(dir, 'terminal.db');
  databaseWithStaff(db);
  const sim = await table('simulate', '--db', db, '--hands', String(HANDS), '--seed', '11', '--table-id', 'T1');
  expect(sim.code, sim.stderr).toBe(0);
  terminal = await openSimTerminal(3, ['--db', db]);
}, 180_000);
afterAll(async () => {
  await terminal?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Asks for this screen's report until it is no longer running; every status seen, in order. */
async function untilDone(screen: ReturnType<Terminal['openScreen']>): Promise<ReportJobView[]> {
  const seen: ReportJobView[] = [];
  const deadline = Date.now() + 60_000;
  for (;;) {
    const r = await screen.request('reportStatus', {});
    if (!r.ok) throw new Error(r.error.message);
    const s = r.value as ReportJobView;
    seen.push(s);
    if (s.state !== 'running') return seen;
    if (Date.now() > deadline) throw new Error('the report never finished');
    await new Promise((res) => setTimeout(res, 10));
  }
}

async function floorScreen(person: TestPerson = STAFF.floor, purpose = 'floor-action') {
  const screen = terminal.openScreen('report-test');
  const r = await screen.request('signIn', { person: credentialOf(person), purpose });
  if (!r.ok) throw new Error(r.error.message);
  return screen;
}

describe('the shift report on the floor panel', () => {
  it('is refused to nobody and to a dealer (`not-allowed`), before anything runs', async () => {
    const nobody = terminal.openScreen('nobody');
    for (const [name, args] of [['tableReport', RANGE], ['reportStatus', {}], ['reportFile', { format: 'csv' }]] as const) {
      const r = await nobody.request(name, args);
      expect(r).toMatchObject({ ok: false, error: { code: 'not-allowed', message: expect.stringMatching(/floor person or an auditor/) } });
    }
    await dealerOn(terminal);
    const r = await send(terminal, 'tableReport', RANGE);
    expect(r).toMatchObject({ ok: false, error: { code: 'not-allowed' } });
    await sendOk(terminal, 'dealerOff');
    // Refused arguments are refused in words, naming the field.
    const floor = await floorScreen();
    expect(await floor.request('tableReport', { from: 'monday', to: '2025-03-01' })).toMatchObject({ ok: false, error: { code: 'bad-time', path: 'from' } });
    expect(await floor.request('tableReport', { from: '2025-02-30', to: '2025-03-01' })).toMatchObject({ ok: false, error: { code: 'bad-time', path: 'from' } });
    expect(await floor.request('tableReport', { from: '2025-03-02T00:00:00Z', to: '2025-03-01T00:00:00Z' })).toMatchObject({ ok: false, error: { code: 'bad-range', path: 'to' } });
    expect(await floor.request('reportFile', { format: 'csv' })).toMatchObject({ ok: false, error: { code: 'no-report' } });
    expect(await floor.request('reportStatus', {})).toMatchObject({ ok: true, value: { id: 0, state: 'none', report: null } });
  });

  it('answers at once with the report running off the table\'s thread, says how far it got while the table answers, then gives buildReport\'s figures', async () => {
    const screen = await floorScreen();
    const expected0 = (() => {
      const store = openStore(db, { readonly: true });
      try {
        return buildReport(store, READ);
      } finally {
        store.close();
      }
    })();
    const asked = await screen.request('tableReport', RANGE);
    expect(asked.ok).toBe(true);
    const first = (asked as { value: ReportJobView }).value;
    // The reply comes before the report is made: running, nothing read yet.
    expect(first).toMatchObject({ id: 1, state: 'running', step: 'counting', hands: null, report: null, offThread: true });
    // The table answers meanwhile (its thread is not the report's).
    const snapshot = await screen.request('snapshot', {});
    expect(snapshot.ok).toBe(true);
    const seen = await untilDone(screen);
    const last = seen.at(-1)!;
    expect(last.state, JSON.stringify(last.error)).toBe('done');
    // The steps go forward only; once counted, the hands and rows are the file's.
    const order = ['counting', 'reading', 'done'];
    const steps = seen.map((s) => order.indexOf(s.step));
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(last).toMatchObject({ step: 'done', hands: HANDS, handsDone: HANDS, offThread: true });
    // The report's own stages reached the screen, in order, the last one being its figures.
    const stages = seen.flatMap((x) => (x.stage ? [x.stage.stage] : [])).filter((x, i, all) => all[i - 1] !== x);
    const known = ['read', 'chain', 'figures'];
    expect(stages.filter((x) => known.includes(x))).toEqual(known.filter((x) => stages.includes(x)));
    expect(last.stage).toMatchObject({ stage: 'figures' });
    for (const x of seen) if (x.stage?.stage === 'chain') expect(x.stage.total).toBe(expected0.chain.rows);
    expect(last.ms).toBeGreaterThanOrEqual(0);

    const store = openStore(db, { readonly: true });
    try {
      const expected = buildReport(store, READ);
      expect(last.rows).toBe(expected.chain.rows);
      const got = last.report!;
      expect(got.totals).toEqual(expected.totals);
      expect(got.dealers).toEqual(expected.dealers);
      expect(got.chain).toEqual({ ok: true, rows: expected.chain.rows, problems: [] });
      expect(got).toMatchObject({ from: READ.from, to: READ.to, tableId: 'T1', dealer: null });
      expect(got.totals.hands).toBe(HANDS);
      expect(got.totals.seats.length).toBeGreaterThan(0);

      // The CSV is the report's (`table report --format csv`), the PDF a PDF.
      const csv = await screen.request('reportFile', { format: 'csv' });
      const file = (csv as { value: ReportFileView }).value;
      expect(file).toMatchObject({ name: 'report-T1-2000-01-01-2101-01-01.csv', type: 'text/csv' });
      const withoutTime = (text: string) => text.split('\r\n').filter((l) => !l.startsWith('report,,generatedAt,'));
      expect(withoutTime(Buffer.from(file.base64, 'base64').toString())).toEqual(withoutTime(reportCsv(expected)));
      const pdf = await screen.request('reportFile', { format: 'pdf' });
      expect(Buffer.from((pdf as { value: ReportFileView }).value.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      store.close();
    }
  });

  it('takes an auditor; one dealer\'s report counts his hands; a newer report replaces the running one', async () => {
    const screen = await floorScreen(STAFF.auditor, 'audit');
    const store = openStore(db, { readonly: true });
    try {
      const dealer = buildReport(store, READ).dealers[0]!.dealer;
      const r1 = await screen.request('tableReport', RANGE);
      const r2 = await screen.request('tableReport', { ...RANGE, dealer });
      expect(r1).toMatchObject({ ok: true, value: { id: 1, state: 'running' } });
      expect(r2).toMatchObject({ ok: true, value: { id: 2, state: 'running' } });
      const last = (await untilDone(screen)).at(-1)!;
      expect(last).toMatchObject({ id: 2, state: 'done' });
      const expected = buildReport(store, { ...READ, dealer });
      expect(last.report!.totals).toEqual(expected.totals);
      expect(last.report!.dealer).toBe(dealer);
      expect(last.hands).toBe(expected.totals.hands);
    } finally {
      store.close();
    }
  });

  it('where no worker can run, is made on the table\'s thread after the reply, with the same figures', async () => {
    const store = openStore(db, { readonly: true });
    try {
      const jobs = new ReportJobs({ store, worker: false });
      const owner = {};
      expect(jobs.status(owner)).toMatchObject({ state: 'none' });
      expect(jobs.start(owner, READ)).toMatchObject({ state: 'running', step: 'counting', offThread: false });
      await new Promise((res) => setImmediate(res));
      await new Promise((res) => setImmediate(res));
      const done = jobs.status(owner);
      expect(done).toMatchObject({ state: 'done', offThread: false, hands: HANDS, stage: { stage: 'figures' } });
      expect(done.report!.totals).toEqual(buildReport(store, READ).totals);
      expect(jobs.report(owner)).toBe(done.report);
    } finally {
      store.close();
    }
  });
});
