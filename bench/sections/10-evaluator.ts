/**
 * Five-card evaluations per second: ours (evaluate5) side by side with the npm evaluators
 * phe (evaluateCardCodes), @pokertools/evaluator (evaluate) and pokersolver (Hand.solve),
 * all on the same pre-dealt hands. Card codes: ours, phe and @pokertools all use
 * rank * 4 + suit with ranks 2..A = 0..12 and suits s h d c = 0..3 (checked below on every
 * card); pokersolver takes text ("Td"). Each peer's input is built once, before timing.
 *
 * Before timing, every peer is checked to order the same hands the same way as ours, so
 * the figures compare like with like.
 */
import { createRequire } from 'node:module';
import { formatCard } from '../../app/domain/cards';
import { evaluate5 } from '../../app/domain/evaluate';
import { dealHands, dealMany } from '../../test/support/gen-hands';
import { formatRate, ratePerSecond, type BenchSection } from '../section';

// The peers are CommonJS without type declarations; their public APIs, typed here.
const require = createRequire(import.meta.url);
const phe = require('phe') as {
  evaluateCardCodes(codes: number[]): number;
  cardCode(rank: string, suit: string): number;
};
const pokertools = require('@pokertools/evaluator') as {
  evaluate(codes: number[]): number;
  getCardCode(text: string): number;
};
interface SolvedHand { compare(other: SolvedHand): number }
const pokersolver = require('pokersolver') as { Hand: { solve(cards: string[]): SolvedHand } };

/** Strength comparators with one sign convention: positive when x is stronger. */
const compareOurs = (x: number[], y: number[]) => Math.sign(evaluate5(x[0], x[1], x[2], x[3], x[4]) - evaluate5(y[0], y[1], y[2], y[3], y[4]));
const comparePhe = (x: number[], y: number[]) => Math.sign(phe.evaluateCardCodes(y) - phe.evaluateCardCodes(x)); // lower is better
const comparePokertools = (x: number[], y: number[]) => Math.sign(pokertools.evaluate(y) - pokertools.evaluate(x)); // lower is better
const comparePokersolver = (x: string[], y: string[]) => -Math.sign(pokersolver.Hand.solve(x).compare(pokersolver.Hand.solve(y))); // compare > 0: x loses

function checkCardCodes(): void {
  for (let c = 0; c < 52; c++) {
    const text = formatCard(c);
    if (phe.cardCode(text[0], text[1]) !== c) throw new Error(`phe codes ${text} as ${phe.cardCode(text[0], text[1])}, ours ${c}`);
    if (pokertools.getCardCode(text) !== c) throw new Error(`@pokertools codes ${text} as ${pokertools.getCardCode(text)}, ours ${c}`);
  }
}

/**
 * Pairs on which the peer's order (stronger, equal, weaker) differs from ours: the first
 * `count` hands are sorted by our value and each is compared with its neighbour, so the
 * check covers near-equal hands (kickers, the wheel, ties between suits), and also each
 * hand with the next one dealt (mostly different categories).
 */
function disagreements<T>(peerHands: readonly T[], ours: readonly number[][], compare: (x: T, y: T) => number, count: number): number {
  const value = (h: number[]) => evaluate5(h[0], h[1], h[2], h[3], h[4]);
  const bySize = Array.from({ length: count }, (_, i) => i).sort((i, j) => value(ours[i]) - value(ours[j]));
  let differ = 0;
  for (let k = 0; k + 1 < count; k++) {
    const [i, j] = [bySize[k], bySize[k + 1]];
    if (compare(peerHands[i], peerHands[j]) !== compareOurs(ours[i], ours[j])) differ++;
    if (compare(peerHands[k], peerHands[k + 1]) !== compareOurs(ours[k], ours[k + 1])) differ++;
  }
  return differ;
}

export const section: BenchSection = {
  name: 'evaluator',
  order: 10,
  async run({ quick }) {
    const count = quick ? 50_000 : 1_000_000;
    const flat = dealMany(0xc0ffee, count, 5);
    const arrays = dealHands(0xc0ffee, count, 5);
    const solverCount = quick ? 2_000 : 20_000;
    const texts = arrays.slice(0, solverCount).map((hand) => hand.map(formatCard));

    checkCardCodes();
    const checkPairs = quick ? 2_000 : 20_000;
    const differ = {
      phe: disagreements(arrays, arrays, comparePhe, checkPairs),
      pokertools: disagreements(arrays, arrays, comparePokertools, checkPairs),
      pokersolver: disagreements(texts, arrays, comparePokersolver, Math.min(checkPairs, solverCount)),
    };

    const chunk = 10_000;
    const minMs = quick ? 50 : 400;
    let at = 0;
    const next = (pool: number) => {
      const start = at;
      at = (at + chunk) % pool;
      return start;
    };
    const ours = ratePerSecond(() => {
      const start = next(count) * 5;
      let sum = 0;
      for (let k = start, end = start + chunk * 5; k < end; k += 5) sum += evaluate5(flat[k], flat[k + 1], flat[k + 2], flat[k + 3], flat[k + 4]);
      return sum;
    }, chunk, minMs);
    const phesRate = ratePerSecond(() => {
      const start = next(count);
      let sum = 0;
      for (let h = start; h < start + chunk; h++) sum += phe.evaluateCardCodes(arrays[h]);
      return sum;
    }, chunk, minMs);
    const pokertoolsRate = ratePerSecond(() => {
      const start = next(count);
      let sum = 0;
      for (let h = start; h < start + chunk; h++) sum += pokertools.evaluate(arrays[h]);
      return sum;
    }, chunk, minMs);
    const solverChunk = 500;
    let solverAt = 0;
    const pokersolverRate = ratePerSecond(() => {
      const start = solverAt;
      solverAt = (solverAt + solverChunk) % solverCount;
      let sum = 0;
      for (let h = start; h < start + solverChunk; h++) sum += pokersolver.Hand.solve(texts[h]) ? 1 : 0;
      return sum;
    }, solverChunk, minMs, quick ? 1 : 2);

    const agreement = (name: keyof typeof differ, hands: number) => {
      const pairs = 2 * (hands - 1);
      return differ[name] === 0 ? `same order as ours on ${pairs} hand pairs` : `ORDER DIFFERS from ours on ${differ[name]} of ${pairs} hand pairs`;
    };
    const ratio = (x: number) => `${(ours / x).toFixed(1)}x`;
    return {
      rows: [
        { what: '5-card evaluations (ours, evaluate5)', figure: formatRate(ours), note: `target >= 5x phe: ${ratio(phesRate)} ${ours >= 5 * phesRate ? 'ok' : 'MISSED'}; ${count} pre-dealt hands` },
        { what: '5-card evaluations (phe evaluateCardCodes)', figure: formatRate(phesRate), note: `ours/phe ${ratio(phesRate)}; ${agreement('phe', checkPairs)}` },
        { what: '5-card evaluations (@pokertools evaluate)', figure: formatRate(pokertoolsRate), note: `ours/pokertools ${ratio(pokertoolsRate)}; ${agreement('pokertools', checkPairs)}` },
        { what: '5-card evaluations (pokersolver Hand.solve)', figure: formatRate(pokersolverRate), note: `ours/pokersolver ${ratio(pokersolverRate)}; ${agreement('pokersolver', Math.min(checkPairs, solverCount))}; text cards, first ${solverCount} hands` },
      ],
      json: { evaluator: { ours: Math.round(ours), phe: Math.round(phesRate), pokertools: Math.round(pokertoolsRate), pokersolver: Math.round(pokersolverRate) } },
    };
  },
};
