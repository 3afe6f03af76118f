/**
 * Results with error codes (app/domain/result.ts): a refusal's parts exactly as built (no
 * `path` or `figures` key when there is none: records and the screen read the keys), `within`'s
 * path and message prefix, money figures told from other figures, and `unwrap`.
 */
import { describe, expect, it } from 'vitest';
import { err, fail, isMoneyFigure, money, ok, unwrap, within, type DomainError } from '../../../app/domain/result';

describe('ok, err, fail', () => {
  it('build the two shapes of a result', () => {
    expect(ok(5)).toStrictEqual({ ok: true, value: 5 });
    const e: DomainError = { code: 'bad-card', message: 'no card' };
    expect(err(e)).toStrictEqual({ ok: false, error: e });
  });

  it('fail gives a path only when there is one', () => {
    const bare = fail('bad-card', '99 is not a card');
    expect(bare).toStrictEqual({ ok: false, error: { code: 'bad-card', message: '99 is not a card' } });
    expect('path' in bare.error).toBe(false);
    expect(fail('bad-card', '99 is not a card', 'seats[2].front')).toStrictEqual({
      ok: false, error: { code: 'bad-card', message: '99 is not a card', path: 'seats[2].front' },
    });
    // An empty path is a path given (the caller named the top level).
    expect(fail('x', 'y', '')).toStrictEqual({ ok: false, error: { code: 'x', message: 'y', path: '' } });
  });
});

describe('within', () => {
  it('puts the place in front of the path and the message', () => {
    expect(within({ code: 'bad-card', message: 'no card', path: 'front' }, 'seats[2]')).toStrictEqual({
      code: 'bad-card', message: 'seats[2].front: no card', path: 'seats[2].front',
    });
  });

  it('makes the place the path when the error had none (or an empty one)', () => {
    expect(within({ code: 'bad-card', message: 'no card' }, 'seats[2]')).toStrictEqual({
      code: 'bad-card', message: 'seats[2]: no card', path: 'seats[2]',
    });
    expect(within({ code: 'bad-card', message: 'no card', path: '' }, 'seats[2]')).toStrictEqual({
      code: 'bad-card', message: 'seats[2]: no card', path: 'seats[2]',
    });
  });

  it('keeps the figures, and adds no figures key when there are none', () => {
    const figures = { amount: money(500), seat: 2 };
    expect(within({ code: 'not-enough-chips', message: 'short', figures }, 'transfers[0]')).toStrictEqual({
      code: 'not-enough-chips', message: 'transfers[0]: short', path: 'transfers[0]', figures,
    });
    expect('figures' in within({ code: 'x', message: 'y' }, 'z')).toBe(false);
  });
});

describe('money figures', () => {
  it('money(minor) is the amount in minor units', () => {
    expect(money(1250)).toStrictEqual({ minor: 1250 });
  });

  it.each<[string, unknown, boolean]>([
    ['a money figure', money(0), true],
    ['an object with a number minor', { minor: -3 }, true],
    ['a count', 3, false],
    ['a word', 'seat', false],
    ['null', null, false],
    ['an object without minor', { amount: 3 }, false],
    ['minor as text', { minor: '3' }, false],
  ])('%s', (_why, f, want) => {
    expect(isMoneyFigure(f)).toBe(want);
  });
});

describe('unwrap', () => {
  it('returns the value of an ok result', () => {
    expect(unwrap(ok('v'))).toBe('v');
  });

  it('throws an Error with the message and the code of a refusal', () => {
    let thrown: unknown;
    try {
      unwrap(fail('bad-card', '99 is not a card', 'front'));
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).message).toBe('99 is not a card');
    expect((thrown as { code?: unknown }).code).toBe('bad-card');
  });
});
