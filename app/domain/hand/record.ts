/**
 * The showdown record of a hand: the `settle` command's input (issue 2 section 3,
 * docs/settle.md) built from the hand's state, so the table service, the floor's `replay`
 * and the JSON export all settle exactly what the dealer's screen settled.
 */
import { formatCards } from '../cards';
import { fail, ok, type Result } from '../result';
import { settleRecord, type SettleResult } from '../settle';
import { sameJson } from '../json';
import { seatName } from './check';
import type { Actor, SeatNo, Settled, ShowdownRecord, ShowdownRecordSeat } from './events';
import { heldCards, inFantasyland, isFouled, settlementBlockers, thirteenOf } from './guards';
import { playingSeats, type HandState, type SeatState } from './state';

function recordSeat(state: HandState, seat: SeatState): Result<ShowdownRecordSeat> {
  // Built field by field (no object spreads: this runs for every seat of every replayed hand);
  // the key order is the one the record always had: seat, stack, fantasyland, then the cards.
  const fantasyland = inFantasyland(state, seat.seat);
  const entry = (fields: Omit<ShowdownRecordSeat, 'seat' | 'stack' | 'fantasyland'>): Result<ShowdownRecordSeat> => {
    const out: { -readonly [K in keyof ShowdownRecordSeat]: ShowdownRecordSeat[K] } = { seat: seat.seat as SeatNo, stack: seat.player!.stack };
    if (fantasyland) out.fantasyland = true;
    if (fields.cards !== undefined) out.cards = fields.cards;
    if (fields.front !== undefined) {
      out.front = fields.front;
      out.middle = fields.middle;
      out.back = fields.back;
    }
    if (fields.surrender !== undefined) out.surrender = fields.surrender;
    if (fields.foul !== undefined) out.foul = fields.foul;
    if (fields.natural !== undefined) out.natural = fields.natural;
    return ok(out);
  };
  const unknown = () => fail('cards-unknown', `${seatName(seat.seat)}'s 13 cards are not known (no shoe, hand not read): the hand cannot be settled`);
  if (seat.surrender) {
    const cards = thirteenOf(state, seat);
    if (!cards) return unknown();
    return entry({ cards: formatCards(cards), surrender: true });
  }
  if (seat.fouledByFloor) {
    // The seat's dealt cards when known: what it showed may hold another seat's card.
    const held = heldCards(state, seat.seat);
    const cards = held && held.length === 13 ? held : thirteenOf(state, seat);
    if (!cards) return unknown();
    return entry({ cards: formatCards(cards), foul: seat.fouledByFloor.reason });
  }
  const n = seat.natural;
  if (n && (n.status === 'verified' || (n.status === 'rejected' && isFouled(state, seat)))) {
    return entry({ cards: formatCards(n.cards!), natural: n.name });
  }
  if (!seat.hand) return fail('hand-not-read', `${seatName(seat.seat)}'s hand is not read yet`);
  const rows = { front: formatCards(seat.hand.front), middle: formatCards(seat.hand.middle), back: formatCards(seat.hand.back) };
  // A false natural played as set: the record keeps the declaration; settle plays the setting.
  if (n && n.status === 'rejected') return entry({ ...rows, natural: n.name });
  return entry(rows);
}

/**
 * The showdown record of the hand (the `settle` command's input format): `rules` is the hand's
 * profile snapshot, one entry per playing seat in seat order with its starting stack. Refused
 * while a seat's hand is not known yet.
 */
export function showdownRecord(state: HandState): Result<ShowdownRecord> {
  const info = state.info;
  if (!info) return fail('no-hand', 'no hand has started');
  const seats: ShowdownRecordSeat[] = [];
  for (const s of playingSeats(state).sort((a, b) => a.seat - b.seat)) {
    const r = recordSeat(state, s);
    if (!r.ok) return r;
    seats.push(r.value);
  }
  // The netted list is settled only when the house pays it, so a pairwise hand's record is as it always was.
  if (info.profile.payments === 'netted') return ok({ id: info.handId, rules: info.profileSnapshot, pointValue: info.pointValue, button: info.button, netting: true, seats });
  return ok({ id: info.handId, rules: info.profileSnapshot, pointValue: info.pointValue, button: info.button, seats });
}

/**
 * Builds the `settled` event for the hand: its showdown record and what `settleRecord` returns
 * for it. Refused with the reason while the hand cannot be settled (seats not read,
 * irregularities awaiting the floor), or when the rules core refuses the record.
 */
export function buildSettled(state: HandState, at: string, by: Actor = 'dealer'): Result<Settled> {
  const blockers = settlementBlockers(state);
  if (blockers.length) return fail('not-ready-to-settle', `The hand cannot be settled yet: ${blockers.join('; ')}`);
  const record = showdownRecord(state);
  if (!record.ok) return record;
  const result = settleRecord(record.value);
  if (!result.ok) return fail(result.error.code, `The showdown cannot be settled: ${result.error.message}`);
  return ok({ type: 'settled', at, by, record: record.value, result: result.value });
}

/**
 * Re-runs the settlement of a settled hand through the rules (the floor's `replay`): ok when
 * `settleRecord` on the stored record gives exactly the stored result, otherwise a refusal
 * saying what differs.
 */
export function verifySettlement(state: HandState): Result<SettleResult> {
  const st = state.settlement;
  if (!st) return fail('not-settled', 'the hand was not settled');
  const again = settleRecord(st.record);
  if (!again.ok) return fail('settlement-differs', `the stored record no longer settles: ${again.error.message}`);
  // Compared as JSON (what the log stores), without serialising either side.
  if (sameJson(again.value, st.result)) return ok(again.value);
  const fresh = again.value as unknown as Record<string, unknown>;
  const stored = st.result as unknown as Record<string, unknown>;
  const differing = Object.keys(fresh).filter((k) => !sameJson(fresh[k] ?? null, stored[k] ?? null));
  return fail('settlement-differs', `re-settling the record gives a different ${differing.join(', ')} than was stored`);
}
