/**
 * The whole-database audit's calling-thread code (app/services/audit.ts: the settings, the
 * snapshot, the pass on this thread, the timings it reports) on a real SQLite file: written to
 * kill the survivors of Stryker's mutants of that code (docs/testing.md). An honest simulated log
 * (6 hands at table SIM), read-only, and a copy of it changed behind the terminal's back.
 */
import Database from 'better-sqlite3';
import { copyFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, replayHands, type AuditTimings } from '../../../app/services/audit';
import { openStore } from '../../../app/services/store';
import { simulatedLog, tamper, tempFolder } from './temp';

const tmp = tempFolder('cp-audit-b-');
const honest = tmp.file('honest.db');

beforeAll(async () => {
  await simulatedLog(honest, 6, 5);
}, 60_000);
afterAll(() => tmp.cleanup());

function withStore<R>(fn: (store: ReturnType<typeof openStore>) => R, path = honest): R {
  const store = openStore(path, { readonly: true });
  try {
    return fn(store);
  } finally {
    store.close();
  }
}

describe('the timings of an audit on this thread', () => {
  it("give the tables' check in seconds: more than nothing, within the whole audit's own time", () => {
    const timings: AuditTimings = {};
    const t0 = performance.now();
    const found = withStore((store) => auditLog(store, { threads: 0, timings }));
    const wallSec = (performance.now() - t0) / 1000;
    expect(found.tables).toMatchObject({ ok: true });
    expect(timings.tablesSec).toBeGreaterThan(0);
    expect(timings.tablesSec).toBeLessThanOrEqual(wallSec);
  });
});

describe('an error while the log is read on this thread', () => {
  it('ends the audit with that error (no findings are given for a read that did not finish)', () => {
    let calls = 0;
    const progress = {
      stage: () => {},
      done: () => {
        if (++calls === 1) throw new Error('the screen that asked is gone');
      },
    };
    expect(() => withStore((store) => auditLog(store, { threads: 0, progress }))).toThrow('the screen that asked is gone');
    expect(calls).toBe(1);
  });
});

describe("a hand's chip ledger entry whose stack after is not the events'", () => {
  it('is named at the hand, with the amount and the stack the ledger records and those the events give', () => {
    const db = new Database(honest, { readonly: true });
    const entry = db.prepare("SELECT id, hand_id AS handId, seat, amount, stack_after AS stackAfter FROM chip_ledger WHERE hand_id IS NOT NULL AND amount <> 0 ORDER BY id LIMIT 1").get() as {
      id: number; handId: string; seat: number; amount: number; stackAfter: number;
    };
    db.close();
    const path = tmp.file('ledger-stack.db');
    copyFileSync(honest, path);
    tamper(path, `UPDATE chip_ledger SET stack_after = stack_after + 1 WHERE id = ${entry.id}`);
    const sign = (n: number) => (n >= 0 ? `+${n}` : `${n}`);
    const report = withStore((store) => replayHands(store, { threads: 0 }), path);
    expect(report.problems).toContainEqual({
      handId: entry.handId,
      message: `seat ${entry.seat}: the chip ledger records ${sign(entry.amount)} to ${entry.stackAfter + 1}, the events give ${sign(entry.amount)} to ${entry.stackAfter}`,
    });
  });
});
