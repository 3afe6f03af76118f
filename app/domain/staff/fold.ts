/**
 * The staff as a pure fold over the staff events: `applyStaff(state, event) -> Result<StaffState>`
 * returns a new state or refuses the event with a stable code and a reason a person
 * understands; `replayStaff(events)` folds a whole log. The guards are listed in
 * docs/terminal.md ("Staff, roles and PINs").
 *
 * A change to the staff (add, disable, new PIN) is made by an admin signed in for `admin`
 * (`by: "staff:<id>"`); only the very first admin of a terminal is added by `system`. A sign-in,
 * a failure and a lockout must agree with the state: a `wrong-pin` failure only where the PIN
 * was the question (not disabled, not locked out, the role held), the fifth in a row followed by
 * `staff-locked-out` for exactly the lockout time.
 */
import { isIsoTime } from '../hand/check';
import { isObject, showJson } from '../json';
import { fail, ok, type Result } from '../result';
import { isTrimmedName } from '../table/check';
import { isTableId } from '../table/state';
import {
  PURPOSES, PURPOSE_ROLE, ROLES, SIGN_IN_FAILURES, STAFF_EVENT_TYPES,
  type PinHash, type Purpose, type StaffActor, type StaffAdded, type StaffDisabled, type StaffEvent, type StaffEventOf,
  type StaffEventType, type StaffLockedOut, type StaffPinSet, type StaffSignInFailed, type StaffSignedIn, type StaffSignedOut,
} from './events';
import { LOCKOUT_FAILURES, failuresInARow, lockedUntil, lockoutEnd } from './lockout';
import { initialStaffState, isStaffId, withMember, withMemberFields, type StaffMember, type StaffState } from './state';
import { isoToMs } from './time';
import { checkSignedIn, findMember, rolesText, sessionOf } from './views';

type Step = Result<StaffState>;
type Refusal = ReturnType<typeof fail>;

/** The longest name kept (a badge, not an essay). */
export const MAX_NAME_LENGTH = 64;

const TYPES: ReadonlySet<string> = new Set(STAFF_EVENT_TYPES);
const HEX = /^[0-9a-f]+$/;

// ---------------------------------------------------------------------------------------
// Shared checks

/** The staff id in `by: "staff:<id>"`, or null for `system`. */
function actorId(by: StaffActor): string | null {
  return by === 'system' ? null : by.slice('staff:'.length);
}

function isStaffActor(x: unknown): x is StaffActor {
  return x === 'system' || (typeof x === 'string' && x.startsWith('staff:') && isStaffId(x.slice('staff:'.length)));
}

function adminNeeded(what: string): Refusal {
  return fail('admin-needed', `${what} needs an admin: an admin signs in for admin (his id and PIN) and makes the change`, 'by');
}

/** The admin making a change: `by` names a person signed in for `admin` who may act as one. */
function signingAdmin(state: StaffState, by: StaffActor, what: string): Result<StaffMember> {
  const id = actorId(by);
  if (id === null) return adminNeeded(what);
  const admin = checkSignedIn(state, id, 'admin');
  if (!admin.ok) {
    const code = admin.error.code === 'unknown-staff' ? 'unknown-staff' : 'not-allowed';
    return fail(code, `${what} needs an admin signed in for admin: ${admin.error.message}`, 'by');
  }
  return admin;
}

function checkPinHash(x: unknown): Result<PinHash> {
  if (!isObject(x)) return fail('bad-pin-hash', 'pin must be the stored hash { algorithm, params, salt, hash }', 'pin');
  const p = x as Partial<PinHash>;
  if (typeof p.algorithm !== 'string' || p.algorithm.length === 0) return fail('bad-pin-hash', `pin.algorithm must name the algorithm, not ${showJson(p.algorithm)}`, 'pin.algorithm');
  if (!isObject(p.params) || !Object.values(p.params).every((v) => typeof v === 'number' && Number.isSafeInteger(v) && v > 0)) {
    return fail('bad-pin-hash', 'pin.params must be the algorithm\'s parameters, each a whole number from 1', 'pin.params');
  }
  if (typeof p.salt !== 'string' || !HEX.test(p.salt)) return fail('bad-pin-hash', 'pin.salt must be lowercase hex', 'pin.salt');
  if (typeof p.hash !== 'string' || !HEX.test(p.hash)) return fail('bad-pin-hash', 'pin.hash must be lowercase hex', 'pin.hash');
  return ok(x as unknown as PinHash);
}

function checkPurpose(x: unknown): Result<Purpose> {
  return (PURPOSES as readonly unknown[]).includes(x)
    ? ok(x as Purpose)
    : fail('bad-purpose', `purpose must be one of ${PURPOSES.join(', ')}, not ${showJson(x)}`, 'purpose');
}

/** The table of a sign-in: needed to take the box, a table id when given. */
function checkTable(purpose: Purpose, tableId: unknown): Result<string | null> {
  if (tableId === undefined) {
    return purpose === 'take-box' ? fail('table-needed', 'taking the box is at a table: the table id is needed', 'tableId') : ok(null);
  }
  return isTableId(tableId) ? ok(tableId) : fail('bad-table', `tableId must be a table id (letters, digits, "_", "."), not ${showJson(tableId)}`, 'tableId');
}

/** `by` of a person's own sign-in events: the person himself. */
function ownActor(e: { readonly by: StaffActor; readonly staffId: string; readonly type: string }): Refusal | null {
  return e.by === `staff:${e.staffId}` ? null : fail('bad-actor', `${e.type}: by must be "staff:${e.staffId}" (the person signing in), not ${showJson(e.by)}`, 'by');
}

/** Why `member` cannot get as far as his PIN for `purpose` at `at` (the order a sign-in checks), or null. */
function beforePin(member: StaffMember, purpose: Purpose, at: string): 'staff-disabled' | 'locked-out' | 'not-allowed' | null {
  if (member.disabled) return 'staff-disabled';
  if (lockedUntil(member, at) !== null) return 'locked-out';
  if (!member.roles.includes(PURPOSE_ROLE[purpose])) return 'not-allowed';
  return null;
}

// ---------------------------------------------------------------------------------------
// Changes to the staff

function staffAdded(state: StaffState, e: StaffAdded): Step {
  if (e.by === 'system') {
    if (state.hadAdmin) return adminNeeded('Adding staff');
    if (!Array.isArray(e.roles) || !e.roles.includes('admin')) {
      return fail('admin-needed', 'the first person added to a terminal is an admin (role admin): he then adds everyone else', 'roles');
    }
  } else {
    const admin = signingAdmin(state, e.by, 'Adding staff');
    if (!admin.ok) return admin;
  }
  if (!isStaffId(e.staffId)) return fail('bad-staff-id', `a staff id is 1-32 letters, digits, "_", "." or "-", not ${showJson(e.staffId)}`, 'staffId');
  if (state.members.has(e.staffId)) return fail('staff-exists', `there is already a staff member ${e.staffId} (${state.members.get(e.staffId)!.name})`, 'staffId');
  if (!isTrimmedName(e.name) || e.name.length > MAX_NAME_LENGTH) {
    return fail('name-needed', `a staff member's name is text of 1-${MAX_NAME_LENGTH} characters without spaces around it, not ${showJson(e.name)}`, 'name');
  }
  if (!Array.isArray(e.roles) || e.roles.length === 0) return fail('bad-role', `roles must list one or more of ${ROLES.join(', ')}, not ${showJson(e.roles)}`, 'roles');
  const bad = e.roles.find((r) => !(ROLES as readonly unknown[]).includes(r));
  if (bad !== undefined) return fail('bad-role', `a role is one of ${ROLES.join(', ')}, not ${showJson(bad)}`, 'roles');
  if (new Set(e.roles).size !== e.roles.length) return fail('bad-role', `roles must not repeat a role: ${showJson(e.roles)}`, 'roles');
  const pin = checkPinHash(e.pin);
  if (!pin.ok) return pin;
  return ok(withMember(state, {
    id: e.staffId, name: e.name, roles: [...e.roles], pin: pin.value, addedAt: e.at, pinSetAt: e.at, disabled: null,
    failures: 0, lockedUntil: null, sessions: [],
  }));
}

function staffDisabled(state: StaffState, e: StaffDisabled): Step {
  const admin = signingAdmin(state, e.by, 'Disabling staff');
  if (!admin.ok) return admin;
  const m = findMember(state, e.staffId);
  if (!m.ok) return m;
  if (m.value.id === admin.value.id) return fail('not-allowed', `${m.value.id} cannot disable himself: another admin does it`, 'staffId');
  if (m.value.disabled) return fail('already-disabled', `${m.value.id} (${m.value.name}) was already disabled at ${m.value.disabled.at}`, 'staffId');
  if (e.reason !== undefined && !isTrimmedName(e.reason)) return fail('bad-event', `staff-disabled: reason is text without spaces around it when given, not ${showJson(e.reason)}`, 'reason');
  const disabled = { at: e.at, by: e.by, reason: e.reason ?? null };
  return ok(withMember(state, withMemberFields(m.value, { disabled, sessions: [] })));
}

function staffPinSet(state: StaffState, e: StaffPinSet): Step {
  const admin = signingAdmin(state, e.by, 'Setting a PIN');
  if (!admin.ok) return admin;
  const m = findMember(state, e.staffId);
  if (!m.ok) return m;
  if (m.value.disabled) return fail('staff-disabled', `${m.value.id} (${m.value.name}) is disabled: his PIN is not set again`, 'staffId');
  const pin = checkPinHash(e.pin);
  if (!pin.ok) return pin;
  return ok(withMember(state, withMemberFields(m.value, { pin: pin.value, pinSetAt: e.at, failures: 0, lockedUntil: null })));
}

// ---------------------------------------------------------------------------------------
// Signing in and out

/** The fields every sign-in event shares: the person, the purpose, the table. */
function attempt(state: StaffState, e: StaffSignedIn | StaffSignInFailed): Result<{ member: StaffMember; purpose: Purpose; tableId: string | null }> {
  const own = ownActor(e);
  if (own) return own;
  const m = findMember(state, e.staffId);
  if (!m.ok) return m;
  const purpose = checkPurpose(e.purpose);
  if (!purpose.ok) return purpose;
  const tableId = checkTable(purpose.value, e.tableId);
  if (!tableId.ok) return tableId;
  return ok({ member: m.value, purpose: purpose.value, tableId: tableId.value });
}

function staffSignedIn(state: StaffState, e: StaffSignedIn): Step {
  const a = attempt(state, e);
  if (!a.ok) return a;
  const { member, purpose, tableId } = a.value;
  const refused = beforePin(member, purpose, e.at);
  if (refused === 'staff-disabled') return fail('staff-disabled', `${member.id} (${member.name}) is disabled and cannot sign in`, 'staffId');
  if (refused === 'locked-out') return fail('locked-out', `${member.id} is locked out until ${member.lockedUntil}`, 'staffId');
  if (refused === 'not-allowed') {
    return fail('not-allowed', `${member.id} cannot sign in for ${purpose}: that needs the ${PURPOSE_ROLE[purpose]} role, and ${member.id} has ${rolesText(member.roles)}`, 'purpose');
  }
  const sessions = [...member.sessions.filter((s) => s !== sessionOf(member, purpose, tableId)), { purpose, tableId, at: e.at }];
  return ok(withMember(state, withMemberFields(member, { failures: 0, lockedUntil: null, sessions })));
}

function staffSignInFailed(state: StaffState, e: StaffSignInFailed): Step {
  const a = attempt(state, e);
  if (!a.ok) return a;
  const { member, purpose } = a.value;
  if (!(SIGN_IN_FAILURES as readonly unknown[]).includes(e.reason)) {
    return fail('bad-event', `staff-sign-in-failed: reason must be one of ${SIGN_IN_FAILURES.join(', ')}, not ${showJson(e.reason)}`, 'reason');
  }
  const before = failuresInARow(member, e.at);
  const stop = beforePin(member, purpose, e.at);
  if (e.reason === 'wrong-pin') {
    if (stop !== null) return fail('bad-event', `staff-sign-in-failed: the PIN of ${member.id} was not the question (${stop}), so it cannot have been wrong`, 'reason');
    if (before >= LOCKOUT_FAILURES) {
      return fail('lockout-missing', `staff-sign-in-failed: ${member.id} has ${before} wrong PINs in a row and is not locked out: the lockout is recorded first`, 'reason');
    }
  } else if (stop !== e.reason) {
    return fail('bad-event', `staff-sign-in-failed: the sign-in of ${member.id} was not refused ${e.reason} (${stop === null ? 'his PIN was the question' : stop})`, 'reason');
  }
  const after = e.reason === 'wrong-pin' ? before + 1 : before;
  if (e.failures !== after) return fail('bad-event', `staff-sign-in-failed: failures must be ${after} (wrong PINs in a row after this), not ${showJson(e.failures)}`, 'failures');
  if (e.reason !== 'wrong-pin') return ok(state);
  return ok(withMember(state, withMemberFields(member, { failures: after, lockedUntil: null })));
}

function staffLockedOut(state: StaffState, e: StaffLockedOut): Step {
  if (e.by !== 'system') return fail('bad-actor', `staff-locked-out: by must be "system" (the terminal locks), not ${showJson(e.by)}`, 'by');
  const m = findMember(state, e.staffId);
  if (!m.ok) return m;
  const until = lockedUntil(m.value, e.at);
  if (until !== null) return fail('locked-out', `${m.value.id} is already locked out until ${until}`, 'staffId');
  const count = failuresInARow(m.value, e.at);
  if (count < LOCKOUT_FAILURES) return fail('bad-event', `staff-locked-out: ${m.value.id} has ${count} wrong PINs in a row; ${LOCKOUT_FAILURES} lock him out`, 'staffId');
  if (e.failures !== count) return fail('bad-event', `staff-locked-out: failures must be ${count}, not ${showJson(e.failures)}`, 'failures');
  const end = lockoutEnd(e.at);
  if (e.until !== end) return fail('bad-event', `staff-locked-out: until must be ${end} (${e.at} and the lockout time), not ${showJson(e.until)}`, 'until');
  return ok(withMember(state, withMemberFields(m.value, { lockedUntil: end })));
}

function staffSignedOut(state: StaffState, e: StaffSignedOut): Step {
  if (e.by !== 'system') {
    const own = ownActor(e);
    if (own) return own;
  }
  const m = findMember(state, e.staffId);
  if (!m.ok) return m;
  if (e.purpose === undefined) {
    if (e.tableId !== undefined) return fail('bad-event', 'staff-signed-out: a table is given only with the purpose signed out of', 'tableId');
    if (m.value.sessions.length === 0) return fail('not-signed-in', `${m.value.id} is not signed in`, 'staffId');
    return ok(withMember(state, withMemberFields(m.value, { sessions: [] })));
  }
  const purpose = checkPurpose(e.purpose);
  if (!purpose.ok) return purpose;
  if (e.tableId !== undefined && !isTableId(e.tableId)) return fail('bad-table', `tableId must be a table id, not ${showJson(e.tableId)}`, 'tableId');
  const tableId = e.tableId ?? null;
  const session = sessionOf(m.value, purpose.value, tableId);
  if (!session) return fail('not-signed-in', `${m.value.id} is not signed in for ${purpose.value}${tableId === null ? '' : ` at table ${tableId}`}`, 'purpose');
  return ok(withMember(state, withMemberFields(m.value, { sessions: m.value.sessions.filter((s) => s !== session) })));
}

// ---------------------------------------------------------------------------------------
// applyStaff / replayStaff

type Handlers = { [K in StaffEventType]: (state: StaffState, event: StaffEventOf<K>) => Step };

const HANDLERS: Handlers = {
  'staff-added': staffAdded,
  'staff-disabled': staffDisabled,
  'staff-pin-set': staffPinSet,
  'staff-signed-in': staffSignedIn,
  'staff-sign-in-failed': staffSignInFailed,
  'staff-locked-out': staffLockedOut,
  'staff-signed-out': staffSignedOut,
};

/**
 * Applies one staff event: the new state, or a refusal (`code`, a `message`, and the `path`
 * of the field at fault). The envelope is checked first: a known type (`unknown-event`), `at`
 * an ISO 8601 time that exists (`bad-time`), `by` `system` or `staff:<id>` (`bad-actor`). The
 * state passed in is never changed.
 */
export function applyStaff(state: StaffState, event: StaffEvent): Result<StaffState> {
  if (!isObject(event)) return fail('bad-event', 'a staff event must be an object');
  const type = (event as { type?: unknown }).type;
  if (typeof type !== 'string' || !TYPES.has(type)) return fail('unknown-event', `unknown staff event type ${showJson(type)}`, 'type');
  if (!isIsoTime(event.at) || isoToMs(event.at) === null) return fail('bad-time', `${type}: "at" must be an ISO 8601 time with a zone, not ${showJson(event.at)}`, 'at');
  if (!isStaffActor(event.by)) return fail('bad-actor', `${type}: "by" must be "system" or "staff:<id>", not ${showJson(event.by)}`, 'by');
  const handler = HANDLERS[event.type] as (s: StaffState, e: StaffEvent) => Step;
  return handler(state, event);
}

/**
 * Folds staff events in order from `from` (default: no staff). Refuses at the first event that
 * does not apply, naming its position (1-based) and type.
 */
export function replayStaff(events: readonly StaffEvent[], from: StaffState = initialStaffState): Result<StaffState> {
  let state = from;
  for (let i = 0; i < events.length; i++) {
    const next = applyStaff(state, events[i]);
    if (!next.ok) {
      return fail(next.error.code, `staff event ${i + 1} (${String((events[i] as { type?: unknown } | undefined)?.type)}): ${next.error.message}`, `events[${i}]`);
    }
    state = next.value;
  }
  return ok(state);
}
