/**
 * The terminal's start-up options, shared by both front doors (`npm run serve` and
 * `npm start`): the database, the table, the money display, the devices and the casino's
 * central server.
 */
import { parseCentralUrl, type CentralUrl } from '../casino/central-url';
import { parseFlagValues } from '../cli/flags';
import { MAX_POINT_VALUE } from '../domain/money';
import { fail, ok, type Result } from '../domain/result';
import { checkDeviceSetting, type DeviceSetting } from '../services/device-settings';

/** The shoe or the showdown scanner. */
export type DeviceConfig =
  | { readonly kind: 'simulated'; readonly seed: number; readonly paceMs: number }
  | { readonly kind: 'serial'; readonly port: string; readonly format: 'framed' | 'lines'; readonly baudRate: number }
  | { readonly kind: 'none' };

export interface TerminalConfig {
  /** The SQLite file (created on first use). */
  readonly db: string;
  /** ISO 4217 code for showing money; amounts are minor units. */
  readonly currency: string;
  /**
   * Used when the database has no table of this id yet. An existing table keeps its own;
   * a value given explicitly (`given`) that differs from the stored one is refused at start.
   */
  readonly table: {
    readonly id: string;
    readonly name: string;
    readonly profile: string;
    readonly pointValue: number;
    /** Which of name, profile and point value were given as flags (not defaults). */
    readonly given: { readonly name: boolean; readonly profile: boolean; readonly pointValue: boolean };
  };
  readonly shoe: DeviceConfig;
  readonly scanner: DeviceConfig;
  /**
   * Which of the devices a start-up flag named (`--shoe`, `--scanner`). A device named wins over
   * the admin's setting stored in the database, and the terminal says so; one not named starts
   * as stored, or as above when nothing is stored (docs/hardware.md, "Setting the devices on
   * screen"). Left out: both count as named (a configuration made in code means what it says).
   */
  readonly devicesGiven?: { readonly shoe: boolean; readonly scanner: boolean };
  /** The simulated shoe's deck seed and pace, whichever device the shoe starts with. */
  readonly sim?: { readonly seed: number; readonly paceMs: number };
  /** The casino's central server the table's log is forwarded to (`--central`), or null: the table works alone. */
  readonly central: CentralUrl | null;
}

/** The flags every front door understands (README / docs/terminal.md lists them). */
export const TERMINAL_FLAGS = `  --db PATH                 SQLite file (default: see below)
  --shoe PATH|sim|none      the card shoe's serial port (a path, COM3 or usb:VID:PID[:SERIAL]); wins over the shoe
                            the admin set on screen; default: that one, else sim (in-process simulated shoe)
  --shoe-format F           framed (default) or lines
  --shoe-baud N             baud rate (default 9600)
  --sim-seed N              simulated shoe: seed of the first deck (default: from the clock)
  --sim-pace MS             simulated shoe: ms between cards (default 150)
  --scanner PATH|none       the showdown scanner's serial port; wins over the one the admin set on screen
                            (default: that one, else none: hands are entered by touch)
  --scanner-format F        lines (default) or framed
  --table-id ID             the table (default T1)
  --table-name NAME         its name on screen (default "Table 1")
  --profile NAME            house rules for a new table (default mandarin-house)
  --point-value N           minor units per point for a new table, 1 to ${MAX_POINT_VALUE} (default 10000: 100.00)
  --currency CODE           money shown in this currency (default CZK)
  --central URL             forward the table's log to the casino's central PostgreSQL
                            (postgres://USER:PASSWORD@HOST:PORT/DATABASE); default: none`;

const OPTIONS = {
  db: { type: 'string' },
  shoe: { type: 'string' },
  'shoe-format': { type: 'string' },
  'shoe-baud': { type: 'string' },
  'sim-seed': { type: 'string' },
  'sim-pace': { type: 'string' },
  scanner: { type: 'string' },
  'scanner-format': { type: 'string' },
  'table-id': { type: 'string' },
  'table-name': { type: 'string' },
  profile: { type: 'string' },
  'point-value': { type: 'string' },
  currency: { type: 'string' },
  central: { type: 'string' },
} as const;

type Extra = Record<string, { type: 'string' | 'boolean' }>;

function int(name: string, value: string | undefined, fallback: number, min: number, max: number): Result<number> {
  if (value === undefined) return ok(fallback);
  if (!/^-?\d+$/.test(value)) return fail('bad-option', `--${name} must be a whole number, got ${JSON.stringify(value)}`);
  const n = Number(value);
  if (n < min || n > max) return fail('bad-option', `--${name} must be from ${min} to ${max}, got ${value}`);
  return ok(n);
}

/** The flags' names of a device setting's parts. */
function flagNames(role: 'shoe' | 'scanner') {
  return { kind: `--${role}`, port: `--${role}`, format: `--${role}-format`, baudRate: `--${role}-baud` };
}

/** A device flag's value as a setting: `sim`, `none` or a port. */
function deviceFlag(role: 'shoe' | 'scanner', value: string, format: string | undefined, baudRate: string | undefined): Result<DeviceSetting> {
  const kind = value === 'sim' ? 'simulated' : value === 'none' ? 'none' : 'serial';
  const r = checkDeviceSetting(role, { kind, port: value, format, baudRate }, flagNames(role));
  return r.ok ? r : fail('bad-option', r.error.message);
}

/** The flags' device as the terminal runs it (the simulated shoe with its seed and pace). */
function deviceConfig(setting: DeviceSetting, sim: { seed: number; paceMs: number }): DeviceConfig {
  return setting.kind === 'simulated' ? { kind: 'simulated', ...sim } : setting;
}

/**
 * Parses the terminal's flags plus a front door's own (`extra`). Returns the configuration
 * and the values of the extra flags; a wrong flag is refused with a message naming it.
 */
export function parseTerminalArgs<E extends Extra>(
  argv: readonly string[],
  defaults: { db: string; seed: number },
  extra: E = {} as E,
): Result<{ config: TerminalConfig; extra: Partial<Record<keyof E, string | boolean>> }> {
  const parsed = parseFlagValues(argv, { ...OPTIONS, ...extra });
  if (!parsed.ok) return parsed;
  const values = parsed.value as Record<string, string | boolean | undefined>;
  const s = (k: string) => values[k] as string | undefined;
  const shoeSetting = deviceFlag('shoe', s('shoe') ?? 'sim', s('shoe-format'), s('shoe-baud'));
  if (!shoeSetting.ok) return shoeSetting;
  // The scanner's speed has no flag: 9600, as the scanners sold for these tables send.
  const scannerSetting = deviceFlag('scanner', s('scanner') ?? 'none', s('scanner-format'), undefined);
  if (!scannerSetting.ok) return scannerSetting;
  const seed = int('sim-seed', s('sim-seed'), defaults.seed, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  const pace = int('sim-pace', s('sim-pace'), 150, 0, 60_000);
  const pointValue = int('point-value', s('point-value'), 10_000, 1, MAX_POINT_VALUE);
  if (!seed.ok) return seed;
  if (!pace.ok) return pace;
  if (!pointValue.ok) return pointValue;
  const currency = (s('currency') ?? 'CZK').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) return fail('bad-option', `--currency must be a three-letter code such as CZK or EUR, got ${JSON.stringify(s('currency'))}`);

  const sim = { seed: seed.value, paceMs: pace.value };
  const shoe = deviceConfig(shoeSetting.value, sim);
  const scanner = deviceConfig(scannerSetting.value, sim);

  const centralArg = s('central');
  const central = centralArg === undefined ? null : parseCentralUrl(centralArg);
  if (central && !central.ok) return fail('bad-option', central.error.message);

  const picked: Partial<Record<keyof E, string | boolean>> = {};
  for (const k of Object.keys(extra)) if (values[k] !== undefined) picked[k as keyof E] = values[k]!;
  return ok({
    config: {
      db: s('db') ?? defaults.db,
      currency,
      table: {
        id: s('table-id') ?? 'T1',
        name: s('table-name') ?? 'Table 1',
        profile: s('profile') ?? 'mandarin-house',
        pointValue: pointValue.value,
        given: { name: s('table-name') !== undefined, profile: s('profile') !== undefined, pointValue: s('point-value') !== undefined },
      },
      shoe,
      scanner,
      devicesGiven: { shoe: s('shoe') !== undefined, scanner: s('scanner') !== undefined },
      sim,
      central: central ? central.value : null,
    },
    extra: picked,
  });
}
