// OFC at the table, on the screen: the renderer shows what the view's `hand.ofc` and
// `result.ofc` say (whose turn, which card, which rows; the Fantasyland seat's 13; royalties)
// and sends the dealer's taps; it decides nothing.
import { describe, expect, it } from 'vitest';
import type { HandView, OfcHandView, OfcSeatView, ResultView, TerminalView } from '../../../app/contract/view';
import { baseView, click, handSeat, handView, mountApp, settle } from './fake-terminal';

const EMPTY = { front: [], middle: [], back: [] };
/** Seat 1's Fantasyland hand: 13 cards dealt at once. */
const FL_CARDS = [51, 47, 43, 39, 35, 31, 27, 23, 19, 15, 11, 7, 3];

function ofcSeat(seat: 1 | 2 | 3 | 4, over: Partial<OfcSeatView> = {}): OfcSeatView {
  return { seat, fantasyland: false, rows: EMPTY, toPlace: [], fantasylandCards: null, ...over };
}

function ofcView(ofc: OfcHandView, over: Partial<HandView> = {}): TerminalView {
  return baseView({
    table: { ...baseView().table, profile: { name: 'ofc', version: 1 }, surrenderPoints: null, naturals: [] },
    hand: handView({ phase: 'setting', cardsRead: 52, seats: [1, 2, 3, 4].map((s) => handSeat(s as 1, { dealt: 13 })), ofc, ...over }),
  });
}

/** Seat 2 has placed Q Q 2 in front and a king in the middle; its next card (As) goes middle or back. */
const midHand: OfcHandView = {
  next: 2,
  seats: [
    ofcSeat(2, { rows: { front: [40, 41, 0], middle: [44], back: [] }, toPlace: [{ card: 48, rows: ['middle', 'back'] }] }),
    ofcSeat(3, { toPlace: [{ card: 20, rows: ['front', 'middle', 'back'] }] }),
    ofcSeat(4),
    ofcSeat(1, { fantasyland: true, fantasylandCards: FL_CARDS }),
  ],
};

describe('OFC placements', () => {
  it('the seat whose turn it is places its card: only the rows the terminal takes are buttons; a tap records it', async () => {
    const a = mountApp(ofcView(midHand));
    a.fake.answers.set('placeCard', ofcView(midHand));
    const placing = a.$('[data-testid=ofc-placing]')!;
    expect(placing.dataset.seat).toBe('2');
    expect(placing.textContent).toContain('Seat 2 (East) places now');
    expect(placing.textContent).toContain('Tap the row the player puts this card into');
    // Only seat 2's card, not seat 3's (whose turn comes later).
    expect(a.$$('[data-testid=ofc-card]').map((e) => e.dataset.card)).toEqual(['48']);
    const buttons = a.$$('[data-testid=ofc-place]');
    expect(buttons.map((b) => [b.dataset.row, b.textContent!.trim()])).toEqual([['middle', 'Middle 1/5'], ['back', 'Back 0/5']]);
    click(buttons[1]);
    await settle();
    expect(a.fake.actions().map((x) => [x.name, x.args])).toEqual([['placeCard', { seat: 2, card: 48, row: 'back' }]]);
  });

  it('the first round: the five cards together, each with its rows', () => {
    const first: OfcHandView = { next: 3, seats: [ofcSeat(3, { toPlace: [20, 21, 22, 23, 24].map((card) => ({ card, rows: ['front', 'middle', 'back'] })) })] };
    const a = mountApp(ofcView(first, { phase: 'dealing', cardsRead: 15 }), 'cs');
    expect(a.$('[data-testid=ofc-placing]')!.textContent).toContain('Prvních pět karet');
    expect(a.$$('[data-testid=ofc-card]')).toHaveLength(5);
    expect(a.$$('[data-testid=ofc-place]')).toHaveLength(15);
  });

  it('nobody to place during the deal: the screen waits for the shoe', () => {
    const a = mountApp(ofcView({ next: null, seats: [ofcSeat(2), ofcSeat(3)] }, { phase: 'dealing', cardsRead: 3 }));
    expect(a.$('[data-testid=ofc-placing]')).toBeNull();
    expect(a.$('[data-testid=ofc-waiting]')!.textContent).toBe('Waiting for the next card from the shoe');
  });

  it('the felt shows each seat\'s rows filling, marks the Fantasyland seat and the seat whose turn it is', () => {
    const a = mountApp(ofcView(midHand));
    const seat2 = a.$('.felt [data-seat="2"]')!;
    expect(seat2.classList.contains('placing')).toBe(true);
    expect(a.$$('.felt [data-seat="2"] [data-testid=ofc-rows] [data-row]').map((r) => [r.dataset.row, r.dataset.count])).toEqual([['front', '3'], ['middle', '1'], ['back', '0']]);
    expect(a.$$('.felt [data-seat="2"] [data-row=front] [data-card]').map((c) => c.getAttribute('aria-label'))).toEqual(['queen of spades', 'queen of hearts', 'two of spades']);
    expect(a.$('.felt [data-seat="1"] [data-testid=fantasyland-marker]')!.textContent).toBe('Fantasyland');
    expect(a.$('.felt [data-seat="2"] [data-testid=fantasyland-marker]')).toBeNull();
    expect(a.$('.felt [data-seat="3"]')!.classList.contains('placing')).toBe(false);
  });

  it('a Fantasyland seat\'s 13 cards are shown at once, tapped into the rows and recorded with setHand', async () => {
    const a = mountApp(ofcView(midHand));
    a.fake.answers.set('setHand', ofcView({ ...midHand, seats: midHand.seats.map((s) => (s.seat === 1 ? { ...s, fantasylandCards: null, rows: { front: FL_CARDS.slice(10), middle: FL_CARDS.slice(5, 10), back: FL_CARDS.slice(0, 5) } } : s)) }));
    expect(a.$('[data-testid=ofc-fantasyland][data-seat="1"]')!.textContent).toContain('Fantasyland');
    click(a.$('[data-testid=ofc-fantasyland-enter]'));
    const dialog = a.$('[data-testid=tap-entry-dialog][data-seat="1"]')!;
    expect(dialog.textContent).toContain('Seat 1 (North), Fantasyland: tap the 13 cards into the rows');
    expect(a.$$('[data-testid=tap-remaining] [data-card]').map((c) => Number(c.dataset.card)).sort((x, y) => x - y)).toEqual([...FL_CARDS].sort((x, y) => x - y));
    for (const [row, cards] of [['front', FL_CARDS.slice(10)], ['middle', FL_CARDS.slice(5, 10)], ['back', FL_CARDS.slice(0, 5)]] as const) {
      click(a.$(`[data-testid=tap-row-${row}]`));
      for (const c of cards) click(a.$(`[data-testid=tap-remaining] [data-card="${c}"]`));
    }
    click(a.$('[data-testid=tap-submit]'));
    await settle();
    expect(a.fake.actions().map((x) => [x.name, x.args])).toEqual([['setHand', { seat: 1, front: FL_CARDS.slice(10), middle: FL_CARDS.slice(5, 10), back: FL_CARDS.slice(0, 5) }]]);
    expect(a.$('[data-testid=tap-entry-dialog]')).toBeNull();
    expect(a.$('[data-testid=ofc-fantasyland][data-seat="1"]')!.textContent).toContain('Fantasyland hand shown');
  });

  it('a Chinese Poker hand shows no OFC panel and no rows on the felt', () => {
    const a = mountApp(baseView({ hand: handView({ phase: 'setting', seats: [1, 2, 3, 4].map((s) => handSeat(s as 1, { dealt: 13 })) }) }));
    expect(a.$('[data-testid=ofc-panel]')).toBeNull();
    expect(a.$('[data-testid=ofc-rows]')).toBeNull();
  });
});

describe('OFC results', () => {
  const result: ResultView = {
    comparisons: [],
    seats: [{ seat: 2, points: 9, net: 90000, gross: 90000, capped: false, allIn: false }, { seat: 1, points: -9, net: -90000, gross: -90000, capped: false, allIn: false }],
    payments: [{ index: 0, payer: 1, payee: 2, amount: 90000, done: false }],
    ofc: { royalties: [{ seat: 2, front: 0, middle: 0, back: 10, total: 10 }, { seat: 1, front: 7, middle: 0, back: 0, total: 7 }], fantasylandNext: [1] },
  };
  const paying = () => baseView({ hand: handView({ phase: 'paying', seats: [1, 2].map((s) => handSeat(s as 1, { dealt: 13 })), result }) });

  it('shows each valid hand\'s royalties in words and who plays Fantasyland next hand (Czech)', () => {
    const a = mountApp(paying(), 'cs');
    const lines = a.$$('[data-testid=royalties]');
    expect(lines.map((l) => [l.dataset.seat, l.dataset.total])).toEqual([['2', '10'], ['1', '7']]);
    expect(lines[0].textContent).toContain('2 Východ Bob');
    expect(lines[0].textContent).toContain('přední 0, střední 0, zadní 10: celkem 10');
    expect(a.$('[data-testid=fantasyland-next]')!.textContent!.trim()).toBe('Fantasyland příští hru: 1 Sever Ann');
  });

  it('says so when nobody plays Fantasyland next hand (English), and a Chinese result has no royalties', () => {
    const a = mountApp(baseView({ hand: handView({ phase: 'paying', seats: [1, 2].map((s) => handSeat(s as 1, { dealt: 13 })), result: { ...result, ofc: { ...result.ofc!, fantasylandNext: [] } } }) }));
    expect(a.$('[data-testid=fantasyland-next]')!.textContent!.trim()).toBe('Nobody plays Fantasyland next hand.');
    a.destroy();
    const { ofc: _, ...chinese } = result;
    const b = mountApp(baseView({ hand: handView({ phase: 'paying', seats: [1, 2].map((s) => handSeat(s as 1, { dealt: 13 })), result: chinese }) }));
    expect(b.$('[data-testid=results]')).not.toBeNull();
    expect(b.$('[data-testid=ofc-results]')).toBeNull();
  });
});
