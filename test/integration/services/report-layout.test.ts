/**
 * The report's PDF (`reportPdf`, `reportsPdf`) keeps every word of the record readable: a
 * table cell longer than its column (a floor's reason for a void, a player's long name) wraps
 * within its column and its row grows to fit, so no word is lost, none spills into the next
 * column and none is drawn over another; the running header at the top of every page stays one
 * line, cut with an ellipsis when the scope is long (page 1 says it whole), above the page's
 * body. A real shift on a real file, the PDF made in this process and read back with poppler
 * (`pdftotext -bbox`). Each check here failed on the layout before the fix (a cell written with
 * `lineBreak: false` and a width but no height wraps over the rows under it).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReport, DEJAVU_DIR, reportPdf, reportsPdf, type Report } from '../../../app/services/report';
import { pdfWords, type Box, type Word } from '../../support/pdf-words';
import { pixel, readPng, type PNG } from '../../support/png';
import { tempFolder } from '../store/temp';
import { attachShoe, must, openTable, playHand, rig, T, type Rig } from './helpers';

const RANGE = { from: '2025-03-01T00:00:00.000Z', to: '2025-03-02T00:00:00.000Z' };
/** The floor's reason for the void: far longer than its column is wide. */
const REASON = 'the shoe was opened by a player before the cut and the cards of the whole round were seen by the players at seats two and three, '
  + 'so the floor voided the hand after checking the camera recording with the pit boss on duty, reference number 4471-B';
/** A player's name longer than the per-player table's name column. */
const LONG_NAME = 'Bartholomew Maximilian Vanderbilt-Kowalczyk the Third';

let r: Rig;
let report: Report;
const tmp = tempFolder('cp-report-layout-');

beforeAll(async () => {
  r = rig({ start: '2025-03-01T20:00:00.000Z' });
  openTable(r.service, { 1: 5000, 2: 5000, 3: 5000 });
  must(r.service.seatPlayer({ tableId: T, seat: 4, playerId: 'p4', name: LONG_NAME, buyIn: 5000 }));
  const { shoe } = await attachShoe(r.service);
  await playHand(r.service, shoe, 21);
  must(r.service.startHand({ tableId: T }));
  must(r.service.voidHand({ tableId: T, floor: 'Jana', reason: REASON }));
  // The next floor action: a row under the long one.
  must(r.service.startHand({ tableId: T }));
  must(r.service.callMisdeal({ tableId: T, cause: 'floor-ruling', floor: 'Karel', detail: 'cards flashed' }));
  report = buildReport(r.store, RANGE);
});
afterAll(() => {
  r.cleanup();
  tmp.cleanup();
});

let files = 0;
/** The PDF written to a file of its own in the test folder: its path. */
async function pdfFile(pdf: Promise<Buffer>): Promise<string> {
  const file = tmp.file(`report-${++files}.pdf`);
  writeFileSync(file, await pdf);
  return file;
}
async function wordsOf(pdf: Promise<Buffer>): Promise<Word[]> {
  return pdfWords(await pdfFile(pdf));
}

/** A4 less the report's margins of 40 points: where its tables' columns are. */
const LEFT = 40;
const WIDTH = 595.28 - 80;
/** A4's height; the body ends 50 points above the page's foot, the page number sits 30 above it. */
const HEIGHT = 841.89;
const BOTTOM = HEIGHT - 50;

/** Column `i` of a table whose columns are `widths` (fractions of the width). */
function column(widths: readonly number[], i: number): { x0: number; x1: number } {
  const x0 = LEFT + WIDTH * widths.slice(0, i).reduce((a, b) => a + b, 0);
  return { x0, x1: x0 + WIDTH * widths[i] };
}

/** Two boxes that share more than a hair of area. */
function overlap(a: Box, b: Box): boolean {
  return Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0.5 && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 0.5;
}

/** The words of `text` found in order among `ws`, from `from` on; the words matched. */
function runOf(ws: readonly Word[], text: string, from = 0): Word[] {
  const want = text.split(' ');
  for (let i = from; i < ws.length; i++) {
    if (ws[i].text !== want[0]) continue;
    const got = ws.slice(i, i + want.length);
    if (got.map((w) => w.text).join(' ') === text) return got;
  }
  return [];
}

describe('the report PDF lays out long text without losing or overlapping a word', () => {
  it('a floor reason longer than its column: every word there, in order, within the column, on lines of its own row', async () => {
    const ws = await wordsOf(reportPdf(report));
    const reason = runOf(ws, REASON);
    expect(reason.map((w) => w.text).join(' ')).toBe(REASON);
    // The floor actions' table: row, at, hand, who, what, why.
    const why = column([0.07, 0.18, 0.1, 0.13, 0.3, 0.22], 5);
    for (const w of reason) {
      expect(w.x0, w.text).toBeGreaterThanOrEqual(why.x0);
      expect(w.x1, w.text).toBeLessThanOrEqual(why.x1);
    }
    const lines = [...new Set(reason.map((w) => Math.round(w.y0)))];
    expect(lines.length).toBeGreaterThan(3);
    // The row's other cells start on its first line; the next heading comes below its last.
    const first = Math.min(...reason.map((w) => w.y0));
    const last = Math.max(...reason.map((w) => w.y1));
    const voided = ws.find((w) => w.page === reason[0].page && w.text === 'Jana' && Math.abs(w.y0 - first) < 1);
    expect(voided, 'the person who voided, on the reason\'s first line').toBeDefined();
    const below = ws.filter((w) => w.page === reason[0].page && w.y0 > first + 1 && w.x1 <= why.x0);
    expect(below.some((w) => w.text === 'Karel'), 'the next floor action\'s row').toBe(true);
    expect(below.filter((w) => w.y0 < last).map((w) => w.text), 'words beside the reason\'s later lines').toEqual([]);
  });

  it('a player\'s name longer than its column wraps within it, whole', async () => {
    const ws = await wordsOf(reportPdf(report));
    // Per player: player, name, hands, points, net, paid, received.
    const name = column([0.14, 0.26, 0.1, 0.1, 0.13, 0.13, 0.14], 1);
    const found = runOf(ws, LONG_NAME, ws.findIndex((w) => w.text === 'Per'));
    expect(found.map((w) => w.text).join(' ')).toBe(LONG_NAME);
    for (const w of found) {
      expect(w.x0, w.text).toBeGreaterThanOrEqual(name.x0);
      expect(w.x1, w.text).toBeLessThanOrEqual(name.x1);
    }
    expect(new Set(found.map((w) => Math.round(w.y0))).size).toBeGreaterThan(1);
  });

  it('no word on any page is drawn over another', async () => {
    const ws = await wordsOf(reportPdf(report));
    const pages = [...new Set(ws.map((w) => w.page))];
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const clashes: string[] = [];
    for (const p of pages) {
      const on = ws.filter((w) => w.page === p);
      for (let i = 0; i < on.length; i++) {
        for (let j = i + 1; j < on.length; j++) if (overlap(on[i], on[j])) clashes.push(`page ${p}: "${on[i].text}" and "${on[j].text}"`);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('the running header stays one line above the body, cut with an ellipsis when the scope is long; page 1 says the scope whole', async () => {
    const tables = Array.from({ length: 40 }, (_, i) => ({ ...report.tables[0], tableId: `pit-${String(i + 1).padStart(2, '0')}` }));
    const many: Report = { ...report, tableId: null, tables };
    const ws = await wordsOf(reportsPdf([{ report: many, title: 'Floor report' }]));
    const pages = [...new Set(ws.map((w) => w.page))];
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const p of pages.slice(1)) {
      const top = ws.filter((w) => w.page === p && w.y0 < 48);
      expect(top[0].text, `page ${p}`).toBe('tables');
      expect(new Set(top.map((w) => Math.round(w.y0))), `page ${p}: the header on one line`).toEqual(new Set([20]));
      expect(top.at(-1)!.text.endsWith('…'), `page ${p}: the header ends ${top.at(-1)!.text}`).toBe(true);
      expect(Math.max(...top.map((w) => w.x1))).toBeLessThanOrEqual(LEFT + WIDTH);
    }
    const scope = `Table: tables ${tables.map((t) => t.tableId).join(', ')}`;
    expect(runOf(ws.filter((w) => w.page === 1), scope).map((w) => w.text).join(' ')).toBe(scope);
  });

  it('a long table stays above the bottom margin: a row too tall for the room left starts the next page; a cell taller than a page is cut there with an ellipsis', async () => {
    const voided = report.floorActions.find((f) => f.why === REASON)!;
    // Rows of many heights (reasons of 1 to 6 lines), so rows meet the page's end at every height.
    const actions = Array.from({ length: 60 }, (_, i) => ({ ...voided, row: i + 1, why: REASON.slice(0, 20 + ((i * 53) % REASON.length)) }));
    const giant = { ...voided, row: 61, why: Array.from({ length: 40 }, () => REASON).join(' ') };
    const ws = await wordsOf(reportPdf({ ...report, floorActions: [...actions, giant, { ...voided, row: 62, why: 'last' }] }));
    const pages = [...new Set(ws.map((w) => w.page))];
    for (const p of pages) {
      const below = ws.filter((w) => w.page === p && w.y1 > BOTTOM + 0.5);
      expect(below.map((w) => w.text).join(' '), `page ${p}: only its number below the body`).toBe(`page ${p} of ${pages.length}`);
    }
    const [row, why] = [column([0.07, 0.18, 0.1, 0.13, 0.3, 0.22], 0), column([0.07, 0.18, 0.1, 0.13, 0.3, 0.22], 5)];
    const inRow = (text: string) => ws.find((w) => w.text === text && w.x0 >= row.x0 && w.x1 <= row.x1 && w.y1 <= BOTTOM)!;
    const at = inRow('61');
    const cut = ws.filter((w) => w.page === at.page && w.y0 >= at.y0 - 1 && w.x0 >= why.x0 && w.y1 <= BOTTOM);
    expect(cut.length).toBeGreaterThan(300); // the page filled
    expect(cut.at(-1)!.text.endsWith('…'), `the cut cell ends ${cut.at(-1)!.text}`).toBe(true);
    expect(inRow('62').page).toBe(at.page + 1);
  });

  it('every page numbered at its foot, flush with the body\'s right edge', async () => {
    const ws = await wordsOf(reportPdf(report));
    const pages = [...new Set(ws.map((w) => w.page))];
    for (const p of pages) {
      const foot = ws.filter((w) => w.page === p && w.y0 > BOTTOM);
      expect(foot.map((w) => w.text).join(' ')).toBe(`page ${p} of ${pages.length}`);
      expect(Math.max(...foot.map((w) => w.x1)), `page ${p}`).toBeCloseTo(LEFT + WIDTH, 0);
      expect(Math.min(...foot.map((w) => w.y0)), `page ${p}`).toBeGreaterThan(HEIGHT - 32);
    }
  });
});

/** The darkest channel of any pixel in `box` (points) of a page drawn at `dpi`. */
function darkest(png: PNG, box: Box, dpi: number): number {
  const s = dpi / 72;
  let least = 255;
  for (let y = Math.floor(box.y0 * s); y < Math.ceil(box.y1 * s); y++) {
    for (let x = Math.floor(box.x0 * s); x < Math.ceil(box.x1 * s); x++) least = Math.min(least, ...pixel(png, x, y));
  }
  return least;
}

describe('the report PDF\'s faces and colours', () => {
  /** The fonts the PDF embeds, as `pdffonts` names them (without the subset's prefix). */
  async function fontsOf(pdf: Promise<Buffer>): Promise<string[]> {
    const file = await pdfFile(pdf);
    const lines = execFileSync('pdffonts', [file], { encoding: 'utf8' }).trimEnd().split('\n').slice(2);
    return lines.map((l) => l.split(/\s+/)[0].replace(/^[A-Z]{6}\+/, '')).sort();
  }

  it('DejaVu Sans and its bold face embedded; a font folder without the bold face sets the bold text in the regular one', async () => {
    expect(await fontsOf(reportPdf(report))).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
    const regularOnly = tempFolder('cp-report-fonts-');
    try {
      symlinkSync(`${DEJAVU_DIR}/DejaVuSans.ttf`, regularOnly.file('DejaVuSans.ttf'));
      expect(await fontsOf(reportPdf(report, { fontDir: regularOnly.dir }))).toEqual(['DejaVuSans']);
    } finally {
      regularOnly.cleanup();
    }
  });

  it('the running header and the page numbers in grey, the tables under the header in black; misdeals in orange, naturals in green', async () => {
    const file = await pdfFile(reportPdf({ ...report, totals: { ...report.totals, naturals: { 'six-pairs': 2, 'three-flushes': 1 } } }));
    const ws = pdfWords(file);
    const dpi = 100;
    execFileSync('pdftoppm', ['-r', String(dpi), '-png', file, tmp.file('colours')]);
    const pages = [...new Set(ws.map((w) => w.page))];
    const png = (p: number) => readPng(readFileSync(tmp.file(`colours-${p}.png`)));
    const third = png(3);
    const on3 = ws.filter((w) => w.page === 3);
    const header = on3.filter((w) => w.y1 < 40);
    const foot = on3.filter((w) => w.y0 > BOTTOM);
    const grey = (box: Box) => darkest(third, box, dpi);
    expect(header.length).toBeGreaterThan(3);
    // Words of two letters or more: a thin '·' drawn at 100 dpi is lighter than its colour.
    for (const w of [...header, ...foot].filter((x) => /\w{2}/.test(x.text))) {
      expect(grey(w), w.text).toBeGreaterThan(60); // #555555 is 85
      expect(grey(w), w.text).toBeLessThan(130);
    }
    // The per-table grid's first row, drawn without a colour of its own after the grey header.
    const cell = on3.find((w) => w.text === report.tables[0].tableId && w.y0 > 48)!;
    expect(grey(cell)).toBeLessThan(40);
    const second = png(2);
    let orange = 0;
    let green = 0;
    for (let y = 0; y < second.height; y++) {
      for (let x = 0; x < second.width; x++) {
        const [r, g, b] = pixel(second, x, y);
        if (r > 180 && g > 110 && g < 170 && b < 60) orange++; // #d68910
        if (r < 80 && g > 120 && g < 190 && b > 50 && b < 120) green++; // #229954
      }
    }
    expect(orange).toBeGreaterThan(50);
    expect(green).toBeGreaterThan(50);
    expect(pages.length).toBeGreaterThanOrEqual(3);
  });

  it('a table carried over to a new page goes on in black under the grey header', async () => {
    const voided = report.floorActions.find((f) => f.why === REASON)!;
    const file = await pdfFile(reportPdf({ ...report, floorActions: Array.from({ length: 80 }, (_, i) => ({ ...voided, row: i + 1, why: 'late seat' })) }));
    const ws = pdfWords(file);
    const last = Math.max(...ws.map((w) => w.page));
    execFileSync('pdftoppm', ['-r', '100', '-f', String(last), '-l', String(last), '-png', file, tmp.file('carried')]);
    const page = readPng(readFileSync(tmp.file(`carried-${last}.png`)));
    const body = ws.filter((w) => w.page === last && w.y0 > 40 && w.y1 <= BOTTOM);
    const first = body.reduce((a, b) => (b.y0 < a.y0 ? b : a));
    expect(first.text, 'the page starts with a floor action\'s row').toMatch(/^\d+$/);
    expect(darkest(page, first, 100)).toBeLessThan(40);
  });
});
