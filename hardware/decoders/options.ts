/**
 * Option checking shared by the decoders, devices and simulators: a non-object, unknown keys
 * and out-of-range values are refused with a message naming the option, as node-serialport's
 * parsers do.
 */

/**
 * Thrown for a bad option; `code` is stable for programs, the message names the option.
 * `option` is the option at fault (when one is) and `problem` what is wrong with it, so a
 * command line can say the same about the flag that set it (hardware/cli/args.ts).
 */
export class OptionError extends TypeError {
  readonly code = 'bad-option';
  constructor(
    readonly where: string,
    readonly option: string | undefined,
    readonly problem: string,
  ) {
    super(`${where}: ${option === undefined ? '' : `${option} `}${problem}`);
    this.name = 'OptionError';
  }
}

/** Refuses `options` unless it is an object whose keys are all in `known`. */
export function checkKnownKeys(where: string, options: unknown, known: readonly string[]): void {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new OptionError(where, undefined, `options must be an object, got ${JSON.stringify(options) ?? String(options)}`);
  }
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) throw new OptionError(where, undefined, `unknown option "${key}" (known: ${known.join(', ')})`);
  }
}

/** An integer option within [min, max], or the default when undefined. */
export function intOption(where: string, name: string, value: unknown, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new OptionError(where, name, `must be an integer from ${min} to ${max}, got ${JSON.stringify(value)}`);
  }
  return value;
}

/** One of `allowed`; `fallback` when undefined and a fallback is given (else undefined is refused). */
export function oneOfOption<T extends string | number>(where: string, name: string, value: unknown, allowed: readonly T[], fallback?: T): T {
  if (value === undefined && fallback !== undefined) return fallback;
  if (!allowed.includes(value as T)) throw new OptionError(where, name, `must be ${orList(allowed)}, got ${JSON.stringify(value)}`);
  return value as T;
}

/** `a`, `a or b`, `a, b or c`. */
export function orList(items: readonly (string | number)[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}
