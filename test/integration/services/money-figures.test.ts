// A money refusal carries its figures, money marked as minor units, so the screen can show the
// amounts in the table's currency and in its own language (app/domain/figured-refusals.ts).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_STACK } from '../../../app/domain/money';
import { presetJson } from '../../../app/domain/profiles';
import { attachShoe, expectRefused, must, openTable, rig, T, type Rig } from './helpers';

let r: Rig;
beforeEach(() => { r = rig(); });
afterEach(() => r.cleanup());

describe('buy-in refusals', () => {
  it('a first buy-in that is short: the amount and the full minimum', () => {
    openTable(r.service, { 1: 5000, 2: 5000 });
    const e = expectRefused(r.store, () => r.service.seatPlayer({ tableId: T, seat: 3, playerId: 'p3', buyIn: 1500 }), 'short-buy-in-not-allowed');
    expect(e.figures).toEqual({ amount: { minor: 1500 }, full: { minor: 2000 } });
  });

  it('a buy-in below the short minimum: the amount and both minimums', () => {
    openTable(r.service, { 1: 5000, 2: 5000 });
    const e = expectRefused(r.store, () => r.service.buyIn({ tableId: T, seat: 1, amount: 900 }), 'buy-in-too-small');
    expect(e.figures).toEqual({ amount: { minor: 900 }, full: { minor: 2000 }, short: { minor: 1000 } });
  });

  it('a buy-in that would bring the stack above the limit: what the seat holds and the room left', () => {
    openTable(r.service, { 1: 5000, 2: 5000 });
    const e = expectRefused(r.store, () => r.service.buyIn({ tableId: T, seat: 1, amount: MAX_STACK }), 'buy-in-too-large');
    expect(e.figures).toEqual({ amount: { minor: MAX_STACK }, stack: { minor: 5000 }, most: { minor: MAX_STACK }, room: { minor: MAX_STACK - 5000 } });
  });
});

describe('a surrender the chips do not cover', () => {
  it('quotes the stack, the penalty and what it comes to', async () => {
    // A house profile with a 10-point surrender: 10 x 3 opponents x 100 = 3000 > a 2000 stack.
    must(r.service.openTable({ tableId: T, pointValue: 100, profile: { ...presetJson('mandarin-house'), name: 'house-surrender-10', surrenderPenalty: 10 } }));
    must(r.service.dealerOn({ tableId: T, dealer: 'Eva' }));
    for (const [seat, stack] of [[1, 5000], [2, 5000], [3, 2000], [4, 5000]] as const) must(r.service.seatPlayer({ tableId: T, seat, playerId: `p${seat}`, buyIn: stack }));
    const { shoe } = await attachShoe(r.service);
    must(r.service.startHand({ tableId: T }));
    await shoe.deal(3);
    const e = expectRefused(r.store, () => r.service.declareSurrender({ tableId: T, seat: 3 }), 'surrender-not-covered');
    expect(e.figures).toEqual({ seat: 3, stack: { minor: 2000 }, owed: { minor: 3000 }, penalty: 10, opponents: 3, pointValue: { minor: 100 } });
  });
});
