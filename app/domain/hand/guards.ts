/**
 * What a hand's state says about each seat, and what stops the next phase: shared by the
 * fold (to refuse an event) and the views (to tell the dealer what he is waiting for).
 */
import { formatCard, type Card } from '../cards';
import { NATURAL_TITLES } from '../naturals';
import type { DomainError } from '../result';
import { SEGMENTS, SEGMENT_SIZES } from '../setting';
import { seatName } from './check';
import type { Row, SeatNo } from './events';
import { playingSeats, seatOf, type HandState, type SeatState } from './state';

export const ROW_SIZES: Readonly<Record<Row, number>> = SEGMENT_SIZES;

/** Whether the cards each seat was given are known to the terminal (a shoe dealt them, or the
 *  reserved hands of a two-handed round were read when they were dealt). */
export function cardsAreKnown(state: HandState): boolean {
  const info = state.info;
  if (!info) return false;
  if (info.twoHanded?.round === 'reserved') return info.twoHanded.hands.every((h) => h.cards.length === 13);
  return info.mode === 'shoe';
}

/** The cards the player at `seat` holds as the terminal knows them (his position's dealt cards,
 *  or those of the position he was handed), or null when they are not known. */
export function heldCards(state: HandState, seat: SeatNo): readonly Card[] | null {
  if (!cardsAreKnown(state)) return null;
  return seatOf(state, seatOf(state, seat).holds).dealt;
}

/**
 * Why the scanner may not put `card` into `seat`'s hand, or null when it may: with a shoe the
 * terminal knows each seat's 13 cards, and a scanned card that is not one of them is refused
 * at once (the dealer scans again; if the player really shows it, his hand is entered by touch
 * and the floor rules on the irregularity, RULES.md s4).
 */
export function scannedCardRefusal(state: HandState, seat: SeatNo, card: Card): DomainError | null {
  const held = heldCards(state, seat);
  if (!held || held.includes(card)) return null;
  const owner = state.deal.owner[card];
  const whose = owner === 0 ? 'it was not dealt this hand' : `it was dealt to ${seatName(owner as SeatNo)}`;
  return {
    code: 'card-not-this-seats',
    message: `${formatCard(card)} is not one of ${seatName(seat)}'s cards: ${whose}. Scan the row again; if the player shows it, enter his hand by touch and call the floor`,
  };
}

/** Every card the seat has shown: set hand, scanned rows, natural, surrender, OFC placements. */
function shownCards(seat: SeatState): Card[] {
  const out = new Set<Card>();
  const add = (cards: readonly Card[] | null | undefined) => cards?.forEach((c) => out.add(c));
  if (seat.hand) SEGMENTS.forEach((s) => add(seat.hand![s]));
  SEGMENTS.forEach((s) => add(seat.scanned[s]));
  SEGMENTS.forEach((s) => add(seat.placed[s]));
  add(seat.natural?.cards);
  add(seat.surrender?.cards);
  return [...out];
}

/** The seat whose shown cards include `card`, other than `except`. */
export function shownElsewhere(state: HandState, card: Card, except: SeatNo): SeatNo | null {
  for (const s of state.seats) {
    if (s.seat !== except && s.playing && shownCards(s).includes(card)) return s.seat;
  }
  return null;
}

/** The seat's 13 cards as the record gives them when no setting is given: what the seat
 *  showed if that is 13 cards, else what it was dealt (if known); null when unknown. */
export function thirteenOf(state: HandState, seat: SeatState): Card[] | null {
  const h = seat.hand;
  const shown = h ? [...h.front, ...h.middle, ...h.back] : seat.natural?.cards ?? seat.surrender?.cards ?? null;
  if (shown && shown.length === 13) return [...shown];
  const held = heldCards(state, seat.seat);
  return held && held.length === 13 ? [...held] : null;
}

/** The seat's hand is fouled before any comparison: a false natural under the `foul` option,
 *  or a floor ruling. */
export function isFouled(state: HandState, seat: SeatState): boolean {
  if (seat.fouledByFloor) return true;
  return seat.natural?.status === 'rejected' && state.info?.profile.falseNatural === 'foul';
}

/** The seat plays a natural that the terminal verified. */
export function hasVerifiedNatural(seat: SeatState): boolean {
  return seat.natural?.status === 'verified';
}

/** The seat takes no part in the comparisons: surrendered, verified natural, or fouled. */
export function isOutOfComparison(state: HandState, seat: SeatState): boolean {
  return seat.surrender !== null || hasVerifiedNatural(seat) || isFouled(state, seat);
}

/** Whether anyone has acted on his hand yet (set it, surrendered, declared, placed a card):
 *  after that a wrong-seat delivery no longer makes a misdeal (RULES.md 8). */
export function anyoneHasSet(state: HandState): boolean {
  return state.seats.some((s) => s.playing && (s.ready || s.hand !== null || s.surrender !== null || s.natural !== null
    || SEGMENTS.some((r) => s.placed[r].length > 0)));
}

/** OFC: the seat is in Fantasyland this hand. */
export function inFantasyland(state: HandState, seat: SeatNo): boolean {
  return state.info?.fantasyland.includes(seat) ?? false;
}

/** OFC: how many cards the seat has placed. */
function placedCount(seat: SeatState): number {
  return SEGMENTS.reduce((n, r) => n + seat.placed[r].length, 0);
}

/** Why the seat is not ready for the hands to be opened, or null if it is. */
function notReadyToOpen(state: HandState, seat: SeatState): string | null {
  const name = seatName(seat.seat);
  if (seat.surrender || hasVerifiedNatural(seat) || isFouled(state, seat)) return null;
  if (seat.natural?.status === 'declared') return `${name}'s ${NATURAL_TITLES[seat.natural.name]} is waiting for verification`;
  if (state.info?.game === 'ofc') {
    if (seat.hand) return null;
    if (inFantasyland(state, seat.seat)) return `${name} (Fantasyland) has not shown his hand`;
    return `${name} has placed ${placedCount(seat)} of 13 cards`;
  }
  if (seat.ready || seat.hand) return null;
  if (seat.natural?.status === 'rejected') return `${name} must set his hand (a false natural plays as set)`;
  return `${name} has not set his hand`;
}

/** What stops the showdown from opening, in words (empty when it can open). */
export function showdownBlockers(state: HandState): string[] {
  if (state.phase === 'dealing') return ['the deal is not finished'];
  if (state.phase !== 'setting') return [`the hand is ${state.phase === 'idle' ? 'not started' : `in the ${state.phase} phase`}`];
  return playingSeats(state).map((s) => notReadyToOpen(state, s)).filter((x): x is string => x !== null);
}

/** What is missing of a seat's hand at showdown, or null when it can be settled. */
function notReadyToSettle(state: HandState, seat: SeatState): string | null {
  if (isOutOfComparison(state, seat) || seat.hand) return null;
  const name = seatName(seat.seat);
  const scanned = SEGMENTS.filter((r) => seat.scanned[r]);
  if (scanned.length === 0) return `${name}'s hand is not read yet`;
  const missing = SEGMENTS.filter((r) => !seat.scanned[r]);
  return `${name}'s hand is partly read (${scanned.join(', ')} read; ${missing.join(', ')} missing)`;
}

/** What stops settlement, in words (empty when the hand can be settled). */
export function settlementBlockers(state: HandState): string[] {
  if (state.phase !== 'showdown') {
    if (state.phase === 'dealing' || state.phase === 'setting') return ['the hands are not open yet'];
    return [`the hand is ${state.phase === 'idle' ? 'not started' : `in the ${state.phase} phase`}`];
  }
  const out = playingSeats(state).map((s) => notReadyToSettle(state, s)).filter((x): x is string => x !== null);
  for (const irr of state.irregularities) {
    if (irr.blocking && !irr.resolution) out.push(`irregularity ${irr.id} (${seatName(irr.seat)}: ${irr.detail}) awaits the floor`);
  }
  return out;
}

/** Words for a list of blockers: "a; b; c". */
export function blockerText(blockers: readonly string[]): string {
  return blockers.join('; ');
}
