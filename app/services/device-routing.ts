/**
 * Device routing and fault policy: what a card source attached to a table does there. A shoe's
 * cards and unreadable cards go into the open hand, a sequence gap becomes the fold's misdeal, a
 * fault is logged and raises an alert, a read the hand refuses is logged for the floor; a
 * scanner's cards fill the row the showdown expects next. Every event is acknowledged to the
 * device only once what it changes is committed (docs/store.md, "Nothing acknowledged is lost").
 */
import { formatCard, type Card } from '../domain/cards';
import type { HandEvent } from '../domain/hand';
import { scannedCardRefusal, scannerExpects, seatOf } from '../domain/hand';
import { SCAN_ORDER, scanCardsFrom, scanOrderRefusal, scanRowAt, splitScan } from '../domain/hand/scan-order';
import { fail, ok, type DomainError, type Result } from '../domain/result';
import { SEGMENT_SIZES } from '../domain/setting';
import type { TableEvent } from '../domain/table';
import type { CardSource, SourceEvent, StatusEvent } from '../../hardware/card-source';
import { deviceFaultAlert, isDeviceFault, refusedReadAlerts } from './alert-words';
import { toHex, type CardInput, type ReadOrigin } from './card-input';
import type { LastRead, LiveTable, AttachedDevice } from './live-table';
import type { AlertDraft } from './projections';
import type { DeviceStatus, ScanTarget, TableSnapshot, TableUpdate } from './service-types';
import type { StoredEvent } from './store';

/** A device read as the router records it. */
interface DeviceRead {
  readonly seq: number | null;
  /** The bytes, as hex. */
  readonly raw: string;
  /** The device waits for this read's ACK (framed). */
  readonly waitsForAck: boolean;
}

/** What the router needs of the table service: its commands, commits and pushes. */
export interface DeviceHost {
  /** The device's last refused read or held scanner card since the table's last checkpoint. */
  lastTableRead(tableId: string, device: string): (LastRead & { readonly id: number }) | null;
  now(): string;
  emit(update: TableUpdate): void;
  snapshotOf(table: LiveTable): TableSnapshot;
  changed(table: LiveTable, events: readonly StoredEvent[]): Result<TableSnapshot>;
  commitTable(table: LiveTable, events: readonly TableEvent[], alerts?: readonly AlertDraft[]): Result<StoredEvent[]>;
  handEvents(handId: string): StoredEvent<HandEvent>[];
  cardRead(cmd: { tableId: string; card: CardInput; seq?: number | null; afterSeq?: number; raw?: Uint8Array | string } & ReadOrigin): Result<TableSnapshot>;
  cardUnreadable(cmd: { tableId: string; seq?: number | null; raw?: Uint8Array | string } & ReadOrigin): Result<TableSnapshot>;
  sequenceGap(cmd: { tableId: string; expected: number; got: number }): Result<TableSnapshot>;
  /** A seat's scanned rows, recorded together (one commit). */
  scanRows(cmd: { tableId: string; seat: 1 | 2 | 3 | 4; rows: readonly { row: 'front' | 'middle' | 'back'; cards: readonly CardInput[] }[] }): Result<TableSnapshot>;
}

/** The refusals of one scanned card that leave the seat's held rows as they are; any other
 *  refusal of a scanner read ends the seat's scan (its rows are read again). */
const CARD_REFUSALS: ReadonlySet<string> = new Set(['no-row-expected', 'scanned-twice', 'card-not-this-seats', 'scan-question-open']);

/** Whether a refused scanner read (its code) ended the seat's scan, so the cards held before it
 *  are dropped (also when a restart takes the held cards up again). */
export function refusalEndsScan(code: string): boolean {
  return !CARD_REFUSALS.has(code);
}

export class DeviceRouter {
  constructor(private readonly host: DeviceHost) {}

  /**
   * Attaches a card source to a table: a shoe's cards and faults flow into the open hand (a
   * gap or an unreadable card becomes the fold's misdeal; a device fault raises an alert); a
   * scanner's cards fill the row the showdown expects next. Returns the function that detaches
   * it. The source is not started or stopped here.
   */
  attach(table: LiveTable, source: CardSource): Result<() => void> {
    const tableId = table.id;
    if (table.devices.has(source.id)) return fail('device-attached', `device ${source.id} is already attached to table ${tableId}`);
    const status: DeviceStatus = {
      device: source.id, role: source.role, label: source.label, simulated: source.simulated,
      status: source.state === 'connected' ? 'connected' : source.state, detail: null, fault: false, at: this.host.now(),
    };
    const unsubscribe = source.subscribe((e) => this.onDeviceEvent(table, e));
    table.devices.set(source.id, { source, status, unsubscribe, lastRead: this.lastReadOf(table, source.id) });
    this.host.emit({ kind: 'device-status', tableId, device: status });
    return ok(() => {
      const d = table.devices.get(source.id);
      if (!d || d.source !== source) return;
      d.unsubscribe();
      table.devices.delete(source.id);
      this.host.emit({ kind: 'device-status', tableId, device: { ...d.status, status: 'detached', fault: false, detail: null, at: this.host.now() } });
    });
  }

  /** The device's last read in the log: a card whose ACK a crash cut off is in the open hand
   *  or, when that read ended it, in the last hand. */
  private lastReadOf(table: LiveTable, device: string): LastRead | null {
    let last: (LastRead & { id: number }) | null = null;
    const hand = table.hand ?? table.lastHand;
    const events = hand ? this.host.handEvents(hand.id) : [];
    for (let i = events.length - 1; i >= 0; i--) {
      const b = events[i].body;
      if ((b.type === 'card-dealt' || b.type === 'card-unreadable') && b.device === device && b.seq !== null) {
        last = { id: events[i].id, seq: b.seq, raw: b.raw };
        break;
      }
    }
    // A refused read or a held scanner card is a table event, after the last checkpoint.
    const other = this.host.lastTableRead(table.id, device);
    if (other && (!last || other.id > last.id)) last = other;
    return last ? { seq: last.seq, raw: last.raw } : null;
  }

  /**
   * A device's event. Acknowledge-after-commit: the device's `acknowledge` (its ACK on the wire)
   * is called only once what the event changes is committed, or once it is known to need no
   * record; a failed commit leaves it unacknowledged, and the device resends.
   */
  private onDeviceEvent(table: LiveTable, e: SourceEvent): void {
    const attached = table.devices.get(e.device);
    if (!attached) return;
    if (this.recordDeviceEvent(table, attached, e)) e.acknowledge?.();
  }

  /** Records a device event; true when it is committed (or needs no record). */
  private recordDeviceEvent(table: LiveTable, attached: AttachedDevice, e: SourceEvent): boolean {
    if (e.kind === 'card') {
      const read: DeviceRead = { seq: e.seq ?? null, raw: toHex(e.raw), waitsForAck: e.acknowledge !== undefined };
      // A device resending a frame whose ACK a crash cut off: recorded already, never twice.
      if (read.seq !== null && attached.lastRead?.seq === read.seq && attached.lastRead.raw === read.raw) return true;
      let recorded: boolean;
      if (attached.source.role === 'scanner') {
        recorded = this.scannerCard(table, attached, e.card, read);
      } else {
        const r = this.host.cardRead({
          tableId: table.id, card: e.card, seq: read.seq, ...(e.afterSeq !== undefined ? { afterSeq: e.afterSeq } : {}), raw: read.raw, ...this.originOfDevice(attached),
        });
        recorded = r.ok || this.refuseDeviceRead(table, attached, r.error, e.card, read);
      }
      if (recorded && read.seq !== null) attached.lastRead = { seq: read.seq, raw: read.raw };
      return recorded;
    }
    return this.deviceStatus(table, attached, e);
  }

  private originOfDevice(attached: AttachedDevice): ReadOrigin {
    return { device: attached.source.id, simulated: attached.source.simulated };
  }

  private deviceStatus(table: LiveTable, attached: AttachedDevice, e: StatusEvent): boolean {
    if (e.status === 'unreadable' || e.status === 'sequence-gap') {
      if (attached.source.role !== 'shoe') return true;
      const r = e.status === 'unreadable'
        ? this.host.cardUnreadable({ tableId: table.id, raw: e.raw, ...this.originOfDevice(attached) })
        : this.host.sequenceGap({ tableId: table.id, expected: e.expected, got: e.received });
      return r.ok || this.refuseDeviceRead(table, attached, r.error);
    }
    const fault = isDeviceFault(e);
    const detail = 'reason' in e ? e.reason : e.status === 'heartbeat-lost' ? `nothing heard for ${e.silentMs} ms` : e.status === 'device-status' ? e.code : null;
    const at = new Date(e.at).toISOString();
    const previous = attached.status;
    attached.status = { ...previous, status: e.status, detail, fault, at };
    this.host.emit({ kind: 'device-status', tableId: table.id, device: attached.status });
    if (e.status === 'heartbeat-restored' && previous.status !== 'heartbeat-lost') return true;
    if (previous.status === e.status && previous.detail === detail) return true; // a retry loop repeats itself; log it once
    const alerts = fault ? [deviceFaultAlert(attached.source.role, e, detail, table.hand?.id ?? null)] : [];
    const committed = this.host.commitTable(table, [
      { type: 'device-status', at: this.host.now(), by: 'device', device: e.device, role: attached.source.role, status: e.status, ...(detail ? { detail } : {}) },
    ], alerts);
    if (committed.ok) this.host.changed(table, committed.value);
    return committed.ok;
  }

  /**
   * A card from the showdown scanner: fills the seat the showdown expects next, row by row
   * (front, middle, back). True when it is recorded: refused (the refusal is logged), or the
   * seat's rows it completes are committed, or it is held with the seat's rows being read. The
   * seat's rows are recorded together once all are in; when they look scanned out of order
   * (`scanOrderRefusal`: a row read too early would otherwise be final, and the foul with it)
   * they stay held and the dealer is asked (`answerScan`). A held card is in memory; from a scanner that waits
   * for its ACK it is first kept in the log (`scanner-card-held`), so the ACK never goes back for
   * a card a crash could lose, and a restart takes the rows up again.
   */
  private scannerCard(table: LiveTable, attached: AttachedDevice, card: Card, read: DeviceRead): boolean {
    const refuse = (error: DomainError) => this.refuseDeviceRead(table, attached, error, card, read);
    const target = table.hand ? scannerExpects(table.hand.state) : null;
    if (!table.hand || !target) {
      return refuse({ code: 'no-row-expected', message: `${formatCard(card)} was scanned, but no row is waiting to be read` });
    }
    if (table.scanBuffer.length === scanCardsFrom(target.row)) {
      return refuse({ code: 'scan-question-open', message: `seat ${target.seat}'s rows look scanned out of order: record them as scanned or scan the seat again (on the screen) before the next card` });
    }
    if (table.scanBuffer.includes(card)) {
      return refuse({ code: 'scanned-twice', message: `${formatCard(card)} is already scanned for seat ${target.seat}` });
    }
    // A card that is not the seat's is refused at once, before the row fills.
    const state = table.hand.state;
    const notTheSeats = scannedCardRefusal(state, target.seat, card);
    if (notTheSeats) return refuse(notTheSeats);
    const buffer = [...table.scanBuffer, card];
    const seat = seatOf(state, target.seat);
    const outOfOrder = buffer.length === scanCardsFrom(target.row)
      ? scanOrderRefusal(state, target.seat, [...SCAN_ORDER.flatMap((row) => seat.scanned[row] ?? []), ...buffer])
      : null;
    if (buffer.length < scanCardsFrom(target.row) || outOfOrder) {
      if (read.waitsForAck) {
        const held = this.host.commitTable(table, [{
          type: 'scanner-card-held', at: this.host.now(), by: 'device', device: attached.source.id, seat: target.seat, row: scanRowAt(target.row, buffer.length - 1)!,
          card: formatCard(card), seq: read.seq, raw: read.raw,
        }]);
        if (!held.ok) return false;
      }
      table.scanBuffer = buffer;
      this.host.emit({ kind: 'state-changed', tableId: table.id, table: this.host.snapshotOf(table), events: [] });
      return true;
    }
    table.scanBuffer = [];
    const r = this.host.scanRows({ tableId: table.id, seat: target.seat, rows: splitScan(target.row, buffer) });
    if (!r.ok && r.error.code === 'store-failed') {
      // Nothing was written: the row so far stays (its cards were acknowledged), this card is
      // not acknowledged and comes again.
      table.scanBuffer = buffer.slice(0, -1);
      return false;
    }
    return r.ok || refuse(r.error);
  }

  /**
   * A device read the hand refused: kept in the log (`device-read-refused`) for the floor and
   * pushed to the screen. A scanned card that is not the seat's also raises an irregularity
   * alert: a player may be showing a card he was not dealt.
   */
  private refuseDeviceRead(table: LiveTable, attached: AttachedDevice, error: DomainError, card?: Card, read?: DeviceRead): boolean {
    const device = attached.source.id;
    const alerts = refusedReadAlerts(error, table.hand?.id ?? null, device);
    const committed = this.host.commitTable(table, [{
      type: 'device-read-refused', at: this.host.now(), by: 'device', device, role: attached.source.role,
      ...(card !== undefined ? { card: formatCard(card) } : {}), ...(read?.seq != null ? { seq: read.seq, raw: read.raw } : {}),
      code: error.code, message: error.message,
    }], alerts);
    if (committed.ok) this.host.changed(table, committed.value);
    this.host.emit({ kind: 'device-input-refused', tableId: table.id, device, error });
    return committed.ok;
  }

  /**
   * The dealer's answer to a seat's scan that looks out of order: `record` it as scanned (a foul,
   * if so it is), or drop it to scan the seat again (kept in the log as a `device-read-refused`
   * of code `scan-discarded`, so a restart does not take the dropped cards up again).
   */
  answerScan(table: LiveTable, record: boolean): Result<TableSnapshot> {
    const target = table.hand ? scannerExpects(table.hand.state) : null;
    if (!target || table.scanBuffer.length !== scanCardsFrom(target.row)) {
      return fail('no-scan-question', 'No scanned hand is waiting for an answer');
    }
    const buffer = table.scanBuffer;
    if (record) {
      // Cleared before the commit, whose snapshot (returned and sent to the screens) must show
      // the next seat's scan empty; put back when nothing was written.
      table.scanBuffer = [];
      const r = this.host.scanRows({ tableId: table.id, seat: target.seat, rows: splitScan(target.row, buffer) });
      if (!r.ok) table.scanBuffer = buffer;
      return r;
    }
    const scanner = [...table.devices.values()].find((d) => d.source.role === 'scanner');
    const committed = this.host.commitTable(table, [{
      type: 'device-read-refused', at: this.host.now(), by: 'dealer', device: scanner?.source.id ?? 'scanner', role: 'scanner',
      code: 'scan-discarded', message: `the dealer drops seat ${target.seat}'s scan to scan it again, the front row first`,
    }]);
    if (!committed.ok) return committed;
    table.scanBuffer = [];
    return this.host.changed(table, committed.value);
  }

  /** The row the scanner fills next, with the cards of it read so far. */
  scanTarget(table: LiveTable): ScanTarget | null {
    if (!table.hand) return null;
    const t = scannerExpects(table.hand.state);
    if (!t) return null;
    const rows = splitScan(t.row, table.scanBuffer);
    const row = scanRowAt(t.row, table.scanBuffer.length) ?? t.row;
    const held: Partial<Record<'front' | 'middle' | 'back', number[]>> = {};
    for (const r of rows) if (r.cards.length > 0) held[r.row] = r.cards;
    const full = table.scanBuffer.length === scanCardsFrom(t.row);
    const seat = seatOf(table.hand.state, t.seat);
    const question = full ? scanOrderRefusal(table.hand.state, t.seat, [...SCAN_ORDER.flatMap((r) => seat.scanned[r] ?? []), ...table.scanBuffer]) : null;
    return { seat: t.seat, row, cards: full ? [] : [...(held[row] ?? [])], size: SEGMENT_SIZES[row], held, question };
  }
}
