/**
 * The access log: who did what, when and why, for the privileged side of the terminal, read
 * from the event log (nothing of its own). Every staff event (sign-ins, failed sign-ins,
 * lockouts, sign-outs, people added or disabled, new PINs) and the privileged actions already
 * in the log: floor corrections, voided hands, misdeals called by the floor, alert
 * acknowledgements (with the alert's kind: an `integrity` one clears the hold on a table) and
 * tables opened. PIN hashes are never part of it.
 *
 * CSV (a header, then one row per entry, CRLF) or JSON (an array of entries), oldest first.
 */
import { MISDEAL_CAUSE_WORDS } from '../domain/hand/dealer-calls';
import type { CorrectionAction, FloorCorrection, FloorSignature, HandVoided, MisdealCalled } from '../domain/hand/events';
import type { AlertAcknowledged, DealerOff, DealerOn, DeviceSet, HandCorrected, RulesChanged, TableOpened } from '../domain/table/events';
import { STAFF_EVENT_TYPES, STAFF_LOG_ID, type StaffEvent } from '../domain/staff';
import { inSnapshot } from './event-log';
import { csvCell } from './export';
import { parseBody, type Store } from './store';

/** One line of the access log. */
export interface AccessEntry {
  /** The event's row in the log. */
  readonly row: number;
  /** When it was recorded (ISO 8601 UTC). */
  readonly at: string;
  /** The table it concerns, if any (a staff sign-in names one when there is one). */
  readonly tableId: string | null;
  readonly handId: string | null;
  /** The event type. */
  readonly type: string;
  /** Who recorded it, as the event says: `staff:<id>`, `floor:<name>`, `dealer`, `system`. */
  readonly by: string;
  /** The person it is about: the staff member, the floor manager, the person who acknowledged. */
  readonly person: string | null;
  /** What a sign-in was for (`take-box`, `floor-action`, `admin`, `audit`). */
  readonly purpose: string | null;
  /** What happened, in words. */
  readonly what: string;
  /** Why: the reason or note recorded with it, if any. */
  readonly why: string | null;
}

/** The event types the access log shows (`misdeal-called` only when the floor called it). */
export const ACCESS_LOG_TYPES: readonly string[] = [
  ...STAFF_EVENT_TYPES, 'dealer-on', 'dealer-off', 'floor-correction', 'hand-voided', 'misdeal-called', 'alert-acknowledged', 'table-opened', 'rules-changed', 'hand-corrected', 'device-set',
];

/** The time range of an access log: `from` inclusive, `to` exclusive (ISO 8601 UTC); either may be left out. */
export interface AccessRange {
  readonly from?: string;
  readonly to?: string;
  /** Only the newest `last` entries of the range (still oldest first). */
  readonly last?: number;
}

interface Row { id: number; table_id: string; hand_id: string | null; type: string; recorded_at: string; body: string }

function actionWords(a: CorrectionAction | undefined): string {
  switch (a?.kind) {
    case 'resolve-irregularity': return `resolve irregularity ${a.irregularity}: ${a.ruling}`;
    case 'replace-hand': return `replace the hand of seat ${a.seat}`;
    case 'foul-seat': return `foul seat ${a.seat}`;
    case 'note': return 'note';
    default: return String((a as { kind?: unknown } | undefined)?.kind);
  }
}

function floorName(by: string): string | null {
  return by.startsWith('floor:') ? by.slice('floor:'.length) : null;
}

/** The floor person of a floor event: his staff id when he gave his PIN, else the name typed. */
function floorPerson(by: string, signedBy: readonly FloorSignature[] | undefined): string | null {
  return signedBy?.[0]?.staffId ?? floorName(by);
}

/** ", with <name> (<id>) as the second floor person" when a second floor person signed it. */
function secondWords(signedBy: readonly FloorSignature[] | undefined): string {
  const s = signedBy?.[1];
  return s ? `, with ${s.name} (${s.staffId}) as the second floor person` : '';
}

function staffEntry(base: Omit<AccessEntry, 'by' | 'person' | 'purpose' | 'what' | 'why' | 'tableId'>, e: StaffEvent): AccessEntry {
  const common = { ...base, by: e.by, person: e.staffId, tableId: 'tableId' in e ? e.tableId ?? null : null, purpose: 'purpose' in e ? e.purpose ?? null : null };
  switch (e.type) {
    case 'staff-added': return { ...common, what: `added ${e.name} as ${e.roles.join(', ')}`, why: null };
    case 'staff-disabled': return { ...common, what: 'disabled', why: e.reason ?? null };
    case 'staff-pin-set': return { ...common, what: 'new PIN set', why: null };
    case 'staff-signed-in': return { ...common, what: 'signed in', why: null };
    case 'staff-sign-in-failed': return { ...common, what: `sign-in refused: ${e.reason}${e.reason === 'wrong-pin' ? ` (${e.failures} in a row)` : ''}`, why: null };
    case 'staff-locked-out': return { ...common, what: `locked out until ${e.until} after ${e.failures} wrong PINs in a row`, why: null };
    case 'staff-signed-out': return { ...common, what: e.purpose === undefined ? 'signed out of everything' : 'signed out', why: null };
  }
}

/**
 * The access log of `range`, oldest first, read in one snapshot (the terminal may be writing).
 * An event body that is not JSON fails as in every reader of the log (`event-not-json`).
 */
export function accessLog(store: Store, range: AccessRange = {}): AccessEntry[] {
  const db = store.db;
  return inSnapshot(db, () => {
    const where = [`type IN (${ACCESS_LOG_TYPES.map(() => '?').join(', ')})`];
    const args: unknown[] = [...ACCESS_LOG_TYPES];
    if (range.from !== undefined) {
      where.push('recorded_at >= ?');
      args.push(range.from);
    }
    if (range.to !== undefined) {
      where.push('recorded_at < ?');
      args.push(range.to);
    }
    const newest = range.last !== undefined ? ` ORDER BY id DESC LIMIT ${Math.max(0, Math.floor(range.last))}` : ' ORDER BY id';
    const rows = db.prepare(`SELECT id, table_id, hand_id, type, recorded_at, body FROM events WHERE ${where.join(' AND ')}${newest}`).all(...args) as Row[];
    if (range.last !== undefined) rows.reverse();
    const alertOf = db.prepare('SELECT kind, code FROM alerts WHERE id = ?');
    const out: AccessEntry[] = [];
    for (const r of rows) {
      const body = parseBody(r.body, r.id, r.hand_id, r.type) as { by?: unknown };
      const by = typeof body.by === 'string' ? body.by : String(body.by);
      const base = { row: r.id, at: r.recorded_at, handId: r.hand_id, type: r.type };
      if (r.table_id === STAFF_LOG_ID) {
        out.push(staffEntry(base, body as StaffEvent));
        continue;
      }
      const table = { ...base, tableId: r.table_id, by, purpose: null };
      switch (r.type) {
        case 'floor-correction': {
          const e = body as FloorCorrection;
          out.push({ ...table, person: floorPerson(by, e.signedBy), what: `floor correction: ${actionWords(e.action)}${secondWords(e.signedBy)}`, why: e.reason ?? null });
          break;
        }
        case 'hand-voided': {
          const e = body as HandVoided;
          out.push({ ...table, person: floorPerson(by, e.signedBy), what: `hand voided${secondWords(e.signedBy)}`, why: e.reason ?? null });
          break;
        }
        case 'dealer-on':
        case 'dealer-off': {
          const e = body as DealerOn | DealerOff;
          out.push({ ...table, person: e.staffId ?? e.dealer ?? null, what: r.type === 'dealer-on' ? `took the box: ${e.dealer}` : `left the box: ${e.dealer}`, why: null });
          break;
        }
        case 'misdeal-called': {
          const e = body as MisdealCalled;
          if (floorName(by) === null) break; // the dealer's or the terminal's: not a privileged action
          out.push({ ...table, person: floorName(by), what: `misdeal called: ${MISDEAL_CAUSE_WORDS[e.cause] ?? e.cause}`, why: e.detail ?? null });
          break;
        }
        case 'alert-acknowledged': {
          const e = body as AlertAcknowledged;
          const alert = alertOf.get(e.alertId) as { kind: string; code: string } | undefined;
          out.push({ ...table, person: e.staffId ?? e.person ?? null, what: `acknowledged alert ${e.alertId}${alert ? ` (${alert.kind}: ${alert.code})` : ''}`, why: e.note ?? null });
          break;
        }
        case 'table-opened': {
          const e = body as TableOpened;
          out.push({ ...table, person: null, what: `table opened: ${e.name}, ${e.profile?.name} version ${e.profile?.version}, point value ${e.pointValue}`, why: null });
          break;
        }
        case 'hand-corrected': {
          const e = body as HandCorrected;
          const c = e.correction;
          const what = c?.kind === 'void' ? 'voided after payment' : `settled again (${(c?.seats ?? []).map((x) => `seat ${x.seat}: ${x.kind}`).join(', ')})`;
          const moves = (e.transfers ?? []).length;
          out.push({ ...table, handId: e.handId ?? null, person: floorPerson(by, e.signedBy), what: `hand ${e.handId} corrected: ${what}, ${moves} chip movement${moves === 1 ? '' : 's'}${secondWords(e.signedBy)}`, why: e.reason ?? null });
          break;
        }
        case 'rules-changed': {
          const e = body as RulesChanged;
          out.push({ ...table, person: e.staffId ?? null, what: `rules changed: ${e.name}, ${e.profile?.name} version ${e.profile?.version}, point value ${e.pointValue}${e.language ? `, language ${e.language}` : ''}`, why: e.reason ?? null });
          break;
        }
        case 'device-set': {
          const e = body as DeviceSet;
          out.push({ ...table, person: e.staffId ?? null, what: `${e.role} set: ${e.label ?? 'none'}`, why: e.reason ?? null });
          break;
        }
        default:
          // A staff event type stored at a table's id is not the terminal's: shown as it is.
          out.push({ ...table, person: null, what: r.type, why: null });
      }
    }
    return out;
  });
}

/** The CSV columns, in order. */
export const ACCESS_LOG_COLUMNS = ['row', 'at', 'table_id', 'hand_id', 'type', 'by', 'person', 'purpose', 'what', 'why'] as const;

/** The entries as CSV: a header, then one row each (CRLF line ends). */
export function accessLogCsv(entries: readonly AccessEntry[]): string {
  const lines = [ACCESS_LOG_COLUMNS.join(',')];
  for (const e of entries) {
    lines.push([e.row, e.at, e.tableId, e.handId, e.type, e.by, e.person, e.purpose, e.what, e.why].map(csvCell).join(','));
  }
  return lines.join('\r\n') + '\r\n';
}

/** The entries as a JSON array. */
export function accessLogJson(entries: readonly AccessEntry[]): string {
  return JSON.stringify(entries, null, 1) + '\n';
}
