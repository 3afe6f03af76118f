/**
 * A stored event body that is not JSON fails every reader with the same StoreError naming the
 * row, its hand and its type (replay of all hands or one, the audit, a hand's steps, the table
 * service loading its last hand); and `simulate` on an existing table refuses a profile or a
 * point value other than the stored ones instead of ignoring them.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, replayHands } from '../../../app/services/audit';
import { simulate, SimulationRefused } from '../../../app/services/simulation';
import { openStore, StoreError } from '../../../app/services/store';
import { replayStoredHand, TableService } from '../../../app/services/table-service';
import { attachShoe, openTable, playHand, rig, T, type Rig } from './helpers';

let r: Rig;
beforeEach(() => {
  r = rig();
});
afterEach(() => r.cleanup());

/** Breaks the body of the `nth` event of `handId` (the triggers that forbid it dropped); returns the row and its type. */
function breakBody(handId: string, nth: number): { id: number; type: string } {
  const db = r.store.db;
  db.exec('DROP TRIGGER IF EXISTS events_refuse_update');
  const row = db.prepare('SELECT id, type FROM events WHERE hand_id = ? ORDER BY id LIMIT 1 OFFSET ?').get(handId, nth) as { id: number; type: string };
  db.prepare('UPDATE events SET body = substr(body, 1, length(body) - 1) WHERE id = ?').run(row.id);
  return row;
}

function caught(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected an error');
}

describe('an event body that is not JSON', () => {
  it('is named by its row, hand and type, whichever reader meets it', async () => {
    openTable(r.service);
    const { shoe } = await attachShoe(r.service);
    await playHand(r.service, shoe, 1);
    await playHand(r.service, shoe, 2);
    const row = breakBody('T1-1', 4);
    const message = new RegExp(`^log row ${row.id} \\(hand T1-1, type ${row.type}\\) is not JSON: `);
    const expectNamed = (e: unknown) => {
      expect(e).toBeInstanceOf(StoreError);
      expect(e).toMatchObject({ code: 'event-not-json', message: expect.stringMatching(message) });
    };
    expectNamed(caught(() => replayHands(r.store)));
    expectNamed(caught(() => replayHands(r.store, { handId: 'T1-1' })));
    expectNamed(caught(() => replayStoredHand(r.store, 'T1-1')));
    const audit = auditLog(r.store);
    expect(audit.chain.problems.map((p) => p.kind)).toEqual(['content-changed']);
    expect('error' in audit.replay).toBe(true);
    if ('error' in audit.replay) expectNamed(audit.replay.error);
  });

  it('in the last hand of a table: the service refuses to load it, naming the row', async () => {
    openTable(r.service);
    const { shoe } = await attachShoe(r.service);
    await playHand(r.service, shoe, 1);
    const row = breakBody('T1-1', 0);
    r.store.close();
    r.store = openStore(r.path);
    const e = caught(() => new TableService(r.store));
    expect(e).toMatchObject({ code: 'event-not-json', message: expect.stringContaining(`log row ${row.id} (hand T1-1, type ${row.type}) is not JSON`) });
  });
});

describe('simulate on a table that exists', () => {
  it('refuses a profile or point value other than the stored ones, naming both; the same ones are fine', async () => {
    await simulate(r.service, { hands: 0, seed: 1, tableId: T, profile: 'mandarin-house', pointValue: 100 });
    await expect(simulate(r.service, { hands: 0, seed: 1, tableId: T, profile: 'basic' })).rejects.toThrow(SimulationRefused);
    await expect(simulate(r.service, { hands: 0, seed: 1, tableId: T, profile: 'basic', pointValue: 25 })).rejects.toThrow(
      /table T1 already exists .*profile "basic" was given, the table plays "mandarin-house"; point value 25 was given, the table has 100/,
    );
    await expect(simulate(r.service, { hands: 0, seed: 1, tableId: T, pointValue: 25 })).rejects.toThrow(/point value 25 was given, the table has 100/);
    await expect(simulate(r.service, { hands: 0, seed: 1, tableId: T, profile: 'mandarin-house', pointValue: 100 })).resolves.toEqual({ played: 0, resumed: null });
    await expect(simulate(r.service, { hands: 0, seed: 1, tableId: T })).resolves.toEqual({ played: 0, resumed: null });
  });
});
