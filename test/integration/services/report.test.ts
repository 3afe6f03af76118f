/**
 * The shift report (`buildReport`, `table report`) and the export's new records: a shift on a
 * real file with played hands over two hours, misdeals of two causes (the terminal's and the
 * floor's), a void, a second dealer, buy-ins, a cash-out and alerts acknowledged after a while.
 * The report's figures are checked against an independent count (the export's rows, the
 * events), its CSV's columns, its PDF rendered with poppler (pages, pixels where the charts
 * are, the header's words), and the command's refusals.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCsv, exportJson, LEDGER_CSV_COLUMNS, ALERT_CSV_COLUMNS, FLOOR_CSV_COLUMNS, CSV_COLUMNS } from '../../../app/services/export';
import { buildReport, REPORT_CSV_COLUMNS, reportCsv, reportJson, reportPdf, type Report } from '../../../app/services/report';
import { pixel, readPng, type PNG } from '../../support/png';
import { table } from '../../support/table-cli';
import { tempFolder } from '../store/temp';
import { attachShoe, must, openTable, playHand, rig, T, type Rig } from './helpers';

let r: Rig;
const tmp = tempFolder('cp-report-');
const RANGE = { from: '2025-03-01T00:00:00.000Z', to: '2025-03-02T00:00:00.000Z' };
const CZECH = 'Řehoř Šťastný';

beforeAll(async () => {
  r = rig({ start: '2025-03-01T20:00:00.000Z' });
  openTable(r.service, { 1: 5000, 2: 5000, 3: 5000 });
  must(r.service.seatPlayer({ tableId: T, seat: 4, playerId: 'p4', name: CZECH, buyIn: 5000 }));
  const { shoe } = await attachShoe(r.service);
  await playHand(r.service, shoe, 11);
  await playHand(r.service, shoe, 12);
  // The terminal's misdeal (an unreadable card) and the floor's.
  must(r.service.startHand({ tableId: T }));
  must(r.service.cardUnreadable({ tableId: T }));
  must(r.service.startHand({ tableId: T }));
  must(r.service.callMisdeal({ tableId: T, cause: 'floor-ruling', floor: 'Jana', detail: 'cards flashed' }));
  r.now += 90_000; // the floor comes a minute and a half later
  for (const a of r.service.alerts()) must(r.service.acknowledgeAlert({ alertId: a.id, by: 'Jana', note: 'redealt', as: 'floor' }));
  r.now += 3_600_000; // the next hour
  await playHand(r.service, shoe, 13);
  must(r.service.startHand({ tableId: T }));
  must(r.service.voidHand({ tableId: T, floor: 'Jana', reason: 'a player was seated late' }));
  must(r.service.buyIn({ tableId: T, seat: 1, amount: 1000 }));
  must(r.service.dealerOff({ tableId: T }));
  must(r.service.dealerOn({ tableId: T, dealer: 'Petr' }));
  await playHand(r.service, shoe, 14);
  must(r.service.leaveSeat({ tableId: T, seat: 3 }));
});
afterAll(() => {
  r.cleanup();
  tmp.cleanup();
});

interface ExportJson {
  hands: { handId: string; outcome: string; dealer: string; misdealCause: string | null; startedAt: string;
    seats: { seat: number; player: string; points: number | null; net: number | null; fouled: boolean; natural: string | null; surrendered: boolean }[];
    payments: { from: number; to: number; amount: number }[]; result?: { allIn: number[] } }[];
  ledger: { kind: string; amount: number; seat: number }[];
  alerts: { id: number; ackSeconds: number | null; kind: string }[];
  floorActions: { type: string; row: number }[];
}

function exported(range: { from?: string; to?: string; tableId?: string } = RANGE): ExportJson {
  return JSON.parse(exportJson(r.store, range)) as ExportJson;
}

describe('export: the new kinds of record', () => {
  it('JSON carries the buy-ins, cash-outs, alerts and floor actions; the range may be left open', () => {
    const e = exported();
    expect(e.ledger.map((l) => [l.kind, l.seat, l.amount])).toEqual([
      ['buy-in', 1, 5000], ['buy-in', 2, 5000], ['buy-in', 3, 5000], ['buy-in', 4, 5000], ['short-buy-in', 1, 1000], ['cash-out', 3, expect.any(Number)],
    ]);
    const stack3 = r.store.db.prepare("SELECT stack_after FROM hand_seats WHERE seat = 3 ORDER BY rowid DESC LIMIT 1").pluck().get() as number;
    expect(e.ledger.at(-1)!.amount).toBe(stack3);
    expect(e.alerts.length).toBe(2);
    expect(e.alerts.every((a) => a.ackSeconds !== null && a.ackSeconds >= 90)).toBe(true);
    expect(e.floorActions.map((f) => f.type)).toEqual(['misdeal-called', 'hand-voided']);
    const open = JSON.parse(exportJson(r.store, {})) as ExportJson & { from: null; to: null };
    expect([open.from, open.to]).toEqual([null, null]);
    expect(open.hands).toEqual(e.hands);
    expect(open.ledger).toEqual(e.ledger);
    expect(exported({ from: RANGE.from }).hands).toEqual(e.hands);
    expect(exported({ from: '2025-03-02T00:00:00.000Z' })).toMatchObject({ hands: [], ledger: [], alerts: [], floorActions: [] });
  });

  it('CSV: the hands file as before; one file per new kind, each with its columns', () => {
    const hands = exportCsv(r.store, RANGE);
    expect(hands.split('\r\n')[0]).toBe(CSV_COLUMNS.join(','));
    expect(exportCsv(r.store, RANGE, 'hands')).toBe(hands);
    const ledger = exportCsv(r.store, RANGE, 'ledger').trimEnd().split('\r\n');
    expect(ledger[0]).toBe(LEDGER_CSV_COLUMNS.join(','));
    expect(ledger.slice(1).map((l) => l.split(',')[0])).toEqual(['buy-in', 'buy-in', 'buy-in', 'buy-in', 'short-buy-in', 'cash-out']);
    const alerts = exportCsv(r.store, RANGE, 'alerts').trimEnd().split('\r\n');
    expect(alerts[0]).toBe(ALERT_CSV_COLUMNS.join(','));
    expect(alerts).toHaveLength(3);
    const floor = exportCsv(r.store, RANGE, 'floor-actions').trimEnd().split('\r\n');
    expect(floor[0]).toBe(FLOOR_CSV_COLUMNS.join(','));
    expect(floor.slice(1).map((l) => l.split(',')[5])).toEqual(['misdeal-called', 'hand-voided']);
  });
});

describe('buildReport', () => {
  let report: Report;
  beforeAll(() => {
    report = buildReport(r.store, RANGE);
  });

  it('its totals equal what the export gives for the same range', () => {
    const e = exported();
    const t = report.totals;
    expect(t.hands).toBe(e.hands.length);
    expect(t.played).toBe(e.hands.filter((h) => h.outcome === 'played').length);
    expect([t.played, t.misdeals, t.voids, t.open]).toEqual([4, 2, 1, 0]);
    expect(t.misdealsByCause).toEqual({ 'floor-ruling': 1, 'unreadable-card': 1 });
    const payments = e.hands.flatMap((h) => h.payments);
    expect(t.payments.count).toBe(payments.length);
    expect(t.payments.amount).toBe(payments.reduce((s, p) => s + p.amount, 0));
    expect(t.payments.amount).toBeGreaterThan(0);
    const seats = e.hands.flatMap((h) => h.seats);
    expect(t.fouls).toBe(seats.filter((s) => s.fouled).length);
    expect(t.surrenders).toBe(seats.filter((s) => s.surrendered).length);
    expect(Object.values(t.naturals).reduce((s, n) => s + n, 0)).toBe(seats.filter((s) => s.natural !== null).length);
    expect(t.allIns).toBe(e.hands.reduce((s, h) => s + (h.result?.allIn.length ?? 0), 0));
    for (const seat of t.seats) {
      const mine = seats.filter((s) => s.seat === seat.seat);
      expect([seat.seat, seat.hands, seat.net, seat.points]).toEqual([seat.seat, mine.length, mine.reduce((s, x) => s + (x.net ?? 0), 0), mine.reduce((s, x) => s + (x.points ?? 0), 0)]);
      expect(seat.paid).toBe(payments.filter((p) => p.from === seat.seat).reduce((s, p) => s + p.amount, 0));
    }
    expect(t.seats.reduce((s, x) => s + x.net, 0)).toBe(0);
    expect(t.players.find((p) => p.player === 'p4')!.name).toBe(CZECH);
    expect(t.buyIns).toEqual({ count: 5, amount: 21_000, short: 1 }); // the rebuy of 1000 is below the table's buy-in: short
    expect(t.drop).toBe(21_000);
    expect(t.cashOuts.amount).toBe(e.ledger.find((l) => l.kind === 'cash-out')!.amount);
    expect(t.alerts.count).toBe(e.alerts.length);
    expect(t.alerts.maxAckSeconds).toBe(Math.max(...e.alerts.map((a) => a.ackSeconds!)));
    expect(t.floorActions).toEqual({ count: 2, byType: { 'hand-voided': 1, 'misdeal-called': 1 } });
    expect(report.tables.map((x) => x.tableId)).toEqual([T]);
    expect(report.tables[0].hands).toBe(t.hands);
  });

  it('counts the hands per hour and per dealer from the events', () => {
    const starts = r.store.db.prepare("SELECT recorded_at FROM events WHERE type = 'hand-started' ORDER BY id").pluck().all() as string[];
    const byHour = new Map<string, number>();
    for (const s of starts) byHour.set(s.slice(0, 13), (byHour.get(s.slice(0, 13)) ?? 0) + 1);
    expect(report.totals.byHour).toEqual([...byHour].map(([hour, hands]) => ({ hour, hands })));
    expect(report.totals.byHour.length).toBe(2);
    expect(report.dealers.map((d) => [d.dealer, d.hands])).toEqual([['Eva', 6], ['Petr', 1]]);
    const span = (Date.parse(report.totals.lastEnd!) - Date.parse(report.totals.firstStart!)) / 3_600_000;
    expect(report.totals.handsPerHour).toBeCloseTo(7 / span, 2);
    expect(report.chain).toMatchObject({ ok: true, problems: [] });
    expect(report.chain.lastId).toBe(r.store.db.prepare('SELECT max(id) FROM events').pluck().get());
  });

  it('--dealer: his hands, and what happened while he had the box', () => {
    const petr = buildReport(r.store, { ...RANGE, dealer: 'Petr' });
    expect(petr.totals.hands).toBe(1);
    expect(petr.totals.buyIns.count).toBe(0);
    expect(petr.totals.cashOuts.count).toBe(1);
    expect(petr.totals.floorActions.count).toBe(0);
    const eva = buildReport(r.store, { ...RANGE, dealer: 'Eva' });
    expect(eva.totals.hands).toBe(6);
    expect(eva.totals.floorActions.count).toBe(2);
    expect(eva.totals.alerts.count).toBe(2);
  });

  it('CSV: one figure a row, the columns scope,id,figure,key,value', () => {
    const lines = reportCsv(report).trimEnd().split('\r\n');
    expect(lines[0]).toBe(REPORT_CSV_COLUMNS.join(','));
    expect(lines.every((l) => l.split(',').length >= 5)).toBe(true);
    expect(lines).toContain(`total,,hands,,${report.totals.hands}`);
    expect(lines).toContain(`table,${T},misdealsByCause,floor-ruling,1`);
    expect(lines).toContain(`total,,drop,,21000`);
    expect(lines).toContain(`dealer,Petr,hands,,1`);
    expect(lines.filter((l) => l.startsWith('alert,'))).toHaveLength(2);
    expect(JSON.parse(reportJson(report))).toEqual(JSON.parse(JSON.stringify(report)));
  });
});

describe('table report', () => {
  it('writes a PDF of several pages with the charts drawn and the header\'s words in it', async () => {
    const out = tmp.file('report.pdf');
    const ran = await table('report', '--db', r.path, '--from', '2025-03-01', '--to', '2025-03-01', '--table', T, '--format', 'pdf', '--out', out);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toBe('');
    const pdf = readFileSync(out);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const words = execFileSync('pdftotext', ['-layout', out, '-'], { encoding: 'utf8' });
    expect(words).toContain(`Table: table ${T}`);
    expect(words).toContain('Range: 2025-03-01T00:00:00.000Z to 2025-03-02T00:00:00.000Z');
    expect(words).toMatch(/Chain check \(verify-log\): intact \(\d+ rows/);
    expect(words).toContain('Generated at: ');
    expect(words).toContain(CZECH); // DejaVu Sans embedded: the Czech letters are text
    expect(words).toContain('Hands per hour');
    expect(words).toContain('Money per seat');
    expect(words).toContain('Misdeals by cause');
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [out], { encoding: 'utf8' }))![1]);
    expect(pages).toBeGreaterThanOrEqual(2);
    execFileSync('pdftoppm', ['-r', '50', '-png', out, tmp.file('page')]);
    const page = (n: number) => readPng(readFileSync(tmp.file(`page-${n}.png`)));
    // Page 1: the hands-per-hour bars (blue) in the lower half; page 2: money per seat (blue
    // and red) and the misdeals (orange).
    const colored = (png: PNG, y0: number, y1: number, test: (c: [number, number, number]) => boolean) => {
      let n = 0;
      for (let y = Math.floor(png.height * y0); y < png.height * y1; y++) for (let x = 0; x < png.width; x++) if (test(pixel(png, x, y))) n++;
      return n;
    };
    const blue = ([red, g, b]: [number, number, number]) => b > 150 && red < 100 && g < 150;
    const red = ([rr, g, b]: [number, number, number]) => rr > 150 && g < 90 && b < 90;
    const orange = ([rr, g, b]: [number, number, number]) => rr > 180 && g > 110 && g < 170 && b < 60;
    const p1 = page(1);
    const p2 = page(2);
    expect(colored(p1, 0.4, 0.7, blue)).toBeGreaterThan(50);
    expect(colored(p2, 0.05, 0.35, (c) => blue(c) || red(c))).toBeGreaterThan(50);
    expect(colored(p2, 0.35, 0.65, orange)).toBeGreaterThan(50);
    expect(colored(p1, 0, 0.03, (c) => c[0] < 250)).toBe(0); // the margin is blank
  });

  it('writes the JSON and the CSV; the JSON\'s totals are the export\'s', async () => {
    const json = tmp.file('report.json');
    const ran = await table('report', '--db', r.path, '--from', '2025-03-01', '--to', '2025-03-01', '--format', 'json', '--out', json);
    expect(ran.code, ran.stderr).toBe(0);
    const got = JSON.parse(readFileSync(json, 'utf8')) as Report;
    const ex = await table('export', '--db', r.path, '--from', '2025-03-01', '--to', '2025-03-01', '--format', 'json');
    const e = JSON.parse(ex.stdout) as ExportJson;
    expect(got.totals.hands).toBe(e.hands.length);
    expect(got.totals.payments.amount).toBe(e.hands.flatMap((h) => h.payments).reduce((s, p) => s + p.amount, 0));
    expect(got.totals.buyIns.count + got.totals.cashOuts.count).toBe(e.ledger.length);
    expect(got.totals.alerts.count).toBe(e.alerts.length);
    expect(got.totals.floorActions.count).toBe(e.floorActions.length);
    const csv = tmp.file('report.csv');
    expect((await table('report', '--db', r.path, '--from', '2025-03-01', '--to', '2025-03-01', '--dealer', 'Petr', '--format', 'csv', '--out', csv)).code).toBe(0);
    expect(readFileSync(csv, 'utf8')).toContain('total,,hands,,1\r\n');
  });

  it('export: --from and --to may be left out; --records picks the CSV file', async () => {
    const all = await table('export', '--db', r.path, '--format', 'json');
    expect(all.code, all.stderr).toBe(0);
    expect(JSON.parse(all.stdout)).toMatchObject({ from: null, to: null });
    const ledger = await table('export', '--db', r.path, '--format', 'csv', '--records', 'ledger');
    expect(ledger.stdout.split('\r\n')[0]).toBe(LEDGER_CSV_COLUMNS.join(','));
    const bad = await table('export', '--db', r.path, '--format', 'csv', '--records', 'chips');
    expect([bad.code, bad.stderr]).toEqual([2, 'table: --records must be hands, ledger, alerts, floor-actions, not "chips"\n']);
  });

  const args = (over: Record<string, string | null>) => {
    const base: Record<string, string | null> = { db: 'R', from: '2025-03-01', to: '2025-03-01', format: 'pdf', out: tmp.file('x.pdf'), ...over };
    return Object.entries(base).flatMap(([k, v]) => (v === null ? [] : [`--${k}`, k === 'db' ? r.path : v]));
  };
  it.each([
    ['a bad date', { from: 'monday' }, 'table: --from must be a date (2025-03-01) or an ISO time with a zone, not "monday"'],
    ['a date that does not exist', { to: '2025-02-30' }, 'table: --to must be a date (2025-03-01) or an ISO time with a zone, not "2025-02-30"'],
    ['a missing --out', { out: null }, 'table: report: --out is required (the file the report is written to)'],
    ['a missing --from', { from: null }, 'table: report: --from is required (a date or an ISO time)'],
    ['an unknown format', { format: 'xlsx' }, 'table: --format must be json, csv or pdf, not "xlsx"'],
    ['an --out in no directory', { out: '/no/dir/r.pdf' }, 'table: --out /no/dir/r.pdf: the directory /no/dir does not exist'],
  ])('%s: one line naming the flag, exit 2', async (_, over, line) => {
    const ran = await table('report', ...args(over));
    expect([ran.code, ran.stderr, ran.stdout]).toEqual([2, `${line}\n`, '']);
  });

  it('DejaVu Sans is installed here (the CI installs fonts-dejavu-core): without it the PDF says Helvetica was used', async () => {
    expect(existsSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf')).toBe(true);
    const pdf = await reportPdf(buildReport(r.store, RANGE), { fontDir: tmp.file('no-fonts') });
    const path = tmp.file('helvetica.pdf');
    (await import('node:fs')).writeFileSync(path, pdf);
    expect(execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' })).toContain('Helvetica used');
  });
});
