/**
 * Receivers: the terminal's side of a wire format, above the decoder. Pure and synchronous:
 * bytes in; event bodies (cards and statuses) and the bytes to answer out. The serial device
 * adds the port, the clock and the timers.
 */
import type { EventBody } from '../card-source';
import { encodeAck, encodeNak, FramedDecoder, SEQ_MODULUS, type FramedDecoderOptions } from '../decoders/framed';
import { LineDecoder, type LineDecoderOptions } from '../decoders/lines';
import { parsePayload } from './framed-payload';

export type WireFormat = 'lines' | 'framed';
export const WIRE_FORMATS: readonly WireFormat[] = ['lines', 'framed'];

/** What one chunk of bytes produced. */
export interface ReceiveResult {
  readonly events: EventBody[];
  /** Bytes to send back to the device now (ACK/NAK), or empty. */
  readonly reply: Uint8Array;
  /** True when something intact arrived (a line, a frame with a good check): the device is alive. */
  readonly heard: boolean;
}

export interface Receiver {
  readonly format: WireFormat;
  push(chunk: Uint8Array): ReceiveResult;
  /** The port closed: report what was cut off and forget partial input; sequence state is kept. */
  disconnected(): EventBody[];
  /** Forget everything, sequence state included (a new session). */
  reset(): void;
  /** Counters for diagnostics, by name (empty when the format keeps none). */
  counts(): Record<string, number>;
}

const EMPTY = new Uint8Array(0);

/** Lines: every line becomes a card or an unreadable; nothing is answered. */
export class LinesReceiver implements Receiver {
  readonly format = 'lines' as const;
  private readonly decoder: LineDecoder;

  constructor(options: LineDecoderOptions = {}) {
    this.decoder = new LineDecoder(options);
  }

  push(chunk: Uint8Array): ReceiveResult {
    const items = this.decoder.push(chunk);
    const events: EventBody[] = items.map((it) =>
      it.kind === 'card' ? { kind: 'card', card: it.card, seq: undefined, raw: it.raw } : { status: 'unreadable', raw: it.raw, reason: it.reason },
    );
    return { events, reply: EMPTY, heard: items.length > 0 };
  }

  disconnected(): EventBody[] {
    return this.decoder.flush().map((it) => ({ status: 'unreadable', raw: it.raw, reason: it.kind === 'unreadable' ? it.reason : 'cut off' }));
  }

  reset(): void {
    this.decoder.reset();
  }

  counts(): Record<string, number> {
    return {};
  }
}

/**
 * Framed: checks frames, answers ACK/NAK, drops retransmissions (same SEQ and same bytes as
 * the last accepted frame) and reports sequence gaps. The gap state survives `disconnected()`
 * so a gap across an unplug is reported when the shoe speaks again.
 */
export class FramedReceiver implements Receiver {
  readonly format = 'framed' as const;
  private readonly decoder: FramedDecoder;
  /** SEQ of the last accepted card/status frame, or the one before a heartbeat's "next". */
  private lastSeq: number | undefined;
  private lastRaw: Uint8Array | undefined;
  private readonly tally = { frames: 0, badFrames: 0, duplicates: 0, gaps: 0 };

  constructor(options: FramedDecoderOptions = {}) {
    this.decoder = new FramedDecoder(options);
  }

  /** Frames accepted, bad frames (NAKed), duplicates dropped, gaps reported, bytes skipped outside frames. */
  counts(): { frames: number; badFrames: number; duplicates: number; gaps: number; discardedBytes: number } {
    return { ...this.tally, discardedBytes: this.decoder.discardedBytes };
  }

  push(chunk: Uint8Array): ReceiveResult {
    const events: EventBody[] = [];
    const replies: Uint8Array[] = [];
    let heard = false;
    for (const item of this.decoder.push(chunk)) {
      if (item.kind === 'bad-frame') {
        this.tally.badFrames++;
        replies.push(encodeNak());
        continue;
      }
      heard = true;
      this.tally.frames++;
      const msg = parsePayload(item.payload);
      if (msg.type === 'heartbeat') {
        // A heartbeat's SEQ is the number the shoe's next frame will carry.
        const lastBefore = (item.seq + SEQ_MODULUS - 1) % SEQ_MODULUS;
        if (this.lastSeq !== undefined && this.lastSeq !== lastBefore) events.push(this.gap(item.seq));
        if (this.lastSeq !== lastBefore) this.lastRaw = undefined;
        this.lastSeq = lastBefore;
        continue;
      }
      replies.push(encodeAck(item.seq));
      if (this.lastSeq === item.seq && this.lastRaw !== undefined && sameBytes(this.lastRaw, item.raw)) {
        this.tally.duplicates++;
        continue;
      }
      if (this.lastSeq !== undefined && item.seq !== (this.lastSeq + 1) % SEQ_MODULUS) events.push(this.gap(item.seq));
      this.lastSeq = item.seq;
      this.lastRaw = item.raw;
      switch (msg.type) {
        case 'card':
          events.push({ kind: 'card', card: msg.card, seq: item.seq, raw: item.raw });
          break;
        case 'unreadable':
          events.push({ status: 'unreadable', raw: item.raw, reason: msg.reason });
          break;
        case 'status':
          events.push({ status: msg.status });
          break;
        case 'unknown':
          events.push({ status: 'device-status', code: msg.code });
          break;
      }
    }
    return { events, reply: concat(replies), heard };
  }

  disconnected(): EventBody[] {
    // A partial frame was never ACKed: the shoe resends it after the reconnect.
    this.decoder.reset();
    return [];
  }

  reset(): void {
    this.decoder.reset();
    this.lastSeq = undefined;
    this.lastRaw = undefined;
  }

  private gap(received: number): EventBody {
    this.tally.gaps++;
    const expected = ((this.lastSeq ?? 0) + 1) % SEQ_MODULUS;
    const missing = (received - expected + SEQ_MODULUS) % SEQ_MODULUS;
    return { status: 'sequence-gap', expected, received, missing };
  }
}

/** A receiver for a wire format with its decoder options. */
export function makeReceiver(format: WireFormat, options: { lines?: LineDecoderOptions; framed?: FramedDecoderOptions } = {}): Receiver {
  return format === 'lines' ? new LinesReceiver(options.lines) : new FramedReceiver(options.framed);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 0) return EMPTY;
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
