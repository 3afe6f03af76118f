/**
 * The casino tier: a throw-away PostgreSQL (test/support/postgres.ts: initdb into a temporary
 * folder, a Unix socket, fsync off: PostgreSQL's own durability is not what is measured, its
 * intake is) and table databases on this machine's disk (synchronous=FULL, as the terminal
 * writes them). Side by side, in the same run:
 *
 * - tableCommitEventsPerSec: one table playing simulated hands flat out (`simulate`: the table
 *   service, one durable commit per command), no forwarder: the table's own commit rate.
 * - withForwarderEventsPerSec: the same, a forwarder beside it in the process (woken by every
 *   commit, sending to the server as it plays): what forwarding costs the table (the ratio).
 * - lagPacedMs: for every event, from its commit at the table to the server's confirmation of
 *   the batch holding it (the central row committed), median and p99, for one table whose
 *   dealer acts every 10 ms (a busy real table acts every few seconds).
 * - lagMs: the same for ten tables playing at once in one process, each with its forwarder,
 *   flat out: one thread for all ten and their forwarders, whose loop turns only between the
 *   tables' commands, so this is the lag under full load.
 * - ingest10TablesEventsPerSec: ten table databases with a backlog each (written by the store
 *   bench's fast path: real hands, chained), forwarded at once (ten connections), from the first
 *   connect to the last confirmation: what the server takes in. Its ratio to the table's own
 *   commit rate is how many tables dealing flat out one server keeps up with.
 * - catchUpSec: a 10,000-hand backlog (one table that was offline) caught up by the terminal's
 *   forwarder (start to `connected`); beside it the time the table took to commit those events
 *   at its own rate, the table thread's time per batch (the rows read and the cursor's commit:
 *   what a dealer's request could wait behind, p99 and max) and the event loop's delay during
 *   the catch-up (p99). --quick: 1,000 hands, the time scaled to 10,000.
 *
 * Without PostgreSQL's programs (`initdb`) the section is skipped with a note. JSON: "casino".
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { CentralSession } from '../../app/casino/central';
import { connectCentral } from '../../app/casino/central-db';
import { centralMigrations, migrateCentral } from '../../app/casino/central-migrations';
import { parseCentralUrl, type CentralUrl } from '../../app/casino/central-url';
import { Forwarder, forwardPending, type ForwarderOptions } from '../../app/casino/forwarder';
import { tableLogOf, type TableLog } from '../../app/casino/table-log';
import { unwrap } from '../../app/domain/result';
import { simulate } from '../../app/services/simulation';
import { openStore, type Store } from '../../app/services/store';
import { TableService } from '../../app/services/table-service';
import { startPostgres, type PgCluster } from '../../test/support/postgres';
import { formatRate, percentile, type BenchSection } from '../section';
import { bulkHands } from './30-store';

const TABLES = 10;
const PACE_MS = 10;

/** Where initdb would be found, as test/support/postgres.ts looks (PG_BIN, Debian's folders, the PATH). */
function initdbFound(): boolean {
  if (process.env.PG_BIN) return existsSync(join(process.env.PG_BIN, 'initdb'));
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian) && readdirSync(debian).some((v) => existsSync(join(debian, v, 'bin', 'initdb')))) return true;
  return (process.env.PATH ?? '').split(delimiter).some((d) => d !== '' && existsSync(join(d, 'initdb')));
}

const seconds = (ms: number) => ms / 1000;
const perSec = (rate: number) => (rate >= 1000 ? `${formatRate(rate).replace('/s', '')} events/s` : `${Math.round(rate)} events/s`);
const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

/** A table database in `dir` and its service. */
function table(dir: string, name: string): { store: Store; service: TableService; log: TableLog } {
  const store = openStore(join(dir, `${name}.db`));
  return { store, service: new TableService(store), log: unwrap(tableLogOf(store)) };
}

function eventCount(store: Store): number {
  return store.db.prepare('SELECT count(*) FROM events').pluck().get() as number;
}

/** Resolves when `f` reports `connected` (every committed row confirmed). */
function connected(f: Forwarder): Promise<void> {
  return new Promise((resolve) => {
    if (f.state().state === 'connected') return resolve();
    const off = f.subscribe((s) => {
      if (s.state === 'connected') {
        off();
        resolve();
      }
    });
  });
}

/** One table playing `hands` simulated hands; events committed per second. */
async function playAlone(dir: string, name: string, hands: number, seed: number, url: CentralUrl | null): Promise<number> {
  const t = table(dir, name);
  let forwarder: Forwarder | null = null;
  try {
    if (url) {
      const f = new Forwarder(t.log, () => CentralSession.open(url));
      t.service.subscribe(() => f.wake());
      f.start();
      await connected(f);
      forwarder = f;
    }
    const before = eventCount(t.store);
    const t0 = performance.now();
    await simulate(t.service, { hands, seed, tableId: name });
    return (eventCount(t.store) - before) / seconds(performance.now() - t0);
  } finally {
    await forwarder?.stop();
    t.store.close();
  }
}

/** Ten tables playing at once with their forwarders: each event's lag from its commit to the server's confirmation. */
async function liveLag(dir: string, hands: number, url: CentralUrl): Promise<{ samples: number[]; events: number; ms: number }> {
  const samples: number[] = [];
  const tables = Array.from({ length: TABLES }, (_, i) => table(dir, `L${i}`));
  const forwarders: Forwarder[] = [];
  try {
    for (const t of tables) {
      const committedAt = new Map<number, number>();
      t.service.subscribe((u) => {
        if (u.kind !== 'state-changed') return;
        const now = performance.now();
        for (const e of u.events) committedAt.set(e.id, now);
      });
      const options: ForwarderOptions = {
        onConfirmed: (_receipt, rows) => {
          const now = performance.now();
          for (const r of rows) {
            const at = committedAt.get(r.id);
            if (at === undefined) continue;
            samples.push(now - at);
            committedAt.delete(r.id);
          }
        },
      };
      const f = new Forwarder(t.log, () => CentralSession.open(url), options);
      t.service.subscribe(() => f.wake());
      f.start();
      forwarders.push(f);
    }
    await Promise.all(forwarders.map(connected));
    const t0 = performance.now();
    await Promise.all(tables.map((t, i) => simulate(t.service, { hands, seed: 100 + i, tableId: `L${i}` })));
    await Promise.all(forwarders.map(connected));
    return { samples, events: tables.reduce((n, t) => n + eventCount(t.store), 0), ms: performance.now() - t0 };
  } finally {
    for (const f of forwarders) await f.stop();
    for (const t of tables) t.store.close();
  }
}

/**
 * One table whose dealer acts every `paceMs` (a relief at the box: a command and its events),
 * with its forwarder: each event's lag from its commit to the server's confirmation.
 */
async function pacedLag(dir: string, commands: number, paceMs: number, url: CentralUrl): Promise<number[]> {
  const t = table(dir, 'P');
  const samples: number[] = [];
  const committedAt = new Map<number, number>();
  t.service.subscribe((u) => {
    if (u.kind !== 'state-changed') return;
    const now = performance.now();
    for (const e of u.events) committedAt.set(e.id, now);
  });
  const f = new Forwarder(t.log, () => CentralSession.open(url), {
    onConfirmed: (_receipt, rows) => {
      const now = performance.now();
      for (const r of rows) {
        const at = committedAt.get(r.id);
        if (at !== undefined) samples.push(now - at);
        committedAt.delete(r.id);
      }
    },
  });
  t.service.subscribe(() => f.wake());
  try {
    unwrap(t.service.openTable({ tableId: 'P', name: 'Paced table', profile: 'mandarin-house', pointValue: 100 }));
    f.start();
    await connected(f);
    committedAt.clear();
    samples.length = 0;
    for (let i = 0; i < commands; i++) {
      unwrap(t.service.dealerOn({ tableId: 'P', dealer: i % 2 === 0 ? 'Eva' : 'Filip' }));
      await new Promise((resolve) => setTimeout(resolve, paceMs));
    }
    await connected(f);
    return samples;
  } finally {
    await f.stop();
    t.store.close();
  }
}

/** Ten databases with `hands` hands each, forwarded at once: events per second taken in by the server. */
async function ingestTen(dir: string, hands: number, url: CentralUrl): Promise<{ events: number; ms: number }> {
  const stores = Array.from({ length: TABLES }, (_, i) => {
    const store = openStore(join(dir, `I${i}.db`));
    bulkHands(store, hands);
    return store;
  });
  try {
    const t0 = performance.now();
    const reports = await Promise.all(stores.map((s) => forwardPending(unwrap(tableLogOf(s)), () => CentralSession.open(url))));
    const ms = performance.now() - t0;
    let events = 0;
    for (const r of reports) {
      if (!r.ok) throw new Error(`bench: forwarding failed: ${r.error.message}`);
      if (r.value.findings.length > 0) throw new Error(`bench: the server found ${r.value.findings[0].message}`);
      events += r.value.stored;
    }
    return { events, ms };
  } finally {
    for (const s of stores) s.close();
  }
}

/** A backlog of `hands` hands caught up by the terminal's forwarder: the time, the table thread's slices, the loop's delay. */
async function catchUp(dir: string, hands: number, url: CentralUrl): Promise<{ events: number; ms: number; reads: number[]; cursors: number[]; loopP99Ms: number }> {
  const store = openStore(join(dir, 'backlog.db'));
  try {
    bulkHands(store, hands);
    const events = eventCount(store);
    const inner = unwrap(tableLogOf(store));
    // The forwarder's work on the table's thread, timed: each batch's rows read, each cursor written.
    const reads: number[] = [];
    const cursors: number[] = [];
    const timed = <A extends unknown[], R>(into: number[], fn: (...a: A) => R) => (...a: A): R => {
      const t = performance.now();
      try {
        return fn(...a);
      } finally {
        into.push(performance.now() - t);
      }
    };
    const log: TableLog = { ...inner, rows: timed(reads, inner.rows), saveCursor: timed(cursors, inner.saveCursor) };
    const f = new Forwarder(log, () => CentralSession.open(url));
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    const t0 = performance.now();
    f.start();
    await connected(f);
    const ms = performance.now() - t0;
    loop.disable();
    await f.stop();
    return { events, ms, reads, cursors, loopP99Ms: loop.percentile(99) / 1e6 };
  } finally {
    store.close();
  }
}

export const section: BenchSection = {
  name: 'casino tier (central PostgreSQL)',
  order: 60,
  async run({ quick }) {
    if (!initdbFound()) {
      const note = 'skipped: PostgreSQL is not installed here (no initdb; Debian: apt-get install postgresql)';
      return { rows: [{ what: 'casino tier', figure: 'skipped', note }], json: { casino: { skipped: note } } };
    }
    const dir = mkdtempSync(join(tmpdir(), 'cp-bench-casino-'));
    let cluster: PgCluster | null = null;
    try {
      cluster = await startPostgres();
      const url = unwrap(parseCentralUrl(await cluster.createDatabase('casino')));
      const conn = unwrap(await connectCentral(url));
      try {
        unwrap(await migrateCentral(conn.client, unwrap(centralMigrations()), url.shown));
      } finally {
        await conn.close();
      }

      // A warm-up (the code compiled, the file system's caches warm), then the two side by side,
      // in turns, the best of each: the same hands (seed), on fresh files.
      await playAlone(dir, 'W', 2, 5, null);
      let alone = 0;
      let withForwarder = 0;
      for (let r = 0; r < (quick ? 1 : 2); r++) {
        alone = Math.max(alone, await playAlone(dir, `A${r}`, quick ? 6 : 20, 11, null));
        withForwarder = Math.max(withForwarder, await playAlone(dir, `F${r}`, quick ? 6 : 20, 11, url));
      }
      const paced = await pacedLag(dir, quick ? 50 : 300, PACE_MS, url);
      const live = await liveLag(dir, quick ? 1 : 4, url);
      const ingest = await ingestTen(dir, quick ? 30 : 300, url);
      const backlogHands = quick ? 1000 : 10_000;
      const backlog = await catchUp(dir, backlogHands, url);

      const ingestRate = ingest.events / seconds(ingest.ms);
      const scale = 10_000 / backlogHands;
      const catchUpSec = seconds(backlog.ms) * scale;
      const tableSec = (backlog.events / alone) * scale;
      const lagMedian = percentile(live.samples, 50);
      const lagP99 = percentile(live.samples, 99);
      const readP99 = percentile(backlog.reads, 99);
      const cursorP99 = percentile(backlog.cursors, 99);
      const readMax = Math.max(...backlog.reads);
      const cursorMax = Math.max(...backlog.cursors);
      const scaled = scale === 1 ? '' : ` (${backlogHands} hands, scaled to 10,000)`;
      return {
        rows: [
          { what: 'table commit rate, simulated hands, alone', figure: perSec(alone), note: 'the table service, one durable commit per command' },
          { what: 'table commit rate, forwarder beside it', figure: perSec(withForwarder), note: `${round(withForwarder / alone, 2)}x alone` },
          { what: 'commit -> central row, median (a command every 10 ms)', figure: `${round(percentile(paced, 50), 2)} ms`, note: `${paced.length} events, one table` },
          { what: 'commit -> central row, p99 (a command every 10 ms)', figure: `${round(percentile(paced, 99), 2)} ms` },
          { what: 'commit -> central row, median (10 tables flat out)', figure: `${round(lagMedian)} ms`, note: `${live.samples.length} events; ten tables dealing as fast as they can in one process: the loop turns only between their commands` },
          { what: 'commit -> central row, p99 (10 tables flat out)', figure: `${round(lagP99)} ms` },
          { what: 'central intake, 10 tables at once', figure: perSec(ingestRate), note: `${ingest.events} events; ${round(ingestRate / alone)}x one table's commit rate` },
          { what: 'catch-up of a 10,000-hand backlog', figure: `${round(catchUpSec)} s`, note: `${round(backlog.events * scale / 1000)} k events${scaled}; the table took ${round(tableSec)} s to commit them (${round(tableSec / catchUpSec)}x)` },
          { what: 'table thread per batch: rows read, p99 / max', figure: `${round(readP99, 2)} / ${round(readMax, 1)} ms`, note: `${backlog.reads.length} reads of up to 500 rows, during the catch-up` },
          { what: 'table thread per batch: cursor commit, p99 / max', figure: `${round(cursorP99, 2)} / ${round(cursorMax, 1)} ms`, note: "no disk flush of its own; the longest ran SQLite's WAL checkpoint (each 1,000 pages written), as the table's own commits do" },
          { what: 'event loop delay during the catch-up, p99', figure: `${round(backlog.loopP99Ms, 1)} ms`, note: 'what a request arriving meanwhile could wait, at most about this, p99' },
        ],
        json: {
          casino: {
            tableCommitEventsPerSec: Math.round(alone),
            withForwarderEventsPerSec: Math.round(withForwarder),
            withForwarderRatio: round(withForwarder / alone, 3),
            lagPacedMsMedian: round(percentile(paced, 50), 2),
            lagPacedMsP99: round(percentile(paced, 99), 2),
            lagPacedSamples: paced.length,
            lagMsMedian: round(lagMedian, 2),
            lagMsP99: round(lagP99, 2),
            lagSamples: live.samples.length,
            ingest10TablesEventsPerSec: Math.round(ingestRate),
            ingestVsTableCommit: round(ingestRate / alone, 2),
            backlogHands: 10_000,
            backlogMeasuredHands: backlogHands,
            backlogEvents: Math.round(backlog.events * scale),
            catchUpSec: round(catchUpSec, 2),
            tableCommitSecForBacklog: round(tableSec, 2),
            catchUpVsTableCommit: round(tableSec / catchUpSec, 2),
            rowsReadMsP99: round(readP99, 3),
            cursorCommitMsP99: round(cursorP99, 3),
            rowsReadMsMax: round(readMax, 3),
            cursorCommitMsMax: round(cursorMax, 3),
            eventLoopDelayMsP99: round(backlog.loopP99Ms, 2),
          },
        },
      };
    } finally {
      await cluster?.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
