/**
 * The limits on money. Every amount is a whole number of minor units (haléř, øre, cent), and
 * every amount the terminal accepts is at most its limit here, so that any sum the terminal
 * forms (four stacks, a hand's payments, points times the point value) stays far inside the
 * exact integers of a JavaScript number (2^53 - 1, about 9.007e15).
 *
 * - A point is worth at most {@link MAX_POINT_VALUE} minor units.
 * - A stack, a buy-in and a cash-out are at most {@link MAX_STACK} minor units.
 *
 * With four stacks at the limit the table holds 4e12; a seat's points against the table are
 * far below 1e4, so points times the point value stays below 1e12 as well.
 */
import { fail, ok, type Result } from './result';

/** The most a point may be worth: 100,000,000 minor units (1,000,000.00 in a two-decimal currency). */
export const MAX_POINT_VALUE = 100_000_000;

/** The most chips one seat may hold, and so the largest buy-in: 10^12 minor units. */
export const MAX_STACK = 1_000_000_000_000;

/**
 * Checks an amount of minor units from outside: a whole number from `min` up to `max`.
 * The refusal names `what` and the limit broken.
 */
export function checkAmount(value: unknown, what: string, code: string, min: number, max: number): Result<number> {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || Object.is(value, -0)) {
    return fail(code, `${what} is a whole number of minor units, not ${showAmount(value)}`);
  }
  if (value < min) return fail(code, `${what} is at least ${min}, not ${value}`);
  if (value > max) return fail(code, `${what} is at most ${max} (the terminal's limit), not ${value}`);
  return ok(value);
}

function showAmount(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (value === undefined) return 'missing';
  try {
    const s = JSON.stringify(value);
    return s === undefined ? String(value) : s.length > 40 ? `${s.slice(0, 40)}...` : s;
  } catch {
    return typeof value;
  }
}
