/**
 * The dealer screen's view of a real table (app/terminal/view.ts over the real TableService):
 * what each seat shows and may do, the results and payments, the seats' stacks and the table's
 * header, as the screen is promised them. Written against the mutants that every other test let
 * through (docs/testing.md): each assertion names a value the view computes, not one it copies.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCards, type Card } from '../../../app/domain/cards';
import { unwrap } from '../../../app/domain/result';
import { toTerminalView, wordsOfRow, type ViewContext } from '../../../app/terminal/view';
import type { TerminalView } from '../../../app/contract/view';
import { attachShoe, must, openTable, rig, T, type Rig } from '../../integration/services/helpers';

const cards = (text: string): Card[] => unwrap(parseCards(text));
const NO_DEVICES: ViewContext = { currency: 'CZK', shoe: null, scanner: null };

/** Seat 1 holds six pairs (a natural), seats 2 to 4 ordinary hands; seat 4 the biggest. */
const DEALT: Record<number, Card[]> = {
  1: cards('2s 2h 5s 5h 8s 8h Js Jh Ks Kh As Ah 3c'),
  2: cards('3s 4s 6s 7s 9s Ts Qs 3h 4h 6h 7h 9h Th'),
  3: cards('2c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 3d'),
  4: cards('2d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd Ad Qh'),
};

let r: Rig;
afterEach(() => r?.cleanup());

const view = (context: ViewContext = NO_DEVICES): TerminalView => toTerminalView(must(r.service.snapshot(T)), context);

/** Opens the table with `stacks`, starts a hand and deals `dealt` in the hand's own schedule. */
async function dealt(stacks: Record<number, number>, deal: Record<number, Card[]> = DEALT, profile?: string | object): Promise<void> {
  r = rig();
  openTable(r.service, stacks, profile);
  const { shoe } = await attachShoe(r.service);
  must(r.service.startHand({ tableId: T }));
  const schedule = must(r.service.snapshot(T)).hand!.state.deal.schedule;
  const next: Record<number, number> = { 1: 0, 2: 0, 3: 0, 4: 0 };
  await shoe.feed(schedule.map((s) => deal[s][next[s]++]));
}

const sorted = (c: readonly Card[] | null) => (c === null ? null : [...c].sort((a, b) => a - b));

describe('the seats of a hand on the dealer screen', () => {
  it("shows a surrendered seat's cards never, a natural's at once, the others' from the showdown", async () => {
    await dealt({ 1: 5000, 2: 5000, 3: 5000, 4: 5000 });
    must(r.service.declareNatural({ tableId: T, seat: 1, natural: 'six-pairs' }));
    must(r.service.declareSurrender({ tableId: T, seat: 3 }));
    let v = view();
    expect(v.hand!.phase).toBe('setting');
    expect(v.hand!.seats.map((s) => sorted(s.cards))).toEqual([sorted(DEALT[1]), null, null, null]);
    expect(v.hand!.seats.map((s) => s.surrendered)).toEqual([false, false, true, false]);
    expect(v.hand!.seats[0].natural).toEqual({
      name: 'six-pairs', verified: true, points: 4, proof: null,
      explanation: 'six pairs (aces, kings, jacks, eights, fives and twos) and one odd card', reason: null,
    });
    expect(v.hand!.seats.slice(1).map((s) => s.natural)).toEqual([null, null, null]);
    // Whose hand each seat may be reported holding: not its own, not a natural's nor a surrendered seat's.
    expect(v.hand!.seats.map((s) => s.offers.reportWrongSeat)).toEqual([[], [3, 4], [2, 4], [2, 3]]);

    must(r.service.seatReady({ tableId: T, seat: 2 }));
    must(r.service.seatReady({ tableId: T, seat: 4 }));
    must(r.service.openShowdown({ tableId: T }));
    v = view();
    expect(v.hand!.phase).toBe('showdown');
    // Face up now, except the surrendered seat's: they never reach the screen.
    expect(v.hand!.seats.map((s) => sorted(s.cards))).toEqual([sorted(DEALT[1]), sorted(DEALT[2]), null, sorted(DEALT[4])]);
    // The floor may replace a hand by touch, but not a verified natural's nor a surrendered seat's.
    expect(v.hand!.seats.map((s) => s.canReplace)).toEqual([false, true, false, true]);
    expect(v.hand!.seats.map((s) => s.offers.floorReplace)).toEqual([false, true, false, true]);
    expect(v.hand!.seats.map((s) => s.set)).toEqual([null, null, null, null]);
  });

  it("shows each set hand's rows, where it came from and its words; the results and the payments made", async () => {
    await dealt({ 1: 5000, 2: 5000, 3: 5000, 4: 5000 });
    must(r.service.declareNatural({ tableId: T, seat: 1, natural: 'six-pairs' }));
    must(r.service.declareSurrender({ tableId: T, seat: 3 }));
    must(r.service.seatReady({ tableId: T, seat: 2 }));
    must(r.service.seatReady({ tableId: T, seat: 4 }));
    must(r.service.openShowdown({ tableId: T }));
    must(r.service.setHand({ tableId: T, seat: 2, front: cards('3s 4s 6s'), middle: cards('7s 9s Ts Qs 3h'), back: cards('4h 6h 7h 9h Th'), source: 'touch' }));
    must(r.service.setHand({ tableId: T, seat: 4, front: cards('2d 4d Qh'), middle: cards('5d 6d 7d 8d 9d'), back: cards('Td Jd Qd Kd Ad'), source: 'scanner' }));
    let v = view();
    const seat2Words = {
      front: { category: 0, ranks: [4, 2], english: 'Six high' },
      middle: { category: 0, ranks: [10, 8], english: 'Queen high' },
      back: { category: 5, ranks: [8, 7], english: 'Flush, ten high' },
    };
    const seat4Words = {
      front: { category: 0, ranks: [10, 2], english: 'Queen high' },
      middle: { category: 8, ranks: [7, 0], english: 'Straight flush, nine high' },
      back: { category: 8, ranks: [12, 0], english: 'Royal flush' },
    };
    expect(v.hand!.seats[1].set).toEqual({
      rows: { front: cards('3s 4s 6s'), middle: cards('7s 9s Ts Qs 3h'), back: cards('4h 6h 7h 9h Th') }, source: 'touch', foul: null, words: seat2Words,
    });
    expect(v.hand!.seats[3].set).toEqual({
      rows: { front: cards('2d 4d Qh'), middle: cards('5d 6d 7d 8d 9d'), back: cards('Td Jd Qd Kd Ad') }, source: 'scanner', foul: null, words: seat4Words,
    });
    expect(v.hand!.result).toBeNull();

    must(r.service.settle({ tableId: T }));
    must(r.service.executePayment({ tableId: T, index: 0 }));
    v = view();
    const result = v.hand!.result!;
    expect(result.comparisons).toEqual([
      { a: 2, b: 3, kind: 'surrender', rows: null, aWords: null, bWords: null, points: 3, notes: [] },
      {
        a: 2, b: 4, kind: 'compared', rows: { front: -1, middle: -1, back: -1 }, aWords: seat2Words, bWords: seat4Words, points: -21,
        notes: [{ code: 'scoop', message: 'seat 4 scoops' }, { code: 'bonuses', message: 'bonus hands -15' }],
      },
      { a: 2, b: 1, kind: 'natural', rows: null, aWords: null, bWords: null, points: -4, notes: [] },
      { a: 3, b: 4, kind: 'surrender', rows: null, aWords: null, bWords: null, points: -3, notes: [] },
      { a: 3, b: 1, kind: 'surrender', rows: null, aWords: null, bWords: null, points: -3, notes: [] },
      { a: 4, b: 1, kind: 'natural', rows: null, aWords: null, bWords: null, points: -4, notes: [] },
    ]);
    expect(result.seats).toEqual([
      { seat: 2, points: -22, net: -2200, gross: -2200, capped: false, allIn: false },
      { seat: 3, points: -9, net: -900, gross: -900, capped: false, allIn: false },
      { seat: 4, points: 20, net: 2000, gross: 2000, capped: false, allIn: false },
      { seat: 1, points: 11, net: 1100, gross: 1100, capped: false, allIn: false },
    ]);
    expect(result.payments).toEqual([
      { index: 0, payer: 2, payee: 4, amount: 2100, done: true },
      { index: 1, payer: 2, payee: 1, amount: 400, done: false },
      { index: 2, payer: 3, payee: 2, amount: 300, done: false },
      { index: 3, payer: 3, payee: 4, amount: 300, done: false },
      { index: 4, payer: 3, payee: 1, amount: 300, done: false },
      { index: 5, payer: 4, payee: 1, amount: 400, done: false },
    ]);
    expect(result.paymentList).toBe('pairwise');
    expect(result).not.toHaveProperty('ofc');
    // The seats' stacks as the payments made so far leave them.
    expect(v.seats).toEqual([
      { seat: 1, compass: 'N', player: { id: 'p1', name: 'Player 1' }, stack: 5000 },
      { seat: 2, compass: 'E', player: { id: 'p2', name: 'Player 2' }, stack: 2900 },
      { seat: 3, compass: 'S', player: { id: 'p3', name: 'Player 3' }, stack: 5000 },
      { seat: 4, compass: 'W', player: { id: 'p4', name: 'Player 4' }, stack: 7100 },
    ]);
    expect(v.table).toEqual({
      id: 'T1', name: 'T1', pointValue: 100, currency: 'CZK', profile: { name: 'mandarin-house', version: 1 }, surrenderPoints: 3,
      naturals: ['dragon', 'six-pairs', 'three-flushes', 'three-straights'], buyIn: { full: 2000, short: 1000 }, language: null,
    });
  });
});

describe("the devices' status on the dealer screen", () => {
  const shoe = { id: 'shoe-1', label: 'Shoe by the box', simulated: false, checked: true };
  const scanner = { id: 'scan-1', label: 'Scanner (sim)', simulated: true, checked: false };
  const status = (over: { status: string; detail?: string | null; fault?: boolean; label?: string; device?: string }) => ({
    device: over.device ?? 'shoe-1', role: 'shoe' as const, label: over.label ?? 'Shoe on COM3', simulated: false,
    status: over.status, detail: over.detail ?? null, fault: over.fault ?? false, at: '2025-03-01T20:00:00.000Z',
  });
  /** The shoe's view with `devices` as the service last reported them. */
  const shoeWith = (devices: ReturnType<typeof status>[]) => {
    const snapshot = must(r.service.snapshot(T));
    return toTerminalView({ ...snapshot, devices }, { currency: 'CZK', shoe, scanner }).shoe;
  };

  it('shows no device as none and off, and one not yet reported as connecting under its own label', () => {
    r = rig();
    openTable(r.service);
    const v = toTerminalView(must(r.service.snapshot(T)), NO_DEVICES);
    expect(v.shoe).toEqual({ role: 'shoe', kind: 'none', status: 'off', label: '', detail: null, unchecked: false });
    expect(v.scanner).toEqual({ role: 'scanner', kind: 'none', status: 'off', label: '', detail: null, unchecked: false });
    const w = toTerminalView(must(r.service.snapshot(T)), { currency: 'CZK', shoe, scanner });
    expect(w.shoe).toEqual({ role: 'shoe', kind: 'serial', status: 'connecting', label: 'Shoe by the box', detail: null, unchecked: false });
    expect(w.scanner).toEqual({ role: 'scanner', kind: 'simulated', status: 'connecting', label: 'Scanner (sim)', detail: null, unchecked: true });
  });

  it("maps each reported status to connected, connecting, disconnected, off or fault, with the report's label and why", () => {
    r = rig();
    openTable(r.service);
    const base = { role: 'shoe', kind: 'serial', label: 'Shoe on COM3', unchecked: false };
    // Only the other device's report: this one is still connecting.
    expect(shoeWith([status({ status: 'connected', device: 'scan-1' })])).toEqual({ ...base, label: 'Shoe by the box', status: 'connecting', detail: null });
    for (const s of ['connected', 'ready', 'heartbeat-restored', 'shoe-empty']) {
      expect(shoeWith([status({ status: s, detail: 'words' })]), s).toEqual({ ...base, status: 'connected', detail: null });
    }
    expect(shoeWith([status({ status: 'device-status', detail: 'battery low' })])).toEqual({ ...base, status: 'connected', detail: { code: 'device-status', message: 'battery low' } });
    expect(shoeWith([status({ status: 'device-status' })])).toEqual({ ...base, status: 'connected', detail: null });
    for (const s of ['connecting', 'reconnecting']) {
      expect(shoeWith([status({ status: s, detail: 'port busy' })]), s).toEqual({ ...base, status: 'connecting', detail: { code: s, message: 'port busy' } });
    }
    for (const s of ['disconnected', 'open-failed']) {
      expect(shoeWith([status({ status: s, detail: 'cable out', fault: true })]), s).toEqual({ ...base, status: 'disconnected', detail: { code: s, message: 'cable out' } });
      expect(shoeWith([status({ status: s, detail: 'stopped by the dealer' })]), s).toEqual({ ...base, status: 'off', detail: { code: s, message: 'stopped by the dealer' } });
    }
    for (const s of ['stopped', 'detached']) {
      expect(shoeWith([status({ status: s, fault: true })]), s).toEqual({ ...base, status: 'off', detail: null });
    }
    expect(shoeWith([status({ status: 'jam', detail: 'card stuck', fault: true })])).toEqual({ ...base, status: 'fault', detail: { code: 'jam', message: 'card stuck' } });
    expect(shoeWith([status({ status: 'lid-open', fault: true })])).toEqual({ ...base, status: 'fault', detail: { code: 'lid-open', message: 'lid-open' } });
    expect(shoeWith([status({ status: 'something-new' })])).toEqual({ ...base, status: 'connected', detail: { code: 'something-new', message: 'something-new' } });
  });
});

describe("the central link's state on the dealer screen", () => {
  it('says since when and why a down link is down, and a backlog only while one is sent', () => {
    r = rig();
    openTable(r.service);
    const snapshot = must(r.service.snapshot(T));
    const counts = { confirmedId: 10, headId: 14, behind: 4 };
    const central = (link: Parameters<typeof toTerminalView>[3]) => toTerminalView(snapshot, NO_DEVICES, null, link).central;
    expect(toTerminalView(snapshot, NO_DEVICES).central).toBeNull();
    expect(central({ ...counts, state: 'connected' })).toEqual({ state: 'connected', behind: 4, downSince: null, retryAt: null, reason: null });
    expect(central({ ...counts, state: 'down', since: '2025-03-01T20:00:00.000Z', reason: 'refused', retryAt: '2025-03-01T20:00:30.000Z' }))
      .toEqual({ state: 'down', behind: 4, downSince: '2025-03-01T20:00:00.000Z', retryAt: '2025-03-01T20:00:30.000Z', reason: 'refused' });
    const catchUp = { sent: 3, total: 9, perSecond: 2, secondsLeft: 3 };
    expect(central({ ...counts, state: 'behind', catchUp })).toEqual({ state: 'behind', behind: 4, downSince: null, retryAt: null, reason: null, catchUp });
    expect(central({ ...counts, state: 'behind', catchUp: null })).toEqual({ state: 'behind', behind: 4, downSince: null, retryAt: null, reason: null });
    const notice = { code: 'unknown-card', message: 'not a card' };
    expect(toTerminalView(snapshot, NO_DEVICES, notice).deviceNotice).toEqual(notice);
  });
});

describe('irregularities, alerts and a voided hand on the dealer screen', () => {
  it("names each irregularity's cards and their owners, the floor's rulings, and the alert that raised it", async () => {
    await dealt({ 1: 5000, 2: 5000, 3: 5000, 4: 5000 });
    for (const seat of [1, 2, 3, 4] as const) must(r.service.seatReady({ tableId: T, seat }));
    must(r.service.openShowdown({ tableId: T }));
    // Seat 2 shows seat 3's 2c, seat 4 shows seat 1's 3c: two irregularities of one kind.
    must(r.service.setHand({ tableId: T, seat: 2, front: cards('3s 4s 2c'), middle: cards('7s 9s Ts Qs 3h'), back: cards('4h 6h 7h 9h Th'), source: 'touch' }));
    must(r.service.setHand({ tableId: T, seat: 4, front: cards('2d 4d 3c'), middle: cards('5d 6d 7d 8d 9d'), back: cards('Td Jd Qd Kd Ad'), source: 'touch' }));
    let v = view();
    const state = must(r.service.snapshot(T)).hand!.state;
    expect(v.hand!.irregularities).toEqual([
      {
        id: 1, seat: 2, kind: 'card-of-other-seat', cards: cards('2c'), dealtTo: [3], detail: 'shows cards dealt to another seat (2c to Seat 3)',
        blocking: true, at: Date.parse(state.irregularities[0].at), resolution: null, rulings: ['accept', 'foul-seat'],
      },
      {
        id: 2, seat: 4, kind: 'card-of-other-seat', cards: cards('3c'), dealtTo: [1], detail: 'shows cards dealt to another seat (3c to Seat 1)',
        blocking: true, at: Date.parse(state.irregularities[1].at), resolution: null, rulings: ['accept', 'foul-seat'],
      },
    ]);
    const alerts = must(r.service.snapshot(T)).alerts;
    expect(v.alerts).toEqual(alerts.map((a, i) => ({
      id: a.id, kind: 'irregularity', clearedBy: 'floor', code: 'card-of-other-seat', message: a.message, raisedAt: Date.parse(a.raisedAt), handNumber: 1, irregularity: i + 1,
    })));
    expect(v.alerts.map((a) => a.message)).toEqual([
      'Hand 1, seat 2: shows cards dealt to another seat (2c to Seat 3) (settlement waits for the floor)',
      'Hand 1, seat 4: shows cards dealt to another seat (3c to Seat 1) (settlement waits for the floor)',
    ]);
    // The same alerts shown with another hand on the screen: no hand number, no irregularity.
    const snapshot = must(r.service.snapshot(T));
    const elsewhere = toTerminalView({ ...snapshot, hand: { ...snapshot.hand!, handId: 'T1-9' } }, NO_DEVICES);
    expect(elsewhere.alerts.map((a) => [a.handNumber, a.irregularity])).toEqual([[null, null], [null, null]]);
    expect(toTerminalView({ ...snapshot, hand: null }, NO_DEVICES).alerts.map((a) => [a.handNumber, a.irregularity])).toEqual([[null, null], [null, null]]);

    must(r.service.floorCorrection({ tableId: T, floor: 'Jana', reason: 'misread', action: { kind: 'resolve-irregularity', irregularity: 2, ruling: 'foul-seat' } }));
    v = view();
    expect(v.hand!.irregularities.map((i) => [i.resolution, i.rulings])).toEqual([
      [null, ['accept', 'foul-seat']],
      [{ ruling: 'foul-seat', by: 'Jana', reason: 'misread' }, []],
    ]);
    expect(v.hand!.seats[3].set!.foul).toEqual({ code: 'fouled', message: expect.stringMatching(/\S/) });
    expect(v.hand!.seats[1].set!.foul).toBeNull();
  });

  it('shows who voided a hand and why; a closed hand has no blockers, causes or scan', async () => {
    await dealt({ 1: 5000, 2: 5000, 3: 5000, 4: 5000 });
    let v = view();
    expect(v.hand!.open).toBe(true);
    expect(v.hand!.blockers.map((b) => b.code)).toEqual(['not-set', 'not-set', 'not-set', 'not-set']);
    expect(v.hand!.misdealCauses).toEqual(['wrong-card-count']);
    expect(v.hand!.voided).toBeNull();
    must(r.service.voidHand({ tableId: T, floor: 'Jana', reason: 'a player was seated late' }));
    v = view();
    expect(v.hand).toMatchObject({
      phase: 'voided', open: false, blockers: [], misdealCauses: [], expectedScan: null, scanQuestion: null, dealIdle: false, misdeal: null,
      voided: { by: 'Jana', second: null, reason: 'a player was seated late', returned: [] }, voidNeedsSecondFloor: false,
    });
    expect(v.nextAction).toBe('start-hand');
  });
});

describe('a fouled hand, table stakes and row words on the dealer screen', () => {
  it("shows the foul's reason, a tied row as 0, and what the points are worth against what a short stack pays", async () => {
    await dealt({ 1: 5000, 2: 2000, 3: 5000, 4: 5000 });
    for (const seat of [1, 2, 3, 4] as const) must(r.service.seatReady({ tableId: T, seat }));
    must(r.service.openShowdown({ tableId: T }));
    must(r.service.setHand({ tableId: T, seat: 2, front: cards('3s 3h 4s'), middle: cards('6s 7s 9s Ts 4h'), back: cards('Qs 6h 7h 9h Th'), source: 'touch' }));
    must(r.service.setHand({ tableId: T, seat: 4, front: cards('2d 4d Qh'), middle: cards('5d 6d 7d 8d 9d'), back: cards('Td Jd Qd Kd Ad'), source: 'touch' }));
    must(r.service.setHand({ tableId: T, seat: 1, front: cards('3c 2s 2h'), middle: cards('5s 5h 8s 8h Js'), back: cards('Jh Ks Kh As Ah'), source: 'touch' }));
    must(r.service.setHand({ tableId: T, seat: 3, front: cards('2c 4c 3d'), middle: cards('5c 6c 7c 8c 9c'), back: cards('Tc Jc Qc Kc Ac'), source: 'touch' }));
    const foul = { code: 'out-of-order', message: 'front (Pair of threes) is higher than middle (Ten high)' };
    expect(view().hand!.seats.map((s) => s.set!.foul)).toEqual([null, foul, null, null]);
    expect(view().hand!.voidNeedsSecondFloor).toBe(false);

    must(r.service.settle({ tableId: T }));
    let v = view();
    expect(v.hand!.seats.map((s) => s.set!.foul)).toEqual([null, foul, null, null]);
    const result = v.hand!.result!;
    expect(result.comparisons.map((c) => [c.a, c.b, c.kind, c.rows, c.aWords === null, c.points, c.notes.map((n) => n.message)])).toEqual([
      [2, 3, 'foul', null, true, -21, ['seat 3 scoops', 'bonus hands -15']],
      [2, 4, 'foul', null, true, -21, ['seat 4 scoops', 'bonus hands -15']],
      [2, 1, 'foul', null, true, -6, ['seat 1 scoops']],
      [3, 4, 'compared', { front: -1, middle: 0, back: 0 }, false, -1, []],
      [3, 1, 'compared', { front: -1, middle: 1, back: 1 }, false, 16, ['bonus hands +15']],
      [4, 1, 'compared', { front: -1, middle: 1, back: 1 }, false, 16, ['bonus hands +15']],
    ]);
    expect(result.comparisons[0].notes).toEqual([{ code: 'scoop', message: 'seat 3 scoops' }, { code: 'bonuses', message: 'bonus hands -15' }]);
    expect(result.seats).toEqual([
      { seat: 2, points: -48, net: -2000, gross: -4800, capped: true, allIn: true },
      { seat: 3, points: 36, net: 3500, gross: 3600, capped: true, allIn: false },
      { seat: 4, points: 38, net: 1700, gross: 3800, capped: true, allIn: false },
      { seat: 1, points: -26, net: -3200, gross: -2600, capped: true, allIn: false },
    ]);
    expect(v.hand!.voidNeedsSecondFloor).toBe(false);
    must(r.service.executePayment({ tableId: T, index: 0 }));
    v = view();
    // Once chips have moved, voiding the hand takes a second floor person.
    expect(v.hand!.voidNeedsSecondFloor).toBe(true);
    expect(v.hand!.result!.payments.map((p) => p.done)).toEqual([true, false, false, false]);
  });

  it('words a lowball middle as a low, any other row as a hand, and a row of the wrong size not at all', () => {
    const five = cards('7s 5h 4d 3c 2s');
    expect(wordsOfRow(five, 'middle', true)).toEqual({ category: 0, ranks: [5, 3, 2, 1, 0], lowball: true, english: '7-5-4-3-2 low' });
    expect(wordsOfRow(five, 'middle', false)).toEqual({ category: 0, ranks: [5, 3], english: 'Seven high' });
    expect(wordsOfRow(five, 'back', true)).toEqual({ category: 0, ranks: [5, 3], english: 'Seven high' });
    expect(wordsOfRow(cards('7s 5h 4d 3c'), 'middle', true)).toBeNull();
    expect(wordsOfRow(cards('7s 5h 4d 3c'), 'middle', false)).toBeNull();
    expect(wordsOfRow(cards('7s 7h 4d'), 'front', false)).toEqual({ category: 1, ranks: [5, 2], english: 'Pair of sevens' });
    expect(wordsOfRow(five, 'front', false)).toBeNull();
  });
});

describe('the scanner on the dealer screen', () => {
  const withScanner: ViewContext = { currency: 'CZK', shoe: null, scanner: { id: 'scan-1', label: 'Scanner', simulated: true, checked: true } };

  it('names the row to scan next only when there is a scanner, and shows rows held and rows recorded', async () => {
    await dealt({ 2: 5000, 3: 5000 });
    for (const seat of [2, 3] as const) must(r.service.seatReady({ tableId: T, seat }));
    must(r.service.openShowdown({ tableId: T }));
    const empty = { front: [], middle: [], back: [] };
    let v = view(withScanner);
    expect(v.hand!.expectedScan).toEqual({ seat: 2, row: 'front' });
    expect(v.hand!.scanQuestion).toBeNull();
    expect(view().hand!.expectedScan).toBeNull();
    must(r.service.scanRow({ tableId: T, seat: 2, row: 'front', cards: cards('3s 3h 4s') }));
    v = view(withScanner);
    // The front is held (not recorded) until the seat's three rows are in.
    expect(v.hand!.expectedScan).toEqual({ seat: 2, row: 'middle' });
    expect(v.hand!.seats.map((s) => s.scanned)).toEqual([empty, { front: cards('3s 3h 4s'), middle: [], back: [] }, empty, empty]);
    expect(v.hand!.seats[1].set).toBeNull();
    expect(view().hand!.seats[1].scanned).toEqual({ front: cards('3s 3h 4s'), middle: [], back: [] });
    must(r.service.scanRow({ tableId: T, seat: 2, row: 'middle', cards: cards('6s 7s 9s Ts 4h') }));
    must(r.service.scanRow({ tableId: T, seat: 2, row: 'back', cards: cards('Qs 6h 7h 9h Th') }));
    v = view(withScanner);
    expect(v.hand!.expectedScan).toEqual({ seat: 3, row: 'front' });
    expect(v.hand!.seats[1].scanned).toEqual({ front: cards('3s 3h 4s'), middle: cards('6s 7s 9s Ts 4h'), back: cards('Qs 6h 7h 9h Th') });
    expect(v.hand!.seats[1].set!.source).toBe('scanner');
    expect(v.hand!.seats.filter((s) => s.seat !== 2).map((s) => s.scanned)).toEqual([empty, empty, empty]);
  });
});

describe('naturals and a misdeal on the dealer screen', () => {
  /** Seat 3 holds three flushes (clubs, diamonds, hearts); seat 2 no natural. */
  const FLUSHES: Record<number, Card[]> = {
    1: cards('2s 2h 5s 5h 8s 8h Js Jh Ks Kh As Ah 3c'),
    2: cards('3s 4s 6s 7s 9s Ts Qs Th 6c 7c 8c 9c Tc'),
    3: cards('2c 4c 5c 2d 4d 5d 6d 7d 3h 4h 6h 7h 9h'),
    4: cards('Jc Qc Kc Ac 3d 8d 9d Td Jd Qd Kd Ad Qh'),
  };
  const ranked = {
    ...JSON.parse(readFileSync('app/domain/presets/mandarin-house.json', 'utf8')) as object,
    name: 'ranked',
    naturals: { 'six-pairs': { points: 4, rank: 2 }, dragon: { points: 13, rank: 2 }, 'three-flushes': { points: 5, rank: 1 } },
  };

  it("lists the profile's naturals highest first (catalogue order among equals), a verified one with its proof, a false one with why", async () => {
    await dealt({ 1: 5000, 2: 5000, 3: 5000, 4: 5000 }, FLUSHES, ranked);
    expect(view().table.naturals).toEqual(['three-flushes', 'dragon', 'six-pairs']);
    must(r.service.declareNatural({ tableId: T, seat: 2, natural: 'dragon' }));
    must(r.service.declareNatural({ tableId: T, seat: 3, natural: 'three-flushes' }));
    const seats = view().hand!.seats;
    expect(seats[2].natural).toEqual({
      name: 'three-flushes', verified: true, points: 5,
      proof: { front: cards('5c 4c 2c'), middle: cards('7d 6d 5d 4d 2d'), back: cards('9h 7h 6h 4h 3h') },
      explanation: 'front three clubs, middle five diamonds, back five hearts', reason: null,
    });
    expect(seats[1].natural).toEqual({
      name: 'dragon', verified: false, points: null, proof: null, explanation: null,
      reason: { code: 'natural-not-held', message: 'no dragon: not one card of every rank (no ace, king, jack, five or two; three tens, two nines, two sevens and two sixes)' },
    });
    expect(seats.map((s) => sorted(s.cards))).toEqual([null, sorted(FLUSHES[2]), sorted(FLUSHES[3]), null]);
  });

  it("shows a misdeal's cause and words, and its alert as the dealer's to clear", async () => {
    await dealt({ 1: 5000, 2: 5000, 3: 5000, 4: 5000 });
    must(r.service.callMisdeal({ tableId: T, cause: 'floor-ruling', floor: 'Jana', detail: 'cards flashed' }));
    const v = view();
    expect(v.hand).toMatchObject({ phase: 'misdealt', open: false, misdeal: { code: 'floor-ruling', message: 'cards flashed' }, voided: null });
    expect(v.alerts).toEqual([{
      id: 1, kind: 'misdeal', clearedBy: 'dealer', code: 'floor-ruling', message: 'Misdeal in hand 1: cards flashed. Redeal; the button stays.',
      raisedAt: Date.parse(must(r.service.snapshot(T)).alerts[0].raisedAt), handNumber: 1, irregularity: null,
    }]);
  });
});

describe('a deal the shoe stopped reading, and the seats before a hand', () => {
  it('says the deal is idle only once the idle alert of this hand is raised, while a short deal may be called', async () => {
    r = rig();
    openTable(r.service);
    const { shoe } = await attachShoe(r.service);
    must(r.service.startHand({ tableId: T }));
    const schedule = must(r.service.snapshot(T)).hand!.state.deal.schedule;
    const next: Record<number, number> = { 1: 0, 2: 0, 3: 0, 4: 0 };
    await shoe.feed(schedule.slice(0, 30).map((s) => DEALT[s][next[s]++]));
    let v = view();
    expect(v.hand!.misdealCauses).toContain('short-deal');
    expect(v.hand!.dealIdle).toBe(false);
    expect(r.service.checkIdleDeals(500)).toEqual([T]);
    v = view();
    expect(v.alerts.map((a) => [a.kind, a.code, a.clearedBy, a.handNumber])).toEqual([['device-fault', 'deal-idle', 'dealer', 1]]);
    expect(v.hand!.dealIdle).toBe(true);
    // The same alert of another hand does not make this one idle.
    const snapshot = must(r.service.snapshot(T));
    const other = { ...snapshot, alerts: snapshot.alerts.map((a) => ({ ...a, handId: 'T1-0' })) };
    expect(toTerminalView(other, NO_DEVICES).hand!.dealIdle).toBe(false);
  });

  it("shows a player without a name by his id, an empty seat as nobody, and each seat's stack between hands", () => {
    r = rig();
    must(r.service.openTable({ tableId: T, pointValue: 100, profile: 'mandarin-house' }));
    must(r.service.seatPlayer({ tableId: T, seat: 2, playerId: 'p2', buyIn: 3000 }));
    const v = view();
    expect(v.seats).toEqual([
      { seat: 1, compass: 'N', player: null, stack: 0 },
      { seat: 2, compass: 'E', player: { id: 'p2', name: 'p2' }, stack: 3000 },
      { seat: 3, compass: 'S', player: null, stack: 0 },
      { seat: 4, compass: 'W', player: null, stack: 0 },
    ]);
    expect(v.hand).toBeNull();
    expect(v.dealer).toBeNull();
  });
});
