/**
 * The table's last played hand as the screen shows it while the floor may still correct it
 * (until the next hand starts): how many corrections it has had, and the chips the last one
 * moves, each ticked off by the dealer (docs/table.md, "Correcting a played hand").
 */
import type { SeatNumber } from './view';

/** One chip movement of a correction. */
export interface CorrectionTransferView {
  readonly index: number;
  readonly from: SeatNumber;
  readonly to: SeatNumber;
  /** Minor units. */
  readonly amount: number;
  readonly done: boolean;
}

export interface CorrectionView {
  readonly handId: string;
  readonly number: number;
  /** The seats that played the hand, in seat order. */
  readonly seats: readonly SeatNumber[];
  /** Corrections recorded on the hand so far. */
  readonly corrections: number;
  /** The hand now stands voided. */
  readonly voided: boolean;
  /** The last correction's chips to move (empty when it moved none). */
  readonly transfers: readonly CorrectionTransferView[];
  /** The floor may correct it now: every chip of the last correction moved. */
  readonly correctable: boolean;
}

/** What a correction would do, before the floor signs it: each seat's money from the hand now
 *  and after, and the chips to move (the fewest transfers). */
export interface CorrectionPreviewView {
  readonly handId: string;
  /** Minor units by seat (the seat number as the key). */
  readonly before: Readonly<Record<string, number>>;
  readonly after: Readonly<Record<string, number>>;
  readonly transfers: readonly { readonly from: SeatNumber; readonly to: SeatNumber; readonly amount: number }[];
  /** The seats fouled under the correction. */
  readonly fouled: readonly SeatNumber[];
  readonly voided: boolean;
  /** Whether a second floor person must sign it (chips move). */
  readonly needsSecond: boolean;
}
