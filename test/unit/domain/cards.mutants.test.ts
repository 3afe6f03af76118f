import { describe, expect, it } from 'vitest';
import { findDuplicate, formatCard, formatCards, isCard, makeCard, parseCard, parseCards, SUIT_CHARS, SUIT_SYMBOLS } from '../../../app/domain/cards';
import { plural } from '../../../app/domain/words';

/** The refusal's text for a token parseCard refuses. */
const refusal = (token: string): string => {
  const r = parseCard(token);
  if (r.ok) throw new Error(`accepted ${token}`);
  expect(r.error.code).toBe('bad-card');
  return r.error.message;
};

describe('card codes (RULES.md s1: rank * 4 + suit)', () => {
  it('makeCard builds rank * 4 + suit', () => {
    expect(makeCard(0, 0)).toBe(0);
    expect(makeCard(0, 3)).toBe(3);
    expect(makeCard(8, 2)).toBe(34); // Td
    expect(formatCard(makeCard(12, 3))).toBe('Ac');
  });

  it.each<[unknown, boolean]>([
    [0, true], [51, true], [52, false], [-1, false], [1.5, false], ['1', false], [Number.NaN, false], [null, false],
  ])('isCard(%j) is %s', (value, expected) => expect(isCard(value)).toBe(expected));

  it.each([52, -1, 2.5])('formatCard(%d) throws rather than invent a card', (code) => {
    expect(() => formatCard(code)).toThrow(new RangeError(`not a card code: ${code}`));
  });

  it('formatCards refuses a code outside 0..51 the same way', () => {
    expect(() => formatCards([0, 52])).toThrow(new RangeError('not a card code: 52'));
    expect(formatCards([])).toBe('');
    expect(formatCards([51, 0])).toBe('Ac 2s');
  });
});

describe('parseCard: each refusal says what is wrong (RULES.md s1 spellings)', () => {
  it.each([
    ['A', 'not a card: "A" (expected rank then suit, e.g. "As", "Td", "10d")'],
    ['', 'not a card: "" (expected rank then suit, e.g. "As", "Td", "10d")'],
    ['Xz', 'not a card: "Xz" (unknown rank and suit)'],
    ['2z', 'not a card: "2z" (unknown suit "z"; suits are s, h, d, c or ♠ ♥ ♦ ♣)'],
    ['10z', 'not a card: "10z" (unknown suit "z"; suits are s, h, d, c or ♠ ♥ ♦ ♣)'],
    ['23s', 'not a card: "23s" (unknown rank "23"; ranks are 2-9, T or 10, J, Q, K, A)'],
    ['JQh', 'not a card: "JQh" (unknown rank "JQ"; ranks are 2-9, T or 10, J, Q, K, A)'],
    ['1s', 'not a card: "1s" (unknown rank "1"; ranks are 2-9, T or 10, J, Q, K, A)'],
  ])('%j', (token, message) => expect(refusal(token)).toBe(message));

  it('takes the lowest rank and each suit letter and symbol', () => {
    expect(parseCard('2s')).toEqual({ ok: true, value: 0 });
    expect(parseCard('2c')).toEqual({ ok: true, value: 3 });
    expect(parseCard('♣2'.split('').reverse().join(''))).toEqual({ ok: true, value: 3 });
    expect(parseCard('A♤')).toEqual({ ok: true, value: 48 });
    expect(parseCard('A♡')).toEqual({ ok: true, value: 49 });
    expect(parseCard('A♢')).toEqual({ ok: true, value: 50 });
    expect(parseCard('A♧')).toEqual({ ok: true, value: 51 });
  });
});

describe('suit symbols (the screen draws SUIT_SYMBOLS[suit])', () => {
  it.each([0, 1, 2, 3])('suit %i: its symbol and its letter are the same suit', (suit) => {
    expect(SUIT_SYMBOLS).toHaveLength(4);
    expect(parseCard(`A${SUIT_SYMBOLS[suit]}`)).toEqual({ ok: true, value: 48 + suit });
    expect(parseCard(`A${SUIT_CHARS[suit]}`)).toEqual({ ok: true, value: 48 + suit });
  });
});

describe('parseCards', () => {
  it('ignores separators at either end and repeated ones', () => {
    expect(parseCards(' As,  Kd ,10c ')).toEqual({ ok: true, value: [51 - 3, 46, 35] });
    expect(parseCards('')).toEqual({ ok: true, value: [] });
  });

  it('names the position and the problem of a bad token', () => {
    expect(parseCards(['As', 'Kd', 'Zz'])).toEqual({
      ok: false,
      error: { code: 'bad-card', message: 'card 3: not a card: "Zz" (unknown rank and suit)' },
    });
  });

  it('refuses a token that is not text, by position', () => {
    expect(parseCards(['As', 5 as unknown as string])).toEqual({
      ok: false,
      error: { code: 'bad-card', message: 'card 2 is not text: 5' },
    });
  });
});

describe('findDuplicate across the two masks', () => {
  it('keeps code 32 apart from code 0 and code 33 apart from 1', () => {
    expect(findDuplicate([0, 32])).toBeUndefined();
    expect(findDuplicate([32, 0])).toBeUndefined();
    expect(findDuplicate([1, 33, 51, 19])).toBeUndefined();
    expect(findDuplicate([32, 40, 32])).toBe(32);
  });
});

describe('plural', () => {
  it.each<[number, string, string | undefined, string]>([
    [1, 'card', undefined, '1 card'],
    [0, 'card', undefined, '0 cards'],
    [5, 'card', undefined, '5 cards'],
    [2, 'child', 'children', '2 children'],
    [1, 'child', 'children', '1 child'],
  ])('%i %s', (n, one, many, text) => expect(plural(n, one, many)).toBe(text));
});
