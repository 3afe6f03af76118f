/**
 * The query tables (tables, sessions, seats, hands, hand_seats, payments, chip_ledger,
 * alerts) written from the events, inside the transaction that appends the event. They are
 * a convenience for the floor's queries; the event log stays the record.
 */
import type Database from 'better-sqlite3';
import type { HandEvent } from '../domain/hand/events';
import type { HandState } from '../domain/hand/state';
import type { StoredEvent, WriteTx } from './store';
import type { AlertKind, TableEvent, TableState } from '../domain/table';

/** Prepared statements, made once per connection. */
export class Projector {
  private readonly s: Record<string, Database.Statement>;

  constructor(db: Database.Database) {
    const p = (sql: string) => db.prepare(sql);
    this.s = {
      insertTable: p(`INSERT INTO tables (id, name, profile_name, profile_version, profile, point_value, mode, seq_modulo, button, opened_at, opened_event_id)
                      VALUES (@id, @name, @profileName, @profileVersion, @profile, @pointValue, @mode, @seqModulo, @button, @at, @eventId)`),
      dealerOn: p('INSERT INTO sessions (table_id, dealer, on_at, on_event_id) VALUES (?, ?, ?, ?)'),
      dealerOff: p('UPDATE sessions SET off_at = ?, off_event_id = ? WHERE table_id = ? AND off_at IS NULL'),
      seatPlayer: p('INSERT INTO seats (table_id, seat, player, name, stack, short_buy_in_allowed, seated_at) VALUES (?, ?, ?, ?, 0, 0, ?)'),
      seatStack: p('UPDATE seats SET stack = ?, short_buy_in_allowed = ? WHERE table_id = ? AND seat = ?'),
      seatStackOnly: p('UPDATE seats SET stack = ? WHERE table_id = ? AND seat = ?'),
      leaveSeat: p('DELETE FROM seats WHERE table_id = ? AND seat = ?'),
      ledger: p(`INSERT INTO chip_ledger (table_id, seat, player, kind, amount, stack_after, hand_id, event_id, at)
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      nextAlertId: p('SELECT coalesce(max(id), 0) + 1 FROM alerts').pluck(true),
      raiseAlert: p(`INSERT INTO alerts (id, table_id, hand_id, kind, code, message, raised_at, raised_event_id)
                     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
      ackAlert: p('UPDATE alerts SET acknowledged_by = ?, acknowledged_at = ?, ack_note = ?, ack_event_id = ? WHERE id = ? AND acknowledged_at IS NULL'),
      currentSession: p('SELECT id, dealer FROM sessions WHERE table_id = ? AND off_at IS NULL'),
      insertHand: p(`INSERT INTO hands (id, table_id, number, button, dealer, session_id, profile_name, profile_version, point_value, phase, outcome,
                       started_at, first_event_id, last_event_id)
                     VALUES (@id, @tableId, @number, @button, @dealer, @sessionId, @profileName, @profileVersion, @pointValue, @phase, 'open', @at, @eventId, @eventId)`),
      handsStarted: p('UPDATE tables SET hands_started = ? WHERE id = ?'),
      insertHandSeat: p('INSERT INTO hand_seats (hand_id, seat, player, stack_before) VALUES (?, ?, ?, ?)'),
      handStep: p('UPDATE hands SET phase = ?, last_event_id = ? WHERE id = ?'),
      handSettled: p('UPDATE hands SET settled_event_id = ? WHERE id = ?'),
      handSeatSettled: p('UPDATE hand_seats SET points = ?, fouled = ?, natural = ?, surrendered = ? WHERE hand_id = ? AND seat = ?'),
      insertPayment: p('INSERT INTO payments (hand_id, ordinal, from_seat, to_seat, amount) VALUES (?, ?, ?, ?, ?)'),
      paymentDone: p('UPDATE payments SET executed_at = ?, executed_event_id = ? WHERE hand_id = ? AND ordinal = ?'),
      handMisdeal: p('UPDATE hands SET misdeal_cause = ? WHERE id = ?'),
      handVoid: p('UPDATE hands SET void_reason = ? WHERE id = ?'),
      handEnded: p('UPDATE hands SET outcome = ?, ended_at = ? WHERE id = ?'),
      handSeatEnded: p('UPDATE hand_seats SET net = ?, stack_after = ? WHERE hand_id = ? AND seat = ?'),
      moveButton: p('UPDATE tables SET button = ? WHERE id = ?'),
    };
  }

  /** Writes what a table-level event changes, from the event and the table's state after it. */
  table(_tx: WriteTx, stored: StoredEvent<TableEvent>, after: TableState): void {
    const e = stored.body;
    const t = stored.tableId;
    const at = stored.recordedAt;
    switch (e.type) {
      case 'table-opened':
        this.s.insertTable.run({
          id: e.tableId, name: e.name, profileName: e.profile.name, profileVersion: e.profile.version,
          profile: JSON.stringify(e.profile.snapshot), pointValue: e.pointValue, mode: e.mode, seqModulo: e.seqModulo,
          button: e.button, at, eventId: stored.id,
        });
        return;
      case 'dealer-on':
        this.s.dealerOn.run(t, e.dealer, at, stored.id);
        return;
      case 'dealer-off':
        this.s.dealerOff.run(at, stored.id, t);
        return;
      case 'player-seated':
        this.s.seatPlayer.run(t, e.seat, e.playerId, e.name ?? null, at);
        return;
      case 'buy-in': {
        const seat = after.seats[e.seat - 1]!;
        this.s.seatStack.run(seat.stack, seat.shortBuyInAllowed ? 1 : 0, t, e.seat);
        this.s.ledger.run(t, e.seat, e.playerId, e.short ? 'short-buy-in' : 'buy-in', e.amount, seat.stack, null, stored.id, at);
        return;
      }
      case 'player-left':
        this.s.leaveSeat.run(t, e.seat);
        this.s.ledger.run(t, e.seat, e.playerId, 'cash-out', -e.cashOut, 0, null, stored.id, at);
        return;
      case 'alert-raised':
        this.s.raiseAlert.run(e.alertId, t, e.handId, e.kind, e.code, e.message, at, stored.id);
        return;
      case 'alert-acknowledged':
        this.s.ackAlert.run(e.person, at, e.note ?? null, stored.id, e.alertId);
        return;
      case 'device-status':
      case 'device-read-refused':
      case 'scanner-card-held':
      case 'table-checkpoint':
      case 'terminal-started':
      case 'terminal-stopped':
        return; // kept in the log only
    }
  }

  /** The id the next alert gets. */
  nextAlertId(): number {
    return this.s.nextAlertId.get() as number;
  }

  /** The dealer signed on at a table, as the sessions table says. */
  currentSession(tableId: string): { id: number; dealer: string } | undefined {
    return this.s.currentSession.get(tableId) as { id: number; dealer: string } | undefined;
  }

  /** Writes what a hand event changes; `after` is the hand's state after it. */
  hand(stored: StoredEvent<HandEvent>, after: HandState): void {
    const e = stored.body;
    const handId = stored.handId!;
    if (e.type === 'hand-started') {
      const session = this.currentSession(e.tableId);
      this.s.insertHand.run({
        id: handId, tableId: e.tableId, number: e.handNumber, button: e.button, dealer: session?.dealer ?? null, sessionId: session?.id ?? null,
        profileName: e.profile.name, profileVersion: e.profile.version, pointValue: e.pointValue, phase: after.phase,
        at: stored.recordedAt, eventId: stored.id,
      });
      this.s.handsStarted.run(e.handNumber, e.tableId);
      for (const s of e.seats) this.s.insertHandSeat.run(handId, s.seat, s.playerId, s.stack);
      return;
    }
    // A card dealt never changes the hand's phase (the end of the deal and a misdeal are
    // events of their own, appended in the same transaction): not rewriting the hands row for
    // each of the 52 cards saves a page per durable commit. last_event_id is the last event
    // that was not a card read.
    if (e.type !== 'card-dealt') this.s.handStep.run(after.phase, stored.id, handId);
    switch (e.type) {
      case 'settled': {
        const r = e.result;
        this.s.handSettled.run(stored.id, handId);
        for (const seat of after.seats.filter((s) => s.playing)) {
          const k = String(seat.seat);
          this.s.handSeatSettled.run(
            r.points[k] ?? 0, r.fouled.includes(seat.seat) ? 1 : 0, r.naturals[k] ?? null, r.surrendered.includes(seat.seat) ? 1 : 0, handId, seat.seat,
          );
        }
        r.payments.forEach((p, i) => this.s.insertPayment.run(handId, i, p.from, p.to, p.amount));
        return;
      }
      case 'payment-executed':
        this.s.paymentDone.run(stored.recordedAt, stored.id, handId, e.index);
        return;
      case 'misdeal-called':
        this.s.handMisdeal.run(e.cause, handId);
        return;
      case 'hand-voided':
        this.s.handVoid.run(e.reason, handId);
        return;
      default:
        return;
    }
  }

  /**
   * The hand is over (`after`: its final state; `table`: the table after it): its outcome, each
   * seat's net and stack after, the seats' stacks, a ledger row per seat, and the button
   * (moved one seat clockwise after a played hand only).
   */
  handEnded(stored: StoredEvent<HandEvent>, after: HandState, table: TableState): void {
    const handId = stored.handId!;
    const info = after.info!;
    const outcome = after.phase === 'closed' ? 'played' : after.phase === 'misdealt' ? 'misdeal' : 'void';
    this.s.handEnded.run(outcome, stored.recordedAt, handId);
    for (const seat of after.seats.filter((s) => s.playing)) {
      const player = seat.player!;
      const stackAfter = table.seats[seat.seat - 1]?.stack ?? player.stack;
      const n = stackAfter - player.stack;
      this.s.handSeatEnded.run(n, stackAfter, handId, seat.seat);
      this.s.seatStackOnly.run(stackAfter, info.tableId, seat.seat);
      this.s.ledger.run(info.tableId, seat.seat, player.playerId, 'hand', n, stackAfter, handId, stored.id, stored.recordedAt);
    }
    this.s.moveButton.run(table.button, info.tableId);
  }
}

/** What one entry did, as the projections need it: the table after it, and the hand's state after it. */
export interface ProjectedStep {
  readonly table: TableState;
  /**
   * The hand's state after a hand's event (null for a table event). For a note on a hand that
   * is over, which the table fold passes by (`applyTableEntry` gives null), the caller gives
   * that hand's state after the note.
   */
  readonly hand: HandState | null;
}

/**
 * Writes the query rows one entry of a table's log changes, exactly as the table service
 * writes them when it commits the entry: a table event from the table's state after it
 * (`Projector.table`); a hand's event from the hand's state after it (`Projector.hand`), and
 * when that event ends the hand in play (`before` holds it, `step.table` no longer does), the
 * hand's end from its final state and the table after it (`Projector.handEnded`). `before`: the
 * table before the entry (null before `table-opened`). The service and the audit's rebuild of
 * the query tables both call this, so the rows are written one way. Throws when a hand's event
 * comes without the hand's state (a caller's mistake).
 */
export function projectEntry(projector: Projector, tx: WriteTx, stored: StoredEvent, before: TableState | null, step: ProjectedStep): void {
  if (stored.handId === null) {
    projector.table(tx, stored as StoredEvent<TableEvent>, step.table);
    return;
  }
  const hand = step.hand;
  if (!hand) throw new Error(`log row ${stored.id} (${stored.type}): a hand's event is projected with the hand's state after it`);
  const event = stored as StoredEvent<HandEvent>;
  projector.hand(event, hand);
  if (before?.hand?.id === stored.handId && step.table.hand === null) projector.handEnded(event, hand, step.table);
}

/** An alert to raise, before it has an id. */
export interface AlertDraft {
  readonly kind: AlertKind;
  readonly code: string;
  readonly message: string;
  readonly handId: string | null;
  readonly device?: string;
}
