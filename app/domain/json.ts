/** Small helpers for checking JSON input (records, profiles) and quoting it in messages. */

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
