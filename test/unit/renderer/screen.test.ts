// Component tests of the dealer screen against a typed in-memory stand-in of the contract
// (the end-to-end tests drive the real services): what the screen shows for each state and
// which requests its buttons send, with confirmation before anything irreversible.
import { describe, expect, it } from 'vitest';
import { flushSync } from 'svelte';
import DeviceChip from '../../../renderer/components/DeviceChip.svelte';
import PlayingCard from '../../../renderer/components/PlayingCard.svelte';
import { fail } from '../../../app/domain/result';
import type { HandView, TerminalView } from '../../../app/contract/view';
import { alertView, baseView, click, FakeTerminal, handSeat, handView, mountApp, render, settle } from './fake-terminal';

const withHand = (hand: Partial<HandView>, over: Partial<TerminalView> = {}) => baseView({ hand: handView(hand), ...over });

describe('cards', () => {
  it('are drawn with rank and suit symbol, red or black, or in four colours', () => {
    const fake = new FakeTerminal(baseView());
    const r = render(PlayingCard, { card: 8 * 4 + 1 }, fake); // Th
    const card = r.$('[data-card]')!;
    expect(card.textContent).toBe('10♥');
    expect(card.classList.contains('red')).toBe(true);
    expect(card.getAttribute('aria-label')).toBe('ten of hearts');
    r.settings.toggleFourColour();
    flushSync();
    expect(card.classList.contains('four-1')).toBe(true);
  });

  it('four-colour deck gives diamonds and clubs their own colours', () => {
    const fake = new FakeTerminal(baseView());
    const r = render(PlayingCard, { card: 12 * 4 + 2 }, fake); // Ad
    r.settings.toggleFourColour();
    flushSync();
    expect(r.$('[data-card]')!.className).toMatch(/four-2/);
  });
});

describe('device status', () => {
  it('always says what the shoe is doing, and marks a simulated one', () => {
    const fake = new FakeTerminal(baseView());
    const r = render(DeviceChip, { device: { role: 'shoe', kind: 'simulated', status: 'connected', label: 'Simulated shoe (seed 7)', detail: null, unchecked: false } }, fake);
    expect(r.$('[data-testid=device-shoe]')!.textContent).toMatch(/Shoe\s*connected\s*SIMULATED/);
  });

  it('shows a fault with its detail', () => {
    const fake = new FakeTerminal(baseView());
    const r = render(DeviceChip, { device: { role: 'shoe', kind: 'serial', status: 'fault', label: 'Card shoe on /dev/ttyUSB0 (framed)', detail: { code: 'jam', message: 'the shoe jammed' }, unchecked: false } }, fake);
    const chip = r.$('[data-testid=device-shoe]')!;
    expect(chip.dataset.status).toBe('fault');
    expect(chip.textContent).toMatch(/fault/);
    expect(chip.textContent).toMatch(/the shoe jammed/);
    expect(chip.textContent).not.toMatch(/SIMULATED/);
  });

  it('says the link is down, and tells a page whose token the restarted terminal refuses to open the new link', () => {
    const r = mountApp(baseView());
    expect(r.$('[data-testid=link-down]')).toBeNull();
    r.store.link = false;
    flushSync();
    expect(r.$('[data-testid=link-down]')!.textContent).toBe('Not connected to the terminal');
    r.store.linkRefused = true;
    flushSync();
    expect(r.$('[data-testid=link-down]')!.textContent).toMatch(/restarted with a new link/);
  });
});

describe('between hands', () => {
  it('seats a player with a buy-in typed in major units', async () => {
    const view = baseView({ seats: baseView().seats.map((s) => (s.seat === 3 ? { ...s, player: null, stack: 0 } : s)) });
    const a = mountApp(view);
    a.fake.answers.set('seatPlayer', view);
    click(a.$('.felt [data-seat="3"]'));
    const name = a.$('[data-testid=player-name]') as HTMLInputElement;
    const amount = a.$('[data-testid=buy-in]') as HTMLInputElement;
    name.value = 'Cyril';
    name.dispatchEvent(new Event('input'));
    amount.value = '2500';
    amount.dispatchEvent(new Event('input'));
    flushSync();
    click(a.$('[data-testid=seat-player]'));
    // A buy-in cannot be taken back: the amount as it will be recorded, asked first.
    expect(a.$('[data-testid=confirm-dialog]')!.textContent).toMatch(/Seat 3 \(South\): Cyril sits down and buys in for CZK\s?2,500/);
    await settle();
    expect(a.fake.sent.filter((s) => s.name === 'seatPlayer')).toEqual([]);
    click(a.$('[data-testid=confirm-yes]'));
    await settle();
    expect(a.fake.sent.at(-1)).toEqual({ name: 'seatPlayer', args: { seat: 3, name: 'Cyril', buyIn: 250000 } });
  });

  it('asks before adding chips, and sends nothing on cancel', async () => {
    const a = mountApp(baseView());
    a.fake.answers.set('buyIn', baseView());
    click(a.$('.felt [data-seat="2"]'));
    const amount = a.$('[data-testid=buy-in]') as HTMLInputElement;
    amount.value = '1000';
    amount.dispatchEvent(new Event('input'));
    flushSync();
    click(a.$('[data-testid=add-chips]'));
    expect(a.$('[data-testid=confirm-dialog]')!.textContent).toMatch(/Add CZK\s?1,000 in chips to seat 2 \(East\) Bob\?/);
    click(a.$('[data-testid=confirm-no]'));
    await settle();
    expect(a.fake.sent.filter((s) => s.name === 'buyIn')).toEqual([]);
    click(a.$('[data-testid=add-chips]'));
    click(a.$('[data-testid=confirm-yes]'));
    await settle();
    expect(a.fake.sent.at(-1)).toEqual({ name: 'buyIn', args: { seat: 2, amount: 100000 } });
  });

  it('asks before a player leaves (his stack is cashed out), and sends nothing on cancel', async () => {
    const a = mountApp(baseView());
    click(a.$('.felt [data-seat="2"]'));
    click(a.$('[data-testid=leave-seat]'));
    expect(a.$('[data-testid=confirm-dialog]')!.textContent).toMatch(/Bob leaves seat 2 \(East\) with a stack of CZK\s?5,000/);
    click(a.$('[data-testid=confirm-no]'));
    await settle();
    expect(a.fake.sent.filter((s) => s.name === 'leaveSeat')).toEqual([]);
    click(a.$('[data-testid=leave-seat]'));
    a.fake.answers.set('leaveSeat', baseView());
    click(a.$('[data-testid=confirm-yes]'));
    await settle();
    expect(a.fake.sent.at(-1)).toEqual({ name: 'leaveSeat', args: { seat: 2 } });
  });

  it('shows the terminal\'s refusal in words', async () => {
    const a = mountApp(baseView({ dealer: null }));
    a.fake.answers.set('startHand', { refuse: { code: 'no-dealer', message: 'no dealer is signed on at table T1: sign a dealer on first' } });
    click(a.$('[data-testid=start-hand]'));
    await settle();
    expect(a.$('[data-testid=refusal]')!.textContent).toMatch(/no dealer is signed on/);
  });
});

describe('before the showdown', () => {
  const setting = () => withHand({ phase: 'setting', cardsRead: 52, seats: [1, 2, 3, 4].map((s) => handSeat(s as 1, { dealt: 13 })) });

  it('asks before a surrender and shows the refusal with its reason on the seat', async () => {
    const a = mountApp(setting());
    a.fake.answers.set('declareSurrender', { refuse: { code: 'surrender-not-covered', message: 'Seat 4 cannot surrender: 200 in chips does not cover the 3-point penalty' } });
    click(a.$('.felt [data-seat="4"]'));
    click(a.$('[data-testid=declare-surrender]'));
    expect(a.$('[data-testid=confirm-dialog]')!.textContent).toMatch(/pays 3 points to every other live player/);
    click(a.$('[data-testid=confirm-yes]'));
    await settle();
    expect(a.fake.sent.at(-1)).toEqual({ name: 'declareSurrender', args: { seat: 4 } });
    const refusal = a.$('[data-testid=seat-actions] [data-testid=refusal]')!;
    expect(refusal.dataset.code).toBe('surrender-not-covered');
    expect(refusal.textContent).toMatch(/does not cover/);
  });

  it('puts the surrender marker on the seat once accepted', async () => {
    const a = mountApp(setting());
    const after = withHand({ phase: 'setting', cardsRead: 52, seats: [1, 2, 3, 4].map((s) => handSeat(s as 1, { dealt: 13, surrendered: s === 2 })) });
    a.fake.answers.set('declareSurrender', after);
    click(a.$('.felt [data-seat="2"]'));
    click(a.$('[data-testid=declare-surrender]'));
    click(a.$('[data-testid=confirm-yes]'));
    await settle();
    expect(a.$('.felt [data-seat="2"] [data-testid=surrender-marker]')).not.toBeNull();
    expect(a.$('[data-testid=surrender-note]')!.textContent).toMatch(/pays 3 points/);
  });

  it('declares a natural picked from the profile\'s list and shows its proof arrangement', async () => {
    const a = mountApp(setting());
    const proof = { front: [0, 4, 8], middle: [1, 5, 9, 13, 17], back: [2, 6, 10, 14, 18] };
    const verified = withHand({
      phase: 'setting',
      seats: [1, 2, 3, 4].map((s) => handSeat(s as 1, {
        dealt: 13,
        natural: s === 1 ? { name: 'three-straights', verified: true, points: 4, proof, explanation: 'three straights', reason: null } : null,
      })),
    });
    a.fake.answers.set('declareNatural', verified);
    click(a.$('.felt [data-seat="1"]'));
    click(a.$('[data-testid=declare-natural]'));
    const picker = a.$('[data-testid=natural-picker]')!;
    expect(Array.from(picker.querySelectorAll('[data-testid^=natural-]')).map((b) => b.textContent)).toContain('Three Straights');
    click(a.$('[data-testid=natural-three-straights]'));
    expect(a.$('[data-testid=confirm-dialog]')!.textContent).toMatch(/Seat 1 \(North\) Ann declares Three Straights/);
    click(a.$('[data-testid=confirm-yes]'));
    await settle();
    expect(a.fake.sent.at(-1)).toEqual({ name: 'declareNatural', args: { seat: 1, natural: 'three-straights' } });
    const result = a.$('[data-testid=natural-result]')!;
    expect(result.dataset.verified).toBe('true');
    expect(result.textContent).toMatch(/Three Straights verified: collects 4 points/);
    expect(result.querySelectorAll('[data-card]')).toHaveLength(13);
  });

  it('shows why a declared natural fails', () => {
    const view = withHand({
      phase: 'setting',
      seats: [1, 2, 3, 4].map((s) => handSeat(s as 1, {
        dealt: 13,
        natural: s === 3 ? { name: 'six-pairs', verified: false, points: null, proof: null, explanation: null, reason: { code: 'natural-not-held', message: 'no six pairs: only four pairs' } } : null,
      })),
    });
    const a = mountApp(view);
    click(a.$('.felt [data-seat="3"]'));
    expect(a.$('[data-testid=natural-result]')!.dataset.verified).toBe('false');
    expect(a.$('[data-testid=natural-reason]')!.textContent).toBe('no six pairs: only four pairs');
    expect(a.$('.felt [data-seat="3"] [data-testid=natural-rejected-marker]')).not.toBeNull();
  });

  it('lists what stops the showdown, as the terminal words it', () => {
    const a = mountApp(withHand({ phase: 'setting', blockers: [{ code: 'not-set', seat: 3, message: 'Seat 3 has not set his hand' }] }));
    expect(a.$('[data-testid=blockers]')!.textContent).toMatch(/Seat 3 \(South\) has not set the hand/);
  });
});

describe('misdeal and alerts', () => {
  it('shows a misdeal across the screen with its cause and what to do; redeal keeps the button', async () => {
    const a = mountApp(withHand({ phase: 'misdealt', button: 3, misdeal: { code: 'card-read-twice', message: 'Qh was read twice (reads 7 and 19)' } }, { button: 3 }));
    const banner = a.$('[data-testid=misdeal-banner]')!;
    expect(banner.textContent).toMatch(/MISDEAL/);
    expect(banner.textContent).toMatch(/Q♥ was read twice/);
    expect(banner.textContent).toMatch(/the button stays at seat 3 \(South\)/);
    a.fake.answers.set('nextHand', baseView());
    click(a.$('[data-testid=redeal]'));
    await settle();
    expect(a.fake.sent.at(-1)!.name).toBe('nextHand');
  });

  it('keeps an alert until it is acknowledged', async () => {
    const alerts = [alertView({ id: 7 })];
    const a = mountApp(baseView({ alerts }));
    expect(a.$$('[data-testid=alert]')).toHaveLength(1);
    a.fake.answers.set('acknowledgeAlert', baseView());
    click(a.$('[data-testid=ack-alert]'));
    await settle();
    expect(a.fake.sent.at(-1)).toEqual({ name: 'acknowledgeAlert', args: { id: 7 } });
    expect(a.$$('[data-testid=alert]')).toHaveLength(0);
  });

  it('a double tap on the alert strip acknowledges one alert, not the one that moves up under the finger', async () => {
    const at = Date.UTC(2025, 0, 1, 20, 0, 0);
    const alerts = [7, 8].map((id) => alertView({ id, message: `Card shoe: jam ${id}`, raisedAt: at }));
    const a = mountApp(baseView({ alerts }));
    a.fake.answers.set('acknowledgeAlert', (args) => {
      const id = (args as { id: number }).id;
      a.fake.view = baseView({ alerts: a.fake.view.alerts.filter((x) => x.id !== id) });
      return { ok: true, value: a.fake.view };
    });
    click(a.$('[data-testid=ack-alert]'));
    await settle();
    click(a.$('[data-testid=ack-alert]')); // the same spot: now alert 8's button
    await settle();
    expect(a.fake.sent.filter((x) => x.name === 'acknowledgeAlert')).toEqual([{ name: 'acknowledgeAlert', args: { id: 7 } }]);
    expect(a.$$('[data-testid=alert]').map((e) => e.textContent)).toEqual([expect.stringMatching(/jam 8/)]);
  });
});

describe('showdown', () => {
  const cards2 = [0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, 16];
  const showdown = (over: Partial<HandView> = {}) => withHand({
    phase: 'showdown',
    expectedScan: { seat: 2, row: 'middle' },
    seats: [1, 2, 3, 4].map((s) => handSeat(s as 1, { dealt: 13, cards: s === 2 ? cards2 : null, canReplace: s === 2, scanned: s === 2 ? { front: [0, 1, 2], middle: [], back: [] } : { front: [], middle: [], back: [] } })),
    ...over,
  }, { scanner: { role: 'scanner', kind: 'serial', status: 'connected', label: 'Card scanner on /dev/ttyUSB1 (lines)', detail: null, unchecked: true } });

  it('says a device on the lines format reads with no integrity check, and no more for a checked one', () => {
    const a = mountApp(showdown());
    expect(a.$('[data-testid=device-scanner-unchecked]')!.textContent).toBe('no integrity check');
    expect(a.$('[data-testid=device-shoe-unchecked]')).toBeNull();
  });

  it('says which seat and row the scanner expects next', () => {
    const a = mountApp(showdown());
    const prompt = a.$('[data-testid=scan-prompt]')!;
    expect(prompt.dataset.seat).toBe('2');
    expect(prompt.textContent).toBe('Scan seat 2 (East): Middle');
  });

  it('without a scanner, asks for every hand by touch', () => {
    const a = mountApp(withHand({ phase: 'showdown', expectedScan: null }));
    expect(a.$('[data-testid=scan-prompt]')!.textContent).toBe('No scanner: enter each hand by touch');
  });

  it('in Czech too', () => {
    const a = mountApp(showdown(), 'cs');
    expect(a.$('[data-testid=scan-prompt]')!.textContent).toBe('Snímejte místo 2 (Východ): Prostřední');
  });

  it('enters a set by tapping the seat\'s 13 cards into rows', async () => {
    const a = mountApp(showdown());
    a.fake.answers.set('setHand', showdown());
    click(a.$('[data-testid=showdown-seat][data-seat="2"] [data-testid=tap-entry]'));
    const dialog = a.$('[data-testid=tap-entry-dialog]')!;
    expect(dialog.querySelectorAll('[data-testid=tap-remaining] [data-card]')).toHaveLength(13);
    const submit = a.$('[data-testid=tap-submit]') as HTMLButtonElement;
    // Rows fill front, then middle, then back; a tap on a placed card takes it back.
    for (const c of cards2) click(dialog.querySelector<HTMLElement>(`[data-testid=tap-remaining] [data-card="${c}"]`));
    expect(submit.disabled).toBe(false);
    click(dialog.querySelector<HTMLElement>('[data-row=front] [data-card="0"]'));
    expect(submit.disabled).toBe(true);
    click(dialog.querySelector<HTMLElement>('[data-testid=tap-remaining] [data-card="0"]'));
    click(submit);
    await settle();
    expect(a.fake.sent.at(-1)).toEqual({ name: 'setHand', args: { seat: 2, front: [1, 2, 0], middle: [4, 5, 6, 8, 9], back: [10, 12, 13, 14, 16] } });
    expect(a.$('[data-testid=tap-entry-dialog]')).toBeNull();
  });

  it('keeps the dialog open and shows the refusal when the terminal refuses the set', async () => {
    const a = mountApp(showdown());
    a.fake.answers.set('setHand', () => fail('hand-already-set', 'seat 2\'s hand is already read'));
    click(a.$('[data-testid=showdown-seat][data-seat="2"] [data-testid=tap-entry]'));
    for (const c of cards2) click(a.$(`[data-testid=tap-remaining] [data-card="${c}"]`));
    click(a.$('[data-testid=tap-submit]'));
    await settle();
    expect(a.$('[data-testid=tap-entry-dialog] [data-testid=refusal]')!.textContent).toMatch(/already read/);
  });

  it('shows a foul with its reason', () => {
    const words = { category: 0, ranks: [12, 11], english: 'Ace high' };
    const a = mountApp(showdown({
      expectedScan: null,
      seats: [1, 2, 3, 4].map((s) => handSeat(s as 1, {
        dealt: 13,
        set: s === 4 ? { rows: { front: [48, 44, 40], middle: [0, 5, 10, 15, 20], back: [1, 6, 11, 16, 21] }, source: 'touch', foul: { code: 'out-of-order', message: 'the front (Ace high) beats the middle (Seven high)' }, words: { front: words, middle: words, back: words } } : null,
      })),
    }));
    expect(a.$('[data-testid=showdown-seat][data-seat="4"] [data-testid=foul-reason]')!.textContent).toBe('Foul: the front (Ace high) beats the middle (Seven high)');
    expect(a.$('.felt [data-seat="4"] [data-testid=foul-marker]')).not.toBeNull();
  });

  it('shows a read the terminal did not accept', () => {
    const a = mountApp(showdown(), 'en');
    a.fake.pushView({ ...showdown(), deviceNotice: { code: 'scanned-twice', message: 'Kd is already in this row' } });
    a.store.view = a.fake.view;
    flushSync();
    expect(a.$('[data-testid=device-notice]')!.textContent).toMatch(/K♦ is already in this row/);
  });
});

describe('results', () => {
  const w = (category: number, ranks: number[], english: string) => ({ category, ranks, english });
  const rowsA = { front: w(1, [7, 10], 'Pair of nines'), middle: w(4, [11, 0], 'Straight, king high'), back: w(5, [12, 0], 'Flush, ace high') };
  const rowsB = { front: w(0, [11, 9], 'King high'), middle: w(2, [6, 5], 'Two pair, eights and sevens'), back: w(6, [8, 2], 'Full house, tens full of fours') };
  const paying = (done: boolean[]) => withHand({
    phase: 'paying',
    result: {
      comparisons: [{ a: 2, b: 3, kind: 'compared', rows: { front: 1, middle: 1, back: -1 }, aWords: rowsA, bWords: rowsB, points: 1, notes: [] },
        { a: 2, b: 4, kind: 'foul', rows: null, aWords: null, bWords: null, points: 6, notes: [{ code: 'scoop', message: 'seat 2 scoops' }] }],
      seats: [{ seat: 2, points: 7, net: 70000, gross: 70000, capped: false, allIn: false }, { seat: 3, points: -1, net: -10000, gross: -10000, capped: false, allIn: false }, { seat: 4, points: -6, net: -60000, gross: -60000, capped: false, allIn: false }],
      payments: [{ index: 0, payer: 3, payee: 2, amount: 10000, done: done[0] }, { index: 1, payer: 4, payee: 2, amount: 60000, done: done[1] }],
    },
  });

  it('opens on what the dealer acts on; the comparisons are one tap away, and back', () => {
    const a = mountApp(paying([false, false]));
    expect(a.$('[data-testid=results-tab-payments]')!.getAttribute('aria-selected')).toBe('true');
    expect(a.$$('[data-testid=seat-result]').map((r) => r.dataset.net)).toEqual(['70000', '-10000', '-60000']);
    expect(a.$$('[data-testid=payment]')).toHaveLength(2);
    expect(a.$('[data-testid=next-hand]')).not.toBeNull();
    expect(a.$$('[data-testid=comparison]')).toHaveLength(0);
    expect(a.$('[data-testid=results-tab-comparisons]')!.textContent).toBe('Comparisons (2)');
    click(a.$('[data-testid=results-tab-comparisons]'));
    expect(a.$('[data-testid=results-tab-comparisons]')!.getAttribute('aria-selected')).toBe('true');
    expect(a.$$('[data-testid=comparison]')).toHaveLength(2);
    expect(a.$$('[data-testid=payment]')).toHaveLength(0);
    click(a.$('[data-testid=results-tab-payments]'));
    expect(a.$$('[data-testid=comparison]')).toHaveLength(0);
    expect(a.$$('[data-testid=payment]')).toHaveLength(2);
  });

  it('lists the comparisons in order, naming both hands in words, with points per pair and per seat', () => {
    const a = mountApp(paying([false, false]));
    expect(a.$$('[data-testid=seat-result]').map((r) => r.dataset.net)).toEqual(['70000', '-10000', '-60000']);
    click(a.$('[data-testid=results-tab-comparisons]'));
    const rows = a.$$('[data-testid=comparison]');
    expect(rows.map((r) => `${r.dataset.a}-${r.dataset.b}`)).toEqual(['2-3', '2-4']);
    expect(rows[0].textContent).toMatch(/2 East against 3 South/);
    expect(rows[0].textContent).toMatch(/Pair of nines\s*vs\s*King high/);
    expect(rows[0].textContent).toMatch(/Flush, ace high\s*vs\s*Full house, tens full of fours/);
    expect(rows[1].textContent).toMatch(/Scoop/);
  });

  it('words the hands in Czech', () => {
    const a = mountApp(paying([false, false]), 'cs');
    expect(a.$('[data-testid=results-tab-comparisons]')!.textContent).toBe('Porovnání (2)');
    click(a.$('[data-testid=results-tab-comparisons]'));
    expect(a.$$('[data-testid=comparison]')[0].textContent).toMatch(/Pár devítek\s*vs\s*Nejvyšší král/);
    expect(a.$$('[data-testid=comparison]')[0].textContent).toMatch(/Full house, desítky a čtyřky/);
  });

  it('ticks payments one by one (P for the next), and moves on only when all are done', async () => {
    const a = mountApp(paying([false, false]));
    expect((a.$('[data-testid=next-hand]') as HTMLButtonElement).disabled).toBe(true);
    a.fake.answers.set('executePayment', paying([true, false]));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'p' }));
    await settle();
    expect(a.fake.sent.at(-1)).toEqual({ name: 'executePayment', args: { index: 0 } });
    expect(a.$$('[data-testid=payment]').map((p) => p.dataset.done)).toEqual(['true', 'false']);
    a.fake.answers.set('executePayment', paying([true, true]));
    click(a.$('[data-testid=payment][data-index="1"] [data-testid=execute-payment]'));
    await settle();
    expect((a.$('[data-testid=next-hand]') as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('screen settings', () => {
  it('switches language at once and keeps it for the next start', () => {
    const a = mountApp(baseView());
    expect(a.$('.felt [data-seat="1"] .compass')!.textContent).toBe('North');
    click(a.$('[data-testid=lang-cs]'));
    expect(a.$('.felt [data-seat="1"] .compass')!.textContent).toBe('Sever');
    expect(document.documentElement.lang).toBe('cs');
  });

  it('follows pushed views', () => {
    const a = mountApp(baseView());
    a.fake.pushView(withHand({ phase: 'dealing', cardsRead: 9, seats: [1, 2, 3, 4].map((s) => handSeat(s as 1, { dealt: s === 1 ? 3 : 2 })) }));
    flushSync();
    expect(a.$$('.felt [data-testid=deal-count]').map((e) => e.dataset.count)).toEqual(['3', '2', '2', '2']);
  });
});

