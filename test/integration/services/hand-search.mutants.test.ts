/**
 * The floor's hand search (app/services/hand-search.ts, docs/terminal.md "Hand search and
 * timeline") on a real database: 60 simulated hands at table SIM (seeded, so the same fouls,
 * surrenders, naturals, all-ins, misdeals and voids every run) and four hands at T1 (three
 * seats, then four, then an open hand), with floor notes on some hands. Each filter must give
 * exactly the hands the docs promise, newest first; the date range is [from, to); `limit`
 * pages (1-100, default 20) and `next` is the `before` of the next page (null on the last).
 * The expected hands are read straight from the query tables and filtered here in plain code.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { searchHands, readFoundHand, SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, type HandSearch, type SearchOutcome } from '../../../app/services/hand-search';
import type { SeatNo } from '../../../app/domain/hand';
import { simulate } from '../../../app/services/simulation';
import { openStore, type Store } from '../../../app/services/store';
import { TableService } from '../../../app/services/table-service';
import { tempFolder } from '../store/temp';
import { attachShoe, must, openTable, playHand, T } from './helpers';

interface World {
  store: Store;
  /** Every hand row of a table, newest first, with its seats. */
  rows(table: string): { number: number; dealer: string | null; outcome: string; cause: string | null; started: string; fouls: number; naturals: number; surrenders: number; allIns: number; corrections: number; seats: { seat: number; player: string; fouled: boolean; natural: boolean; surrendered: boolean; allIn: boolean }[] }[];
}

let built: Promise<World> | undefined;
let dispose: (() => void) | undefined;
afterAll(() => dispose?.());
/** The database, built once for the file on first use (inside a test), removed after the file. */
function world(): Promise<World> {
  built ??= (async () => {
    const tmp = tempFolder('cp-search-');
    let now = Date.parse('2025-03-01T20:00:00.000Z');
    const store = openStore(tmp.file('terminal.db'), { clock: () => (now += 1000) });
    const service = new TableService(store);
    dispose = () => { store.close(); tmp.cleanup(); };
    await simulate(service, { hands: 60, seed: 7 });
    // T1: three seats for two hands, a fourth seat for the third, then a hand left open.
    openTable(service, { 1: 5000, 2: 5000, 3: 5000 });
    const { shoe, detach } = await attachShoe(service);
    await playHand(service, shoe, 1);
    await playHand(service, shoe, 2);
    must(service.seatPlayer({ tableId: T, seat: 4, playerId: 'p4', name: 'Player 4', buyIn: 5000 }));
    await playHand(service, shoe, 3);
    must(service.startHand({ tableId: T }));
    detach();
    for (const [table, hand] of [['SIM', 'SIM-33'], ['SIM', 'SIM-33'], ['SIM', 'SIM-8'], [T, 'T1-1']] as const) {
      must(service.floorCorrection({ tableId: table, floor: 'Jana', reason: 'recount asked, all fine', action: { kind: 'note' }, handId: hand }));
    }
    const rows: World['rows'] = (table) => (store.db.prepare('SELECT * FROM hands WHERE table_id = ? ORDER BY number DESC').all(table) as Record<string, never>[]).map((h) => ({
      number: h.number, dealer: h.dealer, outcome: h.outcome, cause: h.misdeal_cause, started: h.started_at,
      fouls: h.fouls, naturals: h.naturals, surrenders: h.surrenders, allIns: h.all_ins, corrections: h.corrections,
      seats: (store.db.prepare('SELECT * FROM hand_seats WHERE hand_id = ? ORDER BY seat').all(h.id) as Record<string, never>[]).map((s) => ({
        seat: s.seat, player: s.player, fouled: s.fouled === 1, natural: s.natural !== null, surrendered: s.surrendered === 1, allIn: s.all_in === 1,
      })),
    }));
    return { store, rows };
  })();
  return built;
}

/** The numbers of the hands found (one page). */
async function found(search: Omit<HandSearch, 'tableId'> & { tableId?: string }): Promise<number[]> {
  const w = await world();
  return searchHands(w.store.db, { tableId: 'SIM', limit: 100, ...search }).hands.map((h) => h.number);
}

type Row = ReturnType<World['rows']>[number];
async function expected(pred: (h: Row) => boolean, table = 'SIM'): Promise<number[]> {
  return (await world()).rows(table).filter(pred).map((h) => h.number);
}

describe('searchHands: one filter at a time, newest first', () => {
  it('finds the data this file relies on (seeded simulation)', async () => {
    const rows = (await world()).rows('SIM');
    expect(rows).toHaveLength(60);
    expect(rows.filter((h) => h.outcome === 'misdeal').map((h) => [h.number, h.cause])).toEqual([[56, 'sequence-gap'], [47, 'wrong-seat-delivery'], [46, 'sequence-gap'], [12, 'card-read-twice']]);
    expect(rows.filter((h) => h.outcome === 'void').map((h) => h.number)).toEqual([26]);
    expect(rows.filter((h) => h.naturals > 0).map((h) => h.number)).toEqual([20]);
    expect(rows.filter((h) => h.allIns > 0).map((h) => h.number)).toEqual([19]);
    expect(rows.filter((h) => h.corrections > 0).map((h) => [h.number, h.corrections])).toEqual([[33, 2], [8, 1]]);
  });

  it('with no filter: every hand of the table, newest first, and only that table', async () => {
    expect(await found({})).toEqual(Array.from({ length: 60 }, (_, i) => 60 - i));
    expect(await found({ tableId: T })).toEqual([4, 3, 2, 1]);
    expect(await found({ tableId: 'NOPE' })).toEqual([]);
  });

  it('by outcome: how the hand ended', async () => {
    expect(await found({ outcome: 'misdeal' })).toEqual([56, 47, 46, 12]);
    expect(await found({ outcome: 'void' })).toEqual([26]);
    expect(await found({ outcome: 'played' })).toEqual(await expected((h) => h.outcome === 'played'));
    expect(await found({ outcome: 'played' })).toHaveLength(55);
    expect(await found({ outcome: 'open' })).toEqual([]);
    expect(await found({ tableId: T, outcome: 'open' })).toEqual([4]);
    expect(await found({ tableId: T, outcome: 'played' })).toEqual([3, 2, 1]);
  });

  it('by what happened in the hand: foul, natural, surrender, all-in, corrected (a note counts)', async () => {
    const cases: [SearchOutcome, (h: Row) => boolean][] = [
      ['foul', (h) => h.fouls > 0], ['natural', (h) => h.naturals > 0], ['surrender', (h) => h.surrenders > 0],
      ['all-in', (h) => h.allIns > 0], ['corrected', (h) => h.corrections > 0],
    ];
    for (const [outcome, pred] of cases) {
      const want = await expected(pred);
      expect(want.length, outcome).toBeGreaterThan(0);
      expect(want.length, outcome).toBeLessThan(60);
      expect(await found({ outcome }), outcome).toEqual(want);
    }
    expect(await found({ outcome: 'foul' })).toEqual([55, 51, 41, 37, 35, 28, 17, 16, 14, 13, 4, 3]);
    expect(await found({ outcome: 'surrender' })).toEqual([52, 51, 39, 10, 9, 7, 5, 3, 1]);
    expect(await found({ outcome: 'corrected' })).toEqual([33, 8]);
    expect(await found({ tableId: T, outcome: 'corrected' })).toEqual([1]);
  });

  it('by misdeal cause, alone and with the misdeal outcome', async () => {
    expect(await found({ cause: 'sequence-gap' })).toEqual([56, 46]);
    expect(await found({ outcome: 'misdeal', cause: 'card-read-twice' })).toEqual([12]);
    expect(await found({ outcome: 'played', cause: 'card-read-twice' })).toEqual([]);
    expect(await found({ cause: 'no-such-cause' })).toEqual([]);
  });

  it('by dealer (the name the hand records)', async () => {
    expect(await found({ dealer: 'Filip' })).toEqual(await expected((h) => h.dealer === 'Filip'));
    expect(await found({ dealer: 'Filip' })).toEqual(Array.from({ length: 25 }, (_, i) => 50 - i));
    expect(await found({ dealer: 'Gita', outcome: 'misdeal' })).toEqual([56]);
    expect(await found({ dealer: 'Nobody' })).toEqual([]);
  });

  it('by hand number, and hands numbered below `before`', async () => {
    expect(await found({ number: 12 })).toEqual([12]);
    expect(await found({ number: 61 })).toEqual([]);
    expect(await found({ before: 5 })).toEqual([4, 3, 2, 1]);
    expect(await found({ before: 1 })).toEqual([]);
    expect(await found({ number: 12, before: 12 })).toEqual([]);
    expect(await found({ number: 12, before: 13 })).toEqual([12]);
  });
});

describe('searchHands: seats and players', () => {
  it('`seat` alone: the seat played the hand', async () => {
    expect(await found({ tableId: T, seat: 4 })).toEqual([4, 3]);
    expect(await found({ tableId: T, seat: 1 })).toEqual([4, 3, 2, 1]);
  });

  it('`player`: he played the hand; with `seat`: he sat there', async () => {
    expect(await found({ tableId: T, player: 'p4' })).toEqual([4, 3]);
    expect(await found({ player: 'P-CYRIL' })).toHaveLength(60);
    expect(await found({ player: 'P-CYRIL', seat: 3 })).toHaveLength(60);
    expect(await found({ player: 'P-CYRIL', seat: 1 })).toEqual([]);
    expect(await found({ tableId: T, player: 'p4', seat: 4, before: 4 })).toEqual([3]);
    expect(await found({ player: 'p4' })).toEqual([]);
  });

  it('a seat outcome with `seat`: it happened to that seat', async () => {
    const cases: [SearchOutcome, SeatNo, keyof Row['seats'][number]][] = [
      ['foul', 3, 'fouled'], ['foul', 2, 'fouled'], ['surrender', 3, 'surrendered'], ['surrender', 4, 'surrendered'],
      ['natural', 2, 'natural'], ['all-in', 4, 'allIn'],
    ];
    for (const [outcome, seat, flag] of cases) {
      const want = await expected((h) => h.seats.some((s) => s.seat === seat && s[flag] === true));
      expect(want.length, `${outcome} at ${seat}`).toBeGreaterThan(0);
      expect(await found({ outcome, seat }), `${outcome} at ${seat}`).toEqual(want);
    }
    expect(await found({ outcome: 'foul', seat: 3 })).toEqual([55, 35, 28, 14, 3]);
    expect(await found({ outcome: 'surrender', seat: 3 })).toEqual([39, 10, 1]);
    expect(await found({ outcome: 'natural', seat: 2 })).toEqual([20]);
    expect(await found({ outcome: 'natural', seat: 3 })).toEqual([]);
    expect(await found({ outcome: 'all-in', seat: 4 })).toEqual([19]);
    expect(await found({ outcome: 'all-in', seat: 1 })).toEqual([]);
    // Not a seat's outcome: `seat` keeps its plain meaning.
    expect(await found({ outcome: 'corrected', seat: 2 })).toEqual([33, 8]);
    expect(await found({ outcome: 'misdeal', seat: 1 })).toEqual([56, 47, 46, 12]);
    expect(await found({ tableId: T, outcome: 'corrected', seat: 4 })).toEqual([]);
    expect(await found({ outcome: 'foul', seat: 3, player: 'P-CYRIL' })).toEqual([55, 35, 28, 14, 3]);
  });

  it('each found hand carries its row, counts and seats as the query tables hold them', async () => {
    const w = await world();
    const [h] = searchHands(w.store.db, { tableId: 'SIM', number: 17 }).hands;
    expect(h).toEqual(readFoundHand(w.store.db, 'SIM', 'SIM-17'));
    expect(h).toMatchObject({ handId: 'SIM-17', tableId: 'SIM', number: 17, dealer: 'Eva', outcome: 'played', fouls: 2, naturals: 0, surrenders: 0, allIns: 0, corrections: 0 });
    expect(h!.seats.map((s) => [s.seat, s.player, s.fouled, s.surrendered, s.allIn, s.natural])).toEqual([
      [1, 'P-ADAM', false, false, false, null], [2, 'P-BARA', true, false, false, null], [3, 'P-CYRIL', false, false, false, null], [4, 'P-DANA', true, false, false, null],
    ]);
    const [a] = searchHands(w.store.db, { tableId: 'SIM', number: 19 }).hands;
    expect(a!.seats.map((s) => s.allIn)).toEqual([false, false, false, true]);
    const [s] = searchHands(w.store.db, { tableId: 'SIM', number: 1 }).hands;
    expect(s!.seats.map((x) => x.surrendered)).toEqual([false, false, true, false]);
    const [n] = searchHands(w.store.db, { tableId: 'SIM', number: 20 }).hands;
    expect(n!.seats.map((x) => x.natural)).toEqual([null, 'three-flushes', null, null]);
    expect(searchHands(w.store.db, { tableId: 'SIM', number: 33 }).hands[0]!.corrections).toBe(2);
  });
});

describe('searchHands: the date range [from, to)', () => {
  it('`from` is inclusive and `to` exclusive, each alone or both', async () => {
    const started = (await world()).rows('SIM').reverse().map((h) => h.started); // [0] is hand 1
    const at = (n: number) => started[n - 1]!;
    expect(await found({ from: at(10), to: at(15) })).toEqual([14, 13, 12, 11, 10]);
    expect(await found({ from: at(58) })).toEqual([60, 59, 58]);
    expect(await found({ to: at(4) })).toEqual([3, 2, 1]);
    // A moment after a hand's start leaves that hand out of `from` and in `to`.
    const after = (n: number) => new Date(Date.parse(at(n)) + 1).toISOString();
    expect(await found({ from: after(58) })).toEqual([60, 59]);
    expect(await found({ to: after(3) })).toEqual([3, 2, 1]);
    expect(await found({ from: after(10), to: after(12) })).toEqual([12, 11]);
    // With other filters, the range still holds.
    expect(await found({ from: at(40), to: at(57), outcome: 'misdeal' })).toEqual([56, 47, 46]);
    expect(await found({ from: at(1), outcome: 'misdeal', limit: 2 })).toEqual([56, 47]);
  });

  it('a range no hand started in gives an empty page', async () => {
    const rows = (await world()).rows('SIM');
    const last = rows[0]!.started;
    const first = rows[59]!.started;
    const w = await world();
    expect(searchHands(w.store.db, { tableId: 'SIM', from: new Date(Date.parse(last) + 1).toISOString() })).toEqual({ hands: [], next: null });
    expect(searchHands(w.store.db, { tableId: 'SIM', to: first })).toEqual({ hands: [], next: null });
    expect(searchHands(w.store.db, { tableId: 'SIM', from: '2020-01-01T00:00:00.000Z', to: first })).toEqual({ hands: [], next: null });
    expect(searchHands(w.store.db, { tableId: 'SIM', from: new Date(Date.parse(last) + 1).toISOString(), to: '2099-01-01T00:00:00.000Z' })).toEqual({ hands: [], next: null });
    expect(searchHands(w.store.db, { tableId: 'NOPE', from: first })).toEqual({ hands: [], next: null });
  });
});

describe('searchHands: pages', () => {
  it('a page is 20 hands when no limit is asked, and `next` is the last hand of the page', async () => {
    expect(SEARCH_LIMIT_DEFAULT).toBe(20);
    expect(SEARCH_LIMIT_MAX).toBe(100);
    const w = await world();
    const page = searchHands(w.store.db, { tableId: 'SIM' });
    expect(page.hands.map((h) => h.number)).toEqual(Array.from({ length: 20 }, (_, i) => 60 - i));
    expect(page.next).toBe(41);
    const second = searchHands(w.store.db, { tableId: 'SIM', before: page.next! });
    expect(second.hands.map((h) => h.number)).toEqual(Array.from({ length: 20 }, (_, i) => 40 - i));
    expect(second.next).toBe(21);
    const third = searchHands(w.store.db, { tableId: 'SIM', before: second.next! });
    expect(third.hands.map((h) => h.number)).toEqual(Array.from({ length: 20 }, (_, i) => 20 - i));
    expect(third.next).toBe(null);
  });

  it('`next` is null when the page holds the last hand exactly, a number when one more is left', async () => {
    const w = await world();
    const page = (search: Omit<HandSearch, 'tableId'>) => {
      const p = searchHands(w.store.db, { tableId: 'SIM', ...search });
      return [p.hands.map((h) => h.number), p.next];
    };
    expect(page({ outcome: 'misdeal', limit: 4 })).toEqual([[56, 47, 46, 12], null]);
    expect(page({ outcome: 'misdeal', limit: 5 })).toEqual([[56, 47, 46, 12], null]);
    expect(page({ outcome: 'misdeal', limit: 3 })).toEqual([[56, 47, 46], 46]);
    expect(page({ outcome: 'misdeal', limit: 3, before: 46 })).toEqual([[12], null]);
    expect(page({ outcome: 'misdeal', limit: 1 })).toEqual([[56], 56]);
    expect(page({ number: 7 })).toEqual([[7], null]);
    expect(page({ outcome: 'void' })).toEqual([[26], null]);
  });

  it('a limit out of 1-100 is taken as the nearest, a fraction cut to its whole', async () => {
    const w = await world();
    const count = (limit: number) => searchHands(w.store.db, { tableId: 'SIM', limit }).hands.length;
    expect(count(0)).toBe(1);
    expect(count(-5)).toBe(1);
    expect(count(2.9)).toBe(2);
    expect(count(37)).toBe(37);
    expect(count(100)).toBe(60);
    expect(count(500)).toBe(60);
    expect(searchHands(w.store.db, { tableId: 'SIM', limit: 0 }).next).toBe(60);
    expect(searchHands(w.store.db, { tableId: 'SIM', limit: 60 }).next).toBe(null);
    expect(searchHands(w.store.db, { tableId: 'SIM', limit: 59 }).next).toBe(2);
  });
});
