/**
 * The access log's words for every kind of entry it promises (app/services/access-log.ts,
 * docs/terminal.md "The access log"), over a real log written by the real services: each staff
 * event (a refused sign-in names its reason and, for a wrong PIN only, how many in a row; the
 * lockout until when; a new PIN; a disable with its reason), the dealer leaving the box, the
 * rules changed (with the language when one is set), a device set (`none` without one), the
 * floor's rulings on a hand (an irregularity, a seat fouled, a hand replaced) and a played hand
 * corrected (voided or settled again, its chip movements counted, the second floor person
 * named). Then rows the terminal's own commands never write (a staff event stored at a table's
 * id, fields missing, an alert the alerts table does not hold): each is listed with what it
 * holds, as the auditor must be able to read any log, and the read never throws.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bestArrangement } from '../../../app/domain/arrange';
import type { SeatNo } from '../../../app/domain/hand';
import { LOCKOUT_MS } from '../../../app/domain/staff/lockout';
import { accessLog, type AccessEntry } from '../../../app/services/access-log';
import { StaffService } from '../../../app/services/staff';
import { attachShoe, must, openTable, playHand, rig, T, type Rig } from './helpers';

let r: Rig | undefined;
afterEach(() => {
  r?.cleanup();
  r = undefined;
});

/** The fields a reader of the access log sees, one array per entry. */
function lines(entries: readonly AccessEntry[]): unknown[][] {
  return entries.map((e) => [e.type, e.tableId, e.handId, e.by, e.person, e.purpose, e.what, e.why]);
}

const BOSS = { staffId: 'boss', pin: '135790' };
const JANA = { staffId: 'jana', name: 'Jana' };
const PETR = { staffId: 'petr', name: 'Petr' };

describe('accessLog: the staff events in words', () => {
  it('a refused sign-in names its reason (the count only for a wrong PIN), the lockout says until when, a new PIN and a disable with its reason', () => {
    const t = (r = rig());
    const staff = must(StaffService.open(t.store));
    must(staff.add({ staffId: 'boss', name: 'Boris', roles: ['admin', 'floor'], pin: BOSS.pin }));
    must(staff.add({ staffId: 'eva', name: 'Eva', roles: ['dealer'], pin: '246810', admin: BOSS }));
    const from = t.store.db.prepare('SELECT max(id) FROM events').pluck().get() as number;
    expect(staff.signIn({ staffId: 'eva', pin: '246810', purpose: 'admin' }).ok).toBe(false); // a dealer is not an admin
    for (let i = 0; i < 5; i++) expect(staff.signIn({ staffId: 'eva', pin: '111111', purpose: 'take-box', tableId: T }).ok).toBe(false);
    expect(staff.signIn({ staffId: 'eva', pin: '246810', purpose: 'take-box', tableId: T }).ok).toBe(false); // locked out: even the right PIN
    must(staff.setPin({ staffId: 'eva', pin: '999999', admin: BOSS }));
    must(staff.disable({ staffId: 'eva', reason: 'left the casino', admin: BOSS }));
    expect(staff.signIn({ staffId: 'eva', pin: '999999', purpose: 'take-box', tableId: T }).ok).toBe(false);

    const entries = accessLog(t.store).filter((e) => e.row > from);
    const lockout = entries.find((e) => e.type === 'staff-locked-out')!;
    // Locked for LOCKOUT_MS from the fifth wrong PIN (the time the event itself carries).
    const body = JSON.parse(t.store.db.prepare('SELECT body FROM events WHERE id = ?').pluck().get(lockout.row) as string) as { at: string };
    const until = new Date(Date.parse(body.at) + LOCKOUT_MS).toISOString();
    const refused = (what: string) => ['staff-sign-in-failed', T, null, 'staff:eva', 'eva', 'take-box', `sign-in refused: ${what}`, null];
    expect(lines(entries)).toEqual([
      ['staff-sign-in-failed', null, null, 'staff:eva', 'eva', 'admin', 'sign-in refused: not-allowed', null],
      refused('wrong-pin (1 in a row)'),
      refused('wrong-pin (2 in a row)'),
      refused('wrong-pin (3 in a row)'),
      refused('wrong-pin (4 in a row)'),
      refused('wrong-pin (5 in a row)'),
      ['staff-locked-out', null, null, 'system', 'eva', null, `locked out until ${until} after 5 wrong PINs in a row`, null],
      refused('locked-out'),
      ['staff-signed-in', null, null, 'staff:boss', 'boss', 'admin', 'signed in', null],
      ['staff-pin-set', null, null, 'staff:boss', 'eva', null, 'new PIN set', null],
      ['staff-signed-out', null, null, 'staff:boss', 'boss', 'admin', 'signed out', null],
      ['staff-signed-in', null, null, 'staff:boss', 'boss', 'admin', 'signed in', null],
      ['staff-disabled', null, null, 'staff:boss', 'eva', null, 'disabled', 'left the casino'],
      ['staff-signed-out', null, null, 'staff:boss', 'boss', 'admin', 'signed out', null],
      refused('staff-disabled'),
    ]);
  });
});

describe("accessLog: the table's privileged changes in words", () => {
  it('the dealer leaving the box, the rules changed (the language named once set) and a device set (none without one), with the admin and his reason', () => {
    const t = (r = rig());
    openTable(t.service);
    must(t.service.dealerOff({ tableId: T }));
    must(t.service.changeRules({ tableId: T, staffId: 'boss', reason: 'higher stakes tonight', pointValue: 200 }));
    must(t.service.changeRules({ tableId: T, staffId: 'boss', reason: 'Czech dealers', language: 'cs', name: 'Stůl 1' }));
    must(t.service.recordDeviceSet({
      tableId: T, role: 'shoe', setting: { kind: 'serial', port: '/dev/ttyUSB0', format: 'framed', baudRate: 9600 }, device: 'serial:/dev/ttyUSB0',
      label: 'Shoe on /dev/ttyUSB0', staffId: 'boss', reason: 'the new shoe',
    }));
    must(t.service.recordDeviceSet({ tableId: T, role: 'scanner', setting: { kind: 'none' }, device: null, label: null, staffId: 'boss', reason: 'scanner broken' }));
    expect(lines(accessLog(t.store))).toEqual([
      ['table-opened', T, null, 'dealer', null, null, 'table opened: T1, mandarin-house version 1, point value 100', null],
      ['dealer-on', T, null, 'dealer', 'Eva', null, 'took the box: Eva', null],
      ['dealer-off', T, null, 'dealer', 'Eva', null, 'left the box: Eva', null],
      ['rules-changed', T, null, 'system', 'boss', null, 'rules changed: T1, mandarin-house version 1, point value 200', 'higher stakes tonight'],
      ['rules-changed', T, null, 'system', 'boss', null, 'rules changed: Stůl 1, mandarin-house version 1, point value 200, language cs', 'Czech dealers'],
      ['device-set', T, null, 'system', 'boss', null, 'shoe set: Shoe on /dev/ttyUSB0', 'the new shoe'],
      ['device-set', T, null, 'system', 'boss', null, 'scanner set: none', 'scanner broken'],
    ]);
  });

  it("the floor's rulings on a hand: an irregularity ruled (its alert cleared), a seat fouled, a hand replaced, each with her staff id and reason", async () => {
    const t = (r = rig());
    openTable(t.service);
    const { shoe } = await attachShoe(t.service);
    must(t.service.startHand({ tableId: T }));
    await shoe.deal(31);
    for (const s of [1, 2, 3, 4] as const) must(t.service.seatReady({ tableId: T, seat: s }));
    let snap = must(t.service.openShowdown({ tableId: T }));
    const seats = snap.hand!.state.seats;
    const one = bestArrangement(seats[0].dealt).hand;
    // Seat 1's scan shows one of seat 2's cards: an irregularity, with its alert.
    snap = must(t.service.setHand({ tableId: T, seat: 1, front: [seats[1].dealt[0], ...one.front.slice(1)], middle: one.middle, back: one.back, source: 'scanner' }));
    const irr = snap.hand!.state.irregularities[0];
    const alert = snap.alerts[0];
    const from = t.store.db.prepare('SELECT max(id) FROM events').pluck().get() as number;
    must(t.service.floorCorrection({ tableId: T, floor: 'Jana', reason: 'card of seat 2, seen on camera', action: { kind: 'resolve-irregularity', irregularity: irr.id, ruling: 'foul-seat' }, signedBy: [JANA] }));
    must(t.service.floorCorrection({ tableId: T, floor: 'Jana', reason: 'hand mucked before it was read', action: { kind: 'foul-seat', seat: 3 }, signedBy: [JANA] }));
    must(t.service.floorCorrection({ tableId: T, floor: 'Jana', reason: 'misread', action: { kind: 'replace-hand', seat: 4, ...bestArrangement(seats[3].dealt).hand }, signedBy: [JANA] }));
    expect(lines(accessLog(t.store).filter((e) => e.row > from))).toEqual([
      ['floor-correction', T, 'T1-1', 'floor:Jana', 'jana', null, `floor correction: resolve irregularity ${irr.id}: foul-seat`, 'card of seat 2, seen on camera'],
      ['alert-acknowledged', T, null, 'floor:Jana', 'jana', null, `acknowledged alert ${alert.id} (irregularity: card-of-other-seat)`, 'ruled: foul-seat'],
      ['floor-correction', T, 'T1-1', 'floor:Jana', 'jana', null, 'floor correction: foul seat 3', 'hand mucked before it was read'],
      ['floor-correction', T, 'T1-1', 'floor:Jana', 'jana', null, 'floor correction: replace the hand of seat 4', 'misread'],
    ]);
  });

  /** A table of `players` seats with one hand played (seed 11), the hand's id and each seat's net. */
  async function playedHand(t: Rig, players: 2 | 3): Promise<{ handId: string; net: Record<string, number> }> {
    openTable(t.service, players === 2 ? { 1: 5000, 2: 5000 } : { 1: 5000, 2: 5000, 3: 5000 });
    const { shoe, detach } = await attachShoe(t.service);
    const snap = await playHand(t.service, shoe, 11);
    detach();
    return { handId: snap.hand!.handId, net: { ...snap.hand!.state.settlement!.result.net } };
  }

  function transfersOf(t: Rig): number {
    const body = t.store.db.prepare("SELECT body FROM events WHERE type = 'hand-corrected' ORDER BY id DESC LIMIT 1").pluck().get() as string;
    return (JSON.parse(body) as { transfers: unknown[] }).transfers.length;
  }

  it('a played hand voided after payment: the hand named, one chip movement (singular), the second floor person, the reason', async () => {
    const t = (r = rig());
    const { handId } = await playedHand(t, 2);
    must(t.service.correctHand({ tableId: T, handId, floor: 'Jana', reason: 'the deck was short a card', correction: { kind: 'void' }, signedBy: [JANA, PETR] }));
    expect(transfersOf(t)).toBe(1);
    expect(lines(accessLog(t.store).filter((e) => e.type === 'hand-corrected'))).toEqual([
      ['hand-corrected', T, handId, 'floor:Jana', 'jana', null, `hand ${handId} corrected: voided after payment, 1 chip movement, with Petr (petr) as the second floor person`, 'the deck was short a card'],
    ]);
  });

  it('a played hand settled again: each seat corrected in words, comma-separated, the chip movements counted (plural)', async () => {
    const t = (r = rig());
    const { handId, net } = await playedHand(t, 3);
    // The two biggest winners are ruled fouled.
    const [first, second] = Object.entries(net).sort((a, b) => b[1] - a[1]).map(([seat]) => Number(seat) as SeatNo);
    must(t.service.correctHand({
      tableId: T, handId, floor: 'Jana', reason: 'both showed a card from the muck',
      correction: { kind: 'resettle', seats: [{ kind: 'foul', seat: first }, { kind: 'foul', seat: second }] }, signedBy: [JANA, PETR],
    }));
    const moves = transfersOf(t);
    expect(moves).toBe(2);
    expect(lines(accessLog(t.store).filter((e) => e.type === 'hand-corrected'))).toEqual([
      ['hand-corrected', T, handId, 'floor:Jana', 'jana', null,
        `hand ${handId} corrected: settled again (seat ${first}: foul, seat ${second}: foul), ${moves} chip movements, with Petr (petr) as the second floor person`,
        'both showed a card from the muck'],
    ]);
  });
});

describe("accessLog: rows the terminal's own commands never write are listed with what they hold, never thrown on", () => {
  it('a staff event at a table, a table opened or rules changed without a profile, a correction without its fields, an empty signedBy, an unknown alert', () => {
    const t = (r = rig());
    const at = '2025-03-01T21:00:00.000Z';
    t.store.write((tx) => {
      // A staff event stored at a table's id is not the terminal's: shown as it is.
      tx.append({ tableId: 'T9', body: { type: 'staff-signed-in', at, by: 'staff:eva', staffId: 'eva', purpose: 'take-box', tableId: 'T9' } });
      tx.append({ tableId: 'T9', body: { type: 'table-opened', at, by: 'dealer', tableId: 'T9', name: 'Old', pointValue: 100 } });
      tx.append({ tableId: 'T9', body: { type: 'rules-changed', at, by: 'system', name: 'Old', pointValue: 200, staffId: 'boss', reason: 'stakes' } });
      tx.append({ tableId: 'T9', body: { type: 'hand-corrected', at, by: 'floor:Jana', handId: 'T9-1', reason: 'recount' } });
      tx.append({ tableId: 'T9', handId: 'T9-2', body: { type: 'floor-correction', at, by: 'floor:Jana', reason: 'remark', action: { kind: 'note' }, signedBy: [] } });
      tx.append({ tableId: 'T9', body: { type: 'alert-acknowledged', at, by: 'floor:Jana', alertId: 999, person: 'Jana', note: 'seen' } });
    });
    const entries = lines(accessLog(t.store));
    expect(entries).toEqual([
      ['staff-signed-in', 'T9', null, 'staff:eva', null, null, 'staff-signed-in', null],
      ['table-opened', 'T9', null, 'dealer', null, null, expect.stringMatching(/^table opened: Old, .* point value 100$/), null],
      ['rules-changed', 'T9', null, 'system', 'boss', null, expect.stringMatching(/^rules changed: Old, .* point value 200$/), 'stakes'],
      ['hand-corrected', 'T9', 'T9-1', 'floor:Jana', 'Jana', null, 'hand T9-1 corrected: settled again (), 0 chip movements', 'recount'],
      ['floor-correction', 'T9', 'T9-2', 'floor:Jana', 'Jana', null, 'floor correction: note', 'remark'],
      ['alert-acknowledged', 'T9', null, 'floor:Jana', 'Jana', null, 'acknowledged alert 999', 'seen'],
    ]);
  });
});
