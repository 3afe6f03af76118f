// The fields a table is opened with (and a checkpoint repeats), each refused by name and in
// words (`checkOpening`), and the table ids and hand ids the table uses.
import { describe, expect, it } from 'vitest';
import { handIdFor, handNumberOf, isTableId } from '../../../../app/domain/table';
import { checkOpening } from '../../../../app/domain/table/check';
import { opened } from './support';

describe('checkOpening', () => {
  const refusal = (change: (e: Record<string, any>) => void) => {
    const e = JSON.parse(JSON.stringify(opened())) as Record<string, any>;
    change(e);
    const r = checkOpening(e as never, 'table-opened');
    if (r.ok) throw new Error('accepted');
    return r.error;
  };

  it('returns the resolved profile of a valid opening', () => {
    const r = checkOpening(opened(), 'table-opened');
    expect(r.ok && r.value.name).toBe('basic');
  });

  const cases: [string, (e: Record<string, any>) => void, string, string, string][] = [
    ['a table id with a space', (e) => { e.tableId = 'T 1'; }, 'bad-table-id', 'tableId', 'a table id is 1-32 letters, digits, "_" or "." (no spaces or "-"), not "T 1"'],
    ['a name with spaces around it', (e) => { e.name = ' Table 1'; }, 'bad-event', 'name', 'the table\'s name must be text without spaces around it, not " Table 1"'],
    ['no profile snapshot', (e) => { e.profile = { name: 'basic', version: 1 }; }, 'bad-profile', 'profile', 'the profile must be { name, version, snapshot } with the whole profile as the snapshot'],
    ['an invalid snapshot', (e) => { e.profile.snapshot.segmentPoints = -1; }, 'bad-profile', 'profile.snapshot', expect.stringMatching(/^the profile snapshot is not a valid profile: profile segmentPoints: /) as unknown as string],
    ['another name than the snapshot\'s', (e) => { e.profile.name = 'western'; }, 'bad-profile', 'profile', `profile "western" version ${1} does not match its snapshot (basic version 1)`],
    ['another version than the snapshot\'s', (e) => { e.profile.version = 2; }, 'bad-profile', 'profile', 'profile "basic" version 2 does not match its snapshot (basic version 1)'],
    ['a point value of 0', (e) => { e.pointValue = 0; }, 'bad-point-value', 'pointValue', 'the point value is at least 1, not 0'],
    ['a point value not whole', (e) => { e.pointValue = 2.5; }, 'bad-point-value', 'pointValue', 'the point value is a whole number of minor units, not 2.5'],
    ['an unknown mode', (e) => { e.mode = 'manual'; }, 'bad-mode', 'mode', 'mode is "shoe" or "scanner-only", not "manual"'],
    ['a sequence wrap of 1', (e) => { e.seqModulo = 1; }, 'bad-seq-modulo', 'seqModulo', 'seqModulo is a whole number from 2 or null, not 1'],
    ['a sequence wrap not whole', (e) => { e.seqModulo = 2.5; }, 'bad-seq-modulo', 'seqModulo', 'seqModulo is a whole number from 2 or null, not 2.5'],
    ['a button at seat 5', (e) => { e.button = 5; }, 'bad-seat', 'button', 'the button sits at seat 1-4, not 5'],
  ];
  it.each(cases)('refuses %s', (_why, change, code, path, message) => {
    expect(refusal(change)).toEqual({ code, path, message: typeof message === 'string' ? `table-opened: ${message}` : expect.stringMatching(/^table-opened: the profile snapshot is not a valid profile: /) });
  });

  it('takes a sequence wrap of 2, or none, and the scanner-only mode', () => {
    for (const change of [{ seqModulo: 2 }, { seqModulo: null }, { mode: 'scanner-only' as const }]) {
      expect(checkOpening({ ...opened(), ...change }, 'table-opened').ok).toBe(true);
    }
  });
});

describe('table ids and hand ids', () => {
  it('a table id is 1 to 32 letters, digits, "_" or ".", not starting with "_" or "."', () => {
    for (const id of ['T', 'T1', 'a.b_c', 'x'.repeat(32), '9']) expect(isTableId(id), id).toBe(true);
    for (const id of ['', 'x'.repeat(33), '_T', '.T', 'T-1', 'T 1', 7]) expect(isTableId(id), String(id)).toBe(false);
  });

  it('the hand number of a hand id of the table, else null', () => {
    expect(handIdFor('T1', 7)).toBe('T1-7');
    expect(handNumberOf('T1', 'T1-7')).toBe(7);
    expect(handNumberOf('T1', 'T1-1234567890')).toBe(1234567890);
    expect(handNumberOf('T1', `T1-${'9'.repeat(15)}`)).toBe(999999999999999);
    for (const id of ['T1-0', 'T1-07', 'T1-x7', 'T1-7x', 'T1-', 'T2-7', `T1-1${'0'.repeat(15)}`, 'T1-1.5']) expect(handNumberOf('T1', id), id).toBeNull();
  });
});
