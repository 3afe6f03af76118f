/**
 * Option checking shared by the decoders and devices: unknown keys and out-of-range values
 * are refused with a message naming the option, as node-serialport's parsers do.
 */

/** Thrown for a bad option; `code` is stable for programs, the message names the option. */
export class OptionError extends TypeError {
  readonly code = 'bad-option';
  constructor(message: string) {
    super(message);
    this.name = 'OptionError';
  }
}

/** Refuses keys of `options` that are not in `known`. */
export function checkKnownKeys(where: string, options: object, known: readonly string[]): void {
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) throw new OptionError(`${where}: unknown option "${key}" (known: ${known.join(', ')})`);
  }
}

/** An integer option within [min, max], or the default when undefined. */
export function intOption(where: string, name: string, value: unknown, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new OptionError(`${where}: ${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(value)}`);
  }
  return value;
}
