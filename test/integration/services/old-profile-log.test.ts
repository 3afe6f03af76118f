/**
 * A log written before the profile had `buyInPoints`: its snapshots (the table's opening, every
 * hand's start and showdown record) leave the key out. The terminal of that time is played here
 * by the real service, its profiles written without the key; then today's code reopens the file,
 * deals on, changes only the point value (no new version needed: the rules compare as resolved
 * profiles, the default 20 filled in) and the table's language, and the audit folds every table,
 * checks every checkpoint and rebuilds every row clean.
 */
import { describe, expect, it, vi } from 'vitest';
import { auditLog } from '../../../app/services/audit';
import { openStore } from '../../../app/services/store';
import { attachShoe, must, openTable, playHand, rig, T } from './helpers';

/** While on, every resolved profile is written to JSON as it was before the option existed. */
const before = vi.hoisted(() => ({ on: false }));

vi.mock('../../../app/domain/profiles', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../app/domain/profiles')>();
  return {
    ...real,
    resolveProfile: (nameOrObject?: unknown) => {
      const r = real.resolveProfile(nameOrObject);
      if (!before.on || !r.ok) return r;
      const { buyInPoints: _left, ...old } = r.value;
      return { ok: true, value: { ...r.value, toJSON: () => old } };
    },
  };
});

describe('a log whose profiles have no buyInPoints', () => {
  it('folds, takes a change of point value without a new version, and audits clean', async () => {
    const r = rig();
    try {
      before.on = true;
      openTable(r.service);
      const { shoe, detach } = await attachShoe(r.service);
      await playHand(r.service, shoe, 1);
      detach();
      await shoe.stop();
      before.on = false;
      const opened = JSON.parse(r.store.db.prepare("SELECT body FROM events WHERE type = 'table-opened'").pluck().get() as string);
      expect(opened.profile.snapshot).not.toHaveProperty('buyInPoints');
      const started = JSON.parse(r.store.db.prepare("SELECT body FROM events WHERE type = 'hand-started'").pluck().get() as string);
      expect(started.profile.snapshot).not.toHaveProperty('buyInPoints');

      // Today's terminal opens the same file: the table asks the default 20 points.
      r.reopen();
      const snap = must(r.service.snapshot(T));
      expect(snap.profile.buyInPoints).toBe(20);
      expect(snap.buyIn).toEqual({ full: 2000, short: 1000 });
      // The screen sends the rules back as resolved (the key written in) with a new point value.
      expect(r.service.changeRules({ tableId: T, staffId: 'ada', reason: 'same rules', profile: 'mandarin-house' })).toMatchObject({ ok: false, error: { code: 'no-change' } });
      must(r.service.changeRules({ tableId: T, staffId: 'ada', reason: 'higher stakes', profile: 'mandarin-house', pointValue: 200 }));
      expect(must(r.service.snapshot(T)).buyIn).toEqual({ full: 4000, short: 2000 });
      // And the table's language, which a checkpoint after the next hand repeats.
      expect(must(r.service.changeRules({ tableId: T, staffId: 'ada', reason: 'Czech dealers', language: 'cs' })).language).toBe('cs');
      const { shoe: shoe2, detach: detach2 } = await attachShoe(r.service);
      await playHand(r.service, shoe2, 2);
      detach2();
      await shoe2.stop();
      r.store.close();

      const store = openStore(r.path, { readonly: true });
      try {
        const a = auditLog(store, { threads: 0 });
        expect(a.chain.ok).toBe(true);
        expect(a.replay).toMatchObject({ ok: true });
        expect(a.tables).toMatchObject({ ok: true, tables: 1, problems: [] });
        const checkpoints = (store.db.prepare("SELECT body FROM events WHERE type = 'table-checkpoint'").pluck().all() as string[]).map((b) => JSON.parse(b));
        expect(checkpoints.at(-1)).toMatchObject({ language: 'cs', pointValue: 200 });
      } finally {
        store.close();
      }
    } finally {
      r.cleanup();
    }
  }, 60_000);
});
