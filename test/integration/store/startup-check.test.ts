// Checked at every start: the terminal checks its log head, the chain's tail, the row numbering
// and the schema when it opens a database, and that the open hand replays. Damage found: the
// table does not deal, and an integrity alert persists across restarts until the floor clears it
// with a reason (the clearing is an event). Real SQLite files, damaged as a tester would.
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../../app/services/store';
import { TableService } from '../../../app/services/table-service';
import { table } from '../../support/table-cli';
import { tamper, tempFolder } from './temp';
import { attachShoe, expectRefused, must, openTable, playHand, rig, T, type Rig } from '../services/helpers';

let current: Rig | undefined;
afterEach(() => {
  current?.cleanup();
  current = undefined;
});

/** A table with two hands played and a third open, then closed as a crash leaves it. */
async function playedTable(): Promise<Rig> {
  const r = (current = rig());
  openTable(r.service, { 1: 5000, 2: 5000, 3: 5000 });
  const { shoe, detach } = await attachShoe(r.service);
  await playHand(r.service, shoe, 1);
  await playHand(r.service, shoe, 2);
  detach();
  await shoe.stop();
  r.store.close();
  return r;
}

/** A played table whose last hand got a well-chained event the fold refuses (only a program
 *  other than the terminal writes one). */
async function tableWithAnUnfoldableEvent(): Promise<{ r: Rig; hand: string }> {
  const r = await playedTable();
  const store = openStore(r.path);
  const hand = store.db.prepare('SELECT hand_id FROM events WHERE hand_id IS NOT NULL ORDER BY id DESC LIMIT 1').pluck().get() as string;
  store.write((tx) => tx.append({ tableId: T, handId: hand, body: { type: 'seat-ready', at: '2025-03-01T21:00:00.000Z', by: 'dealer', seat: 9 } }));
  store.close();
  return { r, hand };
}

function reopen(r: Rig): TableService {
  r.store = openStore(r.path, { clock: () => (r.now += 1000) });
  r.service = new TableService(r.store);
  return r.service;
}

function integrityAlerts(r: Rig) {
  return r.service.alerts({ tableId: T }).filter((a) => a.kind === 'integrity');
}

describe('the check at every start', () => {
  it('finds nothing in an honest log, and the table deals', async () => {
    const r = await playedTable();
    const service = reopen(r);
    expect(service.startupFindings).toEqual([]);
    expect(integrityAlerts(r)).toEqual([]);
    must(service.startHand({ tableId: T }));
  });

  it('the last events deleted: found, the table does not deal, the alert persists until the floor clears it with a reason', async () => {
    const r = await playedTable();
    tamper(r.path, 'DELETE FROM events WHERE id > (SELECT max(id) - 3 FROM events)');
    let service = reopen(r);
    // The chain's tail is gone, and with it the end of the last hand: the log has it in play, the query tables had it played.
    expect(service.startupFindings.map((f) => f.code)).toEqual(['log-damaged', 'query-tables-differ']);
    expect(service.startupFindings[0].message).toMatch(/missing at the end of the log/);
    const [alert, handAlert] = integrityAlerts(r);
    expect(alert).toMatchObject({ code: 'log-damaged', acknowledged: null });
    expect(handAlert.message).toMatch(/the hands table has no open hand, the log has T1-2 in play/);
    expectRefused(r.store, () => service.openShowdown({ tableId: T }), 'record-damaged');

    r.store.close();
    service = reopen(r); // a restart: the alert is still raised (not raised twice), the table still does not deal
    expect(integrityAlerts(r)).toHaveLength(2);
    expectRefused(r.store, () => service.openShowdown({ tableId: T }), 'record-damaged');

    expectRefused(r.store, () => service.acknowledgeAlert({ alertId: alert.id, by: 'Eva' }), 'floor-needed');
    expectRefused(r.store, () => service.acknowledgeAlert({ alertId: alert.id, by: 'Fiona', as: 'floor' }), 'reason-needed');
    must(service.acknowledgeAlert({ alertId: alert.id, by: 'Fiona', as: 'floor', note: 'hands 2 and 3 checked against the paper record' }));
    const cleared = r.store.db.prepare("SELECT body FROM events WHERE type = 'alert-acknowledged' ORDER BY id DESC LIMIT 1").pluck().get() as string;
    expect(JSON.parse(cleared)).toMatchObject({ alertId: alert.id, by: 'floor:Fiona', person: 'Fiona', note: 'hands 2 and 3 checked against the paper record' });
    expectRefused(r.store, () => service.openShowdown({ tableId: T }), 'record-damaged'); // one alert is still raised
    must(service.acknowledgeAlert({ alertId: handAlert.id, by: 'Fiona', as: 'floor', note: 'hand 2 settled by hand from the paper record' }));
    // The log has hand 2 in play again, its last payments not made: the dealer makes them, then the table deals.
    expectRefused(r.store, () => service.startHand({ tableId: T }), 'hand-in-play');
    const payments = must(service.snapshot(T)).hand!.state.settlement!.result.payments.length;
    for (let i = 0; i < payments; i++) service.executePayment({ tableId: T, index: i }); // the ones made are refused
    must(service.startHand({ tableId: T }));
  });

  it('a changed row at the end, a row cut from the middle, the head removed: each found', async () => {
    for (const [sql, pattern] of [
      ["UPDATE events SET body = replace(body, '\"by\":\"dealer\"', '\"by\":\"floor:Mallory\"') WHERE id = (SELECT max(id) FROM events WHERE body LIKE '%\"by\":\"dealer\"%')", /content|changed|hash/],
      ['DELETE FROM events WHERE id = 5', /row 6: .*missing/],
      ['DELETE FROM log_head', /log head record is missing/],
    ] as const) {
      const r = await playedTable();
      tamper(r.path, sql);
      const service = reopen(r);
      expect(service.startupFindings.map((f) => f.message).join(' | '), sql).toMatch(pattern);
      expectRefused(r.store, () => service.startHand({ tableId: T }), 'record-damaged');
      r.cleanup();
      current = undefined;
    }
  });

  it('an idle table\'s checkpoint far behind the tail is still checked (its own rows), not by hashing every row since', async () => {
    const r = (current = rig());
    openTable(r.service, { 1: 5000, 2: 5000 });
    const { shoe, detach } = await attachShoe(r.service);
    await playHand(r.service, shoe, 1);
    detach();
    await shoe.stop();
    must(r.service.openTable({ tableId: 'T2', pointValue: 100 }));
    must(r.service.seatPlayer({ tableId: 'T2', seat: 1, playerId: 'q1', buyIn: 2000 }));
    for (let i = 0; i < 1100; i++) must(r.service.buyIn({ tableId: 'T2', seat: 1, amount: 2000 })); // T2's rows push T1's checkpoint out of the tail
    r.store.close();
    expect(reopen(r).startupFindings).toEqual([]);
    r.store.close();
    tamper(r.path, `UPDATE events SET body = replace(body, '"dealer":"Eva"', '"dealer":"Mallory"') WHERE id = (SELECT max(id) FROM events WHERE table_id = 'T1' AND type = 'table-checkpoint')`);
    const service = reopen(r);
    expect(service.startupFindings.map((f) => f.message)).toEqual([expect.stringMatching(/^log row \d+ \(table-checkpoint\): its content does not match its hash/)]);
    expectRefused(r.store, () => service.startHand({ tableId: T }), 'record-damaged');
  });

  it('a stack edited in the seats table: the terminal keeps the log\'s stack, names the row and does not deal', async () => {
    const r = await playedTable();
    const before = new Database(r.path, { readonly: true });
    const stack = before.prepare('SELECT stack FROM seats WHERE table_id = ? AND seat = 1').pluck().get(T) as number;
    before.close();
    const db = new Database(r.path);
    db.prepare('UPDATE seats SET stack = stack + 1000000 WHERE table_id = ? AND seat = 1').run(T);
    db.close();
    const service = reopen(r);
    expect(service.startupFindings).toEqual([
      { code: 'query-tables-differ', message: `table T1: the query tables differ from the log: seat 1's row has a stack of ${stack + 1000000}, the log ${stack}` },
    ]);
    expect(must(service.snapshot(T)).seats[0].stack).toBe(stack);
    expectRefused(r.store, () => service.startHand({ tableId: T }), 'record-damaged');
  });

  it('the append-only triggers dropped: the schema is not the terminal\'s, raised once per start while it stays so', async () => {
    const r = await playedTable();
    tamper(r.path, 'SELECT 1', true);
    const service = reopen(r);
    expect(service.startupFindings).toEqual([
      { code: 'schema-changed', message: "the database's schema is not the terminal's: trigger events_refuse_delete is missing; trigger events_refuse_update is missing" },
    ]);
    expectRefused(r.store, () => service.startHand({ tableId: T }), 'record-damaged');
    const [alert] = integrityAlerts(r);
    must(service.acknowledgeAlert({ alertId: alert.id, by: 'Fiona', as: 'floor', note: 'technician called' }));
    r.store.close();
    reopen(r);
    expect(integrityAlerts(r).filter((a) => !a.acknowledged)).toHaveLength(1); // found again, raised again
  });

  it('under the hold a hand in play may end (a void) or be noted, not be ruled on; another table\'s screen cannot clear it', async () => {
    const r = (current = rig());
    openTable(r.service, { 1: 5000, 2: 5000 });
    const { shoe, detach } = await attachShoe(r.service);
    must(r.service.startHand({ tableId: T }));
    await shoe.deal(4);
    detach();
    await shoe.stop();
    r.store.close();
    const db = new Database(r.path);
    db.prepare('UPDATE seats SET stack = 1 WHERE table_id = ? AND seat = 2').run(T);
    db.close();
    const service = reopen(r);
    const [alert] = integrityAlerts(r);
    expect(alert.code).toBe('query-tables-differ');
    // A ruling that changes the result is play, not an end: refused while held.
    expectRefused(r.store, () => service.floorCorrection({ tableId: T, floor: 'Fiona', reason: 'r', action: { kind: 'foul-seat', seat: 1 } }), 'record-damaged');
    expectRefused(r.store, () => service.acknowledgeAlert({ alertId: alert.id, by: 'Fiona', as: 'floor', note: 'from T2', tableId: 'T2' }), 'no-such-alert');
    must(service.floorCorrection({ tableId: T, floor: 'Fiona', reason: 'seats row checked', action: { kind: 'note' } }));
    must(service.voidHand({ tableId: T, floor: 'Fiona', reason: 'the record is being checked' }));
  });

  it('a log the fold refuses cannot be cleared from the screen: it needs a repair', async () => {
    const { r } = await tableWithAnUnfoldableEvent();
    const service = reopen(r);
    const [alert] = integrityAlerts(r);
    expectRefused(r.store, () => service.acknowledgeAlert({ alertId: alert.id, by: 'Fiona', as: 'floor', note: 'looked at it' }), 'repair-needed');
  });

  it('an open hand that no longer replays: found, the table does not deal', async () => {
    const { r, hand } = await tableWithAnUnfoldableEvent();
    const service = reopen(r);
    expect(service.startupFindings.map((f) => f.code)).toEqual(['table-does-not-replay']);
    expect(integrityAlerts(r)[0].message).toMatch(new RegExp(`table T1 cannot be rebuilt from its log: log row \\d+ \\(seat-ready of hand ${hand}\\)`));
    expectRefused(r.store, () => service.startHand({ tableId: T }), 'record-damaged');
  });

  it('table simulate on a file whose last events were deleted: one line naming the damage, exit 1, nothing played', async () => {
    const tmp = tempFolder('cp-sim-damaged-');
    try {
      const db = tmp.file('sim.db');
      expect((await table('simulate', '--db', db, '--hands', '3', '--seed', '5')).code).toBe(0);
      tamper(db, 'DELETE FROM events WHERE id > (SELECT max(id) - 5 FROM events)');
      for (let run = 0; run < 2; run++) {
        const ran = await table('simulate', '--db', db, '--hands', '6', '--seed', '5');
        expect(ran.code).toBe(1);
        expect(ran.stdout).toBe('');
        expect(ran.stderr.trim().split('\n')).toHaveLength(1);
        expect(ran.stderr).toMatch(/^table: simulate: table SIM does not deal: alert \d+: log row \d+: rows \d+-\d+ are missing at the end of the log/);
        expect(ran.stderr).not.toMatch(/RangeError|at .*\.ts:\d+/);
      }
      const check = new Database(db, { readonly: true });
      expect(check.prepare("SELECT count(*) FROM events WHERE type = 'hand-started'").pluck().get()).toBe(3);
      expect(check.prepare("SELECT count(*) FROM alerts WHERE kind = 'integrity' AND acknowledged_at IS NULL").pluck().get()).toBe(2); // the log and the last hand, raised once
      check.close();
    } finally {
      tmp.cleanup();
    }
  }, 60_000);
});
