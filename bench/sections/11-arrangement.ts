/**
 * The best-arrangement search (app/domain/arrange.ts) per random 13-card hand.
 * Target: under 1 ms per hand (issue 2).
 */
import { bestArrangement } from '../../app/domain/arrange';
import { dealHands } from '../../test/support/gen-hands';
import { cyclingRate, type BenchSection } from '../section';

export const section: BenchSection = {
  name: 'best arrangement',
  order: 11,
  async run({ quick }) {
    const count = quick ? 500 : 5_000;
    const hands = dealHands(0xa11a7e, count, 13);
    const perSecond = cyclingRate(hands, (hand) => bestArrangement(hand).values.back, 50, quick ? 50 : 1000);
    const ms = 1000 / perSecond;
    return {
      rows: [{
        what: 'best arrangement per 13-card hand',
        figure: `${ms < 0.1 ? (ms * 1000).toFixed(1) + ' µs' : ms.toFixed(3) + ' ms'}`,
        note: `target < 1 ms: ${ms < 1 ? 'ok' : 'MISSED'}; ${count} random hands, exhaustive (1287 backs valued, 56 middles per top back)`,
      }],
      json: { bestArrangementMs: Number(ms.toFixed(4)) },
    };
  },
};
