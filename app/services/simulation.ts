/**
 * The soak test and demo behind `table simulate`: plays hands end to end through the same
 * TableService the terminal uses, with the in-process simulated shoe dealing seeded decks and
 * every seat set by the best-arrangement search, and now and then (seeded) a foul, a
 * surrender, a declared natural (true or false), a misdeal of every kind the shoe or the
 * dealer can cause, a device fault, a void, a short stack and its all-in.
 *
 * The driver keeps no state of its own between actions: each action is chosen from the
 * hand's state and a plan derived from (seed, hand number), so a run killed at any moment
 * and started again on the same file finishes the open hand exactly as it would have and
 * goes on.
 *
 * After each action (and between hands) it lets the event loop turn once, as a real table's
 * loop turns between a dealer's requests: whatever runs beside it in the process (a forwarder
 * to the central server, a screen's socket) goes on during a run, not only after it.
 */
import { bestArrangement } from '../domain/arrange';
import { paymentsToMake } from '../domain/hand/guards';
import { type Card } from '../domain/cards';
import { seatForCard, type HandState, type SeatNo } from '../domain/hand';
import { seatStatus } from '../domain/hand/views';
import { detectNaturals, NATURAL_NAMES, type NaturalName } from '../domain/naturals';
import { SEGMENTS } from '../domain/setting';
import { evaluate } from '../domain/evaluate';
import type { CardSource, SourceEvent, SourceListener } from '../../hardware/card-source';
import { seededPrng, shuffledDeck, type Prng } from '../../hardware/sim/deck';
import { InProcessShoe } from '../../hardware/sim/in-process-shoe';
import type { TableService, TableSnapshot } from './table-service';
import type { Result } from '../domain/result';
import { PROGRAM_VERSION } from '../version';
import { NO_PROGRESS, type Progress } from './progress';

export interface SimulationOptions {
  /** Play until the table has this many hands (misdeals and voids count). */
  readonly hands: number;
  readonly seed: number;
  readonly tableId?: string;
  /** Preset name, default `mandarin-house`. */
  readonly profile?: string;
  /** Minor units per point, default 100. */
  readonly pointValue?: number;
  /** Called with each hand's summary once its last event is committed. */
  readonly onHand?: (line: SimulatedHand) => void;
  /** Told the hands to play (`simulate`: the open hand finished and those still missing), then each hand played. */
  readonly progress?: Progress;
}

/** One line of `table simulate`'s output. */
export interface SimulatedHand {
  readonly hand: string;
  readonly number: number;
  readonly button: SeatNo;
  readonly outcome: 'played' | 'misdeal' | 'void';
  readonly cause?: string;
  readonly points?: Record<string, number>;
  readonly net?: Record<string, number>;
  readonly payments?: number;
  readonly fouled?: number[];
  readonly surrendered?: number[];
  readonly naturals?: Record<string, string>;
  readonly falseNaturals?: string[];
  readonly allIn?: number[];
  readonly stacks: Record<string, number>;
  readonly events: number;
  /** The hand was begun by an earlier run that was stopped. */
  readonly resumed?: true;
}

type DealFault = 'read-twice' | 'unreadable' | 'skip-seq' | 'jam' | 'unplug';
type Report = 'expose-5' | 'expose-1' | 'wrong-seat';

/** What a hand will throw at the terminal; a pure function of (seed, hand number). */
interface HandPlan {
  readonly deckSeed: number;
  readonly fault: { readonly kind: DealFault; readonly at: number } | null;
  readonly report: { readonly kind: Report; readonly seat: SeatNo } | null;
  readonly naturalWanted: boolean;
  readonly voidAtShowdown: boolean;
  readonly seat: Readonly<Record<SeatNo, { readonly foul: boolean; readonly surrender: boolean; readonly falseNatural: boolean; readonly scanner: boolean }>>;
}

const SEATS: readonly SeatNo[] = [1, 2, 3, 4];
const SEQ_MODULO = 100;
const PLAYERS: Readonly<Record<SeatNo, { id: string; name: string; buyInPoints: number }>> = {
  1: { id: 'P-ADAM', name: 'Adam', buyInPoints: 200 },
  2: { id: 'P-BARA', name: 'Bara', buyInPoints: 60 },
  3: { id: 'P-CYRIL', name: 'Cyril', buyInPoints: 20 }, // the short stack: all in now and then
  4: { id: 'P-DANA', name: 'Dana', buyInPoints: 40 },
};
const DEALERS = ['Eva', 'Filip', 'Gita'];

/** A 32-bit mix of the run's seed and a hand number (and a salt), for per-hand PRNGs. */
function mix(seed: number, n: number, salt = 0): number {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  for (const x of [n, salt]) {
    h = Math.imul(h ^ (x >>> 0), 0x85ebca6b) >>> 0;
    h = (h ^ (h >>> 13)) >>> 0;
    h = Math.imul(h, 0xc2b2ae35) >>> 0;
    h = (h ^ (h >>> 16)) >>> 0;
  }
  return h;
}

function chance(prng: Prng, p: number): boolean {
  return prng.nextUint32() / 0x1_0000_0000 < p;
}

/** The cards each position gets from a Chinese Poker deal of `deck` with this button. */
function dealtFrom(deck: readonly Card[], button: SeatNo): Record<SeatNo, Card[]> {
  const out: Record<SeatNo, Card[]> = { 1: [], 2: [], 3: [], 4: [] };
  deck.forEach((c, k) => out[seatForCard(button, k)].push(c));
  return out;
}

export function planHand(seed: number, number: number, button: SeatNo, playedNaturals: readonly string[]): HandPlan {
  const prng = seededPrng(mix(seed, number));
  const roll = prng.nextUint32() / 0x1_0000_0000;
  const at = 4 + prng.nextInt(44);
  const fault: HandPlan['fault'] =
    roll < 0.025 ? { kind: 'read-twice', at }
      : roll < 0.04 ? { kind: 'unreadable', at }
        : roll < 0.05 ? { kind: 'skip-seq', at }
          : roll < 0.07 ? { kind: 'jam', at }
            : roll < 0.08 ? { kind: 'unplug', at }
              : null;
  const r2 = prng.nextUint32() / 0x1_0000_0000;
  const reportSeat = (1 + prng.nextInt(4)) as SeatNo;
  const report: HandPlan['report'] = r2 < 0.012 ? { kind: 'expose-5', seat: reportSeat }
    : r2 < 0.022 ? { kind: 'wrong-seat', seat: reportSeat }
      : r2 < 0.06 ? { kind: 'expose-1', seat: reportSeat }
        : null;
  const naturalWanted = playedNaturals.length > 0 && chance(prng, 0.04);
  const voidAtShowdown = chance(prng, 0.006);
  const seat = {} as Record<SeatNo, HandPlan['seat'][SeatNo]>;
  for (const s of SEATS) {
    seat[s] = { foul: chance(prng, 0.05), surrender: chance(prng, 0.05), falseNatural: playedNaturals.length > 0 && chance(prng, 0.02), scanner: chance(prng, 0.5) };
  }
  // A hand with a natural: the first deck (by a seeded search) that deals one to a player.
  let deckSeed = mix(seed, number, 1);
  if (naturalWanted) {
    for (let attempt = 0; attempt < 5000; attempt++) {
      const candidate = mix(seed, number, 100 + attempt);
      const dealt = dealtFrom(shuffledDeck(candidate), button);
      if (SEATS.some((s) => detectNaturals(dealt[s]).some((n) => playedNaturals.includes(n)))) {
        deckSeed = candidate;
        break;
      }
    }
  }
  return { deckSeed, fault, report, naturalWanted, voidAtShowdown, seat };
}

/**
 * A card source that renumbers another's sequence numbers by an offset: the simulated shoe
 * restarted after a crash starts counting at 0, while the hand expects the count a real shoe
 * would have kept. It only shifts the numbers; a real gap stays a gap.
 */
class SequenceOffset implements CardSource {
  constructor(
    private readonly inner: CardSource,
    private readonly offset: number,
  ) {}
  get id(): string { return this.inner.id; }
  get label(): string { return this.inner.label; }
  get role(): CardSource['role'] { return this.inner.role; }
  get simulated(): boolean { return this.inner.simulated; }
  get state(): CardSource['state'] { return this.inner.state; }
  start(): Promise<void> { return this.inner.start(); }
  stop(): Promise<void> { return this.inner.stop(); }
  subscribe(listener: SourceListener): () => void {
    const shift = (n: number) => (n + this.offset) % SEQ_MODULO;
    return this.inner.subscribe((e: SourceEvent) => {
      if (e.kind === 'card' && e.seq !== undefined) listener({ ...e, seq: shift(e.seq) });
      else if (e.kind === 'status' && e.status === 'sequence-gap') listener({ ...e, expected: shift(e.expected), received: shift(e.received) });
      else listener(e);
    });
  }
}

/** The table holds an integrity alert (damage found at start-up): it does not deal, so nothing is played. */
export class SimulationHeld extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SimulationHeld';
  }
}

/**
 * `simulate` asked for a table other than the one the file holds (a profile or point value
 * that differs from the stored one): refused before a hand was played or a player seated.
 */
export class SimulationRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SimulationRefused';
  }
}

/** One turn of the event loop (the I/O that arrived meanwhile is handled, then the run goes on). */
function turn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function must<T>(r: Result<T>, what: string): T {
  if (!r.ok) throw new Error(`simulate: ${what} was refused: ${r.error.message} (${r.error.code})`);
  return r.value;
}

/** What to hand the scanner or the touch screen for a seat. */
function settingFor(cards: readonly Card[], foul: boolean): { front: Card[]; middle: Card[]; back: Card[] } {
  const best = bestArrangement(cards).hand;
  const set = { front: [...best.front], middle: [...best.middle], back: [...best.back] };
  if (!foul) return set;
  if (evaluate(set.back) > evaluate(set.middle)) return { front: set.front, middle: set.back, back: set.middle };
  return { front: [...set.front, set.middle[0]], middle: set.middle.slice(1), back: set.back }; // 4-4-5: a wrong count
}

/**
 * Plays until the table has `hands` hands. Sets the table up on a new file (table, dealer,
 * four players); on a file from an earlier run, first finishes the open hand. A `profile` or
 * `pointValue` given for a table that already exists must be the stored one, or the run is
 * refused ({@link SimulationRefused}) before a hand is played or a player seated.
 */
export async function simulate(service: TableService, options: SimulationOptions): Promise<{ played: number; resumed: string | null }> {
  const tableId = options.tableId ?? 'SIM';
  const pointValue = options.pointValue ?? 100;
  const existed = service.tableIds().includes(tableId);
  if (!existed) {
    must(service.openTable({ tableId, name: 'Simulated table', profile: options.profile ?? 'mandarin-house', pointValue }), 'opening the table');
  }
  let snap = must(service.snapshot(tableId), 'reading the table');
  if (existed) {
    const differ: string[] = [];
    if (options.profile !== undefined && options.profile !== snap.profile.name) {
      differ.push(`profile ${JSON.stringify(options.profile)} was given, the table plays ${JSON.stringify(snap.profile.name)}`);
    }
    if (options.pointValue !== undefined && options.pointValue !== snap.pointValue) {
      differ.push(`point value ${options.pointValue} was given, the table has ${snap.pointValue}`);
    }
    if (differ.length > 0) {
      throw new SimulationRefused(`simulate: table ${tableId} already exists in this database and cannot be changed: ${differ.join('; ')} (leave the option out, or use a new file)`);
    }
  }
  const damaged = snap.alerts.filter((a) => a.kind === 'integrity');
  if (damaged.length > 0) {
    throw new SimulationHeld(`simulate: table ${tableId} does not deal: ${damaged.map((a) => `alert ${a.id}: ${a.message}`).join('; ')} (the floor clears it on the terminal, with a reason)`);
  }
  const profile = snap.profile;
  const played = Object.keys(profile.naturals);
  const resumed = snap.hand?.open ? snap.hand.handId : null;
  let count = 0;
  const progress = options.progress ?? NO_PROGRESS;
  progress.stage('simulate', Math.max(0, options.hands - snap.handsStarted) + (resumed !== null ? 1 : 0), 'hands');
  must(service.recordStart({
    tableId, program: 'simulate', version: PROGRAM_VERSION, devices: [{ role: 'shoe', id: 'sim:shoe', label: 'Simulated shoe (table simulate)', simulated: true }],
  }), 'recording the start');

  for (;;) {
    snap = must(service.snapshot(tableId), 'reading the table');
    if (!snap.hand?.open) {
      if (snap.handsStarted >= options.hands) break;
      between(service, snap, options.seed);
      snap = must(service.startHand({ tableId }), 'starting a hand');
    }
    const hand = snap.hand!;
    const plan = planHand(options.seed, hand.number, hand.state.info!.button, played);
    await playHand(service, tableId, hand.state, plan);
    const after = must(service.snapshot(tableId), 'reading the table');
    const done = after.hand!;
    if (done.open) throw new Error(`simulate: hand ${done.handId} is still open after playing it (phase ${done.state.phase})`);
    count++;
    options.onHand?.(lineOf(done.handId, done.number, done.state, after, hand.handId === resumed));
    progress.done(count);
    await turn();
  }
  must(service.recordStop({ tableId, program: 'simulate' }), 'recording the stop');
  return { played: count, resumed };
}

/** Between hands: acknowledge alerts, push a new dealer now and then, rebuy empty stacks. */
function between(service: TableService, snap: TableSnapshot, seed: number): void {
  const tableId = snap.tableId;
  for (const a of snap.alerts) must(service.acknowledgeAlert({ alertId: a.id, by: 'Sim Floor', as: 'floor', note: 'seen in simulation' }), 'acknowledging an alert');
  const next = snap.handsStarted + 1;
  const dealer = DEALERS[Math.floor((next - 1) / 25) % DEALERS.length];
  if (snap.dealer !== dealer) must(service.dealerOn({ tableId, dealer }), 'a dealer change');
  const prng = seededPrng(mix(seed, next, 2));
  const minimum = snap.buyIn.full;
  for (const s of SEATS) {
    const seat = snap.seats[s - 1];
    const p = PLAYERS[s];
    if (!seat.player) {
      must(service.seatPlayer({ tableId, seat: s, playerId: p.id, name: p.name, buyIn: Math.max(p.buyInPoints * snap.pointValue, snap.buyIn.full) }), 'seating a player');
    } else if (seat.stack < snap.buyIn.short) {
      const short = seat.shortBuyInAllowed && chance(prng, 0.6);
      must(service.buyIn({ tableId, seat: s, amount: short ? snap.buyIn.short : Math.max(minimum, p.buyInPoints * snap.pointValue) }), 'a rebuy');
    }
  }
}

async function playHand(service: TableService, tableId: string, start: HandState, plan: HandPlan): Promise<void> {
  const refused = new Set<string>();
  let state = start;
  const refresh = () => {
    state = must(service.snapshot(tableId), 'reading the table').hand!.state;
    return state;
  };
  for (let guard = 0; guard < 400; guard++) {
    if (state.phase === 'closed' || state.phase === 'misdealt' || state.phase === 'voided') return;
    switch (state.phase) {
      case 'dealing':
        await deal(service, tableId, state, plan);
        break;
      case 'setting':
        setting(service, tableId, state, plan, refused);
        break;
      case 'showdown':
        showdown(service, tableId, state, plan);
        break;
      case 'paying': {
        const st = state.settlement!;
        const index = st.executed.indexOf(false);
        must(service.executePayment({ tableId, index }), `payment ${index}`);
        break;
      }
      default:
        throw new Error(`simulate: unexpected phase ${state.phase}`);
    }
    refresh();
    await turn();
  }
  throw new Error(`simulate: hand did not finish (phase ${state.phase})`);
}

/** Deals the rest of the deck through the simulated shoe (all of it, on a fresh hand). */
async function deal(service: TableService, tableId: string, state: HandState, plan: HandPlan): Promise<void> {
  const deck = shuffledDeck(plan.deckSeed);
  const from = state.deal.reads;
  const faults: string[] = [];
  if (plan.fault && plan.fault.at >= from) {
    const at = plan.fault.at - from;
    faults.push(plan.fault.kind === 'jam' || plan.fault.kind === 'unplug' ? `${plan.fault.kind}@${at}:0` : `${plan.fault.kind}@${at}`);
  }
  const inner = new InProcessShoe({ paceMs: 0, faults, id: 'sim:shoe', heartbeatTimeoutMs: 60_000 });
  const offset = state.deal.lastSeq === null ? 0 : (state.deal.lastSeq + 1) % SEQ_MODULO;
  const shoe = new SequenceOffset(inner, offset);
  const detach = must(service.attachCardSource(tableId, shoe), 'attaching the shoe');
  // The dealer stops dealing as soon as the hand is a misdeal.
  const stopOnEnd = service.subscribe((u) => {
    if (u.kind === 'state-changed' && u.tableId === tableId && !u.table.hand?.open) void inner.stop();
  });
  try {
    await shoe.start();
    await inner.feed(deck.slice(from));
  } finally {
    stopOnEnd();
    await inner.stop();
    detach();
  }
}

function setting(service: TableService, tableId: string, state: HandState, plan: HandPlan, refused: Set<string>): void {
  const info = state.info!;
  const playing = state.seats.filter((s) => s.playing);
  // The dealer's reports come first, before anyone has set.
  const rep = plan.report;
  if (rep && !refused.has('report')) {
    const target = state.seats[rep.seat - 1];
    if (rep.kind === 'wrong-seat' && target.playing) {
      refused.add('report');
      const other = playing.find((s) => s.seat !== rep.seat)!;
      const r = service.reportWrongSeat({ tableId, heldBy: rep.seat, handOf: other.seat });
      if (r.ok || r.error.code === 'already-reported') return;
      must(r, 'a wrong-seat report');
    }
    const wanted = rep.kind === 'expose-5' ? 5 : rep.kind === 'expose-1' ? 1 : 0;
    if (target.exposed.length < wanted) {
      must(service.reportExposure({ tableId, seat: rep.seat, card: target.dealt[target.exposed.length] }), 'an exposure report');
      return;
    }
  }
  for (const s of playing) {
    if (seatStatus(state, s.seat) !== 'waiting') continue;
    const p = plan.seat[s.seat];
    const key = `seat${s.seat}`;
    if (!refused.has(key)) {
      refused.add(key);
      const held = detectNaturals([...s.dealt]).filter((n) => Object.keys(info.profile.naturals).includes(n));
      if (held.length > 0 && plan.naturalWanted) {
        must(service.declareNatural({ tableId, seat: s.seat, natural: held[0] }), 'a natural');
        return;
      }
      const falseName = NATURAL_NAMES.find((n) => info.profile.naturals[n] && !held.includes(n)) as NaturalName | undefined;
      if (p.falseNatural && falseName) {
        must(service.declareNatural({ tableId, seat: s.seat, natural: falseName }), 'a false natural');
        return;
      }
      if (p.surrender) {
        const r = service.declareSurrender({ tableId, seat: s.seat });
        if (r.ok) return;
        if (r.error.code !== 'surrender-not-covered' && r.error.code !== 'surrender-not-played') must(r, 'a surrender');
      }
    }
    must(service.seatReady({ tableId, seat: s.seat }), 'a seat set');
    return;
  }
  must(service.openShowdown({ tableId }), 'opening the hands');
}

function showdown(service: TableService, tableId: string, state: HandState, plan: HandPlan): void {
  if (plan.voidAtShowdown) {
    must(service.voidHand({ tableId, floor: 'Sim Floor', reason: 'simulated: a player disputes the deal' }), 'a void');
    return;
  }
  for (const s of state.seats.filter((x) => x.playing)) {
    const status = seatStatus(state, s.seat);
    if (status !== 'set' && status !== 'waiting' && status !== 'partly-read') continue;
    const set = settingFor(s.dealt, plan.seat[s.seat].foul);
    if (plan.seat[s.seat].scanner) {
      const row = SEGMENTS.find((r) => !s.scanned[r])!;
      must(service.scanRow({ tableId, seat: s.seat, row, cards: set[row] }), `scanning seat ${s.seat}'s ${row}`);
    } else {
      must(service.setHand({ tableId, seat: s.seat, ...set, source: 'touch' }), `seat ${s.seat}'s hand`);
    }
    return;
  }
  must(service.settle({ tableId }), 'settling');
}

function lineOf(handId: string, number: number, state: HandState, table: TableSnapshot, resumed: boolean): SimulatedHand {
  const stacks: Record<string, number> = {};
  for (const s of table.seats) if (s.player) stacks[String(s.seat)] = s.stack;
  const base = { hand: handId, number, button: state.info!.button, stacks, events: state.eventCount, ...(resumed ? { resumed: true as const } : {}) };
  if (state.phase === 'misdealt') return { ...base, outcome: 'misdeal', cause: state.abort?.kind === 'misdeal' ? state.abort.cause : undefined };
  if (state.phase === 'voided') return { ...base, outcome: 'void' };
  const r = state.settlement!.result;
  return {
    ...base, outcome: 'played', points: { ...r.points }, net: { ...r.net }, payments: paymentsToMake(r).length, fouled: [...r.fouled],
    surrendered: [...r.surrendered], naturals: { ...r.naturals }, falseNaturals: Object.keys(r.falseNaturals), allIn: [...r.allIn],
  };
}
