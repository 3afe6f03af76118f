/**
 * Where each of a seat's 13 OFC cards goes, for tests that play whole OFC hands: a setting
 * that does not foul and, when asked, earns Fantasyland (queens or better in the front, the
 * `ofc` preset's minimum), found by trying every front and back (the domain's own checks).
 */
import type { Card } from '../../app/domain/cards';
import { evaluate } from '../../app/domain/evaluate';
import { bestArrangement } from '../../app/domain/arrange';
import { getPreset, minimumFrontValue } from '../../app/domain/profiles';
import { checkSetting, type SetHand } from '../../app/domain/setting';

/** Every k-subset of `items`, in order. */
function subsets<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  const out: T[][] = [];
  for (let i = 0; i <= items.length - k; i++) for (const rest of subsets(items.slice(i + 1), k - 1)) out.push([items[i], ...rest]);
  return out;
}

/** A setting of `cards` that does not foul with a front good for Fantasyland under the `ofc`
 *  preset, or null when these 13 cards have none. */
export function fantasylandSetting(cards: readonly Card[]): SetHand | null {
  const fl = getPreset('ofc')!.fantasyland!;
  const least = minimumFrontValue(fl.minimumFront);
  for (const front of subsets(cards, 3)) {
    if (evaluate(front) < least) continue;
    const rest = cards.filter((c) => !front.includes(c));
    for (const back of subsets(rest, 5)) {
      const hand = { front, middle: rest.filter((c) => !back.includes(c)), back };
      const v = checkSetting(hand);
      if (v.ok && !v.value.fouled) return hand;
    }
  }
  return null;
}

/** The strongest setting of `cards` (never fouled). */
export function plainSetting(cards: readonly Card[]): SetHand {
  return bestArrangement(cards).hand;
}

/** The row each card of `hand` goes into. */
export function rowOf(hand: SetHand): Map<Card, 'front' | 'middle' | 'back'> {
  const m = new Map<Card, 'front' | 'middle' | 'back'>();
  for (const row of ['front', 'middle', 'back'] as const) for (const c of hand[row]) m.set(c, row);
  return m;
}
