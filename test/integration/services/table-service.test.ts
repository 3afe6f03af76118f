/**
 * The table service on a real database file: a hand from the first card out of the shoe to
 * the last chip paid, what the query tables say afterwards, write-ahead (a failed write
 * changes nothing, not even in memory), pushed updates only after the commit, the showdown
 * scanner, device faults, and the refusals in words.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bestArrangement } from '../../../app/domain/arrange';
import { formatCards } from '../../../app/domain/cards';
import { presetJson } from '../../../app/domain/profiles';
import { verifyChain } from '../../../app/services/audit';
import type { TableUpdate } from '../../../app/services/table-service';
import { InProcessShoe } from '../../../hardware/sim/in-process-shoe';
import { attachShoe, expectRefused, must, openTable, playHand, rig, T, type Rig } from './helpers';

let r: Rig;
beforeEach(() => {
  r = rig();
});
afterEach(() => r.cleanup());

describe('a whole hand', () => {
  it('is dealt by the shoe, set, settled, paid and closed; the query tables follow', async () => {
    openTable(r.service);
    const { shoe } = await attachShoe(r.service);
    const snap = await playHand(r.service, shoe, 11);
    const hand = snap.hand!;
    expect(hand.open).toBe(false);
    expect(hand.state.phase).toBe('closed');
    const result = hand.state.settlement!.result;
    const db = r.store.db;

    const row = db.prepare('SELECT * FROM hands WHERE id = ?').get(hand.handId) as Record<string, unknown>;
    expect(row).toMatchObject({ table_id: T, number: 1, button: 1, dealer: 'Eva', outcome: 'played', phase: 'closed', profile_name: 'mandarin-house' });
    const settled = db.prepare('SELECT type, hand_id, body FROM events WHERE id = ?').get(row.settled_event_id) as { type: string; hand_id: string; body: string };
    expect(settled).toMatchObject({ type: 'settled', hand_id: hand.handId });
    expect(JSON.parse(settled.body).result).toEqual(JSON.parse(JSON.stringify(result)));
    const events = db.prepare('SELECT type FROM events WHERE hand_id = ? ORDER BY hand_seq').pluck().all(hand.handId) as string[];
    expect(events[0]).toBe('hand-started');
    expect(events.filter((t) => t === 'card-dealt')).toHaveLength(52);
    expect(events.slice(-1)).toEqual(['hand-closed']);
    expect(events).toContain('deal-ended');
    expect(events.length).toBeGreaterThan(65);

    const payments = db.prepare('SELECT from_seat, to_seat, amount, executed_at IS NOT NULL AS done FROM payments WHERE hand_id = ? ORDER BY ordinal').all(hand.handId);
    expect(payments).toEqual(result.payments.map((p) => ({ from_seat: p.from, to_seat: p.to, amount: p.amount, done: 1 })));
    // the stack after the hand, per seat, in hand_seats, seats and the ledger
    for (const s of [1, 2, 3, 4]) {
      const net = result.net[String(s)];
      const after = 5000 + net;
      expect(db.prepare('SELECT stack_before, net, stack_after FROM hand_seats WHERE hand_id = ? AND seat = ?').get(hand.handId, s)).toEqual({ stack_before: 5000, net, stack_after: after });
      expect(snap.seats[s - 1].stack).toBe(after);
      expect(db.prepare('SELECT stack FROM seats WHERE table_id = ? AND seat = ?').pluck().get(T, s)).toBe(after);
      expect(db.prepare("SELECT amount, stack_after FROM chip_ledger WHERE hand_id = ? AND seat = ? AND kind = 'hand'").get(hand.handId, s)).toEqual({ amount: net, stack_after: after });
    }
    // the button moves one seat after a completed hand
    expect(snap.button).toBe(2);
    expect(db.prepare('SELECT button FROM tables WHERE id = ?').pluck().get(T)).toBe(2);
    expect(verifyChain(db).ok).toBe(true);
  });

  it('refuses in words: no dealer, too few players, a second hand, actions out of phase; a refusal appends nothing', () => {
    const db = r.store;
    must(r.service.openTable({ tableId: T, pointValue: 100 }));
    must(r.service.seatPlayer({ tableId: T, seat: 1, playerId: 'a', buyIn: 2000 }));
    expect(expectRefused(db, () => r.service.startHand({ tableId: T }), 'no-dealer').message).toContain('sign a dealer on');
    must(r.service.dealerOn({ tableId: T, dealer: 'Eva' }));
    expectRefused(db, () => r.service.startHand({ tableId: T }), 'not-enough-players');
    must(r.service.seatPlayer({ tableId: T, seat: 3, playerId: 'b', buyIn: 2000 }));
    must(r.service.startHand({ tableId: T }));
    expect(expectRefused(db, () => r.service.startHand({ tableId: T }), 'hand-in-play').message).toContain('hand 1 is still in play');
    // the fold's guard, in its words
    expect(expectRefused(db, () => r.service.openShowdown({ tableId: T }), 'not-ready-to-open').message.length).toBeGreaterThan(10);
    expectRefused(db, () => r.service.settle({ tableId: 'T9' }), 'unknown-table');
    expectRefused(db, () => r.service.openTable({ tableId: 'bad id!', pointValue: 1 }), 'bad-table-id');
    expectRefused(db, () => r.service.openTable({ tableId: T, pointValue: 1 }), 'table-exists');
    expectRefused(db, () => r.service.openTable({ tableId: 'T2', pointValue: 100, profile: 'klondike' }), 'unknown-preset');
    expectRefused(db, () => r.service.openTable({ tableId: 'T2', pointValue: 0 }), 'bad-point-value');
    expectRefused(db, () => r.service.dealerOn({ tableId: T, dealer: 'Petr' }), 'hand-in-play');
  });

  it('a misdeal called by the floor must name the floor manager; a blank name is refused and appends nothing', () => {
    openTable(r.service);
    must(r.service.startHand({ tableId: T }));
    for (const floor of ['', '   ']) {
      expectRefused(r.store, () => r.service.callMisdeal({ tableId: T, cause: 'floor-ruling', floor, detail: 'cards flashed' }), 'name-needed');
    }
    const snap = must(r.service.callMisdeal({ tableId: T, cause: 'floor-ruling', floor: ' Jana ', detail: 'cards flashed' }));
    expect(snap.hand).toMatchObject({ open: false, state: { phase: 'misdealt' } });
    const by = r.store.db.prepare("SELECT json_extract(body, '$.by') FROM events WHERE type = 'misdeal-called'").pluck().get();
    expect(by).toBe('floor:Jana');
  });

  it('a surrender the chips cannot cover is refused with the sums; then accepted once covered', async () => {
    // a house profile with a 10-point surrender: 10 x 3 opponents x 100 = 3000 > a 2000 stack
    must(r.service.openTable({ tableId: T, pointValue: 100, profile: { ...presetJson('mandarin-house'), name: 'house-surrender-10', surrenderPenalty: 10 } }));
    must(r.service.dealerOn({ tableId: T, dealer: 'Eva' }));
    for (const [seat, stack] of [[1, 5000], [2, 5000], [3, 2000], [4, 5000]] as const) must(r.service.seatPlayer({ tableId: T, seat, playerId: `p${seat}`, buyIn: stack }));
    const { shoe } = await attachShoe(r.service);
    must(r.service.startHand({ tableId: T }));
    await shoe.deal(3);
    const refused = r.service.declareSurrender({ tableId: T, seat: 3 });
    expect(refused.ok || refused.error.code).toBe('surrender-not-covered');
    if (!refused.ok) expect(refused.error.message).toMatch(/2,?000 in chips does not cover .*3,?000/);
    const accepted = must(r.service.declareSurrender({ tableId: T, seat: 1 }));
    expect(accepted.hand!.state.seats[0].surrender).not.toBeNull();
    expect(r.store.db.prepare("SELECT count(*) FROM events WHERE type = 'surrender-declared'").pluck().get()).toBe(1);
  });
});

describe('write-ahead', () => {
  it('a write that fails changes nothing, not even in memory; the same command then succeeds', async () => {
    openTable(r.service);
    const { shoe } = await attachShoe(r.service);
    must(r.service.startHand({ tableId: T }));
    await shoe.deal(5);
    let snap = must(r.service.snapshot(T));
    for (const s of [1, 2, 3, 4] as const) must(r.service.seatReady({ tableId: T, seat: s }));
    snap = must(r.service.openShowdown({ tableId: T }));
    for (const s of snap.hand!.state.seats) must(r.service.setHand({ tableId: T, seat: s.seat, ...bestArrangement(s.dealt).hand }));
    const before = r.store.db.prepare('SELECT count(*) FROM events').pluck().get();
    // the disk refuses the settlement's rows
    r.store.db.exec("CREATE TEMP TRIGGER fail_payments BEFORE INSERT ON main.payments BEGIN SELECT RAISE(ABORT, 'disk full'); END;");
    const failed = r.service.settle({ tableId: T });
    expect(failed.ok || failed.error).toMatchObject({ code: 'store-failed', message: expect.stringContaining('disk full') });
    expect(r.store.db.prepare('SELECT count(*) FROM events').pluck().get()).toBe(before);
    expect(must(r.service.snapshot(T)).hand!.state.phase).toBe('showdown');
    expect(must(r.service.snapshot(T)).hand!.state.settlement).toBeNull();
    r.store.db.exec('DROP TRIGGER temp.fail_payments');
    expect(must(r.service.settle({ tableId: T })).hand!.state.phase).toBe('paying');
    expect(verifyChain(r.store.db).ok).toBe(true);
  });

  it('subscribers hear of a change only once it is committed; a throwing subscriber does not stop the others', async () => {
    const errors: unknown[] = [];
    r.store.close();
    r.reopen();
    const service = new (r.service.constructor as typeof import('../../../app/services/table-service').TableService)(r.store, { onListenerError: (e) => errors.push(e) });
    const seen: TableUpdate[] = [];
    const committedAtCallback: boolean[] = [];
    service.subscribe(() => {
      throw new Error('a broken screen');
    });
    service.subscribe((u) => {
      seen.push(u);
      if (u.kind === 'state-changed') {
        for (const e of u.events) committedAtCallback.push(r.store.db.prepare('SELECT 1 FROM events WHERE id = ?').get(e.id) !== undefined && !r.store.db.inTransaction);
      }
    });
    openTable(service);
    must(service.startHand({ tableId: T }));
    expect(seen.filter((u) => u.kind === 'state-changed').length).toBeGreaterThanOrEqual(7);
    expect(committedAtCallback.length).toBeGreaterThanOrEqual(8);
    expect(committedAtCallback.every(Boolean)).toBe(true);
    expect(errors.length).toBe(seen.length);
    const last = seen[seen.length - 1];
    expect(last.kind === 'state-changed' && last.table.hand?.state.phase).toBe('dealing');
  });
});

describe('devices', () => {
  it('a jam and an unplug raise device-fault alerts and are logged; the deal goes on', async () => {
    openTable(r.service);
    const updates: TableUpdate[] = [];
    r.service.subscribe((u) => updates.push(u));
    const { shoe } = await attachShoe(r.service, ['jam@10:0', 'unplug@20:0']);
    must(r.service.startHand({ tableId: T }));
    await shoe.deal(9);
    const snap = must(r.service.snapshot(T));
    expect(snap.hand!.state.phase).toBe('setting'); // no card was lost: no misdeal
    const faults = r.service.alerts({ tableId: T }).filter((a) => a.kind === 'device-fault');
    expect(faults.map((a) => a.code)).toEqual(['jam', 'disconnected']);
    expect(faults[1].message).toContain('simulated unplug');
    const logged = r.store.db.prepare("SELECT json_extract(body, '$.status') FROM events WHERE type = 'device-status' ORDER BY id").pluck().all();
    expect(logged).toEqual(['connected', 'jam', 'ready', 'disconnected', 'connected', 'shoe-empty']);
    expect(updates.some((u) => u.kind === 'device-status' && u.device.status === 'jam' && u.device.fault)).toBe(true);
    expect(snap.devices[0]).toMatchObject({ role: 'shoe', simulated: true, status: 'shoe-empty', fault: false });
  });

  it('a card read with no hand in play is refused to subscribers and kept in the log, outside any hand', async () => {
    openTable(r.service);
    const refused: TableUpdate[] = [];
    r.service.subscribe((u) => u.kind === 'device-input-refused' && refused.push(u));
    const { shoe } = await attachShoe(r.service);
    await shoe.feed([0, 1]);
    expect(refused).toHaveLength(2);
    expect(refused[0]).toMatchObject({ kind: 'device-input-refused', error: { code: 'no-hand-in-play' } });
    const logged = r.store.db.prepare("SELECT hand_id, body FROM events WHERE type = 'device-read-refused' ORDER BY id").all() as { hand_id: string | null; body: string }[];
    expect(logged.map((e) => e.hand_id)).toEqual([null, null]);
    expect(logged.map((e) => JSON.parse(e.body))).toEqual([
      expect.objectContaining({ role: 'shoe', card: '2s', code: 'no-hand-in-play' }),
      expect.objectContaining({ role: 'shoe', card: '2h', code: 'no-hand-in-play' }),
    ]);
    expect(r.service.alerts({ tableId: T, raised: true })).toEqual([]);
  });

  /** Seats 2 and 4 dealt by the shoe and ready, a scanner attached, the showdown open. */
  async function scannerAtShowdown() {
    openTable(r.service, { 2: 5000, 4: 5000 });
    const { shoe } = await attachShoe(r.service);
    const scanner = new InProcessShoe({ paceMs: 0, role: 'scanner', id: 'sim:scanner' });
    must(r.service.attachCardSource(T, scanner));
    await scanner.start();
    must(r.service.startHand({ tableId: T }));
    await shoe.deal(21);
    must(r.service.seatReady({ tableId: T, seat: 2 }));
    must(r.service.seatReady({ tableId: T, seat: 4 }));
    return { scanner, snap: must(r.service.openShowdown({ tableId: T })) };
  }

  it('the scanner refuses a card that is not the seat\'s at once, logs it and raises an irregularity alert (issue 5)', async () => {
    const { scanner, snap } = await scannerAtShowdown();
    const seats = snap.hand!.state.seats;
    const own = bestArrangement(seats[1].dealt).hand;
    const ofSeat4 = seats[3].dealt[0];
    const ofDeadSeat1 = seats[0].dealt[0];
    const refused: TableUpdate[] = [];
    r.service.subscribe((u) => u.kind === 'device-input-refused' && refused.push(u));
    await scanner.feed([own.front[0], ofSeat4, ofDeadSeat1]);
    expect(refused.map((u) => u.kind === 'device-input-refused' && u.error.code)).toEqual(['card-not-this-seats', 'card-not-this-seats']);
    const messages = refused.map((u) => (u.kind === 'device-input-refused' ? u.error.message : ''));
    expect(messages[0]).toContain(`${formatCards([ofSeat4])} is not one of Seat 2's cards: it was dealt to Seat 4`);
    // The row keeps only the seat's own card; the dealer scans on.
    expect(must(r.service.snapshot(T)).scanTarget).toMatchObject({ seat: 2, row: 'front', cards: [own.front[0]] });
    const alerts = r.service.alerts({ tableId: T, raised: true });
    expect(alerts.map((a) => [a.kind, a.code])).toEqual([['irregularity', 'card-not-this-seats'], ['irregularity', 'card-not-this-seats']]);
    const logged = r.store.db.prepare("SELECT body FROM events WHERE type = 'device-read-refused'").pluck().all() as string[];
    expect(logged.map((b) => JSON.parse(b).card)).toEqual(formatCards([ofSeat4, ofDeadSeat1]).split(' '));
    await scanner.feed([...own.front.slice(1), ...own.middle, ...own.back]);
    expect(must(r.service.snapshot(T)).hand!.state.seats[1].hand?.source).toBe('scanner');
    // A whole row with a foreign card is refused by the hand itself too.
    const row = r.service.scanRow({ tableId: T, seat: 4, row: 'front', cards: [ofDeadSeat1, ...seats[3].dealt.slice(1, 3)] });
    expect(row.ok || row.error.code).toBe('card-not-this-seats');
  });

  it('the showdown scanner fills the rows the showdown expects, seat after seat', async () => {
    let { scanner, snap } = await scannerAtShowdown();
    expect(snap.scanTarget).toEqual({ seat: 2, row: 'front', cards: [], size: 3, held: {}, question: null }); // left of the button (1) first
    for (const seat of [2, 4] as const) {
      const set = bestArrangement(snap.hand!.state.seats[seat - 1].dealt).hand;
      await scanner.feed([...set.front, ...set.middle.slice(0, 2)]);
      snap = must(r.service.snapshot(T));
      expect(snap.scanTarget).toMatchObject({ seat, row: 'middle', cards: set.middle.slice(0, 2) });
      await scanner.feed([...set.middle.slice(2), ...set.back]);
    }
    snap = must(r.service.snapshot(T));
    expect(snap.scanTarget).toBeNull();
    const rows = r.store.db.prepare("SELECT json_extract(body, '$.seat') AS seat, json_extract(body, '$.row') AS row FROM events WHERE type = 'row-scanned' ORDER BY id").all();
    expect(rows).toEqual([2, 4].flatMap((seat) => ['front', 'middle', 'back'].map((row) => ({ seat, row }))));
    expect(snap.hand!.state.seats[1].hand?.source).toBe('scanner');
    expect(must(r.service.settle({ tableId: T })).hand!.state.phase).toBe('paying');
  });
});

describe('the showdown irregularity', () => {
  it('a card dealt to another seat blocks settlement, raises an alert, and the floor resolves it', async () => {
    openTable(r.service);
    const { shoe } = await attachShoe(r.service);
    must(r.service.startHand({ tableId: T }));
    await shoe.deal(31);
    for (const s of [1, 2, 3, 4] as const) must(r.service.seatReady({ tableId: T, seat: s }));
    let snap = must(r.service.openShowdown({ tableId: T }));
    const seats = snap.hand!.state.seats;
    const one = bestArrangement(seats[0].dealt).hand;
    // seat 1's scan shows one of seat 2's cards in place of his own
    const foreign = seats[1].dealt[0];
    const wrong = { front: [foreign, ...one.front.slice(1)], middle: one.middle, back: one.back };
    snap = must(r.service.setHand({ tableId: T, seat: 1, ...wrong, source: 'scanner' }));
    const irr = snap.hand!.state.irregularities;
    expect(irr).toHaveLength(1);
    expect(snap.alerts.map((a) => [a.kind, a.code])).toEqual([['irregularity', 'card-of-other-seat']]);
    expect(snap.alerts[0].message).toContain(formatCards([foreign]));
    for (const s of [2, 3, 4] as const) must(r.service.setHand({ tableId: T, seat: s, ...bestArrangement(seats[s - 1].dealt).hand }));
    const blocked = r.service.settle({ tableId: T });
    expect(blocked.ok || blocked.error.code).toBe('not-ready-to-settle');
    const replaced = must(r.service.floorCorrection({
      tableId: T, floor: 'Jana', reason: 'seat 1 scanned a neighbour\'s card; the cards on the felt were checked', action: { kind: 'replace-hand', seat: 1, ...one },
    }));
    expect(replaced.hand!.state.irregularities[0].resolution).toMatchObject({ ruling: 'hand-replaced', by: 'floor:Jana' });
    expect(must(r.service.settle({ tableId: T })).hand!.state.phase).toBe('paying');
    const correction = r.store.db.prepare("SELECT body FROM events WHERE type = 'floor-correction'").pluck().get() as string;
    expect(JSON.parse(correction)).toMatchObject({ by: 'floor:Jana', reason: expect.stringContaining('neighbour'), action: { kind: 'replace-hand', seat: 1 } });
  });
});
