/**
 * What `app/services/staff.ts` promises that `staff.test.ts` leaves unchecked, on real database
 * files: a log whose staff events do not fold is refused naming the log row (a staff event
 * stored with a hand id; the very first staff event bad); a malformed PIN is refused naming
 * which PIN it was (the new one, the admin's) and the admin's field; a change the fold refuses
 * is refused before the admin's PIN is compared, so a wrong PIN records nothing and answers as
 * the right one does; an admin signed in for admin already stays signed in after a signed
 * change; a sign-in refused with nothing to record writes nothing (it is answered while another
 * connection holds the database's write lock).
 *
 * The staff is the shared test staff (test/support/staff.ts: PINs hashed once per process);
 * every test works on its own copy of that database, set up inside the test.
 */
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { STAFF_LOG_ID } from '../../../app/domain/staff';
import { loadStaff, StaffService, type AdminSignature } from '../../../app/services/staff';
import { openStore, type Store } from '../../../app/services/store';
import { databaseWithStaff, STAFF } from '../../support/staff';
import { tempFolder } from '../store/temp';
import { expectRefused, must } from './helpers';

const ADA: AdminSignature = { staffId: STAFF.admin.staffId, pin: STAFF.admin.pin };
const WRONG: AdminSignature = { staffId: STAFF.admin.staffId, pin: '999999' };
const AT = Date.parse('2026-12-05T03:00:00.000Z');

/** A hash record of the right form (the fold checks the form only; nobody signs in with it). */
const FORM_ONLY_PIN = { algorithm: 'scrypt', params: { N: 2, r: 1, p: 1, keyLength: 32 }, salt: '00', hash: '00' };

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

function folder(): ReturnType<typeof tempFolder> {
  const tmp = tempFolder('cp-staff-mut-');
  cleanups.push(tmp.cleanup);
  return tmp;
}

function keep(store: Store): Store {
  cleanups.push(() => {
    if (store.db.open) store.close();
  });
  return store;
}

/** A store on a copy of the test staff's database, its clock standing at {@link AT}. */
function staffed(options: { busyTimeoutMs?: number } = {}): { path: string; store: Store; staff: StaffService } {
  const path = folder().file('terminal.db');
  databaseWithStaff(path);
  const store = keep(openStore(path, { clock: () => AT, ...options }));
  return { path, store, staff: must(StaffService.open(store)) };
}

/** The staff events' types from row `from` (1-based, log order). */
function typesFrom(store: Store, from: number): string[] {
  return (store.db.prepare('SELECT type FROM events WHERE table_id = ? AND id >= ? ORDER BY id').pluck().all(STAFF_LOG_ID, from) as string[]);
}

function lastRow(store: Store): number {
  return (store.db.prepare('SELECT coalesce(max(id), 0) FROM events').pluck().get() as number);
}

describe('loading refuses a staff log that does not fold, naming the log row', () => {
  it('a staff event stored with a hand id: staff-log-damaged naming the row and the hand id', () => {
    const store = keep(openStore(folder().file('t.db'), { clock: () => AT }));
    store.write((tx) => {
      tx.append({ tableId: 'T1', body: { type: 'table-opened' } });
      tx.append({ tableId: STAFF_LOG_ID, body: { type: 'staff-added', at: tx.at, by: 'system', staffId: 'ada', name: 'Ada', roles: ['admin'], pin: FORM_ONLY_PIN } });
      tx.append({ tableId: STAFF_LOG_ID, handId: 'T1-7', body: { type: 'staff-signed-out', at: tx.at, by: 'system', staffId: 'ada' } });
    });
    const loaded = loadStaff(store);
    expect(loaded.ok ? null : loaded.error).toMatchObject({
      code: 'staff-log-damaged',
      message: 'log row 3: a staff event is stored with a hand id (T1-7)',
    });
    expect(StaffService.open(store).ok).toBe(false);
  });

  it('the first staff event of the log refused by the fold: the message names its log row', () => {
    const store = keep(openStore(folder().file('t.db'), { clock: () => AT }));
    store.write((tx) => {
      tx.append({ tableId: 'T1', body: { type: 'table-opened' } });
      // The first person is not an admin: the fold refuses the very first staff event.
      tx.append({ tableId: STAFF_LOG_ID, body: { type: 'staff-added', at: tx.at, by: 'system', staffId: 'eva', name: 'Eva', roles: ['dealer'], pin: FORM_ONLY_PIN } });
    });
    const loaded = loadStaff(store);
    expect(loaded.ok ? null : loaded.error.code).toBe('staff-log-damaged');
    expect(loaded.ok ? '' : loaded.error.message).toMatch(/^the staff events do not fold \(log row 2\): staff event 1 \(staff-added\): the first person added to a terminal is an admin/);
  });
});

describe('a PIN not of the form is refused naming which PIN it is (never the PIN)', () => {
  it('the new PIN of an added person, of a new PIN, of the first admin', () => {
    const { store, staff } = staffed();
    const msg = 'the new PIN must be 6 to 12 digits (what was given is 5 characters; it is not shown)';
    const add = expectRefused(store, () => staff.add({ staffId: 'ann', name: 'Ann', roles: ['dealer'], pin: '12345', admin: ADA }), 'bad-pin');
    expect(add).toEqual({ code: 'bad-pin', message: msg, path: 'pin' });
    const set = expectRefused(store, () => staff.setPin({ staffId: 'eva', pin: '12345', admin: ADA }), 'bad-pin');
    expect(set).toEqual({ code: 'bad-pin', message: msg, path: 'pin' });

    const fresh = keep(openStore(folder().file('new.db'), { clock: () => AT }));
    const first = expectRefused(fresh, () => must(StaffService.open(fresh)).add({ staffId: 'boss', name: 'Boss', roles: ['admin'], pin: '12345' }), 'bad-pin');
    expect(first.message).toBe(msg);
  });

  it("the admin's PIN of a signature: named as the admin's, the field admin.pin", () => {
    const { store, staff } = staffed();
    const bad = { staffId: ADA.staffId, pin: '2468' };
    const expected = { code: 'bad-pin', message: "the admin's PIN must be 6 to 12 digits (what was given is 4 characters; it is not shown)", path: 'admin.pin' };
    expect(expectRefused(store, () => staff.add({ staffId: 'ann', name: 'Ann', roles: ['dealer'], pin: '123456', admin: bad }), 'bad-pin')).toEqual(expected);
    expect(expectRefused(store, () => staff.disable({ staffId: 'eva', admin: bad }), 'bad-pin')).toEqual(expected);
    expect(expectRefused(store, () => staff.setPin({ staffId: 'eva', pin: '123456', admin: bad }), 'bad-pin')).toEqual(expected);
  });
});

describe('a change the fold refuses is refused before the PIN is compared', () => {
  it('with a wrong admin PIN: the same refusal as with the right one, nothing recorded, no failure counted', () => {
    const { store, staff } = staffed();
    must(staff.disable({ staffId: STAFF.dealer2.staffId, reason: 'left', admin: ADA }));
    const cases = [
      ['staff-exists', (admin: AdminSignature) => staff.add({ staffId: STAFF.dealer.staffId, name: 'Eva Again', roles: ['dealer'], pin: '123456', admin })],
      ['already-disabled', (admin: AdminSignature) => staff.disable({ staffId: STAFF.dealer2.staffId, admin })],
      ['not-allowed', (admin: AdminSignature) => staff.disable({ staffId: ADA.staffId, admin })],
    ] as const;
    for (const [code, change] of cases) {
      const right = expectRefused(store, () => change(ADA), code);
      const wrong = expectRefused(store, () => change(WRONG), code);
      expect(wrong, code).toEqual(right);
    }
    expect(must(staff.view(ADA.staffId)).failures).toBe(0);
  });
});

describe('a signed change by an admin signed in for admin already', () => {
  it('records his sign-in and the change, no sign-out: he stays signed in for admin', () => {
    const { path, store, staff } = staffed();
    must(staff.signIn({ ...ADA, purpose: 'admin' }));
    const from = lastRow(store) + 1;
    must(staff.disable({ staffId: STAFF.dealer.staffId, reason: 'left the casino', admin: ADA }));
    expect(typesFrom(store, from)).toEqual(['staff-signed-in', 'staff-disabled']);
    expect(must(staff.view(ADA.staffId)).signedIn).toEqual([{ purpose: 'admin', tableId: null, at: new Date(AT).toISOString() }]);
    // after a restart too: the log has him signed in
    store.close();
    const again = keep(openStore(path, { clock: () => AT }));
    expect(must(must(StaffService.open(again)).view(ADA.staffId)).signedIn.map((s) => s.purpose)).toEqual(['admin']);
  });

  it('one not signed in for admin is signed out again after the change', () => {
    const { store, staff } = staffed();
    const from = lastRow(store) + 1;
    must(staff.disable({ staffId: STAFF.dealer.staffId, admin: ADA }));
    expect(typesFrom(store, from)).toEqual(['staff-signed-in', 'staff-disabled', 'staff-signed-out']);
    expect(must(staff.view(ADA.staffId)).signedIn).toEqual([]);
  });
});

describe('a sign-in refused with nothing to record writes nothing', () => {
  it('is answered while another connection holds the write lock of the database', () => {
    const { path, store, staff } = staffed({ busyTimeoutMs: 50 });
    const other = new Database(path);
    cleanups.push(() => other.close());
    const before = lastRow(store);
    other.exec('BEGIN IMMEDIATE');
    try {
      for (const [cmd, code] of [
        [{ staffId: 'ghost', pin: '135791', purpose: 'take-box', tableId: 'T1' }, 'unknown-staff'],
        [{ staffId: STAFF.dealer.staffId, pin: '135791', purpose: 'take-box' }, 'table-needed'],
        [{ staffId: STAFF.dealer.staffId, pin: '135791', purpose: 'take-box', tableId: 'no table' }, 'bad-table'],
      ] as const) {
        const res = staff.signIn(cmd);
        expect(res.ok ? 'accepted' : res.error.code, res.ok ? '' : res.error.message).toBe(code);
      }
    } finally {
      other.exec('ROLLBACK');
    }
    expect(lastRow(store)).toBe(before);
  });
});
