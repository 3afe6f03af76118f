/**
 * The staff of a terminal as a pure fold, in the shape of the hand's and the table's. See
 * docs/terminal.md, "Staff, roles and PINs".
 *
 *   let s = unwrap(applyStaff(initialStaffState, staffAdded))     // Result<StaffState>
 *   const d = decideSignIn(s, { staffId, purpose, at }, matches)  // the events a sign-in records
 *   s = unwrap(replayStaff([...log, ...d.events]))                // rebuild the staff from the log
 *   mayDo(s, 'eva', 'floor'); isSignedIn(s, 'eva', 'take-box', 'T1')
 */
export * from './events';
export { MAX_NAME_LENGTH, applyStaff, replayStaff } from './fold';
export { LOCKOUT_FAILURES, LOCKOUT_MS, failuresInARow, lockedUntil, lockoutEnd } from './lockout';
export { decideSignIn, type SignInAttempt, type SignInDecision } from './sign-in';
export {
  STAFF_ID_PATTERN, initialStaffState, isStaffId, type StaffMember, type StaffSession, type StaffState,
} from './state';
export { isoToMs, msToIso } from './time';
export { checkRole, checkSignedIn, findMember, hasActiveAdmin, isSignedIn, mayDo, rolesText, sessionOf } from './views';
export { IDLE_SIGN_OUT_MINUTES, idleSignOutMs } from './idle';
