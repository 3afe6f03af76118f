/**
 * Event times as numbers and back, without a clock: the lockout rule compares the `at` of
 * events and adds the lockout time to one (the domain reads no clock and has no `Date`).
 * Proleptic Gregorian calendar, as ISO 8601 and JavaScript's own time values.
 */

const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|([+-])(\d{2}):(\d{2}))$/;
const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a civil date (month 1-12). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The civil date [year, month 1-12, day] of a day count since 1970-01-01. */
function civilFromDays(days: number): [number, number, number] {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

/**
 * Milliseconds since the Unix epoch of an ISO 8601 time with a zone (`2025-03-01T20:00:00.000Z`,
 * `2025-03-01T21:00+01:00`; fractions past milliseconds are cut), or null for text that is
 * not one or names a time that does not exist (`2025-02-30`, `T24:00`, `:60`, a zone `+24:00`).
 */
export function isoToMs(text: string): number | null {
  const m = ISO.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number);
  const second = m[6] === undefined ? 0 : Number(m[6]);
  const ms = m[7] === undefined ? 0 : Number(m[7].slice(0, 3).padEnd(3, '0'));
  const zoneMinutes = m[8] === 'Z' ? 0 : (m[9] === '-' ? -1 : 1) * (Number(m[10]) * 60 + Number(m[11]));
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  if (m[8] !== 'Z' && (Number(m[10]) > 23 || Number(m[11]) > 59)) return null;
  const days = daysFromCivil(year, month, day);
  const [y2, m2, d2] = civilFromDays(days);
  if (y2 !== year || m2 !== month || d2 !== day) return null;
  return days * DAY_MS + ((hour * 60 + minute - zoneMinutes) * 60 + second) * 1000 + ms;
}

/** ISO 8601 UTC with milliseconds (`2025-03-01T20:15:00.000Z`) of a time in ms since the epoch (years 0-9999). */
export function msToIso(ms: number): string {
  const days = Math.floor(ms / DAY_MS);
  const rest = ms - days * DAY_MS;
  const [y, mo, d] = civilFromDays(days);
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(rest / 3_600_000);
  const mi = Math.floor((rest % 3_600_000) / 60_000);
  const s = Math.floor((rest % 60_000) / 1000);
  return `${String(y).padStart(4, '0')}-${two(mo)}-${two(d)}T${two(h)}:${two(mi)}:${two(s)}.${String(rest % 1000).padStart(3, '0')}Z`;
}
