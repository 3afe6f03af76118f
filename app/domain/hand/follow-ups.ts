/**
 * The events the terminal appends by itself (`by: 'system'`), so the table service stays
 * dumb: after appending and applying any event, it asks `followUps(state, now)` and appends
 * and applies what comes back, in order, then asks again until the list is empty.
 *
 * - a misdeal the fold detected (a card read twice, a 53rd card, an unreadable read, a gap in
 *   the sequence numbers, a short deal, five exposed cards, a wrong-seat delivery before any
 *   hand was set) becomes an explicit `misdeal-called` with its cause and the cards read;
 * - the shoe's last card of the deal ends the deal (`deal-ended`);
 * - a declared natural whose cards are known is verified or rejected (with the proof or the
 *   reason) by `verifyNatural`;
 * - the last payment made closes the hand (`hand-closed`).
 */
import { verifyNatural } from '../naturals';
import type { HandEvent } from './events';
import { playingSeats, type HandState } from './state';

/** The events that must be appended next, all stamped `at` and `by: 'system'`. */
export function followUps(state: HandState, at: string): HandEvent[] {
  const info = state.info;
  if (!info) return [];
  const p = state.pendingMisdeal;
  if (p) {
    return [{ type: 'misdeal-called', at, by: 'system', cause: p.cause, automatic: p.automatic, cardsRead: [...state.deal.cards], detail: p.detail }];
  }
  const d = state.deal;
  if (state.phase === 'dealing' && !d.ended && d.schedule.length > 0 && d.reads === d.schedule.length) {
    return [{ type: 'deal-ended', at, by: 'system' }];
  }
  if (state.phase === 'setting') {
    const out: HandEvent[] = [];
    for (const s of playingSeats(state)) {
      const n = s.natural;
      if (!n || n.status !== 'declared' || !n.cards) continue;
      const v = verifyNatural(n.cards, n.name);
      if (v.ok) out.push({ type: 'natural-verified', at, by: 'system', seat: s.seat, natural: n.name, proof: v.value });
      else if (v.error.code === 'natural-not-held') out.push({ type: 'natural-rejected', at, by: 'system', seat: s.seat, natural: n.name, reason: v.error.message });
    }
    return out;
  }
  if (state.phase === 'paying' && state.settlement && state.settlement.executed.every(Boolean)) {
    return [{ type: 'hand-closed', at, by: 'system' }];
  }
  return [];
}
