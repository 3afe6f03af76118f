/**
 * The admin's device settings as the screen reads them: the serial ports this machine lists, the
 * shoe's and the scanner's device now (and where that came from), and a test read's card
 * (app/services/device-settings.ts answers them).
 */
import type { DeviceSetting } from '../domain/table/events';

export type { DeviceSetting } from '../domain/table/events';

/** A serial port as this machine lists it (hardware/ports.ts `PortListing`). */
export interface SerialPortView {
  readonly path: string;
  readonly vendorId: string | null;
  readonly productId: string | null;
  readonly serialNumber: string | null;
  readonly manufacturer: string | null;
  /** The reference to remember the device by (`usb:VID:PID[:SERIAL]` when it has USB ids, else its path). */
  readonly ref: string;
  /** False for a port set now that the machine does not list (a pty, a path typed by hand). */
  readonly listed: boolean;
}

/**
 * Where a device's setting came from at this run: `flag` (a start-up flag named it), `stored` (the
 * admin's last setting, kept in the log), `screen` (set on screen since the start), `default`
 * (neither: the simulated shoe, no scanner).
 */
export type DeviceOrigin = 'flag' | 'stored' | 'screen' | 'default';

/** One role's device now. */
export interface DeviceSlotView {
  readonly role: 'shoe' | 'scanner';
  readonly setting: DeviceSetting;
  /** The device's id and words (null: none). */
  readonly device: string | null;
  readonly label: string | null;
  readonly origin: DeviceOrigin;
  /** With origin `flag`: the stored setting the flag overrode at start (null when none was stored). */
  readonly overridden: DeviceSetting | null;
  /** The admin's last setting of this role in the log: who, when, why (null: never set on screen). */
  readonly lastSet: { readonly staffId: string; readonly at: string; readonly reason: string } | null;
}

/** The admin's device page: the ports listed and both devices now. */
export interface SerialPortsView {
  readonly ports: readonly SerialPortView[];
  /** Why the ports could not be listed (a path can still be typed), or null. */
  readonly listError: string | null;
  readonly shoe: DeviceSlotView;
  readonly scanner: DeviceSlotView;
}

/** The card a test read got: it entered no hand. */
export interface TestReadView {
  readonly role: 'shoe' | 'scanner';
  /** The device that read it (id and words). */
  readonly device: string;
  readonly label: string;
  /** The card code 0..51 and its text (`As`, `Td`). */
  readonly card: number;
  readonly cardText: string;
  /** The bytes it came from, as hex (a whole frame, or a line without its end). */
  readonly raw: string;
  /** The device's sequence number (framed), or null. */
  readonly seq: number | null;
  /** How long the device took to read it, ms. */
  readonly waitedMs: number;
}
