/**
 * The access log's JSON text (`accessLogJson`, what `table access-log --format json` prints):
 * the entries as one JSON array, ended by a newline like every text the terminal writes.
 */
import { describe, expect, it } from 'vitest';
import { accessLogJson, type AccessEntry } from '../../../app/services/access-log';

const ENTRY: AccessEntry = {
  row: 7, at: '2025-03-01T20:00:07.000Z', tableId: 'T1', handId: null, type: 'staff-signed-in', by: 'staff:eva', person: 'eva', purpose: 'take-box', what: 'signed in', why: null,
};

describe('accessLogJson', () => {
  it('is the entries as a JSON array, ending in one newline', () => {
    expect(accessLogJson([])).toBe('[]\n');
    const text = accessLogJson([ENTRY]);
    expect(text.endsWith(']\n')).toBe(true);
    expect(text.endsWith('\n\n')).toBe(false);
    expect(JSON.parse(text)).toEqual([ENTRY]);
  });
});
