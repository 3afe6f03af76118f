// The table fold's promises the other table tests left unchecked (docs/table.md): a refusal of
// `table-opened` and `rules-changed` names the event it refuses, a dealer signing off during a
// hand is told a dealer change waits for the hand's end, the devices a `terminal-started` lists
// and a `device-set`'s setting are checked field by field (a missing setting is refused, never
// a crash; a valid serial device is taken), a checkpoint that carries the last played hand keeps
// it correctable, and a hand's event is checked for its time and actor when the hand fold would
// not see it first (a note on a past hand, a second start of the hand in play).
import { describe, expect, it } from 'vitest';
import type { HandEvent } from '../../../../app/domain/hand';
import { unwrap, type DomainError } from '../../../../app/domain/result';
import { applyTable, checkpointOf, nextHandStarted, type TableEntry, type TableEvent, type TableState } from '../../../../app/domain/table';
import { EXAMPLE_003, at, ev } from '../hand/support';
import { Session, handEntry, opened, playHand, snapshotOf, tableEntry, tableIn, tev } from './support';

const T = (e: TableEvent): TableEntry => tableEntry(e);
const bare = (e: TableEvent, patch: Record<string, unknown>): TableEvent => ({ ...e, ...patch }) as unknown as TableEvent;
/** The refusal (code and words), or 'accepted'. */
const refusal = (state: TableState | null, entry: TableEntry): DomainError | 'accepted' => {
  const r = applyTable(state, entry);
  return r.ok ? 'accepted' : r.error;
};

const rulesChanged = (patch: Record<string, unknown> = {}): TableEvent => {
  const snapshot = snapshotOf('basic');
  return bare({
    type: 'rules-changed', at: at(), by: 'system', profile: { name: snapshot.name as string, version: snapshot.version as number, snapshot },
    pointValue: 100, name: 'Table 1', staffId: 'admin1', reason: 'house rules',
  } as TableEvent, patch);
};
const deviceSet = (patch: Record<string, unknown> = {}): TableEvent => bare({
  type: 'device-set', at: at(), by: 'system', role: 'shoe', setting: { kind: 'serial', port: '/dev/ttyUSB0', format: 'framed', baudRate: 9600 },
  device: 'path:/dev/ttyUSB0', label: 'USB shoe', staffId: 'admin1', reason: 'new shoe',
} as TableEvent, patch);
const started = (devices: unknown[]): TableEvent => bare({
  type: 'terminal-started', at: at(), by: 'system', program: 'serve', version: '1.2.3', devices: [], afterCrash: false, changed: [],
} as TableEvent, { devices });
const SETTING_WORDS = 'device-set: setting must be {kind: "serial", port, format, baudRate}, {kind: "simulated"} or {kind: "none"}, not';

describe('refusals name the event refused', () => {
  it('a table-opened with a bad name is refused as "table-opened: ..."', () => {
    expect(refusal(null, T(opened({ name: ' Table 1' })))).toEqual({
      code: 'bad-event', message: 'table-opened: the table\'s name must be text without spaces around it, not " Table 1"', path: 'name',
    });
  });

  it('a rules-changed with a bad name is refused as "rules-changed: ..."', () => {
    expect(refusal(tableIn('seated'), T(rulesChanged({ name: 'Table 1 ' })))).toEqual({
      code: 'bad-event', message: 'rules-changed: the table\'s name must be text without spaces around it, not "Table 1 "', path: 'name',
    });
  });

  it('a dealer signing off during a hand is told a dealer change waits for the hand to end', () => {
    expect(refusal(tableIn('inHand'), T(tev.dealerOff('Dana')))).toEqual({
      code: 'hand-in-play', message: 'A dealer change only between hands: hand 1 is in play at table T1',
    });
  });
});

describe('terminal-started lists its devices as { role, id, label, simulated }', () => {
  const WORDS = { code: 'bad-event', message: 'terminal-started: devices must be a list of { role, id, label, simulated }' };
  const good = { role: 'shoe', id: 'sim:shoe', label: 'Simulated shoe', simulated: true };

  it('takes a well-formed device and refuses each malformed one', () => {
    const s = tableIn('opened');
    expect(refusal(s, T(started([good])))).toBe('accepted');
    expect(refusal(s, T(started([null])))).toEqual(WORDS);
    expect(refusal(s, T(started([{ ...good, id: '' }])))).toEqual(WORDS);
    expect(refusal(s, T(started([{ ...good, role: 'printer' }])))).toEqual(WORDS);
    expect(refusal(s, T(started([{ ...good, simulated: 'yes' }])))).toEqual(WORDS);
  });
});

describe('device-set: the setting is checked, never trusted', () => {
  it('takes a valid serial shoe and leaves the table as it was', () => {
    const s = tableIn('seated')!;
    const r = applyTable(s, T(deviceSet()));
    expect(r).toEqual({ ok: true, value: s });
  });

  it('refuses a missing or null setting with words, not a crash', () => {
    const s = tableIn('seated');
    expect(refusal(s, T(deviceSet({ setting: null })))).toEqual({ code: 'bad-event', message: `${SETTING_WORDS} null` });
    expect(refusal(s, T(deviceSet({ role: 'scanner', setting: null })))).toEqual({ code: 'bad-event', message: `${SETTING_WORDS} null` });
    expect(refusal(s, T(deviceSet({ setting: undefined })))).toEqual({ code: 'bad-event', message: `${SETTING_WORDS} nothing` });
  });

  it('refuses a setting of an unknown kind and a serial one without its port', () => {
    const s = tableIn('seated');
    expect(refusal(s, T(deviceSet({ setting: { kind: 'usb' } })))).toEqual({ code: 'bad-event', message: `${SETTING_WORDS} {"kind":"usb"}` });
    const noPort = { kind: 'serial', port: '', format: 'framed', baudRate: 9600 };
    expect(refusal(s, T(deviceSet({ setting: noPort })))).toMatchObject({ code: 'bad-event', message: expect.stringContaining(SETTING_WORDS) });
  });
});

describe('a checkpoint that carries the last played hand', () => {
  it('is taken, and the hand stays correctable', () => {
    const s = new Session();
    s.do(opened({ button: 4 }), tev.dealerOn('Dana'), tev.seated(1), tev.buyIn(1, 5000), tev.seated(2), tev.buyIn(2, 5000), tev.seated(3), tev.buyIn(3, 5000));
    playHand(s, { 1: EXAMPLE_003[1], 2: EXAMPLE_003[2], 3: EXAMPLE_003[3] });
    const played = s.table.lastPlayed;
    expect(played).not.toBeNull();
    const after = unwrap(applyTable(s.table, T(unwrap(checkpointOf(s.table, at())) as TableEvent)));
    expect(after.lastPlayed).toEqual(played);
  });
});

describe('a hand event the hand fold does not see first is checked for its time and actor', () => {
  it('a note on a past hand with a bad time or actor', () => {
    const s = tableIn('afterHand');
    expect(refusal(s, handEntry('T1-1', { ...ev.floor({ kind: 'note' }), at: 'yesterday' } as HandEvent))).toEqual({
      code: 'bad-time', message: 'floor-correction: "at" must be an ISO 8601 time with a zone, not "yesterday"',
    });
    expect(refusal(s, handEntry('T1-1', { ...ev.floor({ kind: 'note' }), by: 'nobody' } as unknown as HandEvent))).toEqual({
      code: 'bad-actor', message: 'floor-correction: "by" must be dealer, device, system or floor:<name>, not "nobody"',
    });
  });

  it('a second start of the hand in play with a bad time', () => {
    const first = unwrap(nextHandStarted(tableIn('seated')!, { at: at(), by: 'dealer' }));
    const s = tableIn('inHand')!;
    expect(s.hand?.id).toBe(first.handId);
    expect(refusal(s, handEntry(first.handId, { ...first, at: 'yesterday' }))).toEqual({
      code: 'bad-time', message: 'hand-started: "at" must be an ISO 8601 time with a zone, not "yesterday"',
    });
  });
});
