/**
 * The query tables (tables, sessions, seats, hands, hand_seats, payments, chip_ledger,
 * alerts) written from the events, inside the transaction that appends the event. They are
 * a convenience for the floor's queries; the event log stays the record.
 */
import type Database from 'better-sqlite3';
import type { HandEvent, Settled } from '../domain/hand/events';
import type { HandState } from '../domain/hand/state';
import { paymentsToMake } from '../domain/hand/guards';
import type { StoredEvent, WriteTx } from './store';
import type { AlertKind, TableEvent, TableState } from '../domain/table';

/**
 * The statements the projections run. `insertHand` also reads the dealer signed on at the
 * hand's table (the sessions table), just before it inserts the hand's row: it is the one
 * projection that reads what earlier ones wrote.
 */
const STATEMENTS = {
  insertTable: `INSERT INTO tables (id, name, profile_name, profile_version, profile, point_value, mode, seq_modulo, button, opened_at, opened_event_id)
                VALUES (@id, @name, @profileName, @profileVersion, @profile, @pointValue, @mode, @seqModulo, @button, @at, @eventId)`,
  dealerOn: 'INSERT INTO sessions (table_id, dealer, on_at, on_event_id) VALUES (?, ?, ?, ?)',
  dealerOff: 'UPDATE sessions SET off_at = ?, off_event_id = ? WHERE table_id = ? AND off_at IS NULL',
  seatPlayer: 'INSERT INTO seats (table_id, seat, player, name, stack, short_buy_in_allowed, seated_at) VALUES (?, ?, ?, ?, 0, 0, ?)',
  seatStack: 'UPDATE seats SET stack = ?, short_buy_in_allowed = ? WHERE table_id = ? AND seat = ?',
  seatStackOnly: 'UPDATE seats SET stack = ? WHERE table_id = ? AND seat = ?',
  leaveSeat: 'DELETE FROM seats WHERE table_id = ? AND seat = ?',
  ledger: `INSERT INTO chip_ledger (table_id, seat, player, kind, amount, stack_after, hand_id, event_id, at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  raiseAlert: `INSERT INTO alerts (id, table_id, hand_id, kind, code, message, raised_at, raised_event_id)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ackAlert: 'UPDATE alerts SET acknowledged_by = ?, acknowledged_at = ?, ack_note = ?, ack_event_id = ? WHERE id = ? AND acknowledged_at IS NULL',
  insertHand: `INSERT INTO hands (id, table_id, number, button, dealer, session_id, profile_name, profile_version, point_value, phase, outcome,
                 started_at, first_event_id, last_event_id)
               VALUES (@id, @tableId, @number, @button, @dealer, @sessionId, @profileName, @profileVersion, @pointValue, @phase, 'open', @at, @eventId, @eventId)`,
  handsStarted: 'UPDATE tables SET hands_started = ? WHERE id = ?',
  insertHandSeat: 'INSERT INTO hand_seats (hand_id, seat, player, stack_before) VALUES (?, ?, ?, ?)',
  handStep: 'UPDATE hands SET phase = ?, last_event_id = ? WHERE id = ?',
  handSettled: 'UPDATE hands SET settled_event_id = ? WHERE id = ?',
  handSeatSettled: 'UPDATE hand_seats SET points = ?, fouled = ?, natural = ?, surrendered = ? WHERE hand_id = ? AND seat = ?',
  insertPayment: 'INSERT INTO payments (hand_id, ordinal, from_seat, to_seat, amount) VALUES (?, ?, ?, ?, ?)',
  paymentDone: 'UPDATE payments SET executed_at = ?, executed_event_id = ? WHERE hand_id = ? AND ordinal = ?',
  handMisdeal: 'UPDATE hands SET misdeal_cause = ? WHERE id = ?',
  handVoid: 'UPDATE hands SET void_reason = ? WHERE id = ?',
  handEnded: 'UPDATE hands SET outcome = ?, ended_at = ? WHERE id = ?',
  handSeatEnded: 'UPDATE hand_seats SET net = ?, stack_after = ? WHERE hand_id = ? AND seat = ?',
  moveButton: 'UPDATE tables SET button = ? WHERE id = ?',
  // ---- the floor's hand search (migration 0007): what settled a hand and the floor's corrections
  handSearchSettled: 'UPDATE hands SET fouls = ?, naturals = ?, surrenders = ?, all_ins = ? WHERE id = ?',
  handSeatAllIn: 'UPDATE hand_seats SET all_in = 1 WHERE hand_id = ? AND seat = ?',
  handCorrected: 'UPDATE hands SET corrections = corrections + 1 WHERE id = ?',
  rulesChanged: 'UPDATE tables SET name = ?, profile_name = ?, profile_version = ?, profile = ?, point_value = ? WHERE id = ?',
  // ---- what a ProjectionLog notes in place of insertHand, insertHandSeat and insertPayment: the
  // row with the columns the same log's later statements write (see ProjectionLog.note)
  insertHandRow: `INSERT INTO hands (id, table_id, number, button, dealer, session_id, profile_name, profile_version, point_value, phase, outcome,
                    started_at, first_event_id, last_event_id, settled_event_id, fouls, naturals, surrenders, all_ins)
                  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?, ?, ?, ?, ?, ?, ?)`,
  insertHandSeatRow: `INSERT INTO hand_seats (hand_id, seat, player, stack_before, points, fouled, natural, surrendered, all_in, net, stack_after)
                      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  insertPaymentRow: 'INSERT INTO payments (hand_id, ordinal, from_seat, to_seat, amount, executed_at, executed_event_id) VALUES (?, ?, ?, ?, ?, ?, ?)',
} as const;

type StatementName = keyof typeof STATEMENTS;

/** The statements by number (how a {@link ProjectionLog} notes them). */
const STATEMENT_NAMES = Object.keys(STATEMENTS) as StatementName[];
const STATEMENT_NUMBER = new Map<StatementName, number>(STATEMENT_NAMES.map((n, i) => [n, i]));
const INSERT_TABLE = STATEMENT_NUMBER.get('insertTable')!;
const INSERT_HAND = STATEMENT_NUMBER.get('insertHand')!;
const INSERT_HAND_ROW = STATEMENT_NUMBER.get('insertHandRow')!;

/** The arguments of `insertHand` in the order a projector passes them (the dealer and the session are looked up when it runs). */
type InsertHandArgs = [id: string, tableId: string, number: number, button: number, profileName: string, profileVersion: number, pointValue: number, phase: string, at: string, eventId: number];

/** The arguments of `insertHandRow`: `insertHand`'s, then the columns later statements write. */
type InsertHandRowArgs = [...InsertHandArgs, lastEventId: number, settledEventId: number | null, fouls: number, naturals: number, surrenders: number, allIns: number];

/**
 * The projections' statements, run one by one as the projectors ask: what the table service
 * writes with its commits, and what the audit's rebuild of the query tables writes, on this
 * thread or replaying a {@link ProjectionLog} a worker noted.
 */
class StatementRunner {
  private readonly s: Statements;
  private readonly currentSession: Database.Statement;

  constructor(private readonly db: Database.Database) {
    this.s = {} as Statements;
    for (const name of STATEMENT_NAMES) this.s[name] = db.prepare(STATEMENTS[name]);
    this.currentSession = db.prepare('SELECT id, dealer FROM sessions WHERE table_id = ? AND off_at IS NULL');
  }

  /**
   * Runs statement `name`. `sessions`: the dealers signed on that `insertHand` found so far, by
   * table, kept by a caller that clears it whenever the sessions table changes (see
   * {@link ProjectionLog.runOn}).
   */
  run(name: StatementName, args: readonly unknown[], sessions?: Map<string, Session | undefined>): void {
    if (name === 'insertHand' || name === 'insertHandRow') {
      this.insertHand(args as InsertHandArgs | InsertHandRowArgs, sessions);
      return;
    }
    if (name === 'insertTable') {
      this.s.insertTable.run(args[0] as Record<string, unknown>);
      return;
    }
    this.s[name].run(...args);
  }

  private readonly multiRow = new Map<string, Database.Statement>();

  /** Inserts `rows` rows at once with the positional insert `name` (its arguments one row after the other in `args`). */
  insertRows(name: StatementName, rows: number, args: readonly unknown[]): void {
    if (rows === 1) {
      this.s[name].run(...args);
      return;
    }
    const key = `${name}/${rows}`;
    let st = this.multiRow.get(key);
    if (!st) {
      const m = /^([\s\S]*VALUES\s*)(\([^()]*\))\s*$/.exec(STATEMENTS[name]);
      if (!m) throw new Error(`statement ${name} is not an insert of one row of values`);
      st = this.db.prepare(m[1] + new Array<string>(rows).fill(m[2]).join(', '));
      this.multiRow.set(key, st);
    }
    st.run(args);
  }

  /** Runs a positional statement with the `count` arguments at `list[from...]`. */
  runAt(name: StatementName, list: readonly unknown[], from: number, count: number): void {
    const st = this.s[name];
    const a = from;
    switch (count) {
      case 2: st.run(list[a], list[a + 1]); return;
      case 3: st.run(list[a], list[a + 1], list[a + 2]); return;
      case 4: st.run(list[a], list[a + 1], list[a + 2], list[a + 3]); return;
      case 5: st.run(list[a], list[a + 1], list[a + 2], list[a + 3], list[a + 4]); return;
      case 6: st.run(list[a], list[a + 1], list[a + 2], list[a + 3], list[a + 4], list[a + 5]); return;
      default: st.run(...(a === 0 && count === list.length ? list : list.slice(a, a + count)));
    }
  }

  private insertHand(a: InsertHandArgs | InsertHandRowArgs, sessions?: Map<string, Session | undefined>): void {
    let session: Session | undefined;
    if (sessions?.has(a[1])) session = sessions.get(a[1]);
    else {
      session = this.session(a[1]);
      sessions?.set(a[1], session);
    }
    const dealer = session?.dealer ?? null;
    const sessionId = session?.id ?? null;
    if (a.length === 10) {
      this.s.insertHand.run({
        id: a[0], tableId: a[1], number: a[2], button: a[3], dealer, sessionId,
        profileName: a[4], profileVersion: a[5], pointValue: a[6], phase: a[7], at: a[8], eventId: a[9],
      });
    } else {
      this.s.insertHandRow.run(a[0], a[1], a[2], a[3], dealer, sessionId, a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
    }
  }

  session(tableId: string): Session | undefined {
    return this.currentSession.get(tableId) as Session | undefined;
  }
}

/** A dealer's session at a table, as the sessions table holds it. */
interface Session {
  readonly id: number;
  readonly dealer: string;
}

type Statements = Record<StatementName, Database.Statement>;

/**
 * A {@link ProjectionLog}'s statements as a worker hands them over: slot after slot, for each
 * statement its number, its argument count, then its arguments. `kinds` says what each slot
 * holds: 0 a number (in `numbers`), 1 a text (`texts[numbers[i]]`, each text once), 2 null,
 * 3 any other value (`others[numbers[i]]`). Numbers and kinds in typed arrays: handed over
 * as memory, not value by value.
 */
export interface NotedProjections {
  readonly kinds: Uint8Array;
  readonly numbers: Float64Array;
  readonly texts: readonly string[];
  readonly others: readonly unknown[];
}

const NUMBER = 0;
const TEXT = 1;
const NULL = 2;
const OTHER = 3;

/**
 * The projections' statements noted in order instead of run (a worker's share of the audit's
 * rebuild: the rows are written on the thread that compares them, in log order, by
 * {@link ProjectionLog.runOn}).
 */
export class ProjectionLog {
  private readonly kinds: number[] = [];
  private readonly numbers: number[] = [];
  private readonly texts: string[] = [];
  private readonly textIndex = new Map<string, number>();
  private readonly others: unknown[] = [];

  /**
   * Where the statement that last wrote a row's column(s) is noted, for the statements below
   * whose last write is all that stays (see {@link note}), by statement and row.
   */
  private readonly lastWrite = new Map<string, number>();

  /** Where the inserts of the hands, hand_seats and payments rows this log inserts are noted, by hand (see {@link note}). */
  private readonly inserted = new Map<string, InsertedRows>();

  /** False from the first statement on whose row key is not plain (see {@link note}). */
  private folding = true;

  /**
   * Notes a statement. A few statements only overwrite one row's column(s) that no other
   * statement writes, reads or is constrained by, with a value that cannot fail to be written
   * (checked here): `handStep` (a hand's phase and last event), `seatStackOnly` (a seat's
   * stack, while no seat is taken, left or bought in), `handsStarted` and `moveButton` (a
   * table's count of hands and its button). Of several such writes to one row, only the last
   * value stays in the row, and each commutes with every statement between them: the first is
   * noted with the last one's value and the others not at all. The rebuilt rows are the same;
   * the rebuild runs a third fewer statements.
   *
   * A hand's rows (hands, hand_seats, payments) are inserted once and then only updated, by
   * primary key, in columns that no unique index or other statement reads (`handStep`,
   * `handSettled`, `handSearchSettled`, `handSeatSettled`, `handSeatAllIn`, `handSeatEnded`,
   * `paymentDone`: {@link FOLDED}). Such an update of a row this log inserted is written into
   * the insert's noted values instead (`insertHandRow`, `insertHandSeatRow`, `insertPaymentRow`:
   * the insert with those columns, at first their defaults): the row comes out the same, and a
   * value a column refuses is refused by the insert instead of the update, which sends the tables
   * to the one pass just the same (two played hands of two seats: 12 statements instead of 32). A row is known
   * by a key of plain values (text, safe integers), which SQLite matches exactly as
   * they are equal here; from a statement with any other key on, nothing more is folded, so no
   * update that reaches a row without being folded into it comes before one that was.
   */
  note(name: StatementName, args: readonly unknown[]): void {
    if (this.folding && this.foldInto(name, args)) return;
    const widened = WIDENED[name];
    if (widened && this.insertedAt(widened.table, args, widened.key, true) !== NOT_PLAIN) {
      this.noteAt(widened.into, widened.args(args));
      return;
    }
    const key = overwriteKey(name, args);
    if (key !== null) {
      const at = this.lastWrite.get(key);
      if (at !== undefined) {
        for (let i = 0; i < args.length; i++) this.put(at + 2 + i, args[i]);
        return;
      }
      this.lastWrite.set(key, this.kinds.length);
    } else if (name === 'seatPlayer' || name === 'seatStack' || name === 'leaveSeat' || name === 'insertTable') {
      // A seat taken, left or bought in, a table opened: later writes start afresh.
      this.lastWrite.clear();
    }
    this.noteAt(STATEMENT_NUMBER.get(name)!, args);
  }

  /** Notes statement number `number` with `args` after the last one. */
  private noteAt(number: number, args: readonly unknown[]): void {
    const at = this.kinds.length;
    this.put(at, number);
    this.put(at + 1, args.length);
    for (let i = 0; i < args.length; i++) this.put(at + 2 + i, args[i]);
  }

  /** Writes an update ({@link FOLDED}) into the insert of its row noted here: false when it is not one, or its row was not inserted here. */
  private foldInto(name: StatementName, args: readonly unknown[]): boolean {
    const fold = FOLDED[name];
    if (!fold) return false;
    const at = this.insertedAt(fold.table, args, fold.key, false);
    if (at === NOT_PLAIN) {
      this.folding = false;
      return false;
    }
    if (at === NOT_INSERTED) return false;
    const { to, from } = fold;
    for (let i = 0; i < to.length; i++) this.put(at + 2 + to[i], from[i] < 0 ? 1 : args[from[i]]);
    return true;
  }

  /**
   * Where the insert of the row whose key is at `key` in `args` is noted: {@link NOT_INSERTED}
   * (and, when `inserting`, noted as the next statement, unless an insert of it is already
   * noted), or {@link NOT_PLAIN} when the key is not plain: a hand id that is not text, a seat or
   * ordinal that is not a safe integer. (Text is written to SQLite as WTF-8, a lone surrogate as
   * its own three bytes: two ids are one row there exactly when they are equal here.)
   */
  private insertedAt(table: RowTable, args: readonly unknown[], key: readonly number[], inserting: boolean): number {
    const id = args[key[0]];
    const n = table === 'hand' ? 0 : args[key[1]];
    if (typeof id !== 'string' || !Number.isSafeInteger(n)) return NOT_PLAIN;
    let rows = this.inserted.get(id);
    const of = table === 'seat' ? rows?.seats : rows?.payments;
    const at = (table === 'hand' ? rows?.hand : of?.get(n as number)) ?? NOT_INSERTED;
    if (inserting && at === NOT_INSERTED) {
      if (!rows) {
        rows = { hand: NOT_INSERTED, seats: new Map(), payments: new Map() };
        this.inserted.set(id, rows);
      }
      if (table === 'hand') rows.hand = this.kinds.length;
      else (table === 'seat' ? rows.seats : rows.payments).set(n as number, this.kinds.length);
    }
    return at;
  }

  /** Stores `value` in slot `at` (the next one, or one already noted). */
  private put(at: number, value: unknown): void {
    let kind: number;
    let n: number;
    if (typeof value === 'number') {
      kind = NUMBER;
      n = value;
    } else if (typeof value === 'string') {
      kind = TEXT;
      let i = this.textIndex.get(value);
      if (i === undefined) {
        i = this.texts.length;
        this.texts.push(value);
        this.textIndex.set(value, i);
      }
      n = i;
    } else if (value === null) {
      kind = NULL;
      n = 0;
    } else {
      kind = OTHER;
      n = this.others.length;
      this.others.push(value);
    }
    this.kinds[at] = kind;
    this.numbers[at] = n;
  }

  /** The statements noted so far, to hand over. */
  noted(): NotedProjections {
    return { kinds: Uint8Array.from(this.kinds), numbers: Float64Array.from(this.numbers), texts: this.texts, others: this.others };
  }

  /**
   * Runs the statements `noted` (a {@link ProjectionLog}'s, as handed over) on `db`, in order,
   * as the projectors would have run them there, the most numerous rows several to an INSERT
   * ({@link RowBatches}). Throws what a statement throws.
   */
  static runOn(db: Database.Database, noted: NotedProjections): void {
    const runner = runnerOf(db);
    const { kinds, numbers, texts, others } = noted;
    const value = (i: number): unknown => {
      switch (kinds[i]) {
        case NUMBER: return numbers[i];
        case TEXT: return texts[numbers[i]];
        case NULL: return null;
        default: return others[numbers[i]];
      }
    };
    const args: unknown[] = [];
    // The dealer of each table's session, read once until a dealer comes or goes: nothing
    // else writes the rebuilt sessions while the notes run.
    const sessions = new Map<string, Session | undefined>();
    const batches = new RowBatches(runner);
    for (let i = 0; i < kinds.length; ) {
      const number = value(i);
      const count = value(i + 1);
      const name = typeof number === 'number' ? STATEMENT_NAMES[number] : undefined;
      if (name === undefined || typeof count !== 'number' || (number === INSERT_TABLE && count !== 1) || (number === INSERT_HAND && count !== 10)
        || (number === INSERT_HAND_ROW && count !== 16)) {
        throw new Error(`a noted projection is not one the projectors write (statement ${String(number)})`);
      }
      const batch = batches.of(name);
      if (batch) {
        for (let k = 0; k < count; k++) batch.args.push(value(i + 2 + k));
        if (++batch.rows === ROWS_PER_INSERT) batches.write(batch);
        i += 2 + count;
        continue;
      }
      batches.writeInto(TABLE_OF[name]);
      args.length = 0;
      for (let k = 0; k < count; k++) args.push(value(i + 2 + k));
      if (name === 'dealerOn' || name === 'dealerOff') sessions.clear();
      if (number === INSERT_TABLE || number === INSERT_HAND || number === INSERT_HAND_ROW) runner.run(name, args, sessions);
      else runner.runAt(name, args, 0, count);
      i += 2 + count;
    }
    batches.writeAll();
  }
}

/** The table each statement writes (the one after INSERT INTO, UPDATE or DELETE FROM). */
const TABLE_OF = Object.fromEntries(STATEMENT_NAMES.map((name) => {
  const m = /^\s*(?:INSERT INTO|UPDATE|DELETE FROM)\s+(\w+)/.exec(STATEMENTS[name]);
  if (!m) throw new Error(`statement ${name} writes no table`);
  return [name, m[1]];
})) as Record<StatementName, string>;

/**
 * The inserts {@link ProjectionLog.runOn} writes several rows at a time, one INSERT of up to
 * {@link ROWS_PER_INSERT} rows: the rows of the hands' seats, payments and chip ledger, the
 * most numerous, which no other statement reads (`insertHand` reads only the sessions).
 */
const BATCHED: readonly StatementName[] = ['insertHandSeatRow', 'insertPaymentRow', 'ledger'];

/** Rows one batched INSERT writes at most (11 columns each: far below SQLite's limit of arguments). */
const ROWS_PER_INSERT = 32;

/** The rows of one batched insert waiting to be written: their arguments, one row after the other. */
interface WaitingRows {
  readonly name: StatementName;
  readonly args: unknown[];
  rows: number;
}

/**
 * The rows of the {@link BATCHED} inserts waiting to be written. Written in the order noted,
 * so each table's rows come out as one by one (the chip ledger's ids too), before any other
 * statement on the same table runs and at the end; a refused row throws, as it would alone,
 * when its INSERT runs (the whole INSERT refused: the audit's tables go to the one pass either
 * way, which writes nothing from here).
 */
class RowBatches {
  private readonly byName = new Map<StatementName, WaitingRows>();
  /** Each of the {@link BATCHED} inserts writes a table of its own. */
  private readonly byTable = new Map<string, WaitingRows>();

  constructor(private readonly runner: StatementRunner) {
    for (const name of BATCHED) {
      const batch = { name, args: [], rows: 0 };
      this.byName.set(name, batch);
      this.byTable.set(TABLE_OF[name], batch);
    }
  }

  /** The batch of statement `name`, or undefined when it is run alone. */
  of(name: StatementName): WaitingRows | undefined {
    return this.byName.get(name);
  }

  /** Writes the rows waiting for `table` (before another statement on it runs). */
  writeInto(table: string): void {
    const batch = this.byTable.get(table);
    if (batch && batch.rows > 0) this.write(batch);
  }

  writeAll(): void {
    for (const batch of this.byName.values()) if (batch.rows > 0) this.write(batch);
  }

  write(batch: WaitingRows): void {
    const rows = batch.rows;
    batch.rows = 0;
    this.runner.insertRows(batch.name, rows, batch.args);
    batch.args.length = 0;
  }
}

/** The tables whose rows a {@link ProjectionLog} inserts wide: a hand's, its seats', its payments'. */
type RowTable = 'hand' | 'seat' | 'payment';

/** Where a {@link ProjectionLog} noted the inserts of one hand's rows (slots; {@link NOT_INSERTED}: not here). */
interface InsertedRows {
  hand: number;
  readonly seats: Map<number, number>;
  readonly payments: Map<number, number>;
}

const NOT_INSERTED = -1;
const NOT_PLAIN = -2;

/**
 * The inserts a {@link ProjectionLog} notes wider: statement `into` in place of this one, with
 * `args(its arguments)`, the columns added at what the narrow insert leaves in them (the
 * columns' defaults; a hand's last event its first); `key`: where its arguments hold the row's
 * primary key (a hand id, then a seat or an ordinal). (Tested: the narrow and the wide insert
 * give the same row.)
 */
const WIDENED: Partial<Record<StatementName, { readonly table: RowTable; readonly into: number; readonly key: readonly number[]; readonly args: (a: readonly unknown[]) => unknown[] }>> = {
  // id ... eventId; last_event_id, settled_event_id, fouls, naturals, surrenders, all_ins
  insertHand: { table: 'hand', into: INSERT_HAND_ROW, key: [0], args: (a) => [...a, a[9], null, 0, 0, 0, 0] },
  // hand_id, seat, player, stack_before; points, fouled, natural, surrendered, all_in, net, stack_after
  insertHandSeat: { table: 'seat', into: STATEMENT_NUMBER.get('insertHandSeatRow')!, key: [0, 1], args: (a) => [...a, null, 0, null, 0, 0, null, null] },
  // hand_id, ordinal, from_seat, to_seat, amount; executed_at, executed_event_id
  insertPayment: { table: 'payment', into: STATEMENT_NUMBER.get('insertPaymentRow')!, key: [0, 1], args: (a) => [...a, null, null] },
};

/**
 * The updates a {@link ProjectionLog} folds into the wide insert of their row: `key` where
 * their arguments hold the row's primary key (as the insert's `key`); they write the insert's
 * arguments `to` from their own arguments `from` (-1: the value 1).
 */
const FOLDED: Partial<Record<StatementName, { readonly table: RowTable; readonly key: readonly number[]; readonly to: readonly number[]; readonly from: readonly number[] }>> = {
  handStep: { table: 'hand', key: [2], to: [7, 10], from: [0, 1] }, // phase, last_event_id WHERE id
  handSettled: { table: 'hand', key: [1], to: [11], from: [0] }, // settled_event_id WHERE id
  handSearchSettled: { table: 'hand', key: [4], to: [12, 13, 14, 15], from: [0, 1, 2, 3] }, // fouls, naturals, surrenders, all_ins WHERE id
  handSeatSettled: { table: 'seat', key: [4, 5], to: [4, 5, 6, 7], from: [0, 1, 2, 3] }, // points, fouled, natural, surrendered WHERE hand_id, seat
  handSeatAllIn: { table: 'seat', key: [0, 1], to: [8], from: [-1] }, // all_in = 1 WHERE hand_id, seat
  handSeatEnded: { table: 'seat', key: [2, 3], to: [9, 10], from: [0, 1] }, // net, stack_after WHERE hand_id, seat
  paymentDone: { table: 'payment', key: [2, 3], to: [5, 6], from: [0, 1] }, // executed_at, executed_event_id WHERE hand_id, ordinal
};

/**
 * The row a statement overwrites (see {@link ProjectionLog.note}) when its values cannot fail
 * to be written (a phase and a log row id; a stack of 0 or more; a count; a seat 1-4); null for
 * any other statement or value.
 */
function overwriteKey(name: StatementName, args: readonly unknown[]): string | null {
  switch (name) {
    case 'handStep': // phase, last_event_id WHERE id
      return typeof args[0] === 'string' && Number.isSafeInteger(args[1]) && typeof args[2] === 'string' ? `h${args[2]}` : null;
    case 'seatStackOnly': // stack WHERE table_id, seat
      return Number.isSafeInteger(args[0]) && (args[0] as number) >= 0 && typeof args[1] === 'string' && Number.isSafeInteger(args[2]) ? `s${args[2] as number}\u0000${args[1]}` : null;
    case 'handsStarted': // hands_started WHERE id
      return Number.isSafeInteger(args[0]) && typeof args[1] === 'string' ? `n${args[1]}` : null;
    case 'moveButton': // button WHERE id
      return Number.isInteger(args[0]) && (args[0] as number) >= 1 && (args[0] as number) <= 4 && typeof args[1] === 'string' ? `b${args[1]}` : null;
    default:
      return null;
  }
}

const runners = new WeakMap<Database.Database, StatementRunner>();

function runnerOf(db: Database.Database): StatementRunner {
  let r = runners.get(db);
  if (!r) {
    r = new StatementRunner(db);
    runners.set(db, r);
  }
  return r;
}

/** Writes the query rows of the events, from the events and the states after them. */
export class Projector {
  private readonly runner: StatementRunner | null;
  private readonly log: ProjectionLog | null;
  private readonly nextAlert: Database.Statement | null;

  /**
   * A projector writing on `db` (statements prepared once per connection), or, given a
   * {@link ProjectionLog} instead, noting the same statements there to be run later.
   */
  constructor(db: Database.Database | ProjectionLog) {
    if (db instanceof ProjectionLog) {
      this.runner = null;
      this.log = db;
      this.nextAlert = null;
    } else {
      this.runner = runnerOf(db);
      this.log = null;
      this.nextAlert = db.prepare('SELECT coalesce(max(id), 0) + 1 FROM alerts').pluck(true);
    }
  }

  private run(name: StatementName, ...args: unknown[]): void {
    if (this.log) this.log.note(name, args);
    else this.runner!.run(name, args);
  }

  /** Writes what a table-level event changes, from the event and the table's state after it. */
  table(_tx: WriteTx, stored: StoredEvent<TableEvent>, after: TableState): void {
    const e = stored.body;
    const t = stored.tableId;
    const at = stored.recordedAt;
    switch (e.type) {
      case 'table-opened':
        this.run('insertTable', {
          id: e.tableId, name: e.name, profileName: e.profile.name, profileVersion: e.profile.version,
          profile: JSON.stringify(e.profile.snapshot), pointValue: e.pointValue, mode: e.mode, seqModulo: e.seqModulo,
          button: e.button, at, eventId: stored.id,
        });
        return;
      case 'hand-corrected':
        this.run('handCorrected', e.handId);
        return;
      case 'correction-payment-executed':
        // Both sides of the chips moved, each with its stack after (the fold's state after it).
        for (const [seat, amount] of [[e.from, -e.amount], [e.to, e.amount]] as const) {
          const s = after.seats[seat - 1]!;
          this.run('seatStackOnly', s.stack, t, seat);
          this.run('ledger', t, seat, s.playerId, 'correction', amount, s.stack, e.handId, stored.id, at);
        }
        return;
      case 'rules-changed':
        this.run('rulesChanged', e.name, e.profile.name, e.profile.version, JSON.stringify(e.profile.snapshot), e.pointValue, t);
        return;
      case 'dealer-on':
        this.run('dealerOn', t, e.dealer, at, stored.id);
        return;
      case 'dealer-off':
        this.run('dealerOff', at, stored.id, t);
        return;
      case 'player-seated':
        this.run('seatPlayer', t, e.seat, e.playerId, e.name ?? null, at);
        return;
      case 'buy-in': {
        const seat = after.seats[e.seat - 1]!;
        this.run('seatStack', seat.stack, seat.shortBuyInAllowed ? 1 : 0, t, e.seat);
        this.run('ledger', t, e.seat, e.playerId, e.short ? 'short-buy-in' : 'buy-in', e.amount, seat.stack, null, stored.id, at);
        return;
      }
      case 'player-left':
        this.run('leaveSeat', t, e.seat);
        this.run('ledger', t, e.seat, e.playerId, 'cash-out', -e.cashOut, 0, null, stored.id, at);
        return;
      case 'alert-raised':
        this.run('raiseAlert', e.alertId, t, e.handId, e.kind, e.code, e.message, at, stored.id);
        return;
      case 'alert-acknowledged':
        this.run('ackAlert', e.person, at, e.note ?? null, stored.id, e.alertId);
        return;
      case 'device-status':
      case 'device-read-refused':
      case 'scanner-card-held':
      case 'table-checkpoint':
      case 'terminal-started':
      case 'terminal-stopped':
        return; // kept in the log only
    }
  }

  /** The id the next alert gets (a projector writing on a connection). */
  nextAlertId(): number {
    if (!this.nextAlert) throw new Error('a projector that notes its statements reads nothing');
    return this.nextAlert.get() as number;
  }

  /** The dealer signed on at a table, as the sessions table says (a projector writing on a connection). */
  currentSession(tableId: string): Session | undefined {
    if (!this.runner) throw new Error('a projector that notes its statements reads nothing');
    return this.runner.session(tableId);
  }

  /** Writes what a hand event changes; `after` is the hand's state after it. */
  hand(stored: StoredEvent<HandEvent>, after: HandState): void {
    const e = stored.body;
    const handId = stored.handId!;
    if (e.type === 'hand-started') {
      // The dealer and his session: the one signed on at the table when the row is written.
      this.run('insertHand', handId, e.tableId, e.handNumber, e.button, e.profile.name, e.profile.version, e.pointValue, after.phase, stored.recordedAt, stored.id);
      this.run('handsStarted', e.handNumber, e.tableId);
      for (const s of e.seats) this.run('insertHandSeat', handId, s.seat, s.playerId, s.stack);
      return;
    }
    // A card dealt never changes the hand's phase (the end of the deal and a misdeal are
    // events of their own, appended in the same transaction): not rewriting the hands row for
    // each of the 52 cards saves a page per durable commit. last_event_id is the last event
    // that was not a card read.
    if (e.type !== 'card-dealt') this.run('handStep', after.phase, stored.id, handId);
    switch (e.type) {
      case 'settled': {
        const r = e.result;
        this.run('handSettled', stored.id, handId);
        for (const seat of after.seats) {
          if (!seat.playing) continue;
          const k = String(seat.seat);
          this.run('handSeatSettled',
            r.points[k] ?? 0, r.fouled.includes(seat.seat) ? 1 : 0, r.naturals[k] ?? null, r.surrendered.includes(seat.seat) ? 1 : 0, handId, seat.seat,
          );
        }
        // The payments the dealer makes (the netted list when the house pays it), by the index he ticks.
        const list = paymentsToMake(r);
        for (let i = 0; i < list.length; i++) {
          const p = list[i];
          this.run('insertPayment', handId, i, p.from, p.to, p.amount);
        }
        this.handSearchSettled(handId, after, r);
        return;
      }
      case 'floor-correction':
        this.run('handCorrected', handId);
        return;
      case 'payment-executed':
        this.run('paymentDone', stored.recordedAt, stored.id, handId, e.index);
        return;
      case 'misdeal-called':
        this.run('handMisdeal', e.cause, handId);
        return;
      case 'hand-voided':
        this.run('handVoid', e.reason, handId);
        return;
      default:
        return;
    }
  }

  /**
   * The hand search's columns of a settled hand (migration 0007): how many live seats the
   * settlement fouled, scored a natural for, saw surrender and put all in, and which seats went
   * all in. Counted over the seats `handSeatSettled` writes, so the counts equal their rows.
   */
  private handSearchSettled(handId: string, after: HandState, r: Settled['result']): void {
    let fouls = 0;
    let naturals = 0;
    let surrenders = 0;
    let allIns = 0;
    for (const seat of after.seats) {
      if (!seat.playing) continue;
      if (r.fouled.includes(seat.seat)) fouls++;
      if (r.naturals[String(seat.seat)] !== undefined) naturals++;
      if (r.surrendered.includes(seat.seat)) surrenders++;
      if (r.allIn.includes(seat.seat)) {
        allIns++;
        this.run('handSeatAllIn', handId, seat.seat);
      }
    }
    this.run('handSearchSettled', fouls, naturals, surrenders, allIns, handId);
  }

  /**
   * The hand is over (`after`: its final state; `table`: the table after it): its outcome, each
   * seat's net and stack after, the seats' stacks, a ledger row per seat, and the button
   * (moved one seat clockwise after a played hand only).
   */
  handEnded(stored: StoredEvent<HandEvent>, after: HandState, table: TableState): void {
    const handId = stored.handId!;
    const info = after.info!;
    const outcome = after.phase === 'closed' ? 'played' : after.phase === 'misdealt' ? 'misdeal' : 'void';
    this.run('handEnded', outcome, stored.recordedAt, handId);
    for (const seat of after.seats) {
      if (!seat.playing) continue;
      const player = seat.player!;
      const stackAfter = table.seats[seat.seat - 1]?.stack ?? player.stack;
      const n = stackAfter - player.stack;
      this.run('handSeatEnded', n, stackAfter, handId, seat.seat);
      this.run('seatStackOnly', stackAfter, info.tableId, seat.seat);
      this.run('ledger', info.tableId, seat.seat, player.playerId, 'hand', n, stackAfter, handId, stored.id, stored.recordedAt);
    }
    this.run('moveButton', table.button, info.tableId);
  }
}

/** What one entry did, as the projections need it: the table after it, and the hand's state after it. */
export interface ProjectedStep {
  readonly table: TableState;
  /**
   * The hand's state after a hand's event (null for a table event). For a note on a hand that
   * is over, which the table fold passes by (`applyTableEntry` gives null), the caller gives
   * that hand's state after the note.
   */
  readonly hand: HandState | null;
}

/**
 * Writes the query rows one entry of a table's log changes, exactly as the table service
 * writes them when it commits the entry: a table event from the table's state after it
 * (`Projector.table`); a hand's event from the hand's state after it (`Projector.hand`), and
 * when that event ends the hand in play (`before` holds it, `step.table` no longer does), the
 * hand's end from its final state and the table after it (`Projector.handEnded`). `before`: the
 * table before the entry (null before `table-opened`). The service and the audit's rebuild of
 * the query tables both call this, so the rows are written one way. Throws when a hand's event
 * comes without the hand's state (a caller's mistake).
 */
export function projectEntry(projector: Projector, tx: WriteTx, stored: StoredEvent, before: TableState | null, step: ProjectedStep): void {
  if (stored.handId === null) {
    projector.table(tx, stored as StoredEvent<TableEvent>, step.table);
    return;
  }
  const hand = step.hand;
  if (!hand) throw new Error(`log row ${stored.id} (${stored.type}): a hand's event is projected with the hand's state after it`);
  const event = stored as StoredEvent<HandEvent>;
  projector.hand(event, hand);
  if (before?.hand?.id === stored.handId && step.table.hand === null) projector.handEnded(event, hand, step.table);
}

/** An alert to raise, before it has an id. */
export interface AlertDraft {
  readonly kind: AlertKind;
  readonly code: string;
  readonly message: string;
  readonly handId: string | null;
  readonly device?: string;
}
