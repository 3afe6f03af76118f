// What a hand's state says about each seat, and what stops its next phase
// (app/domain/hand/guards.ts), called directly: which cards the terminal knows, which cards a
// seat has shown, the seat's 13 cards, fouls, the surrender's cost, and every blocker with its
// code, its figures and its English words. The fold's refusals quote these words, so each
// case here is also a case of the refusal that quotes it.
import { describe, expect, it } from 'vitest';
import { initialState, type HandEvent, type SeatNo } from '../../../../app/domain/hand';
import {
  anyoneHasSet, blockerText, blockerWords, cardsAreKnown, cardsVisible, hasVerifiedNatural, heldCards, inFantasyland, isFouled,
  isOutOfComparison, paymentsToMake, scannedCardRefusal, settlementBlockerList, settlementBlockers, showdownBlockerList,
  showdownBlockers, shownElsewhere, surrenderCost, thirteenOf, type Blocker,
} from '../../../../app/domain/hand/guards';
import { outstandingPayments } from '../../../../app/domain/hand/views';
import { presetJson } from '../../../../app/domain/profiles';
import { unwrap } from '../../../../app/domain/result';
import { buildSettled } from '../../../../app/domain/hand';
import { EXAMPLE_003, at, cards, dealt, dealtHand, deckFor, drive, driveAll, ev, handOf, must, started } from './support';

const rows = (seat: SeatNo) => ev.set(seat, ...EXAMPLE_003[seat]);
/** Seed 003's four hands dealt with the button on 4; seat 1's cards come out of the shoe back
 *  row first, so his dealt order is not the order of his rows. */
const deck = () => deckFor(4, {
  1: cards([EXAMPLE_003[1][2], EXAMPLE_003[1][1], EXAMPLE_003[1][0]].join(' ')), 2: handOf(EXAMPLE_003[2]), 3: handOf(EXAMPLE_003[3]), 4: handOf(EXAMPLE_003[4]),
});
const setting = (o: Parameters<typeof dealtHand>[0] = {}) => dealtHand({ deck: deck(), ...o });
const showdown = () => driveAll(setting(), [ev.ready(1), ev.ready(2), ev.ready(3), ev.ready(4), ev.open()]);
const playAsSet = { ...presetJson('mandarin-house'), name: 'mh-play-as-set', falseNatural: 'play-as-set' };

/** A table without a shoe, its deal ended: the players set their hands. */
const scannerOnly = (o: Parameters<typeof started>[0] = {}) => driveAll(initialState, [started({ mode: 'scanner-only', ...o }), ev.dealEnded()]);
/** OFC through the shoe, seats 1 and 2, the first `n` cards of the deal read. */
const ofcDealt = (n: number, o: Parameters<typeof started>[0] = {}) => {
  let s = drive(initialState, started({ preset: 'ofc', seats: [1, 2], ...o }));
  for (let k = 0; k < n; k++) s = drive(s, dealt(k, k));
  return s;
};
const floorFoul = (seat: SeatNo): HandEvent => ev.floor({ kind: 'foul-seat', seat }, 'marked cards');
const SIX_PAIRS = '2s 2h 3s 3h 4s 4h 5s 5h 6s 6h 7s 7h Ac';

describe('which cards the terminal knows', () => {
  const reserved = (mode: 'shoe' | 'scanner-only', known: boolean) => drive(initialState, started({
    mode, seats: [1, 2], preset: 'basic',
    twoHanded: {
      round: 'reserved', fromHandId: 'H0',
      hands: [{ seat: 1, cards: known ? handOf(EXAMPLE_003[1]) : [] }, { seat: 2, cards: known ? handOf(EXAMPLE_003[2]) : [] }],
    },
  }));

  it('cardsAreKnown: a shoe deals them, or the reserved hands were read when they were dealt', () => {
    expect(cardsAreKnown(initialState)).toBe(false);
    expect(cardsAreKnown(drive(initialState, started()))).toBe(true);
    expect(cardsAreKnown(scannerOnly())).toBe(false);
    expect(cardsAreKnown(reserved('shoe', true))).toBe(true);
    // A reserved round at a table without a shoe: known when the spare hands were read ...
    expect(cardsAreKnown(reserved('scanner-only', true))).toBe(true);
    // ... and not when they were never read.
    expect(cardsAreKnown(reserved('scanner-only', false))).toBe(false);
  });

  it('heldCards: the position the seat holds, or null when unknown', () => {
    expect(heldCards(reserved('scanner-only', true), 2)).toEqual(handOf(EXAMPLE_003[2]));
    expect(heldCards(reserved('scanner-only', false), 2)).toBeNull();
    expect(heldCards(scannerOnly(), 1)).toBeNull();
    const s = setting();
    expect(heldCards(s, 3)).toEqual(handOf(EXAMPLE_003[3]));
  });
});

describe('scannedCardRefusal: a scanned card not among the seat\'s 13 (RULES.md s4)', () => {
  it('names the seat it was dealt to', () => {
    const kh = cards('Kh')[0]; // seat 2's middle
    expect(scannedCardRefusal(showdown(), 1, kh)).toEqual({
      code: 'card-not-this-seats',
      message: 'Kh is not one of Seat 1\'s cards: it was dealt to Seat 2. Scan the row again; if the player shows it, enter his hand by touch and call the floor',
    });
    expect(scannedCardRefusal(showdown(), 2, kh)).toBeNull();
  });

  it('says a card no one was dealt was not dealt (OFC deals 13 a player, not 52)', () => {
    const s = ofcDealt(10);
    const undealt = 51;
    expect(s.deal.owner[undealt]).toBe(0);
    expect(scannedCardRefusal(s, 1, undealt)).toEqual({
      code: 'card-not-this-seats',
      message: 'Ac is not one of Seat 1\'s cards: it was not dealt this hand. Scan the row again; if the player shows it, enter his hand by touch and call the floor',
    });
  });

  it('refuses nothing without a shoe (the terminal does not know the seat\'s cards)', () => {
    expect(scannedCardRefusal(scannerOnly(), 1, 0)).toBeNull();
  });
});

describe('the cards each seat has shown, and its 13 cards', () => {
  // Without a shoe: seat 1 surrenders with his 13 cards, seat 2 lays down six pairs, seat 3's
  // front row is scanned, seat 4's whole hand is read.
  const A = handOf(EXAMPLE_003[1]);
  const B = cards(SIX_PAIRS);
  const C = cards('8d 9d Td Jd Qd Ad 9c Tc Jc Qc Kc 2d 3d');
  const D = cards('2c 3c 4c 5c 7c 8h 9s 9h Ts Th Js Jh Qs');
  const table = () => {
    const s = driveAll(scannerOnly(), [ev.surrender(1, A), ev.natural(2, 'six-pairs', B), ev.ready(3), ev.ready(4), ev.open(),
      { type: 'row-scanned', at: at(), by: 'device', seat: 3, row: 'front', cards: C.slice(0, 3) }]);
    return drive(s, { type: 'hand-set', at: at(), by: 'device', seat: 4, front: D.slice(0, 3), middle: D.slice(3, 8), back: D.slice(8, 13), source: 'touch' });
  };

  it('shownElsewhere: the seat other than `except` whose surrender, natural, scanned rows or hand hold the card', () => {
    const s = table();
    expect(shownElsewhere(s, A[0], 2)).toBe(1);
    expect(shownElsewhere(s, A[12], 1)).toBeNull();
    expect(shownElsewhere(s, B[5], 1)).toBe(2);
    expect(shownElsewhere(s, C[2], 1)).toBe(3);
    expect(shownElsewhere(s, C[3], 1)).toBeNull(); // seat 3's middle is not scanned yet
    expect(shownElsewhere(s, D[12], 1)).toBe(4);
    expect(shownElsewhere(s, D[0], 4)).toBeNull();
  });

  it('shownElsewhere: OFC cards placed', () => {
    const s = drive(driveAll(initialState, [started({ preset: 'ofc', seats: [1, 2], mode: 'scanner-only' }), ev.dealEnded()]), ev.place(1, 7, 'back'));
    expect(shownElsewhere(s, 7, 2)).toBe(1);
    expect(shownElsewhere(s, 7, 1)).toBeNull();
  });

  it('thirteenOf: what the seat showed (in the order shown), else its dealt cards, else null', () => {
    const s = table();
    expect(thirteenOf(s, s.seats[0])).toEqual(A);
    expect(thirteenOf(s, s.seats[1])).toEqual(B);
    expect(thirteenOf(s, s.seats[2])).toBeNull(); // partly read, and no shoe
    expect(thirteenOf(s, s.seats[3])).toEqual(D);
    // With a shoe: the rows read, front, middle, back, not the order dealt; before that the dealt cards.
    const read = drive(showdown(), rows(1));
    expect(read.seats[0].dealt).not.toEqual(handOf(EXAMPLE_003[1]));
    expect(thirteenOf(read, read.seats[0])).toEqual(handOf(EXAMPLE_003[1]));
    expect(thirteenOf(read, read.seats[1])).toEqual(read.seats[1].dealt);
    // OFC: five cards dealt are not a hand.
    const ofc = ofcDealt(5);
    expect(ofc.seats[0].dealt.length + ofc.seats[1].dealt.length).toBe(5);
    expect(thirteenOf(ofc, ofc.seats[0])).toBeNull();
    expect(thirteenOf(ofc, ofc.seats[1])).toBeNull();
  });

  it('thirteenOf: a false natural played as set, then surrendered, keeps the cards of the natural', () => {
    const rev = [...A].reverse();
    const s = driveAll(scannerOnly({ profile: playAsSet }), [ev.natural(1, 'dragon', A)]);
    expect(s.seats[0].natural?.status).toBe('rejected');
    const out = drive(s, ev.surrender(1, rev));
    expect(out.seats[0].surrender?.cards).toEqual(rev);
    expect(thirteenOf(out, out.seats[0])).toEqual(A);
  });
});

describe('fouls, naturals and who is out of the comparisons', () => {
  it('isFouled: a floor ruling, or a false natural under the foul option only', () => {
    const floor = drive(setting(), floorFoul(2));
    expect(isFouled(floor, floor.seats[1])).toBe(true);
    expect(isFouled(floor, floor.seats[0])).toBe(false);
    const foulRule = drive(setting(), ev.natural(1, 'dragon'));
    expect(foulRule.seats[0].natural?.status).toBe('rejected');
    expect(isFouled(foulRule, foulRule.seats[0])).toBe(true);
    const asSet = drive(setting({ profile: playAsSet }), ev.natural(1, 'dragon'));
    expect(asSet.seats[0].natural?.status).toBe('rejected');
    expect(isFouled(asSet, asSet.seats[0])).toBe(false);
    const declared = must(setting(), ev.natural(1, 'dragon'));
    expect(declared.seats[0].natural?.status).toBe('declared');
    expect(isFouled(declared, declared.seats[0])).toBe(false);
  });

  it('hasVerifiedNatural and isOutOfComparison: surrendered, a verified natural, or fouled', () => {
    const s = driveAll(dealtHand({ deck: deckFor(4, { 2: cards(SIX_PAIRS) }) }), [ev.surrender(1), ev.natural(2, 'six-pairs'), floorFoul(3)]);
    expect(s.seats[1].natural?.status).toBe('verified');
    expect(s.seats.map(hasVerifiedNatural)).toEqual([false, true, false, false]);
    expect(s.seats.map((x) => isOutOfComparison(s, x))).toEqual([true, true, true, false]);
    const declared = must(setting(), ev.natural(1, 'dragon'));
    expect(hasVerifiedNatural(declared.seats[0])).toBe(false);
  });

  it('paymentsToMake: the netted list when the hand was settled for one, else the pairwise list', () => {
    const payments = [{ from: 1, to: 2, amount: 100 }, { from: 2, to: 3, amount: 100 }];
    const nettedPayments = [{ from: 1, to: 3, amount: 100 }];
    expect(paymentsToMake({ payments, nettedPayments })).toBe(nettedPayments);
    expect(paymentsToMake({ payments })).toBe(payments);
  });
});

describe('surrenderCost (RULES.md s6): penalty x live opponents x point value', () => {
  it('counts the other players not already surrendered, and quotes the seat\'s own chips', () => {
    const s = drive(setting({ stacks: { 1: 5_000, 2: 7_000, 3: 8_000, 4: 9_000 }, pointValue: 200 }), ev.surrender(1));
    expect(surrenderCost(s, 2)).toEqual({ penalty: 3, opponents: 2, pointValue: 200, owed: 3 * 2 * 200, stack: 7_000 });
    expect(surrenderCost(s, 1)).toEqual({ penalty: 3, opponents: 3, pointValue: 200, owed: 3 * 3 * 200, stack: 5_000 });
  });

  it('null without a hand, under a profile without surrender, or for an empty seat', () => {
    expect(surrenderCost(initialState, 1)).toBeNull();
    expect(surrenderCost(setting({ preset: 'basic' }), 1)).toBeNull();
    expect(surrenderCost(dealtHand({ seats: [1, 2, 3] }), 4)).toBeNull();
    expect(surrenderCost(dealtHand({ seats: [1, 2, 3] }), 3)).toMatchObject({ opponents: 2 });
  });
});

describe('anyoneHasSet (RULES.md s8: a wrong-seat delivery is a misdeal only before anyone set)', () => {
  it('set, surrendered, declared a natural, placed a card or showed a Fantasyland hand', () => {
    expect(anyoneHasSet(setting())).toBe(false);
    expect(anyoneHasSet(drive(setting(), ev.ready(3)))).toBe(true);
    expect(anyoneHasSet(drive(setting(), ev.surrender(3)))).toBe(true);
    expect(anyoneHasSet(must(setting(), ev.natural(3, 'dragon')))).toBe(true);
    const ofc = ofcDealt(10);
    expect(anyoneHasSet(ofc)).toBe(false);
    const placed = drive(ofc, ev.place(ofc.deal.schedule[0], ofc.deal.cards[0], 'back'));
    expect(anyoneHasSet(placed)).toBe(true);
  });

  it('a Fantasyland hand shown', () => {
    // Seat 1 in Fantasyland is dealt his 13 first; he shows them set, and has then set.
    const s = ofcDealt(13, { fantasyland: [1] });
    const held = s.seats[0].dealt;
    expect(held).toHaveLength(13);
    expect(anyoneHasSet(s)).toBe(false);
    const shown = drive(s, { type: 'hand-set', at: at(), by: 'dealer', seat: 1, front: held.slice(0, 3), middle: held.slice(3, 8), back: held.slice(8), source: 'touch' });
    expect(shown.seats[0].hand).not.toBeNull();
    expect(shown.seats[0].ready).toBe(false);
    expect(anyoneHasSet(shown)).toBe(true);
  });

  it('inFantasyland: the seats the hand-started event listed, none before a hand', () => {
    const s = ofcDealt(0, { fantasyland: [2] });
    expect([inFantasyland(s, 1), inFantasyland(s, 2)]).toEqual([false, true]);
    expect(inFantasyland(initialState, 1)).toBe(false);
  });
});

describe('blockerWords: the English the refusals quote', () => {
  it.each<[Blocker, string]>([
    [{ code: 'misdeal-pending', seat: null, detail: 'a card was read twice' }, 'misdeal: a card was read twice'],
    [{ code: 'no-hand', seat: null }, 'no hand has started'],
    [{ code: 'deal-not-ended', seat: null }, 'the dealer has not ended the deal'],
    [{ code: 'deal-not-finished', seat: null }, 'the deal is not finished'],
    [{ code: 'deal-in-progress', seat: null, read: 17, of: 52 }, 'the deal is at 17 of 52 cards'],
    [{ code: 'wrong-phase', seat: null, phase: 'idle' }, 'the hand is not started'],
    [{ code: 'wrong-phase', seat: null, phase: 'paying' }, 'the hand is in the paying phase'],
    [{ code: 'hands-not-open', seat: null }, 'the hands are not open yet'],
    [{ code: 'natural-unverified', seat: 2, natural: 'six-pairs' }, 'Seat 2\'s Six Pairs is waiting for verification'],
    [{ code: 'fantasyland-not-shown', seat: 3 }, 'Seat 3 (Fantasyland) has not shown his hand'],
    [{ code: 'cards-not-placed', seat: 1, placed: 7 }, 'Seat 1 has placed 7 of 13 cards'],
    [{ code: 'false-natural-must-set', seat: 4 }, 'Seat 4 must set his hand (a false natural plays as set)'],
    [{ code: 'not-set', seat: 2 }, 'Seat 2 has not set his hand'],
    [{ code: 'hand-not-read', seat: 3 }, 'Seat 3\'s hand is not read yet'],
    [{ code: 'hand-partly-read', seat: 1, read: ['front', 'back'], missing: ['middle'] }, 'Seat 1\'s hand is partly read (front, back read; middle missing)'],
    [{ code: 'hand-partly-read', seat: 4, read: ['middle'], missing: ['front', 'back'] }, 'Seat 4\'s hand is partly read (middle read; front, back missing)'],
    [{ code: 'irregularity-open', seat: 2, irregularity: 3, kind: 'card-not-dealt', detail: 'shows Ac, which was never dealt this hand' },
      'irregularity 3 (Seat 2: shows Ac, which was never dealt this hand) awaits the floor'],
    [{ code: 'payments-outstanding', seat: null, payments: [{ from: 1, to: 2, amount: 1_200 }] }, '1 payment still to make: Seat 1 pays Seat 2 1,200'],
    [{ code: 'payments-outstanding', seat: null, payments: [{ from: 1, to: 2, amount: 300 }, { from: 4, to: 3, amount: 25_000 }] },
      '2 payments still to make: Seat 1 pays Seat 2 300; Seat 4 pays Seat 3 25,000'],
  ])('%j', (b, words) => {
    expect(blockerWords(b)).toBe(words);
  });

  it('blockerText joins them with "; "', () => {
    expect(blockerText(['a', 'b c', 'd'])).toBe('a; b c; d');
    expect(blockerText([])).toBe('');
  });
});

describe('what stops the showdown from opening (RULES.md s4: no hand opens before every live seat has set)', () => {
  it('during the deal, and in any phase but setting', () => {
    expect(showdownBlockerList(drive(initialState, started()))).toEqual([{ code: 'deal-not-finished', seat: null }]);
    expect(showdownBlockerList(initialState)).toEqual([{ code: 'wrong-phase', seat: null, phase: 'idle' }]);
    expect(showdownBlockerList(showdown())).toEqual([{ code: 'wrong-phase', seat: null, phase: 'showdown' }]);
    expect(showdownBlockers(showdown())).toEqual(['the hand is in the showdown phase']);
  });

  it('each seat in turn from the left of the button: a surrender, a verified natural or a foul waits for nothing', () => {
    // Button on 2: the seats are listed 3, 4, 1, 2.
    const s = driveAll(setting({ button: 2 }), [ev.surrender(1), floorFoul(3)]);
    expect(showdownBlockerList(s)).toEqual([{ code: 'not-set', seat: 4 }, { code: 'not-set', seat: 2 }]);
    const verified = drive(dealtHand({ deck: deckFor(4, { 2: cards(SIX_PAIRS) }) }), ev.natural(2, 'six-pairs'));
    expect(showdownBlockerList(verified).map((b) => b.seat)).toEqual([1, 3, 4]);
    expect(showdownBlockerList(driveAll(setting(), [ev.ready(1), ev.ready(2), ev.ready(3), ev.ready(4)]))).toEqual([]);
  });

  it('a natural not judged yet, and a false natural under play-as-set that must be set', () => {
    const declared = must(setting(), ev.natural(2, 'six-pairs'));
    expect(showdownBlockerList(declared).find((b) => b.seat === 2)).toEqual({ code: 'natural-unverified', seat: 2, natural: 'six-pairs' });
    const rejected = drive(setting({ profile: playAsSet }), ev.natural(2, 'six-pairs'));
    expect(showdownBlockerList(rejected).find((b) => b.seat === 2)).toEqual({ code: 'false-natural-must-set', seat: 2 });
    expect(showdownBlockers(rejected)).toContain('Seat 2 must set his hand (a false natural plays as set)');
    expect(showdownBlockerList(drive(rejected, ev.ready(2))).find((b) => b.seat === 2)).toBeUndefined();
  });

  it('OFC: the cards placed of 13, a Fantasyland hand not shown, nothing once the hand is whole', () => {
    const s = ofcDealt(26, { fantasyland: [2] });
    expect(s.phase).toBe('setting');
    const one = s.deal.cards.find((c) => s.deal.owner[c] === 1)!;
    const other = s.deal.cards.filter((c) => s.deal.owner[c] === 1)[1];
    const placed = driveAll(s, [ev.place(1, one, 'back'), ev.place(1, other, 'back')]);
    expect(showdownBlockerList(placed)).toEqual([{ code: 'cards-not-placed', seat: 1, placed: 2 }, { code: 'fantasyland-not-shown', seat: 2 }]);
    const fl = s.seats[1].dealt;
    const shown = drive(placed, { type: 'hand-set', at: at(), by: 'dealer', seat: 2, front: fl.slice(0, 3), middle: fl.slice(3, 8), back: fl.slice(8), source: 'touch' });
    expect(showdownBlockerList(shown)).toEqual([{ code: 'cards-not-placed', seat: 1, placed: 2 }]);
  });
});

describe('what stops settlement', () => {
  it('before the showdown the hands are not open; after it, the phase', () => {
    expect(settlementBlockerList(drive(initialState, started()))).toEqual([{ code: 'hands-not-open', seat: null }]);
    expect(settlementBlockerList(setting())).toEqual([{ code: 'hands-not-open', seat: null }]);
    expect(settlementBlockerList(initialState)).toEqual([{ code: 'wrong-phase', seat: null, phase: 'idle' }]);
    const all = driveAll(showdown(), [rows(1), rows(2), rows(3), rows(4)]);
    expect(settlementBlockerList(all)).toEqual([]);
    const paying = drive(all, unwrap(buildSettled(all, at())));
    expect(settlementBlockerList(paying)).toEqual([{ code: 'wrong-phase', seat: null, phase: 'paying' }]);
    expect(settlementBlockers(paying)).toEqual(['the hand is in the paying phase']);
  });

  it('each seat not read, or partly read with the rows read and missing; the out-of-comparison seats need no hand', () => {
    const s = driveAll(setting(), [ev.surrender(1), ev.ready(2), ev.ready(3), ev.ready(4), ev.open(), floorFoul(2),
      ev.row(3, 'front', EXAMPLE_003[3][0]), ev.row(3, 'back', EXAMPLE_003[3][2])]);
    expect(settlementBlockerList(s)).toEqual([
      { code: 'hand-partly-read', seat: 3, read: ['front', 'back'], missing: ['middle'] },
      { code: 'hand-not-read', seat: 4 },
    ]);
  });

  it('an irregularity the floor has not ruled on, blocking only; ruled, it no longer blocks', () => {
    // Seat 1 shows seat 2's 2h: a blocking irregularity.
    const mixed = ev.set(1, 'Kd 5d 2h', '7h 7d 8s 8c 3h', '6h 6d 6c 4s 4d', 'touch');
    const s = driveAll(showdown(), [mixed, rows(3), rows(4)]);
    const irr = s.irregularities[0];
    expect(settlementBlockerList(s)).toEqual([
      { code: 'hand-not-read', seat: 2 },
      { code: 'irregularity-open', seat: 1, irregularity: 1, kind: 'card-of-other-seat', detail: irr.detail },
    ]);
    const ruled = drive(s, ev.floor({ kind: 'resolve-irregularity', irregularity: 1, ruling: 'foul-seat' }));
    expect(settlementBlockerList(ruled)).toEqual([{ code: 'hand-not-read', seat: 2 }]);
    // A wrong-seat delivery after a set is a note, not a block.
    const swapped = driveAll(setting(), [ev.ready(1), ev.wrongSeat(2, 3), ev.ready(2), ev.ready(3), ev.ready(4), ev.open(),
      rows(1), ev.set(2, ...EXAMPLE_003[3]), ev.set(3, ...EXAMPLE_003[2]), rows(4)]);
    expect(swapped.irregularities.map((i) => i.blocking)).toEqual([false]);
    expect(settlementBlockerList(swapped)).toEqual([]);
  });
});

describe('cardsVisible: face up from the showdown to the close, or laid down as a natural', () => {
  it('in each phase after the showdown, never for a surrendered seat', () => {
    const s = driveAll(setting(), [ev.surrender(4), ev.ready(1), ev.ready(2), ev.ready(3), ev.open(), rows(1), rows(2), rows(3)]);
    const paying = drive(s, unwrap(buildSettled(s, at())));
    expect([1, 2, 3, 4].map((x) => cardsVisible(paying, x as SeatNo))).toEqual([true, true, true, false]);
    const closed = outstandingPayments(paying).reduce((st, p) => drive(st, {
      type: 'payment-executed', at: at(), by: 'dealer', index: p.index, from: p.from, to: p.to, amount: p.amount,
    }), paying);
    expect(closed.phase).toBe('closed');
    expect([1, 2, 3, 4].map((x) => cardsVisible(closed, x as SeatNo))).toEqual([true, true, true, false]);
    expect(cardsVisible(setting(), 1)).toBe(false);
    expect(cardsVisible(drive(initialState, started()), 1)).toBe(false);
    expect(cardsVisible(drive(setting(), ev.void()), 1)).toBe(false);
  });

  it('a natural is laid face up before the showdown; an empty seat\'s cards are never sent', () => {
    const s = drive(setting(), ev.natural(3, 'dragon'));
    expect([1, 2, 3, 4].map((x) => cardsVisible(s, x as SeatNo))).toEqual([false, false, true, false]);
    const three = driveAll(dealtHand({ seats: [1, 2, 3] }), [ev.ready(1), ev.ready(2), ev.ready(3), ev.open()]);
    expect(three.phase).toBe('showdown');
    expect([1, 2, 3, 4].map((x) => cardsVisible(three, x as SeatNo))).toEqual([true, true, true, false]);
  });
});
