/**
 * The JSON helpers (app/domain/json.ts) held to their doc comments: `sameJson` against JSON
 * itself (write, parse, compare with keys sorted), `plainCopy` and `samePlainJson` (the
 * profile cache's key: plain data only, key order kept, -0 refused), `showJson`'s cut at 40
 * characters and `tooDeep`'s path to the first place past the limit, in document order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isObject, plainCopy, sameJson, samePlainJson, showJson, tooDeep } from '../../../app/domain/json';

/** JSON's own answer: the value written and parsed, keys sorted (the order sameJson ignores). */
function canonical(x: unknown): string {
  if (x === undefined) return 'undefined';
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (typeof v === 'object' && v !== null) {
      return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sort((v as Record<string, unknown>)[k])]));
    }
    return v;
  };
  return JSON.stringify(sort(JSON.parse(JSON.stringify(x))));
}

/** Small values from a small alphabet, so that two drawn at random are often the same JSON:
 *  members that are undefined, items that are undefined or null, numbers that are not finite. */
const leaf = fc.constantFrom<unknown>(null, undefined, 0, -0, 1, Number.NaN, Number.POSITIVE_INFINITY, 'a', '', true, false);
const { value: small } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, fc.array(tie('value'), { maxLength: 2 }), fc.dictionary(fc.constantFrom('a', 'b'), tie('value'), { maxKeys: 2 })),
}));

describe('isObject', () => {
  it.each<[string, unknown, boolean]>([
    ['an object', { a: 1 }, true],
    ['an empty object', {}, true],
    ['null (typeof "object")', null, false],
    ['an array (typeof "object")', [1], false],
    ['a string', 'x', false],
    ['a number', 1, false],
    ['undefined', undefined, false],
  ])('%s', (_why, x, want) => {
    expect(isObject(x)).toBe(want);
  });
});

describe('showJson', () => {
  it('says nothing for a value that is absent, and quotes the rest as JSON', () => {
    expect(showJson(undefined)).toBe('nothing');
    expect(showJson(null)).toBe('null');
    expect(showJson('ab')).toBe('"ab"');
    expect(showJson({ a: [1] })).toBe('{"a":[1]}');
  });

  it('cuts at 40 characters: 37 of the JSON and "..."', () => {
    // 38 letters and their two quotes are 40 characters: kept whole; one more is cut.
    const forty = 'x'.repeat(38);
    expect(showJson(forty)).toBe(`"${forty}"`);
    const cut = showJson(`${forty}y`);
    expect(cut).toBe(`"${'x'.repeat(36)}...`);
    expect(cut).toHaveLength(40);
  });
});

describe('sameJson', () => {
  it('agrees with JSON written and parsed, key order ignored', () => {
    fc.assert(fc.property(small, small, (a, b) => {
      expect(sameJson(a, b)).toBe(canonical(a) === canonical(b));
      expect(sameJson(b, a)).toBe(canonical(a) === canonical(b));
    }), { numRuns: 1000 });
  });

  it.each<[string, unknown, unknown, boolean]>([
    // Doc comment: a member that is undefined is absent.
    ['a member undefined is one left out', { a: 1, b: undefined }, { a: 1 }, true],
    ['the other way round', { a: 1 }, { b: undefined, a: 1 }, true],
    ['a member undefined on each side', { a: undefined }, { b: undefined }, true],
    ['a member left out is not one that is null', { a: null }, {}, false],
    ['a member missing on the other side', { a: 1, b: 2 }, { a: 1, c: 2 }, false],
    ['an extra member on the other side', { a: 1 }, { a: 1, b: 2 }, false],
    ['the same number of keys, one of them undefined', { a: 1, b: 2 }, { a: 1, c: undefined }, false],
    ['the extra member is an inherited one', { toString: 1 }, {}, false],
    // JSON.parse makes "__proto__" an own member; {} only inherits one (Object.prototype, an
    // object with no keys, the same JSON as {}): a member the other side does not have.
    ['a member "__proto__" against one the other side only inherits', JSON.parse('{"__proto__": {}}'), { z: 1 }, false],
    // An array item that is undefined is null; a number that is not finite is null.
    ['an item undefined is null', [undefined, 1], [null, 1], true],
    ['an item null is not an item 0', [null], [0], false],
    ['NaN is null', { a: Number.NaN }, { a: null }, true],
    ['Infinity is null', [Number.POSITIVE_INFINITY], [null], true],
    ['NaN is NaN', Number.NaN, Number.NaN, true],
    ['-0 is written 0', -0, 0, true],
    ['NaN is not a string', Number.NaN, 'a', false],
    ['Infinity is not false', Number.POSITIVE_INFINITY, false, false],
    ['NaN is not an empty list', Number.NaN, [], false],
    ['a number is not its text', 1, '1', false],
    ['a number is not an object', 0, {}, false],
    ['an array is not an object with its indexes', [1], { 0: 1 }, false],
    ['arrays of other lengths', [1], [1, 1], false],
    ['arrays that differ in the last item', [1, 2], [1, 3], false],
    ['arrays that differ in the first item', [2, 1], [3, 1], false],
    ['nested: a deep difference', { a: { b: [1, { c: 2 }] } }, { a: { b: [1, { c: 3 }] } }, false],
    ['nested: the same data, keys in another order', { a: { b: 1, c: [2] }, d: 0 }, { d: 0, a: { c: [2], b: 1 } }, true],
    ['undefined is only undefined', undefined, null, false],
    ['null is not an object', null, {}, false],
    ['a string is not an object', 'a', {}, false],
    ['true is not false', true, false, false],
  ])('%s', (_why, a, b, want) => {
    expect(canonical(a) === canonical(b)).toBe(want);
    expect(sameJson(a, b)).toBe(want);
    expect(sameJson(b, a)).toBe(want);
  });
});

/** `[1, <hole>, 3]`. */
function holed(): unknown[] {
  const a = [1, 2, 3];
  delete a[1];
  return a;
}

describe('plainCopy', () => {
  it('copies plain JSON data deeply, keys in their order', () => {
    const x = { b: [1, 'two', { c: null }], a: true, d: { e: false } };
    const c = plainCopy(x) as typeof x;
    expect(c).toStrictEqual(x);
    expect(Object.keys(c)).toEqual(['b', 'a', 'd']);
    // A deep copy: changing the original leaves the copy as it was.
    x.b.push(4);
    (x.b[2] as { c: unknown }).c = 5;
    x.d.e = true;
    expect(c).toStrictEqual({ b: [1, 'two', { c: null }], a: true, d: { e: false } });
    expect(plainCopy([])).toStrictEqual([]);
    expect(plainCopy({})).toStrictEqual({});
  });

  it.each<[string, unknown]>([
    ['NaN', Number.NaN],
    ['Infinity', Number.NEGATIVE_INFINITY],
    ['-0', -0],
    ['-0 inside an array', [1, -0]],
    ['-0 as a member', { a: -0 }],
    ['an array with a hole', holed()],
    ['an array item undefined', [undefined]],
    ['a member undefined', { a: undefined }],
    ['undefined deep down', { a: [{ b: undefined }] }],
    ['a date (not a plain object)', new Date(0)],
    ['an object without a prototype', Object.assign(Object.create(null) as object, { a: 1 })],
    ['a class instance', new (class Point { x = 1; })()],
    ['a function', () => 1],
    ['a bigint', 1n],
    ['undefined', undefined],
  ])('refuses %s (undefined)', (_why, x) => {
    expect(plainCopy(x)).toBeUndefined();
  });

  it('keeps the scalars it may hold', () => {
    for (const x of [null, 'a', '', true, false, 0, 1.5, -3]) expect(plainCopy(x)).toBe(x);
  });
});

describe('samePlainJson (the profile cache\'s key)', () => {
  const copy = (x: unknown) => plainCopy(x);

  it('is the plain data of the copy, keys in the same order', () => {
    const json = { name: 'x', bonuses: { front: { trips: 3, 'pair-Q': 1 } }, list: [1, [2]] };
    expect(samePlainJson(copy(json), json)).toBe(true);
    expect(samePlainJson(copy(json), structuredClone(json))).toBe(true);
  });

  it.each<[string, unknown, unknown]>([
    ['two keys swapped', { a: 1, b: 2 }, { b: 2, a: 1 }],
    ['two keys swapped deep down', { t: { a: 1, b: 2 } }, { t: { b: 2, a: 1 } }],
    ['a key more', { a: 1 }, { a: 1, b: 2 }],
    ['a key fewer', { a: 1, b: 2 }, { a: 1 }],
    ['another key of the same value', { a: 1 }, { b: 1 }],
    ['a value changed', { a: 1 }, { a: 2 }],
    ['a member undefined (not plain data)', { a: 1 }, { a: 1, b: undefined }],
    ['-0 for 0', { a: 0 }, { a: -0 }],
    ['NaN', [1], [Number.NaN]],
    ['an array for an object', { 0: 1 }, [1]],
    ['an object for an array', [1], { 0: 1 }],
    ['an array one longer', [1], [1, 2]],
    ['an array one shorter', [1, 2], [1]],
    ['an item changed, the last', [1, 2], [1, 3]],
    ['an item changed, the first', [1, 2], [0, 2]],
    ['an object without a prototype', { a: 1 }, Object.assign(Object.create(null) as object, { a: 1 })],
    ['a class instance with the same fields', { x: 1 }, new (class Point { x = 1; })()],
    ['null for an object', {}, null],
    ['an object for null', null, {}],
    ['a string for a number', 1, '1'],
  ])('%s: not the same', (_why, a, b) => {
    expect(samePlainJson(copy(a) ?? a, b)).toBe(false);
  });

  it('the same scalars are the same, but -0 never is (a plain copy refuses it)', () => {
    for (const x of [null, 'a', 0, 1, true]) expect(samePlainJson(x, x)).toBe(true);
    expect(samePlainJson(-0, -0)).toBe(false);
    expect(samePlainJson(0, -0)).toBe(false);
    const same = { a: 1 };
    expect(samePlainJson(same, same)).toBe(true);
  });
});

describe('tooDeep', () => {
  it('is undefined for a value within the limit, and for a scalar', () => {
    expect(tooDeep({ a: { b: 1 } }, 2)).toBeUndefined();
    expect(tooDeep([[1], [2, [3]]], 3)).toBeUndefined();
    expect(tooDeep(5, 0)).toBeUndefined();
    expect(tooDeep(null, 0)).toBeUndefined();
    expect(tooDeep('x', 0)).toBeUndefined();
    // Scalars inside count for nothing: only arrays and objects are depth.
    expect(tooDeep({ a: 1, b: 'x', c: null, d: true }, 1)).toBeUndefined();
  });

  it('names the keys and indexes down to the first array or object past the limit', () => {
    // The value itself is depth 1: past a limit of 0, at no key.
    expect(tooDeep({}, 0)).toEqual([]);
    expect(tooDeep([], 0)).toEqual([]);
    // Depth 3 is one past 2.
    expect(tooDeep({ a: { b: {} } }, 2)).toEqual(['a', 'b']);
    expect(tooDeep({ a: { b: {} } }, 3)).toBeUndefined();
    expect(tooDeep([1, [2, [3]]], 2)).toEqual([1, 1]);
    expect(tooDeep({ list: [null, { deep: [] }] }, 2)).toEqual(['list', 1]);
  });

  it('names the first such place in document order', () => {
    // Both members are too deep: the first one written is named.
    expect(tooDeep({ a: { x: {} }, b: { y: {} } }, 2)).toEqual(['a', 'x']);
    expect(tooDeep([[[]], [[]]], 2)).toEqual([0, 0]);
    // The first member is too deep and the only one: it is found (not skipped).
    expect(tooDeep({ a: { x: {} }, b: 1 }, 2)).toEqual(['a', 'x']);
    expect(tooDeep([{ x: {} }], 2)).toEqual([0, 'x']);
    // Only the last member is too deep.
    expect(tooDeep({ a: {}, b: 1, c: { z: [] } }, 2)).toEqual(['c', 'z']);
  });

  it('walks any depth without recursion', () => {
    let deep: unknown = [];
    for (let i = 0; i < 30_000; i++) deep = [deep];
    expect(tooDeep(deep, 60_000)).toBeUndefined();
    expect(tooDeep(deep, 3)).toEqual([0, 0, 0]);
  });
});
