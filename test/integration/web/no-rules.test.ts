// The view carries what the screen may do, from the domain (app/domain/hand/offers.ts): the
// next action, each seat's offers, the floor's rulings, blockers as codes. On the real services,
// so the view is what the terminal sends; the renderer only reads these (test/unit/renderer/no-rules.test.ts).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TerminalView } from '../../../app/contract/view';
import type { Terminal } from '../../../app/terminal/terminal';
import { dealerOn, openSimTerminal, sendOk, viewUntil } from './sim-terminal';

let terminal: Terminal;
const send = (name: string, args: unknown = {}) => sendOk(terminal, name, args);
const until = (test: (v: TerminalView) => boolean) => viewUntil(terminal, test);

beforeEach(async () => {
  terminal = await openSimTerminal(11);
  await dealerOn(terminal);
});
afterEach(async () => terminal.close());

const seat = (v: TerminalView, n: number) => v.hand!.seats[n - 1];

describe('the view says what comes next and what is offered', () => {
  it('a whole hand: the next action, the offers of each seat, blockers as codes', async () => {
    expect(terminal.view().nextAction).toBe('start-hand');
    await send('seatPlayer', { seat: 1, name: 'Ann', buyIn: 200000 });
    await send('seatPlayer', { seat: 2, name: 'Bob', buyIn: 200000 });
    await send('seatPlayer', { seat: 3, name: 'Cyril', buyIn: 200000 });
    await send('startHand');
    let v = await until((x) => x.hand?.phase === 'setting');
    expect(v.nextAction).toBe('open-showdown');
    expect(v.hand!.blockers.map((b) => [b.code, b.seat]).sort()).toEqual([['not-set', 1], ['not-set', 2], ['not-set', 3]]);
    expect(v.hand!.blockers.find((b) => b.seat === 1)!.message).toBe('Seat 1 has not set his hand');
    expect(seat(v, 1).offers.declareNatural.offered).toBe(true);

    // After a surrender: no natural, no second surrender, no "has set" for that seat.
    v = await send('declareSurrender', { seat: 2 });
    expect(seat(v, 2).offers).toMatchObject({
      seatReady: { offered: false }, declareSurrender: { offered: false }, declareNatural: { offered: false },
    });
    expect(seat(v, 2).cards).toBeNull();

    v = await send('seatReady', { seat: 1 });
    expect(seat(v, 1).offers.seatReady.offered).toBe(false);
    await send('seatReady', { seat: 3 });
    v = await send('openShowdown');
    expect(v.nextAction).toBe('settle');
    expect(v.hand!.blockers.map((b) => [b.code, b.seat]).sort()).toEqual([['hand-not-read', 1], ['hand-not-read', 3]]);
    expect(seat(v, 1).offers.enterHand).toBe(true);
    expect(seat(v, 2).offers.enterHand).toBe(false);
    expect(seat(v, 2).cards).toBeNull(); // a surrendered hand stays folded

    // Once a hand is read the dealer may not enter it again: only the floor replaces it.
    const c1 = [...seat(v, 1).cards!].sort((a, b) => a - b);
    v = await send('setHand', { seat: 1, front: c1.slice(0, 3), middle: c1.slice(3, 8), back: c1.slice(8) });
    expect(seat(v, 1).offers.enterHand).toBe(false);
    expect(seat(v, 1).offers.floorReplace).toBe(true);
    const c3 = [...seat(v, 3).cards!].sort((a, b) => a - b);
    await send('setHand', { seat: 3, front: c3.slice(0, 3), middle: c3.slice(3, 8), back: c3.slice(8) });
    v = await send('settle');
    expect(v.nextAction).toBe('pay');
    // During the payments the floor is offered no foul and no replacement.
    expect(v.hand!.seats.filter((s) => s.live).map((s) => [s.offers.floorFoul, s.offers.floorReplace])).toEqual([[false, false], [false, false], [false, false]]);
    expect(v.hand!.blockers[0].code).toBe('payments-outstanding');
    for (const p of v.hand!.result!.payments) v = await send('executePayment', { index: p.index });
    expect(v.nextAction).toBe('start-hand');
  });

  it('a misdeal: the next action is the redeal', async () => {
    await send('seatPlayer', { seat: 1, name: 'Ann', buyIn: 200000 });
    await send('seatPlayer', { seat: 2, name: 'Bob', buyIn: 200000 });
    await send('startHand');
    await until((x) => x.hand?.phase === 'setting');
    const v = await send('callMisdeal', { cause: 'wrong-card-count' });
    expect(v.nextAction).toBe('redeal');
  });
});
