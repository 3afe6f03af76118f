/**
 * The floor's hand: a void (who, why; no chips move, the button stays), a note on a hand long
 * over (appended to that hand, found by replay), and the one-pass audit over the whole log.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, replayHands } from '../../../app/services/audit';
import { attachShoe, expectRefused, must, openTable, playHand, rig, T, type Rig } from './helpers';

let r: Rig;
beforeEach(() => {
  r = rig();
});
afterEach(() => r.cleanup());

describe('the floor', () => {
  it('voids a hand with a reason: recorded, no chips moved, the button stays', async () => {
    openTable(r.service);
    const { shoe } = await attachShoe(r.service);
    must(r.service.startHand({ tableId: T }));
    await shoe.deal(12);
    expectRefused(r.store, () => r.service.voidHand({ tableId: T, floor: '', reason: 'x' }), 'name-needed');
    const snap = must(r.service.voidHand({ tableId: T, floor: 'Jana', reason: 'a player was seated late' }));
    expect(snap.hand).toMatchObject({ open: false, state: { phase: 'voided' } });
    expect(r.store.db.prepare("SELECT outcome, void_reason FROM hands WHERE id = 'T1-1'").get()).toEqual({ outcome: 'void', void_reason: 'a player was seated late' });
    expect(snap.seats.map((s) => s.stack)).toEqual([5000, 5000, 5000, 5000]);
    expect(snap.button).toBe(1);
  });

  it('adds a note to a hand long over; the audit checks that hand again with it', async () => {
    openTable(r.service);
    const { shoe } = await attachShoe(r.service);
    await playHand(r.service, shoe, 1);
    await playHand(r.service, shoe, 2);
    // Only a note reaches a hand that is over.
    expectRefused(r.store, () => r.service.floorCorrection({ tableId: T, floor: 'Jana', reason: 'wrong', action: { kind: 'foul-seat', seat: 1 }, handId: 'T1-1' }), 'hand-over');
    must(r.service.floorCorrection({ tableId: T, floor: 'Jana', reason: 'player 3 disputed the count; recount confirmed the payments', action: { kind: 'note' }, handId: 'T1-1' }));
    const last = r.store.db.prepare("SELECT hand_id, type, json_extract(body, '$.by') AS by FROM events ORDER BY id DESC LIMIT 1").get();
    expect(last).toEqual({ hand_id: 'T1-1', type: 'floor-correction', by: 'floor:Jana' });
    expect(must(r.service.replayHand('T1-1')).pop()!.event.type).toBe('floor-correction');
    const audit = auditLog(r.store);
    expect(audit.chain).toMatchObject({ ok: true, problems: [] });
    expect(audit.replay).toMatchObject({ ok: true, hands: 2, settled: 2, problems: [] });
    expect('events' in audit.replay && audit.replay.events).toBe(r.store.db.prepare('SELECT count(*) FROM events WHERE hand_id IS NOT NULL').pluck().get());
    expect(replayHands(r.store, { handId: 'T1-1' })).toMatchObject({ ok: true, hands: 1 });
    expectRefused(r.store, () => r.service.floorCorrection({ tableId: T, floor: 'Jana', reason: 'x', action: { kind: 'note' }, handId: 'T1-9' }), 'unknown-hand');
  });
});
