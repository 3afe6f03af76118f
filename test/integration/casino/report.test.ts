/**
 * `casino report` and the Reports request of `casino serve` over a real PostgreSQL: three
 * tables forwarding (each its own file), the floor's report read from their central copies:
 * each table's figures equal the table's own `table report` on its file, the floor's totals
 * their sums; the PDF (the floor first, then a section per table) rendered by poppler; the
 * CSV's rows; the refusals (one line, exit 2); the serve request refused without a signed-in
 * floor person or auditor, and its file equal to the command's.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestSocket } from '../../support/ws-client';
import { CentralSession } from '../../../app/casino/central';
import { parseCentralUrl } from '../../../app/casino/central-url';
import type { FloorReport } from '../../../app/casino/floor-report';
import { Forwarder } from '../../../app/casino/forwarder';
import { startCasinoServer, type CasinoServer } from '../../../app/casino/serve';
import { tableLogOf } from '../../../app/casino/table-log';
import { unwrap } from '../../../app/domain/result';
import type { Figures, Report } from '../../../app/services/report';
import { openStore, type Store } from '../../../app/services/store';
import { TableService } from '../../../app/services/table-service';
import { databaseWithStaff, STAFF } from '../../support/staff';
import { table as tableCli } from '../../support/table-cli';
import type { PgCluster } from '../../support/postgres';
import { tempFolder } from '../store/temp';
import { casino, centralServer, dealHands, until } from './helpers';

interface Table { id: string; db: string; store: Store; forwarder: Forwarder }

let cluster: PgCluster;
let url: string;
let tmp: ReturnType<typeof tempFolder>;
const tables: Table[] = [];
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const FROM = day(-1);
const TO = day(1);

beforeAll(async () => {
  tmp = tempFolder('cp-casino-report-');
  ({ cluster, url } = await centralServer('reports'));
  const central = unwrap(parseCentralUrl(url));
  for (const [id, hands, seed] of [['T1', 2, 21], ['T2', 3, 22], ['T3', 1, 23]] as const) {
    const db = join(tmp.dir, `${id}.db`);
    const store = openStore(db);
    const service = new TableService(store);
    const forwarder = new Forwarder(unwrap(tableLogOf(store)), () => CentralSession.open(central), { pollMs: 20, firstRetryMs: 20, maxRetryMs: 200 });
    service.subscribe(() => forwarder.wake());
    forwarder.start();
    tables.push({ id, db, store, forwarder });
    await dealHands(service, { hands, seed, tableId: id });
  }
  for (const t of tables) await until(`${t.id} forwarded`, () => t.forwarder.state().state === 'connected' && t.forwarder.state().behind === 0);
}, 60_000);

afterAll(async () => {
  for (const t of tables) {
    await t.forwarder.stop();
    t.store.close();
  }
  await cluster?.destroy();
  tmp?.cleanup();
});

/** The table's own `table report` on its file, as JSON. */
async function ownReport(t: Table): Promise<Report> {
  const out = tmp.file(`${t.id}-own.json`);
  const r = await tableCli('report', '--db', t.db, '--from', FROM, '--to', TO, '--format', 'json', '--out', out);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(readFileSync(out, 'utf8')) as Report;
}

/** The figures a report's totals sum (every count and amount, not the span). */
function sums(f: Figures): Record<string, number> {
  return {
    hands: f.hands, played: f.played, misdeals: f.misdeals, voids: f.voids, open: f.open, fouls: f.fouls, surrenders: f.surrenders, allIns: f.allIns,
    payments: f.payments.count, executed: f.payments.executed, moneyMoved: f.payments.amount, pointsWon: f.pointsWon,
    buyIns: f.buyIns.count, buyInsAmount: f.buyIns.amount, cashOuts: f.cashOuts.count, cashOutsAmount: f.cashOuts.amount, drop: f.drop,
    alerts: f.alerts.count, alertsOpen: f.alerts.open, floorActions: f.floorActions.count,
    seatNet: f.seats.reduce((s, x) => s + x.net, 0), playerHands: f.players.reduce((s, x) => s + x.hands, 0),
  };
}

describe('casino report', () => {
  it('per table the figures of the table\'s own report; the floor\'s totals their sums', async () => {
    const out = tmp.file('floor.json');
    const r = await casino('report', '--central', url, '--from', FROM, '--to', TO, '--format', 'json', '--out', out);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const floor = JSON.parse(readFileSync(out, 'utf8')) as FloorReport;
    expect(floor.tables.map((t) => t.tableId)).toEqual(['T1', 'T2', 'T3']);
    expect(floor.central).toBe(unwrap(parseCentralUrl(url)).shown); // the URL as shown, never a password
    const own = await Promise.all(tables.map(ownReport));
    const want: Record<string, number> = {};
    own.forEach((o, i) => {
      const mine = floor.tables[i].report;
      expect(mine.tableId).toBe(tables[i].id);
      // Every figure the table's own report gives, from the central copy.
      expect(mine.totals).toEqual(o.totals);
      expect(mine.tables).toEqual(o.tables);
      expect(mine.dealers).toEqual(o.dealers);
      expect(mine.alerts).toEqual(o.alerts);
      expect(mine.floorActions).toEqual(o.floorActions);
      expect(mine.chain).toEqual(o.chain);
      expect(mine.log).toEqual(o.log);
      for (const [k, v] of Object.entries(sums(o.totals))) want[k] = (want[k] ?? 0) + v;
    });
    expect(own.map((o) => o.totals.hands)).toEqual([2, 3, 1]);
    expect(sums(floor.floor.totals)).toEqual(want);
    expect(floor.floor.tables.map((t) => t.tableId)).toEqual(['T1', 'T2', 'T3']);
    expect(floor.floor.chain.ok).toBe(true);
    expect(floor.floor.chain.rows).toBe(own.reduce((s, o) => s + o.chain.rows, 0));
    // Hands per hour over the floor: every hand over the span from the first start to the last end.
    const first = own.map((o) => o.totals.firstStart!).sort()[0];
    const last = own.map((o) => o.totals.lastEnd!).sort().at(-1)!;
    expect(floor.floor.totals.firstStart).toBe(first);
    expect(floor.floor.totals.lastEnd).toBe(last);
    const hours = Math.max(60_000, Date.parse(last) - Date.parse(first)) / 3_600_000;
    expect(floor.floor.totals.handsPerHour).toBe(Math.round((6 / hours) * 100) / 100);
    expect(floor.floor.totals.byHour.reduce((s, h) => s + h.hands, 0)).toBe(6);
  });

  it('--table keeps the tables named; the CSV has the floor\'s rows and each table\'s', async () => {
    const out = tmp.file('two.csv');
    const r = await casino('report', '--central', url, '--from', FROM, '--to', TO, '--table', 'T3', '--table', 'T1', '--format', 'csv', '--out', out);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = readFileSync(out, 'utf8').split('\r\n');
    expect(lines[0]).toBe('terminal,table,scope,id,figure,key,value');
    const hands = (table: string) => lines.find((l) => l.split(',')[1] === table && l.split(',')[2] === 'total' && l.split(',')[4] === 'hands')?.split(',')[6];
    expect([hands('floor'), hands('T1'), hands('T3'), hands('T2')]).toEqual(['3', '2', '1', undefined]);
  });

  it('the PDF: the floor first, then a section per table, each table id found by pdftotext', async () => {
    const out = tmp.file('floor.pdf');
    const r = await casino('report', '--central', url, '--from', FROM, '--to', TO, '--format', 'pdf', '--out', out);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const words = execFileSync('pdftotext', ['-layout', out, '-'], { encoding: 'utf8' });
    expect(words.indexOf('Floor report')).toBeGreaterThanOrEqual(0);
    expect(words).toContain('Table: tables T1, T2, T3');
    let at = words.indexOf('Floor report');
    for (const t of tables) {
      const section = words.indexOf(`Table ${t.id} (table database`, at);
      expect(section, t.id).toBeGreaterThan(at);
      expect(words.indexOf(`Table: table ${t.id}`, section)).toBeGreaterThan(section);
      at = section;
    }
    execFileSync('pdftoppm', ['-r', '30', '-png', out, tmp.file('floor-page')]);
    const pages = readdirSync(tmp.dir).filter((f) => f.startsWith('floor-page') && f.endsWith('.png'));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(words).toContain(`page ${pages.length} of ${pages.length}`);
  });

  it('refuses bad input and an unreachable server: one line naming it, exit 2', async () => {
    const out = tmp.file('x.json');
    const cases: [string[], RegExp][] = [
      [['--format', 'xlsx', '--out', out], /^casino: --format must be json, csv or pdf, not "xlsx"\n$/],
      [['--format', 'json'], /^casino: report: --out is required/],
      [['--format', 'json', '--out', join(tmp.dir, 'no', 'x.json')], /^casino: --out .*: the directory .* does not exist\n$/],
      [['--format', 'json', '--out', out, '--table', 'T9'], /^casino: --table T9: the central server .* holds no row of table "T9"\n$/],
    ];
    for (const [args, message] of cases) {
      const r = await casino('report', '--central', url, '--from', FROM, '--to', TO, ...args);
      expect(r.stderr, args.join(' ')).toMatch(message);
      expect(r.code).toBe(2);
    }
    const badDate = await casino('report', '--central', url, '--from', 'monday', '--to', TO, '--format', 'json', '--out', out);
    expect(badDate.stderr).toBe('casino: --from must be a date (2025-03-01) or an ISO time with a zone, not "monday"\n');
    expect(badDate.code).toBe(2);
    const down = await casino('report', '--central', `postgres://casino:secret@${'127.0.0.1'}:1/casino`, '--from', FROM, '--to', TO, '--format', 'json', '--out', out);
    expect(down.stderr).toMatch(/^casino: cannot reach the central server postgres:\/\/casino:\*\*\*@127\.0\.0\.1:1\/casino: [^\n]*\n$/);
    expect(down.code).toBe(2);
  });
});

describe('casino serve: the Reports request', () => {
  let server: CasinoServer;
  beforeAll(async () => {
    const staffDb = join(tmp.dir, 'casino-staff.db');
    databaseWithStaff(staffDb);
    const s = await startCasinoServer({ central: unwrap(parseCentralUrl(url)), staffDb, pollMs: 100 });
    if (!s.ok) throw new Error(s.error.message);
    server = s.value;
  });
  afterAll(async () => {
    await server?.close();
  });

  const socket = () => requestSocket(server.url);

  it('is refused without a floor person or an auditor signed in, then gives the file', async () => {
    const c = await socket();
    try {
      const args = { from: FROM, to: TO, format: 'json' };
      const nobody = await c.ask('report', args);
      expect(!nobody.ok && nobody.error.code).toBe('not-signed-in');
      const dealer = await c.ask('signIn', { staffId: STAFF.dealer.staffId, pin: STAFF.dealer.pin });
      expect(!dealer.ok && dealer.error.code).toBe('not-allowed');
      expect((await c.ask('report', args)).ok).toBe(false);
      expect((await c.ask('signIn', { staffId: STAFF.auditor.staffId, pin: STAFF.auditor.pin })).ok).toBe(true);
      const bad = await c.ask('report', { ...args, format: 'xlsx' });
      expect(!bad.ok && bad.error.code).toBe('bad-args');
      const r = await c.ask<{ name: string; type: string; base64: string }>('report', { ...args, tableIds: ['T2'] });
      if (!r.ok) throw new Error(r.error.message);
      expect(r.value.type).toBe('application/json');
      expect(r.value.name).toMatch(/^floor-report-.*\.json$/);
      const floor = JSON.parse(Buffer.from(r.value.base64, 'base64').toString('utf8')) as FloorReport;
      expect(floor.tables.map((t) => t.tableId)).toEqual(['T2']);
      expect(floor.floor.totals.hands).toBe(3);
      const pdf = await c.ask<{ base64: string }>('report', { ...args, format: 'pdf' });
      expect(pdf.ok && Buffer.from(pdf.value.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
      expect((await c.ask('signOut')).ok).toBe(true);
      const after = await c.ask('report', args);
      expect(!after.ok && after.error.code).toBe('not-signed-in');
    } finally {
      c.close();
    }
  });
});
