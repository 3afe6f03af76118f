// The showdown scanner's row order (app/domain/hand/scan-order.ts): where each card of a seat's
// scan goes, how the scan splits into rows, and when the dealer is asked whether he scanned the
// rows out of order (a foul as read that is a valid hand read in another row order).
import { describe, expect, it } from 'vitest';
import { initialState } from '../../../../app/domain/hand';
import { SCAN_ORDER, scanCardsFrom, scanOrderRefusal, scanRowAt, splitScan } from '../../../../app/domain/hand/scan-order';
import { presetJson } from '../../../../app/domain/profiles';
import { unwrap } from '../../../../app/domain/result';
import { checkSetting } from '../../../../app/domain/setting';
import { cards, drive, started } from './support';

/** A hand's rows (front / middle / back) scanned in `order`: the scanner's card sequence. */
const scanned = (hand: Record<'front' | 'middle' | 'back', string>, order: ('front' | 'middle' | 'back')[]) => order.flatMap((r) => cards(hand[r]));
/** The same sequence read as the terminal reads it: 3, then 5, then 5. */
const asRead = (seq: number[]) => ({ front: seq.slice(0, 3), middle: seq.slice(3, 8), back: seq.slice(8, 13) });
/** Why the sequence, read as the terminal reads it, is a foul (the question quotes it). */
const foulReason = (seq: number[]): string => {
  const v = unwrap(checkSetting(asRead(seq)));
  if (!v.fouled) throw new Error('not a foul as read');
  return v.reason;
};

// Seed 003's seat 1 (RULES.md s5): king high / two pair eights and sevens / full house.
const SEAT1 = { front: 'Kd 5d 2s', middle: '7h 7d 8s 8c 3h', back: '6h 6d 6c 4s 4d' };
// Queen high / ace-king high / full house.
const QUEEN = { front: 'Qd 5d 2s', middle: 'Ah Kd 9s 8c 3h', back: '6h 6d 6c 4s 4d' };

describe('where a scanned card goes', () => {
  it('the rows in the order front, middle, back', () => {
    expect(SCAN_ORDER).toEqual(['front', 'middle', 'back']);
  });

  it('scanRowAt: 3 front cards, 5 middle, 5 back, counted from the first row not yet recorded', () => {
    const fromFront = Array.from({ length: 14 }, (_, i) => scanRowAt('front', i));
    expect(fromFront).toEqual([
      'front', 'front', 'front', 'middle', 'middle', 'middle', 'middle', 'middle', 'back', 'back', 'back', 'back', 'back', null,
    ]);
    const fromMiddle = Array.from({ length: 11 }, (_, i) => scanRowAt('middle', i));
    expect(fromMiddle).toEqual(['middle', 'middle', 'middle', 'middle', 'middle', 'back', 'back', 'back', 'back', 'back', null]);
    expect(Array.from({ length: 6 }, (_, i) => scanRowAt('back', i))).toEqual(['back', 'back', 'back', 'back', 'back', null]);
  });

  it('scanCardsFrom: 13 from the front, 10 from the middle, 5 for the back alone', () => {
    expect([scanCardsFrom('front'), scanCardsFrom('middle'), scanCardsFrom('back')]).toEqual([13, 10, 5]);
  });

  it('splitScan: the cards cut into the rows in turn, a short scan leaving the later rows short or empty', () => {
    const seq = scanned(SEAT1, ['front', 'middle', 'back']);
    expect(splitScan('front', seq)).toEqual([
      { row: 'front', cards: cards(SEAT1.front) }, { row: 'middle', cards: cards(SEAT1.middle) }, { row: 'back', cards: cards(SEAT1.back) },
    ]);
    expect(splitScan('middle', cards(`${SEAT1.middle} ${SEAT1.back}`))).toEqual([
      { row: 'middle', cards: cards(SEAT1.middle) }, { row: 'back', cards: cards(SEAT1.back) },
    ]);
    expect(splitScan('back', cards(SEAT1.back))).toEqual([{ row: 'back', cards: cards(SEAT1.back) }]);
    expect(splitScan('front', cards('Kd 5d 2s 7h'))).toEqual([
      { row: 'front', cards: cards('Kd 5d 2s') }, { row: 'middle', cards: cards('7h') }, { row: 'back', cards: [] },
    ]);
  });
});

describe('scanOrderRefusal: a foul as read that another row order makes a valid hand', () => {
  const basic = () => drive(initialState, started({ preset: 'basic' }));
  const lowball = () => drive(initialState, started({ profile: { ...presetJson('basic'), lowballMiddle: true } }));
  const question = (seat: number, seq: number[], order: string, hand: Record<'front' | 'middle' | 'back', string>) => ({
    code: 'rows-out-of-order',
    message: `Seat ${seat}'s cards, read front, middle, back, make a foul (${foulReason(seq)}); scanned ${order} they make a valid hand `
      + `(front ${hand.front}, middle ${hand.middle}, back ${hand.back}). Nothing is recorded yet: `
      + `scan seat ${seat} again, the front row first (3 cards), then the middle (5), then the back (5); or, if the player did set it so, record the rows as scanned`,
  });

  it('a valid hand as read is recorded without a question', () => {
    expect(scanOrderRefusal(basic(), 1, scanned(SEAT1, ['front', 'middle', 'back']))).toBeNull();
  });

  // Each order that starts with a five-card row, each with a hand that is valid read in that
  // order only (the orders before it in the list read a foul), so the question names it.
  it.each<[string, Record<'front' | 'middle' | 'back', string>, ('front' | 'middle' | 'back')[]]>([
    ['back first: back, middle, front', SEAT1, ['back', 'middle', 'front']],
    ['middle first, then back: middle, back, front', SEAT1, ['middle', 'back', 'front']],
    ['back first, then front: back, front, middle', SEAT1, ['back', 'front', 'middle']],
    ['middle first, then front: middle, front, back', QUEEN, ['middle', 'front', 'back']],
  ])('%s', (_why, hand, order) => {
    const seq = scanned(hand, order);
    expect(unwrap(checkSetting(asRead(seq))).fouled).toBe(true);
    expect(scanOrderRefusal(basic(), 3, seq)).toEqual(question(3, seq, order.join(', '), hand));
  });

  it('no question for a foul read any way (the player set it so), a card twice, or anything but 13 cards', () => {
    // Trips in front above a nine-high middle: a foul in every row order.
    const foul = { front: 'As Ah Ad', middle: '2c 3d 5h 7s 9c', back: '4c 6d 8h Ts Qc' };
    expect(scanOrderRefusal(basic(), 2, scanned(foul, ['middle', 'front', 'back']))).toBeNull();
    const twice = scanned(SEAT1, ['back', 'middle', 'front']);
    twice[12] = twice[0];
    expect(scanOrderRefusal(basic(), 2, twice)).toBeNull();
    const seq = scanned(SEAT1, ['back', 'middle', 'front']);
    expect(scanOrderRefusal(basic(), 2, seq.slice(0, 12))).toBeNull();
    expect(scanOrderRefusal(basic(), 2, [...seq, cards('As')[0]])).toBeNull();
  });

  it('judges the rows by the hand\'s profile: with a lowball middle (RULES.md s3) the order is front against back', () => {
    // Seat 1's rows scanned middle, front, back read as front 7h 7d 8s, middle 8c 3h Kd 5d 2s,
    // back 6h 6d 6c 4s 4d: a pair in front above a king-high middle is a foul under the usual
    // order, but with a lowball middle only front (a pair) against back (a full house) counts.
    const seq = scanned(SEAT1, ['middle', 'front', 'back']);
    expect(scanOrderRefusal(basic(), 1, seq)?.code).toBe('rows-out-of-order');
    expect(scanOrderRefusal(lowball(), 1, seq)).toBeNull();
  });
});
