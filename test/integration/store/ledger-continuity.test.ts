/**
 * `table replay`'s check over the whole chip ledger (audit.ts's `checkLedgers`, RULES.md 9:
 * every chip movement of a seat leaves the stack the one before it left, plus its amount). A
 * ledger row changed behind the terminal's back between two hands is in no hand's own check
 * (a buy-in has no hand): only this one names it. Real SQLite files.
 */
import Database from 'better-sqlite3';
import { copyFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayHands } from '../../../app/services/audit';
import { openStore } from '../../../app/services/store';
import { simulatedLog, tempFolder } from './temp';

const tmp = tempFolder('cp-ledger-continuity-');
const honest = tmp.file('honest.db');

beforeAll(() => simulatedLog(honest, 6, 9), 60_000);
afterAll(() => tmp.cleanup());

function replayed(sql: string | null): ReturnType<typeof replayHands> {
  const path = tmp.file(`copy-${Math.random().toString(36).slice(2)}.db`);
  copyFileSync(honest, path);
  if (sql) {
    const db = new Database(path);
    db.exec(sql);
    db.close();
  }
  const store = openStore(path, { readonly: true });
  try {
    return replayHands(store, { threads: 0 });
  } finally {
    store.close();
  }
}

describe('the chip ledger adds up seat by seat', () => {
  it('an honest log: no ledger problem', () => {
    expect(replayed(null)).toMatchObject({ ok: true, problems: [] });
  });

  it('a buy-in recorded as leaving 100 more than it brought: that row, then the seat\'s next row, are named', () => {
    const db = new Database(honest, { readonly: true });
    const first = db.prepare("SELECT id, table_id, seat, player, amount, stack_after FROM chip_ledger WHERE kind = 'buy-in' ORDER BY id LIMIT 1").get() as
      { id: number; table_id: string; seat: number; player: string; amount: number; stack_after: number };
    const next = db.prepare('SELECT id, kind, amount, stack_after FROM chip_ledger WHERE table_id = ? AND seat = ? AND id > ? ORDER BY id LIMIT 1')
      .get(first.table_id, first.seat, first.id) as { id: number; kind: string; amount: number; stack_after: number };
    db.close();
    const report = replayed(`UPDATE chip_ledger SET stack_after = stack_after + 100 WHERE id = ${first.id}`);
    expect(report.ok).toBe(false);
    const messages = report.problems.map((p) => `${p.handId}: ${p.message}`);
    const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`);
    expect(messages).toContain(
      `${first.table_id} seat ${first.seat}: chip ledger row ${first.id} (${first.player}, buy-in): 0 ${signed(first.amount)} should leave ${first.amount}, it records ${first.stack_after + 100}`,
    );
    expect(messages.some((m) => m.includes(`chip ledger row ${next.id} (${first.player}, ${next.kind}): ${first.stack_after + 100} ${signed(next.amount)} should leave ${first.stack_after + 100 + next.amount}, it records ${next.stack_after}`))).toBe(true);
  });

  // The ledger is first read in the order stored, each seat's stack kept by its table and seat;
  // where that read could group a seat's rows otherwise than seat by seat (a table id or seat
  // stored as text beside the same number, in a remade table; two stored values read as one),
  // the seat by seat read decides.
  const untyped = `CREATE TABLE remade (id INTEGER PRIMARY KEY, table_id, seat, player TEXT, kind TEXT, amount INTEGER, stack_after INTEGER, hand_id TEXT, event_id INTEGER, at TEXT);
    INSERT INTO remade SELECT id, table_id, seat, player, kind, amount, stack_after, hand_id, event_id, at FROM chip_ledger;
    DROP TABLE chip_ledger;
    ALTER TABLE remade RENAME TO chip_ledger;`;
  const rows = (values: readonly string[]) => `INSERT INTO chip_ledger (id, table_id, seat, player, kind, amount, stack_after, event_id, at) VALUES ${values.join(', ')};`;
  const oddSeats: readonly { readonly name: string; readonly sql: string; readonly named: string }[] = [
    {
      name: 'a seat stored as the text \'1\' in some rows and the number 1 in others (the ledger remade without column types)',
      sql: untyped + rows(["(1000001, 'ZZ', '1', 'p', 'buy-in', 1000, 1000, 1, 'x')", "(1000002, 'ZZ', '1', 'p', 'cash-out', -1000, 0, 1, 'x')", "(1000003, 'ZZ', 1, 'p', 'buy-in', 500, 500, 1, 'x')"]),
      named: 'ZZ seat 1: chip ledger row 1000001 (p, buy-in): 500 +1000 should leave 1500, it records 1000',
    },
    {
      name: 'a table id stored as the text \'5\' in some rows and the number 5 in others (the ledger remade without column types)',
      sql: untyped + rows(["(1000001, '5', 1, 'p', 'buy-in', 1000, 1000, 1, 'x')", "(1000002, '5', 1, 'p', 'cash-out', -1000, 0, 1, 'x')", "(1000003, 5, 1, 'p', 'buy-in', 500, 500, 1, 'x')"]),
      named: '5 seat 1: chip ledger row 1000001 (p, buy-in): 500 +1000 should leave 1500, it records 1000',
    },
    {
      // Both read as 'ZZ\uFFFD'; by their bytes the first table's ledger breaks at its second row.
      name: 'two table ids of bytes that are not UTF-8 (ZZ\\xfe, ZZ\\xff)',
      sql: `PRAGMA foreign_keys = OFF;${rows(["(1000001, CAST(x'5a5afe' AS TEXT), 1, 'p', 'buy-in', 1000, 1000, 1, 'x')",
        "(1000002, CAST(x'5a5aff' AS TEXT), 1, 'q', 'buy-in', 500, 1500, 1, 'x')", "(1000003, CAST(x'5a5afe' AS TEXT), 1, 'p', 'cash-out', -1000, 500, 1, 'x')"])}`,
      named: 'ZZ\uFFFD seat 1: chip ledger row 1000003 (p, cash-out): 1000 -1000 should leave 0, it records 500',
    },
    {
      name: 'seats 2^53 and 2^53 + 1 (read as one number), past the seat check',
      sql: `PRAGMA foreign_keys = OFF; PRAGMA ignore_check_constraints = ON;${rows(["(1000001, 'ZZ', 9007199254740992, 'p', 'buy-in', 1000, 1000, 1, 'x')",
        "(1000002, 'ZZ', 9007199254740993, 'q', 'buy-in', 500, 1500, 1, 'x')", "(1000003, 'ZZ', 9007199254740992, 'p', 'cash-out', -1000, 500, 1, 'x')"])}`,
      named: 'ZZ seat 9007199254740992: chip ledger row 1000003 (p, cash-out): 1000 -1000 should leave 0, it records 500',
    },
  ];
  for (const c of oddSeats) {
    it(`${c.name}: read seat by seat, and its break named`, () => {
      expect(replayed(c.sql).problems.map((p) => `${p.handId}: ${p.message}`)).toContain(c.named);
    });
  }

  it('table ids the ledger\'s own collation takes as one (remade case-blind): read seat by seat, they stay two tables, and only the real break is named', () => {
    const report = replayed(`
      CREATE TABLE remade (id INTEGER PRIMARY KEY, table_id TEXT COLLATE NOCASE, seat INTEGER, player TEXT, kind TEXT, amount INTEGER, stack_after INTEGER, hand_id TEXT, event_id INTEGER, at TEXT);
      INSERT INTO remade SELECT id, table_id, seat, player, kind, amount, stack_after, hand_id, event_id, at FROM chip_ledger;
      DROP TABLE chip_ledger;
      ALTER TABLE remade RENAME TO chip_ledger;
      INSERT INTO chip_ledger (id, table_id, seat, player, kind, amount, stack_after) VALUES
        (1000001, 'zz', 1, 'p', 'buy-in', 1000, 1000), (1000002, 'ZZ', 1, 'q', 'buy-in', 500, 500), (1000003, 'zz', 1, 'p', 'cash-out', -1000, 0),
        (1000004, 'YY', 1, 'r', 'buy-in', 500, 600);`);
    expect(report.problems.map((p) => `${p.handId}: ${p.message}`)).toEqual(['YY seat 1: chip ledger row 1000004 (r, buy-in): 0 +500 should leave 500, it records 600']);
  });
});
