/**
 * Questions asked of the staff state: may this person act in this role, is he signed in for
 * this purpose. The guards the fold uses and the ones the terminal's handlers will use are
 * these, defined once.
 */
import { showJson } from '../json';
import { fail, ok, type Result } from '../result';
import { PURPOSE_ROLE, type Purpose, type Role } from './events';
import { isStaffId, type StaffMember, type StaffSession, type StaffState } from './state';

/** The person `staffId`, or `bad-staff-id` / `unknown-staff`. */
export function findMember(state: StaffState, staffId: unknown): Result<StaffMember> {
  if (!isStaffId(staffId)) return fail('bad-staff-id', `a staff id is 1-32 letters, digits, "_", "." or "-", not ${showJson(staffId)}`, 'staffId');
  const m = state.members.get(staffId);
  return m ? ok(m) : fail('unknown-staff', `there is no staff member ${showJson(staffId)} on this terminal`, 'staffId');
}

/** The roles written for a person: `dealer, floor`. */
export function rolesText(roles: readonly Role[]): string {
  return roles.length === 0 ? 'no role' : roles.join(', ');
}

/**
 * The person, when he may act as `role`: known, not disabled, holding the role. Else
 * `unknown-staff`, `staff-disabled`, or `not-allowed` naming the role needed.
 */
export function checkRole(state: StaffState, staffId: unknown, role: Role): Result<StaffMember> {
  const m = findMember(state, staffId);
  if (!m.ok) return m;
  if (m.value.disabled) return fail('staff-disabled', `${m.value.id} (${m.value.name}) is disabled on this terminal`, 'staffId');
  if (!m.value.roles.includes(role)) {
    return fail('not-allowed', `${m.value.id} (${m.value.name}) is not allowed: that needs the ${role} role, and ${m.value.id} has ${rolesText(m.value.roles)}`, 'staffId');
  }
  return ok(m.value);
}

/** True when `staffId` is known, not disabled and holds `role`. */
export function mayDo(state: StaffState, staffId: string, role: Role): boolean {
  return checkRole(state, staffId, role).ok;
}

/** The person's open sign-in for `purpose` at `tableId` (null: none), if any. */
export function sessionOf(member: StaffMember, purpose: Purpose, tableId: string | null): StaffSession | undefined {
  return member.sessions.find((s) => s.purpose === purpose && s.tableId === tableId);
}

/**
 * The person, when he is signed in for `purpose` (at `tableId` when given) and may still act in
 * the role it needs; else `checkRole`'s refusal, or `not-signed-in`.
 */
export function checkSignedIn(state: StaffState, staffId: unknown, purpose: Purpose, tableId: string | null = null): Result<StaffMember> {
  const m = checkRole(state, staffId, PURPOSE_ROLE[purpose]);
  if (!m.ok) return m;
  if (!sessionOf(m.value, purpose, tableId)) {
    return fail('not-signed-in', `${m.value.id} is not signed in for ${purpose}${tableId === null ? '' : ` at table ${tableId}`}`, 'staffId');
  }
  return m;
}

/** True when `staffId` is signed in for `purpose` (at `tableId`) and may act in its role. */
export function isSignedIn(state: StaffState, staffId: string, purpose: Purpose, tableId: string | null = null): boolean {
  return checkSignedIn(state, staffId, purpose, tableId).ok;
}

/** Whether the state has anyone who may act as an admin now. */
export function hasActiveAdmin(state: StaffState): boolean {
  for (const m of state.members.values()) if (!m.disabled && m.roles.includes('admin')) return true;
  return false;
}
