/**
 * A worker's share of the audit's rebuild (projections.ts's `ProjectionLog`): the statements
 * noted, then run in order on the rebuilt database. The log folds the updates of a hand's rows
 * (hands, hand_seats, payments) it inserted into their inserts; the rows must come out exactly as
 * the statements one by one leave them, and a key SQLite could match differently from the log
 * must stop the folding. The reference here is a log that folds nothing: one whose first
 * statement has a key that is not plain (an update of no row). Real SQLite (a migrated store in
 * memory, foreign keys off as in the rebuild, which has no events to refer to).
 */
import type Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { ProjectionLog } from '../../../app/services/projections';
import { openStore, type Store } from '../../../app/services/store';
import { RangeRebuild } from '../../../app/services/table-audit';

type Statement = Parameters<ProjectionLog['note']>;

const opened: Store[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

function emptyRebuild(): Database.Database {
  const store = openStore(':memory:');
  opened.push(store);
  store.db.pragma('foreign_keys = OFF');
  return store.db;
}

/** An update of no row whose key is not plain: from it on, a log folds nothing. */
const STOP_FOLDING: Statement = ['paymentDone', ['2026-12-01T20:00:00Z', 1, 'nowhere', 0.5]];

/** The statements noted in one log (folded where it can), and how many slots the log holds. */
function noted(statements: readonly Statement[]): ReturnType<ProjectionLog['noted']> {
  const log = new ProjectionLog();
  for (const [name, args] of statements) log.note(name, args);
  return log.noted();
}

/** Every column of the hand tables' rows, as SQLite quotes it (so 0 and 0.0, '1' and 1 differ). */
function handRows(db: Database.Database): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [table, key] of [['hands', 'id'], ['hand_seats', 'hand_id, seat'], ['payments', 'hand_id, ordinal']] as const) {
    const columns = (db.prepare(`SELECT name FROM pragma_table_info('${table}')`).pluck().all() as string[]).map((c) => `quote(${c})`);
    out[table] = db.prepare(`SELECT ${columns.join(` || '|' || `)} FROM ${table} ORDER BY ${key}`).pluck().all() as string[];
  }
  return out;
}

/** How many statements a log noted (slot after slot: a statement's number, its argument count, its arguments). */
function statementsIn(n: ReturnType<ProjectionLog['noted']>): number {
  let count = 0;
  for (let i = 0; i < n.kinds.length; i += 2 + n.numbers[i + 1]) count++;
  return count;
}

/** The rows `statements` leave, folded (`folded`) and one by one (`each`), and how many statements each log noted. */
function bothWays(statements: readonly Statement[]) {
  const folded = emptyRebuild();
  const each = emptyRebuild();
  const f = noted(statements);
  const e = noted([STOP_FOLDING, ...statements]);
  ProjectionLog.runOn(folded, f);
  ProjectionLog.runOn(each, e);
  return { folded: handRows(folded), each: handRows(each), foldedStatements: statementsIn(f), eachStatements: statementsIn(e) - 1 };
}

const AT = '2026-12-01T20:00:00Z';
const hand = (id: string, number = 1): Statement => ['insertHand', [id, 'T1', number, 2, 'classic', 1, 100, 'dealing', AT, 10]];
const seat = (id: string, n: unknown): Statement => ['insertHandSeat', [id, n, `P${String(n)}`, 5000]];
const payment = (id: string, n: number): Statement => ['insertPayment', [id, n, 1, 2, 300]];

/** Everything a played hand writes to its rows after inserting them (what `Projector.hand` and `handEnded` run). */
function playedHand(id: string, number: number): Statement[] {
  return [
    hand(id, number), seat(id, 1), seat(id, 2),
    ['handStep', ['dealt', 11, id]],
    ['handStep', ['showdown', 12, id]],
    ['handSettled', [13, id]],
    ['handSeatSettled', [6, 0, null, 0, id, 1]],
    ['handSeatSettled', [-6, 1, null, 1, id, 2]],
    payment(id, 0), payment(id, 1),
    ['handSeatAllIn', [id, 2]],
    ['handSearchSettled', [1, 0, 1, 1, id]],
    ['handStep', ['paying', 13, id]],
    ['paymentDone', [AT, 14, id, 0]],
    ['paymentDone', [AT, 15, id, 1]],
    ['handStep', ['closed', 16, id]],
    ['handEnded', ['played', AT, id]],
    ['handSeatEnded', [600, 5600, id, 1]],
    ['handSeatEnded', [-600, 4400, id, 2]],
  ];
}

describe('a ProjectionLog folds the updates of the rows it inserted', () => {
  it('inserted wide, a row is the row the narrow insert leaves (the columns\' defaults, the last event the first)', () => {
    const r = bothWays([hand('T1-1'), seat('T1-1', 1), payment('T1-1', 0)]);
    expect(r.folded).toEqual(r.each);
    expect(r.folded.hands).toHaveLength(1);
    expect(r.folded.hand_seats).toEqual(["'T1-1'|1|'P1'|5000|NULL|NULL|NULL|0|NULL|0|0"]);
    expect(r.folded.payments).toEqual(["'T1-1'|0|1|2|300|NULL|NULL"]);
  });

  it('two played hands: the same rows, from 12 statements instead of 32', () => {
    const r = bothWays([...playedHand('T1-1', 1), ...playedHand('T1-2', 2)]);
    expect(r.folded).toEqual(r.each);
    expect(r.folded.hand_seats).toEqual([
      "'T1-1'|1|'P1'|5000|6|600|5600|0|NULL|0|0", "'T1-1'|2|'P2'|5000|-6|-600|4400|1|NULL|1|1",
      "'T1-2'|1|'P1'|5000|6|600|5600|0|NULL|0|0", "'T1-2'|2|'P2'|5000|-6|-600|4400|1|NULL|1|1",
    ]);
    expect(r.folded.payments).toEqual(["'T1-1'|0|1|2|300|'2026-12-01T20:00:00Z'|14", "'T1-1'|1|1|2|300|'2026-12-01T20:00:00Z'|15",
      "'T1-2'|0|1|2|300|'2026-12-01T20:00:00Z'|14", "'T1-2'|1|1|2|300|'2026-12-01T20:00:00Z'|15"]);
    expect(r.folded.hands[0]).toContain("'closed'|'played'");
    expect([r.foldedStatements, r.eachStatements]).toEqual([12, 32]);
  });

  it('a seat\'s row inserted before its hand\'s: both still folded', () => {
    const r = bothWays([seat('T1-1', 1), hand('T1-1'), ['handSettled', [13, 'T1-1']], ['handSeatEnded', [400, 5400, 'T1-1', 1]]]);
    expect(r.folded).toEqual(r.each);
    expect(r.folded.hands[0]).toMatch(/\|13\|/);
    expect([r.foldedStatements, r.eachStatements]).toEqual([2, 4]);
  });

  it('an update of a row inserted before the log (a hand begun in an earlier range) is run as it is', () => {
    const db = emptyRebuild();
    ProjectionLog.runOn(db, noted([hand('T1-1'), seat('T1-1', 1)]));
    ProjectionLog.runOn(db, noted([['handSeatSettled', [4, 0, 'dragon', 0, 'T1-1', 1]], ['handSeatEnded', [400, 5400, 'T1-1', 1]]]));
    expect(handRows(db).hand_seats).toEqual(["'T1-1'|1|'P1'|5000|4|400|5400|0|'dragon'|0|0"]);
  });

  it('each hand is inserted with the dealer signed on at its table then (the sessions read once a table until a dealer comes or goes)', () => {
    const ended = (id: string): Statement => ['handEnded', ['played', AT, id]];
    const db = emptyRebuild();
    ProjectionLog.runOn(db, noted([
      ['dealerOn', ['T1', 'ann', AT, 1]], ['dealerOn', ['T2', 'cy', AT, 2]],
      hand('T1-1', 1), ended('T1-1'), hand('T1-2', 2), ended('T1-2'),
      ['dealerOff', [AT, 3, 'T1']], hand('T1-3', 3), ended('T1-3'),
      ['dealerOn', ['T1', 'bob', AT, 4]], hand('T1-4', 4), ended('T1-4'),
      ['insertHand', ['T2-1', 'T2', 1, 1, 'classic', 1, 100, 'dealing', AT, 10]],
    ]));
    expect(db.prepare('SELECT id, dealer, session_id FROM hands ORDER BY id').raw(true).all()).toEqual([
      ['T1-1', 'ann', 1], ['T1-2', 'ann', 1], ['T1-3', null, null], ['T1-4', 'bob', 3], ['T2-1', 'cy', 2],
    ]);
  });

  it('a seat given as text stops the folding: the later update of the same row still comes last', () => {
    // SQLite finds seat '1' in the row of seat 1; folded, the last update would go into the
    // insert and the earlier one, not folded, would overwrite it.
    const statements: Statement[] = [hand('T1-1'), seat('T1-1', 1),
      ['handSeatSettled', [5, 0, null, 0, 'T1-1', '1']],
      ['handSeatSettled', [7, 0, null, 0, 'T1-1', 1]]];
    const r = bothWays(statements);
    expect(r.folded.hand_seats).toEqual(["'T1-1'|1|'P1'|5000|7|NULL|NULL|0|NULL|0|0"]);
    expect(r.folded).toEqual(r.each);
  });

  it('a hand id given as a number stops the folding (SQLite finds hand 5 in the row of hand \'5.0\')', () => {
    const statements: Statement[] = [hand('5.0'), seat('5.0', 1),
      ['handSeatSettled', [5, 0, null, 0, 5, 1]],
      ['handSeatSettled', [7, 0, null, 0, '5.0', 1]]];
    const r = bothWays(statements);
    expect(r.folded.hand_seats).toEqual(["'5.0'|1|'P1'|5000|7|NULL|NULL|0|NULL|0|0"]);
    expect(r.folded).toEqual(r.each);
  });

  it('hand ids with lone surrogates are rows of their own in SQLite as here (text is written as WTF-8)', () => {
    const statements: Statement[] = [hand('T1-\uD800', 1), seat('T1-\uD800', 1), ['handEnded', ['void', AT, 'T1-\uD800']], hand('T1-\uDFFF', 2), seat('T1-\uDFFF', 1),
      ['handSeatSettled', [5, 0, null, 0, 'T1-\uDFFF', 1]],
      ['handSeatSettled', [7, 0, null, 0, 'T1-\uD800', 1]]];
    const r = bothWays(statements);
    expect(r.folded).toEqual(r.each);
    expect(r.folded.hand_seats.map((row) => row.split('|')[4])).toEqual(['7', '5']);
    expect([r.foldedStatements, r.eachStatements]).toEqual([5, 7]);
  });

  it('a row inserted twice is refused folded as one by one', () => {
    const statements: Statement[] = [hand('T1-1'), seat('T1-1', 1), seat('T1-1', 1), ['handSeatEnded', [1, 5001, 'T1-1', 1]]];
    expect(() => ProjectionLog.runOn(emptyRebuild(), noted(statements))).toThrow(/UNIQUE/);
    expect(() => ProjectionLog.runOn(emptyRebuild(), noted([STOP_FOLDING, ...statements]))).toThrow(/UNIQUE/);
  });

  it('a value a column refuses is refused by the insert it was folded into', () => {
    const statements: Statement[] = [hand('T1-1'), seat('T1-1', 1), ['handSeatSettled', [5, null, null, 0, 'T1-1', 1]]];
    expect(() => ProjectionLog.runOn(emptyRebuild(), noted(statements))).toThrow(/NOT NULL constraint failed: hand_seats.fouled/);
    expect(() => ProjectionLog.runOn(emptyRebuild(), noted([STOP_FOLDING, ...statements]))).toThrow(/NOT NULL constraint failed: hand_seats.fouled/);
  });

  it('refuses a wide hand insert handed over with the wrong number of arguments', () => {
    const good = noted([hand('T1-1')]);
    expect(good.numbers[1]).toBe(16);
    const numbers = Float64Array.from(good.numbers);
    numbers[1] = 10;
    const bad = { kinds: good.kinds.slice(0, 12), numbers: numbers.slice(0, 12), texts: good.texts, others: good.others };
    expect(() => ProjectionLog.runOn(emptyRebuild(), bad)).toThrow(/a noted projection is not one the projectors write/);
  });
});

describe('runOn writes the seats\', payments\' and chip ledger\'s rows several to an INSERT', () => {
  const ledger = (n: number, seat = 1 + (n % 4)): Statement => ['ledger', ['T1', seat, `P${seat}`, 'hand', n, 1000 + n, `T1-${1 + Math.floor(n / 4)}`, 100 + n, AT]];

  it('in the order noted, more rows than one INSERT takes (than SQLite takes arguments for): the chip ledger\'s ids are those of one by one', () => {
    const db = emptyRebuild();
    const count = 4000; // 36,000 arguments, more than SQLite's 32,766 a statement
    ProjectionLog.runOn(db, noted(Array.from({ length: count }, (_, n) => ledger(n))));
    const rows = db.prepare('SELECT id, seat, amount, event_id FROM chip_ledger ORDER BY id').raw(true).all() as number[][];
    expect(rows).toEqual(Array.from({ length: count }, (_, n) => [n + 1, 1 + (n % 4), n, 100 + n]));
  });

  it('hands\' rows of three tables interleaved: each table\'s rows as one by one', () => {
    const statements: Statement[] = [];
    for (let h = 1; h <= 20; h++) {
      const id = `T1-${h}`;
      statements.push(hand(id, h), seat(id, 1), seat(id, 2), payment(id, 0), ledger(2 * h), payment(id, 1), ledger(2 * h + 1), ['handEnded', ['played', AT, id]]);
    }
    const r = bothWays(statements);
    expect(r.folded).toEqual(r.each);
    expect(r.folded.hand_seats).toHaveLength(40);
    expect(r.folded.payments).toHaveLength(40);
    const db = emptyRebuild();
    ProjectionLog.runOn(db, noted(statements));
    expect(db.prepare('SELECT amount FROM chip_ledger ORDER BY id').pluck().all()).toEqual(Array.from({ length: 40 }, (_, n) => n + 2));
  });

  it('a row waiting is written before a later statement on its table runs (an update the log did not fold)', () => {
    const db = emptyRebuild();
    ProjectionLog.runOn(db, noted([hand('T1-1'), seat('T1-1', 1), payment('T1-1', 0), STOP_FOLDING,
      ['handSeatEnded', [400, 5400, 'T1-1', 1]], ['paymentDone', [AT, 14, 'T1-1', 0]]]));
    expect(handRows(db).hand_seats).toEqual(["'T1-1'|1|'P1'|5000|NULL|400|5400|0|NULL|0|0"]);
    expect(handRows(db).payments).toEqual(["'T1-1'|0|1|2|300|'2026-12-01T20:00:00Z'|14"]);
  });

  it('a row refused among others: the INSERT throws what the row alone would', () => {
    const rows = Array.from({ length: 10 }, (_, n) => ledger(n));
    rows[6] = ledger(6, 5);
    expect(() => ProjectionLog.runOn(emptyRebuild(), noted(rows))).toThrow(/CHECK constraint failed: seat BETWEEN 1 AND 4/);
  });
});

describe('the ranges\' lean rebuild (hands, hand_seats and payments WITHOUT ROWID) refuses what the migrations\' tables refuse', () => {
  /** Whether a lean rebuild takes `statements` as one range (false: the tables go to the one pass), and whether the migrations' tables do. */
  function taken(statements: readonly Statement[]): { lean: boolean; migrations: boolean } {
    const store = openStore(':memory:');
    opened.push(store);
    const rebuild = new RangeRebuild(store.migrations);
    try {
      const lean = rebuild.add({ noted: noted(statements), tables: 0, entries: statements.length, checkpoints: 0, problems: 0, unusual: null });
      store.db.pragma('foreign_keys = OFF');
      let migrations = true;
      try {
        ProjectionLog.runOn(store.db, noted(statements));
      } catch {
        migrations = false;
      }
      return { lean, migrations };
    } finally {
      rebuild.close();
    }
  }

  it('takes two played hands', () => {
    expect(taken([...playedHand('T1-1', 1), ...playedHand('T1-2', 2)])).toEqual({ lean: true, migrations: true });
  });

  it('refuses a second open hand at a table (the partial unique index is made again)', () => {
    expect(taken([hand('T1-1', 1), hand('T1-2', 2)])).toEqual({ lean: false, migrations: false });
  });

  it('refuses a hand number twice at a table, and a seat twice in a hand', () => {
    expect(taken([...playedHand('T1-1', 1), ...playedHand('T1-2', 1)])).toEqual({ lean: false, migrations: false });
    expect(taken([hand('T1-1'), seat('T1-1', 1), seat('T1-1', 1)])).toEqual({ lean: false, migrations: false });
  });

  it('refuses a hand with no id, which the migrations\' rowid table keeps (the one pass reports it)', () => {
    expect(taken([['insertHand', [null, 'T1', 1, 2, 'classic', 1, 100, 'dealing', AT, 10]]])).toEqual({ lean: false, migrations: true });
  });
});
