/**
 * How the forwarder stops, on a real table file and a stand-in for the central session (the
 * moments to hold are the server's, which a real server cannot be made to hit on cue): a stop
 * during a catch-up ends after the batch in flight; an orderly stop with `flushMs` first sends
 * what was committed last; one with `graceMs` does not wait for a batch that never comes back,
 * and writes no cursor once it returned, even when the batch is confirmed later.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CentralSession, IngestBatch, IngestReceipt } from '../../../app/casino/central';
import { Forwarder } from '../../../app/casino/forwarder';
import type { LogRow } from '../../../app/casino/log-row';
import { tableLogOf, type TableLog } from '../../../app/casino/table-log';
import { ok, unwrap, type Result } from '../../../app/domain/result';
import { GENESIS_HASH } from '../../../app/services/event-log';
import { openStore, type Store } from '../../../app/services/store';
import { tempFolder } from '../store/temp';
import { until } from './helpers';

const CENTRAL_ID = 'c'.repeat(32);

/** A central session that keeps what it is sent; `hold` makes an ingest wait until released. */
class StandInSession {
  readonly batches: LogRow[][] = [];
  closed = 0;
  hold: ((rows: readonly LogRow[]) => boolean) | null = null;
  release: (() => void) | null = null;
  onIngest: (n: number) => void = () => undefined;
  readonly centralId = CENTRAL_ID;
  readonly shown = 'postgres://stand-in/casino';
  private end = { lastId: 0, lastHash: GENESIS_HASH };

  broken(): Error | null {
    return null;
  }
  async position(): Promise<Result<{ lastId: number; lastHash: string }>> {
    return ok(this.end);
  }
  async ingest(_terminalId: string, batch: IngestBatch): Promise<Result<IngestReceipt>> {
    if (this.hold?.(batch.rows)) await new Promise<void>((resolve) => (this.release = resolve));
    this.batches.push([...batch.rows]);
    const last = batch.rows[batch.rows.length - 1];
    if (last) this.end = { lastId: last.id, lastHash: last.hash };
    this.onIngest(this.batches.length);
    return ok({ stored: batch.rows.length, duplicates: 0, findings: [], end: this.end });
  }
  async close(): Promise<void> {
    this.closed++;
  }
}

let tmp: ReturnType<typeof tempFolder>;
let store: Store;
let log: TableLog;

beforeEach(() => {
  tmp = tempFolder('cp-forwarder-stop-');
  store = openStore(tmp.file('t.db'));
  log = unwrap(tableLogOf(store));
});
afterEach(() => {
  store.close();
  tmp.cleanup();
});

/** Appends `n` events, one commit each. */
function commit(n: number): void {
  for (let i = 0; i < n; i++) store.write((tx) => tx.append({ tableId: 'T1', body: { type: 'note-added', at: '2025-03-01T20:00:00.000Z', by: 'test', n: i } }));
}

function forwarder(session: StandInSession, options: ConstructorParameters<typeof Forwarder>[2] = {}): Forwarder {
  return new Forwarder(log, async () => ok(session as unknown as CentralSession), { pollMs: 60_000, ...options });
}

describe('the forwarder stops', () => {
  it('during a catch-up: after the batch in flight, its cursor written, the rest left for the next start', async () => {
    commit(1000);
    const session = new StandInSession();
    const f = forwarder(session, { batchRows: 100 });
    let stopped: Promise<void> | null = null;
    session.onIngest = (n) => {
      if (n === 3) stopped = f.stop();
    };
    f.start();
    await until('the stop asked for', () => stopped !== null);
    await stopped;
    expect(session.batches.map((b) => [b[0].id, b[b.length - 1].id])).toEqual([[1, 100], [101, 200], [201, 300]]);
    expect(log.cursor()).toMatchObject({ centralId: CENTRAL_ID, confirmedId: 300 });
    expect(f.state()).toMatchObject({ state: 'stopped', confirmedId: 300, behind: 700 });
  });

  it('with flushMs: first sends what was committed last (the rows a stop writes); without, leaves them', async () => {
    commit(5);
    const session = new StandInSession();
    const f = forwarder(session);
    f.start();
    await until('caught up', () => f.state().state === 'connected');
    commit(2); // not woken: only the stop's flush sends them
    await f.stop({ flushMs: 60_000 });
    expect(session.batches.flat().map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(log.cursor()?.confirmedId).toBe(7);

    // The same server, a new start: without flushMs what comes after the last look stays.
    const before = session.batches.length;
    const g = forwarder(session);
    g.start();
    await until('caught up again', () => g.state().state === 'connected');
    commit(2);
    await g.stop();
    expect(session.batches.slice(before).flat().map((r) => r.id)).toEqual([7]); // the row at the cursor, sent again on connect
    expect(log.cursor()?.confirmedId).toBe(7);
    expect(g.state()).toMatchObject({ state: 'stopped', behind: 2 });
  });

  it('with graceMs: a batch that never comes back is abandoned, the session closed under it, and no cursor written after', async () => {
    commit(3);
    const session = new StandInSession();
    session.hold = () => true;
    const f = forwarder(session);
    f.start();
    await until('the batch in flight', () => session.release !== null);
    await f.stop({ graceMs: 10 });
    expect(session.closed).toBe(1);
    expect(f.state().state).toBe('stopped');
    // The server answers after all: the forwarder does nothing more with the table's file.
    session.release!();
    await until('the late answer taken', () => session.batches.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log.cursor()).toBeNull();
    expect(f.state().state).toBe('stopped');
  });
});
