/**
 * Real hands for the worked figures of RULES.md section 5 and the naturals of section 7.
 * Each hand is written as front / middle / back card text; the tests check the descriptions
 * so a fixture cannot silently stop matching the sheet it stands for.
 */
import { unwrap } from '../../../../app/domain/result';
import { settleRecord, type SettleResult } from '../../../../app/domain/settle';

export type Set3 = readonly [front: string, middle: string, back: string];

export interface SeatSpec {
  readonly set?: Set3;
  readonly cards?: string;
  readonly natural?: string;
  readonly surrender?: boolean;
  readonly foul?: string;
  readonly stack?: number;
  readonly fantasyland?: boolean;
}

/** A showdown record: seats numbered 1.. in the order given unless `seatNumbers` says. */
export function record(rules: unknown, seats: readonly SeatSpec[], extra: Record<string, unknown> = {}, seatNumbers?: readonly number[]) {
  return {
    rules,
    ...extra,
    seats: seats.map((s, i) => ({
      seat: seatNumbers ? seatNumbers[i] : i + 1,
      ...(s.stack !== undefined ? { stack: s.stack } : {}),
      ...(s.set ? { front: s.set[0], middle: s.set[1], back: s.set[2] } : {}),
      ...(s.cards ? { cards: s.cards } : {}),
      ...(s.natural ? { natural: s.natural } : {}),
      ...(s.surrender ? { surrender: true } : {}),
      ...(s.foul !== undefined ? { foul: s.foul } : {}),
      ...(s.fantasyland ? { fantasyland: true } : {}),
    })),
  };
}

export function settled(rules: unknown, seats: readonly SeatSpec[], extra: Record<string, unknown> = {}): SettleResult {
  return unwrap(settleRecord(record(rules, seats, extra)));
}

/** Points of pair (a, b) from a's side. */
export function pairPoints(result: SettleResult, a: number, b: number): number {
  const p = result.pairs.find((x) => x.a === a && x.b === b);
  if (p) return p.points;
  const q = result.pairs.find((x) => x.a === b && x.b === a);
  if (!q) throw new Error(`no pair ${a}-${b}`);
  return -q.points;
}

// RULES.md s5, Western (000): A wins middle and back, loses the front.
export const WESTERN_A: Set3 = ['Ah Kd 2c', 'Qs Qh 3d 4d 5c', 'Ks Kh Kc 7s 8d'];
export const WESTERN_B: Set3 = ['2s 2h 9c', 'Js Jh 6c 7c 8c', 'Ts Th 3s 3h 9d'];

// RULES.md s5, Eastern (000): A wins all three, four of a kind in the back.
export const EASTERN_A: Set3 = ['Ah Kd 4c', 'Qs Qc 7c 7d 5d', '9s 9h 9d 9c Kh'];
export const EASTERN_B: Set3 = ['Qh Jd 3c', 'Js Jh 8c 3d 2d', 'Ts Th Td 2s 2h'];

// RULES.md s5, Mandarin shot (000): A scoops B with trips in front.
export const SHOT_A: Set3 = ['5s 5h 5d', '6c 7d 8s 9s Tc', '2h 4h 8h Jh Kh'];
export const SHOT_B: Set3 = ['Ks Qd 2c', 'Ah Ad 3c 4c 6d', 'Kd Kc 3d 3s 7s'];

// RULES.md s5, casino sheet (002): A loses the front, wins the middle and the back with a
// straight flush (1 + 5 = 6).
export const CASINO_TWO_OF_THREE_A: Set3 = ['2c 3s 4h', 'Ks Kh 5c 6s 7h', '5d 6d 7d 8d 9d'];
export const CASINO_TWO_OF_THREE_B: Set3 = ['Qs Qd 3c', 'Qh Qc Ah Jd 8s', 'Tc Th Ts 2d 2h'];
// Casino sheet (002): A wins all three with a straight-flush back (6 + 5 = 11).
export const CASINO_SCOOP_A: Set3 = ['As 2c 3s', 'Ks Kh 5c 6s 7h', '5d 6d 7d 8d 9d'];
export const CASINO_SCOOP_B: Set3 = ['Qs Jc 4c', 'Qh Qc Ah Jd 8s', 'Tc Th Ts 2d 2h'];

// A four-handed table where seat 1 scoops the other three. With HOMERUN_A_TRIPS seat 1 has
// trips in front (Mandarin homerun, 000: 12 from each); with HOMERUN_A_PLAIN no bonus hand
// (casino sheet super bonus, 002: 9 each), then seat 4 holds the queen of diamonds.
export const HOMERUN_A_TRIPS: Set3 = ['Qs Qh Qd', '2c 5c 8c Tc Kc', 'As Ac Ad 3s 3h'];
export const HOMERUN_B: Set3 = ['Ks Jh 4d', 'Jc Js 5d 6h 7s', '9s 9h 9d 4s 4h'];
export const HOMERUN_C: Set3 = ['Kh Th 2d', 'Ts Td 6s 7h 8d', '3c 4c 5s 6d 7d'];
export const HOMERUN_D: Set3 = ['Jd 8h 3d', 'Ah Kd Qc 2h 2s', '9c 8s 7c 6c 5h'];
export const HOMERUN_A_PLAIN: Set3 = ['Qs Qh 3d', '2c 5c 8c Tc Kc', 'As Ac Ad 3s 3h'];
export const HOMERUN_D_PLAIN: Set3 = ['Qd Jd 8h', 'Ah Kd Qc 2h 2s', '9c 8s 7c 6c 5h'];
/** Seat D's cards set out of order (pair of twos in front over ace high in the middle). */
export const HOMERUN_D_FOULED: Set3 = ['2h 2s 8h', 'Ah Kd Qc Jd 3d', '9c 8s 7c 6c 5h'];

// RULES.md s5, the four-handed example of seed 003 (hands as the sheet describes them).
export const EXAMPLE_003: readonly Set3[] = [
  ['Kh 6s 4c', '7s 7h 8s 8h 2c', '3s 3h 3d 5s 5h'], // full house / two pair sevens and eights / king high
  ['2s 2h 3c', 'Ks Qc Jh Tc 9c', '9d 7d 6d 4d 2d'], // flush nine high / straight king high / pair of twos
  ['Ts 8d 7c', 'Qs Qh 5d 5c 6c', 'Ac Kd Qd Js Th'], // straight ace high / two pair queens and fives / ten high
  ['9s 9h 6h', 'Jd Jc Ad Td 8c', 'As Ah 4s 4h Kc'], // two pair aces and fours / pair of jacks / pair of nines
];

// Naturals (RULES.md s7): four hands from one deck.
export const DRAGON = 'As Kh Qd Jc Ts 9h 8d 7c 6s 5h 4d 3c 2s';
export const SIX_PAIRS = 'Ah Ad Ks Kd Qs Qh Js Jh Th Td 9s 9d 8s';
export const THREE_FLUSHES = 'Ac Kc Qc Tc 9c 8c 6c 5c 4c 2c 8h 7h 6h';
/** The 13 cards left by the three naturals above, set legally and set fouled. */
export const NATURALS_REST_SET: Set3 = ['6d 2d 2h', 'Jd 5d 5s 4h 4s', '7d 7s 3d 3h 3s'];
export const NATURALS_REST_FOULED: Set3 = ['3s 3h 3d', '2h 2d 4s 4h Jd', '5s 5d 6d 7s 7d'];

// OFC (RULES.md s10): A has queens in front (7), a straight middle (4), a flush back (4).
export const OFC_A: Set3 = ['Qs Qh 2c', '5d 6c 7h 8s 9d', '2h 6h 9h Jh Kh'];
/** Sixes in front (1), two pair middle, aces up back: A scoops. */
export const OFC_B_LOSES: Set3 = ['6s 6d 3c', 'Ts Td 4c 4s 8c', 'Ah Ad Kc Kd 3h'];
/** Sixes in front (1), full house back (6): B wins the back. */
export const OFC_B_BACK: Set3 = ['6s 6d 3c', 'Ts Td 4c 4s 8c', 'As Ac Ad Kc Kd'];
/** Aces in front over a ten-high middle: fouled. */
export const OFC_B_FOULED: Set3 = ['As Ac 3c', 'Ts 9c 4c 5s 8c', 'Ah Ad Kc Kd 3h'];
