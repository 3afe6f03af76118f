/**
 * The words of a PDF and where they are, as poppler's `pdftotext -bbox` gives them: for tests
 * that check a PDF's layout (the report's charts and tables), in points from the page's top left.
 */
import { execFileSync } from 'node:child_process';

/** A box in points. */
export interface Box { x0: number; y0: number; x1: number; y1: number }

/** A word: its text, its box and its page (1 is the first). */
export interface Word extends Box { text: string; page: number }

/** Every word of `file`, page by page in reading order. */
export function pdfWords(file: string): Word[] {
  const xml = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const unescape = (t: string) => t.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
  return xml.split(/<page [^>]*>/).slice(1).flatMap((page, i) =>
    [...page.matchAll(/<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">([^<]*)<\/word>/g)]
      .map((m) => ({ x0: Number(m[1]), y0: Number(m[2]), x1: Number(m[3]), y1: Number(m[4]), text: unescape(m[5]), page: i + 1 })));
}
