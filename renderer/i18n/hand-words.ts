/**
 * Hand descriptions in the screen's language, built from structured parts (category and
 * ranks, app/contract/view.ts `HandWords`) and the message files: "Pair of nines",
 * "Pár devítek". English is checked against the domain's own wording in a test.
 */
import type { HandWords } from '../../app/contract/view';
import type { Translator } from './translate';

/** The rank forms a template may ask for: {r0}, {r0_cap}, {r0_pl}, {r0_gen}, {r0_genpl} (and r1). */
function rankParams(t: Translator, ranks: readonly number[]): Record<string, string> {
  const out: Record<string, string> = {};
  ranks.slice(0, 2).forEach((rank, i) => {
    out[`r${i}`] = t.t(`rank.${rank}`);
    out[`r${i}_cap`] = t.t(`rank.${rank}.cap`);
    out[`r${i}_pl`] = t.t(`rank.${rank}.pl`);
    out[`r${i}_gen`] = t.t(`rank.${rank}.gen`);
    out[`r${i}_genpl`] = t.t(`rank.${rank}.genpl`);
  });
  return out;
}

const ACE = 12;
const STRAIGHT_FLUSH = 8;
const HIGH_CARD = 0;

/** Words for one hand value. */
export function describeHand(t: Translator, words: HandWords): string {
  if (words.lowball && words.category === HIGH_CARD) {
    return t.t('hand.lowball', { ranks: words.ranks.map((r) => t.t(`rank.${r}.char`)).join('-') });
  }
  const key = words.category === STRAIGHT_FLUSH && words.ranks[0] === ACE ? 'hand.royal' : `hand.${words.category}`;
  const text = t.t(key, rankParams(t, words.ranks));
  return words.lowball ? t.t('hand.lowballSuffix', { hand: text }) : text;
}
