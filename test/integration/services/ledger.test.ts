/**
 * The chip ledger through the service (RULES.md 9 and the decisions in docs/store.md): the
 * first buy-in full, one short buy-in after each full one, nothing below the short minimum,
 * no chips added during a hand, a ledger row and the stack after every hand, cash-out on
 * leaving, and a player without chips sitting out.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_POINT_VALUE, MAX_STACK } from '../../../app/domain/money';
import { presetJson } from '../../../app/domain/profiles';
import { replayHands } from '../../../app/services/audit';
import { attachShoe, expectRefused, must, openTable, playHand, rig, T, type Rig } from './helpers';

let r: Rig;
beforeEach(() => {
  r = rig();
});
afterEach(() => r.cleanup());

function code(x: { ok: boolean; error?: { code: string } }): string {
  return x.ok ? 'ok' : x.error!.code;
}

describe('buy-ins (point value 100: full >= 2000, short 1000-1999)', () => {
  it('sitting down needs a full buy-in', () => {
    must(r.service.openTable({ tableId: T, pointValue: 100 }));
    expect(code(r.service.seatPlayer({ tableId: T, seat: 1, playerId: 'a', buyIn: 1500 }))).toBe('short-buy-in-not-allowed');
    expect(code(r.service.seatPlayer({ tableId: T, seat: 1, playerId: 'a', buyIn: 999 }))).toBe('buy-in-too-small');
    expect(code(r.service.seatPlayer({ tableId: T, seat: 1, playerId: 'a', buyIn: 2000.5 }))).toBe('bad-amount');
    expect(code(r.service.seatPlayer({ tableId: T, seat: 1, playerId: 'a', buyIn: 2000 }))).toBe('ok');
    expect(code(r.service.seatPlayer({ tableId: T, seat: 1, playerId: 'b', buyIn: 2000 }))).toBe('seat-taken');
    expect(code(r.service.seatPlayer({ tableId: T, seat: 2, playerId: 'a', buyIn: 2000 }))).toBe('already-seated');
  });

  it('one short buy-in after each full one', () => {
    must(r.service.openTable({ tableId: T, pointValue: 100 }));
    must(r.service.seatPlayer({ tableId: T, seat: 1, playerId: 'a', buyIn: 2000 }));
    const steps: [number, string][] = [[1000, 'ok'], [1000, 'short-buy-in-not-allowed'], [1999, 'short-buy-in-not-allowed'], [2000, 'ok'], [1999, 'ok'], [1500, 'short-buy-in-not-allowed'], [5000, 'ok'], [999, 'buy-in-too-small'], [0, 'bad-amount']];
    for (const [amount, expected] of steps) expect([amount, code(r.service.buyIn({ tableId: T, seat: 1, amount }))]).toEqual([amount, expected]);
    const ledger = must(r.service.ledger(T, 'a'));
    expect(ledger.map((l) => [l.kind, l.amount, l.stackAfter])).toEqual([
      ['buy-in', 2000, 2000], ['short-buy-in', 1000, 3000], ['buy-in', 2000, 5000], ['short-buy-in', 1999, 6999], ['buy-in', 5000, 11999],
    ]);
    expect(must(r.service.snapshot(T)).seats[0]).toMatchObject({ stack: 11999, shortBuyInAllowed: true });
  });

  it('money within its limits: no buy-in above MAX_STACK or past it, no point value above MAX_POINT_VALUE; a refusal appends nothing', () => {
    expectRefused(r.store, () => r.service.openTable({ tableId: T, pointValue: MAX_POINT_VALUE + 1 }), 'bad-point-value');
    must(r.service.openTable({ tableId: T, pointValue: 100 }));
    // Once accepted and stored as 9007199254742991 + 2000 = 9007199254742992.
    expectRefused(r.store, () => r.service.seatPlayer({ tableId: T, seat: 1, playerId: 'a', buyIn: Number.MAX_SAFE_INTEGER }), 'buy-in-too-large');
    expectRefused(r.store, () => r.service.seatPlayer({ tableId: T, seat: 1, playerId: 'a', buyIn: MAX_STACK + 1 }), 'buy-in-too-large');
    must(r.service.seatPlayer({ tableId: T, seat: 1, playerId: 'a', buyIn: 2000 }));
    expectRefused(r.store, () => r.service.buyIn({ tableId: T, seat: 1, amount: Number.MAX_SAFE_INTEGER }), 'buy-in-too-large');
    const past = expectRefused(r.store, () => r.service.buyIn({ tableId: T, seat: 1, amount: MAX_STACK - 1999 }), 'buy-in-too-large');
    expect(past.message).toContain(`at most ${MAX_STACK - 2000} more`);
    must(r.service.buyIn({ tableId: T, seat: 1, amount: MAX_STACK - 2000 }));
    expect(must(r.service.snapshot(T)).seats[0]).toMatchObject({ stack: MAX_STACK });
    expectRefused(r.store, () => r.service.buyIn({ tableId: T, seat: 1, amount: 2000 }), 'buy-in-too-large');
  });

  it('the short-buy-in allowance survives a restart', () => {
    must(r.service.openTable({ tableId: T, pointValue: 100 }));
    must(r.service.seatPlayer({ tableId: T, seat: 1, playerId: 'a', buyIn: 2000 }));
    must(r.service.buyIn({ tableId: T, seat: 1, amount: 1000 }));
    r.reopen();
    expect(code(r.service.buyIn({ tableId: T, seat: 1, amount: 1000 }))).toBe('short-buy-in-not-allowed');
    expect(must(r.service.snapshot(T)).seats[0]).toMatchObject({ stack: 3000, shortBuyInAllowed: false });
  });
});

describe('during and after hands', () => {
  it('no chips are added, no one sits down or leaves while a hand is in play (and nothing is appended)', () => {
    openTable(r.service, { 1: 2000, 2: 2000 });
    must(r.service.startHand({ tableId: T }));
    expect(expectRefused(r.store, () => r.service.buyIn({ tableId: T, seat: 1, amount: 2000 }), 'hand-in-play').message).toContain('only between hands');
    expectRefused(r.store, () => r.service.seatPlayer({ tableId: T, seat: 3, playerId: 'p3', buyIn: 2000 }), 'hand-in-play');
    expectRefused(r.store, () => r.service.leaveSeat({ tableId: T, seat: 2 }), 'hand-in-play');
  });

  it('a ledger row and the stack after every hand, misdeals included; cash-out on leaving', async () => {
    openTable(r.service, { 1: 2000, 2: 3000, 3: 4000, 4: 5000 });
    const { shoe } = await attachShoe(r.service);
    const first = await playHand(r.service, shoe, 1);
    must(r.service.startHand({ tableId: T }));
    must(r.service.callMisdeal({ tableId: T, cause: 'floor-ruling', floor: 'Jana', detail: 'deck found one card short' }));
    const second = await playHand(r.service, shoe, 2);
    const hands = r.store.db.prepare("SELECT hand_id, seat, amount, stack_after FROM chip_ledger WHERE kind = 'hand' ORDER BY id").all() as { hand_id: string; seat: number; amount: number; stack_after: number }[];
    expect(hands).toHaveLength(12);
    expect(hands.filter((h) => h.hand_id === 'T1-2').map((h) => h.amount)).toEqual([0, 0, 0, 0]);
    const net1 = first.hand!.state.settlement!.result.net;
    const net3 = second.hand!.state.settlement!.result.net;
    for (const s of [1, 2, 3, 4]) {
      const start = s * 1000 + 1000;
      expect(hands.filter((h) => h.seat === s).map((h) => h.stack_after)).toEqual([start + net1[s], start + net1[s], start + net1[s] + net3[s]]);
    }
    const stack4 = second.seats[3].stack;
    must(r.service.leaveSeat({ tableId: T, seat: 4 }));
    const out = must(r.service.ledger(T, 'p4')).pop()!;
    expect(out).toMatchObject({ kind: 'cash-out', amount: -stack4, stackAfter: 0 });
    expect(must(r.service.snapshot(T)).seats[3].player).toBeNull();
    expect(replayHands(r.store).problems).toEqual([]);
  });

  it('a player without chips sits out; alone with chips, no hand starts', async () => {
    // 10 points a segment: a 2000 stack (20 points) is all in within a hand or two
    openTable(r.service, { 1: 2000, 3: 2000 }, { ...presetJson('basic'), name: 'basic-10', segmentPoints: 10 });
    const { shoe } = await attachShoe(r.service);
    let seed = 1;
    let snap = must(r.service.snapshot(T));
    while (snap.seats[0].stack > 0 && snap.seats[2].stack > 0 && seed < 40) snap = await playHand(r.service, shoe, seed++);
    const broke = snap.seats.find((s) => s.player && s.stack === 0)!;
    expect(broke).toBeDefined();
    expectRefused(r.store, () => r.service.startHand({ tableId: T }), 'not-enough-players');
    must(r.service.seatPlayer({ tableId: T, seat: 2, playerId: 'p2', buyIn: 2000 }));
    const hand = must(r.service.startHand({ tableId: T })).hand!;
    expect(hand.state.seats.filter((s) => s.playing).map((s) => s.seat)).not.toContain(broke.seat);
    expect(hand.state.seats.filter((s) => s.playing)).toHaveLength(2);
  });
});
