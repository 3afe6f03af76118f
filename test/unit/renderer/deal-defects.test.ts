// Deal-flow defects on the screen: each test fails on the screen as it was.
import { afterEach, describe, expect, it } from 'vitest';
import { flushSync } from 'svelte';
import { createClient } from '../../../app/contract/client';
import type { HandView, TerminalView } from '../../../app/contract/view';
import { TerminalStore } from '../../../renderer/lib/terminal.svelte';
import { baseView, click, FakeTerminal, handSeat, handView, mountApp, settle } from './fake-terminal';

let store: TerminalStore | undefined;
afterEach(() => store?.dispose());

describe('two confirmed reports in a row', () => {
  it('are two requests, even within the double-tap window and with the same arguments', async () => {
    const fake = new FakeTerminal(baseView());
    store = new TerminalStore(createClient(fake), { now: () => 0 }); // the clock stands still: both inside the window
    store.view = fake.view;
    fake.answers.set('reportExposure', baseView());
    for (let i = 0; i < 2; i++) {
      store.ask('confirm.exposed', { seat: 2 }, 'action.reportExposure', () => store!.run('reportExposure', { seat: 2 }));
      await store.confirmPending();
    }
    expect(fake.actions().map((a) => [a.name, a.args])).toEqual([['reportExposure', { seat: 2 }], ['reportExposure', { seat: 2 }]]);
  });

  it('a plain double tap of the same action is still sent once', async () => {
    const fake = new FakeTerminal(baseView());
    store = new TerminalStore(createClient(fake), { now: () => 0 });
    store.view = fake.view;
    fake.answers.set('reportExposure', baseView());
    await store.run('reportExposure', { seat: 2 });
    await store.run('reportExposure', { seat: 2 });
    expect(fake.actions()).toHaveLength(1);
  });
});

// ------------------------------------------------------------------ on the screen

const withHand = (hand: Partial<HandView>, over: Partial<TerminalView> = {}) => baseView({ hand: handView(hand), ...over });

describe('tap entry', () => {
  // Seat 2's cards in deal order: 2s 3h Kd As 2c Qs 7d 9h Jc 5s Th 4d Ac (codes rank * 4 + suit).
  const dealtOrder = [0, 5, 46, 48, 3, 40, 22, 29, 39, 12, 33, 10, 51];
  const tapping = () => withHand({
    phase: 'showdown', expectedScan: null,
    seats: [1, 2, 3, 4].map((s) => handSeat(s as 1, { dealt: 13, cards: s === 2 ? dealtOrder : null, canReplace: s === 2 })),
  });

  it('shows the cards as a dealer reads a hand: rank high to low, then spades, hearts, diamonds, clubs', () => {
    const a = mountApp(tapping());
    click(a.$('[data-testid=showdown-seat][data-seat="2"] [data-testid=tap-entry]'));
    const shown = a.$$('[data-testid=tap-remaining] [data-card]').map((e) => Number(e.dataset.card));
    expect(shown).toEqual([48, 51, 46, 40, 39, 33, 29, 22, 12, 10, 5, 0, 3]); // As Ac Kd Qs Jc Th 9h 7d 5s 4d 3h 2s 2c
  });

  it('counts each row against its size, and asks before recording a row of the wrong size', async () => {
    const a = mountApp(tapping());
    a.fake.answers.set('setHand', tapping());
    click(a.$('[data-testid=showdown-seat][data-seat="2"] [data-testid=tap-entry]'));
    expect(a.$('[data-testid=tap-count-front]')!.textContent).toBe('0/3');
    const tap = (card: number) => click(a.$(`[data-testid=tap-remaining] [data-card="${card}"]`));
    for (const c of [48, 51, 46]) tap(c); // the front is full: the middle is next
    click(a.$('[data-testid=tap-row-front]'));
    tap(40); // a fourth card in the front
    expect(a.$('[data-testid=tap-count-front]')!.textContent).toBe('4/3');
    for (const c of [39, 33, 29, 22, 12, 10, 5, 0, 3]) tap(c);
    expect(a.$('[data-testid=tap-count-middle]')!.textContent).toBe('5/5');
    expect(a.$('[data-testid=tap-count-back]')!.textContent).toBe('4/5');
    click(a.$('[data-testid=tap-submit]'));
    await settle();
    expect(a.fake.actions()).toEqual([]);
    expect(a.$('[data-testid=confirm-dialog]')!.textContent).toMatch(/Front 4 of 3, Back 4 of 5/);
    click(a.$('[data-testid=confirm-yes]'));
    await settle();
    expect(a.fake.actions().map((s) => s.name)).toEqual(['setHand']);
  });
});

describe('calling a misdeal', () => {
  it('offers the causes the terminal gives, and records the one picked', async () => {
    const a = mountApp(withHand({ phase: 'dealing', cardsRead: 51, misdealCauses: ['short-deal', 'wrong-card-count'] }));
    a.fake.answers.set('callMisdeal', baseView());
    click(a.$('[data-testid=call-misdeal]'));
    expect(a.$$('[data-testid=misdeal-dialog] [data-testid^=misdeal-cause-]').map((e) => e.dataset.testid)).toEqual(['misdeal-cause-short-deal', 'misdeal-cause-wrong-card-count']);
    click(a.$('[data-testid=misdeal-cause-wrong-card-count]'));
    click(a.$('[data-testid=confirm-yes]'));
    await settle();
    expect(a.fake.actions()).toEqual([{ name: 'callMisdeal', args: { cause: 'wrong-card-count' } }]);
  });

  it('a deal the shoe left short: an alert on the deal panel and a "deal is short" misdeal', async () => {
    const a = mountApp(withHand({ phase: 'dealing', cardsRead: 51, misdealCauses: ['short-deal', 'wrong-card-count'], dealIdle: true }));
    a.fake.answers.set('callMisdeal', baseView());
    expect(a.$('[data-testid=deal-idle]')!.textContent).toMatch(/51 cards read/);
    click(a.$('[data-testid=short-deal]'));
    expect(a.$('[data-testid=confirm-dialog]')!.textContent).toMatch(/after 51 cards/);
    click(a.$('[data-testid=confirm-yes]'));
    await settle();
    expect(a.fake.actions()).toEqual([{ name: 'callMisdeal', args: { cause: 'short-deal' } }]);
  });
});

describe('an exposed card', () => {
  it('is named by tapping it, and two reports in a row are both sent', async () => {
    const a = mountApp(withHand({ phase: 'setting' }));
    a.fake.answers.set('reportExposure', withHand({ phase: 'setting' }));
    a.store.exposureSeat = 3;
    flushSync();
    expect(a.$$('[data-testid=exposure-cards] [data-card]')).toHaveLength(52);
    click(a.$('[data-testid=exposure-cards] [data-card="51"]'));
    await settle();
    expect(a.$('[data-testid=exposure-dialog]')).toBeNull();
    a.store.exposureSeat = 3;
    flushSync();
    click(a.$('[data-testid=exposure-unseen]'));
    await settle();
    a.store.exposureSeat = 3;
    flushSync();
    click(a.$('[data-testid=exposure-unseen]'));
    await settle();
    expect(a.fake.actions()).toEqual([
      { name: 'reportExposure', args: { seat: 3, card: 51 } }, { name: 'reportExposure', args: { seat: 3 } }, { name: 'reportExposure', args: { seat: 3 } },
    ]);
  });
});
