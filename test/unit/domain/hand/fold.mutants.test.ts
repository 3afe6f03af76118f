// The fold's guards that guards.test.ts does not reach (app/domain/hand/fold.ts,
// docs/hand-lifecycle.md): each refused with its code and its message, the state it was tried on
// left as it was. Each case fails if its guard is removed (the event would then be taken, or
// refused later with another code).
import { describe, expect, it } from 'vitest';
import {
  apply, buildSettled, initialState, outstandingPayments, type HandEvent, type HandState, type SeatNo,
} from '../../../../app/domain/hand';
import { verifyNatural } from '../../../../app/domain/naturals';
import { presetJson } from '../../../../app/domain/profiles';
import { unwrap } from '../../../../app/domain/result';
import { EXAMPLE_003, at, cards, dealt, dealtHand, deckFor, drive, driveAll, ev, handOf, must, refusal, started } from './support';

const deck = () => deckFor(4, { 1: handOf(EXAMPLE_003[1]), 2: handOf(EXAMPLE_003[2]), 3: handOf(EXAMPLE_003[3]), 4: handOf(EXAMPLE_003[4]) });
const rows = (seat: SeatNo) => ev.set(seat, ...EXAMPLE_003[seat]);
/** Seat 2 is dealt six pairs; the others the rest. */
const sixPairsDeck = () => deckFor(4, { 2: cards('2s 2h 3s 3h 4s 4h 5s 5h 6s 6h 7s 7h Ac') });

const dealing = () => driveAll(drive(initialState, started()), [dealt(0, 0), dealt(1, 1)]);
const setting = () => dealtHand({ deck: deck() });
const showdown = () => driveAll(setting(), [ev.ready(1), ev.ready(2), ev.ready(3), ev.ready(4), ev.open()]);
const allRead = () => driveAll(showdown(), [rows(1), rows(2), rows(3), rows(4)]);
const paying = () => drive(allRead(), unwrap(buildSettled(allRead(), at())));
const blind = () => driveAll(initialState, [started({ mode: 'scanner-only' }), ev.dealEnded()]);
/** Seat 2 declared a Dragon it does not hold, not judged yet (no follow-ups). */
const declaredFalse = () => must(setting(), ev.natural(2, 'dragon'));
/** Seat 2 declared Six Pairs it holds, not judged yet. */
const declaredTrue = () => must(dealtHand({ deck: sixPairsDeck() }), ev.natural(2, 'six-pairs'));
const ofcDealt = () => {
  let s = drive(initialState, started({ preset: 'ofc', seats: [1, 2] }));
  for (let k = 0; k < 26; k++) s = drive(s, dealt(k, k));
  return s;
};
/** Seat 1 shows seat 2's 2h in place of his 2s: irregularity 1. */
const mixed = () => drive(showdown(), ev.set(1, 'Kd 5d 2h', '7h 7d 8s 8c 3h', '6h 6d 6c 4s 4d', 'touch'));
const verdict = (type: 'natural-verified' | 'natural-rejected', extra: Record<string, unknown>): HandEvent =>
  ({ type, at: at(), by: 'system', seat: 2, ...extra }) as unknown as HandEvent;
const misdeal = (s: () => HandState, extra: Record<string, unknown>) => (): HandEvent =>
  ({ type: 'misdeal-called', at: at(), by: 'dealer', cause: 'wrong-card-count', automatic: false, cardsRead: [...s().deal.cards], detail: '', ...extra }) as unknown as HandEvent;
const card = (extra: Record<string, unknown>): HandEvent => ({ ...dealt(2, 2), ...extra }) as unknown as HandEvent;
const floor = (action: unknown, by = 'floor:Jana'): HandEvent => ({ type: 'floor-correction', at: at(), by, reason: 'ruling', action }) as unknown as HandEvent;
const start = (patch: Record<string, unknown>): HandEvent => ({ ...started(), ...patch }) as unknown as HandEvent;

// [source, state, event, code, message (exact, or the start of it when it ends with "...")]
const cases: [string, () => HandState, () => HandEvent, string, string][] = [
  // The envelope.
  ['an event is an object', setting, () => null as unknown as HandEvent, 'bad-event', 'an event must be an object'],
  ['an event has a type', setting, () => ({ at: at(), by: 'dealer' }) as unknown as HandEvent, 'unknown-event', 'unknown event type nothing'],
  ['a misdeal the terminal found is recorded first', () => must(dealing(), dealt(0, 2)), () => ev.ready(1), 'misdeal-pending',
    'seat-ready: the hand is a misdeal (2s was read twice (cards 1 and 3 read)); the misdeal must be recorded first'],

  // hand-started checks what it is given.
  ['a table id', () => initialState, () => start({ tableId: ' ' }), 'bad-event', 'hand-started: tableId must be non-empty text'],
  ['a hand id', () => initialState, () => start({ handId: '' }), 'bad-event', 'hand-started: handId must be non-empty text'],
  ['a hand number from 1', () => initialState, () => start({ handNumber: 0 }), 'bad-event', 'hand-started: handNumber must be a whole number from 1, not 0'],
  ['a deal mode', () => initialState, () => start({ mode: 'cards' }), 'bad-event', 'hand-started: mode must be "shoe" or "scanner-only", not "cards"'],
  ['a sequence modulo from 2', () => initialState, () => start({ seqModulo: 1 }), 'bad-event', 'hand-started: seqModulo must be a whole number from 2, not 1'],
  ['a whole-number modulo', () => initialState, () => start({ seqModulo: 2.5 }), 'bad-event', 'hand-started: seqModulo must be a whole number from 2, not 2.5'],
  ['a profile', () => initialState, () => start({ profile: undefined }), 'bad-profile', 'hand-started: the profile (name, version, snapshot) is missing'],
  ['a snapshot that is an object, not a list', () => initialState, () => start({ profile: { name: 'basic', version: 1, snapshot: [] } }), 'bad-profile',
    'hand-started: the profile snapshot must be the whole profile object, not a preset name'],
  ['a snapshot that is a valid profile', () => initialState, () => start({ profile: { name: 'basic', version: 1, snapshot: { ...presetJson('basic'), segmentPoints: 'one' } } }), 'bad-profile',
    'hand-started: the profile snapshot is not a valid profile: ...'],
  ['the profile name of its snapshot', () => initialState, () => start({ profile: { name: 'western', version: 1, snapshot: presetJson('basic') } }), 'bad-profile',
    'hand-started: profile "western" version 1 does not match its snapshot (basic version 1)'],
  ['a list of seats', () => initialState, () => start({ seats: 'four' }), 'bad-seats', 'hand-started: a hand needs 2 to 4 players, not none'],
  ['at most four players', () => initialState, () => start({ seats: [1, 2, 3, 4, 1].map((seat, i) => ({ seat, playerId: `p${i}`, stack: 100 })) }), 'bad-seats',
    'hand-started: a hand needs 2 to 4 players, not 5'],
  ['a seat 1-4 for each player', () => initialState, () => start({ seats: [{ seat: 1, playerId: 'a', stack: 100 }, { seat: 7, playerId: 'b', stack: 100 }] }), 'bad-seat',
    'hand-started: seats[1].seat must be 1-4'],
  ['a player id', () => initialState, () => start({ seats: [{ seat: 1, playerId: 'a', stack: 100 }, { seat: 2, playerId: ' ', stack: 100 }] }), 'bad-seats',
    'hand-started: Seat 2 has no player id'],
  ['Fantasyland is a list', () => initialState, () => start({ ...started({ preset: 'ofc', seats: [1, 2] }), fantasyland: 1 }), 'bad-event', 'hand-started: fantasyland must be a list of seats'],
  ['a Fantasyland seat plays', () => initialState, () => start({ ...started({ preset: 'ofc', seats: [1, 2] }), fantasyland: [3] }), 'bad-seat',
    'hand-started: Fantasyland seat 3 has no player'],
  ['a Fantasyland seat once', () => initialState, () => start({ ...started({ preset: 'ofc', seats: [1, 2] }), fantasyland: [1, 1] }), 'bad-seats',
    'hand-started: a Fantasyland seat is listed twice'],
  ['the reserved hand is Chinese Poker', () => initialState, () => start({ ...started({ preset: 'ofc', seats: [1, 2] }), twoHanded: { round: 'dealt', reserve: [] } }), 'bad-two-handed',
    'hand-started: the reserved-hand game is Chinese Poker only'],
  ['each player reserves one spare hand', () => initialState, () => start({ ...started({ seats: [1, 2] }), twoHanded: { round: 'dealt', reserve: [{ seat: 1, hand: 3 }, { seat: 1, hand: 4 }] } }),
    'bad-two-handed', 'hand-started: each of seats 1 and 2 must reserve one spare hand'],
  ['different spare hands', () => initialState, () => start({ ...started({ seats: [1, 2] }), twoHanded: { round: 'dealt', reserve: [{ seat: 1, hand: 3 }, { seat: 2, hand: 3 }] } }),
    'bad-two-handed', 'hand-started: the two players must reserve different spare hands (the hands of seats 3 and 4)'],
  ['a spare hand, not a player\'s', () => initialState, () => start({ ...started({ seats: [1, 2] }), twoHanded: { round: 'dealt', reserve: [{ seat: 1, hand: 2 }, { seat: 2, hand: 3 }] } }),
    'bad-two-handed', 'hand-started: the two players must reserve different spare hands (the hands of seats 3 and 4)'],
  ['a reserved round names its hand', () => initialState, () => start({ ...started({ seats: [1, 2] }), twoHanded: { round: 'reserved', fromHandId: '', hands: [] } }),
    'bad-two-handed', 'hand-started: a reserved round names the hand it was dealt in (fromHandId)'],
  ['a reserved round gives both hands', () => initialState, () => start({ ...started({ seats: [1, 2] }), twoHanded: { round: 'reserved', fromHandId: 'H0', hands: [{ seat: 1, cards: handOf(EXAMPLE_003[1]) }] } }),
    'bad-two-handed', 'hand-started: a reserved round gives the reserved cards of seats 1 and 2'],
  ['the reserved hands share no card', () => initialState, () => start({
    ...started({ seats: [1, 2] }),
    twoHanded: { round: 'reserved', fromHandId: 'H0', hands: [{ seat: 1, cards: handOf(EXAMPLE_003[1]) }, { seat: 2, cards: [...handOf(EXAMPLE_003[2]).slice(0, 12), handOf(EXAMPLE_003[1])[0]] }] },
  }), 'duplicate-card', 'hand-started: the two reserved hands share a card'],
  ['with a shoe, 13 reserved cards each', () => initialState, () => start({
    ...started({ seats: [1, 2] }), twoHanded: { round: 'reserved', fromHandId: 'H0', hands: [{ seat: 1, cards: handOf(EXAMPLE_003[1]) }, { seat: 2, cards: [] }] },
  }), 'wrong-card-count', 'hand-started: Seat 2\'s reserved hand must be 13 cards, not 0'],
  ['without a shoe, 13 reserved cards or none', () => initialState, () => start({
    ...started({ seats: [1, 2], mode: 'scanner-only' }), twoHanded: { round: 'reserved', fromHandId: 'H0', hands: [{ seat: 1, cards: handOf(EXAMPLE_003[1]).slice(0, 5) }, { seat: 2, cards: [] }] },
  }), 'wrong-card-count', 'hand-started: Seat 1\'s reserved hand must be 13 cards (or none when they were never read)'],
  ['without a shoe, both reserved hands known or neither', () => initialState, () => start({
    ...started({ seats: [1, 2], mode: 'scanner-only' }), twoHanded: { round: 'reserved', fromHandId: 'H0', hands: [{ seat: 1, cards: handOf(EXAMPLE_003[1]) }, { seat: 2, cards: [] }] },
  }), 'wrong-card-count', 'hand-started: either both reserved hands are known or neither'],
  ['a round that is dealt or reserved', () => initialState, () => start({ ...started({ seats: [1, 2] }), twoHanded: { round: 'later' } }), 'bad-two-handed',
    'hand-started: twoHanded.round must be "dealt" or "reserved"'],

  // The shoe's reads.
  ['a card code', dealing, () => card({ card: 52 }), 'bad-card', 'card-dealt: 52 is not a card code (0..51)'],
  ['the raw bytes as hex', dealing, () => card({ raw: '0g' }), 'bad-event', 'card-dealt: raw must be the device bytes as hex'],
  ['a device id', dealing, () => card({ device: '' }), 'bad-event', 'card-dealt: device must be the device\'s id, not ""'],
  ['a device id as text', dealing, () => card({ device: 7 }), 'bad-event', 'card-dealt: device must be the device\'s id, not 7'],
  ['simulated is true or absent', dealing, () => card({ simulated: false }), 'bad-event', 'card-dealt: simulated is true or absent, not false'],
  ['a whole sequence number', dealing, () => card({ seq: 2.5 }), 'bad-event', 'card-dealt: seq must be a whole number or null, not 2.5'],
  ['a sequence number in the shoe\'s range', () => driveAll(drive(initialState, started({ seqModulo: 100 })), [dealt(0, 98), dealt(1, 99)]), () => card({ seq: 100 }), 'bad-event',
    'card-dealt: seq 100 is outside the shoe\'s range 0-99'],
  ['afterSeq needs a seq', dealing, () => card({ seq: null, afterSeq: 1 }), 'bad-event', 'card-dealt: afterSeq needs a seq, and is a whole number or absent'],
  ['afterSeq is a number', dealing, () => card({ afterSeq: null }), 'bad-event', 'card-dealt: afterSeq needs a seq, and is a whole number or absent'],
  ['an unreadable read\'s bytes as hex', dealing, () => ({ type: 'card-unreadable', at: at(), by: 'device', seq: 2, raw: 'x' }) as unknown as HandEvent, 'bad-event',
    'card-unreadable: raw must be the device bytes as hex'],
  ['an unreadable read\'s origin', dealing, () => ({ type: 'card-unreadable', at: at(), by: 'device', seq: 2, raw: '', simulated: 'yes' }) as unknown as HandEvent, 'bad-event',
    'card-unreadable: simulated is true or absent, not "yes"'],
  ['an unreadable read\'s sequence number', dealing, () => ({ type: 'card-unreadable', at: at(), by: 'device', seq: -1, raw: '' }) as unknown as HandEvent, 'bad-event',
    'card-unreadable: seq must be a whole number or null, not -1'],
  ['a gap of whole numbers', dealing, () => ({ type: 'sequence-gap', at: at(), by: 'device', expected: 3, got: 'x' }) as unknown as HandEvent, 'bad-event',
    'sequence-gap: expected and got must be whole numbers'],
  ['no gap without a shoe', blind, () => ({ type: 'sequence-gap', at: at(), by: 'device', expected: 3, got: 5 }) as unknown as HandEvent, 'no-shoe',
    'A sequence gap cannot belong to this hand: this table plays without a shoe (scanner-only)'],
  ['the OFC deal is over once every card is placed', ofcDealt, () => dealt(30, 26), 'deal-over', 'No card can be dealt: the OFC deal is complete'],

  // The dealer's reports.
  ['an exposed card of a seat', setting, () => ({ ...ev.exposed(1), seat: 0 }) as unknown as HandEvent, 'bad-seat', 'card-exposed: 0 is not a seat (1-4)'],
  ['an exposed card code', setting, () => ev.exposed(1, 99), 'bad-card', 'card-exposed: 99 is not a card code (0..51)'],
  ['an exposed card of that hand', setting, () => ev.exposed(1, cards('Kh')[0]), 'card-not-in-hand', 'Kh was dealt to Seat 2, not Seat 1'],
  ['a wrong seat that plays', setting, () => ({ ...ev.wrongSeat(1, 2), heldBy: 5 }) as unknown as HandEvent, 'bad-seat', 'wrong-seat-delivery: 5 is not a seat (1-4)'],
  ['a wrong seat\'s hand of a seat', setting, () => ({ ...ev.wrongSeat(1, 2), handOf: 0 }) as unknown as HandEvent, 'bad-seat', 'wrong-seat-delivery: 0 is not a seat (1-4)'],
  ['a seat\'s own hand is no wrong delivery', setting, () => ev.wrongSeat(2, 2), 'bad-event', 'wrong-seat-delivery: Seat 2 holding his own hand is no wrong delivery'],
  ['no swap of a declared natural (after a set)', () => driveAll(dealtHand({ deck: sixPairsDeck() }), [ev.ready(1), ev.natural(2, 'six-pairs')]), () => ev.wrongSeat(3, 2), 'natural-declared',
    'Seat 3 and Seat 2 cannot swap hands: Seat 2\'s natural was declared on the cards noted for him; the floor rules (a void or a note)'],

  // Setting.
  ['a surrendered seat is not set', () => drive(setting(), ev.surrender(1)), () => ev.ready(1), 'surrendered', 'Seat 1 has surrendered'],
  ['a declared natural is not set', declaredFalse, () => ev.ready(2), 'natural-declared', 'Seat 2 has declared Dragon'],
  ['a fouled hand is not set', () => drive(setting(), ev.floor({ kind: 'foul-seat', seat: 1 })), () => ev.ready(1), 'fouled', 'Seat 1\'s hand is already fouled'],
  ['no surrender after a natural', declaredFalse, () => ev.surrender(2), 'natural-declared', 'Seat 2 cannot surrender: he has declared Dragon'],
  ['no surrender of a fouled hand', () => drive(setting(), ev.floor({ kind: 'foul-seat', seat: 1 })), () => ev.surrender(1), 'fouled', 'Seat 1 cannot surrender: his hand is already fouled'],
  ['no natural after a surrender', () => drive(setting(), ev.surrender(1)), () => ev.natural(1, 'dragon'), 'surrendered', 'Seat 1 has surrendered'],
  ['no natural of a fouled hand', () => drive(setting(), ev.floor({ kind: 'foul-seat', seat: 1 })), () => ev.natural(1, 'dragon'), 'fouled', 'Seat 1\'s hand is already fouled'],
  ['a natural that exists', setting, () => ({ ...ev.natural(1, 'dragon'), natural: 'royal' }) as unknown as HandEvent, 'unknown-natural', 'natural-declared: "royal" is not a natural'],
  ['a natural declared on the dealt cards', setting, () => ev.natural(1, 'dragon', handOf(EXAMPLE_003[2])), 'cards-not-dealt-to-seat',
    'natural-declared: 2h, 2d, 3d, Kh, Qd, Jh, Th, 9h, 2c, 3c, 5c, 7c and 9c were not dealt to Seat 1; scan the hand again or call the floor'],
  ['a natural declared on 13 cards', setting, () => ev.natural(1, 'dragon', handOf(EXAMPLE_003[1]).slice(0, 12)), 'wrong-card-count', 'natural-declared must be 13 cards, not 12'],

  // Judging a natural.
  ['a verdict on a declared natural', setting, () => verdict('natural-rejected', { natural: 'dragon', reason: 'no' }), 'no-natural', 'Seat 2 has declared no natural'],
  ['one verdict', () => drive(setting(), ev.natural(2, 'dragon')), () => verdict('natural-rejected', { natural: 'dragon', reason: 'no' }), 'natural-already-judged',
    'Seat 2\'s Dragon was already rejected'],
  ['the verdict on the natural declared', declaredFalse, () => verdict('natural-rejected', { natural: 'six-pairs', reason: 'no' }), 'natural-mismatch', 'Seat 2 declared Dragon, not "six-pairs"'],
  ['a false natural is not verified', declaredFalse, () => verdict('natural-verified', { natural: 'dragon', proof: { name: 'dragon' } }), 'verdict-mismatch', 'Seat 2\'s Dragon is false (...'],
  ['a true natural is not rejected', declaredTrue, () => verdict('natural-rejected', { natural: 'six-pairs', reason: 'no' }), 'verdict-mismatch', 'Seat 2\'s Six Pairs is true (...'],
  ['a rejection gives its reason', declaredFalse, () => verdict('natural-rejected', { natural: 'dragon', reason: ' ' }), 'bad-event', 'natural-rejected: the reason is missing'],
  ['a verification gives its proof', declaredTrue, () => verdict('natural-verified', { natural: 'six-pairs', proof: null }), 'bad-event', 'natural-verified: the proof must be the one verifyNatural gives'],
  ['a verification gives the proof of that natural', declaredTrue, () => verdict('natural-verified', { natural: 'six-pairs', proof: { ...unwrap(verifyNatural(cards('2s 2h 3s 3h 4s 4h 5s 5h 6s 6h 7s 7h Ac'), 'six-pairs')), name: 'dragon' } }),
    'bad-event', 'natural-verified: the proof must be the one verifyNatural gives'],
  ['a verdict before the showdown', showdown, () => verdict('natural-rejected', { natural: 'dragon', reason: 'no' }), 'too-late', 'A natural cannot be judged now: the hands are open'],

  // Showing hands.
  ['a hand from the scanner or by touch', showdown, () => ({ ...rows(1), source: 'voice' }) as unknown as HandEvent, 'bad-event', 'hand-set: source must be "scanner" or "touch", not "voice"'],
  ['a row that exists', showdown, () => ({ ...ev.row(1, 'front', 'Kd 5d 2s'), row: 'side' }) as unknown as HandEvent, 'bad-event', 'row-scanned: "side" is not a row (front, middle, back)'],
  ['no row of a surrendered hand', () => driveAll(setting(), [ev.surrender(1), ev.ready(2), ev.ready(3), ev.ready(4), ev.open()]), () => ev.row(1, 'front', 'Kd 5d 2s'), 'surrendered',
    'row-scanned: Seat 1 has surrendered; his hand is not shown'],
  ['no hand of a verified natural', () => driveAll(dealtHand({ deck: sixPairsDeck() }), [ev.natural(2, 'six-pairs'), ev.ready(1), ev.ready(3), ev.ready(4), ev.open()]),
    () => ev.set(2, '2s 2h 3s', '3h 4s 4h 5s 5h', '6s 6h 7s 7h Ac'), 'natural-declared', 'hand-set: Seat 2 plays a verified natural; his hand is not set'],
  ['no hand of a fouled seat', () => drive(showdown(), ev.floor({ kind: 'foul-seat', seat: 3 })), () => rows(3), 'fouled', 'hand-set: Seat 3\'s hand is fouled'],
  ['a row of the seat\'s cards', showdown, () => ev.row(1, 'front', 'Kh 5d 2s'), 'card-not-this-seats', 'Kh is not one of Seat 1\'s cards: ...'],
  ['a row without a card twice in the hand', () => drive(showdown(), ev.row(1, 'front', 'Kd 5d 2s')), () => ev.row(1, 'middle', '7h 7d 8s 8c Kd'), 'duplicate-card',
    'Seat 1\'s hand: Kd appears twice'],
  ['rows of 13 cards in all', () => driveAll(showdown(), [ev.row(1, 'front', 'Kd 5d 2s'), ev.row(1, 'middle', '7h 7d 8s 8c 3h')]), () => ev.row(1, 'back', '6h 6d 6c 4s'), 'wrong-card-count',
    'Seat 1\'s rows would hold 12 cards; a hand has 13 (scan the row again, or call the floor)'],
  ['no more than 13 cards in the rows (no shoe: any card may be scanned)', () => drive(blindShowdown(), ev.row(1, 'front', 'Kd 5d 2s')),
    () => ev.row(1, 'middle', '7h 7d 8s 8c 3h 6h 6d 6c 4s 4d As'), 'wrong-card-count',
    'Seat 1\'s rows would hold 14 cards; a hand has 13 (scan the row again, or call the floor)'],
  ['OFC rows are placed, not scanned', ofcShowdown, () => ev.row(1, 'front', 'As Ks Qs'), 'not-in-ofc', 'OFC rows are recorded as the cards are placed'],
  ['OFC: only a Fantasyland seat shows a whole hand', () => drive(initialState, started({ preset: 'ofc', seats: [1, 2] })), () => rows(1), 'use-placements',
    'Seat 1 is not in Fantasyland: his cards are placed one at a time'],
  ['OFC: a placement into a row that exists', () => ofcFirst(), () => ({ ...ev.place(1, 0, 'front'), row: 'top' }) as unknown as HandEvent, 'bad-event', 'card-placed: "top" is not a row (front, middle, back)'],
  ['OFC: a placement of a card code', () => ofcFirst(), () => ev.place(1, 60, 'front'), 'bad-card', 'card-placed: 60 is not a card code (0..51)'],

  // Settling and paying.
  ['the record this hand produces', allRead, () => ({ ...unwrap(buildSettled(allRead(), at())), record: { ...unwrap(buildSettled(allRead(), at())).record, pointValue: 1 } }) as unknown as HandEvent,
    'record-mismatch', 'settled: the showdown record is not the one this hand produces (build it with showdownRecord)'],
  ['a result', allRead, () => settledWith(null), 'bad-settlement', 'settled: the result is missing'],
  ['a result with payments', allRead, () => settledWith({ net: {} }), 'bad-settlement', 'settled: the result has no payments list'],
  ['netted payments as a list', allRead, () => settledWith({ payments: [], nettedPayments: {}, net: {} }), 'bad-settlement', 'settled: the result\'s netted payments are not a list'],
  ['a net per seat', allRead, () => settledWith({ payments: [] }), 'bad-settlement', 'settled: the result has no net per seat'],
  ['payments between two players', allRead, () => settledWith({ payments: [{ from: 1, to: 1, amount: 100 }], net: {} }), 'bad-settlement',
    'settled: payment 0 is not a payment between two players of this hand'],
  ['payments of a whole amount', allRead, () => settledWith({ payments: [{ from: 1, to: 2, amount: 0 }], net: {} }), 'bad-settlement',
    'settled: payment 0 is not a payment between two players of this hand'],
  ['payments from a seat that plays', () => threeRead(), () => settledWith({ payments: [{ from: 4, to: 2, amount: 100 }], net: {} }, threeRead), 'bad-settlement',
    'settled: payment 0 is not a payment between two players of this hand'],
  ['payments to a seat that plays', () => threeRead(), () => settledWith({ payments: [{ from: 1, to: 2, amount: 100 }, { from: 2, to: 4, amount: 100 }], net: {} }, threeRead), 'bad-settlement',
    'settled: payment 1 is not a payment between two players of this hand'],
  ['nets that sum to zero', allRead, () => settledWith({ payments: [], net: { 1: 100, 2: -50 } }), 'bad-settlement', 'settled: the nets do not sum to zero'],
  ['nets that are numbers', allRead, () => settledWith({ payments: [], net: { 1: '0' } }), 'bad-settlement', 'settled: the nets do not sum to zero'],
  ['a payment that exists', paying, () => ({ type: 'payment-executed', at: at(), by: 'dealer', index: -1, from: 1, to: 2, amount: 100 }), 'no-such-payment', 'There is no payment -1: ...'],

  // Misdeals.
  ['a misdeal cause', setting, misdeal(setting, { cause: 'bad-luck' }), 'bad-event', 'misdeal-called: "bad-luck" is not a misdeal cause'],
  ['automatic or not', setting, misdeal(setting, { automatic: 'no' }), 'bad-event', 'misdeal-called: automatic must be true or false'],
  ['a detail in words', setting, misdeal(setting, { detail: null }), 'bad-event', 'misdeal-called: detail must be text'],
  ['the cards the shoe read', setting, misdeal(setting, { cardsRead: [] }), 'bad-event', 'misdeal-called: cardsRead must be the cards the shoe read this hand, in order'],
  ['the cards read as a list', setting, misdeal(setting, { cardsRead: 'all' }), 'bad-event', 'misdeal-called: cardsRead must be the cards the shoe read this hand, in order'],
  ['the misdeal the terminal found, not another', () => must(dealing(), dealt(0, 2)), misdeal(() => must(dealing(), dealt(0, 2)), { cause: 'wrong-card-count', automatic: false }), 'misdeal-mismatch',
    'The terminal found a misdeal for card-read-twice (2s was read twice (cards 1 and 3 read)); a misdeal for wrong-card-count cannot be recorded instead'],
  ['the misdeal the terminal found, as automatic', () => must(dealing(), dealt(0, 2)), misdeal(() => must(dealing(), dealt(0, 2)), { cause: 'card-read-twice', automatic: false }), 'misdeal-mismatch',
    'The terminal found a misdeal for card-read-twice (2s was read twice (cards 1 and 3 read)); a misdeal for card-read-twice cannot be recorded instead'],
  ['no automatic cause without its reads', setting, misdeal(setting, { cause: 'card-read-twice', automatic: true }), 'no-misdeal', 'No card-read-twice misdeal has happened this hand'],
  ['five exposed cards make one', setting, misdeal(setting, { cause: 'cards-exposed' }), 'no-misdeal', 'No cards-exposed misdeal has happened this hand (five exposed cards of one hand make one)'],
  ['a reported misdeal is not automatic', setting, misdeal(setting, { automatic: true }), 'bad-event', 'misdeal-called: a wrong-card-count misdeal is reported, not automatic'],
  ['only the floor rules a misdeal', setting, misdeal(setting, { cause: 'floor-ruling' }), 'floor-only', 'Only the floor can call a misdeal by ruling'],
  ['a wrong count before the showdown', showdown, misdeal(showdown, {}), 'too-late', 'A wrong card count can only be reported before the hands are opened now: the hands are open'],

  // The floor.
  ['a correction with an action', showdown, () => floor(undefined), 'bad-event', 'floor-correction: the action is missing'],
  ['a correction the floor knows', showdown, () => floor({ kind: 'undo' }), 'bad-event', 'floor-correction: unknown action "undo"'],
  ['a correction signed by the floor person in by', showdown, () => ({ ...floor({ kind: 'note' }), signedBy: [{ staffId: 'petr', name: 'Petr' }] }) as unknown as HandEvent, 'bad-event',
    'floor-correction: by must be "floor:Petr", the floor person who signed it first, not "floor:Jana"'],
  ['an irregularity that exists', showdown, () => floor({ kind: 'resolve-irregularity', irregularity: 9, ruling: 'accept' }), 'no-such-irregularity', 'There is no irregularity 9 in this hand'],
  ['one ruling per irregularity', () => drive(mixed(), ev.floor({ kind: 'resolve-irregularity', irregularity: 1, ruling: 'accept' })),
    () => floor({ kind: 'resolve-irregularity', irregularity: 1, ruling: 'foul-seat' }), 'already-resolved', 'Irregularity 1 was already ruled on (accept)'],
  ['a ruling that exists', mixed, () => floor({ kind: 'resolve-irregularity', irregularity: 1, ruling: 'ignore' }), 'bad-event', 'floor-correction: ruling must be "accept" or "foul-seat", not "ignore"'],
  ['accepted only as it lies', () => drive(mixed(), rows(2)), () => floor({ kind: 'resolve-irregularity', irregularity: 1, ruling: 'accept' }), 'cannot-accept',
    'Irregularity 1 cannot be accepted as it lies: 2h is also in Seat 2\'s hand; replace a hand or foul a seat'],
  ['no foul of a surrendered hand', () => drive(setting(), ev.surrender(1)), () => floor({ kind: 'foul-seat', seat: 1 }), 'surrendered', 'Seat 1 has surrendered; his hand cannot be fouled'],
  ['one foul per hand', () => drive(setting(), ev.floor({ kind: 'foul-seat', seat: 1 })), () => floor({ kind: 'foul-seat', seat: 1 }), 'fouled', 'Seat 1\'s hand is already ruled fouled'],
  ['a foul before the payments', paying, () => floor({ kind: 'foul-seat', seat: 1 }), 'too-late', 'A hand cannot be ruled fouled now: the payments are being made'],
  ['a foul of a seat that plays', () => dealtHand({ seats: [1, 2, 3] }), () => floor({ kind: 'foul-seat', seat: 4 }), 'seat-not-playing', 'floor-correction: Seat 4 is empty this hand'],
  ['a foul of cards known', blind, () => floor({ kind: 'foul-seat', seat: 1 }), 'cards-unknown',
    'Seat 1\'s 13 cards are not known (no shoe, hand not read): scan the hand first, or void the hand'],
  ['a replaced hand at the showdown', setting, () => floor({ kind: 'replace-hand', seat: 1, front: [], middle: [], back: [] }), 'too-early',
    'A hand cannot be replaced now: the players are setting their hands'],
  ['no replaced hand of a surrendered seat', () => driveAll(setting(), [ev.surrender(1), ev.ready(2), ev.ready(3), ev.ready(4), ev.open()]),
    () => floor({ kind: 'replace-hand', seat: 1, front: cards('Kd 5d 2s'), middle: cards('7h 7d 8s 8c 3h'), back: cards('6h 6d 6c 4s 4d') }), 'surrendered', 'Seat 1 has surrendered; his hand is not shown'],
  ['no replaced hand of a verified natural', () => driveAll(dealtHand({ deck: sixPairsDeck() }), [ev.natural(2, 'six-pairs'), ev.ready(1), ev.ready(3), ev.ready(4), ev.open()]),
    () => floor({ kind: 'replace-hand', seat: 2, front: cards('2s 2h 3s'), middle: cards('3h 4s 4h 5s 5h'), back: cards('6s 6h 7s 7h Ac') }), 'natural-declared', 'Seat 2 plays a verified natural'],
  ['a replaced hand of 13 cards', () => drive(showdown(), rows(1)), () => floor({ kind: 'replace-hand', seat: 1, front: cards('Kd 5d'), middle: cards('7h 7d 8s 8c 3h'), back: cards('6h 6d 6c 4s 4d') }),
    'wrong-card-count', 'Seat 1\'s hand: the rows hold 12 cards; a hand has 13 (read it again, or call the floor)'],
  ['a void\'s signatures', setting, () => ({ ...ev.void(), signedBy: [] }) as unknown as HandEvent, 'bad-event', 'hand-voided: signedBy lists the one or two floor people who gave their PIN, not []'],
];

/** Three players (seats 1-3) read at the showdown. */
function threeRead(): HandState {
  const d = deckFor(4, { 1: handOf(EXAMPLE_003[1]), 2: handOf(EXAMPLE_003[2]), 3: handOf(EXAMPLE_003[3]) });
  return driveAll(dealtHand({ deck: d, seats: [1, 2, 3] }), [ev.ready(1), ev.ready(2), ev.ready(3), ev.open(), rows(1), rows(2), rows(3)]);
}
/** The settled event of the state with its result replaced. */
function settledWith(result: unknown, state: () => HandState = allRead): HandEvent {
  return { ...unwrap(buildSettled(state(), at())), result } as unknown as HandEvent;
}
/** Scanner-only, every seat set, the hands open. */
function blindShowdown(): HandState {
  return driveAll(blind(), [ev.ready(1), ev.ready(2), ev.ready(3), ev.ready(4), ev.open()]);
}
/** OFC without a shoe, seats 1 and 2 each placed 13 cards, the hands open. */
function ofcShowdown(): HandState {
  let s = driveAll(initialState, [started({ preset: 'ofc', seats: [1, 2], mode: 'scanner-only' }), ev.dealEnded()]);
  const hands: Record<1 | 2, [string, string, string]> = { 1: ['2c 3d 4h', '5s 5h 6d 7c 9s', 'As Ah Ad Kc Ks'], 2: ['2d 3c 4s', '6s 6h 8d 9c Ts', 'Qs Qh Qd Jc Js'] };
  for (const seat of [1, 2] as const) {
    hands[seat].forEach((t, i) => { for (const c of cards(t)) s = drive(s, ev.place(seat, c, (['front', 'middle', 'back'] as const)[i])); });
  }
  return drive(s, ev.open());
}
/** OFC, seat 1's first card dealt. */
function ofcFirst(): HandState {
  return drive(drive(initialState, started({ preset: 'ofc', seats: [1, 2] })), dealt(0, 0));
}

describe('the fold\'s guards, each refused with its code and reason', () => {
  it.each(cases)('%s', (_source, before, event, code, message) => {
    const s = before();
    const copy = JSON.stringify(s);
    const r = refusal(apply(s, event()));
    expect(r.code).toBe(code);
    if (message.endsWith('...')) expect(r.message.startsWith(message.slice(0, -3))).toBe(true);
    else expect(r.message).toBe(message);
    expect(JSON.stringify(s)).toBe(copy);
  });
});

describe('what a misdeal waiting to be recorded still lets through', () => {
  it('the misdeal itself, a void and a note', () => {
    const s = must(dealing(), dealt(0, 2));
    expect(s.pendingMisdeal).not.toBeNull();
    expect(must(s, ev.floor({ kind: 'note' })).pendingMisdeal).not.toBeNull();
    expect(must(s, ev.void()).phase).toBe('voided');
    const recorded = must(s, { type: 'misdeal-called', at: at(), by: 'system', cause: 'card-read-twice', automatic: true, cardsRead: [...s.deal.cards], detail: s.pendingMisdeal!.detail });
    expect(recorded.phase).toBe('misdealt');
    expect(recorded.pendingMisdeal).toBeNull();
  });

  it('a note on a hand that is over; nothing else', () => {
    const closed = outstandingPayments(paying()).reduce((s, p) => drive(s, {
      type: 'payment-executed', at: at(), by: 'dealer', index: p.index, from: p.from, to: p.to, amount: p.amount,
    }), paying());
    expect(closed.phase).toBe('closed');
    expect(must(closed, ev.floor({ kind: 'note' })).eventCount).toBe(closed.eventCount + 1);
    expect(refusal(apply(closed, ev.floor({ kind: 'foul-seat', seat: 1 })))).toEqual({ code: 'hand-over', message: 'floor-correction: the hand is closed; nothing more can happen in this hand' });
  });
});
