/**
 * The start-up check (`checkAtStart`, app/services/startup-check.ts; docs/store.md, "Checked at
 * every start"), finding by finding, with the words a floor manager reads in the integrity alert:
 * - the schema: a trigger whose SQL was changed, a table or index added beside the terminal's;
 * - the log starts at row 1 (rows cut from its start are named);
 * - before the tail of the last TAIL_ROWS rows, each table's own rows from where its load starts:
 *   its last checkpoint, else the first event of its most recent hand, else its first row; each
 *   row's hash recomputed and its link to the row before it (that row missing, or changed);
 *   staff records are not a table and are left to the full audit; at most 10 findings a table.
 * Real SQLite files in temp folders, written by the real terminal and changed behind its back;
 * the check is called on the reopened store as the table service calls it at every start.
 */
import Database from 'better-sqlite3';
import { copyFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { SeatNo } from '../../../app/domain/hand';
import { StaffService } from '../../../app/services/staff';
import { checkAtStart, TAIL_ROWS, type StartupFinding } from '../../../app/services/startup-check';
import { openStore } from '../../../app/services/store';
import type { TableService } from '../../../app/services/table-service';
import { InProcessShoe } from '../../../hardware/sim/in-process-shoe';
import { attachShoe, must, openTable, playHand, rig, T } from '../services/helpers';
import { tamper, tempFolder } from './temp';

const folder = tempFolder('cp-startup-mutants-');
afterAll(() => folder.cleanup());
let copies = 0;

/** What the check finds in the file at `path`, opened as the terminal opens it. */
function checkFile(path: string): StartupFinding[] {
  const store = openStore(path);
  try {
    return checkAtStart(store, store.migrations);
  } finally {
    store.close();
  }
}

/** A copy of `path` to change. */
function copyOf(path: string): string {
  const to = folder.file(`copy-${++copies}.db`);
  copyFileSync(path, to);
  return to;
}

function one<V = number>(sql: string, path: string): V {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare(sql).pluck().get() as V;
  } finally {
    db.close();
  }
}

/** A table opened with a dealer and players seated (`buyIns` more buy-ins at seat 1). */
function openAt(service: TableService, tableId: string, seats: number, buyIns = 0): void {
  must(service.openTable({ tableId, pointValue: 100 }));
  must(service.dealerOn({ tableId, dealer: 'Eva' }));
  for (let seat = 1; seat <= seats; seat++) must(service.seatPlayer({ tableId, seat: seat as SeatNo, playerId: `${tableId}-p${seat}`, buyIn: 5000 }));
  for (let i = 0; i < buyIns; i++) must(service.buyIn({ tableId, seat: 1, amount: 2000 }));
}

/** Buy-ins at table T2 (opened here) until the log's last row is `lastId`. */
function fillTo(service: TableService, lastId: number): void {
  openAt(service, 'T2', 1);
  const maxId = service.store.db.prepare('SELECT max(id) FROM events').pluck();
  while ((maxId.get() as number) < lastId) must(service.buyIn({ tableId: 'T2', seat: 1, amount: 2000 }));
  expect(maxId.get()).toBe(lastId);
}

interface Evening {
  readonly path: string;
  /** T0: opened in row 1, no hand yet (no checkpoint): its load reads it from row 1. */
  readonly t0Rows: number[];
  /** The staff record (an admin added). */
  readonly staffRow: number;
  /** T4: no checkpoint, its first hand in play: the seats before it, and its hand-started. */
  readonly t4SeatRow: number;
  readonly t4HandStarted: number;
  /** T1: one hand played; its checkpoint is the last row before the tail (the tail's edge). */
  readonly t1Checkpoint: number;
}

let evening: Evening | undefined;

/**
 * One honest evening, made once (inside the first test that needs it) and copied by each test:
 * T0 idle from row 1, a staff record, T4 with its first hand in play, T1 with a hand played,
 * then table T2's buy-ins until T1's checkpoint is exactly TAIL_ROWS rows before the last row.
 */
async function honestEvening(): Promise<Evening> {
  if (evening) return evening;
  const r = rig();
  try {
    openAt(r.service, 'T0', 3, 8);
    must(must(StaffService.open(r.store)).add({ staffId: 'ada', name: 'Ada Admin', roles: ['admin'], pin: '246810' }));
    openAt(r.service, 'T4', 2);
    const shoe4 = new InProcessShoe({ paceMs: 0, heartbeatTimeoutMs: 60_000 });
    const detach4 = must(r.service.attachCardSource('T4', shoe4));
    await shoe4.start();
    must(r.service.startHand({ tableId: 'T4' }));
    detach4();
    await shoe4.stop();
    openTable(r.service, { 1: 5000, 2: 5000, 3: 5000 });
    const { shoe, detach } = await attachShoe(r.service);
    await playHand(r.service, shoe, 1);
    detach();
    await shoe.stop();
    const db = r.store.db;
    const cp = db.prepare("SELECT max(id) FROM events WHERE table_id = ? AND type = 'table-checkpoint'").pluck().get(T) as number;
    expect(db.prepare('SELECT max(id) FROM events WHERE table_id = ?').pluck().get(T)).toBe(cp); // nothing of T1 after it
    fillTo(r.service, cp + TAIL_ROWS);
    evening = {
      path: r.path,
      t0Rows: db.prepare("SELECT id FROM events WHERE table_id = 'T0' ORDER BY id").pluck().all() as number[],
      staffRow: db.prepare("SELECT min(id) FROM events WHERE table_id = '@staff'").pluck().get() as number,
      t4SeatRow: db.prepare("SELECT max(id) FROM events WHERE table_id = 'T4' AND type = 'player-seated'").pluck().get() as number,
      t4HandStarted: db.prepare("SELECT id FROM events WHERE table_id = 'T4' AND type = 'hand-started'").pluck().get() as number,
      t1Checkpoint: cp,
    };
    r.store.db.pragma('wal_checkpoint(TRUNCATE)');
    r.store.close();
    const keep = folder.file('evening.db');
    copyFileSync(r.path, keep);
    evening = { ...evening, path: keep };
    return evening;
  } finally {
    r.cleanup();
  }
}

/** A small honest table (T1 opened and seated), closed; its file's path. The rig's folder is the caller's to clean. */
function smallTable(): { path: string; cleanup: () => void } {
  const r = rig();
  openTable(r.service, { 1: 5000, 2: 5000 });
  r.store.close();
  return { path: r.path, cleanup: () => r.cleanup() };
}

const damaged = (message: string): StartupFinding => ({ code: 'log-damaged', message });

describe('the schema, exactly as the migrations make it', () => {
  it("a trigger whose SQL was changed is named as changed (the same name is not enough)", () => {
    const t = smallTable();
    try {
      const db = new Database(t.path);
      const sql = db.prepare("SELECT sql FROM sqlite_master WHERE name = 'events_refuse_delete'").pluck().get() as string;
      db.exec('DROP TRIGGER events_refuse_delete');
      db.exec(sql.replace(/BEGIN/i, "WHEN old.type <> 'alert-raised' BEGIN")); // deleting alerts now allowed
      db.close();
      expect(checkFile(t.path)).toEqual([
        { code: 'schema-changed', message: "the database's schema is not the terminal's: trigger events_refuse_delete was changed" },
      ]);
    } finally {
      t.cleanup();
    }
  });

  it('a table and an index added beside the terminal\'s are each named as added', () => {
    const t = smallTable();
    try {
      const db = new Database(t.path);
      db.exec('CREATE TABLE side_notes (note TEXT); CREATE INDEX events_by_body ON events (body);');
      db.close();
      expect(checkFile(t.path)).toEqual([
        { code: 'schema-changed', message: "the database's schema is not the terminal's: index events_by_body was added; table side_notes was added" },
      ]);
    } finally {
      t.cleanup();
    }
  });
});

describe('the log starts at row 1', () => {
  it('rows cut from its start are named by number', () => {
    const t = smallTable();
    try {
      tamper(t.path, 'DELETE FROM events WHERE id <= 3');
      expect(checkFile(t.path)).toContainEqual(damaged('the log does not start at row 1: rows 1-3 are missing (rows were deleted)'));
    } finally {
      t.cleanup();
    }
  });
});

describe("before the tail: each table's own rows from where its load starts", () => {
  it('an honest evening: nothing found (row 1 follows the genesis, not a row 0)', async () => {
    const e = await honestEvening();
    const maxId = one('SELECT max(id) FROM events', e.path);
    // The set-up is what the tests below need: every other table's rows before the tail.
    expect(Math.max(...e.t0Rows, e.staffRow, e.t4HandStarted)).toBeLessThan(maxId - TAIL_ROWS);
    expect(e.t0Rows[0]).toBe(1);
    expect(checkFile(e.path)).toEqual([]);
  });

  it('a table with no checkpoint and no hand is checked from its first row: a changed row of it is named', async () => {
    const e = await honestEvening();
    const path = copyOf(e.path);
    const row = e.t0Rows[1];
    const type = one<string>(`SELECT type FROM events WHERE id = ${row}`, path);
    tamper(path, `UPDATE events SET body = replace(body, '"Eva"', '"Mallory"') WHERE id = ${row}`);
    expect(checkFile(path)).toEqual([damaged(`log row ${row} (${type}): its content does not match its hash (it was changed)`)]);
  });

  it('a table with no checkpoint is checked from the first event of its most recent hand (that hand\'s rows; the rows before it are the full audit\'s)', async () => {
    const e = await honestEvening();
    const inHand = copyOf(e.path);
    tamper(inHand, `UPDATE events SET recorded_at = '2025-03-01T23:59:59.000Z' WHERE id = ${e.t4HandStarted}`);
    expect(checkFile(inHand)).toEqual([damaged(`log row ${e.t4HandStarted} (hand-started): its content does not match its hash (it was changed)`)]);
    const beforeHand = copyOf(e.path);
    tamper(beforeHand, `UPDATE events SET recorded_at = '2025-03-01T23:59:59.000Z' WHERE id = ${e.t4SeatRow}`);
    expect(checkFile(beforeHand)).toEqual([]);
  });

  it('a load start exactly at the tail\'s edge is checked: the checkpoint there, changed, is named', async () => {
    const e = await honestEvening();
    const path = copyOf(e.path);
    expect(one('SELECT max(id) FROM events', path) - TAIL_ROWS).toBe(e.t1Checkpoint);
    tamper(path, `UPDATE events SET body = replace(body, '"dealer":"Eva"', '"dealer":"Mallory"') WHERE id = ${e.t1Checkpoint}`);
    expect(checkFile(path)).toEqual([damaged(`log row ${e.t1Checkpoint} (table-checkpoint): its content does not match its hash (it was changed)`)]);
  });

  it('the row before a table\'s checkpoint deleted: the checkpoint "does not follow" it, that row is missing', async () => {
    const e = await honestEvening();
    const path = copyOf(e.path);
    const cp = e.t1Checkpoint;
    tamper(path, `DELETE FROM events WHERE id = ${cp - 1}`);
    expect(checkFile(path)).toEqual([damaged(`log row ${cp} (table-checkpoint): it does not follow row ${cp - 1} (that row is missing)`)]);
  });

  it('the row before a table\'s checkpoint with another hash: the checkpoint "does not follow" it, that row was changed', async () => {
    const e = await honestEvening();
    const path = copyOf(e.path);
    const cp = e.t1Checkpoint;
    tamper(path, `UPDATE events SET hash = '${'0'.repeat(64)}' WHERE id = ${cp - 1}`);
    expect(checkFile(path)).toEqual([damaged(`log row ${cp} (table-checkpoint): it does not follow row ${cp - 1} (that row was changed)`)]);
  });

  it('staff records are not a table: a start does not read them (the full audit does)', async () => {
    const e = await honestEvening();
    const path = copyOf(e.path);
    tamper(path, `UPDATE events SET recorded_at = '2025-03-01T23:59:59.000Z' WHERE id = ${e.staffRow}`);
    expect(checkFile(path)).toEqual([]);
  });

  it('a table whose every row was changed is named in 10 findings at the most, its first rows first', async () => {
    const e = await honestEvening();
    const path = copyOf(e.path);
    expect(e.t0Rows.length).toBeGreaterThan(10);
    tamper(path, "UPDATE events SET recorded_at = '2025-03-01T23:59:59.000Z' WHERE table_id = 'T0'");
    const found = checkFile(path);
    expect(found.map((f) => f.message.replace(/ \(.*/, ''))).toEqual(e.t0Rows.slice(0, 10).map((id) => `log row ${id}`));
    expect(found.every((f) => f.code === 'log-damaged' && f.message.endsWith('its content does not match its hash (it was changed)'))).toBe(true);
  });
});
