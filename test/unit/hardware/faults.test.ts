import { describe, expect, it } from 'vitest';
import { faultMs, faultsAt, FRAMED_ONLY_FAULTS, parseFault, parseFaults, unsupportedFault, type Fault } from '../../../hardware/sim/faults';

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

  it('unsupportedFault says which faults each simulator and format cannot produce', () => {
    const at = (kind: Fault['kind']): Fault => ({ kind, at: 1 });
    const all = (['read-twice', 'unreadable', 'bad-checksum', 'garbage', 'jam', 'lid-open', 'unplug', 'skip-seq', 'silence'] as const).map(at);
    expect(unsupportedFault(all, 'framed')).toBeUndefined();
    const refusedBy = (target: 'lines' | 'in-process') => all.filter((f) => unsupportedFault([f], target) !== undefined).map((f) => f.kind);
    expect(refusedBy('lines')).toEqual([...FRAMED_ONLY_FAULTS]);
    expect(refusedBy('lines')).toEqual(['bad-checksum', 'skip-seq']);
    expect(refusedBy('in-process')).toEqual(['bad-checksum', 'garbage']);
    expect(unsupportedFault([at('jam'), at('skip-seq')], 'lines')).toEqual({ fault: at('skip-seq'), why: 'the lines format has no checksum or sequence numbers' });
  });
});
