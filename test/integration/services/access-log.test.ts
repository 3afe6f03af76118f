/**
 * The access log over a real log: every staff event and the privileged actions (a floor
 * misdeal, its alert acknowledged by the floor, a void, a note on a past hand, the table
 * opened) with who, when, what and why; the dealer's and the terminal's own misdeals and the
 * play itself left out; the time range; CSV and JSON; no PIN hash anywhere.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accessLog, accessLogCsv, accessLogJson, ACCESS_LOG_COLUMNS } from '../../../app/services/access-log';
import { StaffService } from '../../../app/services/staff';
import { attachShoe, must, openTable, playHand, rig, T, type Rig } from './helpers';

let r: Rig;
beforeEach(() => {
  r = rig();
});
afterEach(() => r.cleanup());

const BOSS = { staffId: 'boss', pin: '135790' };

async function shift(): Promise<void> {
  openTable(r.service);
  const staff = must(StaffService.open(r.store));
  must(staff.add({ staffId: 'boss', name: 'Boris', roles: ['admin', 'floor'], pin: BOSS.pin }));
  must(staff.add({ staffId: 'eva', name: 'Eva', roles: ['dealer'], pin: '246810', admin: BOSS }));
  expect(staff.signIn({ staffId: 'eva', pin: '246811', purpose: 'take-box', tableId: T }).ok).toBe(false);
  must(staff.signIn({ staffId: 'eva', pin: '246810', purpose: 'take-box', tableId: T }));
  const { shoe } = await attachShoe(r.service);
  await playHand(r.service, shoe, 3);
  // The terminal's own misdeal (not privileged): left out.
  must(r.service.startHand({ tableId: T }));
  must(r.service.cardUnreadable({ tableId: T }));
  must(r.service.startHand({ tableId: T }));
  must(r.service.callMisdeal({ tableId: T, cause: 'floor-ruling', floor: 'Jana', detail: 'cards flashed' }));
  const alert = r.service.alerts().find((a) => a.code === 'floor-ruling')!;
  must(r.service.acknowledgeAlert({ alertId: alert.id, by: 'Jana', note: 'redealt, seat 2 warned', as: 'floor' }));
  must(r.service.startHand({ tableId: T }));
  must(r.service.voidHand({ tableId: T, floor: 'Jana', reason: 'a player was seated late' }));
  must(r.service.floorCorrection({ tableId: T, floor: 'Jana', reason: 'recount asked by seat 2, "all fine"', action: { kind: 'note' }, handId: 'T1-1' }));
  must(staff.signOut({ staffId: 'eva' }));
}

describe('accessLog', () => {
  it('lists the staff events and the privileged actions, who, what and why, oldest first', async () => {
    await shift();
    const entries = accessLog(r.store);
    const rows = entries.map((e) => [e.type, e.tableId, e.handId, e.by, e.person, e.purpose, e.what, e.why]);
    expect(rows).toEqual([
      ['table-opened', T, null, 'dealer', null, null, 'table opened: T1, mandarin-house version 1, point value 100', null],
      ['dealer-on', T, null, 'dealer', 'Eva', null, 'took the box: Eva', null],
      ['staff-added', null, null, 'system', 'boss', null, 'added Boris as admin, floor', null],
      ['staff-signed-in', null, null, 'staff:boss', 'boss', 'admin', 'signed in', null],
      ['staff-added', null, null, 'staff:boss', 'eva', null, 'added Eva as dealer', null],
      ['staff-signed-out', null, null, 'staff:boss', 'boss', 'admin', 'signed out', null],
      ['staff-sign-in-failed', T, null, 'staff:eva', 'eva', 'take-box', 'sign-in refused: wrong-pin (1 in a row)', null],
      ['staff-signed-in', T, null, 'staff:eva', 'eva', 'take-box', 'signed in', null],
      ['misdeal-called', T, 'T1-3', 'floor:Jana', 'Jana', null, 'misdeal called: the floor ruled it', 'cards flashed'],
      ['alert-acknowledged', T, null, 'floor:Jana', 'Jana', null, expect.stringMatching(/^acknowledged alert \d+ \(misdeal: floor-ruling\)$/), 'redealt, seat 2 warned'],
      ['hand-voided', T, 'T1-4', 'floor:Jana', 'Jana', null, 'hand voided', 'a player was seated late'],
      ['floor-correction', T, 'T1-1', 'floor:Jana', 'Jana', null, 'floor correction: note', 'recount asked by seat 2, "all fine"'],
      ['staff-signed-out', null, null, 'system', 'eva', null, 'signed out of everything', null],
    ]);
    // Rows in log order, each with its recorded time.
    const ids = entries.map((e) => e.row);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const stamps = r.store.db.prepare('SELECT id, recorded_at FROM events').all() as { id: number; recorded_at: string }[];
    const at = new Map(stamps.map((s) => [s.id, s.recorded_at]));
    for (const e of entries) expect(e.at).toBe(at.get(e.row));
    // The automatic misdeal of hand 2 is in the log, not in the access log.
    expect(r.store.db.prepare("SELECT count(*) FROM events WHERE type = 'misdeal-called'").pluck().get()).toBe(2);
  });

  it('takes a time range: from inclusive, to exclusive', async () => {
    await shift();
    const all = accessLog(r.store);
    // An entry recorded later than the one before it (several can share a millisecond).
    const mid = all.find((e, i) => i >= 5 && e.at > all[i - 1].at)!;
    const from = accessLog(r.store, { from: mid.at });
    expect(from.map((e) => e.row)).toEqual(all.filter((e) => e.at >= mid.at).map((e) => e.row));
    expect(from[0].row).toBe(mid.row);
    const to = accessLog(r.store, { to: mid.at });
    expect(to.map((e) => e.row)).toEqual(all.filter((e) => e.at < mid.at).map((e) => e.row));
    expect(to.length + from.length).toBe(all.length);
    expect(accessLog(r.store, { from: '2030-01-01T00:00:00.000Z' })).toEqual([]);
    // The newest few, still oldest first (what the floor's screen reads).
    expect(accessLog(r.store, { last: 3 }).map((e) => e.row)).toEqual(all.slice(-3).map((e) => e.row));
  });

  it('writes CSV with a header (quoting what needs it) and JSON as an array; never a PIN hash', async () => {
    await shift();
    const entries = accessLog(r.store);
    const csv = accessLogCsv(entries);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(ACCESS_LOG_COLUMNS.join(','));
    expect(lines[0]).toBe('row,at,table_id,hand_id,type,by,person,purpose,what,why');
    expect(lines).toHaveLength(entries.length + 2);
    expect(csv).toContain(',floor-correction,floor:Jana,Jana,,floor correction: note,"recount asked by seat 2, ""all fine"""\r\n');
    const json = JSON.parse(accessLogJson(entries)) as unknown[];
    expect(Array.isArray(json)).toBe(true);
    expect(json).toEqual(JSON.parse(JSON.stringify(entries)));
    const secrets = r.store.db.prepare("SELECT json_extract(body, '$.pin.hash'), json_extract(body, '$.pin.salt') FROM events WHERE body LIKE '%\"pin\"%'").raw(true).all().flat() as string[];
    expect(secrets.length).toBe(4);
    for (const s of secrets) {
      expect(csv).not.toContain(s);
      expect(accessLogJson(entries)).not.toContain(s);
    }
  });
});
