// Event times without a clock (app/domain/staff/time.ts): each part of an ISO 8601 time read,
// each part that does not exist refused (its doc comment), against Date's own reading.
import { describe, expect, it } from 'vitest';
import { isoToMs, msToIso } from '../../../../app/domain/staff';

describe('isoToMs reads', () => {
  it.each<[string, string]>([
    ['a zone behind UTC', '2025-03-01T19:00-01:00'],
    ['a zone ahead of UTC', '2025-03-01T21:30+01:30'],
    ['the largest zone', '2025-03-01T20:00+23:59'],
    ['the smallest zone behind', '2025-03-01T20:00-23:59'],
    ['minutes only (no seconds)', '2025-03-01T20:15Z'],
    ['seconds without a fraction', '2025-03-01T20:15:59Z'],
    ['one digit of a fraction (tenths)', '2025-03-01T20:15:00.1Z'],
    ['two digits of a fraction', '2025-03-01T20:15:00.12Z'],
    ['the last moment of a day', '2025-12-31T23:59:59.999Z'],
    ['the first moment of a year', '2025-01-01T00:00:00.000Z'],
    ['the 29th of February in a leap year', '2024-02-29T12:00Z'],
    ['a leap year by 400', '2000-02-29T12:00Z'],
    ['the last day of each long month', '2025-01-31T00:00Z'],
    ['the last day of April', '2025-04-30T00:00Z'],
    ['a time before 1970', '1969-07-20T20:17:40Z'],
    ['the year 1', '0001-01-01T00:00:00Z'],
  ])('%s (%s) as Date does', (_why, text) => {
    expect(isoToMs(text)).toBe(Date.parse(text));
  });

  it('cuts fractions past milliseconds', () => {
    expect(isoToMs('2025-03-01T20:00:00.123456789Z')).toBe(Date.parse('2025-03-01T20:00:00.123Z'));
    expect(isoToMs('2025-03-01T20:00:00.9999Z')).toBe(Date.parse('2025-03-01T20:00:00.999Z'));
  });

  it.each<[string, string]>([
    ['month 0', '2025-00-10T00:00Z'],
    ['month 13', '2025-13-10T00:00Z'],
    ['day 0', '2025-03-00T00:00Z'],
    ['the 31st of April', '2025-04-31T00:00Z'],
    ['the 29th of February in a common year', '2025-02-29T00:00Z'],
    ['the 29th of February of 1900 (by 100, not 400)', '1900-02-29T00:00Z'],
    ['hour 24', '2025-03-01T24:00Z'],
    ['minute 60', '2025-03-01T20:60Z'],
    ['second 60', '2025-03-01T20:00:60Z'],
    ['a zone of 24 hours', '2025-03-01T20:00+24:00'],
    ['a zone of 60 minutes', '2025-03-01T20:00+01:60'],
    ['no zone', '2025-03-01T20:00:00'],
    ['a date only', '2025-03-01'],
    ['text around a time', 'at 2025-03-01T20:00Z'],
    ['text after a time', '2025-03-01T20:00Z!'],
    ['ten digits of a fraction', '2025-03-01T20:00:00.1234567890Z'],
    ['a fraction without seconds', '2025-03-01T20:00.5Z'],
  ])('refuses %s (%s)', (_why, text) => {
    expect(isoToMs(text)).toBeNull();
  });
});

describe('msToIso writes', () => {
  it.each<[string, number]>([
    ['the epoch', 0],
    ['one millisecond before it', -1],
    ['a time with every field', Date.parse('2025-11-09T08:07:06.054Z')],
    ['the end of a leap day', Date.parse('2024-02-29T23:59:59.999Z')],
    ['the year 1', Date.parse('0001-01-01T00:00:00.000Z')],
    ['the year 9999', Date.parse('9999-12-31T23:59:59.999Z')],
  ])('%s as Date does', (_why, ms) => {
    expect(msToIso(ms)).toBe(new Date(ms).toISOString());
  });
});
