// What the screens offer comes from the fold: the next action, each seat's actions, the floor's
// rulings, which cards may be shown, and the blockers as codes. Each case below fails if the
// fold's guard it leans on is removed (the offer would then be made).
import { describe, expect, it } from 'vitest';
import {
  blockerList, blockerWords, blockers, buildSettled, canEnterHand, canFoulSeat, canReplaceHand, canRule, cardsVisible, nextAction,
  outstandingPayments, seatOffers, type HandEvent, type HandState, type SeatNo,
} from '../../../../app/domain/hand';
import { unwrap } from '../../../../app/domain/result';
import { initialState } from '../../../../app/domain/hand';
import { EXAMPLE_003, at, cards, dealt, dealtHand, deckFor, drive, driveAll, ev, handOf, started } from './support';

const deck = deckFor(4, { 1: handOf(EXAMPLE_003[1]), 2: handOf(EXAMPLE_003[2]), 3: handOf(EXAMPLE_003[3]), 4: handOf(EXAMPLE_003[4]) });
const rows = (seat: SeatNo) => ev.set(seat, ...EXAMPLE_003[seat]);
const dealing = () => driveAll(drive(initialState, started()), [dealt(0, 0), dealt(1, 1)]);
const setting = () => dealtHand({ deck });
const allReady = () => driveAll(setting(), [ev.ready(1), ev.ready(2), ev.ready(3), ev.ready(4)]);
const showdown = () => drive(allReady(), ev.open());
const allRead = () => driveAll(showdown(), [rows(1), rows(2), rows(3), rows(4)]);
const paying = () => drive(allRead(), unwrap(buildSettled(allRead(), at())));
const pay = (s: HandState, i: number): HandEvent => {
  const p = outstandingPayments(s).find((x) => x.index === i)!;
  return { type: 'payment-executed', at: at(), by: 'dealer', index: i, from: p.from, to: p.to, amount: p.amount };
};
const closed = () => outstandingPayments(paying()).reduce((s, p) => drive(s, pay(s, p.index)), paying());

describe('the next action', () => {
  it('follows the hand from start to close, and a misdeal', () => {
    expect(nextAction(null)).toBe('start-hand');
    expect(nextAction(dealing())).toBe('wait-for-deal');
    expect(nextAction(drive(initialState, started({ mode: 'scanner-only' })))).toBe('end-deal');
    expect(nextAction(setting())).toBe('open-showdown');
    expect(nextAction(showdown())).toBe('settle');
    expect(nextAction(paying())).toBe('pay');
    expect(nextAction(closed())).toBe('start-hand');
    const misdealt = drive(dealing(), dealt(0, 2));
    expect(misdealt.phase).toBe('misdealt');
    expect(nextAction(misdealt)).toBe('redeal');
  });
});

describe('the seat actions offered (each the fold\'s answer)', () => {
  it('offers set, surrender and natural to a seat that has done none', () => {
    const o = seatOffers(setting(), 1);
    expect(o.seatReady).toEqual({ offered: true, refusal: null });
    expect(o.declareSurrender).toEqual({ offered: true, refusal: null });
    expect(o.declareNatural).toEqual({ offered: true, refusal: null });
    expect(o.reportExposure.offered).toBe(true);
    expect(o.reportWrongSeat).toEqual([2, 3, 4]);
    expect(o.enterHand).toBe(false);
  });

  it('offers no natural and no second surrender after a surrender (the fold refuses both)', () => {
    const s = drive(setting(), ev.surrender(2));
    const o = seatOffers(s, 2);
    expect(o.declareNatural.offered).toBe(false);
    expect(o.declareSurrender.offered).toBe(false);
    expect(o.seatReady.offered).toBe(false);
  });

  it('offers no "has set" twice', () => {
    expect(seatOffers(drive(setting(), ev.ready(3)), 3).seatReady.offered).toBe(false);
  });

  it('a surrender the chips do not cover is offered with its refusal, so the screen says why without asking', () => {
    const s = dealtHand({ deck, stacks: { 4: 500 } });
    const o = seatOffers(s, 4).declareSurrender;
    expect(o.offered).toBe(true);
    expect(o.refusal?.code).toBe('surrender-not-covered');
    expect(o.refusal?.message).toMatch(/^Seat 4 cannot surrender: 500 in chips does not cover/);
    // The figures the screen words it from: what the surrender would cost, as the fold counts it.
    expect(o.refusal?.figures).toEqual({ seat: 4, penalty: 3, opponents: 3, pointValue: { minor: 100 }, owed: { minor: 900 }, stack: { minor: 500 } });
  });

  it('offers nothing before the showdown once it is open, and nothing during the deal but the irregularities', () => {
    const d = seatOffers(dealing(), 1);
    expect([d.seatReady.offered, d.declareSurrender.offered, d.declareNatural.offered]).toEqual([false, false, false]);
    expect(d.reportExposure.offered).toBe(true);
    const o = seatOffers(showdown(), 1);
    expect([o.seatReady.offered, o.declareSurrender.offered, o.declareNatural.offered, o.reportExposure.offered]).toEqual([false, false, false, false]);
    expect(o.reportWrongSeat).toEqual([]);
  });

  it('no natural is offered where the profile plays none', () => {
    expect(seatOffers(dealtHand({ deck, preset: 'basic' }), 1).declareNatural.offered).toBe(false);
  });

  it('a wrong seat already reported is not offered again', () => {
    const s = driveAll(setting(), [ev.ready(1), ev.wrongSeat(2, 3)]);
    expect(seatOffers(s, 2).reportWrongSeat).toEqual([1, 4]);
  });
});

describe('entering and replacing a hand by touch', () => {
  it('the dealer enters a hand not yet read; once read only the floor replaces it', () => {
    expect(canEnterHand(showdown(), 1)).toBe(true);
    const read = drive(showdown(), rows(1));
    expect(canEnterHand(read, 1)).toBe(false);
    expect(canReplaceHand(read, 1)).toBe(true);
  });

  it('neither before the showdown, after the settlement, for a surrender or a verified natural', () => {
    expect(canEnterHand(allReady(), 1)).toBe(false);
    expect(canReplaceHand(allReady(), 1)).toBe(false);
    expect(canReplaceHand(paying(), 1)).toBe(false);
    const s = drive(driveAll(setting(), [ev.surrender(1), ev.ready(2), ev.ready(3), ev.ready(4)]), ev.open());
    expect(canEnterHand(s, 1)).toBe(false);
    expect(canReplaceHand(s, 1)).toBe(false);
    expect(canReplaceHand(s, 2)).toBe(true);
  });

  it('a floor-fouled hand is not the dealer\'s to enter, but the floor may replace it', () => {
    const s = drive(showdown(), ev.floor({ kind: 'foul-seat', seat: 1 }));
    expect(canEnterHand(s, 1)).toBe(false);
    expect(canReplaceHand(s, 1)).toBe(true);
  });
});

describe('the floor\'s foul and rulings', () => {
  it('a foul is offered in setting and showdown, not during the payments', () => {
    expect(canFoulSeat(setting(), 1)).toBe(true);
    expect(canFoulSeat(showdown(), 1)).toBe(true);
    expect(canFoulSeat(paying(), 1)).toBe(false);
    expect(canFoulSeat(drive(showdown(), ev.floor({ kind: 'foul-seat', seat: 1 })), 1)).toBe(false);
  });

  it('a ruling is offered once per irregularity; accept is not offered for a card another seat shows', () => {
    // Seat 1 shows seat 2's 2h: an irregularity; seat 2 shows it too, so it cannot be accepted as it lies.
    const mixed = ev.set(1, 'Kd 5d 2h', '7h 7d 8s 8c 3h', '6h 6d 6c 4s 4d', 'touch');
    const s = driveAll(showdown(), [mixed, rows(2)]);
    expect(s.irregularities).toHaveLength(1);
    expect(canRule(s, 1, 'accept')).toBe(false);
    expect(canRule(s, 1, 'foul-seat')).toBe(true);
    const ruled = drive(s, ev.floor({ kind: 'resolve-irregularity', irregularity: 1, ruling: 'foul-seat' }));
    expect(canRule(ruled, 1, 'foul-seat')).toBe(false);
  });
});

describe('cards visible', () => {
  it('never while face down; at showdown; a declared natural; never a surrendered or empty seat', () => {
    expect(cardsVisible(setting(), 1)).toBe(false);
    expect(cardsVisible(showdown(), 1)).toBe(true);
    expect(cardsVisible(drive(setting(), ev.natural(1, 'dragon')), 1)).toBe(true);
    const s = drive(driveAll(setting(), [ev.surrender(1), ev.ready(2), ev.ready(3), ev.ready(4)]), ev.open());
    expect(cardsVisible(s, 1)).toBe(false);
    expect(cardsVisible(s, 2)).toBe(true);
    expect(cardsVisible(dealtHand({ seats: [1, 2, 3] }), 4)).toBe(false);
  });
});

describe('blockers as codes', () => {
  it('each with its seat and figures; the English words are the fold\'s', () => {
    const s = driveAll(setting(), [ev.ready(1), ev.natural(2, 'six-pairs')]);
    // followUps judged the natural at once: seat 2 now must set (a false natural plays as set? no: foul by default).
    const list = blockerList(driveAll(setting(), [ev.ready(1), ev.ready(2)]));
    expect(list).toEqual([{ code: 'not-set', seat: 3 }, { code: 'not-set', seat: 4 }]);
    expect(list.map(blockerWords)).toEqual(['Seat 3 has not set his hand', 'Seat 4 has not set his hand']);
    expect(blockers(s)).toEqual(blockerList(s).map(blockerWords));
    const partly = drive(showdown(), ev.row(3, 'front', 'Ts 8d 3s'));
    expect(blockerList(partly).find((b) => b.seat === 3)).toEqual({ code: 'hand-partly-read', seat: 3, read: ['front'], missing: ['middle', 'back'] });
    expect(blockerList(dealing())).toEqual([{ code: 'deal-in-progress', seat: null, read: 2, of: 52 }]);
    expect(blockerList(paying())[0]).toMatchObject({ code: 'payments-outstanding', seat: null });
    void cards;
  });
});
