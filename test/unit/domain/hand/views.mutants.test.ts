// What the dealer's screen shows (app/domain/hand/views.ts), called directly: the deal's
// progress, the row the scanner expects, the OFC cards to place, what blocks the next phase, each
// seat's status in words, the stacks before, during and after the payments, the next button
// (RULES.md s2) and what the next hand inherits.
import { describe, expect, it } from 'vitest';
import {
  buildSettled, initialState, outstandingPayments, type HandEvent, type HandState, type SeatNo,
} from '../../../../app/domain/hand';
import {
  SEAT_WINDS, awaitingPlacement, blockerList, blockers, carryOver, dealProgress, nextButton, paymentsMade, scannerExpects, seatStatus,
  seatStatusText, stacksAfter, stacksNow,
} from '../../../../app/domain/hand/views';
import { blockerWords } from '../../../../app/domain/hand/guards';
import { presetJson } from '../../../../app/domain/profiles';
import { unwrap } from '../../../../app/domain/result';
import { EXAMPLE_003, at, cards, dealt, dealtHand, deckFor, drive, driveAll, ev, handOf, must, started } from './support';

const deck = (button: SeatNo = 4) => deckFor(button, { 1: handOf(EXAMPLE_003[1]), 2: handOf(EXAMPLE_003[2]), 3: handOf(EXAMPLE_003[3]), 4: handOf(EXAMPLE_003[4]) });
const rows = (seat: SeatNo) => ev.set(seat, ...EXAMPLE_003[seat]);
const setting = (o: Parameters<typeof dealtHand>[0] = {}) => dealtHand({ deck: deck(o.button), ...o });
const showdown = (o: Parameters<typeof dealtHand>[0] = {}) => driveAll(setting(o), [ev.ready(1), ev.ready(2), ev.ready(3), ev.ready(4), ev.open()]);
const allRead = (o: Parameters<typeof dealtHand>[0] = {}) => driveAll(showdown(o), [rows(1), rows(2), rows(3), rows(4)]);
const settle = (s: HandState) => drive(s, unwrap(buildSettled(s, at())));
const payment = (s: HandState, index: number): HandEvent => {
  const p = outstandingPayments(s).find((x) => x.index === index)!;
  return { type: 'payment-executed', at: at(), by: 'dealer', index, from: p.from, to: p.to, amount: p.amount };
};
const payAll = (s: HandState) => outstandingPayments(s).reduce((st, p) => drive(st, payment(st, p.index)), s);
const playAsSet = { ...presetJson('mandarin-house'), name: 'mh-play-as-set', falseNatural: 'play-as-set' };
const SIX_PAIRS = '2s 2h 3s 3h 4s 4h 5s 5h 6s 6h 7s 7h Ac';

describe('the deal and the scanner', () => {
  it('SEAT_WINDS: seed 004\'s names, clockwise (RULES.md s2)', () => {
    expect(SEAT_WINDS).toEqual({ 1: 'North', 2: 'East', 3: 'South', 4: 'West' });
  });

  it('dealProgress: the next position only while the shoe still deals', () => {
    expect(dealProgress(drive(initialState, started({ button: 2 })))).toEqual({ read: 0, of: 52, next: 3 });
    expect(dealProgress(setting())).toEqual({ read: 52, of: 52, next: null });
    expect(dealProgress(drive(initialState, started({ mode: 'scanner-only' })))).toEqual({ read: 0, of: 0, next: null });
  });

  it('scannerExpects: the first seat from the left of the button with a row to read, and that row', () => {
    // Button on 2: seats 3, 4, 1, 2. Seat 3 surrenders; seat 4 is read; seat 1's front is read.
    const s = driveAll(setting({ button: 2 }), [ev.surrender(3), ev.ready(1), ev.ready(2), ev.ready(4), ev.open(), rows(4), ev.row(1, 'front', EXAMPLE_003[1][0])]);
    expect(scannerExpects(s)).toEqual({ seat: 1, row: 'middle' });
    const next = drive(s, ev.row(1, 'middle', EXAMPLE_003[1][1]));
    expect(scannerExpects(next)).toEqual({ seat: 1, row: 'back' });
    const fouled = drive(next, ev.floor({ kind: 'foul-seat', seat: 1 }));
    expect(scannerExpects(fouled)).toEqual({ seat: 2, row: 'front' });
    expect(scannerExpects(drive(fouled, rows(2)))).toBeNull();
  });

  it('scannerExpects: nothing before the showdown, nor in OFC', () => {
    expect(scannerExpects(setting())).toBeNull();
    const ofc = driveAll(initialState, [started({ preset: 'ofc', seats: [1, 2], mode: 'scanner-only' }), ev.dealEnded()]);
    const placed = ofcWhole(ofc);
    expect(placed.phase).toBe('setting');
    expect(scannerExpects(drive(placed, ev.open()))).toBeNull();
  });

  it('awaitingPlacement: OFC only, with the cards known', () => {
    expect(awaitingPlacement(setting())).toEqual([]);
    const ofcBlind = driveAll(initialState, [started({ preset: 'ofc', seats: [1, 2], mode: 'scanner-only' }), ev.dealEnded()]);
    expect(awaitingPlacement(ofcBlind)).toEqual([]);
    let s = drive(initialState, started({ preset: 'ofc', seats: [1, 2], fantasyland: [1] }));
    // Fantasyland: seat 1 is dealt his 13 first; until he shows them they all wait.
    for (let k = 0; k < 13; k++) s = drive(s, dealt(k, k));
    expect(awaitingPlacement(s)).toEqual([{ seat: 1, cards: s.seats[0].dealt }]);
    const fl = s.seats[0].dealt;
    s = drive(s, { type: 'hand-set', at: at(), by: 'dealer', seat: 1, front: fl.slice(0, 3), middle: fl.slice(3, 8), back: fl.slice(8), source: 'touch' });
    expect(awaitingPlacement(s)).toEqual([]);
    s = drive(s, dealt(13, 13));
    expect(awaitingPlacement(s)).toEqual([{ seat: 2, cards: [13] }]);
  });
});

/** Seat 1 and 2 place 13 cards each, without a shoe (valid hands: back > middle > front). */
function ofcWhole(s: HandState): HandState {
  const hands: Record<1 | 2, [string, string, string]> = {
    1: ['2c 3d 4h', '5s 5h 6d 7c 9s', 'As Ah Ad Kc Ks'],
    2: ['2d 3c 4s', '6s 6h 8d 9c Ts', 'Qs Qh Qd Jc Js'],
  };
  let out = s;
  for (const seat of [1, 2] as const) {
    const [f, m, b] = hands[seat];
    for (const c of cards(f)) out = drive(out, ev.place(seat, c, 'front'));
    for (const c of cards(m)) out = drive(out, ev.place(seat, c, 'middle'));
    for (const c of cards(b)) out = drive(out, ev.place(seat, c, 'back'));
  }
  return out;
}

describe('blockerList: what stops the next phase, in each phase', () => {
  it('a misdeal waiting to be recorded comes first, with its detail', () => {
    const s = must(drive(drive(initialState, started()), dealt(0, 0)), dealt(0, 1));
    expect(blockerList(s)).toEqual([{ code: 'misdeal-pending', seat: null, detail: s.pendingMisdeal!.detail }]);
    expect(blockers(s)).toEqual([`misdeal: ${s.pendingMisdeal!.detail}`]);
  });

  it('no hand; a deal without a shoe the dealer ends; a shoe deal under way', () => {
    expect(blockerList(initialState)).toEqual([{ code: 'no-hand', seat: null }]);
    expect(blockerList(drive(initialState, started({ mode: 'scanner-only' })))).toEqual([{ code: 'deal-not-ended', seat: null }]);
    expect(blockerList(driveAll(drive(initialState, started()), [dealt(0, 0)]))).toEqual([{ code: 'deal-in-progress', seat: null, read: 1, of: 52 }]);
  });

  it('setting and showdown: the seats not ready', () => {
    expect(blockerList(drive(setting(), ev.ready(1)))).toEqual([{ code: 'not-set', seat: 2 }, { code: 'not-set', seat: 3 }, { code: 'not-set', seat: 4 }]);
    expect(blockerList(drive(showdown(), rows(1)))).toEqual([{ code: 'hand-not-read', seat: 2 }, { code: 'hand-not-read', seat: 3 }, { code: 'hand-not-read', seat: 4 }]);
  });

  it('paying: the payments left, each with its payer, payee and amount; none once made; none once over', () => {
    const paying = settle(allRead());
    const open = outstandingPayments(paying);
    expect(open.length).toBeGreaterThan(1);
    expect(blockerList(paying)).toEqual([{ code: 'payments-outstanding', seat: null, payments: open.map((p) => ({ from: p.from, to: p.to, amount: p.amount })) }]);
    const allMade = open.reduce((st, p) => must(st, payment(st, p.index)), paying);
    expect(allMade.phase).toBe('paying'); // not closed yet: no follow-ups applied
    expect(blockerList(allMade)).toEqual([]);
    expect(blockerList(payAll(paying))).toEqual([]);
    expect(blockerList(drive(setting(), ev.void()))).toEqual([]);
  });

  it('blockers: the same list in words', () => {
    const s = drive(setting(), ev.ready(1));
    expect(blockers(s)).toEqual(blockerList(s).map(blockerWords));
    expect(blockers(s)).toEqual(['Seat 2 has not set his hand', 'Seat 3 has not set his hand', 'Seat 4 has not set his hand']);
  });
});

describe('each seat\'s status', () => {
  it('from empty to read, each in words with the seat\'s wind', () => {
    const three = dealtHand({ seats: [1, 2, 3], deck: deckFor(4, { 2: cards(SIX_PAIRS) }) });
    const s = driveAll(three, [ev.surrender(1), ev.natural(2, 'six-pairs'), ev.ready(3)]);
    expect([1, 2, 3, 4].map((x) => seatStatus(s, x as SeatNo))).toEqual(['surrendered', 'natural', 'set', 'empty']);
    expect([1, 2, 3, 4].map((x) => seatStatusText(s, x as SeatNo))).toEqual([
      'Seat 1 (North): surrendered', 'Seat 2 (East): Six Pairs (verified)', 'Seat 3 (South): set', 'Seat 4 (West): empty',
    ]);
    expect(seatStatus(three, 3)).toBe('waiting');
    expect(seatStatusText(three, 3)).toBe('Seat 3 (South): waiting');
  });

  it('a natural waiting for verification, a foul by the floor or by a false natural', () => {
    const declared = must(setting(), ev.natural(2, 'dragon'));
    expect(seatStatus(declared, 2)).toBe('natural-declared');
    expect(seatStatusText(declared, 2)).toBe('Seat 2 (East): declared Dragon');
    const falseNatural = drive(setting(), ev.natural(2, 'dragon'));
    expect(seatStatus(falseNatural, 2)).toBe('fouled');
    expect(seatStatusText(falseNatural, 2)).toBe('Seat 2 (East): fouled (false Dragon)');
    const floor = drive(setting(), ev.floor({ kind: 'foul-seat', seat: 3 }, 'marked cards'));
    expect(seatStatus(floor, 3)).toBe('fouled');
    expect(seatStatusText(floor, 3)).toBe('Seat 3 (South): fouled (floor: marked cards)');
    // Played as set, a false natural is no foul: the seat sets like any other.
    const asSet = drive(setting({ profile: playAsSet }), ev.natural(2, 'dragon'));
    expect(seatStatus(asSet, 2)).toBe('waiting');
  });

  it('at the showdown: partly read, read', () => {
    const s = driveAll(showdown(), [ev.row(1, 'back', EXAMPLE_003[1][2]), rows(2)]);
    expect([1, 2, 3].map((x) => seatStatus(s, x as SeatNo))).toEqual(['partly-read', 'read', 'set']);
    expect(seatStatusText(s, 1)).toBe('Seat 1 (North): partly-read');
  });

  it('OFC: a Fantasyland seat says so', () => {
    const s = drive(initialState, started({ preset: 'ofc', seats: [1, 2], fantasyland: [2] }));
    expect(seatStatusText(s, 2)).toBe('Seat 2 (East): waiting (Fantasyland)');
    expect(seatStatusText(s, 1)).toBe('Seat 1 (North): waiting');
  });
});

describe('stacks, payments made and the next button', () => {
  it('stacksAfter: start + net once settled; the start before, and after a misdeal or a void', () => {
    const stacks = { 1: 5_000, 2: 6_000, 3: 7_000, 4: 8_000 };
    const read = allRead({ stacks });
    expect(stacksAfter(read)).toEqual(stacks);
    const paying = settle(read);
    const net = paying.settlement!.result.net;
    const after = { 1: 5_000 + net['1'], 2: 6_000 + net['2'], 3: 7_000 + net['3'], 4: 8_000 + net['4'] };
    expect(Object.values(net).some((n) => n !== 0)).toBe(true);
    expect(stacksAfter(paying)).toEqual(after);
    expect(stacksAfter(payAll(paying))).toEqual(after);
    expect(stacksAfter(drive(paying, { type: 'hand-voided', at: at(), by: 'floor:Jana', reason: 'dispute' }))).toEqual(stacks);
  });

  it('paymentsMade and stacksNow: each payment made moves its amount from payer to payee', () => {
    const stacks = { 1: 5_000, 2: 6_000, 3: 7_000, 4: 8_000 };
    const paying = settle(allRead({ stacks }));
    expect(paymentsMade(allRead())).toBe(0);
    expect(paymentsMade(paying)).toBe(0);
    expect(stacksNow(paying)).toEqual(stacks);
    const [p0, p1] = outstandingPayments(paying);
    const once = drive(paying, payment(paying, p1.index));
    expect(paymentsMade(once)).toBe(1);
    const now: Record<number, number> = { ...stacks };
    now[p1.from] -= p1.amount;
    now[p1.to] += p1.amount;
    expect(stacksNow(once)).toEqual(now);
    const twice = drive(once, payment(once, p0.index));
    expect(paymentsMade(twice)).toBe(2);
    now[p0.from] -= p0.amount;
    now[p0.to] += p0.amount;
    expect(stacksNow(twice)).toEqual(now);
  });

  it('nextButton: one seat clockwise after a hand, 4 to 1; it stays after a misdeal or a void', () => {
    expect(nextButton(setting({ button: 4 }))).toBe(1);
    expect(nextButton(setting({ button: 1 }))).toBe(2);
    expect(nextButton(setting({ button: 3 }))).toBe(4);
    expect(nextButton(drive(setting({ button: 3 }), ev.void()))).toBe(3);
    const misdealt = drive(drive(drive(initialState, started({ button: 2 })), dealt(0, 0)), dealt(0, 1));
    expect(misdealt.phase).toBe('misdealt');
    expect(dealProgress(misdealt).next).toBeNull(); // the shoe deals no more
    expect(nextButton(misdealt)).toBe(2);
    expect(() => nextButton(initialState)).toThrow(new RangeError('nextButton: no hand has started'));
  });
});

describe('carryOver: what the next hand starts from', () => {
  it('only once the hand is over', () => {
    expect(() => carryOver(initialState)).toThrow(new RangeError('carryOver: the hand is not over'));
    expect(() => carryOver(setting())).toThrow(new RangeError('carryOver: the hand is not over'));
  });

  it('the players in seat order with their stacks after the hand, and the button moved', () => {
    const closed = payAll(settle(allRead({ button: 2, stacks: { 1: 5_000, 2: 6_000, 3: 7_000, 4: 8_000 } })));
    const after = stacksAfter(closed);
    expect(carryOver(closed)).toEqual({
      button: 3,
      stacks: [1, 2, 3, 4].map((seat) => ({ seat, playerId: `p${seat}`, stack: after[seat as SeatNo] })),
      reservedRound: null,
      fantasyland: [],
    });
  });

  it('two-handed: a closed dealt round reserves the spare hands, with their cards when known', () => {
    const reserve = { round: 'dealt' as const, reserve: [{ seat: 1 as SeatNo, hand: 4 as SeatNo }, { seat: 2 as SeatNo, hand: 3 as SeatNo }] };
    const s = driveAll(dealtHand({ seats: [1, 2], deck: deck(), twoHanded: reserve, preset: 'basic' }), [ev.ready(1), ev.ready(2), ev.open(), rows(1), rows(2)]);
    const closed = payAll(settle(s));
    expect(carryOver(closed).reservedRound).toEqual({
      round: 'reserved', fromHandId: 'H1', hands: [{ seat: 1, cards: handOf(EXAMPLE_003[4]) }, { seat: 2, cards: handOf(EXAMPLE_003[3]) }],
    });
    // Voided, the dealt round reserves nothing.
    expect(carryOver(drive(s, ev.void())).reservedRound).toBeNull();
    // Without a shoe the spare hands were never read: the reserved round knows no cards.
    const blind = driveAll(initialState, [started({ seats: [1, 2], mode: 'scanner-only', twoHanded: reserve, preset: 'basic' }), ev.dealEnded(),
      ev.ready(1), ev.ready(2), ev.open(), rows(1), rows(2)]);
    expect(carryOver(payAll(settle(blind))).reservedRound).toEqual({
      round: 'reserved', fromHandId: 'H1', hands: [{ seat: 1, cards: [] }, { seat: 2, cards: [] }],
    });
  });

  it('OFC: the Fantasyland the settlement earned once closed; the hand\'s own when voided', () => {
    const voided = drive(drive(initialState, started({ preset: 'ofc', seats: [1, 2], fantasyland: [2] })), ev.void());
    expect(carryOver(voided).fantasyland).toEqual([2]);
    const blind = ofcWhole(driveAll(initialState, [started({ preset: 'ofc', seats: [1, 2], mode: 'scanner-only', fantasyland: [] }), ev.dealEnded()]));
    const closed = payAll(settle(drive(blind, ev.open())));
    expect(closed.phase).toBe('closed');
    // Neither front is queens or better (RULES.md s10): no Fantasyland next hand.
    expect(carryOver(closed).fantasyland).toEqual([]);
  });
});
