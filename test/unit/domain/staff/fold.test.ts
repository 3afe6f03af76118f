// The staff fold: every guard, table-driven (the event is refused with its code and the state
// given is left as it was), then the lockout rule, the first-admin rule, roles and sign-ins.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LOCKOUT_FAILURES, LOCKOUT_MS, STAFF_EVENT_TYPES, STAFF_LOG_ID, applyStaff, checkRole, checkSignedIn, decideSignIn, hasActiveAdmin,
  isSignedIn, isoToMs, lockedUntil, mayDo, msToIso, replayStaff,
  type StaffEvent, type StaffState,
} from '../../../../app/domain/staff';
import { isTableId } from '../../../../app/domain/table';
import { HASH, T0, adminIn, at, bare, fold, staffIn, without, type StateName, refusedCode, sev, staffed, wrongPins } from './support';


const GUARDS: [string, StateName, StaffEvent, string][] = [
  // The envelope
  ['an unknown type', 'staffed', bare(sev.disabled('eva'), { type: 'staff-promoted' }), 'unknown-event'],
  ['a time that is not ISO', 'staffed', bare(sev.disabled('eva'), { at: 'yesterday' }), 'bad-time'],
  ['a day that does not exist', 'staffed', bare(sev.disabled('eva'), { at: '2025-02-30T10:00:00Z' }), 'bad-time'],
  ['by a dealer', 'staffed', bare(sev.disabled('eva'), { by: 'dealer' }), 'bad-actor'],
  ['by "staff:" with no id', 'staffed', bare(sev.disabled('eva'), { by: 'staff:' }), 'bad-actor'],
  // staff-added: who may add
  ['the first person, not an admin', 'empty', sev.added('eva', ['dealer'], 'system'), 'admin-needed'],
  ['a second add by system', 'firstAdminOut', sev.added('eva', ['dealer'], 'system'), 'admin-needed'],
  ['a second admin by system', 'staffed', sev.added('ann', ['admin'], 'system'), 'admin-needed'],
  ['an admin not signed in for admin', 'firstAdminOut', sev.added('eva', ['dealer']), 'not-allowed'],
  ['a dealer adding staff', 'staffed', sev.added('ann', ['dealer'], 'staff:eva'), 'not-allowed'],
  ['an unknown admin', 'staffed', sev.added('ann', ['dealer'], 'staff:ghost'), 'unknown-staff'],
  // staff-added: the person
  ['an id taken', 'staffed', sev.added('eva', ['floor']), 'staff-exists'],
  ['an id with a space', 'staffed', sev.added('an na', ['dealer']), 'bad-staff-id'],
  ['an id starting with "-"', 'staffed', sev.added('-ann', ['dealer']), 'bad-staff-id'],
  ['an id of 33 characters', 'staffed', sev.added('a'.repeat(33), ['dealer']), 'bad-staff-id'],
  ['a name with a space around it', 'staffed', sev.added('ann', ['dealer'], 'staff:boss', 0, ' Ann'), 'name-needed'],
  ['an empty name', 'staffed', sev.added('ann', ['dealer'], 'staff:boss', 0, ''), 'name-needed'],
  ['a name of 65 characters', 'staffed', sev.added('ann', ['dealer'], 'staff:boss', 0, 'A'.repeat(65)), 'name-needed'],
  ['no role', 'staffed', sev.added('ann', []), 'bad-role'],
  ['an unknown role', 'staffed', bare(sev.added('ann', ['dealer']), { roles: ['boss'] }), 'bad-role'],
  ['a role twice', 'staffed', sev.added('ann', ['dealer', 'dealer']), 'bad-role'],
  ['no PIN hash', 'staffed', without(sev.added('ann', ['dealer']), 'pin'), 'bad-pin-hash'],
  ['a salt that is not hex', 'staffed', bare(sev.added('ann', ['dealer']), { pin: { ...HASH, salt: 'XYZ' } }), 'bad-pin-hash'],
  ['a parameter of 0', 'staffed', bare(sev.added('ann', ['dealer']), { pin: { ...HASH, params: { N: 0 } } }), 'bad-pin-hash'],
  ['no algorithm', 'staffed', bare(sev.added('ann', ['dealer']), { pin: { ...HASH, algorithm: '' } }), 'bad-pin-hash'],
  // staff-disabled
  ['disabling by system', 'staffed', sev.disabled('eva', 'system'), 'admin-needed'],
  ['disabling by a floor manager', 'staffed', sev.disabled('eva', 'staff:jan'), 'not-allowed'],
  ['disabling by an auditor', 'staffed', sev.disabled('eva', 'staff:aud'), 'not-allowed'],
  ['disabling by an admin signed out', 'adminOut', sev.disabled('eva'), 'not-allowed'],
  ['a PIN set by an admin signed out', 'adminOut', sev.pinSet('eva'), 'not-allowed'],
  ['an admin disabling himself', 'staffed', sev.disabled('boss'), 'not-allowed'],
  ['disabling no one known', 'staffed', sev.disabled('ghost'), 'unknown-staff'],
  ['disabling twice', 'evaDisabled', sev.disabled('eva'), 'already-disabled'],
  ['a blank reason', 'staffed', sev.disabled('eva', 'staff:boss', 0, ' '), 'bad-event'],
  // staff-pin-set
  ['a PIN set by system', 'staffed', sev.pinSet('eva', 'system'), 'admin-needed'],
  ['a PIN set by the person himself (a dealer)', 'staffed', sev.pinSet('eva', 'staff:eva'), 'not-allowed'],
  ['a PIN for no one known', 'staffed', sev.pinSet('ghost'), 'unknown-staff'],
  ['a PIN for a disabled person', 'evaDisabled', sev.pinSet('eva'), 'staff-disabled'],
  ['a PIN hash of the wrong shape', 'staffed', bare(sev.pinSet('eva'), { pin: { ...HASH, hash: 42 } }), 'bad-pin-hash'],
  // staff-signed-in
  ['a sign-in recorded by someone else', 'staffed', bare(sev.signedIn('eva', 'take-box', 'T1'), { by: 'staff:boss' }), 'bad-actor'],
  ['a sign-in of no one known', 'staffed', sev.signedIn('ghost', 'take-box', 'T1'), 'unknown-staff'],
  ['a sign-in for an unknown purpose', 'staffed', bare(sev.signedIn('eva', 'take-box', 'T1'), { purpose: 'lunch' }), 'bad-purpose'],
  ['taking the box at no table', 'staffed', sev.signedIn('eva', 'take-box'), 'table-needed'],
  ['a table id that no table can have', 'staffed', sev.signedIn('eva', 'take-box', STAFF_LOG_ID), 'bad-table'],
  ['a disabled person signing in', 'evaDisabled', sev.signedIn('eva', 'take-box', 'T1'), 'staff-disabled'],
  ['a locked-out person signing in', 'evaLocked', sev.signedIn('eva', 'take-box', 'T1', 5000), 'locked-out'],
  ['a dealer signing in for floor-action', 'staffed', sev.signedIn('eva', 'floor-action'), 'not-allowed'],
  ['an auditor taking the box', 'staffed', sev.signedIn('aud', 'take-box', 'T1'), 'not-allowed'],
  ['a floor manager signing in for admin', 'staffed', sev.signedIn('jan', 'admin'), 'not-allowed'],
  // staff-sign-in-failed
  ['an unknown reason', 'staffed', bare(sev.failed('eva', 'wrong-pin', 1), { reason: 'typo' }), 'bad-event'],
  ['a wrong PIN of a disabled person', 'evaDisabled', sev.failed('eva', 'wrong-pin', 1), 'bad-event'],
  ['a wrong PIN while locked out', 'evaLocked', sev.failed('eva', 'wrong-pin', 6, 'take-box', 5000), 'bad-event'],
  ['a wrong PIN for a purpose without the role', 'staffed', sev.failed('eva', 'wrong-pin', 1, 'admin'), 'bad-event'],
  ['locked-out when not locked out', 'staffed', sev.failed('eva', 'locked-out', 0), 'bad-event'],
  ['staff-disabled when not disabled', 'staffed', sev.failed('eva', 'staff-disabled', 0), 'bad-event'],
  ['not-allowed when the role is held', 'staffed', sev.failed('eva', 'not-allowed', 0), 'bad-event'],
  ['a count that skips', 'evaFour', sev.failed('eva', 'wrong-pin', 6, 'take-box', 5000), 'bad-event'],
  ['a count that is not kept', 'staffed', sev.failed('eva', 'wrong-pin', 0), 'bad-event'],
  ['a sixth wrong PIN with no lockout', 'evaFiveNoLock', sev.failed('eva', 'wrong-pin', 6), 'lockout-missing'],
  ['a failure by someone else', 'staffed', bare(sev.failed('eva', 'wrong-pin', 1), { by: 'system' }), 'bad-actor'],
  // staff-locked-out
  ['a lockout after 4', 'evaFour', sev.locked('eva', 4, 4000), 'bad-event'],
  ['a lockout while locked out', 'evaLocked', sev.locked('eva', 5, 5000), 'locked-out'],
  ['a lockout with the wrong count', 'evaFiveNoLock', sev.locked('eva', 4), 'bad-event'],
  ['a lockout of the wrong length', 'evaFiveNoLock', bare(sev.locked('eva'), { until: at(60_000) }), 'bad-event'],
  ['a lockout by an admin', 'evaFiveNoLock', bare(sev.locked('eva'), { by: 'staff:boss' }), 'bad-actor'],
  ['a lockout of no one known', 'evaFiveNoLock', sev.locked('ghost'), 'unknown-staff'],
  // staff-signed-out
  ['a sign-out of someone not signed in', 'staffed', sev.signedOut('eva'), 'not-signed-in'],
  ['a sign-out of a purpose not signed in for', 'evaIn', sev.signedOut('eva', 'take-box', 'T2'), 'not-signed-in'],
  ['a sign-out naming a table but no purpose', 'evaIn', sev.signedOut('eva', undefined, 'T1'), 'bad-event'],
  ['a sign-out of an unknown purpose', 'evaIn', bare(sev.signedOut('eva', 'take-box', 'T1'), { purpose: 'lunch' }), 'bad-purpose'],
  ['a sign-out at a bad table id', 'evaIn', sev.signedOut('eva', 'take-box', 'T 1'), 'bad-table'],
  ['a sign-out by someone else', 'evaIn', bare(sev.signedOut('eva'), { by: 'staff:jan' }), 'bad-actor'],
  ['a sign-out of no one known', 'evaIn', sev.signedOut('ghost'), 'unknown-staff'],
];

describe('applyStaff refuses, changing nothing', () => {
  it.each(GUARDS)('%s (from %s)', (_name, state, event, code) => {
    expect(refusedCode(staffIn(state), event)).toBe(code);
  });

  it('covers every event type', () => {
    const types = new Set(GUARDS.map(([, , e]) => e.type));
    for (const t of STAFF_EVENT_TYPES) expect(types.has(t), t).toBe(true);
  });

  it('names the field at fault and the role needed', () => {
    const r = applyStaff(staffed(), sev.signedIn('eva', 'floor-action'));
    expect(r.ok ? null : r.error).toMatchObject({ code: 'not-allowed', path: 'purpose' });
    expect(r.ok ? '' : r.error.message).toContain('needs the floor role');
    const d = applyStaff(staffed(), sev.added('eva', ['floor']));
    expect(d.ok ? null : d.error.path).toBe('staffId');
  });

  it('each guard state accepts a good event (the refusals are the guards, not a broken state)', () => {
    expect(refusedCode(staffIn('empty'), sev.added('boss', ['admin'], 'system'))).toBe('accepted');
    expect(refusedCode(staffIn('staffed'), sev.added('ann', ['dealer']))).toBe('accepted');
    expect(refusedCode(staffIn('staffed'), sev.disabled('eva', 'staff:boss', 0, 'left the casino'))).toBe('accepted');
    expect(refusedCode(staffIn('staffed'), sev.pinSet('eva'))).toBe('accepted');
    expect(refusedCode(staffIn('staffed'), sev.signedIn('eva', 'take-box', 'T1'))).toBe('accepted');
    expect(refusedCode(staffIn('evaFour'), sev.failed('eva', 'wrong-pin', 5, 'take-box', 5000))).toBe('accepted');
    expect(refusedCode(staffIn('evaFiveNoLock'), sev.locked('eva'))).toBe('accepted');
    expect(refusedCode(staffIn('evaIn'), sev.signedOut('eva', 'take-box', 'T1'))).toBe('accepted');
    expect(refusedCode(staffIn('evaLocked'), sev.failed('eva', 'locked-out', 5, 'take-box', 5000))).toBe('accepted');
    expect(refusedCode(staffIn('evaDisabled'), sev.failed('eva', 'staff-disabled', 0))).toBe('accepted');
    expect(refusedCode(staffIn('staffed'), sev.failed('eva', 'not-allowed', 0, 'admin'))).toBe('accepted');
  });
});

describe('the lockout rule', () => {
  const attempt = (s: StaffState, t: number, right: boolean) => {
    let asked = 0;
    const d = decideSignIn(s, { staffId: 'eva', purpose: 'take-box', tableId: 'T1', at: at(t) }, () => {
      asked++;
      return right;
    });
    return { d, asked, state: fold(s, ...d.events) };
  };

  it(`locks after ${LOCKOUT_FAILURES} wrong PINs in a row, for 15 minutes from the last`, () => {
    expect(LOCKOUT_FAILURES).toBe(5);
    expect(LOCKOUT_MS).toBe(15 * 60_000);
    let s = staffed();
    for (let n = 1; n <= 4; n++) {
      const a = attempt(s, n * 1000, false);
      expect(a.d.result.ok ? '' : a.d.result.error.code).toBe('wrong-pin');
      expect(a.d.events).toEqual([sev.failed('eva', 'wrong-pin', n, 'take-box', n * 1000)]);
      expect(lockedUntil(a.state.members.get('eva')!, at(n * 1000))).toBeNull();
      s = a.state;
    }
    const fifth = attempt(s, 5000, false);
    expect(fifth.d.result.ok ? '' : fifth.d.result.error.code).toBe('wrong-pin');
    expect(fifth.d.events).toEqual([sev.failed('eva', 'wrong-pin', 5, 'take-box', 5000), sev.locked('eva', 5, 5000)]);
    expect((fifth.d.events[1] as { until: string }).until).toBe(msToIso(T0 + 5000 + 15 * 60_000));
    expect(fifth.d.result.ok ? '' : fifth.d.result.error.message).toContain(`locked out until ${msToIso(T0 + 5000 + LOCKOUT_MS)}`);
    s = fifth.state;

    // Locked: even the right PIN is refused, and it is not even compared; the try is recorded.
    const locked = attempt(s, 5000 + LOCKOUT_MS - 1, true);
    expect(locked.asked).toBe(0);
    expect(locked.d.result.ok ? '' : locked.d.result.error.code).toBe('locked-out');
    expect(locked.d.result.ok ? '' : locked.d.result.error.message).toContain(`until ${at(5000 + LOCKOUT_MS)}`);
    expect(locked.d.events).toEqual([sev.failed('eva', 'locked-out', 5, 'take-box', 5000 + LOCKOUT_MS - 1)]);

    // At the end of the lockout the right PIN signs in.
    const after = attempt(locked.state, 5000 + LOCKOUT_MS, true);
    expect(after.asked).toBe(1);
    expect(after.d.result.ok).toBe(true);
    expect(isSignedIn(after.state, 'eva', 'take-box', 'T1')).toBe(true);
  });

  it('after a lockout ends, the count starts again from 0', () => {
    const s = wrongPins(staffed(), 'eva', 5);
    const next = attempt(s, 4000 + LOCKOUT_MS, false);
    expect(next.d.events).toEqual([sev.failed('eva', 'wrong-pin', 1, 'take-box', 4000 + LOCKOUT_MS)]);
    expect(lockedUntil(next.state.members.get('eva')!, at(4000 + LOCKOUT_MS))).toBeNull();
  });

  it('a sign-in resets the count: 4 wrong, 1 right, 4 wrong is no lockout', () => {
    let s = wrongPins(staffed(), 'eva', 4);
    s = attempt(s, 10_000, true).state;
    expect(s.members.get('eva')!.failures).toBe(0);
    s = wrongPins(s, 'eva', 4, 20_000);
    expect(s.members.get('eva')!.failures).toBe(4);
    expect(lockedUntil(s.members.get('eva')!, at(30_000))).toBeNull();
    expect(attempt(s, 30_000, true).d.result.ok).toBe(true);
  });

  it('a new PIN ends a lockout', () => {
    const s = fold(wrongPins(staffed(), 'eva', 5), sev.pinSet('eva', 'staff:boss', 10_000));
    expect(s.members.get('eva')).toMatchObject({ failures: 0, lockedUntil: null });
    expect(attempt(s, 11_000, true).d.result.ok).toBe(true);
  });

  it('a disabled person cannot sign in; the try is recorded; his PIN is not compared', () => {
    const a = attempt(fold(staffed(), sev.disabled('eva')), 1000, true);
    expect(a.asked).toBe(0);
    expect(a.d.result.ok ? '' : a.d.result.error.code).toBe('staff-disabled');
    expect(a.d.events).toEqual([sev.failed('eva', 'staff-disabled', 0, 'take-box', 1000)]);
  });

  it('unknown people, bad purposes and missing tables are refused with nothing to record', () => {
    const s = staffed();
    const cases: [Parameters<typeof decideSignIn>[1], string][] = [
      [{ staffId: 'ghost', purpose: 'take-box', tableId: 'T1', at: at() }, 'unknown-staff'],
      [{ staffId: 'eva', purpose: 'lunch' as never, at: at() }, 'bad-purpose'],
      [{ staffId: 'eva', purpose: 'take-box', at: at() }, 'table-needed'],
      [{ staffId: 'eva', purpose: 'take-box', tableId: '@staff', at: at() }, 'bad-table'],
      [{ staffId: 'eva', purpose: 'take-box', tableId: 'T1', at: 'now' }, 'bad-time'],
    ];
    for (const [a, code] of cases) {
      const d = decideSignIn(s, a, () => true);
      expect(d.result.ok ? 'accepted' : d.result.error.code).toBe(code);
      expect(d.events).toEqual([]);
    }
  });

  it('a role not held is refused naming the role, recorded, the PIN not compared', () => {
    let asked = 0;
    const d = decideSignIn(staffed(), { staffId: 'eva', purpose: 'admin', at: at() }, () => {
      asked++;
      return true;
    });
    expect(asked).toBe(0);
    expect(d.result.ok ? null : d.result.error).toMatchObject({ code: 'not-allowed' });
    expect(d.result.ok ? '' : d.result.error.message).toContain('needs the admin role');
    expect(d.events).toEqual([sev.failed('eva', 'not-allowed', 0, 'admin')]);
  });
});

describe('the first admin, roles and sign-ins', () => {
  it('only the first admin of a terminal is added by system, never again', () => {
    const two = fold(adminIn(), sev.added('ann', ['admin']), sev.signedIn('ann', 'admin'), sev.disabled('boss', 'staff:ann'));
    expect(hasActiveAdmin(two)).toBe(true);
    expect(refusedCode(two, sev.added('new', ['admin'], 'system'))).toBe('admin-needed');
    expect(two.hadAdmin).toBe(true);
  });

  it('a person may hold several roles; mayDo answers per role', () => {
    const s = staffed();
    const table: [string, Record<string, boolean>][] = [
      ['boss', { dealer: false, floor: true, admin: true, auditor: false }],
      ['eva', { dealer: true, floor: false, admin: false, auditor: false }],
      ['jan', { dealer: true, floor: true, admin: false, auditor: false }],
      ['aud', { dealer: false, floor: false, admin: false, auditor: true }],
      ['ghost', { dealer: false, floor: false, admin: false, auditor: false }],
    ];
    for (const [id, roles] of table) {
      for (const [role, may] of Object.entries(roles)) expect(mayDo(s, id, role as never), `${id} ${role}`).toBe(may);
    }
    expect(checkRole(s, 'eva', 'floor')).toMatchObject({ ok: false, error: { code: 'not-allowed' } });
    expect(checkRole(s, 'ghost', 'floor')).toMatchObject({ ok: false, error: { code: 'unknown-staff' } });
  });

  it('a disabled person may do nothing and his sign-ins end', () => {
    const s = fold(staffed(), sev.signedIn('jan', 'floor-action'), sev.disabled('jan'));
    expect(mayDo(s, 'jan', 'floor')).toBe(false);
    expect(checkRole(s, 'jan', 'floor')).toMatchObject({ ok: false, error: { code: 'staff-disabled' } });
    expect(s.members.get('jan')!.sessions).toEqual([]);
  });

  it('sign-ins are per purpose and table; a sign-out ends one, or all', () => {
    let s = fold(staffed(), sev.signedIn('jan', 'take-box', 'T1'), sev.signedIn('jan', 'floor-action'), sev.signedIn('jan', 'take-box', 'T1', 5));
    expect(s.members.get('jan')!.sessions).toHaveLength(2);
    expect(isSignedIn(s, 'jan', 'take-box', 'T1')).toBe(true);
    expect(isSignedIn(s, 'jan', 'take-box', 'T2')).toBe(false);
    expect(checkSignedIn(s, 'jan', 'take-box', 'T2')).toMatchObject({ ok: false, error: { code: 'not-signed-in' } });
    s = fold(s, sev.signedOut('jan', 'take-box', 'T1'));
    expect(isSignedIn(s, 'jan', 'take-box', 'T1')).toBe(false);
    expect(isSignedIn(s, 'jan', 'floor-action')).toBe(true);
    s = fold(s, sev.signedOut('jan'));
    expect(s.members.get('jan')!.sessions).toEqual([]);
  });

  it('replayStaff folds a log and names the first event that does not apply', () => {
    const log = [sev.added('boss', ['admin'], 'system'), sev.signedIn('boss', 'admin'), sev.added('eva', ['dealer']), sev.added('eva', ['dealer'])];
    expect(replayStaff(log.slice(0, 3)).ok).toBe(true);
    const r = replayStaff(log);
    expect(r.ok ? null : r.error).toMatchObject({ code: 'staff-exists', path: 'events[3]' });
    expect(r.ok ? '' : r.error.message).toMatch(/^staff event 4 \(staff-added\)/);
  });

  it('the staff log id is one no table can have', () => {
    expect(isTableId(STAFF_LOG_ID)).toBe(false);
  });
});

describe('event times without a clock', () => {
  it('isoToMs and msToIso agree with Date over years 1-9999', () => {
    fc.assert(fc.property(fc.integer({ min: -62_135_596_800_000, max: 253_402_300_799_999 }), (ms) => {
      const text = new Date(ms).toISOString();
      expect(msToIso(ms)).toBe(text);
      expect(isoToMs(text)).toBe(ms);
    }), { numRuns: 2000 });
  });

  it('reads zones and refuses times that do not exist', () => {
    expect(isoToMs('2025-03-01T21:00+01:00')).toBe(Date.parse('2025-03-01T20:00:00Z'));
    expect(isoToMs('2025-03-01T20:00:00.123456Z')).toBe(Date.parse('2025-03-01T20:00:00.123Z'));
    for (const bad of ['2025-02-29T00:00Z', '2025-13-01T00:00Z', '2025-03-01T24:00Z', '2025-03-01T20:60Z', '2025-03-01T20:00:60Z', '2025-03-01T20:00+24:00', '2025-03-01']) {
      expect(isoToMs(bad), bad).toBeNull();
    }
    expect(isoToMs('2024-02-29T00:00Z')).toBe(Date.parse('2024-02-29T00:00Z'));
  });
});
