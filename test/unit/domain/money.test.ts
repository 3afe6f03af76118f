import { describe, expect, it } from 'vitest';
import { checkAmount, MAX_STACK } from '../../../app/domain/money';

describe('checkAmount', () => {
  it('takes whole numbers from min to max and refuses the rest by name', () => {
    expect(checkAmount(0, 'the stack', 'bad-stack', 0, MAX_STACK)).toEqual({ ok: true, value: 0 });
    expect(checkAmount(MAX_STACK, 'the stack', 'bad-stack', 0, MAX_STACK).ok).toBe(true);
    for (const bad of [MAX_STACK + 1, -1, 1.5, Number.NaN, null, '5', -0]) {
      const r = checkAmount(bad, 'the stack', 'bad-stack', 0, MAX_STACK);
      expect(r.ok ? 'accepted' : r.error.code, String(bad)).toBe('bad-stack');
    }
  });
});
