/**
 * Canonical JSON: object keys sorted, no whitespace, `undefined` members dropped. The event
 * log stores each event in this form so the same event always has the same text, and the
 * hash chain is computed over that text.
 */

/** Serialises a JSON value with object keys in sorted order. Throws on non-JSON values. */
export function canonicalJson(value: unknown): string {
  return write(value);
}

function write(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`canonicalJson: ${value} is not a JSON number`);
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          if (i > 0) out += ',';
          const v: unknown = value[i];
          out += v === undefined ? 'null' : write(v);
        }
        return out + ']';
      }
      const obj = value as Record<string, unknown>;
      const keys = Object.keys(obj).sort();
      let out = '{';
      let first = true;
      for (const k of keys) {
        const v = obj[k];
        if (v === undefined) continue;
        if (!first) out += ',';
        first = false;
        out += JSON.stringify(k) + ':' + write(v);
      }
      return out + '}';
    }
    default:
      throw new TypeError(`canonicalJson: a ${typeof value} is not a JSON value`);
  }
}
