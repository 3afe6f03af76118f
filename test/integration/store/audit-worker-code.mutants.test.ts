/**
 * The audit's code that normally runs on a worker thread (audit.ts's `auditTask`: a range of the
 * log read once, its hand rows cut into blocks, the whole blocks checked; the range's fold;
 * `HandChecker.checkAll`, the query rows of many hands read together), called here in this
 * process on a real SQLite file, and the calling thread's side of a run by worker threads (the
 * blocks joined into hands, the hands cut by a range read again, the run noted by the checks it
 * ran, the fall-back to one pass). What a range promises is checked against what one pass
 * promises: a block is one table's rows of one hand with no other hand of that table between
 * them, checked exactly when another hand of its table comes before and after it in the range,
 * with the findings the one-pass check of that hand gives. The log: two tables (T1 played by
 * hand, SIM simulated) whose hands interleave, a misdeal, a void, a late floor note, a hand
 * still in play; copies of it changed behind the terminal's back.
 */
import Database from 'better-sqlite3';
import { renameSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay } from '../../../app/domain/hand';
import { seatStatus } from '../../../app/domain/hand/views';
import { bestArrangement } from '../../../app/domain/arrange';
import { auditLog, auditTask, HandChecker, replayHands, verifyChain, type AuditTask, type AuditTimings, type HandBlock, type HandFindings } from '../../../app/services/audit';
import type { Progress } from '../../../app/services/progress';
import { ChainVerifier, logExtent } from '../../../app/services/event-log';
import { simulate } from '../../../app/services/simulation';
import { auditTables, MAX_TABLE_PROBLEMS, RangeRebuild } from '../../../app/services/table-audit';
import { openStore } from '../../../app/services/store';
import type { TableService } from '../../../app/services/table-service';
import { poolRunMark, poolRunsSince } from '../../../app/services/worker-pool';
import { attachShoe, must, openTable, rig, T } from '../services/helpers';
import { keepAsHonest, tamperedCopies, tempFolder } from './temp';
import type { InProcessShoe } from '../../../hardware/sim/in-process-shoe';

const tmp = tempFolder('cp-audit-worker-code-');
let honest = '';

/** A hand at T1 dealt, then `between` run (the other table's hands), then played to its last payment. */
async function handAround(s: TableService, shoe: InProcessShoe, seed: number, between: () => Promise<unknown>): Promise<void> {
  must(s.startHand({ tableId: T }));
  await shoe.deal(seed);
  await between();
  let snap = must(s.snapshot(T));
  for (const x of snap.hand!.state.seats.filter((y) => y.playing)) {
    if (seatStatus(snap.hand!.state, x.seat) === 'waiting') must(s.seatReady({ tableId: T, seat: x.seat }));
  }
  snap = must(s.openShowdown({ tableId: T }));
  for (const x of snap.hand!.state.seats.filter((y) => y.playing)) must(s.setHand({ tableId: T, seat: x.seat, ...bestArrangement(x.dealt).hand, source: 'touch' }));
  snap = must(s.settle({ tableId: T }));
  const n = snap.hand!.state.settlement!.executed.length;
  for (let i = 0; i < n; i++) must(s.executePayment({ tableId: T, index: i }));
}

beforeAll(async () => {
  const r = rig();
  const s = r.service;
  openTable(s);
  const { shoe, detach } = await attachShoe(s);
  await handAround(s, shoe, 1, async () => {});
  await handAround(s, shoe, 2, () => simulate(s, { hands: 3, seed: 5, tableId: 'SIM' }));
  must(s.startHand({ tableId: T }));
  must(s.callMisdeal({ tableId: T, cause: 'floor-ruling', floor: 'Jana', detail: 'cards flashed' }));
  await handAround(s, shoe, 3, () => simulate(s, { hands: 5, seed: 6, tableId: 'SIM' }));
  must(s.startHand({ tableId: T }));
  must(s.voidHand({ tableId: T, floor: 'Jana', reason: 'dispute at the box' }));
  must(s.floorCorrection({ tableId: T, floor: 'Jana', reason: 'recount asked by seat 2', action: { kind: 'note' }, handId: 'T1-1' }));
  await handAround(s, shoe, 4, () => simulate(s, { hands: 8, seed: 7, tableId: 'SIM' }));
  await handAround(s, shoe, 5, async () => {});
  await handAround(s, shoe, 6, async () => {});
  // T1 ends with a hand in play.
  must(s.startHand({ tableId: T }));
  await shoe.deal(8);
  detach();
  await shoe.stop();
  honest = keepAsHonest(r, tmp);
}, 120_000);
afterAll(() => tmp.cleanup());

/** A copy of the honest log with `sql` run on it behind the terminal's back. */
const tampered = tamperedCopies(tmp, () => honest);

function withDb<R>(path: string, fn: (db: Database.Database) => R): R {
  const db = new Database(path, { readonly: true });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

interface Row { id: number; table_id: string; hand_id: string; type: string; body: string }

/** The hand rows `after < id <= upTo`, in id order. */
function handRowsOf(db: Database.Database, after: number, upTo: number): Row[] {
  return db.prepare('SELECT id, table_id, hand_id, type, body FROM events WHERE hand_id IS NOT NULL AND id > ? AND id <= ? ORDER BY id').all(after, upTo) as Row[];
}

interface Expected { block: HandBlock; rows: Row[]; checked: boolean }

/**
 * The blocks a range promises: each table's rows of one hand, no other hand of that table
 * between them, in the order they start; checked when another hand of the table comes before
 * and after it in the range.
 */
function expectedBlocks(db: Database.Database, after: number, upTo: number): Expected[] {
  const out: Expected[] = [];
  const open = new Map<string, Expected & { afterOther: boolean }>();
  for (const r of handRowsOf(db, after, upTo)) {
    let cur = open.get(r.table_id);
    if (cur && cur.block.handId !== r.hand_id) {
      cur.checked = cur.afterOther;
      cur = undefined;
    }
    if (!cur) {
      cur = { block: { handId: r.hand_id, tableId: r.table_id, firstId: r.id, lastId: r.id, rows: 0, settledEventId: null }, rows: [], checked: false, afterOther: open.has(r.table_id) };
      open.set(r.table_id, cur);
      out.push(cur);
    }
    cur.block.lastId = r.id;
    cur.block.rows++;
    cur.rows.push(r);
    if (r.type === 'settled') cur.block.settledEventId = r.id;
  }
  return out;
}

/** What one pass's check of a hand made of `rows` finds. */
function oneCheck(db: Database.Database, handId: string, rows: readonly Row[]): HandFindings {
  const settled = rows.find((r) => r.type === 'settled')?.id ?? null;
  return new HandChecker(db).check(handId, rows.map((r) => JSON.parse(r.body)), settled);
}

function task(after: number, upTo: number, more: Partial<AuditTask> = {}): AuditTask {
  return { after, upTo, chain: false, hands: true, maxProblems: 50, ...more };
}

/** The range's blocks must be the promised ones, the checked ones with one pass's findings. */
function expectBlocks(db: Database.Database, blocks: readonly HandBlock[], after: number, upTo: number): Expected[] {
  const want = expectedBlocks(db, after, upTo);
  expect(blocks.map((b) => ({ handId: b.handId, tableId: b.tableId, firstId: b.firstId, lastId: b.lastId, rows: b.rows, settledEventId: b.settledEventId })))
    .toEqual(want.map((w) => w.block));
  for (let i = 0; i < want.length; i++) {
    const what = `block ${i} (${want[i].block.handId})`;
    if (want[i].checked) {
      expect(blocks[i].found, what).toEqual(oneCheck(db, want[i].block.handId, want[i].rows));
      expect(blocks[i].events, what).toBe(want[i].rows.length);
    } else {
      expect(blocks[i].found, what).toBeUndefined();
      expect(blocks[i].events, what).toBeUndefined();
    }
  }
  return want;
}

const maxIdOf = (db: Database.Database) => db.prepare('SELECT max(id) FROM events').pluck().get() as number;

/** Query tables that disagree with the events, in many hands (and a hand row missing). */
const DAMAGE = `
  UPDATE hands SET outcome = 'void' WHERE id = 'SIM-2';
  UPDATE hands SET phase = 'paying' WHERE id = 'T1-4';
  UPDATE hands SET misdeal_cause = 'shoe-jam' WHERE id = 'T1-3';
  UPDATE hands SET settled_event_id = settled_event_id + 1 WHERE id = 'SIM-4';
  UPDATE payments SET amount = amount + 100 WHERE hand_id = 'T1-2' AND ordinal = 0;
  UPDATE payments SET executed_event_id = NULL WHERE hand_id = 'SIM-6';
  INSERT INTO chip_ledger (table_id, seat, player, kind, amount, stack_after, hand_id, event_id, at)
    SELECT table_id, seat, player, kind, amount + 7, stack_after + 7, hand_id, event_id, at FROM chip_ledger WHERE hand_id = 'T1-6' AND seat = 2 AND kind = 'hand';
  UPDATE chip_ledger SET amount = amount - 1 WHERE hand_id = 'SIM-7' AND kind = 'hand' AND seat = 1;
  DELETE FROM hand_seats WHERE hand_id = 'SIM-3' AND seat = 3;
  UPDATE hand_seats SET net = net + 5 WHERE hand_id = 'T1-7' AND seat = 1;
  UPDATE hand_seats SET stack_after = stack_after + 5 WHERE hand_id = 'SIM-5' AND seat = 2;
  DELETE FROM hands WHERE id = 'T1-8';
  DELETE FROM hand_seats WHERE hand_id = 'T1-2';
  DELETE FROM payments WHERE hand_id = 'SIM-4';
  DELETE FROM chip_ledger WHERE hand_id = 'SIM-6' AND kind = 'hand';
`;

describe('auditTask: a range of the log read for the hands, as a worker reads it', () => {
  it('the whole log: one block per table and hand in log order, each with another hand of its table before and after it checked as one pass checks that hand', () => {
    withDb(honest, (db) => {
      const max = maxIdOf(db);
      const part = auditTask(db, task(Number.NEGATIVE_INFINITY, max));
      expect(part.chain).toBeNull();
      expect(part.unusual).toBeNull();
      expect('fold' in part).toBe(false);
      const want = expectBlocks(db, part.blocks, Number.NEGATIVE_INFINITY, max);
      // Both tables' hands are there, T1's interleaved with SIM's, and most are checked.
      expect(new Set(want.map((w) => w.block.tableId))).toEqual(new Set([T, 'SIM']));
      expect(want.filter((w) => w.checked).length).toBeGreaterThan(12);
      // The late floor note on T1-1 is a block of its own, after other hands of T1.
      expect(want.filter((w) => w.block.handId === 'T1-1')).toHaveLength(2);
      // The first hand of each table and the last are not checked (not seen whole).
      expect(want.find((w) => w.block.handId === 'T1-1')!.checked).toBe(false);
      expect(want.find((w) => w.block.handId === 'SIM-1')!.checked).toBe(false);
      expect(want.findLast((w) => w.block.tableId === T)!.checked).toBe(false);
    });
  });

  it('ranges cut inside hands: a hand cut by either end is not checked, the others are, with one pass\'s findings', () => {
    withDb(honest, (db) => {
      const max = maxIdOf(db);
      const starts = db.prepare("SELECT id FROM events WHERE type = 'hand-started' ORDER BY id").pluck().all() as number[];
      for (const [after, upTo] of [[starts[2] + 3, starts[9] + 5], [starts[1] - 1, starts[6]], [starts[4] + 10, max], [Number.NEGATIVE_INFINITY, starts[7] + 2]]) {
        const part = auditTask(db, task(after, upTo));
        expect(part.unusual).toBeNull();
        expectBlocks(db, part.blocks, after, upTo);
      }
    });
  });

  it('more whole hands than are read together: every one of them checked (the last ones when the range is read)', () => {
    // 60 one-event hands of a table X appended behind the terminal's back (no hand row: each a problem).
    const path = tampered(`
      INSERT INTO events (id, table_id, hand_id, hand_seq, type, recorded_at, body, prev_hash, hash)
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60)
        SELECT (SELECT max(id) FROM events) + i, 'X', 'X-' || i, 0, e.type, e.recorded_at, e.body, e.prev_hash, e.hash
        FROM n, (SELECT * FROM events WHERE hand_id = 'T1-3' ORDER BY id LIMIT 1) AS e;`);
    withDb(path, (db) => {
      const max = maxIdOf(db);
      const part = auditTask(db, task(Number.NEGATIVE_INFINITY, max));
      const want = expectBlocks(db, part.blocks, Number.NEGATIVE_INFINITY, max);
      expect(want.filter((w) => w.checked && w.block.tableId === 'X')).toHaveLength(58);
      expect(part.blocks.find((b) => b.handId === 'X-30')!.found).toEqual({ problems: ['the hand has events but no row in the hands table'], settled: false });
    });
  });

  it('query tables that disagree with the events: each whole hand\'s findings are one pass\'s, with and without the fold', () => {
    const path = tampered(DAMAGE);
    const store = openStore(path, { readonly: true });
    try {
      const db = store.db;
      const max = maxIdOf(db);
      const plain = auditTask(db, task(Number.NEGATIVE_INFINITY, max));
      const want = expectBlocks(db, plain.blocks, Number.NEGATIVE_INFINITY, max);
      const folded = auditTask(db, task(Number.NEGATIVE_INFINITY, max, { fold: true }));
      expect(folded.blocks).toEqual(plain.blocks);
      // The findings are the one-pass replay's, hand by hand (T1-1 is rechecked whole there: left out).
      const replay = replayHands(store, { threads: 0 });
      const damaged = ['SIM-2', 'T1-4', 'T1-3', 'SIM-4', 'T1-2', 'SIM-6', 'T1-6', 'SIM-7', 'SIM-3', 'T1-7', 'SIM-5', 'T1-8'];
      for (const h of damaged) {
        const w = want.find((x) => x.block.handId === h)!;
        expect(w.checked, h).toBe(true);
        const b = plain.blocks[want.indexOf(w)];
        // T1-6's second ledger entry of seat 2 is found by the whole-database ledger check, not the hand's
        // (that check also names SIM-7 once more).
        if (h === 'T1-6') continue;
        expect(b.found!.problems.length, h).toBeGreaterThan(0);
        const all = replay.problems.filter((p) => p.handId === h).map((p) => p.message);
        expect(all.slice(0, b.found!.problems.length), h).toEqual(b.found!.problems);
      }
    } finally {
      store.close();
    }
  });

  it('with the fold: the same blocks and findings, the chain\'s part the chain\'s task gives, and the range\'s share of the tables', () => {
    // An event changed (its hand no longer replays) and the query tables changed.
    const path = tampered(`${DAMAGE}
      UPDATE events SET body = replace(body, '"by":"device"', '"by":"shoe"') WHERE id = (SELECT min(id) + 9 FROM events WHERE hand_id = 'SIM-5');`);
    withDb(path, (db) => {
      const max = maxIdOf(db);
      const starts = db.prepare("SELECT id FROM events WHERE type = 'hand-started' ORDER BY id").pluck().all() as number[];
      for (const [after, upTo] of [[Number.NEGATIVE_INFINITY, max], [starts[3] + 4, max], [starts[2], starts[10] + 1]]) {
        const plain = auditTask(db, task(after, upTo, { chain: true }));
        const folded = auditTask(db, task(after, upTo, { chain: true, fold: true }));
        expectBlocks(db, folded.blocks, after, upTo);
        expect(folded.blocks).toEqual(plain.blocks);
        expect(folded.chain).toEqual(plain.chain);
        expect(folded.chain).toEqual(auditTask(db, task(after, upTo, { chain: true, hands: false })).chain);
        expect(folded.unusual).toBeNull();
        expect(folded.fold).toBeTruthy();
        expect(folded.fold!.unusual ?? null).toBeNull();
      }
      // On the honest log, the ranges' shares of the tables, joined, are the tables one pass audits.
      const store = openStore(honest, { readonly: true });
      const rebuild = new RangeRebuild(store.migrations);
      try {
        const cut = starts[6] + 5;
        for (const [a, b] of [[Number.NEGATIVE_INFINITY, cut], [cut, maxIdOf(store.db)]]) expect(rebuild.add(auditTask(store.db, task(a, b, { chain: true, fold: true })).fold!)).toBe(true);
        expect(rebuild.finish(store, MAX_TABLE_PROBLEMS)).toEqual(auditTables(store));
      } finally {
        rebuild.close();
        store.close();
      }
      const sim5 = auditTask(db, task(Number.NEGATIVE_INFINITY, max, { fold: true })).blocks.find((b) => b.handId === 'SIM-5')!;
      expect(sim5.found!.problems[0]).toMatch(/^the events do not replay: /);
    });
  });

  it('the chain alone: no blocks; the ranges\' parts joined are the chain verify-log checks', () => {
    withDb(honest, (db) => {
      const ext = logExtent(db);
      const cut = Math.floor(ext.maxId / 2);
      const parts = [auditTask(db, task(Number.NEGATIVE_INFINITY, cut, { chain: true, hands: false })), auditTask(db, task(cut, ext.maxId, { chain: true, hands: false, fold: true }))];
      for (const p of parts) expect(p.blocks).toEqual([]);
      expect(ChainVerifier.join(parts.map((p) => p.chain!), 50).finishWith(ext.head)).toEqual(verifyChain(db, 50, { threads: 0 }));
    });
  });

  it('tells how far it is: the ids read since the range\'s start, every `progressEveryIds`; with the fold also `alive` every `aliveEveryRows` rows', () => {
    withDb(honest, (db) => {
      const max = maxIdOf(db);
      const after = 40;
      const upTo = max - 3;
      const said: number[] = [];
      auditTask(db, task(after, upTo, { chain: true, progressEveryIds: 100 }), () => {}, (n) => said.push(n));
      const slices: number[] = [];
      for (let to = after + 100; ; to += 100) {
        slices.push(Math.min(to, upTo) - after);
        if (to >= upTo) break;
      }
      expect(said).toEqual(slices);
      const hands: number[] = [];
      auditTask(db, task(after, upTo, { progressEveryIds: 100 }), () => {}, (n) => hands.push(n));
      expect(hands).toEqual(slices);
      // The fold counts rows read and says the last id read (the ids run on without a gap).
      const folded: number[] = [];
      let alive = 0;
      auditTask(db, task(after, upTo, { chain: true, fold: true, progressEveryIds: 100, aliveEveryRows: 10 }), () => alive++, (n) => folded.push(n));
      expect(folded).toEqual(Array.from({ length: Math.floor((upTo - after) / 100) }, (_, i) => (i + 1) * 100));
      expect(alive).toBe(Math.floor((upTo - after) / 10));
      // From the start of the log: no figure (the range has no number of ids).
      const none: number[] = [];
      auditTask(db, task(Number.NEGATIVE_INFINITY, upTo, { progressEveryIds: 100 }), () => {}, (n) => none.push(n));
      auditTask(db, task(Number.NEGATIVE_INFINITY, upTo, { fold: true, progressEveryIds: 100 }), () => {}, (n) => none.push(n));
      expect(none).toEqual([]);
    });
  });

  it('a hand row with a column of an odd type, or an event that is not JSON: said as unusual (the audit is redone in one pass), nothing read after it taken', () => {
    const odd = tampered("UPDATE events SET type = CAST(type AS BLOB) WHERE id = (SELECT min(id) + 4 FROM events WHERE hand_id = 'SIM-4')");
    withDb(odd, (db) => {
      const max = maxIdOf(db);
      const oddId = db.prepare("SELECT min(id) + 4 FROM events WHERE hand_id = 'SIM-4'").pluck().get() as number;
      const plain = auditTask(db, task(Number.NEGATIVE_INFINITY, max));
      expect(plain.unusual).toBe('a hand row has a column of an odd type');
      // Nothing after the odd row is taken, and the blocks waiting are not checked.
      expect(Math.max(...plain.blocks.map((b) => b.lastId))).toBeLessThan(oddId);
      expect(plain.blocks.every((b) => b.found === undefined)).toBe(true);
      const folded = auditTask(db, task(Number.NEGATIVE_INFINITY, max, { fold: true, chain: true }));
      expect(folded.unusual).toBe('a hand row has a column of an odd type');
      expect(folded.fold!.unusual).toBe('a row has a column of an odd type');
      expect(Math.max(...folded.blocks.map((b) => b.lastId))).toBeLessThan(oddId);
      // The chain goes on to the end.
      expect(folded.chain!.lastId).toBe(max);
      // A range before the odd row is not touched by it.
      expect(auditTask(db, task(Number.NEGATIVE_INFINITY, oddId - 1, { fold: true })).unusual).toBeNull();
    });
    // A hand id of an odd type: with the fold as well (the tables' share then says so too), also with the hands off.
    const oddHand = tampered("UPDATE events SET hand_id = CAST(hand_id AS BLOB) WHERE id = (SELECT min(id) + 4 FROM events WHERE hand_id = 'SIM-5')");
    withDb(oddHand, (db) => {
      const max = maxIdOf(db);
      expect(auditTask(db, task(Number.NEGATIVE_INFINITY, max)).unusual).toBe('a hand row has a column of an odd type');
      const folded = auditTask(db, task(Number.NEGATIVE_INFINITY, max, { fold: true }));
      expect(folded.unusual).toBe('a hand row has a column of an odd type');
      expect(folded.fold!.unusual).toBe('a row has a column of an odd type');
      const tablesOnly = auditTask(db, task(Number.NEGATIVE_INFINITY, max, { fold: true, hands: false }));
      expect(tablesOnly.unusual).toBeNull();
      expect(tablesOnly.fold!.unusual).toBe('a row has a column of an odd type');
    });
    // Two rows the check cannot take: the first one is the reason given.
    const both = tampered(`UPDATE events SET type = CAST(type AS BLOB) WHERE id = (SELECT min(id) + 4 FROM events WHERE hand_id = 'SIM-4');
      UPDATE events SET body = '{not json' WHERE id = (SELECT min(id) + 6 FROM events WHERE hand_id = 'SIM-6');`);
    withDb(both, (db) => {
      for (const fold of [false, true]) expect(auditTask(db, task(Number.NEGATIVE_INFINITY, maxIdOf(db), { fold })).unusual, `fold ${fold}`).toBe('a hand row has a column of an odd type');
    });
    const notJson = tampered("UPDATE events SET body = '{not json' WHERE id = (SELECT min(id) + 6 FROM events WHERE hand_id = 'SIM-6')");
    withDb(notJson, (db) => {
      const max = maxIdOf(db);
      const badId = db.prepare("SELECT min(id) + 6 FROM events WHERE hand_id = 'SIM-6'").pluck().get() as number;
      for (const fold of [false, true]) {
        const part = auditTask(db, task(Number.NEGATIVE_INFINITY, max, { fold }));
        expect(part.unusual, `fold ${fold}`).toBe('hand SIM-6 has an event that is not JSON text');
        // The row is taken into its block (its place known), nothing after it.
        const last = part.blocks[part.blocks.length - 1];
        expect(last.handId).toBe('SIM-6');
        expect(last.lastId).toBe(badId);
        expect(part.blocks.every((b) => b.found === undefined)).toBe(true);
        if (fold) expect(part.fold!.unusual).toBe('a row has a column of an odd type');
      }
      expect(auditTask(db, task(Number.NEGATIVE_INFINITY, max, { fold: true, hands: false })).fold!.unusual).toBe('a row has a column of an odd type');
    });
  });

  it('with the fold, any row with a column of an odd type gives the tables back to one pass; the hands are redone only for a hand row the check cannot read', () => {
    const cases: { what: string; sql: string; hands: string | null }[] = [
      { what: 'a table row\'s time as a blob', sql: "UPDATE events SET recorded_at = CAST(recorded_at AS BLOB) WHERE id = (SELECT min(id) FROM events WHERE hand_id IS NULL AND type = 'player-seated')", hands: null },
      { what: 'a hand row\'s time as a blob', sql: "UPDATE events SET recorded_at = CAST(recorded_at AS BLOB) WHERE id = (SELECT min(id) + 3 FROM events WHERE hand_id = 'SIM-5')", hands: null },
      { what: 'a hand row\'s place in its hand as text', sql: "UPDATE events SET hand_seq = 'three' WHERE id = (SELECT min(id) + 3 FROM events WHERE hand_id = 'SIM-5')", hands: null },
      { what: 'a hand row\'s table as a blob', sql: "UPDATE events SET table_id = CAST(table_id AS BLOB) WHERE id = (SELECT min(id) + 3 FROM events WHERE hand_id = 'SIM-5')", hands: 'a hand row has a column of an odd type' },
      { what: 'a hand row\'s body as a blob', sql: "UPDATE events SET body = CAST(body AS BLOB) WHERE id = (SELECT min(id) + 3 FROM events WHERE hand_id = 'SIM-5')", hands: 'a hand row has a column of an odd type' },
    ];
    for (const c of cases) {
      withDb(tampered(c.sql), (db) => {
        // Without the fold, the hand rows alone are read: the same verdict for the hands.
        expect(auditTask(db, task(Number.NEGATIVE_INFINITY, maxIdOf(db))).unusual, c.what).toBe(c.hands);
        const part = auditTask(db, task(Number.NEGATIVE_INFINITY, maxIdOf(db), { fold: true }));
        expect(part.unusual, c.what).toBe(c.hands);
        expect(part.fold!.unusual, c.what).toBe('a row has a column of an odd type');
        // The tables alone (no hands checked): the same for the tables, nothing thrown.
        expect(auditTask(db, task(Number.NEGATIVE_INFINITY, maxIdOf(db), { fold: true, hands: false })).fold!.unusual, c.what).toBe('a row has a column of an odd type');
      });
    }
  });
});

describe('HandChecker.checkAll: the query rows of up to 50 hands read together', () => {
  it('finds for each hand, in the order given, what the check of that hand alone finds (a seat\'s ledger twice, rows missing or changed, a hand with no row)', () => {
    const path = tampered(DAMAGE);
    withDb(path, (db) => {
      const ids = db.prepare('SELECT DISTINCT hand_id FROM events WHERE hand_id IS NOT NULL ORDER BY hand_id').pluck().all() as string[];
      const checker = new HandChecker(db);
      const items = ids.map((handId) => {
        const rows = db.prepare('SELECT id, table_id, hand_id, type, body FROM events WHERE hand_id = ? ORDER BY id').all(handId) as Row[];
        return { handId, rows, settledEventId: rows.find((r) => r.type === 'settled')?.id ?? null };
      });
      const alone = items.map((x) => oneCheck(db, x.handId, x.rows));
      expect(alone.filter((f) => f.problems.length > 0).length).toBeGreaterThanOrEqual(11);
      const replayed = items.map((x) => ({ handId: x.handId, replayed: replayOf(x.rows), settledEventId: x.settledEventId }));
      expect(checker.checkAll(replayed)).toEqual(alone);
      expect(checker.checkAll([...replayed].reverse())).toEqual([...alone].reverse());
      // One hand alone, and after a batch the checker reads each hand's rows on its own again.
      const t16 = replayed.findIndex((x) => x.handId === 'T1-6');
      expect(checker.checkAll([replayed[t16]])).toEqual([alone[t16]]);
      for (let i = 0; i < items.length; i++) expect(checker.checkReplayed(items[i].handId, replayed[i].replayed, items[i].settledEventId)).toEqual(alone[i]);
    });
  });

  it('after a batch, a hand checked alone is read afresh: a query row changed since is seen', () => {
    const path = tampered('');
    const db = new Database(path);
    try {
      const checker = new HandChecker(db);
      const rows = handRowsOf(db, Number.NEGATIVE_INFINITY, 1e9).filter((r) => r.hand_id === 'SIM-2');
      const settled = rows.find((r) => r.type === 'settled')!.id;
      expect(checker.checkAll([{ handId: 'SIM-2', replayed: replayOf(rows), settledEventId: settled }])).toEqual([{ problems: [], settled: true }]);
      db.prepare("UPDATE hands SET outcome = 'void' WHERE id = 'SIM-2'").run();
      expect(checker.check('SIM-2', rows.map((r) => JSON.parse(r.body)), settled).problems).toEqual(['the hands table says void, the events say played (closed)']);
    } finally {
      db.close();
    }
  });

  it('at most 50 at once; none: nothing', () => {
    withDb(honest, (db) => {
      const checker = new HandChecker(db);
      const rows = handRowsOf(db, Number.NEGATIVE_INFINITY, 1e9).filter((r) => r.hand_id === 'SIM-2');
      const one = { handId: 'SIM-2', replayed: replayOf(rows), settledEventId: rows.find((r) => r.type === 'settled')!.id };
      expect(checker.checkAll([])).toEqual([]);
      expect(checker.checkAll(Array.from({ length: 50 }, () => one))).toHaveLength(50);
      expect(() => checker.checkAll(Array.from({ length: 51 }, () => one))).toThrow(new RangeError('at most 50 hands are checked together'));
    });
  });
});

/** What a replay of `rows`' events gives. */
function replayOf(rows: readonly Row[]) {
  return replay(rows.map((r) => JSON.parse(r.body)));
}

describe('auditLog by two worker threads: this thread joins the blocks into one pass\'s report', () => {
  it('damaged, with the checks mixed: one pass\'s report, the run noted by the checks it ran', () => {
    // Also a table checkpoint changed: the range holding it gives the tables back to one pass.
    const damaged = tampered(`${DAMAGE}
      UPDATE events SET body = body || ' ' WHERE id = (SELECT min(id) + 2 FROM events WHERE hand_id = 'SIM-3');
      UPDATE events SET body = replace(body, '"handsStarted":4', '"handsStarted":9') WHERE id = (SELECT min(id) FROM events WHERE type = 'table-checkpoint' AND json_extract(body, '$.handsStarted') = 4);`);
    withDb(damaged, (db) => expect(db.prepare(`SELECT count(*) FROM events WHERE type = 'table-checkpoint' AND json_extract(body, '$.handsStarted') = 9`).pluck().get()).toBe(1));
    const mixes: [Record<string, boolean>, string][] = [
      [{}, 'audit'], [{ tables: false }, 'chain+hands'], [{ chain: false }, 'hands+tables'], [{ hands: false }, 'chain+tables'],
    ];
    const store = openStore(damaged, { readonly: true });
    try {
      for (const [mix, job] of mixes) {
        const one = auditLog(store, { ...mix, threads: 0 });
        const mark = poolRunMark();
        const two = auditLog(store, { ...mix, threads: 2 });
        expect(poolRunsSince(mark).map((r) => [r.job, r.threads, r.outcome]), job).toEqual([[job, 2, 'workers']]);
        expect(two, job).toEqual(one);
      }
      const r = replayHands(store, { threads: 0 });
      // Every damaged hand is named (and the ledger's continuity check names more).
      const named = new Set(r.problems.map((p) => p.handId));
      for (const h of ['SIM-2', 'T1-4', 'T1-3', 'SIM-4', 'T1-2', 'SIM-6', 'T1-6', 'SIM-7', 'SIM-3', 'T1-7', 'SIM-5', 'T1-8']) expect(named, h).toContain(h);
    } finally {
      store.close();
    }
  }, 60_000);

  it('an honest log: the tables taken from the ranges\' folds, the read told range by range as the workers answer', () => {
    const store = openStore(honest, { readonly: true });
    try {
      const timings: AuditTimings = {};
      const said: (string | number)[] = [];
      const progress: Progress = { stage: (st, total, unit) => said.push(`${st} ${total} ${unit}`), done: (n) => said.push(n) };
      const mark = poolRunMark();
      const two = auditLog(store, { threads: 2, timings, progress });
      expect(poolRunsSince(mark).map((r) => [r.job, r.outcome])).toEqual([['audit', 'workers']]);
      expect(two).toEqual(auditLog(store, { threads: 0 }));
      expect(timings).toMatchObject({ tablesInRanges: true });
      const span = logExtent(store.db).ids;
      expect(said[0]).toBe(`chain+hands ${span} rows`);
      const next = said.findIndex((x, i) => i > 0 && typeof x === 'string');
      const read = said.slice(1, next) as number[];
      // Many figures as the ranges come back, rising to the whole span.
      expect(read.length).toBeGreaterThan(3);
      expect(read[read.length - 1]).toBe(span);
      for (let i = 1; i < read.length; i++) expect(read[i]).toBeGreaterThanOrEqual(read[i - 1]);
      for (const n of read) expect(n).toBeLessThanOrEqual(span);
      // verify-log on a bare database (no store) by two threads: the chain one pass checks.
      const mark2 = poolRunMark();
      expect(verifyChain(store.db, 50, { threads: 2 })).toEqual(verifyChain(store.db, 50, { threads: 0 }));
      expect(poolRunsSince(mark2).map((r) => [r.job, r.outcome])).toEqual([['chain', 'workers']]);
    } finally {
      store.close();
    }
  });

  it('a log of fewer rows than the ranges asked for: every range handed out once, one pass\'s report', () => {
    const r = rig();
    try {
      must(r.service.openTable({ tableId: T, pointValue: 100, profile: 'mandarin-house' }));
      r.store.db.pragma('wal_checkpoint(TRUNCATE)');
      const rows = r.store.db.prepare('SELECT count(*) FROM events').pluck().get() as number;
      expect(rows).toBeLessThan(2 * 2);
      const mark = poolRunMark();
      expect(auditLog(r.store, { threads: 2, tables: false })).toEqual(auditLog(r.store, { threads: 0, tables: false }));
      expect(poolRunsSince(mark).map((x) => [x.job, x.outcome])).toEqual([['chain+hands', 'workers']]);
    } finally {
      r.cleanup();
    }
  });

  it('a hand with events at two tables: redone in one pass, said why', () => {
    const path = tampered("UPDATE events SET table_id = 'SIM' WHERE id = (SELECT max(id) FROM events WHERE hand_id = 'T1-5')");
    const store = openStore(path, { readonly: true });
    try {
      const one = replayHands(store, { threads: 0 });
      const mark = poolRunMark();
      expect(replayHands(store, { threads: 2 })).toEqual(one);
      expect(poolRunsSince(mark).map((r) => [r.job, r.outcome, r.reason])).toEqual([['hands', 'fell-back', 'hand T1-5 has events at tables T1 and SIM']]);
    } finally {
      store.close();
    }
  });

  it('workers that cannot open the database: the run is redone in one pass, said why', () => {
    const path = tampered(DAMAGE);
    const store = openStore(path, { readonly: true });
    try {
      const one = auditLog(store, { threads: 0, tables: false });
      // The file moved away after this thread opened it: the workers find nothing at its path.
      renameSync(path, `${path}.moved`);
      const mark = poolRunMark();
      expect(auditLog(store, { threads: 2, tables: false })).toEqual(one);
      const runs = poolRunsSince(mark);
      expect(runs.map((r) => [r.job, r.outcome])).toEqual([['chain+hands', 'fell-back']]);
      expect(runs[0].reason).toBeTruthy();
    } finally {
      store.close();
    }
  });

  it('a row of an odd type: the workers say so, the run is redone in one pass with that reason', () => {
    const path = tampered("UPDATE events SET type = CAST(type AS BLOB) WHERE id = (SELECT min(id) + 4 FROM events WHERE hand_id = 'SIM-4')");
    const store = openStore(path, { readonly: true });
    try {
      const one = auditLog(store, { threads: 0, tables: false });
      const mark = poolRunMark();
      expect(auditLog(store, { threads: 2, tables: false })).toEqual(one);
      expect(poolRunsSince(mark).map((r) => [r.job, r.outcome, r.reason])).toEqual([['chain+hands', 'fell-back', 'a hand row has a column of an odd type']]);
    } finally {
      store.close();
    }
  });
});

