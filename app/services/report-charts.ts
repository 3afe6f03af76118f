/**
 * Bar charts drawn with pdfkit's vector primitives (rectangles, lines, text): no image, no
 * chart library, so a chart is sharp at any zoom and its labels are text a PDF reader finds.
 */
import type PDFDocument from 'pdfkit';

/** One bar: its label under the axis and its value (negative values hang below the zero line). */
export interface Bar {
  readonly label: string;
  readonly value: number;
}

/** Where and how a chart is drawn; sizes in PDF points. */
export interface BarChartSpec {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly title: string;
  readonly bars: readonly Bar[];
  /** The registered font names for the labels and the title. */
  readonly font: string;
  readonly boldFont: string;
  /** The bars' fill colour (negative bars are drawn in `negativeColor`). */
  readonly color?: string;
  readonly negativeColor?: string;
  /** Writes a value for the value labels and the axis (default: as it is). */
  readonly format?: (value: number) => string;
}

/** The colours of the charts (also used by the report's legend). */
export const CHART_COLORS = { bar: '#2f6db5', negative: '#c0392b', axis: '#333333', grid: '#d0d0d0', text: '#222222' } as const;

/**
 * Draws a bar chart in the box `spec` gives: the title at the top, a zero line, light grid lines
 * at the axis ticks, one bar per entry with its value above (or below) it and its label under the
 * chart. No bars: the box says "nothing in this range". Leaves the document's cursor under the box.
 */
export function drawBarChart(doc: PDFKit.PDFDocument, spec: BarChartSpec): void {
  const format = spec.format ?? ((v: number) => String(v));
  // The title's line, then room for the value written above the tallest bar (or on a zero
  // line at the top), which stands at the top of the plot.
  const titleHeight = 28;
  const labelHeight = 28;
  const axisWidth = 46;
  const top = spec.y + titleHeight;
  const plotHeight = spec.height - titleHeight - labelHeight;
  const left = spec.x + axisWidth;
  const plotWidth = spec.width - axisWidth;
  doc.save();
  oneLine(doc.font(spec.boldFont).fontSize(11).fillColor(CHART_COLORS.text), spec.title, spec.x, spec.y, spec.width, 'left');
  doc.rect(left, top, plotWidth, plotHeight).lineWidth(0.5).strokeColor(CHART_COLORS.grid).stroke();
  if (spec.bars.length === 0) {
    oneLine(doc.font(spec.font).fontSize(9).fillColor(CHART_COLORS.text), 'nothing in this range', left, top + plotHeight / 2 - 5, plotWidth, 'center');
    doc.restore();
    doc.x = spec.x;
    doc.y = spec.y + spec.height;
    return;
  }
  const max = Math.max(0, ...spec.bars.map((b) => b.value));
  const min = Math.min(0, ...spec.bars.map((b) => b.value));
  const span = max - min || 1;
  const yOf = (v: number) => top + ((max - v) / span) * plotHeight;
  const zero = yOf(0);
  // Axis ticks: the top, the bottom and zero.
  doc.font(spec.font).fontSize(7).fillColor(CHART_COLORS.text);
  for (const v of [...new Set([max, min, 0])]) {
    const y = yOf(v);
    doc.moveTo(left, y).lineTo(left + plotWidth, y).lineWidth(0.4).strokeColor(CHART_COLORS.grid).stroke();
    oneLine(doc, format(v), spec.x, y - 3.5, axisWidth - 4, 'right');
  }
  const slot = plotWidth / spec.bars.length;
  const barWidth = Math.max(2, Math.min(40, slot * 0.7));
  spec.bars.forEach((b, i) => {
    const cx = left + slot * i + slot / 2;
    const y = yOf(Math.max(b.value, 0));
    const h = Math.abs(yOf(b.value) - zero);
    doc.rect(cx - barWidth / 2, y, barWidth, Math.max(h, b.value === 0 ? 0 : 0.8)).fillColor(b.value < 0 ? spec.negativeColor ?? CHART_COLORS.negative : spec.color ?? CHART_COLORS.bar).fill();
    doc.fillColor(CHART_COLORS.text).fontSize(7);
    // A negative bar's value sits above the zero line, clear of the labels under the chart.
    const valueY = b.value < 0 ? zero - 9 : y - 9;
    oneLine(doc, format(b.value), cx - slot / 2, valueY, slot, 'center');
    doc.text(b.label, cx - slot / 2, top + plotHeight + 3, { width: slot, height: labelHeight - 3, align: 'center', ellipsis: true });
  });
  doc.moveTo(left, zero).lineTo(left + plotWidth, zero).lineWidth(0.8).strokeColor(CHART_COLORS.axis).stroke();
  doc.restore();
  doc.x = spec.x;
  doc.y = spec.y + spec.height;
}

/**
 * Writes `text` on one line, aligned in the `width` from `x`. It is measured and placed, not
 * given a width: pdfkit wraps any text given a width, whatever `lineBreak` says, and a figure
 * split over two lines misreads ("123." over "45" for 123.45). Wider than `width`, it is still
 * written whole, overflowing evenly (centred), to the left (right-aligned) or to the right.
 */
function oneLine(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, align: 'left' | 'center' | 'right'): void {
  const room = width - doc.widthOfString(text);
  doc.text(text, align === 'left' ? x : align === 'right' ? x + room : x + room / 2, y, { lineBreak: false });
}

export type { PDFDocument };
