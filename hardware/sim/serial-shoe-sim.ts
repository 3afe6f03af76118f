/**
 * The shoe simulator: a real device on a real serial port. It opens the device end of a
 * serial line (in practice one end of a socat pty pair), deals seeded shuffled decks in
 * either wire format at a chosen pace and produces faults on request. In the framed format
 * it is a complete shoe: stop-and-wait with ACK/NAK, retransmission on NAK or timeout,
 * heartbeats when idle; it is the reference implementation of docs/wire-formats.md.
 */
import type { SerialPort } from 'serialport';
import { DECK_SIZE, formatCard, isCard, type Card } from '../../app/domain/cards';
import { AnswerDecoder, encodeFrame, SEQ_MODULUS, type Answer } from '../decoders/framed';
import { encodeLine, LINE_ENDING_NAMES, type LineEnding } from '../decoders/lines';
import { checkKnownKeys, intOption, oneOfOption, OptionError } from '../decoders/options';
import { BAUD_RATE, PACE_MS, SEED, SIM_ACK_TIMEOUT_MS, SIM_HEARTBEAT_MS } from '../limits';
import { cardPayload, HEARTBEAT_PAYLOAD, statusPayload, type StatusCode } from '../protocol/framed-payload';
import { WIRE_FORMATS, type WireFormat } from '../protocol/receiver';
import { createSerialPort, writeBytes } from '../transport';
import { shuffledDeck } from './deck';
import { faultMs, faultsAt, parseFaults, unsupportedFault, type Fault, type FaultKind } from './faults';
import type { DealReport } from './in-process-shoe';
import { Sleeps } from './sleeps';

export interface SerialShoeSimOptions {
  /** The port the simulated device opens (the device end of a pty pair). */
  readonly path: string;
  readonly format: WireFormat;
  /** Seed of the first deck; deal n uses `seed + n` unless `deal(seed)` names one. Default 1. */
  readonly seed?: number;
  /** Milliseconds between cards, 0..600000. Default 300. 0 = as fast as the line allows. */
  readonly paceMs?: number;
  readonly faults?: readonly (Fault | string)[];
  readonly baudRate?: number;
  /** Framed: a heartbeat every this many ms (5..600000) while idle; null for none. Default 1000. */
  readonly heartbeatMs?: number | null;
  /** Framed: resend a frame not answered within this long, 5..60000 ms. Default 250 ms. */
  readonly ackTimeoutMs?: number;
  /** Lines: terminator. Default CRLF. */
  readonly lineEnding?: LineEnding;
  /** Lines: text before each card. Default none. */
  readonly linePrefix?: string;
  /**
   * How an `unplug` fault pulls the cable: given the time it stays out, resolves once it is
   * back (a {@link PtyPair}'s `restart`). Without it the simulator only closes its own end
   * for that long, which a reader on a socat pty cannot see except through its watchdog.
   */
  readonly unplug?: (downMs: number) => Promise<void>;
  /**
   * Lines: after a replug, wait this long before the next card. The lines format has no
   * acknowledgement, so cards sent before the terminal has reopened its port are lost, as
   * with a real device; a dealer also pauses after plugging a shoe back in. Default 300 ms.
   */
  readonly replugSettleMs?: number;
  /** While its port is gone, try to reopen it this often. Default 20 ms. */
  readonly reopenMs?: number;
  /** Called just before the first transmission of each card's bytes (for latency measurements). */
  readonly onCardWrite?: (info: { readonly position: number; readonly card: Card; readonly seq: number | undefined }) => void;
  /** Framed: called when the terminal has acknowledged a frame (the moment the shoe lets go of it). */
  readonly onAcknowledged?: (info: { readonly seq: number; readonly payload: string }) => void;
  /** Diagnostics (what the simulator did); default silent. */
  readonly log?: (message: string) => void;
}

const KNOWN = ['path', 'format', 'seed', 'paceMs', 'faults', 'baudRate', 'heartbeatMs', 'ackTimeoutMs', 'lineEnding', 'linePrefix', 'unplug', 'replugSettleMs', 'reopenMs', 'onCardWrite', 'onAcknowledged', 'log'];

/** The options after checking, defaults filled in. */
interface Settings {
  readonly path: string;
  readonly seed: number;
  readonly paceMs: number;
  readonly baudRate: number;
  readonly heartbeatMs: number | null;
  readonly ackTimeoutMs: number;
  readonly lineEnding: LineEnding;
  readonly linePrefix: string;
  readonly reopenMs: number;
  readonly replugSettleMs: number;
}

/** Noise the `garbage` fault puts on the wire (framed): stray bytes, then a fake frame whose CRC bytes (00 55) are wrong. */
export const FRAMED_GARBAGE = Uint8Array.of(0x00, 0xff, 0x13, 0x7e, 0x03, 0x02, 0x39, 0x39, 0x43, 0x41, 0x73, 0x03, 0x00, 0x55, 0xaa);
/** The same fault in the lines format: one line of noise (the reader reports it unreadable). */
export const LINES_GARBAGE = Uint8Array.of(0x00, 0xff, 0x13, 0x7e, 0x21, 0x80);

export class SerialShoeSimulator {
  readonly format: WireFormat;
  private readonly opts: Settings;
  private readonly faults: readonly Fault[];
  private readonly unplugHook: ((downMs: number) => Promise<void>) | undefined;
  private readonly onCardWrite: SerialShoeSimOptions['onCardWrite'];
  private readonly onAcknowledged: SerialShoeSimOptions['onAcknowledged'];
  private readonly log: (message: string) => void;
  private port: SerialPort | undefined;
  private running = false;
  private busy = false;
  private deals = 0;
  private seq = 0;
  private outstanding: number | undefined;
  private silentUntil = 0;
  private lastWrite = 0;
  private heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  private reopenTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly answers = new AnswerDecoder();
  private answerWaiter: ((a: Answer) => void) | undefined;
  private portWaiters: (() => void)[] = [];
  private readonly sleeps = new Sleeps();

  constructor(options: SerialShoeSimOptions) {
    const where = 'SerialShoeSimulator';
    checkKnownKeys(where, options, KNOWN);
    if (typeof options.path !== 'string' || options.path === '') throw new OptionError(where, 'path', 'is required');
    this.format = oneOfOption(where, 'format', options.format, WIRE_FORMATS);
    const linePrefix = options.linePrefix ?? '';
    if (typeof linePrefix !== 'string' || /[\r\n]/.test(linePrefix)) throw new OptionError(where, 'linePrefix', 'must be text without CR or LF');
    const hb = options.heartbeatMs === undefined ? 1000 : options.heartbeatMs;
    this.opts = {
      path: options.path,
      seed: intOption(where, 'seed', options.seed, 1, ...SEED),
      paceMs: intOption(where, 'paceMs', options.paceMs, 300, ...PACE_MS),
      baudRate: intOption(where, 'baudRate', options.baudRate, 9600, ...BAUD_RATE),
      heartbeatMs: hb === null ? null : intOption(where, 'heartbeatMs', hb, 1000, ...SIM_HEARTBEAT_MS),
      ackTimeoutMs: intOption(where, 'ackTimeoutMs', options.ackTimeoutMs, 250, ...SIM_ACK_TIMEOUT_MS),
      lineEnding: oneOfOption(where, 'lineEnding', options.lineEnding, LINE_ENDING_NAMES, 'CRLF'),
      linePrefix,
      reopenMs: intOption(where, 'reopenMs', options.reopenMs, 20, 1, 60_000),
      replugSettleMs: intOption(where, 'replugSettleMs', options.replugSettleMs, 300, 0, 600_000),
    };
    const parsed = parseFaults(options.faults ?? []);
    if (!parsed.ok) throw new OptionError(where, 'faults', `refused: ${parsed.error.message}`);
    const unsupported = unsupportedFault(parsed.value, this.format);
    if (unsupported) throw new OptionError(where, 'faults', `refused: fault ${unsupported.fault.kind} needs the framed format (${unsupported.why})`);
    this.faults = parsed.value;
    this.unplugHook = options.unplug;
    this.onCardWrite = options.onCardWrite;
    this.onAcknowledged = options.onAcknowledged;
    this.log = options.log ?? (() => {});
  }

  /** Opens the port (retrying until it exists) and starts heartbeats. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.seq = 0;
    this.answers.reset();
    await this.openPort();
    if (this.format === 'framed' && this.opts.heartbeatMs !== null) {
      const every = this.opts.heartbeatMs;
      this.heartbeatTimer = setInterval(() => this.heartbeat(every), Math.max(5, Math.floor(every / 2)));
    }
  }

  /** Stops dealing, timers and retries, and closes the port. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    clearInterval(this.heartbeatTimer);
    clearTimeout(this.reopenTimer);
    this.sleeps.wakeAll();
    this.answerWaiter?.({ kind: 'nak' });
    for (const w of this.portWaiters.splice(0)) w();
    const port = this.port;
    this.port = undefined;
    if (port?.isOpen) await new Promise<void>((resolve) => port.close(() => resolve()));
  }

  /** Deals one whole shuffled deck (52 cards; framed: then `EMPTY`). */
  deal(seed: number = this.opts.seed + this.deals): Promise<DealReport> {
    this.deals++;
    return this.run(shuffledDeck(seed), seed, true);
  }

  /** Sends exactly these cards (a scanner reading a hand, or a given deal). */
  feed(cards: readonly Card[]): Promise<DealReport> {
    const bad = cards.find((c) => !isCard(c));
    if (bad !== undefined) return Promise.reject(new RangeError(`not a card code: ${bad}`));
    return this.run([...cards], undefined, false);
  }

  private async run(cards: Card[], seed: number | undefined, wholeDeck: boolean): Promise<DealReport> {
    if (!this.running) throw new Error('simulator not started');
    if (this.busy) throw new Error('simulator is already dealing');
    this.busy = true;
    try {
      for (let k = 0; k < cards.length; k++) {
        if (k > 0 && this.opts.paceMs > 0) await this.sleeps.sleep(this.opts.paceMs);
        if (!this.running) return { seed, cards, completed: false };
        await this.dealOne(k, cards[k]);
        if (!this.running) return { seed, cards, completed: false };
      }
      if (wholeDeck && cards.length === DECK_SIZE && this.format === 'framed') await this.sendStatus('EMPTY');
      return { seed, cards, completed: this.running };
    } finally {
      this.busy = false;
    }
  }

  private async dealOne(k: number, card: Card): Promise<void> {
    const here = faultsAt(this.faults, k);
    const has = (kind: FaultKind) => here.some((f) => f.kind === kind);
    let unplugAfterWrite: Fault | undefined;
    for (const f of here) {
      const ms = faultMs(f);
      switch (f.kind) {
        case 'unplug':
          if (this.format === 'framed') unplugAfterWrite = f; // pulled while the card's frame is in flight
          else await this.pullCable(ms);
          break;
        case 'silence':
          this.log(`silent for ${ms} ms`);
          this.silentUntil = performance.now() + ms;
          await this.sleeps.sleep(ms);
          break;
        case 'jam':
        case 'lid-open':
          if (this.format === 'framed') await this.sendStatus(f.kind === 'jam' ? 'JAM' : 'LID');
          await this.sleeps.sleep(ms);
          if (this.format === 'framed') await this.sendStatus('READY');
          break;
        case 'garbage':
          this.log('garbage on the wire');
          await this.write(this.format === 'framed' ? FRAMED_GARBAGE : concatBytes(LINES_GARBAGE, encodeLine('', this.opts.lineEnding)));
          break;
        case 'skip-seq':
          this.log(`skipping sequence number ${this.seq}`);
          this.seq = (this.seq + 1) % SEQ_MODULUS;
          break;
        default:
          break;
      }
      if (!this.running) return;
    }
    if (has('unreadable')) {
      if (this.format === 'framed') await this.sendStatus('UNREAD');
      else await this.write(encodeLine(`${this.opts.linePrefix}??`, this.opts.lineEnding));
      return;
    }
    const times = has('read-twice') ? 2 : 1;
    for (let t = 0; t < times; t++) {
      if (this.format === 'framed') {
        const seq = this.seq;
        await this.sendFrame(cardPayload(card), {
          corruptFirst: t === 0 && has('bad-checksum'),
          beforeFirstWrite: () => this.onCardWrite?.({ position: k, card, seq }),
          afterFirstWrite: t === 0 && unplugAfterWrite ? () => this.pullCable(faultMs(unplugAfterWrite!)) : undefined,
        });
      } else {
        this.onCardWrite?.({ position: k, card, seq: undefined });
        await this.write(encodeLine(this.opts.linePrefix + formatCard(card), this.opts.lineEnding));
      }
    }
  }

  private sendStatus(code: StatusCode): Promise<void> {
    this.log(`status ${code}`);
    return this.sendFrame(statusPayload(code), {});
  }

  /** Stop-and-wait: send, wait for ACK of this SEQ; resend on NAK or timeout, until ACKed or stopped. */
  private async sendFrame(
    payload: string,
    how: { corruptFirst?: boolean; beforeFirstWrite?: () => void; afterFirstWrite?: (() => Promise<void>) | undefined },
  ): Promise<void> {
    const seq = this.seq;
    this.seq = (this.seq + 1) % SEQ_MODULUS;
    const good = encodeFrame(seq, payload);
    let bytes = good;
    if (how.corruptFirst) {
      bytes = good.slice();
      // An 8-bit burst in the CRC itself: a CRC-16 detects every burst up to 16 bits.
      bytes[bytes.length - 1] ^= 0xff;
      this.log(`frame ${seq} ${payload} sent with a bad CRC`);
    }
    this.outstanding = seq;
    try {
      let first = true;
      let tries = 0;
      while (this.running) {
        if (first) how.beforeFirstWrite?.();
        await this.write(bytes);
        // Registered after the write: the answer cannot arrive before this continuation runs.
        const answer = this.awaitAnswer(seq);
        if (first && how.afterFirstWrite) await how.afterFirstWrite();
        first = false;
        const a = await answer;
        if (a === 'ack') {
          this.onAcknowledged?.({ seq, payload });
          return;
        }
        tries++;
        if (tries <= 3 || tries % 40 === 0) this.log(`frame ${seq} ${payload}: ${a}, resending (try ${tries + 1})`);
        bytes = good;
      }
    } finally {
      this.outstanding = undefined;
    }
  }

  /** Resolves with the first ACK of `seq`, a NAK, or a timeout, whichever comes first. */
  private awaitAnswer(seq: number): Promise<'ack' | 'nak' | 'timeout'> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.answerWaiter = undefined;
        resolve('timeout');
      }, this.opts.ackTimeoutMs);
      this.answerWaiter = (a) => {
        if (a.kind === 'ack' && a.seq !== seq) return; // a late answer to an earlier frame
        clearTimeout(timer);
        this.answerWaiter = undefined;
        resolve(a.kind);
      };
    });
  }

  private heartbeat(every: number): void {
    const now = performance.now();
    if (!this.port || this.outstanding !== undefined || now < this.silentUntil || now - this.lastWrite < every) return;
    void this.write(encodeFrame(this.seq, HEARTBEAT_PAYLOAD), false);
  }

  /** Pulls the cable for `ms`: the owner's unplug hook, or closing our end. */
  private async pullCable(ms: number): Promise<void> {
    this.log(`unplugged for ${ms} ms`);
    if (this.unplugHook) {
      await this.unplugHook(ms);
      await this.waitForPort();
      if (this.format === 'lines') await this.sleeps.sleep(this.opts.replugSettleMs);
      return;
    }
    const port = this.port;
    this.port = undefined;
    if (port?.isOpen) await new Promise<void>((resolve) => port.close(() => resolve()));
    await this.sleeps.sleep(ms);
    if (this.running) await this.openPort();
    if (this.format === 'lines') await this.sleeps.sleep(this.opts.replugSettleMs);
  }

  /**
   * Writes bytes, waiting for the port if it is gone. Returns once written, or once this
   * port is lost or the simulator stopped (a frame not written is resent after the ACK
   * timeout, on the port opened again).
   */
  private async write(bytes: Uint8Array, wait = true): Promise<void> {
    if (wait) await this.waitForPort();
    const port = this.port;
    if (!port || !this.running) return;
    this.lastWrite = performance.now();
    await writeBytes(port, bytes);
  }

  private async waitForPort(): Promise<void> {
    while (this.running && !this.port) await new Promise<void>((resolve) => this.portWaiters.push(resolve));
  }

  private openPort(): Promise<void> {
    return new Promise((resolve) => {
      const attempt = () => {
        if (!this.running) return resolve();
        const port = createSerialPort({ path: this.opts.path, baudRate: this.opts.baudRate });
        port.open((err) => {
          if (!this.running) {
            if (!err) port.close();
            return resolve();
          }
          if (err) {
            this.reopenTimer = setTimeout(attempt, this.opts.reopenMs);
            return;
          }
          this.port = port;
          this.answers.reset();
          port.on('data', (chunk: Buffer) => {
            for (const a of this.answers.push(chunk)) this.answerWaiter?.(a);
          });
          const lost = () => {
            if (this.port !== port) return;
            this.port = undefined;
            this.log('port gone; reopening');
            if (port.isOpen) port.close();
            if (this.running) void this.openPort();
          };
          port.on('close', lost);
          port.on('error', lost);
          this.log(`opened ${this.opts.path}`);
          for (const w of this.portWaiters.splice(0)) w();
          resolve();
        });
      };
      attempt();
    });
  }
}

function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
