// Two table settings the admin sets in the House rules tab: the smallest buy-in, a profile
// option (`buyInPoints`, RULES.md s9: at least 20 points, a house may ask more), and the
// language a screen opening the table starts in (recorded with `rules-changed`). A log written
// before either existed (a profile snapshot without the key, no language) still folds.
import { describe, expect, it } from 'vitest';
import { MAX_BUY_IN_POINTS, resolveProfile, validateProfile } from '../../../../app/domain/profiles';
import { unwrap } from '../../../../app/domain/result';
import {
  applyTable, buyInMinimums, checkBuyIn, checkpointOf, replayTable, tableFromCheckpoint, type RulesChanged, type TableCheckpoint, type TableEvent,
} from '../../../../app/domain/table';
import { at } from '../hand/support';
import { Session, opened, refusedCode, snapshotOf, tableEntry, tev } from './support';

/** The basic preset as a profile object, with some options changed. */
function basicWith(o: Record<string, unknown>): Record<string, unknown> {
  return { ...snapshotOf('basic'), ...o };
}

/** A snapshot as a log written before `buyInPoints` existed holds it: the key is not there. */
function snapshotBeforeBuyInPoints(): Record<string, unknown> {
  const { buyInPoints: _left, ...old } = snapshotOf('basic');
  return old;
}

function change(o: Partial<Omit<RulesChanged, 'type'>> & { snapshot?: Record<string, unknown> } = {}): TableEvent {
  const { snapshot = snapshotOf('basic'), ...rest } = o;
  return {
    type: 'rules-changed', at: at(), by: 'system', profile: { name: snapshot.name as string, version: snapshot.version as number, snapshot },
    pointValue: 100, name: 'Table 1', staffId: 'ada', reason: 'house rules tonight', ...rest,
  };
}

describe('buyInPoints, the profile option', () => {
  it('is 20 when left out, and takes 20 to the upper bound', () => {
    const { buyInPoints: _left, ...without } = snapshotOf('basic');
    expect(unwrap(validateProfile(without)).buyInPoints).toBe(20);
    expect(unwrap(resolveProfile('mandarin-house')).buyInPoints).toBe(20);
    expect(unwrap(validateProfile(basicWith({ buyInPoints: 20 }))).buyInPoints).toBe(20);
    expect(unwrap(validateProfile(basicWith({ buyInPoints: 30 }))).buyInPoints).toBe(30);
    expect(unwrap(validateProfile(basicWith({ buyInPoints: MAX_BUY_IN_POINTS }))).buyInPoints).toBe(MAX_BUY_IN_POINTS);
  });

  it('refuses less than RULES.md s9 allows, more than the bound, and what is not a whole number, naming the key', () => {
    for (const bad of [19, 0, -20, MAX_BUY_IN_POINTS + 1, 25.5, '30', null]) {
      const r = validateProfile(basicWith({ buyInPoints: bad }));
      expect(r.ok, String(bad)).toBe(false);
      if (r.ok) continue;
      expect(r.error).toMatchObject({ code: 'bad-profile-value', path: 'buyInPoints' });
      expect(r.error.message).toContain('RULES.md s9');
      expect(r.error.message).toContain(`from 20 to ${MAX_BUY_IN_POINTS}`);
    }
  });

  it('sets the minimums: the full one in points, the short one half of it rounded up', () => {
    expect(buyInMinimums(100, 20)).toEqual({ full: 2000, short: 1000 });
    expect(buyInMinimums(100, 30)).toEqual({ full: 3000, short: 1500 });
    expect(buyInMinimums(100, 25)).toEqual({ full: 2500, short: 1300 });
    // The largest minimum fits a seat: the bound at the largest point value is within MAX_STACK.
    expect(checkBuyIn(MAX_BUY_IN_POINTS * 100_000_000, 100_000_000, MAX_BUY_IN_POINTS, 0, false)).toMatchObject({ ok: true });
  });
});

describe('a table whose profile asks 30 points', () => {
  function table30(): Session {
    const s = new Session();
    const snapshot = basicWith({ name: 'basic-30', buyInPoints: 30 });
    s.do({ ...opened(), profile: { name: 'basic-30', version: 1, snapshot } }, tev.seated(1));
    return s;
  }

  it('refuses a buy-in of 25 points with the figures, and takes 30', () => {
    const s = table30();
    // 25 points would be a full buy-in at 20; here it is below the full minimum, and a player
    // sitting down makes a full one first.
    const r = applyTable(s.table, tableEntry(tev.buyIn(1, 2500)));
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'short-buy-in-not-allowed', figures: { amount: { minor: 2500 }, full: { minor: 3000 } },
        message: 'a short buy-in of 2500 is not allowed now: one short buy-in is allowed only after a full one (at least 3000)',
      },
    });
    const small = applyTable(s.table, tableEntry(tev.buyIn(1, 1400)));
    expect(small).toEqual({
      ok: false,
      error: {
        code: 'buy-in-too-small', figures: { amount: { minor: 1400 }, full: { minor: 3000 }, short: { minor: 1500 } },
        message: 'a buy-in of 1400 is too small: the minimum is 3000 (30 points), or 1500 (15 points) for a short buy-in',
      },
    });
    s.do(tev.buyIn(1, 3000));
    expect(s.table.seats[0]).toMatchObject({ stack: 3000, shortBuyInAllowed: true });
  });

  it('allows one short buy-in of half of it after a full one', () => {
    const s = table30();
    s.do(tev.buyIn(1, 3000));
    expect(refusedCode(s.table, tableEntry(tev.buyIn(1, 1499, true)))).toBe('buy-in-too-small');
    s.do(tev.buyIn(1, 1500, true));
    expect(refusedCode(s.table, tableEntry(tev.buyIn(1, 1500, true)))).toBe('short-buy-in-not-allowed');
  });

  it('applies from the change: the same table at 20 points takes 2,000 again', () => {
    const s = table30();
    s.do(change({ snapshot: snapshotOf('basic') }));
    s.do(tev.buyIn(1, 2000));
    expect(s.table.seats[0]!.stack).toBe(2000);
  });
});

describe('a log written before buyInPoints existed', () => {
  function oldTable(): Session {
    const s = new Session();
    const snapshot = snapshotBeforeBuyInPoints();
    s.do({ ...opened(), profile: { name: 'basic', version: 1, snapshot } }, tev.seated(1), tev.buyIn(1, 2000));
    return s;
  }

  it('folds, and its table asks the default 20 points', () => {
    const s = oldTable();
    expect(s.table.profile.buyInPoints).toBe(20);
    expect(refusedCode(s.table, tableEntry(tev.buyIn(1, 999, true)))).toBe('buy-in-too-small');
    // Replayed from the log and from a checkpoint, the same state.
    expect(unwrap(replayTable(s.log))).toEqual(s.table);
    expect(unwrap(tableFromCheckpoint(unwrap(checkpointOf(s.table, at()))))).toEqual(s.table);
  });

  it('compares its rules as profiles: the same preset with the default written in is no change', () => {
    const s = oldTable();
    // The editor sends the rules back as the terminal resolved them, buyInPoints filled in.
    expect(refusedCode(s.table, tableEntry(change()))).toBe('no-change');
    // So changing only the point value is a change, not a changed profile that needs a version.
    s.do(change({ pointValue: 200 }));
    expect(s.table.pointValue).toBe(200);
  });
});

describe("the table's language (rules-changed)", () => {
  function table(): Session {
    const s = new Session();
    s.do(opened());
    return s;
  }

  it('is none at first, set by the admin, and kept when a change leaves it out', () => {
    const s = table();
    expect(s.table.language).toBeNull();
    s.do(change({ language: 'cs' }));
    expect(s.table.language).toBe('cs');
    s.do(change({ pointValue: 200 }));
    expect(s.table.language).toBe('cs');
  });

  it('is a change on its own; the same language again is no change', () => {
    const s = table();
    s.do(change({ language: 'cs' }));
    expect(refusedCode(s.table, tableEntry(change({ language: 'cs' })))).toBe('no-change');
    s.do(change({ language: 'en' }));
    expect(s.table.language).toBe('en');
  });

  it('refuses a language the screens do not speak, and waits for the hand in play', () => {
    const s = table();
    expect(refusedCode(s.table, tableEntry(change({ language: 'de' as never })))).toBe('bad-language');
    s.do(tev.dealerOn(), tev.seated(1), tev.buyIn(1, 2000), tev.seated(2), tev.buyIn(2, 2000));
    s.start();
    expect(refusedCode(s.table, tableEntry(change({ language: 'cs' })))).toBe('hand-in-play');
  });

  it('is kept by a checkpoint, and a checkpoint without one (written before) loads with none', () => {
    const s = table();
    s.do(change({ language: 'cs' }));
    const checkpoint = unwrap(checkpointOf(s.table, at()));
    expect(checkpoint.language).toBe('cs');
    expect(unwrap(tableFromCheckpoint(checkpoint)).language).toBe('cs');
    const { language: _left, ...before } = checkpoint;
    expect(unwrap(tableFromCheckpoint(before as TableCheckpoint)).language).toBeNull();
    expect(tableFromCheckpoint({ ...checkpoint, language: 'de' } as never)).toMatchObject({ ok: false, error: { code: 'bad-checkpoint', path: 'language' } });
  });
});
