/**
 * The chip rules of RULES.md section 9 that belong to the table rather than to a hand:
 * buy-ins. Pure functions; the table fold (fold.ts) refuses what they do not allow.
 *
 * Decisions (written down in docs/store.md and docs/profiles.md):
 * - A full buy-in is at least the profile's `buyInPoints` times the point value: 20 unless the
 *   house asks more (RULES.md s9 says "at least 20"; the profile refuses less).
 * - A short buy-in is less than that but at least half of it, rounded up to a whole point
 *   (10 points at the default 20; 13 at 25). Anything below half is refused: it would not
 *   cover the points of one scooped hand.
 * - One short buy-in is allowed after each full buy-in: a player's first buy-in at the table
 *   must be full; after a short one the next must be full again.
 * - A buy-in while a hand is open at the table is refused (no chips added during a hand);
 *   that guard is the table fold's, which knows whether a hand is open.
 * - No buy-in may be more than MAX_STACK, nor bring the stack above it (app/domain/money.ts:
 *   the limit that keeps every sum of money exact).
 */
import { MAX_STACK } from '../money';
import { failWith } from '../figured-refusals';
import { fail, money, ok, type Result } from '../result';

/** The points of the smallest full and short buy-ins when the house asks `buyInPoints` for a full one. */
export function buyInPointMinimums(buyInPoints: number): { full: number; short: number } {
  return { full: buyInPoints, short: Math.ceil(buyInPoints / 2) };
}

export interface BuyInCheck {
  readonly kind: 'buy-in' | 'short-buy-in';
  /** Whether the player may make a short buy-in next time. */
  readonly shortAllowedAfter: boolean;
}

/**
 * The smallest full and short buy-ins (minor units) at a table with this point value whose
 * profile asks `buyInPoints` (a validated profile's: 20 to MAX_BUY_IN_POINTS) for a full one.
 */
export function buyInMinimums(pointValue: number, buyInPoints: number): { full: number; short: number } {
  const points = buyInPointMinimums(buyInPoints);
  return { full: points.full * pointValue, short: points.short * pointValue };
}

/**
 * Checks one buy-in at a table with this point value whose profile asks `buyInPoints` for a
 * full buy-in (`Profile.buyInPoints`). `stack`: the chips the seat holds now (0 for a player sitting down);
 * `shortAllowed`: the player's last buy-in was a full one and he has not made a short one since
 * (false for a player sitting down). Refuses an amount that is not a whole positive number
 * (`bad-amount`), one above MAX_STACK or that would bring the stack above it
 * (`buy-in-too-large`), one below the minimum (`buy-in-too-small`) and a short one not allowed
 * now (`short-buy-in-not-allowed`).
 */
export function checkBuyIn(amount: number, pointValue: number, buyInPoints: number, stack: number, shortAllowed: boolean): Result<BuyInCheck> {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    return fail('bad-amount', `a buy-in is a whole positive number of chips (minor units), not ${JSON.stringify(amount)}`);
  }
  if (amount > MAX_STACK) {
    return failWith('buy-in-too-large', `a buy-in of ${amount} is too large: the most a seat may hold is ${MAX_STACK} (the terminal's limit)`, tooLarge(amount, stack));
  }
  if (amount > MAX_STACK - stack) {
    return failWith(
      'buy-in-too-large',
      `a buy-in of ${amount} is too large: with the ${stack} in front of the player it makes ${stack + amount}, and the most a seat may hold is ${MAX_STACK} (the terminal's limit); at most ${Math.max(0, MAX_STACK - stack)} more`,
      tooLarge(amount, stack),
    );
  }
  const points = buyInPointMinimums(buyInPoints);
  const min = buyInMinimums(pointValue, buyInPoints);
  if (amount >= min.full) return ok({ kind: 'buy-in', shortAllowedAfter: true });
  if (amount < min.short) {
    return failWith(
      'buy-in-too-small',
      `a buy-in of ${amount} is too small: the minimum is ${min.full} (${points.full} points), or ${min.short} (${points.short} points) for a short buy-in`,
      { amount: money(amount), full: money(min.full), short: money(min.short) },
    );
  }
  if (!shortAllowed) {
    return failWith(
      'short-buy-in-not-allowed',
      `a short buy-in of ${amount} is not allowed now: one short buy-in is allowed only after a full one (at least ${min.full})`,
      { amount: money(amount), full: money(min.full) },
    );
  }
  return ok({ kind: 'short-buy-in', shortAllowedAfter: false });
}

/** The figures of a buy-in above the limit: what was asked, what the seat holds, the most and the room left. */
function tooLarge(amount: number, stack: number) {
  return { amount: money(amount), stack: money(stack), most: money(MAX_STACK), room: money(Math.max(0, MAX_STACK - stack)) };
}
