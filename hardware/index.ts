/**
 * The hardware layer's public face: what the rest of the terminal imports.
 *
 * - {@link CardSource} and its events (card-source.ts): the one interface for every device.
 * - {@link createCardSource}: the configured device, or the in-process simulated shoe when
 *   none is configured (the terminal's default, shown on screen as a simulated shoe).
 * - {@link checkDeviceConfig}: validates a stored device configuration.
 */
import { fail, ok, type Result } from '../app/domain/result';
import type { CardSource, Clock, DeviceRole } from './card-source';
import { parseDeviceRef } from './ports';
import { WIRE_FORMATS, type WireFormat } from './protocol/receiver';
import { SerialCardDevice } from './serial-device';
import { InProcessShoe, type InProcessShoeOptions } from './sim/in-process-shoe';

export * from './card-source';
export { SerialCardDevice, createCardScanner, type SerialCardDeviceOptions } from './serial-device';
export { InProcessShoe, type InProcessShoeOptions, type DealReport } from './sim/in-process-shoe';
export { shuffledDeck, seededPrng } from './sim/deck';
export { listPorts, parseDeviceRef, formatDeviceRef, type PortListing, type DeviceRef } from './ports';
export type { WireFormat } from './protocol/receiver';
export type { Fault, FaultKind } from './sim/faults';

/** A device as stored in the terminal's settings (plain JSON). */
export interface DeviceConfig {
  /** A path (`/dev/ttyUSB0`, `COM3`) or `usb:VID:PID[:SERIAL]` (preferred: survives a replug). */
  readonly port: string;
  readonly format: WireFormat;
  readonly role: DeviceRole;
  /** Default 9600. */
  readonly baudRate?: number;
  /** Lines format: text before each card. */
  readonly linePrefix?: string;
  /** Report `heartbeat-lost` after this long; null = off. Default: 3000 framed, off lines. */
  readonly heartbeatTimeoutMs?: number | null;
}

/** Validates a stored device configuration, naming the first bad field. */
export function checkDeviceConfig(value: unknown): Result<DeviceConfig> {
  if (value === null || typeof value !== 'object') return fail('bad-device-config', 'device configuration must be an object');
  const v = value as Record<string, unknown>;
  if (typeof v.port !== 'string') return fail('bad-device-config', 'port must be text (a path or usb:VID:PID[:SERIAL])', 'port');
  const ref = parseDeviceRef(v.port);
  if (!ref.ok) return fail('bad-device-config', ref.error.message, 'port');
  if (!WIRE_FORMATS.includes(v.format as WireFormat)) return fail('bad-device-config', `format must be lines or framed, got ${JSON.stringify(v.format)}`, 'format');
  if (v.role !== 'shoe' && v.role !== 'scanner') return fail('bad-device-config', `role must be shoe or scanner, got ${JSON.stringify(v.role)}`, 'role');
  if (v.baudRate !== undefined && (!Number.isInteger(v.baudRate) || (v.baudRate as number) < 50 || (v.baudRate as number) > 4_000_000)) {
    return fail('bad-device-config', `baudRate must be an integer from 50 to 4000000, got ${JSON.stringify(v.baudRate)}`, 'baudRate');
  }
  if (v.linePrefix !== undefined && typeof v.linePrefix !== 'string') return fail('bad-device-config', 'linePrefix must be text', 'linePrefix');
  if (v.heartbeatTimeoutMs !== undefined && v.heartbeatTimeoutMs !== null && (!Number.isInteger(v.heartbeatTimeoutMs) || (v.heartbeatTimeoutMs as number) < 10)) {
    return fail('bad-device-config', `heartbeatTimeoutMs must be an integer >= 10 or null, got ${JSON.stringify(v.heartbeatTimeoutMs)}`, 'heartbeatTimeoutMs');
  }
  return ok(v as unknown as DeviceConfig);
}

/**
 * The device to read cards from: the configured serial device, or, when `config` is
 * undefined, the in-process simulated shoe (its `simulated` flag tells the screen to say so).
 * Not started; call `start()`.
 */
export function createCardSource(config: DeviceConfig | undefined, options: { clock?: Clock; simulator?: InProcessShoeOptions } = {}): CardSource {
  if (config === undefined) return new InProcessShoe({ ...options.simulator, ...(options.clock ? { clock: options.clock } : {}) });
  return new SerialCardDevice({
    port: config.port,
    format: config.format,
    role: config.role,
    ...(config.baudRate !== undefined ? { baudRate: config.baudRate } : {}),
    ...(config.linePrefix !== undefined ? { lines: { prefix: config.linePrefix } } : {}),
    ...(config.heartbeatTimeoutMs !== undefined ? { heartbeatTimeoutMs: config.heartbeatTimeoutMs } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
}
