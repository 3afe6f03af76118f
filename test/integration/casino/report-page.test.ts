/**
 * The Reports tab of `casino serve` in Chromium, over a real PostgreSQL: two tables forwarding,
 * a floor person signed in, a range shown: the three charts (hands per hour, money per seat,
 * misdeals by cause) drawn by Chart.js with the floor report's figures, the table of figures
 * per table and for the whole floor, in English and Czech, with screenshots; Chart.js served
 * behind the page's token like the page's own files; `reportView` refused to nobody.
 */
import { mkdirSync } from 'node:fs';
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
import { openStore, type Store } from '../../../app/services/store';
import { TableService } from '../../../app/services/table-service';
import { databaseWithStaff, STAFF } from '../../support/staff';
import type { PgCluster } from '../../support/postgres';
import { launchBrowser, SCREENSHOTS } from '../../e2e/harness';
import { tempFolder } from '../store/temp';
import { centralServer, dealHands, until } from './helpers';

let cluster: PgCluster;
let url: string;
let tmp: ReturnType<typeof tempFolder>;
let server: CasinoServer;
const tables: { store: Store; forwarder: Forwarder }[] = [];
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const FROM = day(-1);
const TO = day(1);

beforeAll(async () => {
  tmp = tempFolder('cp-casino-report-page-');
  ({ cluster, url } = await centralServer('report_page'));
  const central = unwrap(parseCentralUrl(url));
  for (const [id, hands, seed] of [['T1', 14, 31], ['T2', 10, 32]] as const) {
    const store = openStore(join(tmp.dir, `${id}.db`));
    const service = new TableService(store);
    const forwarder = new Forwarder(unwrap(tableLogOf(store)), () => CentralSession.open(central), { pollMs: 20, firstRetryMs: 20, maxRetryMs: 200 });
    service.subscribe(() => forwarder.wake());
    forwarder.start();
    tables.push({ store, forwarder });
    await dealHands(service, { hands, seed, tableId: id });
  }
  for (const t of tables) await until('forwarded', () => t.forwarder.state().state === 'connected' && t.forwarder.state().behind === 0);
  const staffDb = join(tmp.dir, 'casino-staff.db');
  databaseWithStaff(staffDb);
  server = unwrap(await startCasinoServer({ central, staffDb, pollMs: 100 }));
}, 120_000);

afterAll(async () => {
  await server?.close();
  for (const t of tables) {
    await t.forwarder.stop();
    t.store.close();
  }
  await cluster?.destroy();
  tmp?.cleanup();
});

describe('the Reports tab of casino serve', () => {
  it('serves Chart.js behind the token; refuses reportView to nobody and checks its range', async () => {
    const base = new URL(server.url);
    expect((await fetch(`${base.origin}/chart.umd.min.js`)).status).toBe(401);
    const withToken = await fetch(`${base.origin}/chart.umd.min.js${base.search}`);
    expect(withToken.status).toBe(200);
    expect(withToken.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await withToken.text()).toMatch(/Chart\.js v4\.6\.1/);
    const s = await requestSocket(server.url);
    try {
      expect(await s.ask('reportView', { from: FROM, to: TO })).toMatchObject({ ok: false, error: { code: 'not-signed-in' } });
      expect((await s.ask('signIn', { staffId: STAFF.floor.staffId, pin: STAFF.floor.pin })).ok).toBe(true);
      expect(await s.ask('reportView', { from: TO, to: FROM })).toMatchObject({ ok: false, error: { code: 'bad-args', path: 'to' } });
      expect(await s.ask('reportView', { from: FROM, to: TO, format: 'pdf' })).toMatchObject({ ok: false, error: { code: 'bad-args', path: 'format' } });
    } finally {
      s.close();
    }
  });

  it('shows the charts and the figures of a range in Chromium, in English and Czech', async () => {
    const s = await requestSocket(server.url);
    let report: FloorReport;
    try {
      expect((await s.ask('signIn', { staffId: STAFF.auditor.staffId, pin: STAFF.auditor.pin })).ok).toBe(true);
      const r = await s.ask<FloorReport>('reportView', { from: FROM, to: TO });
      if (!r.ok) throw new Error(r.error.message);
      report = r.value;
    } finally {
      s.close();
    }
    expect(report.tables.map((t) => t.tableId)).toEqual(['T1', 'T2']);
    expect(report.floor.totals.hands).toBe(24);

    const browser = await launchBrowser();
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
      page.setDefaultTimeout(10_000);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(server.url);
      await page.fill('#staff-id', STAFF.floor.staffId);
      await page.fill('#pin', STAFF.floor.pin);
      await page.click('#signin-button');
      await page.click('#tab-reports');
      await page.fill('#report-from', FROM);
      await page.fill('#report-to', TO);
      await page.click('#report-show');
      await page.waitForSelector('#report-rows tr.floor').catch((e: Error) => {
        throw new Error(`${e.message}: ${errors.join('; ')}`);
      });
      expect(errors).toEqual([]);

      // Each chart is a Chart.js chart holding the report's figures, and its canvas is drawn.
      const charts = await page.evaluate(() => {
        const C = (window as unknown as { Chart: { getChart(c: HTMLCanvasElement): { data: { labels: string[]; datasets: { label: string; data: number[] }[] } } | undefined } }).Chart;
        const out: Record<string, { labels: string[]; datasets: { label: string; data: number[] }[]; painted: number }> = {};
        for (const id of ['chart-hours', 'chart-money', 'chart-misdeals']) {
          const canvas = document.getElementById(id) as HTMLCanvasElement;
          const chart = C.getChart(canvas)!;
          const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
          let painted = 0;
          for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) painted++;
          out[id] = { labels: [...chart.data.labels], datasets: chart.data.datasets.map((d) => ({ label: d.label, data: [...d.data] })), painted };
        }
        return out;
      });
      const byTable = (f: (t: FloorReport['tables'][number]) => number[]) => report.tables.map((t) => ({ label: t.tableId, data: f(t) }));
      const hours = report.floor.totals.byHour.map((h) => h.hour);
      expect(charts['chart-hours'].labels).toHaveLength(hours.length);
      expect(charts['chart-hours'].datasets).toEqual(byTable((t) => hours.map((h) => t.report.totals.byHour.find((x) => x.hour === h)?.hands ?? 0)));
      // Stacked per table, the bars add up to the floor's hands.
      expect(charts['chart-hours'].datasets.flatMap((d) => d.data).reduce((a, b) => a + b, 0)).toBe(report.floor.totals.hands);
      expect(charts['chart-money'].labels).toEqual(['Seat 1', 'Seat 2', 'Seat 3', 'Seat 4']);
      expect(charts['chart-money'].datasets).toEqual(byTable((t) => [1, 2, 3, 4].map((n) => (t.report.totals.seats.find((x) => x.seat === n)?.net ?? 0) / 100)));
      const causes = Object.keys(report.floor.totals.misdealsByCause);
      expect(charts['chart-misdeals'].labels).toEqual(causes);
      expect(charts['chart-misdeals'].datasets).toEqual(byTable((t) => causes.map((c) => t.report.totals.misdealsByCause[c] ?? 0)));
      for (const id of ['chart-hours', 'chart-money', 'chart-misdeals']) expect(charts[id].painted, id).toBeGreaterThan(1000);

      // The figures: a row per table and the whole floor's, as the report gives them.
      const cells = (sel: string) => page.locator(`${sel} td`).allInnerTexts();
      expect((await cells('#report-rows tr[data-table="T1"]')).slice(0, 4)).toEqual(['T1', String(report.tables[0].report.totals.hands), String(report.tables[0].report.totals.handsPerHour), String(report.tables[0].report.totals.misdeals)]);
      expect((await cells('#report-rows tr.floor')).slice(0, 2)).toEqual(['Whole floor', String(report.floor.totals.hands)]);
      expect(await page.textContent('#report-summary')).toContain(`Whole floor: ${report.floor.totals.hands} hands`);
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, '31-casino-report.png'), fullPage: true });

      await page.click('#lang');
      await page.waitForFunction(() => document.documentElement.lang === 'cs' && document.querySelector('figcaption[data-t="chartHours"]')?.textContent === 'Hry za hodinu (UTC)');
      expect(await page.textContent('#report-summary')).toContain(`Celý sál: ${report.floor.totals.hands} her`);
      const money = await page.evaluate(() => (window as unknown as { Chart: { getChart(c: HTMLCanvasElement): { data: { labels: string[] } } } }).Chart.getChart(document.getElementById('chart-money') as HTMLCanvasElement).data.labels);
      expect(money).toEqual(['Místo 1', 'Místo 2', 'Místo 3', 'Místo 4']);
      await page.screenshot({ path: join(SCREENSHOTS, '31-casino-report-cs.png'), fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
