/** Small helpers shared by the hardware CLIs: strict flag parsing with messages that name the flag. */
import { closeSync, constants as fsConstants, openSync, statSync, type Stats } from 'node:fs';
import { isatty } from 'node:tty';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { parseFlagValues } from '../../app/cli/flags';
import { OptionError } from '../decoders/options';
import type { IntRange } from '../limits';

export class UsageError extends Error {}

/**
 * The flags' values (a value that looks like a negative number, `--seed -1`, is the flag's);
 * a UsageError naming the flag, then the usage, when they cannot be read.
 */
export function parseFlags<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T, usage: string) {
  const r = parseFlagValues(argv, options);
  if (!r.ok) throw new UsageError(`${r.error.message}\n\n${usage}`);
  return r.value as ReturnType<typeof parseArgs<{ options: T; strict: true; allowPositionals: false }>>['values'];
}

/** An integer flag in [min, max], or the default. */
export function intFlag(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = wholeNumber(name, value);
  if (n < min || n > max) throw new UsageError(`--${name} must be from ${min} to ${max}, got ${n}`);
  return n;
}

/** A flag where 0 means off (null), else an integer in `range`; undefined when not given. */
export function intFlagOrOff(name: string, value: string | undefined, [min, max]: IntRange): number | null | undefined {
  if (value === undefined) return undefined;
  const n = wholeNumber(name, value);
  if (n === 0) return null;
  if (n < min || n > max) throw new UsageError(`--${name} must be 0 (off) or from ${min} to ${max}, got ${n}`);
  return n;
}

function wholeNumber(name: string, value: string): number {
  if (!/^-?\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number, got ${JSON.stringify(value)}`);
  return Number(value);
}

/**
 * Refuses flags that only mean something in another wire format: `only` lists, per format,
 * the flags for it alone (e.g. `{ lines: ['prefix'] }`).
 */
export function checkFormatFlags(values: Readonly<Record<string, unknown>>, format: string, only: Readonly<Record<string, readonly string[]>>): void {
  for (const [other, flags] of Object.entries(only)) {
    if (other === format) continue;
    const given = flags.find((flag) => values[flag] !== undefined);
    if (given !== undefined) throw new UsageError(`--${given} only applies to --format ${other} (this is --format ${format})`);
  }
}

/**
 * Runs `build`, a constructor given options set from flags. A refused option that a flag set
 * (`flagOf`: option name -> flag name) is reported as that flag, so the user reads the flag
 * they typed (`--prefix must ...`), not the option inside (`LineDecoder: prefix must ...`).
 */
export function withFlags<T>(flagOf: Readonly<Record<string, string>>, build: () => T): T {
  try {
    return build();
  } catch (e) {
    if (e instanceof OptionError && e.option !== undefined && Object.hasOwn(flagOf, e.option)) throw new UsageError(`--${flagOf[e.option]} ${e.problem}`);
    throw e;
  }
}

/** Runs `main`, printing usage errors without a stack and exiting 2; anything else is an
 *  internal error, one line, exit 1. */
export function runCli(main: () => Promise<void>): void {
  main().catch((e: unknown) => {
    if (e instanceof UsageError || (e instanceof Error && (e as { code?: string }).code === 'bad-option')) {
      process.stderr.write(`${e.message}\n`);
      process.exit(2);
    }
    process.stderr.write(`internal error: ${(e instanceof Error ? e.message : String(e)).replace(/\s*\n\s*/g, ' ')}\n`);
    process.exit(1);
  });
}

/**
 * Checks a port path given on the command line before anything opens it, so a typo is a
 * clear refusal (exit 2) naming the flag instead of a reader retrying, or a simulator
 * waiting, forever. It must exist, be a character device and be a terminal (a serial port
 * or a pty). Windows names (COM3) are left to the opening itself.
 */
export function checkPortPath(flag: string, path: string): void {
  if (process.platform === 'win32') return;
  const hint = 'check the path; `npm run --silent shoe:read -- --list` shows the serial ports';
  let st: Stats;
  try {
    st = statSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new UsageError(`--${flag} ${path}: no such port (${hint})`);
    throw new UsageError(`--${flag} ${path}: cannot be read (${(e as Error).message})`);
  }
  if (!st.isCharacterDevice()) throw new UsageError(`--${flag} ${path} is not a serial port (it is ${st.isDirectory() ? 'a directory' : st.isFile() ? 'a regular file' : 'not a device'}; ${hint})`);
  let fd: number;
  try {
    fd = openSync(path, fsConstants.O_RDWR | fsConstants.O_NOCTTY | fsConstants.O_NONBLOCK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM') throw new UsageError(`--${flag} ${path}: permission denied (on Linux the user must be in the group that owns the port, usually dialout)`);
    if (code === 'EBUSY') throw new UsageError(`--${flag} ${path}: in use by another program`);
    throw new UsageError(`--${flag} ${path}: cannot be opened (${(e as Error).message})`);
  }
  try {
    if (!isatty(fd)) throw new UsageError(`--${flag} ${path} is not a serial port (not a terminal device; ${hint})`);
  } finally {
    closeSync(fd);
  }
}
