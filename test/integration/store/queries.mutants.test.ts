/**
 * The floor's reads of the query tables (app/services/queries.ts) on a real database written by
 * the real table service: alerts of two tables, all of them or one table's, raised or
 * acknowledged (AlertFilter); one alert by id, where an id that is not a whole number is no
 * alert (a request's `"1"` does not reach alert 1); and the recalled hands' seats, whose
 * fouled and surrendered flags are what the simulation that played the hands reports.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { handsBetween, readAlert, readAlerts, recallHands } from '../../../app/services/queries';
import { simulate, type SimulatedHand } from '../../../app/services/simulation';
import { openStore, type Store } from '../../../app/services/store';
import { TableService } from '../../../app/services/table-service';
import { shuffledDeck } from '../../../hardware/sim/deck';
import { InProcessShoe } from '../../../hardware/sim/in-process-shoe';
import { attachShoe, expectRefused, must, openTable, rig, T, type Rig } from '../services/helpers';
import { tempFolder } from './temp';

let cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

/**
 * Tables T1 and T2, each with a hand whose deal stopped after 5 cards: the idle check raises
 * alert 1 (T1) and alert 2 (T2); then the floor acknowledges T1's.
 */
async function twoTablesAlerted(): Promise<Rig> {
  const r = rig();
  cleanups.push(() => r.cleanup());
  openTable(r.service, { 1: 5000, 2: 5000 });
  must(r.service.openTable({ tableId: 'T2', pointValue: 100, profile: 'mandarin-house' }));
  must(r.service.dealerOn({ tableId: 'T2', dealer: 'Ola' }));
  for (const seat of [1, 2] as const) must(r.service.seatPlayer({ tableId: 'T2', seat, playerId: `q${seat}`, name: `Q ${seat}`, buyIn: 5000 }));
  const { shoe, detach } = await attachShoe(r.service);
  const shoe2 = new InProcessShoe({ paceMs: 0, heartbeatTimeoutMs: 60_000 });
  const detach2 = must(r.service.attachCardSource('T2', shoe2));
  await shoe2.start();
  cleanups.push(async () => {
    detach();
    detach2();
    await shoe.stop();
    await shoe2.stop();
  });
  for (const [table, s] of [[T, shoe], ['T2', shoe2]] as const) {
    must(r.service.startHand({ tableId: table }));
    await s.feed(shuffledDeck(3).slice(0, 5));
  }
  r.now += 25_000;
  expect(r.service.checkIdleDeals(20_000)).toEqual([T, 'T2']);
  must(r.service.acknowledgeAlert({ alertId: 1, by: 'Jana', as: 'floor', note: 'shoe refilled' }));
  return r;
}

const ids = (list: readonly { id: number }[]) => list.map((a) => a.id);

describe('readAlerts: every table or one, raised or acknowledged, oldest first', () => {
  it('with no filter: every alert of every table', async () => {
    const r = await twoTablesAlerted();
    const all = readAlerts(r.store.db);
    expect(all.map((a) => [a.id, a.tableId, a.handId, a.kind, a.code])).toEqual([
      [1, T, 'T1-1', 'device-fault', 'deal-idle'],
      [2, 'T2', 'T2-1', 'device-fault', 'deal-idle'],
    ]);
    expect(all[0].acknowledged).toMatchObject({ by: 'Jana', note: 'shoe refilled' });
    expect(all[1].acknowledged).toBeNull();
    expect(readAlerts(r.store.db, {})).toEqual(all);
  });

  it('`tableId`: that table\'s alerts only, alone or with `raised`', async () => {
    const r = await twoTablesAlerted();
    expect(ids(readAlerts(r.store.db, { tableId: 'T2' }))).toEqual([2]);
    expect(ids(readAlerts(r.store.db, { tableId: T }))).toEqual([1]);
    expect(ids(readAlerts(r.store.db, { tableId: 'T9' }))).toEqual([]);
    expect(ids(readAlerts(r.store.db, { tableId: T, raised: true }))).toEqual([]);
    expect(ids(readAlerts(r.store.db, { tableId: T, raised: false }))).toEqual([1]);
    expect(ids(readAlerts(r.store.db, { tableId: 'T2', raised: true }))).toEqual([2]);
    expect(ids(readAlerts(r.store.db, { tableId: 'T2', raised: false }))).toEqual([]);
    // the service's list, as the floor's screen asks for it (by default: those still raised)
    expect(ids(r.service.alerts({ tableId: T }))).toEqual([1]);
    expect(ids(r.service.alerts({ tableId: 'T2', raised: true }))).toEqual([2]);
    expect(ids(r.service.alerts())).toEqual([2]);
  });

  it('`raised` alone: across every table', async () => {
    const r = await twoTablesAlerted();
    expect(ids(readAlerts(r.store.db, { raised: true }))).toEqual([2]);
    expect(ids(readAlerts(r.store.db, { raised: false }))).toEqual([1]);
  });
});

describe('readAlert: one alert by its id', () => {
  it('finds a stored alert; an id that is not a whole number finds none', async () => {
    const r = await twoTablesAlerted();
    expect(readAlert(r.store.db, 2)).toEqual(readAlerts(r.store.db, { tableId: 'T2' })[0]);
    expect(readAlert(r.store.db, 3)).toBeUndefined();
    for (const notAnId of ['2', '1', 2.5, Number.NaN, Number.POSITIVE_INFINITY, null, undefined, 2n]) {
      expect(readAlert(r.store.db, notAnId as unknown as number), String(notAnId)).toBeUndefined();
    }
  });

  it('a request whose alert id is the text "2" is refused as no such alert, and clears nothing', async () => {
    const r = await twoTablesAlerted();
    const e = expectRefused(r.store, () => r.service.acknowledgeAlert({ alertId: '2' as unknown as number, by: 'Jana', as: 'floor' }), 'no-such-alert');
    expect(e.message).toBe('there is no alert "2"');
    expectRefused(r.store, () => r.service.acknowledgeAlert({ alertId: undefined as unknown as number, by: 'Jana', as: 'floor' }), 'no-such-alert');
    expect(readAlert(r.store.db, 2)!.acknowledged).toBeNull();
  });
});

describe("recalled hands: each seat's foul and surrender", () => {
  /** Three simulated hands at table SIM (seed 7: a surrender in hand 1, a foul and a surrender in hand 3). */
  async function simulated(): Promise<{ store: Store; lines: SimulatedHand[] }> {
    const tmp = tempFolder('cp-queries-');
    let now = Date.parse('2025-03-01T20:00:00.000Z');
    const store = openStore(tmp.file('terminal.db'), { clock: () => (now += 1000) });
    cleanups.push(() => {
      store.close();
      tmp.cleanup();
    });
    const lines: SimulatedHand[] = [];
    await simulate(new TableService(store), { hands: 3, seed: 7, onHand: (line) => lines.push(line) });
    return { store, lines };
  }

  it('are the seats the simulation reported fouled and surrendered, and only those', async () => {
    const { store, lines } = await simulated();
    const hands = recallHands(store.db, 'SIM', 3);
    expect(hands.map((h) => h.number)).toEqual([3, 2, 1]);
    const flags = (h: (typeof hands)[number]) => h.seats.map((s) => [s.seat, s.fouled, s.surrendered]);
    expect(flags(hands[0])).toEqual([[1, false, false], [2, false, false], [3, true, false], [4, false, true]]);
    expect(flags(hands[1])).toEqual([[1, false, false], [2, false, false], [3, false, false], [4, false, false]]);
    expect(flags(hands[2])).toEqual([[1, false, false], [2, false, false], [3, false, true], [4, false, false]]);
    // the same as what the simulation said it played
    for (const line of lines) {
      const h = hands.find((x) => x.number === line.number)!;
      expect(h.seats.filter((s) => s.fouled).map((s) => s.seat), line.hand).toEqual(line.fouled ?? []);
      expect(h.seats.filter((s) => s.surrendered).map((s) => s.seat), line.hand).toEqual(line.surrendered ?? []);
    }
    // hands by date carry the same seats
    expect(handsBetween(store.db, '2025-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z').map(flags)).toEqual([...hands].reverse().map(flags));
  });
});
