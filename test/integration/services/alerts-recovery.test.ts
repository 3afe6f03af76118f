/**
 * Alerts stay raised until someone acknowledges them (who, when, a note), across restarts;
 * an open hand is rebuilt from its events after a restart and goes on where it stopped,
 * including the follow-ups that were not yet appended when the process died.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bestArrangement } from '../../../app/domain/arrange';
import { replayHands, verifyChain } from '../../../app/services/audit';
import { shuffledDeck } from '../../../hardware/sim/deck';
import { attachShoe, expectRefused, must, openTable, rig, T, type Rig } from './helpers';

let r: Rig;
beforeEach(() => {
  r = rig();
});
afterEach(() => r.cleanup());

describe('alerts', () => {
  it('stay raised across restarts until acknowledged; the acknowledgement (who, when, note) survives too', async () => {
    openTable(r.service);
    const { shoe } = await attachShoe(r.service, ['jam@5:0']);
    must(r.service.startHand({ tableId: T }));
    await shoe.feed(shuffledDeck(4).slice(0, 12));
    must(r.service.callMisdeal({ tableId: T, cause: 'floor-ruling', floor: 'Jana', detail: 'cards flashed' }));
    const raised = r.service.alerts();
    expect(raised.map((a) => [a.kind, a.code])).toEqual([['device-fault', 'jam'], ['misdeal', 'floor-ruling']]);

    r.reopen();
    expect(r.service.alerts()).toEqual(raised);
    const jam = raised[0];
    const acked = must(r.service.acknowledgeAlert({ alertId: jam.id, by: 'Jana Novakova', note: 'shoe cleaned' }));
    expect(acked.acknowledged).toEqual({ by: 'Jana Novakova', at: expect.stringMatching(/^2025-03-01T20:/), note: 'shoe cleaned' });
    expect(r.service.acknowledgeAlert({ alertId: jam.id, by: 'Petr' })).toMatchObject({ ok: false, error: { code: 'already-acknowledged', message: expect.stringContaining('Jana Novakova') } });
    expect(r.service.acknowledgeAlert({ alertId: 999, by: 'Petr' })).toMatchObject({ ok: false, error: { code: 'no-such-alert' } });
    expect(r.service.acknowledgeAlert({ alertId: raised[1].id, by: '  ' })).toMatchObject({ ok: false, error: { code: 'name-needed' } });

    r.reopen();
    expect(r.service.alerts().map((a) => a.code)).toEqual(['floor-ruling']);
    expect(r.service.alerts({ raised: false })).toEqual([acked]);
    expect(must(r.service.snapshot(T)).alerts.map((a) => a.code)).toEqual(['floor-ruling']);
    const ackEvent = JSON.parse(r.store.db.prepare("SELECT body FROM events WHERE type = 'alert-acknowledged'").pluck().get() as string);
    expect(ackEvent).toMatchObject({ alertId: jam.id, person: 'Jana Novakova', note: 'shoe cleaned' });
    expect(verifyChain(r.store.db).ok).toBe(true);
  });
});

describe('recovery of the open hand', () => {
  it('a hand stopped mid-deal is rebuilt from its events and finishes where it stopped', async () => {
    openTable(r.service);
    const deck = shuffledDeck(8);
    must(r.service.startHand({ tableId: T }));
    deck.slice(0, 23).forEach((card, k) => must(r.service.cardRead({ tableId: T, card, seq: k })));
    r.reopen(); // no clean shutdown: the store is closed and a new service reads the file
    let snap = must(r.service.snapshot(T));
    expect(snap.hand).toMatchObject({ handId: 'T1-1', open: true });
    expect(snap.hand!.state.deal.reads).toBe(23);
    expect(snap.hand!.state.deal.lastSeq).toBe(22);
    // the shoe's count goes on; a card numbered as if reads were lost would be a misdeal
    deck.slice(23).forEach((card, i) => must(r.service.cardRead({ tableId: T, card, seq: (23 + i) % 100 })));
    snap = must(r.service.snapshot(T));
    expect(snap.hand!.state.phase).toBe('setting');
    for (const s of [1, 2, 3, 4] as const) must(r.service.seatReady({ tableId: T, seat: s }));
    snap = must(r.service.openShowdown({ tableId: T }));
    r.reopen();
    for (const s of snap.hand!.state.seats) must(r.service.setHand({ tableId: T, seat: s.seat, ...bestArrangement(s.dealt).hand }));
    snap = must(r.service.settle({ tableId: T }));
    must(r.service.executePayment({ tableId: T, index: 0 }));
    r.reopen();
    snap = must(r.service.snapshot(T));
    const payments = snap.hand!.state.settlement!.result.payments;
    for (let i = 1; i < payments.length; i++) snap = must(r.service.executePayment({ tableId: T, index: i }));
    expect(snap.hand).toMatchObject({ handId: 'T1-1', open: false });
    expect(snap.hand!.state.phase).toBe('closed');
    expect(replayHands(r.store).problems).toEqual([]);
    expect(verifyChain(r.store.db).ok).toBe(true);
  });

  it('follow-ups that were not appended before the crash are appended on start', () => {
    openTable(r.service);
    const deck = shuffledDeck(8);
    must(r.service.startHand({ tableId: T }));
    deck.forEach((card, k) => must(r.service.cardRead({ tableId: T, card, seq: k % 100 })));
    // As if the process died right after committing a declaration, before its verdict:
    // the declaration is appended by hand, without the follow-up.
    const at = '2025-03-01T21:00:00.000Z';
    r.store.write((tx) => tx.append({ tableId: T, handId: 'T1-1', body: { type: 'natural-declared', at, by: 'dealer', seat: 2, natural: 'six-pairs' } }));
    r.reopen();
    const state = must(r.service.snapshot(T)).hand!.state;
    expect(state.seats[1].natural).toMatchObject({ name: 'six-pairs', status: 'rejected' });
    const types = r.store.db.prepare("SELECT type, json_extract(body, '$.by') AS by FROM events WHERE hand_id = 'T1-1' ORDER BY hand_seq DESC LIMIT 2").all();
    expect(types).toEqual([{ type: 'natural-rejected', by: 'system' }, { type: 'natural-declared', by: 'dealer' }]);
  });

  it('a log that no longer folds: the start names the hand, raises an integrity alert and the table does not deal', () => {
    openTable(r.service);
    must(r.service.startHand({ tableId: T }));
    r.store.write((tx) => tx.append({ tableId: T, handId: 'T1-1', body: { type: 'payment-executed', at: '2025-03-01T21:00:00.000Z', by: 'dealer', index: 0, from: 1, to: 2, amount: 5 } }));
    r.reopen();
    expect(r.service.startupFindings.map((f) => f.message)).toEqual([expect.stringMatching(/table T1 cannot be rebuilt from its log: log row \d+ \(payment-executed of hand T1-1\)/)]);
    expect(r.service.alerts({ tableId: T }).filter((a) => a.kind === 'integrity')).toHaveLength(1);
    expectRefused(r.store, () => r.service.endDeal({ tableId: T }), 'record-damaged');
  });
});
