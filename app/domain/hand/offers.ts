/**
 * What the dealer and the floor may do next, for the screens: the next action of the hand and,
 * per seat, each action with whether the terminal would accept it now.
 *
 * The rules are not restated here. Each offer asks the fold itself: it applies the event the
 * action would record to the current state and keeps the answer (the state is never changed).
 * So a guard lives once, in fold.ts; an offer cannot drift from it, and removing a guard there
 * changes what is offered (test/unit/domain/hand/offers.test.ts).
 */
import type { Card } from '../cards';
import type { DomainError } from '../result';
import type { NaturalName } from '../naturals';
import { SEGMENTS } from '../setting';
import { OFC_FIRST_STREET } from './deal';
import { apply } from './fold';
import type { CorrectionAction, HandEvent, Row, SeatNo } from './events';
import { heldCards } from './guards';
import { SEAT_NUMBERS, playingSeats, type HandState, type SeatState } from './state';
import { outstandingPayments } from './views';

/**
 * The one thing the dealer does next, whatever the phase: start a hand, wait for the shoe, end
 * a deal read without a shoe, open the showdown, settle, make the payments, start the next hand,
 * or redeal after a misdeal. `blockers` says what still stands in its way.
 */
export type NextAction =
  | 'start-hand' | 'wait-for-deal' | 'end-deal' | 'open-showdown' | 'settle' | 'pay' | 'next-hand' | 'redeal'
  /** Between hands: the chips of the floor's correction of the last hand move first (app/domain/table/correction.ts `tableNextAction`). */
  | 'move-correction-chips';

/** The next action for a hand's state (`null`: no hand at the table yet). */
export function nextAction(state: HandState | null): NextAction {
  if (!state) return 'start-hand';
  switch (state.phase) {
    case 'idle': case 'closed': case 'voided': return 'start-hand';
    case 'dealing': return state.deal.schedule.length === 0 ? 'end-deal' : 'wait-for-deal';
    case 'setting': return 'open-showdown';
    case 'showdown': return 'settle';
    case 'paying': return outstandingPayments(state).length > 0 ? 'pay' : 'next-hand';
    case 'misdealt': return 'redeal';
  }
}

/**
 * An action as the screen offers it: `offered` false means the terminal would refuse it for
 * what the hand is (already done, the wrong phase, the seat is out): no button. `refusal` set
 * means it is offered but would be refused for a reason the dealer must tell the player
 * (the chips do not cover a surrender): the screen shows the reason at once, without asking.
 */
export interface Offer {
  readonly offered: boolean;
  readonly refusal: OfferRefusal | null;
}

/** A refusal the screen shows at once, with the figures it quotes (the fold's own: money in minor
 *  units, app/domain/figured-refusals.ts), so each language can word it with the amounts in the
 *  table's currency. */
export type OfferRefusal = DomainError;

/** Refusals the dealer explains to the player rather than hiding the action. */
const EXPLAINED: ReadonlySet<string> = new Set(['surrender-not-covered', 'cards-needed', 'surrender-cards-needed']);

const NOT_OFFERED: Offer = { offered: false, refusal: null };
const OFFERED: Offer = { offered: true, refusal: null };

/** What the fold answers to `event` now. */
function refusalOf(state: HandState, event: Record<string, unknown>): DomainError | null {
  const r = apply(state, { at: state.lastAt ?? '1970-01-01T00:00:00.000Z', ...event } as unknown as HandEvent);
  return r.ok ? null : r.error;
}

function offerOf(refusal: DomainError | null): Offer {
  if (!refusal) return OFFERED;
  return EXPLAINED.has(refusal.code) ? { offered: true, refusal } : NOT_OFFERED;
}

/** The seat's cards split into rows (front 3, middle 5, back 5), for asking whether a hand
 *  would be taken; null when the terminal does not know them. */
function someSetting(state: HandState, seat: SeatNo): Record<Row, number[]> | null {
  const held = heldCards(state, seat);
  if (!held || held.length !== 13) return null;
  return { front: held.slice(0, 3), middle: held.slice(3, 8), back: held.slice(8, 13) };
}

/** A floor correction as the floor would record it (her name is not a condition). */
function correction(action: CorrectionAction): Record<string, unknown> {
  return { type: 'floor-correction', by: 'floor:offer', reason: 'offer', action };
}

/**
 * Whether the dealer's entry of `seat`'s hand by touch would be taken now: the showdown is
 * open, the seat shows a hand (no surrender, no verified natural, not fouled), no hand of it is
 * read yet, and the screen can be given its 13 cards to tap. A hand already read is the
 * floor's to replace (`canReplaceHand`).
 */
export function canEnterHand(state: HandState, seat: SeatNo): boolean {
  const rows = someSetting(state, seat);
  return rows !== null && refusalOf(state, { type: 'hand-set', by: 'dealer', seat, source: 'touch', ...rows }) === null;
}

/**
 * Whether the floor may replace `seat`'s hand by touch now (the floor's `replace-hand`): the
 * showdown is open, the seat plays and shows a hand, and its 13 cards are known to tap.
 */
export function canReplaceHand(state: HandState, seat: SeatNo): boolean {
  const rows = someSetting(state, seat);
  return rows !== null && refusalOf(state, correction({ kind: 'replace-hand', seat, ...rows })) === null;
}

/** Whether the floor may rule `seat`'s hand fouled now (without an irregularity). */
export function canFoulSeat(state: HandState, seat: SeatNo): boolean {
  return refusalOf(state, correction({ kind: 'foul-seat', seat })) === null;
}

/** Whether the floor may make `ruling` on irregularity `id` now. */
export function canRule(state: HandState, id: number, ruling: 'accept' | 'foul-seat'): boolean {
  return refusalOf(state, correction({ kind: 'resolve-irregularity', irregularity: id, ruling })) === null;
}

/** The dealer's actions for one seat before the showdown, each as offered. */
export interface SeatOffers {
  readonly seatReady: Offer;
  readonly declareSurrender: Offer;
  readonly declareNatural: Offer;
  readonly reportExposure: Offer;
  /** The seats whose hand this seat may be reported holding. */
  readonly reportWrongSeat: readonly SeatNo[];
  /** The dealer may enter this seat's hand by touch (`canEnterHand`). */
  readonly enterHand: boolean;
  /** The floor may replace this seat's hand by touch (`canReplaceHand`). */
  readonly floorReplace: boolean;
  /** The floor may rule this seat's hand fouled (`canFoulSeat`). */
  readonly floorFoul: boolean;
}

/** Each action for `seat` as the fold would answer it now. */
export function seatOffers(state: HandState, seat: SeatNo): SeatOffers {
  const natural = Object.keys(state.info?.profile.naturals ?? {})[0] as NaturalName | undefined;
  return {
    seatReady: offerOf(refusalOf(state, { type: 'seat-ready', by: 'dealer', seat })),
    declareSurrender: offerOf(refusalOf(state, { type: 'surrender-declared', by: 'dealer', seat })),
    declareNatural: natural === undefined ? NOT_OFFERED : offerOf(refusalOf(state, { type: 'natural-declared', by: 'dealer', seat, natural })),
    reportExposure: offerOf(refusalOf(state, { type: 'card-exposed', by: 'dealer', seat })),
    reportWrongSeat: SEAT_NUMBERS.filter((handOf) => handOf !== seat
      && refusalOf(state, { type: 'wrong-seat-delivery', by: 'dealer', heldBy: seat, handOf }) === null),
    enterHand: canEnterHand(state, seat),
    floorReplace: canReplaceHand(state, seat),
    floorFoul: canFoulSeat(state, seat),
  };
}

// ---------------------------------------------------------------------------------------
// OFC: which card each seat places now, and the rows that would take it

/** One card a seat places now, with the rows the fold would take it into. */
export interface OfcCardOffer {
  readonly card: Card;
  readonly rows: readonly Row[];
}

/** What one seat (not in Fantasyland) places now. */
export interface OfcSeatPlacement {
  readonly seat: SeatNo;
  /** Its first five cards together (any order, as many as are dealt), then one card at a time
   *  in the order dealt; only cards some row would take. */
  readonly cards: readonly OfcCardOffer[];
}

/** OFC: each seat's cards to place now, and whose turn it is. */
export interface OfcPlacements {
  /** The seat that places next in the order of the deal: the one whose card to place was read
   *  first (null: no seat has a card to place). */
  readonly next: SeatNo | null;
  /** The seats with a card to place now, `next` first, then in the order of the deal. */
  readonly seats: readonly OfcSeatPlacement[];
}

/** The seat's cards dealt and not yet placed that it places now (in the order dealt). */
function cardsToPlaceNow(state: HandState, seat: SeatState): Card[] {
  const held = heldCards(state, seat.seat);
  if (!held) return [];
  const placed = new Set(SEGMENTS.flatMap((row) => seat.placed[row]));
  const firstRound = held.slice(0, OFC_FIRST_STREET).filter((c) => !placed.has(c));
  if (firstRound.length > 0) return firstRound;
  const next = held.find((c) => !placed.has(c));
  return next === undefined ? [] : [next];
}

/**
 * OFC: for each playing seat, the cards it places now (its first five together, then one at a
 * time as dealt) with the rows the fold would take each into, and the seat whose turn it is.
 * The fold decides: a card no row takes is not offered, so there is nothing under Chinese
 * Poker, for a Fantasyland seat (it shows its 13 at once: `canEnterHand`), for a full row, or
 * once the hands are open. Nothing either while the seats' cards are unknown (no shoe).
 */
export function ofcPlacements(state: HandState): OfcPlacements {
  const readAt = (c: Card) => state.deal.cards.indexOf(c);
  const seats: OfcSeatPlacement[] = [];
  for (const s of playingSeats(state)) {
    const cards = cardsToPlaceNow(state, s)
      .map((card) => ({ card, rows: SEGMENTS.filter((row) => refusalOf(state, { type: 'card-placed', by: 'dealer', seat: s.seat, card, row }) === null) }))
      .filter((c) => c.rows.length > 0);
    if (cards.length > 0) seats.push({ seat: s.seat, cards });
  }
  seats.sort((a, b) => readAt(a.cards[0].card) - readAt(b.cards[0].card));
  return { next: seats[0]?.seat ?? null, seats };
}
