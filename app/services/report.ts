/**
 * The shift report: per table and per shift (a date-time range), and per dealer, what was dealt,
 * what went wrong and what money moved, computed from the same records the export reads
 * (`readExport`, one snapshot) with the chain check `table verify-log` runs. As JSON, as a long
 * CSV (one figure a row) and as a PDF with bar charts (docs/reports.md).
 */
import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { verifyChain } from './audit';
import { inSnapshot } from './event-log';
import { csvCell, readExport, type AlertRecord, type ExportRange, type FloorActionRecord, type LedgerRecord } from './export';
import { drawBarChart } from './report-charts';
import type { HandSummary } from './service-types';
import type { Store } from './store';
import { NO_PROGRESS, type Progress } from './progress';

/** The report's range: a shift, optionally one table's, optionally one dealer's hands. */
export interface ReportRange extends ExportRange {
  /** The dealer as the hands record him (`dealer` in the export). */
  readonly dealer?: string;
}

/** What the hands of a scope give. Money in minor units. */
export interface HandFigures {
  /** Hands started in the range: every outcome (played, misdeal, void, still open). */
  readonly hands: number;
  readonly played: number;
  readonly misdeals: number;
  readonly voids: number;
  readonly open: number;
  /** The first hand's start and the last hand's end (or start, while open); null without hands. */
  readonly firstStart: string | null;
  readonly lastEnd: string | null;
  /** Hands per hour over the dealt span (first start to last end; at least one minute). */
  readonly handsPerHour: number;
  /** Hands started in each UTC hour (`2025-03-01T20`), hours without hands left out. */
  readonly byHour: readonly { readonly hour: string; readonly hands: number }[];
  readonly misdealsByCause: Readonly<Record<string, number>>;
  /** Fouled seats in settled hands. */
  readonly fouls: number;
  /** Verified naturals, by kind. */
  readonly naturals: Readonly<Record<string, number>>;
  /** Seats that surrendered. */
  readonly surrenders: number;
  /** Seats that were all in (the settlement's `allIn`). */
  readonly allIns: number;
  /** Jackpot hands (RULES.md s11) that stood at settlement: hands whose profile names jackpot hands. */
  readonly jackpots: number;
  /** The chips the floor's corrections of played hands moved (docs/table.md): movements and money; already in each seat's and player's net. */
  readonly corrections: { readonly transfers: number; readonly amount: number };
  /** The settlements' payments: how many and how much money they move. */
  readonly payments: { readonly count: number; readonly executed: number; readonly amount: number };
  /** Points won in total (the sum of the positive seat points; the points are zero-sum). */
  readonly pointsWon: number;
  readonly seats: readonly SeatFigures[];
  readonly players: readonly PlayerFigures[];
}

/** One seat's (or player's) hands: dealt in, points, net money, what he paid and received. */
export interface SeatFigures {
  readonly seat: number;
  readonly hands: number;
  readonly points: number;
  readonly net: number;
  readonly paid: number;
  readonly received: number;
}

export interface PlayerFigures extends Omit<SeatFigures, 'seat'> {
  readonly player: string;
  readonly name: string | null;
}

/** Everything of a scope: the hands, the chips in and out, the alerts, the floor's actions. */
export interface Figures extends HandFigures {
  readonly buyIns: { readonly count: number; readonly amount: number; readonly short: number };
  readonly cashOuts: { readonly count: number; readonly amount: number };
  /** The money that came to the table: every buy-in. */
  readonly drop: number;
  readonly alerts: AlertFigures;
  readonly floorActions: { readonly count: number; readonly byType: Readonly<Record<string, number>> };
}

export interface AlertFigures {
  readonly count: number;
  readonly acknowledged: number;
  readonly open: number;
  /** Seconds from raised to acknowledged: the mean and the longest; null when none was. */
  readonly meanAckSeconds: number | null;
  readonly maxAckSeconds: number | null;
  readonly byKind: Readonly<Record<string, { readonly count: number; readonly meanAckSeconds: number | null; readonly maxAckSeconds: number | null }>>;
}

export interface Report {
  readonly from: string | null;
  readonly to: string | null;
  readonly tableId: string | null;
  readonly dealer: string | null;
  readonly generatedAt: string;
  readonly log: { readonly lastId: number; readonly headHash: string | null };
  /** `table verify-log`'s verdict on the whole log. */
  readonly chain: { readonly ok: boolean; readonly rows: number; readonly lastId: number; readonly headHash: string; readonly problems: readonly string[] };
  readonly totals: Figures;
  readonly tables: readonly (Figures & { readonly tableId: string })[];
  readonly dealers: readonly (HandFigures & { readonly dealer: string })[];
  readonly alerts: readonly AlertRecord[];
  readonly floorActions: readonly FloorActionRecord[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function count<K extends string>(keys: readonly K[]): Record<K, number> {
  const out = {} as Record<K, number>;
  for (const k of keys) out[k] = (out[k] ?? 0) + 1;
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b))) as Record<K, number>;
}

/** The hand figures of `hands` (`names`: player id to name). */
export function handFigures(hands: readonly HandSummary[], names: ReadonlyMap<string, string>): HandFigures {
  const seats = new Map<number, { seat: number; hands: number; points: number; net: number; paid: number; received: number }>();
  const players = new Map<string, { player: string; name: string | null; hands: number; points: number; net: number; paid: number; received: number }>();
  let fouls = 0, surrenders = 0, allIns = 0, jackpots = 0, pointsWon = 0;
  const naturals: string[] = [];
  const payments = { count: 0, executed: 0, amount: 0 };
  for (const h of hands) {
    const playerOf = new Map(h.seats.map((s) => [s.seat as number, s.player]));
    for (const s of h.seats) {
      const seat = seats.get(s.seat) ?? { seat: s.seat, hands: 0, points: 0, net: 0, paid: 0, received: 0 };
      const player = players.get(s.player) ?? { player: s.player, name: names.get(s.player) ?? null, hands: 0, points: 0, net: 0, paid: 0, received: 0 };
      for (const x of [seat, player]) {
        x.hands += 1;
        x.points += s.points ?? 0;
        x.net += s.net ?? 0;
      }
      seats.set(s.seat, seat);
      players.set(s.player, player);
      if (s.fouled) fouls++;
      if (s.surrendered) surrenders++;
      if (s.natural !== null) naturals.push(s.natural);
      if ((s.points ?? 0) > 0) pointsWon += s.points!;
    }
    allIns += h.result?.allIn.length ?? 0;
    jackpots += h.result?.jackpot?.standing.length ?? 0;
    for (const p of h.payments) {
      payments.count++;
      if (p.executedAt !== null) payments.executed++;
      payments.amount += p.amount;
      seats.get(p.from)!.paid += p.amount;
      seats.get(p.to)!.received += p.amount;
      const from = playerOf.get(p.from);
      const to = playerOf.get(p.to);
      if (from !== undefined) players.get(from)!.paid += p.amount;
      if (to !== undefined) players.get(to)!.received += p.amount;
    }
  }
  const starts = hands.map((h) => h.startedAt).sort();
  const ends = hands.map((h) => h.endedAt ?? h.startedAt).sort();
  const firstStart = starts[0] ?? null;
  const lastEnd = ends.at(-1) ?? null;
  const hours = firstStart && lastEnd ? Math.max(60_000, Date.parse(lastEnd) - Date.parse(firstStart)) / 3_600_000 : 0;
  return {
    hands: hands.length,
    played: hands.filter((h) => h.outcome === 'played').length,
    misdeals: hands.filter((h) => h.outcome === 'misdeal').length,
    voids: hands.filter((h) => h.outcome === 'void').length,
    open: hands.filter((h) => h.outcome === 'open').length,
    firstStart,
    lastEnd,
    handsPerHour: hours === 0 ? 0 : round2(hands.length / hours),
    byHour: Object.entries(count(hands.map((h) => h.startedAt.slice(0, 13)))).map(([hour, n]) => ({ hour, hands: n })),
    misdealsByCause: count(hands.filter((h) => h.outcome === 'misdeal').map((h) => h.misdealCause ?? 'unknown')),
    fouls,
    naturals: count(naturals),
    surrenders,
    allIns,
    jackpots,
    corrections: { transfers: 0, amount: 0 },
    payments,
    pointsWon,
    seats: [...seats.values()].sort((a, b) => a.seat - b.seat),
    players: [...players.values()].sort((a, b) => a.player.localeCompare(b.player)),
  };
}

function ackFigures(alerts: readonly AlertRecord[]): Pick<AlertFigures, 'count' | 'meanAckSeconds' | 'maxAckSeconds'> {
  const acked = alerts.flatMap((a) => (a.ackSeconds === null ? [] : [a.ackSeconds]));
  return {
    count: alerts.length,
    meanAckSeconds: acked.length ? round2(acked.reduce((s, x) => s + x, 0) / acked.length) : null,
    maxAckSeconds: acked.length ? Math.max(...acked) : null,
  };
}

function figures(hands: readonly HandSummary[], ledger: readonly LedgerRecord[], alerts: readonly AlertRecord[], floor: readonly FloorActionRecord[], names: ReadonlyMap<string, string>): Figures {
  const buys = ledger.filter((l) => l.kind === 'buy-in' || l.kind === 'short-buy-in');
  const outs = ledger.filter((l) => l.kind === 'cash-out');
  const moved = ledger.filter((l) => l.kind === 'correction-in' || l.kind === 'correction-out');
  return {
    ...withCorrections(handFigures(hands, names), moved, names),
    buyIns: { count: buys.length, amount: buys.reduce((s, l) => s + l.amount, 0), short: buys.filter((l) => l.kind === 'short-buy-in').length },
    cashOuts: { count: outs.length, amount: outs.reduce((s, l) => s + l.amount, 0) },
    drop: buys.reduce((s, l) => s + l.amount, 0),
    alerts: alertFigures(alerts),
    floorActions: { count: floor.length, byType: count(floor.map((f) => f.type)) },
  };
}

/**
 * The hand figures with the chips the floor's corrections moved added to each seat's and
 * player's net (the money as it finally stood), and how many chip movements that was.
 */
function withCorrections(f: HandFigures, moved: readonly LedgerRecord[], names: ReadonlyMap<string, string>): HandFigures {
  if (moved.length === 0) return f;
  const seats = f.seats.map((s) => ({ ...s }));
  const players = f.players.map((p) => ({ ...p }));
  for (const l of moved) {
    const signed = l.kind === 'correction-in' ? l.amount : -l.amount;
    let seat = seats.find((s) => s.seat === l.seat);
    if (!seat) seats.push((seat = { seat: l.seat, hands: 0, points: 0, net: 0, paid: 0, received: 0 }));
    seat.net += signed;
    let player = players.find((p) => p.player === l.player);
    if (!player) players.push((player = { player: l.player, name: names.get(l.player) ?? null, hands: 0, points: 0, net: 0, paid: 0, received: 0 }));
    player.net += signed;
  }
  const given = moved.filter((l) => l.kind === 'correction-out');
  return {
    ...f,
    seats: seats.sort((a, b) => a.seat - b.seat),
    players: players.sort((a, b) => a.player.localeCompare(b.player)),
    corrections: { transfers: given.length, amount: given.reduce((n, l) => n + l.amount, 0) },
  };
}

interface Session { table_id: string; on_at: string; off_at: string | null }

/**
 * The report of `range`: the export's records of the range (hands by their start, buy-ins and
 * cash-outs, alerts by when raised, floor actions by when recorded) and the chain check, read in
 * one snapshot. With `dealer`: his hands; the buy-ins, cash-outs, alerts and floor actions of his
 * hands or, for those of no hand, recorded while he had the box of that table. `generatedAt` from
 * the store's clock. Throws what the readers throw (an event that is not JSON).
 */
export function buildReport(store: Store, range: ReportRange, progress: Progress = NO_PROGRESS): Report {
  const db = store.db;
  return inSnapshot(db, () => {
    progress.stage('read', null, 'records');
    const rec = readExport(store, range);
    const chain = verifyChain(db, 50, { progress });
    progress.stage('figures', null, 'records');
    const names = new Map<string, string>();
    for (const body of db.prepare("SELECT body FROM events WHERE type = 'player-seated' ORDER BY id").pluck().all() as string[]) {
      const e = JSON.parse(body) as { playerId?: string; name?: string };
      if (typeof e.playerId === 'string' && typeof e.name === 'string') names.set(e.playerId, e.name);
    }
    let { hands, ledger, alerts, floorActions } = rec;
    if (range.dealer !== undefined) {
      const dealer = range.dealer;
      const sessions = db.prepare('SELECT table_id, on_at, off_at FROM sessions WHERE dealer = ?').all(dealer) as Session[];
      const dealerOf = db.prepare('SELECT dealer FROM hands WHERE id = ?').pluck();
      const his = (tableId: string | null, handId: string | null, at: string) => handId !== null
        ? dealerOf.get(handId) === dealer
        : sessions.some((s) => s.table_id === tableId && s.on_at <= at && (s.off_at === null || at < s.off_at));
      hands = hands.filter((h) => h.dealer === dealer);
      ledger = ledger.filter((l) => his(l.tableId, null, l.at));
      alerts = alerts.filter((a) => his(a.tableId, a.handId, a.raisedAt));
      floorActions = floorActions.filter((f) => his(f.tableId, f.handId, f.at));
    }
    const tableIds = [...new Set([...hands.map((h) => h.tableId), ...ledger.map((l) => l.tableId), ...alerts.map((a) => a.tableId),
      ...floorActions.flatMap((f) => (f.tableId === null ? [] : [f.tableId]))])].sort();
    const dealers = [...new Set(hands.map((h) => h.dealer ?? '(none)'))].sort();
    return {
      from: range.from ?? null,
      to: range.to ?? null,
      tableId: range.tableId ?? null,
      dealer: range.dealer ?? null,
      generatedAt: new Date(store.clock()).toISOString(),
      log: rec.head,
      chain: { ok: chain.ok, rows: chain.rows, lastId: chain.lastId, headHash: chain.headHash, problems: chain.problems.map((p) => p.message) },
      totals: figures(hands, ledger, alerts, floorActions, names),
      tables: tableIds.map((t) => ({
        tableId: t,
        ...figures(hands.filter((h) => h.tableId === t), ledger.filter((l) => l.tableId === t), alerts.filter((a) => a.tableId === t),
          floorActions.filter((f) => f.tableId === t), names),
      })),
      dealers: dealers.map((d) => ({ dealer: d, ...handFigures(hands.filter((h) => (h.dealer ?? '(none)') === d), names) })),
      alerts,
      floorActions,
    };
  });
}

/** Sums of `Record<string, number>`s, keys sorted. */
function sumCounts(list: readonly Readonly<Record<string, number>>[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of list) for (const [k, n] of Object.entries(r)) out[k] = (out[k] ?? 0) + n;
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

/** Per-seat (or per-player) figures of several scopes summed by `key`. */
function sumBy<T extends SeatFigures | PlayerFigures>(list: readonly T[], key: (x: T) => string | number): T[] {
  const out = new Map<string | number, T>();
  for (const x of list) {
    const k = key(x);
    const have = out.get(k);
    out.set(k, have === undefined ? { ...x } : {
      ...have,
      ...('name' in have && have.name === null && 'name' in x ? { name: x.name } : {}),
      hands: have.hands + x.hands, points: have.points + x.points, net: have.net + x.net, paid: have.paid + x.paid, received: have.received + x.received,
    });
  }
  return [...out.values()];
}

/**
 * The hand figures of several scopes (tables, shifts) as one: counts and money summed, hours
 * and causes and kinds summed by key, seats by seat number and players by id (as a report's
 * totals sum its tables), the span from the first start to the last end and the hands per hour
 * over it (as {@link handFigures} computes it).
 */
export function mergeHandFigures(list: readonly HandFigures[]): HandFigures {
  const sum = (f: (x: HandFigures) => number) => list.reduce((s, x) => s + f(x), 0);
  const firstStart = list.flatMap((x) => (x.firstStart === null ? [] : [x.firstStart])).sort()[0] ?? null;
  const lastEnd = list.flatMap((x) => (x.lastEnd === null ? [] : [x.lastEnd])).sort().at(-1) ?? null;
  const hands = sum((x) => x.hands);
  const hours = firstStart && lastEnd ? Math.max(60_000, Date.parse(lastEnd) - Date.parse(firstStart)) / 3_600_000 : 0;
  const byHour = sumCounts(list.map((x) => Object.fromEntries(x.byHour.map((h) => [h.hour, h.hands]))));
  return {
    hands,
    played: sum((x) => x.played),
    misdeals: sum((x) => x.misdeals),
    voids: sum((x) => x.voids),
    open: sum((x) => x.open),
    firstStart,
    lastEnd,
    handsPerHour: hours === 0 ? 0 : round2(hands / hours),
    byHour: Object.entries(byHour).map(([hour, n]) => ({ hour, hands: n })),
    misdealsByCause: sumCounts(list.map((x) => x.misdealsByCause)),
    fouls: sum((x) => x.fouls),
    naturals: sumCounts(list.map((x) => x.naturals)),
    surrenders: sum((x) => x.surrenders),
    allIns: sum((x) => x.allIns),
    jackpots: sum((x) => x.jackpots),
    corrections: { transfers: sum((x) => x.corrections.transfers), amount: sum((x) => x.corrections.amount) },
    payments: { count: sum((x) => x.payments.count), executed: sum((x) => x.payments.executed), amount: sum((x) => x.payments.amount) },
    pointsWon: sum((x) => x.pointsWon),
    seats: sumBy(list.flatMap((x) => x.seats), (s) => s.seat).sort((a, b) => a.seat - b.seat),
    players: sumBy(list.flatMap((x) => x.players), (p) => p.player).sort((a, b) => a.player.localeCompare(b.player)),
  };
}

/** The alert figures of `alerts`, as a report computes them. */
function alertFigures(alerts: readonly AlertRecord[]): AlertFigures {
  const kinds = [...new Set(alerts.map((a) => a.kind))].sort();
  return {
    ...ackFigures(alerts),
    acknowledged: alerts.filter((a) => a.ackSeconds !== null).length,
    open: alerts.filter((a) => a.ackSeconds === null).length,
    byKind: Object.fromEntries(kinds.map((k) => [k, ackFigures(alerts.filter((a) => a.kind === k))])),
  };
}

/**
 * Several reports of one range (each table's, read from its own log) as one, the floor's: the
 * hand figures merged ({@link mergeHandFigures}), chips in and out summed, the alert and floor
 * action figures computed again from all their records (so the acknowledgement means are
 * exact), `tables[]` and the records one after the other, `dealers[]` merged by name. The
 * chain: intact when every report's is, `rows` summed over the distinct logs (reports of the
 * same log, known by their head, counted once), every problem; a floor has no one log head:
 * `log` and the chain's `lastId`/`headHash` are the last report's when there is one log, else
 * 0 and empty. `tableId` null; `from`, `to` and `dealer` the first report's; `generatedAt`
 * the latest. An empty list gives an empty report of no range.
 */
export function mergeReports(reports: readonly Report[], generatedAt?: string): Report {
  const logs = new Map<string, Report['chain']>();
  for (const r of reports) logs.set(`${r.chain.lastId}:${r.chain.headHash}`, r.chain);
  const chains = [...logs.values()];
  const one = chains.length === 1 ? reports[reports.length - 1] : null;
  const alerts = reports.flatMap((r) => r.alerts);
  const floorActions = reports.flatMap((r) => r.floorActions);
  const totals = reports.map((r) => r.totals);
  const sum = (f: (x: Figures) => number) => totals.reduce((s, x) => s + f(x), 0);
  const dealerNames = [...new Set(reports.flatMap((r) => r.dealers.map((d) => d.dealer)))].sort();
  return {
    from: reports[0]?.from ?? null,
    to: reports[0]?.to ?? null,
    tableId: null,
    dealer: reports[0]?.dealer ?? null,
    generatedAt: generatedAt ?? reports.map((r) => r.generatedAt).sort().at(-1) ?? new Date(0).toISOString(),
    log: one ? one.log : { lastId: 0, headHash: null },
    chain: {
      ok: chains.every((c) => c.ok),
      rows: chains.reduce((s, c) => s + c.rows, 0),
      lastId: one ? one.chain.lastId : 0,
      headHash: one ? one.chain.headHash : '',
      problems: chains.flatMap((c) => c.problems),
    },
    totals: {
      ...mergeHandFigures(totals),
      buyIns: { count: sum((x) => x.buyIns.count), amount: sum((x) => x.buyIns.amount), short: sum((x) => x.buyIns.short) },
      cashOuts: { count: sum((x) => x.cashOuts.count), amount: sum((x) => x.cashOuts.amount) },
      drop: sum((x) => x.drop),
      alerts: alertFigures(alerts),
      floorActions: { count: floorActions.length, byType: count(floorActions.map((f) => f.type)) },
    },
    tables: reports.flatMap((r) => r.tables),
    dealers: dealerNames.map((d) => ({ dealer: d, ...mergeHandFigures(reports.flatMap((r) => r.dealers.filter((x) => x.dealer === d))) })),
    alerts,
    floorActions,
  };
}

/** The report as JSON (one object, a line break at the end). */
export function reportJson(report: Report): string {
  return JSON.stringify(report, null, 1) + '\n';
}

/** The CSV columns: one figure a row. */
export const REPORT_CSV_COLUMNS = ['scope', 'id', 'figure', 'key', 'value'] as const;

function figureRows(scope: string, id: string, f: HandFigures | Figures): unknown[][] {
  const rows: unknown[][] = [];
  const add = (figure: string, value: unknown, key: unknown = null) => rows.push([scope, id, figure, key, value]);
  for (const k of ['hands', 'played', 'misdeals', 'voids', 'open', 'firstStart', 'lastEnd', 'handsPerHour', 'fouls', 'surrenders', 'allIns', 'jackpots', 'pointsWon'] as const) add(k, f[k]);
  add('payments', f.payments.count);
  add('paymentsExecuted', f.payments.executed);
  add('moneyMoved', f.payments.amount);
  add('correctionTransfers', f.corrections.transfers);
  add('correctionMoney', f.corrections.amount);
  for (const h of f.byHour) add('handsInHour', h.hands, h.hour);
  for (const [cause, n] of Object.entries(f.misdealsByCause)) add('misdealsByCause', n, cause);
  for (const [kind, n] of Object.entries(f.naturals)) add('naturals', n, kind);
  for (const s of f.seats) for (const k of ['hands', 'points', 'net', 'paid', 'received'] as const) add(`seat.${k}`, s[k], s.seat);
  for (const p of f.players) for (const k of ['hands', 'points', 'net', 'paid', 'received'] as const) add(`player.${k}`, p[k], p.player);
  if ('drop' in f) {
    add('buyIns', f.buyIns.count);
    add('buyInsAmount', f.buyIns.amount);
    add('shortBuyIns', f.buyIns.short);
    add('cashOuts', f.cashOuts.count);
    add('cashOutsAmount', f.cashOuts.amount);
    add('drop', f.drop);
    add('alerts', f.alerts.count);
    add('alertsAcknowledged', f.alerts.acknowledged);
    add('alertsOpen', f.alerts.open);
    add('alertMeanAckSeconds', f.alerts.meanAckSeconds);
    add('alertMaxAckSeconds', f.alerts.maxAckSeconds);
    for (const [kind, a] of Object.entries(f.alerts.byKind)) {
      add('alertsByKind', a.count, kind);
      add('alertMeanAckSecondsByKind', a.meanAckSeconds, kind);
    }
    add('floorActions', f.floorActions.count);
    for (const [type, n] of Object.entries(f.floorActions.byType)) add('floorActionsByType', n, type);
  }
  return rows;
}

/**
 * The report as CSV (a header, CRLF): one figure a row, `scope` (`report`, `total`, `table`,
 * `dealer`, `alert`, `floor-action`), `id` (the table id, the dealer, the alert id, the log row),
 * `figure`, `key` (the seat, player, cause, kind or hour it is of) and `value`.
 */
export function reportCsv(report: Report): string {
  return [REPORT_CSV_COLUMNS.join(','), ...reportCsvRows(report).map((r) => r.map(csvCell).join(','))].join('\r\n') + '\r\n';
}

/** The rows of {@link reportCsv} without the header, as values (one array a row, the columns of `REPORT_CSV_COLUMNS`). */
export function reportCsvRows(report: Report): unknown[][] {
  const rows: unknown[][] = [];
  const meta = (figure: string, value: unknown) => rows.push(['report', '', figure, null, value]);
  meta('from', report.from);
  meta('to', report.to);
  meta('tableId', report.tableId);
  meta('dealer', report.dealer);
  meta('generatedAt', report.generatedAt);
  meta('logLastId', report.log.lastId);
  meta('logHeadHash', report.log.headHash);
  meta('chainOk', report.chain.ok);
  meta('chainRows', report.chain.rows);
  rows.push(...figureRows('total', '', report.totals));
  for (const t of report.tables) rows.push(...figureRows('table', t.tableId, t));
  for (const d of report.dealers) rows.push(...figureRows('dealer', d.dealer, d));
  for (const a of report.alerts) {
    rows.push(['alert', a.id, 'ackSeconds', `${a.tableId} ${a.kind}: ${a.code}`, a.ackSeconds]);
  }
  for (const f of report.floorActions) rows.push(['floor-action', f.row, f.type, f.tableId, f.what]);
  return rows;
}

/** Where the PDF's font comes from: DejaVu Sans (Czech letters and all) when installed. */
export const DEJAVU_DIR = '/usr/share/fonts/truetype/dejavu';

/** Money in minor units as major units with two decimals (`-12.50`). */
export function money(minor: number): string {
  return (minor / 100).toFixed(2);
}

/** Words for the chain check, as the PDF's header gives them. */
export function chainWords(chain: Report['chain']): string {
  return chain.ok
    ? `intact (${chain.rows} rows, last row ${chain.lastId}, head ${chain.headHash.slice(0, 16)}...)`
    : `NOT OK: ${chain.problems.length} problem${chain.problems.length === 1 ? '' : 's'}: ${chain.problems[0] ?? ''}`;
}

/**
 * The report as a PDF (A4): page 1 the header (table, range, generated at, the chain check) and
 * the totals with the hands-per-hour chart; page 2 money per seat and misdeals by cause (and
 * naturals by kind); page 3 on: per table, per dealer, per player, the alerts with their
 * acknowledgement times and the floor actions. The header's short form tops every page.
 * `fontDir`: where DejaVuSans.ttf is looked for; without it, pdfkit's Helvetica, with a note.
 */
export function reportPdf(report: Report, options: { fontDir?: string } = {}): Promise<Buffer> {
  return reportsPdf([{ report, title: 'Table report' }], { ...options, title: `Table report ${report.tableId ?? 'all tables'}` });
}

/** One report of a multi-report PDF, under its own title. */
export interface PdfSection {
  readonly report: Report;
  /** The first page's heading (`Table report`, `Floor report`, `Table T1`). */
  readonly title: string;
}

/**
 * Several reports in one PDF, one after the other, each laid out as {@link reportPdf} lays out
 * one (its pages 1, 2 and 3 on, each section starting on a new page; the short header of every
 * later page is its section's), the pages numbered through. `title`: the document's title.
 * One section is exactly {@link reportPdf}'s PDF.
 */
export function reportsPdf(sections: readonly PdfSection[], options: { fontDir?: string; title?: string } = {}): Promise<Buffer> {
  const dir = options.fontDir ?? DEJAVU_DIR;
  const first = sections[0]?.report;
  const doc = new PDFDocument({
    size: 'A4', margin: 40, bufferPages: true,
    info: { Title: options.title ?? sections[0]?.title ?? 'Report', Creator: 'chinese-poker-terminal', ...(first ? { CreationDate: new Date(first.generatedAt) } : {}) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  let font = 'Helvetica';
  let bold = 'Helvetica-Bold';
  let fontNote: string | null = `DejaVu Sans not found in ${dir}: Helvetica used, letters outside Latin-1 (Czech č, ř, ů...) may be missing`;
  if (existsSync(`${dir}/DejaVuSans.ttf`)) {
    doc.registerFont('body', `${dir}/DejaVuSans.ttf`);
    doc.registerFont('bold', existsSync(`${dir}/DejaVuSans-Bold.ttf`) ? `${dir}/DejaVuSans-Bold.ttf` : `${dir}/DejaVuSans.ttf`);
    font = 'body';
    bold = 'bold';
    fontNote = null;
  }
  const left = 40;
  const width = doc.page.width - 80;
  sections.forEach((section, i) => {
    if (i > 0) doc.addPage();
    drawReport(doc, { font, bold, fontNote, left, width }, section);
  });
  // Page numbers, once every page exists.
  const pages = doc.bufferedPageRange();
  for (let i = pages.start; i < pages.start + pages.count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0; // the footer sits in the margin: no new page for it
    doc.font(font).fontSize(8).fillColor('#555555').text(`page ${i + 1} of ${pages.count}`, left, doc.page.height - 30, { width, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}

/** One report's pages, from the current page on (see {@link reportPdf}). */
function drawReport(doc: PDFKit.PDFDocument, f: { font: string; bold: string; fontNote: string | null; left: number; width: number }, section: PdfSection): void {
  const { font, bold, fontNote, left, width } = f;
  const report = section.report;
  const bottom = doc.page.height - 50;
  const scope = `${report.tableId ? `table ${report.tableId}` : `tables ${report.tables.map((t) => t.tableId).join(', ') || '(none)'}`}${report.dealer ? `, dealer ${report.dealer}` : ''}`;
  const rangeWords = `${report.from ?? 'the first record'} to ${report.to ?? 'the last record'}`;
  const pageHeader = () => {
    // One line, cut with an ellipsis when longer (page 1 says the scope whole): pdfkit wraps
    // any text given a width unless it is also given a height.
    doc.font(font).fontSize(8).fillColor('#555555');
    doc.text(`${scope} · ${rangeWords} · generated ${report.generatedAt} · chain ${report.chain.ok ? 'intact' : 'NOT OK'}`, left, 20,
      { width, height: doc.currentLineHeight(true), ellipsis: true });
    doc.fillColor('#000000');
    doc.x = left;
    doc.y = 48;
  };
  const newPage = () => {
    doc.addPage();
    pageHeader();
  };
  const room = (h: number) => {
    if (doc.y + h > bottom) newPage();
  };
  const heading = (t: string) => {
    room(40);
    doc.moveDown(0.6).font(bold).fontSize(13).fillColor('#000000').text(t, left, doc.y, { width });
    doc.moveDown(0.2);
  };
  const line = (t: string, size = 9) => {
    room(14);
    doc.font(font).fontSize(size).fillColor('#000000').text(t, left, doc.y, { width });
  };
  /**
   * A table of text: columns as fractions of the width. A cell's text wraps within its column
   * and its row grows to the tallest cell (a floor's reason, a long name: nothing in a record is
   * cut); only a cell taller than a whole page is cut there, with an ellipsis.
   */
  const grid = (header: readonly string[], rows: readonly (readonly string[])[], widths: readonly number[]) => {
    const most = bottom - 48 - 1;
    const draw = (cells: readonly string[], f: string) => {
      doc.font(f).fontSize(8);
      const tallest = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: width * widths[i] - 4 })));
      const height = Math.min(tallest, most);
      room(Math.max(13, height + 4));
      const y = doc.y;
      let x = left;
      cells.forEach((c, i) => {
        const w = width * widths[i];
        doc.text(c, x + 2, y, { width: w - 4, height, ellipsis: true });
        x += w;
      });
      doc.x = left;
      doc.y = y + Math.max(12, height + 3);
    };
    draw(header, bold);
    doc.moveTo(left, doc.y - 1).lineTo(left + width, doc.y - 1).lineWidth(0.4).strokeColor('#999999').stroke();
    for (const r of rows) draw(r, font);
    if (rows.length === 0) line('none in this range', 8);
  };

  // Page 1: the header, the totals, hands per hour.
  const t = report.totals;
  doc.font(bold).fontSize(18).text(section.title, left, 40);
  doc.moveDown(0.3);
  line(`Table: ${scope}`, 11);
  line(`Range: ${rangeWords}`, 11);
  line(`Generated at: ${report.generatedAt}`, 11);
  line(`Chain check (verify-log): ${chainWords(report.chain)}`, 11);
  line(`Log head: row ${report.log.lastId}, hash ${report.log.headHash ?? '(empty log)'}`, 8);
  if (fontNote) line(`Note: ${fontNote}`, 8);
  heading('Totals');
  grid(['figure', 'value', 'figure', 'value'], [
    ['hands dealt', String(t.hands), 'hands per hour', String(t.handsPerHour)],
    ['played', String(t.played), 'misdeals', String(t.misdeals)],
    ['voids', String(t.voids), 'still open', String(t.open)],
    ['fouls (seats)', String(t.fouls), 'naturals', String(Object.values(t.naturals).reduce((s, n) => s + n, 0))],
    ['surrenders', String(t.surrenders), 'all-ins', String(t.allIns)],
    ['jackpot hands', String(t.jackpots), 'corrections (chips moved)', `${t.corrections.transfers}: ${money(t.corrections.amount)}`],
    ['payments', `${t.payments.count} (${t.payments.executed} made)`, 'money moved', money(t.payments.amount)],
    ['points won', String(t.pointsWon), 'buy-ins (drop)', `${t.buyIns.count}: ${money(t.drop)}`],
    ['cash-outs', `${t.cashOuts.count}: ${money(t.cashOuts.amount)}`, 'short buy-ins', String(t.buyIns.short)],
    ['alerts', `${t.alerts.count} (${t.alerts.open} open)`, 'mean / longest ack (s)', `${t.alerts.meanAckSeconds ?? '-'} / ${t.alerts.maxAckSeconds ?? '-'}`],
    ['floor actions', String(t.floorActions.count), 'first start / last end', `${t.firstStart?.slice(11, 19) ?? '-'} / ${t.lastEnd?.slice(11, 19) ?? '-'}`],
  ], [0.22, 0.28, 0.22, 0.28]);
  room(230);
  doc.moveDown(1);
  drawBarChart(doc, { x: left, y: doc.y, width, height: 220, title: 'Hands per hour (UTC)', font, boldFont: bold,
    bars: t.byHour.map((h) => ({ label: `${h.hour.slice(5, 10)} ${h.hour.slice(11)}h`, value: h.hands })) });

  // Page 2: money per seat, misdeals by cause, naturals by kind.
  newPage();
  const seatBars = report.tables.flatMap((tb) => tb.seats.map((s) => ({ label: `${report.tables.length > 1 ? `${tb.tableId} ` : ''}seat ${s.seat}`, value: s.net })));
  drawBarChart(doc, { x: left, y: doc.y, width, height: 230, title: 'Money per seat (net won or lost)', font, boldFont: bold, bars: seatBars, format: money });
  doc.moveDown(1);
  drawBarChart(doc, { x: left, y: doc.y, width, height: 210, title: 'Misdeals by cause', font, boldFont: bold, color: '#d68910',
    bars: Object.entries(t.misdealsByCause).map(([label, value]) => ({ label, value })) });
  doc.moveDown(1);
  drawBarChart(doc, { x: left, y: doc.y, width, height: 200, title: 'Naturals by kind', font, boldFont: bold, color: '#229954',
    bars: Object.entries(t.naturals).map(([label, value]) => ({ label, value })) });

  // Page 3 on: the detail.
  newPage();
  heading('Per table');
  grid(['table', 'hands', 'per hour', 'misdeals', 'voids', 'fouls', 'money moved', 'drop', 'cash-outs', 'alerts', 'floor'],
    report.tables.map((tb) => [tb.tableId, String(tb.hands), String(tb.handsPerHour), String(tb.misdeals), String(tb.voids), String(tb.fouls),
      money(tb.payments.amount), money(tb.drop), money(tb.cashOuts.amount), String(tb.alerts.count), String(tb.floorActions.count)]),
    [0.1, 0.07, 0.09, 0.09, 0.07, 0.07, 0.13, 0.11, 0.11, 0.08, 0.08]);
  heading('Per seat');
  grid(['table', 'seat', 'hands', 'points', 'net', 'paid', 'received'],
    report.tables.flatMap((tb) => tb.seats.map((s) => [tb.tableId, String(s.seat), String(s.hands), String(s.points), money(s.net), money(s.paid), money(s.received)])),
    [0.16, 0.1, 0.12, 0.12, 0.16, 0.17, 0.17]);
  heading('Per dealer');
  grid(['dealer', 'hands', 'per hour', 'played', 'misdeals', 'voids', 'fouls', 'money moved'],
    report.dealers.map((d) => [d.dealer, String(d.hands), String(d.handsPerHour), String(d.played), String(d.misdeals), String(d.voids), String(d.fouls), money(d.payments.amount)]),
    [0.22, 0.1, 0.11, 0.1, 0.11, 0.1, 0.1, 0.16]);
  heading('Per player');
  grid(['player', 'name', 'hands', 'points', 'net', 'paid', 'received'],
    t.players.map((p) => [p.player, p.name ?? '', String(p.hands), String(p.points), money(p.net), money(p.paid), money(p.received)]),
    [0.14, 0.26, 0.1, 0.1, 0.13, 0.13, 0.14]);
  heading('Alerts and how long each took to be acknowledged');
  grid(['alert', 'table', 'kind: code', 'raised', 'acknowledged by', 'after (s)'],
    report.alerts.map((a) => [String(a.id), a.tableId, `${a.kind}: ${a.code}`, a.raisedAt.slice(0, 19).replace('T', ' '), a.acknowledgedBy ?? '(open)', a.ackSeconds === null ? '-' : String(a.ackSeconds)]),
    [0.07, 0.08, 0.3, 0.2, 0.22, 0.13]);
  heading('Floor actions');
  grid(['row', 'at', 'hand', 'who', 'what', 'why'],
    report.floorActions.map((f) => [String(f.row), f.at.slice(0, 19).replace('T', ' '), f.handId ?? '', f.person ?? f.by, f.what, f.why ?? '']),
    [0.07, 0.18, 0.1, 0.13, 0.3, 0.22]);
  if (!report.chain.ok) {
    heading('Chain problems');
    for (const p of report.chain.problems) line(p, 8);
  }
}
