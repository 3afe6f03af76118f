// The staff fold's refusals word by word (docs/terminal.md, "Staff, roles and PINs"): each guard
// names the person, the value refused and the field at fault (`path`), and the states each
// accepted event leaves, field by field. The guard cases are fold.test.ts's; each message below
// was read against its rule (who, what was refused, what was expected).
import { describe, expect, it } from 'vitest';
import {
  LOCKOUT_MS, STAFF_LOG_ID, applyStaff, decideSignIn, initialStaffState, lockoutEnd, replayStaff,
  type StaffEvent, type StaffState,
} from '../../../../app/domain/staff';
import { HASH, T0, adminIn, at, bare, fold, staffIn, without, type StateName, sev, staffed, wrongPins } from './support';

const refusal = (state: StaffState, event: StaffEvent) => {
  const r = applyStaff(state, event);
  return r.ok ? 'accepted' : r.error;
};

// [case, state, event, code, path, message]
const GUARDS: [string, StateName, StaffEvent, string, string, string][] = [
  // The envelope
  ['an unknown type', 'staffed', bare(sev.disabled('eva'), { type: 'staff-promoted' }), 'unknown-event', 'type',
    'unknown staff event type "staff-promoted"'],
  ['a time that is not ISO', 'staffed', bare(sev.disabled('eva'), { at: 'yesterday' }), 'bad-time', 'at',
    'staff-disabled: "at" must be an ISO 8601 time with a zone, not "yesterday"'],
  ['a day that does not exist', 'staffed', bare(sev.disabled('eva'), { at: '2025-02-30T10:00:00Z' }), 'bad-time', 'at',
    'staff-disabled: "at" must be an ISO 8601 time with a zone, not "2025-02-30T10:00:00Z"'],
  ['by a dealer', 'staffed', bare(sev.disabled('eva'), { by: 'dealer' }), 'bad-actor', 'by',
    'staff-disabled: "by" must be "system" or "staff:<id>", not "dealer"'],
  ['by "staff:" with no id', 'staffed', bare(sev.disabled('eva'), { by: 'staff:' }), 'bad-actor', 'by',
    'staff-disabled: "by" must be "system" or "staff:<id>", not "staff:"'],
  ['by another six-letter prefix and a staff id', 'staffed', bare(sev.disabled('eva'), { by: 'floor:jan' }), 'bad-actor', 'by',
    'staff-disabled: "by" must be "system" or "staff:<id>", not "floor:jan"'],
  // staff-added: who may add
  ['the first person, not an admin', 'empty', sev.added('eva', ['dealer'], 'system'), 'admin-needed', 'roles',
    'the first person added to a terminal is an admin (role admin): he then adds everyone else'],
  ['a second add by system', 'firstAdminOut', sev.added('eva', ['dealer'], 'system'), 'admin-needed', 'by',
    'Adding staff needs an admin: an admin signs in for admin (his id and PIN) and makes the change'],
  ['a second admin by system', 'staffed', sev.added('ann', ['admin'], 'system'), 'admin-needed', 'by',
    'Adding staff needs an admin: an admin signs in for admin (his id and PIN) and makes the change'],
  ['an admin not signed in for admin', 'firstAdminOut', sev.added('eva', ['dealer']), 'not-allowed', 'by',
    'Adding staff needs an admin signed in for admin: boss is not signed in for admin'],
  ['a dealer adding staff', 'staffed', sev.added('ann', ['dealer'], 'staff:eva'), 'not-allowed', 'by',
    'Adding staff needs an admin signed in for admin: eva (EVA) is not allowed: that needs the admin role, and eva has dealer'],
  ['an unknown admin', 'staffed', sev.added('ann', ['dealer'], 'staff:ghost'), 'unknown-staff', 'by',
    'Adding staff needs an admin signed in for admin: there is no staff member "ghost" on this terminal'],
  // staff-added: the person
  ['an id taken', 'staffed', sev.added('eva', ['floor']), 'staff-exists', 'staffId',
    'there is already a staff member eva (EVA)'],
  ['an id with a space', 'staffed', sev.added('an na', ['dealer']), 'bad-staff-id', 'staffId',
    'a staff id is 1-32 letters, digits, "_", "." or "-", not "an na"'],
  ['an id starting with "-"', 'staffed', sev.added('-ann', ['dealer']), 'bad-staff-id', 'staffId',
    'a staff id is 1-32 letters, digits, "_", "." or "-", not "-ann"'],
  ['an id of 33 characters', 'staffed', sev.added('a'.repeat(33), ['dealer']), 'bad-staff-id', 'staffId',
    'a staff id is 1-32 letters, digits, "_", "." or "-", not "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"'],
  ['a name with a space around it', 'staffed', sev.added('ann', ['dealer'], 'staff:boss', 0, ' Ann'), 'name-needed', 'name',
    `a staff member's name is text of 1-64 characters without spaces around it, not " Ann"`],
  ['an empty name', 'staffed', sev.added('ann', ['dealer'], 'staff:boss', 0, ''), 'name-needed', 'name',
    `a staff member's name is text of 1-64 characters without spaces around it, not ""`],
  ['a name of 65 characters', 'staffed', sev.added('ann', ['dealer'], 'staff:boss', 0, 'A'.repeat(65)), 'name-needed', 'name',
    `a staff member's name is text of 1-64 characters without spaces around it, not "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA...`],
  ['no role', 'staffed', sev.added('ann', []), 'bad-role', 'roles',
    'roles must list one or more of dealer, floor, admin, auditor, not []'],
  ['an unknown role', 'staffed', bare(sev.added('ann', ['dealer']), { roles: ['boss'] }), 'bad-role', 'roles',
    'a role is one of dealer, floor, admin, auditor, not "boss"'],
  ['a role twice', 'staffed', sev.added('ann', ['dealer', 'dealer']), 'bad-role', 'roles',
    'roles must not repeat a role: ["dealer","dealer"]'],
  ['no PIN hash', 'staffed', without(sev.added('ann', ['dealer']), 'pin'), 'bad-pin-hash', 'pin',
    'pin must be the stored hash { algorithm, params, salt, hash }'],
  ['a salt that is not hex', 'staffed', bare(sev.added('ann', ['dealer']), { pin: { ...HASH, salt: 'XYZ' } }), 'bad-pin-hash', 'pin.salt',
    'pin.salt must be lowercase hex'],
  ['a parameter of 0', 'staffed', bare(sev.added('ann', ['dealer']), { pin: { ...HASH, params: { N: 0 } } }), 'bad-pin-hash', 'pin.params',
    `pin.params must be the algorithm's parameters, each a whole number from 1`],
  ['no algorithm', 'staffed', bare(sev.added('ann', ['dealer']), { pin: { ...HASH, algorithm: '' } }), 'bad-pin-hash', 'pin.algorithm',
    'pin.algorithm must name the algorithm, not ""'],
  // staff-disabled
  ['disabling by system', 'staffed', sev.disabled('eva', 'system'), 'admin-needed', 'by',
    'Disabling staff needs an admin: an admin signs in for admin (his id and PIN) and makes the change'],
  ['disabling by a floor manager', 'staffed', sev.disabled('eva', 'staff:jan'), 'not-allowed', 'by',
    'Disabling staff needs an admin signed in for admin: jan (JAN) is not allowed: that needs the admin role, and jan has dealer, floor'],
  ['disabling by an auditor', 'staffed', sev.disabled('eva', 'staff:aud'), 'not-allowed', 'by',
    'Disabling staff needs an admin signed in for admin: aud (AUD) is not allowed: that needs the admin role, and aud has auditor'],
  ['disabling by an admin signed out', 'adminOut', sev.disabled('eva'), 'not-allowed', 'by',
    'Disabling staff needs an admin signed in for admin: boss is not signed in for admin'],
  ['a PIN set by an admin signed out', 'adminOut', sev.pinSet('eva'), 'not-allowed', 'by',
    'Setting a PIN needs an admin signed in for admin: boss is not signed in for admin'],
  ['an admin disabling himself', 'staffed', sev.disabled('boss'), 'not-allowed', 'staffId',
    'boss cannot disable himself: another admin does it'],
  ['disabling no one known', 'staffed', sev.disabled('ghost'), 'unknown-staff', 'staffId',
    'there is no staff member "ghost" on this terminal'],
  ['disabling twice', 'evaDisabled', sev.disabled('eva'), 'already-disabled', 'staffId',
    'eva (EVA) was already disabled at 2025-03-01T20:00:00.000Z'],
  ['a blank reason', 'staffed', sev.disabled('eva', 'staff:boss', 0, ' '), 'bad-event', 'reason',
    'staff-disabled: reason is text without spaces around it when given, not " "'],
  // staff-pin-set
  ['a PIN set by system', 'staffed', sev.pinSet('eva', 'system'), 'admin-needed', 'by',
    'Setting a PIN needs an admin: an admin signs in for admin (his id and PIN) and makes the change'],
  ['a PIN set by the person himself (a dealer)', 'staffed', sev.pinSet('eva', 'staff:eva'), 'not-allowed', 'by',
    'Setting a PIN needs an admin signed in for admin: eva (EVA) is not allowed: that needs the admin role, and eva has dealer'],
  ['a PIN for no one known', 'staffed', sev.pinSet('ghost'), 'unknown-staff', 'staffId',
    'there is no staff member "ghost" on this terminal'],
  ['a PIN for a disabled person', 'evaDisabled', sev.pinSet('eva'), 'staff-disabled', 'staffId',
    'eva (EVA) is disabled: his PIN is not set again'],
  ['a PIN hash of the wrong shape', 'staffed', bare(sev.pinSet('eva'), { pin: { ...HASH, hash: 42 } }), 'bad-pin-hash', 'pin.hash',
    'pin.hash must be lowercase hex'],
  // staff-signed-in
  ['a sign-in recorded by someone else', 'staffed', bare(sev.signedIn('eva', 'take-box', 'T1'), { by: 'staff:boss' }), 'bad-actor', 'by',
    'staff-signed-in: by must be "staff:eva" (the person signing in), not "staff:boss"'],
  ['a sign-in of no one known', 'staffed', sev.signedIn('ghost', 'take-box', 'T1'), 'unknown-staff', 'staffId',
    'there is no staff member "ghost" on this terminal'],
  ['a sign-in for an unknown purpose', 'staffed', bare(sev.signedIn('eva', 'take-box', 'T1'), { purpose: 'lunch' }), 'bad-purpose', 'purpose',
    'purpose must be one of take-box, floor-action, admin, audit, not "lunch"'],
  ['taking the box at no table', 'staffed', sev.signedIn('eva', 'take-box'), 'table-needed', 'tableId',
    'taking the box is at a table: the table id is needed'],
  ['a table id that no table can have', 'staffed', sev.signedIn('eva', 'take-box', STAFF_LOG_ID), 'bad-table', 'tableId',
    'tableId must be a table id (letters, digits, "_", "."), not "@staff"'],
  ['a disabled person signing in', 'evaDisabled', sev.signedIn('eva', 'take-box', 'T1'), 'staff-disabled', 'staffId',
    'eva (EVA) is disabled and cannot sign in'],
  ['a locked-out person signing in', 'evaLocked', sev.signedIn('eva', 'take-box', 'T1', 5000), 'locked-out', 'staffId',
    'eva is locked out until 2025-03-01T20:15:04.000Z'],
  ['a dealer signing in for floor-action', 'staffed', sev.signedIn('eva', 'floor-action'), 'not-allowed', 'purpose',
    'eva cannot sign in for floor-action: that needs the floor role, and eva has dealer'],
  ['an auditor taking the box', 'staffed', sev.signedIn('aud', 'take-box', 'T1'), 'not-allowed', 'purpose',
    'aud cannot sign in for take-box: that needs the dealer role, and aud has auditor'],
  ['a floor manager signing in for admin', 'staffed', sev.signedIn('jan', 'admin'), 'not-allowed', 'purpose',
    'jan cannot sign in for admin: that needs the admin role, and jan has dealer, floor'],
  // staff-sign-in-failed
  ['an unknown reason', 'staffed', bare(sev.failed('eva', 'wrong-pin', 1), { reason: 'typo' }), 'bad-event', 'reason',
    'staff-sign-in-failed: reason must be one of wrong-pin, locked-out, staff-disabled, not-allowed, not "typo"'],
  ['a wrong PIN of a disabled person', 'evaDisabled', sev.failed('eva', 'wrong-pin', 1), 'bad-event', 'reason',
    'staff-sign-in-failed: the PIN of eva was not the question (staff-disabled), so it cannot have been wrong'],
  ['a wrong PIN while locked out', 'evaLocked', sev.failed('eva', 'wrong-pin', 6, 'take-box', 5000), 'bad-event', 'reason',
    'staff-sign-in-failed: the PIN of eva was not the question (locked-out), so it cannot have been wrong'],
  ['a wrong PIN for a purpose without the role', 'staffed', sev.failed('eva', 'wrong-pin', 1, 'admin'), 'bad-event', 'reason',
    'staff-sign-in-failed: the PIN of eva was not the question (not-allowed), so it cannot have been wrong'],
  ['locked-out when not locked out', 'staffed', sev.failed('eva', 'locked-out', 0), 'bad-event', 'reason',
    'staff-sign-in-failed: the sign-in of eva was not refused locked-out (his PIN was the question)'],
  ['staff-disabled when not disabled', 'staffed', sev.failed('eva', 'staff-disabled', 0), 'bad-event', 'reason',
    'staff-sign-in-failed: the sign-in of eva was not refused staff-disabled (his PIN was the question)'],
  ['not-allowed when the role is held', 'staffed', sev.failed('eva', 'not-allowed', 0), 'bad-event', 'reason',
    'staff-sign-in-failed: the sign-in of eva was not refused not-allowed (his PIN was the question)'],
  ['a count that skips', 'evaFour', sev.failed('eva', 'wrong-pin', 6, 'take-box', 5000), 'bad-event', 'failures',
    'staff-sign-in-failed: failures must be 5 (wrong PINs in a row after this), not 6'],
  ['a count that is not kept', 'staffed', sev.failed('eva', 'wrong-pin', 0), 'bad-event', 'failures',
    'staff-sign-in-failed: failures must be 1 (wrong PINs in a row after this), not 0'],
  ['a sixth wrong PIN with no lockout', 'evaFiveNoLock', sev.failed('eva', 'wrong-pin', 6), 'lockout-missing', 'reason',
    'staff-sign-in-failed: eva has 5 wrong PINs in a row and is not locked out: the lockout is recorded first'],
  ['a failure by someone else', 'staffed', bare(sev.failed('eva', 'wrong-pin', 1), { by: 'system' }), 'bad-actor', 'by',
    'staff-sign-in-failed: by must be "staff:eva" (the person signing in), not "system"'],
  // staff-locked-out
  ['a lockout after 4', 'evaFour', sev.locked('eva', 4, 4000), 'bad-event', 'staffId',
    'staff-locked-out: eva has 4 wrong PINs in a row; 5 lock him out'],
  ['a lockout while locked out', 'evaLocked', sev.locked('eva', 5, 5000), 'locked-out', 'staffId',
    'eva is already locked out until 2025-03-01T20:15:04.000Z'],
  ['a lockout with the wrong count', 'evaFiveNoLock', sev.locked('eva', 4), 'bad-event', 'failures',
    'staff-locked-out: failures must be 5, not 4'],
  ['a lockout of the wrong length', 'evaFiveNoLock', bare(sev.locked('eva'), { until: at(60_000) }), 'bad-event', 'until',
    'staff-locked-out: until must be 2025-03-01T20:15:00.000Z (2025-03-01T20:00:00.000Z and the lockout time), not "2025-03-01T20:01:00.000Z"'],
  ['a lockout by an admin', 'evaFiveNoLock', bare(sev.locked('eva'), { by: 'staff:boss' }), 'bad-actor', 'by',
    'staff-locked-out: by must be "system" (the terminal locks), not "staff:boss"'],
  ['a lockout of no one known', 'evaFiveNoLock', sev.locked('ghost'), 'unknown-staff', 'staffId',
    'there is no staff member "ghost" on this terminal'],
  // staff-signed-out
  ['a sign-out of someone not signed in', 'staffed', sev.signedOut('eva'), 'not-signed-in', 'staffId',
    'eva is not signed in'],
  ['a sign-out of a purpose not signed in for', 'evaIn', sev.signedOut('eva', 'take-box', 'T2'), 'not-signed-in', 'purpose',
    'eva is not signed in for take-box at table T2'],
  ['a sign-out naming a table but no purpose', 'evaIn', sev.signedOut('eva', undefined, 'T1'), 'bad-event', 'tableId',
    'staff-signed-out: a table is given only with the purpose signed out of'],
  ['a sign-out of an unknown purpose', 'evaIn', bare(sev.signedOut('eva', 'take-box', 'T1'), { purpose: 'lunch' }), 'bad-purpose', 'purpose',
    'purpose must be one of take-box, floor-action, admin, audit, not "lunch"'],
  ['a sign-out at a bad table id', 'evaIn', sev.signedOut('eva', 'take-box', 'T 1'), 'bad-table', 'tableId',
    'tableId must be a table id, not "T 1"'],
  ['a sign-out by someone else', 'evaIn', bare(sev.signedOut('eva'), { by: 'staff:jan' }), 'bad-actor', 'by',
    'staff-signed-out: by must be "staff:eva" (the person signing in), not "staff:jan"'],
  ['a sign-out of no one known', 'evaIn', sev.signedOut('ghost'), 'unknown-staff', 'staffId',
    'there is no staff member "ghost" on this terminal'],
  // Not in fold.test.ts: the rest of the shape checks.
  ['by a number', 'staffed', bare(sev.disabled('eva'), { by: 5 }), 'bad-actor', 'by', 'staff-disabled: "by" must be "system" or "staff:<id>", not 5'],
  ['a time written as a list (its text is a time)', 'staffed', bare(sev.disabled('eva'), { at: [at()] }), 'bad-time', 'at',
    'staff-disabled: "at" must be an ISO 8601 time with a zone, not ["2025-03-01T20:00:00.000Z"]'],
  ['not-allowed when the person is disabled', 'evaDisabled', sev.failed('eva', 'not-allowed', 0), 'bad-event', 'reason',
    'staff-sign-in-failed: the sign-in of eva was not refused not-allowed (staff-disabled)'],
  ['a PIN hash with a numeric algorithm', 'staffed', bare(sev.added('ann', ['dealer']), { pin: { ...HASH, algorithm: 42 } }), 'bad-pin-hash', 'pin.algorithm',
    'pin.algorithm must name the algorithm, not 42'],
  ['a PIN hash without params', 'staffed', bare(sev.added('ann', ['dealer']), { pin: { ...HASH, params: [32768] } }), 'bad-pin-hash', 'pin.params',
    `pin.params must be the algorithm's parameters, each a whole number from 1`],
  ['a parameter of 1.5', 'staffed', bare(sev.added('ann', ['dealer']), { pin: { ...HASH, params: { N: 1.5 } } }), 'bad-pin-hash', 'pin.params',
    `pin.params must be the algorithm's parameters, each a whole number from 1`],
  ['a parameter as text', 'staffed', bare(sev.added('ann', ['dealer']), { pin: { ...HASH, params: { N: '8' } } }), 'bad-pin-hash', 'pin.params',
    `pin.params must be the algorithm's parameters, each a whole number from 1`],
  ['one bad parameter among good ones', 'staffed', bare(sev.added('ann', ['dealer']), { pin: { ...HASH, params: { N: 1, r: -1 } } }), 'bad-pin-hash', 'pin.params',
    `pin.params must be the algorithm's parameters, each a whole number from 1`],
  ['a salt hex at its end only', 'staffed', bare(sev.added('ann', ['dealer']), { pin: { ...HASH, salt: 'XYab' } }), 'bad-pin-hash', 'pin.salt', 'pin.salt must be lowercase hex'],
  ['a salt hex at its start only', 'staffed', bare(sev.added('ann', ['dealer']), { pin: { ...HASH, salt: 'abXY' } }), 'bad-pin-hash', 'pin.salt', 'pin.salt must be lowercase hex'],
  ['an empty salt', 'staffed', bare(sev.added('ann', ['dealer']), { pin: { ...HASH, salt: '' } }), 'bad-pin-hash', 'pin.salt', 'pin.salt must be lowercase hex'],
  ['an uppercase salt', 'staffed', bare(sev.added('ann', ['dealer']), { pin: { ...HASH, salt: 'AB' } }), 'bad-pin-hash', 'pin.salt', 'pin.salt must be lowercase hex'],
  ['a salt that is a number', 'staffed', bare(sev.added('ann', ['dealer']), { pin: { ...HASH, salt: 12 } }), 'bad-pin-hash', 'pin.salt', 'pin.salt must be lowercase hex'],
  ['a PIN hash that is a list', 'staffed', bare(sev.pinSet('eva'), { pin: [] }), 'bad-pin-hash', 'pin', 'pin must be the stored hash { algorithm, params, salt, hash }'],
  ['the first admin\'s roles as text', 'empty', bare(sev.added('boss', ['admin'], 'system'), { roles: 'admin' }), 'admin-needed', 'roles',
    'the first person added to a terminal is an admin (role admin): he then adds everyone else'],
  ['roles as text', 'staffed', bare(sev.added('ann', ['dealer']), { roles: 'dealer' }), 'bad-role', 'roles',
    'roles must list one or more of dealer, floor, admin, auditor, not "dealer"'],
  ['a name that is not text', 'staffed', bare(sev.added('ann', ['dealer']), { name: 7 }), 'name-needed', 'name',
    `a staff member's name is text of 1-64 characters without spaces around it, not 7`],
  ['a sign-out of a purpose at no table, signed in at one', 'evaIn', sev.signedOut('eva', 'take-box'), 'not-signed-in', 'purpose', 'eva is not signed in for take-box'],
];

describe('applyStaff refuses, naming the person, the value and the field', () => {
  it.each(GUARDS)('%s (from %s)', (_name, state, event, code, path, message) => {
    expect(refusal(staffIn(state), event)).toStrictEqual({ code, message, path });
  });

  it('refuses what is not an event at all', () => {
    for (const x of [null, [], 'staff-added', 3]) {
      expect(refusal(staffed(), x as never)).toStrictEqual({ code: 'bad-event', message: 'a staff event must be an object' });
    }
    expect(refusal(staffed(), { type: 7 } as never)).toStrictEqual({ code: 'unknown-event', message: 'unknown staff event type 7', path: 'type' });
    expect(refusal(staffed(), {} as never)).toStrictEqual({ code: 'unknown-event', message: 'unknown staff event type nothing', path: 'type' });
  });

  it('each handler is the one of its type', () => {
    // A sign-out by system is a handler's own rule (the terminal signs out an idle person):
    // were it handled as another type, it would be refused.
    const s = fold(staffed(), { type: 'staff-signed-out', at: at(1), by: 'system', staffId: 'boss' });
    expect(s.members.get('boss')!.sessions).toEqual([]);
  });
});

describe('what an accepted event leaves', () => {
  it('staff-added: the member as added, no failures, no lockout, no sign-in', () => {
    const s = fold(adminIn(), sev.added('eva', ['dealer', 'floor'], 'staff:boss', 1000, 'Eva Nová'));
    expect(s.members.get('eva')).toStrictEqual({
      id: 'eva', name: 'Eva Nová', roles: ['dealer', 'floor'], pin: HASH, addedAt: at(1000), pinSetAt: at(1000), disabled: null,
      failures: 0, lockedUntil: null, sessions: [],
    });
    // The first admin makes hadAdmin true, and adding anyone after keeps it so.
    expect(fold(initialStaffState, sev.added('boss', ['admin'], 'system')).hadAdmin).toBe(true);
    expect(s.hadAdmin).toBe(true);
    expect(initialStaffState.hadAdmin).toBe(false);
    // The roles are copied: the event's list can change without changing the member.
    const roles: ('dealer' | 'floor')[] = ['dealer'];
    const t = fold(adminIn(), { ...sev.added('ann', ['dealer']), roles } as StaffEvent);
    roles.push('floor');
    expect(t.members.get('ann')!.roles).toEqual(['dealer']);
  });

  it('a name of 64 characters is kept (the longest)', () => {
    const s = fold(adminIn(), sev.added('ann', ['dealer'], 'staff:boss', 0, 'A'.repeat(64)));
    expect(s.members.get('ann')!.name).toHaveLength(64);
  });

  it('a parameter of 1 is kept (the smallest)', () => {
    const pin = { ...HASH, params: { N: 1, r: 1 } };
    const s = fold(adminIn(), { ...sev.added('ann', ['dealer']), pin } as StaffEvent);
    expect(s.members.get('ann')!.pin).toEqual(pin);
  });

  it('staff-disabled: when, by whom and why, his sign-ins ended; no reason is null', () => {
    const before = fold(staffed(), sev.signedIn('jan', 'floor-action'));
    const s = fold(before, sev.disabled('jan', 'staff:boss', 2000, 'left the casino'));
    expect(s.members.get('jan')).toStrictEqual({
      ...before.members.get('jan')!, disabled: { at: at(2000), by: 'staff:boss', reason: 'left the casino' }, sessions: [],
    });
    expect(fold(staffed(), sev.disabled('eva')).members.get('eva')!.disabled).toStrictEqual({ at: at(0), by: 'staff:boss', reason: null });
  });

  it('staff-pin-set: the new hash and when, the count and the lockout cleared', () => {
    const pin = { ...HASH, salt: 'ff' };
    const locked = wrongPins(staffed(), 'eva', 5);
    const s = fold(locked, { ...sev.pinSet('eva', 'staff:boss', 9000), pin } as StaffEvent);
    expect(s.members.get('eva')).toStrictEqual({ ...locked.members.get('eva')!, pin, pinSetAt: at(9000), failures: 0, lockedUntil: null });
  });

  it('staff-signed-in: one session per purpose and table, the count cleared', () => {
    let s = wrongPins(staffed(), 'jan', 2);
    s = fold(s, sev.signedIn('jan', 'take-box', 'T1', 5000));
    expect(s.members.get('jan')).toMatchObject({ failures: 0, lockedUntil: null, sessions: [{ purpose: 'take-box', tableId: 'T1', at: at(5000) }] });
    // Signing in again for the same purpose and table replaces the session (with its new time).
    s = fold(s, sev.signedIn('jan', 'floor-action', undefined, 6000), sev.signedIn('jan', 'take-box', 'T1', 7000));
    expect(s.members.get('jan')!.sessions).toStrictEqual([
      { purpose: 'floor-action', tableId: null, at: at(6000) }, { purpose: 'take-box', tableId: 'T1', at: at(7000) },
    ]);
  });

  it('staff-sign-in-failed: a wrong PIN adds one; another reason changes nothing', () => {
    const s = staffed();
    const one = fold(s, sev.failed('eva', 'wrong-pin', 1));
    expect(one.members.get('eva')).toStrictEqual({ ...s.members.get('eva')!, failures: 1, lockedUntil: null });
    const a = applyStaff(s, sev.failed('eva', 'not-allowed', 0, 'admin'));
    expect(a.ok && a.value).toBe(s);
  });

  it('after a lockout has ended, wrong PINs count again from 1: 1, then 2', () => {
    const locked = wrongPins(staffed(), 'eva', 5);
    const end = 4000 + LOCKOUT_MS;
    const s = fold(locked, sev.failed('eva', 'wrong-pin', 1, 'take-box', end), sev.failed('eva', 'wrong-pin', 2, 'take-box', end + 1000));
    expect(s.members.get('eva')).toMatchObject({ failures: 2, lockedUntil: null });
  });

  it('staff-locked-out: the lockout\'s end', () => {
    const s = fold(staffIn('evaFiveNoLock'), sev.locked('eva', 5, 500));
    expect(s.members.get('eva')).toStrictEqual({ ...staffIn('evaFiveNoLock').members.get('eva')!, lockedUntil: lockoutEnd(at(500)) });
    expect(lockoutEnd(at(500))).toBe(new Date(T0 + 500 + LOCKOUT_MS).toISOString());
  });

  it('staff-signed-out: of one purpose and table, or of all; by the person or by system', () => {
    const s = fold(staffed(), sev.signedIn('jan', 'take-box', 'T1'), sev.signedIn('jan', 'take-box', 'T2'), sev.signedIn('jan', 'floor-action'));
    const one = fold(s, sev.signedOut('jan', 'take-box', 'T1'));
    expect(one.members.get('jan')!.sessions.map((x) => `${x.purpose}@${x.tableId}`)).toEqual(['take-box@T2', 'floor-action@null']);
    const floor = fold(s, sev.signedOut('jan', 'floor-action'));
    expect(floor.members.get('jan')!.sessions.map((x) => `${x.purpose}@${x.tableId}`)).toEqual(['take-box@T1', 'take-box@T2']);
    const all = fold(s, { type: 'staff-signed-out', at: at(1), by: 'system', staffId: 'jan' });
    expect(all.members.get('jan')!.sessions).toEqual([]);
    expect(all.members.get('eva')).toBe(s.members.get('eva'));
  });
});

describe('replayStaff', () => {
  const log = [sev.added('boss', ['admin'], 'system'), sev.signedIn('boss', 'admin'), sev.added('eva', ['dealer'])];

  it('folds from no staff, or from a state given', () => {
    const r = replayStaff(log);
    expect(r.ok && [...r.value.members.keys()]).toEqual(['boss', 'eva']);
    const from = replayStaff([sev.added('jan', ['floor'])], r.ok ? r.value : initialStaffState);
    expect(from.ok && [...from.value.members.keys()]).toEqual(['boss', 'eva', 'jan']);
    expect(replayStaff([])).toStrictEqual({ ok: true, value: initialStaffState });
  });

  it('names the position and type of the first event refused, with its reason', () => {
    expect(replayStaff([...log, sev.added('eva', ['dealer']), sev.added('eva', ['dealer'])])).toStrictEqual({
      ok: false, error: { code: 'staff-exists', message: 'staff event 4 (staff-added): there is already a staff member eva (EVA)', path: 'events[3]' },
    });
    expect(replayStaff([null as never])).toStrictEqual({
      ok: false, error: { code: 'bad-event', message: 'staff event 1 (undefined): a staff event must be an object', path: 'events[0]' },
    });
  });

  it('the staff log id is @staff, which no table id can be', () => {
    // Stored with every staff event: changing it would leave the stored staff log unread.
    expect(STAFF_LOG_ID).toBe('@staff');
  });
});

describe('decideSignIn and the fold agree', () => {
  it('every event a decision records is accepted by the fold', () => {
    let s = staffed();
    for (let i = 0; i < 7; i++) {
      const d = decideSignIn(s, { staffId: 'eva', purpose: 'take-box', tableId: 'T1', at: at(i * 1000) }, () => false);
      s = fold(s, ...d.events);
    }
    expect(s.members.get('eva')).toMatchObject({ failures: 5, lockedUntil: lockoutEnd(at(4000)) });
  });
});
