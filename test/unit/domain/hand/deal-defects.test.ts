// Deal-flow defects found at the table: each test fails on the fold as it was.
import { describe, expect, it } from 'vitest';
import { apply, blockers, buildSettled, DEALER_MISDEAL_CAUSES, dealerMisdealCauses, idleDeal, initialState, type HandEvent } from '../../../../app/domain/hand';
import { readingOrder, rowCountProblems } from '../../../../app/domain/hand/entry';
import { heldCards } from '../../../../app/domain/hand/guards';
import { scanOrderRefusal } from '../../../../app/domain/hand/scan-order';
import { at, cards, dealt, dealtHand, deckFor, drive, driveAll, ev, EXAMPLE_003, handOf, must, refusal, started } from './support';

const deck = deckFor(1, { 1: handOf(EXAMPLE_003[1]), 2: handOf(EXAMPLE_003[2]), 3: handOf(EXAMPLE_003[3]), 4: handOf(EXAMPLE_003[4]) });
const showRows = (seat: 1 | 2 | 3 | 4, rows: [string, string, string]) => ev.set(seat, ...rows);

describe('a wrong-seat delivery after a set is a swap (RULES.md 8: the hands play as they lie)', () => {
  it('one report moves both hands: seats 2 and 3 hold each other\'s cards, and the hand settles', () => {
    let s = driveAll(dealtHand({ deck, button: 1 }), [ev.ready(1), ev.wrongSeat(2, 3)]);
    expect(s.seats.map((x) => x.holds)).toEqual([1, 3, 2, 4]);
    expect(heldCards(s, 2)).toEqual(s.seats[2].dealt);
    expect(heldCards(s, 3)).toEqual(s.seats[1].dealt);
    expect(s.irregularities.map((i) => i.detail)).toEqual([
      'Seat 2 was given the hand dealt to Seat 3, reported after a hand was set: Seat 3 holds the hand dealt to Seat 2; the hands play as they lie',
    ]);
    s = driveAll(s, [ev.ready(2), ev.ready(3), ev.ready(4), ev.open(),
      showRows(1, EXAMPLE_003[1]), showRows(2, EXAMPLE_003[3]), showRows(3, EXAMPLE_003[2]), showRows(4, EXAMPLE_003[4])]);
    expect(s.irregularities.filter((i) => i.blocking).map((i) => i.detail)).toEqual([]);
    expect(blockers(s)).toEqual([]);
    const settled = buildSettled(s, at(), 'dealer');
    expect(settled.ok ? 'ok' : settled.error.message).toBe('ok');
  });

  it('the other half of the swap reported too is a note that moves nothing; the same report twice is refused', () => {
    const s = driveAll(dealtHand({ deck, button: 1 }), [ev.ready(1), ev.wrongSeat(2, 3)]);
    const other = driveAll(s, [ev.wrongSeat(3, 2)]);
    expect(other.seats.map((x) => x.holds)).toEqual([1, 3, 2, 4]);
    expect(other.irregularities.map((i) => [i.seat, i.blocking])).toEqual([[2, false], [3, false]]);
    expect(refusal(apply(s, ev.wrongSeat(2, 3)))).toEqual({ code: 'already-reported', message: 'Seat 2 is already noted as holding Seat 3\'s hand' });
  });

  it('a log from when a swap was two reports, or a rotation three, replays to the same hands', () => {
    const swap = driveAll(dealtHand({ deck, button: 1 }), [ev.ready(4), ev.wrongSeat(1, 2), ev.wrongSeat(2, 1)]);
    expect(swap.seats.map((x) => x.holds)).toEqual([2, 1, 3, 4]);
    const rotation = driveAll(dealtHand({ deck, button: 1 }), [ev.ready(4), ev.wrongSeat(1, 2), ev.wrongSeat(2, 3), ev.wrongSeat(3, 1)]);
    expect(rotation.seats.map((x) => x.holds)).toEqual([2, 3, 1, 4]);
  });

  it('a rotation of three is two reports; a hand taken from an empty seat leaves the player\'s own hand there', () => {
    const three = driveAll(dealtHand({ deck, button: 1, seats: [1, 2, 3] }), [ev.ready(1), ev.wrongSeat(2, 4)]);
    expect(three.seats.map((x) => x.holds)).toEqual([1, 4, 3, 2]);
    expect(three.irregularities[0].detail).toContain('the hand dealt to Seat 2 lies at Seat 4, where no one plays');
    const rotated = driveAll(dealtHand({ deck, button: 1 }), [ev.ready(4), ev.wrongSeat(1, 2), ev.wrongSeat(2, 3)]);
    // 1 holds 2's, 2 holds 3's, 3 holds 1's: each position held by exactly one seat.
    expect(rotated.seats.map((x) => x.holds)).toEqual([2, 3, 1, 4]);
  });
});

describe('a framed shoe\'s status frames between two cards (card-dealt afterSeq)', () => {
  const upTo = (n: number) => {
    let s = drive(initialState, started());
    for (let k = 0; k < n; k++) s = drive(s, dealt(k, k));
    return s;
  };
  it('a card after the jam and ready frames (20, 21) follows afterSeq 21, not the last card 19', () => {
    const s = must(upTo(20), { type: 'card-dealt', at: at(), by: 'device', seq: 22, afterSeq: 21, card: 20, raw: '' });
    expect(s.pendingMisdeal).toBeNull();
    expect(s.deal.lastSeq).toBe(22);
  });
  it('without afterSeq the same jump is a lost read; afterSeq does not hide a real gap', () => {
    expect(must(upTo(20), { type: 'card-dealt', at: at(), by: 'device', seq: 22, card: 20, raw: '' }).pendingMisdeal).toMatchObject({ cause: 'sequence-gap' });
    expect(must(upTo(20), { type: 'card-dealt', at: at(), by: 'device', seq: 23, afterSeq: 21, card: 20, raw: '' }).pendingMisdeal).toMatchObject({ cause: 'sequence-gap' });
  });
  it('refuses an afterSeq that is no sequence number', () => {
    expect(refusal(apply(upTo(3), { type: 'card-dealt', at: at(), by: 'device', seq: 5, afterSeq: -1, card: 3, raw: '' } as HandEvent)).code).toBe('bad-event');
  });
});

describe('what the dealer may call, and a deal the shoe stopped short', () => {
  const partial = (n: number) => {
    let s = drive(initialState, started());
    for (let k = 0; k < n; k++) s = drive(s, { ...dealt(k, k), at: `2025-03-01T20:00:${String(k % 60).padStart(2, '0')}.000Z` } as HandEvent);
    return s;
  };
  it('short-deal while the shoe has read some but not all; wrong-card-count before the showdown; nothing once over', () => {
    expect(dealerMisdealCauses(partial(0))).toEqual(['wrong-card-count']);
    expect(dealerMisdealCauses(partial(51))).toEqual(['short-deal', 'wrong-card-count']);
    expect(dealerMisdealCauses(dealtHand())).toEqual(['wrong-card-count']);
    expect(dealerMisdealCauses(driveAll(dealtHand(), [ev.ready(1), ev.ready(2), ev.ready(3), ev.ready(4), ev.open()]))).toEqual([]);
    expect(DEALER_MISDEAL_CAUSES).toEqual(['wrong-card-count', 'short-deal']);
  });
  it('idleDeal: only once the shoe has read nothing for idleMs, by the clock given', () => {
    const s = partial(51); // the last read at 20:00:50
    const clock = (now: number) => (at: string) => now - Date.parse(at);
    const last = Date.parse('2025-03-01T20:00:50.000Z');
    expect(idleDeal(s, clock(last + 19_999), 20_000)).toBeNull();
    expect(idleDeal(s, clock(last + 20_000), 20_000)).toEqual({ read: 51, of: 52, idleMs: 20_000 });
    expect(idleDeal(s, clock(last + 60_000), 0)).toBeNull();
    expect(idleDeal(dealtHand(), clock(Date.now()), 1)).toBeNull();
  });
});

describe('entry helpers', () => {
  it('readingOrder: rank high to low, then spades, hearts, diamonds, clubs', () => {
    expect(readingOrder(cards('2c 2s As Td Th Ac'))).toEqual(cards('As Ac Th Td 2s 2c'));
  });
  it('rowCountProblems names each row off its size', () => {
    expect(rowCountProblems({ front: cards('As Ks Qs Js'), middle: cards('2c 3c 4c 5c 6c'), back: cards('7c 8c 9c Tc') })).toEqual([
      { row: 'front', count: 4, size: 3 }, { row: 'back', count: 4, size: 5 },
    ]);
  });
  it('scanOrderRefusal: the back row scanned first is asked about; a valid hand as read is not', () => {
    const s = dealtHand({ deck, button: 1 });
    const [f, m, b] = EXAMPLE_003[3].map(cards);
    expect(scanOrderRefusal(s, 3, [...f, ...m, ...b])).toBeNull();
    // Back first, read front first: front Ah Ks Qc, middle a pair of queens, back ten high: a foul.
    expect(scanOrderRefusal(s, 3, [...b, ...m, ...f])?.code).toBe('rows-out-of-order');
    expect(scanOrderRefusal(s, 3, [...b, ...m])).toBeNull(); // not a whole hand: nothing to judge
  });
});
