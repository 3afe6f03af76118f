import { describe, expect, it } from 'vitest';
import { bestArrangement } from '../../../app/domain/arrange';
import { parseCards } from '../../../app/domain/cards';
import { describeValue, evaluate } from '../../../app/domain/evaluate';
import { unwrap } from '../../../app/domain/result';
import { cardsOf, checkSetting } from '../../../app/domain/setting';
import { dealCards, seededRandom } from '../../support/gen-hands';
import { genSixPairs, genThreeFlushes, genThreeStraights } from '../../support/gen-naturals';
import { bruteBestArrangement } from '../../support/reference-arrange';

const cards = (text: string) => unwrap(parseCards(text));
const sorted = (list: readonly number[]) => [...list].sort((a, b) => a - b);

describe('bestArrangement: hand-picked (issue 2: back first, then middle, then front)', () => {
  // [13 cards, front, middle, back descriptions]
  const cases: [string, string, string, string][] = [
    ['As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s', 'Four high', 'Straight flush, nine high', 'Royal flush'],
    ['As Ad Kc 2s 3h 4d 5c 6s 8h 9h Td Jc Qs', 'Ace high', 'Straight, six high', 'Straight, ace high'],
    ['As Ah Ad Ac Ks Kh Kd Kc Qs Qh Qd Qc 2c', 'Pair of kings', 'Four of a kind, queens', 'Four of a kind, aces'],
    // the sample seat 1 (set there as K-5-2 / 7-7-8-8-3 / 6-6-6-4-4): better as below
    ['Kd 5d 2s 7h 7d 8s 8c 3h 6h 6d 6c 4s 4d', 'Five high', 'Two pair, sevens and fours', 'Full house, sixes full of eights'],
    // a flush in back takes five hearts, the rest make two pair and a pair
    ['Ah Kh 9h 5h 2h Qs Qd Js Jd 3c 3d Tc 4s', 'Pair of threes', 'Two pair, queens and jacks', 'Flush, ace high'],
  ];
  it.each(cases)('%s -> %s / %s / %s', (hand, front, middle, back) => {
    const best = bestArrangement(cards(hand));
    expect(describeValue(best.values.front)).toBe(front);
    expect(describeValue(best.values.middle)).toBe(middle);
    expect(describeValue(best.values.back)).toBe(back);
    expect(bruteBestArrangement(cards(hand)).values).toEqual(best.values);
  });

  it('returns the cards of each segment, strongest first', () => {
    const best = bestArrangement(cards('As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s'));
    expect(best.hand).toEqual({ front: cards('4s 3s 2s'), middle: cards('9s 8s 7s 6s 5s'), back: cards('As Ks Qs Js Ts') });
  });

  it('refuses anything but 13 distinct cards', () => {
    const list = cards('As Ad Kc 2s 3h 4d 5c 6s 8h 9h Td Jc Qs');
    expect(() => bestArrangement(list.slice(1))).toThrow(/13 cards, not 12/);
    expect(() => bestArrangement([...list.slice(1), list[1]])).toThrow('Ad appears twice');
    expect(() => bestArrangement([...list.slice(1), 60])).toThrow(/not a card code/);
  });
});

describe('bestArrangement equals the brute-force maximum over all 72,072 splits', () => {
  const random = seededRandom(20240603);
  const hands: [string, number[]][] = [];
  for (let i = 0; i < 24; i++) hands.push([`random deal ${i + 1}`, dealCards(random, 13)]);
  // hands with strong structure, where ties between backs and choices matter more
  for (let i = 0; i < 2; i++) hands.push([`three straights ${i + 1}`, genThreeStraights(random)]);
  for (let i = 0; i < 2; i++) hands.push([`three flushes ${i + 1}`, genThreeFlushes(random)]);
  for (let i = 0; i < 2; i++) hands.push([`six pairs ${i + 1}`, genSixPairs(random)]);

  it.each(hands)('%s', (_name, hand) => {
    const best = bestArrangement(hand);
    // legal, and the very 13 cards
    expect(sorted(cardsOf(best.hand))).toEqual(sorted(hand));
    const verdict = unwrap(checkSetting(best.hand, { dealt: hand }));
    expect(verdict.fouled).toBe(false);
    if (verdict.fouled) return;
    expect(verdict.values).toEqual(best.values);
    expect(evaluate(best.hand.back)).toBe(best.values.back);
    // and no split is better
    const brute = bruteBestArrangement(hand);
    expect(brute.visited).toBe(72072);
    expect(best.values).toEqual(brute.values);
  });
});
