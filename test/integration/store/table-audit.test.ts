/**
 * `table audit` beyond the chain and the hands: every table's log folds with the table fold
 * from `table-opened` to the end, every checkpoint equals the fold where it stands, and the
 * query tables rebuilt from the log (through the projections the service writes them with)
 * equal the stored ones row by row. Real SQLite files: an honest evening at two tables, then
 * copies of it changed behind the terminal's back, one kind of tampering each. Each audited on
 * one thread and by worker threads (one of them folds the tables and rebuilds the query tables
 * while the others check the chain and the hands): the same report both ways.
 */
import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, auditTask, type AuditPart, type AuditTask, type AuditTimings, type LogAudit } from '../../../app/services/audit';
import { simulate } from '../../../app/services/simulation';
import { openStore } from '../../../app/services/store';
import { poolRunMark, poolRunsSince, SyncPool } from '../../../app/services/worker-pool';
import {
  auditTables, MAX_TABLE_PROBLEMS, QUERY_TABLES, RangeRebuild, type RowProblem, type TablesReport,
} from '../../../app/services/table-audit';
import { attachShoe, must, openTable, playHand, rig, T } from '../services/helpers';
import { keepAsHonest, tamperedCopies, tempFolder } from './temp';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const tmp = tempFolder('cp-table-audit-');
let honest = '';

function table(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'app/cli/table.ts', ...args], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

beforeAll(async () => {
  const r = rig();
  const s = r.service;
  openTable(s);
  const { shoe, detach } = await attachShoe(s);
  await playHand(s, shoe, 1);
  await playHand(s, shoe, 2);
  // A misdeal called by the floor (its alert acknowledged), a void, a note on a hand long over.
  must(s.startHand({ tableId: T }));
  must(s.callMisdeal({ tableId: T, cause: 'floor-ruling', floor: 'Jana', detail: 'cards flashed' }));
  const alert = s.alerts({ tableId: T })[0];
  must(s.acknowledgeAlert({ alertId: alert.id, by: 'Jana', note: 'redealt', as: 'floor' }));
  must(s.startHand({ tableId: T }));
  must(s.voidHand({ tableId: T, floor: 'Jana', reason: 'dispute at the box' }));
  must(s.floorCorrection({ tableId: T, floor: 'Jana', reason: 'recount asked by seat 2', action: { kind: 'note' }, handId: 'T1-1' }));
  // People: a player leaves, another sits down and buys in short, the dealer changes.
  must(s.leaveSeat({ tableId: T, seat: 4 }));
  must(s.seatPlayer({ tableId: T, seat: 4, playerId: 'p9', name: 'Player 9', buyIn: 2000 }));
  must(s.buyIn({ tableId: T, seat: 4, amount: 1500 }));
  must(s.dealerOn({ tableId: T, dealer: 'Olga' }));
  await playHand(s, shoe, 3);
  // A second table, simulated (faults, misdeals, rebuys, acknowledged alerts), its rows between T1's.
  await simulate(s, { hands: 6, seed: 11, tableId: 'SIM' });
  await playHand(s, shoe, 4);
  await simulate(s, { hands: 14, seed: 11, tableId: 'SIM' });
  // A staff record: in the log under an id that is not a table's.
  r.store.write((tx) => tx.append({ tableId: '@staff', body: { type: 'staff-added', at: '2025-03-01T20:00:00.000Z', by: 'system', staffId: 'ana', name: 'Ana' } }));
  // T1 ends with a hand in play.
  must(s.startHand({ tableId: T }));
  detach();
  await shoe.stop();
  honest = keepAsHonest(r, tmp);
}, 120_000);
afterAll(() => tmp.cleanup());

/** A copy of the honest log with `sql` run on it (foreign keys off; the append-only triggers dropped and put back). */
const tampered = tamperedCopies(tmp, () => honest);

function auditOnce(path: string, threads: number): LogAudit {
  const store = openStore(path, { readonly: true });
  try {
    return auditLog(store, { threads });
  } finally {
    store.close();
  }
}

const comparable = (a: LogAudit) => ({ ...a, tables: 'error' in a.tables ? { error: String(a.tables.error) } : a.tables });

/**
 * The audit on one thread, and by two worker threads (one of them folding and rebuilding the
 * tables, `expect`: or falling back to one pass): the same report both ways.
 */
function audited(path: string, expectRun: 'workers' | 'fell-back' = 'workers'): LogAudit {
  const one = auditOnce(path, 0);
  const mark = poolRunMark();
  const two = auditOnce(path, 2);
  expect(poolRunsSince(mark).map((r) => [r.job, r.outcome])).toEqual([['audit', expectRun]]);
  expect(comparable(two)).toEqual(comparable(one));
  return one;
}

function tablesOf(a: LogAudit): TablesReport {
  if ('error' in a.tables) throw a.tables.error;
  return a.tables;
}

/** Reads one value from the honest log. */
function honestGet<T>(sql: string): T {
  const db = new Database(honest, { readonly: true });
  try {
    return db.prepare(sql).pluck().get() as T;
  } finally {
    db.close();
  }
}

describe('an honest log', () => {
  it('audits clean (one thread and two worker threads): both tables fold to the end, every checkpoint equal, every query row the log\'s', async () => {
    const a = audited(honest);
    expect(a.chain.ok).toBe(true);
    expect(a.replay).toMatchObject({ ok: true });
    const t = tablesOf(a);
    expect(t).toMatchObject({ ok: true, tables: 2, problems: [], more: 0 });
    // Every entry of the two tables, the staff record passed by.
    expect(t.entries).toBe(honestGet<number>("SELECT count(*) FROM events WHERE table_id <> '@staff'"));
    expect(t.checkpoints).toBe(honestGet<number>("SELECT count(*) FROM events WHERE type = 'table-checkpoint'"));
    expect(t.checkpoints).toBeGreaterThan(10);
    const rows = QUERY_TABLES.reduce((n, q) => n + honestGet<number>(`SELECT count(*) FROM ${q.name}`), 0);
    expect(t.rows).toBe(rows);
    for (const q of ['sessions', 'alerts', 'payments', 'chip_ledger']) expect(honestGet<number>(`SELECT count(*) FROM ${q}`), q).toBeGreaterThan(1);
    expect(honestGet<number>('SELECT count(*) FROM alerts WHERE acknowledged_at IS NOT NULL')).toBeGreaterThan(0);
    const cli = await table('audit', '--db', honest);
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stdout.trim().split('\n').pop()).toBe(
      `ok: 2 tables fold from table-opened to the end (${t.entries} entries, ${t.checkpoints} checkpoints equal to the table); the query tables rebuilt from the log match the ${rows} stored rows`,
    );
  }, 60_000);
});

function rowProblems(t: TablesReport): RowProblem[] {
  return t.problems.filter((p): p is RowProblem => p.kind === 'row');
}

describe('query rows changed behind the terminal\'s back, each named', () => {
  it('UPDATE seats SET stack = stack + 1000000: every seat, its stored and its rebuilt stack', async () => {
    const path = tampered('UPDATE seats SET stack = stack + 1000000');
    const a = audited(path);
    // The chain and the hands do not see it.
    expect(a.chain.ok).toBe(true);
    expect(a.replay).toMatchObject({ ok: true });
    const t = tablesOf(a);
    const seats = honestGet<number>('SELECT count(*) FROM seats');
    expect(t.problems).toHaveLength(seats);
    for (const p of rowProblems(t)) {
      expect(p).toMatchObject({ table: 'seats', difference: 'differs', column: 'stack' });
      expect(p.stored).toBe((p.rebuilt as number) + 1_000_000);
      expect(p.message).toBe(`seats (table_id "${p.key.table_id}", seat ${p.key.seat}): stack is ${p.stored} in the database, ${p.rebuilt} rebuilt from the log`);
    }
    const cli = await table('audit', '--db', path);
    expect(cli.code).toBe(1);
    expect(cli.stdout).toContain(`NOT OK: ${seats} problems in 2 tables and their query rows:\n`);
    expect(cli.stdout).toContain(`\n  ${t.problems[0].message}\n`);
  }, 60_000);

  it('an edited chip_ledger row', () => {
    const id = honestGet<number>("SELECT id FROM chip_ledger WHERE kind = 'hand' AND amount <> 0 ORDER BY id LIMIT 1 OFFSET 3");
    const amount = honestGet<number>(`SELECT amount FROM chip_ledger WHERE id = ${id}`);
    const t = tablesOf(audited(tampered(`UPDATE chip_ledger SET amount = amount + 7 WHERE id = ${id}`)));
    expect(t.problems).toEqual([{
      kind: 'row', table: 'chip_ledger', key: { id }, difference: 'differs', column: 'amount', stored: amount + 7, rebuilt: amount,
      message: `chip_ledger (id ${id}): amount is ${amount + 7} in the database, ${amount} rebuilt from the log`,
    }]);
  });

  it('a deleted payments row', () => {
    const t = tablesOf(audited(tampered("DELETE FROM payments WHERE hand_id = 'T1-2' AND ordinal = 1")));
    expect(t.problems).toHaveLength(1);
    const [p] = rowProblems(t);
    expect(p).toMatchObject({ table: 'payments', key: { hand_id: 'T1-2', ordinal: 1 }, difference: 'missing', stored: null });
    expect(p.message).toMatch(/^payments \(hand_id "T1-2", ordinal 1\): missing from the database; the log gives from_seat \d, to_seat \d, amount \d+, executed_at "[^"]+", executed_event_id \d+$/);
  });

  it('an inserted alerts row', () => {
    const id = honestGet<number>('SELECT max(id) + 1 FROM alerts');
    const t = tablesOf(audited(tampered(`INSERT INTO alerts (id, table_id, hand_id, kind, code, message, raised_at, raised_event_id)
      VALUES (${id}, 'T1', NULL, 'misdeal', 'floor-ruling', 'made up', '2025-03-01T21:00:00.000Z', 5)`)));
    expect(t.problems).toHaveLength(1);
    expect(t.problems[0]).toMatchObject({ kind: 'row', table: 'alerts', key: { id }, difference: 'extra', rebuilt: null });
    expect(t.problems[0].message).toBe(
      `alerts (id ${id}): in the database, not rebuilt from the log (table_id "T1", hand_id null, kind "misdeal", code "floor-ruling", message "made up", `
        + 'raised_at "2025-03-01T21:00:00.000Z", raised_event_id 5, acknowledged_by null, acknowledged_at null, ack_note null, ack_event_id null)',
    );
  });

  it('a changed hand row, a row of a hand, and the count of the rest past the cap', async () => {
    const path = tampered("UPDATE hands SET phase = 'paying' WHERE id = 'SIM-3'; UPDATE hand_seats SET stack_before = stack_before + 1; UPDATE chip_ledger SET at = 'x';");
    const t = tablesOf(audited(path));
    const changed = 1 + honestGet<number>('SELECT count(*) FROM hand_seats') + honestGet<number>('SELECT count(*) FROM chip_ledger');
    expect(changed).toBeGreaterThan(MAX_TABLE_PROBLEMS);
    expect(t.problems).toHaveLength(MAX_TABLE_PROBLEMS);
    expect(t.more).toBe(changed - MAX_TABLE_PROBLEMS);
    // In the order of the query tables, each by its key.
    expect(t.problems[0].message).toMatch(/^hands \(id "SIM-3"\): phase is "paying" in the database, "closed" rebuilt from the log$/);
    expect(t.problems[1].message).toMatch(/^hand_seats \(hand_id "SIM-1", seat 1\): stack_before is \d+ in the database, \d+ rebuilt from the log$/);
    const cli = await table('audit', '--db', path);
    expect(cli.code).toBe(1);
    expect(cli.stdout).toContain(`NOT OK: ${changed} problems in 2 tables and their query rows:\n`);
    expect(cli.stdout.trim().split('\n').pop()).toBe(`  ... and ${t.more} more`);
  }, 60_000);
});

describe('a table\'s log that does not fold', () => {
  it('an edited checkpoint: a chain problem and a checkpoint mismatch at its row; the fold goes on', () => {
    const id = honestGet<number>(`SELECT id FROM events WHERE table_id = '${T}' AND type = 'table-checkpoint' AND json_extract(body, '$.handsStarted') = 2`);
    // And a seat of the same table changed: found, because the fold goes on past the checkpoint.
    const path = tampered(`UPDATE events SET body = replace(body, '"handsStarted":2', '"handsStarted":7') WHERE id = ${id};
      UPDATE seats SET name = 'Somebody' WHERE table_id = '${T}' AND seat = 1`);
    const a = audited(path);
    expect(a.chain.problems.map((p) => [p.kind, p.message])).toEqual([['content-changed', `row ${id} (table-checkpoint): content changed: its stored hash does not match its content`]]);
    const t = tablesOf(a);
    expect(t.problems).toEqual([{
      kind: 'fold', tableId: T, rowId: id, type: 'table-checkpoint', handId: null, code: 'checkpoint-mismatch',
      message: `table ${T}: log row ${id} (table-checkpoint) does not fold: checkpoint-mismatch: table-checkpoint: handsStarted is 7, the table has 2`,
    }, {
      kind: 'row', table: 'seats', key: { table_id: T, seat: 1 }, difference: 'differs', column: 'name', stored: 'Somebody', rebuilt: 'Player 1',
      message: `seats (table_id "${T}", seat 1): name is "Somebody" in the database, "Player 1" rebuilt from the log`,
    }]);
    // The triggers were put back: the schema is the terminal's again.
    const db = new Database(path, { readonly: true });
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'events'").pluck().get()).toBe(2);
    db.close();
  });

  it('an entry the fold refuses: the table named at that row and folded no further; the other table still compared', () => {
    const id = honestGet<number>(`SELECT id FROM events WHERE table_id = '${T}' AND type = 'buy-in' AND json_extract(body, '$.amount') = 1500`);
    // Re-hashed or not, a short buy-in below ten points is refused.
    const t = tablesOf(audited(tampered(`UPDATE events SET body = replace(body, '"amount":1500', '"amount":900') WHERE id = ${id}`)));
    expect(t.problems).toHaveLength(1);
    expect(t.problems[0]).toMatchObject({ kind: 'fold', tableId: T, rowId: id, type: 'buy-in', code: 'buy-in-too-small' });
    expect(t.problems[0].message).toMatch(new RegExp(`^table ${T}: log row ${id} \\(buy-in\\) does not fold: buy-in-too-small: .*; the table is not folded further and its query rows are not compared$`));
    // SIM's rows came after T1's later ones (whose ledger rows are not rebuilt): matched by the event that wrote them, still equal.
    expect(t.rows).toBeGreaterThan(honestGet<number>("SELECT count(*) FROM chip_ledger WHERE table_id = 'SIM'"));
  });

  it('a row of the other table changed as well is still found', () => {
    const id = honestGet<number>(`SELECT id FROM events WHERE table_id = '${T}' AND type = 'buy-in' AND json_extract(body, '$.amount') = 1500`);
    const ledger = honestGet<number>("SELECT max(id) FROM chip_ledger WHERE table_id = 'SIM'");
    const t = tablesOf(audited(tampered(`UPDATE events SET body = replace(body, '"amount":1500', '"amount":900') WHERE id = ${id};
      UPDATE chip_ledger SET stack_after = stack_after + 1 WHERE id = ${ledger}`)));
    expect(t.problems.map((p) => p.kind)).toEqual(['fold', 'row']);
    expect(t.problems[1]).toMatchObject({ table: 'chip_ledger', column: 'stack_after', difference: 'differs' });
    expect(t.problems[1].message).toMatch(/^chip_ledger \(event_id \d+, seat \d\): stack_after is \d+ in the database, \d+ rebuilt from the log$/);
  });

  it('a table event that is not JSON: the StoreError the other readers throw, naming the row (the CLI: on stderr, exit 1)', async () => {
    const id = honestGet<number>(`SELECT id FROM events WHERE table_id = '${T}' AND type = 'dealer-on' AND json_extract(body, '$.dealer') = 'Olga'`);
    const path = tampered(`UPDATE events SET body = substr(body, 2) WHERE id = ${id}`);
    // The worker that rebuilds the tables meets it: the audit is done again in one pass, which throws it.
    const a = audited(path, 'fell-back');
    expect(a.chain.problems.map((p) => p.kind)).toEqual(['content-changed']);
    expect(a.replay).toMatchObject({ ok: true });
    expect('error' in a.tables && a.tables.error).toMatchObject({ code: 'event-not-json', message: expect.stringMatching(new RegExp(`^log row ${id} \\(hand none, type dealer-on\\) is not JSON: `)) });
    const cli = await table('audit', '--db', path);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toMatch(new RegExp(`^table: log row ${id} \\(hand none, type dealer-on\\) is not JSON: .*\n$`));
    expect(cli.stdout).toMatch(/^NOT OK: 1 problem in \d+ event rows:\n.*\nok: \d+ hands replayed/);
  }, 60_000);
});

describe('the fold cut into ranges (what each worker of the audit folds, beside its chain and hands)', () => {
  /** The tables' report from the log folded as the ranges `after < id <= upTo` between the cuts, each on its own. */
  function folded(store: ReturnType<typeof openStore>, cuts: readonly number[]): { report: TablesReport | null; taken: boolean[] } {
    const rebuild = new RangeRebuild(store.migrations);
    try {
      const taken: boolean[] = [];
      for (let i = 0; i + 1 < cuts.length; i++) {
        const part = auditTask(store.db, { after: cuts[i], upTo: cuts[i + 1], chain: true, hands: true, maxProblems: 50, fold: true });
        taken.push(rebuild.add(part.fold!));
      }
      return { report: rebuild.finish(store, MAX_TABLE_PROBLEMS), taken };
    } finally {
      rebuild.close();
    }
  }

  it('gives the one-pass report wherever the cuts fall: inside hands, at checkpoints, at a table-opened, around the late note', () => {
    const store = openStore(honest, { readonly: true });
    try {
      const whole = auditTables(store);
      expect(whole.ok).toBe(true);
      const db = store.db;
      const max = db.prepare('SELECT max(id) FROM events').pluck().get() as number;
      const marks = db.prepare(`SELECT id FROM events WHERE type IN ('table-checkpoint', 'table-opened', 'hand-started', 'settled', 'floor-correction', 'staff-added', 'player-left', 'dealer-on')`).pluck().all() as number[];
      const cuts = new Set<number>();
      for (const m of marks) for (const d of [-1, 0, 1]) if (m + d > 0 && m + d < max) cuts.add(m + d);
      for (let id = 1; id < max; id += 97) cuts.add(id);
      expect(cuts.size).toBeGreaterThan(100);
      for (const cut of cuts) {
        const { report, taken } = folded(store, [Number.NEGATIVE_INFINITY, cut, max]);
        expect(taken, `cut after row ${cut}: each range folds on its own`).toEqual([true, true]);
        expect(report, `cut after row ${cut}`).toEqual(whole);
      }
      // Many cuts at once: the checkpoints a range starts from are those the ranges before it folded.
      const many = [Number.NEGATIVE_INFINITY, ...[...cuts].sort((a, b) => a - b).filter((_, i) => i % 9 === 0), max];
      expect(folded(store, many).report).toEqual(whole);
    } finally {
      store.close();
    }
  }, 120_000);

  it('a range that meets a problem gives the tables back to the one pass, which reports it', () => {
    const id = honestGet<number>(`SELECT id FROM events WHERE table_id = '${T}' AND type = 'table-checkpoint' AND json_extract(body, '$.handsStarted') = 2`);
    const path = tampered(`UPDATE events SET body = replace(body, '"handsStarted":2', '"handsStarted":7') WHERE id = ${id}`);
    const store = openStore(path, { readonly: true });
    try {
      const max = store.db.prepare('SELECT max(id) FROM events').pluck().get() as number;
      // The range holding the checkpoint finds it; the range after starts from it.
      const { report, taken } = folded(store, [Number.NEGATIVE_INFINITY, id + 3, max]);
      expect(taken[0]).toBe(false);
      expect(report).toBeNull();
      const timings: AuditTimings = {};
      const a = auditLog(store, { threads: 2, timings });
      expect(timings.tablesInRanges).toBe(false);
      expect(comparable(a)).toEqual(comparable(auditOnce(path, 0)));
    } finally {
      store.close();
    }
  });

  it('a range on a worker says it is alive as it goes, and notes what this thread folds', () => {
    const store = openStore(honest, { readonly: true });
    const results: AuditPart[] = [];
    const pool = SyncPool.open<AuditTask, AuditPart>(2, { path: honest }, (r) => results.push(r), 2);
    expect(pool).not.toBeNull();
    try {
      const rows = honestGet<number>('SELECT count(*) FROM events');
      const task: AuditTask = { after: Number.NEGATIVE_INFINITY, upTo: rows, chain: true, hands: true, maxProblems: 50, fold: true, aliveEveryRows: 500 };
      pool!.submit(task);
      pool!.finish();
      expect(pool!.aliveReplies).toBe(Math.floor(rows / 500));
      expect(results).toHaveLength(1);
      expect(results[0].fold).toEqual(auditTask(store.db, task).fold);
    } finally {
      pool!.close();
      store.close();
    }
  });

  it('on an honest log the audit by worker threads takes the tables from the ranges', () => {
    const store = openStore(honest, { readonly: true });
    try {
      const timings: AuditTimings = {};
      const a = auditLog(store, { threads: 2, timings });
      expect(timings).toMatchObject({ tablesInRanges: true });
      expect(a.tables).toEqual(auditTables(store));
    } finally {
      store.close();
    }
  });
});
