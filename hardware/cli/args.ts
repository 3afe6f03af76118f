/** Small helpers shared by the hardware CLIs: strict flag parsing with messages that name the flag. */
import { closeSync, constants as fsConstants, openSync, statSync, type Stats } from 'node:fs';
import { isatty } from 'node:tty';
import { parseArgs, type ParseArgsConfig } from 'node:util';

export class UsageError extends Error {}

export function parseFlags<T extends ParseArgsConfig['options']>(argv: string[], options: T, usage: string) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (e) {
    throw new UsageError(`${e instanceof Error ? e.message : String(e)}\n\n${usage}`);
  }
}

/** An integer flag in [min, max], or the default. */
export function intFlag(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (!/^-?\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number, got ${JSON.stringify(value)}`);
  const n = Number(value);
  if (n < min || n > max) throw new UsageError(`--${name} must be from ${min} to ${max}, got ${n}`);
  return n;
}

/** Runs `main`, printing usage errors without a stack and exiting 2. */
export function runCli(main: () => Promise<void>): void {
  main().catch((e: unknown) => {
    if (e instanceof UsageError || (e instanceof Error && (e as { code?: string }).code === 'bad-option')) {
      process.stderr.write(`${e.message}\n`);
      process.exit(2);
    }
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
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
