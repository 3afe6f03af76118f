/**
 * The one interface every card-reading device implements: the serial shoe, the serial
 * showdown scanner, the serial simulator's reader and the in-process simulated shoe.
 *
 * A source emits two kinds of events to its subscribers, in the order they happened:
 * - `card`: one card read (with the device's sequence number when the wire format has one,
 *   the raw bytes it came from and the time it was read);
 * - `status`: everything else the hand logic must know (connected, disconnected, shoe empty,
 *   jam, unreadable card, lid open, heartbeat lost, a gap in sequence numbers ...).
 *
 * The device layer reports; it never decides. A card read twice is delivered twice, an
 * unreadable card or a sequence gap is reported, and the hand logic calls the misdeal
 * (RULES.md section 8).
 */
import type { Card } from '../app/domain/cards';

/** Milliseconds since the Unix epoch. Injected so tests and replays control time. */
export type Clock = () => number;

/** The wall clock, the default everywhere a {@link Clock} is optional. */
export const systemClock: Clock = () => Date.now();

/** What the device is used for: dealing (shoe) or reading hands at showdown (scanner). */
export type DeviceRole = 'shoe' | 'scanner';

/** Fields every event carries. */
export interface SourceEventBase {
  /** The id of the source that emitted it ({@link CardSource.id}). */
  readonly device: string;
  /** When it was read, from the source's clock (ms since epoch). */
  readonly at: number;
  /**
   * Present when the device waits for this event to be acknowledged (the framed shoe): call it
   * once the event is durably recorded, and only then; the device then sends its ACK. Never
   * called (a crash, a failed commit): the device resends the frame, delivered again with
   * `resend`. Calling it twice, or after the port was lost, does nothing.
   */
  readonly acknowledge?: () => void;
  /** True when the device is resending a frame it was never acknowledged for: the consumer may
   *  already have recorded it (then it acknowledges without recording it again). */
  readonly resend?: boolean;
}

/** One card read by the device. */
export interface CardEvent extends SourceEventBase {
  readonly kind: 'card';
  /** The card code, 0..51 (app/domain/cards.ts). */
  readonly card: Card;
  /**
   * The device's sequence number for this card (0..99, wrapping: the framed format and the
   * in-process simulator), or `undefined` when the wire format has none (lines format).
   */
  readonly seq: number | undefined;
  /**
   * The sequence number of the device's frame just before this card, when that frame was not a
   * card (a jam, lid-open, ready or unreadable status: they take numbers too, docs/wire-formats.md
   * 2.3). The receiver has checked that those numbers follow on; the hand logic then expects this
   * card's `seq` to follow `afterSeq` rather than the last card's. Absent after a card, on the
   * first frame heard, and on formats whose statuses take no number.
   */
  readonly afterSeq?: number;
  /** The bytes the card came from: a whole frame (STX to the last CRC byte) or a line without its terminator. */
  readonly raw: Uint8Array;
}

/** The status kinds, one per situation the hand logic or the screen reacts to. */
export type StatusKind = StatusEvent['status'];

/**
 * Everything a device reports that is not a card. A discriminated union on `status`;
 * fields specific to one kind sit on that kind only.
 */
export type StatusEvent = SourceEventBase & { readonly kind: 'status' } & (
    | {
        /** The port is open (first time or after a reconnect); `path` is the port actually opened. */
        readonly status: 'connected';
        readonly path: string;
        /** True when this is a reopen after a `disconnected`. */
        readonly reconnect: boolean;
      }
    | {
        /** The port went away (unplugged, closed by the OS, read error) or `stop()` was called. */
        readonly status: 'disconnected';
        readonly reason: string;
        /** True when the source will keep trying to reopen (false after `stop()`). */
        readonly willRetry: boolean;
      }
    | {
        /** Opening the port failed; the source retries after `retryInMs` unless stopped. */
        readonly status: 'open-failed';
        readonly reason: string;
        readonly retryInMs: number;
      }
    | { /** The shoe has no more cards. */ readonly status: 'shoe-empty' }
    | { /** The shoe's transport jammed; cards stop until `ready`. */ readonly status: 'jam' }
    | { /** The shoe's lid is open. */ readonly status: 'lid-open' }
    | {
        /** A jam was cleared, the lid closed, or the device (re)started: it is dealing again. */
        readonly status: 'ready';
      }
    | {
        /**
         * A card went past the reader but could not be identified, or a line/frame arrived
         * intact but its card text does not parse. `raw` is what was received.
         */
        readonly status: 'unreadable';
        readonly raw: Uint8Array;
        readonly reason: string;
      }
    | {
        /** Nothing valid heard for `silentMs` (the watchdog's limit) while connected. */
        readonly status: 'heartbeat-lost';
        readonly silentMs: number;
      }
    | { /** Something valid was heard again after `heartbeat-lost`. */ readonly status: 'heartbeat-restored' }
    | {
        /**
         * The device's sequence number jumped: frames (possibly cards) were lost, typically
         * across an unplug. `missing` = how many numbers were skipped (mod 100).
         */
        readonly status: 'sequence-gap';
        readonly expected: number;
        readonly received: number;
        readonly missing: number;
      }
    | {
        /** The device reported a status code this terminal does not know; shown, not acted on. */
        readonly status: 'device-status';
        readonly code: string;
      }
  );

/** A status event without the fields the source fills in (`kind`, `device`, `at`). */
export type StatusBody = StatusEvent extends infer E ? (E extends unknown ? Omit<E, 'kind' | 'device' | 'at' | 'acknowledge' | 'resend'> : never) : never;

/** A card event without the fields the source fills in. */
export type CardBody = Omit<CardEvent, 'device' | 'at' | 'acknowledge' | 'resend'>;

/** An event without the fields the source fills in (what decoders and receivers produce). */
export type EventBody = CardBody | StatusBody;

/** Any event a source emits. */
export type SourceEvent = CardEvent | StatusEvent;

/** A subscriber; called synchronously, in order, for every event. */
export type SourceListener = (event: SourceEvent) => void;

/** Where a source is in its life. */
export type SourceState = 'stopped' | 'connecting' | 'connected' | 'reconnecting';

/** A card-reading device (real, serial-simulated or in-process simulated). */
export interface CardSource {
  /** Stable id, used in events and logs, e.g. `usb:0403:6001:A10K3`, `path:/dev/ttyS0`, `sim:7`. */
  readonly id: string;
  /** What to show on screen, e.g. `Card shoe on /dev/ttyUSB0`, `Simulated shoe (seed 7)`. */
  readonly label: string;
  readonly role: DeviceRole;
  /** True for the simulators; the screen says so. */
  readonly simulated: boolean;
  /** Current state; changes are announced by `connected` / `disconnected` events. */
  readonly state: SourceState;
  /**
   * Opens the device and starts emitting. Resolves once the first open attempt finished
   * (a failed first open is reported as `open-failed` and retried; it does not reject).
   * Rejects only on a configuration error. Calling it twice is a no-op.
   */
  start(): Promise<void>;
  /** Stops emitting, cancels retries and timers, closes the port. Idempotent. */
  stop(): Promise<void>;
  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: SourceListener): () => void;
}
