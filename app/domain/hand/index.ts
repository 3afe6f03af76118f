/**
 * The live hand as a pure event fold (issue 3 section 1). See docs/hand-lifecycle.md.
 *
 *   const s1 = apply(initialState, handStarted)       // Result<HandState>
 *   for (const e of followUps(s1.value, now)) ...      // what the terminal appends by itself
 *   replay(events)                                     // rebuild any hand from its log
 */
export * from './events';
export { apply, replay } from './fold';
export { followUps } from './follow-ups';
export { buildSettled, showdownRecord, verifySettlement } from './record';
export {
  OPEN_PHASES, PHASE_RANK, SEAT_NUMBERS, initialState, isOver, playingSeats, seatForCard, seatOf,
  type Abort, type DealState, type HandInfo, type HandState, type Irregularity, type NaturalClaim, type PendingMisdeal,
  type Phase, type SeatState, type SettlementState, type ShownHand,
} from './state';
export { chineseSchedule, ofcSchedule } from './deal';
export { DEALER_MISDEAL_CAUSES, dealerMisdealCauses, idleDeal, type IdleDeal } from './dealer-calls';
export {
  blockerWords, cardsVisible, heldCards, paymentsToMake, surrenderCost, scannedCardRefusal, settlementBlockerList, settlementBlockers, showdownBlockerList, showdownBlockers,
  type Blocker,
} from './guards';
export {
  canEnterHand, canFoulSeat, canReplaceHand, canRule, nextAction, ofcPlacements, seatOffers, type NextAction, type OfcCardOffer, type OfcPlacements, type OfcSeatPlacement,
  type Offer, type OfferRefusal, type SeatOffers,
} from './offers';
export {
  SEAT_WINDS, awaitingPlacement, blockerList, blockers, cardCounts, carryOver, dealProgress, nextButton, outstandingPayments, paymentsMade,
  scannerExpects, seatStatus, seatStatusText, stacksAfter, stacksNow,
  type CarryOver, type PaymentLine, type SeatStatus,
} from './views';
