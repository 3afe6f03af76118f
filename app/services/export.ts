/**
 * The floor's export: hands and payments of a date range as CSV or JSON.
 *
 * JSON: `{ from, to, exportedAt, log: { lastId, headHash }, hands: [...] }`; each hand carries
 * its seats, payments and, when settled, `record` (the `settle` command's input: feed it to
 * `npm run settle`) and `result` (the `settle` command's output for it).
 * CSV: one table with a `kind` column: a `hand` row per hand (its seats in columns
 * seat1_player ... seat4_stack_after) followed by a `payment` row per payment.
 */
import { inSnapshot } from './event-log';
import { handsBetween } from './queries';
import type { HandSummary } from './service-types';
import type { Store } from './store';

export interface ExportRange {
  /** Inclusive, ISO 8601 UTC. */
  readonly from: string;
  /** Exclusive, ISO 8601 UTC. */
  readonly to: string;
  readonly tableId?: string;
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

/** The hands and the log head read in one snapshot (the terminal may be writing meanwhile). */
export function exportJson(store: Store, range: ExportRange): string {
  const { hands, head } = inSnapshot(store.db, () => ({
    hands: handsBetween(store.db, range.from, range.to, range.tableId),
    head: store.db.prepare('SELECT last_id, last_hash AS hash FROM log_head').get() as { last_id: number; hash: string } | undefined,
  }));
  const out = {
    from: range.from,
    to: range.to,
    ...(range.tableId ? { tableId: range.tableId } : {}),
    exportedAt: new Date(store.clock()).toISOString(),
    log: { lastId: head?.last_id ?? 0, headHash: head ? head.hash : null },
    hands: hands.map(jsonHand),
  };
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

/** The hands (each with its seats and payments) read in one snapshot. */
export function exportCsv(store: Store, range: ExportRange): string {
  const hands = inSnapshot(store.db, () => handsBetween(store.db, range.from, range.to, range.tableId));
  const lines = [CSV_COLUMNS.join(',')];
  for (const h of hands) {
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
  return lines.join('\r\n') + '\r\n';
}
