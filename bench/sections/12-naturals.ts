/**
 * Natural detection (app/domain/naturals.ts) per 13-card hand: every natural of RULES.md
 * section 7 checked on each hand. Random deals, plus one hand in ten built to hold
 * three straights, three flushes or six pairs, so the positive paths are timed too.
 * Target: under 10 µs per hand (issue 2).
 */
import { detectNaturals } from '../../app/domain/naturals';
import { dealHands, seededRandom } from '../../test/support/gen-hands';
import { genSixPairs, genThreeFlushes, genThreeStraights } from '../../test/support/gen-naturals';
import { cyclingRate, type BenchSection } from '../section';

export const section: BenchSection = {
  name: 'naturals',
  order: 12,
  async run({ quick }) {
    const count = quick ? 2_000 : 20_000;
    const dealt = dealHands(0x7a7, count, 13);
    const random = seededRandom(0x7a8);
    const builders = [genThreeStraights, genThreeFlushes, genSixPairs];
    const hands = Array.from({ length: count }, (_, h) =>
      h % 10 === 9 ? builders[h % 3](random) : dealt[h]);
    let held = 0;
    for (const hand of hands) held += detectNaturals(hand).length > 0 ? 1 : 0;
    const perSecond = cyclingRate(hands, (hand) => detectNaturals(hand).length, 1_000, quick ? 50 : 600);
    const us = 1e6 / perSecond;
    return {
      rows: [{
        what: 'natural detection per 13-card hand',
        figure: `${us.toFixed(2)} µs`,
        note: `target < 10 µs: ${us < 10 ? 'ok' : 'MISSED'}; all 10 naturals per hand; ${count} hands, ${held} holding a natural`,
      }],
      json: { naturalsUs: Number(us.toFixed(3)) },
    };
  },
};
