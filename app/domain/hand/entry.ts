/**
 * Entering a set hand: the order a dealer reads cards in, and what a set's row counts say
 * before it is recorded (a row of the wrong size is a foul, RULES.md 4).
 */
import { rankOf, suitOf, type Card } from '../cards';
import { SEGMENT_SIZES, type Segment } from '../setting';

/** The rows in the order a hand is set and read: front, middle, back. */
export const ENTRY_ROWS: readonly Segment[] = ['front', 'middle', 'back'];

/** The cards as a dealer reads a hand: highest rank first, then by suit (spades, hearts,
 *  diamonds, clubs). A new array; the input is not changed. */
export function readingOrder(cards: readonly Card[]): Card[] {
  return [...cards].sort((a, b) => rankOf(b) - rankOf(a) || suitOf(a) - suitOf(b));
}

/** A row whose count is not its size. */
export interface RowCountProblem {
  readonly row: Segment;
  readonly count: number;
  readonly size: number;
}

/** The rows of `rows` that do not hold their size (front 3, middle 5, back 5), in row order:
 *  recorded so, the hand is fouled. Empty when every row is right. */
export function rowCountProblems(rows: Readonly<Record<Segment, readonly Card[]>>): RowCountProblem[] {
  return ENTRY_ROWS.filter((row) => rows[row].length !== SEGMENT_SIZES[row]).map((row) => ({ row, count: rows[row].length, size: SEGMENT_SIZES[row] }));
}
