/**
 * A backlog's catch-up as the forwarder tells it (the screen's bar: N of M sent, the rate, the
 * time left), on a real table file and a stand-in for the central session: none for the usual
 * few events behind; from more than `catchUpFrom` waiting, sent/total growing batch by batch
 * until connected, where it ends. And `forwardPending` (`table sync`) telling its progress.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CentralSession, IngestBatch, IngestReceipt } from '../../../app/casino/central';
import { forwardPending, Forwarder, type CatchUp, type CentralLinkState } from '../../../app/casino/forwarder';
import { tableLogOf, type TableLog } from '../../../app/casino/table-log';
import { ok, unwrap, type Result } from '../../../app/domain/result';
import { GENESIS_HASH } from '../../../app/services/event-log';
import { openStore, type Store } from '../../../app/services/store';
import { centralLinkView } from '../../../app/terminal/view';
import { tempFolder } from '../store/temp';
import { until } from './helpers';

/** A central session that keeps what it is sent, as forwarder-stop.test.ts's. */
class StandInSession {
  readonly centralId = 'c'.repeat(32);
  readonly shown = 'postgres://stand-in/casino';
  private end = { lastId: 0, lastHash: GENESIS_HASH };
  broken(): Error | null {
    return null;
  }
  async position(): Promise<Result<{ lastId: number; lastHash: string }>> {
    return ok(this.end);
  }
  async ingest(_terminalId: string, batch: IngestBatch): Promise<Result<IngestReceipt>> {
    await new Promise((resolve) => setTimeout(resolve, 2));
    const last = batch.rows[batch.rows.length - 1];
    if (last) this.end = { lastId: last.id, lastHash: last.hash };
    return ok({ stored: batch.rows.length, duplicates: 0, findings: [], end: this.end });
  }
  async close(): Promise<void> {}
}

let tmp: ReturnType<typeof tempFolder>;
let store: Store;
let log: TableLog;

beforeEach(() => {
  tmp = tempFolder('cp-forwarder-catch-up-');
  store = openStore(tmp.file('t.db'));
  log = unwrap(tableLogOf(store));
});
afterEach(() => {
  store.close();
  tmp.cleanup();
});

function commit(n: number): void {
  store.write((tx) => {
    for (let i = 0; i < n; i++) tx.append({ tableId: 'T1', body: { type: 'note-added', at: '2025-03-01T20:00:00.000Z', by: 'test', n: i } });
  });
}

function catchUpOf(s: CentralLinkState): CatchUp | null {
  return s.state === 'behind' ? s.catchUp : null;
}

describe('the catch-up of a backlog', () => {
  it('from more than catchUpFrom waiting: sent of total batch by batch, a rate and the time left, gone once connected', async () => {
    commit(300);
    const f = new Forwarder(log, async () => ok(new StandInSession() as unknown as CentralSession), { pollMs: 60_000, batchRows: 50, catchUpFrom: 100 });
    const seen: CentralLinkState[] = [];
    f.subscribe((s) => seen.push(s));
    f.start();
    await until('caught up', () => f.state().state === 'connected');
    await f.stop();
    const ups = seen.map(catchUpOf).filter((c): c is CatchUp => c !== null);
    expect(ups.map((c) => c.sent)).toEqual([0, 50, 100, 150, 200, 250]);
    for (const c of ups) expect(c.total).toBe(300);
    expect(ups[0]).toMatchObject({ perSecond: null, secondsLeft: null });
    for (const c of ups.slice(1)) {
      expect(c.perSecond).toBeGreaterThan(0);
      expect(c.secondsLeft).toBe(Math.ceil((300 - c.sent) / c.perSecond!));
    }
    // The screen's view carries it while it lasts, and not once connected.
    const behind = seen.find((s) => catchUpOf(s)?.sent === 100)!;
    expect(centralLinkView(behind)).toMatchObject({ state: 'behind', behind: 200, catchUp: { sent: 100, total: 300 } });
    const connected = seen.filter((s) => s.state === 'connected').pop()!;
    expect(centralLinkView(connected)).toEqual({ state: 'connected', behind: 0, downSince: null, retryAt: null, reason: null });
  });

  it('the usual few events behind are no catch-up (by default: up to two batches)', async () => {
    commit(20);
    const f = new Forwarder(log, async () => ok(new StandInSession() as unknown as CentralSession), { pollMs: 60_000, batchRows: 10 });
    const seen: CentralLinkState[] = [];
    f.subscribe((s) => seen.push(s));
    f.start();
    await until('caught up', () => f.state().state === 'connected');
    await f.stop();
    expect(seen.some((s) => s.state === 'behind')).toBe(true);
    expect(seen.map(catchUpOf).filter((c) => c !== null)).toEqual([]);
  });
});

describe('forwardPending (table sync)', () => {
  it('tells the events to send from where it goes on, then each batch confirmed, up to the total', async () => {
    commit(120);
    const told: string[] = [];
    const r = await forwardPending(log, async () => ok(new StandInSession() as unknown as CentralSession), {
      batchRows: 50,
      progress: { stage: (stage, total, unit) => told.push(`${stage} ${total} ${unit}`), done: (n) => told.push(String(n)) },
    });
    expect(unwrap(r).confirmedId).toBe(120);
    expect(told).toEqual(['forward 120 events', '50', '100', '120']);
  });
});
