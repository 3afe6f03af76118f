/** A table service on a real database file in a temp folder, and moves that play a hand. */
import { bestArrangement } from '../../../app/domain/arrange';
import type { SeatNo } from '../../../app/domain/hand';
import { seatStatus } from '../../../app/domain/hand/views';
import type { DomainError, Result } from '../../../app/domain/result';
import { openStore, type Store } from '../../../app/services/store';
import { TableService, type TableSnapshot } from '../../../app/services/table-service';
import { expect } from 'vitest';
import type { CardSource } from '../../../hardware/card-source';
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
