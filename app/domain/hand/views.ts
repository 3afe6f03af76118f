/**
 * What the dealer's screen shows, as pure functions of a hand's state: cards per seat during
 * the deal, the row the scanner expects next, what blocks the next phase (in words), the
 * payments still to make, the stacks after the hand, the next button, and what carries over
 * to the next hand (reserved hands, Fantasyland).
 */
import type { Card } from '../cards';
import { NATURAL_TITLES } from '../naturals';
import { SEGMENTS } from '../setting';
import { seatName } from './check';
import type { Row, SeatNo, TwoHandedRound } from './events';
import {
  blockerWords, cardsAreKnown, hasVerifiedNatural, inFantasyland, isFouled, isOutOfComparison, paymentsToMake, settlementBlockerList, showdownBlockerList,
  type Blocker,
} from './guards';
import { isOver, playingSeats, seatOf, type HandState } from './state';

/** Seed 004's names for seats 1-4 (clockwise), shown beside the numbers. */
export const SEAT_WINDS: Readonly<Record<SeatNo, string>> = { 1: 'North', 2: 'East', 3: 'South', 4: 'West' };

/** Cards dealt to each position so far (0..13); all four positions in Chinese Poker. */
export function cardCounts(state: HandState): Record<SeatNo, number> {
  return { 1: state.seats[0].dealt.length, 2: state.seats[1].dealt.length, 3: state.seats[2].dealt.length, 4: state.seats[3].dealt.length };
}

/** The deal's progress: reads so far and the cards the deal has (0 when there is no shoe). */
export function dealProgress(state: HandState): { readonly read: number; readonly of: number; readonly next: SeatNo | null } {
  const d = state.deal;
  const next = state.phase === 'dealing' && d.reads < d.schedule.length ? d.schedule[d.reads] : null;
  return { read: d.reads, of: d.schedule.length, next };
}

/** At showdown, the seat and row the scanner should read next: seats in announcement order
 *  (left of the button, clockwise), each front, middle, back. Null when nothing is expected. */
export function scannerExpects(state: HandState): { readonly seat: SeatNo; readonly row: Row } | null {
  if (state.phase !== 'showdown' || state.info?.game !== 'chinese') return null;
  for (const s of playingSeats(state)) {
    if (s.hand || isOutOfComparison(state, s)) continue;
    const row = SEGMENTS.find((r) => !s.scanned[r]);
    if (row) return { seat: s.seat, row };
  }
  return null;
}

/** OFC: each seat's cards dealt but not placed yet (Fantasyland seats: until shown). */
export function awaitingPlacement(state: HandState): { readonly seat: SeatNo; readonly cards: readonly Card[] }[] {
  if (state.info?.game !== 'ofc' || !cardsAreKnown(state)) return [];
  return playingSeats(state).map((s) => {
    const placed = new Set(s.hand ? [...s.hand.front, ...s.hand.middle, ...s.hand.back] : SEGMENTS.flatMap((r) => s.placed[r]));
    return { seat: s.seat, cards: seatOf(state, s.holds).dealt.filter((c) => !placed.has(c)) };
  }).filter((x) => x.cards.length > 0);
}

/** A payment of the settlement with its place in the list. */
export interface PaymentLine {
  readonly index: number;
  readonly from: SeatNo;
  readonly to: SeatNo;
  readonly amount: number;
}

/** The payments still to make, in the settlement's order. */
export function outstandingPayments(state: HandState): PaymentLine[] {
  const st = state.settlement;
  if (!st) return [];
  return paymentsToMake(st.result)
    .map((p, index) => ({ index, from: p.from as SeatNo, to: p.to as SeatNo, amount: p.amount }))
    .filter((p) => !st.executed[p.index]);
}

/** What stops the hand from moving to its next phase, as data (empty: nothing). */
export function blockerList(state: HandState): Blocker[] {
  if (state.pendingMisdeal) return [{ code: 'misdeal-pending', seat: null, detail: state.pendingMisdeal.detail }];
  switch (state.phase) {
    case 'idle': return [{ code: 'no-hand', seat: null }];
    case 'dealing': {
      const d = state.deal;
      if (d.schedule.length === 0) return [{ code: 'deal-not-ended', seat: null }];
      return [{ code: 'deal-in-progress', seat: null, read: d.reads, of: d.schedule.length }];
    }
    case 'setting': return showdownBlockerList(state);
    case 'showdown': return settlementBlockerList(state);
    case 'paying': {
      const open = outstandingPayments(state);
      return open.length ? [{ code: 'payments-outstanding', seat: null, payments: open.map((p) => ({ from: p.from, to: p.to, amount: p.amount })) }] : [];
    }
    default: return [];
  }
}

/** What stops the hand from moving to its next phase, in words (empty: nothing). */
export function blockers(state: HandState): string[] {
  return blockerList(state).map(blockerWords);
}

/** One line per seat for the dealer: where the seat stands. */
export type SeatStatus =
  | 'empty' | 'waiting' | 'set' | 'surrendered' | 'natural-declared' | 'natural' | 'fouled'
  | 'partly-read' | 'read';

export function seatStatus(state: HandState, seat: SeatNo): SeatStatus {
  const s = seatOf(state, seat);
  if (!s.playing) return 'empty';
  if (s.surrender) return 'surrendered';
  if (hasVerifiedNatural(s)) return 'natural';
  if (isFouled(state, s)) return 'fouled';
  if (s.natural?.status === 'declared') return 'natural-declared';
  if (s.hand) return 'read';
  if (SEGMENTS.some((r) => s.scanned[r])) return 'partly-read';
  return s.ready ? 'set' : 'waiting';
}

/** Words for a seat's status, e.g. "Seat 2: Six Pairs (verified)". */
export function seatStatusText(state: HandState, seat: SeatNo): string {
  const s = seatOf(state, seat);
  const st = seatStatus(state, seat);
  const name = `${seatName(seat)} (${SEAT_WINDS[seat]})`;
  switch (st) {
    case 'natural': return `${name}: ${NATURAL_TITLES[s.natural!.name]} (verified)`;
    case 'natural-declared': return `${name}: declared ${NATURAL_TITLES[s.natural!.name]}`;
    case 'fouled': return `${name}: fouled (${s.fouledByFloor ? `floor: ${s.fouledByFloor.reason}` : `false ${NATURAL_TITLES[s.natural!.name]}`})`;
    default: return `${name}: ${st}${inFantasyland(state, seat) ? ' (Fantasyland)' : ''}`;
  }
}

/** Each playing seat's stack after the hand: start + net once settled; unchanged before that
 *  and after a misdeal or a void. */
export function stacksAfter(state: HandState): Partial<Record<SeatNo, number>> {
  const out: Partial<Record<SeatNo, number>> = {};
  const net = state.phase === 'paying' || state.phase === 'closed' ? state.settlement?.result.net : undefined;
  for (const s of playingSeats(state)) out[s.seat] = s.player!.stack + (net?.[String(s.seat)] ?? 0);
  return out;
}

/**
 * How many payments of the settlement the dealer has made. Once one is, chips have moved: a
 * void then needs a second floor person (the two-person rule) and gives the chips back.
 */
export function paymentsMade(state: HandState): number {
  return state.settlement?.executed.filter(Boolean).length ?? 0;
}

/** Each playing seat's chips right now: start plus the payments already made. */
export function stacksNow(state: HandState): Partial<Record<SeatNo, number>> {
  const out: Partial<Record<SeatNo, number>> = {};
  for (const s of playingSeats(state)) out[s.seat] = s.player!.stack;
  const st = state.settlement;
  if (st) {
    paymentsToMake(st.result).forEach((p, i) => {
      if (!st.executed[i]) return;
      out[p.from as SeatNo]! -= p.amount;
      out[p.to as SeatNo]! += p.amount;
    });
  }
  return out;
}

/**
 * The button for the next hand (RULES.md section 2): after a completed hand it moves exactly
 * one seat clockwise, to an empty seat too (all four positions are dealt whatever the number
 * of players); after a misdeal or a void it stays. For a hand still open: where it will go if
 * the hand completes.
 */
export function nextButton(state: HandState): SeatNo {
  const info = state.info;
  if (!info) throw new RangeError('nextButton: no hand has started');
  if (state.phase === 'misdealt' || state.phase === 'voided') return info.button;
  return ((info.button % 4) + 1) as SeatNo;
}

/** What the next hand inherits from this one. */
export interface CarryOver {
  readonly button: SeatNo;
  /** The players of this hand with their stacks after it. */
  readonly stacks: readonly { readonly seat: SeatNo; readonly playerId: string; readonly stack: number }[];
  /** Two-handed: the reserved round the next hand must be (no deal), or null for a new deal. */
  readonly reservedRound: Extract<TwoHandedRound, { round: 'reserved' }> | null;
  /** OFC: the seats dealt Fantasyland next hand. */
  readonly fantasyland: readonly SeatNo[];
}

/** What the next hand starts from, once this one is over (closed, misdealt or voided). */
export function carryOver(state: HandState): CarryOver {
  const info = state.info;
  if (!info || !isOver(state)) throw new RangeError('carryOver: the hand is not over');
  const after = stacksAfter(state);
  const stacks = playingSeats(state).sort((a, b) => a.seat - b.seat)
    .map((s) => ({ seat: s.seat, playerId: s.player!.playerId, stack: after[s.seat]! }));
  const two = info.twoHanded;
  let reservedRound: CarryOver['reservedRound'] = null;
  if (state.phase === 'closed' && two?.round === 'dealt') {
    reservedRound = {
      round: 'reserved', fromHandId: info.handId,
      hands: two.reserve.map((r) => ({ seat: r.seat, cards: cardsAreKnown(state) ? [...seatOf(state, r.hand).dealt] : [] })),
    };
  }
  const fantasyland = state.phase === 'closed'
    ? ((state.settlement?.result.fantasyland ?? []) as SeatNo[])
    : info.fantasyland;
  return { button: nextButton(state), stacks, reservedRound, fantasyland: [...fantasyland] };
}
