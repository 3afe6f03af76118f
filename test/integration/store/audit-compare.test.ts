/**
 * The audit's comparison of the query tables done by SQLite itself (table-audit.ts's
 * `RebuildFile` and `sameInSqlite`): with worker threads the ranges' rows are rebuilt into a
 * file attached to the audited store's connection, and SQLite says whether each query table is
 * the same there; only a table it does not find the same is read row by row, which names every
 * difference. So the check must never find a table the same that the row-by-row comparison
 * finds wrong: each case below changes one stored query table behind the terminal's back, in a
 * way a looser SQL comparison would miss, and the audit by worker threads must give the one
 * pass's report, having read exactly that table row by row. Real SQLite files.
 */
import Database from 'better-sqlite3';
import { copyFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, type AuditTimings, type LogAudit } from '../../../app/services/audit';
import { openStore } from '../../../app/services/store';
import { QUERY_TABLES, type TablesReport } from '../../../app/services/table-audit';
import { poolRunMark, poolRunsSince } from '../../../app/services/worker-pool';
import { simulatedLog, tempFolder } from './temp';

const tmp = tempFolder('cp-audit-compare-');
const honest = tmp.file('honest.db');

beforeAll(() => simulatedLog(honest, 24, 5), 120_000);
afterAll(() => tmp.cleanup());

/** The query tables SQLite can compare alone (`tables.profile` is compared as JSON values, row by row). */
const BY_SQLITE = QUERY_TABLES.filter((t) => t.json === undefined).length;

let copies = 0;
/** A copy of the honest log with `sql` run on it (the events untouched). */
function changed(sql: string): string {
  const path = tmp.file(`changed-${++copies}.db`);
  copyFileSync(honest, path);
  const db = new Database(path);
  db.pragma('foreign_keys = OFF');
  db.exec(sql);
  db.close();
  return path;
}

/**
 * SQL that makes query table `table` again from its own CREATE statement changed by `edit`
 * (a column's collation or type, the key dropped), its rows copied over.
 */
function remade(table: string, edit: (create: string) => string): string {
  const db = new Database(honest, { readonly: true });
  const create = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").pluck().get(table) as string;
  db.close();
  const made = edit(create);
  expect(made, 'the edit changes the table').not.toBe(create);
  return `ALTER TABLE ${table} RENAME TO old_${table}; ${made}; INSERT INTO ${table} SELECT * FROM old_${table}; DROP TABLE old_${table};`;
}

interface Audited {
  readonly audit: LogAudit;
  readonly timings: AuditTimings;
}

function audit(path: string, threads: number, inTransaction = false): Audited {
  const store = openStore(path, { readonly: true });
  try {
    const timings: AuditTimings = {};
    if (inTransaction) store.db.exec('BEGIN');
    const audit = auditLog(store, { threads, timings });
    if (inTransaction) store.db.exec('COMMIT');
    // The rebuild is detached again: the connection is as it was.
    expect(store.db.prepare('PRAGMA database_list').all().map((d) => (d as { name: string }).name)).toEqual(['main']);
    return { audit, timings };
  } finally {
    store.close();
  }
}

function tablesOf(a: LogAudit): TablesReport {
  if ('error' in a.tables) throw a.tables.error;
  return a.tables;
}

const rebuildFolders = () => readdirSync(tmpdir()).filter((n) => n.startsWith('cp-audit-rebuild-')).sort();

/** The audit by two workers next to the one pass: the same report, and how many tables SQLite compared alone. */
function bothWays(path: string): { one: TablesReport; bySqlite: number } {
  const one = audit(path, 0);
  expect(one.timings.tablesComparedBySqlite, 'the one pass reads every row').toBe(0);
  const mark = poolRunMark();
  const two = audit(path, 2);
  expect(poolRunsSince(mark).map((r) => [r.job, r.outcome])).toEqual([['audit', 'workers']]);
  expect(two.timings.tablesInRanges, 'the ranges folded the tables').toBe(true);
  expect(two.audit).toEqual(one.audit);
  return { one: tablesOf(one.audit), bySqlite: two.timings.tablesComparedBySqlite! };
}

describe('an honest log', () => {
  it('SQLite finds every query table but the tables (JSON) the same, and the file is gone afterwards', () => {
    const before = rebuildFolders();
    const { one, bySqlite } = bothWays(honest);
    expect(one).toMatchObject({ ok: true, problems: [], more: 0 });
    expect(one.rows).toBeGreaterThan(100);
    expect(bySqlite).toBe(BY_SQLITE);
    expect(rebuildFolders()).toEqual(before);
  });

  it('inside a read transaction the caller holds, nothing is attached: every row is read, with the same report', () => {
    const one = audit(honest, 0);
    const inside = audit(honest, 2, true);
    expect(inside.timings.tablesComparedBySqlite).toBe(0);
    expect(inside.audit).toEqual(one.audit);
  });
});

describe('a query table changed so that only a strict comparison sees it: read row by row, the one pass\'s report', () => {
  const cases: readonly { readonly name: string; readonly table: string; readonly sql: () => string; readonly difference: string }[] = [
    {
      name: 'one amount changed',
      table: 'payments',
      sql: () => 'UPDATE payments SET amount = amount + 1 WHERE rowid = (SELECT min(rowid) FROM payments)',
      difference: 'differs',
    },
    {
      // SQLite compares with a column's declared collation unless told otherwise (COLLATE BINARY).
      name: 'a player\'s id in other letter case, the column made case-blind (COLLATE NOCASE)',
      table: 'hand_seats',
      sql: () => `${remade('hand_seats', (c) => c.replace(/player(\s+)TEXT(\s+)NOT NULL/, 'player$1TEXT COLLATE NOCASE$2NOT NULL'))}
        UPDATE hand_seats SET player = CASE WHEN player = upper(player) THEN lower(player) ELSE upper(player) END
          WHERE rowid = (SELECT min(rowid) FROM hand_seats);`,
      difference: 'differs',
    },
    {
      // SQLite converts between a text column and a number column before comparing them (affinity), unless `+column`.
      name: 'the stacks before stored as text, the column made TEXT',
      table: 'hand_seats',
      sql: () => remade('hand_seats', (c) => c.replace(/stack_before(\s+)INTEGER/, 'stack_before$1TEXT')),
      difference: 'differs',
    },
    {
      name: 'the key dropped and a payment stored twice (one row more than the log gives)',
      table: 'payments',
      sql: () => `${remade('payments', (c) => c.replace(/,\s*PRIMARY KEY \(hand_id, ordinal\)/, ''))}
        INSERT INTO payments SELECT * FROM payments WHERE rowid = (SELECT min(rowid) FROM payments);`,
      difference: 'extra',
    },
    {
      name: 'the key dropped and the last payment replaced by a copy of the first (as many rows as the log gives)',
      table: 'payments',
      sql: () => `${remade('payments', (c) => c.replace(/,\s*PRIMARY KEY \(hand_id, ordinal\)/, ''))}
        DELETE FROM payments WHERE rowid = (SELECT max(rowid) FROM payments);
        INSERT INTO payments SELECT * FROM payments WHERE rowid = (SELECT min(rowid) FROM payments);`,
      difference: 'missing',
    },
    {
      name: 'a ledger row deleted',
      table: 'chip_ledger',
      sql: () => 'DELETE FROM chip_ledger WHERE id = (SELECT max(id) FROM chip_ledger)',
      difference: 'missing',
    },
    {
      // A text primary key may hold NULL in SQLite: no key equals it.
      name: 'a copy of a hand\'s row with no id',
      table: 'hands',
      sql: () => `CREATE TEMP TABLE copy AS SELECT * FROM hands WHERE id = 'SIM-3';
        UPDATE copy SET id = NULL, number = number + 1000; INSERT INTO hands SELECT * FROM copy;`,
      difference: 'extra',
    },
  ];

  for (const c of cases) {
    it(c.name, () => {
      const { one, bySqlite } = bothWays(changed(c.sql()));
      expect(one.ok).toBe(false);
      expect(one.problems.length).toBeGreaterThan(0);
      for (const p of one.problems) expect(p).toMatchObject({ kind: 'row', table: c.table });
      expect(one.problems.map((p) => (p as { difference: string }).difference)).toContain(c.difference);
      // Every other query table SQLite found the same; this one it did not, and it was read row by row.
      expect(bySqlite).toBe(BY_SQLITE - 1);
    });
  }
});
