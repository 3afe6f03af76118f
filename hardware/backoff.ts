/** Reconnect delays: exponential, capped, deterministic (one device per port, so no jitter is needed). */
import { checkKnownKeys, intOption, OptionError } from './decoders/options';

export interface BackoffOptions {
  /** First delay, ms. 1..60000, default 100. */
  readonly initialMs?: number;
  /** Longest delay, ms. initialMs..600000, default 5000. */
  readonly maxMs?: number;
  /** Growth per attempt. 1..10, default 2. */
  readonly factor?: number;
}

export interface Backoff {
  /** The delay before attempt `n` (0-based). */
  delay(n: number): number;
}

export function makeBackoff(options: BackoffOptions = {}): Backoff {
  const where = 'reconnect';
  checkKnownKeys(where, options, ['initialMs', 'maxMs', 'factor']); // also refuses a non-object (`reconnect: 5`)
  const initialMs = intOption(where, 'initialMs', options.initialMs, 100, 1, 60_000);
  const maxMs = intOption(where, 'maxMs', options.maxMs, Math.max(5000, initialMs), initialMs, 600_000);
  const factor = options.factor ?? 2;
  if (typeof factor !== 'number' || !(factor >= 1 && factor <= 10)) throw new OptionError(where, 'factor', `must be a number from 1 to 10, got ${JSON.stringify(factor)}`);
  return { delay: (n) => Math.min(maxMs, Math.round(initialMs * factor ** Math.min(n, 64))) };
}
