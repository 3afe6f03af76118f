/**
 * Helpers for the hardware integration tests: socat pty pairs that are always cleaned up
 * (only the socat processes these helpers started, by pid), and an event recorder.
 */
import { afterEach } from 'vitest';
import type { CardSource, SourceEvent } from '../../../hardware/card-source';
import { SerialCardDevice, type SerialCardDeviceOptions } from '../../../hardware/serial-device';
import { PtyPair, type PtyPairOptions } from '../../../hardware/sim/pty-pair';
import { SerialShoeSimulator, type SerialShoeSimOptions } from '../../../hardware/sim/serial-shoe-sim';

/**
 * Registers an afterEach that stops everything the test started (devices, simulators) and
 * then ends the socat pairs it opened. Returns the functions to open pairs and register stops.
 */
export function useHardware(): {
  pair(options?: PtyPairOptions): Promise<PtyPair>;
  onCleanup(fn: () => Promise<void> | void): void;
  /** A device, recorded from the start, started, stopped after the test. */
  device(options: SerialCardDeviceOptions): Promise<{ device: SerialCardDevice; rec: ReturnType<typeof record> }>;
  /** A simulated shoe, started, stopped after the test. */
  shoe(options: SerialShoeSimOptions): Promise<SerialShoeSimulator>;
  pids(): number[];
} {
  let pairs: PtyPair[] = [];
  let cleanups: (() => Promise<void> | void)[] = [];
  const started: number[] = [];
  afterEach(async () => {
    for (const fn of cleanups.reverse()) await fn();
    for (const p of pairs) await p.close();
    pairs = [];
    cleanups = [];
  });
  return {
    async pair(options) {
      const p = await PtyPair.open(options);
      pairs.push(p);
      if (p.pid !== undefined) started.push(p.pid);
      return p;
    },
    onCleanup(fn) {
      cleanups.push(fn);
    },
    async device(options) {
      const device = new SerialCardDevice(options);
      const rec = record(device);
      cleanups.push(() => device.stop());
      await device.start();
      return { device, rec };
    },
    async shoe(options) {
      const shoe = new SerialShoeSimulator(options);
      cleanups.push(() => shoe.stop());
      await shoe.start();
      return shoe;
    },
    pids: () => [...started],
  };
}

/** Records a source's events and waits for conditions on them. */
export function record(source: CardSource, options: { acknowledge?: boolean } = {}) {
  const events: SourceEvent[] = [];
  const waiters = new Set<() => void>();
  source.subscribe((e) => {
    events.push(e);
    // Kept in memory is recorded, for these tests: acknowledged at once unless told not to.
    if (options.acknowledge !== false) e.acknowledge?.();
    for (const w of [...waiters]) w();
  });
  return {
    events,
    cards: () => events.flatMap((e) => (e.kind === 'card' ? [e] : [])),
    statuses: () => events.flatMap((e) => (e.kind === 'status' ? [e] : [])),
    /** Resolves when `predicate(events)` holds; rejects after `timeoutMs` naming what was seen. */
    until(predicate: (events: SourceEvent[]) => boolean, timeoutMs = 10_000): Promise<void> {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (predicate(events)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          const tail = events.slice(-8).map((e) => (e.kind === 'card' ? `card ${e.card}` : e.status));
          reject(new Error(`timed out after ${timeoutMs} ms; ${events.length} events, last: ${tail.join(', ')}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}

/** True when a process with this pid exists. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export const cardCount = (n: number) => (events: SourceEvent[]) => events.filter((e) => e.kind === 'card').length >= n;
export const hasStatus = (status: string, n = 1) => (events: SourceEvent[]) => events.filter((e) => e.kind === 'status' && e.status === status).length >= n;

/** Resolves once `test()` holds (checked every 10 ms); bound it with {@link within}. */
export async function waitUntil(test: () => boolean): Promise<void> {
  while (!test()) await new Promise((r) => setTimeout(r, 10));
}

/** Resolves with `p`, or rejects naming `what` after `ms` (a hung promise fails its test, not the run). */
export function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
