/**
 * Seeded hand generators for tests, scripts and benchmarks: the same seed always deals the
 * same hands, so a failure can be replayed.
 */

/** mulberry32: a small, fast, seeded generator of floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` distinct cards from a fresh deck (partial Fisher-Yates). */
export function dealCards(random: () => number, count: number): number[] {
  const deck = Array.from({ length: 52 }, (_, i) => i);
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(random() * (52 - i));
    const t = deck[i];
    deck[i] = deck[j];
    deck[j] = t;
  }
  return deck.slice(0, count);
}

/** `hands` random hands of `size` cards each, flattened into one Int32Array (size per hand). */
export function dealMany(seed: number, hands: number, size: number): Int32Array {
  const random = seededRandom(seed);
  const out = new Int32Array(hands * size);
  for (let h = 0; h < hands; h++) out.set(dealCards(random, size), h * size);
  return out;
}

/** The hands of {@link dealMany}, each as its own array. */
export function dealHands(seed: number, hands: number, size: number): number[][] {
  const flat = dealMany(seed, hands, size);
  return Array.from({ length: hands }, (_, h) => Array.from(flat.subarray(h * size, h * size + size)));
}

/** Shuffles a copy of the list. */
export function shuffled<T>(random: () => number, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const t = out[i];
    out[i] = out[j];
    out[j] = t;
  }
  return out;
}

/** Calls `visit` with every k-subset of 0..n-1 (the same array, reused; copy to keep). */
export function forEachSubset(n: number, k: number, visit: (picked: readonly number[]) => void): void {
  const picked: number[] = [];
  const walk = (from: number) => {
    if (picked.length === k) {
      visit(picked);
      return;
    }
    for (let i = from; i <= n - (k - picked.length); i++) {
      picked.push(i);
      walk(i + 1);
      picked.pop();
    }
  };
  walk(0);
}
