/**
 * Recall (the last 10 hands of a table, each replayable step by step in the original order),
 * the floor's replay check (it agrees with an honest database and names the hand in a
 * tampered one), and the export (the JSON's record settles to the JSON's result; the CSV's
 * rows; the date range).
 */
import Database from 'better-sqlite3';
import { copyFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay, type HandEvent } from '../../../app/domain/hand';
import { settleRecord } from '../../../app/domain/settle';
import { replayHands } from '../../../app/services/audit';
import { CSV_COLUMNS, exportCsv, exportJson, parseExportDate } from '../../../app/services/export';
import { openStore } from '../../../app/services/store';
import { attachShoe, must, openTable, playHand, rig, T, type Rig } from './helpers';

let r: Rig;
let lastSnapshot: ReturnType<typeof must<import('../../../app/services/table-service').TableSnapshot>>;

// 12 hands: every third a misdeal (3, 6, 9, 12), the others played, on 2025-03-01 from 20:00 UTC
beforeAll(async () => {
  r = rig({ start: '2025-03-01T20:00:00.000Z' });
  openTable(r.service);
  const { shoe } = await attachShoe(r.service);
  for (let n = 1; n <= 12; n++) {
    if (n % 3 === 0) {
      must(r.service.startHand({ tableId: T }));
      lastSnapshot = must(r.service.callMisdeal({ tableId: T, cause: 'floor-ruling', floor: 'Jana', detail: `misdeal in hand ${n}` }));
    } else {
      lastSnapshot = await playHand(r.service, shoe, 100 + n);
    }
  }
});
afterAll(() => r.cleanup());

describe('recall', () => {
  it('gives the last 10 hands, newest first, with outcome, seats and payments', () => {
    const hands = must(r.service.recall(T));
    expect(hands.map((h) => h.number)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(hands.map((h) => h.outcome)).toEqual(['misdeal', 'played', 'played', 'misdeal', 'played', 'played', 'misdeal', 'played', 'played', 'misdeal']);
    const played = hands[1];
    expect(played.seats).toHaveLength(4);
    expect(played.payments.length).toBe(played.result!.payments.length);
    expect(played.payments.every((p) => p.executedAt !== null)).toBe(true);
    expect(hands[3]).toMatchObject({ misdealCause: 'floor-ruling', record: null, result: null, payments: [] });
    expect(must(r.service.recall(T, 3)).map((h) => h.number)).toEqual([12, 11, 10]);
    expect(r.service.recall('T9')).toMatchObject({ ok: false, error: { code: 'unknown-table' } });
  });

  it('marks a hand dealt by the simulated shoe simulated (recall, export JSON and CSV); a misdeal before any read is not', () => {
    const hands = must(r.service.recall(T));
    expect(hands.filter((h) => h.outcome === 'played').every((h) => h.simulated)).toBe(true);
    expect(hands.filter((h) => h.outcome === 'misdeal').every((h) => !h.simulated)).toBe(true);
    const json = JSON.parse(exportJson(r.store, { from: '2025-03-01T00:00:00.000Z', to: '2025-03-02T00:00:00.000Z' })) as { hands: { number: number; simulated?: boolean }[] };
    expect(json.hands.map((h) => [h.number, h.simulated ?? false])).toEqual(Array.from({ length: 12 }, (_, i) => [i + 1, (i + 1) % 3 !== 0]));
    const csv = exportCsv(r.store, { from: '2025-03-01T00:00:00.000Z', to: '2025-03-02T00:00:00.000Z' }).trim().split('\r\n').slice(1).map((l) => l.split(','));
    const handRows = csv.filter((c) => c[0] === 'hand');
    expect(handRows.map((c) => c[CSV_COLUMNS.indexOf('simulated')])).toEqual(Array.from({ length: 12 }, (_, i) => ((i + 1) % 3 !== 0 ? '1' : '0')));
  });

  it('replays each hand step by step in the original order, with the state after each step', () => {
    for (const h of must(r.service.recall(T))) {
      const steps = must(r.service.replayHand(h.handId));
      expect(steps).toHaveLength(h.events);
      expect(steps.map((s) => s.index)).toEqual(steps.map((_, i) => i));
      const ids = steps.map((s) => s.event.id);
      expect([...ids].sort((a, b) => a - b)).toEqual(ids);
      expect(steps[0].event.type).toBe('hand-started');
      expect(steps[0].state.phase).toBe('dealing');
      // the state after step k is the fold of the first k+1 events
      for (const k of [0, 10, 51, steps.length - 1].filter((x) => x < steps.length)) {
        expect(steps[k].state).toEqual(must(replay(steps.slice(0, k + 1).map((s) => s.event.body as HandEvent))));
      }
      expect(steps[steps.length - 1].state.phase).toBe(h.outcome === 'played' ? 'closed' : 'misdealt');
    }
    const last = must(r.service.replayHand('T1-12'));
    expect(last.map((s) => s.event.type)).toEqual(['hand-started', 'misdeal-called']);
    expect(last[last.length - 1].state).toEqual(lastSnapshot.hand!.state);
    expect(r.service.replayHand('T1-99')).toMatchObject({ ok: false, error: { code: 'unknown-hand' } });
  });
});

describe('replay check', () => {
  it('agrees with an honest database', () => {
    const report = replayHands(r.store);
    expect(report).toMatchObject({ ok: true, hands: 12, settled: 8, problems: [] });
  });

  it('names the hand whose recorded payments, stacks or result differ from the rules', () => {
    r.store.db.pragma('wal_checkpoint(TRUNCATE)');
    const copy = r.path.replace('terminal.db', 'tampered.db');
    copyFileSync(r.path, copy);
    const raw = new Database(copy);
    raw.prepare("UPDATE payments SET amount = amount + 100 WHERE hand_id = 'T1-4' AND ordinal = 0").run();
    raw.prepare("UPDATE hand_seats SET stack_after = stack_after + 5 WHERE hand_id = 'T1-7' AND seat = 2").run();
    raw.prepare("UPDATE hands SET settled_event_id = settled_event_id - 1 WHERE id = 'T1-11'").run();
    raw.close();
    const store = openStore(copy, { readonly: true });
    try {
      const report = replayHands(store);
      expect(report.ok).toBe(false);
      expect([...new Set(report.problems.map((p) => p.handId))]).toEqual(['T1-4', 'T1-7', 'T1-11']);
      expect(report.problems.find((p) => p.handId === 'T1-4')!.message).toMatch(/payment 1 is recorded as seat \d pays seat \d \d+; the settlement says/);
      expect(report.problems.find((p) => p.handId === 'T1-7')!.message).toMatch(/seat 2: recorded/);
      expect(report.problems.find((p) => p.handId === 'T1-11')!.message).toMatch(/the hands table gives the settlement as log row \d+, the log has it at row \d+/);
    } finally {
      store.close();
    }
  });
});

describe('export', () => {
  const range = { from: '2025-03-01T00:00:00.000Z', to: '2025-03-02T00:00:00.000Z' };

  it('JSON: every hand, and each settled hand\'s record settles to exactly its result (settle input and output)', () => {
    const out = JSON.parse(exportJson(r.store, range));
    expect(out.hands).toHaveLength(12);
    expect(out.log.lastId).toBe(r.store.db.prepare('SELECT max(id) FROM events').pluck().get());
    const settled = out.hands.filter((h: { record?: unknown }) => h.record);
    expect(settled).toHaveLength(8);
    for (const h of settled) {
      expect(h.record.rules).toMatchObject({ name: 'mandarin-house' });
      expect(typeof h.record.seats[0].front).toBe('string'); // canonical card text, as `settle` reads it
      const again = settleRecord(h.record);
      expect(again.ok).toBe(true);
      if (again.ok) expect(JSON.parse(JSON.stringify(again.value))).toEqual(h.result);
      expect(h.payments.map((p: { from: number; to: number; amount: number }) => ({ from: p.from, to: p.to, amount: p.amount }))).toEqual(h.result.payments);
    }
    const misdeal = out.hands.find((h: { number: number }) => h.number === 3);
    expect(misdeal).toMatchObject({ outcome: 'misdeal', misdealCause: 'floor-ruling' });
    expect(misdeal.record).toBeUndefined();
  });

  it('the date range selects hands by their start', () => {
    const all = JSON.parse(exportJson(r.store, range)).hands as { startedAt: string; number: number }[];
    const cut = all[5].startedAt;
    const before = JSON.parse(exportJson(r.store, { from: range.from, to: cut })).hands as { number: number }[];
    const after = JSON.parse(exportJson(r.store, { from: cut, to: range.to })).hands as { number: number }[];
    expect(before.map((h) => h.number)).toEqual([1, 2, 3, 4, 5]);
    expect(after.map((h) => h.number)).toEqual([6, 7, 8, 9, 10, 11, 12]);
    expect(JSON.parse(exportJson(r.store, { from: '2025-03-02T00:00:00.000Z', to: '2025-03-03T00:00:00.000Z' })).hands).toEqual([]);
  });

  it('CSV: a header, a row per hand and per payment, quoted where needed', () => {
    const csv = exportCsv(r.store, range);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    const payments = r.store.db.prepare('SELECT count(*) FROM payments').pluck().get() as number;
    expect(lines).toHaveLength(1 + 12 + payments);
    expect(lines.filter((l) => l.startsWith('hand,'))).toHaveLength(12);
    expect(lines.filter((l) => l.startsWith('payment,'))).toHaveLength(payments);
    const first = lines[1].split(',');
    const col = (name: string) => first[CSV_COLUMNS.indexOf(name as (typeof CSV_COLUMNS)[number])];
    expect([col('hand_id'), col('outcome'), col('dealer'), col('seat1_player')]).toEqual(['T1-1', 'played', 'Eva', 'p1']);
    const fourth = lines.find((l) => l.startsWith('hand,T1-3,'))!.split(',');
    expect(fourth[CSV_COLUMNS.indexOf('misdeal_cause')]).toBe('floor-ruling');
  });

  it('reads dates: a day is the whole UTC day, a time keeps its zone', () => {
    expect(parseExportDate('2025-03-01', false)).toBe('2025-03-01T00:00:00.000Z');
    expect(parseExportDate('2025-03-01', true)).toBe('2025-03-02T00:00:00.000Z');
    expect(parseExportDate('2025-03-01T20:00:00+01:00', false)).toBe('2025-03-01T19:00:00.000Z');
    expect(parseExportDate('2025-02-30', false)).toBeNull();
    expect(parseExportDate('yesterday', false)).toBeNull();
    expect(parseExportDate('2025-03-01T20:00:00', false)).toBeNull(); // a time without a zone is ambiguous
  });

  it('refuses dates and times that do not exist rather than rolling them over', () => {
    expect(parseExportDate('2025-02-30T10:00Z', false)).toBeNull(); // not March 2
    expect(parseExportDate('2025-02-29T10:00Z', false)).toBeNull(); // 2025 is no leap year
    expect(parseExportDate('2024-02-29T10:00Z', false)).toBe('2024-02-29T10:00:00.000Z');
    expect(parseExportDate('2025-04-31', true)).toBeNull();
    expect(parseExportDate('2025-13-01T10:00Z', false)).toBeNull();
    expect(parseExportDate('2025-03-01T24:00Z', false)).toBeNull(); // not the next midnight
    expect(parseExportDate('2025-03-01T24:00:00+01:00', false)).toBeNull();
    expect(parseExportDate('2025-03-01T10:60Z', false)).toBeNull();
    expect(parseExportDate('2025-03-01T10:00:60Z', false)).toBeNull();
    expect(parseExportDate('2025-03-01T10:00+24:00', false)).toBeNull();
    expect(parseExportDate('2025-03-01T10:00+01:60', false)).toBeNull();
    expect(parseExportDate('2025-03-01T23:59:59.999Z', true)).toBe('2025-03-01T23:59:59.999Z');
    expect(parseExportDate('2025-03-01T00:00-05:00', false)).toBe('2025-03-01T05:00:00.000Z');
  });
});
