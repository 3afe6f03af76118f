/**
 * Settled four-seat showdowns per second: settleRecord (app/domain/settle.ts) from a JSON
 * showdown record to payments, the whole path the settle command and the dealer screen take
 * (parse cards, check settings, verify naturals, score every pair, settle within stakes).
 * Records are dealt and set before timing: most seats by bestArrangement, every fourth seat
 * by a cheap split of its cards (often a foul), under the default profile with stacks.
 */
import { bestArrangement } from '../../app/domain/arrange';
import { formatCards, type Card } from '../../app/domain/cards';
import { settleRecord, settleShowdown } from '../../app/domain/settle';
import { parseShowdown } from '../../app/domain/showdown';
import { dealCards, seededRandom } from '../../test/support/gen-hands';
import { cyclingRate, formatRate, type BenchSection } from '../section';

function setting(cards: readonly Card[], naive: boolean) {
  const h = naive ? { front: cards.slice(0, 3), middle: cards.slice(3, 8), back: cards.slice(8) } : bestArrangement(cards).hand;
  return { front: formatCards(h.front), middle: formatCards(h.middle), back: formatCards(h.back) };
}

function records(count: number): unknown[] {
  const random = seededRandom(0x5e771e);
  const out: unknown[] = [];
  for (let n = 0; n < count; n++) {
    const deck = dealCards(random, 52);
    out.push({
      rules: 'mandarin-house',
      pointValue: 100,
      button: 1 + (n % 4),
      seats: [1, 2, 3, 4].map((seat) => ({
        seat,
        stack: 1000 + Math.floor(random() * 4000),
        ...setting(deck.slice((seat - 1) * 13, seat * 13), (n + seat) % 4 === 0),
      })),
    });
  }
  return out;
}

export const section: BenchSection = {
  name: 'settle',
  order: 20,
  async run({ quick }) {
    const count = quick ? 200 : 2_000;
    const recs = records(count);
    for (const r of recs) if (!settleRecord(r).ok) throw new Error('bench record refused');
    const chunk = 20;
    let settledCount = 0;
    const cpuBefore = process.cpuUsage();
    const perSecond = cyclingRate(recs, (r) => {
      settledCount++;
      const settled = settleRecord(r);
      return settled.ok ? settled.value.payments.length : 0;
    }, chunk, quick ? 50 : 1000);
    // The process's CPU time (garbage collection threads included) per record over the same
    // measurement: what other work on the machine changes least.
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMicros = (cpu.user + cpu.system) / settledCount;
    // The same showdowns already parsed: what scoring and settlement alone cost.
    const parsed = recs.map((r) => {
      const p = parseShowdown(r);
      if (!p.ok) throw new Error(p.error.message);
      return p.value;
    });
    const typedPerSecond = cyclingRate(parsed, (p) => {
      const settled = settleShowdown(p);
      return settled.ok ? settled.value.payments.length : 0;
    }, chunk, quick ? 50 : 500);
    return {
      rows: [
        { what: 'settled four-seat showdowns (settleRecord, JSON record in)', figure: formatRate(perSecond), note: `${count} dealt records, mandarin-house, stacks` },
        { what: 'CPU time per settleRecord (process CPU, GC included)', figure: `${cpuMicros.toFixed(2)} µs`, note: 'over the measurement above; moves less with the machine\'s load' },
        { what: 'settled four-seat showdowns (settleShowdown, parsed)', figure: formatRate(typedPerSecond), note: 'scoring + settlement without parsing the record' },
      ],
      json: { settlePerSec: Math.round(perSecond), settleCpuMicros: Number(cpuMicros.toFixed(2)) },
    };
  },
};
