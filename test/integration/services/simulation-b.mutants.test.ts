/**
 * `table simulate` (app/services/simulation.ts), second set: what a single planned hand does at
 * the table, checked in the events it writes. A dealer's wrong-seat report names the seat
 * planned and the first other seat playing, once; a hand resumed before its planned sequence
 * gap reports the gap in the hand's own numbering, as an uninterrupted run does; a natural is
 * declared only if the profile plays it; a refused command stops the run with words that name
 * what was refused, why and its code. Each test plays one or two hands on a real database file
 * in a temp folder (seeds found with `planHand`, pinned here).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { planHand, simulate, type SimulatedHand } from '../../../app/services/simulation';
import { InProcessShoe } from '../../../hardware/sim/in-process-shoe';
import { shuffledDeck } from '../../../hardware/sim/deck';
import { must, rig, type Rig } from './helpers';

const rigs: Rig[] = [];
afterEach(() => {
  for (const r of rigs.splice(0)) r.cleanup();
});
function fresh(): Rig {
  const r = rig();
  rigs.push(r);
  return r;
}

interface Row { id: number; hand: string | null; type: string; body: Record<string, unknown> }
function events(t: Rig, hand?: string): Row[] {
  return (t.store.db.prepare('SELECT id, hand_id, type, body FROM events ORDER BY id').all() as { id: number; hand_id: string | null; type: string; body: string }[])
    .map((e) => ({ id: e.id, hand: e.hand_id, type: e.type, body: JSON.parse(e.body) as Record<string, unknown> }))
    .filter((e) => hand === undefined || e.hand === hand);
}

async function play(t: Rig, hands: number, seed: number): Promise<SimulatedHand[]> {
  const lines: SimulatedHand[] = [];
  await simulate(t.service, { hands, seed, onHand: (l) => lines.push(l) });
  return lines;
}

/**
 * A fresh table where seed 43 played hand 1 and hand 2 (its skip planned at card 46) was dealt
 * its first `dealt` cards by a shoe that was then unplugged.
 */
async function secondHandStoppedAfter(dealt: number): Promise<Rig> {
  const t = fresh();
  await play(t, 1, 43);
  const snap = must(t.service.startHand({ tableId: 'SIM' }));
  const plan = planHand(43, 2, snap.hand!.state.info!.button, Object.keys(snap.profile.naturals));
  expect(plan.fault).toEqual({ kind: 'skip-seq', at: 46 });
  const shoe = new InProcessShoe({ paceMs: 0, heartbeatTimeoutMs: 60_000 });
  const detach = must(t.service.attachCardSource('SIM', shoe));
  await shoe.start();
  await shoe.feed(shuffledDeck(plan.deckSeed).slice(0, dealt));
  await shoe.stop();
  detach();
  return t;
}

describe("the dealer's wrong-seat report", () => {
  it('names the seat planned as holding another seat\'s hand and the first other seat playing, once, and the hand is a misdeal', async () => {
    // seed 41, hand 1: the plan reports seat 2 (no fault, no void); seed 217: seat 1
    for (const [seed, heldBy, handOf] of [[41, 2, 1], [217, 1, 2]] as const) {
      expect(planHand(seed, 1, 1, ['dragon']).report).toEqual({ kind: 'wrong-seat', seat: heldBy });
      const t = fresh();
      const lines = await play(t, 1, seed);
      const reports = events(t, 'SIM-1').filter((e) => e.type === 'wrong-seat-delivery');
      expect(reports.map((e) => [e.body.heldBy, e.body.handOf, e.body.by]), `seed ${seed}`).toEqual([[heldBy, handOf, 'dealer']]);
      expect(lines.map((l) => [l.hand, l.outcome, l.cause])).toEqual([['SIM-1', 'misdeal', 'wrong-seat-delivery']]);
    }
  }, 60_000);
});

describe("the dealer's exposure report of five cards", () => {
  it('exposes the planned seat\'s first five cards, one report each, and the hand is a misdeal (cards exposed)', async () => {
    // seed 71, hand 1: the plan exposes five cards of seat 4 (no fault, no void)
    expect(planHand(71, 1, 1, ['dragon']).report).toEqual({ kind: 'expose-5', seat: 4 });
    const t = fresh();
    const lines = await play(t, 1, 71);
    const dealt = events(t, 'SIM-1').filter((e) => e.type === 'card-dealt').map((e) => e.body.card);
    const seat4 = must(t.service.snapshot('SIM')).hand!.state.seats[3].dealt;
    const exposed = events(t, 'SIM-1').filter((e) => e.type === 'card-exposed');
    expect(exposed.map((e) => [e.body.seat, e.body.card])).toEqual(seat4.slice(0, 5).map((c) => [4, c]));
    expect(dealt).toEqual(expect.arrayContaining(seat4.slice(0, 5)));
    expect(lines.map((l) => [l.hand, l.outcome, l.cause])).toEqual([['SIM-1', 'misdeal', 'cards-exposed']]);
  }, 60_000);
});

describe('a hand resumed before its planned sequence gap', () => {
  it('reports the gap in the hand\'s numbering (as an uninterrupted run does), not the restarted shoe\'s', async () => {
    // seed 43, hand 2: the shoe skips a sequence number at card 46
    const straight = fresh();
    await play(straight, 2, 43);
    const gapOf = (t: Rig) => events(t, 'SIM-2').filter((e) => e.type === 'sequence-gap').map((e) => [e.body.expected, e.body.got]);
    const want = gapOf(straight);
    expect(want).toHaveLength(1);
    expect(want[0][0]).toBeGreaterThan(40); // the hand's count, near the end of the deck

    // the same two hands, but hand 2 stopped after 20 cards (a shoe that is then unplugged)
    const t = await secondHandStoppedAfter(20);
    const lines = await play(t, 2, 43);
    expect(gapOf(t)).toEqual(want);
    expect(lines.map((l) => [l.hand, l.outcome, l.cause, l.resumed])).toEqual([['SIM-2', 'misdeal', 'sequence-gap', true]]);
  }, 60_000);
});

describe('a hand resumed after the card its fault was planned for', () => {
  it('finishes without that fault (it is not thrown at a later card): the rest is dealt and the hand played', async () => {
    // seed 43, hand 2: the skip was planned at card 46; the first 47 cards were dealt by a shoe without it
    const t = await secondHandStoppedAfter(47);
    const lines = await play(t, 2, 43);
    expect(lines.map((l) => [l.hand, l.outcome, l.resumed])).toEqual([['SIM-2', 'played', true]]);
    expect(events(t, 'SIM-2').filter((e) => e.type === 'card-dealt')).toHaveLength(52);
    expect(events(t, 'SIM-2').filter((e) => e.type === 'sequence-gap')).toEqual([]);
  }, 60_000);
});

describe('naturals', () => {
  it('declares the natural a seat holds only if the profile plays it (seed 804: seat 1 holds no-face-cards, seat 2 three flushes)', async () => {
    const t = fresh();
    const lines = await play(t, 1, 804);
    const declared = events(t, 'SIM-1').filter((e) => e.type === 'natural-declared').map((e) => [e.body.seat, e.body.natural]);
    expect(declared).toEqual([[2, 'three-flushes']]);
    expect(lines[0]).toMatchObject({ outcome: 'played', naturals: { 2: 'three-flushes' }, falseNaturals: [] });
  }, 60_000);
});

describe('a new table with the profile and point value given', () => {
  it('opens it with them; a seat planned to surrender where surrender is not played just sets; the shoe and the touch screen say who they are', async () => {
    const t = fresh();
    const lines = await play3(t);
    const opened = events(t).find((e) => e.type === 'table-opened')!;
    expect(opened.body).toMatchObject({ name: 'Simulated table', pointValue: 50, profile: { name: 'special-hands' } });
    // seed 7, hand 1: seat 3 is planned to surrender (it does under mandarin-house); special-hands plays no surrender
    const snap = must(t.service.snapshot('SIM'));
    const plan = planHand(7, 1, lines[0].button, Object.keys(snap.profile.naturals));
    expect(plan.seat[3].surrender).toBe(true);
    expect(events(t).filter((e) => e.type === 'surrender-declared')).toEqual([]);
    expect(lines.map((l) => [l.hand, l.outcome, l.surrendered])).toEqual([['SIM-1', 'played', []], ['SIM-2', 'played', []], ['SIM-3', 'played', []]]);
    // the cards come from the simulated shoe, by its id; a hand not scanned is set on the touch screen
    const dealt = events(t).filter((e) => e.type === 'card-dealt');
    expect(dealt).toHaveLength(3 * 52);
    expect(new Set(dealt.map((e) => e.body.device))).toEqual(new Set(['sim:shoe']));
    const set = events(t, 'SIM-1').filter((e) => e.type === 'hand-set');
    const scanned = events(t, 'SIM-1').filter((e) => e.type === 'row-scanned');
    expect(set.map((e) => e.body.source)).toEqual(set.map(() => 'touch'));
    expect(set.map((e) => e.body.seat).sort()).toEqual(([1, 2, 3, 4] as const).filter((s) => !plan.seat[s].scanner));
    expect([...new Set(scanned.map((e) => e.body.seat))].sort()).toEqual(([1, 2, 3, 4] as const).filter((s) => plan.seat[s].scanner));
    // and the same profile and point value given again are the stored ones: the run goes on
    await expect(simulate(t.service, { hands: 3, seed: 7, profile: 'special-hands', pointValue: 50 })).resolves.toEqual({ played: 0, resumed: null });
  }, 60_000);
});

async function play3(t: Rig): Promise<SimulatedHand[]> {
  const lines: SimulatedHand[] = [];
  await simulate(t.service, { hands: 3, seed: 7, profile: 'special-hands', pointValue: 50, onHand: (l) => lines.push(l) });
  return lines;
}

describe('a refused command', () => {
  it('stops the run with what was refused, the refusal\'s words and its code', async () => {
    const t = fresh();
    const err = await simulate(t.service, { hands: 1, seed: 1, profile: 'no-such-profile' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    const r = t.service.openTable({ tableId: 'SIM', name: 'Simulated table', profile: 'no-such-profile', pointValue: 100 });
    if (r.ok) throw new Error('expected a refusal');
    expect((err as Error).message).toBe(`simulate: opening the table was refused: ${r.error.message} (${r.error.code})`);
  });
});
