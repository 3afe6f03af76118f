import { describe, expect, it } from 'vitest';
import { formatCards } from '../../../app/domain/cards';
import { seededPrng, shuffle, shuffledDeck } from '../../../hardware/sim/deck';

describe('shuffledDeck', () => {
  it('is a permutation of the 52 cards', () => {
    for (const seed of [0, 1, 7, -3, 2 ** 40, Number.MAX_SAFE_INTEGER]) {
      const deck = shuffledDeck(seed);
      expect(deck).toHaveLength(52);
      expect([...deck].sort((a, b) => a - b)).toEqual(Array.from({ length: 52 }, (_, i) => i));
    }
  });

  it('is deterministic: the same seed deals the same deck', () => {
    expect(shuffledDeck(7)).toEqual(shuffledDeck(7));
    // Regression pin: simulated hands recorded with seed 7 must replay the same deck.
    expect(formatCards(shuffledDeck(7).slice(0, 8))).toBe('8s 9c 4d Ac 7d 5d Jh 5h');
  });

  it('different seeds (also beyond 2^32) deal different decks', () => {
    const decks = new Set([0, 1, 2, 3, 2 ** 32, 2 ** 32 + 1, -1].map((s) => formatCards(shuffledDeck(s))));
    expect(decks.size).toBe(7);
  });

  it('refuses a seed that is not a safe integer', () => {
    expect(() => shuffledDeck(1.5)).toThrow('seed must be a safe integer');
    expect(() => shuffledDeck(Number.NaN)).toThrow('seed must be a safe integer');
  });

  it('every card reaches every position about equally often (2600 decks, loose bounds)', () => {
    const counts = Array.from({ length: 52 }, () => new Array<number>(52).fill(0));
    const n = 2600;
    for (let s = 0; s < n; s++) shuffledDeck(s).forEach((card, pos) => counts[pos][card]++);
    // Expected 50 per cell; a cell outside 15..95 would be a gross bias (p < 1e-6 per cell).
    for (const row of counts) for (const c of row) expect(c).toBeGreaterThan(15), expect(c).toBeLessThan(95);
  });
});

describe('seededPrng', () => {
  it('nextInt stays in range and refuses bad bounds', () => {
    const p = seededPrng(3);
    for (let i = 0; i < 1000; i++) {
      const x = p.nextInt(7);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(7);
    }
    expect(() => p.nextInt(0)).toThrow('nextInt bound');
    expect(() => p.nextInt(2.5)).toThrow('nextInt bound');
  });

  it('shuffle does not change its input', () => {
    const input = [1, 2, 3, 4, 5];
    const out = shuffle(input, seededPrng(1));
    expect(input).toEqual([1, 2, 3, 4, 5]);
    expect([...out].sort()).toEqual(input);
  });
});
