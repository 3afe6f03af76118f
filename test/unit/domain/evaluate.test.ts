import { describe, expect, it } from 'vitest';
import { parseCards } from '../../../app/domain/cards';
import {
  Category, RANK_KEYS, categoryOf, describeLowball, describeValue, evaluate, evaluate3, evaluate5,
  lowball27, ranksOf, valueOfCards,
} from '../../../app/domain/evaluate';
import { unwrap } from '../../../app/domain/result';
import { dealCards, seededRandom } from '../../support/gen-hands';
import { referenceClassify, referenceCompare, referenceOnScale } from '../../support/reference-evaluator';

const cards = (text: string) => unwrap(parseCards(text));
const value = (text: string) => evaluate(cards(text));
const low = (text: string) => lowball27(cards(text));

const onScale = referenceOnScale;

describe('categories (RULES.md s3: standard poker order)', () => {
  // [hand, category, description]
  const cases: [string, Category, string][] = [
    ['As Ks Qs Js Ts', Category.StraightFlush, 'Royal flush'], // RULES.md s3: royal is the top straight flush
    ['9h 8h 7h 6h 5h', Category.StraightFlush, 'Straight flush, nine high'],
    ['5d 4d 3d 2d Ad', Category.StraightFlush, 'Straight flush, five high'], // s3: wheel counts
    ['Qc Qd Qh Qs 2c', Category.Quads, 'Four of a kind, queens'],
    ['Tc Td Th 4s 4c', Category.FullHouse, 'Full house, tens full of fours'],
    ['Kh Th 8h 5h 2h', Category.Flush, 'Flush, king high'],
    ['Ac Kd Qh Js Tc', Category.Straight, 'Straight, ace high'],
    ['5c 4d 3h 2s Ac', Category.Straight, 'Straight, five high'],
    ['7c 7d 7h Ks 2c', Category.Trips, 'Three of a kind, sevens'],
    ['Qc Qd 5h 5s 9c', Category.TwoPair, 'Two pair, queens and fives'],
    ['9c 9d Ah 5s 3c', Category.Pair, 'Pair of nines'],
    ['Ac Jd 8h 5s 3c', Category.HighCard, 'Ace high'],
    // fronts (RULES.md s3: high card < pair < trips only)
    ['Ac Ad Ah', Category.Trips, 'Three of a kind, aces'],
    ['6c 6d Kh', Category.Pair, 'Pair of sixes'],
    ['Qc 3d 2h', Category.HighCard, 'Queen high'],
  ];
  it.each(cases)('%s is category %i: %s', (hand, category, description) => {
    const v = value(hand);
    expect(categoryOf(v)).toBe(category);
    expect(describeValue(v)).toBe(description);
  });

  it('orders every category above the one below (RULES.md s3)', () => {
    const ladder = cases.slice(0, 12).map(([h]) => value(h));
    for (let i = 1; i < ladder.length; i++) expect(ladder[i - 1]).toBeGreaterThan(ladder[i]);
  });
});

describe('kickers and ties', () => {
  // [stronger, weaker, source]
  const stronger: [string, string, string][] = [
    ['9c 9d Ah 5s 3c', '9h 9s Kh Qs Jc', 'pair: kicker ace beats king'],
    ['9c 9d Ah 5s 4c', '9h 9s Ad 5d 3h', 'pair: last kicker decides'],
    ['Qc Qd 5h 5s 9c', 'Qh Qs 5d 5c 8c', 'two pair: kicker'],
    ['Qc Qd 6h 6s 2c', 'Qh Qs 5d 5c Ac', 'two pair: second pair before kicker'],
    ['Kc Kd Kh 2s 2c', 'Qh Qs Qd Ac Ad', 'full house: the set decides'],
    ['Tc Td Th Qs 3c', 'Th Ts Td Qc 2c', 'trips (compared as in a pair of decks): second kicker'],
    ['Ah Jh 9h 6h 4h', 'Ad Jd 9d 6d 3d', 'flush: fifth card decides'],
    ['6c 5d 4h 3s 2c', '5c 4d 3h 2s Ac', 'RULES.md s3: wheel is the lowest straight'],
    ['6h 5h 4h 3h 2h', '5c 4c 3c 2c Ac', 'RULES.md s3: steel wheel is the lowest straight flush'],
    ['Kc Qd Jh Ts 9s', 'Ac Kd Qh Js 9c', 'a king-high straight beats ace-king-queen-jack high'],
  ];
  it.each(stronger)('%s > %s (%s)', (a, b) => expect(value(a)).toBeGreaterThan(value(b)));

  // RULES.md s1 (004): suits never rank; equal hands tie
  const ties: [string, string][] = [
    ['As Ks Qs Js Ts', 'Ah Kh Qh Jh Th'],
    ['Kh Th 8h 5h 2h', 'Kc Tc 8c 5c 2c'],
    ['9c 9d Ah 5s 3c', '9h 9s Ad 5d 3h'],
    ['5c 4d 3h 2s Ac', '5d 4c 3s 2h Ah'],
    ['Qc 3d 2h', 'Qs 3c 2d'],
  ];
  it.each(ties)('%s ties %s (RULES.md s1: suits never rank)', (a, b) => expect(value(a)).toBe(value(b)));
});

describe('no wrap-around, fronts without straights or flushes', () => {
  it('Q-K-A-2-3 is not a straight (RULES.md s3)', () => {
    expect(categoryOf(value('Qc Kd Ah 2s 3c'))).toBe(Category.HighCard);
    expect(categoryOf(value('Qc Kc Ac 2c 3c'))).toBe(Category.Flush);
  });
  it('K-A-2-3-4 is not a straight (RULES.md s3)', () => {
    expect(categoryOf(value('Kc Ad 2h 3s 4c'))).toBe(Category.HighCard);
  });
  // RULES.md s3: straights and flushes do not count in the front
  it.each([['Qs Ks As'], ['2h 3h 4h'], ['As 2s 3s'], ['9d 7d 2d']])('front %s is high card', (front) => {
    expect(categoryOf(value(front))).toBe(Category.HighCard);
  });
});

describe('front against middle (RULES.md s3 Decision)', () => {
  // [front, middle, front is higher]
  const cases: [string, string, boolean][] = [
    ['Ac Ad Kh', 'As Ah Kd Qc Jc', false], // equal over the front's ranks: not higher
    ['Ac Ad Kh', 'As Ah Kd 3c 2c', false], // same, lowest possible kickers
    ['Ac Ad Qh', 'As Ah Jd 9c 8c', true], // front kicker Q beats middle kicker J
    ['Ac Kd Qh', 'As Kh Qd 3c 2c', false], // high card, equal over three ranks
    ['Ac Kd Qh', 'As Kh Jd Tc 9c', true], // Q beats J in the third position
    ['2c 2d 2h', 'As Ah Kd Kc Qc', true], // trips beat two pair
    ['Ac Ad Ah', '2s 3h 4d 5c 6c', false], // a straight beats trips
    ['Kc Kd 2h', 'Ks Kh 3d 2c 2s', false], // two pair beats a pair
    ['7c 7d 7h', '7s 5h 4d 3c 2c', true], // trips beat high card
  ];
  it.each(cases)('front %s vs middle %s: front higher = %s', (front, middle, higher) => {
    expect(value(front) > value(middle)).toBe(higher);
    // the reference compares ranks position by position, a missing rank lowest
    expect(referenceCompare(referenceClassify(cards(front)), referenceClassify(cards(middle))) > 0).toBe(higher);
  });
});

describe('2-7 lowball middle (RULES.md s3, seed 003)', () => {
  // best first
  const ladder = [
    '7c 5d 4h 3s 2c', // the best 2-7 hand
    '7c 6d 4h 3s 2c',
    '8c 5d 4h 3s 2c',
    'Kc Qd Jh 9s 8c',
    'Ac 5d 4h 3s 2c', // wheel is ace high, not a straight
    'Ac Kd Qh Js 9c',
    '2c 2d 4h 5s 6c', // a pair is worse than any unpaired hand
    '6c 5d 4h 3s 2c', // a straight counts against you
    '7c 5c 4c 3c 2c', // so does a flush
    'Ac Kc Qc Jc Tc',
  ];
  it('orders the ladder best first', () => {
    for (let i = 1; i < ladder.length; i++) expect(low(ladder[i - 1]), `${ladder[i - 1]} vs ${ladder[i]}`).toBeGreaterThan(low(ladder[i]));
  });
  it('ties ignore suits', () => expect(low('7c 5d 4h 3s 2c')).toBe(low('7s 5c 4d 3h 2d')));
  it('describes', () => {
    expect(describeLowball(low('7c 5d 4h 3s 2c'))).toBe('7-5-4-3-2 low');
    expect(describeLowball(low('Ac 5d 4h 3s 2c'))).toBe('A-5-4-3-2 low');
    expect(describeLowball(low('6c 5d 4h 3s 2c'))).toBe('Straight, six high (lowball)');
  });
  it('refuses other lengths', () => expect(() => lowball27(cards('7c 5d 4h'))).toThrow(RangeError));
});

describe('evaluate refuses other lengths', () => {
  it.each([[4], [6], [0]])('%i cards', (n) => {
    expect(() => evaluate(dealCards(seededRandom(n + 1), n))).toThrow(/3 or 5 cards/);
  });
});

describe('RANK_KEYS: a perfect hash of rank multisets', () => {
  const sums = (size: number) => {
    const seen = new Map<number, string>();
    const counts = new Array<number>(13).fill(0);
    let multisets = 0;
    const walk = (left: number, from: number, sum: number) => {
      if (left === 0) {
        multisets++;
        const key = counts.join('');
        const before = seen.get(sum);
        expect(before, `sum ${sum} shared by ${before} and ${key}`).toBeUndefined();
        seen.set(sum, key);
        return;
      }
      for (let r = from; r < 13; r++) {
        if (counts[r] === 4) continue;
        counts[r]++;
        walk(left - 1, r, sum + RANK_KEYS[r]);
        counts[r]--;
      }
    };
    walk(size, 0, 0);
    return multisets;
  };
  it('every 5-rank multiset (at most 4 of a rank) has its own sum', () => expect(sums(5)).toBe(6175));
  it('every 3-rank multiset has its own sum', () => expect(sums(3)).toBe(455));
});

describe('agrees with the reference evaluator', () => {
  it('on all 22,100 three-card hands', () => {
    let n = 0;
    for (let a = 0; a < 52; a++) for (let b = a + 1; b < 52; b++) for (let c = b + 1; c < 52; c++) {
      const ref = onScale(referenceClassify([a, b, c]));
      if (evaluate3(a, b, c) !== ref) expect(evaluate3(a, b, c), `${[a, b, c]}`).toBe(ref);
      n++;
    }
    expect(n).toBe(22100);
  });

  it('on 200,000 seeded random five-card hands (all 2,598,960: npm run verify:evaluator)', () => {
    const random = seededRandom(20240601);
    const seen = new Array<number>(9).fill(0);
    for (let i = 0; i < 200_000; i++) {
      const [a, b, c, d, e] = dealCards(random, 5);
      const ref = onScale(referenceClassify([a, b, c, d, e]));
      const ours = evaluate5(a, b, c, d, e);
      if (ours !== ref) expect(ours, `${[a, b, c, d, e]}`).toBe(ref);
      seen[categoryOf(ours)]++;
    }
    // a random sample this size meets every category up to quads (p(quads) ~ 1/4165)
    for (let cat = 0; cat <= Category.Quads; cat++) expect(seen[cat]).toBeGreaterThan(0);
  });

  it('on every straight flush and on constructed rare hands', () => {
    for (let suit = 0; suit < 4; suit++) {
      for (let top = 3; top <= 12; top++) {
        const ranks = top === 3 ? [12, 0, 1, 2, 3] : [top, top - 1, top - 2, top - 3, top - 4];
        const hand = ranks.map((r) => r * 4 + suit);
        expect(evaluate(hand)).toBe(onScale(referenceClassify(hand)));
        expect(categoryOf(evaluate(hand))).toBe(Category.StraightFlush);
      }
    }
  });

  it('the counting evaluator (valueOfCards) gives the same values as the tables', () => {
    const random = seededRandom(7);
    for (let i = 0; i < 20_000; i++) {
      const hand = dealCards(random, i % 2 ? 5 : 3);
      expect(valueOfCards(hand)).toBe(evaluate(hand));
    }
  });

  it('ranksOf reads the nibbles back', () => {
    expect(ranksOf(value('Tc Td Th 4s 4c'), 2)).toEqual([8, 2]);
    expect(ranksOf(value('5c 4d 3h 2s Ac'), 1)).toEqual([3]);
  });
});
