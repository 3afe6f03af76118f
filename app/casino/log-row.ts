/**
 * An event row as a table database stores it and the central server keeps it: every column of
 * the table's `events` table, the hashes included, so the central copy is the table's log
 * byte for byte and its chain can be checked by the same code (app/services/event-log.ts).
 */
import type { RawEventRow } from '../services/event-log';
import type { StoredEvent } from '../services/store';

/** One row of a table's event log: the stored event with its body as the canonical JSON text, and its hashes. */
export interface LogRow extends StoredEvent<string> {
  readonly prevHash: string;
  readonly hash: string;
}

/** The end of a log: its last row's id and hash (0 and 64 zeros for an empty log). */
export interface LogEnd {
  readonly lastId: number;
  readonly lastHash: string;
}

/** The columns that make a row, in the order of the table's `events` (and the central `events`). */
export const LOG_ROW_COLUMNS = ['id', 'table_id', 'hand_id', 'hand_seq', 'type', 'recorded_at', 'body', 'prev_hash', 'hash'] as const;

/** The row in the shape the chain verifier reads. */
export function rawOf(r: LogRow): RawEventRow {
  return [r.id, r.tableId, r.handId, r.handSeq, r.type, r.recordedAt, r.body, r.prevHash, r.hash];
}

/** The row from the verifier's shape. */
export function rowOf(r: RawEventRow): LogRow {
  return { id: r[0], tableId: r[1], handId: r[2], handSeq: r[3], type: r[4], recordedAt: r[5], body: r[6], prevHash: r[7], hash: r[8] };
}

/** The columns in which two rows with the same id differ (empty: the same row). */
export function differingColumns(a: LogRow, b: LogRow): string[] {
  const ra = rawOf(a);
  const rb = rawOf(b);
  return LOG_ROW_COLUMNS.filter((_, i) => ra[i] !== rb[i]);
}
