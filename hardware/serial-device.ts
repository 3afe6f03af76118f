/**
 * A card shoe or showdown scanner on a serial port: the transport (serialport 13), a
 * receiver for the wire format, a heartbeat watchdog and reconnects, behind {@link CardSource}.
 *
 * Reconnects: when the port goes away (unplugged, read error) the partial input is reported
 * and dropped, `disconnected` is emitted, the old handle is closed (serialport locks the port)
 * and the port is reopened with backoff until it returns; a USB reference is looked up again
 * on every attempt, as a replug may give the device another path. Sequence state is kept
 * across the reconnect, so frames lost on the way show up as `sequence-gap`.
 */
import type { SerialPort } from 'serialport';
import type { Result } from '../app/domain/result';
import { Listeners } from '../app/listeners';
import { makeBackoff, type Backoff, type BackoffOptions } from './backoff';
import {
  systemClock,
  type CardSource,
  type Clock,
  type DeviceRole,
  type EventBody,
  type SourceEvent,
  type SourceListener,
  type SourceState,
} from './card-source';
import type { FramedDecoderOptions } from './decoders/framed';
import type { LineDecoderOptions } from './decoders/lines';
import { checkKnownKeys, intOption, oneOfOption, OptionError } from './decoders/options';
import { BAUD_RATE, HEARTBEAT_TIMEOUT_MS } from './limits';
import { formatDeviceRef, listPorts, parseDeviceRef, resolvePort, type DeviceRef, type PortListing } from './ports';
import { makeReceiver, WIRE_FORMATS, type Receiver, type WireFormat } from './protocol/receiver';
import { createSerialPort } from './transport';

export interface SerialCardDeviceOptions {
  /** A path (`/dev/ttyUSB0`, `COM3`), `usb:VID:PID[:SERIAL]`, or a parsed {@link DeviceRef}. */
  readonly port: string | DeviceRef;
  readonly format: WireFormat;
  /** Default `shoe`. */
  readonly role?: DeviceRole;
  /** Default 9600 (8N1 unless changed below). */
  readonly baudRate?: number;
  readonly dataBits?: 7 | 8;
  readonly parity?: 'none' | 'even' | 'odd';
  readonly stopBits?: 1 | 2;
  readonly lines?: LineDecoderOptions;
  readonly framed?: FramedDecoderOptions;
  /**
   * Report `heartbeat-lost` after this long without anything intact from the device.
   * Default 3000 for framed (shoes send a heartbeat every second), off (null) for lines
   * (scanners are silent when idle).
   */
  readonly heartbeatTimeoutMs?: number | null;
  readonly reconnect?: BackoffOptions;
  /** Event times. Default the wall clock. (Timers use the monotonic clock.) */
  readonly clock?: Clock;
  /** Default derived from the port: `usb:0403:6001:SN` or `path:/dev/ttyUSB0`. */
  readonly id?: string;
  readonly label?: string;
  /** Port lister used to find a USB reference. Default {@link listPorts}. */
  readonly listPorts?: () => Promise<Result<PortListing[]>>;
}

const KNOWN = ['port', 'format', 'role', 'baudRate', 'dataBits', 'parity', 'stopBits', 'lines', 'framed', 'heartbeatTimeoutMs', 'reconnect', 'clock', 'id', 'label', 'listPorts'];

/** Counters for diagnostics. */
export interface DeviceStats {
  /** Successful opens of the port: 1 + the reconnects so far. */
  opens: number;
}

export class SerialCardDevice implements CardSource {
  readonly id: string;
  readonly label: string;
  readonly role: DeviceRole;
  readonly simulated = false;
  readonly format: WireFormat;
  readonly ref: DeviceRef;
  readonly stats: DeviceStats = { opens: 0 };
  private stateNow: SourceState = 'stopped';
  private readonly listeners = new Listeners<SourceEvent>();
  private readonly receiver: Receiver;
  private readonly backoff: Backoff;
  private readonly clock: Clock;
  private readonly heartbeatTimeoutMs: number | null;
  private readonly serial: { baudRate: number; dataBits: 7 | 8; parity: 'none' | 'even' | 'odd'; stopBits: 1 | 2 };
  private readonly lister: () => Promise<Result<PortListing[]>>;
  private port: SerialPort | undefined;
  private closing: Promise<void> = Promise.resolve();
  private attempt = 0;
  private everConnected = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private watchdogTimer: ReturnType<typeof setInterval> | undefined;
  private lastHeard = 0;
  private silent = false;
  /** Bumped by start/stop so callbacks of an older run do nothing. */
  private run = 0;

  constructor(options: SerialCardDeviceOptions) {
    const where = 'SerialCardDevice';
    checkKnownKeys(where, options, KNOWN);
    this.format = oneOfOption(where, 'format', options.format, WIRE_FORMATS);
    if (typeof options.port === 'string') {
      const r = parseDeviceRef(options.port);
      if (!r.ok) throw new OptionError(where, 'port', `is not usable: ${r.error.message}`);
      this.ref = r.value;
    } else if (options.port && (options.port.kind === 'usb' || options.port.kind === 'path')) {
      const r = parseDeviceRef(formatDeviceRef(options.port));
      if (!r.ok) throw new OptionError(where, 'port', `is not usable: ${r.error.message}`);
      this.ref = r.value;
    } else {
      throw new OptionError(where, 'port', 'is required (a path or usb:VID:PID[:SERIAL])');
    }
    const role = oneOfOption<DeviceRole>(where, 'role', options.role, ['shoe', 'scanner'], 'shoe');
    this.role = role;
    this.serial = {
      baudRate: intOption(where, 'baudRate', options.baudRate, 9600, ...BAUD_RATE),
      dataBits: oneOfOption(where, 'dataBits', options.dataBits, [7, 8] as const, 8),
      parity: oneOfOption(where, 'parity', options.parity, ['none', 'even', 'odd'] as const, 'none'),
      stopBits: oneOfOption(where, 'stopBits', options.stopBits, [1, 2] as const, 1),
    };
    const hb = options.heartbeatTimeoutMs === undefined ? (this.format === 'framed' ? 3000 : null) : options.heartbeatTimeoutMs;
    this.heartbeatTimeoutMs = hb === null ? null : intOption(where, 'heartbeatTimeoutMs', hb, 3000, ...HEARTBEAT_TIMEOUT_MS);
    this.receiver = makeReceiver(this.format, { lines: options.lines, framed: options.framed });
    this.backoff = makeBackoff(options.reconnect ?? {});
    this.clock = options.clock ?? systemClock;
    this.lister = options.listPorts ?? (() => listPorts());
    const where2 = this.ref.kind === 'usb' ? formatDeviceRef(this.ref) : this.ref.path;
    this.id = options.id ?? (this.ref.kind === 'usb' ? formatDeviceRef(this.ref) : `path:${this.ref.path}`);
    this.label = options.label ?? `${role === 'shoe' ? 'Card shoe' : 'Card scanner'} on ${where2} (${this.format})`;
  }

  get state(): SourceState {
    return this.stateNow;
  }

  /** Receiver counters (framed: frames, bad frames, duplicates, gaps, bytes discarded; lines: none). */
  get protocolCounts(): Record<string, number> {
    return this.receiver.counts();
  }

  subscribe(listener: SourceListener): () => void {
    return this.listeners.add(listener);
  }

  async start(): Promise<void> {
    if (this.stateNow !== 'stopped') return;
    this.run++;
    this.stateNow = 'connecting';
    this.receiver.reset();
    this.attempt = 0;
    this.everConnected = false;
    this.silent = false;
    await this.tryOpen(this.run);
  }

  async stop(): Promise<void> {
    if (this.stateNow === 'stopped') return;
    this.run++;
    this.stateNow = 'stopped';
    clearTimeout(this.retryTimer);
    this.stopWatchdog();
    const port = this.port;
    this.port = undefined;
    this.emitAll(this.receiver.disconnected());
    if (port) await this.closeHandle(port);
    await this.closing;
    this.emit({ status: 'disconnected', reason: 'stopped', willRetry: false });
  }

  private async tryOpen(run: number): Promise<void> {
    await this.closing; // the previous handle must be closed first: the port is locked while open
    if (run !== this.run) return;
    let path: string;
    if (this.ref.kind === 'path') {
      path = this.ref.path;
    } else {
      const listed = await this.lister();
      if (run !== this.run) return;
      const resolved = listed.ok ? resolvePort(this.ref, listed.value) : listed;
      if (!resolved.ok) return this.openFailed(run, resolved.error.message);
      path = resolved.value;
    }
    const port = createSerialPort({ path, ...this.serial });
    const error = await new Promise<Error | null>((resolve) => port.open((e) => resolve(e ?? null)));
    if (run !== this.run) {
      if (!error) await this.closeHandle(port);
      return;
    }
    if (error) return this.openFailed(run, error.message.includes(path) ? error.message : `cannot open ${path}: ${error.message}`);
    this.port = port;
    this.stats.opens++;
    port.on('data', (chunk: Buffer) => this.onData(port, chunk));
    port.on('close', (err?: Error & { disconnected?: boolean }) =>
      this.onLost(port, err?.disconnected ? `device unplugged or port gone (${err.message})` : (err?.message ?? 'port closed')),
    );
    port.on('error', (err: Error) => this.onLost(port, err.message));
    this.stateNow = 'connected';
    this.attempt = 0;
    this.lastHeard = performance.now();
    this.silent = false;
    this.emit({ status: 'connected', path, reconnect: this.everConnected });
    this.everConnected = true;
    this.startWatchdog();
  }

  private openFailed(run: number, reason: string): void {
    const retryInMs = this.backoff.delay(this.attempt++);
    this.emit({ status: 'open-failed', reason, retryInMs });
    this.schedule(run, retryInMs);
  }

  private schedule(run: number, ms: number): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.tryOpen(run), ms);
  }

  private onData(port: SerialPort, chunk: Buffer): void {
    if (port !== this.port) return;
    const result = this.receiver.push(chunk);
    if (result.heard) {
      this.lastHeard = performance.now();
      if (this.silent) {
        this.silent = false;
        this.emit({ status: 'heartbeat-restored' });
      }
    }
    if (result.reply.length > 0) port.write(Buffer.from(result.reply));
    for (const r of result.events) {
      if (r.ack) this.emit(r.body, this.acknowledger(port, r.ack), r.resend === true);
      else this.emit(r.body);
    }
  }

  /** The `acknowledge` of one event: sends its ACK on the port it came from, once, if that port
   *  is still the open one (after a reconnect the shoe resends and is answered then). */
  private acknowledger(port: SerialPort, ack: Uint8Array): () => void {
    let done = false;
    return () => {
      if (done || port !== this.port) return;
      done = true;
      this.receiver.acknowledged(ack);
      port.write(Buffer.from(ack));
    };
  }

  /** The port closed under us or failed: report, close the handle, reopen with backoff. */
  private onLost(port: SerialPort, reason: string): void {
    if (port !== this.port || this.stateNow === 'stopped') return;
    this.port = undefined;
    this.stopWatchdog();
    this.emitAll(this.receiver.disconnected());
    this.stateNow = 'reconnecting';
    const run = this.run;
    this.closing = this.closeHandle(port);
    this.emit({ status: 'disconnected', reason, willRetry: true });
    this.schedule(run, this.backoff.delay(this.attempt++));
  }

  private closeHandle(port: SerialPort): Promise<void> {
    port.removeAllListeners('data');
    return new Promise((resolve) => {
      if (!port.isOpen) return resolve();
      port.close(() => resolve());
    });
  }

  private startWatchdog(): void {
    this.stopWatchdog();
    const limit = this.heartbeatTimeoutMs;
    if (limit === null) return;
    const every = Math.max(5, Math.min(250, Math.floor(limit / 4)));
    this.watchdogTimer = setInterval(() => {
      if (this.stateNow !== 'connected' || this.silent) return;
      const silentMs = performance.now() - this.lastHeard;
      if (silentMs >= limit) {
        this.silent = true;
        this.emit({ status: 'heartbeat-lost', silentMs: Math.round(silentMs) });
      }
    }, every);
  }

  private stopWatchdog(): void {
    clearInterval(this.watchdogTimer);
    this.watchdogTimer = undefined;
  }

  private emitAll(bodies: readonly EventBody[]): void {
    for (const b of bodies) this.emit(b);
  }

  private emit(body: EventBody, acknowledge?: () => void, resend = false): void {
    const extra = acknowledge ? { acknowledge, ...(resend ? { resend } : {}) } : {};
    const event = ('kind' in body ? { ...body, device: this.id, at: this.clock(), ...extra } : { kind: 'status', device: this.id, at: this.clock(), ...body, ...extra }) as SourceEvent;
    this.listeners.emit(event);
  }
}

/** A showdown scanner: the same device with role `scanner`, lines format unless told otherwise. */
export function createCardScanner(options: Omit<SerialCardDeviceOptions, 'role' | 'format'> & { format?: WireFormat }): SerialCardDevice {
  return new SerialCardDevice({ ...options, format: options.format ?? 'lines', role: 'scanner' });
}
