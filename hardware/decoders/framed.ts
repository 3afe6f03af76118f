/**
 * The framed wire format (ours; specified in docs/wire-formats.md):
 *
 *   STX  SEQ(2 ASCII digits)  PAYLOAD(1..maxPayload printable ASCII)  ETX  BCC
 *
 * BCC = XOR of every byte after STX up to and including ETX (SEQ, PAYLOAD, ETX); STX itself
 * is not included. The terminal answers each card or status frame with ACK + the frame's two
 * SEQ digits, and any frame that fails its check with a bare NAK.
 *
 * `FramedDecoder` is pure and synchronous: feed it chunks split anywhere, get the same items.
 * It resynchronises on the next STX after garbage; no byte sequence can make it throw, and it
 * never returns a `frame` whose BCC does not check.
 */
import { checkKnownKeys, intOption } from './options';

export const STX = 0x02;
export const ETX = 0x03;
export const ACK = 0x06;
export const NAK = 0x15;
/** Sequence numbers are two decimal digits: 00..99, then 00 again. */
export const SEQ_MODULUS = 100;
export const DEFAULT_MAX_PAYLOAD = 32;

export interface FramedDecoderOptions {
  /** Longest payload accepted, in bytes. 1..250, default 32. */
  readonly maxPayload?: number;
}

/** What the decoder found. `raw` is every byte of the frame as received, STX to BCC. */
export type FramedItem =
  | { readonly kind: 'frame'; readonly seq: number; readonly payload: string; readonly raw: Uint8Array }
  | { readonly kind: 'bad-frame'; readonly reason: string; readonly raw: Uint8Array };

const enum State {
  Hunt,
  Seq1,
  Seq2,
  Body,
  Bcc,
}

const isDigit = (b: number): boolean => b >= 0x30 && b <= 0x39;
const isPrintable = (b: number): boolean => b >= 0x20 && b <= 0x7e;
const hex = (b: number): string => `0x${b.toString(16).padStart(2, '0').toUpperCase()}`;

/** XOR of `bytes[from..to)`. */
export function xorBytes(bytes: Uint8Array, from = 0, to = bytes.length): number {
  let x = 0;
  for (let i = from; i < to; i++) x ^= bytes[i];
  return x;
}

export class FramedDecoder {
  readonly maxPayload: number;
  private state = State.Hunt;
  private buf: Uint8Array;
  private len = 0;
  /** Bytes skipped outside any frame since construction (noise), for diagnostics. */
  discardedBytes = 0;

  constructor(options: FramedDecoderOptions = {}) {
    const where = 'FramedDecoder';
    checkKnownKeys(where, options, ['maxPayload']);
    this.maxPayload = intOption(where, 'maxPayload', options.maxPayload, DEFAULT_MAX_PAYLOAD, 1, 250);
    // STX + 2 SEQ + payload + ETX + BCC
    this.buf = new Uint8Array(this.maxPayload + 5);
  }

  /** Feeds a chunk; returns the frames and bad frames it completed, in order. */
  push(chunk: Uint8Array): FramedItem[] {
    const out: FramedItem[] = [];
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      switch (this.state) {
        case State.Hunt:
          if (b === STX) this.begin();
          else this.discardedBytes++;
          break;
        case State.Seq1:
        case State.Seq2:
          if (b === STX) {
            out.push(this.bad('frame cut off by a new STX'));
            this.begin();
          } else if (isDigit(b)) {
            this.buf[this.len++] = b;
            this.state = this.state === State.Seq1 ? State.Seq2 : State.Body;
          } else {
            this.buf[this.len++] = b;
            out.push(this.bad(`sequence number byte ${hex(b)} is not a digit`));
          }
          break;
        case State.Body:
          if (b === STX) {
            out.push(this.bad('frame cut off by a new STX'));
            this.begin();
          } else if (b === ETX) {
            this.buf[this.len++] = b;
            if (this.len === 4) out.push(this.bad('empty payload'));
            else this.state = State.Bcc;
          } else if (!isPrintable(b)) {
            this.buf[this.len++] = b;
            out.push(this.bad(`payload byte ${hex(b)} is not printable ASCII`));
          } else if (this.len - 3 >= this.maxPayload) {
            this.buf[this.len++] = b;
            out.push(this.bad(`payload longer than ${this.maxPayload} bytes`));
          } else {
            this.buf[this.len++] = b;
          }
          break;
        case State.Bcc: {
          this.buf[this.len++] = b;
          const expected = xorBytes(this.buf, 1, this.len - 1);
          if (b !== expected) {
            out.push(this.bad(`BCC ${hex(b)} does not match ${hex(expected)}`));
            // Noise that ended in a fake ETX can take the next frame's STX for its BCC: start over there.
            if (b === STX) this.begin();
          } else {
            const raw = this.buf.slice(0, this.len);
            const seq = (raw[1] - 0x30) * 10 + (raw[2] - 0x30);
            const payload = String.fromCharCode(...raw.subarray(3, this.len - 2));
            out.push({ kind: 'frame', seq, payload, raw });
            this.len = 0;
            this.state = State.Hunt;
          }
          break;
        }
      }
    }
    return out;
  }

  /** True while part of a frame has been received. */
  get inFrame(): boolean {
    return this.state !== State.Hunt;
  }

  /** Forgets any partial frame (the port closed; the shoe will resend what was not ACKed). */
  reset(): void {
    this.state = State.Hunt;
    this.len = 0;
  }

  private begin(): void {
    this.buf[0] = STX;
    this.len = 1;
    this.state = State.Seq1;
  }

  private bad(reason: string): FramedItem {
    const raw = this.buf.slice(0, this.len);
    this.len = 0;
    this.state = State.Hunt;
    return { kind: 'bad-frame', reason, raw };
  }
}

/** Two ASCII digits for a sequence number 0..99. */
function seqDigits(seq: number): [number, number] {
  if (!Number.isInteger(seq) || seq < 0 || seq >= SEQ_MODULUS) throw new RangeError(`sequence number must be 0..99, got ${seq}`);
  return [0x30 + Math.floor(seq / 10), 0x30 + (seq % 10)];
}

/** Builds a frame: STX, SEQ, PAYLOAD, ETX, BCC. Refuses payloads the decoder would refuse. */
export function encodeFrame(seq: number, payload: string, maxPayload = DEFAULT_MAX_PAYLOAD): Uint8Array {
  if (payload.length < 1 || payload.length > maxPayload) throw new RangeError(`payload must be 1..${maxPayload} characters, got ${payload.length}`);
  const out = new Uint8Array(payload.length + 5);
  out[0] = STX;
  [out[1], out[2]] = seqDigits(seq);
  for (let i = 0; i < payload.length; i++) {
    const c = payload.charCodeAt(i);
    if (!isPrintable(c)) throw new RangeError(`payload character ${JSON.stringify(payload[i])} is not printable ASCII`);
    out[3 + i] = c;
  }
  out[out.length - 2] = ETX;
  out[out.length - 1] = xorBytes(out, 1, out.length - 1);
  return out;
}

/** The terminal's positive answer to frame `seq`: ACK, then the two SEQ digits. */
export function encodeAck(seq: number): Uint8Array {
  const [d1, d2] = seqDigits(seq);
  return Uint8Array.of(ACK, d1, d2);
}

/** The terminal's negative answer: one NAK byte ("resend the frame you are waiting on"). */
export function encodeNak(): Uint8Array {
  return Uint8Array.of(NAK);
}

/** Lower-case hex with spaces, for logs and JSON: `02 30 37 43 41 73 03 16`. */
export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');
}

/** One answer the shoe reads from the terminal. */
export type Answer = { readonly kind: 'ack'; readonly seq: number } | { readonly kind: 'nak' };

/**
 * The shoe's side of the answers: ACK d d and NAK, split anywhere, other bytes ignored. Used
 * by the simulator; a shoe maker implements the same few lines.
 */
export class AnswerDecoder {
  private pending: number[] | undefined;

  push(chunk: Uint8Array): Answer[] {
    const out: Answer[] = [];
    for (const b of chunk) {
      if (b === ACK) {
        this.pending = [];
      } else if (b === NAK) {
        this.pending = undefined;
        out.push({ kind: 'nak' });
      } else if (this.pending) {
        if (!isDigit(b)) {
          this.pending = undefined;
          continue;
        }
        this.pending.push(b - 0x30);
        if (this.pending.length === 2) {
          out.push({ kind: 'ack', seq: this.pending[0] * 10 + this.pending[1] });
          this.pending = undefined;
        }
      }
    }
    return out;
  }

  reset(): void {
    this.pending = undefined;
  }
}
