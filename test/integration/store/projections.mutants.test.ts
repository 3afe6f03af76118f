/**
 * The query tables the projections (app/services/projections.ts) write from the events: what a
 * real store holds after real commands through the table service (tables, sessions, seats,
 * chip_ledger, hands, hand_seats, payments, alerts), each row checked against the events it
 * comes from; and the audit's rebuild of those tables from a ProjectionLog (the ranges' fold run
 * on this thread, `RangeRebuild`), which must write the rows the service wrote, at two tables,
 * however the log is cut. Real SQLite files in temp folders, the simulated shoe.
 */
import type Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bestArrangement } from '../../../app/domain/arrange';
import type { SeatNo } from '../../../app/domain/hand';
import { paymentsToMake } from '../../../app/domain/hand/guards';
import { seatStatus } from '../../../app/domain/hand/views';
import { auditTask } from '../../../app/services/audit';
import { ProjectionLog } from '../../../app/services/projections';
import { openStore, type Store } from '../../../app/services/store';
import { MAX_TABLE_PROBLEMS, RangeRebuild, type TablesReport } from '../../../app/services/table-audit';
import type { TableService, TableSnapshot } from '../../../app/services/table-service';
import { shuffledDeck } from '../../../hardware/sim/deck';
import { InProcessShoe } from '../../../hardware/sim/in-process-shoe';
import { must, openTable, rig, T, type Rig } from '../services/helpers';
import { memoryStoresLikeTheRebuild } from './temp';

let r: Rig;
beforeEach(() => {
  r = rig();
});
afterEach(() => r.cleanup());

const rows = (db: Database.Database, sql: string, ...args: unknown[]): unknown[][] => db.prepare(sql).raw(true).all(...args) as unknown[][];
const one = (db: Database.Database, sql: string, ...args: unknown[]): unknown => db.prepare(sql).pluck().get(...args);

/** A simulated shoe attached to table `tableId`. */
async function shoeAt(service: TableService, tableId: string): Promise<InProcessShoe> {
  const shoe = new InProcessShoe({ paceMs: 0, faults: [], heartbeatTimeoutMs: 60_000 });
  must(service.attachCardSource(tableId, shoe));
  await shoe.start();
  return shoe;
}

/** One hand at `tableId` from the deal to the last payment, every seat set by the best arrangement. */
async function play(service: TableService, tableId: string, shoe: InProcessShoe, seed: number): Promise<TableSnapshot> {
  must(service.startHand({ tableId }));
  await shoe.deal(seed);
  let snap = must(service.snapshot(tableId));
  for (const s of snap.hand!.state.seats.filter((x) => x.playing)) {
    if (seatStatus(snap.hand!.state, s.seat) === 'waiting') must(service.seatReady({ tableId, seat: s.seat }));
  }
  snap = must(service.openShowdown({ tableId }));
  for (const s of snap.hand!.state.seats.filter((x) => x.playing)) {
    must(service.setHand({ tableId, seat: s.seat, ...bestArrangement(s.dealt).hand, source: 'touch' }));
  }
  snap = must(service.settle({ tableId }));
  const n = snap.hand!.state.settlement!.executed.length;
  for (let i = 0; i < n; i++) snap = must(service.executePayment({ tableId, index: i }));
  return snap;
}

/** The events of a hand, in order: id, type, recorded_at, body parsed. */
function handEvents(db: Database.Database, handId: string): { id: number; type: string; at: string; body: any }[] {
  return rows(db, 'SELECT id, type, recorded_at, body FROM events WHERE hand_id = ? ORDER BY hand_seq', handId)
    .map(([id, type, at, body]) => ({ id: id as number, type: type as string, at: at as string, body: JSON.parse(body as string) }));
}

describe('the table service writes the table\'s rows from its events', () => {
  it('a table opened, dealers on and off, players seated (with and without a name), bought in short, cashed out, new rules', () => {
    const db = r.store.db;
    openTable(r.service, { 1: 5000, 2: 5000, 3: 3000 });
    must(r.service.buyIn({ tableId: T, seat: 1, amount: 1000 }));
    must(r.service.seatPlayer({ tableId: T, seat: 4, playerId: 'p4', buyIn: 2500 }));
    must(r.service.leaveSeat({ tableId: T, seat: 3 }));
    must(r.service.changeRules({ tableId: T, staffId: 'floor-1', reason: 'high stakes', pointValue: 200, name: 'Dragon' }));
    must(r.service.dealerOff({ tableId: T }));
    must(r.service.dealerOn({ tableId: T, dealer: 'Bo' }));

    const ev = (type: string): number[] => db.prepare('SELECT id FROM events WHERE table_id = ? AND type = ? ORDER BY id').pluck().all(T, type) as number[];
    const at = (id: number): string => one(db, 'SELECT recorded_at FROM events WHERE id = ?', id) as string;
    const [opened] = ev('table-opened');
    expect(rows(db, 'SELECT id, name, profile_name, point_value, button, hands_started, opened_at, opened_event_id FROM tables')).toEqual([
      [T, 'Dragon', 'mandarin-house', 200, 1, 0, at(opened), opened],
    ]);
    const [on1, on2] = ev('dealer-on');
    const [off] = ev('dealer-off');
    expect(rows(db, 'SELECT table_id, dealer, on_at, on_event_id, off_at, off_event_id FROM sessions ORDER BY id')).toEqual([
      [T, 'Eva', at(on1), on1, at(off), off],
      [T, 'Bo', at(on2), on2, null, null],
    ]);
    const seated = ev('player-seated');
    expect(rows(db, 'SELECT seat, player, name, stack, short_buy_in_allowed, seated_at FROM seats ORDER BY seat')).toEqual([
      [1, 'p1', 'Player 1', 6000, 0, at(seated[0])],
      [2, 'p2', 'Player 2', 5000, 1, at(seated[1])],
      [4, 'p4', null, 2500, 1, at(seated[3])],
    ]);
    const buyIns = ev('buy-in');
    const [left] = ev('player-left');
    expect(rows(db, 'SELECT table_id, seat, player, kind, amount, stack_after, hand_id, event_id, at FROM chip_ledger ORDER BY id')).toEqual([
      [T, 1, 'p1', 'buy-in', 5000, 5000, null, buyIns[0], at(buyIns[0])],
      [T, 2, 'p2', 'buy-in', 5000, 5000, null, buyIns[1], at(buyIns[1])],
      [T, 3, 'p3', 'buy-in', 3000, 3000, null, buyIns[2], at(buyIns[2])],
      [T, 1, 'p1', 'short-buy-in', 1000, 6000, null, buyIns[3], at(buyIns[3])],
      [T, 4, 'p4', 'buy-in', 2500, 2500, null, buyIns[4], at(buyIns[4])],
      [T, 3, 'p3', 'cash-out', -3000, 0, null, left, at(left)],
    ]);
  });

  it('alerts raised with their words, acknowledged with and without a note', () => {
    const db = r.store.db;
    openTable(r.service);
    must(r.service.startHand({ tableId: T }));
    must(r.service.callMisdeal({ tableId: T, cause: 'floor-ruling', floor: 'Jana', detail: 'cards flashed' }));
    must(r.service.startHand({ tableId: T }));
    must(r.service.callMisdeal({ tableId: T, cause: 'floor-ruling', floor: 'Jana', detail: 'deck short' }));
    const alerts = r.service.alerts();
    expect(alerts.length).toBeGreaterThanOrEqual(2);
    const raised = rows(db, "SELECT id, body, recorded_at FROM events WHERE type = 'alert-raised' ORDER BY id");
    expect(rows(db, 'SELECT id, table_id, hand_id, kind, code, message, raised_at, raised_event_id FROM alerts ORDER BY id')).toEqual(raised.map(([id, body, at]) => {
      const e = JSON.parse(body as string);
      return [e.alertId, T, e.handId, e.kind, e.code, e.message, at, id];
    }));
    const [a, b] = rows(db, 'SELECT id FROM alerts ORDER BY id').map((x) => x[0] as number);
    must(r.service.acknowledgeAlert({ alertId: a, by: 'Jana', note: 'seen to', as: 'floor' }));
    must(r.service.acknowledgeAlert({ alertId: b, by: 'Jana', as: 'floor' }));
    const acks = rows(db, "SELECT id, recorded_at FROM events WHERE type = 'alert-acknowledged' ORDER BY id");
    expect(rows(db, 'SELECT acknowledged_by, acknowledged_at, ack_note, ack_event_id FROM alerts WHERE id IN (?, ?) ORDER BY id', a, b)).toEqual([
      ['Jana', acks[0][1], 'seen to', acks[0][0]],
      ['Jana', acks[1][1], null, acks[1][0]],
    ]);
  });
});

describe('the table service writes a hand\'s rows from its events', () => {
  it('a played hand: its row, each seat\'s row, the payments ticked, the ledger, the stacks and the button', async () => {
    const db = r.store.db;
    openTable(r.service, { 1: 5000, 2: 4000, 3: 3000, 4: 6000 });
    const shoe = await shoeAt(r.service, T);
    const snap = await play(r.service, T, shoe, 11);
    const handId = snap.hand!.handId;
    const events = handEvents(db, handId);
    const started = events[0];
    const settled = events.find((e) => e.type === 'settled')!;
    const result = settled.body.result;
    const last = events[events.length - 1];
    const lastNotCard = events.filter((e) => e.type !== 'card-dealt').pop()!;
    const session = one(db, 'SELECT id FROM sessions WHERE dealer = ?', 'Eva');

    const fouled = (s: number) => (result.fouled.includes(s) ? 1 : 0);
    const surrendered = (s: number) => (result.surrendered.includes(s) ? 1 : 0);
    const allIn = (s: number) => (result.allIn.includes(s) ? 1 : 0);
    const seats = [1, 2, 3, 4];
    expect(rows(db, `SELECT id, table_id, number, button, dealer, session_id, profile_name, point_value, phase, outcome, started_at, first_event_id,
      last_event_id, settled_event_id, ended_at, misdeal_cause, void_reason, fouls, naturals, surrenders, all_ins, corrections FROM hands`)).toEqual([[
      handId, T, 1, started.body.button, 'Eva', session, 'mandarin-house', 100, 'closed', 'played', started.at, started.id,
      lastNotCard.id, settled.id, last.at, null, null,
      seats.reduce((n, s) => n + fouled(s), 0), seats.filter((s) => result.naturals[String(s)] !== undefined).length,
      seats.reduce((n, s) => n + surrendered(s), 0), seats.reduce((n, s) => n + allIn(s), 0), 0,
    ]]);
    expect(one(db, 'SELECT hands_started FROM tables')).toBe(1);
    expect(one(db, 'SELECT button FROM tables')).toBe(snap.button);
    expect(snap.button).not.toBe(started.body.button);

    const before = { 1: 5000, 2: 4000, 3: 3000, 4: 6000 } as Record<number, number>;
    const stacks = new Map(rows(db, 'SELECT seat, stack FROM seats').map(([s, st]) => [s as number, st as number]));
    expect(rows(db, 'SELECT seat, player, stack_before, points, fouled, natural, surrendered, all_in, net, stack_after FROM hand_seats ORDER BY seat')).toEqual(
      seats.map((s) => [s, `p${s}`, before[s], result.points[String(s)] ?? 0, fouled(s), result.naturals[String(s)] ?? null, surrendered(s), allIn(s),
        stacks.get(s)! - before[s], stacks.get(s)]),
    );
    expect(seats.map((s) => stacks.get(s)! - before[s])).toEqual(seats.map((s) => result.net[String(s)]));
    expect(seats.map((s) => snap.seats[s - 1].stack)).toEqual(seats.map((s) => stacks.get(s)));

    const list = paymentsToMake(result);
    expect(list.length).toBeGreaterThan(0);
    const executed = events.filter((e) => e.type === 'payment-executed').sort((x, y) => x.body.index - y.body.index);
    expect(rows(db, 'SELECT ordinal, from_seat, to_seat, amount, executed_at, executed_event_id FROM payments ORDER BY ordinal')).toEqual(
      list.map((p, i) => [i, p.from, p.to, p.amount, executed[i].at, executed[i].id]),
    );
    expect(rows(db, "SELECT seat, player, amount, stack_after, hand_id, event_id, at FROM chip_ledger WHERE kind = 'hand' ORDER BY id")).toEqual(
      seats.map((s) => [s, `p${s}`, stacks.get(s)! - before[s], stacks.get(s), handId, last.id, last.at]),
    );
  });

  it('a card dealt does not move the hand\'s last event: it stays the last event that was not a card read', () => {
    const db = r.store.db;
    openTable(r.service);
    must(r.service.startHand({ tableId: T }));
    const started = one(db, "SELECT id FROM events WHERE type = 'hand-started'");
    shuffledDeck(8).slice(0, 5).forEach((card, k) => must(r.service.cardRead({ tableId: T, card, seq: k })));
    expect(one(db, "SELECT count(*) FROM events WHERE type = 'card-dealt'")).toBe(5);
    expect(rows(db, 'SELECT phase, first_event_id, last_event_id FROM hands')).toEqual([['dealing', started, started]]);
  });

  it('a hand with a seat empty: only the seats in play have rows, and the hand\'s counts equal its seats\' rows', async () => {
    const db = r.store.db;
    openTable(r.service, { 1: 5000, 2: 5000, 4: 5000 });
    const shoe = await shoeAt(r.service, T);
    const snap = await play(r.service, T, shoe, 5);
    const handId = snap.hand!.handId;
    expect(rows(db, 'SELECT seat FROM hand_seats ORDER BY seat')).toEqual([[1], [2], [4]]);
    expect(rows(db, "SELECT seat FROM chip_ledger WHERE kind = 'hand' ORDER BY id")).toEqual([[1], [2], [4]]);
    const h = rows(db, 'SELECT fouls, naturals, surrenders, all_ins FROM hands WHERE id = ?', handId)[0];
    const s = rows(db, 'SELECT sum(fouled), count(natural), sum(surrendered), sum(all_in) FROM hand_seats WHERE hand_id = ?', handId)[0];
    expect(h).toEqual(s);
  });

  it('a hand voided after the fact: each chip moved back shows in the seats\' stacks and in the ledger with the stack after it', async () => {
    const db = r.store.db;
    openTable(r.service, { 1: 5000, 2: 5000, 3: 5000 });
    const shoe = await shoeAt(r.service, T);
    const played = await play(r.service, T, shoe, 11);
    const handId = played.hand!.handId;
    const signedBy = [{ staffId: 'jana', name: 'Jana' }, { staffId: 'petr', name: 'Petr' }];
    const snap = must(r.service.correctHand({ tableId: T, handId, floor: 'Jana', reason: 'the deck was short a card', correction: { kind: 'void' }, signedBy }));
    const pending = snap.lastPlayed!.pending;
    expect(pending.length).toBeGreaterThan(0);
    const stack = new Map(played.seats.slice(0, 3).map((s) => [s.seat as number, s.stack]));
    const expected: unknown[][] = [];
    for (let i = 0; i < pending.length; i++) {
      must(r.service.executeCorrectionPayment({ tableId: T, index: i }));
      const t = pending[i];
      const id = one(db, "SELECT max(id) FROM events WHERE type = 'correction-payment-executed'");
      stack.set(t.from, stack.get(t.from)! - t.amount);
      stack.set(t.to, stack.get(t.to)! + t.amount);
      expected.push([t.from, -t.amount, stack.get(t.from), handId, id], [t.to, t.amount, stack.get(t.to), handId, id]);
    }
    expect(rows(db, "SELECT seat, amount, stack_after, hand_id, event_id FROM chip_ledger WHERE kind = 'correction' ORDER BY id")).toEqual(expected);
    expect(rows(db, 'SELECT seat, stack FROM seats ORDER BY seat')).toEqual([[1, 5000], [2, 5000], [3, 5000]]);
    expect(must(r.service.snapshot(T)).seats.slice(0, 3).map((s) => s.stack)).toEqual([5000, 5000, 5000]);
    expect(one(db, 'SELECT corrections FROM hands WHERE id = ?', handId)).toBe(1);
  });

  it('a misdeal: its cause, the outcome, no chips moved, the button kept; a voided hand: its reason', async () => {
    const db = r.store.db;
    openTable(r.service);
    must(r.service.startHand({ tableId: T }));
    must(r.service.callMisdeal({ tableId: T, cause: 'floor-ruling', floor: 'Jana', detail: 'cards flashed' }));
    const shoe = await shoeAt(r.service, T);
    must(r.service.startHand({ tableId: T }));
    await shoe.deal(3);
    must(r.service.voidHand({ tableId: T, floor: 'Jana', reason: 'a player was seated late' }));
    expect(rows(db, 'SELECT number, button, phase, outcome, misdeal_cause, void_reason, settled_event_id FROM hands ORDER BY number')).toEqual([
      [1, 1, 'misdealt', 'misdeal', 'floor-ruling', null, null],
      [2, 1, 'voided', 'void', null, 'a player was seated late', null],
    ]);
    expect(one(db, 'SELECT button FROM tables')).toBe(1);
    expect(one(db, 'SELECT hands_started FROM tables')).toBe(2);
    expect(rows(db, 'SELECT DISTINCT net, stack_after FROM hand_seats')).toEqual([[0, 5000]]);
    expect(rows(db, "SELECT DISTINCT amount, stack_after FROM chip_ledger WHERE kind = 'hand'")).toEqual([[0, 5000]]);
    expect(one(db, "SELECT count(*) FROM chip_ledger WHERE kind = 'hand'")).toBe(8);
    expect(rows(db, 'SELECT DISTINCT stack FROM seats')).toEqual([[5000]]);
  });
});

describe('the audit\'s rebuild from ProjectionLogs writes the rows the service wrote', () => {
  /** The tables' report from the log folded as the ranges between `cuts`, each noted in a ProjectionLog and run on this thread. */
  function rangeReport(store: Store, cuts: readonly number[]): TablesReport | null {
    const rebuild = new RangeRebuild(store.migrations);
    try {
      for (let i = 0; i + 1 < cuts.length; i++) {
        const part = auditTask(store.db, { after: cuts[i], upTo: cuts[i + 1], chain: false, hands: false, maxProblems: 50, fold: true });
        expect(rebuild.add(part.fold!)).toBe(true);
      }
      return rebuild.finish(store, MAX_TABLE_PROBLEMS);
    } finally {
      rebuild.close();
    }
  }

  it('an evening at two tables, cut anywhere: hands, seats bought in and left, dealers changed, buttons and counts', async () => {
    const s = r.service;
    openTable(s, { 1: 5000, 2: 5000, 3: 5000 });
    must(s.openTable({ tableId: 'T2', pointValue: 50, profile: 'mandarin-house' }));
    must(s.dealerOn({ tableId: 'T2', dealer: 'Cy' }));
    for (const seat of [1, 2, 3, 4] as SeatNo[]) must(s.seatPlayer({ tableId: 'T2', seat, playerId: `q${seat}`, buyIn: 3000 }));
    const shoe1 = await shoeAt(s, T);
    const shoe2 = await shoeAt(s, 'T2');
    await play(s, T, shoe1, 1);
    await play(s, 'T2', shoe2, 2);
    must(s.leaveSeat({ tableId: 'T2', seat: 3 }));
    must(s.seatPlayer({ tableId: 'T2', seat: 3, playerId: 'q5', buyIn: 2600 }));
    await play(s, T, shoe1, 3);
    must(s.seatPlayer({ tableId: T, seat: 4, playerId: 'p4', buyIn: 4000 }));
    await play(s, 'T2', shoe2, 4);
    must(s.dealerOff({ tableId: T }));
    must(s.dealerOn({ tableId: T, dealer: 'Bo' }));
    await play(s, T, shoe1, 5);
    must(s.startHand({ tableId: 'T2' }));
    must(s.callMisdeal({ tableId: 'T2', cause: 'floor-ruling', floor: 'Jana', detail: 'cards flashed' }));
    await play(s, 'T2', shoe2, 6);
    // a buy-in between two hands of the same seats (no one seated or left since the first)
    must(s.buyIn({ tableId: T, seat: 1, amount: 2000 }));
    await play(s, T, shoe1, 7);

    const store = openStore(r.path, { readonly: true });
    try {
      const max = one(store.db, 'SELECT max(id) FROM events') as number;
      const whole = rangeReport(store, [Number.NEGATIVE_INFINITY, max]);
      expect(whole).not.toBeNull();
      expect(whole!.problems).toEqual([]);
      expect(whole!.ok).toBe(true);
      expect(whole!.rows).toBeGreaterThan(60);
      // cut inside hands, at every table's turn: each range's log starts afresh
      const handStarts = store.db.prepare("SELECT id FROM events WHERE type = 'hand-started' ORDER BY id").pluck().all() as number[];
      const cuts = [Number.NEGATIVE_INFINITY, ...new Set(handStarts.slice(2).flatMap((id) => [id - 3, id + 20]).filter((id) => id < max)), max].sort((a, b) => a - b);
      const cut = rangeReport(store, cuts);
      expect(cut).not.toBeNull();
      expect(cut!.problems).toEqual([]);
      expect(cut!.ok).toBe(true);
    } finally {
      store.close();
    }
  });
});

describe('a ProjectionLog run on a database', () => {
  const AT = '2026-12-01T20:00:00Z';
  const fresh = memoryStoresLikeTheRebuild();
  const run = (db: Database.Database, statements: readonly Parameters<ProjectionLog['note']>[]): void => {
    const log = new ProjectionLog();
    for (const [name, args] of statements) log.note(name, args);
    ProjectionLog.runOn(db, log.noted());
  };

  it('more seats than one INSERT takes are written all the same (batches of rows)', () => {
    const db = fresh();
    const statements: Parameters<ProjectionLog['note']>[] = [];
    for (let h = 0; h < 800; h++) {
      for (const seat of [1, 2, 3, 4]) statements.push(['insertHandSeat', [`T1-${h}`, seat, `P${seat}`, 1000 + h]]);
    }
    run(db, statements);
    expect(one(db, 'SELECT count(*) FROM hand_seats')).toBe(3200);
    expect(one(db, 'SELECT sum(stack_before) FROM hand_seats')).toBe(4 * (800 * 1000 + (799 * 800) / 2));
  });

  it('an update of a seat\'s row inserted in the same log once folding stopped runs after the insert', () => {
    const db = fresh();
    run(db, [
      ['paymentDone', [AT, 1, 'nowhere', 0.5]],
      ['insertHandSeat', ['T1-1', 1, 'P1', 5000]],
      ['handSeatEnded', [400, 5400, 'T1-1', 1]],
      ['insertPayment', ['T1-1', 0, 1, 2, 300]],
      ['paymentDone', [AT, 14, 'T1-1', 0]],
    ]);
    expect(rows(db, 'SELECT net, stack_after FROM hand_seats')).toEqual([[400, 5400]]);
    expect(rows(db, 'SELECT executed_at, executed_event_id FROM payments')).toEqual([[AT, 14]]);
  });

  it('the last write of a row\'s overwritten column stays, row by row: hands\' phases, seats\' stacks, tables\' counts and buttons', () => {
    const db = fresh();
    const table = (id: string) => ['insertTable', [{ id, name: id, profileName: 'classic', profileVersion: 1, profile: '{}', pointValue: 100, mode: 'shoe', seqModulo: 256, button: 1, at: AT, eventId: 1 }]] as Parameters<ProjectionLog['note']>;
    run(db, [
      table('T1'), table('T2'),
      ['seatPlayer', ['T1', 1, 'a', null, AT]], ['seatPlayer', ['T1', 2, 'b', null, AT]], ['seatPlayer', ['T2', 1, 'c', null, AT]],
      ['paymentDone', [AT, 1, 'nowhere', 0.5]],
      ['insertHand', ['T1-1', 'T1', 1, 1, 'classic', 1, 100, 'dealing', AT, 10]],
      ['insertHand', ['T2-1', 'T2', 1, 1, 'classic', 1, 100, 'dealing', AT, 11]],
      ['handsStarted', [1, 'T1']], ['handsStarted', [3, 'T2']],
      ['handStep', ['dealt', 12, 'T1-1']], ['handStep', ['showdown', 13, 'T2-1']],
      ['seatStackOnly', [0, 'T1', 1]], ['seatStackOnly', [700, 'T1', 2]], ['seatStackOnly', [900, 'T2', 1]],
      ['moveButton', [4, 'T1']], ['moveButton', [1, 'T2']],
      ['handStep', ['closed', 14, 'T1-1']],
      ['seatStackOnly', [50, 'T1', 2]],
      ['handsStarted', [2, 'T1']],
      ['moveButton', [2, 'T2']],
    ]);
    expect(rows(db, 'SELECT id, hands_started, button FROM tables ORDER BY id')).toEqual([['T1', 2, 4], ['T2', 3, 2]]);
    expect(rows(db, 'SELECT table_id, seat, stack FROM seats ORDER BY table_id, seat')).toEqual([['T1', 1, 0], ['T1', 2, 50], ['T2', 1, 900]]);
    expect(rows(db, 'SELECT id, phase, last_event_id FROM hands ORDER BY id')).toEqual([['T1-1', 'closed', 14], ['T2-1', 'showdown', 13]]);
  });

  it('a value its column refuses is refused, even where a later write of the same column follows', () => {
    const setUp = (db: Database.Database) => run(db, [
      ['insertTable', [{ id: 'T1', name: 'T1', profileName: 'classic', profileVersion: 1, profile: '{}', pointValue: 100, mode: 'shoe', seqModulo: 256, button: 1, at: AT, eventId: 1 }]],
      ['seatPlayer', ['T1', 1, 'a', null, AT]],
      ['insertHand', ['T1-1', 'T1', 1, 1, 'classic', 1, 100, 'dealing', AT, 10]],
    ]);
    const cases: [Parameters<ProjectionLog['note']>, Parameters<ProjectionLog['note']>, RegExp][] = [
      [['handStep', [null, 12, 'T1-1']], ['handStep', ['closed', 13, 'T1-1']], /NOT NULL constraint failed: hands.phase/],
      [['seatStackOnly', [-1, 'T1', 1]], ['seatStackOnly', [500, 'T1', 1]], /CHECK constraint failed/],
      [['moveButton', [5, 'T1']], ['moveButton', [2, 'T1']], /CHECK constraint failed/],
    ];
    for (const [bad, good, refusal] of cases) {
      const db = fresh();
      setUp(db);
      expect(() => run(db, [bad, good]), `${bad[0]} ${JSON.stringify(bad[1])}`).toThrow(refusal);
    }
  });

  it('refuses a table\'s insert handed over with other than its one argument', () => {
    const log = new ProjectionLog();
    log.note('insertTable', [{ id: 'T1', name: 'T1', profileName: 'classic', profileVersion: 1, profile: '{}', pointValue: 100, mode: 'shoe', seqModulo: 256, button: 1, at: AT, eventId: 1 }]);
    const good = log.noted();
    expect(good.numbers[1]).toBe(1);
    const kinds = Uint8Array.from([...good.kinds, 2]);
    const numbers = Float64Array.from([...good.numbers, 0]);
    numbers[1] = 2;
    expect(() => ProjectionLog.runOn(fresh(), { kinds, numbers, texts: good.texts, others: good.others })).toThrow(/a noted projection is not one the projectors write/);
  });
});
