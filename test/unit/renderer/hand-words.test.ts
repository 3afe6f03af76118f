// Hand descriptions built from structured parts (category + ranks) in the message files:
// the English wording must match the domain's own `describeValue` for every front and for
// every 5-card category; Czech gets its grammar from the rank forms.
import { describe, expect, it } from 'vitest';
import { parseCards } from '../../../app/domain/cards';
import { unwrap } from '../../../app/domain/result';
import { categoryOf, describeLowball, describeValue, evaluate3, lowball27, ranksOf } from '../../../app/domain/evaluate';
import type { HandWords } from '../../../app/contract/view';
import { wordsOfRow } from '../../../app/terminal/view';
import { describeHand } from '../../../renderer/i18n/hand-words';
import { createTranslator } from '../../../renderer/i18n/translate';

const en = createTranslator('en');
const cs = createTranslator('cs');
const words = (text: string, row: 'front' | 'middle' | 'back' = 'back', lowball = false): HandWords => {
  const r = parseCards(text);
  if (!r.ok) throw new Error(r.error.message);
  return wordsOfRow(r.value, row, lowball)!;
};

describe('hand words', () => {
  it('match the domain wording in English for every 3-card front (all 22100)', () => {
    let checked = 0;
    for (let a = 0; a < 52; a++) for (let b = a + 1; b < 52; b++) for (let c = b + 1; c < 52; c++) {
      const v = evaluate3(a, b, c);
      const w = { category: categoryOf(v), ranks: ranksOf(v, 2), english: describeValue(v) };
      if (describeHand(en, w) !== w.english) throw new Error(`${a} ${b} ${c}: ${describeHand(en, w)} != ${w.english}`);
      checked++;
    }
    expect(checked).toBe(22100);
  });

  it('match the domain wording in English for every 5-card category and rank', () => {
    const samples = [
      'As Kd 9c 7h 3s', 'Ts Td 9c 7h 3s', 'Qs Qd 5c 5h 3s', '8s 8d 8c Kh 3s', '9s Td Jc Qh Ks', 'Ad 2s 3c 4h 5s',
      '2h 7h 9h Jh Kh', 'Ts Td Tc 4h 4s', '6s 6d 6c 6h 3s', '5c 6c 7c 8c 9c', 'Ah Kh Qh Jh Th', 'Ac 2c 3c 4c 5c',
    ];
    for (const s of samples) {
      const w = words(s);
      expect(describeHand(en, w), s).toBe(w.english);
    }
    // A pair of every rank (plural forms of every rank).
    const RANKS = '23456789TJQKA';
    for (const r of RANKS) {
      const kickers = r === '2' ? '3d 4d 6c' : r === '3' ? '2d 4d 6c' : '2d 3d 5c';
      const w = words(`${r}s ${r}h ${r === '5' ? '2d 3d 7c' : kickers}`);
      expect(describeHand(en, w), r).toBe(w.english);
    }
  });

  it('word a 2-7 lowball middle like the domain', () => {
    for (const s of ['7s 5d 4c 3h 2s', '8s 6d 4c 3h 2s', 'Ks 5d 5c 3h 2s']) {
      const w = words(s, 'middle', true);
      const strength = lowball27(unwrap(parseCards(s)));
      expect(w.english).toBe(describeLowball(strength));
      expect(describeHand(en, w)).toBe(w.english);
    }
  });

  it('speak Czech', () => {
    expect(describeHand(cs, words('9s 9d 3c', 'front'))).toBe('Pár devítek');
    expect(describeHand(cs, words('As Ad Ac', 'front'))).toBe('Trojice es');
    expect(describeHand(cs, words('Qs Qd 5c 5h 3s'))).toBe('Dva páry, dámy a pětky');
    expect(describeHand(cs, words('9s Td Jc Qh Ks'))).toBe('Postupka do krále');
    expect(describeHand(cs, words('2h 7h 9h Jh Kh'))).toBe('Barva, nejvyšší král');
    expect(describeHand(cs, words('Ts Td Tc 4h 4s'))).toBe('Full house, desítky a čtyřky');
    expect(describeHand(cs, words('6s 6d 6c 6h 3s'))).toBe('Poker, šestky');
    expect(describeHand(cs, words('Ah Kh Qh Jh Th'))).toBe('Královská postupka');
    expect(describeHand(cs, words('Kd 7c 2s', 'front'))).toBe('Nejvyšší král');
  });

  it('have no words for a row with the wrong number of cards', () => {
    expect(wordsOfRow(unwrap(parseCards('As Kd')), 'front', false)).toBeNull();
    expect(wordsOfRow(unwrap(parseCards('As Kd Qc Jh')), 'back', false)).toBeNull();
  });
});
