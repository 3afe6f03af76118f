/**
 * The lockout rule: {@link LOCKOUT_FAILURES} wrong PINs in a row lock a person for
 * {@link LOCKOUT_MS}; while locked even the right PIN is refused. A successful sign-in, a new
 * PIN, or the end of the lockout starts the count again from 0. Time is the events' `at`
 * (the clock is a parameter: the caller's event time), never a clock read here.
 */
import type { StaffMember } from './state';
import { isoToMs, msToIso } from './time';

/** Wrong PINs in a row that lock a person. */
export const LOCKOUT_FAILURES = 5;

/** How long a lockout lasts: 15 minutes. */
export const LOCKOUT_MS = 15 * 60_000;

/** When a lockout that starts at `at` ends (ISO 8601 UTC with ms), or null when `at` is not a time. */
export function lockoutEnd(at: string): string | null {
  const ms = isoToMs(at);
  return ms === null ? null : msToIso(ms + LOCKOUT_MS);
}

/** The end of the person's lockout when he is locked out at `at`, else null. */
export function lockedUntil(member: StaffMember, at: string): string | null {
  if (member.lockedUntil === null) return null;
  const now = isoToMs(at);
  const end = isoToMs(member.lockedUntil);
  return now !== null && end !== null && now < end ? member.lockedUntil : null;
}

/** Wrong PINs in a row at `at`: 0 once the last lockout has ended. */
export function failuresInARow(member: StaffMember, at: string): number {
  if (member.lockedUntil === null) return member.failures;
  return lockedUntil(member, at) === null ? 0 : member.failures;
}
