/**
 * What a sign-in attempt records: the decision the terminal takes when someone types a staff
 * id and a PIN. Pure: the PIN comparison (a slow hash, outside the domain) is passed in and
 * asked only when the PIN is the question, after the person is found, not disabled, not
 * locked out, and holds the role the purpose needs.
 */
import { showJson } from '../json';
import { ok, type DomainError, type Result } from '../result';
import { isTableId } from '../table/state';
import { PURPOSES, PURPOSE_ROLE, type PinHash, type Purpose, type StaffEvent, type StaffLockedOut, type StaffSignInFailed, type StaffSignedIn } from './events';
import { LOCKOUT_FAILURES, LOCKOUT_MS, failuresInARow, lockedUntil, lockoutEnd } from './lockout';
import type { StaffMember, StaffState } from './state';
import { findMember, rolesText } from './views';

/** Someone signing in: who he says he is, what for, where, and when (the event time). */
export interface SignInAttempt {
  readonly staffId: string;
  readonly purpose: Purpose;
  readonly tableId?: string;
  readonly at: string;
}

/**
 * The events an attempt records (appended whatever the outcome, in one write), and the outcome:
 * the person signed in, or the refusal.
 */
export interface SignInDecision {
  readonly events: readonly StaffEvent[];
  readonly result: Result<StaffMember>;
}

function refused(error: DomainError, events: readonly StaffEvent[] = []): SignInDecision {
  return { events, result: { ok: false, error } };
}

function minutes(ms: number): string {
  return `${ms / 60_000} minutes`;
}

/**
 * Decides a sign-in. Refused with nothing recorded: `bad-staff-id`, `unknown-staff` (no one to
 * record it against), `bad-purpose`, `table-needed` (taking the box), `bad-table`, `bad-time`.
 * Refused and recorded as `staff-sign-in-failed`: `staff-disabled`, `locked-out` (naming until
 * when; the PIN is not compared), `not-allowed` (naming the role needed), `wrong-pin` (one
 * more in a row; the fifth also records `staff-locked-out` until `at` plus the lockout time).
 * Accepted: `staff-signed-in`, which resets the count. `pinMatches` compares the typed PIN with
 * the stored hash; it is called at most once.
 */
export function decideSignIn(state: StaffState, attempt: SignInAttempt, pinMatches: (stored: PinHash) => boolean): SignInDecision {
  const found = findMember(state, attempt.staffId);
  if (!found.ok) return refused(found.error);
  const member = found.value;
  if (!(PURPOSES as readonly unknown[]).includes(attempt.purpose)) {
    return refused({ code: 'bad-purpose', message: `purpose must be one of ${PURPOSES.join(', ')}, not ${showJson(attempt.purpose)}`, path: 'purpose' });
  }
  const { purpose } = attempt;
  if (attempt.tableId === undefined && purpose === 'take-box') {
    return refused({ code: 'table-needed', message: 'taking the box is at a table: the table id is needed', path: 'tableId' });
  }
  if (attempt.tableId !== undefined && !isTableId(attempt.tableId)) {
    return refused({ code: 'bad-table', message: `tableId must be a table id (letters, digits, "_", "."), not ${showJson(attempt.tableId)}`, path: 'tableId' });
  }
  const until = lockoutEnd(attempt.at);
  if (until === null) return refused({ code: 'bad-time', message: `"at" must be an ISO 8601 time with a zone, not ${showJson(attempt.at)}`, path: 'at' });
  const base = {
    at: attempt.at, by: `staff:${member.id}` as const, staffId: member.id, purpose, ...(attempt.tableId !== undefined ? { tableId: attempt.tableId } : {}),
  };
  const count = failuresInARow(member, attempt.at);
  const failed = (reason: StaffSignInFailed['reason'], failures: number): StaffSignInFailed => ({ type: 'staff-sign-in-failed', ...base, reason, failures });
  if (member.disabled) {
    return refused({ code: 'staff-disabled', message: `${member.id} (${member.name}) is disabled and cannot sign in`, path: 'staffId' }, [failed('staff-disabled', count)]);
  }
  const locked = lockedUntil(member, attempt.at);
  if (locked !== null) {
    return refused({ code: 'locked-out', message: `${member.id} is locked out until ${locked} after ${LOCKOUT_FAILURES} wrong PINs in a row`, path: 'staffId' }, [failed('locked-out', count)]);
  }
  const role = PURPOSE_ROLE[purpose];
  if (!member.roles.includes(role)) {
    return refused(
      { code: 'not-allowed', message: `${member.id} cannot sign in for ${purpose}: that needs the ${role} role, and ${member.id} has ${rolesText(member.roles)}`, path: 'purpose' },
      [failed('not-allowed', count)],
    );
  }
  if (pinMatches(member.pin)) {
    const signedIn: StaffSignedIn = { type: 'staff-signed-in', ...base };
    return { events: [signedIn], result: ok(member) };
  }
  const failures = count + 1;
  if (failures < LOCKOUT_FAILURES) {
    const left = LOCKOUT_FAILURES - failures;
    return refused(
      { code: 'wrong-pin', message: `wrong PIN for ${member.id} (${failures} in a row; ${left} more lock${left === 1 ? 's' : ''} ${member.id} out for ${minutes(LOCKOUT_MS)})`, path: 'pin' },
      [failed('wrong-pin', failures)],
    );
  }
  const lock: StaffLockedOut = { type: 'staff-locked-out', at: attempt.at, by: 'system', staffId: member.id, failures, until };
  return refused(
    { code: 'wrong-pin', message: `wrong PIN for ${member.id}, ${failures} in a row: ${member.id} is locked out until ${until}`, path: 'pin' },
    [failed('wrong-pin', failures), lock],
  );
}

