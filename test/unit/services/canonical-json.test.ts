/** Canonical JSON: the text the event log stores and hashes. */
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../app/services/canonical-json';

describe('canonicalJson', () => {
  it('sorts keys at every depth, drops undefined members, no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: 'x' }, u: undefined })).toBe('{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}');
  });

  it('the same value built in another key order gives the same text; JSON.parse gives the value back', () => {
    const a = { type: 'card-dealt', seq: 3, card: 51, raw: 'ff', by: 'device', at: '2025-03-01T20:00:00.000Z' };
    const b = { at: a.at, by: a.by, raw: a.raw, card: a.card, seq: a.seq, type: a.type };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(JSON.parse(canonicalJson(a))).toEqual(a);
  });

  it('escapes text as JSON does and keeps null, booleans and undefined array slots as null', () => {
    expect(canonicalJson({ s: 'a"b\n\u0000č', n: null, t: true, f: false, l: [undefined, 1] })).toBe('{"f":false,"l":[null,1],"n":null,"s":"a\\"b\\n\\u0000č","t":true}');
  });

  it('refuses what is not JSON', () => {
    expect(() => canonicalJson({ x: NaN })).toThrow(/not a JSON number/);
    expect(() => canonicalJson({ x: Infinity })).toThrow(/not a JSON number/);
    expect(() => canonicalJson({ f: () => 1 })).toThrow(/function is not a JSON value/);
    expect(() => canonicalJson({ n: 10n })).toThrow(/bigint is not a JSON value/);
  });
});
