/**
 * `bestArrangement`'s output whatever order the cards come in: each segment strongest first,
 * the very cards given, and the same setting for the same cards in any order.
 */
import { describe, expect, it } from 'vitest';
import { bestArrangement } from '../../../app/domain/arrange';
import { parseCards, type Card } from '../../../app/domain/cards';
import { unwrap } from '../../../app/domain/result';

const cards = (text: string) => unwrap(parseCards(text));
const strongestFirst = (list: readonly Card[]) => [...list].sort((a, b) => b - a);

describe('bestArrangement, cards in any order', () => {
  const hands = ['2c 5d 8h Jh Kd 7h 7d 8s 3h 6h 6d 6c Ac', '2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As', 'Ah 2h 9h 5h Kh Qs 3d Qd Js Jd 3c Tc 4s'];
  it.each(hands)('%s: each segment strongest first, in ascending, descending and given order', (text) => {
    const given = cards(text);
    const ascending = [...given].sort((a, b) => a - b);
    const descending = [...given].sort((a, b) => b - a);
    const settings = [given, ascending, descending].map(bestArrangement);
    for (const { hand } of settings) {
      for (const segment of [hand.front, hand.middle, hand.back]) expect(segment).toEqual(strongestFirst(segment));
      expect(strongestFirst([...hand.front, ...hand.middle, ...hand.back])).toEqual(strongestFirst(given));
    }
    expect(settings[1].values).toEqual(settings[0].values);
    expect(settings[2].values).toEqual(settings[0].values);
  });
});
