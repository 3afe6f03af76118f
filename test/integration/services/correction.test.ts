/**
 * Correcting a played hand through the table service on a real SQLite file: the correction is a
 * new event (the original settlement stays), the chips to move are ticked off by the dealer, the
 * stacks and the chip ledger follow, the hand search counts it as corrected, a reopened terminal
 * (a crash) keeps the pending chips, and the full audit agrees with everything.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SeatNo } from '../../../app/domain/hand';
import { auditLog } from '../../../app/services/audit';
import { readExport } from '../../../app/services/export';
import { buildReport } from '../../../app/services/report';
import { T, attachShoe, expectRefused, must, openTable, playHand, rig, type Rig } from './helpers';

let r: Rig;
afterEach(() => r?.cleanup());

const JANA = { staffId: 'jana', name: 'Jana' };
const PETR = { staffId: 'petr', name: 'Petr' };

async function playedTable(): Promise<{ handId: string; net: Record<string, number>; stacks: number[] }> {
  r = rig();
  openTable(r.service, { 1: 5000, 2: 5000, 3: 5000 });
  const { shoe, detach } = await attachShoe(r.service);
  const snap = await playHand(r.service, shoe, 11);
  detach();
  const handId = snap.hand!.handId;
  return { handId, net: { ...snap.hand!.state.settlement!.result.net }, stacks: snap.seats.slice(0, 3).map((s) => s.stack) };
}

describe('TableService.correctHand', () => {
  it('re-settles the last played hand with a seat fouled; the dealer ticks each transfer; stacks, ledger and search follow', async () => {
    const { handId, net, stacks } = await playedTable();
    const loser = Number(Object.entries(net).sort((a, b) => b[1] - a[1])[0][0]) as SeatNo; // the hand's biggest winner is ruled fouled
    const snap = must(r.service.correctHand({
      tableId: T, handId, floor: 'Jana', reason: 'seat showed a card from the muck', correction: { kind: 'resettle', seats: [{ kind: 'foul', seat: loser }] },
      signedBy: [JANA, PETR],
    }));
    const played = snap.lastPlayed!;
    expect(played.corrections).toBe(1);
    expect(played.net[String(loser)]).toBeLessThan(0);
    expect(played.pending.length).toBeGreaterThan(0);
    // The original settlement stays in the log, the correction follows it.
    const types = r.store.db.prepare("SELECT type FROM events WHERE type IN ('settled', 'hand-corrected') ORDER BY id").pluck().all();
    expect(types).toEqual(['settled', 'hand-corrected']);
    // The next hand waits for the chips.
    expectRefused(r.store, () => r.service.startHand({ tableId: T }), 'correction-pending');
    for (let i = 0; i < played.pending.length; i++) must(r.service.executeCorrectionPayment({ tableId: T, index: i }));
    const after = must(r.service.snapshot(T));
    expect(after.seats.slice(0, 3).map((s) => s.stack)).toEqual([1, 2, 3].map((seat) => stacks[seat - 1] - net[String(seat)] + played.net[String(seat)]));
    // The ledger's correction rows move the same chips, and the hand search finds the hand as corrected.
    const rows = r.store.db.prepare("SELECT seat, amount FROM chip_ledger WHERE kind = 'correction' AND hand_id = ? ORDER BY id").all(handId) as { seat: number; amount: number }[];
    expect(rows.reduce((n, x) => n + x.amount, 0)).toBe(0);
    for (const seat of [1, 2, 3]) {
      expect(rows.filter((x) => x.seat === seat).reduce((n, x) => n + x.amount, 0)).toBe(played.net[String(seat)] - net[String(seat)]);
    }
    expect(r.store.db.prepare('SELECT corrections FROM hands WHERE id = ?').pluck().get(handId)).toBe(1);
    // The whole audit (chain, replay, tables rebuilt from the log) agrees.
    const audit = auditLog(r.store);
    expect(audit.chain.ok).toBe(true);
    expect(audit.replay).toMatchObject({ ok: true });
    expect(audit.tables).toMatchObject({ ok: true, problems: [] });
    must(r.service.startHand({ tableId: T }));
  });

  it('voids a played hand after the fact: every chip goes back; a crash meanwhile keeps what is still to move', async () => {
    const { handId, stacks, net } = await playedTable();
    const snap = must(r.service.correctHand({ tableId: T, handId, floor: 'Jana', reason: 'the deck was short a card', correction: { kind: 'void' }, signedBy: [JANA, PETR] }));
    const pending = snap.lastPlayed!.pending;
    must(r.service.executeCorrectionPayment({ tableId: T, index: 0 }));
    r.reopen();
    const reopened = must(r.service.snapshot(T));
    expect(reopened.lastPlayed!.pending.map((t) => t.done)).toEqual(pending.map((_, i) => i === 0));
    for (let i = 1; i < pending.length; i++) must(r.service.executeCorrectionPayment({ tableId: T, index: i }));
    const before = stacks.map((s, i) => s - net[String(i + 1)]);
    expect(must(r.service.snapshot(T)).seats.slice(0, 3).map((s) => s.stack)).toEqual(before);
    const audit = auditLog(r.store);
    expect(audit.chain.ok).toBe(true);
    expect(audit.replay).toMatchObject({ ok: true });
    expect(audit.tables).toMatchObject({ ok: true, problems: [] });
  });

  it('the export lists the chips the correction moved, and the report counts them into each seat\'s money', async () => {
    const { handId } = await playedTable();
    const snap = must(r.service.correctHand({ tableId: T, handId, floor: 'Jana', reason: 'the deck was short a card', correction: { kind: 'void' }, signedBy: [JANA, PETR] }));
    const pending = snap.lastPlayed!.pending;
    for (let i = 0; i < pending.length; i++) must(r.service.executeCorrectionPayment({ tableId: T, index: i }));
    const moves = readExport(r.store, {}).ledger.filter((l) => l.kind === 'correction-in' || l.kind === 'correction-out');
    expect(moves).toHaveLength(pending.length * 2);
    expect(moves.filter((l) => l.kind === 'correction-out').reduce((n, l) => n + l.amount, 0)).toBe(pending.reduce((n, t) => n + t.amount, 0));
    const report = buildReport(r.store, {});
    // A hand voided after the fact: every seat's money from it is back to zero.
    expect(report.totals.seats.map((s) => s.net)).toEqual([0, 0, 0]);
    expect(report.totals.corrections).toEqual({ transfers: pending.length, amount: pending.reduce((n, t) => n + t.amount, 0) });
    // Buy-ins are still only buy-ins.
    expect(report.totals.buyIns.count).toBe(3);
  });

  it('refuses without a second floor person when chips move, another hand, or after the next hand started; nothing is appended', async () => {
    const { handId } = await playedTable();
    const base = { tableId: T, handId, floor: 'Jana', reason: 'ruling', correction: { kind: 'void' } as const };
    expectRefused(r.store, () => r.service.correctHand({ ...base, signedBy: [JANA] }), 'second-floor-needed');
    expectRefused(r.store, () => r.service.correctHand({ ...base, handId: 'T1-9', signedBy: [JANA, PETR] }), 'not-correctable');
    expectRefused(r.store, () => r.service.correctHand({ ...base, reason: ' ', signedBy: [JANA, PETR] }), 'reason-needed');
    expectRefused(r.store, () => r.service.executeCorrectionPayment({ tableId: T, index: 0 }), 'no-correction');
    must(r.service.startHand({ tableId: T }));
    expectRefused(r.store, () => r.service.correctHand({ ...base, signedBy: [JANA, PETR] }), 'not-correctable');
  });
});
