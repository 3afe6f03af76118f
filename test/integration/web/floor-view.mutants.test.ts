/**
 * The floor's views of stored hands (app/terminal/floor-view.ts), read through a terminal's
 * front door (`replayHand`, `handTimeline` on a floor person's screen) from a log written by the
 * real services with cards typed in one by one, so every fact is chosen:
 * - hand 1 (three players, seat 4 empty): seat 1 declares six pairs (verified, a jackpot hand
 *   of this table's rules), seat 2 a false natural (fouled), seat 3 sets and is read with a
 *   misset the floor replaces; settled, paid, then corrected after the fact (seat 1 taken out
 *   of the jackpot);
 * - hand 2: a seat surrenders, then the floor voids the hand;
 * - hand 3: a card read twice (an automatic misdeal; the second read went to no seat);
 * - hand 4: a card the shoe could not read (an automatic misdeal).
 * Checked: each step's figures (playing seats, seats done by every status that counts as done,
 * payments made), the events as the floor reads them (a settled hand's nets, the floor's
 * replacement hand, rows worded under the table's high-hand middle), the timeline's reads,
 * signatures, sets, hindsight, correction and the jackpot as the hand now stands; and, called
 * directly, how the timeline names who ticked a payment or made a correction.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HandTimelineView, HindsightView, ReplayStepView, ReplayView, StepEvent } from '../../../app/contract/floor';
import { bestArrangement } from '../../../app/domain/arrange';
import { formatCard, makeCard, type Card } from '../../../app/domain/cards';
import { describeValue, evaluate } from '../../../app/domain/evaluate';
import type { SeatNo } from '../../../app/domain/hand';
import { hindsightOfRecord } from '../../../app/domain/hindsight';
import MANDARIN from '../../../app/domain/presets/mandarin-house.json';
import type { Result } from '../../../app/domain/result';
import type { SettleResult } from '../../../app/domain/settle';
import * as handSearch from '../../../app/services/hand-search';
import type { ReplayStep } from '../../../app/services/service-types';
import { openStore } from '../../../app/services/store';
import { TableService } from '../../../app/services/table-service';
import { timelineView } from '../../../app/terminal/floor-view';
import type { ScreenLink, Terminal } from '../../../app/terminal/terminal';
import { STAFF, credentialOf, databaseWithStaff } from '../../support/staff';
import { openSimTerminal } from './sim-terminal';

const T = 'T1';
const JANA = { staffId: STAFF.floor.staffId, name: STAFF.floor.name };
/** The house's rules with one jackpot hand: six pairs, declared and verified. */
const PROFILE = { ...MANDARIN, name: 'house-jackpot', jackpot: { hands: [{ natural: 'six-pairs' }] } };

function must<V>(r: Result<V>): V {
  if (!r.ok) throw new Error(`refused: ${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** Seat 1's cards in hand 1: the pairs 2 to 7 (spades and hearts) and the king of clubs. */
const SIX_PAIRS: Card[] = [0, 1, 2, 3, 4, 5].flatMap((rank) => [makeCard(rank, 0), makeCard(rank, 1)]).concat(makeCard(11, 3));
/** Each seat's 13 cards in hand 1 (seat 4 is the dead hand of the empty seat). */
const HANDS: Record<SeatNo, Card[]> = { 1: SIX_PAIRS, 2: [], 3: [], 4: [] };
for (let c = 0, i = 0; c < 52; c++) if (!SIX_PAIRS.includes(c)) HANDS[(2 + (i++ % 3)) as SeatNo].push(c);
/** Seat 3's hand as the floor establishes it (its strongest), and the misset it was read with. */
const BEST3 = bestArrangement(HANDS[3]).hand;
const MISSET3 = { front: BEST3.back.slice(0, 3), middle: [...BEST3.middle], back: [...BEST3.front, ...BEST3.back.slice(3)] };

let dir: string;
let terminal: Terminal;
let floor: ScreenLink;
const ids = { played: '', voided: '', misdeal: '', unreadable: '' };
/** Hand 1 as the services replay it (the oracle for what the view must keep). */
let playedSteps: ReplayStep[];

/** Types the 52 cards of the deal in the order they leave the shoe (k-th card to the k-th seat clockwise from the left of `button`). */
function deal(service: TableService, button: SeatNo, hands: Record<SeatNo, readonly Card[]>): void {
  const next = { 1: 0, 2: 0, 3: 0, 4: 0 };
  for (let k = 0; k < 52; k++) {
    const seat = (((button + k) % 4) + 1) as SeatNo;
    const card = hands[seat][next[seat]++]!;
    must(service.cardRead({ tableId: T, card, raw: new TextEncoder().encode(formatCard(card)) }));
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cpt-floor-view-'));
  const db = join(dir, 'terminal.db');
  databaseWithStaff(db);
  let now = Date.parse('2025-03-01T20:00:00.000Z');
  const store = openStore(db, { clock: () => (now += 1000) });
  const service = new TableService(store);
  must(service.openTable({ tableId: T, pointValue: 100, profile: PROFILE }));
  must(service.dealerOn({ tableId: T, dealer: STAFF.dealer.name }));
  for (const seat of [1, 2, 3] as SeatNo[]) must(service.seatPlayer({ tableId: T, seat, playerId: `p${seat}`, name: `Player ${seat}`, buyIn: 5000 }));

  // Hand 1.
  ids.played = must(service.startHand({ tableId: T })).hand!.handId;
  deal(service, 1, HANDS);
  must(service.declareNatural({ tableId: T, seat: 1, natural: 'six-pairs' }));
  must(service.declareNatural({ tableId: T, seat: 2, natural: 'three-flushes' }));
  must(service.seatReady({ tableId: T, seat: 3 }));
  must(service.openShowdown({ tableId: T }));
  must(service.setHand({ tableId: T, seat: 3, ...MISSET3, source: 'touch' }));
  must(service.floorCorrection({
    tableId: T, floor: JANA.name, reason: 'misread: rows entered in the wrong order', signedBy: [JANA],
    action: { kind: 'replace-hand', seat: 3, front: [...BEST3.front], middle: [...BEST3.middle], back: [...BEST3.back] },
  }));
  const settled = must(service.settle({ tableId: T }));
  const payments = settled.hand!.state.settlement!.executed.length;
  for (let i = 0; i < payments; i++) must(service.executePayment({ tableId: T, index: i }));
  must(service.correctHand({
    tableId: T, handId: ids.played, floor: JANA.name, reason: 'seat 1 showed his hand before the showdown', signedBy: [JANA],
    correction: { kind: 'resettle', seats: [{ kind: 'disqualify-jackpot', seat: 1 }] },
  }));

  // Hand 2: seat 3 surrenders; the floor voids the hand.
  ids.voided = must(service.startHand({ tableId: T })).hand!.handId;
  for (let c = 0; c < 52; c++) must(service.cardRead({ tableId: T, card: c, raw: new TextEncoder().encode(formatCard(c)) }));
  must(service.declareSurrender({ tableId: T, seat: 3 }));
  must(service.voidHand({ tableId: T, floor: JANA.name, reason: 'cards found on the floor', signedBy: [JANA] }));

  // Hand 3: the 3h read twice.
  ids.misdeal = must(service.startHand({ tableId: T })).hand!.handId;
  for (const c of [5, 6, 5]) must(service.cardRead({ tableId: T, card: c, raw: new TextEncoder().encode(formatCard(c)) }));

  // Hand 4: the shoe passes a card it cannot read.
  ids.unreadable = must(service.startHand({ tableId: T })).hand!.handId;
  must(service.cardRead({ tableId: T, card: 7, raw: new TextEncoder().encode(formatCard(7)) }));
  must(service.cardUnreadable({ tableId: T, raw: new TextEncoder().encode('??') }));

  playedSteps = must(service.replayHand(ids.played));
  store.close();
  terminal = await openSimTerminal(1, ['--db', db, '--table-id', T]);
  floor = terminal.openScreen('floor');
  await ask(floor, 'signIn', { person: credentialOf(STAFF.floor), purpose: 'floor-action' });
}, 60_000);

afterAll(async () => {
  await terminal?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function ask<V>(on: ScreenLink, name: string, args: unknown = {}): Promise<V> {
  const r = (await on.request(name, args)) as Result<V>;
  if (!r.ok) throw new Error(`${name} refused: ${r.error.code}: ${r.error.message}`);
  return r.value;
}

type Of<K extends StepEvent['type']> = Extract<StepEvent, { type: K }>;
/** The steps of type `type`, in order. */
const stepsOf = (replay: ReplayView, type: StepEvent['type']): ReplayStepView[] => replay.steps.filter((s) => s.event.type === type);
/** The one step of type `type`. */
function stepOf(replay: ReplayView, type: StepEvent['type']): ReplayStepView {
  const found = stepsOf(replay, type);
  expect(found, type).toHaveLength(1);
  return found[0]!;
}
/** The settlement of hand 1 as the log holds it. */
function settlement(): SettleResult {
  const body = playedSteps.find((s) => s.event.body.type === 'settled')!.event.body;
  if (body.type !== 'settled') throw new Error('no settlement');
  return body.result;
}
/** A row's words under a high-hand middle: the domain's value of the cards, no lowball. */
const highWords = (cards: readonly Card[]) => ({ english: describeValue(evaluate(cards)) });

describe('a replayed hand: the state after each step', () => {
  let replay: ReplayView;
  beforeAll(async () => {
    replay = await ask<ReplayView>(floor, 'replayHand', { handId: ids.played });
  });

  it('counts the seats that play the hand, not the empty one', () => {
    expect(replay.steps.length).toBeGreaterThan(60);
    for (const s of replay.steps) expect(s.after.playing).toBe(3);
    // The deal still gives the empty seat its dead hand.
    expect(stepsOf(replay, 'card-dealt').at(-1)!.after.dealt).toEqual([13, 13, 13, 13]);
  });

  it('counts a seat done once it holds a verified natural, is fouled, is set face down or is read', () => {
    expect(replay.steps[0]!.after.seatsDone).toBe(0);
    expect(stepsOf(replay, 'card-dealt').at(-1)!.after.seatsDone).toBe(0);
    expect(stepOf(replay, 'natural-verified').after.seatsDone).toBe(1); // seat 1: natural
    expect(stepOf(replay, 'natural-rejected').after.seatsDone).toBe(2); // seat 2: fouled (a false natural under this profile)
    expect(stepOf(replay, 'seat-ready').after.seatsDone).toBe(3); // seat 3: set face down
    expect(stepOf(replay, 'hand-set').after.seatsDone).toBe(3); // seat 3: read
  });

  it('counts a surrendered seat done', async () => {
    const voided = await ask<ReplayView>(floor, 'replayHand', { handId: ids.voided });
    expect(stepOf(voided, 'surrender-declared').after).toMatchObject({ playing: 3, seatsDone: 1 });
    expect(stepOf(voided, 'hand-voided').after.phase).toBe('voided');
  });

  it('counts the payments made, one by one, out of the settlement\'s', () => {
    const total = stepOf(replay, 'settled').after.paymentsTotal;
    expect(total).toBeGreaterThan(1);
    expect(stepOf(replay, 'settled').after.paymentsMade).toBe(0);
    expect(stepsOf(replay, 'payment-executed').map((s) => [s.after.paymentsMade, s.after.paymentsTotal]))
      .toEqual(Array.from({ length: total }, (_, i) => [i + 1, total]));
    expect(replay.steps[0]!.after).toMatchObject({ paymentsMade: 0, paymentsTotal: 0 });
  });
});

describe('a replayed hand: the events as the floor reads them', () => {
  let replay: ReplayView;
  beforeAll(async () => {
    replay = await ask<ReplayView>(floor, 'replayHand', { handId: ids.played });
  });

  it('the settlement with each live seat\'s net, in payment order', () => {
    const r = settlement();
    const event = stepOf(replay, 'settled').event as Of<'settled'>;
    expect(event.net).toEqual(r.order.map((seat) => ({ seat, net: r.net[String(seat)] })));
    expect(event.net.map((n) => n.seat)).toEqual([2, 3, 1]);
    expect(event.net.every((n) => n.net !== 0)).toBe(true);
    expect(event.net.reduce((a, n) => a + n.net, 0)).toBe(0);
  });

  it('the floor\'s replacement hand with its rows, worded under the table\'s high-hand middle', () => {
    const step = stepOf(replay, 'floor-correction');
    expect(step.by).toEqual({ kind: 'floor', name: JANA.name });
    const event = step.event as Of<'floor-correction'>;
    expect(event.action).toEqual({ kind: 'replace-hand', seat: 3, front: [...BEST3.front], middle: [...BEST3.middle], back: [...BEST3.back] });
    expect(event.words!.middle).toMatchObject(highWords(BEST3.middle));
    expect(event.words!.middle.lowball).toBeUndefined();
    expect(event.words!.back).toMatchObject(highWords(BEST3.back));
  });

  it('the hand read at the showdown, worded row by row (the middle as a poker hand, not a 2-7 low)', () => {
    const event = stepOf(replay, 'hand-set').event as Of<'hand-set'>;
    expect(event).toMatchObject({ seat: 3, ...MISSET3, source: 'touch' });
    for (const row of ['front', 'middle', 'back'] as const) {
      expect(event.words![row]).toMatchObject(highWords(MISSET3[row]));
      expect(event.words![row].lowball).toBeUndefined();
    }
  });

  it('a card read twice went to no seat: the misdeal it made', async () => {
    const misdeal = await ask<ReplayView>(floor, 'replayHand', { handId: ids.misdeal });
    const reads = stepsOf(misdeal, 'card-dealt').map((s) => s.event as Of<'card-dealt'>);
    // Button 2: the first card goes to seat 3, the second to the empty seat 4's dead hand.
    expect(reads.map((r) => [r.card, r.seat])).toEqual([[5, 3], [6, 4], [5, null]]);
    expect(stepOf(misdeal, 'misdeal-called').event).toMatchObject({ cause: 'card-read-twice', automatic: true });
  });
});

describe('a hand as its timeline', () => {
  let timeline: HandTimelineView;
  beforeAll(async () => {
    timeline = await ask<HandTimelineView>(floor, 'handTimeline', { handId: ids.played });
  });

  it('each card read with its bytes: a card typed in names no device and is not simulated', () => {
    const reads = timeline.entries.filter((e) => e.event.type === 'card-dealt');
    expect(reads).toHaveLength(52);
    for (const e of reads) {
      const card = (e.event as Of<'card-dealt'>).card;
      expect(e.read).toEqual({ device: null, raw: Buffer.from(formatCard(card)).toString('hex'), simulated: false });
    }
    expect(timeline.entries.filter((e) => e.event.type !== 'card-dealt').every((e) => e.read === null)).toBe(true);
  });

  it('a card the shoe could not read, with its bytes', async () => {
    const unreadable = await ask<HandTimelineView>(floor, 'handTimeline', { handId: ids.unreadable });
    const entry = unreadable.entries.find((e) => e.event.type === 'card-unreadable')!;
    expect(entry.read).toEqual({ device: null, raw: Buffer.from('??').toString('hex'), simulated: false });
    expect(unreadable.entries.find((e) => e.event.type === 'card-dealt')!.read).toEqual({ device: null, raw: Buffer.from(formatCard(7)).toString('hex'), simulated: false });
    expect(unreadable.hand).toMatchObject({ outcome: 'misdeal', misdealCause: 'unreadable-card' });
  });

  it('the floor\'s ruling with the floor person who signed it', () => {
    const ruling = timeline.entries.find((e) => e.event.type === 'floor-correction')!;
    expect(ruling.by).toEqual({ kind: 'floor', name: JANA.name });
    expect(ruling.signedBy).toEqual([JANA]);
    expect(timeline.entries.find((e) => e.event.type === 'settled')!.signedBy).toEqual([]);
  });

  it('the void with the floor person who signed it', async () => {
    const voided = await ask<HandTimelineView>(floor, 'handTimeline', { handId: ids.voided });
    expect(voided.entries.find((e) => e.event.type === 'hand-voided')!.signedBy).toEqual([JANA]);
  });

  it('the sets as scored: the verified natural named, the false natural fouled, the set hand worded', () => {
    const r = settlement();
    expect(timeline.sets.map((s) => [s.seat, s.status, s.natural])).toEqual([[2, 'fouled', null], [3, 'set', null], [1, 'natural', 'six-pairs']]);
    expect(timeline.sets.find((s) => s.seat === 2)!.foul).toBe(r.fouls['2']);
    const set3 = timeline.sets.find((s) => s.seat === 3)!;
    expect(set3).toMatchObject({ front: [...BEST3.front], middle: [...BEST3.middle], back: [...BEST3.back], foul: null });
    expect(set3.words!.middle).toMatchObject(highWords(BEST3.middle));
    expect(set3.words!.middle.lowball).toBeUndefined();
  });

  it('the hindsight of the fouled seat, both settings with their rows, as app/domain/hindsight.ts gives them', () => {
    const settled = playedSteps.find((s) => s.event.body.type === 'settled')!.event.body;
    if (settled.type !== 'settled') throw new Error('no settlement');
    const direct = must(hindsightOfRecord(settled.record, 2));
    expect(timeline.hindsight.map((h) => h.seat)).toEqual([2]);
    const h = timeline.hindsight[0] as HindsightView;
    for (const which of ['strongest', 'mostPoints'] as const) {
      expect(h[which]).toMatchObject({ front: direct[which].hand.front, middle: direct[which].hand.middle, back: direct[which].hand.back, points: direct[which].points });
      expect(h[which].front).toHaveLength(3);
      // The points against each of the other two seats, as the hindsight gives them.
      expect(h[which].perOpponent).toEqual(direct[which].perOpponent);
      expect(Object.keys(h[which].perOpponent).sort()).toEqual(['1', '3']);
    }
  });

  it('the payments, ticked by the dealer of the hand, named', () => {
    expect(timeline.payments.length).toBe(settlement().payments.length);
    for (const p of timeline.payments) expect(p.by).toBe(STAFF.dealer.name);
  });

  it('the correction after the fact: who, who signed, why, the seats, the points it leaves', () => {
    const r = settlement();
    expect(timeline.corrections).toEqual([{
      at: expect.any(Number), by: JANA.name, signedBy: [JANA], reason: 'seat 1 showed his hand before the showdown', kind: 'resettle',
      seats: [{ seat: 1, kind: 'disqualify-jackpot' }], points: { ...r.points }, transfers: [],
    }]);
    expect(Object.keys(timeline.corrections[0]!.points!)).toHaveLength(3);
  });

  it('the jackpot as the hand now stands: the last correction\'s, not the settlement\'s', () => {
    expect(settlement().jackpot).toMatchObject({ standing: [1], disqualified: [] });
    expect(timeline.jackpot).toEqual({
      qualifying: [{ seat: 1, hand: 'Six Pairs' }],
      standing: [],
      disqualified: [{ seat: 1, reason: 'floor', note: expect.any(String) }],
    });
  });
});

describe('who the timeline says did it, whoever the log names (timelineView called directly)', () => {
  /** Hand 1's timeline parts as the terminal reads them, with the hand and the steps given. */
  function timelineOf(steps: readonly ReplayStep[], hand = handSearch.readFoundHand(terminal.service.store.db, T, ids.played)!, corrections = handSearch.readHandCorrections(terminal.service.store.db, T, ids.played)) {
    const db = terminal.service.store.db;
    return timelineView(steps, { tableId: T, hand, payments: handSearch.readPayments(db, ids.played), alerts: [], withHindsight: false, corrections });
  }
  /** The steps with each payment ticked by `who(i)` (the i-th payment). */
  function tickedBy(who: (i: number) => ReplayStep['event']['body']['by']): ReplayStep[] {
    return playedSteps.map((s) => (s.event.body.type === 'payment-executed'
      ? { ...s, event: { ...s.event, body: { ...s.event.body, by: who(s.event.body.index) } } }
      : s));
  }

  it('a payment ticked by the dealer, in a hand that does not record him: "dealer"', () => {
    const hand = { ...handSearch.readFoundHand(terminal.service.store.db, T, ids.played)!, dealer: null };
    const view = timelineOf(playedSteps, hand);
    expect(view.payments.map((p) => p.by)).toEqual(view.payments.map(() => 'dealer'));
  });

  it('a payment ticked by a floor person: her name; by another actor: its role', () => {
    const view = timelineOf(tickedBy((i) => (i === 0 ? `floor:${STAFF.floor2.name}` : 'system')));
    expect(view.payments.map((p) => p.by)).toEqual(view.payments.map((_, i) => (i === 0 ? STAFF.floor2.name : 'system')));
  });

  it('a correction made by an actor that is not the floor: its role', () => {
    const [c] = handSearch.readHandCorrections(terminal.service.store.db, T, ids.played);
    const view = timelineOf(playedSteps, undefined, [{ ...c!, body: { ...c!.body, by: 'system' } }]);
    expect(view.corrections.map((x) => x.by)).toEqual(['system']);
  });
});
