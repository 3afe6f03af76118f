// The floor panel's Search tab and a hand's timeline against the typed stand-in of the
// contract: a floor person signed in reads the newest hands, filters them (each filter as the
// `searchHands` request takes it), pages back and forth, sees corrected hands marked, opens a
// hand as its timeline (reads with device and bytes, sets in words, comparisons, payments and
// who ticked them, floor actions with who signed them, alerts) with "what could this hand have
// been" for the fouled seat, for the floor's information only; in English and Czech.
import { describe, expect, it } from 'vitest';
import { flushSync } from 'svelte';
import type { FoundHandView, HandSearchView, HandTimelineView } from '../../../app/contract/floor';
import type { RequestName } from '../../../app/contract/handlers';
import { validateArgs } from '../../../app/contract/validate';
import { makeCard } from '../../../app/domain/cards';
import { ok, type Result } from '../../../app/domain/result';
import { baseView, click, EVA, mountApp, person, press, sessionView, settle, type } from './fake-terminal';

/** Answers like the terminal's dispatch: the contract's argument checks first, then `reply`. */
function checked(name: RequestName, reply: (args: Record<string, unknown>) => Result<unknown>) {
  return (args: unknown) => {
    const v = validateArgs(name, args);
    return v.ok ? reply(v.value as Record<string, unknown>) : v;
  };
}

/** Picks an option of a select (as a tap on it does) and lets Svelte update. */
function choose(el: HTMLElement | null, value: string): void {
  if (!el) throw new Error('no such select');
  (el as HTMLSelectElement).value = value;
  el.dispatchEvent(new Event('change', { bubbles: true }));
  flushSync();
}

const reading = sessionView([EVA, person('floor-action', 'jana', 'Jana Nováková')]);
const t0 = Date.UTC(2025, 0, 1, 20, 0, 0);

function found(number: number, over: Partial<FoundHandView> = {}): FoundHandView {
  return {
    handId: `T1-${number}`, number, startedAt: t0 + number * 60_000, endedAt: t0 + number * 60_000 + 50_000, outcome: 'played', button: 1, dealer: 'Eva',
    misdealCause: null, voidReason: null, fouls: 0, naturals: 0, surrenders: 0, allIns: 0, corrections: 0, corrected: false,
    seats: [
      { seat: 1, player: 'Ann', stackBefore: 200000, points: 6, net: 60000, fouled: false, surrendered: false, natural: null, allIn: false },
      { seat: 2, player: 'Bob', stackBefore: 200000, points: -6, net: -60000, fouled: false, surrendered: false, natural: null, allIn: false },
    ],
    ...over,
  };
}

/** 45 hands, newest first: 45 is a misdeal, 44 fouled and corrected. */
const HANDS = Array.from({ length: 45 }, (_, i) => 45 - i).map((n) =>
  n === 45 ? found(n, { outcome: 'misdeal', misdealCause: 'card-read-twice', seats: [] })
    : n === 44 ? found(n, { fouls: 1, corrections: 1, corrected: true })
      : found(n));

/** The terminal's search over HANDS (number and outcome filters only), paged as it pages. */
function search(args: Record<string, unknown>): HandSearchView {
  const limit = (args.limit as number | undefined) ?? 20;
  const hands = HANDS.filter((h) => (args.before === undefined || h.number < (args.before as number))
    && (args.outcome === undefined || h.outcome === args.outcome) && (args.number === undefined || h.number === args.number));
  const page = hands.slice(0, limit);
  return { tableId: 'T1', hands: page, next: hands.length > limit ? page[page.length - 1]!.number : null, limit };
}

const c = (rank: number, suit: number) => makeCard(rank, suit);
const fouledRows = { front: [c(12, 0), c(12, 1), c(3, 0)], middle: [c(0, 0), c(1, 1), c(2, 2), c(4, 3), c(6, 0)], back: [c(5, 0), c(7, 1), c(8, 2), c(9, 3), c(10, 0)] };
const words = (english: string, category = 0) => ({ category, ranks: [12], english });
const timeline: HandTimelineView = {
  tableId: 'T1',
  hand: found(44, { fouls: 1, corrections: 1, corrected: true, seats: [{ ...found(44).seats[0]! }, { ...found(44).seats[1]!, fouled: true }] }),
  profile: { name: 'mandarin-house', version: 1 }, pointValue: 10000,
  entries: [
    { index: 0, eventId: 100, at: t0, by: { kind: 'dealer' }, signedBy: [], event: { type: 'hand-started', number: 44, button: 1, players: [{ seat: 1, name: 'Ann', stack: 200000 }, { seat: 2, name: 'Bob', stack: 200000 }] }, read: null },
    { index: 1, eventId: 101, at: t0 + 1000, by: { kind: 'device' }, signedBy: [], event: { type: 'card-dealt', card: c(12, 0), seat: 2, seq: 17 }, read: { device: 'sim:shoe', raw: '02313741', simulated: true } },
    { index: 2, eventId: 102, at: t0 + 90_000, by: { kind: 'floor', name: 'Jana Nováková' }, signedBy: [{ staffId: 'jana', name: 'Jana Nováková' }], event: { type: 'floor-correction', reason: 'player disputes the foul', action: { kind: 'note' }, words: null }, read: null },
  ],
  sets: [
    { seat: 1, ...fouledRows, words: { front: words('Three of a kind, aces', 3), middle: words('Flush, ace high', 5), back: words('Straight flush, ace high', 8) }, status: 'set', foul: null, natural: null },
    { seat: 2, ...fouledRows, words: { front: words('Pair of aces', 1), middle: words('High card, eight', 0), back: words('Straight, queen high', 4) }, status: 'fouled', foul: 'middle is weaker than front', natural: null },
  ],
  comparisons: [{ a: 1, b: 2, outcome: 'foul', rows: null, points: 6, scoop: 1, homerun: null, summary: 'seat 1 wins 6 from seat 2 (scoop)' }],
  points: { 1: 6, 2: -6 },
  payments: [{ index: 0, from: 2, to: 1, amount: 60000, executedAt: t0 + 80_000, by: 'Eva' }],
  alerts: [{ id: 3, kind: 'irregularity', code: 'card-of-other-seat', message: 'Hand T1-44, seat 2: a card of another seat', raisedAt: t0 + 70_000, acknowledged: { by: 'Jana Nováková', at: t0 + 95_000, note: 'seen on camera' } }],
  hindsight: [{
    seat: 2, actual: { status: 'fouled', points: -6 }, legalSettings: 20_113, moreThanActual: 20_001,
    strongest: { back: fouledRows.back, middle: fouledRows.middle, front: fouledRows.front, words: null, points: 2, perOpponent: { 1: 2 } },
    mostPoints: { back: fouledRows.back, middle: fouledRows.middle, front: fouledRows.front, words: null, points: 3, perOpponent: { 1: 3 } },
  }],
  corrections: [{
    at: t0 + 600_000, by: 'Jana', signedBy: [{ staffId: 'jana', name: 'Jana' }, { staffId: 'petr', name: 'Petr' }], reason: 'seat 1 showed a card from the muck',
    kind: 'resettle', seats: [{ seat: 1, kind: 'foul' }], points: { 1: -6, 2: 6 }, transfers: [{ from: 1, to: 2, amount: 120000 }],
  }],
  jackpot: { qualifying: [{ seat: 2, hand: 'Straight flush, nine high in the back' }], standing: [2], disqualified: [] },
};

function mountSearch(lang: 'en' | 'cs' = 'en') {
  const a = mountApp(baseView(), lang, reading);
  a.fake.answers.set('searchHands', checked('searchHands', (args) => ok(search(args))));
  a.fake.answers.set('handTimeline', checked('handTimeline', (args) => ok(args.withHindsight ? { ...timeline, hindsight: [...timeline.hindsight, { seat: 1, refused: 'no such seat' }] } : timeline)));
  click(a.$('[data-testid=open-floor]'));
  click(a.$('[data-testid=floor-tab-search]'));
  return a;
}
const listed = (a: ReturnType<typeof mountApp>) => a.$$('[data-testid=search-hand]').map((r) => Number(r.dataset.number));

describe('the Search tab', () => {
  it('lists the newest hands at once, with outcome, dealer and chips; a corrected hand is marked', async () => {
    const a = mountSearch();
    await settle();
    expect(a.fake.actions()).toEqual([{ name: 'searchHands', args: { limit: 20 } }]);
    expect(listed(a)).toEqual(HANDS.slice(0, 20).map((h) => h.number));
    const rows = a.$$('[data-testid=search-hand]');
    expect(rows[0]!.textContent).toMatch(/Misdeal: A card was read twice\./);
    expect(rows[1]!.dataset.corrected).toBe('true');
    expect(rows[1]!.querySelector('[data-testid=search-corrected]')!.textContent).toBe('Corrected');
    expect(rows[1]!.textContent).toMatch(/Foul/);
    expect(rows[2]!.querySelector('[data-testid=search-corrected]')).toBeNull();
    expect(rows[2]!.textContent).toMatch(/Eva/);
    expect(rows[2]!.textContent).toMatch(/1 Ann \+CZK\s?600/);
  });

  it('sends every filter as the request takes it: times as ISO times, seat and number as numbers, the cause with a misdeal', async () => {
    const a = mountSearch();
    await settle();
    type(a.$('[data-testid=search-from]'), '2025-01-01T20:00:00');
    type(a.$('[data-testid=search-to]'), '2025-01-02T06:00:00');
    type(a.$('[data-testid=search-dealer]'), ' Eva ');
    choose(a.$('[data-testid=search-seat]'), '2');
    type(a.$('[data-testid=search-player]'), 'Bob');
    type(a.$('[data-testid=search-number]'), '12');
    expect(a.$('[data-testid=search-cause]')).toBeNull();
    choose(a.$('[data-testid=search-outcome]'), 'misdeal');
    choose(a.$('[data-testid=search-cause]'), 'card-read-twice');
    click(a.$('[data-testid=search-run]'));
    await settle();
    expect(a.fake.actions().at(-1)).toEqual({
      name: 'searchHands',
      args: {
        from: new Date('2025-01-01T20:00:00').toISOString(), to: new Date('2025-01-02T06:00:00').toISOString(), dealer: 'Eva', seat: 2, player: 'Bob', number: 12,
        outcome: 'misdeal', cause: 'card-read-twice', limit: 20,
      },
    });
    expect(a.$('[data-testid=search-empty]')).not.toBeNull();
    click(a.$('[data-testid=search-clear]'));
    await settle();
    expect(a.fake.actions().at(-1)).toEqual({ name: 'searchHands', args: { limit: 20 } });
    expect(listed(a)).toHaveLength(20);
  });

  it('each outcome can be searched for', async () => {
    const a = mountSearch();
    await settle();
    const options = Array.from(a.$('[data-testid=search-outcome]')!.querySelectorAll('option'), (o) => o.value);
    expect(options).toEqual(['', 'open', 'played', 'misdeal', 'void', 'foul', 'natural', 'surrender', 'all-in', 'corrected']);
    choose(a.$('[data-testid=search-outcome]'), 'corrected');
    click(a.$('[data-testid=search-run]'));
    await settle();
    expect(a.fake.actions().at(-1)).toEqual({ name: 'searchHands', args: { outcome: 'corrected', limit: 20 } });
  });

  it('pages to older hands and back with the cursor the terminal gives', async () => {
    const a = mountSearch();
    await settle();
    expect((a.$('[data-testid=search-previous]') as HTMLButtonElement).disabled).toBe(true);
    click(a.$('[data-testid=search-next]'));
    await settle();
    expect(a.fake.actions().at(-1)).toEqual({ name: 'searchHands', args: { before: 26, limit: 20 } });
    expect(listed(a)).toEqual(HANDS.slice(20, 40).map((h) => h.number));
    click(a.$('[data-testid=search-next]'));
    await settle();
    expect(listed(a)).toEqual(HANDS.slice(40).map((h) => h.number));
    expect((a.$('[data-testid=search-next]') as HTMLButtonElement).disabled).toBe(true);
    click(a.$('[data-testid=search-previous]'));
    await settle();
    expect(a.fake.actions().at(-1)).toEqual({ name: 'searchHands', args: { before: 26, limit: 20 } });
    click(a.$('[data-testid=search-previous]'));
    await settle();
    expect(a.fake.actions().at(-1)).toEqual({ name: 'searchHands', args: { limit: 20 } });
    expect(listed(a)[0]).toBe(45);
    expect((a.$('[data-testid=search-previous]') as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks a floor person or an auditor to sign in first', async () => {
    const a = mountApp(baseView(), 'en');
    click(a.$('[data-testid=open-floor]'));
    click(a.$('[data-testid=floor-tab-search]'));
    await settle();
    expect(a.$('[data-testid=search-form]')).toBeNull();
    expect(a.fake.actions()).toEqual([]);
  });
});

describe('a hand as its timeline', () => {
  async function opened(lang: 'en' | 'cs' = 'en') {
    const a = mountSearch(lang);
    await settle();
    click(a.$$('[data-testid=search-open]')[1]!);
    await settle();
    return a;
  }

  it('opens from the list: reads with device and bytes, sets in words, comparisons, payments and who ticked them, the floor with who signed, alerts', async () => {
    const a = await opened();
    expect(a.fake.actions().at(-1)).toEqual({ name: 'handTimeline', args: { handId: 'T1-44' } });
    const view = a.$('[data-testid=timeline]')!;
    expect(view.dataset.corrected).toBe('true');
    expect(a.$('[data-testid=timeline-corrected]')!.textContent).toMatch(/Corrected by the floor \(1\)/);
    const entries = a.$$('[data-testid=timeline-entry]');
    expect(entries.map((e) => e.dataset.type)).toEqual(['hand-started', 'card-dealt', 'floor-correction']);
    expect(entries[1]!.textContent).toMatch(/A♠ dealt to seat 2 \(East\)/);
    expect(entries[1]!.querySelector('[data-testid=timeline-read]')!.textContent).toMatch(/device sim:shoe, bytes 02313741 · SIMULATED/);
    expect(entries[2]!.textContent).toMatch(/signed by Jana Nováková \[jana\]/);
    expect(entries[2]!.textContent).toMatch(/player disputes the foul/);
    const sets = a.$$('[data-testid=timeline-set]');
    expect(sets.map((s) => s.dataset.status)).toEqual(['set', 'fouled']);
    expect(sets[1]!.textContent).toMatch(/fouled: middle is weaker than front/);
    expect(sets[0]!.textContent).toMatch(/-6 points|6 points/);
    expect(a.$('[data-testid=timeline-comparison]')!.textContent).toMatch(/1 North against 2 East: 6 points/);
    expect(a.$('[data-testid=timeline-payment]')!.textContent).toMatch(/2 East pays 1 North CZK\s?600\s+— ticked by Eva/);
    expect(a.$('[data-testid=timeline-alert]')!.textContent).toMatch(/acknowledged by Jana Nováková .* seen on camera/);
  });

  it('shows the corrections after payment with who signed, why and the chips moved, and the jackpot hands as they stand', async () => {
    const a = await opened();
    const c = a.$('[data-testid=timeline-correction]')!;
    expect(c.dataset.kind).toBe('resettle');
    expect(c.textContent).toMatch(/Settled again by Jana \+ Petr: 1 North \(fouled\)\..*seat 1 showed a card from the muck/);
    expect(c.textContent).toMatch(/CZK\s?1,200 from 1 North to 2 East/);
    const j = a.$('[data-testid=timeline-jackpot-hand]')!;
    expect([j.dataset.seat, j.dataset.standing]).toEqual(['2', 'true']);
    expect(j.textContent).toMatch(/2 East Straight flush, nine high in the back: stands/);
  });

  it('shows what the fouled seat could have been, both settings with their points, for the floor\'s information only; on request every seat', async () => {
    const a = await opened();
    const box = a.$('[data-testid=timeline-hindsight]')!;
    expect(box.textContent).toMatch(/For the floor's information only/);
    expect(a.$('[data-testid=hindsight-strongest]')!.dataset.points).toBe('2');
    expect(a.$('[data-testid=hindsight-strongest]')!.textContent).toMatch(/Strongest legal setting, 2 points: Front: A♠ A♥ 5♠/);
    expect(a.$('[data-testid=hindsight-most]')!.textContent).toMatch(/Most points against these hands, 3 points/);
    expect(a.$('[data-testid=hindsight-actual]')!.textContent).toMatch(/Actually made -6 points \(fouled\)/);
    click(a.$('[data-testid=timeline-hindsight-all]'));
    await settle();
    expect(a.fake.actions().at(-1)).toEqual({ name: 'handTimeline', args: { handId: 'T1-44', withHindsight: true } });
    expect(a.$$('[data-testid=hindsight-seat]').map((s) => s.dataset.seat)).toEqual(['2', '1']);
  });

  it('Esc goes back to the list, then closes the panel', async () => {
    const a = await opened();
    press('Escape');
    expect(a.$('[data-testid=timeline]')).toBeNull();
    expect(a.$('[data-testid=search-list]')).not.toBeNull();
    press('Escape');
    expect(a.$('[data-testid=floor-panel]')).toBeNull();
  });

  it('in Czech', async () => {
    const a = await opened('cs');
    expect(a.$('[data-testid=timeline-hindsight]')!.textContent).toMatch(/Pouze pro informaci flooru/);
    expect(a.$('[data-testid=hindsight-most]')!.textContent).toMatch(/Nejvíc bodů proti těmto rukám, body: 3/);
    expect(a.$('[data-testid=timeline-payment]')!.textContent).toMatch(/odškrtl Eva/);
    click(a.$('[data-testid=timeline-back]'));
    expect(a.$('[data-testid=floor-tab-search]')!.textContent).toMatch(/Hledat/);
    expect(a.$$('[data-testid=search-hand]')[1]!.textContent).toMatch(/Opraveno/);
  });
});
