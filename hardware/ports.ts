/**
 * Serial ports: listing them with their USB ids, naming a device by id so it is found again
 * after a replug moves it from /dev/ttyUSB0 to /dev/ttyUSB1 (or COM3 to COM4), and accepting
 * a path typed by hand (virtual ports, such as the simulator's pty, never show in lists).
 *
 * A device reference in text form:
 *   usb:VID:PID            the only port with this USB vendor and product id (4 hex digits each)
 *   usb:VID:PID:SERIAL     ... and this USB serial number (when several identical adapters are plugged in)
 *   anything else          a path, opened as given (`/dev/ttyS0`, `COM3`, `/tmp/shoe/terminal`)
 *   path:TEXT              a path that would otherwise read as `usb:...`
 */
import { accessSync, constants, realpathSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fail, ok, type Result } from '../app/domain/result';

/** A port as listed. Ids are lower-case hex without `0x`, or undefined when the OS gives none. */
export interface PortListing {
  readonly path: string;
  readonly vendorId: string | undefined;
  readonly productId: string | undefined;
  readonly serialNumber: string | undefined;
  readonly manufacturer: string | undefined;
  /** The reference to remember this device by (`usb:...` when it has USB ids, else its path). */
  readonly ref: string;
}

/** How a device is remembered. */
export type DeviceRef =
  | { readonly kind: 'usb'; readonly vendorId: string; readonly productId: string; readonly serialNumber?: string }
  | { readonly kind: 'path'; readonly path: string };

/** What `SerialPort.list()` returns (the fields used here). */
export interface RawPortInfo {
  path: string;
  manufacturer?: string | undefined;
  serialNumber?: string | undefined;
  vendorId?: string | undefined;
  productId?: string | undefined;
}

const HEX4 = /^[0-9a-f]{4}$/;

function normalizeId(id: string | undefined): string | undefined {
  if (id === undefined || id === '') return undefined;
  const s = id.toLowerCase().replace(/^0x/, '');
  return /^[0-9a-f]{1,4}$/.test(s) ? s.padStart(4, '0') : s;
}

/** Parses a device reference (see the module comment). */
export function parseDeviceRef(text: string): Result<DeviceRef> {
  if (typeof text !== 'string' || text.trim() === '') return fail('bad-device', 'no port given (expected a path such as /dev/ttyUSB0 or COM3, or usb:VID:PID[:SERIAL])');
  const t = text.trim();
  if (t.startsWith('path:')) {
    const path = t.slice(5);
    return path === '' ? fail('bad-device', 'path: needs a path after it') : ok({ kind: 'path', path });
  }
  if (!t.toLowerCase().startsWith('usb:')) return ok({ kind: 'path', path: t });
  const parts = t.slice(4).split(':');
  if (parts.length < 2 || parts.length > 3) return fail('bad-device', `not a USB device reference: ${JSON.stringify(t)} (expected usb:VID:PID or usb:VID:PID:SERIAL)`);
  const vendorId = normalizeId(parts[0]);
  const productId = normalizeId(parts[1]);
  if (!vendorId || !HEX4.test(vendorId)) return fail('bad-device', `USB vendor id ${JSON.stringify(parts[0])} is not 4 hex digits`);
  if (!productId || !HEX4.test(productId)) return fail('bad-device', `USB product id ${JSON.stringify(parts[1])} is not 4 hex digits`);
  if (parts.length === 3) {
    if (parts[2] === '') return fail('bad-device', 'USB serial number is empty');
    return ok({ kind: 'usb', vendorId, productId, serialNumber: parts[2] });
  }
  return ok({ kind: 'usb', vendorId, productId });
}

/** The text form of a reference (round-trips through {@link parseDeviceRef}). */
export function formatDeviceRef(ref: DeviceRef): string {
  if (ref.kind === 'path') return ref.path.toLowerCase().startsWith('usb:') || ref.path.startsWith('path:') ? `path:${ref.path}` : ref.path;
  return `usb:${ref.vendorId}:${ref.productId}${ref.serialNumber !== undefined ? `:${ref.serialNumber}` : ''}`;
}

/**
 * Whether two ports name one device, however each was written: the same reference once read
 * (`path:/dev/x` is `/dev/x`, USB ids in either case and with or without leading zeros), and a
 * path that exists by where its links lead (`/dev/serial/by-id/...` is the `/dev/ttyUSB0` it
 * points to). A USB reference and a path are told apart here: which path a USB device has is
 * known only when it is opened.
 */
export function samePort(a: string, b: string): boolean {
  return portIdentity(a) === portIdentity(b);
}

function portIdentity(port: string): string {
  const ref = parseDeviceRef(port);
  if (!ref.ok) return port;
  if (ref.value.kind === 'usb') return formatDeviceRef(ref.value);
  try {
    return `path:${realpathSync(ref.value.path)}`;
  } catch {
    return `path:${ref.value.path}`; // not there (or not a file path here, such as COM3)
  }
}

/** The reference to remember a listed port by: its USB ids (and serial number) when known. */
export function refOfPort(port: RawPortInfo): DeviceRef {
  const vendorId = normalizeId(port.vendorId);
  const productId = normalizeId(port.productId);
  if (vendorId && productId && HEX4.test(vendorId) && HEX4.test(productId)) {
    return port.serialNumber ? { kind: 'usb', vendorId, productId, serialNumber: port.serialNumber } : { kind: 'usb', vendorId, productId };
  }
  return { kind: 'path', path: port.path };
}

/** Turns raw listings into {@link PortListing}s. */
export function toListing(port: RawPortInfo): PortListing {
  return {
    path: port.path,
    vendorId: normalizeId(port.vendorId),
    productId: normalizeId(port.productId),
    serialNumber: port.serialNumber || undefined,
    manufacturer: port.manufacturer || undefined,
    ref: formatDeviceRef(refOfPort(port)),
  };
}

/**
 * The path to open for a reference, given the ports listed now. A path reference is returned
 * as is (it need not be listed). A USB reference must match exactly one port.
 */
export function resolvePort(ref: DeviceRef, ports: readonly PortListing[]): Result<string> {
  if (ref.kind === 'path') return ok(ref.path);
  const matches = ports.filter(
    (p) => p.vendorId === ref.vendorId && p.productId === ref.productId && (ref.serialNumber === undefined || p.serialNumber === ref.serialNumber),
  );
  const name = formatDeviceRef(ref);
  if (matches.length === 0) return fail('device-not-found', `no serial port with ${name} is plugged in`);
  if (matches.length > 1) {
    return fail('ambiguous-device', `${matches.length} ports match ${name} (${matches.map((m) => m.path).join(', ')}); name the device by its serial number (usb:VID:PID:SERIAL)`);
  }
  return ok(matches[0].path);
}

/** True when `command` is an executable file on PATH. */
function onPath(command: string): boolean {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, command), constants.X_OK);
      return true;
    } catch {
      /* not here */
    }
  }
  return false;
}

export interface ListPortsOptions {
  /** The lister; default serialport's `SerialPort.list()`. */
  readonly lister?: () => Promise<RawPortInfo[]>;
  /** Give up after this long. Default 5000 ms. */
  readonly timeoutMs?: number;
}

/**
 * Lists serial ports. Fails soft: when listing is impossible (on Linux serialport runs
 * `udevadm`, which may be missing) the result says why and that a path can be typed instead.
 */
export async function listPorts(options: ListPortsOptions = {}): Promise<Result<PortListing[]>> {
  const hint = 'type the port path by hand instead (e.g. /dev/ttyUSB0)';
  let lister = options.lister;
  if (!lister) {
    if (process.platform === 'linux' && !onPath('udevadm')) {
      return fail('cannot-list-ports', `cannot list serial ports: the udevadm program is not installed (Debian package "udev"); ${hint}`);
    }
    const { SerialPort } = await import('serialport');
    lister = () => SerialPort.list();
  }
  const timeoutMs = options.timeoutMs ?? 5000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const ports = await Promise.race([
      lister(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return ok(ports.map(toListing));
  } catch (e) {
    return fail('cannot-list-ports', `cannot list serial ports: ${e instanceof Error ? e.message : String(e)}; ${hint}`);
  } finally {
    clearTimeout(timer);
  }
}
