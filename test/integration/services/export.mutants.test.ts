/**
 * The floor's export (app/services/export.ts) cell by cell, on a real file: two tables, played
 * hands with payments, a floor's note on an earlier hand, a played hand voided after the fact (its chips moved back through the
 * ledger), the terminal's and the floor's misdeals, a void whose reason a spreadsheet would run
 * as a formula, a short buy-in, a cash-out, alerts acknowledged after a while and alerts still
 * raised. What is checked is what docs/store.md ("export") and the module's doc comments
 * promise: the range (`from` inclusive, `to` exclusive) and the table applied to every kind of
 * record, the order (oldest first), the log head, the JSON's fields, the CSV's columns and cells
 * (the header's exact names, a formula defused, a comma quoted, CRLF line ends), the progress
 * told, and the dates `parseExportDate` accepts and refuses. The expected values come from the
 * database's own rows or from the fixture's clock, not from the module under test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  csvCell, exportCsv, exportJson, parseExportDate, readExport,
  type AlertRecord, type FloorActionRecord, type LedgerRecord,
} from '../../../app/services/export';
import type { Progress } from '../../../app/services/progress';
import { simulate } from '../../../app/services/simulation';
import { openStore } from '../../../app/services/store';
import { TableService } from '../../../app/services/table-service';
import { simulatedLog, tempFolder } from '../store/temp';
import { attachShoe, must, openTable, playHand, rig, T, type Rig } from './helpers';

let r: Rig;
const T2 = 'T2';
const VOID_REASON = '=SUM(A1) seated late';
const NOTE = 'redealt, twice';
const SIGNED = [{ staffId: 'jana', name: 'Jana' }, { staffId: 'petr', name: 'Petr' }];

beforeAll(async () => {
  r = rig({ start: '2025-03-01T20:00:00.000Z' });
  openTable(r.service, { 1: 5000, 2: 5000, 3: 5000 });
  const { shoe } = await attachShoe(r.service);
  const first = await playHand(r.service, shoe, 11);
  // The first hand voided after the fact: every chip it moved goes back (ledger `correction` rows).
  must(r.service.correctHand({ tableId: T, handId: first.hand!.handId, floor: 'Jana', reason: 'the deck was short a card', correction: { kind: 'void' }, signedBy: SIGNED }));
  const pending = must(r.service.snapshot(T)).lastPlayed!.pending;
  for (let i = 0; i < pending.length; i++) must(r.service.executeCorrectionPayment({ tableId: T, index: i }));
  await playHand(r.service, shoe, 12);
  must(r.service.floorCorrection({ tableId: T, floor: 'Jana', reason: 'player disputed the count', action: { kind: 'note' }, handId: 'T1-2' }));
  must(r.service.startHand({ tableId: T }));
  must(r.service.cardUnreadable({ tableId: T }));
  must(r.service.startHand({ tableId: T }));
  must(r.service.callMisdeal({ tableId: T, cause: 'floor-ruling', floor: 'Jana', detail: 'cards flashed' }));
  r.now += 90_500; // the floor comes a minute and a half later: ackSeconds with a half second
  for (const a of r.service.alerts()) must(r.service.acknowledgeAlert({ alertId: a.id, by: 'Jana', note: NOTE, as: 'floor' }));
  must(r.service.startHand({ tableId: T }));
  must(r.service.voidHand({ tableId: T, floor: 'Jana', reason: VOID_REASON }));
  must(r.service.startHand({ tableId: T }));
  must(r.service.cardUnreadable({ tableId: T })); // its alert stays raised
  must(r.service.buyIn({ tableId: T, seat: 1, amount: 1000 }));
  must(r.service.leaveSeat({ tableId: T, seat: 3 }));
  // A second table: its buy-ins, a floor's misdeal and its alert.
  must(r.service.openTable({ tableId: T2, pointValue: 50, profile: 'mandarin-house' }));
  must(r.service.dealerOn({ tableId: T2, dealer: 'Petr' }));
  must(r.service.seatPlayer({ tableId: T2, seat: 1, playerId: 'q1', name: 'Q 1', buyIn: 3000 }));
  must(r.service.seatPlayer({ tableId: T2, seat: 2, playerId: 'q2', name: 'Q 2', buyIn: 3000 }));
  must(r.service.startHand({ tableId: T2 }));
  must(r.service.callMisdeal({ tableId: T2, cause: 'floor-ruling', floor: 'Karel', detail: 'dropped deck' }));
});
afterAll(() => r.cleanup());

interface RawLedger { id: number; table_id: string; seat: number; player: string; kind: string; amount: number; stack_after: number; at: string; event_id: number }
interface RawAlert { id: number; table_id: string; raised_at: string; acknowledged_at: string | null }

/** The chip ledger's buy-ins, cash-outs and corrections, straight from the table. */
function rawLedger(): RawLedger[] {
  return r.store.db.prepare("SELECT * FROM chip_ledger WHERE kind IN ('buy-in', 'short-buy-in', 'cash-out', 'correction') ORDER BY id").all() as RawLedger[];
}
function rawAlerts(): RawAlert[] {
  return r.store.db.prepare('SELECT * FROM alerts ORDER BY id').all() as RawAlert[];
}
/** The floor's rows of the log: its corrections, its misdeals and the voids. */
function rawFloorRows(): { id: number; table_id: string; recorded_at: string }[] {
  return r.store.db.prepare("SELECT id, table_id, recorded_at FROM events WHERE type IN ('hand-voided', 'floor-correction', 'hand-corrected') OR (type = 'misdeal-called' AND body LIKE '%\"floor:%') ORDER BY id").all() as { id: number; table_id: string; recorded_at: string }[];
}

/** A CSV text split into rows of cells (quotes undone); checks the CRLF line ends. */
function parseCsv(text: string): string[][] {
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.endsWith('\r\n\r\n')).toBe(false);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"', i++);
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') (row.push(cell), (cell = ''));
    else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      (row = []), (cell = ''), i++;
    } else cell += c;
  }
  return rows;
}

/** What a CSV cell holds for a value (the module's rule, written out independently). */
function cell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? '1' : '0';
  const s = String(v);
  return typeof v === 'string' && /^[=+\-@]/.test(s) ? `'${s}` : s;
}

/** A recorder of what a progress was told. */
function recorder(): { progress: Progress; stages: unknown[][]; done: number[] } {
  const stages: unknown[][] = [];
  const done: number[] = [];
  return { stages, done, progress: { stage: (stage, total, unit) => void stages.push([stage, total, unit]), done: (n) => void done.push(n) } };
}

/** The CSV rows the hands export promises for `hands` under `header`: a hand row, then its payments. */
function expectedHandRows(header: readonly string[], hands: ReturnType<typeof readExport>['hands']): string[][] {
  const expected: string[][] = [];
  for (const h of hands) {
    const v: Record<string, unknown> = {
      kind: 'hand', hand_id: h.handId, table_id: h.tableId, number: h.number, started_at: h.startedAt, ended_at: h.endedAt, dealer: h.dealer,
      button: h.button, profile: h.profile.name, profile_version: h.profile.version, point_value: h.pointValue, outcome: h.outcome,
      misdeal_cause: h.misdealCause, void_reason: h.voidReason, simulated: h.simulated,
    };
    for (const s of h.seats) {
      for (const [k, x] of Object.entries({ player: s.player, stack_before: s.stackBefore, points: s.points, net: s.net, stack_after: s.stackAfter, fouled: s.fouled, natural: s.natural, surrendered: s.surrendered })) v[`seat${s.seat}_${k}`] = x;
    }
    expected.push(header.map((c) => cell(v[c])));
    for (const p of h.payments) {
      const pv: Record<string, unknown> = {
        kind: 'payment', hand_id: h.handId, table_id: h.tableId, number: h.number, started_at: h.startedAt,
        payment_index: p.index, payment_from: p.from, payment_to: p.to, payment_amount: p.amount, payment_executed_at: p.executedAt,
      };
      expected.push(header.map((c) => cell(pv[c])));
    }
  }
  return expected;
}

const HANDS_HEADER = 'kind,hand_id,table_id,number,started_at,ended_at,dealer,button,profile,profile_version,point_value,outcome,misdeal_cause,void_reason,'
  + [1, 2, 3, 4].map((s) => `seat${s}_player,seat${s}_stack_before,seat${s}_points,seat${s}_net,seat${s}_stack_after,seat${s}_fouled,seat${s}_natural,seat${s}_surrendered`).join(',')
  + ',payment_index,payment_from,payment_to,payment_amount,payment_executed_at,simulated';

describe('readExport: the ledger', () => {
  it('gives every buy-in, short buy-in, cash-out and correction row, oldest first, the amount positive and the kind saying which way', () => {
    const raw = rawLedger();
    const { ledger } = readExport(r.store, {});
    expect(ledger.map((l) => l.id)).toEqual(raw.map((x) => x.id));
    expect(ledger.map((l) => l.id)).toEqual([...ledger.map((l) => l.id)].sort((a, b) => a - b));
    expect(ledger).toEqual(raw.map((x): LedgerRecord => ({
      id: x.id, tableId: x.table_id, seat: x.seat, player: x.player,
      kind: (x.kind === 'correction' ? (x.amount > 0 ? 'correction-in' : 'correction-out') : x.kind) as LedgerRecord['kind'],
      amount: Math.abs(x.amount), stackAfter: x.stack_after, at: x.at, eventId: x.event_id,
    })));
    // The fixture has every kind, and the cash-out is written as a positive amount.
    expect(new Set(ledger.map((l) => l.kind))).toEqual(new Set(['buy-in', 'short-buy-in', 'cash-out', 'correction-in', 'correction-out']));
    const out = ledger.find((l) => l.kind === 'cash-out')!;
    expect([out.seat, out.amount, out.stackAfter]).toEqual([3, 5000, 0]);
    expect(raw.find((x) => x.kind === 'cash-out')!.amount).toBe(-5000);
  });

  it('takes `from` inclusive and `to` exclusive, by the time the row was recorded', () => {
    const raw = rawLedger();
    const from = raw[1].at;
    const to = raw.find((x) => x.kind === 'short-buy-in')!.at;
    const got = readExport(r.store, { from, to }).ledger.map((l) => l.id);
    expect(got).toEqual(raw.filter((x) => x.at >= from && x.at < to).map((x) => x.id));
    expect(got[0]).toBe(raw[1].id);
    expect(got).not.toContain(raw.find((x) => x.kind === 'short-buy-in')!.id);
  });

  it('with a table: that table\'s rows only', () => {
    const raw = rawLedger();
    expect(readExport(r.store, { tableId: T2 }).ledger.map((l) => l.id)).toEqual(raw.filter((x) => x.table_id === T2).map((x) => x.id));
    expect(readExport(r.store, { tableId: T }).ledger.map((l) => l.id)).toEqual(raw.filter((x) => x.table_id === T).map((x) => x.id));
    expect(raw.filter((x) => x.table_id === T2)).toHaveLength(2);
  });
});

describe('readExport: the alerts', () => {
  it('gives each alert with who acknowledged it and ackSeconds (ms precision); null while it is raised', () => {
    const { alerts } = readExport(r.store, {});
    expect(alerts.map((a) => a.id)).toEqual(rawAlerts().map((a) => a.id));
    expect(alerts.map((a) => a.ackSeconds)).toEqual([101.5, 95.5, null, null]);
    for (const a of alerts) {
      if (a.acknowledgedAt === null) expect([a.acknowledgedBy, a.note, a.ackSeconds]).toEqual([null, null, null]);
      else expect(a.ackSeconds).toBe((Date.parse(a.acknowledgedAt) - Date.parse(a.raisedAt)) / 1000);
    }
    expect(alerts[0]).toMatchObject({ tableId: T, handId: 'T1-3', kind: 'misdeal', code: 'unreadable-card', acknowledgedBy: 'Jana', note: NOTE });
    expect(alerts[3]).toMatchObject({ tableId: T2, handId: 'T2-1', code: 'floor-ruling', message: 'Misdeal in hand 1: dropped deck. Redeal; the button stays.' });
  });

  it('takes alerts raised from `from` (inclusive) to `to` (exclusive), and of one table when asked', () => {
    const raw = rawAlerts();
    expect(readExport(r.store, { from: raw[1].raised_at, to: raw[3].raised_at }).alerts.map((a) => a.id)).toEqual([raw[1].id, raw[2].id]);
    expect(readExport(r.store, { tableId: T2 }).alerts.map((a) => a.id)).toEqual([raw[3].id]);
    expect(readExport(r.store, { tableId: T }).alerts.map((a) => a.tableId)).toEqual([T, T, T]);
  });
});

describe('readExport: the floor actions and the log head', () => {
  it('gives the floor\'s corrections (of a played hand too), misdeals and voids of the range, worded, of one table when asked; not the terminal\'s misdeals', () => {
    const rows = rawFloorRows();
    const { floorActions } = readExport(r.store, {});
    expect(floorActions.map((f) => f.row)).toEqual(rows.map((x) => x.id));
    expect(floorActions.map((f) => [f.type, f.tableId, f.handId, f.person, f.why])).toEqual([
      ['hand-corrected', T, 'T1-1', 'jana', 'the deck was short a card'],
      ['floor-correction', T, 'T1-2', 'Jana', 'player disputed the count'],
      ['misdeal-called', T, 'T1-4', 'Jana', 'cards flashed'],
      ['hand-voided', T, 'T1-5', 'Jana', VOID_REASON],
      ['misdeal-called', T2, 'T2-1', 'Karel', 'dropped deck'],
    ]);
    // The played hand voided after payment, with its second floor person (until 5 December 2026
    // it was missing from the export's and the report's floor actions).
    expect(floorActions[0]).toMatchObject({ by: 'floor:Jana', what: 'hand T1-1 corrected: voided after payment, 2 chip movements, with Petr (petr) as the second floor person' });
    expect(floorActions[3]).toMatchObject({ by: 'floor:Jana', what: 'hand voided', at: rows[3].recorded_at });
    expect(readExport(r.store, { from: rows[3].recorded_at, to: rows[4].recorded_at }).floorActions.map((f) => f.row)).toEqual([rows[3].id]);
    expect(readExport(r.store, { tableId: T2 }).floorActions.map((f) => f.row)).toEqual([rows[4].id]);
    expect(readExport(r.store, { tableId: T }).floorActions.map((f) => f.row)).toEqual(rows.slice(0, 4).map((x) => x.id));
  });

  it('gives the log head: the last row and its hash', () => {
    const last = r.store.db.prepare('SELECT id, hash FROM events ORDER BY id DESC LIMIT 1').get() as { id: number; hash: string };
    expect(readExport(r.store, {}).head).toEqual({ lastId: last.id, headHash: last.hash });
    expect(JSON.parse(exportJson(r.store, {})).log).toEqual({ lastId: last.id, headHash: last.hash });
  });

  it('a new database exports nothing, its log head row 0 with no hash', () => {
    const tmp = tempFolder('cp-export-empty-');
    const store = openStore(tmp.file('empty.db'));
    try {
      expect(readExport(store, {})).toEqual({ hands: [], ledger: [], alerts: [], floorActions: [], head: { lastId: 0, headHash: null } });
    } finally {
      store.close();
      tmp.cleanup();
    }
  });
});

describe('exportJson', () => {
  it('names the table when one was asked, carries the store clock\'s time, and ends with a line break', () => {
    const all = exportJson(r.store, {});
    expect(all.endsWith('}\n')).toBe(true);
    expect(JSON.parse(all)).not.toHaveProperty('tableId');
    const text = exportJson(r.store, { from: '2025-03-01T00:00:00.000Z', tableId: T2 });
    const at = new Date(r.now).toISOString(); // the rig's clock: its last reading
    const one = JSON.parse(text) as { from: string | null; to: string | null; tableId: string; exportedAt: string; hands: { handId: string }[]; ledger: unknown[]; alerts: unknown[]; floorActions: unknown[] };
    expect([one.from, one.to, one.tableId, one.exportedAt]).toEqual(['2025-03-01T00:00:00.000Z', null, T2, at]);
    expect(one.hands.map((h) => h.handId)).toEqual(['T2-1']);
    expect([one.ledger.length, one.alerts.length, one.floorActions.length]).toEqual([2, 1, 1]);
  });

  it('each hand carries its fields: times, button, phase, a void\'s reason', () => {
    const { hands } = JSON.parse(exportJson(r.store, {})) as { hands: Record<string, unknown>[] };
    const row = r.store.db.prepare("SELECT * FROM hands WHERE id = 'T1-5'").get() as { started_at: string; ended_at: string; button: number };
    expect(hands.find((h) => h.handId === 'T1-5')).toMatchObject({
      tableId: T, number: 5, startedAt: row.started_at, endedAt: row.ended_at, dealer: 'Eva', button: row.button, pointValue: 100,
      outcome: 'void', phase: 'voided', misdealCause: null, voidReason: VOID_REASON,
    });
    expect(hands.find((h) => h.handId === 'T2-1')).toMatchObject({ button: 1, pointValue: 50, phase: 'misdealt', voidReason: null });
    expect(Object.keys(hands[0])).toEqual(expect.arrayContaining(['handId', 'tableId', 'number', 'startedAt', 'endedAt', 'dealer', 'button', 'profile', 'pointValue', 'outcome', 'phase', 'misdealCause', 'voidReason', 'seats', 'payments', 'record', 'result']));
  });

  it('tells the progress the read, then the hands to write and how many were written', () => {
    const p = recorder();
    const out = JSON.parse(exportJson(r.store, {}, p.progress)) as { hands: unknown[] };
    expect(out.hands).toHaveLength(7);
    expect(p.stages).toEqual([['read', null, 'records'], ['write', 7, 'hands']]);
    expect(p.done).toEqual([0, 7]); // at the start and at the end: never per hand
  });
});

describe('exportCsv: hands', () => {
  it('has the documented header, and a hand row whose every cell is the hand\'s, each followed by its payment rows', () => {
    const rows = parseCsv(exportCsv(r.store, {}));
    expect(rows[0].join(',')).toBe(HANDS_HEADER);
    const col = (name: string) => rows[0].indexOf(name);
    expect(rows.slice(1)).toEqual(expectedHandRows(rows[0], readExport(r.store, {}).hands));
    // Spot checks against the database and the fixture, so the mapping above is not the only witness.
    const voided = rows.find((x) => x[1] === 'T1-5')!;
    expect([voided[col('void_reason')], voided[col('profile')], voided[col('profile_version')], voided[col('point_value')]]).toEqual([`'${VOID_REASON}`, 'mandarin-house', '1', '100']);
    const seat = r.store.db.prepare("SELECT * FROM hand_seats WHERE hand_id = 'T1-2' AND seat = 1").get() as { stack_before: number; stack_after: number };
    const second = rows.find((x) => x[0] === 'hand' && x[1] === 'T1-2')!;
    expect([second[col('seat1_stack_before')], second[col('seat1_stack_after')], second[col('seat1_fouled')], second[col('seat1_surrendered')], second[col('seat1_natural')]])
      .toEqual([String(seat.stack_before), String(seat.stack_after), '0', '0', '']);
    const pay = r.store.db.prepare("SELECT * FROM payments WHERE hand_id = 'T1-2' ORDER BY ordinal LIMIT 1").get() as { amount: number; executed_at: string };
    const payRow = rows.find((x) => x[0] === 'payment' && x[1] === 'T1-2')!;
    expect([payRow[col('started_at')], payRow[col('payment_index')], payRow[col('payment_amount')], payRow[col('payment_executed_at')], payRow[col('dealer')]])
      .toEqual([second[col('started_at')], '0', String(pay.amount), pay.executed_at, '']);
    expect(second[col('ended_at')]).not.toBe('');
  });

  it('writes a seat\'s natural, foul and surrender (simulated hands that have them)', async () => {
    const tmp = tempFolder('cp-export-sim-');
    let now = Date.parse('2025-03-01T20:00:00.000Z');
    const store = openStore(tmp.file('terminal.db'), { clock: () => (now += 1000) });
    try {
      await simulate(new TableService(store), { hands: 24, seed: 7 });
      const rows = parseCsv(exportCsv(store, {}));
      const { hands } = readExport(store, {});
      expect(rows.slice(1)).toEqual(expectedHandRows(rows[0], hands));
      const seats = hands.flatMap((h) => h.seats);
      const natural = seats.find((s) => s.natural !== null)!;
      expect(natural).toBeDefined();
      expect(seats.some((s) => s.fouled) && seats.some((s) => s.surrendered)).toBe(true);
      const hand = hands.find((h) => h.seats.includes(natural))!;
      const row = rows.find((x) => x[0] === 'hand' && x[1] === hand.handId)!;
      expect(row[rows[0].indexOf(`seat${natural.seat}_natural`)]).toBe(natural.natural);
    } finally {
      store.close();
      tmp.cleanup();
    }
  });

  it('keeps to the range and the table', () => {
    const hands = (range: Parameters<typeof exportCsv>[1]) => parseCsv(exportCsv(r.store, range)).filter((x) => x[0] === 'hand').map((x) => x[1]);
    expect(hands({ tableId: T2 })).toEqual(['T2-1']);
    expect(hands({ tableId: T })).toEqual(['T1-1', 'T1-2', 'T1-3', 'T1-4', 'T1-5', 'T1-6']);
    const start = (r.store.db.prepare("SELECT started_at FROM hands WHERE id = 'T1-5'").pluck().get() as string);
    expect(hands({ from: start })).toEqual(['T1-5', 'T1-6', 'T2-1']);
    expect(hands({ to: start })).toEqual(['T1-1', 'T1-2', 'T1-3', 'T1-4']);
  });

  it('tells the progress the read, then the hands to write and how many were written', () => {
    const p = recorder();
    exportCsv(r.store, {}, 'hands', p.progress);
    expect(p.stages).toEqual([['read', null, 'records'], ['write', 7, 'hands']]);
    expect(p.done).toEqual([0, 7]);
    const q = recorder();
    exportCsv(r.store, {}, 'ledger', q.progress);
    expect(q.stages).toEqual([['read', null, 'records']]);
  });
});

describe('exportCsv: ledger, alerts, floor actions', () => {
  it('ledger: the documented columns, a row per record with its amount positive', () => {
    const rows = parseCsv(exportCsv(r.store, {}, 'ledger'));
    expect(rows[0].join(',')).toBe('kind,id,table_id,seat,player,amount,stack_after,at,event_id');
    const { ledger } = readExport(r.store, {});
    expect(rows.slice(1)).toEqual(ledger.map((l) => [l.kind, l.id, l.tableId, l.seat, l.player, l.amount, l.stackAfter, l.at, l.eventId].map(cell)));
    const raw = rawLedger().find((x) => x.kind === 'cash-out')!;
    expect(rows.find((x) => x[0] === 'cash-out')).toEqual(['cash-out', String(raw.id), T, '3', raw.player, '5000', '0', raw.at, String(raw.event_id)]);
  });

  it('alerts: the documented columns, an `alert` row each, ack_seconds and the note (quoted, it has a comma)', () => {
    const text = exportCsv(r.store, {}, 'alerts');
    expect(text).toContain(`,101.5,"${NOTE}"\r\n`);
    const rows = parseCsv(text);
    expect(rows[0].join(',')).toBe('kind,alert_id,table_id,hand_id,alert_kind,code,message,raised_at,acknowledged_by,acknowledged_at,ack_seconds,note');
    const { alerts } = readExport(r.store, {});
    expect(rows.slice(1)).toEqual(alerts.map((a: AlertRecord) => ['alert', a.id, a.tableId, a.handId, a.kind, a.code, a.message, a.raisedAt, a.acknowledgedBy, a.acknowledgedAt, a.ackSeconds, a.note].map(cell)));
    expect(rows[1].slice(8)).toEqual(['Jana', alerts[0].acknowledgedAt, '101.5', NOTE]);
    expect(rows[3].slice(8)).toEqual(['', '', '', '']);
  });

  it('floor actions: the documented columns, a `floor-action` row each, a reason that looks like a formula defused', () => {
    const rows = parseCsv(exportCsv(r.store, {}, 'floor-actions'));
    expect(rows[0].join(',')).toBe('kind,row,at,table_id,hand_id,type,by,person,what,why');
    const { floorActions } = readExport(r.store, {});
    expect(rows.slice(1)).toEqual(floorActions.map((f: FloorActionRecord) => ['floor-action', f.row, f.at, f.tableId, f.handId, f.type, f.by, f.person, f.what, f.why].map(cell)));
    expect(rows[4].slice(5)).toEqual(['hand-voided', 'floor:Jana', 'Jana', 'hand voided', `'${VOID_REASON}`]);
  });
});

describe('csvCell', () => {
  it('quotes a line break, a space at either end; writes nothing for undefined, 0 for false', () => {
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell('a\rb')).toBe('"a\rb"');
    expect(csvCell(' lead')).toBe('" lead"');
    expect(csvCell('trail ')).toBe('"trail "');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(false)).toBe('0');
  });

  it('defuses a formula only at the start of a text, and a text starting with a minus sign', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('x-1@y')).toBe('x-1@y');
    expect(csvCell('-3 chips')).toBe("'-3 chips");
    expect(csvCell(-3)).toBe('-3');
  });
});

describe('parseExportDate', () => {
  it('takes any zone up to ±23:59', () => {
    expect(parseExportDate('2025-03-01T10:00+23:00', false)).toBe('2025-02-28T11:00:00.000Z');
    expect(parseExportDate('2025-03-01T10:00+01:59', false)).toBe('2025-03-01T08:01:00.000Z');
    expect(parseExportDate('2025-03-01T10:00-23:59', false)).toBe('2025-03-02T09:59:00.000Z');
  });

  it('refuses a text with anything before or after the date or time', () => {
    expect(parseExportDate('x2025-03-01', false)).toBeNull();
    expect(parseExportDate('2025-03-01x', false)).toBeNull();
    expect(parseExportDate('2025-03-01T10:00Z trailing', false)).toBeNull();
    expect(parseExportDate('12025-03-01', false)).toBeNull();
  });

  it('a time ignores `end`; a date\'s end is the next midnight, across a month\'s end', () => {
    expect(parseExportDate('2025-03-01T10:00:30.250Z', true)).toBe('2025-03-01T10:00:30.250Z');
    expect(parseExportDate('2025-02-28', true)).toBe('2025-03-01T00:00:00.000Z');
    expect(parseExportDate('2025-02-28', false)).toBe('2025-02-28T00:00:00.000Z');
  });
});

describe('the export\'s progress on a long range', () => {
  it('says how many hands are written every 500 hands, in JSON and in CSV', async () => {
    const folder = tempFolder('cp-export-long-');
    try {
      const path = folder.file('long.db');
      await simulatedLog(path, 501, 5);
      const store = openStore(path, { readonly: true });
      try {
        const json = recorder();
        exportJson(store, {}, json.progress);
        expect(json.done).toEqual([0, 500, 501]);
        const csv = recorder();
        exportCsv(store, {}, 'hands', csv.progress);
        expect(csv.done).toEqual([0, 500, 501]);
      } finally {
        store.close();
      }
    } finally {
      folder.cleanup();
    }
    // 501 simulated hands: about 15 s on a quiet machine, over 60 s on a loaded one.
  }, 180_000);
});
