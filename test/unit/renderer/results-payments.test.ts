// The results panel says which list of payments the dealer makes (the house's choice: pairwise
// or netted) and, for a seat table stakes capped, what it wins or loses of what its points are worth.
import { describe, expect, it } from 'vitest';
import type { HandView, ResultView } from '../../../app/contract/view';
import { baseView, handView, mountApp } from './fake-terminal';

const paying = (result: Partial<ResultView>) => baseView({
  hand: handView({
    phase: 'paying',
    result: {
      comparisons: [],
      seats: [
        { seat: 1, points: 5, net: 0, gross: 50000, capped: true, allIn: false },
        { seat: 2, points: -5, net: 0, gross: -50000, capped: true, allIn: true },
      ],
      payments: [{ index: 0, payer: 2, payee: 1, amount: 30000, done: false }],
      ...result,
    } as HandView['result'],
  }),
});

const text = (el: HTMLElement | null) => el?.textContent?.replace(/[\u00a0\u202f]/g, ' ').trim() ?? null;

describe('the list of payments', () => {
  it('is named netted when the house pays the netted list', () => {
    const a = mountApp(paying({ paymentList: 'netted' }));
    const label = a.$('[data-testid=payment-list]');
    expect(label?.dataset.list).toBe('netted');
    expect(text(label)).toBe('(netted: the fewest chip movements, the same results)');
  });

  it('is named pairwise otherwise, in Czech too', () => {
    expect(text(mountApp(paying({ paymentList: 'pairwise' })).$('[data-testid=payment-list]'))).toBe('(each loser pays each winner)');
    expect(text(mountApp(paying({}), 'cs').$('[data-testid=payment-list]'))).toBe('(každý poražený platí každému vítězi)');
  });
});

describe('a seat capped by table stakes', () => {
  it('says what it wins of what its points are worth', () => {
    const a = mountApp(paying({ seats: [
      { seat: 1, points: 5, net: 30000, gross: 50000, capped: true, allIn: false },
      { seat: 2, points: -5, net: -30000, gross: -50000, capped: true, allIn: true },
      { seat: 3, points: 0, net: 0, gross: 0, capped: false, allIn: false },
    ] }));
    const notes = a.$$('[data-testid=seat-result]').map((r) => text(r.querySelector('[data-testid=table-stakes]')));
    expect(notes).toEqual(['capped by table stakes: CZK 300 of the CZK 500 the points are worth', 'capped by table stakes: -CZK 300 of the -CZK 500 the points are worth', null]);
  });

  it('in Czech too, with both figures', () => {
    const a = mountApp(paying({ seats: [{ seat: 1, points: 5, net: 30000, gross: 50000, capped: true, allIn: false }] }), 'cs');
    expect(text(a.$('[data-testid=table-stakes]'))).toBe('omezeno sázkami na stole: 300 Kč z hodnoty bodů 500 Kč');
  });
});
