/**
 * The showdown scanner reads one card after another: nothing on the wire says where a row
 * ends. The terminal takes a seat's cards as front (3), middle (5), back (5), in that order;
 * a dealer who starts with the back row would otherwise record a foul no one set. So a seat's
 * scanned cards are recorded together, once all its rows are in, and the dealer is asked first
 * when they look scanned out of order.
 */
import { formatCards, type Card } from '../cards';
import type { DomainError } from '../result';
import { checkSetting, SEGMENT_SIZES, type Segment } from '../setting';
import { ENTRY_ROWS } from './entry';
import type { SeatNo } from './events';
import type { HandState } from './state';

/** The row order the scanner expects a seat's cards in. */
export const SCAN_ORDER: readonly Segment[] = ENTRY_ROWS;

/** Where the `index`-th card (from 0) of a seat's scan goes, counting from row `from` (the
 *  seat's first row not yet recorded); null past the seat's last row. */
export function scanRowAt(from: Segment, index: number): Segment | null {
  let left = index;
  for (const row of SCAN_ORDER.slice(SCAN_ORDER.indexOf(from))) {
    if (left < SEGMENT_SIZES[row]) return row;
    left -= SEGMENT_SIZES[row];
  }
  return null;
}

/** How many cards the seat's scan holds from row `from` to the back. */
export function scanCardsFrom(from: Segment): number {
  return SCAN_ORDER.slice(SCAN_ORDER.indexOf(from)).reduce((n, row) => n + SEGMENT_SIZES[row], 0);
}

/** The scanned cards of a seat split into its rows, from row `from` on (front, middle, back). */
export function splitScan(from: Segment, cards: readonly Card[]): { readonly row: Segment; readonly cards: Card[] }[] {
  const out: { row: Segment; cards: Card[] }[] = [];
  let at = 0;
  for (const row of SCAN_ORDER.slice(SCAN_ORDER.indexOf(from))) {
    out.push({ row, cards: cards.slice(at, at + SEGMENT_SIZES[row]) });
    at += SEGMENT_SIZES[row];
  }
  return out;
}

/** The orders a dealer may have scanned the rows in, other than front first: those that
 *  start with a five-card row (the split of the cards then differs). Swapping only the middle
 *  and the back splits the cards the same way: that is how a player misses a hand, not a scan. */
const OTHER_ORDERS: readonly (readonly Segment[])[] = [
  ['back', 'middle', 'front'], ['middle', 'back', 'front'], ['back', 'front', 'middle'], ['middle', 'front', 'back'],
];

/**
 * A refusal (`rows-out-of-order`) when the seat's whole scan, `sequence` (its 13 cards in the
 * order scanned, front row first), makes a foul as read, front then middle then back, while read
 * in another row order that starts with a five-card row it makes a valid hand: the rows were
 * most likely scanned out of order. Null otherwise (a valid hand, or a foul every way), and for
 * anything but 13 cards. The dealer scans the seat again, or records a hand the player did set
 * so as scanned.
 */
export function scanOrderRefusal(state: HandState, seat: SeatNo, sequence: readonly Card[]): DomainError | null {
  if (sequence.length !== 13) return null;
  const lowballMiddle = state.info?.profile.lowballMiddle === true;
  const asRead = splitAs(SCAN_ORDER, sequence);
  const read = checkSetting(asRead, { lowballMiddle });
  if (!read.ok || !read.value.fouled) return null;
  const valid = OTHER_ORDERS.find((order) => {
    const v = checkSetting(splitAs(order, sequence), { lowballMiddle });
    return v.ok && !v.value.fouled;
  });
  if (!valid) return null;
  const rows = splitAs(valid, sequence);
  return {
    code: 'rows-out-of-order',
    message: `Seat ${seat}'s cards, read front, middle, back, make a foul (${read.value.reason}); scanned ${valid.join(', ')} they make a valid hand `
      + `(front ${formatCards(rows.front)}, middle ${formatCards(rows.middle)}, back ${formatCards(rows.back)}). Nothing is recorded yet: `
      + `scan seat ${seat} again, the front row first (3 cards), then the middle (5), then the back (5); or, if the player did set it so, record the rows as scanned`,
  };
}

/** The cards scanned in `order`, as a set hand. */
function splitAs(order: readonly Segment[], sequence: readonly Card[]): Record<Segment, Card[]> {
  const out = { front: [] as Card[], middle: [] as Card[], back: [] as Card[] };
  let at = 0;
  for (const row of order) {
    out[row] = sequence.slice(at, at + SEGMENT_SIZES[row]);
    at += SEGMENT_SIZES[row];
  }
  return out;
}
