// The floor's requests through the terminal's one dispatch (the one both front doors call)
// on the real services: a SQLite store, TableService, the in-process simulated shoe. A card at
// showdown that is not the seat's is ruled on (the seat fouled) and the hand then settles and
// pays; a hand is voided (the button stays); a void after a payment is refused with the
// service's reason; alerts are acknowledged in the floor's name; the last hands are recalled
// and one is replayed step by step in the original order.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RecallView, ReplayView } from '../../../app/contract/floor';
import type { TerminalView } from '../../../app/contract/view';
import { bestArrangement } from '../../../app/domain/arrange';
import { formatCard } from '../../../app/domain/cards';
import type { Terminal } from '../../../app/terminal/terminal';
import { STAFF, credentialOf } from '../../support/staff';
import { dealerOn, openSimTerminal, send as sendTo, sendOk, viewUntil } from './sim-terminal';

let terminal: Terminal;

beforeEach(async () => {
  terminal = await openSimTerminal(23);
});
afterEach(async () => terminal.close());

const send = <T = TerminalView>(name: string, args: unknown = {}) => sendOk<T>(terminal, name, args);

async function refusal(name: string, args: unknown): Promise<{ code: string; message: string }> {
  const r = await sendTo(terminal, name, args);
  if (r.ok) throw new Error(`${name} was accepted`);
  return r.error;
}

const until = (test: (v: TerminalView) => boolean) => viewUntil(terminal, test);

/** Starts a hand, waits for the shoe's deal, has every live seat set and opens the showdown. */
async function toShowdown(): Promise<TerminalView> {
  await send('startHand');
  const dealt = await until((v) => v.hand?.phase === 'setting');
  for (const s of dealt.hand!.seats.filter((x) => x.live)) await send('seatReady', { seat: s.seat });
  return send('openShowdown');
}

async function setBest(seat: number, cards: readonly number[]): Promise<TerminalView> {
  const best = bestArrangement(cards).hand;
  return send('setHand', { seat, front: [...best.front], middle: [...best.middle], back: [...best.back] });
}

async function payAll(v: TerminalView): Promise<TerminalView> {
  let view = v;
  for (const p of v.hand!.result!.payments.filter((x) => !x.done)) view = await send('executePayment', { index: p.index });
  return view;
}

/** Jana's staff id and PIN, as every floor action carries them. */
const JANA = { floor: credentialOf(STAFF.floor) };

describe('the floor on the real services', () => {
  it('rules a card of another seat (the seat fouled), the hand settles and pays; voids a hand; recalls and replays', async () => {
    await dealerOn(terminal);
    await send('seatPlayer', { seat: 1, name: 'Ann', buyIn: 300000 });
    await send('seatPlayer', { seat: 2, name: 'Bob', buyIn: 300000 });
    await send('seatPlayer', { seat: 3, name: 'Cyril', buyIn: 300000 });

    // ---- hand 1: seat 1 shows a card of the dead hand at the empty seat 4.
    const open = await toShowdown();
    const cards1 = open.hand!.seats[0].cards!;
    const cards2 = open.hand!.seats[1].cards!;
    const foreign = firstDeadCard([...cards1, ...cards2, ...open.hand!.seats[2].cards!]);
    const shown = [...cards1.slice(1), foreign];
    let v = await send('setHand', { seat: 1, front: shown.slice(0, 3), middle: shown.slice(3, 8), back: shown.slice(8) });
    expect(v.hand!.irregularities).toEqual([expect.objectContaining({ id: 1, seat: 1, kind: 'card-of-other-seat', cards: [foreign], dealtTo: [4], blocking: true, resolution: null })]);
    const alert = v.alerts.find((a) => a.kind === 'irregularity')!;
    expect(alert.code).toBe('card-of-other-seat');
    v = await setBest(2, cards2);
    const v2Words = v.hand!.seats[1].set!.words!;
    v = await setBest(3, open.hand!.seats[2].cards!);
    expect(v.hand!.blockers.map((b) => b.message).join(' ')).toMatch(/floor/);
    expect(await refusal('settle', {})).toMatchObject({ code: 'not-ready-to-settle' });

    // Unsigned or without a reason: refused in words before anything is recorded.
    const action = { kind: 'resolve-irregularity', irregularity: 1, ruling: 'foul-seat' };
    expect(await refusal('floorCorrection', { reason: 'card from the dead hand', action })).toMatchObject({ code: 'credential-needed', message: expect.stringMatching(/staff id and PIN/) });
    expect(await refusal('floorCorrection', { ...JANA, reason: '  ', action })).toMatchObject({ code: 'reason-needed' });
    expect(await refusal('floorCorrection', { ...JANA, reason: 'r', action: { kind: 'resolve-irregularity', irregularity: 9, ruling: 'accept' } })).toMatchObject({ code: 'no-such-irregularity' });
    expect(terminal.view().hand!.irregularities[0].resolution).toBeNull();

    v = await send('floorCorrection', { ...JANA, reason: 'card from the dead hand, seen on camera', action });
    expect(v.hand!.irregularities[0].resolution).toEqual({ ruling: 'foul-seat', by: 'Jana Nováková', reason: 'card from the dead hand, seen on camera' });
    expect(v.hand!.seats[0].floorFoul).toEqual({ reason: 'card from the dead hand, seen on camera', irregularity: 1 });
    // The ruling clears the alert the irregularity raised, in the same floor person's name.
    expect(v.alerts.find((a) => a.id === alert.id)).toBeUndefined();
    const cleared = terminal.service.store.db.prepare('SELECT acknowledged_by, ack_note FROM alerts WHERE id = ?').get(alert.id);
    expect(cleared).toEqual({ acknowledged_by: 'Jana Nováková', ack_note: 'ruled: foul-seat' });
    expect(await refusal('floorCorrection', { ...JANA, reason: 'again', action })).toMatchObject({ code: 'already-resolved' });

    v = await send('settle');
    expect(v.hand!.phase).toBe('paying');
    const net1 = v.hand!.result!.seats.find((s) => s.seat === 1)!;
    expect(net1.net).toBeLessThan(0); // a fouled hand pays both others
    expect(v.hand!.result!.comparisons.filter((c) => c.a === 1 || c.b === 1).every((c) => c.kind === 'foul')).toBe(true);
    // Once a payment is made a void needs a second floor person (the two-person rule).
    v = await send('executePayment', { index: 0 });
    expect(v.hand!.voidNeedsSecondFloor).toBe(true);
    expect(await refusal('voidHand', { ...JANA, reason: 'dispute' })).toMatchObject({ code: 'second-floor-needed', message: expect.stringMatching(/already made/) });
    expect(await refusal('voidHand', { ...JANA, second: credentialOf(STAFF.floor), reason: 'dispute' })).toMatchObject({ code: 'same-floor-person' });
    v = await payAll(v);
    expect(v.hand!.phase).toBe('closed');
    const stacksAfter1 = v.seats.map((s) => s.stack);
    expect(stacksAfter1.reduce((a, b) => a + b, 0)).toBe(900000);
    const button2 = v.button;

    // The alert was cleared by the ruling, in the floor's name (her staff id) with the ruling as its note.
    expect(await refusal('floorAcknowledgeAlert', { id: alert.id })).toMatchObject({ code: 'credential-needed' });
    expect(await refusal('floorAcknowledgeAlert', { id: alert.id, ...JANA, note: 'again' })).toMatchObject({ code: 'already-acknowledged' });
    expect(v.alerts.some((a) => a.id === alert.id)).toBe(false);
    const acked = terminal.service.alerts({ tableId: terminal.tableId, raised: false }).find((a) => a.id === alert.id)!;
    expect(acked.acknowledged).toMatchObject({ by: 'Jana Nováková', note: 'ruled: foul-seat' });
    const ackEvent = terminal.service.store.db.prepare("SELECT body FROM events WHERE type = 'alert-acknowledged' ORDER BY id DESC LIMIT 1").pluck().get() as string;
    expect(JSON.parse(ackEvent)).toMatchObject({ by: 'floor:Jana Nováková', person: 'Jana Nováková', staffId: 'jana', alertId: alert.id });

    // A hand over takes a note, nothing else.
    expect(await refusal('floorCorrection', { ...JANA, reason: 'late', action: { kind: 'foul-seat', seat: 2 }, handId: v.hand!.id })).toMatchObject({ code: 'hand-over' });
    await send('floorCorrection', { ...JANA, reason: 'players agreed the ruling', action: { kind: 'note' }, handId: v.hand!.id });

    // ---- hand 2: voided by the floor; no chips move, the button stays.
    await send('startHand');
    await until((x) => x.hand?.phase === 'setting');
    expect(await refusal('voidHand', { ...JANA })).toMatchObject({ code: 'reason-needed' });
    v = await send('voidHand', { ...JANA, reason: 'deck found with a card missing' });
    expect(v.hand!.phase).toBe('voided');
    expect(v.hand!.number).toBe(2);
    expect(v.hand!.voided).toEqual({ by: 'Jana Nováková', second: null, reason: 'deck found with a card missing', returned: [] });
    expect(v.button).toBe(button2);
    expect(v.seats.map((s) => s.stack)).toEqual(stacksAfter1);

    // ---- recall: newest first, with outcome, button and nets (Jana signed in on the screen to read).
    await send('signIn', { person: credentialOf(STAFF.floor), purpose: 'floor-action' });
    const recall = await send<RecallView>('recall');
    expect(recall.tableId).toBe(terminal.tableId);
    expect(recall.hands.map((h) => [h.number, h.outcome])).toEqual([[2, 'void'], [1, 'played']]);
    expect(recall.hands[0]).toMatchObject({ voidReason: 'deck found with a card missing', button: button2 });
    const played = recall.hands[1];
    expect(played.button).toBe(1);
    expect(played.seats.map((s) => s.seat)).toEqual([1, 2, 3]);
    expect(played.seats.find((s) => s.seat === 1)).toMatchObject({ fouled: true, net: net1.net });
    expect(played.seats.reduce((a, s) => a + (s.net ?? 0), 0)).toBe(0);

    // ---- replay of hand 1, in the original order, the state after each step.
    const replay = await send<ReplayView>('replayHand', { handId: played.handId });
    expect(replay).toMatchObject({ handId: played.handId, number: 1, button: 1 });
    expect(replay.steps).toHaveLength(played.events);
    expect(replay.steps.map((s) => s.index)).toEqual(replay.steps.map((_, i) => i));
    const ids = replay.steps.map((s) => s.eventId);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const types = replay.steps.map((s) => s.event.type);
    expect(types[0]).toBe('hand-started');
    expect(types.filter((x) => x === 'card-dealt')).toHaveLength(52);
    // The dealer's steps name the dealer of the hand, not only "Dealer".
    expect(replay.steps.find((s) => s.event.type === 'seat-ready')!.by).toEqual({ kind: 'dealer', name: 'Eva' });
    expect(types.slice(-2)).toEqual(['hand-closed', 'floor-correction']);
    const dealt = replay.steps.filter((s) => s.event.type === 'card-dealt');
    expect(dealt.at(-1)!.after).toMatchObject({ cardsRead: 52, dealt: [13, 13, 13, 13] });
    // The k-th card goes to the k-th seat clockwise from the left of the button (1): seats 2, 3, 4, 1 ...
    expect(dealt.slice(0, 5).map((s) => (s.event as { seat: number }).seat)).toEqual([2, 3, 4, 1, 2]);
    const ruling = replay.steps.find((s) => s.event.type === 'floor-correction')!;
    expect(ruling.by).toEqual({ kind: 'floor', name: 'Jana Nováková' });
    expect(ruling.event).toEqual({ type: 'floor-correction', reason: 'card from the dead hand, seen on camera', action: { kind: 'resolve-irregularity', irregularity: 1, ruling: 'foul-seat' }, words: null });
    expect(ruling.after).toMatchObject({ phase: 'showdown', irregularities: 1, irregularitiesOpen: 0, seatsDone: 3 });
    const beforeRuling = replay.steps[ruling.index - 1];
    expect(beforeRuling.after.irregularitiesOpen).toBe(1);
    const settled = replay.steps.find((s) => s.event.type === 'settled')!;
    expect(settled.after.phase).toBe('paying');
    expect(settled.event).toMatchObject({ payments: settled.after.paymentsTotal });
    expect(replay.steps.at(-1)!.event).toEqual({ type: 'floor-correction', reason: 'players agreed the ruling', action: { kind: 'note' }, words: null });
    // A set hand's rows come with their hands in parts, for the screen to word in its language.
    const set2 = replay.steps.find((s) => s.event.type === 'hand-set' && s.event.seat === 2)!.event as Extract<ReplayView['steps'][number]['event'], { type: 'hand-set' }>;
    expect(set2.words!.back).toEqual(v2Words.back);
    // The phases only move forward.
    const rank = ['dealing', 'setting', 'showdown', 'paying', 'closed'];
    const phases = replay.steps.map((s) => rank.indexOf(s.after.phase));
    expect([...phases].sort((a, b) => a - b)).toEqual(phases);

    const voidReplay = await send<ReplayView>('replayHand', { handId: recall.hands[0].handId });
    expect(voidReplay.steps.at(-1)!.event).toEqual({ type: 'hand-voided', reason: 'deck found with a card missing' });
    expect(voidReplay.steps.at(-1)!.after.phase).toBe('voided');

    expect(await refusal('replayHand', { handId: 'T1-99' })).toMatchObject({ code: 'unknown-hand' });
    expect(await refusal('replayHand', {})).toMatchObject({ code: 'bad-text' });
  }, 60_000);

  // KNOWN SERVICE DEFECT, reported to the lead (app/domain is not this screen's to change):
  // when the card a seat showed belongs to another PLAYING seat and the floor fouls the seat,
  // the showdown record writes the fouled seat with the cards it showed
  // (app/domain/hand/guards.ts `thirteenOf` prefers the shown hand) instead of its 13 dealt
  // cards as docs/hand-lifecycle.md says, so the card is in two seats and settle refuses
  // (`duplicate-card`). This test pins today's behaviour and the floor's workaround (replace
  // the seat's hand with its dealt cards, then foul the seat); once the defect is fixed its
  // first expectation turns red: make it `ok: true` and drop the workaround.
  it('a seat fouled for showing a card of another playing seat settles with its dealt cards (RULES.md s4)', async () => {
    await dealerOn(terminal);
    await send('seatPlayer', { seat: 1, name: 'Ann', buyIn: 300000 });
    await send('seatPlayer', { seat: 2, name: 'Bob', buyIn: 300000 });
    const open = await toShowdown();
    const cards1 = open.hand!.seats[0].cards!;
    const cards2 = open.hand!.seats[1].cards!;
    await send('setHand', { seat: 1, ...split([...cards1.slice(1), cards2[0]]) });
    await send('floorCorrection', { ...JANA, reason: 'card of seat 2', action: { kind: 'resolve-irregularity', irregularity: 1, ruling: 'foul-seat' } });
    await setBest(2, cards2);
    const v = await send('settle');
    expect(v.hand!.result!.comparisons[0].kind).toBe('foul');
    const settled = terminal.service.store.db.prepare("SELECT body FROM events WHERE type = 'settled'").pluck().get() as string;
    const seat1 = JSON.parse(settled).record.seats.find((s: { seat: number }) => s.seat === 1);
    expect(seat1).toMatchObject({ foul: 'card of seat 2' });
    expect(seat1.cards.split(' ').sort()).toEqual(cards1.map(formatCard).sort());
  }, 60_000);

  it('accepts a card as shown, and replaces a seat\'s hand entered by the floor', async () => {
    await dealerOn(terminal);
    await send('seatPlayer', { seat: 2, name: 'Bob', buyIn: 300000 });
    await send('seatPlayer', { seat: 4, name: 'Dana', buyIn: 300000 });
    const open = await toShowdown();
    const cards2 = open.hand!.seats[1].cards!;
    const cards4 = open.hand!.seats[3].cards!;
    // Seat 2 is read with a card of the dead hand at seat 1 (misread): the floor replaces it.
    const dead = open.hand!.seats[0];
    expect(dead.live).toBe(false);
    let v = await send('setHand', { seat: 2, ...split([...cards2.slice(0, 12), firstDeadCard([...cards2, ...cards4])]) });
    expect(v.hand!.irregularities[0]).toMatchObject({ seat: 2, kind: 'card-of-other-seat', resolution: null });
    const best = bestArrangement(cards2).hand;
    v = await send('floorCorrection', { ...JANA, reason: 'misread: a card of the dead hand was entered', action: { kind: 'replace-hand', seat: 2, front: [...best.front], middle: [...best.middle], back: [...best.back] } });
    expect(v.hand!.irregularities[0].resolution).toMatchObject({ ruling: 'hand-replaced', by: 'Jana Nováková' });
    expect(v.hand!.seats[1].set!.rows).toEqual({ front: [...best.front], middle: [...best.middle], back: [...best.back] });
    // The replacement ruled on it: its alert is cleared with it.
    expect(v.alerts.filter((a) => a.kind === 'irregularity')).toEqual([]);

    // Seat 4 shows that card of the dead hand (no longer in seat 2's hand); the floor lets it stand.
    const deadCard = firstDeadCard([...cards2, ...cards4]);
    v = await send('setHand', { seat: 4, ...split([...cards4.slice(0, 12), deadCard]) });
    const irr = v.hand!.irregularities.find((i) => i.seat === 4)!;
    expect(irr.resolution).toBeNull();
    v = await send('floorCorrection', { ...JANA, reason: 'dead hand card, no advantage', action: { kind: 'resolve-irregularity', irregularity: irr.id, ruling: 'accept' } });
    expect(v.hand!.irregularities.find((i) => i.id === irr.id)!.resolution).toMatchObject({ ruling: 'accept' });
    expect(v.alerts.filter((a) => a.kind === 'irregularity')).toEqual([]);
    v = await send('settle');
    expect(v.hand!.phase).toBe('paying');
  }, 60_000);
});

/** Front 3, middle 5, back 5 of 13 cards as given. */
function split(cards: number[]) {
  return { front: cards.slice(0, 3), middle: cards.slice(3, 8), back: cards.slice(8, 13) };
}

/** A card none of the playing seats holds (one of the dead hands'). */
function firstDeadCard(held: readonly number[]): number {
  for (let c = 0; c < 52; c++) if (!held.includes(c)) return c;
  throw new Error('no card left');
}

