// No rules in the renderer: the screen shows the panel of the terminal's next action, the
// button where the terminal puts it, each seat's actions and the floor's rulings as the view
// offers them, and the blockers from their codes in the screen's language. Each case gives a
// view where the offer differs from what a rule of the screen's own would decide, so a copy of
// a rule in the renderer fails it.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HandView, TerminalView } from '../../../app/contract/view';
import { allOffered, baseView, click, handSeat, handView, mountApp, press, settle, type } from './fake-terminal';

const withHand = (hand: Partial<HandView>, over: Partial<TerminalView> = {}) => baseView({ hand: handView(hand), ...over });
const cards = (seat: number) => Array.from({ length: 13 }, (_, r) => r * 4 + ((seat + r) % 4));

describe('the panel and the keys follow the next action', () => {
  it('shows the panel of view.nextAction, not of the phase', () => {
    // A view whose next action is the settlement shows the showdown panel whatever the phase says.
    const a = mountApp(withHand({ phase: 'setting' }, { nextAction: 'settle' }));
    expect(a.$('[data-testid=settle]')).not.toBeNull();
    expect(a.$('[data-testid=open-showdown]')).toBeNull();
  });

  it('marks the button where the view puts it', () => {
    const a = mountApp(withHand({ phase: 'setting', button: 3 }, { button: 2 }));
    expect(a.$('.felt [data-seat="2"] [data-testid=button-marker]')).not.toBeNull();
    expect(a.$('.felt [data-seat="3"] [data-testid=button-marker]')).toBeNull();
  });

  it('E settles only when the settlement is the next action; O opens only when that is', async () => {
    const a = mountApp(withHand({ phase: 'setting' }));
    press('e');
    await settle();
    expect(a.fake.actions()).toEqual([]);
    a.fake.answers.set('openShowdown', a.fake.view);
    press('o');
    await settle();
    expect(a.fake.actions().map((s) => s.name)).toEqual(['openShowdown']);
  });

  it('a seat\'s number selects it, and pressing it again keeps it selected (the next key acts on it)', async () => {
    const a = mountApp(withHand({ phase: 'setting', seats: [1, 2, 3, 4].map((s) => handSeat(s as 1, { dealt: 13 })) }));
    press('2');
    press('2');
    expect(a.store.selectedSeat).toBe(2);
    a.fake.answers.set('seatReady', a.fake.view);
    press('f');
    await settle();
    expect(a.fake.actions()).toEqual([{ name: 'seatReady', args: { seat: 2 } }]);
    press('Escape');
    expect(a.store.selectedSeat).toBeNull();
  });
});

describe('a seat\'s actions are the view\'s offers', () => {
  const setting = (offers: Partial<ReturnType<typeof allOffered>>, over: Partial<Parameters<typeof handSeat>[1]> = {}) => withHand({
    phase: 'setting', seats: [1, 2, 3, 4].map((s) => handSeat(s as 1, { dealt: 13, ...(s === 2 ? { ...over, offers: allOffered(2, offers) } : {}) })),
  });

  it('after a surrender: no natural, no second surrender, no "has set"', () => {
    const no = { offered: false, refusal: null };
    const a = mountApp(setting({ seatReady: no, declareSurrender: no, declareNatural: no }, { surrendered: true }));
    click(a.$('.felt [data-seat="2"]'));
    expect(a.$('[data-testid=declare-natural]')).toBeNull();
    expect(a.$('[data-testid=declare-surrender]')).toBeNull();
    expect(a.$('[data-testid=seat-ready]')).toBeNull();
    expect(a.$('[data-testid=surrender-note]')).not.toBeNull();
  });

  it('a surrender the terminal would refuse says why at once: no question, no request', async () => {
    const refusal = { code: 'surrender-not-covered', message: 'Seat 2 cannot surrender: 20,000 in chips does not cover the penalty' };
    const a = mountApp(setting({ declareSurrender: { offered: true, refusal } }));
    click(a.$('.felt [data-seat="2"]'));
    click(a.$('[data-testid=declare-surrender]'));
    await settle();
    expect(a.$('[data-testid=confirm-dialog]')).toBeNull();
    expect(a.fake.actions()).toEqual([]);
    const note = a.$('[data-testid=seat-actions] [data-testid=refusal]')!;
    expect(note.dataset.code).toBe('surrender-not-covered');
    expect(note.textContent).toMatch(/cannot surrender/);
  });

  it('offers only the wrong seats the view lists', () => {
    const a = mountApp(setting({ reportWrongSeat: [4] }));
    click(a.$('.felt [data-seat="2"]'));
    expect(a.$$('[data-testid^=wrong-seat-]').map((b) => b.dataset.testid)).toEqual(['wrong-seat-4']);
  });

  it('T on a hand already read opens the floor (only the floor replaces it), not the entry', () => {
    const seats = [1, 2, 3, 4].map((s) => handSeat(s as 1, {
      dealt: 13, cards: cards(s), offers: allOffered(s as 1, { enterHand: false, floorReplace: s === 2 }),
    }));
    const a = mountApp(withHand({ phase: 'showdown', seats }));
    press('2');
    press('t');
    expect(a.store.tapSeat).toBeNull();
    expect(a.store.floor.open).toBe(true);
  });

  it('"Correct" on a hand already read goes to the floor, not to 13 taps the terminal refuses', () => {
    const set = { rows: { front: cards(2).slice(0, 3), middle: cards(2).slice(3, 8), back: cards(2).slice(8) }, source: 'touch' as const, foul: null, words: null };
    const seats = [1, 2, 3, 4].map((s) => handSeat(s as 1, {
      dealt: 13, cards: cards(s), canReplace: true, ...(s === 2 ? { set } : {}), offers: allOffered(s as 1, { enterHand: s !== 2, floorReplace: true }),
    }));
    const a = mountApp(withHand({ phase: 'showdown', seats }, { nextAction: 'settle' }));
    const button = a.$('[data-testid=showdown-seat][data-seat="2"] [data-testid=tap-entry]')!;
    expect(button.textContent).toBe('Correct: call the floor');
    click(button);
    expect(a.$('[data-testid=tap-entry-dialog]')).toBeNull();
    expect(a.store.floor.open).toBe(true);
  });

  it('offers no touch entry the terminal would refuse: neither the dealer\'s nor the floor\'s', () => {
    const seats = [1, 2, 3, 4].map((s) => handSeat(s as 1, { dealt: 13, cards: cards(s), canReplace: false, offers: allOffered(s as 1, { enterHand: false, floorReplace: false }) }));
    const a = mountApp(withHand({ phase: 'showdown', seats }, { nextAction: 'settle' }));
    const button = a.$('[data-testid=showdown-seat][data-seat="2"] [data-testid=tap-entry]') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it('T on a hand not read yet opens the entry by touch', () => {
    const seats = [1, 2, 3, 4].map((s) => handSeat(s as 1, { dealt: 13, cards: cards(s), offers: allOffered(s as 1, { enterHand: true }) }));
    const a = mountApp(withHand({ phase: 'showdown', seats }));
    press('3');
    press('t');
    expect(a.store.tapSeat).toBe(3);
  });
});

describe('the floor\'s buttons are the view\'s offers', () => {
  it('no foul during the payments; an accept that names the seat', () => {
    const irr = {
      id: 1, seat: 1 as const, kind: 'wrong-seat-after-set', cards: [], dealtTo: [], detail: 'Seat 1 was given the hand dealt to Seat 2', blocking: false,
      at: 0, resolution: null, rulings: ['accept' as const],
    };
    const seats = [1, 2, 3, 4].map((s) => handSeat(s as 1, { dealt: 13, offers: allOffered(s as 1, { floorFoul: false }) }));
    const a = mountApp(withHand({ phase: 'paying', seats, irregularities: [irr] }));
    click(a.$('[data-testid=open-floor]'));
    type(a.$('[data-testid=floor-reason]'), 'x');
    expect(a.$('[data-testid=floor-foul-seat]')).toBeNull();
    expect(a.$('[data-testid=floor-foul-irregular]')).toBeNull();
    expect(a.$('[data-testid=floor-accept]')!.textContent).toBe('Accept seat 1 (North) as shown');
  });
});

describe('blockers from their codes', () => {
  it('in Czech, with the seat', () => {
    const a = mountApp(withHand({ phase: 'setting', blockers: [{ code: 'not-set', seat: 3, message: 'Seat 3 has not set his hand' }] }), 'cs');
    expect(a.$('[data-testid=blockers] li')!.textContent).toBe('Místo 3 (Jih) ještě nemá ruku složenou');
  });

  it('a partly read hand names its rows in the language', () => {
    const b = { code: 'hand-partly-read' as const, seat: 2 as const, read: ['front' as const], missing: ['middle' as const, 'back' as const], message: 'x' };
    const a = mountApp(withHand({ phase: 'showdown', blockers: [b] }, { nextAction: 'settle' }), 'cs');
    expect(a.$('[data-testid=blockers] li')!.textContent).toBe('Místo 2 (Východ): ruka je načtená jen zčásti (načteno: přední; chybí: prostřední, zadní)');
  });
});

describe('the winner of a row is marked other than by colour', () => {
  it('carries a title and a marker', () => {
    const w = (english: string) => ({ category: 0, ranks: [12], english });
    const rows = { front: w('Ace high'), middle: w('Ace high'), back: w('Ace high') };
    const a = mountApp(withHand({
      phase: 'paying',
      result: {
        comparisons: [{ a: 1, b: 2, kind: 'compared', rows: { front: 1, middle: -1, back: 0 }, aWords: rows, bWords: rows, points: 0, notes: [] }],
        seats: [], payments: [],
      },
    }));
    click(a.$('[data-testid=results-tab-comparisons]'));
    expect(a.$$('[data-testid=row-a]').map((c) => c.dataset.result)).toEqual(['win', 'loss', 'push']);
    expect(a.$$('[data-testid=row-a]').map((c) => c.title)).toEqual(['the winning hand of the row', '', '']);
    expect(a.$$('[data-testid=row-b]')[1].title).toBe('the winning hand of the row');
  });
});

describe('the screen\'s modules import in one direction', () => {
  it('renderer/lib has no import cycle', () => {
    const dir = join(__dirname, '../../../renderer/lib');
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
    const edges = new Map<string, string[]>();
    for (const f of files) {
      const src = readFileSync(join(dir, f), 'utf8');
      const deps = [...src.matchAll(/^import\s[^;]*?from\s+'\.\/([^']+)'/gms)].map((m) => `${m[1]}.ts`).filter((d) => files.includes(d));
      edges.set(f, deps);
    }
    const cycles: string[] = [];
    const visit = (f: string, path: string[]) => {
      if (path.includes(f)) {
        cycles.push([...path.slice(path.indexOf(f)), f].join(' -> '));
        return;
      }
      for (const d of edges.get(f) ?? []) visit(d, [...path, f]);
    };
    for (const f of files) visit(f, []);
    expect(cycles).toEqual([]);
  });
});

describe('Czech words from parts, not English sentences or codes', () => {
  it('an irregularity alert keeps its hand and seat in Czech', () => {
    const irr = {
      id: 1, seat: 1 as const, kind: 'card-of-other-seat', cards: [1], dealtTo: [2 as const], detail: 'shows cards dealt to another seat (2h to Seat 2)',
      blocking: true, at: 0, resolution: null, rulings: ['accept' as const, 'foul-seat' as const],
    };
    const alert = {
      id: 7, kind: 'irregularity', clearedBy: 'floor' as const, code: 'card-of-other-seat', message: 'Hand T1-5, seat 1: shows cards dealt to another seat (2h to Seat 2)',
      raisedAt: 0, handNumber: 5, irregularity: 1,
    };
    const view = withHand({ number: 5, phase: 'showdown', irregularities: [irr] }, { alerts: [alert], nextAction: 'settle' });
    const cs = mountApp(view, 'cs');
    const text = cs.$('[data-testid=alert] .message')!.textContent!;
    expect(text).toMatch(/^Hra 5: Místo 1 \(Sever\)/);
    expect(text).toMatch(/2♥/);
    expect(text).not.toMatch(/T1-5|2h/);
    cs.destroy();
    const en = mountApp(view, 'en');
    expect(en.$('[data-testid=alert] .message')!.textContent).toMatch(/^Hand 5: Seat 1 \(North\).*2♥/);
  });

  it('a surrendered seat is worded without a gender', () => {
    const a = mountApp(withHand({ phase: 'setting', seats: [1, 2, 3, 4].map((s) => handSeat(s as 1, { dealt: 13, surrendered: s === 4 })) }), 'cs');
    expect(a.$('.felt [data-seat="4"] [data-testid=surrender-marker]')!.textContent).toBe('Vzdáno');
  });

  it('a device shows no port path or simulator label on the chip (only as its title)', () => {
    const a = mountApp(baseView({ shoe: { role: 'shoe', kind: 'serial', status: 'connected', label: 'Card shoe on /tmp/cpt-e2e-1/shoe', detail: null, unchecked: false } }));
    const chip = a.$('[data-testid=device-shoe]')!;
    expect(chip.textContent).not.toMatch(/\/tmp/);
    expect(chip.title).toBe('Card shoe on /tmp/cpt-e2e-1/shoe');
  });
});

describe('keyboard and focus', () => {
  const asking = () => {
    const a = mountApp(withHand({ phase: 'setting', seats: [1, 2, 3, 4].map((s) => handSeat(s as 1, { dealt: 13 })) }));
    click(a.$('.felt [data-seat="2"]'));
    click(a.$('[data-testid=declare-surrender]'));
    return a;
  };

  it('Tab goes round the question\'s buttons and never leaves it', () => {
    const a = asking();
    const dialog = a.$('[data-testid=confirm-dialog]')!;
    expect(document.activeElement).toBe(a.$('[data-testid=confirm-yes]'));
    for (let i = 0; i < 3; i++) {
      dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true }));
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', shiftKey: true, bubbles: true, cancelable: true }));
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('focus that goes to the screen behind comes back to the question', () => {
    const a = asking();
    (a.$('[data-testid=open-floor]') as HTMLButtonElement).focus();
    expect(a.$('[data-testid=confirm-dialog]')!.contains(document.activeElement)).toBe(true);
  });

  it('the focus ring is not the selected seat\'s yellow', () => {
    const css = readFileSync(join(__dirname, '../../../renderer/styles.css'), 'utf8');
    const ring = /--focus-ring:\s*(#[0-9a-f]+)/i.exec(css)?.[1];
    const seat = readFileSync(join(__dirname, '../../../renderer/components/Seat.svelte'), 'utf8');
    const selected = /\.seat\.selected\s*\{[^}]*border-color:\s*(#[0-9a-f]+)/i.exec(seat)?.[1];
    expect(ring).toBeDefined();
    expect(selected).toBeDefined();
    expect(ring!.toLowerCase()).not.toBe(selected!.toLowerCase());
    expect(css).toMatch(/button:focus-visible[^{]*\{[^}]*var\(--focus-ring\)/);
  });
});

describe('table stakes', () => {
  it('a result changed by table stakes says so, with what the points were worth', () => {
    const a = mountApp(withHand({
      phase: 'paying',
      result: {
        comparisons: [],
        seats: [
          { seat: 1, points: 5, net: 0, gross: 50000, capped: true, allIn: false },
          { seat: 2, points: -6, net: 500, gross: -60000, capped: true, allIn: false },
          { seat: 3, points: 1, net: 10000, gross: 10000, capped: false, allIn: false },
        ],
        payments: [],
      },
    }));
    const notes = a.$$('[data-testid=seat-result]').map((r) => r.querySelector('[data-testid=table-stakes]')?.textContent?.replace(/\u00a0/g, ' ') ?? null);
    expect(notes).toEqual(['capped by table stakes: CZK 0 of the CZK 500 the points are worth', 'capped by table stakes: CZK 5 of the -CZK 600 the points are worth', null]);
  });
});

describe('refusals with their figures in money', () => {
  const refusal = {
    code: 'surrender-not-covered', message: 'Seat 4 cannot surrender: 20,000 in chips does not cover the 3-point penalty of 3 x 3 opponents x 10,000 = 90,000',
    figures: { seat: 4, penalty: 3, opponents: 3, pointValue: { minor: 10000 }, owed: { minor: 90000 }, stack: { minor: 20000 }, currency: 'CZK' },
  };
  const view = () => withHand({
    phase: 'setting', seats: [1, 2, 3, 4].map((s) => handSeat(s as 1, { dealt: 13, ...(s === 4 ? { offers: allOffered(4, { declareSurrender: { offered: true, refusal } }) } : {}) })),
  });
  const shown = (lang: 'en' | 'cs') => {
    const a = mountApp(view(), lang);
    click(a.$('.felt [data-seat="4"]'));
    click(a.$('[data-testid=declare-surrender]'));
    const text = a.$('[data-testid=seat-actions] [data-testid=refusal] .message')!.textContent!.replace(/\u00a0/g, ' ');
    a.destroy();
    return text;
  };

  it('in English, the money in the table\'s currency, not minor units', () => {
    expect(shown('en')).toBe('Seat 4 cannot surrender: CZK 200 in chips does not cover the penalty of CZK 900 (3 points × 3 opponents × CZK 100 a point).');
  });

  it('in Czech, with the figures', () => {
    const text = shown('cs');
    expect(text).toMatch(/^Místo 4 se nemůže vzdát: žetony 200 Kč nepokryjí penále 900 Kč/);
    expect(text).toMatch(/3 × 3 soupeři × 100 Kč za bod/);
  });
});

describe('cards in the services\' sentences', () => {
  it('are written as on the felt', async () => {
    const { createTranslator } = await import('../../../renderer/i18n/translate');
    const { reasonText } = await import('../../../renderer/i18n/reason');
    const t = createTranslator('en');
    expect(reasonText(t, { code: 'card-not-this-seats', message: "6h is not one of Seat 1's cards: it was dealt to Seat 4. Td too, As and 2c" }))
      .toBe("6♥ is not one of Seat 1's cards: it was dealt to Seat 4. 10♦ too, A♠ and 2♣");
    // Words and figures that only look like a code stay as they are.
    expect(reasonText(t, { code: 'x', message: 'Ask Adam 2s later: 20,000 in chips; 3d-party, Kdx' })).toBe('Ask Adam 2♠ later: 20,000 in chips; 3♦-party, Kdx');
  });
});
