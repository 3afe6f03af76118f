import { describe, expect, it } from 'vitest';
import { findDuplicate, formatCard, formatCards, fullDeck, isRed, parseCard, parseCards } from '../../../app/domain/cards';

describe('parseCard', () => {
  // Accepted spellings from RULES.md section 1.
  it.each([
    ['As', 'As'], ['Td', 'Td'], ['10d', 'Td'], ['ah', 'Ah'], ['A♠', 'As'], ['k♥', 'Kh'],
    ['q♦', 'Qd'], ['J♣', 'Jc'], ['2C', '2c'], ['tD', 'Td'], [' 9s ', '9s'],
    // RULES.md s1 suit symbols as phones write them, with the emoji selector U+FE0F (review).
    ['A\u2660\uFE0F', 'As'], ['10\u2665\uFE0F', 'Th'],
  ])('%s -> %s', (input, canonical) => {
    const r = parseCard(input);
    expect(r.ok).toBe(true);
    if (r.ok) expect(formatCard(r.value)).toBe(canonical);
  });

  it.each([
    ['Xs', 'unknown rank "X"'], ['Az', 'unknown suit "z"'], ['1d', 'unknown rank "1"'],
    ['11d', 'unknown rank "11"'], ['', 'not a card'], ['A', 'not a card'], ['joker', 'not a card'],
  ])('refuses %j naming the problem', (input, text) => {
    const r = parseCard(input);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('bad-card');
      expect(r.error.message).toContain(text);
      expect(r.error.message).toContain(JSON.stringify(input));
    }
  });
});

describe('parseCards', () => {
  it('splits on spaces and commas', () => {
    const r = parseCards('As, Kd 10c');
    expect(r.ok && formatCards(r.value)).toBe('As Kd Tc');
  });
  it('names the position of the bad token', () => {
    const r = parseCards(['As', 'Kd', 'Zz']);
    expect(!r.ok && r.error.message).toMatch(/^card 3: not a card: "Zz"/);
  });
});

describe('deck', () => {
  it('has 52 distinct canonical cards, 26 red', () => {
    const deck = fullDeck();
    const names = deck.map(formatCard);
    expect(new Set(names).size).toBe(52);
    expect(deck.filter(isRed)).toHaveLength(26);
    for (const n of names) expect(parseCards(n).ok && (parseCards(n) as { value: number[] }).value[0]).toBe(names.indexOf(n));
  });
  it('finds a duplicate', () => {
    expect(findDuplicate([1, 5, 9, 5])).toBe(5);
    expect(findDuplicate(fullDeck())).toBeUndefined();
    // Both halves of the two-mask set: codes below 32 and from 32 up, and 0 against 32.
    expect(findDuplicate([0, 32, 51, 31, 51])).toBe(51);
    expect(findDuplicate([0, 32, 31, 0])).toBe(0);
    expect(findDuplicate([...fullDeck(), 33])).toBe(33);
  });
});
