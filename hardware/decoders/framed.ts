/**
 * The framed wire format (ours; specified in docs/wire-formats.md):
 *
 *   STX  SEQ(2 ASCII digits)  PAYLOAD(1..maxPayload printable ASCII)  ETX  CRC_HI  CRC_LO
 *
 * CRC = CRC-16/CCITT-FALSE (`crc16CcittFalse`) of every byte after STX up to and including
 * ETX (SEQ, PAYLOAD, ETX), sent high byte first; STX itself is not included. The terminal
 * answers each card or status frame with ACK + the frame's two SEQ digits, and any frame that
 * fails its check with a bare NAK.
 *
 * `FramedDecoder` is pure and synchronous: feed it chunks split anywhere, get the same items.
 * It resynchronises on the next STX after garbage; no byte sequence can make it throw, and it
 * never returns a `frame` whose CRC does not check.
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

/** What the decoder found. `raw` is every byte of the frame as received, STX to the last CRC byte. */
export type FramedItem =
  | { readonly kind: 'frame'; readonly seq: number; readonly payload: string; readonly raw: Uint8Array }
  | { readonly kind: 'bad-frame'; readonly reason: string; readonly raw: Uint8Array };

const enum State {
  Hunt,
  Seq1,
  Seq2,
  Body,
  CrcHi,
  CrcLo,
}

const isDigit = (b: number): boolean => b >= 0x30 && b <= 0x39;
const isPrintable = (b: number): boolean => b >= 0x20 && b <= 0x7e;
const hex = (b: number): string => `0x${b.toString(16).padStart(2, '0').toUpperCase()}`;
const hex16 = (w: number): string => `0x${w.toString(16).padStart(4, '0').toUpperCase()}`;

const CRC_POLY = 0x1021;
const CRC_TABLE = (() => {
  const t = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n << 8;
    for (let k = 0; k < 8; k++) c = c & 0x8000 ? (c << 1) ^ CRC_POLY : c << 1;
    t[n] = c & 0xffff;
  }
  return t;
})();

/**
 * CRC-16/CCITT-FALSE of `bytes[from..to)`: polynomial 0x1021, initial value 0xFFFF, no
 * reflection, no final XOR (the check value of ASCII "123456789" is 0x29B1). Returns 0..0xFFFF.
 * Throws a RangeError unless `from` and `to` are integers with 0 <= from <= to <= bytes.length.
 */
export function crc16CcittFalse(bytes: Uint8Array, from = 0, to = bytes.length): number {
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || from > to || to > bytes.length) {
    throw new RangeError(`crc16CcittFalse: range ${from}..${to} is not within 0..${bytes.length}`);
  }
  let crc = 0xffff;
  for (let i = from; i < to; i++) crc = ((crc << 8) & 0xffff) ^ CRC_TABLE[(crc >>> 8) ^ bytes[i]];
  return crc;
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
    // STX + 2 SEQ + payload + ETX + 2 CRC
    this.buf = new Uint8Array(this.maxPayload + 6);
  }

  /** Feeds a chunk; returns the frames and bad frames it completed, in order. */
  push(chunk: Uint8Array): FramedItem[] {
    const out: FramedItem[] = [];
    for (let i = 0; i < chunk.length; i++) this.step(chunk[i], out);
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

  private step(b: number, out: FramedItem[]): void {
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
          else this.state = State.CrcHi;
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
      case State.CrcHi:
        // Read by position: a CRC byte may have any value, STX and ETX included.
        this.buf[this.len++] = b;
        this.state = State.CrcLo;
        break;
      case State.CrcLo: {
        this.buf[this.len++] = b;
        const hi = this.buf[this.len - 2];
        const got = (hi << 8) | b;
        const expected = crc16CcittFalse(this.buf, 1, this.len - 2);
        if (got !== expected) {
          out.push(this.bad(`CRC ${hex16(got)} does not match ${hex16(expected)}`));
          // Noise that ended in a fake ETX takes the next frame's first bytes for its CRC: if
          // either was an STX, start over there so that frame is not lost.
          if (hi === STX) {
            this.begin();
            this.step(b, out);
          } else if (b === STX) {
            this.begin();
          }
        } else {
          const raw = this.buf.slice(0, this.len);
          const seq = (raw[1] - 0x30) * 10 + (raw[2] - 0x30);
          const payload = String.fromCharCode(...raw.subarray(3, this.len - 3));
          out.push({ kind: 'frame', seq, payload, raw });
          this.len = 0;
          this.state = State.Hunt;
        }
        break;
      }
    }
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

/**
 * Builds a frame: STX, SEQ, PAYLOAD, ETX, CRC high byte, CRC low byte. Throws a RangeError for
 * what the decoder would refuse: a SEQ outside 0..99, a payload outside 1..maxPayload
 * characters or with a character that is not printable ASCII.
 */
export function encodeFrame(seq: number, payload: string, maxPayload = DEFAULT_MAX_PAYLOAD): Uint8Array {
  if (payload.length < 1 || payload.length > maxPayload) throw new RangeError(`payload must be 1..${maxPayload} characters, got ${payload.length}`);
  const out = new Uint8Array(payload.length + 6);
  out[0] = STX;
  [out[1], out[2]] = seqDigits(seq);
  for (let i = 0; i < payload.length; i++) {
    const c = payload.charCodeAt(i);
    if (!isPrintable(c)) throw new RangeError(`payload character ${JSON.stringify(payload[i])} is not printable ASCII`);
    out[3 + i] = c;
  }
  out[out.length - 3] = ETX;
  const crc = crc16CcittFalse(out, 1, out.length - 2);
  out[out.length - 2] = crc >>> 8;
  out[out.length - 1] = crc & 0xff;
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

/** Lower-case hex with spaces, for logs and JSON: `02 30 37 43 41 73 03 f8 12`. */
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
