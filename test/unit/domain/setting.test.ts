import { describe, expect, it } from 'vitest';
import { parseCards } from '../../../app/domain/cards';
import { evaluate, lowball27 } from '../../../app/domain/evaluate';
import { unwrap } from '../../../app/domain/result';
import { checkSetting, type SetHand, type SettingOptions } from '../../../app/domain/setting';

const cards = (text: string) => unwrap(parseCards(text));
const hand = (front: string, middle: string, back: string): SetHand => ({ front: cards(front), middle: cards(middle), back: cards(back) });
const verdict = (h: SetHand, options?: SettingOptions) => unwrap(checkSetting(h, options));

describe('a legal setting', () => {
  it('gives each segment its value and description (issue 2 record example)', () => {
    const v = verdict(hand('Kd 5d 2s', '7h 7d 8s 8c 3h', '6h 6d 6c 4s 4d'));
    expect(v.fouled).toBe(false);
    if (v.fouled) return;
    expect(v.values).toEqual({ front: evaluate(cards('Kd 5d 2s')), middle: evaluate(cards('7h 7d 8s 8c 3h')), back: evaluate(cards('6h 6d 6c 4s 4d')) });
    expect(v.descriptions).toEqual({ front: 'King high', middle: 'Two pair, eights and sevens', back: 'Full house, sixes full of fours' });
  });

  // RULES.md s4: ties allowed (000, 002: "the back must beat or equal the middle")
  const equalAllowed: [string, SetHand][] = [
    ['equal front and middle over the front ranks (RULES.md s4 Decision)', hand('Ac Ad Kh', 'As Ah Kd 3c 2c', 'Qs Qh Qd Jc Js')],
    ['middle equal to back (RULES.md s4, 002)', hand('2c 3d 4h', 'Ac Kc Tc 8c 6c', 'Ad Kd Td 8d 6d')],
    ['front high card equal to the middle high card prefix', hand('Ac Kd Qh', 'As Kh Qd 3c 2c', '9s 9h 9d 4c 4s')],
  ];
  it.each(equalAllowed)('%s', (_why, h) => expect(verdict(h).fouled).toBe(false));
});

describe('input errors (not fouls)', () => {
  // [why, hand, options, code, message fragment]
  const cases: [string, SetHand, SettingOptions, string, string][] = [
    ['12 cards in all (RULES.md s4: 13 cards)', hand('Kd 5d', '7h 7d 8s 8c 3h', '6h 6d 6c 4s 4d'), {}, 'wrong-card-count', 'this one has 12'],
    ['14 cards in all', hand('Kd 5d 2s 2c', '7h 7d 8s 8c 3h', '6h 6d 6c 4s 4d'), {}, 'wrong-card-count', 'this one has 14'],
    ['a card twice (issue 2 errors)', hand('Kd 5d 2s', '7h 7d 8s 8c 3h', '6h 6d 6c 4s 2s'), {}, 'duplicate-card', '2s appears twice'],
    ['a card not dealt to the seat (RULES.md s4 irregularity)', hand('Kd 5d 2s', '7h 7d 8s 8c 3h', '6h 6d 6c 4s 4d'),
      { dealt: cards('Kd 5d 2s 7h 7d 8s 8c 3h 6h 6d 6c 4s Ac') }, 'cards-not-dealt-to-seat', '4d was not dealt'],
  ];
  it.each(cases)('%s', (_why, h, options, code, fragment) => {
    const r = checkSetting(h, options);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe(code);
    expect(r.error.message).toContain(fragment);
  });

  it('accepts the 13 dealt cards in any order', () => {
    const h = hand('Kd 5d 2s', '7h 7d 8s 8c 3h', '6h 6d 6c 4s 4d');
    const dealt = [...h.back, ...h.front, ...h.middle];
    expect(verdict(h, { dealt }).fouled).toBe(false);
  });
});

describe('fouls (RULES.md s4)', () => {
  // [why, hand, code, reason fragment]
  const cases: [string, SetHand, string, string][] = [
    ['wrong count with 13 cards in all (issue 2: a foul, not an error)', hand('Kd 5d', '7h 7d 8s 8c 3h 2s', '6h 6d 6c 4s 4d'),
      'wrong-count', 'wrong number of cards: front 2, middle 6, back 5 (must be front 3, middle 5, back 5)'],
    ['front higher than middle', hand('Ac Ad 2h', 'Ks Kh Qd Jc 9c', '5s 5h 5d 3c 3s'),
      'out-of-order', 'front (Pair of aces) is higher than middle (Pair of kings)'],
    ['front kicker higher than middle kicker (RULES.md s3 Decision)', hand('Ac Ad Qh', 'As Ah Jd 9c 8c', '5s 5h 5d 3c 3s'),
      'out-of-order', 'front (Pair of aces) is higher than middle (Pair of aces)'],
    ['trips in front above two pair in the middle', hand('2c 2d 2h', 'As Ah Kd Kc Qc', '5s 5h 5d 3c 3s'),
      'out-of-order', 'front (Three of a kind, twos) is higher than middle (Two pair, aces and kings)'],
    ['middle higher than back', hand('2c 3d 4h', 'Ah Kh Qh Jh 9h', 'Ts 9s 8d 7c 6c'),
      'out-of-order', 'middle (Flush, ace high) is higher than back (Straight, ten high)'],
  ];
  it.each(cases)('%s', (_why, h, code, reason) => {
    const v = verdict(h);
    expect(v.fouled).toBe(true);
    if (!v.fouled) return;
    expect(v.code).toBe(code);
    expect(v.reason).toBe(reason);
  });
});

describe('lowball middle option (RULES.md s3, seed 003)', () => {
  it('ranks the middle as 2-7 lowball and checks front <= back only', () => {
    // the middle 7-5-4-3-2 is "below" the front pair of aces as a high hand, yet legal here
    const h = hand('Ac Ad 2h', '7s 5h 4d 3c 2c', 'Ks Kh Kd 9c 9s');
    expect(verdict(h).fouled).toBe(true);
    const v = verdict(h, { lowballMiddle: true });
    expect(v.fouled).toBe(false);
    if (v.fouled) return;
    expect(v.values.middle).toBe(lowball27(cards('7s 5h 4d 3c 2c')));
    expect(v.descriptions.middle).toBe('7-5-4-3-2 low');
  });
  it('a middle stronger than the back as a high hand is legal too', () => {
    const h = hand('2c 3d 5h', 'As Ah Ad Ac Kc', 'Qs Qh 9d 8c 7c');
    expect(verdict(h, { lowballMiddle: true }).fouled).toBe(false);
  });
  it('still fouls a front above the back', () => {
    const v = verdict(hand('Ac Ad Ah', '7s 5h 4d 3c 2c', 'Ks Kh Qd 9c 9s'), { lowballMiddle: true });
    expect(v.fouled).toBe(true);
    if (!v.fouled) return;
    expect(v.reason).toBe('front (Three of a kind, aces) is higher than back (Two pair, kings and nines)');
  });
});
