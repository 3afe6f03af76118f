/**
 * A simulated shoe with no serial port: a {@link CardSource} that deals seeded shuffled
 * decks at a chosen pace, with the same fault options as the serial simulator (except the
 * two that only exist on a wire). The terminal uses it as its default device when none is
 * configured ("Simulated shoe" on screen); tests of the hand logic use it with pace 0.
 *
 * Events look exactly like a real framed shoe's after the reader has dealt with the wire:
 * cards carry a sequence number (0..99, wrapping; each card read and each unreadable card
 * takes one, status reports take none), a skipped number is reported as `sequence-gap`, an
 * unplug as `disconnected` then `connected`.
 */
import { DECK_SIZE, formatCard, isCard, type Card } from '../../app/domain/cards';
import { Listeners } from '../../app/listeners';
import {
  systemClock,
  type CardSource,
  type Clock,
  type DeviceRole,
  type SourceEvent,
  type SourceListener,
  type SourceState,
  type StatusBody,
} from '../card-source';
import { SEQ_MODULUS } from '../decoders/framed';
import { checkKnownKeys, intOption, oneOfOption, OptionError } from '../decoders/options';
import { HEARTBEAT_TIMEOUT_MS, PACE_MS, SEED } from '../limits';
import { shuffledDeck } from './deck';
import { faultMs, faultsAt, parseFaults, unsupportedFault, type Fault } from './faults';
import { Sleeps } from './sleeps';

export interface InProcessShoeOptions {
  /** Seed of the first deck; deal n (from 0) uses `seed + n` unless `deal(seed)` names one. Default 1. */
  readonly seed?: number;
  /** Milliseconds between two cards, 0..600000; 0 deals as fast as the listeners take them. Default 150. */
  readonly paceMs?: number;
  /** Faults for every deal (positions within the deal). Text (`jam@20:300`) or objects. */
  readonly faults?: readonly (Fault | string)[];
  /** `silence` longer than this reports `heartbeat-lost`, like the serial reader's watchdog. 10..3600000, default 3000. */
  readonly heartbeatTimeoutMs?: number;
  readonly role?: DeviceRole;
  /** Default `sim:in-process`. */
  readonly id?: string;
  /** Time stamps of events. Default the wall clock. */
  readonly clock?: Clock;
}

/** What one `deal` or `feed` did. */
export interface DealReport {
  /** The seed of the deck (undefined for `feed`). */
  readonly seed: number | undefined;
  /** The cards in the order they left the shoe (before faults changed what was reported). */
  readonly cards: readonly Card[];
  /** False when `stop()` interrupted it. */
  readonly completed: boolean;
}

const KNOWN = ['seed', 'paceMs', 'faults', 'heartbeatTimeoutMs', 'role', 'id', 'clock'];

export class InProcessShoe implements CardSource {
  readonly id: string;
  readonly label: string;
  readonly role: DeviceRole;
  readonly simulated = true;
  private stateNow: SourceState = 'stopped';
  private readonly listeners = new Listeners<SourceEvent>();
  private readonly clock: Clock;
  private readonly paceMs: number;
  private readonly faults: readonly Fault[];
  private readonly heartbeatTimeoutMs: number;
  private readonly baseSeed: number;
  private deals = 0;
  private seq = 0;
  private busy = false;
  private readonly sleeps = new Sleeps();

  constructor(options: InProcessShoeOptions = {}) {
    const where = 'InProcessShoe';
    checkKnownKeys(where, options, KNOWN);
    const seed = intOption(where, 'seed', options.seed, 1, ...SEED);
    this.paceMs = intOption(where, 'paceMs', options.paceMs, 150, ...PACE_MS);
    this.heartbeatTimeoutMs = intOption(where, 'heartbeatTimeoutMs', options.heartbeatTimeoutMs, 3000, ...HEARTBEAT_TIMEOUT_MS);
    const parsed = parseFaults(options.faults ?? []);
    if (!parsed.ok) throw new OptionError(where, 'faults', `refused: ${parsed.error.message}`);
    const unsupported = unsupportedFault(parsed.value, 'in-process');
    if (unsupported) throw new OptionError(where, 'faults', `refused: fault ${unsupported.fault.kind} only exists on a wire (${unsupported.why})`);
    this.faults = parsed.value;
    this.baseSeed = seed;
    if (options.clock !== undefined && typeof options.clock !== 'function') throw new OptionError(where, 'clock', 'must be a function returning ms since the epoch');
    this.clock = options.clock ?? systemClock;
    this.role = oneOfOption<DeviceRole>(where, 'role', options.role, ['shoe', 'scanner'], 'shoe');
    if (options.id !== undefined && (typeof options.id !== 'string' || options.id === '')) throw new OptionError(where, 'id', `must be non-empty text, got ${JSON.stringify(options.id)}`);
    this.id = options.id ?? 'sim:in-process';
    this.label = this.role === 'shoe' ? `Simulated shoe (seed ${seed})` : 'Simulated scanner';
  }

  get state(): SourceState {
    return this.stateNow;
  }

  /** True while a deal or feed is running. */
  get dealing(): boolean {
    return this.busy;
  }

  subscribe(listener: SourceListener): () => void {
    return this.listeners.add(listener);
  }

  async start(): Promise<void> {
    if (this.stateNow !== 'stopped') return;
    this.stateNow = 'connected';
    this.status({ status: 'connected', path: 'in-process', reconnect: false });
  }

  async stop(): Promise<void> {
    if (this.stateNow === 'stopped') return;
    this.stateNow = 'stopped';
    this.sleeps.wakeAll();
    this.status({ status: 'disconnected', reason: 'stopped', willRetry: false });
  }

  /**
   * Deals one whole shuffled deck (52 cards, then `shoe-empty`). Resolves when done or
   * stopped. Refuses while stopped or while another deal runs.
   */
  deal(seed: number = this.baseSeed + this.deals): Promise<DealReport> {
    const cards = shuffledDeck(seed);
    this.deals++;
    return this.run(cards, seed, true);
  }

  /**
   * Reads exactly these cards, in order (a scanner reading a hand at showdown, or a test
   * that needs a given deal). Faults apply by position within `cards`. No `shoe-empty`.
   */
  feed(cards: readonly Card[]): Promise<DealReport> {
    const bad = cards.find((c) => !isCard(c));
    if (bad !== undefined) return Promise.reject(new RangeError(`not a card code: ${bad}`));
    return this.run([...cards], undefined, false);
  }

  private async run(cards: Card[], seed: number | undefined, wholeDeck: boolean): Promise<DealReport> {
    if (this.stateNow === 'stopped') throw new Error(`${this.label} is stopped; call start() first`);
    if (this.busy) throw new Error(`${this.label} is already dealing`);
    this.busy = true;
    try {
      for (let k = 0; k < cards.length; k++) {
        if (k > 0 && this.paceMs > 0) await this.sleeps.sleep(this.paceMs);
        if (!this.live()) return { seed, cards, completed: false };
        const here = faultsAt(this.faults, k);
        for (const f of here) {
          await this.applyFault(f);
          if (!this.live()) return { seed, cards, completed: false };
        }
        const twice = here.some((f) => f.kind === 'read-twice');
        const unreadable = here.some((f) => f.kind === 'unreadable');
        const text = formatCard(cards[k]);
        if (unreadable) {
          this.nextSeq();
          this.status({ status: 'unreadable', raw: new TextEncoder().encode('??'), reason: 'the shoe could not read the card' });
        } else {
          this.emitCard(cards[k], text);
          if (twice) this.emitCard(cards[k], text);
        }
      }
      if (wholeDeck && cards.length === DECK_SIZE && this.live()) this.status({ status: 'shoe-empty' });
      return { seed, cards, completed: this.live() };
    } finally {
      this.busy = false;
    }
  }

  private live(): boolean {
    return this.stateNow !== 'stopped';
  }

  private async applyFault(f: Fault): Promise<void> {
    const ms = faultMs(f);
    switch (f.kind) {
      case 'unplug':
        this.stateNow = 'reconnecting';
        this.status({ status: 'disconnected', reason: 'simulated unplug', willRetry: true });
        await this.sleeps.sleep(ms);
        if (!this.live()) return;
        this.stateNow = 'connected';
        this.status({ status: 'connected', path: 'in-process', reconnect: true });
        return;
      case 'silence':
        if (ms < this.heartbeatTimeoutMs) {
          await this.sleeps.sleep(ms);
          return;
        }
        await this.sleeps.sleep(this.heartbeatTimeoutMs);
        if (!this.live()) return;
        this.status({ status: 'heartbeat-lost', silentMs: this.heartbeatTimeoutMs });
        await this.sleeps.sleep(ms - this.heartbeatTimeoutMs);
        if (this.live()) this.status({ status: 'heartbeat-restored' });
        return;
      case 'jam':
      case 'lid-open':
        this.status({ status: f.kind });
        await this.sleeps.sleep(ms);
        if (this.live()) this.status({ status: 'ready' });
        return;
      case 'skip-seq': {
        const expected = this.seq;
        this.seq = (this.seq + 1) % SEQ_MODULUS;
        this.status({ status: 'sequence-gap', expected, received: this.seq, missing: 1 });
        return;
      }
      default:
        return; // read-twice and unreadable act on the card itself
    }
  }

  private nextSeq(): number {
    const s = this.seq;
    this.seq = (this.seq + 1) % SEQ_MODULUS;
    return s;
  }

  private emitCard(card: Card, text: string): void {
    this.listeners.emit({ kind: 'card', device: this.id, at: this.clock(), card, seq: this.nextSeq(), raw: new TextEncoder().encode(text) });
  }

  private status(body: StatusBody): void {
    this.listeners.emit({ kind: 'status', device: this.id, at: this.clock(), ...body } as SourceEvent);
  }
}
