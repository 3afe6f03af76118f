/**
 * Receivers: the terminal's side of a wire format, above the decoder. Pure and synchronous:
 * bytes in; event bodies (cards and statuses) and the bytes to answer out. The serial device
 * adds the port, the clock and the timers.
 */
import type { EventBody } from '../card-source';
import { encodeAck, encodeNak, FramedDecoder, SEQ_MODULUS, type FramedDecoderOptions } from '../decoders/framed';
import { LineDecoder, type LineDecoderOptions } from '../decoders/lines';
import { parsePayload, type Message } from './framed-payload';

export type WireFormat = 'lines' | 'framed';
export const WIRE_FORMATS: readonly WireFormat[] = ['lines', 'framed'];

/**
 * One event the bytes produced. `ack`: the bytes that acknowledge it to the device, to be
 * sent only once the event is durably recorded (the device resends until then); absent
 * when the format acknowledges nothing (lines) or the event is not the device's own frame.
 */
export interface Received {
  readonly body: EventBody;
  readonly ack?: Uint8Array;
  /** True when this is the device resending the last frame before it was acknowledged. */
  readonly resend?: boolean;
}

/** What one chunk of bytes produced. */
export interface ReceiveResult {
  readonly events: Received[];
  /** Bytes to send back to the device now (NAKs, and ACKs of resends already acknowledged), or empty. */
  readonly reply: Uint8Array;
  /** True when something intact arrived (a line, a frame with a good check): the device is alive. */
  readonly heard: boolean;
}

export interface Receiver {
  readonly format: WireFormat;
  push(chunk: Uint8Array): ReceiveResult;
  /**
   * The consumer has durably recorded the event whose `ack` was `ack`: a resend of that
   * frame is answered at once from now on instead of being delivered again.
   */
  acknowledged(ack: Uint8Array): void;
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
    const events: Received[] = items.map((it) => ({
      body: it.kind === 'card' ? { kind: 'card', card: it.card, seq: undefined, raw: it.raw } : { status: 'unreadable', raw: it.raw, reason: it.reason },
    }));
    return { events, reply: EMPTY, heard: items.length > 0 };
  }

  acknowledged(): void {
    // Lines are never acknowledged.
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
 * Framed: checks frames, NAKs bad ones at once, and hands every card or status frame over
 * with its ACK, which the consumer sends only after recording it (acknowledge-after-commit:
 * a crash before the ACK makes the shoe resend). A resend of the last frame (same SEQ, same
 * bytes) is answered at once when that frame was already acknowledged, and delivered again
 * (marked `resend`) when it was not, so the consumer, which knows what it stored, decides.
 * Reports sequence gaps; the gap state survives `disconnected()` so a gap across an unplug
 * is reported when the shoe speaks again.
 */
export class FramedReceiver implements Receiver {
  readonly format = 'framed' as const;
  private readonly decoder: FramedDecoder;
  /** SEQ of the last accepted card/status frame, or the one before a heartbeat's "next". */
  private lastSeq: number | undefined;
  private lastRaw: Uint8Array | undefined;
  /** Whether the consumer has acknowledged the last accepted frame. */
  private lastAcknowledged = false;
  /** Whether the last accepted frame was a status frame (it took a number too), not a card nor
   *  a number only deduced from a heartbeat. */
  private lastWasStatus = false;
  /** The `afterSeq` the last accepted frame was delivered with, for its resends. */
  private lastAfterSeq: number | undefined;
  private readonly tally = { frames: 0, badFrames: 0, duplicates: 0, resends: 0, gaps: 0 };

  constructor(options: FramedDecoderOptions = {}) {
    this.decoder = new FramedDecoder(options);
  }

  /** Frames accepted, bad frames (NAKed), duplicates answered at once, resends delivered again
   *  (not yet acknowledged), gaps reported, bytes skipped outside frames. */
  counts(): { frames: number; badFrames: number; duplicates: number; resends: number; gaps: number; discardedBytes: number } {
    return { ...this.tally, discardedBytes: this.decoder.discardedBytes };
  }

  push(chunk: Uint8Array): ReceiveResult {
    const events: Received[] = [];
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
        if (this.lastSeq !== undefined && this.lastSeq !== lastBefore) events.push({ body: this.gap(item.seq) });
        if (this.lastSeq !== lastBefore) {
          this.lastRaw = undefined;
          this.lastWasStatus = false;
        }
        this.lastSeq = lastBefore;
        continue;
      }
      const ack = encodeAck(item.seq);
      let resend = false;
      if (this.lastSeq === item.seq && this.lastRaw !== undefined && sameBytes(this.lastRaw, item.raw)) {
        if (this.lastAcknowledged) {
          this.tally.duplicates++;
          replies.push(ack);
          continue;
        }
        this.tally.resends++;
        resend = true;
      } else {
        if (this.lastSeq !== undefined && item.seq !== (this.lastSeq + 1) % SEQ_MODULUS) events.push({ body: this.gap(item.seq) });
        // A card after a status frame: the status took the number before it, so the hand logic,
        // which sees only cards, must not take the jump from the last card for a lost read.
        this.lastAfterSeq = this.lastSeq !== undefined && this.lastWasStatus ? this.lastSeq : undefined;
        this.lastSeq = item.seq;
        this.lastRaw = item.raw;
        this.lastAcknowledged = false;
        this.lastWasStatus = msg.type !== 'card';
      }
      events.push({ body: frameEvent(msg, item.seq, item.raw, this.lastAfterSeq), ack, ...(resend ? { resend } : {}) });
    }
    return { events, reply: concat(replies), heard };
  }

  acknowledged(ack: Uint8Array): void {
    if (this.lastSeq !== undefined && this.lastRaw !== undefined && sameBytes(ack, encodeAck(this.lastSeq))) this.lastAcknowledged = true;
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
    this.lastAcknowledged = false;
    this.lastWasStatus = false;
    this.lastAfterSeq = undefined;
  }

  private gap(received: number): EventBody {
    this.tally.gaps++;
    const expected = ((this.lastSeq ?? 0) + 1) % SEQ_MODULUS;
    const missing = (received - expected + SEQ_MODULUS) % SEQ_MODULUS;
    return { status: 'sequence-gap', expected, received, missing };
  }
}

function frameEvent(msg: Exclude<Message, { type: 'heartbeat' }>, seq: number, raw: Uint8Array, afterSeq: number | undefined): EventBody {
  switch (msg.type) {
    case 'card':
      return afterSeq === undefined ? { kind: 'card', card: msg.card, seq, raw } : { kind: 'card', card: msg.card, seq, afterSeq, raw };
    case 'unreadable':
      return { status: 'unreadable', raw, reason: msg.reason };
    case 'status':
      return { status: msg.status };
    case 'unknown':
      return { status: 'device-status', code: msg.code };
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
