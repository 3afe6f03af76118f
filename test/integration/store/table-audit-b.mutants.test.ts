/**
 * More of the tables' part of `table audit` (app/services/table-audit.ts) on this thread, as an
 * auditor reads it: an entry the table fold accepts but whose query rows cannot be written as
 * the service writes them (`rows-not-written`, named at its row; the fold goes on and the rows
 * are still compared); a hand row whose session id is gone, after another table's fold stopped;
 * the progress told while a long log is folded; a checkpoint stored with a hand id and a body
 * that is JSON null named at their rows; a player id changed to a text that reads as the same
 * number; rows missing between equal ones; a hand row whose id only begins with a stopped
 * table's id; where the rebuild file is made (and not for a store in memory); and the rebuild in
 * a file and the ranges' rebuild when something fails (no temporary folder, migrations that fail,
 * a range's rows written twice, its file closed under it, a stored table SQLite cannot compare):
 * null or false, the one pass's report, and no folder left behind. Real SQLite files in temp folders: a
 * short honest log written by the table service, then changed behind its back. Written to kill
 * the mutants the older tests left.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StatusBody } from '../../../hardware/card-source';
import { auditTask } from '../../../app/services/audit';
import { simulate } from '../../../app/services/simulation';
import { openStore } from '../../../app/services/store';
import { auditTables, MAX_TABLE_PROBLEMS, QUERY_TABLES, RangeRebuild, RebuildFile, type RowProblem, type TablesReport } from '../../../app/services/table-audit';
import { TableService } from '../../../app/services/table-service';
import { must, openTable, rig, ScriptedShoe, T, type Rig } from '../services/helpers';
import { inTempDir, tamperedCopies, tempFolder } from './temp';

let r: Rig | undefined;
afterEach(() => {
  r?.cleanup();
  r = undefined;
});

const AT = '2025-03-01T21:00:00.000Z';

/** A table with four seats and one alert raised by its shoe (alert 1). */
function withAlert(): Rig {
  const t = (r = rig());
  openTable(t.service);
  const shoe = new ScriptedShoe('path:/dev/ttyS7');
  must(t.service.attachCardSource(T, shoe));
  shoe.status({ status: 'heartbeat-lost', silentMs: 5000 } as StatusBody);
  expect(t.service.alerts().map((a) => a.id)).toEqual([1]);
  return t;
}

describe('an entry the fold accepts whose query rows cannot be written', () => {
  it('is named at its row as rows-not-written, with the database\'s words; the fold goes on and the rows are still compared', () => {
    const t = withAlert();
    expect(auditTables(t.store)).toMatchObject({ ok: true, problems: [] });
    const row = t.store.write((tx) => tx.append({ tableId: T, body: { type: 'alert-raised', at: AT, by: 'system', alertId: 1, kind: 'device-fault', code: 'jam', message: 'Card shoe: jam', handId: null } as never })).id;
    // a later entry of the table is still folded, and its rows compared
    t.store.db.exec(`UPDATE seats SET stack = stack + 1 WHERE table_id = '${T}' AND seat = 3`);
    const report = auditTables(t.store);
    expect(report.ok).toBe(false);
    expect(report.problems[0]).toEqual({
      kind: 'fold', tableId: T, rowId: row, type: 'alert-raised', handId: null, code: 'rows-not-written',
      message: `table T1: log row ${row} (alert-raised): its query rows cannot be written: UNIQUE constraint failed: alerts.id`,
    });
    expect(report.problems.slice(1)).toMatchObject([{ kind: 'row', table: 'seats', key: { table_id: T, seat: 3 }, difference: 'differs', column: 'stack' }]);
    expect(report.problems).toHaveLength(2);
  });
});

// An honest log of two simulated tables (A and B), copied and changed by the tests below.
const tmp = tempFolder('cp-table-audit-b-');
let honest = '';
beforeAll(async () => {
  honest = tmp.file('honest.db');
  const store = openStore(honest);
  try {
    const s = new TableService(store);
    await simulate(s, { hands: 2, seed: 3, tableId: 'A' });
    await simulate(s, { hands: 2, seed: 4, tableId: 'B' });
    store.db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    store.close();
  }
}, 120_000);
afterAll(() => tmp.cleanup());

const tampered = tamperedCopies(tmp, () => honest, 't');

function audit(path: string): TablesReport {
  const store = openStore(path, { readonly: true });
  try {
    return auditTables(store);
  } finally {
    store.close();
  }
}


/** The log cut into two ranges after row `cut`, each folded as a worker does (here): the parts to add to a RangeRebuild. */
function ranges(db: import('better-sqlite3').Database, cut: number) {
  const max = db.prepare('SELECT max(id) FROM events').pluck().get() as number;
  return [[Number.NEGATIVE_INFINITY, cut], [cut, max]].map(([after, upTo]) => auditTask(db, { after, upTo, chain: false, hands: false, maxProblems: 50, fold: true }).fold!);
}

describe("a hand row's session after another table's fold stopped", () => {
  it('a session id gone from a hand row is named; with it there, the hand matches', () => {
    const opened = audit(honest).problems;
    expect(opened).toEqual([]);
    const stop = `UPDATE events SET body = replace(body, '"tableId":"A"', '"tableId":"Z"') WHERE table_id = 'A' AND type = 'table-opened'`;
    expect(audit(tampered(stop)).problems.map((p) => p.kind)).toEqual(['fold']);
    const t = audit(tampered(`${stop}; UPDATE hands SET session_id = NULL WHERE id = 'B-2'`));
    const rows = t.problems.filter((p): p is RowProblem => p.kind === 'row');
    expect(rows.map((p) => [p.table, p.key, p.difference, p.column, p.stored])).toEqual([['hands', { id: 'B-2' }, 'differs', 'session_id', null]]);
    expect(rows[0].message).toMatch(/^hands \(id "B-2"\): session_id is null in the database, \d+ rebuilt from the log$/);
  });
});

describe('the rebuild in a file', () => {
  it('with no temporary folder to make it in: none (null), and the comparison reads every row', () => {
    const store = openStore(honest, { readonly: true });
    try {
      const { value } = inTempDir(() => RebuildFile.attach(store.db, store.migrations), join(tmp.dir, 'no-such-folder'));
      expect(value).toBeNull();
      expect(store.db.prepare('PRAGMA database_list').all().map((d) => (d as { name: string }).name)).toEqual(['main']);
    } finally {
      store.close();
    }
  });

  it('whose migrations fail: none (null), and its folder is gone', () => {
    const store = openStore(honest, { readonly: true });
    try {
      const bad = [...store.migrations, { version: store.migrations.length + 1, file: '9999_broken.sql', sql: 'CREATE TABLE broken (' }];
      const { value, left } = inTempDir(() => RebuildFile.attach(store.db, bad));
      expect(value).toBeNull();
      expect(left).toEqual([]);
    } finally {
      store.close();
    }
  });

  it('a stored query table SQLite cannot compare (a column renamed): left to the row-by-row comparison, which names it as the one pass does', () => {
    const path = tampered('ALTER TABLE seats RENAME COLUMN name TO nom');
    const store = openStore(path, { readonly: true });
    const { value } = inTempDir(() => {
      const attached = RebuildFile.attach(store.db, store.migrations);
      expect(attached).not.toBeNull();
      const rebuild = new RangeRebuild(store.migrations, attached);
      try {
        store.db.exec('BEGIN');
        const cut = store.db.prepare("SELECT min(id) FROM events WHERE table_id = 'B'").pluck().get() as number;
        expect(ranges(store.db, cut).map((part) => rebuild.add(part))).toEqual([true, true]);
        const report = rebuild.finish(store, MAX_TABLE_PROBLEMS);
        store.db.exec('COMMIT');
        return { report, bySqlite: rebuild.comparedBySqlite, whole: auditTables(store) };
      } finally {
        rebuild.close();
        attached?.close();
      }
    });
    store.close();
    expect(value.whole.problems.map((p) => p.message)).toEqual([expect.stringMatching(/^seats: the database's table cannot be read as the migrations make it \(/)]);
    expect(value.report).toEqual(value.whole);
    expect(value.bySqlite).toBe(QUERY_TABLES.length - 2);
  });
});

describe("the ranges' rebuild in memory", () => {
  it("a range whose rows cannot be written (the same range twice): false, from then on false, and no report", () => {
    const store = openStore(honest, { readonly: true });
    const rebuild = new RangeRebuild(store.migrations);
    try {
      const [first] = ranges(store.db, store.db.prepare('SELECT max(id) FROM events').pluck().get() as number);
      expect(rebuild.add(first)).toBe(true);
      expect(rebuild.add(first)).toBe(false);
      expect(rebuild.finish(store, MAX_TABLE_PROBLEMS)).toBeNull();
    } finally {
      rebuild.close();
      store.close();
    }
  });

  it('a rebuild that cannot be committed (its file closed under it): no report (null), for the one pass to say it', () => {
    const store = openStore(honest, { readonly: true });
    try {
      const { value } = inTempDir(() => {
        const attached = RebuildFile.attach(store.db, store.migrations)!;
        const rebuild = new RangeRebuild(store.migrations, attached);
        const [first] = ranges(store.db, store.db.prepare('SELECT max(id) FROM events').pluck().get() as number);
        expect(rebuild.add(first)).toBe(true);
        attached.close();
        const report = rebuild.finish(store, MAX_TABLE_PROBLEMS);
        rebuild.close();
        return report;
      });
      expect(value).toBeNull();
    } finally {
      store.close();
    }
  });
});

describe('the progress of a long fold', () => {
  it('is told every 20,000 rows, in rows of the log from its first', () => {
    const path = tampered('');
    const store = openStore(path);
    try {
      store.write((tx) => {
        for (let i = 0; i < 20_000; i++) tx.append({ tableId: '@staff', body: { type: 'staff-added', at: '2025-03-01T20:00:00.000Z', by: 'system', staffId: `s${i}`, name: `Staff ${i}` } as never });
      });
      const span = store.db.prepare('SELECT count(*) FROM events').pluck().get() as number;
      const said: unknown[] = [];
      auditTables(store, { progress: { stage: (...a) => said.push(['stage', ...a]), done: (n) => said.push(n) } });
      expect(said.slice(0, 4)).toEqual([['stage', 'tables', span, 'rows'], 20_000, span, ['stage', 'compare', QUERY_TABLES.length, 'tables']]);
    } finally {
      store.close();
    }
  });
});

describe("a table's rows left out after its fold stopped", () => {
  it("are the rows of its hands (`<table>-<number>`); a stored hand row whose id only begins with the table's is another's, named extra", () => {
    const stop = `UPDATE events SET body = replace(body, '"tableId":"A"', '"tableId":"Z"') WHERE table_id = 'A' AND type = 'table-opened'`;
    const t = audit(tampered(`${stop}; INSERT INTO hand_seats (hand_id, seat, player, stack_before) VALUES ('AB', 1, 'p1', 5000)`));
    const rows = t.problems.filter((p): p is RowProblem => p.kind === 'row');
    expect(rows.map((p) => [p.table, p.key, p.difference])).toEqual([['hand_seats', { hand_id: 'AB', seat: 1 }, 'extra']]);
  });
});

describe('an entry the fold refuses', () => {
  it("a checkpoint stored with a hand id is not a checkpoint folded past: its table is not folded further", () => {
    const id = (get<number>("SELECT min(id) FROM events WHERE table_id = 'A' AND type = 'table-checkpoint'"));
    const t = audit(tampered(`UPDATE events SET hand_id = 'A-1', hand_seq = 999 WHERE id = ${id}`));
    expect(t.problems).toHaveLength(1);
    expect(t.problems[0]).toMatchObject({ kind: 'fold', tableId: 'A', rowId: id, type: 'table-checkpoint', handId: 'A-1', code: 'bad-entry' });
    expect(t.problems[0].message).toMatch(new RegExp(`^table A: log row ${id} \\(table-checkpoint of hand A-1\\) does not fold: bad-entry: .+; the table is not folded further and its query rows are not compared$`));
  });

  it("a body that is JSON null: named at its row, not a crash of the audit", () => {
    const id = get<number>("SELECT id FROM events WHERE table_id = 'B' AND type = 'dealer-on' LIMIT 1");
    const t = audit(tampered(`UPDATE events SET body = 'null' WHERE id = ${id}`));
    expect(t.problems).toHaveLength(1);
    expect(t.problems[0]).toMatchObject({ kind: 'fold', tableId: 'B', rowId: id, type: 'dealer-on', handId: null, code: 'bad-event' });
  });
});

function get<T>(sql: string, path = honest): T {
  const store = openStore(path, { readonly: true });
  try {
    return store.db.prepare(sql).pluck().get() as T;
  } finally {
    store.close();
  }
}

describe('the rebuild in a file, where it is made', () => {
  it('a folder of its own in the temporary folder (cp-audit-rebuild-...), one per rebuild, each attached under its own name; none for a store in memory', () => {
    const store = openStore(honest, { readonly: true });
    const files: RebuildFile[] = [];
    try {
      const dir = mkdtempSync(join(tmp.dir, 'os-tmp-'));
      inTempDir(() => {
        for (let i = 0; i < 2; i++) files.push(RebuildFile.attach(store.db, store.migrations)!);
      }, dir);
      expect(files.map((f) => f.db.name.startsWith(join(dir, 'cp-audit-rebuild-')))).toEqual([true, true]);
      expect(new Set(files.map((f) => f.schema)).size).toBe(2);
      expect(readdirSync(dir)).toHaveLength(2);
      const memory = openStore(':memory:');
      try {
        expect(inTempDir(() => RebuildFile.attach(memory.db, memory.migrations))).toEqual({ value: null, left: [] });
      } finally {
        memory.close();
      }
    } finally {
      for (const f of files) f.close();
      store.close();
    }
  });
});

describe('query rows compared value by value', () => {
  it("a player id changed to another text that reads as the same number is another id", () => {
    const t = (r = rig());
    must(t.service.openTable({ tableId: T, pointValue: 100 }));
    must(t.service.seatPlayer({ tableId: T, seat: 1, playerId: '1001', name: 'Ana', buyIn: 5000 }));
    t.store.db.exec(`UPDATE seats SET player = '1001.0' WHERE table_id = '${T}' AND seat = 1`);
    const report = auditTables(t.store);
    expect(report.problems.map((p) => [(p as RowProblem).table, (p as RowProblem).column, (p as RowProblem).stored, (p as RowProblem).rebuilt])).toEqual([['seats', 'player', '1001.0', '1001']]);
  });

  it('rows missing between equal ones, in key order of text: each named where it is', () => {
    const t = (r = rig());
    const ids = ['TA', 'TB', 'TC'];
    for (const id of ids) {
      must(t.service.openTable({ tableId: id, pointValue: 100 }));
      must(t.service.seatPlayer({ tableId: id, seat: 1, playerId: `p-${id}`, name: 'Ana', buyIn: 5000 }));
    }
    expect(auditTables(t.store).problems).toEqual([]);
    t.store.db.exec("DELETE FROM seats WHERE table_id = 'TB'");
    const report = auditTables(t.store);
    expect(report.problems.map((p) => [(p as RowProblem).table, (p as RowProblem).key, (p as RowProblem).difference])).toEqual([
      ['seats', { table_id: 'TB', seat: 1 }, 'missing'],
    ]);
  });
});
