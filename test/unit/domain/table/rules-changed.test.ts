// The admin's change of the table's rules between hands (docs/table.md, "Changing the rules"):
// it applies from the next hand, the hand in play keeps the rules it was dealt under, and a
// changed profile needs a new version.
import { describe, expect, it } from 'vitest';
import { unwrap } from '../../../../app/domain/result';
import { checkpointOf, nextHandStarted, tableFromCheckpoint, type RulesChanged, type TableEvent } from '../../../../app/domain/table';
import { at, dealt, ev } from '../hand/support';
import { Session, opened, refusedCode, snapshotOf, tableEntry, tev } from './support';

function change(o: Partial<Omit<RulesChanged, 'type'>> & { preset?: Parameters<typeof snapshotOf>[0] } = {}): TableEvent {
  const snapshot = snapshotOf(o.preset ?? 'mandarin-house');
  const { preset: _preset, ...rest } = o;
  return {
    type: 'rules-changed', at: at(), by: 'system', profile: { name: snapshot.name as string, version: snapshot.version as number, snapshot },
    pointValue: 200, name: 'Table 1', staffId: 'ada', reason: 'the house plays Mandarin tonight', ...rest,
  };
}

function seated(): Session {
  const s = new Session();
  s.do(opened(), tev.dealerOn('Dana'), tev.seated(1), tev.buyIn(1, 2000), tev.seated(2), tev.buyIn(2, 5000));
  return s;
}

describe('rules-changed', () => {
  it('gives the next hand the new profile and point value, and the table its new name', () => {
    const s = seated();
    s.do(change({ name: 'Table 1 (Mandarin)' }));
    expect(s.table).toMatchObject({ name: 'Table 1 (Mandarin)', pointValue: 200 });
    expect(s.table.profile.name).toBe('mandarin-house');
    const next = unwrap(nextHandStarted(s.table, { at: at(), by: 'dealer' }));
    expect(next.profile).toMatchObject({ name: 'mandarin-house', version: 1 });
    expect(next.pointValue).toBe(200);
  });

  it('waits for the hand in play: refused during a hand, which keeps its rules', () => {
    const s = seated();
    s.start();
    s.play(dealt(0, 0));
    expect(refusedCode(s.table, tableEntry(change()))).toBe('hand-in-play');
    s.play(ev.void());
    s.do(change());
    expect(s.table.profile.name).toBe('mandarin-house');
  });

  it('needs a higher version for a changed profile of the same name', () => {
    const s = seated();
    const edited = { ...snapshotOf('basic'), segmentPoints: 2 };
    const same = change({ profile: { name: 'basic', version: 1, snapshot: edited } });
    expect(refusedCode(s.table, tableEntry(same))).toBe('version-needed');
    s.do(change({ profile: { name: 'basic', version: 2, snapshot: { ...edited, version: 2 } } }));
    expect(s.table.profile).toMatchObject({ name: 'basic', version: 2, segmentPoints: 2 });
    // And back down to version 1 is refused too: the versions of a name only go up.
    expect(refusedCode(s.table, tableEntry(change({ preset: 'basic' })))).toBe('version-needed');
  });

  it('refuses a change that changes nothing, a bad profile, a bad point value, no reason, no admin', () => {
    const s = seated();
    const basic = snapshotOf('basic');
    const cases: [TableEvent, string][] = [
      [change({ preset: 'basic', pointValue: 100 }), 'no-change'],
      [change({ profile: { name: 'basic', version: 1, snapshot: { ...basic, scoop: 'yes' } } }), 'bad-profile'],
      [change({ profile: { name: 'mandarin', version: 1, snapshot: basic } }), 'bad-profile'],
      [change({ pointValue: 0 }), 'bad-point-value'],
      [change({ name: ' Table 1' }), 'bad-event'],
      [change({ reason: '  ' }), 'reason-needed'],
      [change({ staffId: 'not an id!' }), 'bad-event'],
    ];
    for (const [e, code] of cases) expect([e.type, refusedCode(s.table, tableEntry(e))]).toEqual([e.type, code]);
    // The same rules under a new name or point value is a change.
    s.do(change({ preset: 'basic', pointValue: 100, name: 'High table' }));
    expect(s.table.name).toBe('High table');
  });

  it('is kept by a checkpoint', () => {
    const s = seated();
    s.do(change());
    const restored = unwrap(tableFromCheckpoint(unwrap(checkpointOf(s.table, at()))));
    expect(restored.profile.name).toBe('mandarin-house');
    expect(restored.pointValue).toBe(200);
  });
});
