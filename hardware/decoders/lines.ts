/**
 * The text-lines wire format: one card per line, lines ended by CR, LF or CRLF, an optional
 * fixed prefix before the card (see docs/wire-formats.md). The common default of serial
 * barcode scanners, so also what most showdown scanners speak.
 *
 * `LineDecoder` is pure and synchronous: feed it byte chunks split anywhere, get the same
 * items. A line that is not a card becomes an `unreadable` item carrying its bytes; nothing
 * the device sends can make it throw.
 */
import { parseCard, type Card } from '../../app/domain/cards';
import { checkKnownKeys, intOption, OptionError } from './options';

export interface LineDecoderOptions {
  /** Text every line starts with before the card, e.g. `CARD:`. Default none. Matched exactly (case-sensitive). */
  readonly prefix?: string;
  /** Longest line accepted, in bytes, without its terminator. 4..1024, default 64. */
  readonly maxLineBytes?: number;
}

/** What one line became. `raw` is the line's bytes without its terminator. */
export type LineItem =
  | { readonly kind: 'card'; readonly card: Card; readonly raw: Uint8Array }
  | { readonly kind: 'unreadable'; readonly raw: Uint8Array; readonly reason: string };

const CR = 0x0d;
const LF = 0x0a;

export class LineDecoder {
  readonly prefix: string;
  readonly maxLineBytes: number;
  private buf: Uint8Array;
  private len = 0;
  /** The last byte ended a line with CR: an LF right after it belongs to the same CRLF. */
  private afterCR = false;
  /** The current line overflowed and was reported; skip to its terminator. */
  private skipping = false;
  private readonly utf8 = new TextDecoder('utf-8', { fatal: true });

  constructor(options: LineDecoderOptions = {}) {
    const where = 'LineDecoder';
    checkKnownKeys(where, options, ['prefix', 'maxLineBytes']);
    this.maxLineBytes = intOption(where, 'maxLineBytes', options.maxLineBytes, 64, 4, 1024);
    const prefix = options.prefix ?? '';
    if (typeof prefix !== 'string') throw new OptionError(where, 'prefix', `must be text, got ${JSON.stringify(prefix)}`);
    if (/[\r\n]/.test(prefix)) throw new OptionError(where, 'prefix', 'must not contain CR or LF');
    const room = this.maxLineBytes - 2; // a card is two characters
    if (new TextEncoder().encode(prefix).length > room) {
      throw new OptionError(where, 'prefix', `must be at most ${room} bytes, to leave room for a card in a line of at most ${this.maxLineBytes} bytes; got ${JSON.stringify(prefix)}`);
    }
    this.prefix = prefix;
    this.buf = new Uint8Array(this.maxLineBytes + 1);
  }

  /** Feeds a chunk; returns the items completed by it, in order. */
  push(chunk: Uint8Array): LineItem[] {
    const out: LineItem[] = [];
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (b === CR || b === LF) {
        const continuesCRLF = b === LF && this.afterCR;
        this.afterCR = b === CR;
        if (continuesCRLF) continue;
        if (this.skipping) this.skipping = false;
        else if (this.len > 0) out.push(this.finishLine());
        this.len = 0;
        continue;
      }
      this.afterCR = false;
      if (this.skipping) continue;
      this.buf[this.len++] = b;
      if (this.len > this.maxLineBytes) {
        out.push({ kind: 'unreadable', raw: this.buf.slice(0, this.len), reason: `line longer than ${this.maxLineBytes} bytes` });
        this.len = 0;
        this.skipping = true;
      }
    }
    return out;
  }

  /**
   * Ends the stream (the port closed): a line without its terminator cannot be trusted, so
   * it is reported as unreadable rather than dropped or guessed at.
   */
  flush(): LineItem[] {
    const pending = this.len > 0 ? [{ kind: 'unreadable' as const, raw: this.buf.slice(0, this.len), reason: 'line cut off before its end (no CR or LF)' }] : [];
    this.reset();
    return pending;
  }

  /** Forgets any partial line. */
  reset(): void {
    this.len = 0;
    this.afterCR = false;
    this.skipping = false;
  }

  private finishLine(): LineItem {
    const raw = this.buf.slice(0, this.len);
    let text: string;
    try {
      text = this.utf8.decode(raw);
    } catch {
      return { kind: 'unreadable', raw, reason: 'line is not UTF-8 text' };
    }
    text = text.trim();
    if (text.length === 0) return { kind: 'unreadable', raw, reason: 'blank line' };
    if (!text.startsWith(this.prefix)) return { kind: 'unreadable', raw, reason: `line does not start with the prefix ${JSON.stringify(this.prefix)}` };
    const parsed = parseCard(text.slice(this.prefix.length));
    if (!parsed.ok) return { kind: 'unreadable', raw, reason: parsed.error.message };
    return { kind: 'card', card: parsed.value, raw };
  }
}

/** Encodes one card line (the simulator's side). `ending` defaults to CRLF. */
export function encodeLine(text: string, ending: LineEnding = 'CRLF'): Uint8Array {
  return new TextEncoder().encode(text + LINE_ENDINGS[ending]);
}

export type LineEnding = 'CR' | 'LF' | 'CRLF';
export const LINE_ENDINGS: Record<LineEnding, string> = { CR: '\r', LF: '\n', CRLF: '\r\n' };
/** The names of {@link LINE_ENDINGS}, for checking an option or a flag. */
export const LINE_ENDING_NAMES = Object.keys(LINE_ENDINGS) as LineEnding[];
