/**
 * The second half of `TableService` (app/services/table-service.ts, from the floor's rulings to the
 * start-up load) on a real SQLite file: the floor's void and corrections of a played hand and
 * their refusals (codes and the words a floor person reads), the acknowledgement of alerts (who,
 * as whom, the note, the table a screen may reach, the kinds only the floor clears), the idle-deal
 * alert, the device setting's record, the reading calls (recall, ledger, replay) and what every
 * subscriber hears. Written to kill the mutants that survived the older tests.
 */
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { bestArrangement } from '../../../app/domain/arrange';
import type { SeatNo } from '../../../app/domain/hand';
import { TableService, type TableSnapshot, type TableUpdate } from '../../../app/services/table-service';
import { shuffledDeck } from '../../../hardware/sim/deck';
import { T, attachShoe, expectRefused, loggedBodies, must, openTable, otherSeatsCardScanned, playHand, playedHand, rig, type Rig } from './helpers';

let r: Rig | undefined;
afterEach(() => {
  r?.cleanup();
  r = undefined;
});

const JANA = { staffId: 'jana', name: 'Jana' };
const PETR = { staffId: 'petr', name: 'Petr' };

/** Runs `cmd`, which must be refused (any code), and returns the code; nothing may be appended. */
function refusedCode(rig: Rig, cmd: () => { ok: boolean; error?: { code: string } }): string {
  const count = (): unknown => rig.store.db.prepare('SELECT count(*) FROM events').pluck().get();
  const before = count();
  const res = cmd();
  expect(res.ok).toBe(false);
  expect(count()).toBe(before);
  return res.error!.code;
}

/** Three seats, one hand played to its last payment (seed 11), the shoe detached. */
async function played(): Promise<{ rig: Rig; handId: string }> {
  const t = (r = rig());
  return { rig: t, handId: await playedHand(t) };
}

/** Four seats at the showdown with seat 1's scan holding one of seat 2's cards: an irregularity and its alert. */
async function irregularity(): Promise<{ rig: Rig; irrId: number; alertId: number }> {
  const t = (r = rig());
  openTable(t.service);
  const snap = await otherSeatsCardScanned(t.service, [1, 2, 3, 4]);
  const irr = snap.hand!.state.irregularities[0];
  expect(snap.alerts.map((a) => a.kind)).toEqual(['irregularity']);
  return { rig: t, irrId: irr.id, alertId: snap.alerts[0].id };
}

/** Deals `deck` to four seats, all ready, the showdown open; then each `[seat, other]` pair's scan shows one card of `other`. */
async function showsOthers(t: Rig, deck: ReturnType<typeof shuffledDeck>, pairs: [SeatNo, SeatNo][]): Promise<TableSnapshot> {
  const { shoe, detach } = await attachShoe(t.service);
  must(t.service.startHand({ tableId: T }));
  await shoe.feed(deck);
  detach();
  await shoe.stop();
  for (const s of [1, 2, 3, 4] as const) must(t.service.seatReady({ tableId: T, seat: s }));
  let snap = must(t.service.openShowdown({ tableId: T }));
  const seats = snap.hand!.state.seats;
  for (const [seat, other] of pairs) {
    const own = bestArrangement(seats[seat - 1].dealt).hand;
    snap = must(t.service.setHand({ tableId: T, seat, front: [seats[other - 1].dealt[0], ...own.front.slice(1)], middle: own.middle, back: own.back, source: 'scanner' }));
  }
  return snap;
}

describe("the floor's ruling on an irregularity clears its alert", () => {
  it('the ruling returns the table with the alert cleared, acknowledged by the floor person with the ruling as the note and her staff id', async () => {
    const { rig: t, irrId, alertId } = await irregularity();
    const snap = must(t.service.floorCorrection({
      tableId: T, floor: 'Jana', reason: 'seen on camera', action: { kind: 'resolve-irregularity', irregularity: irrId, ruling: 'foul-seat' }, signedBy: [JANA],
    }));
    expect(snap.alerts).toEqual([]);
    expect(t.service.alerts()).toEqual([]);
    expect(loggedBodies(t, 'alert-acknowledged')).toEqual([expect.objectContaining({ alertId, by: 'floor:Jana', person: 'Jana', staffId: 'jana', note: 'ruled: foul-seat' })]);
  });

  it('without a PIN given the acknowledgement carries no staff id', async () => {
    const { rig: t, irrId } = await irregularity();
    must(t.service.floorCorrection({ tableId: T, floor: 'Jana', reason: 'seen on camera', action: { kind: 'resolve-irregularity', irregularity: irrId, ruling: 'accept' } }));
    const [ack] = loggedBodies(t, 'alert-acknowledged');
    expect(ack).toMatchObject({ by: 'floor:Jana', note: 'ruled: accept' });
    expect(ack).not.toHaveProperty('staffId');
  });
});

describe('voidHand', () => {
  it('is refused without a floor name (blank counts as none), in words the floor reads; nothing appended', async () => {
    const t = (r = rig());
    openTable(t.service);
    must(t.service.startHand({ tableId: T }));
    const e = expectRefused(t.store, () => t.service.voidHand({ tableId: T, floor: '   ', reason: 'r' }), 'name-needed');
    expect(e.message).toBe('a hand is voided by the floor manager (name)');
    expectRefused(t.store, () => t.service.voidHand({ tableId: T, floor: 42 as unknown as string, reason: 'r' }), 'name-needed');
  });

  it('records the void as the trimmed floor person, with the PINs given', async () => {
    const t = (r = rig());
    openTable(t.service);
    must(t.service.startHand({ tableId: T }));
    const snap = must(t.service.voidHand({ tableId: T, floor: '  Jana ', reason: 'deck short', signedBy: [JANA] }));
    expect(snap.hand!.state.phase).toBe('voided');
    expect(loggedBodies(t, 'hand-voided')).toEqual([expect.objectContaining({ by: 'floor:Jana', reason: 'deck short', signedBy: [JANA] })]);
  });

  it('with no hand in play: no-hand-in-play, naming the table', () => {
    const t = (r = rig());
    openTable(t.service);
    const e = expectRefused(t.store, () => t.service.voidHand({ tableId: T, floor: 'Jana', reason: 'r' }), 'no-hand-in-play');
    expect(e.message).toBe('no hand is in play at table T1: start a hand first');
    const u = expectRefused(t.store, () => t.service.voidHand({ tableId: 'T9', floor: 'Jana', reason: 'r' }), 'unknown-table');
    expect(u.message).toBe('there is no table "T9" on this terminal');
  });
});

describe('closeHand', () => {
  it('with payments still to make is refused by the hand (payments-outstanding), as the dealer', async () => {
    const t = (r = rig());
    openTable(t.service, { 1: 5000, 2: 5000, 3: 5000 });
    const { shoe, detach } = await attachShoe(t.service);
    must(t.service.startHand({ tableId: T }));
    await shoe.deal(11);
    detach();
    await shoe.stop();
    let snap = must(t.service.snapshot(T));
    for (const s of snap.hand!.state.seats.filter((x) => x.playing)) must(t.service.seatReady({ tableId: T, seat: s.seat }));
    snap = must(t.service.openShowdown({ tableId: T }));
    for (const s of snap.hand!.state.seats.filter((x) => x.playing)) must(t.service.setHand({ tableId: T, seat: s.seat, ...bestArrangement(s.dealt).hand, source: 'touch' }));
    must(t.service.settle({ tableId: T }));
    expectRefused(t.store, () => t.service.closeHand({ tableId: T }), 'payments-outstanding');
  });
});

describe('correctHand and previewCorrection', () => {
  it('refuses an unknown table, a blank floor name and a hand that is not the last played, in the floor\'s words', async () => {
    const { rig: t, handId } = await played();
    const base = { tableId: T, handId, floor: 'Jana', reason: 'muck', correction: { kind: 'void' as const }, signedBy: [JANA, PETR] };
    expect(expectRefused(t.store, () => t.service.correctHand({ ...base, tableId: 'T9' }), 'unknown-table').message).toBe('there is no table "T9" on this terminal');
    expect(expectRefused(t.store, () => t.service.correctHand({ ...base, floor: '  ' }), 'name-needed').message).toBe('a hand is corrected by the floor manager (name)');
    expectRefused(t.store, () => t.service.correctHand({ ...base, floor: undefined as unknown as string }), 'name-needed');
    expectRefused(t.store, () => t.service.correctHand({ ...base, handId: 'T1-7' }), 'not-correctable');
    expectRefused(t.store, () => t.service.correctHand({ ...base, reason: undefined as unknown as string }), 'reason-needed');
  });

  it('records the correction as the trimmed floor person, with the trimmed reason, the signers and the transfers', async () => {
    const { rig: t, handId } = await played();
    const snap = must(t.service.correctHand({ tableId: T, handId, floor: ' Jana ', reason: '  the deck was short  ', correction: { kind: 'void' }, signedBy: [JANA, PETR] }));
    const [body] = loggedBodies(t, 'hand-corrected');
    expect(body).toMatchObject({ by: 'floor:Jana', handId, reason: 'the deck was short', signedBy: [JANA, PETR], result: null });
    expect((body.transfers as unknown[]).length).toBeGreaterThan(0);
    expect(body.transfers).toEqual(snap.lastPlayed!.pending.map((p) => ({ from: p.from, to: p.to, amount: p.amount })));
  });

  it('the preview: refusals as the correction, the default reason, what a void and a foul show', async () => {
    const { rig: t, handId } = await played();
    expectRefused(t.store, () => t.service.previewCorrection({ tableId: 'T9', handId, correction: { kind: 'void' } }), 'unknown-table');
    expectRefused(t.store, () => t.service.previewCorrection({ tableId: T, handId: 'T1-7', correction: { kind: 'void' } }), 'not-correctable');
    refusedCode(t, () => t.service.previewCorrection({ tableId: T, handId, correction: { kind: 'resettle', seats: [{ kind: 'foul', seat: 9 as SeatNo }] } }));
    // No reason given: previewed all the same (the floor gives it when signing).
    const v = must(t.service.previewCorrection({ tableId: T, handId, correction: { kind: 'void' } }));
    expect(v).toMatchObject({ handId, voided: true, fouled: [], needsSecond: true });
    expect(Object.values(v.after).every((n) => n === 0)).toBe(true);
    expect(v.transfers.length).toBeGreaterThan(0);
    const biggest = Number(Object.entries(v.before).sort((a, b) => b[1] - a[1])[0][0]) as SeatNo;
    const f = must(t.service.previewCorrection({ tableId: T, handId, reason: '  ', correction: { kind: 'resettle', seats: [{ kind: 'foul', seat: biggest }] } }));
    expect(f).toMatchObject({ voided: false, fouled: [biggest] });
    expect(f.after[String(biggest)]).toBeLessThan(0);
  });
});

describe('executeCorrectionPayment', () => {
  it('refuses with no correction, an index out of range (naming it and the count), and an unknown table', async () => {
    const { rig: t, handId } = await played();
    expect(expectRefused(t.store, () => t.service.executeCorrectionPayment({ tableId: T, index: 0 }), 'no-correction').message).toBe('there are no chips of a correction to move');
    expectRefused(t.store, () => t.service.executeCorrectionPayment({ tableId: 'T9', index: 0 }), 'unknown-table');
    const snap = must(t.service.correctHand({ tableId: T, handId, floor: 'Jana', reason: 'short deck', correction: { kind: 'void' }, signedBy: [JANA, PETR] }));
    const n = snap.lastPlayed!.pending.length;
    const e = expectRefused(t.store, () => t.service.executeCorrectionPayment({ tableId: T, index: n }), 'no-such-payment');
    expect(e.message).toBe(`there is no transfer ${n}: the correction has ${n}`);
    // A commit that fails changes nothing, in the log or at the table.
    t.store.db.exec("CREATE TEMP TRIGGER disk_full BEFORE INSERT ON events BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END");
    expectRefused(t.store, () => t.service.executeCorrectionPayment({ tableId: T, index: 0 }), 'store-failed');
    t.store.db.exec('DROP TRIGGER disk_full');
    expect(must(t.service.snapshot(T)).lastPlayed!.pending.map((p) => p.done)).toEqual(snap.lastPlayed!.pending.map(() => false));
    must(t.service.executeCorrectionPayment({ tableId: T, index: 0 }));
    expect(loggedBodies(t, 'correction-payment-executed')).toEqual([expect.objectContaining({ by: 'dealer', handId, index: 0 })]);
  });
});

describe('acknowledgeAlert', () => {
  /** A table with a jam alert (a dealer's kind) raised in its open hand. */
  async function jammed(): Promise<{ rig: Rig; alertId: number }> {
    const t = (r = rig());
    openTable(t.service);
    const { shoe } = await attachShoe(t.service, ['jam@5:0']);
    must(t.service.startHand({ tableId: T }));
    await shoe.feed(shuffledDeck(4).slice(0, 12));
    await shoe.stop();
    const [jam] = t.service.alerts();
    expect(jam).toMatchObject({ kind: 'device-fault', code: 'jam' });
    return { rig: t, alertId: jam.id };
  }

  it('an alert of another table, or none: no-such-alert, naming the table asked for', async () => {
    const { rig: t, alertId } = await jammed();
    expect(expectRefused(t.store, () => t.service.acknowledgeAlert({ alertId, by: 'Eva', tableId: 'T2' }), 'no-such-alert').message).toBe(`there is no alert ${alertId} at table T2`);
    expect(expectRefused(t.store, () => t.service.acknowledgeAlert({ alertId: 999, by: 'Eva', tableId: T }), 'no-such-alert').message).toBe('there is no alert 999 at table T1');
    expect(expectRefused(t.store, () => t.service.acknowledgeAlert({ alertId: 999, by: 'Eva' }), 'no-such-alert').message).toBe('there is no alert 999');
    // Its own table's screen reaches it.
    must(t.service.acknowledgeAlert({ alertId, by: 'Eva', tableId: T }));
  });

  it("the dealer's acknowledgement: trimmed name, no note when blank, no staff id unless given; twice is refused naming who and when", async () => {
    const { rig: t, alertId } = await jammed();
    expect(expectRefused(t.store, () => t.service.acknowledgeAlert({ alertId, by: '  ' }), 'name-needed').message).toBe('an alert is acknowledged by a named person');
    expectRefused(t.store, () => t.service.acknowledgeAlert({ alertId, by: 7 as unknown as string }), 'name-needed');
    const acked = must(t.service.acknowledgeAlert({ alertId, by: '  Eva  ', note: '   ' }));
    expect(acked.acknowledged).toMatchObject({ by: 'Eva' });
    const [body] = loggedBodies(t, 'alert-acknowledged');
    expect(body).toMatchObject({ by: 'dealer', person: 'Eva', alertId });
    expect(body).not.toHaveProperty('note');
    expect(body).not.toHaveProperty('staffId');
    const again = expectRefused(t.store, () => t.service.acknowledgeAlert({ alertId, by: 'Petr' }), 'already-acknowledged');
    expect(again.message).toBe(`alert ${alertId} was acknowledged by Eva at ${acked.acknowledged!.at}`);
  });

  it("the floor's acknowledgement: recorded as floor:<name>, with her staff id and the trimmed note; the screen hears of it", async () => {
    const { rig: t, alertId } = await jammed();
    const heard: TableUpdate[] = [];
    t.service.subscribe((u) => heard.push(u));
    const acked = must(t.service.acknowledgeAlert({ alertId, by: 'Jana', as: 'floor', staffId: 'jana', note: ' shoe cleaned ' }));
    expect(loggedBodies(t, 'alert-acknowledged')).toEqual([expect.objectContaining({ by: 'floor:Jana', person: 'Jana', staffId: 'jana', note: 'shoe cleaned' })]);
    expect(heard.map((u) => u.kind)).toEqual(['state-changed', 'alert-acknowledged']);
    expect(heard[0]).toMatchObject({ tableId: T, table: { alerts: [] } });
    expect(heard[1]).toEqual({ kind: 'alert-acknowledged', alert: acked });
    expect(must(t.service.snapshot(T)).alerts).toEqual([]);
  });

  it('a commit that fails is a store-failed refusal: the alert stays raised, nobody is told', async () => {
    const { rig: t, alertId } = await jammed();
    const heard: TableUpdate[] = [];
    t.service.subscribe((u) => heard.push(u));
    t.store.db.exec("CREATE TEMP TRIGGER disk_full BEFORE INSERT ON events BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END");
    expectRefused(t.store, () => t.service.acknowledgeAlert({ alertId, by: 'Eva' }), 'store-failed');
    expect(heard).toEqual([]);
    t.store.db.exec('DROP TRIGGER disk_full');
    expect(t.service.alerts().map((a) => a.id)).toEqual([alertId]);
  });

  it('an irregularity is cleared only by the floor: the dealer is told so, with the alert and its code', async () => {
    const { rig: t, alertId } = await irregularity();
    const e = expectRefused(t.store, () => t.service.acknowledgeAlert({ alertId, by: 'Eva' }), 'floor-needed');
    expect(e.message).toBe(`alert ${alertId} is an irregularity (card-of-other-seat): only the floor clears it, with a floor person's PIN`);
    expectRefused(t.store, () => t.service.acknowledgeAlert({ alertId, by: 'Eva', as: 'dealer' }), 'floor-needed');
    must(t.service.acknowledgeAlert({ alertId, by: 'Jana', as: 'floor' }));
  });

  it("damage to the record: only the floor, only with a reason; once cleared the table deals", async () => {
    const t = (r = rig());
    openTable(t.service, { 1: 5000, 2: 5000 });
    t.store.close();
    const db = new Database(t.path);
    db.prepare('UPDATE seats SET stack = 1 WHERE table_id = ? AND seat = 2').run(T);
    db.close();
    t.reopen();
    const [alert] = t.service.alerts();
    expect(alert).toMatchObject({ kind: 'integrity', code: 'query-tables-differ' });
    expect(expectRefused(t.store, () => t.service.acknowledgeAlert({ alertId: alert.id, by: 'Eva', note: 'ok' }), 'floor-needed').message)
      .toBe(`alert ${alert.id} is damage to the terminal's record: only the floor clears it, with a floor person's PIN`);
    expect(expectRefused(t.store, () => t.service.acknowledgeAlert({ alertId: alert.id, by: 'Jana', as: 'floor' }), 'reason-needed').message)
      .toBe(`alert ${alert.id} is damage to the terminal's record: the floor clears it with a reason`);
    expectRefused(t.store, () => t.service.acknowledgeAlert({ alertId: alert.id, by: 'Jana', as: 'floor', note: '  ' }), 'reason-needed');
    expectRefused(t.store, () => t.service.startHand({ tableId: T }), 'record-damaged');
    must(t.service.acknowledgeAlert({ alertId: alert.id, by: 'Jana', as: 'floor', note: 'row checked' }));
    must(t.service.startHand({ tableId: T }));
  });
});

describe('checkIdleDeals', () => {
  /** Two seats, the shoe stopped after 51 of 52 cards. */
  async function shortDeal(t: Rig): Promise<void> {
    openTable(t.service, { 1: 5000, 2: 5000 });
    const { shoe, detach } = await attachShoe(t.service);
    must(t.service.startHand({ tableId: T }));
    await shoe.feed(shuffledDeck(3).slice(0, 51));
    detach();
    await shoe.stop();
  }

  it('words the alert for the dealer: the hand, the seconds idle, the cards read and what to do; the screen hears it', async () => {
    const t = (r = rig());
    await shortDeal(t);
    const heard: TableUpdate[] = [];
    t.service.subscribe((u) => heard.push(u));
    expect(t.service.checkIdleDeals(20_000)).toEqual([]);
    expect(heard).toEqual([]);
    t.now += 25_000;
    expect(t.service.checkIdleDeals(20_000)).toEqual([T]);
    // Once per hand: the next check finds the alert raised.
    expect(t.service.checkIdleDeals(20_000)).toEqual([]);
    const [alert] = must(t.service.snapshot(T)).alerts;
    const seconds = Number(/nothing for (\d+) s/.exec(alert.message)?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(25);
    expect(seconds).toBeLessThan(40);
    expect(alert.message).toBe(`Hand 1: the shoe has read nothing for ${seconds} s with 51 of 52 cards read. If no card is left in the shoe, the deal is short: call a misdeal.`);
    expect(heard.map((u) => u.kind)).toEqual(['state-changed', 'alert-raised']);
    expect(heard[1]).toMatchObject({ kind: 'alert-raised', alert: { id: alert.id, code: 'deal-idle' } });
  });

  it("another alert of the hand does not stop it; the idle alert of an earlier hand does not stop the next hand's", async () => {
    const t = (r = rig());
    openTable(t.service, { 1: 5000, 2: 5000 });
    const { shoe, detach } = await attachShoe(t.service, ['jam@5:0']);
    must(t.service.startHand({ tableId: T }));
    await shoe.feed(shuffledDeck(3).slice(0, 40));
    detach();
    await shoe.stop();
    expect(t.service.alerts().map((a) => a.code)).toEqual(['jam']);
    t.now += 25_000;
    expect(t.service.checkIdleDeals(20_000)).toEqual([T]);
    must(t.service.callMisdeal({ tableId: T, cause: 'short-deal' }));
    // Hand 2: nobody acknowledged hand 1's idle alert, yet hand 2's idle deal is alerted too.
    must(t.service.startHand({ tableId: T }));
    must(t.service.cardRead({ tableId: T, card: shuffledDeck(5)[0], seq: 0 }));
    t.now += 25_000;
    expect(t.service.checkIdleDeals(20_000)).toEqual([T]);
    expect(t.service.alerts().filter((a) => a.code === 'deal-idle').map((a) => a.handId)).toEqual(['T1-1', 'T1-2']);
  });

  it('when the alert cannot be recorded the table is not reported alerted, and the next check tries again', async () => {
    const t = (r = rig());
    await shortDeal(t);
    const heard: TableUpdate[] = [];
    t.service.subscribe((u) => heard.push(u));
    t.now += 25_000;
    t.store.db.exec("CREATE TEMP TRIGGER disk_full BEFORE INSERT ON events BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END");
    expect(t.service.checkIdleDeals(20_000)).toEqual([]);
    expect(heard).toEqual([]);
    t.store.db.exec('DROP TRIGGER disk_full');
    expect(t.service.checkIdleDeals(20_000)).toEqual([T]);
  });

  it('a table without a hand in play is passed over; another table with an idle deal is alerted', async () => {
    const t = (r = rig());
    await shortDeal(t);
    must(t.service.openTable({ tableId: 'T2', pointValue: 100, profile: 'mandarin-house' }));
    t.now += 25_000;
    expect(t.service.checkIdleDeals(20_000)).toEqual([T]);
  });
});

describe('recordDeviceSet', () => {
  it('attachCardSource: an unknown table is refused, naming it', async () => {
    const t = (r = rig());
    openTable(t.service);
    const { shoe, detach } = await attachShoe(t.service);
    const e = t.service.attachCardSource('T9', shoe);
    expect(e).toMatchObject({ ok: false, error: { code: 'unknown-table', message: 'there is no table "T9" on this terminal' } });
    detach();
    await shoe.stop();
  });

  it('records the trimmed reason as the system, in the admin\'s name; no reason is refused', () => {
    const t = (r = rig());
    openTable(t.service);
    expectRefused(t.store, () => t.service.recordDeviceSet({ tableId: 'T9', role: 'shoe', setting: { kind: 'none' } as never, device: null, label: null, staffId: 'boss', reason: 'x' }), 'unknown-table');
    expectRefused(t.store, () => t.service.recordDeviceSet({ tableId: T, role: 'scanner', setting: { kind: 'none' } as never, device: null, label: null, staffId: 'boss', reason: undefined as unknown as string }), 'reason-needed');
    must(t.service.recordDeviceSet({ tableId: T, role: 'scanner', setting: { kind: 'none' } as never, device: null, label: null, staffId: 'boss', reason: '  scanner broken ' }));
    expect(loggedBodies(t, 'device-set')).toEqual([expect.objectContaining({ by: 'system', role: 'scanner', staffId: 'boss', reason: 'scanner broken' })]);
  });
});

describe('reading: tableIds, recall, ledger, replayHand', () => {
  it('tableIds lists every table; recall and ledger refuse an unknown table and a bad count, in words', async () => {
    const { rig: t } = await played();
    must(t.service.openTable({ tableId: 'T2', pointValue: 100, profile: 'mandarin-house' }));
    expect(t.service.tableIds()).toEqual([T, 'T2']);
    expect(expectRefused(t.store, () => t.service.recall('T9'), 'unknown-table').message).toBe('there is no table "T9" on this terminal');
    expect(expectRefused(t.store, () => t.service.ledger('T9'), 'unknown-table').message).toBe('there is no table "T9" on this terminal');
    expect(expectRefused(t.store, () => t.service.recall(T, 0), 'bad-count').message).toBe('count is a whole number from 1, not 0');
    expectRefused(t.store, () => t.service.recall(T, 1.5), 'bad-count');
    expect(must(t.service.recall(T, 1)).map((h) => h.handId)).toEqual(['T1-1']);
    expect(must(t.service.ledger(T)).length).toBeGreaterThan(0);
  });

  it('snapshot of an unknown table is refused naming it; recall gives the last 10 hands by default, newest first', () => {
    const t = (r = rig());
    openTable(t.service);
    expect(t.service.snapshot('T9')).toMatchObject({ ok: false, error: { code: 'unknown-table', message: 'there is no table "T9" on this terminal' } });
    for (let i = 0; i < 11; i++) {
      must(t.service.startHand({ tableId: T }));
      must(t.service.voidHand({ tableId: T, floor: 'Jana', reason: 'practice' }));
    }
    const ten = must(t.service.recall(T));
    expect(ten.map((h) => h.handId)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((n) => `T1-${n}`));
    expect(must(t.service.recall(T, 11))).toHaveLength(11);
  });

  it('replayHand: an unknown hand is named; a stored hand gives each event in order with the state after it', async () => {
    const { rig: t, handId } = await played();
    expect(expectRefused(t.store, () => t.service.replayHand('T1-9'), 'unknown-hand').message).toBe('there is no hand "T1-9" in this database');
    const steps = must(t.service.replayHand(handId));
    const n = t.store.db.prepare('SELECT count(*) FROM events WHERE hand_id = ?').pluck().get(handId) as number;
    expect(steps.map((s) => s.index)).toEqual([...Array(n).keys()]);
    expect(steps[steps.length - 1].state.phase).toBe('closed');
  });
});

describe('a note on a past hand', () => {
  it('an unknown hand, or a hand of another table, is refused naming it; a note on the last hand shows in its state', async () => {
    const { rig: t, handId } = await played();
    must(t.service.openTable({ tableId: 'T2', pointValue: 100, profile: 'mandarin-house' }));
    const note = { floor: 'Jana', reason: 'checked on camera', action: { kind: 'note' as const } };
    expect(expectRefused(t.store, () => t.service.floorCorrection({ tableId: 'T2', handId, ...note }), 'unknown-hand').message).toBe(`there is no hand "${handId}" at table T2`);
    expectRefused(t.store, () => t.service.floorCorrection({ tableId: T, handId: 'T1-9', ...note }), 'unknown-hand');
    refusedCode(t, () => t.service.floorCorrection({ tableId: T, handId, ...note, action: { kind: 'foul-seat', seat: 1 } }));
    const before = must(t.service.snapshot(T)).hand!.state;
    const snap = must(t.service.floorCorrection({ tableId: T, handId, ...note }));
    expect(snap.hand!.state).not.toEqual(before);
    expect(snap.hand!.state).toEqual(must(t.service.replayHand(handId)).at(-1)!.state);
  });
});

describe('snapshots', () => {
  it('each snapshot has its own alert objects: changing one does not change the next', async () => {
    const { rig: t } = await irregularity();
    const a = must(t.service.snapshot(T));
    (a.alerts[0] as { message: string }).message = 'changed';
    expect(must(t.service.snapshot(T)).alerts[0].message).not.toBe('changed');
  });

  it('a reopened terminal knows the last hand played and its number', async () => {
    const { rig: t, handId } = await played();
    const before = must(t.service.snapshot(T)).hand;
    t.reopen();
    expect(must(t.service.snapshot(T)).hand).toEqual(before);
    expect(before).toMatchObject({ handId, number: 1, open: false });
    expect(t.service.startupFindings).toEqual([]);
  });
});

describe('more refusals of the correction calls', () => {
  it('a correction the plan refuses (no seat named) is refused with its code; nothing appended', async () => {
    const t = (r = rig());
    openTable(t.service, { 1: 5000, 2: 5000, 3: 5000 });
    const { shoe, detach } = await attachShoe(t.service);
    const snap = await playHand(t.service, shoe, 11);
    detach();
    await shoe.stop();
    const handId = snap.hand!.handId;
    const e = expectRefused(t.store, () => t.service.correctHand({ tableId: T, handId, floor: 'Jana', reason: 'checked', correction: { kind: 'resettle', seats: [] }, signedBy: [JANA] }), 'nothing-to-correct');
    expect(e.message).toBe('a correction names at least one seat');
    expectRefused(t.store, () => t.service.previewCorrection({ tableId: T, handId, correction: { kind: 'resettle', seats: [] } }), 'nothing-to-correct');
  });
});

describe('more of the refusals and the start-up load', () => {
  it('no hand played yet: no chips of a correction to move', () => {
    const t = (r = rig());
    openTable(t.service);
    expect(expectRefused(t.store, () => t.service.executeCorrectionPayment({ tableId: T, index: 0 }), 'no-correction').message).toBe('there are no chips of a correction to move');
  });

  it('a checkpoint the fold refuses: named with its log row, the table not dealt at', async () => {
    const t = (r = rig());
    openTable(t.service, { 1: 5000, 2: 5000, 3: 5000 });
    const { shoe, detach } = await attachShoe(t.service);
    await playHand(t.service, shoe, 1);
    detach();
    await shoe.stop();
    const last = JSON.parse(t.store.db.prepare("SELECT body FROM events WHERE type = 'table-checkpoint' ORDER BY id DESC LIMIT 1").pluck().get() as string);
    const bad = t.store.write((tx) => [tx.append({ tableId: T, body: { ...last, handsStarted: -1 } })])[0];
    t.reopen();
    expect(t.service.startupFindings).toEqual([
      { code: 'table-does-not-replay', message: `table T1: its checkpoint at log row ${bad.id} is not valid: table-checkpoint: handsStarted must be a whole number from 0, not -1` },
      { code: 'table-does-not-replay', message: `table T1 cannot be rebuilt from its log: log row ${bad.id} (table-checkpoint): table-checkpoint: handsStarted is -1, the table has 1` },
    ]);
    expect(t.service.alerts().map((a) => [a.kind, a.code])).toEqual([['integrity', 'table-does-not-replay'], ['integrity', 'table-does-not-replay']]);
    // Loaded as it stood before the bad row: the hand played is there, and the table does not deal.
    expect(must(t.service.snapshot(T)).hand).toMatchObject({ handId: 'T1-1', open: false });
    expectRefused(t.store, () => t.service.startHand({ tableId: T }), 'record-damaged');
    // Clearing it cannot make the table deal: the floor is told to restore the file.
    const [alert] = t.service.alerts();
    const e = expectRefused(t.store, () => t.service.acknowledgeAlert({ alertId: alert.id, by: 'Jana', as: 'floor', note: 'seen' }), 'repair-needed');
    expect(e.message).toBe(`alert ${alert.id}: table T1's log cannot be folded past a damaged row; clearing it would not let the table deal. Restore the database from its last good copy (or move the table to a new file) with a technician`);
  });

  it('damage found again at the next start is not raised twice; other damage of the same kind is raised beside it', () => {
    const t = (r = rig());
    openTable(t.service, { 1: 5000, 2: 5000 });
    const edit = (sql: string): void => {
      t.store.close();
      const db = new Database(t.path);
      db.prepare(sql).run(T);
      db.close();
      t.reopen();
    };
    edit('UPDATE seats SET stack = 1 WHERE table_id = ? AND seat = 2');
    const [first] = t.service.alerts();
    expect(first).toMatchObject({ kind: 'integrity', code: 'query-tables-differ' });
    t.reopen();
    expect(t.service.alerts()).toEqual([first]);
    expect(t.service.startupFindings).toEqual([{ code: 'query-tables-differ', message: first.message }]);
    edit('UPDATE seats SET stack = 2 WHERE table_id = ? AND seat = 1');
    const alerts = t.service.alerts();
    expect(alerts.map((a) => a.code)).toEqual(['query-tables-differ', 'query-tables-differ']);
    expect(alerts[0]).toEqual(first);
    expect(alerts[1].message).toContain("seat 1's row has a stack of 2");
  });

  it('a stored hand that no longer replays: replayHand and a note on it name the event and its log row', async () => {
    const { rig: t, handId } = await played();
    const bad = t.store.write((tx) => [tx.append({ tableId: T, handId, body: { type: 'seat-ready', at: '2025-03-01T21:00:00.000Z', by: 'dealer', seat: 9 } })])[0];
    const n = t.store.db.prepare('SELECT count(*) FROM events WHERE hand_id = ?').pluck().get(handId) as number;
    const e = expectRefused(t.store, () => t.service.replayHand(handId), 'replay-failed');
    expect(e.message).toMatch(new RegExp(`^hand ${handId}, event ${n} \\(seat-ready, log row ${bad.id}\\): .+`));
    const note = expectRefused(t.store, () => t.service.floorCorrection({ tableId: T, handId, floor: 'Jana', reason: 'checked', action: { kind: 'note' } }), 'replay-failed');
    expect(note.message).toMatch(new RegExp(`^hand ${handId} does not replay: .+`));
  });

  it('under a hold for damage the hand in play may still be ended by a misdeal; a ruling that plays on is refused', () => {
    const t = (r = rig());
    openTable(t.service, { 1: 5000, 2: 5000 });
    must(t.service.startHand({ tableId: T }));
    t.store.close();
    const db = new Database(t.path);
    db.prepare('UPDATE seats SET stack = 1 WHERE table_id = ? AND seat = 2').run(T);
    db.close();
    t.reopen();
    expect(t.service.alerts().map((a) => a.kind)).toEqual(['integrity']);
    expectRefused(t.store, () => t.service.floorCorrection({ tableId: T, floor: 'Fiona', reason: 'r', action: { kind: 'foul-seat', seat: 1 } }), 'record-damaged');
    const snap = must(t.service.callMisdeal({ tableId: T, cause: 'floor-ruling', floor: 'Fiona', detail: 'record being checked' }));
    expect(snap.hand!.state.abort).toMatchObject({ kind: 'misdeal', cause: 'floor-ruling' });
  });

  it("an alert of a table this terminal did not load is refused naming the table", async () => {
    const t = (r = rig());
    const other = new TableService(t.store); // started before T1 was opened: it does not know T1
    openTable(t.service);
    must(t.service.startHand({ tableId: T }));
    must(t.service.callMisdeal({ tableId: T, cause: 'floor-ruling', floor: 'Jana', detail: 'cards flashed' }));
    const [alert] = t.service.alerts();
    const e = expectRefused(t.store, () => other.acknowledgeAlert({ alertId: alert.id, by: 'Eva' }), 'unknown-table');
    expect(e.message).toBe(`alert ${alert.id} is of table T1, which is not on this terminal`);
  });
});

describe('a ruling clears exactly the alert of its irregularity', () => {
  it('two irregularities of one kind: a ruling on the second clears its own alert, not the first', async () => {
    const t = (r = rig());
    openTable(t.service);
    const snap = await showsOthers(t, shuffledDeck(31), [[1, 2], [3, 4]]);
    const [first, second] = snap.alerts;
    expect([first.code, second.code]).toEqual(['card-of-other-seat', 'card-of-other-seat']);
    const irr = snap.hand!.state.irregularities[1];
    const after = must(t.service.floorCorrection({ tableId: T, floor: 'Jana', reason: 'camera', action: { kind: 'resolve-irregularity', irregularity: irr.id, ruling: 'accept' }, signedBy: [JANA] }));
    expect(after.alerts.map((a) => a.id)).toEqual([first.id]);
    expect(loggedBodies(t, 'alert-acknowledged').map((b) => b.alertId)).toEqual([second.id]);
  });

  it("the same irregularity in the next hand: the ruling clears this hand's alert, an earlier hand's stays raised", async () => {
    const t = (r = rig());
    openTable(t.service);
    const deck = shuffledDeck(31);
    const one = await showsOthers(t, deck, [[1, 2]]);
    must(t.service.voidHand({ tableId: T, floor: 'Jana', reason: 'a card was flashed' }));
    // The button stays after a void: the same deck gives the same seats the same cards.
    const two = await showsOthers(t, deck, [[1, 2]]);
    expect(two.hand!.handId).toBe('T1-2');
    const [old, now] = two.alerts;
    expect(old.id).toBe(one.alerts[0].id);
    expect(now.handId).toBe('T1-2');
    expect(two.hand!.state.irregularities[0].detail).toBe(one.hand!.state.irregularities[0].detail);
    const after = must(t.service.floorCorrection({ tableId: T, floor: 'Jana', reason: 'camera', action: { kind: 'resolve-irregularity', irregularity: two.hand!.state.irregularities[0].id, ruling: 'accept' } }));
    expect(after.alerts.map((a) => a.id)).toEqual([old.id]);
  });

  it('a ruling after the floor already cleared the alert is recorded all the same', async () => {
    const t = (r = rig());
    openTable(t.service);
    const snap = await showsOthers(t, shuffledDeck(31), [[1, 2]]);
    must(t.service.acknowledgeAlert({ alertId: snap.alerts[0].id, by: 'Jana', as: 'floor' }));
    const after = must(t.service.floorCorrection({ tableId: T, floor: 'Jana', reason: 'camera', action: { kind: 'resolve-irregularity', irregularity: snap.hand!.state.irregularities[0].id, ruling: 'accept' } }));
    expect(after.hand!.state.irregularities[0].resolution).toMatchObject({ ruling: 'accept', by: 'floor:Jana' });
    expect(loggedBodies(t, 'alert-acknowledged')).toHaveLength(1);
  });
});
