/**
 * The last part of `TableService` (app/services/table-service.ts: the note on a past hand, the
 * raised-alerts cache every snapshot carries, what subscribers hear, the start-up load) and a few
 * commit paths, on a real SQLite file: a failed write changes nothing in memory and is refused as
 * `store-failed`; an alert a device raised keeps the device in its record; acknowledging or raising
 * an alert shows in the next snapshot; subscribers hear each raised alert; the last hand is taken
 * up again after a restart. Written to kill the mutants the older tests left.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { StatusBody } from '../../../hardware/card-source';
import type { TableUpdate } from '../../../app/services/table-service';
import { attachShoe, expectRefused, loggedBodies, must, openTable, playedHand, rig, ScriptedShoe, T, type Rig } from './helpers';

let r: Rig | undefined;
afterEach(() => {
  r?.cleanup();
  r = undefined;
});

const FAIL_WRITES = "CREATE TEMP TRIGGER disk_full BEFORE INSERT ON main.events BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;";

/** Three seats, one hand played to its last payment (seed 11), the shoe detached. */
async function played(): Promise<{ t: Rig; handId: string }> {
  const t = (r = rig());
  return { t, handId: await playedHand(t) };
}

describe('a write that fails changes nothing', () => {
  it('a hand that cannot be recorded is refused as store-failed and does not start', () => {
    const t = (r = rig());
    openTable(t.service);
    t.store.db.exec(FAIL_WRITES);
    const e = expectRefused(t.store, () => t.service.startHand({ tableId: T }), 'store-failed');
    expect(e.message).toContain('the terminal could not record this (nothing was changed)');
    expect(must(t.service.snapshot(T)).hand).toBeNull();
    t.store.db.exec('DROP TRIGGER temp.disk_full');
    expect(must(t.service.startHand({ tableId: T })).hand!.handId).toBe('T1-1');
  });

  it("a note on a past hand that cannot be recorded is refused as store-failed; the last hand's state stays", async () => {
    const { t, handId } = await played();
    const before = must(t.service.snapshot(T));
    t.store.db.exec(FAIL_WRITES);
    expectRefused(t.store, () => t.service.floorCorrection({ tableId: T, handId, floor: 'Jana', reason: 'checked', action: { kind: 'note' } }), 'store-failed');
    expect(must(t.service.snapshot(T))).toEqual(before);
  });
});

describe("a device's alert", () => {
  it('keeps the device in its record; the snapshot shows it at once, and no more once acknowledged', () => {
    const t = (r = rig());
    openTable(t.service);
    const heard: TableUpdate[] = [];
    t.service.subscribe((u) => void heard.push(u));
    const shoe = new ScriptedShoe('path:/dev/ttyS7');
    must(t.service.attachCardSource(T, shoe));
    expect(must(t.service.snapshot(T)).alerts).toEqual([]); // read (and cached) before the fault
    shoe.status({ status: 'heartbeat-lost', silentMs: 5000 } as StatusBody);
    const [raised] = loggedBodies(t, 'alert-raised');
    expect(raised).toMatchObject({ kind: 'device-fault', code: 'heartbeat-lost', device: 'path:/dev/ttyS7', message: 'Card shoe: heartbeat-lost (nothing heard for 5000 ms)' });
    const snap = must(t.service.snapshot(T));
    expect(snap.alerts).toHaveLength(1);
    expect(snap.alerts[0]).toMatchObject({ id: raised.alertId, tableId: T, kind: 'device-fault', code: 'heartbeat-lost', message: 'Card shoe: heartbeat-lost (nothing heard for 5000 ms)' });
    // every subscriber hears the change and the alert itself
    const kinds = heard.map((u) => u.kind);
    expect(kinds).toContain('state-changed');
    const alertRaised = heard.filter((u) => u.kind === 'alert-raised');
    expect(alertRaised).toHaveLength(1);
    expect(alertRaised[0]).toMatchObject({ alert: { id: raised.alertId, code: 'heartbeat-lost', tableId: T } });
    const changed = heard.find((u) => u.kind === 'state-changed' && u.events.some((e) => e.type === 'alert-raised'));
    expect(changed).toMatchObject({ tableId: T, table: { alerts: [{ code: 'heartbeat-lost' }] } });
    // each snapshot has its own alert objects
    const a = must(t.service.snapshot(T)).alerts[0];
    (a as { message: string }).message = 'changed by a screen';
    expect(must(t.service.snapshot(T)).alerts[0].message).toBe('Card shoe: heartbeat-lost (nothing heard for 5000 ms)');
    must(t.service.acknowledgeAlert({ alertId: raised.alertId as number, by: 'Eva' }));
    expect(must(t.service.snapshot(T)).alerts).toEqual([]);
    expect(t.service.alerts()).toEqual([]);
  });
});

describe('the last hand after a restart', () => {
  it('is taken up again: a note on it shows in its state, as its replay ends', async () => {
    const { t, handId } = await played();
    const before = must(t.service.snapshot(T));
    t.reopen();
    expect(must(t.service.snapshot(T)).hand).toEqual(before.hand);
    const snap = must(t.service.floorCorrection({ tableId: T, handId, floor: 'Jana', reason: 'checked on camera', action: { kind: 'note' } }));
    expect(snap.hand!.state).not.toEqual(before.hand!.state);
    expect(snap.hand!.state).toEqual(must(t.service.replayHand(handId)).at(-1)!.state);
  });
});

describe("a scanned row held when its hand ends", () => {
  it("is not the next hand's: after a void, the redeal's showdown (and a restart there) shows the seat's scan empty", async () => {
    const t = (r = rig());
    openTable(t.service, { 2: 5000, 4: 5000 });
    const { shoe, detach } = await attachShoe(t.service);
    try {
      const scanner = new ScriptedShoe('path:/dev/ttySCAN', 'scanner');
      must(t.service.attachCardSource(T, scanner));
      const showdown = async (seed: number) => {
        await shoe.deal(seed);
        must(t.service.seatReady({ tableId: T, seat: 2 }));
        must(t.service.seatReady({ tableId: T, seat: 4 }));
        return must(t.service.openShowdown({ tableId: T }));
      };
      must(t.service.startHand({ tableId: T }));
      let snap = await showdown(21);
      const target = snap.scanTarget!;
      const dealt = snap.hand!.state.seats[target.seat - 1].dealt;
      expect(scanner.card(dealt[0], 10)).toBe(1);
      expect(scanner.card(dealt[1], 11)).toBe(1);
      expect(must(t.service.snapshot(T)).scanTarget).toMatchObject({ seat: target.seat, cards: [dealt[0], dealt[1]] });
      must(t.service.voidHand({ tableId: T, floor: 'Jana', reason: 'cards exposed' }));
      must(t.service.nextHand({ tableId: T }));
      snap = await showdown(22);
      expect(snap.scanTarget).toMatchObject({ seat: target.seat, row: 'front', cards: [] });
      t.reopen();
      expect(must(t.service.snapshot(T)).scanTarget).toMatchObject({ seat: target.seat, row: 'front', cards: [] });
    } finally {
      detach();
      await shoe.stop();
    }
  });
});

describe('a resend after a restart, of a held scanned card', () => {
  it("is known by the scanner's last held card with a SEQ, not by a later one that had none: acknowledged, not read again", async () => {
    const t = (r = rig());
    openTable(t.service, { 2: 5000, 4: 5000 });
    const { shoe, detach } = await attachShoe(t.service);
    try {
      const scanner = new ScriptedShoe('path:/dev/ttySCAN', 'scanner');
      must(t.service.attachCardSource(T, scanner));
      must(t.service.startHand({ tableId: T }));
      await shoe.deal(21);
      must(t.service.seatReady({ tableId: T, seat: 2 }));
      must(t.service.seatReady({ tableId: T, seat: 4 }));
      const snap = must(t.service.openShowdown({ tableId: T }));
      const target = snap.scanTarget!;
      const dealt = snap.hand!.state.seats[target.seat - 1].dealt;
      expect(scanner.card(dealt[0], null)).toBe(1);
      expect(scanner.card(dealt[1], 11)).toBe(1);
      expect(scanner.card(dealt[2], null)).toBe(1);
      expect(loggedBodies(t, 'scanner-card-held').map((b) => b.seq)).toEqual([null, 11, null]);
      t.reopen(); // the ACK of SEQ 11 was lost in a crash (so was the last one's)
      expect(must(t.service.snapshot(T)).scanTarget).toMatchObject({ seat: target.seat, held: { front: [dealt[0], dealt[1], dealt[2]] } });
      const again = new ScriptedShoe('path:/dev/ttySCAN', 'scanner');
      must(t.service.attachCardSource(T, again));
      expect(again.card(dealt[1], 11)).toBe(1);
      expect(loggedBodies(t, 'device-read-refused')).toEqual([]);
      expect(loggedBodies(t, 'scanner-card-held')).toHaveLength(3);
    } finally {
      detach();
      await shoe.stop();
    }
  });
});

describe('a note on an earlier hand while the next is in play, after a restart', () => {
  it('is recorded on that hand; the table goes on with the hand in play', async () => {
    const { t, handId } = await played();
    const next = must(t.service.nextHand({ tableId: T })).hand!.handId;
    expect(next).not.toBe(handId);
    t.reopen();
    const snap = must(t.service.floorCorrection({ tableId: T, handId, floor: 'Jana', reason: 'checked on camera', action: { kind: 'note' } }));
    expect(snap.hand!.handId).toBe(next);
    expect(t.store.db.prepare("SELECT hand_id FROM events WHERE type = 'floor-correction'").pluck().all()).toEqual([handId]);
  });
});

describe('a correction other than a note on a past hand', () => {
  it("is refused by the hand's own rules, in the hand's words: the hand is closed, nothing more can happen in it", async () => {
    const { t, handId } = await played();
    must(t.service.nextHand({ tableId: T }));
    const e = expectRefused(t.store, () => t.service.floorCorrection({ tableId: T, handId, floor: 'Jana', reason: 'wrong', action: { kind: 'foul-seat', seat: 1 } }), 'hand-over');
    expect(e.message).toBe('floor-correction: the hand is closed; nothing more can happen in this hand');
  });
});
