/**
 * `drawBarChart` keeps a long label inside the chart's box whatever the font: the label is cut
 * with an ellipsis at the lines that fit under the plot, never written below the box (where the
 * report's next line stands). Checked with pdfkit's built-in Courier, whose lines are closer
 * together than DejaVu Sans's (report-charts.test.ts), so one more line would fit if the label's
 * room were any taller than the box leaves. A real pdfkit document read back with poppler.
 */
import { writeFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { afterAll, describe, expect, it } from 'vitest';
import { drawBarChart, type BarChartSpec } from '../../../app/services/report-charts';
import { pdfWords } from '../../support/pdf-words';
import { tempFolder } from '../store/temp';

const tmp = tempFolder('cp-charts-mutants-');
afterAll(() => tmp.cleanup());

async function drawPdf(spec: BarChartSpec): Promise<string> {
  const doc = new PDFDocument({ size: 'A4', margin: 40 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  drawBarChart(doc, spec);
  doc.end();
  const file = tmp.file('courier.pdf');
  writeFileSync(file, await done);
  return file;
}

describe('drawBarChart: a long label in a font with close lines', () => {
  it('is cut with an ellipsis inside the box: no word under the box, at most the lines that fit under the plot', async () => {
    const label = 'the dealer on duty at table seven until the shift change at midnight and after';
    const spec: BarChartSpec = {
      x: 60, y: 80, width: 300, height: 200, title: 'Hands per dealer', font: 'Courier', boldFont: 'Courier-Bold',
      bars: Array.from({ length: 6 }, (_, i) => ({ label: `${i + 1} ${label}`, value: 10 + i })),
    };
    const ws = pdfWords(await drawPdf(spec));
    const bottom = spec.y + spec.height;
    // The labels' words: those under the plot (below the lowest value's line).
    const labels = ws.filter((w) => w.y0 > spec.y + spec.height - 28);
    expect(labels.length).toBeGreaterThan(6);
    for (const w of ws) expect(w.y1, `"${w.text}" at ${w.y0}..${w.y1}`).toBeLessThanOrEqual(bottom + 0.5);
    // Cut: the end of the label is not there, each label ends with an ellipsis.
    expect(ws.some((w) => w.text === 'midnight')).toBe(false);
    expect(labels.filter((w) => w.text.endsWith('…') || w.text.endsWith('...')).length).toBeGreaterThanOrEqual(1);
  });
});
