/**
 * Real hands for the worked figures of RULES.md section 5 and the naturals of section 7.
 * Each hand is written as front / middle / back card text; the tests check the descriptions
 * so a fixture cannot silently stop matching the sheet it stands for.
 */
import { unwrap } from '../../../../app/domain/result';
import { settleRecord, type SettleResult } from '../../../../app/domain/settle';

export type { Set3 } from '../../../../app/domain/rule-book';
import type { Set3 } from '../../../../app/domain/rule-book';
// The worked figures' hands live with the figures in the domain (the house-rules preview scores them).
export {
  CASINO_SCOOP_A, CASINO_SCOOP_B, CASINO_TWO_OF_THREE_A, CASINO_TWO_OF_THREE_B, EASTERN_A, EASTERN_B, EXAMPLE_003, HOMERUN_A_PLAIN, HOMERUN_A_TRIPS,
  HOMERUN_B, HOMERUN_C, HOMERUN_D, HOMERUN_D_PLAIN, SHOT_A, SHOT_B, WESTERN_A, WESTERN_B,
} from '../../../../app/domain/rule-book';

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

/** Seat D's cards set out of order (pair of twos in front over ace high in the middle). */
export const HOMERUN_D_FOULED: Set3 = ['2h 2s 8h', 'Ah Kd Qc Jd 3d', '9c 8s 7c 6c 5h'];

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
