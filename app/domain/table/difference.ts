/** Where two plain JSON values first differ, for refusals that name the field. */
import { sameJson, showJson } from '../json';

export interface Difference {
  /** The field, e.g. `seats[2].stack`; empty for the values themselves. */
  readonly path: string;
  /** The value `expected` has there (undefined: absent). */
  readonly expected: unknown;
  /** The value `actual` has there (undefined: absent). */
  readonly actual: unknown;
}

function isPlainObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/**
 * The first place where `actual` is not `expected` as JSON (`sameJson`: key order ignored, an
 * `undefined` member absent): the members of `expected` in their order, then any member only
 * `actual` has. Null when they are the same.
 */
export function firstDifference(expected: unknown, actual: unknown, path = ''): Difference | null {
  if (sameJson(expected, actual)) return null;
  if (Array.isArray(expected) && Array.isArray(actual) && expected.length === actual.length) {
    for (let i = 0; i < expected.length; i++) {
      const d = firstDifference(expected[i], actual[i], `${path}[${i}]`);
      if (d) return d;
    }
  }
  if (isPlainObject(expected) && isPlainObject(actual)) {
    for (const k of Object.keys(expected)) {
      const d = firstDifference(expected[k], actual[k], join(path, k));
      if (d) return d;
    }
    for (const k of Object.keys(actual)) {
      if (actual[k] !== undefined && expected[k] === undefined) return { path: join(path, k), expected: undefined, actual: actual[k] };
    }
  }
  return { path, expected, actual };
}

/** The difference in words for a refusal: "seats[1].stack is 2001, `who` has 2000". */
export function differenceText(d: Difference, who: string): string {
  const path = d.path || 'the value';
  if (d.expected === undefined) return `${path} is not expected (${who} has no such field)`;
  if (d.actual === undefined) return `${path} is missing (${who} has ${showJson(d.expected)})`;
  if (Array.isArray(d.expected) && Array.isArray(d.actual) && d.expected.length !== d.actual.length) {
    return `${path} has ${d.actual.length} entries, ${who} has ${d.expected.length}`;
  }
  return `${path} is ${showJson(d.actual)}, ${who} has ${showJson(d.expected)}`;
}
