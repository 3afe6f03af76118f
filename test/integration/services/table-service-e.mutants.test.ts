/**
 * The table service's commands (app/services/table-service.ts, lines 1-962) on a real database
 * file: what a command given a value of the wrong kind answers (a refusal naming the problem,
 * never a thrown TypeError), the words a refused card names, the defaults a command fills in,
 * and where a subscriber's error goes when no one asked for it. Written to kill the survivors of
 * Stryker's mutants of that part of the file (docs/testing.md).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bestArrangement } from '../../../app/domain/arrange';
import { openStore } from '../../../app/services/store';
import { TableService, type TableUpdate } from '../../../app/services/table-service';
import { tamper } from '../store/temp';
import { expectRefused, must, openTable, otherSeatsCardScanned, rig, scannerAtShowdown, ScriptedShoe, T, type Rig } from './helpers';

let r: Rig;
beforeEach(() => {
  r = rig();
});
afterEach(() => {
  vi.unstubAllGlobals();
  r.cleanup();
});

describe('openTable', () => {
  it('names the table by its id when no name is given, or the name is blank or not a text', () => {
    expect(must(r.service.openTable({ tableId: 'T7', pointValue: 100 })).name).toBe('T7');
    expect(must(r.service.openTable({ tableId: 'T8', name: '   ', pointValue: 100 })).name).toBe('T8');
    expect(must(r.service.openTable({ tableId: 'T9', name: 42 as never, pointValue: 100 })).name).toBe('T9');
    expect(must(r.service.openTable({ tableId: 'T6', name: ' Main ', pointValue: 100 })).name).toBe('Main');
  });
});

describe('changeRules', () => {
  it('with no profile given keeps the profile the table plays (not the default preset)', () => {
    must(r.service.openTable({ tableId: T, pointValue: 100, profile: 'western' }));
    const snap = must(r.service.changeRules({ tableId: T, staffId: 'A1', reason: 'stakes only', pointValue: 200 }));
    expect(snap.profile.name).toBe('western');
    expect(snap.pointValue).toBe(200);
  });
});

describe('seatPlayer', () => {
  it('with no name, or a blank one, or one that is not a text, records no name', () => {
    must(r.service.openTable({ tableId: T, pointValue: 100 }));
    must(r.service.seatPlayer({ tableId: T, seat: 1, playerId: 'p1', buyIn: 5000 }));
    must(r.service.seatPlayer({ tableId: T, seat: 2, playerId: 'p2', name: '  ', buyIn: 5000 }));
    must(r.service.seatPlayer({ tableId: T, seat: 3, playerId: 'p3', name: 3 as never, buyIn: 5000 }));
    const seated = r.store.db.prepare("SELECT body FROM events WHERE type = 'player-seated' ORDER BY id").pluck().all() as string[];
    expect(seated.map((b) => 'name' in (JSON.parse(b) as object))).toEqual([false, false, false]);
  });
});

describe('startHand with a hand still in play at a table found damaged at start-up', () => {
  it('is refused for the hand in play (what the dealer can act on), not for the damage', () => {
    openTable(r.service);
    must(r.service.startHand({ tableId: T }));
    must(r.service.cardRead({ tableId: T, card: 0, seq: 0 }));
    r.store.close();
    tamper(r.path, 'DELETE FROM events WHERE id = (SELECT max(id) FROM events)');
    r.reopen();
    expect(r.service.alerts({ tableId: T }).filter((a) => a.kind === 'integrity').length).toBeGreaterThan(0);
    expect(must(r.service.snapshot(T)).hand).not.toBeNull();
    const e = expectRefused(r.store, () => r.service.startHand({ tableId: T }), 'hand-in-play');
    expect(e.message).not.toContain('damage');
  });
});

describe('damage found at start-up that cannot be recorded', () => {
  it('stops the start with the table, each damage found (three here) and why they could not be written (no alert can say it)', () => {
    openTable(r.service);
    must(r.service.startHand({ tableId: T }));
    r.store.close();
    tamper(r.path, 'DELETE FROM events WHERE id = (SELECT max(id) FROM events); DROP INDEX hands_by_start;');
    r.store = openStore(r.path, { clock: () => (r.now += 1000) });
    r.store.db.exec("CREATE TEMP TRIGGER disk_full BEFORE INSERT ON main.events BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;");
    expect(() => new TableService(r.store)).toThrow(
      /^table T1: the start-up check found damage and could not record it \(the database's schema is not the terminal's: index hands_by_start is missing; log row \d+: rows .+\): the terminal could not record this \(nothing was changed\): database or disk is full$/,
    );
  });
});

describe('a command given a value of the wrong kind is refused in words, not thrown', () => {
  it('dealerOn with a dealer that is not a text: refused as a dealer with no name, nothing written', () => {
    must(r.service.openTable({ tableId: T, pointValue: 100 }));
    const e = expectRefused(r.store, () => r.service.dealerOn({ tableId: T, dealer: 7 as never }), 'name-needed');
    expect(e.message).toMatch(/dealer/i);
  });

  it('seatPlayer with a player id that is not a text: refused as a player with no id', () => {
    must(r.service.openTable({ tableId: T, pointValue: 100 }));
    const e = expectRefused(r.store, () => r.service.seatPlayer({ tableId: T, seat: 1, playerId: 7 as never, buyIn: 5000 }), 'player-needed');
    expect(e.message).toMatch(/player/i);
  });

  it('floorCorrection with a floor that is not a text: refused, the correction must be signed', () => {
    openTable(r.service);
    must(r.service.startHand({ tableId: T }));
    const e = expectRefused(r.store, () => r.service.floorCorrection({ tableId: T, floor: 7 as never, reason: 'x', action: { kind: 'note' } }), 'name-needed');
    expect(e.message).toBe('a floor correction is signed by the floor manager (name)');
  });

  it('callMisdeal with a floor that is not a text: refused, the floor manager must be named', () => {
    openTable(r.service);
    must(r.service.startHand({ tableId: T }));
    const e = expectRefused(r.store, () => r.service.callMisdeal({ tableId: T, cause: 'floor-ruling', floor: 7 as never }), 'name-needed');
    expect(e.message).toBe('a misdeal called by the floor is signed by the floor manager (name)');
  });
});

describe('a card that is not a card is refused with the command it came with', () => {
  it('cardRead: "card read: …"', () => {
    openTable(r.service);
    must(r.service.startHand({ tableId: T }));
    const e = expectRefused(r.store, () => r.service.cardRead({ tableId: T, card: 52 }), 'bad-card');
    expect(e.message).toBe('card read: 52 is not a card code (0..51)');
  });

  it('declareSurrender: "surrendered hand card 1: …"; declareNatural: "natural card 1: …"', () => {
    openTable(r.service);
    must(r.service.startHand({ tableId: T }));
    const s = expectRefused(r.store, () => r.service.declareSurrender({ tableId: T, seat: 1, cards: [60] }), 'bad-card');
    expect(s.message).toBe('surrendered hand card 1: 60 is not a card code (0..51)');
    const n = expectRefused(r.store, () => r.service.declareNatural({ tableId: T, seat: 1, natural: 'six-pairs', cards: [60] }), 'bad-card');
    expect(n.message).toBe('natural card 1: 60 is not a card code (0..51)');
  });

  it('placeCard: "placed card: …"', () => {
    openTable(r.service);
    must(r.service.startHand({ tableId: T }));
    const e = expectRefused(r.store, () => r.service.placeCard({ tableId: T, seat: 1, card: 99, row: 'front' }), 'bad-card');
    expect(e.message).toBe('placed card: 99 is not a card code (0..51)');
  });
});

describe("the floor's ruling on an irregularity, signed by no one (an empty signature list)", () => {
  it('clears its alert in the floor\'s name, with no staff id', async () => {
    openTable(r.service, { 1: 5000, 2: 5000 });
    const snap = await otherSeatsCardScanned(r.service, [1, 2]);
    const irr = snap.hand!.state.irregularities[0];
    const ruled = must(r.service.floorCorrection({
      tableId: T, floor: 'Jana', reason: 'plays as it lies', action: { kind: 'resolve-irregularity', irregularity: irr.id, ruling: 'accept' }, signedBy: [],
    }));
    expect(ruled.alerts).toEqual([]);
    const ack = JSON.parse(r.store.db.prepare("SELECT body FROM events WHERE type = 'alert-acknowledged'").pluck().get() as string) as Record<string, unknown>;
    expect(ack).toMatchObject({ by: 'floor:Jana', person: 'Jana' });
    expect('staffId' in ack).toBe(false);
  });
});

describe("the scanner's cards held for a seat's rows", () => {
  it('stay held through a hand event the floor commits meanwhile; the rest of the rows then completes them', async () => {
    const scanner = new ScriptedShoe('scanner', 'scanner');
    const snap = await scannerAtShowdown(r.service, scanner);
    const seat = snap.scanTarget!.seat;
    const rows = bestArrangement(snap.hand!.state.seats[seat - 1].dealt).hand;
    const cards = [...rows.front, ...rows.middle, ...rows.back];
    for (const card of cards.slice(0, 2)) scanner.card(card, null);
    const held = must(r.service.snapshot(T)).scanTarget;
    expect(held).toMatchObject({ seat, cards: cards.slice(0, 2) });
    must(r.service.floorCorrection({ tableId: T, floor: 'Jana', reason: 'watching the scan', action: { kind: 'note' } }));
    expect(must(r.service.snapshot(T)).scanTarget).toEqual(held);
    for (const card of cards.slice(2)) scanner.card(card, null);
    expect(must(r.service.snapshot(T)).hand!.state.seats[seat - 1].scanned).toEqual({ front: rows.front, middle: rows.middle, back: rows.back });
  });
});

describe('a subscriber that throws, with no onListenerError given', () => {
  it('has its error thrown again on its own (a microtask), where the process hears it, and the others still hear the update', () => {
    const queued: (() => void)[] = [];
    vi.stubGlobal('queueMicrotask', (task: () => void) => queued.push(task));
    const heard: TableUpdate[] = [];
    r.service.subscribe(() => {
      throw new Error('screen gone');
    });
    r.service.subscribe((u) => heard.push(u));
    must(r.service.openTable({ tableId: T, pointValue: 100 }));
    vi.unstubAllGlobals();
    expect(heard.length).toBeGreaterThan(0);
    expect(queued).toHaveLength(heard.length);
    for (const task of queued) expect(task).toThrow('screen gone');
  });
});
