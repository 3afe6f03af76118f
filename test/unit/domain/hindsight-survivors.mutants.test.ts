/**
 * hindsight.ts (docs/hindsight.md): two more showdowns whose answers are pinned exactly, for
 * the mutants hindsight.mutants.test.ts left alive:
 *   - a lowball middle (seed 003's option) compared with each opponent's 2-7 low, where the
 *     setting that makes the most holds a different low than the one the seat showed;
 *   - a seat whose cards can make two different back bonus hands (quads 4, a straight flush 5,
 *     and no bonus), so that what it makes depends on which bonus its back qualifies for.
 * Every figure (points in all and per opponent, the setting, the counts of legal settings,
 * of settings tied for the most and of settings making more than the seat did) was checked
 * against the brute force of hindsight.test.ts (all 72,072 splits through checkSetting and the
 * settlement's scoreShowdown), which is too slow to run here.
 */
import { describe, expect, it } from 'vitest';
import { parseCards, type Card } from '../../../app/domain/cards';
import { hindsight, type Hindsight, type HindsightInput, type TableHand } from '../../../app/domain/hindsight';
import { getPreset, presetJson, validateProfile, type Profile } from '../../../app/domain/profiles';
import { unwrap } from '../../../app/domain/result';
import type { SetHand } from '../../../app/domain/setting';

const cards = (text: string): Card[] => unwrap(parseCards(text));
const setting = (front: string, middle: string, back: string): SetHand => ({ front: cards(front), middle: cards(middle), back: cards(back) });
const seatSet = (seat: number, s: SetHand): TableHand => ({ seat, status: 'set', setting: s });
const run = (input: HindsightInput): Hindsight => unwrap(hindsight(input));
const counts = (h: Hindsight) => [h.legalSettings, h.tiedForMost, h.moreThanActual];

const MANDARIN_HOUSE = (): Profile => getPreset('mandarin-house')!;
/** mandarin-house with seed 003's lowball middle (a lowball middle has no bonus hands). */
const LOWBALL_HOUSE = (): Profile => unwrap(validateProfile({
  ...presetJson('mandarin-house'), name: 'lowball-house', lowballMiddle: true,
  bonuses: { front: { trips: 3 }, middle: {}, back: { quads: 4, 'straight-flush': 5 } },
}));

describe('hindsight with a lowball middle: each opponent\'s low compared with every possible low', () => {
  it('seat 2 (quads back, a nine-seven low shown) could have made 14 with a seven-five low', () => {
    const hands: TableHand[] = [
      seatSet(1, setting('Ah Kh 3c', '8s 6d 5c 4d 2s', 'Ts Td Tc 9s 9d')),
      seatSet(2, setting('Js Jd 4c', '9c 7d 6s 3d 2d', 'Qs Qd Qc Qh 5s')),
      seatSet(3, setting('Ks Kd 8c', '7c 5d 4s 3h 2c', 'As Ad Ac 6h 6c')),
    ];
    const h = run({ profile: LOWBALL_HOUSE(), button: 1, seat: 2, hands });
    expect(h.actual.points).toBe(8);
    expect(h.actual.perOpponent).toEqual({ 1: 5, 3: 3 });
    // Kept: the quads back and the jacks; the middle becomes a seven-five low (beating seat 1's
    // eight-six, level with seat 3's), the six going to the front.
    expect(h.mostPoints.points).toBe(14);
    expect(h.mostPoints.perOpponent).toEqual({ 1: 10, 3: 4 });
    expect(h.mostPoints.text).toEqual({ front: 'Jd Js 6s', middle: '7d 5s 4c 3d 2d', back: 'Qc Qd Qh Qs 9c' });
    expect(counts(h)).toEqual([53023, 2, 10]);
  });
});

describe('hindsight when the back can qualify for different bonuses', () => {
  // Seat 2 holds a straight flush (queen high, hearts), four sevens and Ac Kc 3d 2h.
  const hands = (): TableHand[] => [
    seatSet(1, setting('Ah Kh 3c', '8s 6d 5c 4d 2s', 'Ts Td Tc 9s 9d')),
    seatSet(2, setting('Ac Kc 3d', '7s 7h 7d 7c 2h', 'Qh Jh Th 9h 8h')),
  ];

  it('mandarin-house: seat 1 is fouled (ace high over an eight high); the straight flush back scoops it for 19', () => {
    const h = run({ profile: MANDARIN_HOUSE(), button: 1, seat: 2, hands: hands() });
    expect(h.actual.points).toBe(19);
    expect(h.actual.perOpponent).toEqual({ 1: 19 });
    // Nothing makes more; four settings make as much (any of Ac Kc 3d 2h beside the quads), the
    // tie going to the stronger middle: the ace kicker.
    expect(h.mostPoints.points).toBe(19);
    expect(h.mostPoints.perOpponent).toEqual({ 1: 19 });
    expect(h.mostPoints.text).toEqual({ front: 'Kc 3d 2h', middle: 'Ac 7c 7d 7h 7s', back: 'Qh Jh Th 9h 8h' });
    expect(counts(h)).toEqual([21381, 4, 0]);
  });

  it('a lowball middle (quads 4, straight flush 5 in the back): trips sevens in front make 9, 52 settings beat the 5 shown', () => {
    const h = run({ profile: LOWBALL_HOUSE(), button: 1, seat: 2, hands: hands() });
    expect(h.actual.points).toBe(5);
    expect(h.actual.perOpponent).toEqual({ 1: 5 });
    expect(h.mostPoints.points).toBe(9);
    expect(h.mostPoints.perOpponent).toEqual({ 1: 9 });
    expect(h.mostPoints.text).toEqual({ front: '7d 7h 7s', middle: 'Ac Kc 7c 3d 2h', back: 'Qh Jh Th 9h 8h' });
    expect(counts(h)).toEqual([52745, 5, 52]);
  });
});
