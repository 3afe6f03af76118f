// Nothing acknowledged is lost: the shoe gets its ACK only after the card's event is committed,
// and a resend after a crash is recognised, never stored twice. Real processes: the terminal
// (fixtures/crash-terminal.ts) on a database file with a framed shoe on a socat pseudo-terminal,
// SIGKILLed over and over during deals, half of the time by itself between the commit of a read
// and its ACK (the worst moment), half of the time from outside right after the shoe got an ACK.
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Card } from '../../../app/domain/cards';
import { replay, type HandEvent } from '../../../app/domain/hand';
import { openStore } from '../../../app/services/store';
import { seededPrng } from '../../../hardware/sim/deck';
import { PtyPair } from '../../../hardware/sim/pty-pair';
import { SerialShoeSimulator } from '../../../hardware/sim/serial-shoe-sim';
import { tempFolder } from './temp';

const HERE = dirname(fileURLToPath(import.meta.url));
const FIXTURE = join(HERE, 'fixtures', 'crash-terminal.ts');
const ROOT = join(HERE, '..', '..', '..');

interface Incarnation {
  readonly child: ChildProcess;
  readonly exited: Promise<void>;
  readonly ready: Promise<boolean>;
  output(): string;
}

function startTerminal(db: string, shoe: string, dieAfterRead: number | null): Incarnation {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, db, shoe, ...(dieAfterRead !== null ? ['--die-after-read', String(dieAfterRead)] : [])], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.setEncoding('utf8');
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (d: string) => (out += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<boolean>((resolve) => {
    child.stdout!.on('data', (d: string) => {
      out += d;
      if (out.includes('READY')) resolve(true);
    });
    void exited.then(() => resolve(false));
  });
  return { child, exited, ready, output: () => out };
}

function kill(i: Incarnation): void {
  if (i.child.exitCode === null && i.child.signalCode === null && i.child.pid) {
    try {
      process.kill(-i.child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('acknowledge after commit, across SIGKILLs of the terminal', () => {
  it('loses no acknowledged card and stores none twice over 24 kills in 3 deals', async () => {
    const tmp = tempFolder('cp-ack-');
    cleanups.push(() => tmp.cleanup());
    const db = tmp.file('table.db');
    const pair = await PtyPair.open();
    cleanups.push(() => pair.close());
    const prng = seededPrng(20261201);

    let current: Incarnation | null = null;
    let ackedCards = 0;
    let killOnAck: number | null = null;
    const sim = new SerialShoeSimulator({
      path: pair.devicePath, format: 'framed', paceMs: 2, heartbeatMs: 500, ackTimeoutMs: 100,
      onAcknowledged: ({ payload }) => {
        if (!payload.startsWith('C')) return;
        ackedCards++;
        if (killOnAck !== null && ackedCards >= killOnAck && current) {
          killOnAck = null;
          const victim = current;
          setTimeout(() => kill(victim), prng.nextInt(4)); // sometimes before, sometimes after the next read's commit
        }
      },
    });
    cleanups.push(() => sim.stop());
    await sim.start();
    cleanups.push(() => {
      if (current) kill(current);
    });

    const decks: (readonly Card[])[] = [];
    const kills = { self: 0, external: 0 };
    for (let deal = 0; deal < 3; deal++) {
      ackedCards = 0;
      // Eight kill points spread over the deal, alternately from inside and from outside.
      const points = new Set<number>();
      while (points.size < 8) points.add(3 + prng.nextInt(46));
      const plan = [...points].sort((a, b) => a - b).map((at, k) => ({ at, how: k % 2 === 0 ? 'self' as const : 'external' as const }));

      const dieAt = (p: { at: number; how: string } | undefined) => (p?.how === 'self' ? p.at : null);
      current = startTerminal(db, pair.terminalPath, dieAt(plan[0]));
      expect(await current.ready, current.output()).toBe(true);
      let done = false;
      const dealt = sim.deal(5000 + deal).then((r) => {
        done = true;
        return r;
      });
      for (;;) {
        const next = plan[0];
        if (next?.how === 'external') killOnAck = next.at;
        await Promise.race([current.exited, dealt]);
        if (done) break;
        expect(current.child.signalCode, `the terminal ended by itself: ${current.output()}`).toBe('SIGKILL');
        kills[next!.how]++;
        plan.shift();
        current = startTerminal(db, pair.terminalPath, dieAt(plan[0]));
      }
      const report = await dealt;
      expect(report.completed).toBe(true);
      expect(ackedCards).toBe(52);
      decks.push(report.cards);
      kill(current);
      await current.exited;
      current = null;
      killOnAck = null;
    }
    expect(kills.self + kills.external).toBeGreaterThanOrEqual(20);

    const store = openStore(db, { readonly: true });
    try {
      const hands = store.db.prepare("SELECT DISTINCT hand_id FROM events WHERE type = 'hand-started' ORDER BY id").pluck().all() as string[];
      expect(hands).toHaveLength(3);
      for (const [k, handId] of hands.entries()) {
        const events = store.handEvents<HandEvent>(handId);
        const reads = events.flatMap((e) => (e.body.type === 'card-dealt' ? [e.body] : []));
        expect(reads.map((r) => r.card), `hand ${handId}: every acknowledged card once, in the order dealt`).toEqual(decks[k]);
        expect(events.some((e) => e.body.type === 'misdeal-called' || e.body.type === 'sequence-gap' || e.body.type === 'card-unreadable')).toBe(false);
        expect(reads.every((r) => r.device === `path:${pair.terminalPath}` && r.simulated === undefined)).toBe(true);
        expect(replay(events.map((e) => e.body)).ok).toBe(true);
      }
    } finally {
      store.close();
    }
  }, 240_000);
});
