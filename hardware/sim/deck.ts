/**
 * Seeded randomness for the simulators: the same seed always deals the same deck, on every
 * machine, so a simulated hand can be replayed and a test can name the cards it expects.
 * Pure: no clock, no Math.random.
 */
import { fullDeck, type Card } from '../../app/domain/cards';

/** A source of uniform 32-bit unsigned integers. */
export interface Prng {
  /** The next integer in 0..2^32-1. */
  nextUint32(): number;
  /** The next integer in 0..n-1 (n in 1..2^32), without modulo bias. */
  nextInt(n: number): number;
}

/** Checks a seed: any safe integer (negative allowed). */
function seedBits(seed: number): number {
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a safe integer, got ${String(seed)}`);
  // Fold the high bits in so seeds beyond 2^32 still differ.
  const lo = seed >>> 0;
  const hi = Math.floor(seed / 0x1_0000_0000) >>> 0;
  if (hi === 0) return lo;
  let h = Math.imul(hi ^ (hi >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (lo ^ h ^ (h >>> 16)) >>> 0;
}

/**
 * Mulberry32: small, fast, passes the usual statistical batteries well enough for shuffling
 * simulated decks. (Not for anything where an adversary must not predict the deck.)
 */
export function seededPrng(seed: number): Prng {
  let state = seedBits(seed);
  const nextUint32 = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const nextInt = (n: number): number => {
    if (!Number.isInteger(n) || n < 1 || n > 0x1_0000_0000) throw new RangeError(`nextInt bound must be an integer in 1..2^32, got ${n}`);
    // Rejection sampling: drop the top partial block of 2^32 so every residue is equally likely.
    const limit = 0x1_0000_0000 - (0x1_0000_0000 % n);
    for (;;) {
      const x = nextUint32();
      if (x < limit) return x % n;
    }
  };
  return { nextUint32, nextInt };
}

/** Fisher-Yates shuffle of a copy of `items` driven by `prng`. */
export function shuffle<T>(items: readonly T[], prng: Prng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = prng.nextInt(i + 1);
    const t = out[i];
    out[i] = out[j];
    out[j] = t;
  }
  return out;
}

/** The 52 cards in the order a shoe loaded with deck number `seed` deals them. Pure. */
export function shuffledDeck(seed: number): Card[] {
  return shuffle(fullDeck(), seededPrng(seed));
}
