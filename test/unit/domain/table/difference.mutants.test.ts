// Where two JSON values first differ, and the words a refusal uses for it (a checkpoint or a
// hand-started that is not the table's names the field).
import { describe, expect, it } from 'vitest';
import { differenceText, firstDifference } from '../../../../app/domain/table';

describe('firstDifference', () => {
  it('null when the same as JSON (key order ignored, an undefined member absent)', () => {
    expect(firstDifference({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBeNull();
    expect(firstDifference({ a: 1, u: undefined }, { a: 1 })).toBeNull();
    expect(firstDifference({ a: 1 }, { a: 1, u: undefined })).toBeNull();
  });

  it('the values themselves, with an empty path', () => {
    expect(firstDifference(1, 2)).toEqual({ path: '', expected: 1, actual: 2 });
    expect(firstDifference([1], { 0: 1 })).toEqual({ path: '', expected: [1], actual: { 0: 1 } });
    expect(firstDifference(null, {})).toEqual({ path: '', expected: null, actual: {} });
  });

  it('inside arrays of the same length, the first index that differs', () => {
    expect(firstDifference([1, 2, 3], [1, 5, 6])).toEqual({ path: '[1]', expected: 2, actual: 5 });
    expect(firstDifference({ seats: [{ stack: 1 }, { stack: 2 }] }, { seats: [{ stack: 1 }, { stack: 3 }] })).toEqual({ path: 'seats[1].stack', expected: 2, actual: 3 });
  });

  it('arrays of another length differ as a whole', () => {
    expect(firstDifference({ l: [1, 2] }, { l: [1, 2, 3] })).toEqual({ path: 'l', expected: [1, 2], actual: [1, 2, 3] });
    expect(firstDifference({ l: [1, 2] }, { l: [9] })).toEqual({ path: 'l', expected: [1, 2], actual: [9] });
  });

  it('members of expected in their order, then a member only actual has', () => {
    expect(firstDifference({ a: 1, b: 2 }, { b: 3, a: 4 })).toEqual({ path: 'a', expected: 1, actual: 4 });
    expect(firstDifference({ a: { b: { c: 1 } } }, { a: { b: { c: 2 } } })).toEqual({ path: 'a.b.c', expected: 1, actual: 2 });
    expect(firstDifference({ a: 1 }, { a: 1, z: 2, y: 3 })).toEqual({ path: 'z', expected: undefined, actual: 2 });
    expect(firstDifference({ a: 1 }, { a: 1, u: undefined, z: 2 })).toEqual({ path: 'z', expected: undefined, actual: 2 });
    expect(firstDifference({ a: 1, b: 2 }, { a: 1 })).toEqual({ path: 'b', expected: 2, actual: undefined });
    expect(firstDifference({ a: { x: 1 } }, { a: { x: 1, extra: true } })).toEqual({ path: 'a.extra', expected: undefined, actual: true });
  });
});

describe('differenceText', () => {
  it('a changed value, both quoted', () => {
    expect(differenceText({ path: 'seats[1].stack', expected: 2000, actual: 2001 }, 'the table')).toBe('seats[1].stack is 2001, the table has 2000');
    expect(differenceText({ path: 'name', expected: 'A', actual: 'B' }, 'the table')).toBe('name is "B", the table has "A"');
  });

  it('the values themselves when the path is empty', () => {
    expect(differenceText({ path: '', expected: 1, actual: 2 }, 'x')).toBe('the value is 2, x has 1');
  });

  it('a field not expected, and a field missing', () => {
    expect(differenceText({ path: 'extra', expected: undefined, actual: 1 }, 'the table')).toBe('extra is not expected (the table has no such field)');
    expect(differenceText({ path: 'dealer', expected: 'Dana', actual: undefined }, 'the table')).toBe('dealer is missing (the table has "Dana")');
  });

  it('lists of another length by their counts; of the same length by their values', () => {
    expect(differenceText({ path: 'seats', expected: [1, 2, 3, 4], actual: [1, 2, 3] }, 'the table')).toBe('seats has 3 entries, the table has 4');
    expect(differenceText({ path: 'l', expected: [1], actual: [2] }, 'y')).toBe('l is [2], y has [1]');
    expect(differenceText({ path: 'l', expected: [1], actual: 'x' }, 'y')).toBe('l is "x", y has [1]');
    expect(differenceText({ path: 'l', expected: 'x', actual: [1, 2] }, 'y')).toBe('l is [1,2], y has "x"');
  });
});
