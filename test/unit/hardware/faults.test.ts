import { describe, expect, it } from 'vitest';
import { faultMs, faultsAt, parseFault, parseFaults } from '../../../hardware/sim/faults';

describe('faults', () => {
  it.each([
    ['read-twice@5', { kind: 'read-twice', at: 5 }],
    ['jam@20:300', { kind: 'jam', at: 20, ms: 300 }],
    [' unplug@0:0 ', { kind: 'unplug', at: 0, ms: 0 }],
  ])('parses %s', (text, fault) => {
    expect(parseFault(text)).toEqual({ ok: true, value: fault });
  });

  it.each([
    ['jam', 'expected KIND@POSITION'],
    ['melt@3', 'unknown fault kind "melt"'],
    ['read-twice@3:100', 'fault read-twice takes no duration'],
    ['jam@-1', 'expected KIND@POSITION'],
    ['jam@1:700000', 'duration must be 0..600000 ms'],
  ])('refuses %s', (text, message) => {
    const r = parseFault(text);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('bad-fault');
      expect(r.error.message).toContain(message);
    }
  });

  it('parseFaults refuses the first bad one; faultsAt orders faults at one position as they happen', () => {
    expect(parseFaults(['jam@1', 'nope']).ok).toBe(false);
    const r = parseFaults(['read-twice@4', 'unplug@4:10', { kind: 'jam', at: 4 }, 'garbage@5']);
    expect(r.ok).toBe(true);
    if (r.ok) expect(faultsAt(r.value, 4).map((f) => f.kind)).toEqual(['unplug', 'jam', 'read-twice']);
    expect(faultMs({ kind: 'jam', at: 0 })).toBe(500);
    expect(faultMs({ kind: 'jam', at: 0, ms: 7 })).toBe(7);
  });
});
