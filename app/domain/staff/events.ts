/**
 * The staff events: who works on this terminal, with which roles and PIN, and every sign-in,
 * failed sign-in, lockout and sign-out. Same conventions as the table's and the hand's events
 * (a kebab-case `type`, `at` ISO 8601, `by`, plain JSON), stored in the one chain with the
 * reserved table id {@link STAFF_LOG_ID} and `hand_id` NULL. The staff state is a fold over
 * them (`fold.ts`).
 *
 * No event holds a PIN: only its slow salted hash ({@link PinHash}), made and compared outside
 * the domain (app/services/pins.ts). The fold sees the outcome of a comparison as an event.
 */

/**
 * The `table_id` of every staff event: no table can have it (`@` is not allowed in a table id,
 * see `TABLE_ID_PATTERN`), so no reader of a table's events ever meets a staff event.
 */
export const STAFF_LOG_ID = '@staff';

/** What a person may do. `auditor`: read only. A person may hold several. */
export type Role = 'dealer' | 'floor' | 'admin' | 'auditor';

/** Every role. `admin`: staff, house rules, devices. */
export const ROLES: readonly Role[] = ['dealer', 'floor', 'admin', 'auditor'];

/** What a person signs in for; each needs one role ({@link PURPOSE_ROLE}). */
export type Purpose = 'take-box' | 'floor-action' | 'admin' | 'audit';

/** The role each purpose needs. */
export const PURPOSE_ROLE: Readonly<Record<Purpose, Role>> = {
  'take-box': 'dealer',
  'floor-action': 'floor',
  admin: 'admin',
  audit: 'auditor',
};

/** Every purpose. */
export const PURPOSES: readonly Purpose[] = ['take-box', 'floor-action', 'admin', 'audit'];

/**
 * Who records a staff event: the terminal itself (`system`: a lockout, or the first admin
 * added to a database that never had one) or a person by staff id (`staff:<id>`).
 */
export type StaffActor = 'system' | `staff:${string}`;

/**
 * A PIN as stored: the algorithm, its parameters, the salt and the derived key, so that the
 * parameters can change later and old PINs still verify. Salt and hash are lowercase hex.
 */
export interface PinHash {
  readonly algorithm: string;
  /** The algorithm's cost parameters, e.g. `{ N: 32768, r: 8, p: 1, keyLength: 32 }`. */
  readonly params: Readonly<Record<string, number>>;
  readonly salt: string;
  readonly hash: string;
}

interface Base {
  readonly at: string;
  readonly by: StaffActor;
}

/** A person is added (by an admin signed in for `admin`; the very first admin by `system`). */
export interface StaffAdded extends Base {
  readonly type: 'staff-added';
  readonly staffId: string;
  readonly name: string;
  readonly roles: readonly Role[];
  readonly pin: PinHash;
}

/** A person may no longer sign in (by another admin signed in for `admin`). */
export interface StaffDisabled extends Base {
  readonly type: 'staff-disabled';
  readonly staffId: string;
  readonly reason?: string;
}

/** A person's PIN is replaced (by an admin signed in for `admin`); ends a lockout. */
export interface StaffPinSet extends Base {
  readonly type: 'staff-pin-set';
  readonly staffId: string;
  readonly pin: PinHash;
}

/** A person signed in with the right PIN for `purpose` (at `tableId` when there is one). */
export interface StaffSignedIn extends Base {
  readonly type: 'staff-signed-in';
  readonly staffId: string;
  readonly purpose: Purpose;
  readonly tableId?: string;
}

/** Why a sign-in was refused, as recorded. */
export type SignInFailure = 'wrong-pin' | 'locked-out' | 'staff-disabled' | 'not-allowed';

/** Every recorded sign-in failure. */
export const SIGN_IN_FAILURES: readonly SignInFailure[] = ['wrong-pin', 'locked-out', 'staff-disabled', 'not-allowed'];

/**
 * A sign-in that was refused. `failures`: the wrong PINs in a row after this one (only a
 * `wrong-pin` adds one; the others leave the count as it was).
 */
export interface StaffSignInFailed extends Base {
  readonly type: 'staff-sign-in-failed';
  readonly staffId: string;
  readonly purpose: Purpose;
  readonly tableId?: string;
  readonly reason: SignInFailure;
  readonly failures: number;
}

/** The wrong PIN in a row that locks a person: no sign-in until `until` (by `system`). */
export interface StaffLockedOut extends Base {
  readonly type: 'staff-locked-out';
  readonly staffId: string;
  readonly failures: number;
  /** `at` plus the lockout time, ISO 8601 UTC with milliseconds. */
  readonly until: string;
}

/** A person signs out of one purpose (and table), or of every sign-in when `purpose` is absent. */
export interface StaffSignedOut extends Base {
  readonly type: 'staff-signed-out';
  readonly staffId: string;
  readonly purpose?: Purpose;
  readonly tableId?: string;
}

export type StaffEvent =
  | StaffAdded | StaffDisabled | StaffPinSet | StaffSignedIn | StaffSignInFailed | StaffLockedOut | StaffSignedOut;
export type StaffEventType = StaffEvent['type'];

export const STAFF_EVENT_TYPES: readonly StaffEventType[] = [
  'staff-added', 'staff-disabled', 'staff-pin-set', 'staff-signed-in', 'staff-sign-in-failed', 'staff-locked-out', 'staff-signed-out',
];

/** The staff event with the given type. */
export type StaffEventOf<K extends StaffEventType> = Extract<StaffEvent, { type: K }>;
