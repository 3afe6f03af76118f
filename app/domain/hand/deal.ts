/**
 * Which position each card out of the shoe goes to.
 *
 * Chinese Poker (RULES.md 2): 52 cards, one at a time, clockwise from the seat left of the
 * button; all four positions are dealt whatever the number of players.
 *
 * OFC (RULES.md 10; decisions in docs/hand-lifecycle.md): only seated players are dealt (13
 * each, so 26..52 cards), in turn order from the seat left of the button: first each
 * Fantasyland player's 13 cards at once, then 5 cards to each other player in turn, then eight
 * rounds of one card to each of them.
 */
import { clockwiseFromButton } from '../scoring';
import type { SeatNo } from './events';
import { seatForCard } from './state';

const CHINESE_DEAL_SIZE = 52;
/** OFC (RULES.md s10): the cards of the first round, dealt in one run and placed together. */
export const OFC_FIRST_STREET = 5;
export const HAND_SIZE = 13;

/** The 52 positions of a Chinese Poker deal, in order. */
export function chineseSchedule(button: SeatNo): SeatNo[] {
  const out: SeatNo[] = new Array<SeatNo>(CHINESE_DEAL_SIZE);
  for (let k = 0; k < CHINESE_DEAL_SIZE; k++) out[k] = seatForCard(button, k);
  return out;
}

const SCHEDULES: readonly (readonly SeatNo[])[] = ([1, 2, 3, 4] as const).map((b) => Object.freeze(chineseSchedule(b)));

/** {@link chineseSchedule} shared and frozen (every hand with that button holds the same one). */
export function sharedChineseSchedule(button: SeatNo): readonly SeatNo[] {
  return SCHEDULES[button - 1];
}

/** The positions of an OFC deal, in order. */
export function ofcSchedule(button: SeatNo, seated: readonly SeatNo[], fantasyland: readonly SeatNo[]): SeatNo[] {
  const order = clockwiseFromButton(button).filter((s) => seated.includes(s));
  const regular = order.filter((s) => !fantasyland.includes(s));
  const out: SeatNo[] = [];
  for (const s of order) if (fantasyland.includes(s)) for (let i = 0; i < HAND_SIZE; i++) out.push(s);
  for (const s of regular) for (let i = 0; i < OFC_FIRST_STREET; i++) out.push(s);
  for (let street = 0; street < HAND_SIZE - OFC_FIRST_STREET; street++) for (const s of regular) out.push(s);
  return out;
}
