/**
 * Serial: cards per second through a socat pseudo-terminal with no card lost, and the delay
 * from a card's bytes being written on the wire to the card event (median, 99th percentile).
 * Simulator and reader run in this process, so the latency includes sharing one event loop
 * (an upper bound), and t0 is taken just before the write call (also an upper bound).
 * Targets (issue 4): >= 500 cards/s with none lost; p99 < 10 ms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../app/services/store';
import { TableService } from '../../app/services/table-service';
import { formatRate, percentile, type BenchSection } from '../section';
import { SerialCardDevice } from '../../hardware/serial-device';
import { PtyPair } from '../../hardware/sim/pty-pair';
import { SerialShoeSimulator } from '../../hardware/sim/serial-shoe-sim';
import type { WireFormat } from '../../hardware/protocol/receiver';

interface Run {
  readonly received: number;
  readonly dealt: number;
  readonly ms: number;
  readonly latencies: number[];
}

async function deal(format: WireFormat, decks: number, paceMs: number): Promise<Run> {
  const pair = await PtyPair.open();
  const written: number[] = [];
  const latencies: number[] = [];
  let received = 0;
  const device = new SerialCardDevice({ port: pair.terminalPath, format, heartbeatTimeoutMs: null });
  device.subscribe((e) => {
    e.acknowledge?.();
    if (e.kind !== 'card' || e.resend) return;
    const t0 = written[received];
    if (t0 !== undefined) latencies.push(performance.now() - t0);
    received++;
  });
  const sim = new SerialShoeSimulator({
    path: pair.devicePath,
    format,
    paceMs,
    heartbeatMs: null,
    onCardWrite: () => written.push(performance.now()),
  });
  try {
    await device.start();
    await sim.start();
    const start = performance.now();
    for (let d = 0; d < decks; d++) await sim.deal(1000 + d);
    // Lines have no ACK: give the reader a moment to drain what is on the wire.
    const deadline = performance.now() + 2000;
    while (received < decks * 52 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 1));
    const ms = performance.now() - start;
    return { received, dealt: decks * 52, ms, latencies };
  } finally {
    await sim.stop();
    await device.stop();
    await pair.close();
  }
}

/**
 * Framed cards through a pty into the table service on a real file: each card's event committed
 * (synchronous=FULL) before its ACK goes back, as the terminal deals. `decks` hands of 52.
 */
async function dealIntoService(decks: number): Promise<{ cards: number; ms: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-ack-'));
  const pair = await PtyPair.open();
  const store = openStore(join(dir, 'ack.db'));
  const service = new TableService(store);
  const must = <T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  };
  must(service.openTable({ tableId: 'A1', pointValue: 100 }));
  must(service.dealerOn({ tableId: 'A1', dealer: 'Bench' }));
  must(service.seatPlayer({ tableId: 'A1', seat: 1, playerId: 'p1', buyIn: 1_000_000 }));
  must(service.seatPlayer({ tableId: 'A1', seat: 2, playerId: 'p2', buyIn: 1_000_000 }));
  const device = new SerialCardDevice({ port: pair.terminalPath, format: 'framed', heartbeatTimeoutMs: null });
  const detach = must(service.attachCardSource('A1', device));
  const sim = new SerialShoeSimulator({ path: pair.devicePath, format: 'framed', paceMs: 0, heartbeatMs: null });
  let ms = 0;
  try {
    await device.start();
    await sim.start();
    for (let d = 0; d < decks; d++) {
      must(service.startHand({ tableId: 'A1' }));
      const t0 = performance.now();
      await sim.deal(2000 + d); // resolves once the shoe has every card's ACK: after its commit
      ms += performance.now() - t0;
      const reads = must(service.snapshot('A1')).hand!.state.deal.reads;
      if (reads !== 52) throw new Error(`the service holds ${reads} reads of a 52-card deal`);
      must(service.voidHand({ tableId: 'A1', floor: 'Bench', reason: 'bench: next deal' }));
    }
    return { cards: decks * 52, ms };
  } finally {
    await sim.stop();
    await device.stop();
    detach();
    store.close();
    await pair.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export const section: BenchSection = {
  name: 'serial',
  order: 40,
  async run({ quick }) {
    const decks = quick ? 2 : 20;
    const framed = await deal('framed', decks, 0);
    const lines = await deal('lines', decks, 0);
    // Latency on an idle line: one card every 5 ms.
    const paced = await deal('framed', quick ? 1 : 6, 5);
    const committed = await dealIntoService(quick ? 2 : 10);
    const serviceCardsPerSec = (committed.cards * 1000) / committed.ms;
    const cardsPerSec = (framed.received * 1000) / framed.ms;
    const linesPerSec = (lines.received * 1000) / lines.ms;
    const cardsLost = framed.dealt - framed.received;
    const median = percentile(paced.latencies, 50);
    const p99 = percentile(paced.latencies, 99);
    const ok = (b: boolean) => (b ? 'ok' : 'MISSED');
    return {
      rows: [
        { what: `framed cards through a pty (${framed.dealt}, ACK each)`, figure: formatRate(cardsPerSec), note: `target >= 500/s: ${ok(cardsPerSec >= 500)}` },
        { what: 'framed cards lost', figure: String(cardsLost), note: `target 0: ${ok(cardsLost === 0)}` },
        {
          what: `framed cards into the table service (${committed.cards}, each ACKed after its commit)`,
          figure: formatRate(serviceCardsPerSec),
          note: `${(serviceCardsPerSec / cardsPerSec).toFixed(2)}x the pty alone; ${(committed.ms / committed.cards).toFixed(2)} ms a card`,
        },
        { what: `lines cards through a pty (${lines.dealt}, no ACK)`, figure: formatRate(linesPerSec), note: `${lines.dealt - lines.received} lost` },
        { what: `latency wire -> card event, median (${paced.latencies.length} cards)`, figure: `${median.toFixed(2)} ms` },
        { what: 'latency wire -> card event, p99', figure: `${p99.toFixed(2)} ms`, note: `target < 10 ms: ${ok(p99 < 10)}` },
      ],
      json: {
        serial: {
          cardsPerSec: Math.round(cardsPerSec),
          serviceCardsPerSec: Math.round(serviceCardsPerSec),
          serviceOverPty: Number((serviceCardsPerSec / cardsPerSec).toFixed(3)),
          cardsLost,
          latencyMsMedian: Number(median.toFixed(3)),
          latencyMsP99: Number(p99.toFixed(3)),
        },
      },
    };
  },
};
