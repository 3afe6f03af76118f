// What the screens offer, at the edges offers.test.ts leaves (app/domain/hand/offers.ts): the
// next action in the phases it does not visit, a refusal the dealer explains (a natural without
// a shoe needs its cards), nothing offered before a hand, and the touch entry when the terminal
// does not know the seat's 13 cards.
import { describe, expect, it } from 'vitest';
import {
  buildSettled, canEnterHand, canFoulSeat, canReplaceHand, canRule, initialState, nextAction, outstandingPayments, seatOffers,
  type HandEvent, type HandState, type SeatNo,
} from '../../../../app/domain/hand';
import { unwrap } from '../../../../app/domain/result';
import { EXAMPLE_003, at, dealtHand, deckFor, drive, driveAll, ev, handOf, must, started } from './support';

const deck = () => deckFor(4, { 1: handOf(EXAMPLE_003[1]), 2: handOf(EXAMPLE_003[2]), 3: handOf(EXAMPLE_003[3]), 4: handOf(EXAMPLE_003[4]) });
const rows = (seat: SeatNo) => ev.set(seat, ...EXAMPLE_003[seat]);
const setting = () => dealtHand({ deck: deck() });
const showdown = () => driveAll(setting(), [ev.ready(1), ev.ready(2), ev.ready(3), ev.ready(4), ev.open()]);
const paying = () => {
  const s = driveAll(showdown(), [rows(1), rows(2), rows(3), rows(4)]);
  return drive(s, unwrap(buildSettled(s, at())));
};
const pay = (s: HandState, i: number): HandEvent => {
  const p = outstandingPayments(s).find((x) => x.index === i)!;
  return { type: 'payment-executed', at: at(), by: 'dealer', index: i, from: p.from, to: p.to, amount: p.amount };
};
/** Scanner-only, the deal ended: the players set. */
const blind = () => driveAll(initialState, [started({ mode: 'scanner-only' }), ev.dealEnded()]);

describe('the next action in every phase', () => {
  it('start a hand before one and after a void; the next hand once every payment is made', () => {
    expect(nextAction(initialState)).toBe('start-hand');
    expect(nextAction(drive(setting(), ev.void()))).toBe('start-hand');
    const p = paying();
    // Every payment made, before the follow-up closes the hand: nothing left to pay.
    const allMade = outstandingPayments(p).reduce((s, x) => must(s, pay(s, x.index)), p);
    expect(allMade.phase).toBe('paying');
    expect(nextAction(allMade)).toBe('next-hand');
    expect(nextAction(p)).toBe('pay');
  });
});

describe('the seat actions before a hand and without a shoe', () => {
  it('nothing is offered before a hand starts', () => {
    const o = seatOffers(initialState, 1);
    expect(o).toEqual({
      seatReady: { offered: false, refusal: null }, declareSurrender: { offered: false, refusal: null }, declareNatural: { offered: false, refusal: null },
      reportExposure: { offered: false, refusal: null }, reportWrongSeat: [], enterHand: false, floorReplace: false, floorFoul: false,
    });
    expect(canFoulSeat(initialState, 1)).toBe(false);
    expect(canRule(initialState, 1, 'accept')).toBe(false);
  });

  it('a natural without a shoe is offered with its refusal: the dealer scans the 13 cards laid face up', () => {
    const o = seatOffers(blind(), 2).declareNatural;
    expect(o).toEqual({ offered: true, refusal: { code: 'cards-needed', message: 'Seat 2\'s natural: scan the 13 cards laid face up (this table has no shoe)' } });
  });

  it('a surrender without a shoe is offered with its refusal: the dealer scans the 13 folded cards', () => {
    const o = seatOffers(blind(), 2).declareSurrender;
    expect(o).toEqual({ offered: true, refusal: { code: 'surrender-cards-needed', message: 'Seat 2\'s surrender: scan the 13 folded cards (this table has no shoe)' } });
  });

  it('a refusal the dealer does not explain hides the action', () => {
    // Seat 2 has surrendered: a natural is refused (surrendered), so it is not offered.
    const o = seatOffers(drive(blind(), ev.surrender(2, handOf(EXAMPLE_003[2]))), 2);
    expect(o.declareNatural).toEqual({ offered: false, refusal: null });
    expect(o.declareSurrender).toEqual({ offered: false, refusal: null });
  });

  it('no natural is offered under rules that have none, with a shoe or without', () => {
    const plain = { name: 'no-naturals', version: 1 };
    for (const mode of ['shoe', 'scanner-only'] as const) {
      const s = driveAll(initialState, [started({ profile: plain, mode }), ...(mode === 'shoe' ? [] : [ev.dealEnded()])]);
      expect(seatOffers(s, 2).declareNatural).toEqual({ offered: false, refusal: null });
    }
  });

  it('every other seat may be reported as the hand a seat holds, never the seat itself', () => {
    expect(seatOffers(setting(), 3).reportWrongSeat).toEqual([1, 2, 4]);
    expect(seatOffers(setting(), 1).reportWrongSeat).toEqual([2, 3, 4]);
  });

  it('no touch entry nor replacement when the terminal does not know the seat\'s 13 cards', () => {
    const s = driveAll(blind(), [ev.ready(1), ev.ready(2), ev.ready(3), ev.ready(4), ev.open()]);
    expect(s.phase).toBe('showdown');
    expect(canEnterHand(s, 1)).toBe(false);
    const read = drive(s, rows(1));
    expect(canReplaceHand(read, 1)).toBe(false);
    // The floor may still foul a seat whose hand was read.
    expect(canFoulSeat(read, 1)).toBe(true);
    expect(canFoulSeat(s, 2)).toBe(false); // not read, not known: nothing to foul
  });

  it('a ruling is offered on an open irregularity only; accept when no other seat shows its cards', () => {
    // Seat 1 shows seat 2's 2h; seat 2 has not shown it.
    const s = drive(showdown(), ev.set(1, 'Kd 5d 2h', '7h 7d 8s 8c 3h', '6h 6d 6c 4s 4d', 'touch'));
    expect(canRule(s, 1, 'accept')).toBe(true);
    expect(canRule(s, 2, 'accept')).toBe(false);
    expect(canRule(drive(s, ev.floor({ kind: 'resolve-irregularity', irregularity: 1, ruling: 'accept' })), 1, 'foul-seat')).toBe(false);
  });
});
