// Builders for the staff-fold tests: events with sensible defaults at times counted from T0,
// and the states the guard tables start from.
import { expect } from 'vitest';
import { unwrap, type Result } from '../../../../app/domain/result';
import {
  applyStaff, decideSignIn, initialStaffState, lockoutEnd, msToIso,
  type PinHash, type Purpose, type Role, type StaffActor, type StaffEvent, type StaffState,
} from '../../../../app/domain/staff';

/** The first moment of the tests. */
export const T0 = Date.parse('2025-03-01T20:00:00.000Z');

/** The time `ms` after T0, as event text. */
export const at = (ms = 0): string => msToIso(T0 + ms);

/** A stored hash record of the right shape (the fold never compares it). */
export const HASH: PinHash = { algorithm: 'scrypt', params: { N: 32768, r: 8, p: 1, keyLength: 32 }, salt: '00112233445566778899aabbccddeeff', hash: 'ab'.repeat(32) };

export const sev = {
  added: (staffId: string, roles: Role[], by: StaffActor = 'staff:boss', t = 0, name = staffId.toUpperCase()): StaffEvent =>
    ({ type: 'staff-added', at: at(t), by, staffId, name, roles, pin: HASH }),
  disabled: (staffId: string, by: StaffActor = 'staff:boss', t = 0, reason?: string): StaffEvent =>
    ({ type: 'staff-disabled', at: at(t), by, staffId, ...(reason !== undefined ? { reason } : {}) }),
  pinSet: (staffId: string, by: StaffActor = 'staff:boss', t = 0): StaffEvent => ({ type: 'staff-pin-set', at: at(t), by, staffId, pin: HASH }),
  signedIn: (staffId: string, purpose: Purpose, tableId?: string, t = 0): StaffEvent =>
    ({ type: 'staff-signed-in', at: at(t), by: `staff:${staffId}`, staffId, purpose, ...(tableId !== undefined ? { tableId } : {}) }),
  failed: (staffId: string, reason: 'wrong-pin' | 'locked-out' | 'staff-disabled' | 'not-allowed', failures: number, purpose: Purpose = 'take-box', t = 0): StaffEvent =>
    ({ type: 'staff-sign-in-failed', at: at(t), by: `staff:${staffId}`, staffId, purpose, ...(purpose === 'take-box' ? { tableId: 'T1' } : {}), reason, failures }),
  locked: (staffId: string, failures = 5, t = 0): StaffEvent =>
    ({ type: 'staff-locked-out', at: at(t), by: 'system', staffId, failures, until: lockoutEnd(at(t))! }),
  signedOut: (staffId: string, purpose?: Purpose, tableId?: string, t = 0): StaffEvent =>
    ({ type: 'staff-signed-out', at: at(t), by: `staff:${staffId}`, staffId, ...(purpose !== undefined ? { purpose } : {}), ...(tableId !== undefined ? { tableId } : {}) }),
};

/** Applies events in order, failing the test on a refusal. */
export function fold(state: StaffState, ...events: StaffEvent[]): StaffState {
  let s = state;
  for (const e of events) {
    const r = applyStaff(s, e);
    if (!r.ok) throw new Error(`${e.type} refused: ${r.error.code}: ${r.error.message}`);
    s = r.value;
  }
  return s;
}

/** The refusal's code, checking that the state given was left as it was ('accepted' when it was not refused). */
export function refusedCode(state: StaffState, event: StaffEvent): string {
  const before = structuredClone(state);
  const r: Result<StaffState> = applyStaff(state, event);
  expect(state).toEqual(before);
  return r.ok ? 'accepted' : r.error.code;
}

/** boss (admin, floor) added by system and signed in for admin. */
export function adminIn(): StaffState {
  return fold(initialStaffState, sev.added('boss', ['admin', 'floor'], 'system'), sev.signedIn('boss', 'admin'));
}

/** adminIn, with eva (dealer), jan (dealer, floor) and aud (auditor). */
export function staffed(): StaffState {
  return fold(adminIn(), sev.added('eva', ['dealer']), sev.added('jan', ['dealer', 'floor']), sev.added('aud', ['auditor']));
}

/** `n` wrong PINs in a row for eva taking the box, from time `t` (one a second), each as decided. */
export function wrongPins(state: StaffState, staffId: string, n: number, t = 0): StaffState {
  let s = state;
  for (let i = 0; i < n; i++) {
    const d = decideSignIn(s, { staffId, purpose: 'take-box', tableId: 'T1', at: at(t + i * 1000) }, () => false);
    s = fold(s, ...d.events);
  }
  return s;
}

export { unwrap };

/** The staff states the guard tables start from. */
export type StateName = 'empty' | 'firstAdminOut' | 'adminIn' | 'staffed' | 'adminOut' | 'evaDisabled' | 'evaFour' | 'evaFiveNoLock' | 'evaLocked' | 'evaIn';

/** The staff state `name` names. */
export function staffIn(name: StateName): StaffState {
  switch (name) {
    case 'empty': return initialStaffState;
    case 'firstAdminOut': return fold(initialStaffState, sev.added('boss', ['admin'], 'system'));
    case 'adminIn': return adminIn();
    case 'staffed': return staffed();
    case 'adminOut': return fold(staffed(), sev.signedOut('boss', 'admin'));
    case 'evaDisabled': return fold(staffed(), sev.disabled('eva'));
    case 'evaFour': return wrongPins(staffed(), 'eva', 4);
    case 'evaFiveNoLock': return fold(staffed(), ...[1, 2, 3, 4, 5].map((n) => sev.failed('eva', 'wrong-pin', n)));
    case 'evaLocked': return wrongPins(staffed(), 'eva', 5);
    case 'evaIn': return fold(staffed(), sev.signedIn('eva', 'take-box', 'T1'));
  }
}

/** The event with fields changed, whatever their types (a guard's bad input). */
export const bare = (e: StaffEvent, patch: Record<string, unknown>): StaffEvent => ({ ...e, ...patch }) as unknown as StaffEvent;

/** The event without one field. */
export const without = (e: StaffEvent, key: string): StaffEvent => {
  const copy = { ...e } as Record<string, unknown>;
  delete copy[key];
  return copy as unknown as StaffEvent;
};
