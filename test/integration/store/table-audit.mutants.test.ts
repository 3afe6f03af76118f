/**
 * The tables' part of `table audit` (app/services/table-audit.ts) on this thread, its words
 * exactly as an auditor reads them: each kind of difference (a column that differs, a row
 * missing, a row extra, a table that cannot be read) named with its key and values; a fold that
 * refuses an entry named at its row (a checkpoint folded past, any other entry stopping its
 * table, whose rows are then left out and the other tables' rows matched by the event that wrote
 * them); the cap on problems and the count past it; what is counted in the report; the progress
 * told; the rebuild file SQLite compares in by itself; the ranges' rebuild giving the tables
 * back to the one pass. Real SQLite files in a temp folder: an honest log of two simulated
 * tables and a staff record, then copies of it changed behind the terminal's back.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTask } from '../../../app/services/audit';
import type { Progress } from '../../../app/services/progress';
import { ProjectionLog } from '../../../app/services/projections';
import { simulate } from '../../../app/services/simulation';
import { openStore } from '../../../app/services/store';
import {
  auditTables, compareRebuilt, MAX_TABLE_PROBLEMS, rebuildTables, QUERY_TABLES, RangeRebuild, RebuildFile, type RangeFold, type RowProblem, type TablesReport,
} from '../../../app/services/table-audit';
import { TableService } from '../../../app/services/table-service';
import { inTempDir, tamperedCopies, tempFolder } from './temp';

const tmp = tempFolder('cp-table-audit-mut-');
let honest = '';

beforeAll(async () => {
  honest = tmp.file('honest.db');
  const store = openStore(honest);
  try {
    const s = new TableService(store);
    await simulate(s, { hands: 4, seed: 3, tableId: 'A' });
    // A note on a hand long over, then staff records (not a table's) enough for the log to be read in more than one go.
    const noted = s.floorCorrection({ tableId: 'A', floor: 'Jana', reason: 'recount asked by seat 2', action: { kind: 'note' }, handId: 'A-1' });
    expect(noted.ok).toBe(true);
    store.write((tx) => {
      for (let i = 0; i < 4100; i++) tx.append({ tableId: '@staff', body: { type: 'staff-added', at: '2025-03-01T20:00:00.000Z', by: 'system', staffId: `s${i}`, name: `Staff ${i}` } });
    });
    await simulate(s, { hands: 4, seed: 4, tableId: 'B' });
    store.db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    store.close();
  }
}, 120_000);
afterAll(() => tmp.cleanup());

const tampered = tamperedCopies(tmp, () => honest, 't');

function get<T>(sql: string, path = honest): T {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare(sql).pluck().get() as T;
  } finally {
    db.close();
  }
}

function audit(path: string, options: { maxProblems?: number; progress?: Progress } = {}): TablesReport {
  const store = openStore(path, { readonly: true });
  try {
    return auditTables(store, options);
  } finally {
    store.close();
  }
}

/** The tables' report from the log folded as two ranges cut after row `cut` (`file`: the rebuild in a file SQLite compares in). */
function inRanges(path: string, cut: number, file: boolean): { report: TablesReport | null; taken: boolean[]; bySqlite: number; whole: TablesReport } {
  // In a temp folder of its own, so that another test's audit running beside it leaves nothing here.
  const { value, left } = inTempDir(() => {
    const store = openStore(path, { readonly: true });
    const attached = file ? RebuildFile.attach(store.db, store.migrations) : null;
    if (file) expect(attached).not.toBeNull();
    const rebuild = new RangeRebuild(store.migrations, attached);
    try {
      const max = store.db.prepare('SELECT max(id) FROM events').pluck().get() as number;
      const taken: boolean[] = [];
      store.db.exec('BEGIN');
      for (const [after, upTo] of [[Number.NEGATIVE_INFINITY, cut], [cut, max]]) {
        const part = auditTask(store.db, { after, upTo, chain: false, hands: false, maxProblems: 50, fold: true });
        taken.push(rebuild.add(part.fold!));
      }
      const report = rebuild.finish(store, MAX_TABLE_PROBLEMS);
      store.db.exec('COMMIT');
      const whole = auditTables(store);
      rebuild.close();
      attached?.close();
      // The rebuild is detached again.
      expect(store.db.prepare('PRAGMA database_list').all().map((d) => (d as { name: string }).name)).toEqual(['main']);
      return { report, taken, bySqlite: rebuild.comparedBySqlite, whole };
    } finally {
      rebuild.close();
      attached?.close();
      store.close();
    }
  });
  // And its folder gone.
  expect(left).toEqual([]);
  return value;
}

const rowsOf = (t: TablesReport) => t.problems.filter((p): p is RowProblem => p.kind === 'row');

describe('an honest log', () => {
  it('is ok: two tables (the staff record passed by), every entry and checkpoint counted, every stored row compared', () => {
    const t = audit(honest);
    const rows = QUERY_TABLES.reduce((n, q) => n + get<number>(`SELECT count(*) FROM ${q.name}`), 0);
    expect(t).toEqual({
      ok: true, tables: 2, problems: [], more: 0, rows,
      entries: get<number>("SELECT count(*) FROM events WHERE table_id <> '@staff'"),
      checkpoints: get<number>("SELECT count(*) FROM events WHERE type = 'table-checkpoint'"),
    });
    expect(t.checkpoints).toBeGreaterThan(1);
  });

  it('tells the progress the fold in log rows, then the comparison table by table', () => {
    const said: unknown[] = [];
    audit(honest, { progress: { stage: (...a) => said.push(['stage', ...a]), done: (n) => said.push(n) } });
    const span = get<number>('SELECT max(id) - min(id) + 1 FROM events');
    expect(said).toEqual([['stage', 'tables', span, 'rows'], span, ['stage', 'compare', QUERY_TABLES.length, 'tables'], ...QUERY_TABLES.map((_, i) => i + 1)]);
  });

  it('in ranges with the rebuild in a file: SQLite finds every table but `tables` (JSON) the same, the one pass\'s report', () => {
    const cut = get<number>("SELECT min(id) FROM events WHERE table_id = 'B'") + 5;
    const { report, taken, bySqlite, whole } = inRanges(honest, cut, true);
    expect(taken).toEqual([true, true]);
    expect(report).toEqual(whole);
    expect(whole.ok).toBe(true);
    expect(bySqlite).toBe(QUERY_TABLES.length - 1);
  });

  it('in ranges in memory: nothing compared by SQLite alone, the one pass\'s report', () => {
    const cut = get<number>("SELECT min(id) FROM events WHERE table_id = 'B'") - 3;
    const { report, taken, bySqlite, whole } = inRanges(honest, cut, false);
    expect(taken).toEqual([true, true]);
    expect(report).toEqual(whole);
    expect(bySqlite).toBe(0);
  });
});

describe('query rows changed behind the terminal\'s back, each named with its key and values', () => {
  it('a column that differs: the stored and the rebuilt value', () => {
    const t = audit(tampered("UPDATE seats SET stack = stack + 1000 WHERE table_id = 'B' AND seat = 2"));
    const stack = get<number>("SELECT stack FROM seats WHERE table_id = 'B' AND seat = 2");
    expect(t).toMatchObject({ ok: false, more: 0 });
    expect(t.problems).toEqual([{
      kind: 'row', table: 'seats', key: { table_id: 'B', seat: 2 }, difference: 'differs', column: 'stack', stored: stack + 1000, rebuilt: stack,
      message: `seats (table_id "B", seat 2): stack is ${stack + 1000} in the database, ${stack} rebuilt from the log`,
    }]);
  });

  it('a row deleted: missing, with the row the log gives', () => {
    const row = new Database(honest, { readonly: true }).prepare("SELECT * FROM payments WHERE hand_id = 'A-2' ORDER BY ordinal LIMIT 1").get() as Record<string, unknown>;
    expect(row).toBeDefined();
    const t = audit(tampered(`DELETE FROM payments WHERE hand_id = 'A-2' AND ordinal = ${String(row.ordinal)}`));
    const rest = Object.entries(row).filter(([k]) => k !== 'hand_id' && k !== 'ordinal').map(([k, v]) => `${k} ${JSON.stringify(v)}`).join(', ');
    expect(t.problems).toEqual([{
      kind: 'row', table: 'payments', key: { hand_id: 'A-2', ordinal: row.ordinal }, difference: 'missing', column: null, stored: null, rebuilt: row,
      message: `payments (hand_id "A-2", ordinal ${String(row.ordinal)}): missing from the database; the log gives ${rest}`,
    }]);
  });

  it('the last row of a table deleted: missing, after every stored row was matched', () => {
    const t = audit(tampered("DELETE FROM seats WHERE table_id = 'B' AND seat = 4"));
    expect(rowsOf(t).map((p) => [p.table, p.difference, p.key])).toEqual([['seats', 'missing', { table_id: 'B', seat: 4 }]]);
  });

  it('a row inserted: extra, with the row the database holds', () => {
    const id = get<number>('SELECT max(id) + 1 FROM alerts');
    const t = audit(tampered(`INSERT INTO alerts (id, table_id, hand_id, kind, code, message, raised_at, raised_event_id)
      VALUES (${id}, 'A', NULL, 'misdeal', 'floor-ruling', 'made up', '2025-03-01T21:00:00.000Z', 5)`));
    expect(t.problems).toHaveLength(1);
    expect(t.problems[0]).toMatchObject({ kind: 'row', table: 'alerts', key: { id }, difference: 'extra', column: null, rebuilt: null });
    expect((t.problems[0] as RowProblem).stored).toMatchObject({ id, table_id: 'A', message: 'made up' });
    expect(t.problems[0].message).toBe(
      `alerts (id ${id}): in the database, not rebuilt from the log (table_id "A", hand_id null, kind "misdeal", code "floor-ruling", message "made up", `
        + 'raised_at "2025-03-01T21:00:00.000Z", raised_event_id 5, acknowledged_by null, acknowledged_at null, ack_note null, ack_event_id null)',
    );
  });

  it('rows missing and extra in one table, found in key order around the equal ones', () => {
    // The first seat of A moved to a table no row has, between A and B: (A, 1) missing, (AA, 1) extra, the others equal.
    const t = audit(tampered("UPDATE seats SET table_id = 'AA' WHERE table_id = 'A' AND seat = 1"));
    expect(rowsOf(t).map((p) => [p.difference, p.key])).toEqual([['missing', { table_id: 'A', seat: 1 }], ['extra', { table_id: 'AA', seat: 1 }]]);
    expect(t.rows).toBe(audit(honest).rows);
  });

  it('a value stored as a blob: shown in hex, cut at 20 bytes', () => {
    const t = audit(tampered("UPDATE seats SET name = x'000102030405060708090a0b0c0d0e0f101112131415' WHERE table_id = 'A' AND seat = 1"));
    const name = get<string>("SELECT name FROM seats WHERE table_id = 'A' AND seat = 1");
    expect(t.problems.map((p) => p.message)).toEqual([
      `seats (table_id "A", seat 1): name is x'000102030405060708090a0b0c0d0e0f10111213...' in the database, ${JSON.stringify(name)} rebuilt from the log`,
    ]);
    const twenty = audit(tampered("UPDATE seats SET name = x'000102030405060708090a0b0c0d0e0f10111213' WHERE table_id = 'A' AND seat = 1"));
    expect(twenty.problems.map((p) => p.message)).toEqual([`seats (table_id "A", seat 1): name is x'000102030405060708090a0b0c0d0e0f10111213' in the database, ${JSON.stringify(name)} rebuilt from the log`]);
    const short = audit(tampered("UPDATE seats SET name = x'00ff' WHERE table_id = 'A' AND seat = 1"));
    expect(short.problems.map((p) => p.message)).toEqual([`seats (table_id "A", seat 1): name is x'00ff' in the database, ${JSON.stringify(name)} rebuilt from the log`]);
  });

  it('a number stored as text differs from the number', () => {
    const t = audit(tampered("UPDATE hand_seats SET stack_before = CAST(stack_before AS TEXT) || '' WHERE hand_id = 'A-1' AND seat = 1"));
    // The column's affinity turns the text back into a number: no difference to see.
    expect(t.ok).toBe(true);
  });

  it('the table profile: the same JSON in other key order is equal, a changed value differs', () => {
    // The service writes the profile's keys in the order it built them, the rebuild sorted: equal as JSON.
    expect(get<string>("SELECT profile FROM tables WHERE id = 'A'")).not.toBe(JSON.stringify(JSON.parse(get<string>("SELECT profile FROM tables WHERE id = 'A'")), Object.keys(JSON.parse(get<string>("SELECT profile FROM tables WHERE id = 'A'"))).sort()));
    expect(audit(honest).problems).toEqual([]);
    const changed = audit(tampered("UPDATE tables SET profile = json_set(profile, '$.extra', 1) WHERE id = 'A'"));
    expect(changed.problems).toHaveLength(1);
    expect(changed.problems[0]).toMatchObject({ kind: 'row', table: 'tables', key: { id: 'A' }, difference: 'differs', column: 'profile' });
    expect(changed.problems[0].message).toMatch(/^tables \(id "A"\): profile is "\{.+ in the database, "\{.+ rebuilt from the log$/);
    const blob = audit(tampered("UPDATE tables SET profile = CAST(profile AS BLOB) WHERE id = 'B'"));
    expect(blob.problems.map((p) => [(p as RowProblem).key, (p as RowProblem).column])).toEqual([[{ id: 'B' }, 'profile']]);
    const notJson = audit(tampered("UPDATE tables SET profile = 'not json' WHERE id = 'B'"));
    expect(notJson.problems.map((p) => [(p as RowProblem).key, (p as RowProblem).column])).toEqual([[{ id: 'B' }, 'profile']]);
  });

  it('a query table that cannot be read as the migrations make it: named, its rows not compared, the others still', () => {
    const t = audit(tampered("ALTER TABLE seats RENAME COLUMN name TO nom; UPDATE chip_ledger SET stack_after = stack_after + 1 WHERE id = 1"));
    expect(t.problems[0]).toEqual({
      kind: 'row', table: 'seats', key: {}, difference: 'missing', column: null, stored: null, rebuilt: null,
      message: expect.stringMatching(/^seats: the database's table cannot be read as the migrations make it \(no such column: "?name"?.*\)$/),
    });
    expect(t.problems.slice(1).map((p) => [(p as RowProblem).table, (p as RowProblem).column])).toEqual([['chip_ledger', 'stack_after']]);
    const seats = get<number>('SELECT count(*) FROM seats');
    expect(t.rows).toBe(audit(honest).rows - seats);
  });
});

describe('a hand\'s session id', () => {
  it('with no table stopped is compared as it is: a session renumbered is named, and so is every hand that points to it', () => {
    const t = audit(tampered('UPDATE sessions SET id = 3 WHERE id = 1; UPDATE hands SET session_id = 3 WHERE session_id = 1'));
    const hands = get<number>('SELECT count(*) FROM hands WHERE session_id = 1');
    expect(rowsOf(t).map((p) => [p.table, p.difference, p.column])).toEqual([
      ['sessions', 'missing', null], ['sessions', 'extra', null], ...Array.from({ length: hands }, () => ['hands', 'differs', 'session_id']),
    ]);
  });
});

describe('the cap on problems', () => {
  it('lists at most `maxProblems`, in the order of the query tables, and counts the rest', () => {
    const path = tampered('UPDATE seats SET stack = stack + 1; UPDATE chip_ledger SET at = \'x\'');
    const seats = get<number>('SELECT count(*) FROM seats');
    const ledger = get<number>('SELECT count(*) FROM chip_ledger');
    const all = audit(path, { maxProblems: 10_000 });
    expect(all.problems).toHaveLength(seats + ledger);
    expect(all.more).toBe(0);
    // No table stopped: a ledger row is named by its id.
    const firstLedger = all.problems.find((p) => (p as RowProblem).table === 'chip_ledger') as RowProblem;
    expect(firstLedger).toMatchObject({ key: { id: get<number>('SELECT min(id) FROM chip_ledger') }, column: 'at', stored: 'x' });
    expect(firstLedger.message).toMatch(/^chip_ledger \(id \d+\): at is "x" in the database, "[^"]+" rebuilt from the log$/);
    const capped = audit(path, { maxProblems: 3 });
    expect(capped).toMatchObject({ ok: false, more: seats + ledger - 3 });
    expect(capped.problems).toEqual(all.problems.slice(0, 3));
    const exact = audit(path, { maxProblems: seats + ledger });
    expect(exact.more).toBe(0);
    // None listed, all counted: still not ok.
    expect(audit(path, { maxProblems: 0 })).toMatchObject({ ok: false, problems: [], more: seats + ledger });
    expect(MAX_TABLE_PROBLEMS).toBe(100);
    expect(audit(path).problems).toHaveLength(Math.min(100, seats + ledger));
  });
});

describe('a table\'s log that does not fold', () => {
  it('a checkpoint that does not match: named at its row, the fold goes on and the rows are still compared', () => {
    const id = get<number>("SELECT id FROM events WHERE table_id = 'A' AND type = 'table-checkpoint' AND json_extract(body, '$.handsStarted') = 2");
    const t = audit(tampered(`UPDATE events SET body = replace(body, '"handsStarted":2', '"handsStarted":7') WHERE id = ${id};
      UPDATE seats SET name = 'Somebody' WHERE table_id = 'A' AND seat = 1`));
    const name = get<string>("SELECT name FROM seats WHERE table_id = 'A' AND seat = 1");
    expect(t.problems).toEqual([{
      kind: 'fold', tableId: 'A', rowId: id, type: 'table-checkpoint', handId: null, code: 'checkpoint-mismatch',
      message: `table A: log row ${id} (table-checkpoint) does not fold: checkpoint-mismatch: table-checkpoint: handsStarted is 7, the table has 2`,
    }, {
      kind: 'row', table: 'seats', key: { table_id: 'A', seat: 1 }, difference: 'differs', column: 'name', stored: 'Somebody', rebuilt: name,
      message: `seats (table_id "A", seat 1): name is "Somebody" in the database, ${JSON.stringify(name)} rebuilt from the log`,
    }]);
    expect(t.checkpoints).toBe(get<number>("SELECT count(*) FROM events WHERE type = 'table-checkpoint'") - 1);
    expect(t.entries).toBe(audit(honest).entries);
  });

  it('a table-opened stored under another table: wrong-table, that table not folded further nor its rows compared; the other table matched by the events that wrote its rows', () => {
    const opened = get<number>("SELECT id FROM events WHERE table_id = 'A' AND type = 'table-opened'");
    const ledger = get<number>("SELECT max(id) FROM chip_ledger WHERE table_id = 'B'");
    const [event, seat] = [get<number>(`SELECT event_id FROM chip_ledger WHERE id = ${ledger}`), get<number>(`SELECT seat FROM chip_ledger WHERE id = ${ledger}`)];
    const t = audit(tampered(`UPDATE events SET body = replace(body, '"tableId":"A"', '"tableId":"Z"') WHERE id = ${opened};
      UPDATE seats SET stack = stack + 5 WHERE table_id = 'A';
      UPDATE chip_ledger SET stack_after = stack_after + 1 WHERE id = ${ledger}`));
    expect(t.problems[0]).toEqual({
      kind: 'fold', tableId: 'A', rowId: opened, type: 'table-opened', handId: null, code: 'wrong-table',
      message: `table A: log row ${opened} (table-opened) does not fold: wrong-table: the table-opened opens table "Z", but it is stored under "A"; the table is not folded further and its query rows are not compared`,
    });
    // A's seats are left out; B's ledger rows, after A's (whose ids are not rebuilt), matched by their writer.
    expect(t.problems.slice(1)).toHaveLength(1);
    expect(t.problems[1]).toMatchObject({ kind: 'row', table: 'chip_ledger', key: { event_id: event, seat }, difference: 'differs', column: 'stack_after' });
    expect(t.problems[1].message).toMatch(new RegExp(`^chip_ledger \\(event_id ${event}, seat ${seat}\\): stack_after is \\d+ in the database, \\d+ rebuilt from the log$`));
    expect(t.entries).toBe(1 + get<number>("SELECT count(*) FROM events WHERE table_id = 'B'"));
    expect(t.tables).toBe(2);
    const bRows = QUERY_TABLES.reduce((n, q) => n + get<number>(`SELECT count(*) FROM ${q.name} WHERE ${q.name === 'tables' ? 'id' : ['hands', 'hand_seats', 'payments'].includes(q.name) ? "substr(hand_id, 1, 1)" : 'table_id'} = 'B'`.replace("substr(hand_id, 1, 1)", q.name === 'hands' ? 'table_id' : 'substr(hand_id, 1, 1)')), 0);
    expect(t.rows).toBe(bRows);
  });

  it('a hand\'s session id of the other table stands for the event that opened that session', () => {
    const opened = get<number>("SELECT id FROM events WHERE table_id = 'A' AND type = 'table-opened'");
    const t = audit(tampered(`UPDATE events SET body = replace(body, '"tableId":"A"', '"tableId":"Z"') WHERE id = ${opened}`));
    expect(t.problems.map((p) => p.kind)).toEqual(['fold']);
    const other = 99;
    const moved = audit(tampered(`UPDATE events SET body = replace(body, '"tableId":"A"', '"tableId":"Z"') WHERE id = ${opened};
      UPDATE hands SET session_id = ${other} WHERE id = 'B-2'`));
    expect(moved.problems.slice(1).map((p) => [(p as RowProblem).table, (p as RowProblem).key, (p as RowProblem).column])).toEqual([['hands', { id: 'B-2' }, 'session_id']]);
  });

  it('a hand of the other table pointed at the stopped table\'s session is named, though the number equals the one rebuilt', () => {
    const opened = get<number>("SELECT id FROM events WHERE table_id = 'A' AND type = 'table-opened'");
    const aSession = get<number>("SELECT session_id FROM hands WHERE id = 'A-1'");
    const bSession = get<number>("SELECT session_id FROM hands WHERE id = 'B-2'");
    expect(aSession).not.toBe(bSession);
    // A is not rebuilt, so the rebuild numbers B's session as A's was: the same number, another writer.
    const moved = audit(tampered(`UPDATE events SET body = replace(body, '"tableId":"A"', '"tableId":"Z"') WHERE id = ${opened};
      UPDATE hands SET session_id = ${aSession} WHERE id = 'B-2'`));
    expect(moved.problems.slice(1).map((p) => [(p as RowProblem).table, (p as RowProblem).key, (p as RowProblem).column])).toEqual([['hands', { id: 'B-2' }, 'session_id']]);
  });

  it('a hand\'s entry the fold refuses: named with its hand', () => {
    const started = get<number>("SELECT id FROM events WHERE hand_id = 'A-3' AND type = 'hand-started'");
    const t = audit(tampered(`DELETE FROM events WHERE id = ${started}`));
    const next = get<number>(`SELECT min(id) FROM events WHERE hand_id = 'A-3' AND id > ${started}`);
    const type = get<string>(`SELECT type FROM events WHERE id = ${next}`);
    expect(t.problems).toHaveLength(1);
    expect(t.problems[0]).toMatchObject({ kind: 'fold', tableId: 'A', rowId: next, type, handId: 'A-3' });
    expect(t.problems[0].message).toMatch(new RegExp(`^table A: log row ${next} \\(${type} of hand A-3\\) does not fold: [a-z-]+: .+; the table is not folded further and its query rows are not compared$`));
  });

  it('rebuilt up to the last row (as the central audit does) and compared here: the one pass\'s report, the stopped table left out', () => {
    const opened = get<number>("SELECT id FROM events WHERE table_id = 'A' AND type = 'table-opened'");
    const path = tampered(`UPDATE events SET body = replace(body, '"tableId":"A"', '"tableId":"Z"') WHERE id = ${opened}`);
    const store = openStore(path, { readonly: true });
    try {
      const upTo = store.db.prepare('SELECT max(id) FROM events').pluck().get() as number;
      const r = rebuildTables(store.db, upTo, { maxProblems: MAX_TABLE_PROBLEMS, migrations: store.migrations });
      expect(r.stopped).toEqual(['A']);
      const whole = auditTables(store);
      expect(whole.problems.map((p) => p.kind)).toEqual(['fold']);
      expect(compareRebuilt(store, r, MAX_TABLE_PROBLEMS)).toEqual(whole);
    } finally {
      store.close();
    }
  });

  it('a second table-opened for another table, later in a table\'s log: the fold\'s own refusal, not wrong-table', () => {
    const opened = get<number>("SELECT id FROM events WHERE table_id = 'A' AND type = 'table-opened'");
    const later = get<number>("SELECT id FROM events WHERE table_id = 'A' AND type = 'dealer-on'");
    const t = audit(tampered(`UPDATE events SET type = 'table-opened', body = (SELECT replace(body, '"tableId":"A"', '"tableId":"Z"') FROM events WHERE id = ${opened}) WHERE id = ${later}`));
    expect(t.problems.map((p) => [p.kind, (p as { rowId?: number }).rowId, (p as { code?: string }).code])).toEqual([['fold', later, 'table-exists']]);
  });

  it('a table-opened whose body is another event of the same table: the fold\'s own refusal, not wrong-table', () => {
    const opened = get<number>("SELECT id FROM events WHERE table_id = 'A' AND type = 'table-opened'");
    const later = get<number>("SELECT id FROM events WHERE table_id = 'A' AND type = 'dealer-on'");
    const t = audit(tampered(`UPDATE events SET body = (SELECT body FROM events WHERE id = ${later}) WHERE id = ${opened}`));
    expect(t.problems.map((p) => [p.kind, (p as { rowId?: number }).rowId, (p as { code?: string }).code])).toEqual([['fold', opened, 'no-table']]);
  });

  it('in ranges: a range that meets a problem gives the tables back to the one pass', () => {
    const id = get<number>("SELECT id FROM events WHERE table_id = 'A' AND type = 'table-checkpoint' AND json_extract(body, '$.handsStarted') = 2");
    const path = tampered(`UPDATE events SET body = replace(body, '"handsStarted":2', '"handsStarted":7') WHERE id = ${id}`);
    const { report, taken } = inRanges(path, id + 3, true);
    expect(taken).toEqual([false, false]);
    expect(report).toBeNull();
  });
});

describe('the ranges\' rebuild', () => {
  const empty = (over: Partial<RangeFold>): RangeFold => ({ noted: new (class {})() as never, tables: 0, entries: 0, checkpoints: 0, problems: 0, unusual: null, ...over });

  it('a range with nothing to note is taken', () => {
    const store = openStore(honest, { readonly: true });
    const rebuild = new RangeRebuild(store.migrations);
    try {
      expect(rebuild.add(empty({ noted: new ProjectionLog().noted() }))).toBe(true);
    } finally {
      rebuild.close();
      store.close();
    }
  });

  it('a range that could not be folded on its own, or found a problem: false, and from then on false and no report', () => {
    for (const bad of [{ unusual: 'table A: its first row cannot be found again' }, { problems: 1 }]) {
      const store = openStore(honest, { readonly: true });
      const rebuild = new RangeRebuild(store.migrations);
      try {
        expect(rebuild.add(empty({ noted: new ProjectionLog().noted(), ...bad }))).toBe(false);
        expect(rebuild.add(empty({ noted: new ProjectionLog().noted() })), 'a good range after it changes nothing').toBe(false);
        expect(rebuild.finish(store, MAX_TABLE_PROBLEMS)).toBeNull();
      } finally {
        rebuild.close();
        store.close();
      }
    }
  });

  it('a query table changed: SQLite does not find it the same, and the row-by-row comparison names it as the one pass does', () => {
    const path = tampered("UPDATE payments SET amount = amount + 1 WHERE hand_id = 'B-1' AND ordinal = 1");
    const cut = get<number>("SELECT min(id) FROM events WHERE table_id = 'B'") + 20;
    const { report, taken, bySqlite, whole } = inRanges(path, cut, true);
    expect(taken).toEqual([true, true]);
    expect(report).toEqual(whole);
    expect(rowsOf(whole).map((p) => [p.table, p.key])).toEqual([['payments', { hand_id: 'B-1', ordinal: 1 }]]);
    expect(bySqlite).toBe(QUERY_TABLES.length - 2);
  });

  it('a stored row more than the log gives (key dropped, a row twice): not the same for SQLite', () => {
    const db = new Database(honest, { readonly: true });
    const create = db.prepare("SELECT sql FROM sqlite_master WHERE name = 'seats'").pluck().get() as string;
    db.close();
    const noKey = create.replace(/,\s*PRIMARY KEY \(table_id, seat\)/, '');
    expect(noKey).not.toBe(create);
    const path = tampered(`ALTER TABLE seats RENAME TO old_seats; ${noKey}; INSERT INTO seats SELECT * FROM old_seats; DROP TABLE old_seats;
      INSERT INTO seats SELECT * FROM seats WHERE table_id = 'B' AND seat = 1;`);
    const { report, bySqlite, whole } = inRanges(path, get<number>("SELECT min(id) FROM events WHERE table_id = 'B'"), true);
    expect(report).toEqual(whole);
    expect(rowsOf(whole).map((p) => [p.table, p.difference])).toEqual([['seats', 'extra']]);
    expect(bySqlite).toBe(QUERY_TABLES.length - 2);
  });
});

describe('keys in SQLite\'s order: NULL first, then numbers, text, blobs', () => {
  it('a hand row with no id, a hand row deleted and one with a blob for its id: each named where SQLite sorts it', () => {
    const t = audit(tampered(`CREATE TEMP TABLE copy AS SELECT * FROM hands WHERE id = 'A-3';
      UPDATE copy SET id = NULL, number = number + 1000; INSERT INTO hands SELECT * FROM copy;
      UPDATE copy SET id = x'41', number = number + 1000; INSERT INTO hands SELECT * FROM copy;
      DELETE FROM hands WHERE id = 'B-4';`));
    expect(rowsOf(t).map((p) => [p.table, p.difference, p.key])).toEqual([
      ['hands', 'extra', { id: null }], ['hands', 'missing', { id: 'B-4' }], ['hands', 'extra', { id: Buffer.from('A') }],
    ]);
    expect(t.problems[0].message).toMatch(/^hands \(id null\): in the database, not rebuilt from the log \(table_id "A", number 1003, button \d, dealer "Eva", session_id \d+, /);
    expect(t.problems[2].message).toMatch(/^hands \(id x'41'\): in the database, not rebuilt from the log \(table_id "A", /);
  });
});

describe('SQLite compares strictly, or leaves the table to the row-by-row comparison', () => {
  /** SQL that makes `table` again from its CREATE statement changed by `edit`, its rows copied over. */
  function remade(table: string, edit: (create: string) => string): string {
    const create = get<string>(`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = '${table}'`);
    const made = edit(create);
    expect(made, 'the edit changes the table').not.toBe(create);
    return `ALTER TABLE ${table} RENAME TO old_${table}; ${made}; INSERT INTO ${table} SELECT * FROM old_${table}; DROP TABLE old_${table};`;
  }
  const cut = () => get<number>("SELECT min(id) FROM events WHERE table_id = 'B'") + 7;

  it('a number stored as text in a column made TEXT is not the number (no affinity)', () => {
    const path = tampered(`${remade('hand_seats', (c) => c.replace(/stack_before(\s+)INTEGER/, 'stack_before$1TEXT'))}`);
    const { report, bySqlite, whole } = inRanges(path, cut(), true);
    expect(report).toEqual(whole);
    expect(rowsOf(whole).length).toBe(get<number>('SELECT count(*) FROM hand_seats'));
    expect(rowsOf(whole).every((p) => p.table === 'hand_seats' && p.column === 'stack_before' && p.stored === String(p.rebuilt))).toBe(true);
    expect(bySqlite).toBe(QUERY_TABLES.length - 2);
  });

  it('a player id in other letter case in a column made case-blind is another id (by bytes)', () => {
    const path = tampered(`${remade('hand_seats', (c) => c.replace(/player(\s+)TEXT(\s+)NOT NULL/, 'player$1TEXT COLLATE NOCASE$2NOT NULL'))}
      UPDATE hand_seats SET player = lower(player) WHERE hand_id = 'B-1' AND seat = 1;`);
    const { report, bySqlite, whole } = inRanges(path, cut(), true);
    expect(report).toEqual(whole);
    expect(rowsOf(whole).map((p) => [p.table, p.key, p.column])).toEqual([['hand_seats', { hand_id: 'B-1', seat: 1 }, 'player']]);
    expect(bySqlite).toBe(QUERY_TABLES.length - 2);
  });
});

describe('what is a table', () => {
  it('a table id whose first row is a table-opened of a hand is not a table: passed by, its stored rows extra', () => {
    const opened = get<number>("SELECT id FROM events WHERE table_id = 'A' AND type = 'table-opened'");
    const t = audit(tampered(`UPDATE events SET hand_id = 'A-0', hand_seq = 1 WHERE id = ${opened}`));
    expect(t.tables).toBe(1);
    expect(t.entries).toBe(get<number>("SELECT count(*) FROM events WHERE table_id = 'B'"));
    expect(t.problems.filter((p) => p.kind === 'fold')).toEqual([]);
    expect(rowsOf(t)[0]).toMatchObject({ table: 'tables', key: { id: 'A' }, difference: 'extra' });
  });
});
