/**
 * The shift report's promises, figure by figure (app/services/report.ts, docs/reports.md): what
 * `handFigures` counts from hands built here by hand (every outcome, seats changing players, a
 * hand still open, payments made and not), the hours and the hands per hour over the dealt span,
 * the keys of every count in order; `mergeHandFigures` and `mergeReports` (a floor's report of
 * several tables: sums, the chain and log of one or of several logs, the alert acknowledgement
 * times computed again); the CSV's rows and columns, the JSON, the chain's words and the money;
 * and `buildReport` on a real file: the players' names, the range as given, the clock, and a
 * dealer's report (his hands, and what happened while he had the box).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SeatNo } from '../../../app/domain/hand';
import type { SettleResult } from '../../../app/domain/settle';
import { readExport, type AlertRecord, type FloorActionRecord } from '../../../app/services/export';
import {
  buildReport, chainWords, reportPdf, reportsPdf, DEJAVU_DIR, handFigures, mergeHandFigures, mergeReports, money, REPORT_CSV_COLUMNS, reportCsv, reportCsvRows, reportJson,
  type Figures, type Report,
} from '../../../app/services/report';
import type { HandSummary } from '../../../app/services/service-types';
import { openStore } from '../../../app/services/store';
import { TableService } from '../../../app/services/table-service';
import { tempFolder } from '../store/temp';
import { attachShoe, must, openTable, playHand, rig, T } from './helpers';

type Seat = HandSummary['seats'][number];
const DAY = '2025-03-01T';

function seat(n: number, player: string, over: Partial<Seat> = {}): Seat {
  return { seat: n as SeatNo, player, stackBefore: 5000, points: null, net: null, stackAfter: null, fouled: false, natural: null, surrendered: false, ...over };
}

function hand(id: string, over: Partial<HandSummary>): HandSummary {
  return {
    handId: id, tableId: 'T1', number: 1, button: 1 as SeatNo, dealer: 'Eva', profile: { name: 'mandarin-house', version: 1 }, pointValue: 100,
    phase: 'closed', outcome: 'played', misdealCause: null, voidReason: null, startedAt: `${DAY}20:00:00.000Z`, endedAt: null,
    seats: [], payments: [], record: null, result: null, events: 1, simulated: false, ...over,
  };
}

/** A settlement's result as the report reads it: who was all in, the jackpot hands that stood (none without jackpot rules). */
const result = (allIn: number[], standing?: number[]) => (standing ? { allIn, jackpot: { standing } } : { allIn }) as unknown as SettleResult;

/**
 * Six hands, listed out of time order: an open hand first (its end is its start), two played,
 * two misdeals (one of no recorded cause), a void. Seat 1 changes players (p1, then p4).
 */
const E = hand('E', { outcome: 'open', phase: 'dealing', startedAt: `${DAY}21:40:00.000Z`, seats: [seat(3, 'p3')] });
const A = hand('A', {
  startedAt: `${DAY}20:00:00.000Z`, endedAt: `${DAY}20:10:00.000Z`,
  seats: [seat(1, 'p1', { points: 3, net: 300, natural: 'three-flushes' }), seat(2, 'p2', { points: -3, net: -300, fouled: true })],
  payments: [
    { index: 0, from: 2 as SeatNo, to: 1 as SeatNo, amount: 100, executedAt: `${DAY}20:09:00.000Z` },
    { index: 1, from: 2 as SeatNo, to: 1 as SeatNo, amount: 200, executedAt: `${DAY}20:09:30.000Z` },
  ],
  result: result([2], [1]),
});
const B = hand('B', { outcome: 'misdeal', misdealCause: 'unreadable-card', startedAt: `${DAY}20:20:00.000Z`, endedAt: `${DAY}20:21:00.000Z`, seats: [seat(1, 'p1'), seat(3, 'p3')] });
const F = hand('F', {
  startedAt: `${DAY}20:30:00.000Z`, endedAt: `${DAY}20:40:00.000Z`,
  seats: [seat(1, 'p4', { points: -2, net: -200, surrendered: true }), seat(3, 'p3', { points: 2, net: 200, natural: 'six-pairs' })],
  payments: [{ index: 0, from: 1 as SeatNo, to: 3 as SeatNo, amount: 200, executedAt: null }],
  result: result([]), // rules without jackpot hands
});
const C = hand('C', { outcome: 'misdeal', startedAt: `${DAY}20:50:00.000Z`, endedAt: `${DAY}20:51:00.000Z` });
const D = hand('D', { outcome: 'void', voidReason: 'late seat', startedAt: `${DAY}21:30:00.000Z`, endedAt: `${DAY}21:31:00.000Z` });
const SHIFT = [E, A, B, F, C, D];
const NAMES = new Map([['p1', 'Anna'], ['p3', 'Cyril']]);

describe('handFigures', () => {
  it('counts the hands by outcome, the seats\' fouls, surrenders, naturals, all-ins, jackpots and the points won', () => {
    const f = handFigures(SHIFT, NAMES);
    expect([f.hands, f.played, f.misdeals, f.voids, f.open]).toEqual([6, 2, 2, 1, 1]);
    expect([f.fouls, f.surrenders, f.allIns, f.jackpots, f.pointsWon]).toEqual([1, 1, 1, 1, 5]);
    expect(f.payments).toEqual({ count: 3, executed: 2, amount: 500 });
    expect(f.corrections).toEqual({ transfers: 0, amount: 0 });
  });

  it('counts by key with the keys in order: misdeals by cause (`unknown` without one), naturals by kind, hands by UTC hour', () => {
    const f = handFigures(SHIFT, NAMES);
    expect(Object.entries(f.misdealsByCause)).toEqual([['unknown', 1], ['unreadable-card', 1]]);
    expect(Object.entries(f.naturals)).toEqual([['six-pairs', 1], ['three-flushes', 1]]);
    expect(f.byHour).toEqual([{ hour: '2025-03-01T20', hands: 4 }, { hour: '2025-03-01T21', hands: 2 }]);
  });

  it('the span: the first start to the last end (an open hand\'s start), the hands per hour over it', () => {
    const f = handFigures(SHIFT, NAMES);
    expect([f.firstStart, f.lastEnd]).toEqual([`${DAY}20:00:00.000Z`, `${DAY}21:40:00.000Z`]);
    expect(f.handsPerHour).toBe(3.6); // 6 hands in 100 minutes
    const closed = handFigures([A, B, F, C, D], NAMES);
    expect(closed.lastEnd).toBe(`${DAY}21:31:00.000Z`);
    expect(closed.handsPerHour).toBe(Math.round((5 / (91 / 60)) * 100) / 100);
  });

  it('a span shorter than a minute counts as a minute; no hands: no span, none per hour', () => {
    const one = hand('X', { startedAt: `${DAY}20:00:00.000Z`, endedAt: `${DAY}20:00:10.000Z` });
    expect(handFigures([one], NAMES).handsPerHour).toBe(60);
    const none = handFigures([], NAMES);
    expect([none.firstStart, none.lastEnd, none.handsPerHour, none.hands]).toEqual([null, null, 0, 0]);
    expect([none.byHour, none.seats, none.players, none.misdealsByCause, none.naturals]).toEqual([[], [], [], {}, {}]);
    expect(none.payments).toEqual({ count: 0, executed: 0, amount: 0 });
  });

  it('per seat and per player (sorted): hands dealt in, points, net, paid and received; a player without a name has null', () => {
    const f = handFigures(SHIFT, NAMES);
    expect(f.seats).toEqual([
      { seat: 1, hands: 3, points: 1, net: 100, paid: 200, received: 300 },
      { seat: 2, hands: 1, points: -3, net: -300, paid: 300, received: 0 },
      { seat: 3, hands: 3, points: 2, net: 200, paid: 0, received: 200 },
    ]);
    expect(f.players).toEqual([
      { player: 'p1', name: 'Anna', hands: 2, points: 3, net: 300, paid: 0, received: 300 },
      { player: 'p2', name: null, hands: 1, points: -3, net: -300, paid: 300, received: 0 },
      { player: 'p3', name: 'Cyril', hands: 3, points: 2, net: 200, paid: 0, received: 200 },
      { player: 'p4', name: null, hands: 1, points: -2, net: -200, paid: 200, received: 0 },
    ]);
  });
});

describe('mergeHandFigures', () => {
  it('several scopes as one: the same figures as the hands counted together', () => {
    const merged = mergeHandFigures([handFigures([E, A, B], NAMES), handFigures([F, C, D], new Map())]);
    const whole = handFigures(SHIFT, NAMES);
    expect(merged).toEqual(whole);
    expect(Object.keys(merged.misdealsByCause)).toEqual(Object.keys(whole.misdealsByCause));
    expect(Object.keys(merged.naturals)).toEqual(Object.keys(whole.naturals));
  });

  it('a player\'s name is the first scope\'s that knows it', () => {
    const named = mergeHandFigures([handFigures([B], NAMES), handFigures([F], new Map([['p3', 'Other']]))]);
    expect(named.players.map((p) => [p.player, p.name])).toEqual([['p1', 'Anna'], ['p3', 'Cyril'], ['p4', null]]);
    const later = mergeHandFigures([handFigures([B], new Map()), handFigures([F], NAMES)]);
    expect(later.players.map((p) => [p.player, p.name])).toEqual([['p1', null], ['p3', 'Cyril'], ['p4', null]]);
  });

  it('the span over every scope, at least a minute; none: no span, none per hour', () => {
    const m = mergeHandFigures([handFigures([D], NAMES), handFigures([A], NAMES)]);
    expect([m.firstStart, m.lastEnd, m.hands]).toEqual([A.startedAt, D.endedAt, 2]);
    expect(m.handsPerHour).toBe(Math.round((2 / (91 / 60)) * 100) / 100);
    const short = mergeHandFigures([handFigures([hand('X', { endedAt: `${DAY}20:00:05.000Z` })], NAMES)]);
    expect(short.handsPerHour).toBe(60);
    const none = mergeHandFigures([]);
    expect([none.firstStart, none.lastEnd, none.handsPerHour, none.hands, none.seats, none.byHour]).toEqual([null, null, 0, 0, [], []]);
    const empty = mergeHandFigures([handFigures([], NAMES)]);
    expect([empty.firstStart, empty.lastEnd, empty.handsPerHour]).toEqual([null, null, 0]);
    const withEmpty = mergeHandFigures([handFigures([A], NAMES), handFigures([], NAMES)]);
    expect([withEmpty.firstStart, withEmpty.lastEnd]).toEqual([A.startedAt, A.endedAt]);
  });

  it('seats in seat order, players in id order, whatever order the scopes give them', () => {
    const m = mergeHandFigures([handFigures([E], NAMES), handFigures([A], NAMES)]);
    expect(m.seats.map((s) => s.seat)).toEqual([1, 2, 3]);
    expect(m.players.map((p) => p.player)).toEqual(['p1', 'p2', 'p3']);
  });
});

function alert(id: number, kind: string, ackSeconds: number | null, over: Partial<AlertRecord> = {}): AlertRecord {
  return {
    id, tableId: 'T1', handId: null, kind, code: `${kind}-code`, message: 'm', raisedAt: `${DAY}20:00:00.000Z`,
    acknowledgedBy: ackSeconds === null ? null : 'Jana', acknowledgedAt: null, note: null, ackSeconds, ...over,
  };
}

function floorAction(row: number, type: string): FloorActionRecord {
  return { row, at: `${DAY}20:00:00.000Z`, tableId: 'T1', handId: null, type, by: 'Jana', person: 'jana', what: `${type} done`, why: null };
}

/** A report of `hands` with the given chain, records and chips (not from a store). */
function report(over: Partial<Report> & { hands?: HandSummary[]; chips?: Partial<Figures> } = {}): Report {
  const hf = handFigures(over.hands ?? [], NAMES);
  const totals: Figures = {
    ...hf, buyIns: { count: 0, amount: 0, short: 0 }, cashOuts: { count: 0, amount: 0 }, drop: 0,
    alerts: { count: 0, acknowledged: 0, open: 0, meanAckSeconds: null, maxAckSeconds: null, byKind: {} }, floorActions: { count: 0, byType: {} }, ...over.chips,
  };
  const { hands: _h, chips: _c, ...rest } = over;
  return {
    from: `${DAY}00:00:00.000Z`, to: '2025-03-02T00:00:00.000Z', tableId: 'T1', dealer: null, generatedAt: `${DAY}23:00:00.000Z`,
    log: { lastId: 10, headHash: 'h10' }, chain: { ok: true, rows: 10, lastId: 10, headHash: 'h10', problems: [] },
    totals, tables: [{ ...totals, tableId: 'T1' }], dealers: [{ ...hf, dealer: 'Eva' }], alerts: [], floorActions: [], ...rest,
  };
}

describe('mergeReports', () => {
  it('reports of several logs: chips summed, no one log head, every chain\'s rows and problems, the latest time', () => {
    const one = report({
      hands: [A, B], chips: { buyIns: { count: 2, amount: 10_000, short: 1 }, cashOuts: { count: 1, amount: 4000 }, drop: 10_000 },
      alerts: [alert(1, 'shoe', 10), alert(2, 'scanner', null)], floorActions: [floorAction(5, 'misdeal-called')],
    });
    const two = report({
      from: '2025-03-05T00:00:00.000Z', to: null, tableId: 'T2', dealer: 'Petr', generatedAt: `${DAY}23:30:00.000Z`,
      log: { lastId: 7, headHash: 'h7' }, chain: { ok: false, rows: 7, lastId: 7, headHash: 'h7', problems: ['row 3: hash mismatch'] },
      hands: [F], chips: { buyIns: { count: 1, amount: 3000, short: 0 }, cashOuts: { count: 2, amount: 500 }, drop: 3000 },
      tables: [], dealers: [{ ...handFigures([F], NAMES), dealer: 'Adam' }],
      alerts: [alert(3, 'shoe', 20.333)], floorActions: [floorAction(2, 'hand-voided'), floorAction(4, 'misdeal-called')],
    });
    const m = mergeReports([one, two]);
    expect([m.from, m.to, m.tableId, m.dealer, m.generatedAt]).toEqual([one.from, one.to, null, null, two.generatedAt]);
    expect(m.log).toEqual({ lastId: 0, headHash: null });
    expect(m.chain).toEqual({ ok: false, rows: 17, lastId: 0, headHash: '', problems: ['row 3: hash mismatch'] });
    expect(m.totals.buyIns).toEqual({ count: 3, amount: 13_000, short: 1 });
    expect(m.totals.cashOuts).toEqual({ count: 3, amount: 4500 });
    expect(m.totals.drop).toBe(13_000);
    expect(m.totals.hands).toBe(3);
    expect(m.totals.alerts).toEqual({
      count: 3, acknowledged: 2, open: 1, meanAckSeconds: 15.17, maxAckSeconds: 20.333,
      byKind: { scanner: { count: 1, meanAckSeconds: null, maxAckSeconds: null }, shoe: { count: 2, meanAckSeconds: 15.17, maxAckSeconds: 20.333 } },
    });
    expect(Object.keys(m.totals.alerts.byKind)).toEqual(['scanner', 'shoe']);
    expect(m.totals.floorActions).toEqual({ count: 3, byType: { 'hand-voided': 1, 'misdeal-called': 2 } });
    expect(Object.keys(m.totals.floorActions.byType)).toEqual(['hand-voided', 'misdeal-called']);
    expect(m.tables.map((t) => t.tableId)).toEqual(['T1']);
    expect(m.dealers.map((d) => [d.dealer, d.hands])).toEqual([['Adam', 1], ['Eva', 2]]);
    expect(m.alerts.map((a) => a.id)).toEqual([1, 2, 3]);
    expect(m.floorActions.map((f) => f.row)).toEqual([5, 2, 4]);
    expect(mergeReports([one, two], '2030-01-01T00:00:00.000Z').generatedAt).toBe('2030-01-01T00:00:00.000Z');
  });

  it('reports of one log (the same head) count its rows once and give its head', () => {
    const a = report({ hands: [A], generatedAt: `${DAY}23:50:00.000Z` });
    const b = report({ hands: [F], dealers: [{ ...handFigures([F], NAMES), dealer: 'Eva' }] });
    const m = mergeReports([a, b]);
    expect(m.log).toEqual({ lastId: 10, headHash: 'h10' });
    expect(m.chain).toEqual({ ok: true, rows: 10, lastId: 10, headHash: 'h10', problems: [] });
    expect(m.generatedAt).toBe(`${DAY}23:50:00.000Z`);
    expect(mergeReports([b]).generatedAt).toBe(b.generatedAt);
    expect(m.dealers).toHaveLength(1);
    expect(m.dealers[0]).toMatchObject({ dealer: 'Eva', hands: 2 });
  });

  it('no reports: an empty report of no range', () => {
    const m = mergeReports([]);
    expect([m.from, m.to, m.tableId, m.dealer, m.generatedAt]).toEqual([null, null, null, null, '1970-01-01T00:00:00.000Z']);
    expect(m.chain).toEqual({ ok: true, rows: 0, lastId: 0, headHash: '', problems: [] });
    expect(m.log).toEqual({ lastId: 0, headHash: null });
    expect([m.tables, m.dealers, m.alerts, m.floorActions, m.totals.hands]).toEqual([[], [], [], [], 0]);
    expect(m.totals.alerts).toEqual({ count: 0, acknowledged: 0, open: 0, meanAckSeconds: null, maxAckSeconds: null, byKind: {} });
  });
});

describe('the report as CSV and JSON', () => {
  const rep = () => report({
    hands: [A, B, F],
    chips: {
      buyIns: { count: 2, amount: 10_000, short: 1 }, cashOuts: { count: 1, amount: 4000 }, drop: 10_000,
      alerts: { count: 2, acknowledged: 1, open: 1, meanAckSeconds: 10, maxAckSeconds: 10, byKind: { shoe: { count: 2, meanAckSeconds: 10, maxAckSeconds: 10 } } },
      floorActions: { count: 1, byType: { 'hand-voided': 1 } },
    },
    alerts: [alert(4, 'shoe', 12.5, { code: 'card-unreadable' }), alert(5, 'shoe', null, { tableId: 'T2' })],
    floorActions: [floorAction(9, 'hand-voided')],
  });

  it('the columns; first the report\'s own rows, in order', () => {
    expect(REPORT_CSV_COLUMNS).toEqual(['scope', 'id', 'figure', 'key', 'value']);
    expect(reportCsvRows(rep()).slice(0, 9)).toEqual([
      ['report', '', 'from', null, `${DAY}00:00:00.000Z`], ['report', '', 'to', null, '2025-03-02T00:00:00.000Z'], ['report', '', 'tableId', null, 'T1'],
      ['report', '', 'dealer', null, null], ['report', '', 'generatedAt', null, `${DAY}23:00:00.000Z`], ['report', '', 'logLastId', null, 10],
      ['report', '', 'logHeadHash', null, 'h10'], ['report', '', 'chainOk', null, true], ['report', '', 'chainRows', null, 10],
    ]);
  });

  it('a scope\'s figures: every count, the keyed ones with their key, the chips and alerts of a table but not of a dealer', () => {
    const rows = reportCsvRows(rep());
    const of = (scope: string, id: string) => rows.filter((r) => r[0] === scope && r[1] === id).map((r) => r.slice(2));
    const total = of('total', '');
    expect(total.slice(0, 18)).toEqual([
      ['hands', null, 3], ['played', null, 2], ['misdeals', null, 1], ['voids', null, 0], ['open', null, 0],
      ['firstStart', null, A.startedAt], ['lastEnd', null, F.endedAt], ['handsPerHour', null, 4.5], ['fouls', null, 1], ['surrenders', null, 1],
      ['allIns', null, 1], ['jackpots', null, 1], ['pointsWon', null, 5], ['payments', null, 3], ['paymentsExecuted', null, 2], ['moneyMoved', null, 500],
      ['correctionTransfers', null, 0], ['correctionMoney', null, 0],
    ]);
    expect(total).toContainEqual(['handsInHour', '2025-03-01T20', 3]);
    expect(total).toContainEqual(['misdealsByCause', 'unreadable-card', 1]);
    expect(total).toContainEqual(['naturals', 'six-pairs', 1]);
    expect(total.filter((r) => String(r[0]).startsWith('seat.') && r[1] === 1)).toEqual([
      ['seat.hands', 1, 3], ['seat.points', 1, 1], ['seat.net', 1, 100], ['seat.paid', 1, 200], ['seat.received', 1, 300],
    ]);
    expect(total.filter((r) => String(r[0]).startsWith('player.') && r[1] === 'p4')).toEqual([
      ['player.hands', 'p4', 1], ['player.points', 'p4', -2], ['player.net', 'p4', -200], ['player.paid', 'p4', 200], ['player.received', 'p4', 0],
    ]);
    expect(total.slice(total.findIndex((r) => r[0] === 'buyIns'))).toEqual([
      ['buyIns', null, 2], ['buyInsAmount', null, 10_000], ['shortBuyIns', null, 1], ['cashOuts', null, 1], ['cashOutsAmount', null, 4000], ['drop', null, 10_000],
      ['alerts', null, 2], ['alertsAcknowledged', null, 1], ['alertsOpen', null, 1], ['alertMeanAckSeconds', null, 10], ['alertMaxAckSeconds', null, 10],
      ['alertsByKind', 'shoe', 2], ['alertMeanAckSecondsByKind', 'shoe', 10], ['floorActions', null, 1], ['floorActionsByType', 'hand-voided', 1],
    ]);
    expect(of('table', 'T1')).toEqual(total);
    const dealer = of('dealer', 'Eva');
    expect(dealer.length).toBeGreaterThan(18);
    expect(dealer.map((r) => r[0])).not.toContain('buyIns');
    expect(dealer.map((r) => r[0])).not.toContain('alerts');
  });

  it('an alert a row (its acknowledgement time), a floor action a row (what was done); the text with a header and CRLF', () => {
    const r = rep();
    const rows = reportCsvRows(r);
    expect(rows.filter((x) => x[0] === 'alert')).toEqual([['alert', 4, 'ackSeconds', 'T1 shoe: card-unreadable', 12.5], ['alert', 5, 'ackSeconds', 'T2 shoe: shoe-code', null]]);
    expect(rows.filter((x) => x[0] === 'floor-action')).toEqual([['floor-action', 9, 'hand-voided', 'T1', 'hand-voided done']]);
    const text = reportCsv(r);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('scope,id,figure,key,value');
    expect(lines[1]).toBe(`report,,from,,${DAY}00:00:00.000Z`);
    expect(lines).toContain('alert,4,ackSeconds,T1 shoe: card-unreadable,12.5');
    expect(lines).toHaveLength(rows.length + 2);
    expect(text.endsWith('hand-voided done\r\n')).toBe(true);
  });

  it('JSON: one object, indented, a line break at the end', () => {
    const r = rep();
    const json = reportJson(r);
    expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(r)));
    expect(json.split('\n')[1]).toBe(` "from": "${DAY}00:00:00.000Z",`);
    expect(json.endsWith('}\n')).toBe(true);
  });
});

describe('the words of the PDF\'s header', () => {
  it('money in major units with two decimals', () => {
    expect([money(1250), money(-5), money(0), money(100_000)]).toEqual(['12.50', '-0.05', '0.00', '1000.00']);
  });

  it('the chain: intact with its rows, last row and head; or NOT OK, how many problems and the first', () => {
    const ok = { ok: true, rows: 12, lastId: 11, headHash: '0123456789abcdef0123', problems: [] };
    expect(chainWords(ok)).toBe('intact (12 rows, last row 11, head 0123456789abcdef...)');
    expect(chainWords({ ...ok, ok: false, problems: ['row 3: hash mismatch'] })).toBe('NOT OK: 1 problem: row 3: hash mismatch');
    expect(chainWords({ ...ok, ok: false, problems: ['a', 'b'] })).toBe('NOT OK: 2 problems: a');
    expect(chainWords({ ...ok, ok: false })).toBe('NOT OK: 0 problems: ');
    expect(DEJAVU_DIR).toBe('/usr/share/fonts/truetype/dejavu');
  });
});

describe('buildReport on a real file', () => {
  it('the range as given, the store\'s clock, the log head, the players\' names; a dealer\'s report: his hands and what happened while he had the box', async () => {
    const r = rig({ start: '2025-03-01T20:00:00.000Z' });
    try {
      openTable(r.service, { 1: 5000, 2: 5000 }); // Eva: two buy-ins
      const { shoe } = await attachShoe(r.service);
      await playHand(r.service, shoe, 11);
      must(r.service.startHand({ tableId: T }));
      must(r.service.cardUnreadable({ tableId: T })); // the terminal's misdeal, with an alert
      must(r.service.startHand({ tableId: T }));
      const beforeVoid = new Date(r.now + 500).toISOString();
      must(r.service.voidHand({ tableId: T, floor: 'Jana', reason: 'a player was seated late' }));
      const afterVoid = new Date(r.now + 500).toISOString();
      must(r.service.dealerOff({ tableId: T }));
      must(r.service.buyIn({ tableId: T, seat: 1, amount: 1000 })); // nobody has the box
      must(r.service.dealerOn({ tableId: T, dealer: 'Petr' }));
      must(r.service.buyIn({ tableId: T, seat: 2, amount: 1000 }));
      await playHand(r.service, shoe, 12);
      must(r.service.dealerOff({ tableId: T }));
      must(r.service.dealerOn({ tableId: T, dealer: 'Adam' }));
      await playHand(r.service, shoe, 13);
      must(r.service.leaveSeat({ tableId: T, seat: 2 }));
      const cashOut = readExport(r.store, {}).ledger.find((l) => l.kind === 'cash-out')!.amount;
      const before = r.now;
      const stages: unknown[][] = [];
      const all = buildReport(r.store, {}, { stage: (stage, total, unit) => stages.push([stage, total, unit]), done: () => undefined });
      expect(stages[0]).toEqual(['read', null, 'records']);
      expect(stages.at(-1)).toEqual(['figures', null, 'records']);
      expect(stages.slice(1, -1).map((x) => [x[0], x[2]])).toContainEqual(['chain', 'rows']);
      expect(all.generatedAt).toBe(new Date(before + 1000).toISOString());
      expect([all.from, all.to, all.tableId, all.dealer]).toEqual([null, null, null, null]);
      const head = r.store.db.prepare('SELECT id, hash FROM events ORDER BY id DESC LIMIT 1').get() as { id: number; hash: string };
      expect(all.log).toEqual({ lastId: head.id, headHash: head.hash });
      expect(all.chain).toEqual({ ok: true, rows: head.id, lastId: head.id, headHash: head.hash, problems: [] });
      expect(all.totals.players.map((p) => [p.player, p.name])).toEqual([['p1', 'Player 1'], ['p2', 'Player 2']]);
      expect(all.tables.map((t) => t.tableId)).toEqual([T]);
      expect(all.dealers.map((d) => [d.dealer, d.hands])).toEqual([['Adam', 1], ['Eva', 3], ['Petr', 1]]);
      expect(all.totals.buyIns).toEqual({ count: 4, amount: 12_000, short: 2 });
      expect(all.totals.cashOuts).toEqual({ count: 1, amount: cashOut });
      expect(cashOut).toBeGreaterThan(0);
      expect(all.totals.alerts.count).toBe(1);
      expect(all.totals.floorActions).toEqual({ count: 1, byType: { 'hand-voided': 1 } });
      // A range with the void and nothing else of the table: the table is in the report by its floor action.
      const voided = buildReport(r.store, { from: beforeVoid, to: afterVoid });
      expect([voided.totals.hands, voided.totals.floorActions.count, voided.tables.map((t) => [t.tableId, t.floorActions.count])]).toEqual([0, 1, [[T, 1]]]);

      const range = { from: '2025-03-01T00:00:00.000Z', to: '2025-03-02T00:00:00.000Z', tableId: T };
      const petr = buildReport(r.store, { ...range, dealer: 'Petr' });
      expect([petr.from, petr.to, petr.tableId, petr.dealer]).toEqual([range.from, range.to, T, 'Petr']);
      expect([petr.totals.hands, petr.totals.buyIns.count, petr.totals.cashOuts.count, petr.totals.alerts.count, petr.totals.floorActions.count]).toEqual([1, 1, 0, 0, 0]);
      expect(buildReport(r.store, { ...range, dealer: 'Adam' }).totals.cashOuts.count).toBe(1);
      expect(petr.dealers.map((d) => d.dealer)).toEqual(['Petr']);
      const eva = buildReport(r.store, { ...range, dealer: 'Eva' });
      expect([eva.totals.hands, eva.totals.misdeals, eva.totals.voids, eva.totals.buyIns.count, eva.totals.cashOuts.count, eva.totals.alerts.count, eva.totals.floorActions.count])
        .toEqual([3, 1, 1, 2, 0, 1, 1]);
      expect(eva.alerts.map((a) => a.code)).toEqual(all.alerts.map((a) => a.code));
      const nobody = buildReport(r.store, { ...range, dealer: 'Karel' });
      expect([nobody.totals.hands, nobody.totals.buyIns.count, nobody.totals.alerts.count, nobody.tables.length, nobody.dealers.length]).toEqual([0, 0, 0, 0, 0]);
    } finally {
      r.cleanup();
    }
  });
  it('what a dealer had: from the moment he took the box (included) to the moment he left it (excluded), at his table only', () => {
    // One clock reading for everything: the boundaries decide alone.
    const tmp = tempFolder('cp-report-mut-');
    const store = openStore(tmp.file('terminal.db'), { clock: () => Date.parse('2025-03-01T20:00:00.000Z') });
    try {
      const service = new TableService(store);
      must(service.openTable({ tableId: 'T2', pointValue: 100, profile: 'mandarin-house' }));
      must(service.dealerOn({ tableId: 'T2', dealer: 'Karel' }));
      must(service.seatPlayer({ tableId: 'T2', seat: 1, playerId: 'q1', name: 'Quido', buyIn: 5000 }));
      must(service.seatPlayer({ tableId: 'T2', seat: 2, playerId: 'q2', name: 'Quentin', buyIn: 5000 }));
      must(service.startHand({ tableId: 'T2' }));
      must(service.cardUnreadable({ tableId: 'T2' })); // T2: a misdeal and its alert
      openTable(service, { 1: 5000, 2: 5000 }); // Eva takes T1's box; two buy-ins
      must(service.dealerOff({ tableId: T }));
      must(service.dealerOn({ tableId: T, dealer: 'Petr' }));
      must(service.buyIn({ tableId: T, seat: 1, amount: 1000 }));
      must(service.startHand({ tableId: T }));
      must(service.voidHand({ tableId: T, floor: 'Jana', reason: 'a player was seated late' })); // T1: a void
      // Eva's session began and ended at that instant: nothing is hers; Petr's began then: T1's three are his.
      expect(buildReport(store, { dealer: 'Eva' }).totals.buyIns.count).toBe(0);
      const petr = buildReport(store, { dealer: 'Petr' });
      expect(petr.totals.buyIns).toEqual({ count: 3, amount: 11_000, short: 1 });
      expect(petr.tables.map((t) => t.tableId)).toEqual([T]);
      expect(buildReport(store, { dealer: 'Karel' }).totals.buyIns.count).toBe(2);
      const all = buildReport(store, {});
      expect(all.tables.map((t) => [t.tableId, t.buyIns.count, t.drop, t.hands, t.voids, t.misdeals, t.alerts.count, t.floorActions.count]))
        .toEqual([[T, 3, 11_000, 1, 1, 0, 0, 1], ['T2', 2, 10_000, 1, 0, 1, 1, 0]]);
      expect(all.chain.ok).toBe(true);
      // A body edited after the fact: the report carries the chain check's verdict and its problems in words.
      store.db.exec('DROP TRIGGER IF EXISTS events_refuse_update');
      store.db.prepare(`UPDATE events SET body = replace(body, 'Quido', 'Quida') WHERE type = 'player-seated' AND body LIKE '%Quido%'`).run();
      const broken = buildReport(store, {});
      expect(broken.chain.ok).toBe(false);
      expect(broken.chain.problems.length).toBeGreaterThan(0);
      for (const p of broken.chain.problems) expect(p).toMatch(/\w/);
    } finally {
      store.close();
      tmp.cleanup();
    }
  });

  it('the tables in the order of their ids, a table with chip movements only (no hand in the range) among them', () => {
    const tmp = tempFolder('cp-report-mut-');
    const store = openStore(tmp.file('terminal.db'), { clock: () => Date.parse('2025-03-01T20:00:00.000Z') });
    try {
      const service = new TableService(store);
      openTable(service, { 1: 5000, 2: 5000 }); // T1: two buy-ins
      must(service.startHand({ tableId: T }));
      must(service.voidHand({ tableId: T, floor: 'Jana', reason: 'a player was seated late' })); // T1: a hand
      // T0, opened after T1: its one buy-in comes after T1's hands and buy-ins, its id before T1's.
      must(service.openTable({ tableId: 'T0', pointValue: 100, profile: 'mandarin-house' }));
      must(service.dealerOn({ tableId: 'T0', dealer: 'Petr' }));
      must(service.seatPlayer({ tableId: 'T0', seat: 1, playerId: 'q1', name: 'Quido', buyIn: 3000 }));
      const all = buildReport(store, {});
      expect(all.tables.map((t) => [t.tableId, t.hands, t.buyIns.count, t.drop])).toEqual([['T0', 0, 1, 3000], [T, 1, 2, 10_000]]);
    } finally {
      store.close();
      tmp.cleanup();
    }
  });

  it('a correction recorded in the range of a hand before it: the seats and players it moved, with their names, their net the chips moved', async () => {
    const r = rig({ start: '2025-03-01T20:00:00.000Z' });
    try {
      openTable(r.service, { 1: 5000, 2: 5000, 3: 5000 });
      const { shoe } = await attachShoe(r.service);
      const handId = (await playHand(r.service, shoe, 11)).hand!.handId;
      const from = new Date(r.now + 500).toISOString();
      must(r.service.dealerOff({ tableId: T }));
      must(r.service.dealerOn({ tableId: T, dealer: 'Petr' })); // Petr has the box when Eva's hand is corrected
      const signedBy = [{ staffId: 'jana', name: 'Jana' }, { staffId: 'petr', name: 'Petr' }];
      const snap = must(r.service.correctHand({ tableId: T, handId, floor: 'Jana', reason: 'the deck was short a card', correction: { kind: 'void' }, signedBy }));
      const pending = snap.lastPlayed!.pending;
      for (let i = 0; i < pending.length; i++) must(r.service.executeCorrectionPayment({ tableId: T, index: i }));
      const whole = buildReport(r.store, {});
      const later = buildReport(r.store, { from });
      expect(later.totals.hands).toBe(0);
      // Before the correction the hand moved the same chips the other way: the correction gives each seat back what the hand did.
      const settled = buildReport(r.store, { to: from });
      const back = settled.totals.seats.filter((s) => s.net !== 0).map((s) => ({ seat: s.seat, hands: 0, points: 0, net: -s.net, paid: 0, received: 0 }));
      expect(back.length).toBeGreaterThan(1);
      expect(later.totals.seats).toEqual(back);
      expect(later.totals.players).toEqual(settled.totals.players.filter((p) => p.net !== 0)
        .map((p) => ({ player: p.player, name: `Player ${p.player.slice(1)}`, hands: 0, points: 0, net: -p.net, paid: 0, received: 0 })));
      const moved = pending.reduce((n, t) => n + t.amount, 0);
      expect(later.totals.corrections).toEqual({ transfers: pending.length, amount: moved });
      expect(whole.totals.corrections).toEqual({ transfers: pending.length, amount: moved });
      expect(whole.totals.seats.map((s) => [s.seat, s.hands, s.net])).toEqual([[1, 1, 0], [2, 1, 0], [3, 1, 0]]);
      expect(settled.totals.corrections).toEqual({ transfers: 0, amount: 0 });
      // The correction is a floor action on Eva's hand: hers, though Petr had the box.
      expect(buildReport(r.store, { dealer: 'Eva' }).totals.floorActions.count).toBe(1);
      expect(buildReport(r.store, { dealer: 'Petr' }).totals.floorActions.count).toBe(0);
    } finally {
      r.cleanup();
    }
  });
});

/** The PDF's text, page by page, as `pdftotext -layout` reads it; its document info. */
function pdfText(pdf: Buffer): { pages: string[]; info: string } {
  const dir = mkdtempSync(join(tmpdir(), 'cp-report-mut-'));
  try {
    const file = join(dir, 'r.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    return { pages: text.split('\f').slice(0, -1), info: execFileSync('pdfinfo', [file], { encoding: 'utf8' }) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Two tables' shift, no range, the chain broken, an empty log: every part of the PDF has something to say. */
function floorShift(): Report {
  const base = report({
    hands: SHIFT,
    chips: {
      buyIns: { count: 3, amount: 12_000, short: 1 }, cashOuts: { count: 1, amount: 4000 }, drop: 12_000,
      alerts: { count: 2, acknowledged: 1, open: 1, meanAckSeconds: 12.5, maxAckSeconds: 12.5, byKind: {} },
      floorActions: { count: 1, byType: { 'hand-voided': 1 } },
    },
    alerts: [alert(4, 'shoe', 12.5, { code: 'card-unreadable' }), alert(5, 'scanner', null, { tableId: 'T2', raisedAt: `${DAY}21:15:30.250Z` })],
    floorActions: [{ ...floorAction(9, 'hand-voided'), handId: 'D', why: 'late seat' }, { ...floorAction(11, 'misdeal-called'), person: null, by: 'Karel' }],
  });
  return {
    ...base, from: null, to: null, tableId: null, dealer: 'Eva', generatedAt: '2025-03-02T06:00:00.000Z',
    log: { lastId: 0, headHash: null }, chain: { ok: false, rows: 9, lastId: 9, headHash: 'h9', problems: ['row 3: hash mismatch', 'row 5: hash mismatch'] },
    tables: [{ ...base.totals, tableId: 'T1' }, { ...report({ hands: [F] }).totals, tableId: 'T2' }],
    dealers: [{ ...handFigures(SHIFT, NAMES), dealer: 'Eva' }],
  };
}

describe('the report as a PDF', () => {
  /**
   * The floor shift's PDF, made again by each test that reads it: one made once and shared
   * would run the PDF's code in the first test only, and per-test coverage (Stryker) would then
   * try a change to page 3 against that test alone.
   */
  const floorPages = async () => pdfText(await reportPdf(floorShift()));

  it('page 1: the title, the scope, the range, the clock, the chain and the log head; the totals, every figure beside its words', async () => {
    const { pages, info } = (await floorPages());
    const p1 = pages[0];
    expect(p1).toContain('Table report');
    expect(p1).toContain('Table: tables T1, T2, dealer Eva');
    expect(p1).toContain('Range: the first record to the last record');
    expect(p1).toContain('Generated at: 2025-03-02T06:00:00.000Z');
    expect(p1).toContain('Chain check (verify-log): NOT OK: 2 problems: row 3: hash mismatch');
    expect(p1).toContain('Log head: row 0, hash (empty log)');
    expect(p1).not.toContain('Note:');
    expect(p1).toContain('Totals');
    expect(p1).toMatch(/figure +value +figure +value\n/);
    for (const row of [
      /hands dealt +6 +hands per hour +3\.6\n/, /played +2 +misdeals +2\n/, /voids +1 +still open +1\n/, /fouls \(seats\) +1 +naturals +2\n/,
      /surrenders +1 +all-ins +1\n/, /jackpot hands +1 +corrections \(chips moved\) +0: 0\.00\n/, /payments +3 \(2 made\) +money moved +5\.00\n/,
      /points won +5 +buy-ins \(drop\) +3: 120\.00\n/, /cash-outs +1: 40\.00 +short buy-ins +1\n/, /alerts +2 \(1 open\) +mean \/ longest ack \(s\) +12\.5 \/ 12\.5\n/,
      /floor actions +1 +first start \/ last end +20:00:00 \/ 21:40:00\n/,
    ]) expect(p1).toMatch(row);
    expect(p1).toContain('Hands per hour (UTC)');
    expect(p1).toMatch(/03-01 20h +03-01 21h/);
    expect(info).toMatch(/Title: +Table report all tables\n/);
    expect(info).toMatch(/Creator: +chinese-poker-terminal\n/);
    expect(info).toMatch(/CreationDate: +Sun Mar +2 06:00:00 2025 (UTC|GMT)\n/);
  });

  it('page 2: money per seat (each table\'s seats named with the table when there are several), misdeals by cause, naturals by kind', async () => {
    const p2 = (await floorPages()).pages[1];
    expect(p2).toContain('Money per seat (net won or lost)');
    expect(p2).toMatch(/T1 seat 1 +T1 seat 2 +T1 seat 3 +T2 seat 1 +T2 seat 3/);
    expect(p2).toMatch(/-3\.00/);
    expect(p2).toContain('Misdeals by cause');
    expect(p2).toMatch(/unknown +unreadable-card/);
    expect(p2).toContain('Naturals by kind');
    expect(p2).toMatch(/six-pairs +three-flushes/);
    const one = pdfText(await reportPdf(report({ hands: [A] }))).pages[1];
    expect(one).toMatch(/seat 1 +seat 2/);
    expect(one).not.toContain('T1 seat');
  });

  it('page 3 on: per table, seat, dealer and player, the alerts with their times, the floor actions, the chain\'s problems', async () => {
    const pages = (await floorPages()).pages;
    const rest = pages.slice(2).join('\n');
    expect(rest).toMatch(/Per table\n/);
    expect(rest).toMatch(/table +hands +per hour +misdeals +voids +fouls +money +drop +cash-outs +alerts +floor\n/);
    expect(rest).toMatch(/T1 +6 +3\.6 +2 +1 +1 +5\.00 +120\.00 +40\.00 +2 +1\n/);
    expect(rest).toMatch(/Per seat\n/);
    expect(rest).toMatch(/table +seat +hands +points +net +paid +received\n/);
    expect(rest).toMatch(/T1 +2 +1 +-3 +-3\.00 +3\.00 +0\.00\n/);
    expect(rest).toMatch(/Per dealer\n/);
    expect(rest).toMatch(/dealer +hands +per hour +played +misdeals +voids +fouls +money moved\n/);
    expect(rest).toMatch(/Eva +6 +3\.6 +2 +2 +1 +1 +5\.00\n/);
    expect(rest).toMatch(/Per player\n/);
    expect(rest).toMatch(/player +name +hands +points +net +paid +received\n/);
    expect(rest).toMatch(/p3 +Cyril +3 +2 +2\.00 +0\.00 +2\.00\n/);
    expect(rest).toMatch(/p4 +1 +-2 +-2\.00 +2\.00 +0\.00\n/);
    expect(rest).toContain('Alerts and how long each took to be acknowledged');
    expect(rest).toMatch(/alert +table +kind: code +raised +acknowledged by +after \(s\)\n/);
    expect(rest).toMatch(/4 +T1 +shoe: card-unreadable +2025-03-01 20:00:00 +Jana +12\.5\n/);
    expect(rest).toMatch(/5 +T2 +scanner: scanner-code +2025-03-01 21:15:30 +\(open\) +-\n/);
    expect(rest).toMatch(/Floor actions\n/);
    expect(rest).toMatch(/row +at +hand +who +what +why\n/);
    expect(rest).toMatch(/9 +2025-03-01 20:00:00 +D +jana +hand-voided done +late seat\n/);
    expect(rest).toMatch(/11 +2025-03-01 20:00:00 +Karel +misdeal-called done\n/);
    expect(rest).toMatch(/Chain problems\n+row 3: hash mismatch\n+row 5: hash mismatch\n/);
    expect(rest).not.toContain('none in this range');
  });

  it('every page after the first: the short header (scope, range, time, chain); every page numbered', async () => {
    const pages = (await floorPages()).pages;
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((p, i) => expect(p).toMatch(new RegExp(`page ${i + 1} of ${pages.length}\\s*$`)));
    for (const p of pages.slice(1)) expect(p.trimStart().split('\n')[0]).toMatch(/^tables T1, T2, dealer Eva · the first record to the last record · generated 2025-03-02T06:00:00.000Z · chain NOT OK/);
    const ok = pdfText(await reportPdf(report({ hands: [A] }))).pages;
    for (const p of ok.slice(1)) expect(p.trimStart().split('\n')[0]).toBe(`table T1 · ${DAY}00:00:00.000Z to 2025-03-02T00:00:00.000Z · generated ${DAY}23:00:00.000Z · chain intact`);
  });

  it('one table\'s intact report: its words; a table with no rows says so; no chain problems', async () => {
    const r = report({ hands: [A] });
    const { pages, info } = pdfText(await reportPdf(r));
    expect(pages[0]).toContain('Table: table T1\n');
    expect(pages[0]).toContain(`Range: ${DAY}00:00:00.000Z to 2025-03-02T00:00:00.000Z`);
    expect(pages[0]).toContain('Chain check (verify-log): intact (10 rows, last row 10, head h10...)');
    expect(pages[0]).toContain('Log head: row 10, hash h10');
    expect(pages[0]).toMatch(/alerts +0 \(0 open\) +mean \/ longest ack \(s\) +- *\/ *-\n/);
    const rest = pages.slice(2).join('\n');
    expect(rest.match(/none in this range/g)).toHaveLength(2); // no alerts, no floor actions
    expect(rest).not.toContain('Chain problems');
    expect(info).toMatch(/Title: +Table report T1\n/);
    const empty = pdfText(await reportPdf(report({ tableId: null, tables: [], dealers: [] }))).pages;
    expect(empty[0]).toContain('Table: tables (none)\n');
    expect(empty[0]).toMatch(/floor actions +0 +first start \/ last end +- *\/ *-\n/);
  });

  it('without DejaVu Sans: Helvetica, and a note saying where it was looked for', async () => {
    const p1 = pdfText(await reportPdf(report({ hands: [A] }), { fontDir: '/nowhere/fonts' })).pages[0];
    expect(p1).toContain('Note: DejaVu Sans not found in /nowhere/fonts: Helvetica used, letters outside Latin-1');
  });

  it('several reports in one PDF: each section from a new page under its own title and header, the pages numbered through', async () => {
    const a = report({ hands: [A] });
    const b = { ...report({ hands: [F] }), tableId: 'T2', tables: [{ ...report({ hands: [F] }).totals, tableId: 'T2' }] };
    const one = pdfText(await reportsPdf([{ report: a, title: 'Table T1' }])).pages.length;
    const { pages, info } = pdfText(await reportsPdf([{ report: a, title: 'Floor report' }, { report: b, title: 'Table T2' }], { title: 'Floor 2025-03-01' }));
    expect(info).toMatch(/Title: +Floor 2025-03-01\n/);
    expect(pages[0]).toContain('Floor report');
    expect(pages[one]).toContain('Table T2');
    expect(pages[one]).toContain('Table: table T2');
    expect(pages.at(-1)!.trimStart().split('\n')[0]).toMatch(/^table T2 · /);
    expect(pages.at(-1)).toMatch(new RegExp(`page ${pages.length} of ${pages.length}\\s*$`));
    expect(pdfText(await reportsPdf([{ report: a, title: 'Shift' }])).info).toMatch(/Title: +Shift\n/);
    expect(pdfText(await reportsPdf([])).info).toMatch(/Title: +Report\n/);
  });
});
