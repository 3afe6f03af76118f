/**
 * Who may send each request (app/terminal/access.ts `admit`), over a real staff log and real
 * screens: the dealer on duty signed in on the screen, a reader signed in, and PINs carried by
 * the request (checked, signed in for the request only, signed out again by `done`). Each
 * refusal is checked by its code, its words and the field it names.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { admit, type AccessContext } from '../../../app/terminal/access';
import type { Screens, Screen } from '../../../app/terminal/screens';
import { StaffService } from '../../../app/services/staff';
import type { Access } from '../../../app/contract/handlers';
import type { Purpose } from '../../../app/domain/staff';
import { STAFF, credentialOf, staffedScreen } from '../../support/staff';

let staff: StaffService;
let screens: Screens;
let screen: Screen;
let onDuty: string | null;
let context: AccessContext;
let close: () => void;

beforeEach(() => {
  ({ staff, screens, screen, close } = staffedScreen('cp-access-'));
  onDuty = null;
  context = { screens, dealerOnDuty: () => onDuty };
});
afterEach(() => close());

const FLOOR_PIN: Access = { kind: 'pin', role: 'floor', keys: ['floor', 'second'] };
const ADMIN_PIN: Access = { kind: 'pin', role: 'admin', keys: ['admin'] };

/** The purposes `staffId` is signed in for at the table (or, for an admin, at the terminal), by the staff log. */
const sessionsOf = (staffId: string): Purpose[] => staff.state.members.get(staffId)!.sessions.map((s) => s.purpose);

function signIn(person: (typeof STAFF)[keyof typeof STAFF], purpose: Purpose): void {
  const r = screens.signIn(screen, credentialOf(person), purpose);
  if (!r.ok) throw new Error(r.error.message);
}

describe('admit: requests anyone may send', () => {
  it('lets in an anyone and a signs-in request with no signers, no dealer', () => {
    for (const access of [{ kind: 'anyone' }, { kind: 'signs-in', role: 'dealer' }] as Access[]) {
      const r = admit('snapshot' as never, access, screen, {}, context);
      expect(r.ok && r.value.caller).toEqual({ screen, signers: {}, dealer: null });
    }
  });
});

describe('admit: the dealer on duty', () => {
  const DEALER: Access = { kind: 'dealer' };

  it('refuses a screen with no dealer signed in, naming the role', () => {
    onDuty = 'eva';
    const r = admit('seatReady', DEALER, screen, {}, context);
    expect(r).toEqual({ ok: false, error: expect.objectContaining({
      code: 'not-allowed', message: 'seatReady needs the dealer on duty signed in on this screen (role dealer): sign in with your staff id and PIN',
    }) });
  });

  it('refuses a dealer signed in here who is not the one on duty, and lets the one on duty in as the caller', () => {
    signIn(STAFF.dealer, 'take-box');
    onDuty = 'jan';
    let r = admit('seatReady', DEALER, screen, {}, context);
    expect(r.ok ? null : [r.error.code, r.error.message]).toEqual([
      'not-allowed', 'seatReady needs the dealer on duty (role dealer): Eva (eva) is signed in here but is not on duty at this table',
    ]);
    onDuty = null;
    expect(admit('seatReady', DEALER, screen, {}, context).ok).toBe(false);
    onDuty = 'eva';
    r = admit('seatReady', DEALER, screen, {}, context);
    expect(r.ok && r.value.caller).toEqual({ screen, signers: {}, dealer: { staffId: 'eva', name: 'Eva' } });
  });

  it('does not take a floor person signed in here for the dealer', () => {
    signIn(STAFF.floor, 'floor-action');
    onDuty = 'jana';
    expect(admit('seatReady', DEALER, screen, {}, context).ok).toBe(false);
  });
});

describe('admit: a reader', () => {
  const READER: Access = { kind: 'reader' };
  const refusal = 'recall needs a floor person or an auditor signed in on this screen (role floor or auditor)';

  it('refuses a screen with nobody, or only the dealer, signed in', () => {
    let r = admit('recall' as never, READER, screen, {}, context);
    expect(r.ok ? null : [r.error.code, r.error.message]).toEqual(['not-allowed', refusal]);
    signIn(STAFF.dealer, 'take-box');
    r = admit('recall' as never, READER, screen, {}, context);
    expect(r.ok ? null : r.error.code).toBe('not-allowed');
  });

  it('lets in a floor person, or an auditor, signed in here', () => {
    signIn(STAFF.auditor, 'audit');
    let r = admit('recall' as never, READER, screen, {}, context);
    expect(r.ok && r.value.caller).toEqual({ screen, signers: {}, dealer: null });
    screens.signOut(screen);
    expect(admit('recall' as never, READER, screen, {}, context).ok).toBe(false);
    signIn(STAFF.floor, 'floor-action');
    r = admit('recall' as never, READER, screen, {}, context);
    expect(r.ok).toBe(true);
  });
});

describe('admit: PINs carried by the request', () => {
  it('signs each person in for the request only: `done` signs them out again', () => {
    const r = admit('voidHand', FLOOR_PIN, screen, { floor: credentialOf(STAFF.floor), second: credentialOf(STAFF.floor2), reason: 'x' }, context);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.caller).toEqual({ screen, signers: { floor: { staffId: 'jana', name: 'Jana Nováková' }, second: { staffId: 'petr', name: 'Petr Dvořák' } }, dealer: null });
    expect([sessionsOf('jana'), sessionsOf('petr')]).toEqual([['floor-action'], ['floor-action']]);
    r.value.done();
    expect([sessionsOf('jana'), sessionsOf('petr')]).toEqual([[], []]);
  });

  it('takes the first key alone when the second is left out, and leaves a person signed in who already was', () => {
    signIn(STAFF.floor, 'floor-action');
    const r = admit('voidHand', FLOOR_PIN, screen, { floor: credentialOf(STAFF.floor), reason: 'x' }, context);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.caller.signers).toEqual({ floor: { staffId: 'jana', name: 'Jana Nováková' } });
    r.value.done();
    expect(sessionsOf('jana')).toEqual(['floor-action']);
  });

  it('refuses the same person twice, naming the second key', () => {
    const r = admit('voidHand', FLOOR_PIN, screen, { floor: credentialOf(STAFF.floor), second: credentialOf(STAFF.floor), reason: 'x' }, context);
    expect(r.ok ? null : r.error).toEqual(expect.objectContaining({
      code: 'same-floor-person', message: 'voidHand: the second floor person must be someone other than jana', path: 'second.staffId',
    }));
    expect(sessionsOf('jana')).toEqual([]);
  });

  it('refuses a request without the first key, and signs out the second it had checked', () => {
    const r = admit('voidHand', FLOOR_PIN, screen, { second: credentialOf(STAFF.floor2), reason: 'x' }, context);
    expect(r.ok ? null : [r.error.code, r.error.message]).toEqual(['not-allowed', "voidHand needs a floor person's staff id and PIN (role floor)"]);
    expect(sessionsOf('petr')).toEqual([]);
  });

  it('refuses a request with no PIN at all as not allowed (not as the same person twice)', () => {
    const r = admit('voidHand', FLOOR_PIN, screen, { reason: 'x' }, context);
    expect(r.ok ? null : [r.error.code, r.error.message]).toEqual(['not-allowed', "voidHand needs a floor person's staff id and PIN (role floor)"]);
  });

  it('refuses a wrong PIN at its field, and signs out whoever was checked before it', () => {
    const r = admit('voidHand', FLOOR_PIN, screen, { floor: credentialOf(STAFF.floor), second: { staffId: 'petr', pin: '000000' }, reason: 'x' }, context);
    expect(r.ok ? null : [r.error.code, r.error.path]).toEqual(['wrong-pin', 'second.pin']);
    expect(sessionsOf('jana')).toEqual([]);
  });

  it("refuses a person without the role, saying which role the request needs, at its field", () => {
    const r = admit('voidHand', FLOOR_PIN, screen, { floor: credentialOf(STAFF.dealer), reason: 'x' }, context);
    if (r.ok) throw new Error('admitted');
    expect([r.error.code, r.error.path]).toEqual(['not-allowed', 'floor.purpose']);
    expect(r.error.message).toMatch(/^voidHand needs the floor role: eva cannot sign in for floor-action/);
    const unknown = admit('voidHand', FLOOR_PIN, screen, { floor: { staffId: 'nobody', pin: '123456' }, reason: 'x' }, context);
    // Any other refusal keeps its own words.
    expect(unknown).toEqual({ ok: false, error: { code: 'unknown-staff', message: 'there is no staff member "nobody" on this terminal', path: 'floor.staffId' } });
  });

  it("checks an admin's PIN for the admin purpose", () => {
    const r = admit('staffAdd' as never, ADMIN_PIN, screen, { admin: credentialOf(STAFF.admin) }, context);
    expect(r.ok && r.value.caller.signers).toEqual({ admin: { staffId: 'ada', name: 'Ada Admin' } });
    const floor = admit('staffAdd' as never, ADMIN_PIN, screen, { admin: credentialOf(STAFF.floor) }, context);
    expect(floor.ok ? null : floor.error.message).toMatch(/^staffAdd needs the admin role: /);
  });
});
