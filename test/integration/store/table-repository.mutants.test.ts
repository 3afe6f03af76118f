/**
 * The table service's reads of the store (app/services/table-repository.ts) and the start's
 * comparison of the query rows with the fold (`rowDifferences`; docs/store.md, "Checked at every
 * start"): which ids are tables, a checkpoint that is not JSON named by row and type, each seat's
 * short buy-in allowance read from its row, and, for each query row written outside the terminal,
 * the exact phrase of the `query-tables-differ` finding the floor reads. Real SQLite files in
 * temp folders, written by the real terminal, changed behind its back and opened again.
 */
import Database from 'better-sqlite3';
import { copyFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { applyTable, tableFromCheckpoint, type TableCheckpoint } from '../../../app/domain/table';
import { StaffService } from '../../../app/services/staff';
import type { StartupFinding } from '../../../app/services/startup-check';
import { openStore } from '../../../app/services/store';
import { rowDifferences, TableRepository } from '../../../app/services/table-repository';
import { TableService } from '../../../app/services/table-service';
import { attachShoe, must, playedHand, rig, T } from '../services/helpers';
import { tamper, tempFolder } from './temp';

const folder = tempFolder('cp-repo-mutants-');
afterAll(() => folder.cleanup());
let copies = 0;

function copyOf(path: string): string {
  const to = folder.file(`copy-${++copies}.db`);
  copyFileSync(path, to);
  return to;
}

/** What a terminal opening the file finds at its start. */
function startFindings(path: string): StartupFinding[] {
  const store = openStore(path);
  try {
    return new TableService(store).startupFindings;
  } finally {
    store.close();
  }
}

const differ = (...phrases: string[]): StartupFinding[] => [
  { code: 'query-tables-differ', message: `table ${T}: the query tables differ from the log: ${phrases.join('; ')}` },
];

let played: string | undefined;

/**
 * T1 with players p1-p3, one hand played (the button moves to seat 2, one hand started), then a
 * short buy-in at seat 1 (his short buy-in used; seats 2 and 3 still allowed one). Made once,
 * inside the first test that needs it; each test changes a copy.
 */
async function playedTable(): Promise<string> {
  if (played) return played;
  const r = rig();
  try {
    await playedHand(r, [1]);
    must(r.service.buyIn({ tableId: T, seat: 1, amount: 1000 }));
    expect(r.store.db.prepare('SELECT seat, player, short_buy_in_allowed AS short FROM seats WHERE table_id = ? ORDER BY seat').raw().all(T)).toEqual([
      [1, 'p1', 0],
      [2, 'p2', 1],
      [3, 'p3', 1],
    ]);
    expect(r.store.db.prepare('SELECT button, hands_started FROM tables WHERE id = ?').get(T)).toEqual({ button: 2, hands_started: 1 });
    r.store.db.pragma('wal_checkpoint(TRUNCATE)');
    r.store.close();
    played = folder.file('played.db');
    copyFileSync(r.path, played);
    return played;
  } finally {
    r.cleanup();
  }
}

describe('TableRepository: the reads', () => {
  it('tableIds: every id whose first event opens a table, in id order; staff records are not a table', () => {
    const r = rig();
    try {
      must(must(StaffService.open(r.store)).add({ staffId: 'ada', name: 'Ada Admin', roles: ['admin'], pin: '246810' }));
      must(r.service.openTable({ tableId: 'T2', pointValue: 100 }));
      must(r.service.openTable({ tableId: T, pointValue: 100 }));
      expect(new TableRepository(r.store.db).tableIds()).toEqual([T, 'T2']);
    } finally {
      r.cleanup();
    }
  });

  it("rows: each seat's short buy-in allowance as its row holds it (used: false; still allowed: true), and an honest start finds nothing", async () => {
    const path = copyOf(await playedTable());
    const store = openStore(path);
    try {
      const seats = new TableRepository(store.db).rows(T).seats;
      expect([...seats].sort((a, b) => a.seat - b.seat).map((s) => [s.seat, s.player, s.shortAllowed])).toEqual([
        [1, 'p1', false],
        [2, 'p2', true],
        [3, 'p3', true],
      ]);
      expect(new TableService(store).startupFindings).toEqual([]);
    } finally {
      store.close();
    }
  });

  it('a checkpoint that is not JSON: the start is refused naming its log row and its type', async () => {
    const path = copyOf(await playedTable());
    const db = new Database(path, { readonly: true });
    const cp = db.prepare("SELECT max(id) FROM events WHERE table_id = ? AND type = 'table-checkpoint'").pluck().get(T) as number;
    db.close();
    tamper(path, `UPDATE events SET body = '{"type":"table-checkpoint",' WHERE id = ${cp}`);
    const store = openStore(path);
    try {
      expect(() => new TableService(store)).toThrow(new RegExp(`^log row ${cp} \\(hand none, type table-checkpoint\\) is not JSON: `));
    } finally {
      store.close();
    }
  });
});

describe('rowDifferences: each query row written outside the terminal, named as the floor reads it', () => {
  it('the tables row deleted (compared as the load compares: the fold from the last checkpoint on)', async () => {
    const path = copyOf(await playedTable());
    tamper(path, `DELETE FROM tables WHERE id = '${T}'`);
    const store = openStore(path);
    try {
      const repo = new TableRepository(store.db);
      const cp = repo.lastCheckpoint(T)!;
      let state = must(tableFromCheckpoint(cp.body as TableCheckpoint));
      for (const entry of repo.entriesAfter(T, cp.id)) state = must(applyTable(state, entry));
      expect(rowDifferences(state, repo.rows(T))).toEqual(['its tables row is missing']);
    } finally {
      store.close();
    }
  });

  it('the tables row deleted: the start, which cannot record the alert (its row needs the table\'s), is refused naming the damage', async () => {
    const path = copyOf(await playedTable());
    tamper(path, `DELETE FROM tables WHERE id = '${T}'`);
    const store = openStore(path);
    try {
      expect(() => new TableService(store)).toThrow(
        `table ${T}: the start-up check found damage and could not record it (table ${T}: the query tables differ from the log: its tables row is missing): `);
      expect(store.db.prepare("SELECT count(*) FROM events WHERE type = 'alert-raised'").pluck().get()).toBe(0);
    } finally {
      store.close();
    }
  });

  it("the tables row's button between hands, and its hand count", async () => {
    const button = copyOf(await playedTable());
    tamper(button, `UPDATE tables SET button = 4 WHERE id = '${T}'`);
    expect(startFindings(button)).toEqual(differ('tables.button is 4, the log says 2'));
    const count = copyOf(await playedTable());
    tamper(count, `UPDATE tables SET hands_started = 5 WHERE id = '${T}'`);
    expect(startFindings(count)).toEqual(differ('tables.hands_started is 5, the log says 1'));
  });

  it('a seat row for an empty seat, a seat row missing, a seat row with another player', async () => {
    const path = copyOf(await playedTable());
    tamper(path, [
      `INSERT INTO seats (table_id, seat, player, name, stack, short_buy_in_allowed, seated_at) VALUES ('${T}', 4, 'mallory', NULL, 100000, 1, '2025-03-01T20:00:00.000Z')`,
      `DELETE FROM seats WHERE table_id = '${T}' AND seat = 2`,
      `UPDATE seats SET player = 'trudy' WHERE table_id = '${T}' AND seat = 3`,
    ].join(';'));
    expect(startFindings(path)).toEqual(differ(
      'seat 2 has no row, the log seats p2',
      "seat 3's row is trudy, the log seats p3",
      'seat 4 has mallory in its row, the log has it empty',
    ));
  });

  it("a seat row's short buy-in allowance turned either way", async () => {
    const path = copyOf(await playedTable());
    tamper(path, `UPDATE seats SET short_buy_in_allowed = 1 - short_buy_in_allowed WHERE table_id = '${T}' AND seat IN (1, 2)`);
    expect(startFindings(path)).toEqual(differ(
      "seat 1's row has the short buy-in allowed, the log the other way",
      "seat 2's row has the short buy-in used, the log the other way",
    ));
  });

  it('a hand open in the hands table while the log has none in play', async () => {
    const path = copyOf(await playedTable());
    tamper(path, `UPDATE hands SET outcome = 'open' WHERE id = '${T}-1'`);
    expect(startFindings(path)).toEqual(differ(`hand ${T}-1 is open in the hands table, the log has no hand in play`));
  });

  it('another hand open in the hands table than the one the log has in play', async () => {
    const path = copyOf(await playedTable());
    const r = { store: openStore(path) };
    try {
      const service = new TableService(r.store);
      const { shoe, detach } = await attachShoe(service);
      must(service.startHand({ tableId: T }));
      detach();
      await shoe.stop();
    } finally {
      r.store.close();
    }
    tamper(path, `UPDATE hands SET outcome = 'void' WHERE id = '${T}-2'; UPDATE hands SET outcome = 'open' WHERE id = '${T}-1'`);
    expect(startFindings(path)).toEqual(differ(`hand ${T}-1 is open in the hands table, the log has ${T}-2 in play`));
  });
});
