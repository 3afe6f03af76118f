/**
 * OFC as the dealer's screen is sent it (app/terminal/view.ts over the real TableService): the
 * seat whose turn it is and the card(s) it places now with the rows that take them, the rows
 * filling, the placement refusals, the royalties and the next hand's Fantasyland in the
 * results, and the Fantasyland seat's 13 cards given at once in the next hand.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { formatCards, parseCards, type Card } from '../../../app/domain/cards';
import { unwrap } from '../../../app/domain/result';
import type { SeatNo } from '../../../app/domain/hand';
import type { TerminalView } from '../../../app/contract/view';
import { toTerminalView } from '../../../app/terminal/view';
import { attachShoe, expectRefused, must, openTable, rig, T, type Rig } from './helpers';

const cards = (text: string): Card[] => unwrap(parseCards(text));
/** Seat 1 finishes Q-Q front (Fantasyland), seat 2 quad tens in the back; in the order dealt. */
const PLAN: Record<1 | 2, { front: Card[]; middle: Card[]; back: Card[] }> = {
  1: { front: cards('Qs Qh 2c'), middle: cards('Ks Kh 3c 4d 6h'), back: cards('9s 9h 9d 7c 8d') },
  2: { front: cards('2s 3s 4h'), middle: cards('As Ad 5c 6c 7d'), back: cards('Ts Th Td Tc 2d') },
};
/** Each seat's 13 in the order the shoe deals them: the first five mix rows on purpose. */
const DEALT: Record<1 | 2, Card[]> = {
  1: cards('Qs Ks 9s Qh 9h Kh 2c 3c 9d 4d 7c 6h 8d'),
  2: cards('Ts 2s As Th 3s Ad Td 4h Tc 5c 6c 7d 2d'),
};
const rowOf = (seat: 1 | 2, card: Card) => (['front', 'middle', 'back'] as const).find((r) => PLAN[seat][r].includes(card))!;

let r: Rig;
afterEach(() => r?.cleanup());

const context = { currency: 'CZK', shoe: null, scanner: null };
const view = (): TerminalView => toTerminalView(must(r.service.snapshot(T)), context);

/** The shoe's order for this hand's schedule, each seat's cards from `dealt`. */
function shoeOrder(dealt: Record<1 | 2, readonly Card[]>): Card[] {
  const schedule = must(r.service.snapshot(T)).hand!.state.deal.schedule;
  const next = { 1: 0, 2: 0 };
  return schedule.map((s) => dealt[s as 1 | 2][next[s as 1 | 2]++]);
}

describe('OFC on the dealer screen (the view)', () => {
  it('names the seat to place, its cards and rows; fills the rows; royalties and Fantasyland in the results; 13 at once next hand', async () => {
    r = rig();
    openTable(r.service, { 1: 5000, 2: 5000 }, 'ofc');
    const { shoe } = await attachShoe(r.service);
    must(r.service.startHand({ tableId: T }));
    const before = view();
    expect(before.hand!.ofc).toEqual({
      next: null,
      seats: [2, 1].map((seat) => ({ seat, fantasyland: false, rows: { front: [], middle: [], back: [] }, toPlace: [], fantasylandCards: null })),
    });
    await shoe.feed(shoeOrder(DEALT));

    // Button on seat 1: seat 2 is dealt first, five cards, and places them together.
    let v = view();
    expect(v.hand!.phase).toBe('setting');
    expect(v.hand!.ofc!.next).toBe(2);
    expect(v.hand!.ofc!.seats.map((s) => s.seat)).toEqual([2, 1]);
    const firstFive = v.hand!.ofc!.seats[0].toPlace;
    expect(firstFive.map((c) => c.card)).toEqual(DEALT[2].slice(0, 5));
    expect(firstFive.every((c) => c.rows.join() === 'front,middle,back')).toBe(true);

    let placements = 0;
    for (;;) {
      v = view();
      const ofc = v.hand!.ofc!;
      if (ofc.next === null) break;
      const seat = ofc.seats.find((s) => s.seat === ofc.next)!;
      const { card, rows } = seat.toPlace[0];
      expect(rows).toContain(rowOf(seat.seat as 1 | 2, card));
      must(r.service.placeCard({ tableId: T, seat: seat.seat as SeatNo, card, row: rowOf(seat.seat as 1 | 2, card) }));
      placements++;
      const after = view().hand!.ofc!.seats.find((s) => s.seat === seat.seat)!;
      expect(after.rows[rowOf(seat.seat as 1 | 2, card)]).toContain(card);
      // After its first five a seat places one card at a time, the next one dealt.
      const placed = after.rows.front.length + after.rows.middle.length + after.rows.back.length;
      if (placed >= 5 && placed < 13) expect(after.toPlace.map((c) => c.card)).toEqual([DEALT[seat.seat as 1 | 2][placed]]);
      // A full row is not offered any more.
      for (const c of after.toPlace) for (const row of c.rows) expect(after.rows[row].length).toBeLessThan(row === 'front' ? 3 : 5);
    }
    expect(placements).toBe(26);
    for (const seat of [1, 2] as const) {
      const rows = v.hand!.ofc!.seats.find((s) => s.seat === seat)!.rows;
      expect({ front: formatCards(rows.front), middle: formatCards(rows.middle), back: formatCards(rows.back) })
        .toEqual({ front: formatCards(PLAN[seat].front), middle: formatCards(PLAN[seat].middle), back: formatCards(PLAN[seat].back) });
    }
    expectRefused(r.store, () => r.service.placeCard({ tableId: T, seat: 1, card: PLAN[1].front[0], row: 'back' }), 'already-placed');

    must(r.service.openShowdown({ tableId: T }));
    must(r.service.settle({ tableId: T }));
    v = view();
    // Seat 1: Q-Q front 7; seat 2: quad tens in the back 10 (the ofc preset's table).
    expect(v.hand!.result!.ofc).toEqual({
      royalties: [{ seat: 2, front: 0, middle: 0, back: 10, total: 10 }, { seat: 1, front: 7, middle: 0, back: 0, total: 7 }],
      fantasylandNext: [1],
    });
    for (const p of v.hand!.result!.payments) must(r.service.executePayment({ tableId: T, index: p.index }));

    // The next hand: seat 1 in Fantasyland, dealt its 13 first and shown at once.
    must(r.service.nextHand({ tableId: T }));
    v = view();
    expect(v.hand!.ofc!.seats.find((s) => s.seat === 1)).toMatchObject({ fantasyland: true, fantasylandCards: null, toPlace: [] });
    await shoe.feed(shoeOrder({ 1: DEALT[2], 2: DEALT[1] }));
    v = view();
    const fl = v.hand!.ofc!.seats.find((s) => s.seat === 1)!;
    expect(fl.fantasylandCards).toEqual(DEALT[2]);
    expect(fl.toPlace).toEqual([]);
    expect(v.hand!.ofc!.next).toBe(2);
    expectRefused(r.store, () => r.service.placeCard({ tableId: T, seat: 1, card: DEALT[2][0], row: 'front' }), 'fantasyland-sets-at-once');
    must(r.service.setHand({ tableId: T, seat: 1, ...PLAN[2], source: 'touch' }));
    const shown = view().hand!.ofc!.seats.find((s) => s.seat === 1)!;
    expect(shown.fantasylandCards).toBeNull();
    expect(formatCards(shown.rows.back)).toBe(formatCards(PLAN[2].back));
    expect(view().hand!.result).toBeNull();
  });

  it('a Chinese Poker hand has no OFC part in its view', async () => {
    r = rig();
    openTable(r.service, { 1: 5000, 2: 5000 });
    must(r.service.startHand({ tableId: T }));
    expect(view().hand!.ofc).toBeNull();
  });
});
