/**
 * The whole-database audit (audit.ts) on this thread, problem by problem: what `table replay`
 * and `table audit` tell an auditor when a query table (hands, payments, hand_seats, the chip
 * ledger) says something other than the events, when a hand has no events or no row, when a
 * floor note comes after a hand is over, and what the settings switch on and off (the checks,
 * one hand, the cap on problems, the timings, the progress). Each case is an honest simulated
 * log (8 hands at table SIM, one of them a misdeal) copied and changed behind the terminal's
 * back; real SQLite files in a temp folder.
 */
import Database from 'better-sqlite3';
import { copyFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, replayHands, verifyChain, type AuditTimings, type ReplayReport } from '../../../app/services/audit';
import type { Progress } from '../../../app/services/progress';
import { openStore } from '../../../app/services/store';
import type { TablesReport } from '../../../app/services/table-audit';
import { simulatedLog, tamper, tempFolder } from './temp';

const tmp = tempFolder('cp-audit-mutants-');
const honest = tmp.file('honest.db');

/** Facts of the honest log, read once. */
let handEvents = 0;
let sim3Events = 0;
let sim3Settled = 0;
let sim2Events = 0;
let maxId = 0;

beforeAll(async () => {
  await simulatedLog(honest, 8, 9);
  const db = new Database(honest, { readonly: true });
  handEvents = db.prepare('SELECT count(*) FROM events WHERE hand_id IS NOT NULL').pluck().get() as number;
  sim3Events = db.prepare("SELECT count(*) FROM events WHERE hand_id = 'SIM-3'").pluck().get() as number;
  sim3Settled = db.prepare("SELECT id FROM events WHERE hand_id = 'SIM-3' AND type = 'settled'").pluck().get() as number;
  sim2Events = db.prepare("SELECT count(*) FROM events WHERE hand_id = 'SIM-2'").pluck().get() as number;
  maxId = db.prepare('SELECT max(id) FROM events').pluck().get() as number;
  db.close();
}, 60_000);
afterAll(() => tmp.cleanup());

/** A copy of the honest log, changed by `sql` (foreign keys off, the log's triggers dropped and put back). */
function copy(sql: string | null): string {
  const path = tmp.file(`copy-${Math.random().toString(36).slice(2)}.db`);
  copyFileSync(honest, path);
  if (sql) tamper(path, sql);
  return path;
}

function withStore<R>(path: string, fn: (store: ReturnType<typeof openStore>) => R): R {
  const store = openStore(path, { readonly: true });
  try {
    return fn(store);
  } finally {
    store.close();
  }
}

function replayed(sql: string | null, options: { handId?: string; maxProblems?: number } = {}): ReplayReport {
  return withStore(copy(sql), (store) => replayHands(store, { threads: 0, ...options }));
}

const messages = (r: ReplayReport) => r.problems.map((p) => `${p.handId}: ${p.message}`);

function row<T>(sql: string): T {
  const db = new Database(honest, { readonly: true });
  try {
    return db.prepare(sql).get() as T;
  } finally {
    db.close();
  }
}

describe('an honest log', () => {
  it('replays every hand with no problem, counting hands, settled hands and hand events', () => {
    expect(replayed(null)).toEqual({ ok: true, hands: 8, settled: 7, events: handEvents, problems: [] });
  });

  it('the full audit: the chain, the hands and the tables all clean, the timings of a pass on this thread', () => {
    const timings: AuditTimings = {};
    const found = withStore(copy(null), (store) => auditLog(store, { threads: 0, timings }));
    expect(found.chain).toMatchObject({ ok: true });
    expect(found.replay).toEqual({ ok: true, hands: 8, settled: 7, events: handEvents, problems: [] });
    expect(found.tables).toMatchObject({ ok: true });
    expect(timings.tablesInRanges).toBe(false);
    expect(timings.tablesComparedBySqlite).toBe(0);
    expect(timings.tablesSec).toBeGreaterThanOrEqual(0);
  });
});

describe('the settings switch each check on and off', () => {
  it('chain off: no chain; hands off: no replay; tables off: no tables', () => {
    const path = copy(null);
    withStore(path, (store) => {
      const a = auditLog(store, { threads: 0, chain: false });
      expect(a.chain).toBeNull();
      expect(a.replay).toMatchObject({ ok: true, hands: 8 });
      expect(a.tables).toMatchObject({ ok: true });
      const b = auditLog(store, { threads: 0, hands: false });
      expect(b.replay).toBeNull();
      expect(b.chain).toMatchObject({ ok: true });
      expect(b.tables).toMatchObject({ ok: true });
      const timings: AuditTimings = {};
      const c = auditLog(store, { threads: 0, tables: false, timings });
      expect(c.tables).toBeNull();
      expect(c.chain).toMatchObject({ ok: true });
      expect(c.replay).toMatchObject({ ok: true, hands: 8 });
      expect(timings).toEqual({});
    });
  });

  it('verify-log on a bare database: the chain alone, told as the stage `chain` up to the last row', () => {
    const path = copy(null);
    const db = new Database(path, { readonly: true });
    const stages: string[] = [];
    const done: number[] = [];
    const progress: Progress = { stage: (s, total, unit) => stages.push(`${s} ${total} ${unit}`), done: (n) => done.push(n) };
    try {
      expect(verifyChain(db, 50, { threads: 0, progress })).toMatchObject({ ok: true });
    } finally {
      db.close();
    }
    expect(stages).toEqual([`chain ${maxId} rows`]);
    expect(done.at(-1)).toBe(maxId);
    expect(Math.max(...done)).toBe(maxId);
  });

  it('the progress names the read: `hands` for the hands alone, `chain+hands` for both', () => {
    const stagesOf = (settings: { chain?: boolean; hands?: boolean }) => {
      const stages: string[] = [];
      const progress: Progress = { stage: (s) => stages.push(s), done: () => undefined };
      withStore(copy(null), (store) => auditLog(store, { threads: 0, tables: false, progress, ...settings }));
      return stages;
    };
    expect(stagesOf({ chain: false })).toEqual(['hands']);
    expect(stagesOf({})).toEqual(['chain+hands']);
  });
});

describe('one hand (`table replay --hand`)', () => {
  it('a hand with no events: the one problem, nothing replayed', () => {
    expect(replayed(null, { handId: 'SIM-99' })).toEqual({
      ok: false, hands: 0, settled: 0, events: 0, problems: [{ handId: 'SIM-99', message: 'there is no such hand in this database' }],
    });
  });

  it('a stored hand: only it is replayed, and the whole-database checks are not run', () => {
    const orphan = "INSERT INTO hands (id, table_id, number, button, profile_name, profile_version, point_value, phase, outcome, started_at, first_event_id, last_event_id) SELECT 'SIM-ORPHAN', table_id, 99, button, profile_name, profile_version, point_value, phase, outcome, started_at, first_event_id, last_event_id FROM hands WHERE id = 'SIM-1'";
    expect(replayed(orphan, { handId: 'SIM-3' })).toEqual({ ok: true, hands: 1, settled: 1, events: sim3Events, problems: [] });
  });

  it('a hand with no settlement replays clean on its own', () => {
    expect(replayed(null, { handId: 'SIM-2' })).toEqual({ ok: true, hands: 1, settled: 0, events: sim2Events, problems: [] });
  });

  it('is not told as progress, and is not read when the hands check is off', () => {
    const stages: string[] = [];
    const progress: Progress = { stage: (s) => stages.push(s), done: () => undefined };
    withStore(copy(null), (store) => {
      const one = auditLog(store, { threads: 0, chain: false, tables: false, handId: 'SIM-3', progress });
      expect(one.replay).toMatchObject({ ok: true, hands: 1 });
      expect(auditLog(store, { threads: 0, chain: false, hands: false, tables: false, handId: 'SIM-3' }).replay).toBeNull();
    });
    expect(stages).toEqual([]);
  });

  it('its problems are found as in the whole replay', () => {
    const r = replayed("UPDATE hands SET phase = 'voided' WHERE id = 'SIM-3'", { handId: 'SIM-3' });
    expect(messages(r)).toEqual(['SIM-3: the hands table says phase voided, the events say closed']);
  });
});

describe('the hands table against the events', () => {
  it('a hand listed with no events', () => {
    const r = replayed("INSERT INTO hands (id, table_id, number, button, profile_name, profile_version, point_value, phase, outcome, started_at, first_event_id, last_event_id) SELECT 'SIM-ORPHAN', table_id, 99, button, profile_name, profile_version, point_value, phase, outcome, started_at, first_event_id, last_event_id FROM hands WHERE id = 'SIM-1'");
    expect(r.ok).toBe(false);
    expect(messages(r)).toEqual(['SIM-ORPHAN: the hands table lists a hand that has no events']);
    expect(r.hands).toBe(8);
  });

  it('a hand with events but no row', () => {
    const r = replayed("DELETE FROM hands WHERE id = 'SIM-3'");
    expect(messages(r)).toEqual(['SIM-3: the hand has events but no row in the hands table']);
    // Counted as a hand, its events too; not as settled: nothing of it is checked without its row.
    expect(r).toMatchObject({ ok: false, hands: 8, settled: 6, events: handEvents });
  });

  it('the outcome', () => {
    const r = replayed("UPDATE hands SET outcome = 'void' WHERE id = 'SIM-3'");
    expect(messages(r)).toEqual(['SIM-3: the hands table says void, the events say played (closed)']);
  });

  it('the outcome of a misdeal', () => {
    const r = replayed("UPDATE hands SET outcome = 'played' WHERE id = 'SIM-2'");
    expect(messages(r)).toEqual(['SIM-2: the hands table says played, the events say misdeal (misdealt)']);
  });

  it('the misdeal cause', () => {
    const r = replayed("UPDATE hands SET misdeal_cause = 'shoe-jam' WHERE id = 'SIM-2'");
    expect(messages(r)).toEqual(['SIM-2: misdeal cause recorded as shoe-jam, the events say card-read-twice']);
  });

  it('a misdeal cause on a played hand is not compared', () => {
    expect(replayed("UPDATE hands SET misdeal_cause = 'shoe-jam' WHERE id = 'SIM-3'")).toMatchObject({ ok: true, problems: [] });
  });

  it('the settlement row: missing, or given to a hand that has none', () => {
    expect(messages(replayed("UPDATE hands SET settled_event_id = NULL WHERE id = 'SIM-3'"))).toEqual([
      `SIM-3: the hands table gives the settlement as log row none, the log has it at row ${sim3Settled}`,
    ]);
    expect(messages(replayed("UPDATE hands SET settled_event_id = 5 WHERE id = 'SIM-2'"))).toEqual([
      'SIM-2: the hands table gives the settlement as log row 5, the log has it at row none',
    ]);
  });
});

describe('the payments table against the settlement', () => {
  const p1 = () => row<{ from_seat: number; to_seat: number; amount: number }>("SELECT from_seat, to_seat, amount FROM payments WHERE hand_id = 'SIM-3' AND ordinal = 0");

  it('a payment missing', () => {
    const r = replayed("DELETE FROM payments WHERE hand_id = 'SIM-3' AND ordinal = 5");
    expect(messages(r)).toEqual(['SIM-3: the payments table has 5 payments, the settlement 6']);
  });

  it('a payment of another amount, or between other seats', () => {
    const p = p1();
    expect(messages(replayed("UPDATE payments SET amount = amount + 1 WHERE hand_id = 'SIM-3' AND ordinal = 0"))).toEqual([
      `SIM-3: payment 1 is recorded as seat ${p.from_seat} pays seat ${p.to_seat} ${p.amount + 1}; the settlement says seat ${p.from_seat} pays seat ${p.to_seat} ${p.amount}`,
    ]);
    expect(messages(replayed("UPDATE payments SET from_seat = to_seat, to_seat = from_seat WHERE hand_id = 'SIM-3' AND ordinal = 0"))).toEqual([
      `SIM-3: payment 1 is recorded as seat ${p.to_seat} pays seat ${p.from_seat} ${p.amount}; the settlement says seat ${p.from_seat} pays seat ${p.to_seat} ${p.amount}`,
    ]);
    const other = [1, 2, 3, 4].find((s) => s !== p.from_seat && s !== p.to_seat)!;
    expect(messages(replayed(`UPDATE payments SET to_seat = ${other} WHERE hand_id = 'SIM-3' AND ordinal = 0`))).toEqual([
      `SIM-3: payment 1 is recorded as seat ${p.from_seat} pays seat ${other} ${p.amount}; the settlement says seat ${p.from_seat} pays seat ${p.to_seat} ${p.amount}`,
    ]);
  });

  it('a payment made in the events but not in the payments table', () => {
    const r = replayed("UPDATE payments SET executed_event_id = NULL, executed_at = NULL WHERE hand_id = 'SIM-3' AND ordinal = 1");
    expect(messages(r)).toEqual(['SIM-3: payment 2 is made in the events but not made in the payments table']);
  });
});

describe('a hand still being paid (the log cut after its second payment)', () => {
  it('is open in the events: outcome and phase, and each payment the events have not made', () => {
    const cut = row<{ id: number }>("SELECT id FROM events WHERE hand_id = 'SIM-8' AND type = 'payment-executed' ORDER BY id LIMIT 1 OFFSET 1").id;
    expect(messages(replayed(`DELETE FROM events WHERE id > ${cut}`))).toEqual([
      'SIM-8: the hands table says played, the events say open (paying)',
      'SIM-8: the hands table says phase closed, the events say paying',
      'SIM-8: payment 3 is not made in the events but made in the payments table',
      'SIM-8: payment 4 is not made in the events but made in the payments table',
      'SIM-8: payment 5 is not made in the events but made in the payments table',
      'SIM-8: payment 6 is not made in the events but made in the payments table',
    ]);
  });
});

describe('a voided hand (SIM-8 voided by the floor after its deal, its query rows written as a void leaves them)', () => {
  const voided = `DELETE FROM events WHERE id > (SELECT id FROM events WHERE hand_id = 'SIM-8' AND type = 'deal-ended');
    INSERT INTO events (id, table_id, hand_id, hand_seq, type, recorded_at, body, prev_hash, hash)
      SELECT id + 1, table_id, hand_id, hand_seq + 1, 'hand-voided', recorded_at,
        json_object('at', json_extract(body, '$.at'), 'by', 'floor:F1', 'reason', 'the shoe was dropped', 'type', 'hand-voided'), prev_hash, hash
      FROM events WHERE hand_id = 'SIM-8' AND type = 'deal-ended';
    UPDATE hands SET phase = 'voided', outcome = 'void', settled_event_id = NULL WHERE id = 'SIM-8';
    UPDATE hand_seats SET net = 0, stack_after = stack_before WHERE hand_id = 'SIM-8';
    UPDATE chip_ledger SET amount = 0, stack_after = (SELECT stack_before FROM hand_seats s WHERE s.hand_id = 'SIM-8' AND s.seat = chip_ledger.seat) WHERE hand_id = 'SIM-8'`;

  it('replays clean: outcome void, no settlement', () => {
    expect(replayed(voided)).toMatchObject({ ok: true, hands: 8, settled: 6, problems: [] });
  });

  it('its seats are checked like those of a played hand', () => {
    const s = row<{ stack_before: number }>("SELECT stack_before FROM hand_seats WHERE hand_id = 'SIM-8' AND seat = 1");
    expect(messages(replayed(`${voided}; UPDATE hand_seats SET stack_before = stack_before + 7 WHERE hand_id = 'SIM-8' AND seat = 1`))).toEqual([
      `SIM-8: seat 1: recorded ${s.stack_before + 7} +0 = ${s.stack_before}, the events give ${s.stack_before} +0 = ${s.stack_before}`,
    ]);
  });
});

describe('a settled event whose stored result was changed (100 moved from seat 2\'s net to seat 1\'s)', () => {
  it('does not settle again to it, its payments do not add up to the nets, and the seats and the ledger differ from it', () => {
    const s = (seat: number) => row<{ stack_before: number; net: number; stack_after: number }>(`SELECT stack_before, net, stack_after FROM hand_seats WHERE hand_id = 'SIM-3' AND seat = ${seat}`);
    const [s1, s2] = [s(1), s(2)];
    const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`);
    const r = replayed(`UPDATE events SET body = json_set(body, '$.result.net.1', json_extract(body, '$.result.net.1') + 100, '$.result.net.2', json_extract(body, '$.result.net.2') - 100) WHERE hand_id = 'SIM-3' AND type = 'settled'`);
    expect(messages(r)).toEqual([
      'SIM-3: re-settling gives a different result: re-settling the record gives a different net than was stored',
      `SIM-3: seat 1 was paid ${s1.net} but its net is ${s1.net + 100}`,
      `SIM-3: seat 2 was paid ${s2.net} but its net is ${s2.net - 100}`,
      `SIM-3: seat 1: recorded ${s1.stack_before} ${signed(s1.net)} = ${s1.stack_after}, the events give ${s1.stack_before} ${signed(s1.net + 100)} = ${s1.stack_after + 100}`,
      `SIM-3: seat 1: the chip ledger records ${signed(s1.net)} to ${s1.stack_after}, the events give ${signed(s1.net + 100)} to ${s1.stack_after + 100}`,
      `SIM-3: seat 2: recorded ${s2.stack_before} ${signed(s2.net)} = ${s2.stack_after}, the events give ${s2.stack_before} ${signed(s2.net - 100)} = ${s2.stack_after - 100}`,
      `SIM-3: seat 2: the chip ledger records ${signed(s2.net)} to ${s2.stack_after}, the events give ${signed(s2.net - 100)} to ${s2.stack_after - 100}`,
    ]);
    expect(r.settled).toBe(7);
  });
});

describe('hand_seats and the chip ledger against the events', () => {
  const seat1 = () => row<{ stack_before: number; net: number; stack_after: number }>("SELECT stack_before, net, stack_after FROM hand_seats WHERE hand_id = 'SIM-3' AND seat = 1");
  const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`);

  it('a seat with no row', () => {
    expect(messages(replayed("DELETE FROM hand_seats WHERE hand_id = 'SIM-3' AND seat = 2"))).toEqual(['SIM-3: seat 2 has no row in hand_seats']);
  });

  it('each of the stack before, the net and the stack after', () => {
    const s = seat1();
    const given = `the events give ${s.stack_before} ${signed(s.net)} = ${s.stack_after}`;
    expect(messages(replayed("UPDATE hand_seats SET stack_before = stack_before + 7 WHERE hand_id = 'SIM-3' AND seat = 1"))).toEqual([
      `SIM-3: seat 1: recorded ${s.stack_before + 7} ${signed(s.net)} = ${s.stack_after}, ${given}`,
    ]);
    expect(messages(replayed("UPDATE hand_seats SET net = NULL WHERE hand_id = 'SIM-3' AND seat = 1"))).toEqual([
      `SIM-3: seat 1: recorded ${s.stack_before} null = ${s.stack_after}, ${given}`,
    ]);
    expect(messages(replayed("UPDATE hand_seats SET stack_after = stack_after - 3 WHERE hand_id = 'SIM-3' AND seat = 1"))).toEqual([
      `SIM-3: seat 1: recorded ${s.stack_before} ${signed(s.net)} = ${s.stack_after - 3}, ${given}`,
    ]);
  });

  it('a misdealt hand\'s seats are checked too', () => {
    const s = row<{ stack_before: number; stack_after: number }>("SELECT stack_before, stack_after FROM hand_seats WHERE hand_id = 'SIM-2' AND seat = 1");
    const r = replayed("UPDATE hand_seats SET stack_before = stack_before + 7 WHERE hand_id = 'SIM-2' AND seat = 1");
    // A misdeal moves no chips: a net of zero is written +0.
    expect(messages(r)).toEqual([`SIM-2: seat 1: recorded ${s.stack_before + 7} +0 = ${s.stack_after}, the events give ${s.stack_before} +0 = ${s.stack_after}`]);
  });

  it('the chip ledger\'s entry of the hand: its amount, its stack after, or none', () => {
    const s = seat1();
    const id = row<{ id: number }>("SELECT id FROM chip_ledger WHERE hand_id = 'SIM-3' AND seat = 1 AND kind = 'hand'").id;
    const given = `the events give ${signed(s.net)} to ${s.stack_after}`;
    // The amount and the stack after changed together: the seat's running stack still adds up.
    expect(messages(replayed(`UPDATE chip_ledger SET amount = amount + 1, stack_after = stack_after + 1 WHERE id = ${id}`))).toContain(
      `SIM-3: seat 1: the chip ledger records ${signed(s.net + 1)} to ${s.stack_after + 1}, ${given}`,
    );
    const onlyAmount = messages(replayed(`UPDATE chip_ledger SET amount = amount + 1 WHERE id = ${id}`));
    expect(onlyAmount).toContain(`SIM-3: seat 1: the chip ledger records ${signed(s.net + 1)} to ${s.stack_after}, ${given}`);
    const missing = messages(replayed(`DELETE FROM chip_ledger WHERE id = ${id}`));
    expect(missing).toContain(`SIM-3: seat 1: the chip ledger has no entry, ${given}`);
  });

  it('another table\'s seat of the same number has its own running stack', () => {
    const r = replayed("INSERT INTO chip_ledger (table_id, seat, player, kind, amount, stack_after, event_id, at) VALUES ('OTHER', 1, 'P-X', 'buy-in', 500, 500, 1, '2026-01-01T00:00:00.000Z'), ('OTHER', 1, 'P-X', 'cash-out', -500, 0, 1, '2026-01-01T00:00:01.000Z')");
    expect(r).toMatchObject({ ok: true, problems: [] });
  });
});

describe('a note on a hand already over (a late hand)', () => {
  it('is checked again whole at the end: counted once, its first findings replaced', () => {
    // SIM-1's hand-closed written again at the end of the log: the hand no longer replays.
    const r = replayed(`INSERT INTO events (id, table_id, hand_id, hand_seq, type, recorded_at, body, prev_hash, hash)
      SELECT ${maxId + 1}, table_id, hand_id, 999, type, recorded_at, body, prev_hash, hash FROM events WHERE hand_id = 'SIM-1' AND type = 'hand-closed'`);
    expect(r.hands).toBe(8);
    expect(r.settled).toBe(6); // SIM-1 no longer replays, so it is not counted as settled
    expect(r.events).toBe(handEvents + 1);
    expect(r.problems.filter((p) => p.handId === 'SIM-1')).toHaveLength(1);
    expect(r.problems[0].handId).toBe('SIM-1');
    expect(r.problems[0].message).toMatch(/^the events do not replay: /);
    expect(r.ok).toBe(false);
  });

  it('a late note on a hand that was never settled: the settled count is unchanged', () => {
    const r = replayed(`INSERT INTO events (id, table_id, hand_id, hand_seq, type, recorded_at, body, prev_hash, hash)
      SELECT ${maxId + 1}, table_id, hand_id, 999, type, recorded_at, body, prev_hash, hash FROM events WHERE hand_id = 'SIM-2' AND type = 'misdeal-called'`);
    expect(r).toMatchObject({ ok: false, hands: 8, settled: 7, events: handEvents + 1 });
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0].handId).toBe('SIM-2');
    expect(r.problems[0].message).toMatch(/^the events do not replay: /);
  });

  it('a late hand that had problems before: those are dropped, the recheck\'s kept, and other hands\' problems stay', () => {
    const r = replayed(`UPDATE hands SET outcome = 'void' WHERE id IN ('SIM-1', 'SIM-3');
      INSERT INTO events (id, table_id, hand_id, hand_seq, type, recorded_at, body, prev_hash, hash)
      SELECT ${maxId + 1}, table_id, hand_id, 999, type, recorded_at, body, prev_hash, hash FROM events WHERE hand_id = 'SIM-1' AND type = 'hand-closed'`);
    const sim1 = r.problems.filter((p) => p.handId === 'SIM-1');
    expect(sim1).toHaveLength(1);
    expect(sim1[0].message).toMatch(/^the events do not replay: /);
    expect(r.problems.filter((p) => p.handId !== 'SIM-1')).toEqual([{ handId: 'SIM-3', message: 'the hands table says void, the events say played (closed)' }]);
  });
});

describe('the cap on problems', () => {
  const many = "UPDATE hands SET outcome = 'void' WHERE outcome = 'played'; UPDATE hand_seats SET stack_before = stack_before + 1";

  it('the hands keep at most maxProblems, in the order found', () => {
    const all = replayed(many);
    expect(all.problems.length).toBeGreaterThan(3);
    const capped = replayed(many, { maxProblems: 3 });
    expect(capped.problems).toEqual(all.problems.slice(0, 3));
    expect(capped.ok).toBe(false);
    expect(capped.hands).toBe(8);
  });

  it('the chain keeps at most maxProblems too', () => {
    const path = copy("UPDATE events SET body = body || ' ' WHERE id IN (20, 40, 60, 80)");
    const db = new Database(path, { readonly: true });
    try {
      const all = verifyChain(db, 50, { threads: 0 });
      const capped = verifyChain(db, 2, { threads: 0 });
      expect(all.ok).toBe(false);
      expect(all.problems.length).toBeGreaterThan(2);
      expect(capped.problems).toEqual(all.problems.slice(0, 2));
    } finally {
      db.close();
    }
  });

  it('the audit\'s cap applies to the chain and the hands alike', () => {
    const path = copy(`${many}; UPDATE events SET body = body || ' ' WHERE id IN (20, 40, 60, 80)`);
    const found = withStore(path, (store) => auditLog(store, { threads: 0, tables: false, maxProblems: 2 }));
    expect(found.chain!.problems).toHaveLength(2);
    expect((found.replay as ReplayReport).problems).toHaveLength(2);
  });
});

describe('the tables\' cap', () => {
  it('the audit\'s maxProblems caps the tables\' problems too', () => {
    const path = copy("UPDATE hands SET outcome = 'void' WHERE outcome = 'played'");
    const found = withStore(path, (store) => auditLog(store, { threads: 0, chain: false, hands: false, maxProblems: 2 }));
    expect(found.tables).toMatchObject({ ok: false, more: 5 });
    expect((found.tables as TablesReport).problems).toHaveLength(2);
  });
});

describe('a long log: the read is told in slices of 20,000 ids', () => {
  /** The honest log with 25,000 table rows appended (hashes not linked: the chain is broken, the hands untouched). */
  const long = () => copy(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 25000)
    INSERT INTO events (id, table_id, hand_id, hand_seq, type, recorded_at, body, prev_hash, hash)
    SELECT ${maxId} + i, 'SIM', NULL, NULL, 'device-status', '2026-01-01T00:00:00.000Z', '{}', printf('%064d', 0), printf('%064d', 0) FROM n`);

  it('the chain alone and the hands alone: 20,000 ids, then the rest', () => {
    const path = long();
    const span = maxId + 25_000;
    const told = (run: (progress: Progress) => void) => {
      const done: number[] = [];
      const stages: string[] = [];
      run({ stage: (s, total) => stages.push(`${s} ${total}`), done: (n) => done.push(n) });
      return { stages, done };
    };
    const db = new Database(path, { readonly: true });
    try {
      const chain = told((progress) => verifyChain(db, 5, { threads: 0, progress }));
      expect(chain.stages).toEqual([`chain ${span}`]);
      expect(chain.done[0]).toBe(20_000);
      expect(chain.done.at(-1)).toBe(span);
      expect(Math.max(...chain.done)).toBe(span);
    } finally {
      db.close();
    }
    withStore(path, (store) => {
      const hands = told((progress) => expect(auditLog(store, { threads: 0, chain: false, tables: false, progress }).replay).toMatchObject({ ok: true, hands: 8 }));
      expect(hands.stages).toEqual([`hands ${span}`]);
      expect(hands.done[0]).toBe(20_000);
      expect(hands.done.at(-1)).toBe(span);
      expect(Math.max(...hands.done)).toBe(span);
    });
  });
});

describe('the hands read alone and read with the chain give one report', () => {
  it('a hand row whose table id holds U+0001 (the separator of the batched read)', () => {
    const path = copy("UPDATE events SET table_id = 'SIM' || char(1) || 'X' WHERE id = (SELECT id FROM events WHERE hand_id = 'SIM-3' AND type = 'card-dealt' ORDER BY id LIMIT 1 OFFSET 3)");
    withStore(path, (store) => {
      const alone = replayHands(store, { threads: 0 });
      const withChain = auditLog(store, { threads: 0, tables: false }).replay;
      expect(alone.ok).toBe(false);
      expect(alone.hands).toBe(9); // SIM-3 gathered at two tables
      expect(alone).toEqual(withChain);
    });
  });
});

describe('an event that is not JSON', () => {
  it('two of them, with the chain read too: the hands stop at the first, the chain is read to the end', () => {
    const path = copy("UPDATE events SET body = '{not json' WHERE id IN (20, 40)");
    withStore(path, (store) => {
      const found = auditLog(store, { threads: 0, tables: false });
      expect(String((found.replay as { error: unknown }).error)).toMatch(/log row 20 \(hand SIM-1, type card-dealt\) is not JSON/);
      expect(found.chain).toEqual(verifyChain(store.db, 50, { threads: 0 }));
    });
  });


  it('the replay throws what stopped it; the audit reports it as the replay\'s and the tables\' error and still checks the chain', () => {
    const path = copy("UPDATE events SET body = '{not json' WHERE id = 20");
    withStore(path, (store) => {
      expect(() => replayHands(store, { threads: 0 })).toThrow(/20/);
      const found = auditLog(store, { threads: 0 });
      expect(found.replay).toHaveProperty('error');
      expect(found.tables).toHaveProperty('error');
      expect(found.chain).toMatchObject({ ok: false });
      const handsOnly = auditLog(store, { threads: 0, chain: false, tables: false });
      expect(handsOnly.replay).toHaveProperty('error');
    });
  });
});
