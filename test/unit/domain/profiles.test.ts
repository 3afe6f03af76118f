import { describe, expect, it } from 'vitest';
import { parseCards } from '../../../app/domain/cards';
import { unwrap } from '../../../app/domain/result';
import { evaluate } from '../../../app/domain/evaluate';
import {
  DEFAULT_PROFILE_NAME, PRESET_NAMES, PROFILE_DEFAULTS, getPreset, listPresets, minimumFrontValue, presetJson, resolveProfile,
  segmentBonus, validateProfile, type Profile,
} from '../../../app/domain/profiles';

const preset = (name: string): Profile => {
  const p = getPreset(name);
  if (!p) throw new Error(`no preset ${name}`);
  return p;
};
const value = (text: string) => evaluate(unwrap(parseCards(text)));

describe('presets (RULES.md section 12)', () => {
  it('lists the nine presets in the section order, mandarin-house the default', () => {
    expect(PRESET_NAMES).toEqual(['basic', 'western', 'eastern', 'mandarin', 'mandarin-house', 'special-hands', 'scoop-double', 'ofc', 'ofc-standard']);
    expect(DEFAULT_PROFILE_NAME).toBe('mandarin-house');
    expect(unwrap(resolveProfile()).name).toBe('mandarin-house');
  });

  const MANDARIN_TABLE = { front: { trips: 3 }, middle: { 'full-house': 2, quads: 8, 'straight-flush': 10 }, back: { quads: 4, 'straight-flush': 5 } };
  const NONE = { front: {}, middle: {}, back: {} };
  // Each row is RULES.md s12's table row for the preset.
  const ROWS: { name: string; expect: Partial<Profile> }[] = [
    // basic | 004 | 1 a segment | none | - | none | opponent scoops (3) | no | none
    { name: 'basic', expect: { segmentPoints: 1, scoop: { kind: 'none' }, majorityBonus: 0, bonuses: NONE, foul: { kind: 'scoop' }, surrenderPenalty: null, naturals: {} } },
    // western | 000 | majority +1 | surrender 3 | pure-dragon 8 (1) ... three-straights 4 (5)
    {
      name: 'western', expect: {
        scoop: { kind: 'none' }, majorityBonus: 1, bonuses: NONE, surrenderPenalty: 3,
        naturals: {
          'pure-dragon': { points: 8, rank: 1 }, 'color-dragon': { points: 8, rank: 2 }, dragon: { points: 4, rank: 3 },
          'all-one-color': { points: 4, rank: 3 }, 'six-pairs': { points: 4, rank: 5 }, 'three-flushes': { points: 4, rank: 5 },
          'three-straights': { points: 4, rank: 5 },
        },
      },
    },
    // eastern | 000 | Eastern/Mandarin table, bonus replaces the point | 3 | pure-dragon 13 (1) ... three-straights 3 (5)
    {
      name: 'eastern', expect: {
        scoop: { kind: 'none' }, bonusMode: 'replaces-point', bonuses: MANDARIN_TABLE, surrenderPenalty: 3,
        naturals: {
          'pure-dragon': { points: 13, rank: 1 }, 'color-dragon': { points: 13, rank: 2 }, dragon: { points: 13, rank: 3 },
          'all-one-color': { points: 13, rank: 3 }, 'six-pairs': { points: 3, rank: 5 }, 'three-flushes': { points: 3, rank: 5 },
          'three-straights': { points: 3, rank: 5 },
        },
      },
    },
    // mandarin | 000 | doubled | homerun tripled | table added | 3 | pure-dragon 39 (1) ... minor 6 (4) ...
    {
      name: 'mandarin', expect: {
        scoop: { kind: 'multiply', factor: 2 }, homerun: { kind: 'multiply', factor: 3 }, bonusMode: 'added', bonuses: MANDARIN_TABLE,
        surrenderPenalty: 3,
        naturals: {
          'pure-dragon': { points: 39, rank: 1 }, 'color-dragon': { points: 26, rank: 2 }, dragon: { points: 13, rank: 3 },
          'all-one-color': { points: 13, rank: 3 }, minor: { points: 6, rank: 4 }, senior: { points: 6, rank: 4 },
          'six-pairs': { points: 3, rank: 5 }, 'three-flushes': { points: 3, rank: 5 }, 'three-straights': { points: 3, rank: 5 },
        },
      },
    },
    // mandarin-house | 002 + 000 | doubled (6) | super bonus tripled (9) | casino table added | 6 + bonuses | 3 | dragon 13 (1), ... 4 (2)
    {
      name: 'mandarin-house', expect: {
        scoop: { kind: 'multiply', factor: 2 }, homerun: { kind: 'multiply', factor: 3 }, bonusMode: 'added', bonuses: MANDARIN_TABLE,
        foul: { kind: 'scoop' }, surrenderPenalty: 3,
        naturals: {
          dragon: { points: 13, rank: 1 }, 'six-pairs': { points: 4, rank: 2 }, 'three-flushes': { points: 4, rank: 2 },
          'three-straights': { points: 4, rank: 2 },
        },
      },
    },
    // special-hands | 004 | special-hands table, bonus replaces the point | no surrender | dragon 13 (1), ... 3 (2)
    {
      name: 'special-hands', expect: {
        scoop: { kind: 'none' }, bonusMode: 'replaces-point', surrenderPenalty: null,
        bonuses: { front: { trips: 3 }, middle: { 'full-house': 2, quads: 4, 'straight-flush': 5 }, back: { quads: 4, 'straight-flush': 5 } },
        naturals: {
          dragon: { points: 13, rank: 1 }, 'six-pairs': { points: 3, rank: 2 }, 'three-flushes': { points: 3, rank: 2 },
          'three-straights': { points: 3, rank: 2 },
        },
      },
    },
    // scoop-double | 003 | doubled | none | opponent scoops (6) | no | dragon, three-flushes, three-straights, no-face-cards 6 (1)
    {
      name: 'scoop-double', expect: {
        scoop: { kind: 'multiply', factor: 2 }, homerun: { kind: 'none' }, bonuses: NONE, surrenderPenalty: null,
        naturals: {
          dragon: { points: 6, rank: 1 }, 'three-flushes': { points: 6, rank: 1 }, 'three-straights': { points: 6, rank: 1 },
          'no-face-cards': { points: 6, rank: 1 },
        },
      },
    },
    // ofc | 001 | 1 a row | +3 | Fantasyland on QQ+ | OFC royalties regardless, netted | 6 + royalties | no | none
    {
      name: 'ofc', expect: {
        game: 'ofc', scoop: { kind: 'add', points: 3 }, bonusMode: 'regardless', surrenderPenalty: null, naturals: {},
        fantasyland: { minimumFront: 'pair-Q' },
        bonuses: {
          front: { 'pair-6': 1, 'pair-7': 2, 'pair-8': 3, 'pair-9': 4, 'pair-T': 5, 'pair-J': 6, 'pair-Q': 7, 'pair-K': 8, 'pair-A': 9 },
          middle: { straight: 4, flush: 8, 'full-house': 12, quads: 20, 'straight-flush': 30 },
          back: { straight: 2, flush: 4, 'full-house': 6, quads: 10, 'straight-flush': 15, 'royal-flush': 25 },
        },
      },
    },
  ];
  it.each(ROWS)('$name matches its row', (row) => {
    const p = preset(row.name);
    expect(p.name).toBe(row.name);
    expect(p.version).toBe(1);
    expect(p).toMatchObject(row.expect);
    if (row.expect.naturals) expect(p.naturals).toEqual(row.expect.naturals);
    expect(p.lowballMiddle).toBe(false);
    expect(p.falseNatural).toBe('foul');
  });

  it('listPresets gives the UI name, version, title and source', () => {
    expect(listPresets().map((p) => p.name)).toEqual([...PRESET_NAMES]);
    expect(listPresets()[4]).toEqual({ name: 'mandarin-house', version: 1, title: 'Mandarin, casino sheet (default)', source: '002; surrender from 000' });
  });

  it('presets are frozen; presetJson gives an editable copy that validates back to the same profile', () => {
    const p = preset('mandarin');
    expect(Object.isFrozen(p)).toBe(true);
    expect(Object.isFrozen(p.naturals)).toBe(true);
    const copy = presetJson('mandarin');
    copy.name = 'my-mandarin';
    expect(unwrap(validateProfile(copy))).toEqual({ ...p, name: 'my-mandarin' });
    expect(preset('mandarin').name).toBe('mandarin');
  });

  it('every preset round-trips through JSON', () => {
    for (const name of PRESET_NAMES) {
      expect(unwrap(validateProfile(JSON.parse(JSON.stringify(preset(name)))))).toEqual(preset(name));
    }
  });
});

describe('validateProfile', () => {
  it('fills left-out keys with the basic defaults', () => {
    expect(unwrap(validateProfile({ name: 'mine', version: 2 }))).toEqual({ ...PROFILE_DEFAULTS, name: 'mine', version: 2 });
  });

  // Each case: the input, the error code and the path it must name.
  const BAD: [string, unknown, string, string | undefined][] = [
    ['not an object', 'mandarin', 'bad-profile-value', undefined],
    ['no name', { version: 1 }, 'bad-profile-value', 'name'],
    ['name not kebab-case', { name: 'My Rules', version: 1 }, 'bad-profile-value', 'name'],
    ['version 0', { name: 'x', version: 0 }, 'bad-profile-value', 'version'],
    ['version not integer', { name: 'x', version: 1.5 }, 'bad-profile-value', 'version'],
    ['unknown top key', { name: 'x', version: 1, scop: {} }, 'unknown-profile-key', 'scop'],
    ['unknown scoop kind', { name: 'x', version: 1, scoop: { kind: 'triple' } }, 'bad-profile-value', 'scoop.kind'],
    ['scoop factor missing', { name: 'x', version: 1, scoop: { kind: 'multiply' } }, 'bad-profile-value', 'scoop.factor'],
    ['scoop extra key', { name: 'x', version: 1, scoop: { kind: 'none', factor: 2 } }, 'unknown-profile-key', 'scoop.factor'],
    ['negative points', { name: 'x', version: 1, segmentPoints: -1 }, 'bad-profile-value', 'segmentPoints'],
    ['unknown segment', { name: 'x', version: 1, bonuses: { top: {} } }, 'unknown-profile-key', 'bonuses.top'],
    ['unknown bonus hand', { name: 'x', version: 1, bonuses: { back: { 'four-of-a-kind': 4 } } }, 'unknown-profile-key', 'bonuses.back.four-of-a-kind'],
    ['front straight', { name: 'x', version: 1, bonuses: { front: { straight: 1 } } }, 'unknown-profile-key', 'bonuses.front.straight'],
    ['rank on a flush', { name: 'x', version: 1, bonuses: { back: { 'flush-A': 1 } } }, 'unknown-profile-key', 'bonuses.back.flush-A'],
    ['bonus points text', { name: 'x', version: 1, bonuses: { back: { quads: '4' } } }, 'bad-profile-value', 'bonuses.back.quads'],
    ['unknown natural', { name: 'x', version: 1, naturals: { 'five-pairs': { points: 1, rank: 1 } } }, 'unknown-profile-key', 'naturals.five-pairs'],
    ['natural rank 0', { name: 'x', version: 1, naturals: { dragon: { points: 13, rank: 0 } } }, 'bad-profile-value', 'naturals.dragon.rank'],
    ['natural extra key', { name: 'x', version: 1, naturals: { dragon: { points: 13, rank: 1, bonus: 1 } } }, 'unknown-profile-key', 'naturals.dragon.bonus'],
    ['bad bonus mode', { name: 'x', version: 1, bonusMode: 'multiplied' }, 'bad-profile-value', 'bonusMode'],
    ['bad foul', { name: 'x', version: 1, foul: { kind: 'fixed' } }, 'bad-profile-value', 'foul.points'],
    ['bad surrender', { name: 'x', version: 1, surrenderPenalty: 'three' }, 'bad-profile-value', 'surrenderPenalty'],
    ['bad false natural', { name: 'x', version: 1, falseNatural: 'ignore' }, 'bad-profile-value', 'falseNatural'],
    ['lowball not boolean', { name: 'x', version: 1, lowballMiddle: 'yes' }, 'bad-profile-value', 'lowballMiddle'],
    ['lowball with middle bonuses', { name: 'x', version: 1, lowballMiddle: true, bonuses: { middle: { quads: 8 } } }, 'bad-profile-value', 'bonuses.middle'],
    ['fantasyland outside OFC', { name: 'x', version: 1, fantasyland: { minimumFront: 'pair-Q' } }, 'bad-profile-value', 'fantasyland'],
    ['fantasyland bad front', { name: 'x', version: 1, game: 'ofc', fantasyland: { minimumFront: 'flush' } }, 'bad-profile-value', 'fantasyland.minimumFront'],
    ['bad game', { name: 'x', version: 1, game: 'holdem' }, 'bad-profile-value', 'game'],
  ];
  it.each(BAD)('refuses %s', (_why, input, code, path) => {
    const r = validateProfile(input);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe(code);
    expect(r.error.path).toBe(path);
    if (path) expect(r.error.message).toContain(path);
  });

  it('resolveProfile refuses an unknown preset, listing the presets', () => {
    const r = resolveProfile('mandarin-housee');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('unknown-preset');
      expect(r.error.message).toContain('"mandarin-housee"');
      expect(r.error.message).toContain('mandarin-house');
    }
  });
});

describe('segmentBonus', () => {
  const ofc = preset('ofc');
  const mandarin = preset('mandarin');
  const CASES: [string, Profile, 'front' | 'middle' | 'back', string, number][] = [
    // RULES.md s5 OFC royalties (001)
    ['OFC back royal 25', ofc, 'back', 'Ts Js Qs Ks As', 25],
    ['OFC back straight flush 15', ofc, 'back', '9s Ts Js Qs Ks', 15],
    ['OFC middle royal counts as straight flush 30', ofc, 'middle', 'Ts Js Qs Ks As', 30],
    ['OFC back wheel straight 2', ofc, 'back', 'As 2h 3d 4c 5s', 2],
    ['OFC front pair of queens 7', ofc, 'front', 'Qs Qh 2c', 7],
    ['OFC front pair of fives 0', ofc, 'front', '5s 5h Ac', 0],
    ['OFC front trips: not in the sheet, 0', ofc, 'front', '2s 2h 2c', 0],
    ['OFC back two pair 0', ofc, 'back', 'As Ah Ks Kh 2c', 0],
    // RULES.md s5 Eastern/Mandarin table (000)
    ['Mandarin front trips 3', mandarin, 'front', '2s 2h 2c', 3],
    ['Mandarin middle full house 2', mandarin, 'middle', '2s 2h 2c 3s 3h', 2],
    ['Mandarin middle quads 8', mandarin, 'middle', '2s 2h 2c 2d 3h', 8],
    ['Mandarin middle straight flush 10', mandarin, 'middle', '2s 3s 4s 5s 6s', 10],
    ['Mandarin back quads 4', mandarin, 'back', '2s 2h 2c 2d 3h', 4],
    ['Mandarin back royal counts as straight flush 5', mandarin, 'back', 'Ts Js Qs Ks As', 5],
    ['Mandarin back full house 0', mandarin, 'back', '2s 2h 2c 3s 3h', 0],
  ];
  it.each(CASES)('%s', (_why, profile, segment, cards, points) => {
    expect(segmentBonus(profile, segment, value(cards))).toBe(points);
  });

  it('pays the largest matching entry once, and rank-qualified keys match only their rank', () => {
    const p = unwrap(validateProfile({ name: 'x', version: 1, bonuses: { front: { trips: 3, 'trips-A': 10 }, back: { 'full-house-K': 7 } } }));
    expect(segmentBonus(p, 'front', value('As Ah Ac'))).toBe(10);
    expect(segmentBonus(p, 'front', value('Ks Kh Kc'))).toBe(3);
    expect(segmentBonus(p, 'back', value('Ks Kh Kc 2s 2h'))).toBe(7);
    expect(segmentBonus(p, 'back', value('2s 2h 2c Ks Kh'))).toBe(0);
  });

  it('minimumFrontValue: queens or better', () => {
    const q = minimumFrontValue('pair-Q');
    expect(value('Qs Qh 2c')).toBeGreaterThanOrEqual(q);
    expect(value('Ks Kh 2c')).toBeGreaterThan(q);
    expect(value('2s 2h 2c')).toBeGreaterThan(q);
    expect(value('Js Jh Ac')).toBeLessThan(q);
    expect(minimumFrontValue('trips')).toBe(value('2s 2h 2c'));
  });
});
