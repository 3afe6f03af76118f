import { describe, expect, it } from 'vitest';
import { parseCards } from '../../../app/domain/cards';
import {
  Category, categoryOf, describeValue, evaluate, lowball27, rankChar, rankName, ranksOf, valueFromCounts, valueOfCards,
} from '../../../app/domain/evaluate';
import { unwrap } from '../../../app/domain/result';

const cards = (text: string) => unwrap(parseCards(text));

describe('rankName and rankChar: every rank (RULES.md s1 order 2..A)', () => {
  const names = ['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'jack', 'queen', 'king', 'ace'];
  const plurals = ['twos', 'threes', 'fours', 'fives', 'sixes', 'sevens', 'eights', 'nines', 'tens', 'jacks', 'queens', 'kings', 'aces'];
  it.each(names.map((name, rank) => [rank, name, plurals[rank], '23456789TJQKA'[rank]] as const))(
    'rank %i: %s, %s, %s',
    (rank, name, plural, char) => {
      expect(rankName(rank)).toBe(name);
      expect(rankName(rank, true)).toBe(plural);
      expect(rankChar(rank)).toBe(char);
    },
  );
});

describe('the top of the rank-key table (RULES.md s3)', () => {
  it('four aces with a king: the largest key sum has its entry', () => {
    const v = evaluate(cards('As Ah Ad Ac Kd'));
    expect(categoryOf(v)).toBe(Category.Quads);
    expect(ranksOf(v, 2)).toEqual([12, 11]);
    expect(describeValue(v)).toBe('Four of a kind, aces');
    expect(v).toBe(valueOfCards(cards('As Ah Ad Ac Kd')));
  });
  it('aces full of kings and kings full of aces', () => {
    expect(describeValue(evaluate(cards('As Ah Ad Kc Kd')))).toBe('Full house, aces full of kings');
    expect(describeValue(evaluate(cards('Ks Kh Kd Ac Ad')))).toBe('Full house, kings full of aces');
  });
});

describe('refusals name the length or the value', () => {
  it('valueOfCards: 4 cards', () => {
    expect(() => valueOfCards(cards('As Kd Qh Jc'))).toThrow(new RangeError('a hand has 3 or 5 cards, not 4'));
  });
  it('valueFromCounts: five of one rank is no poker hand', () => {
    const counts = new Array<number>(13).fill(0);
    counts[5] = 5;
    expect(() => valueFromCounts(counts, false)).toThrow(new RangeError('impossible rank shape 5'));
  });
  it('lowball27: 3 cards', () => {
    expect(() => lowball27(cards('7c 5d 4h'))).toThrow(new RangeError('a lowball hand has 5 cards, not 3'));
  });
  it('describeValue: a category above straight flush', () => {
    const bad = 9 << 20;
    expect(() => describeValue(bad)).toThrow(new RangeError(`not a hand value: ${bad}`));
  });
});
