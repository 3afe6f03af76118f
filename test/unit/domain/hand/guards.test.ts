// Every phase guard refused with its code and its reason in a dealer's words (issue 3 s1
// "the phases and their guards, each refused with a reason that a dealer understands").
import { describe, expect, it } from 'vitest';
import {
  apply, buildSettled, carryOver, initialState, outstandingPayments, type HandEvent, type HandState, type SeatNo,
} from '../../../../app/domain/hand';
import { unwrap } from '../../../../app/domain/result';
import { EXAMPLE_003, at, dealt, dealtHand, deckFor, drive, driveAll, ev, handOf, refusal, started } from './support';

const deck = deckFor(4, { 1: handOf(EXAMPLE_003[1]), 2: handOf(EXAMPLE_003[2]), 3: handOf(EXAMPLE_003[3]), 4: handOf(EXAMPLE_003[4]) });
const rows = (seat: SeatNo) => ev.set(seat, ...EXAMPLE_003[seat]);

// States the guards are tried in.
const dealing = () => driveAll(drive(initialState, started()), [dealt(0, 0), dealt(1, 1)]);
const setting = () => dealtHand({ deck });
const settingBasic = () => dealtHand({ deck, preset: 'basic' });
const allReady = () => driveAll(setting(), [ev.ready(1), ev.ready(2), ev.ready(3), ev.ready(4)]);
const showdown = () => drive(allReady(), ev.open());
const allRead = () => driveAll(showdown(), [rows(1), rows(2), rows(3), rows(4)]);
const paying = () => drive(allRead(), unwrap(buildSettled(allRead(), at())));
const pay = (s: HandState, i: number): HandEvent => {
  const p = outstandingPayments(s).find((x) => x.index === i)!;
  return { type: 'payment-executed', at: at(), by: 'dealer', index: i, from: p.from, to: p.to, amount: p.amount };
};
const paidOnce = () => drive(paying(), pay(paying(), 0));
const closed = () => outstandingPayments(paying()).reduce((s, p) => drive(s, pay(s, p.index)), paying());
const threePlayers = () => dealtHand({ seats: [1, 2, 3] });
const ofc = () => drive(initialState, started({ preset: 'ofc', seats: [1, 2] }));

/** A void signed by the floor people `signedBy` (`by`: the first of them, unless given). */
const voidSignedBy = (signedBy: { staffId: string; name: string }[], by = `floor:${signedBy[0].name}`): HandEvent =>
  ({ type: 'hand-voided', at: at(), by: by as `floor:${string}`, reason: 'dispute', signedBy });

const settledEvent = () => unwrap(buildSettled(allRead(), at()));
const payment = (index: number, amount = 100): HandEvent => ({ type: 'payment-executed', at: at(), by: 'dealer', index, from: 1, to: 2, amount });
const closeEvent: HandEvent = { type: 'hand-closed', at: at(), by: 'dealer' };

// [source, state, event, code, message (exact, or a fragment when it ends with "...")]
const cases: [string, () => HandState, HandEvent, string, string][] = [
  ['no hand yet', () => initialState, dealt(0), 'no-hand', 'card-dealt: no hand has started'],
  ['one start per hand', setting, started(), 'hand-already-started', 'This hand has already started; a new hand needs a new state'],
  ['RULES.md s4: set after the deal', dealing, ev.ready(1), 'deal-not-finished', 'Seat 1 cannot be marked set now: the cards are being dealt'],
  ['RULES.md s6: surrender after the deal', dealing, ev.surrender(1), 'deal-not-finished', 'Seat 1 cannot surrender now: the cards are being dealt'],
  ['RULES.md s7: natural after the deal', dealing, ev.natural(1, 'dragon'), 'deal-not-finished', 'Seat 1 cannot declare a natural (naturals are declared before the hands are opened) now: the cards are being dealt'],
  ['issue 3: no showdown during the deal', dealing, ev.open(), 'not-ready-to-open', 'The hands cannot be opened yet: the deal is not finished'],
  ['RULES.md s4 (002): no hand opens before every live seat has set', () => driveAll(setting(), [ev.ready(1), ev.ready(2)]), ev.open(),
    'not-ready-to-open', 'The hands cannot be opened yet: Seat 3 has not set his hand; Seat 4 has not set his hand'],
  ['hands are read at showdown', allReady, rows(1), 'too-early', 'A hand cannot be read (the hands are read once they are opened) now: the players are setting their hands'],
  ['rows are read at showdown', allReady, ev.row(1, 'front', 'Kd 5d 2s'), 'too-early', 'A row cannot be scanned now: the players are setting their hands'],
  ['settle at showdown', allReady, { type: 'settled', at: at(), by: 'dealer', record: {} as never, result: {} as never }, 'too-early', 'The hand cannot be settled now: the players are setting their hands'],
  ['RULES.md s6: surrender before the showdown', showdown, ev.surrender(1), 'too-late', 'Seat 1 cannot surrender now: the hands are open'],
  ['RULES.md s7: natural before the hands are opened (002)', showdown, ev.natural(1, 'dragon'), 'too-late', 'Seat 1 cannot declare a natural (naturals are declared before the hands are opened) now: the hands are open'],
  ['RULES.md s8: exposures before the showdown', showdown, ev.exposed(1), 'too-late', 'An exposed card can only be reported before the hands are opened now: the hands are open'],
  ['RULES.md s8: wrong seat before the showdown', showdown, ev.wrongSeat(1, 2), 'too-late', 'A wrong-seat delivery can only be reported before the hands are opened now: the hands are open'],
  ['the deal is over at showdown', showdown, dealt(0, 52), 'too-late', 'No card can be dealt now: the hands are open'],
  ['issue 3: settlement once every live seat is read', () => driveAll(showdown(), [rows(1), rows(2), ev.row(3, 'front', 'Ts 8d 3s')]), settledEvent(),
    'not-ready-to-settle', 'The hand cannot be settled yet: Seat 3\'s hand is partly read (front read; middle, back missing); Seat 4\'s hand is not read yet'],
  ['a hand is read once; the floor corrects', () => drive(showdown(), rows(1)), rows(1), 'hand-already-read', 'hand-set: Seat 1\'s hand is already read; only the floor can correct it'],
  ['a row is read once', () => drive(showdown(), ev.row(1, 'front', 'Kd 5d 2s')), ev.row(1, 'front', 'Kd 5d 2s'), 'row-already-scanned', 'Seat 1\'s front is already read; only the floor can correct it'],
  ['a hand has 13 cards', showdown, ev.set(1, 'Kd 5d', '7h 7d 8s 8c 3h', '6h 6d 6c 4s 4d'), 'wrong-card-count', 'Seat 1\'s hand: the rows hold 12 cards; a hand has 13 (read it again, or call the floor)'],
  ['payments after settlement', allRead, payment(0), 'too-early', 'No payment can be made now: the hands are open'],
  ['closing after settlement', allRead, closeEvent, 'too-early', 'The hand cannot be closed now: the hands are open'],
  ['every payment before closing', paying, closeEvent, 'payments-outstanding', 'The hand cannot be closed: ...'],
  ['a payment once', paidOnce, payment(0), 'already-paid', 'Payment 1 (...'],
  ['the payment as settled', paying, payment(0, 1), 'payment-mismatch', 'Payment 1 is ...'],
  ['an existing payment', paying, payment(99), 'no-such-payment', 'There is no payment 99: ...'],
  ['one settlement', paying, settledEvent(), 'too-late', 'The hand cannot be settled now: the payments are being made'],
  ['RULES.md s8 (a misdeal moves no chips): not once chips moved', paidOnce,
    { type: 'misdeal-called', at: at(), by: 'floor:Jana', cause: 'floor-ruling', automatic: false, cardsRead: deck, detail: '' },
    'chips-moved', 'A misdeal cannot be called: 1 payment already made; finish the payments and let the floor correct them'],
  ['void: once chips moved, a second floor person (issue 10, the two-person rule)', paidOnce, ev.void(), 'second-floor-needed', "1 payment already made: a void now needs a second floor person's PIN (the two-person rule), and the chips paid go back"],
  ['void: once chips moved, one person signing twice is not two', paidOnce,
    voidSignedBy([{ staffId: 'jana', name: 'Jana' }, { staffId: 'jana', name: 'Jana' }]),
    'same-floor-person', 'hand-voided: the second floor person must be someone other than Jana (jana)'],
  ['void: the first signature is the floor person in by', setting,
    voidSignedBy([{ staffId: 'jana', name: 'Jana' }], 'floor:Petr'), 'bad-event', 'hand-voided: by must be "floor:Jana", the floor person who signed it first, not "floor:Petr"'],
  ['void: the floor only (RULES.md s11)', setting, { type: 'hand-voided', at: at(), by: 'dealer' as never, reason: 'x' }, 'floor-only', 'Only the floor can void a hand'],
  ['void: with a reason', setting, ev.void(' '), 'reason-needed', 'A hand is voided with a reason'],
  ['floor correction: the floor only', showdown, { type: 'floor-correction', at: at(), by: 'dealer' as never, reason: 'x', action: { kind: 'note' } }, 'floor-only', 'A correction is made by the floor (by: "floor:<name>")'],
  ['floor correction: with a reason (RULES.md s11 who, when, why)', showdown, ev.floor({ kind: 'note' }, ''), 'reason-needed', 'A floor correction needs a reason'],
  ['a closed hand is over', closed, ev.ready(1), 'hand-over', 'seat-ready: the hand is closed; nothing more can happen in this hand'],
  ['a voided hand is over', () => drive(setting(), ev.void()), ev.ready(1), 'hand-over', 'seat-ready: the hand was voided; nothing more can happen in this hand'],
  ['set once', () => drive(setting(), ev.ready(1)), ev.ready(1), 'already-ready', 'Seat 1 is already marked as set'],
  ['an empty seat does not play', threePlayers, ev.ready(4), 'seat-not-playing', 'seat-ready: Seat 4 is empty this hand'],
  ['RULES.md s12: basic plays no surrender', settingBasic, ev.surrender(1), 'surrender-not-played', 'Seat 1 cannot surrender: surrender is not played under basic'],
  ['RULES.md s12: a natural the profile plays', setting, ev.natural(1, 'pure-dragon'), 'natural-not-played',
    'Seat 1 cannot declare Pure Dragon: it is not played under mandarin-house (naturals played: dragon, six-pairs, three-flushes, three-straights)'],
  ['RULES.md s12: basic plays no naturals', settingBasic, ev.natural(1, 'dragon'), 'natural-not-played', 'Seat 1 cannot declare Dragon: it is not played under basic (no naturals are played)'],
  ['scanner-only: no shoe reads', () => drive(initialState, started({ mode: 'scanner-only' })), dealt(0), 'no-shoe', 'No card can be dealt: this table plays without a shoe (scanner-only)'],
  ['the deal ends once', setting, ev.dealEnded(), 'deal-already-ended', 'The deal cannot end now: the players are setting their hands'],
  ['RULES.md s10: OFC sets by placing', ofc, ev.ready(1), 'not-in-ofc', 'In OFC a hand is set by placing its cards'],
  ['placements are OFC only', setting, ev.place(1, 0, 'front'), 'not-ofc', 'Cards are placed one at a time only in OFC, not under mandarin-house'],
  ['events carry an ISO time', setting, { ...ev.ready(1), at: 'yesterday' }, 'bad-time', 'seat-ready: "at" must be an ISO 8601 time with a zone, not "yesterday"'],
  ['events name who did it', setting, { ...ev.ready(1), by: 'bob' as never }, 'bad-actor', 'seat-ready: "by" must be dealer, device, system or floor:<name>, not "bob"'],
  ['known event types only', setting, { type: 'hand-won', at: at(), by: 'dealer' } as never, 'unknown-event', 'unknown event type "hand-won"'],
];

describe('phase guards (issue 3 s1)', () => {
  it.each(cases)('%s', (_source, before, event, code, message) => {
    const r = refusal(apply(before(), event));
    expect(r.code).toBe(code);
    if (message.endsWith('...')) expect(r.message.startsWith(message.slice(0, -3))).toBe(true);
    else expect(r.message).toBe(message);
  });

  it('a refused event leaves the state as it was (a new state or nothing)', () => {
    const s = showdown();
    const copy = JSON.parse(JSON.stringify(s));
    expect(refusal(apply(s, ev.surrender(1)))).toEqual({ code: 'too-late', message: 'Seat 1 cannot surrender now: the hands are open' });
    expect(JSON.parse(JSON.stringify(s))).toEqual(copy);
  });

  it('the outstanding-payments refusal lists what is left to pay', () => {
    const s = paying();
    const r = refusal(apply(s, closeEvent));
    const n = outstandingPayments(s).length;
    expect(r.message).toContain(`${n} payments still to make (Seat`);
  });

  it('hand-started checks what it is given', () => {
    const bad: [Partial<ReturnType<typeof started>>, string, string][] = [
      [{ button: 5 as SeatNo }, 'bad-seat', 'hand-started: the button must be on seat 1-4, not 5'],
      [{ pointValue: 0 }, 'bad-point-value', 'hand-started: the point value must be a whole number of minor units above 0, not 0'],
      [{ seats: [{ seat: 1, playerId: 'a', stack: 100 }] }, 'bad-seats', 'hand-started: a hand needs 2 to 4 players, not 1'],
      [{ seats: [{ seat: 1, playerId: 'a', stack: 100 }, { seat: 1, playerId: 'b', stack: 100 }] }, 'bad-seats', 'hand-started: Seat 1 is listed twice'],
      [{ seats: [{ seat: 1, playerId: 'a', stack: 0 }, { seat: 2, playerId: 'b', stack: 100 }] }, 'bad-stack', 'hand-started: Seat 1 must have chips in play (a whole number of minor units above 0), not 0'],
      [{ profile: { name: 'basic', version: 1, snapshot: 'basic' as never } }, 'bad-profile', 'hand-started: the profile snapshot must be the whole profile object, not a preset name'],
      [{ profile: { name: 'basic', version: 2, snapshot: started({ preset: 'basic' }).profile.snapshot } }, 'bad-profile', 'hand-started: profile "basic" version 2 does not match its snapshot (basic version 1)'],
      [{ fantasyland: [1] }, 'no-fantasyland', 'hand-started: mandarin-house has no Fantasyland, yet Seat 1 is listed in it'],
      [{ fantasyland: [1, 3] }, 'no-fantasyland', 'hand-started: mandarin-house has no Fantasyland, yet seats 1, 3 are listed in it'],
      [{ twoHanded: { round: 'dealt', reserve: [{ seat: 1, hand: 3 }, { seat: 2, hand: 4 }] } }, 'bad-two-handed', 'hand-started: the reserved-hand game is for two players, not 4'],
    ];
    for (const [patch, code, message] of bad) {
      expect(refusal(apply(initialState, { ...started(), ...patch } as HandEvent))).toEqual({ code, message });
    }
    const snapshot = { ...started().profile.snapshot, segmentPoints: -1 };
    expect(refusal(apply(initialState, { ...started(), profile: { name: 'mandarin-house', version: 1, snapshot } })).code).toBe('bad-profile');
  });
});

describe('the two-person void (issue 10 s2)', () => {
  it('after a payment, two floor people void the hand: the chips paid go back and the stacks are as at the start', () => {
    const before = paidOnce();
    const made = outstandingPayments(paying()).find((p) => p.index === 0)!;
    const voided = drive(before, {
      type: 'hand-voided', at: at(), by: 'floor:Jana', reason: 'wrong hand scored',
      signedBy: [{ staffId: 'jana', name: 'Jana' }, { staffId: 'petr', name: 'Petr' }],
    });
    expect(voided.phase).toBe('voided');
    expect(voided.abort).toMatchObject({ kind: 'void', returned: [{ from: made.from, to: made.to, amount: made.amount }] });
    const start = Object.fromEntries(before.seats.filter((s) => s.player).map((s) => [s.seat, s.player!.stack]));
    expect(Object.fromEntries(carryOver(voided).stacks.map((s) => [s.seat, s.stack]))).toEqual(start);
  });

  it('before any payment one floor person voids, and nothing goes back', () => {
    const voided = drive(paying(), voidSignedBy([{ staffId: 'jana', name: 'Jana' }]));
    expect(voided.abort).toMatchObject({ kind: 'void', returned: [] });
  });
});
