// The hand fold's checks that the other hand tests left unpinned (app/domain/hand/fold.ts,
// docs/hand-lifecycle.md): exact refusal codes and the words a dealer or the floor reads, what a
// refused event leaves alone, and the state an accepted event gives (irregularities as the floor
// sees them, the deal's owners, the hand's source). Each case fails when the check it names is
// removed or loosened.
import { describe, expect, it } from 'vitest';
import {
  apply, buildSettled, initialState, replay, type HandEvent, type HandState, type SeatNo,
} from '../../../../app/domain/hand';
import { formatCard } from '../../../../app/domain/cards';
import { presetJson } from '../../../../app/domain/profiles';
import { unwrap } from '../../../../app/domain/result';
import { EXAMPLE_003, at, cards, dealt, dealtHand, deckFor, drive, driveAll, ev, handOf, must, refusal, started } from './support';

const deck = () => deckFor(4, { 1: handOf(EXAMPLE_003[1]), 2: handOf(EXAMPLE_003[2]), 3: handOf(EXAMPLE_003[3]), 4: handOf(EXAMPLE_003[4]) });
const rows = (seat: SeatNo) => ev.set(seat, ...EXAMPLE_003[seat]);
const setting = () => dealtHand({ deck: deck() });
const showdown = () => driveAll(setting(), [ev.ready(1), ev.ready(2), ev.ready(3), ev.ready(4), ev.open()]);
const allRead = () => driveAll(showdown(), [rows(1), rows(2), rows(3), rows(4)]);
const paying = () => { const s = allRead(); return drive(s, unwrap(buildSettled(s, at()))); };
const raw = (e: Record<string, unknown>): HandEvent => e as unknown as HandEvent;
const start = (patch: Record<string, unknown>): HandEvent => raw({ ...started(), ...patch });
const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
/** A two-handed reserved round: seat 1 holds cards 0-12, seat 2 cards 13-25 (26-51 never dealt). */
const reservedRound = () => drive(initialState, start({
  ...started({ seats: [1, 2] }),
  twoHanded: { round: 'reserved', fromHandId: 'H0', hands: [{ seat: 1, cards: range(0, 13) }, { seat: 2, cards: range(13, 13) }] },
}));
/** Scanner-only, deal ended: the cards become known as they are shown. */
const blind = (preset?: 'basic') => driveAll(initialState, [started({ mode: 'scanner-only', ...(preset ? { preset } : {}) }), ev.dealEnded()]);
const ofcStart = (o: Parameters<typeof started>[0] = {}) => drive(initialState, started({ preset: 'ofc', seats: [1, 2], ...o }));
const ofcDealt = (n: number, o: Parameters<typeof started>[0] = {}) => {
  let s = ofcStart(o);
  for (let k = 0; k < n; k++) s = drive(s, dealt(k, k));
  return s;
};
/** Applies and expects a refusal with exactly this code and message; the state is left as it was. */
function refused(state: HandState, event: HandEvent, code: string, message: string) {
  const before = JSON.stringify(state);
  const r = apply(state, event);
  expect(refusal(r)).toEqual({ code, message });
  expect(JSON.stringify(state)).toBe(before);
}

describe('hand-started', () => {
  it('a sequence modulo of 2 is taken (a whole number from 2)', () => {
    const s = must(initialState, start({ seqModulo: 2 }));
    expect(s.info!.seqModulo).toBe(2);
  });

  it('an OFC profile without Fantasyland refuses Fantasyland seats', () => {
    const snapshot: Record<string, unknown> = { ...presetJson('ofc'), name: 'ofc-no-fl', fantasyland: null };
    refused(initialState, start({ ...started({ profile: snapshot, seats: [1, 2] }), fantasyland: [1] }),
      'no-fantasyland', 'hand-started: ofc-no-fl has no Fantasyland, yet Seat 1 is listed in it');
  });

  const two = (twoHanded: unknown) => start({ ...started({ seats: [1, 2] }), twoHanded });
  it.each<[string, unknown]>([
    ['three reserves', [{ seat: 1, hand: 3 }, { seat: 2, hand: 4 }, { seat: 3, hand: 3 }]],
    ['one player reserving, a spare seat "reserving" the other', [{ seat: 1, hand: 3 }, { seat: 3, hand: 4 }]],
    ['an empty entry', [null, { seat: 2, hand: 4 }]],
  ])('a dealt round with %s is refused: each player reserves one spare hand', (_, reserve) => {
    refused(initialState, two({ round: 'dealt', reserve }), 'bad-two-handed', 'hand-started: each of seats 1 and 2 must reserve one spare hand');
  });

  it.each<[string, unknown]>([
    ['three hands', [{ seat: 1, cards: [] }, { seat: 2, cards: [] }, { seat: 3, cards: [] }]],
    ['seat 1 twice', [{ seat: 1, cards: [] }, { seat: 1, cards: [] }]],
    ['a spare seat for seat 2', [{ seat: 1, cards: [] }, { seat: 3, cards: [] }]],
    ['an empty entry', [null, { seat: 2, cards: [] }]],
  ])('a reserved round with %s is refused: the reserved cards of both players', (_, hands) => {
    refused(initialState, two({ round: 'reserved', fromHandId: 'H0', hands }), 'bad-two-handed',
      'hand-started: a reserved round gives the reserved cards of seats 1 and 2');
  });

  it('a reserved round knows whose each card is, and leaves the initial state as it was', () => {
    const s = reservedRound();
    expect(s.phase).toBe('setting');
    expect(s.deal.owner[0]).toBe(1);
    expect(s.deal.owner[13]).toBe(2);
    expect(s.deal.owner[40]).toBe(0);
    expect(initialState.deal.owner.every((o) => o === 0)).toBe(true);
    // An exposed card of the other seat's reserved hand is not his.
    refused(s, ev.exposed(1, 13), 'card-not-in-hand', `${formatCard(13)} was dealt to Seat 2, not Seat 1`);
  });
});

describe('the shoe', () => {
  it('a read with a device id and simulated: true is taken', () => {
    const s = drive(initialState, started());
    const next = must(s, raw({ ...dealt(0, 0), device: 'shoe-1', simulated: true }));
    expect(next.deal.reads).toBe(1);
  });

  it('a bad afterSeq is named as such', () => {
    const s = drive(initialState, started());
    refused(s, raw({ ...dealt(0, 1), afterSeq: -1 }), 'bad-event', 'card-dealt afterSeq: seq must be a whole number or null, not -1');
  });

  it('a card too many in a shorter deal is read "27th"', () => {
    // The fold alone (no deal-ended follow-up): an OFC deal of two seats has 26 cards.
    let s = ofcStart();
    for (let k = 0; k < 26; k++) s = must(s, dealt(k, k));
    const next = must(s, dealt(30, 26));
    expect(next.pendingMisdeal).toEqual({ cause: 'too-many-cards', automatic: true, detail: `the shoe read a card too many: ${formatCard(30)} was read 27th, the deal has 26 cards` });
  });

  it('no unreadable card without a shoe', () => {
    const s = drive(initialState, started({ mode: 'scanner-only' }));
    refused(s, raw({ type: 'card-unreadable', at: at(), by: 'device', seq: 0, raw: '0203' }), 'no-shoe', 'No card can be dealt: this table plays without a shoe (scanner-only)');
  });

  it('an unreadable read after a jump in the sequence numbers is a sequence-gap misdeal', () => {
    const s = driveAll(drive(initialState, started()), [dealt(0, 0)]);
    const next = must(s, raw({ type: 'card-unreadable', at: at(), by: 'device', seq: 5, raw: '0203' }));
    expect(next.pendingMisdeal).toEqual({ cause: 'sequence-gap', automatic: true, detail: "the shoe's sequence numbers jumped from 0 to 5 (a read was lost)" });
  });
});

describe('exposed cards and wrong-seat deliveries', () => {
  it('the same exposed card twice is refused in words', () => {
    const s = must(setting(), ev.exposed(1, handOf(EXAMPLE_003[1])[0]));
    refused(s, ev.exposed(1, handOf(EXAMPLE_003[1])[0]), 'already-exposed', "Kd of Seat 1's hand is already noted as exposed");
  });

  it('a card not yet dealt may be reported exposed during the deal; without a shoe any card may', () => {
    const s = driveAll(drive(initialState, started()), [dealt(0, 0)]);
    expect(must(s, ev.exposed(1, 40)).seats[0].exposed).toEqual([40]);
    expect(must(blind(), ev.exposed(2, 7)).seats[1].exposed).toEqual([7]);
  });

  it('after a set, a swap is noted with no cards, and its other half is a note too', () => {
    const s = driveAll(setting(), [ev.ready(3)]);
    const swapped = must(s, ev.wrongSeat(1, 2));
    expect(swapped.irregularities).toEqual([{
      id: 1, seat: 1, kind: 'wrong-seat-after-set', otherSeat: 2, cards: [], blocking: false, at: swapped.lastAt, resolution: null,
      detail: 'Seat 1 was given the hand dealt to Seat 2, reported after a hand was set: Seat 2 holds the hand dealt to Seat 1; the hands play as they lie',
    }]);
    const other = must(swapped, ev.wrongSeat(2, 1));
    expect(other.irregularities[1]).toEqual({
      id: 2, seat: 2, kind: 'wrong-seat-after-set', otherSeat: 1, cards: [], blocking: false, at: other.lastAt, resolution: null,
      detail: 'Seat 2 was given the hand dealt to Seat 1, reported after a hand was set: already noted as the other half of a swap; the hands play as they lie',
    });
    // Both halves noted: the same report again is refused.
    refused(other, ev.wrongSeat(2, 1), 'already-reported', "Seat 2 is already noted as holding Seat 1's hand");
  });

  it('another irregularity of the seat does not make the other half of a swap "already reported"', () => {
    // Scanner-only: seat 4 surrenders showing 13 cards; seats 1 and 2 swap; seat 2 surrenders
    // showing one of seat 4's cards (a duplicate, noted for seat 2); seat 2 then reports the swap.
    const four = range(0, 13);
    const two = [12, ...range(13, 12)];
    let s = must(blind(), ev.surrender(4, four));
    s = must(s, ev.wrongSeat(1, 2));
    s = must(s, ev.surrender(2, two));
    expect(s.irregularities.map((i) => [i.seat, i.kind])).toEqual([[1, 'wrong-seat-after-set'], [2, 'duplicate-across-seats']]);
    const next = must(s, ev.wrongSeat(2, 1));
    expect(next.irregularities[2]).toMatchObject({ seat: 2, kind: 'wrong-seat-after-set', otherSeat: 1 });
  });
});

describe('declarations: surrender and naturals', () => {
  it('a seat that is no seat, in the wrong phase, is "A seat"', () => {
    const dealing = driveAll(drive(initialState, started()), [dealt(0, 0)]);
    refused(dealing, raw({ type: 'seat-ready', at: at(), by: 'dealer', seat: 9 }), 'deal-not-finished', 'A seat cannot be marked set now: the cards are being dealt');
    refused(dealing, raw({ type: 'surrender-declared', at: at(), by: 'dealer', seat: 9 }), 'deal-not-finished', 'A seat cannot surrender now: the cards are being dealt');
    refused(dealing, raw({ type: 'natural-declared', at: at(), by: 'dealer', seat: 9, natural: 'dragon' }), 'deal-not-finished',
      'A seat cannot declare a natural (naturals are declared before the hands are opened) now: the cards are being dealt');
  });

  it.each<[string, Record<string, unknown>]>([
    ['surrender-declared', {}],
    ['natural-declared', { natural: 'dragon' }],
    ['natural-verified', { natural: 'dragon' }],
  ])('%s names itself when the seat is no seat', (type, extra) => {
    refused(setting(), raw({ type, at: at(), by: 'dealer', seat: 7, ...extra }), 'bad-seat', `${type}: 7 is not a seat (1-4)`);
  });

  it('a second surrender and a second declaration are refused in words', () => {
    refused(must(setting(), ev.surrender(1)), ev.surrender(1), 'already-surrendered', 'Seat 1 has already surrendered');
    refused(must(setting(), ev.natural(2, 'dragon')), ev.natural(2, 'six-pairs'), 'natural-already-declared', 'Seat 2 has already declared Dragon');
  });

  it('with a shoe, cards that were not dealt to the seat are named, one or several', () => {
    const mine = handOf(EXAMPLE_003[1]);
    const one = [...mine.slice(1), handOf(EXAMPLE_003[2])[0]];
    refused(setting(), ev.surrender(1, one), 'cards-not-dealt-to-seat', 'surrender-declared: 2h was not dealt to Seat 1; scan the hand again or call the floor');
    const two = [...mine.slice(2), ...handOf(EXAMPLE_003[2]).slice(0, 2)];
    refused(setting(), ev.natural(1, 'dragon', two), 'cards-not-dealt-to-seat', 'natural-declared: 2h and 2d were not dealt to Seat 1; scan the hand again or call the floor');
  });

  it('with a shoe, cards: null is no cards given (the dealt ones are judged)', () => {
    const s = must(setting(), raw({ type: 'natural-declared', at: at(), by: 'dealer', seat: 1, natural: 'dragon', cards: null }));
    expect(s.seats[0].natural).toMatchObject({ name: 'dragon', status: 'declared', cards: handOf(EXAMPLE_003[1]) });
  });

  it('without a shoe, cards: null asks for the cards; bad cards are refused as such', () => {
    refused(blind(), raw({ type: 'natural-declared', at: at(), by: 'dealer', seat: 1, natural: 'dragon', cards: null }), 'cards-needed',
      "Seat 1's natural: scan the 13 cards laid face up (this table has no shoe)");
    refused(blind(), ev.surrender(1, range(0, 12)), 'wrong-card-count', 'surrender-declared must be 13 cards, not 12');
  });

  it('a surrender takes back "set"', () => {
    const s = driveAll(setting(), [ev.ready(1), ev.surrender(1)]);
    expect(s.seats[0]).toMatchObject({ ready: false, surrender: { cards: handOf(EXAMPLE_003[1]) } });
  });

  it('without a shoe, cards another seat has shown are a blocking irregularity naming the cards and the seats', () => {
    let s = must(blind(), ev.surrender(1, range(0, 13)));
    s = must(s, ev.surrender(2, range(13, 13)));
    // Seat 3 shows 2s (seat 1's) and 5h (seat 2's), and 11 cards no one showed.
    const three = [0, 13, ...range(26, 11)];
    const next = must(s, ev.surrender(3, three));
    expect(next.irregularities).toEqual([{
      id: 1, seat: 3, kind: 'duplicate-across-seats', cards: [0, 13], blocking: true, at: next.lastAt, resolution: null,
      detail: `${formatCard(0)} and ${formatCard(13)} are also in the hand of Seat 1 and Seat 2`,
    }]);
    const single = must(s, ev.natural(4, 'dragon', [0, ...range(26, 12)]));
    expect(single.irregularities).toEqual([{
      id: 1, seat: 4, kind: 'duplicate-across-seats', cards: [0], blocking: true, at: single.lastAt, resolution: null,
      detail: `${formatCard(0)} is also in the hand of Seat 1`,
    }]);
  });
});

describe('showing hands', () => {
  it('hands shown with cards never dealt (a reserved round) are noted; cards of the other seat are listed', () => {
    const s = driveAll(reservedRound(), [ev.ready(1), ev.ready(2), ev.open()]);
    // Seat 1 shows 11 of his cards, 2 cards never dealt (26, 27) -- then seat 2 shows two of seat 1's.
    const shown = [...range(0, 11), 26, 27];
    const one = must(s, raw({ type: 'hand-set', at: at(), by: 'dealer', seat: 1, front: shown.slice(0, 3), middle: shown.slice(3, 8), back: shown.slice(8), source: 'touch' }));
    expect(one.irregularities).toEqual([{
      id: 1, seat: 1, kind: 'card-not-dealt', cards: [26, 27], blocking: true, at: one.lastAt, resolution: null,
      detail: `shows ${formatCard(26)} and ${formatCard(27)}, which were never dealt this hand`,
    }]);
    const theirs = [0, 1, ...range(15, 11)];
    const two = must(one, raw({ type: 'hand-set', at: at(), by: 'dealer', seat: 2, front: theirs.slice(0, 3), middle: theirs.slice(3, 8), back: theirs.slice(8), source: 'touch' }));
    expect(two.irregularities[1]).toMatchObject({ seat: 2, kind: 'card-of-other-seat', cards: [0, 1], blocking: true, detail: `shows cards dealt to another seat (${formatCard(0)} to Seat 1, ${formatCard(1)} to Seat 1)` });
  });

  it('one card never dealt "was"', () => {
    const s = driveAll(reservedRound(), [ev.ready(1), ev.ready(2), ev.open()]);
    const shown = [...range(0, 12), 30];
    const one = must(s, raw({ type: 'hand-set', at: at(), by: 'dealer', seat: 1, front: shown.slice(0, 3), middle: shown.slice(3, 8), back: shown.slice(8), source: 'touch' }));
    expect(one.irregularities[0].detail).toBe(`shows ${formatCard(30)}, which was never dealt this hand`);
  });

  it('a scanned row with a bad card is refused naming the seat and the row', () => {
    refused(showdown(), raw({ type: 'row-scanned', at: at(), by: 'device', seat: 1, row: 'front', cards: [60] }), 'bad-card', "Seat 1's front: 60 is not a card code (0..51)");
  });

  it('a hand read row by row is the scanner\'s', () => {
    const [f, m, b] = EXAMPLE_003[1];
    const s = driveAll(showdown(), [ev.row(1, 'front', f), ev.row(1, 'middle', m), ev.row(1, 'back', b)]);
    expect(s.seats[0].hand).toEqual({ front: cards(f), middle: cards(m), back: cards(b), source: 'scanner' });
  });
});

describe('OFC: Fantasyland hands and placements', () => {
  const fl = (n: number) => ofcDealt(n, { fantasyland: [1] });
  const flSet = (seat: SeatNo, c: number[]) => raw({ type: 'hand-set', at: at(), by: 'dealer', seat, front: c.slice(0, 3), middle: c.slice(3, 8), back: c.slice(8), source: 'touch' });

  it('a Fantasyland hand is refused in words: no seat, too soon, too many dealt elsewhere, wrong count', () => {
    const s = fl(13);
    const held = [...s.seats[0].dealt];
    refused(s, flSet(9 as SeatNo, held), 'bad-seat', 'hand-set: 9 is not a seat (1-4)');
    refused(fl(5), flSet(1, held), 'deal-incomplete', 'Seat 1 has been dealt 5 of his 13 Fantasyland cards');
    refused(s, flSet(1, held.slice(0, 12)), 'wrong-card-count', "Seat 1's hand: the rows hold 12 cards; a hand has 13 (read it again, or call the floor)");
    refused(s, flSet(1, [...held.slice(0, 12), 40]), 'cards-not-dealt-to-seat', `${formatCard(40)} was not dealt to Seat 1`);
    refused(s, flSet(1, [...held.slice(0, 11), 40, 41]), 'cards-not-dealt-to-seat', `${formatCard(40)} and ${formatCard(41)} were not dealt to Seat 1`);
    const shown = must(s, flSet(1, held));
    refused(shown, flSet(1, held), 'hand-already-read', "Seat 1's Fantasyland hand is already shown and cannot be rearranged");
  });

  it('without a shoe, a Fantasyland hand with a card already placed by another seat is refused', () => {
    let s = ofcStart({ mode: 'scanner-only', fantasyland: [1] });
    s = must(s, ev.place(2, 5, 'back'));
    refused(s, flSet(1, range(0, 13)), 'card-on-table', `${formatCard(5)} is already on the table at Seat 2`);
    expect(must(s, flSet(1, range(6, 13))).seats[0].hand).not.toBeNull();
  });

  it('after the showdown a Fantasyland hand is not shown and a card is not placed', () => {
    // Seat 1 in Fantasyland shows his 13; seat 2 places his 13; the hands open.
    let s = fl(26);
    s = must(s, flSet(1, [...s.seats[0].dealt]));
    const mine = s.seats[1].dealt;
    const rowsOf: ('front' | 'middle' | 'back')[] = ['front', 'front', 'front', 'middle', 'middle', 'middle', 'middle', 'middle', 'back', 'back', 'back', 'back', 'back'];
    mine.forEach((c, i) => { s = must(s, ev.place(2, c, rowsOf[i])); });
    s = drive(s, ev.open());
    expect(s.phase).toBe('showdown');
    refused(s, flSet(1, [...s.seats[0].dealt]), 'too-late', 'A Fantasyland hand cannot be shown now: the hands are open');
    refused(s, ev.place(2, mine[0], 'back'), 'too-late', 'A card cannot be placed now: the hands are open');
  });

  it('placing: no seat, and a Fantasyland player places nothing', () => {
    const s = fl(26);
    refused(s, raw({ type: 'card-placed', at: at(), by: 'dealer', seat: 8, card: 1, row: 'back' }), 'bad-seat', 'card-placed: 8 is not a seat (1-4)');
    refused(s, ev.place(1, s.seats[0].dealt[0], 'back'), 'fantasyland-sets-at-once', 'Seat 1 is in Fantasyland: he shows all 13 cards at once');
  });

  it('a full front row is not yet a hand', () => {
    let s = ofcDealt(26);
    const mine = s.seats[0].dealt;
    for (const c of mine.slice(0, 3)) s = must(s, ev.place(1, c, 'front'));
    expect(s.seats[0].hand).toBeNull();
  });
});

describe('showdown, settlement, payments', () => {
  it('the hands cannot be opened twice', () => {
    refused(showdown(), ev.open(), 'too-late', 'The hands cannot be opened now: the hands are open');
  });

  it.each<[string, (r: Record<string, unknown>) => unknown, string]>([
    ['a result that is no object', () => 5, 'settled: the result is missing'],
    ['nets that are no object', (r) => ({ ...r, net: 5 }), 'settled: the result has no net per seat'],
    ['a payment that is nothing', (r) => ({ ...r, payments: [null], nettedPayments: undefined }), 'settled: payment 0 is not a payment between two players of this hand'],
    ['a payment from no seat', (r) => ({ ...r, payments: [{ from: 0, to: 1, amount: 100 }], nettedPayments: undefined }), 'settled: payment 0 is not a payment between two players of this hand'],
    ['a payment to no seat', (r) => ({ ...r, payments: [{ from: 1, to: 9, amount: 100 }], nettedPayments: undefined }), 'settled: payment 0 is not a payment between two players of this hand'],
    ['a net that is no number', (r) => ({ ...r, net: { ...(r.net as Record<string, number>), 1: null } }), 'settled: the nets do not sum to zero'],
    // Read as 0 the nets would sum to zero: a net that is not a number is not zero.
    ['a net of null beside nets that sum to zero', (r) => {
      const net = r.net as Record<string, number>;
      return { ...r, net: { ...net, 1: null, 2: net[2] + net[1] } };
    }, 'settled: the nets do not sum to zero'],
  ])('a settlement with %s is refused', (_, change, message) => {
    const s = allRead();
    const e = unwrap(buildSettled(s, at())) as unknown as Record<string, unknown>;
    const result = e.result as Record<string, unknown>;
    refused(s, raw({ ...e, result: change(result) }), 'bad-settlement', message);
  });

  it('payments: one past the last, one already made, one that is not the next in the list', () => {
    const s = paying();
    const list = s.settlement!.result.nettedPayments ?? s.settlement!.result.payments;
    const n = list.length;
    expect(n).toBeGreaterThan(1);
    const pay = (index: number, p = list[index]) => raw({ type: 'payment-executed', at: at(), by: 'dealer', index, from: p.from, to: p.to, amount: p.amount });
    refused(s, pay(n, list[0]), 'no-such-payment', `There is no payment ${n}: the settlement has ${n} payments`);
    const paid = must(s, pay(0));
    const again = apply(paid, pay(0));
    expect(again.ok).toBe(false);
    if (!again.ok) {
      expect(again.error.code).toBe('already-paid');
      expect(again.error.figures).toEqual({ number: 1, from: list[0].from, to: list[0].to, amount: { minor: list[0].amount } });
    }
    const p = list[1];
    const wrongTo = ([1, 2, 3, 4] as SeatNo[]).find((x) => x !== p.from && x !== p.to)!;
    refused(paid, pay(1, { ...p, to: wrongTo }), 'payment-mismatch',
      `Payment 2 is Seat ${p.from} pays Seat ${p.to} ${p.amount.toLocaleString('en-US')}, not {"from":${p.from},"to":${wrongTo},"amount":${p.amount}}`);
    const wrongFrom = ([1, 2, 3, 4] as SeatNo[]).find((x) => x !== p.from && x !== p.to)!;
    expect(refusal(apply(paid, pay(1, { ...p, from: wrongFrom }))).code).toBe('payment-mismatch');
  });

  it('the hand cannot be closed with payments open: each is named', () => {
    const s = paying();
    const list = s.settlement!.result.nettedPayments ?? s.settlement!.result.payments;
    const words = list.map((p) => `Seat ${p.from} pays Seat ${p.to} ${p.amount.toLocaleString('en-US')}`).join('; ');
    refused(s, raw({ type: 'hand-closed', at: at(), by: 'dealer' }), 'payments-outstanding',
      `The hand cannot be closed: ${list.length} payments still to make (${words})`);
  });
});

describe('the floor', () => {
  it('a correction whose action is no object is refused as missing', () => {
    refused(setting(), ev.floor(5 as never), 'bad-event', 'floor-correction: the action is missing');
  });

  it('a foul-seat ruling on an irregularity marks it "foul-seat"; a foul of no seat names the correction', () => {
    const s = drive(showdown(), ev.set(1, 'Kd 5d 2h', '7h 7d 8s 8c 3h', '6h 6d 6c 4s 4d', 'touch'));
    const ruled = must(s, ev.floor({ kind: 'resolve-irregularity', irregularity: 1, ruling: 'foul-seat' }, 'marked cards'));
    expect(ruled.irregularities[0].resolution).toEqual({ ruling: 'foul-seat', by: 'floor:Jana', at: ruled.lastAt, reason: 'marked cards' });
    refused(showdown(), ev.floor({ kind: 'foul-seat', seat: 9 as SeatNo }), 'bad-seat', 'floor-correction: 9 is not a seat (1-4)');
  });

  it('a hand replaced for no seat names the correction', () => {
    refused(showdown(), ev.floor({ kind: 'replace-hand', seat: 9 as SeatNo, front: cards('Kd 5d 2s'), middle: cards('7h 7d 8s 8c 3h'), back: cards('6h 6d 6c 4s 4d') }),
      'bad-seat', 'floor-correction: 9 is not a seat (1-4)');
  });

  it('a replaced hand clears only its own seat\'s open blocking irregularities', () => {
    // Seat 1 shows seat 2's 2h, seat 2 shows seat 1's 2s: an irregularity each.
    let s = drive(showdown(), ev.set(1, 'Kd 5d 2h', '7h 7d 8s 8c 3h', '6h 6d 6c 4s 4d', 'touch'));
    s = drive(s, ev.set(2, '2s 2d 3d', 'Kh Qd Jh Th 9h', '2c 3c 5c 7c 9c', 'touch'));
    expect(s.irregularities.map((i) => [i.id, i.seat, i.blocking])).toEqual([[1, 1, true], [2, 2, true]]);
    const replaced = must(s, ev.floor({ kind: 'replace-hand', seat: 1, front: cards('Kd 5d 2s'), middle: cards('7h 7d 8s 8c 3h'), back: cards('6h 6d 6c 4s 4d') }, 'misread'));
    expect(replaced.irregularities[0].resolution).toMatchObject({ ruling: 'hand-replaced' });
    expect(replaced.irregularities[1].resolution).toBeNull();
  });

  it('a replaced hand leaves a non-blocking note and an earlier ruling as they were', () => {
    let s = driveAll(setting(), [ev.ready(3), ev.wrongSeat(1, 2)]);
    s = driveAll(s, [ev.ready(1), ev.ready(2), ev.ready(4), ev.open()]);
    s = drive(s, ev.set(1, 'Kd 5d 2h', '7h 7d 8s 8c 3h', '6h 6d 6c 4s 4d', 'touch'));
    // Irregularity 1: the swap note (not blocking); 2: seat 1 shows a card not his.
    expect(s.irregularities.map((i) => [i.seat, i.blocking])).toEqual([[1, false], [1, true]]);
    const replaced = must(s, ev.floor({ kind: 'replace-hand', seat: 1, front: cards('2h 2d 3d'), middle: cards('Kh Qd Jh Th 9h'), back: cards('2c 3c 5c 7c 9c') }, 'misread'));
    expect(replaced.irregularities[0].resolution).toBeNull();
    expect(replaced.irregularities[1].resolution).toMatchObject({ ruling: 'hand-replaced' });
  });
});

describe('the envelope: over, misdeal pending, replay', () => {
  const closed = () => {
    let s = paying();
    const list = s.settlement!.result.nettedPayments ?? s.settlement!.result.payments;
    list.forEach((p, index) => { s = must(s, raw({ type: 'payment-executed', at: at(), by: 'dealer', index, from: p.from, to: p.to, amount: p.amount })); });
    return must(s, raw({ type: 'hand-closed', at: at(), by: 'dealer' }));
  };

  it('on a closed hand, only a floor note: not a correction without an action, nor another event carrying a note', () => {
    const s = closed();
    expect(s.phase).toBe('closed');
    refused(s, raw({ type: 'floor-correction', at: at(), by: 'floor:Jana', reason: 'x' }), 'hand-over', 'floor-correction: the hand is closed; nothing more can happen in this hand');
    refused(s, raw({ ...ev.void(), action: { kind: 'note' } }), 'hand-over', 'hand-voided: the hand is closed; nothing more can happen in this hand');
  });

  it('with a misdeal pending, a floor correction other than a note waits for the misdeal', () => {
    const s = must(driveAll(drive(initialState, started()), [dealt(0, 0)]), dealt(0, 1));
    const msg = (type: string) => `${type}: the hand is a misdeal (2s was read twice (cards 1 and 2 read)); the misdeal must be recorded first`;
    refused(s, ev.floor({ kind: 'foul-seat', seat: 1 }), 'misdeal-pending', msg('floor-correction'));
    refused(s, raw({ type: 'floor-correction', at: at(), by: 'floor:Jana', reason: 'x' }), 'misdeal-pending', msg('floor-correction'));
    refused(s, raw({ ...ev.ready(1), action: { kind: 'note' } }), 'misdeal-pending', msg('seat-ready'));
  });

  it('replay names an event that is not an object', () => {
    expect(refusal(replay([null as unknown as HandEvent]))).toEqual({ code: 'bad-event', message: 'event 1 (undefined): an event must be an object' });
  });
});
