/**
 * `drawBarChart` (the report's charts) drawn into a real pdfkit document in this process (A4,
 * DejaVu Sans registered as `reportsPdf` does), written to a temp file and read back with
 * poppler: `pdftotext -bbox` for the words and where they are (the title at the top of the box,
 * the values above their bars, the labels under the plot in bar order, the axis ticks
 * right-aligned left of the plot, "nothing in this range", a long label cut with an ellipsis),
 * `pdftoppm` without anti-aliasing for the geometry and the colours (the plot's frame, the zero
 * line, bars proportional to their values and centred in equal slots, their widths, nothing
 * drawn outside the box). The plot's place is measured from the pixels (its frame), so the
 * checks hold whatever margins the chart keeps for its title, axis and labels.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { afterAll, describe, expect, it } from 'vitest';
import { CHART_COLORS, drawBarChart, type Bar, type BarChartSpec } from '../../../app/services/report-charts';
import { pdfWords, type Box, type Word } from '../../support/pdf-words';
import { pixel, readPng, type PNG } from '../../support/png';
import { tempFolder } from '../store/temp';

const tmp = tempFolder('cp-charts-');
afterAll(() => tmp.cleanup());

const FONTS = '/usr/share/fonts/truetype/dejavu';

/** A chart as the tests give it: the fonts are the document's. */
type Spec = Omit<BarChartSpec, 'font' | 'boldFont'>;

/** The box a spec gives, in points. */
const boxOf = (s: Spec): Box => ({ x0: s.x, y0: s.y, x1: s.x + s.width, y1: s.y + s.height });

let pdfs = 0;

/**
 * Draws `specs` on one A4 page of a real pdfkit document, as `reportsPdf` sets it up, and writes
 * it to a temp file. Returns the file and the document's cursor after each chart.
 */
async function drawPdf(specs: readonly Spec[]): Promise<{ file: string; cursors: { x: number; y: number }[] }> {
  const doc = new PDFDocument({ size: 'A4', margin: 40 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', `${FONTS}/DejaVuSans.ttf`);
  doc.registerFont('bold', `${FONTS}/DejaVuSans-Bold.ttf`);
  const cursors = specs.map((s) => {
    doc.x = 7; // anywhere: the chart is placed by its spec alone
    doc.y = 11;
    drawBarChart(doc, { ...s, font: 'body', boldFont: 'bold' });
    return { x: doc.x, y: doc.y };
  });
  doc.end();
  const file = tmp.file(`chart-${++pdfs}.pdf`);
  writeFileSync(file, await done);
  return { file, cursors };
}

const words = pdfWords;

/** `actual` within `tolerance` of `expected`. */
function near(actual: number, expected: number, tolerance: number, what?: string): void {
  expect(Math.abs(actual - expected), `${what ?? 'distance'}: ${actual} vs ${expected}`).toBeLessThanOrEqual(tolerance);
}

/** The axis's tick labels: the words left of the plot, under the title's line. */
const ticksOf = (ws: Word[], plot: Box, box: Box) => byY(ws.filter((w) => w.x1 <= plot.x0 && w.y0 > box.y0 + 1));

const midX = (b: Box) => (b.x0 + b.x1) / 2;
const midY = (b: Box) => (b.y0 + b.y1) / 2;
const byX = (ws: Word[]) => [...ws].sort((a, b) => a.x0 - b.x0);
const byY = (ws: Word[]) => [...ws].sort((a, b) => a.y0 - b.y0);
const texts = (ws: Word[]) => ws.map((w) => w.text);
/** Line by line, left to right. */
const reading = (ws: Word[]) => [...ws].sort((a, b) => Math.round(a.y0 - b.y0) || a.x0 - b.x0);

/** A page rendered by pdftoppm without anti-aliasing (every pixel one of the colours drawn), `scale` pixels a point. */
interface Raster { png: PNG; scale: number; left: number; top: number }

/** Renders page 1 of `file` at `dpi`, optionally only the part `crop` (points) of it. */
function render(file: string, dpi: number, crop?: Box): Raster {
  const scale = dpi / 72;
  const out = tmp.file(`render-${++pdfs}`);
  const cut = crop
    ? ['-x', String(Math.floor(crop.x0 * scale)), '-y', String(Math.floor(crop.y0 * scale)),
      '-W', String(Math.ceil((crop.x1 - crop.x0) * scale)), '-H', String(Math.ceil((crop.y1 - crop.y0) * scale))]
    : [];
  execFileSync('pdftoppm', ['-r', String(dpi), '-aa', 'no', '-aaVector', 'no', '-f', '1', '-l', '1', '-singlefile', '-png', ...cut, file, out]);
  return { png: readPng(readFileSync(`${out}.png`)), scale, left: crop ? Math.floor(crop.x0 * scale) : 0, top: crop ? Math.floor(crop.y0 * scale) : 0 };
}

type RGB = [number, number, number];
type Match = (c: RGB) => boolean;

/** A colour as the chart is given it (`#rrggbb`); anything else is a failed test. */
function rgb(hex: string): RGB {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${JSON.stringify(hex)}`);
  return [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16)];
}
const is = (hex: string): Match => {
  const want = rgb(hex);
  return (c) => c.every((v, i) => Math.abs(v - want[i]) <= 1);
};
const inked: Match = (c) => c.some((v) => v < 250);

/** Where the pixels of a colour are (in points, inside `within` if given), and how many. */
interface Found extends Box { n: number }

function find(r: Raster, match: Match, within?: Box): Found {
  const f: Found = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity, n: 0 };
  // The pixels whose centres are inside `within` (all of them without it).
  const from = (v: number, origin: number) => Math.max(0, Math.ceil(v * r.scale - 0.5) - origin);
  const to = (v: number, origin: number, size: number) => Math.min(size - 1, Math.floor(v * r.scale - 0.5) - origin);
  const [px0, px1] = within ? [from(within.x0, r.left), to(within.x1, r.left, r.png.width)] : [0, r.png.width - 1];
  const [py0, py1] = within ? [from(within.y0, r.top), to(within.y1, r.top, r.png.height)] : [0, r.png.height - 1];
  for (let py = py0; py <= py1; py++) {
    for (let px = px0; px <= px1; px++) {
      if (!match(pixel(r.png, px, py))) continue;
      f.n++;
      f.x0 = Math.min(f.x0, (px + r.left) / r.scale);
      f.x1 = Math.max(f.x1, (px + r.left + 1) / r.scale);
      f.y0 = Math.min(f.y0, (py + r.top) / r.scale);
      f.y1 = Math.max(f.y1, (py + r.top + 1) / r.scale);
    }
  }
  return f;
}

/**
 * Pixels matching `match` outside every box of `boxes`. The plot's frame is stroked on the box's
 * right edge, half its 0.5 pt line outside: a pixel's slack is allowed.
 */
function outside(r: Raster, match: Match, within: readonly Box[]): number {
  const boxes = within.map(grow);
  let n = 0;
  for (let py = 0; py < r.png.height; py++) {
    const y = (py + r.top + 0.5) / r.scale;
    for (let px = 0; px < r.png.width; px++) {
      const x = (px + r.left + 0.5) / r.scale;
      if (boxes.some((b) => x >= b.x0 && x <= b.x1 && y >= b.y0 && y <= b.y1)) continue;
      if (match(pixel(r.png, px, py))) n++;
    }
  }
  return n;
}

/** `b` half a point larger on every side: the lines stroked on its edges. */
const grow = (b: Box): Box => ({ x0: b.x0 - 0.5, y0: b.y0 - 0.5, x1: b.x1 + 0.5, y1: b.y1 + 0.5 });

/** The plot: the light frame drawn in the grid colour (its left, right, top and bottom). */
function plotOf(r: Raster, box: Box): Found {
  const plot = find(r, is(CHART_COLORS.grid), grow(box));
  expect(plot.n).toBeGreaterThan(0);
  return plot;
}

/** The zero line: the axis colour inside the plot. */
function zeroOf(r: Raster, plot: Box): Found & { y: number } {
  const zero = find(r, is(CHART_COLORS.axis), { x0: plot.x0 - 1, y0: plot.y0 - 1, x1: plot.x1 + 1, y1: plot.y1 + 1 });
  expect(zero.n).toBeGreaterThan(0);
  expect(zero.y1 - zero.y0).toBeLessThanOrEqual(1.5); // a line, not an area
  return { ...zero, y: midY(zero) };
}

/** Slot `i` of `n` equal slots across the plot. */
function slot(plot: Box, n: number, i: number): Box {
  const w = (plot.x1 - plot.x0) / n;
  return { x0: plot.x0 + w * i, x1: plot.x0 + w * (i + 1), y0: plot.y0 - 1, y1: plot.y1 + 1 };
}

/** Money in minor units as the report writes it (`-5.00`). */
const money = (minor: number) => (minor / 100).toFixed(2);

const bars = (...values: number[]): Bar[] => values.map((value, i) => ({ label: `L${i}`, value }));

/** At 144 dpi a pixel is half a point: edges measured to within it. */
const DPI = 144;
const PX = 72 / DPI;

describe('drawBarChart: the words of a chart, where they are', () => {
  const hours: Spec = {
    x: 100, y: 100, width: 400, height: 240, title: 'Hands per hour',
    bars: [{ label: 'mon', value: 10 }, { label: 'tue', value: 40 }, { label: 'wed', value: 0 }, { label: 'thu', value: 12.5 }],
  };

  it('the title at the top of the box; each value as it is just above its bar, each label under the plot in bar order; the ticks (max, 0) right-aligned left of the plot', async () => {
    const { file } = await drawPdf([hours]);
    const box = boxOf(hours);
    const r = render(file, DPI);
    const plot = plotOf(r, box);
    const zero = zeroOf(r, plot);
    const ws = words(file);

    const title = byX(ws.filter((w) => w.y1 <= plot.y0 && Math.abs(w.y0 - box.y0) < 0.5));
    expect(texts(title).join(' ')).toBe('Hands per hour');
    near(title[0].x0, box.x0, 0.5);

    const ticks = ticksOf(ws, plot, box);
    expect(texts(ticks)).toEqual(['40', '0']); // max and 0 (min is 0 too: once)
    for (const t of ticks) {
      expect(t.x1).toBeLessThan(plot.x0); // left of the plot...
      expect(t.x1).toBeGreaterThan(plot.x0 - 6); // ...right-aligned against it
    }
    near(midY(ticks[0]), plot.y0, 1); // max at the top
    expect(Math.abs(midY(ticks[1]) - zero.y)).toBeLessThan(1.5); // 0 at the zero line

    const inPlot = ws.filter((w) => w.x0 >= plot.x0 - 1 && !title.includes(w));
    const values = byX(inPlot.filter((w) => w.y1 <= zero.y + 0.5));
    expect(texts(values)).toEqual(['10', '40', '0', '12.5']); // the default format: the number as it is
    const labels = byX(inPlot.filter((w) => w.y0 >= plot.y1 - 0.5));
    expect(texts(labels)).toEqual(['mon', 'tue', 'wed', 'thu']);
    hours.bars.forEach((b, i) => {
      const s = slot(plot, hours.bars.length, i);
      const bar = find(r, is(CHART_COLORS.bar), s);
      const barTop = b.value === 0 ? zero.y : bar.y0;
      expect(Math.abs(midX(values[i]) - midX(s)), `value ${b.value} centred over its bar`).toBeLessThan(1);
      expect(values[i].y1, `value ${b.value} above its bar`).toBeLessThanOrEqual(barTop + PX);
      expect(values[i].y1, `value ${b.value} just above its bar`).toBeGreaterThan(barTop - 3);
      expect(Math.abs(midX(labels[i]) - midX(s)), `label ${b.label} centred under its bar`).toBeLessThan(1);
      expect(labels[i].y0, `label ${b.label} just under the plot`).toBeLessThan(plot.y1 + 5);
    });
    expect(ws).toHaveLength(title.length + ticks.length + values.length + labels.length);
  });

  it('`format` writes the values and the ticks (max, 0, min); a negative value sits just above the zero line', async () => {
    const seats: Spec = {
      x: 60, y: 80, width: 300, height: 260, title: 'Money per seat', format: money,
      bars: [{ label: 'seat 1', value: 1500 }, { label: 'seat 2', value: -500 }, { label: 'seat 3', value: 1000 }],
    };
    const { file } = await drawPdf([seats]);
    const r = render(file, DPI);
    const box = boxOf(seats);
    const plot = plotOf(r, box);
    const zero = zeroOf(r, plot);
    const ws = words(file);
    const ticks = ticksOf(ws, plot, box);
    expect(texts(ticks)).toEqual(['15.00', '0.00', '-5.00']);
    expect(Math.abs(midY(ticks[0]) - plot.y0)).toBeLessThan(1.5);
    expect(Math.abs(midY(ticks[1]) - zero.y)).toBeLessThan(1.5);
    expect(Math.abs(midY(ticks[2]) - plot.y1)).toBeLessThan(1.5);
    for (const t of ticks) expect(t.x1).toBeCloseTo(ticks[0].x1, 1); // right-aligned

    const values = byX(ws.filter((w) => w.x0 >= plot.x0 && w.y0 > seats.y + 1 && w.y1 <= zero.y + 0.5));
    expect(texts(values)).toEqual(['15.00', '-5.00', '10.00']);
    const negative = values[1];
    expect(Math.abs(midX(negative) - midX(slot(plot, 3, 1)))).toBeLessThan(1);
    expect(negative.y1).toBeLessThanOrEqual(zero.y); // above the zero line, not under the bar among the labels
    expect(negative.y1).toBeGreaterThan(zero.y - 3);
    const labels = byX(ws.filter((w) => w.y0 >= plot.y1 - 0.5));
    expect(texts(labels)).toEqual(['seat', '1', 'seat', '2', 'seat', '3']);
  });

  it('an all-negative chart: the ticks 0 (at the top) and min, the values as they are above the zero line', async () => {
    const losses: Spec = { x: 80, y: 420, width: 300, height: 200, title: 'Losses', bars: bars(-30, -10) };
    const { file } = await drawPdf([losses]);
    const r = render(file, DPI);
    const box = boxOf(losses);
    const plot = plotOf(r, box);
    const zero = zeroOf(r, plot);
    near(zero.y, plot.y0, 1);
    const ws = words(file);
    const ticks = ticksOf(ws, plot, box);
    expect(texts(ticks)).toEqual(['0', '-30']);
    expect(Math.abs(midY(ticks[1]) - plot.y1)).toBeLessThan(1.5);
    const values = byX(ws.filter((w) => w.x0 >= plot.x0 && w.text !== 'Losses' && w.y1 <= zero.y + 0.5));
    expect(texts(values)).toEqual(['-30', '-10']);
    for (const v of values) expect(v.y1).toBeGreaterThan(zero.y - 3);
  });

  it('no word over another: the value above the tallest bar, or on a zero line at the top, stays clear of the title (the report\'s money per seat)', async () => {
    const title = 'Money per seat (net won or lost)';
    const up: Spec = { x: 40, y: 60, width: 515, height: 200, title, bars: [1300, -400, -900, 250, -250, 0].map((value, i) => ({ label: `seat ${i + 1}`, value })) };
    const down: Spec = { ...up, y: 400, bars: [-300, -1200, -50, -700, -20, -90].map((value, i) => ({ label: `seat ${i + 1}`, value })) };
    const { file } = await drawPdf([up, down]);
    const ws = words(file);
    for (const spec of [up, down]) {
      const mine = ws.filter((w) => w.y0 >= spec.y - 0.5 && w.y1 <= spec.y + spec.height + 0.5);
      expect(texts(reading(mine.filter((w) => Math.abs(w.y0 - spec.y) < 0.5))).join(' ')).toBe(title);
      const clashes = mine.flatMap((a, i) => mine.slice(i + 1).filter((b) =>
        Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0.5 && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 0.5).map((b) => `${a.text}/${b.text}`));
      expect(clashes).toEqual([]);
    }
  });

  it('no bars: "nothing in this range" centred in the plot, no ticks; the cursor under the box', async () => {
    const empty: Spec = { x: 100, y: 100, width: 300, height: 150, title: 'Misdeals by cause', bars: [] };
    const { file, cursors } = await drawPdf([empty]);
    expect(cursors[0]).toEqual({ x: 100, y: 250 });
    const r = render(file, DPI);
    const plot = plotOf(r, boxOf(empty));
    const ws = words(file);
    const said = ws.filter((w) => w.y0 > plot.y0);
    expect(texts(said).join(' ')).toBe('nothing in this range');
    const line = { x0: said[0].x0, x1: said[said.length - 1].x1, y0: said[0].y0, y1: said[0].y1 };
    expect(Math.abs(midX(line) - midX(plot))).toBeLessThan(1);
    expect(Math.abs(midY(line) - midY(plot))).toBeLessThan(2);
    expect(texts(ws.filter((w) => w.y0 <= plot.y0)).join(' ')).toBe('Misdeals by cause');
    expect(outside(r, inked, [boxOf(empty)])).toBe(0);
  });

  it('a label too long for its slot: cut with an ellipsis, its lines inside the slot and the box', async () => {
    const label = 'Ordinary misdeal caused by exposed cards during the deal at the table of seven';
    const long: Spec = { x: 100, y: 100, width: 250, height: 150, title: 'Misdeals', bars: [{ label, value: 6 }, ...bars(1, 2, 3, 4, 5)] };
    const { file } = await drawPdf([long]);
    const r = render(file, DPI);
    const plot = plotOf(r, boxOf(long));
    const first = slot(plot, 6, 0);
    const under = reading(words(file).filter((w) => w.y0 >= plot.y1 - 0.5 && w.x0 < first.x1));
    const cut = texts(under).join(' ');
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.length).toBeLessThan(label.length);
    expect(label.startsWith(cut.slice(0, -1).trimEnd())).toBe(true); // the label's beginning, as it is
    expect(new Set(under.map((w) => w.y0)).size).toBeGreaterThan(1); // wrapped before it was cut
    for (const w of under) {
      expect(w.x0).toBeGreaterThanOrEqual(first.x0 - 0.5);
      expect(w.x1).toBeLessThanOrEqual(first.x1 + 0.5);
      expect(w.y1).toBeLessThanOrEqual(long.y + long.height + 0.5);
    }
    expect(outside(r, inked, [boxOf(long)])).toBe(0);
  });

  it('a value or a tick wider than its room is written whole on one line, never split (the report\'s money per seat of six tables)', async () => {
    // 24 seats in the report's 515 pt: a slot of about 19.5 pt, narrower than "123.45" at 7 pt;
    // the tick "-1234567.89" wider than the axis's 42 pt. Split, "123." over "45" misreads.
    const money = (v: number) => (v / 100).toFixed(2);
    const spec: Spec = { x: 40, y: 100, width: 515, height: 230, title: 'Money per seat (net won or lost)', format: money,
      bars: [...Array.from({ length: 23 }, (_, i) => ({ label: `s${i}`, value: 12345 })), { label: 's23', value: -123456789 }] };
    const { file } = await drawPdf([spec]);
    const r = render(file, DPI);
    const box = boxOf(spec);
    const plot = plotOf(r, box);
    const ws = words(file);
    const figures = ws.filter((w) => /^[-\d.]+$/.test(w.text));
    const ticks = [...figures.filter((w) => midX(w) < plot.x0)].sort((p, q) => p.y0 - q.y0);
    expect(texts(ticks)).toEqual(['123.45', '0.00', '-1234567.89']); // max, zero, min: each one word
    for (const t of ticks) {
      expect(t.x1).toBeLessThan(plot.x0); // right-aligned left of the plot, the long one spilling left
      expect(t.x1).toBeGreaterThan(plot.x0 - 6);
    }
    const values = byX(figures.filter((w) => midX(w) >= plot.x0));
    expect(texts(values)).toEqual([...Array(23).fill('123.45'), '-1234567.89']);
    values.forEach((v, i) => expect(Math.abs(midX(v) - midX(slot(plot, 24, i))), `value ${i} centred over its slot`).toBeLessThan(1));
  });
});

describe('drawBarChart: the bars, the zero line and the box', () => {
  it('bars proportional to their values standing on the zero line, in CHART_COLORS.bar, centred in equal slots, at most 40 pt wide; a zero value draws no bar; nothing outside the box; the cursor under it', async () => {
    const hours: Spec = { x: 100, y: 100, width: 400, height: 240, title: 'Hands per hour', bars: bars(10, 40, 0, 12.5) };
    const { file, cursors } = await drawPdf([hours]);
    expect(cursors[0]).toEqual({ x: 100, y: 340 });
    const r = render(file, DPI);
    const box = boxOf(hours);
    const plot = plotOf(r, box);
    expect(plot.x0).toBeGreaterThanOrEqual(box.x0);
    near(plot.x1, box.x1, 1); // the plot takes the box's width right of the axis
    const zero = zeroOf(r, plot);
    near(zero.x0, plot.x0, 1); // across the plot
    near(zero.x1, plot.x1, 1);
    near(zero.y, plot.y1, 1); // nothing negative: zero at the bottom
    const found = hours.bars.map((_, i) => find(r, is(CHART_COLORS.bar), slot(plot, 4, i)));
    expect(found[2].n).toBe(0); // the zero value
    const height = (i: number) => zero.y - found[i].y0;
    near(height(1), zero.y - plot.y0, 1); // the largest reaches the top
    expect(Math.abs(height(0) * 4 - height(1))).toBeLessThanOrEqual(4 * PX); // 10 : 40
    expect(Math.abs(height(3) * 40 / 12.5 - height(1))).toBeLessThanOrEqual(4 * PX); // 12.5 : 40
    for (const i of [0, 1, 3]) {
      const b = found[i];
      expect(Math.abs(midX(b) - midX(slot(plot, 4, i)))).toBeLessThanOrEqual(PX);
      near(b.x1 - b.x0, 40, 1); // 70% of a slot of 88.5 pt is more than 40
      expect(b.y1).toBeGreaterThanOrEqual(zero.y0); // down to the zero line
      expect(b.y1).toBeLessThanOrEqual(zero.y1 + PX);
    }
    expect(find(r, is(CHART_COLORS.negative)).n).toBe(0);
    expect(find(r, (c) => c.every((v) => v === 0)).n).toBe(0); // the texts in CHART_COLORS.text, not black
    expect(find(r, is(CHART_COLORS.text), { ...box, y1: plot.y0 }).n).toBeGreaterThan(0);
    expect(outside(r, inked, [box])).toBe(0);
  });

  it('a negative bar hangs from the zero line in CHART_COLORS.negative; `color` and `negativeColor` replace the defaults', async () => {
    const seats: Spec = { x: 60, y: 80, width: 300, height: 260, title: 'Money per seat', bars: bars(1500, -500, 1000), format: money };
    const losses: Spec = { x: 60, y: 400, width: 300, height: 200, title: 'Losses', bars: bars(-30, -10) };
    const green = '#1e8449';
    const purple = '#7d3c98';
    const { file, cursors } = await drawPdf([{ ...seats, color: green, negativeColor: purple }, losses]);
    expect(cursors).toEqual([{ x: 60, y: 340 }, { x: 60, y: 600 }]);
    const r = render(file, DPI);

    const plot = plotOf(r, boxOf(seats));
    const zero = zeroOf(r, plot);
    near((zero.y - plot.y0) / (plot.y1 - plot.y0), 1500 / 2000, 0.01);
    const [p1, n2, p3] = [0, 1, 2].map((i) => find(r, is(i === 1 ? purple : green), slot(plot, 3, i)));
    expect([p1.n, n2.n, p3.n].every((n) => n > 0)).toBe(true);
    expect(find(r, is(green), slot(plot, 3, 1)).n).toBe(0);
    expect(find(r, is(purple), slot(plot, 3, 0)).n + find(r, is(purple), slot(plot, 3, 2)).n).toBe(0);
    expect(p1.y1).toBeLessThanOrEqual(zero.y1 + PX); // positive bars above the zero line
    expect(n2.y0).toBeGreaterThanOrEqual(zero.y0); // the negative one under it...
    near(n2.y1, plot.y1, 1); // ...down to the bottom (the minimum)
    const up = (b: Found) => zero.y - b.y0;
    const down = n2.y1 - zero.y;
    expect(Math.abs(up(p1) - 3 * down)).toBeLessThanOrEqual(4 * PX); // 1500 : -500
    expect(Math.abs(up(p3) * 1.5 - up(p1))).toBeLessThanOrEqual(3 * PX); // 1000 : 1500
    expect(find(r, is(CHART_COLORS.bar)).n).toBe(0);

    const lossPlot = plotOf(r, boxOf(losses));
    const lossZero = zeroOf(r, lossPlot);
    near(lossZero.y, lossPlot.y0, 1); // nothing positive: zero at the top
    const [l1, l2] = [0, 1].map((i) => find(r, is(CHART_COLORS.negative), slot(lossPlot, 2, i)));
    near(l1.y1, lossPlot.y1, 1);
    expect(Math.abs((l1.y1 - lossZero.y) - 3 * (l2.y1 - lossZero.y))).toBeLessThanOrEqual(4 * PX); // -30 : -10
    expect(find(r, is(CHART_COLORS.negative), boxOf(seats)).n).toBe(0);
    expect(outside(r, inked, [boxOf(seats), boxOf(losses)])).toBe(0);
  });

  it('bar widths: 70% of a slot, never more than 40 pt nor less than 2 pt', async () => {
    const two: Spec = { x: 40, y: 40, width: 300, height: 150, title: 'Two', bars: bars(5, 3) };
    const ten: Spec = { x: 40, y: 230, width: 300, height: 150, title: 'Ten', bars: bars(1, 2, 3, 4, 5, 6, 7, 8, 9, 10) };
    const many: Spec = { x: 40, y: 420, width: 300, height: 150, title: 'Two hundred', bars: Array.from({ length: 200 }, (_, i) => ({ label: '', value: i === 50 ? 10 : i % 100 === 0 ? 5 : 0 })) };
    const { file } = await drawPdf([two, ten, many]);
    const r = render(file, DPI);
    const width = (b: Box) => b.x1 - b.x0;

    const plot2 = plotOf(r, boxOf(two));
    for (const i of [0, 1]) {
      const b = find(r, is(CHART_COLORS.bar), slot(plot2, 2, i));
      near(width(b), 40, 1);
      expect(Math.abs(midX(b) - midX(slot(plot2, 2, i)))).toBeLessThanOrEqual(PX);
    }

    const plot10 = plotOf(r, boxOf(ten));
    const zero10 = zeroOf(r, plot10);
    const slot10 = width(plot10) / 10;
    for (let i = 0; i < 10; i++) {
      const s = slot(plot10, 10, i);
      const b = find(r, is(CHART_COLORS.bar), s);
      expect(Math.abs(width(b) - 0.7 * slot10), `bar ${i}'s width`).toBeLessThanOrEqual(2 * PX);
      expect(Math.abs(midX(b) - midX(s)), `bar ${i} centred`).toBeLessThanOrEqual(1.5 * PX);
      expect(Math.abs((zero10.y - b.y0) * 10 / (i + 1) - (zero10.y - plot10.y0)), `bar ${i}'s height`).toBeLessThanOrEqual(4 * PX);
    }

    const plot200 = plotOf(r, boxOf(many));
    for (const i of [0, 100]) {
      const s = slot(plot200, 200, i);
      const b = find(r, is(CHART_COLORS.bar), { ...s, x0: s.x0 - 2, x1: s.x1 + 2 });
      near(width(b), 2, 0.6, `bar ${i}'s width`);
      expect(Math.abs(midX(b) - midX(s))).toBeLessThanOrEqual(PX);
    }
  });

  it('a zero value draws nothing; any other value, however small, at least a sliver', async () => {
    const spec: Spec = { x: 100, y: 100, width: 300, height: 150, title: 'Small', bars: bars(1000, 1, 0, -1) };
    const { file } = await drawPdf([spec]);
    const page = render(file, DPI);
    const plot = plotOf(page, boxOf(spec));
    const zero = zeroOf(page, plot);
    // Around the zero line at 8 pixels a point: the line covers 0.4 pt either side of it.
    const r = render(file, 576, { x0: plot.x0, x1: plot.x1, y0: zero.y - 4, y1: zero.y + 4 });
    const seen = [0, 1, 2, 3].map((i) => find(r, (c) => is(CHART_COLORS.bar)(c) || is(CHART_COLORS.negative)(c), slot(plot, 4, i)));
    expect(seen[0].n).toBeGreaterThan(0);
    expect(seen[1].n).toBeGreaterThan(0); // 1 of 1000: under a pixel of the plot, still a bar
    expect(seen[2].n).toBe(0);
    expect(seen[3].n).toBeGreaterThan(0);
  });

  it('all values zero: the zero line and its one tick, no bar, no failure', async () => {
    const spec: Spec = { x: 100, y: 100, width: 300, height: 150, title: 'Quiet', bars: bars(0, 0) };
    const { file, cursors } = await drawPdf([spec]);
    expect(cursors[0]).toEqual({ x: 100, y: 250 });
    const r = render(file, DPI);
    const box = boxOf(spec);
    const plot = plotOf(r, box);
    const zero = zeroOf(r, plot);
    near(zero.x1 - zero.x0, plot.x1 - plot.x0, 1);
    expect(find(r, is(CHART_COLORS.bar)).n).toBe(0);
    const ws = words(file);
    const ticks = ticksOf(ws, plot, box);
    expect(texts(ticks)).toEqual(['0']);
    expect(Math.abs(midY(ticks[0]) - zero.y)).toBeLessThan(1.5);
    expect(texts(byX(ws.filter((w) => w.y0 >= plot.y1 - 0.5)))).toEqual(['L0', 'L1']);
    expect(outside(r, inked, [boxOf(spec)])).toBe(0);
  });
});
