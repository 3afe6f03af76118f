/**
 * The staff service on a real database file: the first-admin rule, changes signed by an admin
 * (in one write with the signature), every refusal (nothing appended, except a failed sign-in,
 * which is recorded), the lockout across a reopen, disabling, new PINs, a failed write.
 */
import crypto from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STAFF_LOG_ID, type StaffEvent } from '../../../app/domain/staff';
import { StaffService, loadStaff } from '../../../app/services/staff';
import { openStore, type Store, type StoredEvent } from '../../../app/services/store';
import { tempFolder } from '../store/temp';
import { expectRefused, must } from './helpers';

const BOSS = { staffId: 'boss', pin: '135790' };

interface StaffRig {
  store: Store;
  staff: StaffService;
  now: number;
  reopen(): void;
  events(): StoredEvent<StaffEvent>[];
  cleanup(): void;
}

function staffRig(): StaffRig {
  const tmp = tempFolder('cp-staff-');
  const path = tmp.file('terminal.db');
  const r: StaffRig = {
    store: undefined as unknown as Store,
    staff: undefined as unknown as StaffService,
    now: Date.parse('2025-03-01T20:00:00.000Z'),
    reopen() {
      if (r.store?.db.open) r.store.close();
      // The clock stands still unless a test moves it: a lockout is timed from the event times.
      r.store = openStore(path, { clock: () => r.now });
      r.staff = must(StaffService.open(r.store));
    },
    events() {
      return r.store.db.prepare('SELECT id, table_id AS tableId, hand_id AS handId, type, recorded_at AS recordedAt, body FROM events ORDER BY id').all()
        .map((row) => ({ ...(row as object), body: JSON.parse((row as { body: string }).body) })) as StoredEvent<StaffEvent>[];
    },
    cleanup() {
      if (r.store.db.open) r.store.close();
      tmp.cleanup();
    },
  };
  r.reopen();
  return r;
}

let r: StaffRig;
beforeEach(() => {
  r = staffRig();
});
afterEach(() => r.cleanup());

/** boss (admin, floor) as the first admin, and eva (dealer) added by him. */
function withStaff(): void {
  must(r.staff.add({ staffId: 'boss', name: 'Boris', roles: ['admin', 'floor'], pin: BOSS.pin }));
  must(r.staff.add({ staffId: 'eva', name: 'Eva', roles: ['dealer'], pin: '246810', admin: BOSS }));
}

const types = () => r.events().map((e) => e.type);

describe('the first admin', () => {
  it('is added with no signature, by system, as a staff event of @staff', () => {
    const v = must(r.staff.add({ staffId: 'boss', name: 'Boris', roles: ['admin'], pin: BOSS.pin }));
    expect(v).toMatchObject({ id: 'boss', name: 'Boris', roles: ['admin'], disabled: null, failures: 0, lockedUntil: null });
    const [e] = r.events();
    expect(e).toMatchObject({ tableId: STAFF_LOG_ID, handId: null, type: 'staff-added', body: { by: 'system', staffId: 'boss' } });
  });

  it('must be an admin', () => {
    expectRefused(r.store, () => r.staff.add({ staffId: 'eva', name: 'Eva', roles: ['dealer'], pin: '246810' }), 'admin-needed');
  });

  it('is the only one added without a signature', () => {
    must(r.staff.add({ staffId: 'boss', name: 'Boris', roles: ['admin'], pin: BOSS.pin }));
    expectRefused(r.store, () => r.staff.add({ staffId: 'ann', name: 'Ann', roles: ['admin'], pin: '246810' }), 'admin-needed');
    r.reopen(); // the rule comes from the log, not from memory
    expectRefused(r.store, () => r.staff.add({ staffId: 'eva', name: 'Eva', roles: ['dealer'], pin: '246810' }), 'admin-needed');
  });
});

describe('a change signed by an admin', () => {
  it('records the sign-in for admin, the change and the sign-out in one write', () => {
    withStaff();
    const evs = r.events();
    expect(evs.map((e) => e.type)).toEqual(['staff-added', 'staff-signed-in', 'staff-added', 'staff-signed-out']);
    expect(evs[1].body).toMatchObject({ by: 'staff:boss', staffId: 'boss', purpose: 'admin' });
    expect(evs[2].body).toMatchObject({ by: 'staff:boss', staffId: 'eva', roles: ['dealer'] });
    expect(new Set(evs.slice(1).map((e) => e.recordedAt)).size).toBe(1);
  });

  it('with the wrong admin PIN: wrong-pin, the failure recorded, the change not made', () => {
    must(r.staff.add({ staffId: 'boss', name: 'Boris', roles: ['admin'], pin: BOSS.pin }));
    const res = r.staff.add({ staffId: 'eva', name: 'Eva', roles: ['dealer'], pin: '246810', admin: { staffId: 'boss', pin: '135791' } });
    expect(res.ok ? null : res.error).toMatchObject({ code: 'wrong-pin', path: 'admin.pin' });
    expect(types()).toEqual(['staff-added', 'staff-sign-in-failed']);
    expect(r.events()[1].body).toMatchObject({ staffId: 'boss', purpose: 'admin', reason: 'wrong-pin', failures: 1 });
    expect(r.staff.view('eva').ok).toBe(false);
  });

  it.each([
    ['a new PIN of 5 digits', () => r.staff.add({ staffId: 'ann', name: 'Ann', roles: ['dealer'], pin: '12345', admin: BOSS }), 'bad-pin'],
    ['an admin PIN of letters', () => r.staff.add({ staffId: 'ann', name: 'Ann', roles: ['dealer'], pin: '123456', admin: { staffId: 'boss', pin: 'abcdef' } }), 'bad-pin'],
    ['an unknown admin', () => r.staff.add({ staffId: 'ann', name: 'Ann', roles: ['dealer'], pin: '123456', admin: { staffId: 'ghost', pin: '123456' } }), 'unknown-staff'],
    ['an id taken (the right admin PIN)', () => r.staff.add({ staffId: 'eva', name: 'Eva', roles: ['dealer'], pin: '123456', admin: BOSS }), 'staff-exists'],
    ['a bad id', () => r.staff.add({ staffId: 'a b', name: 'Ann', roles: ['dealer'], pin: '123456', admin: BOSS }), 'bad-staff-id'],
    ['a bad role', () => r.staff.add({ staffId: 'ann', name: 'Ann', roles: ['boss' as never], pin: '123456', admin: BOSS }), 'bad-role'],
    ['a blank name', () => r.staff.add({ staffId: 'ann', name: ' ', roles: ['dealer'], pin: '123456', admin: BOSS }), 'name-needed'],
    ['no signature', () => r.staff.add({ staffId: 'ann', name: 'Ann', roles: ['dealer'], pin: '123456' }), 'admin-needed'],
    ['an admin disabling himself', () => r.staff.disable({ staffId: 'boss', admin: BOSS }), 'not-allowed'],
    ['disabling no one', () => r.staff.disable({ staffId: 'ghost', admin: BOSS }), 'unknown-staff'],
    ['a new PIN for no one', () => r.staff.setPin({ staffId: 'ghost', pin: '123456', admin: BOSS }), 'unknown-staff'],
  ] as const)('refused, nothing appended: %s', (_name, cmd, code) => {
    withStaff();
    expectRefused(r.store, cmd as () => ReturnType<typeof r.staff.add>, code);
  });

  it('signed by a dealer: not-allowed, recorded as his failed sign-in for admin', () => {
    withStaff();
    const before = r.events().length;
    const res = r.staff.add({ staffId: 'ann', name: 'Ann', roles: ['dealer'], pin: '123456', admin: { staffId: 'eva', pin: '246810' } });
    expect(res.ok ? null : res.error).toMatchObject({ code: 'not-allowed', path: 'admin.purpose' });
    expect(r.events().slice(before).map((e) => [e.type, (e.body as { reason?: string }).reason])).toEqual([['staff-sign-in-failed', 'not-allowed']]);
  });
});

describe('sign-in', () => {
  it('refuses with nothing appended: a PIN not of the form, an unknown person, no table to take the box at', () => {
    withStaff();
    expectRefused(r.store, () => r.staff.signIn({ staffId: 'eva', pin: '2468', purpose: 'take-box', tableId: 'T1' }), 'bad-pin');
    expectRefused(r.store, () => r.staff.signIn({ staffId: 'ghost', pin: '246810', purpose: 'take-box', tableId: 'T1' }), 'unknown-staff');
    expectRefused(r.store, () => r.staff.signIn({ staffId: 'eva', pin: '246810', purpose: 'take-box' }), 'table-needed');
    expectRefused(r.store, () => r.staff.signIn({ staffId: 'eva', pin: '246810', purpose: 'take-box', tableId: '@staff' }), 'bad-table');
  });

  it('records a sign-in with who, when, what for and where', () => {
    withStaff();
    const s = must(r.staff.signIn({ staffId: 'eva', pin: '246810', purpose: 'take-box', tableId: 'T1' }));
    expect(s).toEqual({ staffId: 'eva', purpose: 'take-box', tableId: 'T1', at: '2025-03-01T20:00:00.000Z' });
    expect(r.events().at(-1)).toMatchObject({ tableId: STAFF_LOG_ID, handId: null, type: 'staff-signed-in', body: { by: 'staff:eva', staffId: 'eva', purpose: 'take-box', tableId: 'T1', at: s.at } });
    expect(must(r.staff.view('eva')).signedIn).toEqual([{ purpose: 'take-box', tableId: 'T1', at: s.at }]);
    must(r.staff.signOut({ staffId: 'eva', purpose: 'take-box', tableId: 'T1' }));
    expect(types().at(-1)).toBe('staff-signed-out');
    expectRefused(r.store, () => r.staff.signOut({ staffId: 'eva' }), 'not-signed-in');
  });

  it('spends one PIN comparison whether or not the PIN was the question, so the delay tells no real id from another', () => {
    withStaff();
    must(r.staff.disable({ staffId: 'eva', admin: BOSS }));
    must(r.staff.add({ staffId: 'dana', name: 'Dana', roles: ['dealer'], pin: '135790', admin: BOSS }));
    // The stand-in record is made on first use: made here, outside the count.
    r.staff.signIn({ staffId: 'ghost', pin: '246810', purpose: 'take-box', tableId: 'T1' });
    const scrypt = vi.spyOn(crypto, 'scryptSync');
    try {
      for (const [staffId, pin, code] of [
        ['ghost', '246810', 'unknown-staff'], ['eva', '246810', 'staff-disabled'], ['dana', '135790', null], ['dana', '999999', 'wrong-pin'],
      ] as const) {
        const before = scrypt.mock.calls.length;
        const res = r.staff.signIn({ staffId, pin, purpose: 'take-box', tableId: 'T1' });
        expect(res.ok ? null : res.error.code).toBe(code);
        expect(scrypt.mock.calls.length - before, staffId).toBe(1);
      }
      const before = scrypt.mock.calls.length;
      expect(r.staff.signIn({ staffId: 'dana', pin: '135790', purpose: 'floor-action' })).toMatchObject({ ok: false, error: { code: 'not-allowed' } });
      expect(scrypt.mock.calls.length - before).toBe(1);
    } finally {
      scrypt.mockRestore();
    }
  });

  it('records a role not held as not-allowed, naming the role', () => {
    withStaff();
    const res = r.staff.signIn({ staffId: 'eva', pin: '246810', purpose: 'floor-action' });
    expect(res.ok ? null : res.error.code).toBe('not-allowed');
    expect(res.ok ? '' : res.error.message).toContain('needs the floor role');
    expect(r.events().at(-1)!.body).toMatchObject({ type: 'staff-sign-in-failed', reason: 'not-allowed', purpose: 'floor-action' });
  });

  it('locks after 5 wrong PINs for 15 minutes, across a restart; the right PIN is refused meanwhile', () => {
    withStaff();
    const start = r.now;
    for (let n = 1; n <= 5; n++) {
      r.now += 1000;
      const res = r.staff.signIn({ staffId: 'eva', pin: '999999', purpose: 'take-box', tableId: 'T1' });
      expect(res.ok ? null : res.error.code).toBe('wrong-pin');
    }
    const lockAt = new Date(start + 5000).toISOString();
    const until = new Date(start + 5000 + 15 * 60_000).toISOString();
    expect(types().slice(-6)).toEqual(['staff-sign-in-failed', 'staff-sign-in-failed', 'staff-sign-in-failed', 'staff-sign-in-failed', 'staff-sign-in-failed', 'staff-locked-out']);
    expect(r.events().at(-1)!.body).toEqual({ type: 'staff-locked-out', at: lockAt, by: 'system', staffId: 'eva', failures: 5, until });
    r.reopen();
    r.now = start + 5000 + 15 * 60_000 - 1;
    const locked = r.staff.signIn({ staffId: 'eva', pin: '246810', purpose: 'take-box', tableId: 'T1' });
    expect(locked.ok ? null : locked.error.code).toBe('locked-out');
    expect(locked.ok ? '' : locked.error.message).toContain(`until ${until}`);
    expect(r.events().at(-1)!.body).toMatchObject({ type: 'staff-sign-in-failed', reason: 'locked-out', failures: 5 });
    expect(must(r.staff.view('eva')).lockedUntil).toBe(until);
    r.now += 1;
    must(r.staff.signIn({ staffId: 'eva', pin: '246810', purpose: 'take-box', tableId: 'T1' }));
    expect(must(r.staff.view('eva'))).toMatchObject({ failures: 0, lockedUntil: null });
  });

  it('a disabled person cannot sign in (recorded); a new PIN replaces the old and ends a lockout', () => {
    withStaff();
    must(r.staff.add({ staffId: 'jan', name: 'Jan', roles: ['floor'], pin: '112233', admin: BOSS }));
    for (let n = 0; n < 5; n++) r.staff.signIn({ staffId: 'jan', pin: '000000', purpose: 'floor-action' });
    expect(must(r.staff.view('jan')).lockedUntil).not.toBeNull();
    must(r.staff.setPin({ staffId: 'jan', pin: '445566', admin: BOSS }));
    expect(must(r.staff.view('jan'))).toMatchObject({ failures: 0, lockedUntil: null });
    expect(r.staff.signIn({ staffId: 'jan', pin: '112233', purpose: 'floor-action' })).toMatchObject({ ok: false, error: { code: 'wrong-pin' } });
    must(r.staff.signIn({ staffId: 'jan', pin: '445566', purpose: 'floor-action' }));

    must(r.staff.disable({ staffId: 'eva', reason: 'left the casino', admin: BOSS }));
    expect(must(r.staff.view('eva')).disabled).toMatchObject({ by: 'staff:boss', reason: 'left the casino' });
    const res = r.staff.signIn({ staffId: 'eva', pin: '246810', purpose: 'take-box', tableId: 'T1' });
    expect(res.ok ? null : res.error.code).toBe('staff-disabled');
    expect(r.events().at(-1)!.body).toMatchObject({ type: 'staff-sign-in-failed', reason: 'staff-disabled' });
    expectRefused(r.store, () => r.staff.disable({ staffId: 'eva', admin: BOSS }), 'already-disabled');
    expectRefused(r.store, () => r.staff.setPin({ staffId: 'eva', pin: '123123', admin: BOSS }), 'staff-disabled');
  });

  it('a failed write records nothing and changes nothing in memory (store-failed)', () => {
    withStaff();
    r.store.db.exec("CREATE TEMP TRIGGER no_room BEFORE INSERT ON events BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END");
    expectRefused(r.store, () => r.staff.signIn({ staffId: 'eva', pin: '999999', purpose: 'take-box', tableId: 'T1' }), 'store-failed');
    expect(must(r.staff.view('eva')).failures).toBe(0);
    r.store.db.exec('DROP TRIGGER no_room');
  });
});

describe('loading', () => {
  it('is a replay of the staff events; a log whose staff events do not fold is refused', () => {
    withStaff();
    r.reopen();
    expect(r.staff.list().map((v) => v.id)).toEqual(['boss', 'eva']);
    r.store.write((tx) => tx.append({ tableId: STAFF_LOG_ID, body: { type: 'staff-added', at: tx.at, by: 'system', staffId: 'mallory', name: 'Mallory', roles: ['admin'], pin: { algorithm: 'scrypt', params: { N: 2 }, salt: '00', hash: '00' } } }));
    const loaded = loadStaff(r.store);
    expect(loaded.ok ? null : loaded.error.code).toBe('staff-log-damaged');
    expect(loaded.ok ? '' : loaded.error.message).toMatch(/^the staff events do not fold \(log row 5\): staff event 5 \(staff-added\): .*admin/);
    expect(StaffService.open(r.store).ok).toBe(false);
  });

  it('never shows a PIN hash', () => {
    withStaff();
    const text = JSON.stringify(r.staff.list());
    for (const e of r.events()) {
      const pin = (e.body as { pin?: { salt: string; hash: string } }).pin;
      if (pin) {
        expect(text).not.toContain(pin.hash);
        expect(text).not.toContain(pin.salt);
      }
    }
    expect(text).not.toContain('scrypt');
  });
});
