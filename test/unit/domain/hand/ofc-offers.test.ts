// OFC on the dealer's screen: which card each seat places now and the rows that would take it
// (app/domain/hand/offers.ts `ofcPlacements`). The rows are the fold's own answer; each case
// below fails when the part of the offer it names is removed.
import { describe, expect, it } from 'vitest';
import { initialState, ofcPlacements, type HandEvent, type HandState, type SeatNo } from '../../../../app/domain/hand';
import { scannerExpects } from '../../../../app/domain/hand/views';
import type { Card } from '../../../../app/domain/cards';
import { cards, dealt, dealtHand, drive, driveAll, ev, started } from './support';

// Two players, button on seat 4: seat 1 is dealt reads 1-5, seat 2 reads 6-10, then they
// alternate (seat 1 the 11th, seat 2 the 12th ...).
const SEAT1 = cards('Qs Qh 2c Ks Kh 3c 4d 6h 9s 9h 9d 7c 8d');
const SEAT2 = cards('2s 3s 4h As Ad 5c 6c 7d Ts Th Td Tc 2d');
const ALL_ROWS = ['front', 'middle', 'back'];

/** The first `n` reads of the two-player OFC deal (13 each). */
function deal(n: number, o: { fantasyland?: SeatNo[]; mode?: 'shoe' | 'scanner-only' } = {}): HandState {
  const fl = o.fantasyland ?? [];
  const order: Card[] = fl.includes(1)
    ? [...SEAT1, ...SEAT2.slice(0, 5), ...SEAT2.slice(5)]
    : [...SEAT1.slice(0, 5), ...SEAT2.slice(0, 5), ...SEAT1.slice(5).flatMap((c, i) => [c, SEAT2[5 + i]])];
  const s = drive(initialState, started({ preset: 'ofc', seats: [1, 2], fantasyland: fl, mode: o.mode ?? 'shoe' }));
  return driveAll(s, order.slice(0, n).map((c, i) => dealt(c, i)));
}

const place = (seat: SeatNo, list: readonly Card[], row: 'front' | 'middle' | 'back'): HandEvent[] => list.map((c) => ev.place(seat, c, row));
/** Seat 1's first round placed: Q Q 2 front, K K middle. */
const seat1FirstRound = () => [...place(1, SEAT1.slice(0, 3), 'front'), ...place(1, SEAT1.slice(3, 5), 'middle')];

/** The offer as [seat, cards, rows of each card] for short expectations. */
function shape(s: HandState) {
  const o = ofcPlacements(s);
  return { next: o.next, seats: o.seats.map((p) => [p.seat, p.cards.map((c) => c.card), p.cards.map((c) => c.rows.join(' '))]) };
}

describe('OFC: the card each seat places now (the domain decides, the screen shows it)', () => {
  const cases: { name: string; state: () => HandState; next: SeatNo | null; seats: [SeatNo, Card[], string[]][] }[] = [
    {
      name: 'the first round: the cards dealt so far of the first five, together, into any row',
      state: () => deal(3), next: 1, seats: [[1, SEAT1.slice(0, 3), Array(3).fill(ALL_ROWS.join(' '))]],
    },
    {
      name: 'both first rounds dealt: seat 1 (read first) places next, then seat 2',
      state: () => deal(10), next: 1,
      seats: [[1, SEAT1.slice(0, 5), Array(5).fill(ALL_ROWS.join(' '))], [2, SEAT2.slice(0, 5), Array(5).fill(ALL_ROWS.join(' '))]],
    },
    {
      name: 'after its first five a seat places one card at a time, the next as dealt; the seat read first goes first',
      state: () => driveAll(deal(26), seat1FirstRound()), next: 2,
      seats: [[2, SEAT2.slice(0, 5), Array(5).fill(ALL_ROWS.join(' '))], [1, [SEAT1[5]], ['middle back']]],
    },
    {
      name: 'a row that is full takes no more (the fold\'s row-full)',
      state: () => driveAll(deal(11), seat1FirstRound()), next: 2,
      seats: [[2, SEAT2.slice(0, 5), Array(5).fill(ALL_ROWS.join(' '))], [1, [SEAT1[5]], ['middle back']]],
    },
    {
      name: 'a placed card is not offered again; the one after it is',
      state: () => driveAll(deal(26), [...seat1FirstRound(), ev.place(1, SEAT1[5], 'back'), ...place(2, SEAT2.slice(0, 5), 'back')]), next: 2,
      seats: [[2, [SEAT2[5]], ['front middle']], [1, [SEAT1[6]], ['middle back']]],
    },
    {
      name: 'a seat whose next card is not dealt yet has nothing to place',
      state: () => driveAll(deal(10), seat1FirstRound()), next: 2,
      seats: [[2, SEAT2.slice(0, 5), Array(5).fill(ALL_ROWS.join(' '))]],
    },
    {
      name: 'a Fantasyland seat places nothing: it shows its 13 at once (the fold\'s fantasyland-sets-at-once)',
      state: () => deal(18, { fantasyland: [1] }), next: 2, seats: [[2, SEAT2.slice(0, 5), Array(5).fill(ALL_ROWS.join(' '))]],
    },
    {
      name: 'without a shoe the cards are unknown: nothing is named',
      state: () => deal(0, { mode: 'scanner-only' }), next: null, seats: [],
    },
    {
      name: 'Chinese Poker places nothing (the fold\'s not-ofc)',
      state: () => dealtHand(), next: null, seats: [],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(shape(c.state())).toEqual({ next: c.next, seats: c.seats });
    });
  }

  it('a complete hand places nothing; with both complete the hands open', () => {
    let s = deal(26);
    const rows = { front: [0, 1, 2], middle: [3, 4, 5, 6, 7], back: [8, 9, 10, 11, 12] } as const;
    for (const [row, at] of Object.entries(rows) as ['front' | 'middle' | 'back', readonly number[]][]) {
      s = driveAll(s, at.map((i) => ev.place(1, SEAT1[i], row)));
    }
    expect(shape(s).seats.map((x) => x[0])).toEqual([2]);
    for (const [row, at] of Object.entries(rows) as ['front' | 'middle' | 'back', readonly number[]][]) {
      s = driveAll(s, at.slice(0, row === 'back' ? 4 : at.length).map((i) => ev.place(2, SEAT2[i], row)));
    }
    expect(shape(s)).toEqual({ next: 2, seats: [[2, [SEAT2[12]], ['back']]] });
    s = drive(s, ev.place(2, SEAT2[12], 'back'));
    expect(shape(s)).toEqual({ next: null, seats: [] });
    const open = drive(s, ev.open());
    expect(open.phase).toBe('showdown');
    expect(scannerExpects(open)).toBeNull(); // OFC rows are placed card by card, not scanned
  });
});
