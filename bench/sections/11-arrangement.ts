/**
 * The best-arrangement search (app/domain/arrange.ts) per random 13-card hand.
 * Target: under 1 ms per hand (issue 2).
 */
import { bestArrangement } from '../../app/domain/arrange';
import { dealMany } from '../../test/support/gen-hands';
import { ratePerSecond, type BenchSection } from '../section';

export const section: BenchSection = {
  name: 'best arrangement',
  order: 11,
  async run({ quick }) {
    const count = quick ? 500 : 5_000;
    const flat = dealMany(0xa11a7e, count, 13);
    const hands = Array.from({ length: count }, (_, h) => Array.from(flat.subarray(h * 13, h * 13 + 13)));
    const chunk = 50;
    let at = 0;
    const perSecond = ratePerSecond(() => {
      let sum = 0;
      for (let i = 0; i < chunk; i++) {
        sum += bestArrangement(hands[at]).values.back;
        at = (at + 1) % count;
      }
      return sum;
    }, chunk, quick ? 50 : 1000);
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
