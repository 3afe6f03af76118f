/** A table service on a real database file in a temp folder, and moves that play a hand. */
import { bestArrangement } from '../../../app/domain/arrange';
import type { SeatNo } from '../../../app/domain/hand';
import { seatStatus } from '../../../app/domain/hand/views';
import type { DomainError, Result } from '../../../app/domain/result';
import type { ReportJobs, ReportJobStatus } from '../../../app/services/report-job';
import { openStore, type Store } from '../../../app/services/store';
import { TableService, type TableSnapshot } from '../../../app/services/table-service';
import { isMainThread } from 'node:worker_threads';
import { describe, expect } from 'vitest';
import { formatCard, type Card } from '../../../app/domain/cards';
import { Listeners } from '../../../app/listeners';
import type { CardSource, SourceEvent, SourceListener, StatusBody } from '../../../hardware/card-source';
import { InProcessShoe } from '../../../hardware/sim/in-process-shoe';
import { tempFolder } from '../store/temp';

export const T = 'T1';

/** Unwraps a Result in a test, failing with the refusal's words. */
export function must<V>(r: Result<V>): V {
  if (!r.ok) throw new Error(`refused: ${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** The log's size and head: what a refused command must leave as it was. */
function logState(store: Store): unknown {
  return {
    events: store.db.prepare('SELECT count(*) FROM events').pluck().get(),
    head: store.db.prepare('SELECT last_id, last_hash FROM log_head').get() ?? null,
  };
}

/**
 * Runs `cmd`, which must be refused with `code`, and checks that it appended nothing: the
 * event count and the log head are what they were. Returns the refusal (for its words).
 */
export function expectRefused<V>(store: Store, cmd: () => Result<V>, code: string): DomainError {
  const before = logState(store);
  const r = cmd();
  expect(r.ok ? 'accepted' : r.error.code, r.ok ? 'the command was accepted' : r.error.message).toBe(code);
  expect(logState(store), `refused with ${code}, yet the log changed`).toEqual(before);
  if (r.ok) throw new Error(`expected a refusal (${code})`);
  return r.error;
}

export interface Rig {
  readonly path: string;
  store: Store;
  service: TableService;
  /** The test clock: each reading is one second after the last. */
  now: number;
  /** Closes the store (as a crash would leave it: no clean-up) and opens a new service on it. */
  reopen(): void;
  cleanup(): void;
}

export function rig(options: { start?: string } = {}): Rig {
  const tmp = tempFolder('cp-svc-');
  const path = tmp.file('terminal.db');
  const r: Rig = {
    path,
    now: Date.parse(options.start ?? '2025-03-01T20:00:00.000Z'),
    store: undefined as unknown as Store,
    service: undefined as unknown as TableService,
    reopen() {
      r.store.close();
      r.store = openStore(path, { clock: () => (r.now += 1000) });
      r.service = new TableService(r.store);
    },
    cleanup() {
      if (r.store.db.open) r.store.close();
      tmp.cleanup();
    },
  };
  r.store = openStore(path, { clock: () => (r.now += 1000) });
  r.service = new TableService(r.store);
  return r;
}

/** Opens T1 (mandarin-house, 100 a point), signs a dealer on and seats players with stacks. */
export function openTable(service: TableService, stacks: Partial<Record<SeatNo, number>> = { 1: 5000, 2: 5000, 3: 5000, 4: 5000 }, profile: string | object = 'mandarin-house'): TableSnapshot {
  must(service.openTable({ tableId: T, pointValue: 100, profile }));
  must(service.dealerOn({ tableId: T, dealer: 'Eva' }));
  let snap!: TableSnapshot;
  for (const [seat, stack] of Object.entries(stacks)) {
    snap = must(service.seatPlayer({ tableId: T, seat: Number(seat) as SeatNo, playerId: `p${seat}`, name: `Player ${seat}`, buyIn: stack! }));
  }
  return snap;
}

/** A simulated shoe attached to the table (pace 0); detach with the returned function. */
export async function attachShoe(service: TableService, faults: string[] = []): Promise<{ shoe: InProcessShoe; detach: () => void }> {
  const shoe = new InProcessShoe({ paceMs: 0, faults, heartbeatTimeoutMs: 60_000 });
  const detach = must(service.attachCardSource(T, shoe));
  await shoe.start();
  return { shoe, detach };
}

/** From the deal to the last payment: every seat set by the best arrangement. */
export async function playHand(service: TableService, shoe: InProcessShoe, seed: number): Promise<TableSnapshot> {
  must(service.startHand({ tableId: T }));
  await shoe.deal(seed);
  let snap = must(service.snapshot(T));
  for (const s of snap.hand!.state.seats.filter((x) => x.playing)) {
    if (seatStatus(snap.hand!.state, s.seat) === 'waiting') must(service.seatReady({ tableId: T, seat: s.seat }));
  }
  snap = must(service.openShowdown({ tableId: T }));
  for (const s of snap.hand!.state.seats.filter((x) => x.playing)) {
    must(service.setHand({ tableId: T, seat: s.seat, ...bestArrangement(s.dealt).hand, source: 'touch' }));
  }
  snap = must(service.settle({ tableId: T }));
  const n = snap.hand!.state.settlement!.executed.length;
  for (let i = 0; i < n; i++) snap = must(service.executePayment({ tableId: T, index: i }));
  return snap;
}

/**
 * Seats 2 and 4 seated, dealt by the simulated shoe (seed 21) and ready, `scanner` attached after
 * the shoe, the showdown open: a scanner's first seat is seat 2. Returns the snapshot then.
 */
export async function scannerAtShowdown(service: TableService, scanner: CardSource): Promise<TableSnapshot> {
  openTable(service, { 2: 5000, 4: 5000 });
  const { shoe } = await attachShoe(service);
  must(service.attachCardSource(T, scanner));
  must(service.startHand({ tableId: T }));
  await shoe.deal(21);
  must(service.seatReady({ tableId: T, seat: 2 }));
  must(service.seatReady({ tableId: T, seat: 4 }));
  return must(service.openShowdown({ tableId: T }));
}

/** The body of every logged event of `type`, oldest first. */
export function loggedBodies(t: Rig, type: string): Record<string, unknown>[] {
  return (t.store.db.prepare('SELECT body FROM events WHERE type = ? ORDER BY id').pluck().all(type) as string[]).map((b) => JSON.parse(b));
}

/** Three seats at the rig's table, a hand played to its last payment for each seed (default one, seed 11), the shoe detached: the last hand's id. */
export async function playedHand(t: Rig, seeds: readonly number[] = [11]): Promise<string> {
  openTable(t.service, { 1: 5000, 2: 5000, 3: 5000 });
  const { shoe, detach } = await attachShoe(t.service);
  let handId = '';
  for (const seed of seeds) handId = (await playHand(t.service, shoe, seed)).hand!.handId;
  detach();
  await shoe.stop();
  return handId;
}

/** A shoe (or scanner) the test speaks for: cards, each with its SEQ or none and waiting for its ACK, and status events on demand. */
export class ScriptedShoe implements CardSource {
  readonly simulated = false;
  readonly state = 'connected' as const;
  readonly label: string;
  private readonly listeners = new Listeners<SourceEvent>((e) => {
    throw e;
  });
  constructor(readonly id: string, readonly role: 'shoe' | 'scanner' = 'shoe') {
    this.label = role === 'shoe' ? 'Test shoe' : 'Test scanner';
  }
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
  subscribe(listener: SourceListener): () => void {
    return this.listeners.add(listener);
  }
  /** Sends a card with its SEQ (`null`: none); returns how often it was acknowledged. */
  card(card: Card, seq: number | null): number {
    let acks = 0;
    const raw = new TextEncoder().encode(`\u0002${seq === null ? '' : String(seq).padStart(2, '0')}C${formatCard(card)}\u0003`);
    this.listeners.emit({ kind: 'card', device: this.id, at: 0, card, seq: seq ?? undefined, raw, acknowledge: () => void acks++ });
    return acks;
  }
  /** Sends a status event; returns how often it was acknowledged. */
  status(body: StatusBody): number {
    let acks = 0;
    this.listeners.emit({ kind: 'status', device: this.id, at: 0, ...body, acknowledge: () => void acks++ } as SourceEvent);
    return acks;
  }
}

/**
 * A hand dealt (seed 31) to the open table, the `ready` seats ready, at the showdown with seat 1
 * set by the scanner holding seat 2's first card: an irregularity and its alert.
 */
export async function otherSeatsCardScanned(service: TableService, ready: readonly SeatNo[]): Promise<TableSnapshot> {
  const { shoe, detach } = await attachShoe(service);
  must(service.startHand({ tableId: T }));
  await shoe.deal(31);
  detach();
  await shoe.stop();
  for (const seat of ready) must(service.seatReady({ tableId: T, seat }));
  const seats = must(service.openShowdown({ tableId: T })).hand!.state.seats;
  const one = bestArrangement(seats[0].dealt).hand;
  return must(service.setHand({ tableId: T, seat: 1, front: [seats[1].dealt[0], ...one.front.slice(1)], middle: one.middle, back: one.back, source: 'scanner' }));
}

/** Waits (up to 20 s of wall time) until the owner's report is no longer running. */
export async function settled(jobs: ReportJobs, owner: object): Promise<ReportJobStatus> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const s = jobs.status(owner);
    if (s.state !== 'running') return s;
    if (Date.now() > deadline) throw new Error('the report never finished');
    await new Promise((res) => setTimeout(res, 5));
  }
}

/**
 * `describe` for tests that open serial ports (pseudo-terminals, `/dev/null`), skipped off the
 * main thread. serialport's poller calls back on the process's default event loop, so data for
 * a port opened in a worker thread arrives on the main thread and aborts the process ("Entering
 * the V8 API without proper locking in place", in `Poller::onData`). `npm test` runs each file in
 * a process of its own (Vitest's `forks` pool), where they run; Stryker's Vitest runner forces
 * the `threads` pool (docs/testing.md, "Configuration": "Serial ports off the main thread").
 */
export const describeWithPorts = describe.skipIf(!isMainThread);
