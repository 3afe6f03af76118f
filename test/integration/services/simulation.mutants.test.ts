/**
 * `table simulate` (app/services/simulation.ts), checked for what it promises: it sets a new
 * table up (the table, a dealer, four named players with their buy-ins), plays until the table
 * has the hands asked for, says so through `progress` and `onHand` (one line per hand: its
 * outcome, misdeal cause, points, fouls, surrenders, naturals, all-ins, stacks), acknowledges
 * alerts as the floor, pushes a new dealer every 25 hands, rebuys short stacks, records its start
 * and stop; on an earlier run's file it finishes the open hand where the shoe stopped (the
 * restarted shoe's numbers shifted on, so no false sequence gap); it refuses a different profile
 * or point value and will not play at a table held by an integrity alert, in words a person reads.
 * `planHand` is a pure function of (seed, hand number): its rates and ranges are checked too.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { detectNaturals } from '../../../app/domain/naturals';
import { seatForCard, type SeatNo } from '../../../app/domain/hand';
import type { Card } from '../../../app/domain/cards';
import { planHand, simulate, SimulationHeld, SimulationRefused, type SimulatedHand } from '../../../app/services/simulation';
import { openStore, type Store } from '../../../app/services/store';
import { TableService } from '../../../app/services/table-service';
import { PROGRAM_VERSION } from '../../../app/version';
import { shuffledDeck } from '../../../hardware/sim/deck';
import { InProcessShoe } from '../../../hardware/sim/in-process-shoe';
import { tamper, tempFolder } from '../store/temp';

const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const c of cleanups.splice(0)) c();
});

function newStore(): { store: Store; path: string } {
  const tmp = tempFolder('cp-simulate-');
  const path = tmp.file('terminal.db');
  let now = Date.parse('2025-03-01T20:00:00.000Z');
  const store = openStore(path, { clock: () => (now += 1000) });
  cleanups.push(() => {
    if (store.db.open) store.close();
    tmp.cleanup();
  });
  return { store, path };
}

interface Run {
  store: Store;
  result: { played: number; resumed: string | null };
  lines: SimulatedHand[];
  progress: string[];
  events: { id: number; hand: string | null; type: string; body: Record<string, unknown> }[];
}

const HANDS = 51;
let built: Promise<Run> | undefined;
/** 51 hands at seed 7 on a new file, played once for the file on first use (inside a test). */
function run(): Promise<Run> {
  built ??= (async () => {
    const { store } = newStore();
    const lines: SimulatedHand[] = [];
    const progress: string[] = [];
    const result = await simulate(new TableService(store), {
      hands: HANDS, seed: 7, onHand: (l) => lines.push(l),
      progress: { stage: (stage, total, unit) => progress.push(`stage ${stage} ${total} ${unit}`), done: (n) => progress.push(`done ${n}`) },
    });
    const events = (store.db.prepare('SELECT id, hand_id, type, body FROM events ORDER BY id').all() as { id: number; hand_id: string | null; type: string; body: string }[])
      .map((e) => ({ id: e.id, hand: e.hand_id, type: e.type, body: JSON.parse(e.body) as Record<string, unknown> }));
    return { store, result, lines, progress, events };
  })();
  return built;
}

describe('simulate on a new file', () => {
  it('opens table SIM (mandarin-house, 100 a point), records its start and stop, and plays the hands asked for', async () => {
    const r = await run();
    expect(r.result).toEqual({ played: HANDS, resumed: null });
    const opened = r.events.find((e) => e.type === 'table-opened')!;
    expect(opened.body).toMatchObject({ name: 'Simulated table', pointValue: 100, profile: { name: 'mandarin-house' } });
    const started = r.events.filter((e) => e.type === 'terminal-started');
    expect(started.map((e) => e.body)).toEqual([expect.objectContaining({
      program: 'simulate', version: PROGRAM_VERSION, afterCrash: false,
      devices: [{ role: 'shoe', id: 'sim:shoe', label: 'Simulated shoe (table simulate)', simulated: true }],
    })]);
    const lifecycle = r.events.filter((e) => e.type === 'terminal-started' || e.type === 'terminal-stopped');
    expect(lifecycle.map((e) => [e.type, e.body.program])).toEqual([['terminal-started', 'simulate'], ['terminal-stopped', 'simulate']]);
    expect(lifecycle[1].id).toBe(r.events[r.events.length - 1].id); // the stop is the last thing written
    const snap = new TableService(r.store).snapshot('SIM');
    expect(snap.ok && snap.value.handsStarted).toBe(HANDS);
  }, 180_000); // the shared run of 51 hands is played here: seconds, longer on a busy machine

  it('tells the progress the hands to play, then each hand played, and gives one line per hand, in order', async () => {
    const r = await run();
    expect(r.progress).toEqual([`stage simulate ${HANDS} hands`, ...Array.from({ length: HANDS }, (_, k) => `done ${k + 1}`)]);
    expect(r.lines.map((l) => [l.hand, l.number])).toEqual(Array.from({ length: HANDS }, (_, k) => [`SIM-${k + 1}`, k + 1]));
    expect(r.lines.every((l) => l.resumed === undefined)).toBe(true);
  });

  it('seats Adam, Bara, Cyril and Dana with their buy-ins, and rebuys a stack below the short buy-in (short or full)', async () => {
    const r = await run();
    const seated = r.events.filter((e) => e.type === 'player-seated').map((e) => [e.body.seat, e.body.playerId, e.body.name]);
    expect(seated).toEqual([[1, 'P-ADAM', 'Adam'], [2, 'P-BARA', 'Bara'], [3, 'P-CYRIL', 'Cyril'], [4, 'P-DANA', 'Dana']]);
    const buyIns = r.events.filter((e) => e.type === 'buy-in').map((e) => [e.body.seat, e.body.amount, e.body.short]);
    expect(buyIns.slice(0, 4)).toEqual([[1, 20000, false], [2, 6000, false], [3, 2000, false], [4, 4000, false]]);
    const rebuys = buyIns.slice(4);
    // seed 7: Bara rebuys in full, Dana short then in full, ... (a short buy-in is 10 points here)
    expect(rebuys.slice(0, 4)).toEqual([[2, 6000, false], [4, 1000, true], [4, 4000, false], [4, 4000, false]]);
    const full: Record<number, number> = { 1: 20000, 2: 6000, 3: 2000, 4: 4000 };
    for (const [seat, amount, short] of rebuys) expect(amount).toBe(short ? 1000 : full[seat as number]);
    // a rebuy only when the stack was below the short buy-in: the line before says so
    for (const e of r.events.filter((x) => x.type === 'buy-in').slice(4)) {
      const before = r.events.filter((x) => x.type === 'hand-started' && x.id < e.id).length; // hands started before it
      const line = r.lines[before - 1];
      expect(line.stacks[String(e.body.seat)], `rebuy of seat ${e.body.seat} after hand ${before}`).toBeLessThan(1000);
    }
  });

  it('signs on Eva, then Filip from hand 26, Gita from hand 51', async () => {
    const r = await run();
    expect(r.events.filter((e) => e.type === 'dealer-on').map((e) => e.body.dealer)).toEqual(['Eva', 'Filip', 'Gita']);
    const dealerAt = (n: number) => r.store.db.prepare("SELECT dealer FROM hands WHERE table_id = 'SIM' AND number = ?").pluck().get(n);
    expect([dealerAt(1), dealerAt(25), dealerAt(26), dealerAt(50), dealerAt(51)]).toEqual(['Eva', 'Eva', 'Filip', 'Filip', 'Gita']);
  });

  it('acknowledges each alert as the floor (Sim Floor) before the next hand, with a note', async () => {
    const r = await run();
    const raised = r.events.filter((e) => e.type === 'alert-raised');
    expect(raised.map((e) => e.body.code)).toEqual(['card-read-twice', 'sequence-gap', 'wrong-seat-delivery', 'jam']);
    const acks = r.events.filter((e) => e.type === 'alert-acknowledged');
    expect(acks.map((e) => e.body.alertId)).toEqual(raised.map((e) => e.body.alertId));
    for (const a of acks) expect(a.body).toMatchObject({ by: 'floor:Sim Floor', person: 'Sim Floor', note: 'seen in simulation' });
  });

  it('plays misdeals of each cause, a void, fouls, surrenders, true and false naturals and an all-in, and says so per hand', async () => {
    const r = await run();
    const line = (n: number) => r.lines[n - 1];
    expect([12, 46, 47].map((n) => [line(n).outcome, line(n).cause])).toEqual([
      ['misdeal', 'card-read-twice'], ['misdeal', 'sequence-gap'], ['misdeal', 'wrong-seat-delivery'],
    ]);
    expect(line(12)).not.toHaveProperty('points');
    expect(line(26)).toMatchObject({ outcome: 'void', button: 1 });
    expect(line(26)).not.toHaveProperty('points');
    expect(line(26)).not.toHaveProperty('cause');
    const voided = r.events.find((e) => e.type === 'hand-voided')!;
    expect(voided.hand).toBe('SIM-26');
    expect(voided.body).toMatchObject({ reason: 'simulated: a player disputes the deal' });
    expect(JSON.stringify(voided.body)).toContain('Sim Floor');
    expect(line(1)).toMatchObject({ outcome: 'played', button: 1, fouled: [], surrendered: [3], naturals: {}, falseNaturals: [], allIn: [], payments: 6, events: 74 });
    expect(line(3)).toMatchObject({ button: 3, fouled: [3], surrendered: [4], falseNaturals: ['3'] });
    expect(line(17)).toMatchObject({ fouled: [2, 4], payments: 5 });
    expect(line(19)).toMatchObject({ allIn: [4] });
    expect(line(20)).toMatchObject({ naturals: { 2: 'three-flushes' }, falseNaturals: [] });
    expect(r.lines.filter((l) => l.outcome === 'played')).toHaveLength(HANDS - 4);
    // the dealer's exposure reports: as many cards as planned (one, or five: a misdeal), never more
    const snap = new TableService(r.store).snapshot('SIM');
    const played = snap.ok ? Object.keys(snap.value.profile.naturals) : [];
    let exposedOne = 0;
    for (const l of r.lines) {
      const plan = planHand(7, l.number, l.button, played);
      const wanted = plan.report?.kind === 'expose-5' ? 5 : plan.report?.kind === 'expose-1' ? 1 : 0;
      const exposed = r.events.filter((e) => e.hand === l.hand && e.type === 'card-exposed').length;
      expect(exposed, l.hand).toBeLessThanOrEqual(wanted);
      if (l.outcome === 'played' && wanted === 1) {
        expect(exposed, l.hand).toBe(1);
        exposedOne++;
      }
    }
    expect(exposedOne).toBeGreaterThan(0);
    // each line's counts are the hand's own: its events and payments as written
    for (const l of r.lines) {
      const own = r.events.filter((e) => e.hand === l.hand);
      expect(l.events, l.hand).toBe(own.length);
      if (l.outcome === 'played') {
        expect(l.payments, l.hand).toBe(own.filter((e) => e.type === 'payment-executed').length);
        expect(Object.values(l.net!).reduce((a, b) => a + b, 0), l.hand).toBe(0);
        expect(Object.keys(l.points!).sort(), l.hand).toEqual(['1', '2', '3', '4']);
      }
    }
  });

  it("gives each line the stacks after the hand: the table's, and the last line's are the table's at the end", async () => {
    const r = await run();
    const snap = new TableService(r.store).snapshot('SIM');
    if (!snap.ok) throw new Error('no snapshot');
    const last = r.lines[HANDS - 1];
    expect(last.stacks).toEqual(Object.fromEntries(snap.value.seats.map((s) => [String(s.seat), s.stack])));
    // between two hands without a rebuy, a played hand moves each stack by its net
    for (let n = 2; n <= HANDS; n++) {
      const prev = r.lines[n - 2];
      const cur = r.lines[n - 1];
      const rebought = r.events.some((e) => e.type === 'buy-in' && e.id > r.events.find((x) => x.hand === prev.hand)!.id && e.id < r.events.find((x) => x.hand === cur.hand)!.id);
      if (rebought || cur.outcome !== 'played') continue;
      for (const s of ['1', '2', '3', '4']) expect(cur.stacks[s], `${cur.hand} seat ${s}`).toBe(prev.stacks[s] + cur.net![s]);
    }
  });

  it('deals the whole deck through the simulated shoe, one card-read per card, with no alert on a clean hand', async () => {
    const r = await run();
    const dealt = r.events.filter((e) => e.hand === 'SIM-1' && e.type === 'card-dealt');
    expect(dealt).toHaveLength(52);
    expect(new Set(dealt.map((e) => e.body.card)).size).toBe(52);
  });
});

describe('simulate on the file of an earlier run', () => {
  it('finishes the open hand from where the shoe stopped (no false sequence gap), as an uninterrupted run would, and marks it resumed', async () => {
    // the uninterrupted run: three hands at seed 7
    const a = newStore();
    const straight: SimulatedHand[] = [];
    await simulate(new TableService(a.store), { hands: 3, seed: 7, onHand: (l) => straight.push(l) });

    // a run of two hands, then hand 3 begun and its first 10 cards dealt by a shoe that is then stopped
    const b = newStore();
    const service = new TableService(b.store);
    await simulate(service, { hands: 2, seed: 7 });
    const snap = service.startHand({ tableId: 'SIM' });
    if (!snap.ok) throw new Error(snap.error.message);
    const button = snap.value.hand!.state.info!.button;
    const plan = planHand(7, 3, button, Object.keys(snap.value.profile.naturals));
    const shoe = new InProcessShoe({ paceMs: 0, heartbeatTimeoutMs: 60_000 });
    const attached = service.attachCardSource('SIM', shoe);
    if (!attached.ok) throw new Error(attached.error.message);
    await shoe.start();
    await shoe.feed(shuffledDeck(plan.deckSeed).slice(0, 10));
    await shoe.stop();
    attached.value();

    const lines: SimulatedHand[] = [];
    const progress: string[] = [];
    const result = await simulate(service, {
      hands: 3, seed: 7, onHand: (l) => lines.push(l),
      progress: { stage: (stage, total, unit) => progress.push(`stage ${stage} ${total} ${unit}`), done: (n) => progress.push(`done ${n}`) },
    });
    expect(result).toEqual({ played: 1, resumed: 'SIM-3' });
    expect(progress).toEqual(['stage simulate 1 hands', 'done 1']);
    expect(lines).toHaveLength(1);
    expect(lines[0].resumed).toBe(true);
    const { resumed: _r, events: _e, ...rest } = lines[0];
    const { events: _e2, ...want } = straight[2];
    expect(rest).toEqual(want);
    expect(lines[0]).toMatchObject({ hand: 'SIM-3', outcome: 'played', fouled: [3], surrendered: [4], falseNaturals: ['3'] });
    // the second start says it follows a run that stopped in order
    const starts = b.store.db.prepare("SELECT body FROM events WHERE type = 'terminal-started' ORDER BY id").pluck().all() as string[];
    expect(starts).toHaveLength(2);

    // and a run asked for no more hands than the table has plays none
    const none: SimulatedHand[] = [];
    await expect(simulate(service, { hands: 2, seed: 7, onHand: (l) => none.push(l) })).resolves.toEqual({ played: 0, resumed: null });
    expect(none).toEqual([]);
  }, 60_000);

  it("a hand stopped just before the card its fault was planned for gets that fault when finished (seed 7, hand 12: a card read twice)", async () => {
    const { store } = newStore();
    const service = new TableService(store);
    await simulate(service, { hands: 11, seed: 7 });
    const snap = service.startHand({ tableId: 'SIM' });
    if (!snap.ok) throw new Error(snap.error.message);
    const plan = planHand(7, 12, snap.value.hand!.state.info!.button, Object.keys(snap.value.profile.naturals));
    expect(plan.fault?.kind).toBe('read-twice');
    const shoe = new InProcessShoe({ paceMs: 0, heartbeatTimeoutMs: 60_000 });
    const attached = service.attachCardSource('SIM', shoe);
    if (!attached.ok) throw new Error(attached.error.message);
    await shoe.start();
    await shoe.feed(shuffledDeck(plan.deckSeed).slice(0, plan.fault!.at));
    await shoe.stop();
    attached.value();
    const lines: SimulatedHand[] = [];
    await expect(simulate(service, { hands: 12, seed: 7, onHand: (l) => lines.push(l) })).resolves.toEqual({ played: 1, resumed: 'SIM-12' });
    expect(lines.map((l) => [l.hand, l.outcome, l.cause, l.resumed])).toEqual([['SIM-12', 'misdeal', 'card-read-twice', true]]);
    // at the same card as in the run that was never stopped: the same cards read, the same alert
    const straight = await run();
    const readsOf = (rows: { hand: string | null; type: string }[]) => rows.filter((e) => e.hand === 'SIM-12' && e.type === 'card-dealt').length;
    const here = (store.db.prepare('SELECT hand_id AS hand, type FROM events ORDER BY id').all() as { hand: string | null; type: string }[]);
    expect(readsOf(here)).toBe(readsOf(straight.events));
    const alertOf = (rows: { type: string; body: string | Record<string, unknown> }[]) => rows.filter((e) => e.type === 'alert-raised').map((e) => (typeof e.body === 'string' ? JSON.parse(e.body) : e.body).message).find((m: string) => m.startsWith('Misdeal in hand 12'));
    expect(alertOf(store.db.prepare('SELECT type, body FROM events ORDER BY id').all() as { type: string; body: string }[])).toBe(alertOf(straight.events));
    // that misdeal's alert is still raised (the run ended with it): not an integrity alert, so the next run acknowledges it and plays on
    expect(service.alerts({ tableId: 'SIM' }).map((a) => a.kind)).toEqual(['misdeal']);
    await expect(simulate(service, { hands: 13, seed: 7 })).resolves.toEqual({ played: 1, resumed: null });
  }, 180_000);

  it('refuses another profile or point value, naming the table, both values and what to do, before any hand or seat', async () => {
    const { store } = newStore();
    const service = new TableService(store);
    await simulate(service, { hands: 0, seed: 1, tableId: 'T9', pointValue: 50 });
    const before = store.db.prepare('SELECT count(*) FROM events').pluck().get();
    const err = await simulate(service, { hands: 3, seed: 1, tableId: 'T9', profile: 'basic', pointValue: 25 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SimulationRefused);
    expect((err as Error).name).toBe('SimulationRefused');
    expect((err as Error).message).toBe(
      'simulate: table T9 already exists in this database and cannot be changed: profile "basic" was given, the table plays "mandarin-house"; '
      + 'point value 25 was given, the table has 50 (leave the option out, or use a new file)',
    );
    expect(store.db.prepare('SELECT count(*) FROM events').pluck().get()).toBe(before);
    await expect(simulate(service, { hands: 0, seed: 1, tableId: 'T9', pointValue: 50 })).resolves.toEqual({ played: 0, resumed: null });
  });

  it('will not play at a table held by an integrity alert: names the table and each alert, and says how it is cleared', async () => {
    const { store, path } = newStore();
    await simulate(new TableService(store), { hands: 2, seed: 7 });
    store.close();
    tamper(path, 'DELETE FROM events WHERE id > (SELECT max(id) - 3 FROM events)');
    let now = Date.parse('2025-03-02T20:00:00.000Z');
    const reopened = openStore(path, { clock: () => (now += 1000) });
    cleanups.push(() => {
      if (reopened.db.open) reopened.close();
    });
    const service = new TableService(reopened);
    const alerts = service.alerts({ tableId: 'SIM' }).filter((a) => a.kind === 'integrity');
    expect(alerts.length).toBeGreaterThan(0);
    const before = reopened.db.prepare('SELECT count(*) FROM events').pluck().get();
    const err = await simulate(service, { hands: 5, seed: 7 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SimulationHeld);
    expect((err as Error).name).toBe('SimulationHeld');
    expect((err as Error).message).toBe(
      `simulate: table SIM does not deal: ${alerts.map((a) => `alert ${a.id}: ${a.message}`).join('; ')} (the floor clears it on the terminal, with a reason)`,
    );
    expect(reopened.db.prepare('SELECT count(*) FROM events').pluck().get()).toBe(before);
  });
});

describe('planHand: what a hand will throw at the terminal', () => {
  const PLAYED = ['three-flushes', 'three-straights', 'six-pairs', 'dragon'];
  function dealt(deck: readonly Card[], button: SeatNo): Record<SeatNo, Card[]> {
    const out: Record<SeatNo, Card[]> = { 1: [], 2: [], 3: [], 4: [] };
    deck.forEach((c, k) => out[seatForCard(button, k)].push(c));
    return out;
  }

  it('is the same for the same seed and hand, and differs between hands', () => {
    expect(planHand(7, 12, 4, PLAYED)).toEqual(planHand(7, 12, 4, PLAYED));
    expect(planHand(7, 12, 4, []).deckSeed).not.toBe(planHand(7, 13, 4, []).deckSeed);
    expect(planHand(7, 12, 4, []).deckSeed).not.toBe(planHand(8, 12, 4, []).deckSeed);
  });

  it('throws each fault and report now and then, at a card from 4 to 47, at seats 1 to 4, at about the rates meant', () => {
    const N = 4000;
    const faults: Record<string, number> = {};
    const reports: Record<string, number> = {};
    let voids = 0;
    const seatRates = { foul: 0, surrender: 0, scanner: 0, falseNatural: 0 };
    for (let n = 1; n <= N; n++) {
      const p = planHand(11, n, 1, []);
      expect(p.naturalWanted).toBe(false); // nothing to want when the profile plays no naturals
      if (p.fault) {
        faults[p.fault.kind] = (faults[p.fault.kind] ?? 0) + 1;
        expect(p.fault.at).toBeGreaterThanOrEqual(4);
        expect(p.fault.at).toBeLessThanOrEqual(47);
      }
      if (p.report) {
        reports[p.report.kind] = (reports[p.report.kind] ?? 0) + 1;
        expect([1, 2, 3, 4]).toContain(p.report.seat);
      }
      if (p.voidAtShowdown) voids++;
      for (const s of [1, 2, 3, 4] as const) {
        for (const k of ['foul', 'surrender', 'scanner', 'falseNatural'] as const) if (p.seat[s][k]) seatRates[k]++;
      }
    }
    const rate = (x: number | undefined, total = N) => (x ?? 0) / total;
    // read-twice 2.5%, unreadable 1.5%, skip-seq 1%, jam 2%, unplug 1%
    expect(rate(faults['read-twice'])).toBeGreaterThan(0.015);
    expect(rate(faults['read-twice'])).toBeLessThan(0.035);
    expect(rate(faults.unreadable)).toBeGreaterThan(0.008);
    expect(rate(faults.unreadable)).toBeLessThan(0.022);
    expect(rate(faults['skip-seq'])).toBeGreaterThan(0.004);
    expect(rate(faults['skip-seq'])).toBeLessThan(0.017);
    expect(rate(faults.jam)).toBeGreaterThan(0.012);
    expect(rate(faults.jam)).toBeLessThan(0.028);
    expect(rate(faults.unplug)).toBeGreaterThan(0.004);
    expect(rate(faults.unplug)).toBeLessThan(0.017);
    // expose-5 1.2%, wrong-seat 1%, expose-1 3.8%
    expect(rate(reports['expose-5'])).toBeGreaterThan(0.006);
    expect(rate(reports['expose-5'])).toBeLessThan(0.019);
    expect(rate(reports['wrong-seat'])).toBeGreaterThan(0.004);
    expect(rate(reports['wrong-seat'])).toBeLessThan(0.017);
    expect(rate(reports['expose-1'])).toBeGreaterThan(0.028);
    expect(rate(reports['expose-1'])).toBeLessThan(0.048);
    expect(rate(voids)).toBeGreaterThan(0.002);
    expect(rate(voids)).toBeLessThan(0.011);
    expect(rate(seatRates.foul, 4 * N)).toBeGreaterThan(0.04);
    expect(rate(seatRates.foul, 4 * N)).toBeLessThan(0.06);
    expect(rate(seatRates.surrender, 4 * N)).toBeGreaterThan(0.04);
    expect(rate(seatRates.surrender, 4 * N)).toBeLessThan(0.06);
    expect(rate(seatRates.scanner, 4 * N)).toBeGreaterThan(0.47);
    expect(rate(seatRates.scanner, 4 * N)).toBeLessThan(0.53);
    expect(seatRates.falseNatural).toBe(0); // no false natural when the profile plays none
  });

  it('with naturals played: wants one now and then, and then picks a deck that deals one to a player', () => {
    let wanted = 0;
    let falseNaturals = 0;
    for (let n = 1; n <= 400; n++) {
      const p = planHand(11, n, 2, PLAYED);
      for (const s of [1, 2, 3, 4] as const) if (p.seat[s].falseNatural) falseNaturals++;
      if (!p.naturalWanted) continue;
      wanted++;
      const hands = dealt(shuffledDeck(p.deckSeed), 2);
      expect(([1, 2, 3, 4] as const).some((s) => detectNaturals(hands[s]).some((x) => PLAYED.includes(x))), `hand ${n}`).toBe(true);
    }
    expect(wanted).toBeGreaterThan(4);
    expect(wanted).toBeLessThan(35);
    expect(falseNaturals).toBeGreaterThan(10);
    expect(falseNaturals).toBeLessThan(60);
  });
});
