/**
 * Serial: cards per second through a socat pseudo-terminal with no card lost, and the delay
 * from a card's bytes being written on the wire to the card event (median, 99th percentile).
 * Simulator and reader run in this process, so the latency includes sharing one event loop
 * (an upper bound), and t0 is taken just before the write call (also an upper bound).
 * Targets (issue 4): >= 500 cards/s with none lost; p99 < 10 ms.
 */
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

export const section: BenchSection = {
  name: 'serial',
  order: 40,
  async run({ quick }) {
    const decks = quick ? 2 : 20;
    const framed = await deal('framed', decks, 0);
    const lines = await deal('lines', decks, 0);
    // Latency on an idle line: one card every 5 ms.
    const paced = await deal('framed', quick ? 1 : 6, 5);
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
        { what: `lines cards through a pty (${lines.dealt}, no ACK)`, figure: formatRate(linesPerSec), note: `${lines.dealt - lines.received} lost` },
        { what: `latency wire -> card event, median (${paced.latencies.length} cards)`, figure: `${median.toFixed(2)} ms` },
        { what: 'latency wire -> card event, p99', figure: `${p99.toFixed(2)} ms`, note: `target < 10 ms: ${ok(p99 < 10)}` },
      ],
      json: {
        serial: {
          cardsPerSec: Math.round(cardsPerSec),
          cardsLost,
          latencyMsMedian: Number(median.toFixed(3)),
          latencyMsP99: Number(p99.toFixed(3)),
        },
      },
    };
  },
};
