/**
 * One part of `npm run bench`. Each file in bench/sections/ exports `section`; the runner
 * imports them all, runs them in `order`, prints every row in one table and merges every
 * `json` object into the one object `--json` prints.
 */
export interface BenchRow {
  /** What was measured, e.g. "5-card evaluations (ours)". */
  readonly what: string;
  /** The figure, already formatted, e.g. "48.2 M/s". */
  readonly figure: string;
  /** Target or comparison note, e.g. "target >= 5x phe: 8.1x ok". */
  readonly note?: string;
}

export interface BenchOutcome {
  readonly rows: readonly BenchRow[];
  /** Keys merged into the `--json` object (the issue names the required ones). */
  readonly json: Record<string, unknown>;
}

export interface BenchSection {
  readonly name: string;
  /** Sections run in ascending order. */
  readonly order: number;
  run(options: { quick: boolean }): Promise<BenchOutcome>;
}

/** Runs `fn` repeatedly for at least `minMs` and returns calls per second (best of `rounds`). */
export function ratePerSecond(fn: () => number, opsPerCall: number, minMs = 400, rounds = 3): number {
  let best = 0;
  let sink = 0;
  for (let r = 0; r < rounds; r++) {
    let calls = 0;
    const start = performance.now();
    let elapsed = 0;
    while (elapsed < minMs) {
      sink += fn();
      calls++;
      elapsed = performance.now() - start;
    }
    best = Math.max(best, (calls * opsPerCall * 1000) / elapsed);
  }
  if (sink === Number.MIN_VALUE) console.log(sink); // keeps the work observable
  return best;
}

/**
 * Items handled per second by `each`, applied to `items` in turn and round again (measured as
 * {@link ratePerSecond} does, `chunk` items a call). `each` returns a number that is kept, so
 * the work cannot be optimised away.
 */
export function cyclingRate<T>(items: readonly T[], each: (item: T) => number, chunk: number, minMs: number): number {
  let at = 0;
  return ratePerSecond(() => {
    let sum = 0;
    for (let i = 0; i < chunk; i++) {
      sum += each(items[at]);
      at = (at + 1) % items.length;
    }
    return sum;
  }, chunk, minMs);
}

/** The p-th percentile (0..100) of the samples, nearest rank. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx];
}

/** Formats a rate: 48213000 -> "48.2 M/s". */
export function formatRate(perSecond: number, unit = '/s'): string {
  if (perSecond >= 1e6) return `${(perSecond / 1e6).toFixed(1)} M${unit}`;
  if (perSecond >= 1e3) return `${(perSecond / 1e3).toFixed(1)} k${unit}`;
  return `${perSecond.toFixed(1)} ${unit}`;
}
