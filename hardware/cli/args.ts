/** Small helpers shared by the hardware CLIs: strict flag parsing with messages that name the flag. */
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
