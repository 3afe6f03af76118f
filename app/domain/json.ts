/** Small helpers for checking JSON input (records, profiles), comparing it and quoting it in messages. */

/** A JSON object (not null, not an array). */
export function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** The value as it was written, cut to 40 characters, for an error message; `nothing` when absent. */
export function showJson(x: unknown): string {
  if (x === undefined) return 'nothing';
  const s = JSON.stringify(x);
  return s.length > 40 ? `${s.slice(0, 37)}...` : s;
}

/**
 * Whether two plain data values (objects, arrays, strings, numbers, booleans, null) are the
 * same once written as JSON: `JSON.parse(JSON.stringify(x))` of each would be deeply equal
 * (object key order ignored), without writing or parsing anything. As JSON does, a member that is
 * `undefined` is absent, an array item that is `undefined` is null, and a number that is not
 * finite is null. (Class instances, `toJSON` and boxed primitives are not plain data: they are
 * compared as the objects they are.)
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  const ta = typeof a;
  if (ta === 'number' || typeof b === 'number') return jsonNumber(a) === jsonNumber(b);
  if (a === null || b === null || ta !== 'object' || typeof b !== 'object') return false;
  const isArray = Array.isArray(a);
  if (isArray !== Array.isArray(b)) return false;
  if (isArray) {
    const aa = a as unknown[];
    const bb = b as unknown[];
    const n = aa.length;
    if (n !== bb.length) return false;
    for (let i = 0; i < n; i++) {
      const x = aa[i];
      const y = bb[i];
      if (x !== y && !sameJson(x === undefined ? null : x, y === undefined ? null : y)) return false;
    }
    return true;
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  let present = 0;
  for (const k of Object.keys(ao)) {
    const x = ao[k];
    if (x === undefined) continue;
    present++;
    const y = bo[k];
    if (y === undefined || !Object.prototype.hasOwnProperty.call(bo, k) || !sameJson(x, y)) return false;
  }
  // Every member of `a` is one of `b`'s: `b` has no other when it has no more keys.
  const bk = Object.keys(bo);
  if (bk.length === present) return true;
  for (const k of bk) if (bo[k] !== undefined) present--;
  return present === 0;
}

/** A number as JSON writes it (null when not finite); anything else unchanged. */
function jsonNumber(x: unknown): unknown {
  return typeof x === 'number' && !Number.isFinite(x) ? null : x;
}

/** A deep copy of plain JSON data (plain objects, arrays, strings, finite numbers other than
 *  -0, booleans, null); undefined for anything else. */
export function plainCopy(x: unknown): unknown {
  if (x === null || typeof x === 'string' || typeof x === 'boolean') return x;
  if (typeof x === 'number') return Number.isFinite(x) && !Object.is(x, -0) ? x : undefined;
  if (Array.isArray(x)) {
    const out: unknown[] = [];
    for (let i = 0; i < x.length; i++) {
      if (!(i in x)) return undefined;
      const c = plainCopy(x[i]);
      if (c === undefined) return undefined;
      out.push(c);
    }
    return out;
  }
  if (typeof x === 'object' && Object.getPrototypeOf(x) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(x)) {
      const c = plainCopy((x as Record<string, unknown>)[k]);
      if (c === undefined) return undefined;
      out[k] = c;
    }
    return out;
  }
  return undefined;
}

/**
 * `b` is the plain JSON data `a` (a {@link plainCopy}) is, keys in the same order.
 *
 * Unlike {@link sameJson}, key order matters: this is the key of the validated-profile cache
 * (profiles.ts), and a profile keeps the key order of its JSON (its bonus and natural tables
 * list hands in the order written, and that order shows in messages and records). Two JSON
 * values that differ only in key order would validate to different profiles, so the cache
 * must not hand out one for the other.
 */
export function samePlainJson(a: unknown, b: unknown): boolean {
  if (a === b) return typeof b !== 'number' || !Object.is(b, -0);
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!(i in b) || !samePlainJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const ak = Object.keys(a);
  const bk = Object.keys(b);
  if (ak.length !== bk.length) return false;
  for (let i = 0; i < ak.length; i++) {
    if (ak[i] !== bk[i] || !samePlainJson((a as Record<string, unknown>)[ak[i]], (b as Record<string, unknown>)[bk[i]])) return false;
  }
  return true;
}

/**
 * Where a JSON value is nested deeper than `maxDepth` arrays and objects (the value itself,
 * when an array or object, is depth 1): the keys and indexes down to the first array or object
 * past the limit, or undefined when the value is within it. Walks without recursion, so a value
 * of any depth is checked safely: call it before anything that recurses (JSON.stringify, the
 * profile checks) meets input from outside.
 */
export function tooDeep(x: unknown, maxDepth: number): (string | number)[] | undefined {
  type Frame = { readonly value: unknown; readonly depth: number; readonly parent?: Frame; readonly key?: string | number };
  if (typeof x !== 'object' || x === null) return undefined;
  const pending: Frame[] = [{ value: x, depth: 1 }];
  for (let frame = pending.pop(); frame !== undefined; frame = pending.pop()) {
    const { value, depth } = frame;
    if (depth > maxDepth) {
      const keys: (string | number)[] = [];
      for (let f: Frame | undefined = frame; f?.key !== undefined; f = f.parent) keys.push(f.key);
      return keys.reverse();
    }
    // Pushed last first, so the first member is looked at first and the place named is the
    // first one in document order.
    const members: readonly [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value as object);
    for (let i = members.length - 1; i >= 0; i--) {
      const [key, member] = members[i];
      if (typeof member === 'object' && member !== null) pending.push({ value: member, depth: depth + 1, parent: frame, key });
    }
  }
  return undefined;
}
