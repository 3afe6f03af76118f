// decideSignIn (app/domain/staff/sign-in.ts) word by word: what each refusal says (the person,
// the count, how many more lock him out, until when), the events it records field by field
// (a table only when one is given), and when the PIN is compared (once, with the stored hash,
// only when it is the question). docs/terminal.md, "Lockout": five wrong PINs in a row lock
// the person for 15 minutes from the fifth.
import { describe, expect, it } from 'vitest';
import { LOCKOUT_FAILURES, decideSignIn, type PinHash, type SignInAttempt, type StaffState } from '../../../../app/domain/staff';
import { HASH, at, fold, sev, staffed, wrongPins } from './support';

/** The decision, and the hashes the PIN was compared with. */
function decide(s: StaffState, a: SignInAttempt, right: boolean) {
  const asked: PinHash[] = [];
  const d = decideSignIn(s, a, (stored) => {
    asked.push(stored);
    return right;
  });
  return { ...d, asked };
}
const box = (t: number): SignInAttempt => ({ staffId: 'eva', purpose: 'take-box', tableId: 'T1', at: at(t) });

describe('wrong PINs: the count, what is left, the lockout', () => {
  it('1 to 4 in a row say how many more lock him out ("locks" for the last one)', () => {
    let s = staffed();
    const left = ['4 more lock', '3 more lock', '2 more lock', '1 more locks'];
    for (let n = 1; n <= LOCKOUT_FAILURES - 1; n++) {
      const d = decide(s, box(n * 1000), false);
      expect(d.asked).toEqual([HASH]);
      expect(d.result).toStrictEqual({
        ok: false, error: { code: 'wrong-pin', message: `wrong PIN for eva (${n} in a row; ${left[n - 1]} eva out for 15 minutes)`, path: 'pin' },
      });
      expect(d.events).toStrictEqual([{ type: 'staff-sign-in-failed', at: at(n * 1000), by: 'staff:eva', staffId: 'eva', purpose: 'take-box', tableId: 'T1', reason: 'wrong-pin', failures: n }]);
      s = fold(s, ...d.events);
    }
  });

  it('the fifth records the lockout, by system, until 15 minutes after it', () => {
    const d = decide(wrongPins(staffed(), 'eva', 4, 1000), box(5000), false);
    expect(d.result).toStrictEqual({
      ok: false, error: { code: 'wrong-pin', message: 'wrong PIN for eva, 5 in a row: eva is locked out until 2025-03-01T20:15:05.000Z', path: 'pin' },
    });
    expect(d.events).toStrictEqual([
      { type: 'staff-sign-in-failed', at: at(5000), by: 'staff:eva', staffId: 'eva', purpose: 'take-box', tableId: 'T1', reason: 'wrong-pin', failures: 5 },
      { type: 'staff-locked-out', at: at(5000), by: 'system', staffId: 'eva', failures: 5, until: '2025-03-01T20:15:05.000Z' },
    ]);
  });

  it('while locked out: refused naming until when and why, recorded with the count, the PIN not compared', () => {
    const d = decide(wrongPins(staffed(), 'eva', 5, 1000), box(6000), true);
    expect(d.asked).toEqual([]);
    expect(d.result).toStrictEqual({
      ok: false, error: { code: 'locked-out', message: 'eva is locked out until 2025-03-01T20:15:05.000Z after 5 wrong PINs in a row', path: 'staffId' },
    });
    expect(d.events).toStrictEqual([{ type: 'staff-sign-in-failed', at: at(6000), by: 'staff:eva', staffId: 'eva', purpose: 'take-box', tableId: 'T1', reason: 'locked-out', failures: 5 }]);
  });
});

describe('refused before the PIN, and recorded', () => {
  it('a disabled person, with his count', () => {
    const s = fold(wrongPins(staffed(), 'eva', 2), sev.disabled('eva'));
    const d = decide(s, box(9000), true);
    expect(d.asked).toEqual([]);
    expect(d.result).toStrictEqual({ ok: false, error: { code: 'staff-disabled', message: 'eva (EVA) is disabled and cannot sign in', path: 'staffId' } });
    expect(d.events).toStrictEqual([{ type: 'staff-sign-in-failed', at: at(9000), by: 'staff:eva', staffId: 'eva', purpose: 'take-box', tableId: 'T1', reason: 'staff-disabled', failures: 2 }]);
  });

  it('a role not held, naming the role and the roles he has; no table given, none recorded', () => {
    const d = decide(staffed(), { staffId: 'jan', purpose: 'admin', at: at(1) }, true);
    expect(d.asked).toEqual([]);
    expect(d.result).toStrictEqual({
      ok: false, error: { code: 'not-allowed', message: 'jan cannot sign in for admin: that needs the admin role, and jan has dealer, floor', path: 'purpose' },
    });
    expect(d.events).toStrictEqual([{ type: 'staff-sign-in-failed', at: at(1), by: 'staff:jan', staffId: 'jan', purpose: 'admin', reason: 'not-allowed', failures: 0 }]);
  });
});

describe('refused with nothing to record', () => {
  it.each<[string, SignInAttempt, { code: string; message: string; path: string }]>([
    ['no such person', { staffId: 'ghost', purpose: 'take-box', tableId: 'T1', at: at() },
      { code: 'unknown-staff', message: 'there is no staff member "ghost" on this terminal', path: 'staffId' }],
    ['not a staff id', { staffId: 'e v', purpose: 'take-box', tableId: 'T1', at: at() },
      { code: 'bad-staff-id', message: 'a staff id is 1-32 letters, digits, "_", "." or "-", not "e v"', path: 'staffId' }],
    ['an unknown purpose', { staffId: 'eva', purpose: 'lunch' as never, at: at() },
      { code: 'bad-purpose', message: 'purpose must be one of take-box, floor-action, admin, audit, not "lunch"', path: 'purpose' }],
    ['the box at no table', { staffId: 'eva', purpose: 'take-box', at: at() },
      { code: 'table-needed', message: 'taking the box is at a table: the table id is needed', path: 'tableId' }],
    ['a table id no table has', { staffId: 'eva', purpose: 'take-box', tableId: '@staff', at: at() },
      { code: 'bad-table', message: 'tableId must be a table id (letters, digits, "_", "."), not "@staff"', path: 'tableId' }],
    ['a bad table id for another purpose too', { staffId: 'jan', purpose: 'floor-action', tableId: 'T 1', at: at() },
      { code: 'bad-table', message: 'tableId must be a table id (letters, digits, "_", "."), not "T 1"', path: 'tableId' }],
    ['a time that is none', { staffId: 'eva', purpose: 'take-box', tableId: 'T1', at: 'now' },
      { code: 'bad-time', message: '"at" must be an ISO 8601 time with a zone, not "now"', path: 'at' }],
  ])('%s', (_why, a, error) => {
    const d = decide(staffed(), a, true);
    expect(d.result).toStrictEqual({ ok: false, error });
    expect(d.events).toStrictEqual([]);
    expect(d.asked).toEqual([]);
  });
});

describe('the right PIN', () => {
  it('signs in: the event, at a table only when one is given, and the person', () => {
    const s = wrongPins(staffed(), 'jan', 3);
    const d = decide(s, { staffId: 'jan', purpose: 'floor-action', at: at(7) }, true);
    expect(d.asked).toEqual([HASH]);
    expect(d.events).toStrictEqual([{ type: 'staff-signed-in', at: at(7), by: 'staff:jan', staffId: 'jan', purpose: 'floor-action' }]);
    expect(d.result).toStrictEqual({ ok: true, value: s.members.get('jan') });
    const t = decide(s, { staffId: 'jan', purpose: 'floor-action', tableId: 'T2', at: at(7) }, true);
    expect(t.events).toStrictEqual([{ type: 'staff-signed-in', at: at(7), by: 'staff:jan', staffId: 'jan', purpose: 'floor-action', tableId: 'T2' }]);
  });
});
