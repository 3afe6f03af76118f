/**
 * The floor's export: the hands and payments of a date range, and the chips bought in and cashed
 * out, the alerts and the floor's actions of it, as CSV or JSON.
 *
 * JSON: `{ from, to, exportedAt, log: { lastId, headHash }, hands: [...], ledger: [...],
 * alerts: [...], floorActions: [...] }`; each hand carries its seats, payments and, when
 * settled, `record` (the `settle` command's input: feed it to `npm run settle`) and `result`
 * (the `settle` command's output for it).
 * CSV: one file per kind of record (`ExportRecordKind`). `hands`: one table with a `kind`
 * column: a `hand` row per hand (its seats in columns seat1_player ... seat4_stack_after)
 * followed by a `payment` row per payment. `ledger`, `alerts`, `floor-actions`: their own columns.
 */
import { accessLog } from './access-log';
import { inSnapshot } from './event-log';
import { handsBetween } from './queries';
import type { HandSummary } from './service-types';
import type { Store } from './store';
import { NO_PROGRESS, type Progress } from './progress';

export interface ExportRange {
  /** Inclusive, ISO 8601 UTC; absent: from the first record. */
  readonly from?: string;
  /** Exclusive, ISO 8601 UTC; absent: to the last record. */
  readonly to?: string;
  readonly tableId?: string;
}

/**
 * A buy-in, a cash-out, or chips a floor's correction of a played hand moved (`correction-in`:
 * the seat received them, `correction-out`: it gave them; `handId` the hand corrected), from the
 * chip ledger. `amount` is positive: the kind says which way the chips went.
 */
export interface LedgerRecord {
  /** The ledger row's id. */
  readonly id: number;
  readonly tableId: string;
  readonly seat: number;
  readonly player: string;
  readonly kind: 'buy-in' | 'short-buy-in' | 'cash-out' | 'correction-in' | 'correction-out';
  readonly amount: number;
  readonly stackAfter: number;
  /** When it was recorded (ISO 8601 UTC). */
  readonly at: string;
  /** The log row that recorded it. */
  readonly eventId: number;
}

/** An alert raised in the range, with who acknowledged it and how long after (seconds). */
export interface AlertRecord {
  readonly id: number;
  readonly tableId: string;
  readonly handId: string | null;
  readonly kind: string;
  readonly code: string;
  readonly message: string;
  readonly raisedAt: string;
  readonly acknowledgedBy: string | null;
  readonly acknowledgedAt: string | null;
  readonly note: string | null;
  /** Seconds from raised to acknowledged (ms precision); null while it is raised. */
  readonly ackSeconds: number | null;
}

/** A floor action recorded in the range: a correction, a void, a misdeal the floor called. */
export interface FloorActionRecord {
  /** The log row. */
  readonly row: number;
  readonly at: string;
  readonly tableId: string | null;
  readonly handId: string | null;
  readonly type: string;
  readonly by: string;
  /** The floor person (his staff id when he gave his PIN, else the name typed). */
  readonly person: string | null;
  /** In words, as the access log words it. */
  readonly what: string;
  readonly why: string | null;
}

/** Everything the export gives, read in one snapshot. */
export interface ExportRecords {
  readonly hands: readonly HandSummary[];
  readonly ledger: readonly LedgerRecord[];
  readonly alerts: readonly AlertRecord[];
  readonly floorActions: readonly FloorActionRecord[];
  readonly head: { readonly lastId: number; readonly headHash: string | null };
}

/**
 * The event types that are floor actions (a `misdeal-called` only when the floor called it;
 * `hand-corrected`: a played hand settled again or voided after payment, with its signers).
 */
export const FLOOR_ACTION_TYPES: readonly string[] = ['floor-correction', 'hand-voided', 'misdeal-called', 'hand-corrected'];

// An absent bound: before or after every ISO time the terminal writes.
const FIRST = '0000-01-01T00:00:00.000Z';
const LAST = '9999-12-31T23:59:59.999Z';

/**
 * The hands started in the range (oldest first), the buy-ins, cash-outs and the chips floor
 * corrections moved recorded in it, the alerts raised in it and the floor actions recorded in it,
 * optionally of one table, and the log head, all in one read transaction (the terminal may be
 * writing meanwhile).
 */
export function readExport(store: Store, range: ExportRange): ExportRecords {
  const db = store.db;
  const from = range.from ?? FIRST;
  const to = range.to ?? LAST;
  const table = range.tableId;
  return inSnapshot(db, () => {
    const hands = handsBetween(db, from, to, table);
    const ledger = (db.prepare(`SELECT id, table_id, seat, player, kind, amount, stack_after, at, event_id FROM chip_ledger
      WHERE kind IN ('buy-in', 'short-buy-in', 'cash-out', 'correction') AND at >= ? AND at < ? ${table !== undefined ? 'AND table_id = ?' : ''} ORDER BY id`)
      .all(from, to, ...(table !== undefined ? [table] : [])) as {
      id: number; table_id: string; seat: number; player: string; kind: 'buy-in' | 'short-buy-in' | 'cash-out' | 'correction'; amount: number; stack_after: number; at: string; event_id: number;
    }[]).map((r): LedgerRecord => ({
      id: r.id, tableId: r.table_id, seat: r.seat, player: r.player, kind: r.kind === 'correction' ? (r.amount >= 0 ? 'correction-in' : 'correction-out') : r.kind,
      amount: Math.abs(r.amount), stackAfter: r.stack_after, at: r.at, eventId: r.event_id,
    }));
    const alerts = (db.prepare(`SELECT id, table_id, hand_id, kind, code, message, raised_at, acknowledged_by, acknowledged_at, ack_note FROM alerts
      WHERE raised_at >= ? AND raised_at < ? ${table !== undefined ? 'AND table_id = ?' : ''} ORDER BY id`)
      .all(from, to, ...(table !== undefined ? [table] : [])) as {
      id: number; table_id: string; hand_id: string | null; kind: string; code: string; message: string; raised_at: string;
      acknowledged_by: string | null; acknowledged_at: string | null; ack_note: string | null;
    }[]).map((r) => ({
      id: r.id, tableId: r.table_id, handId: r.hand_id, kind: r.kind, code: r.code, message: r.message, raisedAt: r.raised_at,
      acknowledgedBy: r.acknowledged_by, acknowledgedAt: r.acknowledged_at, note: r.ack_note,
      ackSeconds: r.acknowledged_at === null ? null : (Date.parse(r.acknowledged_at) - Date.parse(r.raised_at)) / 1000,
    }));
    const floorActions = accessLog(store, { from, to })
      .filter((e) => FLOOR_ACTION_TYPES.includes(e.type) && (table === undefined || e.tableId === table))
      .map((e) => ({ row: e.row, at: e.at, tableId: e.tableId, handId: e.handId, type: e.type, by: e.by, person: e.person, what: e.what, why: e.why }));
    const head = db.prepare('SELECT last_id, last_hash AS hash FROM log_head').get() as { last_id: number; hash: string } | undefined;
    return { hands, ledger, alerts, floorActions, head: { lastId: head?.last_id ?? 0, headHash: head ? head.hash : null } };
  });
}

/**
 * A date (`2025-03-01`, a whole UTC day) or a time (`2025-03-01T20:00:00Z`, `...+01:00`).
 * Null for anything else, and for a date or time that does not exist (`2025-02-30`,
 * `T24:00`, `:60`, a zone `+24:00`): never rolled over into the next day or month.
 */
export function parseExportDate(text: string, end: boolean): string | null {
  const date = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):(\d{2})))?$/.exec(text);
  if (!date) return null;
  const day = new Date(`${date[1]}T00:00:00.000Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== date[1]) return null;
  if (date[2] === undefined) {
    if (end) day.setUTCDate(day.getUTCDate() + 1);
    return day.toISOString();
  }
  const [hour, minute, second, zoneHour, zoneMinute] = date.slice(2).map((x) => (x === undefined ? 0 : Number(x)));
  if (hour > 23 || minute > 59 || second > 59 || zoneHour > 23 || zoneMinute > 59) return null;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** Hands written between two calls of a progress's `done`. */
const PROGRESS_EVERY_HANDS = 500;

/**
 * The export as JSON, every kind of record read in one snapshot (the terminal may be writing
 * meanwhile); `from` / `to` are null when the range is open at that end. `progress` is told the
 * read (`read`), then the hands written (`write`).
 */
export function exportJson(store: Store, range: ExportRange, progress: Progress = NO_PROGRESS): string {
  progress.stage('read', null, 'records');
  const { hands, ledger, alerts, floorActions, head } = readExport(store, range);
  progress.stage('write', hands.length, 'hands');
  const out = {
    from: range.from ?? null,
    to: range.to ?? null,
    ...(range.tableId ? { tableId: range.tableId } : {}),
    exportedAt: new Date(store.clock()).toISOString(),
    log: head,
    hands: hands.map((h, i) => {
      if (i % PROGRESS_EVERY_HANDS === 0) progress.done(i);
      return jsonHand(h);
    }),
    ledger,
    alerts,
    floorActions,
  };
  progress.done(hands.length);
  return JSON.stringify(out, null, 1) + '\n';
}

function jsonHand(h: HandSummary): Record<string, unknown> {
  return {
    handId: h.handId, tableId: h.tableId, number: h.number, startedAt: h.startedAt, endedAt: h.endedAt, dealer: h.dealer, button: h.button,
    profile: h.profile, pointValue: h.pointValue, outcome: h.outcome, phase: h.phase, misdealCause: h.misdealCause, voidReason: h.voidReason,
    seats: h.seats, payments: h.payments,
    ...(h.record !== null ? { record: h.record, result: h.result } : {}),
    ...(h.simulated ? { simulated: true } : {}),
  };
}

const SEAT_COLUMNS = [1, 2, 3, 4].flatMap((s) => ['player', 'stack_before', 'points', 'net', 'stack_after', 'fouled', 'natural', 'surrendered'].map((c) => `seat${s}_${c}`));
export const CSV_COLUMNS = [
  'kind', 'hand_id', 'table_id', 'number', 'started_at', 'ended_at', 'dealer', 'button', 'profile', 'profile_version', 'point_value', 'outcome',
  'misdeal_cause', 'void_reason', ...SEAT_COLUMNS, 'payment_index', 'payment_from', 'payment_to', 'payment_amount', 'payment_executed_at',
  'simulated',
] as const;

/**
 * One CSV cell: empty for null, 1/0 for a boolean, quoted when it holds a quote, a comma, a line
 * break or spaces at an end. A text that a spreadsheet would take for a formula (starting with
 * =, +, -, @, a tab or a carriage return: a name or a reason someone typed) gets a leading `'`;
 * numbers are written as they are.
 */
export function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  let s = typeof v === 'boolean' ? (v ? '1' : '0') : String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The kinds of record the CSV export writes, one file each. */
export const EXPORT_RECORD_KINDS = ['hands', 'ledger', 'alerts', 'floor-actions'] as const;
export type ExportRecordKind = (typeof EXPORT_RECORD_KINDS)[number];

export const LEDGER_CSV_COLUMNS = ['kind', 'id', 'table_id', 'seat', 'player', 'amount', 'stack_after', 'at', 'event_id'] as const;
export const ALERT_CSV_COLUMNS = [
  'kind', 'alert_id', 'table_id', 'hand_id', 'alert_kind', 'code', 'message', 'raised_at', 'acknowledged_by', 'acknowledged_at', 'ack_seconds', 'note',
] as const;
export const FLOOR_CSV_COLUMNS = ['kind', 'row', 'at', 'table_id', 'hand_id', 'type', 'by', 'person', 'what', 'why'] as const;

function csvTable(columns: readonly string[], rows: readonly unknown[][]): string {
  return [columns.join(','), ...rows.map((r) => r.map(csvCell).join(','))].join('\r\n') + '\r\n';
}

/**
 * One kind of record as CSV (a header, CRLF line ends), read in one snapshot. `hands` (the
 * default): a `hand` row per hand, each followed by a `payment` row per payment; `ledger`: a
 * `buy-in`, `short-buy-in` or `cash-out` row each (amount positive); `alerts`: an `alert` row
 * each; `floor-actions`: a `floor-action` row each. `progress` is told the read (`read`) and,
 * for the hands, every few hundred written (`write`).
 */
export function exportCsv(store: Store, range: ExportRange, records: ExportRecordKind = 'hands', progress: Progress = NO_PROGRESS): string {
  progress.stage('read', null, 'records');
  if (records === 'ledger') {
    return csvTable(LEDGER_CSV_COLUMNS, readExport(store, range).ledger.map((l) => [l.kind, l.id, l.tableId, l.seat, l.player, l.amount, l.stackAfter, l.at, l.eventId]));
  }
  if (records === 'alerts') {
    return csvTable(ALERT_CSV_COLUMNS, readExport(store, range).alerts.map((a) => [
      'alert', a.id, a.tableId, a.handId, a.kind, a.code, a.message, a.raisedAt, a.acknowledgedBy, a.acknowledgedAt, a.ackSeconds, a.note,
    ]));
  }
  if (records === 'floor-actions') {
    return csvTable(FLOOR_CSV_COLUMNS, readExport(store, range).floorActions.map((f) => ['floor-action', f.row, f.at, f.tableId, f.handId, f.type, f.by, f.person, f.what, f.why]));
  }
  const hands = inSnapshot(store.db, () => handsBetween(store.db, range.from ?? FIRST, range.to ?? LAST, range.tableId));
  const lines = [CSV_COLUMNS.join(',')];
  progress.stage('write', hands.length, 'hands');
  for (let i = 0; i < hands.length; i++) {
    const h = hands[i];
    if (i % PROGRESS_EVERY_HANDS === 0) progress.done(i);
    const row: Record<string, unknown> = {
      kind: 'hand', hand_id: h.handId, table_id: h.tableId, number: h.number, started_at: h.startedAt, ended_at: h.endedAt, dealer: h.dealer,
      button: h.button, profile: h.profile.name, profile_version: h.profile.version, point_value: h.pointValue, outcome: h.outcome,
      misdeal_cause: h.misdealCause, void_reason: h.voidReason, simulated: h.simulated,
    };
    for (const s of h.seats) {
      Object.assign(row, {
        [`seat${s.seat}_player`]: s.player, [`seat${s.seat}_stack_before`]: s.stackBefore, [`seat${s.seat}_points`]: s.points,
        [`seat${s.seat}_net`]: s.net, [`seat${s.seat}_stack_after`]: s.stackAfter, [`seat${s.seat}_fouled`]: s.fouled,
        [`seat${s.seat}_natural`]: s.natural, [`seat${s.seat}_surrendered`]: s.surrendered,
      });
    }
    lines.push(CSV_COLUMNS.map((c) => csvCell(row[c])).join(','));
    for (const p of h.payments) {
      const pr: Record<string, unknown> = {
        kind: 'payment', hand_id: h.handId, table_id: h.tableId, number: h.number, started_at: h.startedAt, payment_index: p.index,
        payment_from: p.from, payment_to: p.to, payment_amount: p.amount, payment_executed_at: p.executedAt,
      };
      lines.push(CSV_COLUMNS.map((c) => csvCell(pr[c])).join(','));
    }
  }
  progress.done(hands.length);
  return lines.join('\r\n') + '\r\n';
}
