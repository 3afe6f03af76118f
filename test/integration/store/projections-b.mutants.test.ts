/**
 * More of what projections.ts's `ProjectionLog` promises (kills of mutants that survived the
 * earlier tests, measured with Stryker's instrumenter): statements noted and then run with
 * `runOn` leave the rows the same statements leave run one by one, whatever comes before a
 * row exists; and the handed-over form keeps each text once. Real SQLite (a migrated store in
 * memory, foreign keys off as in the audit's rebuild, which has no events to refer to).
 */
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { HandEvent } from '../../../app/domain/hand/events';
import type { HandState } from '../../../app/domain/hand/state';
import type { TableState } from '../../../app/domain/table';
import { ProjectionLog, projectEntry, Projector } from '../../../app/services/projections';
import type { StoredEvent, WriteTx } from '../../../app/services/store';
import { must, playedHand, rig, T } from '../services/helpers';
import { memoryStoresLikeTheRebuild } from './temp';

type Statement = Parameters<ProjectionLog['note']>;

const AT = '2026-12-01T20:00:00Z';
const fresh = memoryStoresLikeTheRebuild();

function noted(statements: readonly Statement[]): ReturnType<ProjectionLog['noted']> {
  const log = new ProjectionLog();
  for (const [name, args] of statements) log.note(name, args);
  return log.noted();
}

/** An update of no row whose key is not plain: from it on, a log folds nothing (the statements one by one). */
const STOP_FOLDING: Statement = ['paymentDone', [AT, 1, 'nowhere', 0.5]];

const rows = (db: Database.Database, sql: string): unknown[][] => db.prepare(sql).raw(true).all() as unknown[][];
const table = (id: string, button = 1): Statement => ['insertTable', [{ id, name: id, profileName: 'classic', profileVersion: 1, profile: '{}', pointValue: 100, mode: 'shoe', seqModulo: 256, button, at: AT, eventId: 1 }]];

describe('a ProjectionLog run on a database leaves the rows the statements one by one leave', () => {
  it('a table\'s button and count written before its row exists change nothing; those after the table is opened stay', () => {
    const statements: Statement[] = [
      ['moveButton', [2, 'T1']], ['handsStarted', [5, 'T1']],
      table('T1', 1),
      ['moveButton', [3, 'T1']], ['handsStarted', [1, 'T1']],
    ];
    const folded = fresh();
    ProjectionLog.runOn(folded, noted(statements));
    expect(rows(folded, 'SELECT id, button, hands_started FROM tables')).toEqual([['T1', 3, 1]]);
    const each = fresh();
    ProjectionLog.runOn(each, noted([STOP_FOLDING, ...statements]));
    expect(rows(each, 'SELECT id, button, hands_started FROM tables')).toEqual([['T1', 3, 1]]);
  });

  it('a seat\'s stack written before the seat is taken changes nothing; the one after it is taken stays', () => {
    const statements: Statement[] = [
      table('T1'),
      ['seatStackOnly', [500, 'T1', 1]],
      ['seatPlayer', ['T1', 1, 'p1', null, AT]],
      ['seatStackOnly', [700, 'T1', 1]],
    ];
    for (const s of [statements, [STOP_FOLDING, ...statements]]) {
      const db = fresh();
      ProjectionLog.runOn(db, noted(s));
      expect(rows(db, 'SELECT seat, player, stack FROM seats')).toEqual([[1, 'p1', 700]]);
    }
  });

  it('a stack written after a buy-in stays, and one written before it is overwritten by the buy-in', () => {
    const statements: Statement[] = [
      table('T1'),
      ['seatPlayer', ['T1', 1, 'p1', null, AT]],
      ['seatStackOnly', [500, 'T1', 1]],
      ['seatStack', [2500, 1, 'T1', 1]],
      ['seatStackOnly', [700, 'T1', 1]],
    ];
    for (const s of [statements, [STOP_FOLDING, ...statements]]) {
      const db = fresh();
      ProjectionLog.runOn(db, noted(s));
      expect(rows(db, 'SELECT seat, stack, short_buy_in_allowed FROM seats')).toEqual([[1, 700, 1]]);
    }
  });
  it('a hand\'s step with no hand id (null) changes no row: it is not taken for a later step of the hand called \'null\'', () => {
    const hand: Statement = ['insertHand', ['null', 'T1', 1, 2, 'classic', 1, 100, 'dealing', AT, 10]];
    const steps: Statement[] = [['handStep', ['dealt', 12, 'null']], ['handStep', ['closed', 13, null]]];
    const noted1 = fresh();
    ProjectionLog.runOn(noted1, noted([hand]));
    ProjectionLog.runOn(noted1, noted(steps));
    const each = fresh();
    for (const s of [hand, ...steps]) ProjectionLog.runOn(each, noted([s]));
    expect(rows(each, 'SELECT id, phase, last_event_id FROM hands')).toEqual([['null', 'dealt', 12]]);
    expect(rows(noted1, 'SELECT id, phase, last_event_id FROM hands')).toEqual([['null', 'dealt', 12]]);
  });
  it('a stack, a count of hands or a button at no table (null) changes no row: none is taken for a later write at the table called \'null\'', () => {
    const setUp: Statement[] = [table('null', 1), ['seatPlayer', ['null', 1, 'p1', null, AT]]];
    const writes: Statement[] = [
      ['seatStackOnly', [500, 'null', 1]], ['handsStarted', [3, 'null']], ['moveButton', [2, 'null']],
      ['seatStackOnly', [700, null, 1]], ['handsStarted', [5, null]], ['moveButton', [4, null]],
    ];
    const db = fresh();
    ProjectionLog.runOn(db, noted(setUp));
    ProjectionLog.runOn(db, noted(writes));
    expect(rows(db, 'SELECT table_id, seat, stack FROM seats')).toEqual([['null', 1, 500]]);
    expect(rows(db, 'SELECT id, hands_started, button FROM tables')).toEqual([['null', 3, 2]]);
  });

  it('a value its column refuses is refused, even where a later write of the same column follows: no count of hands, a button 0', () => {
    const cases: [Statement, Statement, RegExp][] = [
      [['handsStarted', [null, 'T1']], ['handsStarted', [2, 'T1']], /NOT NULL constraint failed: tables.hands_started/],
      [['moveButton', [0, 'T1']], ['moveButton', [2, 'T1']], /CHECK constraint failed/],
    ];
    for (const [bad, good, refusal] of cases) {
      const db = fresh();
      ProjectionLog.runOn(db, noted([table('T1')]));
      expect(() => ProjectionLog.runOn(db, noted([bad, good])), `${bad[0]} ${JSON.stringify(bad[1])}`).toThrow(refusal);
    }
  });

  it('of several writes of one row\'s overwritten column, one statement is noted, with the last value', () => {
    // Each statement is noted as slots: its number, its argument count, its arguments.
    const count = (n: ReturnType<ProjectionLog['noted']>): number => {
      let c = 0;
      for (let i = 0; i < n.kinds.length; i += 2 + n.numbers[i + 1]) c++;
      return c;
    };
    const db = fresh();
    ProjectionLog.runOn(db, noted([table('T1'), ['seatPlayer', ['T1', 1, 'p1', null, AT]], ['insertHand', ['T1-1', 'T1', 1, 1, 'classic', 1, 100, 'dealing', AT, 10]]]));
    // The button through 1 and 4, the stack through 0: the ends of the values that are merged.
    const writes: Statement[] = [
      ['moveButton', [2, 'T1']], ['handsStarted', [1, 'T1']], ['seatStackOnly', [100, 'T1', 1]], ['handStep', ['dealt', 11, 'T1-1']],
      ['moveButton', [1, 'T1']], ['handsStarted', [2, 'T1']], ['seatStackOnly', [0, 'T1', 1]], ['handStep', ['showdown', 12, 'T1-1']],
      ['moveButton', [4, 'T1']], ['handsStarted', [3, 'T1']], ['seatStackOnly', [300, 'T1', 1]], ['handStep', ['paying', 13, 'T1-1']],
      ['moveButton', [3, 'T1']], ['handsStarted', [4, 'T1']], ['seatStackOnly', [250, 'T1', 1]], ['handStep', ['closed', 14, 'T1-1']],
    ];
    const n = noted(writes);
    expect(count(n)).toBe(4);
    ProjectionLog.runOn(db, n);
    expect(rows(db, 'SELECT button, hands_started FROM tables')).toEqual([[3, 4]]);
    expect(rows(db, 'SELECT stack FROM seats')).toEqual([[250]]);
    expect(rows(db, 'SELECT phase, last_event_id FROM hands')).toEqual([['closed', 14]]);
  });
});

describe('the table service: a note on a hand that is over', () => {
  it('counts a correction on the hand and leaves its end as it was: outcome, time, seats\' nets, stacks, ledger, button', async () => {
    const r = rig();
    try {
      await playedHand(r, [1]);
      const db = r.store.db;
      const handRow = "SELECT outcome, ended_at, corrections FROM hands WHERE id = 'T1-1'";
      const seatsEnd = "SELECT seat, net, stack_after FROM hand_seats WHERE hand_id = 'T1-1' ORDER BY seat";
      const before = {
        hand: rows(db, handRow), seats: rows(db, seatsEnd), stacks: rows(db, 'SELECT seat, stack FROM seats ORDER BY seat'),
        ledger: rows(db, 'SELECT id, seat, kind, amount, stack_after FROM chip_ledger ORDER BY id'), button: rows(db, 'SELECT button FROM tables'),
      };
      expect(before.hand).toEqual([['played', expect.any(String), 0]]);
      expect(before.ledger.filter((l) => l[2] === 'hand')).toHaveLength(3);
      must(r.service.floorCorrection({ tableId: T, floor: 'Jana', reason: 'recount asked by seat 2, all fine', action: { kind: 'note' }, handId: 'T1-1' }));
      expect(rows(db, handRow)).toEqual([['played', before.hand[0]![1], 1]]);
      expect(rows(db, seatsEnd)).toEqual(before.seats);
      expect(rows(db, 'SELECT seat, stack FROM seats ORDER BY seat')).toEqual(before.stacks);
      expect(rows(db, 'SELECT id, seat, kind, amount, stack_after FROM chip_ledger ORDER BY id')).toEqual(before.ledger);
      expect(rows(db, 'SELECT button FROM tables')).toEqual(before.button);
    } finally {
      r.cleanup();
    }
  });
});

describe('what a caller\'s mistake is told', () => {
  it('a projector that notes its statements reads nothing: no next alert id, no dealer signed on', () => {
    const p = new Projector(new ProjectionLog());
    expect(() => p.nextAlertId()).toThrow('a projector that notes its statements reads nothing');
    expect(() => p.currentSession('T1')).toThrow('a projector that notes its statements reads nothing');
  });

  it('a hand\'s event projected without the hand\'s state names its log row and type', () => {
    const p = new Projector(new ProjectionLog());
    const stored: StoredEvent = { id: 42, tableId: 'T1', handId: 'T1-1', handSeq: 3, type: 'card-dealt', recordedAt: AT, body: { type: 'card-dealt' } };
    expect(() => projectEntry(p, {} as WriteTx, stored, null, { table: {} as TableState, hand: null }))
      .toThrow('log row 42 (card-dealt): a hand\'s event is projected with the hand\'s state after it');
  });
  it('a narrow hand insert handed over with the wide insert\'s arguments is refused, not written', () => {
    // A hand id that is not text is noted as the narrow insert (10 arguments): its statement number.
    const narrow = noted([['insertHand', [null, 'T1', 1, 2, 'classic', 1, 100, 'dealing', AT, 10]]]);
    expect(narrow.numbers[1]).toBe(10);
    const wide = noted([['insertHand', ['T1-1', 'T1', 1, 2, 'classic', 1, 100, 'dealing', AT, 10]]]);
    expect(wide.numbers[1]).toBe(16);
    const numbers = Float64Array.from(wide.numbers);
    numbers[0] = narrow.numbers[0];
    const db = fresh();
    expect(() => ProjectionLog.runOn(db, { kinds: wide.kinds, numbers, texts: wide.texts, others: wide.others }))
      .toThrow(`a noted projection is not one the projectors write (statement ${narrow.numbers[0]})`);
    expect(rows(db, 'SELECT id FROM hands')).toEqual([]);
  });
});

describe('a settled hand\'s rows as the projector writes them', () => {
  it('each seat in play: its points, foul, natural (by its name), surrender and all in; the hand\'s counts of them; the payments by index', () => {
    const db = fresh();
    ProjectionLog.runOn(db, noted([
      ['insertHand', ['T1-1', 'T1', 1, 1, 'classic', 1, 100, 'setting', AT, 10]],
      ['insertHandSeat', ['T1-1', 1, 'p1', 5000]], ['insertHandSeat', ['T1-1', 2, 'p2', 5000]], ['insertHandSeat', ['T1-1', 3, 'p3', 5000]],
    ]));
    const log = new ProjectionLog();
    const result = {
      points: { 1: 6, 2: -3, 3: -3 }, fouled: [2], naturals: { 1: 'six-pairs' }, surrendered: [3], allIn: [2],
      payments: [{ from: 2, to: 1, amount: 300 }, { from: 3, to: 1, amount: 300 }], nettedPayments: null,
    };
    const settled = { id: 20, tableId: 'T1', handId: 'T1-1', handSeq: 9, type: 'settled', recordedAt: AT, body: { type: 'settled', result } } as unknown as StoredEvent<HandEvent>;
    const after = { phase: 'paying', seats: [{ seat: 1, playing: true }, { seat: 2, playing: true }, { seat: 3, playing: true }, { seat: 4, playing: false }] } as unknown as HandState;
    new Projector(log).hand(settled, after);
    ProjectionLog.runOn(db, log.noted());
    expect(rows(db, 'SELECT seat, points, fouled, natural, surrendered, all_in FROM hand_seats ORDER BY seat')).toEqual([
      [1, 6, 0, 'six-pairs', 0, 0], [2, -3, 1, null, 0, 1], [3, -3, 0, null, 1, 0],
    ]);
    expect(rows(db, 'SELECT phase, settled_event_id, fouls, naturals, surrenders, all_ins FROM hands')).toEqual([['paying', 20, 1, 1, 1, 1]]);
    expect(rows(db, 'SELECT ordinal, from_seat, to_seat, amount FROM payments ORDER BY ordinal')).toEqual([[0, 2, 1, 300], [1, 3, 1, 300]]);
  });
});

describe('the statements as handed over', () => {
  it('hold each text once, however many statements use it', () => {
    const n = noted([table('T1'), ['moveButton', [2, 'T1']], ['dealerOn', ['T1', 'ann', AT, 2]], ['dealerOff', [AT, 3, 'T1']]]);
    expect(n.texts.filter((t) => t === 'T1')).toHaveLength(1);
    expect(n.texts.filter((t) => t === AT)).toHaveLength(1);
    expect(new Set(n.texts).size).toBe(n.texts.length);
  });
});
