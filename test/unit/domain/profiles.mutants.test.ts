/**
 * House-rules profiles (app/domain/profiles.ts, docs/profiles.md) at their edges: each refusal
 * word by word (the key at fault, what was expected, what was given), each limit at both ends,
 * the bonus table's look-up (the largest matching entry, a royal only to the ace, a rank only
 * its own), the cache of validated profiles (the same JSON gives the same profile; other key
 * order does not), presets and the best natural.
 */
import { describe, expect, it } from 'vitest';
import { parseCards } from '../../../app/domain/cards';
import { evaluate } from '../../../app/domain/evaluate';
import {
  MAX_BUY_IN_POINTS, MIN_BUY_IN_POINTS, PRESET_NAMES, PROFILE_DEFAULTS, bestNatural, getPreset, listPresets, naturalRule, presetJson, resolveProfile,
  segmentBonus, segmentBonuses, validateProfile, type Profile,
} from '../../../app/domain/profiles';
import { unwrap, type DomainError } from '../../../app/domain/result';

const err = (code: string, message: string, path?: string): DomainError => (path === undefined ? { code, message } : { code, message, path });
const value = (text: string) => evaluate(unwrap(parseCards(text)));
const profile = (json: Record<string, unknown>): Profile => unwrap(validateProfile({ name: 'x', version: 1, ...json }));

const X = { name: 'x', version: 1 };
const BAD: [string, unknown, DomainError][] = [
  // The profile itself
  ['not an object', 'mandarin',
    err('bad-profile-value', 'a profile is a JSON object, got "mandarin"')],
  ['a list', [],
    err('bad-profile-value', 'a profile is a JSON object, got []')],
  ['an unknown top key', { ...X, scop: {} },
    err('unknown-profile-key', 'profile scop: unknown key "scop" (allowed: name, version, title, source, game, segmentPoints, scoop, homerun, majorityBonus, bonusMode, bonuses, foul, surrenderPenalty, naturals, falseNatural, lowballMiddle, fantasyland, jackpot, payments, buyInPoints)', 'scop')],
  ['no name', { version: 1 },
    err('bad-profile-value', 'profile name: expected a kebab-case name (a-z, 0-9, -; at most 64 characters), got nothing', 'name')],
  ['a name not kebab-case', { name: 'My Rules', version: 1 },
    err('bad-profile-value', 'profile name: expected a kebab-case name (a-z, 0-9, -; at most 64 characters), got "My Rules"', 'name')],
  ['a name starting with "-"', { name: '-x', version: 1 },
    err('bad-profile-value', 'profile name: expected a kebab-case name (a-z, 0-9, -; at most 64 characters), got "-x"', 'name')],
  ['a name with a capital at its end', { name: 'xY', version: 1 },
    err('bad-profile-value', 'profile name: expected a kebab-case name (a-z, 0-9, -; at most 64 characters), got "xY"', 'name')],
  ['a name of 65 characters', { name: 'a'.repeat(65), version: 1 },
    err('bad-profile-value', 'profile name: expected a kebab-case name (a-z, 0-9, -; at most 64 characters), got "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...', 'name')],
  ['a name that is not text', { name: 7, version: 1 },
    err('bad-profile-value', 'profile name: expected a kebab-case name (a-z, 0-9, -; at most 64 characters), got 7', 'name')],
  ['version 0', { name: 'x', version: 0 },
    err('bad-profile-value', 'profile version: expected an integer from 1 to 1000000, got 0', 'version')],
  ['version 1.5', { name: 'x', version: 1.5 },
    err('bad-profile-value', 'profile version: expected an integer from 1 to 1000000, got 1.5', 'version')],
  ['version as text', { name: 'x', version: '1' },
    err('bad-profile-value', 'profile version: expected an integer from 1 to 1000000, got "1"', 'version')],
  ['version above the largest', { name: 'x', version: 1_000_001 },
    err('bad-profile-value', 'profile version: expected an integer from 1 to 1000000, got 1000001', 'version')],
  ['a title of 201 characters', { ...X, title: 't'.repeat(201) },
    err('bad-profile-value', 'profile title: expected text of at most 200 characters, got "tttttttttttttttttttttttttttttttttttt...', 'title')],
  ['a title that is not text', { ...X, title: 5 },
    err('bad-profile-value', 'profile title: expected text of at most 200 characters, got 5', 'title')],
  ['a source that is not text', { ...X, source: null },
    err('bad-profile-value', 'profile source: expected text of at most 200 characters, got null', 'source')],
  ['an unknown game', { ...X, game: 'holdem' },
    err('bad-profile-value', 'profile game: expected one of "chinese", "ofc", got "holdem"', 'game')],
  ['a game that is not text', { ...X, game: 1 },
    err('bad-profile-value', 'profile game: expected one of "chinese", "ofc", got 1', 'game')],
  ['segment points -1', { ...X, segmentPoints: -1 },
    err('bad-profile-value', 'profile segmentPoints: expected an integer from 0 to 1000000, got -1', 'segmentPoints')],
  ['segment points above the largest', { ...X, segmentPoints: 1_000_001 },
    err('bad-profile-value', 'profile segmentPoints: expected an integer from 0 to 1000000, got 1000001', 'segmentPoints')],
  ['majority bonus 0.5', { ...X, majorityBonus: 0.5 },
    err('bad-profile-value', 'profile majorityBonus: expected an integer from 0 to 1000000, got 0.5', 'majorityBonus')],
  // scoop and homerun
  ['a scoop that is not an object', { ...X, scoop: 'double' },
    err('bad-profile-value', 'profile scoop: expected {"kind": "none"}, {"kind": "multiply", "factor": N} or {"kind": "add", "points": N}, got "double"', 'scoop')],
  ['an unknown scoop kind', { ...X, scoop: { kind: 'triple' } },
    err('bad-profile-value', 'profile scoop.kind: expected one of "none", "multiply", "add", got "triple"', 'scoop.kind')],
  ['a scoop none with a factor', { ...X, scoop: { kind: 'none', factor: 2 } },
    err('unknown-profile-key', 'profile scoop.factor: unknown key "factor" (allowed: kind)', 'scoop.factor')],
  ['a multiply without its factor', { ...X, scoop: { kind: 'multiply' } },
    err('bad-profile-value', 'profile scoop.factor: expected an integer from 1 to 100, got nothing', 'scoop.factor')],
  ['a multiply by 0', { ...X, scoop: { kind: 'multiply', factor: 0 } },
    err('bad-profile-value', 'profile scoop.factor: expected an integer from 1 to 100, got 0', 'scoop.factor')],
  ['a multiply by 101', { ...X, scoop: { kind: 'multiply', factor: 101 } },
    err('bad-profile-value', 'profile scoop.factor: expected an integer from 1 to 100, got 101', 'scoop.factor')],
  ['a multiply with points', { ...X, scoop: { kind: 'multiply', factor: 2, points: 1 } },
    err('unknown-profile-key', 'profile scoop.points: unknown key "points" (allowed: kind, factor)', 'scoop.points')],
  ['an add without points', { ...X, homerun: { kind: 'add' } },
    err('bad-profile-value', 'profile homerun.points: expected an integer from 0 to 1000000, got nothing', 'homerun.points')],
  ['an add with a factor', { ...X, homerun: { kind: 'add', points: 3, factor: 2 } },
    err('unknown-profile-key', 'profile homerun.factor: unknown key "factor" (allowed: kind, points)', 'homerun.factor')],
  ['an add of -1', { ...X, homerun: { kind: 'add', points: -1 } },
    err('bad-profile-value', 'profile homerun.points: expected an integer from 0 to 1000000, got -1', 'homerun.points')],
  // bonus mode and tables
  ['an unknown bonus mode', { ...X, bonusMode: 'multiplied' },
    err('bad-profile-value', 'profile bonusMode: expected one of "added", "replaces-point", "regardless", got "multiplied"', 'bonusMode')],
  ['bonuses that are not an object', { ...X, bonuses: [] },
    err('bad-profile-value', 'profile bonuses: expected an object with "front", "middle" and "back" tables, got []', 'bonuses')],
  ['an unknown segment', { ...X, bonuses: { top: {} } },
    err('unknown-profile-key', 'profile bonuses.top: unknown key "top" (allowed: front, middle, back)', 'bonuses.top')],
  ['a segment table that is not an object', { ...X, bonuses: { back: 4 } },
    err('bad-profile-value', 'profile bonuses.back: expected an object of bonus hand -> points, got 4', 'bonuses.back')],
  ['an unknown bonus hand', { ...X, bonuses: { back: { 'four-of-a-kind': 4 } } },
    err('unknown-profile-key', 'profile bonuses.back.four-of-a-kind: "four-of-a-kind" is not a bonus hand (use one of pair, two-pair, trips, straight, flush, full-house, quads, straight-flush, royal-flush, optionally with a rank as in "pair-Q")', 'bonuses.back.four-of-a-kind')],
  ['bonus points as text', { ...X, bonuses: { middle: { quads: '4' } } },
    err('bad-profile-value', 'profile bonuses.middle.quads: expected an integer from 0 to 1000000, got "4"', 'bonuses.middle.quads')],
  ['bonus points -1', { ...X, bonuses: { front: { trips: -1 } } },
    err('bad-profile-value', 'profile bonuses.front.trips: expected an integer from 0 to 1000000, got -1', 'bonuses.front.trips')],
  // foul
  ['a foul that is not an object', { ...X, foul: 'scoop' },
    err('bad-profile-value', 'profile foul: expected {"kind": "scoop"} or {"kind": "fixed", "points": N}, got "scoop"', 'foul')],
  ['an unknown foul kind', { ...X, foul: { kind: 'double' } },
    err('bad-profile-value', 'profile foul.kind: expected one of "scoop", "fixed", got "double"', 'foul.kind')],
  ['a foul scoop with points', { ...X, foul: { kind: 'scoop', points: 3 } },
    err('unknown-profile-key', 'profile foul.points: unknown key "points" (allowed: kind)', 'foul.points')],
  ['a fixed foul without points', { ...X, foul: { kind: 'fixed' } },
    err('bad-profile-value', 'profile foul.points: expected an integer from 0 to 1000000, got nothing', 'foul.points')],
  ['a fixed foul with a factor', { ...X, foul: { kind: 'fixed', points: 3, factor: 1 } },
    err('unknown-profile-key', 'profile foul.factor: unknown key "factor" (allowed: kind, points)', 'foul.factor')],
  // surrender, naturals, false natural, lowball, fantasyland
  ['a surrender penalty as text', { ...X, surrenderPenalty: 'three' },
    err('bad-profile-value', 'profile surrenderPenalty: expected an integer from 0 to 1000000, got "three"', 'surrenderPenalty')],
  ['a surrender penalty of -1', { ...X, surrenderPenalty: -1 },
    err('bad-profile-value', 'profile surrenderPenalty: expected an integer from 0 to 1000000, got -1', 'surrenderPenalty')],
  ['naturals that are not an object', { ...X, naturals: ['dragon'] },
    err('bad-profile-value', 'profile naturals: expected an object of natural name -> {"points": N, "rank": N}, got ["dragon"]', 'naturals')],
  ['an unknown natural', { ...X, naturals: { 'five-pairs': { points: 1, rank: 1 } } },
    err('unknown-profile-key', 'profile naturals.five-pairs: unknown natural "five-pairs" (naturals: pure-dragon, color-dragon, dragon, all-one-color, minor, senior, six-pairs, three-flushes, three-straights, no-face-cards)', 'naturals.five-pairs')],
  ['a natural rule that is not an object', { ...X, naturals: { dragon: 13 } },
    err('bad-profile-value', 'profile naturals.dragon: expected {"points": N, "rank": N}, got 13', 'naturals.dragon')],
  ['a natural with an extra key', { ...X, naturals: { dragon: { points: 13, rank: 1, bonus: 1 } } },
    err('unknown-profile-key', 'profile naturals.dragon.bonus: unknown key "bonus" (allowed: points, rank)', 'naturals.dragon.bonus')],
  ['a natural without points', { ...X, naturals: { dragon: { rank: 1 } } },
    err('bad-profile-value', 'profile naturals.dragon.points: expected an integer from 0 to 1000000, got nothing', 'naturals.dragon.points')],
  ['a natural of rank 0', { ...X, naturals: { dragon: { points: 13, rank: 0 } } },
    err('bad-profile-value', 'profile naturals.dragon.rank: expected an integer from 1 to 100, got 0', 'naturals.dragon.rank')],
  ['a natural of rank 101', { ...X, naturals: { dragon: { points: 13, rank: 101 } } },
    err('bad-profile-value', 'profile naturals.dragon.rank: expected an integer from 1 to 100, got 101', 'naturals.dragon.rank')],
  ['an unknown false-natural rule', { ...X, falseNatural: 'ignore' },
    err('bad-profile-value', 'profile falseNatural: expected one of "foul", "play-as-set", got "ignore"', 'falseNatural')],
  ['a lowball middle that is not true or false', { ...X, lowballMiddle: 'yes' },
    err('bad-profile-value', 'profile lowballMiddle: expected true or false, got "yes"', 'lowballMiddle')],
  ['a lowball middle with middle bonuses', { ...X, lowballMiddle: true, bonuses: { middle: { quads: 8 } } },
    err('bad-profile-value', 'profile bonuses.middle: a lowball middle has no bonus hands; leave the table empty', 'bonuses.middle')],
  ['Fantasyland outside OFC', { ...X, fantasyland: { minimumFront: 'pair-Q' } },
    err('bad-profile-value', 'profile fantasyland: Fantasyland is played only when game is "ofc"', 'fantasyland')],
  ['Fantasyland that is not an object', { ...X, game: 'ofc', fantasyland: 'pair-Q' },
    err('bad-profile-value', 'profile fantasyland: expected null or {"minimumFront": "pair-Q"}, got "pair-Q"', 'fantasyland')],
  ['Fantasyland with an extra key', { ...X, game: 'ofc', fantasyland: { minimumFront: 'pair-Q', hands: 14 } },
    err('unknown-profile-key', 'profile fantasyland.hands: unknown key "hands" (allowed: minimumFront)', 'fantasyland.hands')],
  ['Fantasyland without its front', { ...X, game: 'ofc', fantasyland: {} },
    err('bad-profile-value', 'profile fantasyland.minimumFront: expected a front hand such as "pair-Q" or "trips", got nothing', 'fantasyland.minimumFront')],
  ['Fantasyland from a front that is none', { ...X, game: 'ofc', fantasyland: { minimumFront: 'flush' } },
    err('bad-profile-value', 'profile fantasyland.minimumFront: "flush" cannot be a front hand (a front is high card, pair or trips)', 'fantasyland.minimumFront')],
  // payments and buy-ins
  ['an unknown payment list', { ...X, payments: 'fastest' },
    err('bad-profile-value', 'profile payments: expected one of "pairwise", "netted", got "fastest"', 'payments')],
  ['a buy-in of 19 points', { ...X, buyInPoints: 19 },
    err('bad-profile-value', 'profile buyInPoints: expected an integer from 20 to 1000 (RULES.md s9: a buy-in is at least 20 times the point value), got 19', 'buyInPoints')],
  ['a buy-in of 1001 points', { ...X, buyInPoints: 1001 },
    err('bad-profile-value', 'profile buyInPoints: expected an integer from 20 to 1000 (RULES.md s9: a buy-in is at least 20 times the point value), got 1001', 'buyInPoints')],
  ['a buy-in of 20.5 points', { ...X, buyInPoints: 20.5 },
    err('bad-profile-value', 'profile buyInPoints: expected an integer from 20 to 1000 (RULES.md s9: a buy-in is at least 20 times the point value), got 20.5', 'buyInPoints')],
  ['a buy-in as text', { ...X, buyInPoints: '20' },
    err('bad-profile-value', 'profile buyInPoints: expected an integer from 20 to 1000 (RULES.md s9: a buy-in is at least 20 times the point value), got "20"', 'buyInPoints')],
];

describe('validateProfile refuses, naming the key, what it expects and what it got', () => {
  it.each(BAD)('%s', (_why, json, error) => {
    expect(validateProfile(json)).toStrictEqual({ ok: false, error });
  });
});

describe('validateProfile takes each limit at its edge', () => {
  it.each<[string, Record<string, unknown>, Partial<Profile>]>([
    ['a name of 64 characters, digits and "-"', { name: `9${'a-'.repeat(31)}b` }, { name: `9${'a-'.repeat(31)}b` }],
    ['a version of 1', { version: 1 }, { version: 1 }],
    ['a version of 1,000,000', { version: 1_000_000 }, { version: 1_000_000 }],
    ['a title and a source of 200 characters', { title: 't'.repeat(200), source: '' }, { title: 't'.repeat(200), source: '' }],
    ['0 points a segment', { segmentPoints: 0 }, { segmentPoints: 0 }],
    ['a scoop multiplied by 1 and by 100', { scoop: { kind: 'multiply', factor: 1 }, homerun: { kind: 'multiply', factor: 100 } }, { scoop: { kind: 'multiply', factor: 1 }, homerun: { kind: 'multiply', factor: 100 } }],
    ['a scoop adding 0 points', { scoop: { kind: 'add', points: 0 } }, { scoop: { kind: 'add', points: 0 } }],
    ['no homerun', { homerun: { kind: 'none' } }, { homerun: { kind: 'none' } }],
    ['a fixed foul of 0', { foul: { kind: 'fixed', points: 0 } }, { foul: { kind: 'fixed', points: 0 } }],
    ['a foul as a scoop', { foul: { kind: 'scoop' } }, { foul: { kind: 'scoop' } }],
    ['no surrender', { surrenderPenalty: null }, { surrenderPenalty: null }],
    ['a surrender of 0', { surrenderPenalty: 0 }, { surrenderPenalty: 0 }],
    ['naturals of rank 1 and 100', { naturals: { dragon: { points: 0, rank: 1 }, 'six-pairs': { points: 3, rank: 100 } } }, { naturals: { dragon: { points: 0, rank: 1 }, 'six-pairs': { points: 3, rank: 100 } } }],
    ['a bonus of 0 points', { bonuses: { back: { quads: 0 } } }, { bonuses: { front: {}, middle: {}, back: { quads: 0 } } }],
    ['one segment\'s table only', { bonuses: { front: { trips: 3 } } }, { bonuses: { front: { trips: 3 }, middle: {}, back: {} } }],
    ['a lowball middle, no middle bonuses', { lowballMiddle: true, bonuses: { middle: {}, back: { quads: 4 } } }, { lowballMiddle: true }],
    ['no Fantasyland outside OFC', { fantasyland: null }, { fantasyland: null }],
    ['Fantasyland in OFC', { game: 'ofc', fantasyland: { minimumFront: 'pair-Q' } }, { game: 'ofc', fantasyland: { minimumFront: 'pair-Q' } }],
    ['every bonus mode: replaces-point', { bonusMode: 'replaces-point' }, { bonusMode: 'replaces-point' }],
    ['the false natural played as set', { falseNatural: 'play-as-set' }, { falseNatural: 'play-as-set' }],
    ['netted payments', { payments: 'netted' }, { payments: 'netted' }],
    [`a buy-in of ${MIN_BUY_IN_POINTS} points`, { buyInPoints: 20 }, { buyInPoints: 20 }],
    [`a buy-in of ${MAX_BUY_IN_POINTS} points`, { buyInPoints: 1000 }, { buyInPoints: 1000 }],
  ])('%s', (_why, json, want) => {
    expect(unwrap(validateProfile({ name: 'x', version: 1, ...json }))).toMatchObject(want);
  });

  it('a key given as undefined is left out, and takes its default', () => {
    expect(unwrap(validateProfile({ name: 'x', version: 3, title: undefined, scoop: undefined, buyInPoints: undefined }))).toStrictEqual({ ...PROFILE_DEFAULTS, name: 'x', version: 3 });
  });

  it('the defaults are the basic game (004) and RULES.md s9\'s buy-in', () => {
    expect(MIN_BUY_IN_POINTS).toBe(20);
    expect(MAX_BUY_IN_POINTS).toBe(1000);
    expect(PROFILE_DEFAULTS).toStrictEqual({
      title: '', source: '', game: 'chinese', segmentPoints: 1, scoop: { kind: 'none' }, homerun: { kind: 'none' }, majorityBonus: 0, bonusMode: 'added',
      bonuses: { front: {}, middle: {}, back: {} }, foul: { kind: 'scoop' }, surrenderPenalty: null, naturals: {}, falseNatural: 'foul', lowballMiddle: false,
      fantasyland: null, jackpot: null, payments: 'pairwise', buyInPoints: 20,
    });
  });

  it('a profile is deeply frozen, and keeps the key order of its tables', () => {
    const p = profile({ bonuses: { back: { quads: 4, 'full-house': 1 } }, naturals: { 'six-pairs': { points: 3, rank: 5 }, dragon: { points: 13, rank: 1 } } });
    for (const x of [p, p.bonuses, p.bonuses.back, p.naturals, p.naturals.dragon, p.scoop, PROFILE_DEFAULTS, PROFILE_DEFAULTS.bonuses.front]) expect(Object.isFrozen(x)).toBe(true);
    expect(Object.keys(p.bonuses.back)).toEqual(['quads', 'full-house']);
    expect(Object.keys(p.naturals)).toEqual(['six-pairs', 'dragon']);
  });
});

describe('the cache of validated profiles', () => {
  it('the same JSON again gives the same profile (even as another object)', () => {
    const json = { name: 'cached', version: 7, bonuses: { back: { quads: 4 } } };
    const first = unwrap(validateProfile(json));
    expect(unwrap(validateProfile(json))).toBe(first);
    expect(unwrap(validateProfile(structuredClone(json)))).toBe(first);
  });

  it('JSON with its keys in another order is validated again, keeping that order', () => {
    const a = unwrap(validateProfile({ name: 'order', version: 1, bonuses: { back: { quads: 4, 'straight-flush': 5 } } }));
    const b = unwrap(validateProfile({ name: 'order', version: 1, bonuses: { back: { 'straight-flush': 5, quads: 4 } } }));
    expect(b).not.toBe(a);
    expect(Object.keys(b.bonuses.back)).toEqual(['straight-flush', 'quads']);
    expect(Object.keys(unwrap(validateProfile({ name: 'order', version: 1, bonuses: { back: { quads: 4, 'straight-flush': 5 } } })).bonuses.back)).toEqual(['quads', 'straight-flush']);
  });

  it('a refused profile is never cached; a changed copy is checked as what it is', () => {
    const json: Record<string, unknown> = { name: 'changing', version: 1 };
    expect(validateProfile(json).ok).toBe(true);
    json.segmentPoints = -1;
    expect(validateProfile(json)).toMatchObject({ ok: false, error: { path: 'segmentPoints' } });
    expect(validateProfile(json)).toMatchObject({ ok: false, error: { path: 'segmentPoints' } });
  });

  it('keeps the last eight: a ninth pushes out the one used longest ago, a use brings one to the front', () => {
    const jsons = Array.from({ length: 9 }, (_x, i) => ({ name: `lru-${i}`, version: 1 }));
    const first = jsons.map((j) => unwrap(validateProfile(j)));
    // lru-0 was pushed out by lru-8: validated again, a new (equal) profile.
    const again = unwrap(validateProfile(jsons[0]));
    expect(again).not.toBe(first[0]);
    expect(again).toStrictEqual(first[0]);
    // That pushed out lru-1; lru-2 to lru-8 are still there.
    for (let i = 2; i < 9; i++) expect(unwrap(validateProfile(jsons[i])), `lru-${i}`).toBe(first[i]);
    expect(unwrap(validateProfile(jsons[1]))).not.toBe(first[1]);
  });

  it('a value JSON cannot hold is validated, and not kept', () => {
    const withUndefined = { name: 'holey', version: 1, title: undefined };
    const p = unwrap(validateProfile(withUndefined));
    expect(unwrap(validateProfile(withUndefined))).not.toBe(p);
  });
});

describe('bonuses', () => {
  it('the largest matching entry, whatever the order the table lists them', () => {
    const p = profile({ bonuses: { front: { pair: 1, 'pair-Q': 5, trips: 3 }, back: { 'straight-flush': 5, 'royal-flush': 25, quads: 4 } } });
    expect(segmentBonus(p, 'front', value('Qs Qh 2c'))).toBe(5);
    expect(segmentBonus(p, 'front', value('Js Jh 2c'))).toBe(1);
    expect(segmentBonus(p, 'front', value('2s 2h 2c'))).toBe(3);
    expect(segmentBonus(p, 'front', value('As Kh 2c'))).toBe(0);
    // A royal flush is the straight flush to the ace: the royal entry pays there only.
    expect(segmentBonus(p, 'back', value('Ts Js Qs Ks As'))).toBe(25);
    expect(segmentBonus(p, 'back', value('9s Ts Js Qs Ks'))).toBe(5);
    expect(segmentBonus(p, 'back', value('As 2s 3s 4s 5s'))).toBe(5);
    expect(segmentBonus(p, 'back', value('9s 9h 9c 9d 2s'))).toBe(4);
  });

  it('a royal-flush entry alone pays nothing for another straight flush', () => {
    const p = profile({ bonuses: { middle: { 'royal-flush': 50 } } });
    expect(segmentBonus(p, 'middle', value('Ts Js Qs Ks As'))).toBe(50);
    expect(segmentBonus(p, 'middle', value('9h Th Jh Qh Kh'))).toBe(0);
  });

  it('an entry of 0 points pays nothing, and does not hide a smaller positive one', () => {
    const p = profile({ bonuses: { back: { 'quads-A': 0, quads: 2 } } });
    expect(segmentBonus(p, 'back', value('As Ah Ac Ad 2s'))).toBe(2);
  });

  it('a rank-qualified entry pays only its rank; each category its own entries', () => {
    const p = profile({ bonuses: { back: { 'full-house-2': 9, flush: 1, straight: 2, 'two-pair': 3 } } });
    expect(segmentBonus(p, 'back', value('2s 2h 2c 3s 3h'))).toBe(9);
    expect(segmentBonus(p, 'back', value('3s 3h 3c 2s 2h'))).toBe(0);
    expect(segmentBonus(p, 'back', value('2s 5s 7s 9s Js'))).toBe(1);
    expect(segmentBonus(p, 'back', value('2s 3h 4c 5d 6s'))).toBe(2);
    expect(segmentBonus(p, 'back', value('2s 2h 3c 3d 6s'))).toBe(3);
    expect(segmentBonus(p, 'back', value('2s 2h 4c 5d 6s'))).toBe(0);
  });

  it('the tables of several profiles in turn are each their own', () => {
    const a = profile({ bonuses: { back: { quads: 4 } } });
    const b = profile({ name: 'y', bonuses: { back: { quads: 7 } } });
    const quads = value('9s 9h 9c 9d 2s');
    expect([segmentBonus(a, 'back', quads), segmentBonus(b, 'back', quads), segmentBonus(a, 'back', quads), segmentBonus(b, 'back', quads)]).toEqual([4, 7, 4, 7]);
  });

  it('segmentBonuses: front, middle and back at once; a lowball middle earns none', () => {
    const p = profile({ bonuses: { front: { trips: 3 }, middle: { quads: 8 }, back: { quads: 4 } } });
    const quads = value('9s 9h 9c 9d 2s');
    expect(segmentBonuses(p, value('2s 2h 2c'), quads, quads)).toEqual([3, 8, 4]);
    const low = profile({ lowballMiddle: true, bonuses: { front: { trips: 3 }, back: { quads: 4 } } });
    expect(segmentBonuses(low, value('2s 2h 2c'), quads, quads)).toEqual([3, 0, 4]);
    expect(segmentBonus(low, 'middle', quads)).toBe(0);
    expect(segmentBonus(low, 'back', quads)).toBe(4);
  });

  it('a value that is no hand earns nothing', () => {
    const p = profile({ bonuses: { back: { quads: 4 } } });
    expect(segmentBonus(p, 'back', -1)).toBe(0);
  });
});

describe('presets', () => {
  it('resolveProfile: the default, a preset, a profile object, an unknown name', () => {
    expect(unwrap(resolveProfile())).toBe(getPreset('mandarin-house'));
    expect(unwrap(resolveProfile('ofc'))).toBe(getPreset('ofc'));
    expect(unwrap(resolveProfile({ name: 'own', version: 2 }))).toMatchObject({ name: 'own', version: 2 });
    expect(resolveProfile('nope')).toStrictEqual({
      ok: false, error: { code: 'unknown-preset', message: `unknown preset "nope" (presets: ${PRESET_NAMES.join(', ')})` },
    });
    expect(getPreset('nope')).toBeUndefined();
  });

  it('listPresets: each preset\'s own name, version, title and source', () => {
    expect(listPresets()).toStrictEqual(PRESET_NAMES.map((name) => {
      const p = getPreset(name)!;
      return { name, version: p.version, title: p.title, source: p.source };
    }));
    for (const p of listPresets()) expect(p.title.length, p.name).toBeGreaterThan(0);
  });

  it('presetJson is a fresh copy each time', () => {
    const a = presetJson('basic');
    a.segmentPoints = 99;
    expect(presetJson('basic').segmentPoints).toBe(getPreset('basic')!.segmentPoints);
  });
});

describe('naturals', () => {
  const p = profile({ naturals: { dragon: { points: 13, rank: 1 }, 'six-pairs': { points: 3, rank: 5 }, 'three-flushes': { points: 4, rank: 5 }, 'three-straights': { points: 4, rank: 5 } } });

  it('naturalRule: the rule of a natural played, else undefined (never an inherited name)', () => {
    expect(naturalRule(p, 'dragon')).toStrictEqual({ points: 13, rank: 1 });
    expect(naturalRule(p, 'minor')).toBeUndefined();
    expect(naturalRule(p, 'toString' as never)).toBeUndefined();
  });

  it.each<[string, string[], string | undefined]>([
    // RULES.md s7: the best rank (lowest number) wins.
    ['the best rank, listed last', ['six-pairs', 'dragon'], 'dragon'],
    ['the best rank, listed first', ['dragon', 'six-pairs'], 'dragon'],
    // Equal ranks: the one paying more.
    ['equal ranks, the one paying more, listed last', ['six-pairs', 'three-flushes'], 'three-flushes'],
    ['equal ranks, the one paying more, listed first', ['three-flushes', 'six-pairs'], 'three-flushes'],
    // Equal ranks and points: the first held (the declared one).
    ['equal ranks and points: the first', ['three-straights', 'three-flushes'], 'three-straights'],
    ['equal ranks and points: the first, the other way', ['three-flushes', 'three-straights'], 'three-flushes'],
    ['one not played is skipped', ['minor', 'six-pairs'], 'six-pairs'],
    ['none played', ['minor', 'senior'], undefined],
    ['nothing held', [], undefined],
  ])('%s', (_why, held, want) => {
    expect(bestNatural(p, held as never)).toBe(want);
  });
});
