/**
 * What a hand's state says about each seat, and what stops the next phase: shared by the
 * fold (to refuse an event) and the views (to tell the dealer what he is waiting for).
 */
import { formatCard, type Card } from '../cards';
import { NATURAL_TITLES, type NaturalName } from '../naturals';
import type { DomainError } from '../result';
import type { SettleResult } from '../settle';
import type { Transfer } from '../settlement';
import { SEGMENTS, SEGMENT_SIZES } from '../setting';
import { plural } from '../words';
import { formatAmount, seatName } from './check';
import type { Row, SeatNo } from './events';
import { playingSeats, seatOf, type HandState, type Phase, type SeatState } from './state';

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

/**
 * The payments the dealer makes for a settled hand, in order (each ticked by its index): the
 * netted list when the hand was settled for one (its profile's `payments: "netted"`, so the
 * record asked settle for it), otherwise the pairwise list. Every seat ends with the same chips
 * either way: both lists move each seat's net.
 */
export function paymentsToMake(result: Pick<SettleResult, 'payments' | 'nettedPayments'>): readonly Transfer[] {
  return result.nettedPayments ?? result.payments;
}

/** The seat plays a natural that the terminal verified. */
export function hasVerifiedNatural(seat: SeatState): boolean {
  return seat.natural?.status === 'verified';
}

/**
 * What a surrender of `seat` would cost (RULES.md s6): the penalty in points, the live opponents
 * it is paid to (the other players not already surrendered), the point value, the amount owed
 * (penalty x opponents x point value, minor units) and the chips the seat has. Null when the
 * profile plays no surrender or the seat is empty. The fold refuses a surrender whose `owed`
 * exceeds `stack`; the screen quotes these figures.
 */
export function surrenderCost(state: HandState, seat: SeatNo): { penalty: number; opponents: number; pointValue: number; owed: number; stack: number } | null {
  const info = state.info;
  const s = seatOf(state, seat);
  const penalty = info?.profile.surrenderPenalty ?? null;
  if (!info || penalty === null || !s.player) return null;
  const opponents = playingSeats(state).filter((o) => o.seat !== seat && o.surrender === null).length;
  return { penalty, opponents, pointValue: info.pointValue, owed: penalty * opponents * info.pointValue, stack: s.player.stack };
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

/**
 * One thing that stops the hand from moving to its next phase, as data: a stable `code`, the
 * seat it concerns (or null) and the figures a sentence needs. The screen words it in its own
 * language from these parts; `blockerWords` gives the English the fold's refusals quote.
 */
export type Blocker =
  | { readonly code: 'misdeal-pending'; readonly seat: null; readonly detail: string }
  | { readonly code: 'no-hand'; readonly seat: null }
  | { readonly code: 'deal-not-ended'; readonly seat: null }
  | { readonly code: 'deal-not-finished'; readonly seat: null }
  | { readonly code: 'deal-in-progress'; readonly seat: null; readonly read: number; readonly of: number }
  | { readonly code: 'wrong-phase'; readonly seat: null; readonly phase: string }
  | { readonly code: 'hands-not-open'; readonly seat: null }
  | { readonly code: 'natural-unverified'; readonly seat: SeatNo; readonly natural: NaturalName }
  | { readonly code: 'fantasyland-not-shown'; readonly seat: SeatNo }
  | { readonly code: 'cards-not-placed'; readonly seat: SeatNo; readonly placed: number }
  | { readonly code: 'false-natural-must-set'; readonly seat: SeatNo }
  | { readonly code: 'not-set'; readonly seat: SeatNo }
  | { readonly code: 'hand-not-read'; readonly seat: SeatNo }
  | { readonly code: 'hand-partly-read'; readonly seat: SeatNo; readonly read: readonly Row[]; readonly missing: readonly Row[] }
  | { readonly code: 'irregularity-open'; readonly seat: SeatNo; readonly irregularity: number; readonly kind: string; readonly detail: string }
  | { readonly code: 'payments-outstanding'; readonly seat: null; readonly payments: readonly { readonly from: SeatNo; readonly to: SeatNo; readonly amount: number }[] };

/** The English sentence for one blocker (what the fold's refusals and the log quote). */
export function blockerWords(b: Blocker): string {
  switch (b.code) {
    case 'misdeal-pending': return `misdeal: ${b.detail}`;
    case 'no-hand': return 'no hand has started';
    case 'deal-not-ended': return 'the dealer has not ended the deal';
    case 'deal-not-finished': return 'the deal is not finished';
    case 'deal-in-progress': return `the deal is at ${b.read} of ${b.of} cards`;
    case 'wrong-phase': return `the hand is ${b.phase === 'idle' ? 'not started' : `in the ${b.phase} phase`}`;
    case 'hands-not-open': return 'the hands are not open yet';
    case 'natural-unverified': return `${seatName(b.seat)}'s ${NATURAL_TITLES[b.natural]} is waiting for verification`;
    case 'fantasyland-not-shown': return `${seatName(b.seat)} (Fantasyland) has not shown his hand`;
    case 'cards-not-placed': return `${seatName(b.seat)} has placed ${b.placed} of 13 cards`;
    case 'false-natural-must-set': return `${seatName(b.seat)} must set his hand (a false natural plays as set)`;
    case 'not-set': return `${seatName(b.seat)} has not set his hand`;
    case 'hand-not-read': return `${seatName(b.seat)}'s hand is not read yet`;
    case 'hand-partly-read': return `${seatName(b.seat)}'s hand is partly read (${b.read.join(', ')} read; ${b.missing.join(', ')} missing)`;
    case 'irregularity-open': return `irregularity ${b.irregularity} (${seatName(b.seat)}: ${b.detail}) awaits the floor`;
    case 'payments-outstanding':
      return `${plural(b.payments.length, 'payment')} still to make: ${b.payments.map((p) => `${seatName(p.from)} pays ${seatName(p.to)} ${formatAmount(p.amount)}`).join('; ')}`;
  }
}

/** Why the seat is not ready for the hands to be opened, or null if it is. */
function notReadyToOpen(state: HandState, seat: SeatState): Blocker | null {
  if (seat.surrender || hasVerifiedNatural(seat) || isFouled(state, seat)) return null;
  if (seat.natural?.status === 'declared') return { code: 'natural-unverified', seat: seat.seat, natural: seat.natural.name };
  if (state.info?.game === 'ofc') {
    if (seat.hand) return null;
    if (inFantasyland(state, seat.seat)) return { code: 'fantasyland-not-shown', seat: seat.seat };
    return { code: 'cards-not-placed', seat: seat.seat, placed: placedCount(seat) };
  }
  if (seat.ready || seat.hand) return null;
  if (seat.natural?.status === 'rejected') return { code: 'false-natural-must-set', seat: seat.seat };
  return { code: 'not-set', seat: seat.seat };
}

/** What stops the showdown from opening, as data (empty when it can open). */
export function showdownBlockerList(state: HandState): Blocker[] {
  if (state.phase === 'dealing') return [{ code: 'deal-not-finished', seat: null }];
  if (state.phase !== 'setting') return [{ code: 'wrong-phase', seat: null, phase: state.phase }];
  return playingSeats(state).map((s) => notReadyToOpen(state, s)).filter((x): x is Blocker => x !== null);
}

/** What stops the showdown from opening, in words (empty when it can open). */
export function showdownBlockers(state: HandState): string[] {
  return showdownBlockerList(state).map(blockerWords);
}

/** What is missing of a seat's hand at showdown, or null when it can be settled. */
function notReadyToSettle(state: HandState, seat: SeatState): Blocker | null {
  if (isOutOfComparison(state, seat) || seat.hand) return null;
  const read = SEGMENTS.filter((r) => seat.scanned[r]);
  if (read.length === 0) return { code: 'hand-not-read', seat: seat.seat };
  return { code: 'hand-partly-read', seat: seat.seat, read, missing: SEGMENTS.filter((r) => !seat.scanned[r]) };
}

/** What stops settlement, as data (empty when the hand can be settled). */
export function settlementBlockerList(state: HandState): Blocker[] {
  if (state.phase !== 'showdown') {
    if (state.phase === 'dealing' || state.phase === 'setting') return [{ code: 'hands-not-open', seat: null }];
    return [{ code: 'wrong-phase', seat: null, phase: state.phase }];
  }
  const out = playingSeats(state).map((s) => notReadyToSettle(state, s)).filter((x): x is Blocker => x !== null);
  for (const irr of state.irregularities) {
    if (irr.blocking && !irr.resolution) out.push({ code: 'irregularity-open', seat: irr.seat, irregularity: irr.id, kind: irr.kind, detail: irr.detail });
  }
  return out;
}

/** What stops settlement, in words (empty when the hand can be settled). */
export function settlementBlockers(state: HandState): string[] {
  return settlementBlockerList(state).map(blockerWords);
}

/** Words for a list of blockers: "a; b; c". */
export function blockerText(blockers: readonly string[]): string {
  return blockers.join('; ');
}

/**
 * Whether the screen may be given the 13 cards of `seat`: a hand still face down is never
 * sent. They are face up once the showdown is open (for entry by touch) or when the player
 * declared a natural (he lays them face up); never for an empty seat or a surrendered hand
 * (its cards stay folded under the marker).
 */
export function cardsVisible(state: HandState, seat: SeatNo): boolean {
  const s = seatOf(state, seat);
  if (!s.playing || s.surrender !== null) return false;
  return FACE_UP_PHASES.includes(state.phase) || s.natural !== null;
}

/** The phases in which the players' cards are face up (or being entered). */
const FACE_UP_PHASES: readonly Phase[] = ['showdown', 'paying', 'closed'];
