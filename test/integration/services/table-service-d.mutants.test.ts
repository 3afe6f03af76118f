/**
 * The start-up load of `TableService` (app/services/table-service.ts: `load`, the query rows
 * compared with the fold, the held scanner cards taken up again, the open hand resumed) and the
 * replay of a stored hand, on a real SQLite file: what the floor reads when a table's log does
 * not add up (the finding's code and words, naming the log row, its type and its hand), which
 * tables load and deal, the cards a waiting scanner had sent before a restart (only the seat and
 * rows being scanned, each once, none before a refusal that ended the scan), and a resume that
 * cannot be recorded named. Written to kill the mutants the older tests left.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { formatCard, type Card } from '../../../app/domain/cards';
import { openStore } from '../../../app/services/store';
import { replayStoredHand, TableService, type TableUpdate } from '../../../app/services/table-service';
import { tamper } from '../store/temp';
import { shuffledDeck } from '../../../hardware/sim/deck';
import { attachShoe, expectRefused, must, openTable, playedHand, rig, scannerAtShowdown, ScriptedShoe, T, type Rig } from './helpers';

let r: Rig | undefined;
afterEach(() => {
  r?.cleanup();
  r = undefined;
});

const AT = '2025-03-01T21:00:00.000Z';
const FAIL_WRITES = "CREATE TEMP TRIGGER disk_full BEFORE INSERT ON main.events BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;";

/** Appends one table event as it stands (no fold), as a terminal of another version or a crash might have left it; returns its log row. */
function append(t: Rig, tableId: string, body: Record<string, unknown>, handId: string | null = null): number {
  return t.store.write((tx) => tx.append({ tableId, handId, body: body as never })).id;
}

function lastId(t: Rig): number {
  return t.store.db.prepare('SELECT max(id) FROM events').pluck().get() as number;
}

describe('a table whose log cannot even open it', () => {
  it("is named in the start-up findings (once), not loaded; the other tables load and deal", () => {
    const t = (r = rig());
    openTable(t.service);
    const row = append(t, 'T2', { type: 'table-opened', at: AT, by: 'dealer', tableId: 'T2', name: 'T2', pointValue: 100 });
    t.reopen();
    expect(t.service.startupFindings).toHaveLength(1);
    const [f] = t.service.startupFindings;
    expect(f.code).toBe('table-does-not-replay');
    expect(f.message.startsWith(`table T2 cannot be rebuilt from its log: log row ${row} (table-opened): `)).toBe(true);
    expect(f.message.length).toBeGreaterThan(`table T2 cannot be rebuilt from its log: log row ${row} (table-opened): `.length);
    expect(t.service.tableIds()).toEqual([T]);
    expectRefused(t.store, () => t.service.snapshot('T2'), 'unknown-table');
    expect(t.service.alerts()).toEqual([]);
    expect(must(t.service.startHand({ tableId: T })).hand!.handId).toBe('T1-1');
  });
});

describe("an entry of a table's log the fold refuses", () => {
  it("of a hand: named with its row, type and hand; the table loads as it stood before it, with an integrity alert, and the hand is not resumed", () => {
    const t = (r = rig());
    openTable(t.service);
    must(t.service.startHand({ tableId: T }));
    const before = must(t.service.snapshot(T));
    const row = append(t, T, { type: 'payment-executed', at: AT, by: 'dealer', index: 0, from: 1, to: 2, amount: 5 }, 'T1-1');
    const events = lastId(t);
    t.reopen();
    const prefix = `table T1 cannot be rebuilt from its log: log row ${row} (payment-executed of hand T1-1): `;
    expect(t.service.startupFindings.map((f) => f.code)).toEqual(['table-does-not-replay']);
    const message = t.service.startupFindings[0].message;
    expect(message.startsWith(prefix)).toBe(true);
    expect(message.length).toBeGreaterThan(prefix.length);
    const alerts = t.service.alerts({ tableId: T });
    expect(alerts.map((a) => [a.kind, a.code, a.message])).toEqual([['integrity', 'table-does-not-replay', message]]);
    const snap = must(t.service.snapshot(T));
    expect(snap.hand).toEqual(before.hand);
    // nothing but the alert was appended (no follow-up of the hand)
    expect(t.store.db.prepare('SELECT type FROM events WHERE id > ?').pluck().all(events)).toEqual(['alert-raised']);
  });

  it('of the table itself: named with its row and type, no hand', () => {
    const t = (r = rig());
    openTable(t.service);
    const row = append(t, T, { type: 'table-opened', at: AT, by: 'dealer', tableId: T, name: 'again', pointValue: 100, mode: 'shoe', seqModulo: 100, button: 1, profile: must(t.service.snapshot(T)).profile });
    t.reopen();
    const [f] = t.service.startupFindings;
    expect(t.service.startupFindings).toHaveLength(1);
    expect(f.code).toBe('table-does-not-replay');
    expect(f.message.startsWith(`table T1 cannot be rebuilt from its log: log row ${row} (table-opened): `)).toBe(true);
    expect(t.service.alerts({ tableId: T }).map((a) => a.message)).toEqual([f.message]);
    expectRefused(t.store, () => t.service.startHand({ tableId: T }), 'record-damaged');
  });
});

describe("a table's last checkpoint that is not valid", () => {
  it('is named with its row; the table is folded from its opening instead, up to that checkpoint, which does not match', async () => {
    const t = (r = rig());
    await playedHand(t);
    const good = must(t.service.snapshot(T));
    const row = append(t, T, { type: 'table-checkpoint', at: AT, by: 'system' });
    t.reopen();
    const findings = t.service.startupFindings;
    expect(findings.map((f) => f.code)).toEqual(['table-does-not-replay', 'table-does-not-replay']);
    expect(findings[0].message.startsWith(`table T1: its checkpoint at log row ${row} is not valid: `)).toBe(true);
    expect(findings[0].message.length).toBeGreaterThan(`table T1: its checkpoint at log row ${row} is not valid: `.length);
    expect(findings[1].message.startsWith(`table T1 cannot be rebuilt from its log: log row ${row} (table-checkpoint): `)).toBe(true);
    expect(t.service.alerts({ tableId: T }).map((a) => a.message)).toEqual(findings.map((f) => f.message));
    const snap = must(t.service.snapshot(T));
    expect(snap.seats).toEqual(good.seats);
    expect(snap.handsStarted).toBe(1);
    expect(snap.hand).toMatchObject({ handId: 'T1-1', open: false });
  });
});

describe('query rows that differ from the fold', () => {
  it('are named, every difference, in one finding and its alert', async () => {
    const t = (r = rig());
    await playedHand(t);
    const stacks = t.store.db.prepare(`SELECT seat, stack FROM seats WHERE table_id = '${T}' ORDER BY seat`).all() as { seat: number; stack: number }[];
    t.store.db.exec(`UPDATE seats SET stack = stack + 100 WHERE table_id = '${T}' AND seat = 1; UPDATE tables SET hands_started = 9 WHERE id = '${T}';`);
    t.reopen();
    const message = `table T1: the query tables differ from the log: tables.hands_started is 9, the log says 1; seat 1's row has a stack of ${stacks[0].stack + 100}, the log ${stacks[0].stack}`;
    expect(t.service.startupFindings).toEqual([{ code: 'query-tables-differ', message }]);
    expect(t.service.alerts({ tableId: T }).map((a) => [a.code, a.message])).toEqual([['query-tables-differ', message]]);
  });
});

describe('the last hand after a restart', () => {
  it('is none when the table has dealt no hand yet', () => {
    const t = (r = rig());
    openTable(t.service);
    t.reopen();
    expect(must(t.service.snapshot(T)).hand).toBeNull();
    expect(t.service.startupFindings).toEqual([]);
  });

  it('is none when it no longer replays (the start names it); the table still loads from its checkpoint', async () => {
    const t = (r = rig());
    const handId = await playedHand(t);
    const seats = must(t.service.snapshot(T)).seats;
    t.store.close();
    tamper(t.path, `UPDATE events SET body = json_set(body, '$.amount', 1) WHERE id = (SELECT max(id) FROM events WHERE hand_id = '${handId}' AND type = 'payment-executed')`);
    t.store = openStore(t.path, { clock: () => (t.now += 1000) });
    t.service = new TableService(t.store);
    expect(t.service.startupFindings.length).toBeGreaterThan(0);
    const snap = must(t.service.snapshot(T));
    expect(snap.hand).toBeNull();
    expect(snap.seats).toEqual(seats);
  });
});

describe('a note on a past hand', () => {
  it('is heard by subscribers with its event', async () => {
    const t = (r = rig());
    const handId = await playedHand(t);
    must(t.service.nextHand({ tableId: T }));
    const heard: TableUpdate[] = [];
    t.service.subscribe((u) => void heard.push(u));
    must(t.service.floorCorrection({ tableId: T, handId, floor: 'Jana', reason: 'checked on camera', action: { kind: 'note' } }));
    const changed = heard.filter((u) => u.kind === 'state-changed');
    expect(changed).toHaveLength(1);
    expect(changed[0].kind === 'state-changed' && changed[0].events.map((e) => [e.type, e.handId])).toEqual([['floor-correction', handId]]);
  });
});

describe('the held scanner cards taken up after a restart', () => {
  it("are the seat's being scanned, of the rows still expected, each once, none from another seat or from before a refusal that ended the scan; a shoe's refusal ends no scan", async () => {
    const t = (r = rig());
    const scanner = new ScriptedShoe('path:/dev/ttySCAN', 'scanner');
    let snap = await scannerAtShowdown(t.service, scanner);
    const seat2 = snap.hand!.state.seats[1].dealt;
    const seat4 = snap.hand!.state.seats[3].dealt;
    expect(snap.scanTarget).toMatchObject({ seat: 2, row: 'front' });
    // seat 2's front row recorded on its own: the scanner now expects its middle row
    snap = must(t.service.scanRows({ tableId: T, seat: 2, rows: [{ row: 'front', cards: seat2.slice(0, 3).map(formatCard) }] }));
    expect(snap.scanTarget).toMatchObject({ seat: 2, row: 'middle', cards: [] });
    const held = (c: Card, row: string, seat = 2) => append(t, T, { type: 'scanner-card-held', at: AT, by: 'device', device: 'path:/dev/ttySCAN', seat, row, card: formatCard(c), seq: null, raw: '00' });
    const refused = (role: 'shoe' | 'scanner', code: string) => append(t, T, { type: 'device-read-refused', at: AT, by: 'device', device: role === 'shoe' ? 'path:/dev/ttyS0' : 'path:/dev/ttySCAN', role, code, message: code });
    held(seat2[3], 'middle');
    refused('scanner', 'scan-discarded'); // ends the scan: the card before it is dropped
    held(seat2[4], 'middle');
    held(seat2[5], 'middle');
    refused('shoe', 'sequence-gap'); // a shoe's refusal: the scan goes on
    refused('scanner', 'scanned-twice'); // a refusal of one card: the scan goes on
    held(seat2[5], 'middle'); // the same card again: once
    held(seat4[0], 'middle', 4); // another seat's
    held(seat2[6], 'front'); // a row already recorded
    held(seat2[8], 'back');
    t.reopen();
    expect(t.service.startupFindings).toEqual([]);
    expect(must(t.service.snapshot(T)).scanTarget).toMatchObject({ seat: 2, row: 'middle', cards: [seat2[4], seat2[5], seat2[8]] });
  });

  it('are none when no row is being scanned', async () => {
    const t = (r = rig());
    openTable(t.service, { 2: 5000, 4: 5000 });
    const { shoe, detach } = await attachShoe(t.service);
    must(t.service.startHand({ tableId: T }));
    await shoe.deal(21);
    detach();
    await shoe.stop();
    append(t, T, { type: 'scanner-card-held', at: AT, by: 'device', device: 'path:/dev/ttySCAN', seat: 2, row: 'front', card: 'AS', seq: null, raw: '00' });
    t.reopen();
    const snap = must(t.service.snapshot(T));
    expect(snap.scanTarget).toBeNull();
    must(t.service.seatReady({ tableId: T, seat: 2 }));
    must(t.service.seatReady({ tableId: T, seat: 4 }));
    expect(must(t.service.openShowdown({ tableId: T })).scanTarget).toMatchObject({ seat: 2, row: 'front', cards: [] });
  });
});

describe('an open hand whose follow-ups cannot be recorded at start', () => {
  it("stops the start with the table, the hand and the store's words", () => {
    const t = (r = rig());
    openTable(t.service);
    must(t.service.startHand({ tableId: T }));
    shuffledDeck(8).forEach((c, k) => must(t.service.cardRead({ tableId: T, card: c, seq: k % 100 })));
    append(t, T, { type: 'natural-declared', at: AT, by: 'dealer', seat: 2, natural: 'six-pairs' }, 'T1-1');
    t.store.close();
    t.store = openStore(t.path, { clock: () => (t.now += 1000) });
    t.store.db.exec(FAIL_WRITES);
    expect(() => new TableService(t.store)).toThrow(
      new Error('table T1: hand T1-1 could not be resumed: the terminal could not record this (nothing was changed): database or disk is full'),
    );
    t.store.db.exec('DROP TRIGGER temp.disk_full');
    t.service = new TableService(t.store);
    expect(must(t.service.snapshot(T)).hand!.state.seats[1].natural).toMatchObject({ name: 'six-pairs', status: 'rejected' });
  });
});

describe('a stored hand replayed step by step', () => {
  it('gives each event with its index and the state after it', async () => {
    const t = (r = rig());
    const handId = await playedHand(t);
    const steps = must(replayStoredHand(t.store, handId));
    const events = t.store.handEvents(handId);
    expect(steps.map((s) => [s.index, s.event.id])).toEqual(events.map((e, i) => [i, e.id]));
    expect(steps.at(-1)!.state).toEqual(must(t.service.snapshot(T)).hand!.state);
    expect(steps[0].state.info).not.toBeNull();
  });

  it('names a hand that is not in the database', () => {
    const t = (r = rig());
    expect(replayStoredHand(t.store, 'T9-1')).toEqual({ ok: false, error: { code: 'unknown-hand', message: 'there is no hand "T9-1" in this database' } });
  });

  it("names the event that does not apply: its number in the hand, type and log row", () => {
    const t = (r = rig());
    openTable(t.service);
    must(t.service.startHand({ tableId: T }));
    const row = append(t, T, { type: 'payment-executed', at: AT, by: 'dealer', index: 0, from: 1, to: 2, amount: 5 }, 'T1-1');
    const n = t.store.handEvents('T1-1').length;
    const r2 = replayStoredHand(t.store, 'T1-1');
    expect(r2.ok).toBe(false);
    if (r2.ok) return;
    expect(r2.error.code).toBe('replay-failed');
    expect(r2.error.message.startsWith(`hand T1-1, event ${n} (payment-executed, log row ${row}): `)).toBe(true);
    expect(r2.error.message.length).toBeGreaterThan(`hand T1-1, event ${n} (payment-executed, log row ${row}): `.length);
  });
});
