/**
 * The chip rules of RULES.md section 9 that belong to the table rather than to a hand:
 * buy-ins. Pure functions; the table fold (fold.ts) refuses what they do not allow.
 *
 * Decisions (written down in docs/store.md):
 * - A full buy-in is at least 20 times the point value.
 * - A short buy-in is less than that but at least half of it (10 times the point value).
 *   Anything below half is refused: it would not cover the points of one scooped hand.
 * - One short buy-in is allowed after each full buy-in: a player's first buy-in at the table
 *   must be full; after a short one the next must be full again.
 * - A buy-in while a hand is open at the table is refused (no chips added during a hand);
 *   that guard is the table fold's, which knows whether a hand is open.
 * - No buy-in may be more than MAX_STACK, nor bring the stack above it (app/domain/money.ts:
 *   the limit that keeps every sum of money exact).
 */
import { MAX_STACK } from '../money';
import { fail, ok, type Result } from '../result';

/** A full buy-in is at least this many points. */
export const FULL_BUY_IN_POINTS = 20;
/** A short buy-in is at least this many points (and below the full minimum). */
export const SHORT_BUY_IN_POINTS = 10;

export interface BuyInCheck {
  readonly kind: 'buy-in' | 'short-buy-in';
  /** Whether the player may make a short buy-in next time. */
  readonly shortAllowedAfter: boolean;
}

/** The smallest full and short buy-ins at a table with this point value (minor units). */
export function buyInMinimums(pointValue: number): { full: number; short: number } {
  return { full: FULL_BUY_IN_POINTS * pointValue, short: SHORT_BUY_IN_POINTS * pointValue };
}

/**
 * Checks one buy-in. `stack`: the chips the seat holds now (0 for a player sitting down);
 * `shortAllowed`: the player's last buy-in was a full one and he has not made a short one since
 * (false for a player sitting down). Refuses an amount that is not a whole positive number
 * (`bad-amount`), one above MAX_STACK or that would bring the stack above it
 * (`buy-in-too-large`), one below the minimum (`buy-in-too-small`) and a short one not allowed
 * now (`short-buy-in-not-allowed`).
 */
export function checkBuyIn(amount: number, pointValue: number, stack: number, shortAllowed: boolean): Result<BuyInCheck> {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    return fail('bad-amount', `a buy-in is a whole positive number of chips (minor units), not ${JSON.stringify(amount)}`);
  }
  if (amount > MAX_STACK) {
    return fail('buy-in-too-large', `a buy-in of ${amount} is too large: the most a seat may hold is ${MAX_STACK} (the terminal's limit)`);
  }
  if (amount > MAX_STACK - stack) {
    return fail(
      'buy-in-too-large',
      `a buy-in of ${amount} is too large: with the ${stack} in front of the player it makes ${stack + amount}, and the most a seat may hold is ${MAX_STACK} (the terminal's limit); at most ${Math.max(0, MAX_STACK - stack)} more`,
    );
  }
  const min = buyInMinimums(pointValue);
  if (amount >= min.full) return ok({ kind: 'buy-in', shortAllowedAfter: true });
  if (amount < min.short) {
    return fail(
      'buy-in-too-small',
      `a buy-in of ${amount} is too small: the minimum is ${min.full} (20 points), or ${min.short} (10 points) for a short buy-in`,
    );
  }
  if (!shortAllowed) {
    return fail(
      'short-buy-in-not-allowed',
      `a short buy-in of ${amount} is not allowed now: one short buy-in is allowed only after a full one (at least ${min.full})`,
    );
  }
  return ok({ kind: 'short-buy-in', shortAllowedAfter: false });
}
