/**
 * The strongest legal setting by brute force over all 72,072 ways to split 13 cards into
 * front 3, middle 5, back 5 (286 fronts x 252 middles), for checking the pruned search in
 * app/domain/arrange.ts. Lexicographic: best back, then middle, then front, among settings
 * with front <= middle <= back.
 */
import { evaluate } from '../../app/domain/evaluate';
import { forEachSubset } from './gen-hands';

export interface BruteArrangement {
  readonly values: { front: number; middle: number; back: number };
  /** How many of the 72,072 splits were legal. */
  readonly legal: number;
  readonly visited: number;
}

export function bruteBestArrangement(cards: readonly number[]): BruteArrangement {
  let best: { front: number; middle: number; back: number } | undefined;
  let legal = 0;
  let visited = 0;
  forEachSubset(13, 3, (f) => {
    const front = f.map((i) => cards[i]);
    const rest = cards.filter((_, i) => !f.includes(i));
    const frontValue = evaluate(front);
    forEachSubset(10, 5, (m) => {
      visited++;
      const middle = evaluate(m.map((i) => rest[i]));
      const back = evaluate(rest.filter((_, i) => !m.includes(i)));
      if (frontValue > middle || middle > back) return;
      legal++;
      const better = !best || back > best.back || (back === best.back && (middle > best.middle || (middle === best.middle && frontValue > best.front)));
      if (better) best = { front: frontValue, middle, back };
    });
  });
  if (!best) throw new Error('no legal arrangement');
  return { values: best, legal, visited };
}
