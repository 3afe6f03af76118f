// The questions asked of the staff state (app/domain/staff/views.ts) with their refusals word by
// word, the lockout rule's own functions (lockout.ts), the staff id pattern (state.ts), and the
// idle sign-out times docs/terminal.md gives (idle.ts: the dealer 20 minutes, a floor person 5,
// an admin 5, an auditor 15).
import { describe, expect, it } from 'vitest';
import {
  IDLE_SIGN_OUT_MINUTES, LOCKOUT_MS, PURPOSES, PURPOSE_ROLE, ROLES, SIGN_IN_FAILURES, STAFF_EVENT_TYPES, checkRole, checkSignedIn, failuresInARow,
  findMember, hasActiveAdmin, idleSignOutMs, initialStaffState, isSignedIn, isStaffId, lockedUntil, lockoutEnd, mayDo, rolesText, sessionOf,
  type StaffMember,
} from '../../../../app/domain/staff';
import { adminIn, at, fold, sev, staffed, wrongPins } from './support';

describe('findMember, checkRole, checkSignedIn', () => {
  it('refuse naming the person and what is missing', () => {
    const s = fold(staffed(), sev.disabled('eva'), sev.signedIn('jan', 'take-box', 'T1'));
    expect(findMember(s, 7)).toStrictEqual({ ok: false, error: { code: 'bad-staff-id', message: 'a staff id is 1-32 letters, digits, "_", "." or "-", not 7', path: 'staffId' } });
    expect(findMember(s, 'ghost')).toStrictEqual({ ok: false, error: { code: 'unknown-staff', message: 'there is no staff member "ghost" on this terminal', path: 'staffId' } });
    expect(checkRole(s, 'eva', 'dealer')).toStrictEqual({ ok: false, error: { code: 'staff-disabled', message: 'eva (EVA) is disabled on this terminal', path: 'staffId' } });
    expect(checkRole(s, 'aud', 'floor')).toStrictEqual({
      ok: false, error: { code: 'not-allowed', message: 'aud (AUD) is not allowed: that needs the floor role, and aud has auditor', path: 'staffId' },
    });
    expect(checkSignedIn(s, 'jan', 'take-box', 'T2')).toStrictEqual({
      ok: false, error: { code: 'not-signed-in', message: 'jan is not signed in for take-box at table T2', path: 'staffId' },
    });
    expect(checkSignedIn(s, 'jan', 'floor-action')).toStrictEqual({ ok: false, error: { code: 'not-signed-in', message: 'jan is not signed in for floor-action', path: 'staffId' } });
    // Signed in, but no longer holding the role's person: checkRole's refusal comes first.
    expect(checkSignedIn(s, 'eva', 'take-box', 'T1')).toMatchObject({ ok: false, error: { code: 'staff-disabled' } });
    expect(checkSignedIn(s, 'jan', 'take-box', 'T1')).toStrictEqual({ ok: true, value: s.members.get('jan') });
    expect(checkRole(s, 'jan', 'floor')).toStrictEqual({ ok: true, value: s.members.get('jan') });
  });

  it('isSignedIn and mayDo answer the same questions as booleans', () => {
    const s = fold(staffed(), sev.signedIn('jan', 'take-box', 'T1'), sev.signedIn('boss', 'floor-action'));
    expect(isSignedIn(s, 'jan', 'take-box', 'T1')).toBe(true);
    expect(isSignedIn(s, 'jan', 'take-box')).toBe(false);
    expect(isSignedIn(s, 'boss', 'floor-action')).toBe(true);
    expect(isSignedIn(s, 'boss', 'floor-action', 'T1')).toBe(false);
    expect(mayDo(s, 'jan', 'dealer')).toBe(true);
    expect(mayDo(s, 'jan', 'admin')).toBe(false);
  });

  it('sessionOf finds the sign-in of that purpose at that table only', () => {
    const s = fold(staffed(), sev.signedIn('jan', 'take-box', 'T1', 1), sev.signedIn('jan', 'floor-action', undefined, 2));
    const jan = s.members.get('jan')!;
    expect(sessionOf(jan, 'take-box', 'T1')).toStrictEqual({ purpose: 'take-box', tableId: 'T1', at: at(1) });
    expect(sessionOf(jan, 'floor-action', null)).toStrictEqual({ purpose: 'floor-action', tableId: null, at: at(2) });
    expect(sessionOf(jan, 'take-box', null)).toBeUndefined();
    expect(sessionOf(jan, 'floor-action', 'T1')).toBeUndefined();
  });

  it('rolesText lists the roles, or says there are none', () => {
    expect(rolesText(['dealer', 'floor'])).toBe('dealer, floor');
    expect(rolesText(['auditor'])).toBe('auditor');
    expect(rolesText([])).toBe('no role');
  });

  it('hasActiveAdmin: someone holding admin and not disabled', () => {
    expect(hasActiveAdmin(initialStaffState)).toBe(false);
    expect(hasActiveAdmin(adminIn())).toBe(true);
    const two = fold(adminIn(), sev.added('ann', ['admin']), sev.signedIn('ann', 'admin'), sev.disabled('boss', 'staff:ann'));
    expect(hasActiveAdmin(two)).toBe(true);
    // A disabled admin and a dealer listed after him: no admin any more.
    const none = fold(adminIn(), sev.added('ann', ['admin']), sev.added('eva', ['dealer']), sev.signedIn('ann', 'admin'), sev.disabled('boss', 'staff:ann'));
    const annDisabled = { ...none, members: new Map([...none.members].map(([k, m]) => [k, k === 'ann' ? { ...m, disabled: { at: at(), by: 'system' as const, reason: null } } : m])) };
    expect(hasActiveAdmin(annDisabled)).toBe(false);
  });
});

describe('the lockout rule (lockout.ts)', () => {
  const eva = (locked: boolean): StaffMember => wrongPins(staffed(), 'eva', locked ? 5 : 3).members.get('eva')!;

  it('lockoutEnd: 15 minutes later, or null for what is not a time', () => {
    expect(LOCKOUT_MS).toBe(15 * 60_000);
    expect(lockoutEnd('2025-03-01T20:00:00.000Z')).toBe('2025-03-01T20:15:00.000Z');
    expect(lockoutEnd('2025-03-01T23:50+01:00')).toBe('2025-03-01T23:05:00.000Z');
    expect(lockoutEnd('soon')).toBeNull();
  });

  it('lockedUntil: the end while it is ahead, null from the end on, and for a time that is none', () => {
    const m = eva(true);
    const end = m.lockedUntil!;
    expect(end).toBe(lockoutEnd(at(4000)));
    expect(lockedUntil(m, at(4000))).toBe(end);
    expect(lockedUntil(m, at(4000 + LOCKOUT_MS - 1))).toBe(end);
    expect(lockedUntil(m, at(4000 + LOCKOUT_MS))).toBeNull();
    expect(lockedUntil(m, 'now')).toBeNull();
    expect(lockedUntil({ ...m, lockedUntil: 'never' }, at(4000))).toBeNull();
    // An end that is not a time locks no one, also at a time before 1970 (a negative count).
    expect(lockedUntil({ ...m, lockedUntil: 'never' }, '1960-01-01T00:00Z')).toBeNull();
    expect(lockedUntil(eva(false), at(4000))).toBeNull();
  });

  it('failuresInARow: the count, and 0 once the lockout has ended', () => {
    expect(failuresInARow(eva(false), at(9_999_999))).toBe(3);
    expect(failuresInARow(eva(true), at(4000 + LOCKOUT_MS - 1))).toBe(5);
    expect(failuresInARow(eva(true), at(4000 + LOCKOUT_MS))).toBe(0);
  });
});

describe('staff ids (state.ts)', () => {
  it.each<[unknown, boolean]>([
    ['eva', true], ['E.v_a-1', true], ['9', true], ['a'.repeat(32), true],
    ['a'.repeat(33), false], ['', false], ['-eva', false], ['.eva', false], ['_eva', false], ['e va', false], ['eva!', false], ['éva', false],
    ['x\neva', false], ['eva\n', false], [7, false], [null, false],
  ])('%j: %s', (id, want) => {
    expect(isStaffId(id)).toBe(want);
  });
});

describe('the idle sign-out (idle.ts, docs/terminal.md)', () => {
  it('the dealer after 20 minutes, a floor person and an admin after 5, an auditor after 15', () => {
    expect(IDLE_SIGN_OUT_MINUTES).toStrictEqual({ 'take-box': 20, 'floor-action': 5, admin: 5, audit: 15 });
    expect(PURPOSES.map(idleSignOutMs)).toEqual([20 * 60_000, 5 * 60_000, 5 * 60_000, 15 * 60_000]);
  });
});

describe('the staff event vocabulary (events.ts)', () => {
  it('roles, purposes and the role each needs, failures and event types (docs/terminal.md)', () => {
    expect(ROLES).toEqual(['dealer', 'floor', 'admin', 'auditor']);
    expect(PURPOSES).toEqual(['take-box', 'floor-action', 'admin', 'audit']);
    expect(PURPOSE_ROLE).toStrictEqual({ 'take-box': 'dealer', 'floor-action': 'floor', admin: 'admin', audit: 'auditor' });
    expect(SIGN_IN_FAILURES).toEqual(['wrong-pin', 'locked-out', 'staff-disabled', 'not-allowed']);
    expect(STAFF_EVENT_TYPES).toEqual(['staff-added', 'staff-disabled', 'staff-pin-set', 'staff-signed-in', 'staff-sign-in-failed', 'staff-locked-out', 'staff-signed-out']);
  });
});
