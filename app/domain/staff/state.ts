/**
 * The staff of a terminal: what the fold in `fold.ts` builds from the staff events. Plain
 * readonly data, never mutated: `applyStaff` returns a new state.
 */
import type { PinHash, Purpose, Role, StaffActor } from './events';

/** A staff id: 1-32 letters, digits, `_`, `.` or `-`, starting with a letter or digit. */
export const STAFF_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$/;

/** True for text that can be a staff id. */
export function isStaffId(x: unknown): x is string {
  return typeof x === 'string' && STAFF_ID_PATTERN.test(x);
}

/** A sign-in still open: what for, and where. */
export interface StaffSession {
  readonly purpose: Purpose;
  /** The table signed in at, or null. */
  readonly tableId: string | null;
  readonly at: string;
}

/** One person. */
export interface StaffMember {
  readonly id: string;
  readonly name: string;
  readonly roles: readonly Role[];
  /** The stored hash of the PIN (never the PIN). */
  readonly pin: PinHash;
  readonly addedAt: string;
  readonly pinSetAt: string;
  /** Set when the person may no longer sign in. */
  readonly disabled: { readonly at: string; readonly by: StaffActor; readonly reason: string | null } | null;
  /**
   * Wrong PINs in a row, as of the last event: counted since the last sign-in, PIN change or
   * lockout end (see `failuresInARow` for the count at a given time).
   */
  readonly failures: number;
  /** The end of the last lockout (ISO 8601 UTC), or null; it is over once a time reaches it. */
  readonly lockedUntil: string | null;
  /** The person's open sign-ins (one per purpose and table). */
  readonly sessions: readonly StaffSession[];
}

export interface StaffState {
  /** Everyone ever added, by staff id (disabled people stay, marked). */
  readonly members: ReadonlyMap<string, StaffMember>;
  /**
   * Whether anyone was ever added as an admin: until then the first admin may be added by
   * `system` (with no signature); never again afterwards, even if every admin were disabled.
   */
  readonly hadAdmin: boolean;
}

/** No staff: a new database. */
export const initialStaffState: StaffState = { members: new Map(), hadAdmin: false };

/** The state with one member replaced (or added). */
export function withMember(state: StaffState, member: StaffMember): StaffState {
  const members = new Map(state.members);
  members.set(member.id, member);
  return { members, hadAdmin: state.hadAdmin || member.roles.includes('admin') };
}

/** A member with some fields changed. */
export function withMemberFields(member: StaffMember, patch: Partial<StaffMember>): StaffMember {
  return { ...member, ...patch };
}
