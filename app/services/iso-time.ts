/**
 * Milliseconds since the epoch as ISO 8601 UTC text (`2025-03-01T20:00:00.000Z`), the form of
 * every `at` and `recorded_at`. A command stamps its event, its follow-ups and its row within
 * the same millisecond, so the last text is kept: formatting a date costs more than the rest
 * of stamping it.
 */
let lastMs = Number.NaN;
let lastText = '';

export function isoTime(ms: number): string {
  if (ms !== lastMs) {
    lastText = new Date(ms).toISOString();
    lastMs = ms;
  }
  return lastText;
}
