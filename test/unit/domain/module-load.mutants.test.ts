import { describe, expect, it } from 'vitest';

/**
 * The rules core builds its lookup tables when a module loads (the evaluator's flush and
 * rank-key tables, the card texts, the arrangement search's subsets of 13 and 8 positions).
 * A change that makes that build throw or loop breaks every test that imports the module, but
 * as an import error, not as a failing test; mutation testing then sees no test fail.
 * Importing the modules inside a test makes a failed load a failed test. Nothing from app/ is
 * imported statically here, so each module loads in the test.
 */
const modules: Record<string, () => Promise<Record<string, unknown>>> = {
  'app/domain/cards.ts': () => import('../../../app/domain/cards'),
  'app/domain/evaluate.ts': () => import('../../../app/domain/evaluate'),
  'app/domain/arrange.ts': () => import('../../../app/domain/arrange'),
};

describe('the rules core loads', () => {
  it.each(Object.keys(modules))('%s', async (name) => {
    const loaded = await modules[name]();
    expect(Object.keys(loaded).length).toBeGreaterThan(0);
  });

  it('and its tables answer: the best and the worst hands', async () => {
    const { evaluate, evaluate3, describeValue } = await import('../../../app/domain/evaluate');
    const { parseCards } = await import('../../../app/domain/cards');
    const value = (text: string) => {
      const r = parseCards(text);
      if (!r.ok) throw new Error(r.error.message);
      return r.value.length === 3 ? evaluate3(r.value[0], r.value[1], r.value[2]) : evaluate(r.value);
    };
    expect(describeValue(value('As Ks Qs Js Ts'))).toBe('Royal flush');
    expect(describeValue(value('7d 5c 4h 3s 2c'))).toBe('Seven high');
    expect(describeValue(value('As Ah Ad'))).toBe('Three of a kind, aces');
    expect(describeValue(value('4d 3c 2h'))).toBe('Four high');
  });

  it('and the arrangement search\'s subset tables answer: the best setting of a hand', async () => {
    const { bestArrangement } = await import('../../../app/domain/arrange');
    const { formatCards, parseCards } = await import('../../../app/domain/cards');
    const { describeValue } = await import('../../../app/domain/evaluate');
    const r = parseCards('2c 5d 8h Jh Kd 7h 7d 8s 3h 6h 6d 6c Ac');
    if (!r.ok) throw new Error(r.error.message);
    const best = bestArrangement(r.value);
    expect([formatCards(best.hand.front), formatCards(best.hand.middle), formatCards(best.hand.back)]).toEqual(['5d 3h 2c', 'Ac Kd Jh 7d 7h', '8h 8s 6c 6d 6h']);
    expect(describeValue(best.values.back)).toBe('Full house, sixes full of eights');
  });
});
