/**
 * What the dealer may call from the screen, and when a deal has stopped short (RULES.md 8).
 * The screen offers exactly these; the fold still refuses anything else.
 */
import type { MisdealCause } from './events';
import type { HandState } from './state';

/**
 * The misdeal causes a dealer calls himself: a seat with the wrong number of cards, and a
 * shoe deal that stopped before the last card (the deal ended short: the fold's `short-deal`).
 * The others are found by the terminal (the shoe's reads), follow from the dealer's reports
 * (five exposed cards, a wrong-seat delivery before anyone set) or are the floor's (a ruling).
 */
export const DEALER_MISDEAL_CAUSES: readonly MisdealCause[] = ['wrong-card-count', 'short-deal'];

/** Every misdeal cause in the log's English words (RULES.md 8), for the record and the alert. */
export const MISDEAL_CAUSE_WORDS: Readonly<Record<MisdealCause, string>> = {
  'card-read-twice': 'a card was read twice',
  'too-many-cards': 'the shoe read more cards than the deal has',
  'unreadable-card': 'a card could not be read',
  'sequence-gap': 'a read was lost',
  'short-deal': 'the deal is short: the shoe stopped before the last card',
  'cards-exposed': 'five or more cards of one hand were exposed',
  'wrong-seat-delivery': 'a hand was delivered to the wrong seat before anyone set',
  'wrong-card-count': 'a player has the wrong number of cards',
  'floor-ruling': 'the floor ruled it',
};

/** The detail a misdeal called without one records: who called it and why, in words. */
export function calledMisdealDetail(cause: MisdealCause, byFloor: boolean): string {
  return `called by the ${byFloor ? 'floor' : 'dealer'}: ${MISDEAL_CAUSE_WORDS[cause]}`;
}

/** Whether the shoe is dealing this hand and has read some, but not all, of its cards. */
function dealIsShort(state: HandState): boolean {
  const info = state.info;
  if (!info || info.mode !== 'shoe' || info.twoHanded?.round === 'reserved') return false;
  const d = state.deal;
  return state.phase === 'dealing' && !d.ended && d.reads > 0 && d.reads < d.schedule.length;
}

/**
 * The causes the dealer may call now, in the order to offer them: none once the hand is over
 * or while a misdeal the terminal found waits to be recorded (it records it itself);
 * `wrong-card-count` before the hands are opened; `short-deal` while the shoe has read some
 * but not all of the deal.
 */
export function dealerMisdealCauses(state: HandState): MisdealCause[] {
  if (!state.info || state.pendingMisdeal || (state.phase !== 'dealing' && state.phase !== 'setting')) return [];
  return dealIsShort(state) ? ['short-deal', 'wrong-card-count'] : ['wrong-card-count'];
}

/** A deal the shoe stopped reading before its last card. */
export interface IdleDeal {
  /** Cards read, and of how many. */
  readonly read: number;
  readonly of: number;
  /** Milliseconds since the last read. */
  readonly idleMs: number;
}

/**
 * The deal when the shoe has read some but not all of its cards and nothing for at least
 * `idleMs`: the dealer is told, and may end it as a short deal. `msSince` is the caller's clock:
 * how many milliseconds ago an event's `at` was. Null otherwise (also for `idleMs` that is not a
 * positive number, or a clock that cannot tell).
 */
export function idleDeal(state: HandState, msSince: (at: string) => number, idleMs: number): IdleDeal | null {
  if (!(idleMs > 0) || !dealIsShort(state) || state.pendingMisdeal || state.deal.lastReadAt === null) return null;
  const idle = msSince(state.deal.lastReadAt);
  return Number.isFinite(idle) && idle >= idleMs ? { read: state.deal.reads, of: state.deal.schedule.length, idleMs: idle } : null;
}
