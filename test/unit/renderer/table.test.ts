// Component tests: the table from above (seats, compass names, button, stacks, deal counts).
import { describe, expect, it } from 'vitest';
import Table from '../../../renderer/components/Table.svelte';
import { baseView, FakeTerminal, handSeat, handView, render } from './fake-terminal';

describe('Table', () => {
  it('shows four seats clockwise with number and compass name, players and stacks', () => {
    const view = baseView();
    const r = render(Table, { view }, new FakeTerminal(view));
    const seats = r.$$('[data-seat]');
    expect(seats.map((s) => s.dataset.seat)).toEqual(['1', '2', '3', '4']);
    expect(seats.map((s) => s.querySelector('.compass')!.textContent)).toEqual(['North', 'East', 'South', 'West']);
    expect(seats[2].querySelector('.player')!.textContent).toBe('Cyril');
    // 500000 minor units of CZK = 5000 Kč
    expect(seats[0].querySelector('[data-testid=stack]')!.textContent).toMatch(/5,000/);
  });

  it('puts the button on the button seat and names empty seats', () => {
    const view = baseView({ button: 3, seats: baseView().seats.map((s) => (s.seat === 4 ? { ...s, player: null, stack: 0 } : s)) });
    const r = render(Table, { view }, new FakeTerminal(view));
    expect(r.$('[data-seat="3"] [data-testid=button-marker]')).not.toBeNull();
    expect(r.$$('[data-testid=button-marker]')).toHaveLength(1);
    expect(r.$('[data-seat="4"] .player')!.textContent).toBe('Empty seat');
  });

  it('shows a 0-13 count per seat during the deal', () => {
    const hand = handView({ cardsRead: 22, seats: [handSeat(1, { dealt: 6 }), handSeat(2, { dealt: 6 }), handSeat(3, { dealt: 5 }), handSeat(4, { dealt: 5 })] });
    const view = baseView({ hand });
    const r = render(Table, { view }, new FakeTerminal(view));
    expect(r.$$('[data-testid=deal-count]').map((e) => e.dataset.count)).toEqual(['6', '6', '5', '5']);
    expect(r.$('[data-testid=cards-read]')!.textContent).toBe('22 of 52 cards read');
    expect(r.$('[data-testid=phase]')!.dataset.phase).toBe('dealing');
  });

  it('marks a surrender, a natural and a foul on the seats, in Czech too', () => {
    const hand = handView({
      phase: 'showdown',
      seats: [
        handSeat(1, { dealt: 13, surrendered: true }),
        handSeat(2, { dealt: 13, natural: { name: 'dragon', verified: true, points: 13, proof: null, explanation: 'x', reason: null } }),
        handSeat(3, { dealt: 13, set: { rows: { front: [], middle: [], back: [] }, source: 'touch', foul: { code: 'out-of-order', message: 'front beats middle' }, words: null } }),
        handSeat(4, { dealt: 13, live: false }),
      ],
    });
    const view = baseView({ hand });
    const r = render(Table, { view }, new FakeTerminal(view), 'cs');
    expect(r.$('[data-seat="1"] [data-testid=surrender-marker]')!.textContent).toBe('Vzdáno');
    expect(r.$('[data-seat="2"] [data-testid=natural-marker]')!.textContent).toBe('Přírodní výhra: Drak');
    expect(r.$('[data-seat="3"] [data-testid=foul-marker]')!.textContent).toBe('Faul');
    expect(r.$('[data-seat="4"]')!.classList.contains('dead')).toBe(true);
    expect(r.$('[data-seat="1"] .compass')!.textContent).toBe('Sever');
  });

  it('selects a seat on tap and unselects on a second tap', () => {
    const view = baseView();
    const r = render(Table, { view }, new FakeTerminal(view));
    r.$('[data-seat="2"]')!.click();
    expect(r.store.selectedSeat).toBe(2);
    r.$('[data-seat="2"]')!.click();
    expect(r.store.selectedSeat).toBeNull();
  });
});
