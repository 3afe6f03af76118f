/**
 * House-rules profiles (RULES.md sections 5, 6, 7, 10, 12): every scoring option as plain
 * JSON data with a name and a version, validated with errors that name the offending key,
 * and the nine presets of section 12 (stored as JSON in ./presets). The rest of the app
 * records `name` + `version` with every hand and lists the presets in the UI.
 *
 * The schema, every option and the defaults are described in docs/profiles.md.
 */
import { RANK_ACE } from './cards';
import { categoryOf, type HandValue } from './evaluate';
import { parseHandKey, weakestValue } from './hand-keys';
import { checkJackpotRule, type JackpotRule } from './jackpot';
import { NATURAL_NAMES, isNaturalName, type NaturalName } from './naturals';
import { isObject, plainCopy, samePlainJson, showJson as describeJson } from './json';
import { fail, ok, type Result } from './result';
import { SEGMENTS, type Segment } from './setting';
import basicJson from './presets/basic.json' with { type: 'json' };
import westernJson from './presets/western.json' with { type: 'json' };
import easternJson from './presets/eastern.json' with { type: 'json' };
import mandarinJson from './presets/mandarin.json' with { type: 'json' };
import mandarinHouseJson from './presets/mandarin-house.json' with { type: 'json' };
import specialHandsJson from './presets/special-hands.json' with { type: 'json' };
import scoopDoubleJson from './presets/scoop-double.json' with { type: 'json' };
import ofcJson from './presets/ofc.json' with { type: 'json' };
import ofcStandardJson from './presets/ofc-standard.json' with { type: 'json' };

/** `chinese`: the 13-card game; `ofc`: Open Face Chinese Poker (section 10). */
export const GAMES = ['chinese', 'ofc'] as const;
export type Game = (typeof GAMES)[number];

/**
 * What winning all three segments against one opponent (scoop) or scooping every opponent
 * at a full table (homerun) adds: nothing; segment points multiplied by `factor`; or
 * `points` added. Bonuses are never multiplied (000: "2x3 + 3 = 9").
 */
export type ScoopRule =
  | { readonly kind: 'none' }
  | { readonly kind: 'multiply'; readonly factor: number }
  | { readonly kind: 'add'; readonly points: number };

/**
 * How bonus hands pay. `added`: the winner of the segment gets the bonus on top of the
 * point (Mandarin). `replaces-point`: the winner of the segment gets only the bonus
 * (Eastern, 004). `regardless`: OFC royalties, paid whether or not the row is won and netted
 * against the opponent's royalties.
 */
export const BONUS_MODES = ['added', 'replaces-point', 'regardless'] as const;
export type BonusMode = (typeof BONUS_MODES)[number];

/** A foul pays as if the opponent scooped (section 4), or a fixed number of points. */
export type FoulRule = { readonly kind: 'scoop' } | { readonly kind: 'fixed'; readonly points: number };

/** A false natural declaration: the hand is fouled (default), or played as set. */
export const FALSE_NATURAL_RULES = ['foul', 'play-as-set'] as const;
export type FalseNaturalRule = (typeof FALSE_NATURAL_RULES)[number];

/**
 * The list of payments the dealer makes after a hand (docs/profiles.md "payments"; RULES.md
 * leaves it to the house): `pairwise`, each loser pays each winner what he owes him, clockwise
 * from the seat left of the button; `netted`, the fewest chip movements that leave every seat
 * with the same result. The chips each seat ends with are the same either way.
 */
export const PAYMENT_LISTS = ['pairwise', 'netted'] as const;
export type PaymentList = (typeof PAYMENT_LISTS)[number];

/** RULES.md s9: "A buy-in is at least 20 times the point value in chips": a house may ask more, never less. */
export const MIN_BUY_IN_POINTS = 20;
/** The most points a house may ask as its full buy-in: at the largest point value it still fits a seat's stack (MAX_STACK). */
export const MAX_BUY_IN_POINTS = 1000;

/** A natural's points and its rank among naturals: a lower number outranks, equal pushes. */
export interface NaturalRule {
  readonly points: number;
  readonly rank: number;
}

/**
 * Bonus hands per segment. Keys: a hand kind (`trips`, `full-house`, `quads`,
 * `straight-flush`, `royal-flush`, ...) optionally qualified by the rank of the set
 * (`pair-Q`, `trips-2`). When several keys match a segment the largest is paid, once.
 */
export type BonusTable = Readonly<Record<Segment, Readonly<Record<string, number>>>>;

export interface Profile {
  /** Kebab-case identifier, recorded with every hand. */
  readonly name: string;
  /** Integer >= 1; a changed profile gets a new version. */
  readonly version: number;
  readonly title: string;
  /** Which source sheet(s) the profile follows, e.g. "002; surrender from 000". */
  readonly source: string;
  readonly game: Game;
  /** Points for each segment won. */
  readonly segmentPoints: number;
  readonly scoop: ScoopRule;
  /** Scooping every opponent at a full four-handed table; replaces the scoop rule. */
  readonly homerun: ScoopRule;
  /** Extra points to whoever wins at least two of the three segments (Western), 0 = none. */
  readonly majorityBonus: number;
  readonly bonusMode: BonusMode;
  readonly bonuses: BonusTable;
  readonly foul: FoulRule;
  /** Points a surrendering player pays each other live player; null = surrender not played. */
  readonly surrenderPenalty: number | null;
  /** The naturals this profile plays; a natural not listed is not played. */
  readonly naturals: Readonly<Partial<Record<NaturalName, NaturalRule>>>;
  readonly falseNatural: FalseNaturalRule;
  /** Seed 003: the middle is a 2-7 lowball hand; order is checked front <= back only. */
  readonly lowballMiddle: boolean;
  /** OFC: the weakest front that earns Fantasyland next hand (a front bonus key); null = none. */
  readonly fantasyland: { readonly minimumFront: string } | null;
  /** The house's jackpot hands, highest first (RULES.md section 11); null = no jackpot. */
  readonly jackpot: JackpotRule | null;
  /** Which list of payments the dealer makes: pairwise (default) or netted. */
  readonly payments: PaymentList;
  /**
   * The smallest full buy-in, in points (RULES.md s9: at least 20); a short buy-in is at least
   * half of it, rounded up to a whole point (app/domain/table/buy-in.ts).
   */
  readonly buyInPoints: number;
}

export const PROFILE_KEYS = [
  'name', 'version', 'title', 'source', 'game', 'segmentPoints', 'scoop', 'homerun', 'majorityBonus',
  'bonusMode', 'bonuses', 'foul', 'surrenderPenalty', 'naturals', 'falseNatural', 'lowballMiddle', 'fantasyland', 'jackpot',
  'payments', 'buyInPoints',
] as const satisfies readonly (keyof Profile)[];

/** Bonus-table hand kinds, indexed by evaluator category (plus `royal-flush`). */
const KIND_BY_CATEGORY = ['high-card', 'pair', 'two-pair', 'trips', 'straight', 'flush', 'full-house', 'quads', 'straight-flush'] as const;
export { BONUS_KINDS, type BonusKind } from './hand-keys';

/**
 * A bonus table ready to look up: for each segment, the points paid by hand category and top
 * rank (`category * 16 + rank`): the largest entry matching that category (a royal flush is a
 * straight flush to the ace) and, for an entry qualified by a rank, that rank.
 */
type CompiledTable = Readonly<Record<Segment, Int32Array>>;

/** Compiled tables by table object: profiles are immutable (deeply frozen) data, so identity is enough. */
const compiledTables = new WeakMap<BonusTable, CompiledTable>();

/** The table compiled last, and its compilation (most showdowns in a row share one profile). */
let lastTable: BonusTable | null = null;
let lastCompiled: CompiledTable | null = null;

function compileTable(table: BonusTable): CompiledTable {
  if (table === lastTable) return lastCompiled!;
  let compiled = compiledTables.get(table);
  if (compiled) {
    lastTable = table;
    lastCompiled = compiled;
    return compiled;
  }
  const out = {} as Record<Segment, Int32Array>;
  for (const segment of SEGMENTS) {
    const entries = Object.entries(table[segment])
      .filter(([, points]) => points > 0)
      .map(([key, points]) => {
        const parsed = parseHandKey(key, segment);
        if (typeof parsed === 'string') throw new RangeError(parsed);
        const kind = parsed.kind === 'royal-flush' ? 'straight-flush' : parsed.kind;
        return { category: KIND_BY_CATEGORY.indexOf(kind), royal: parsed.kind === 'royal-flush', rank: parsed.rank ?? -1, points };
      })
      .sort((x, y) => y.points - x.points);
    const lookup = new Int32Array(KIND_BY_CATEGORY.length * 16);
    for (let category = 0; category < KIND_BY_CATEGORY.length; category++) {
      for (let top = 0; top < 16; top++) {
        const e = entries.find((x) => x.category === category && (!x.royal || top === RANK_ACE) && (x.rank < 0 || x.rank === top));
        lookup[category * 16 + top] = e ? e.points : 0;
      }
    }
    out[segment] = lookup;
  }
  compiled = out;
  compiledTables.set(table, compiled);
  lastTable = table;
  lastCompiled = compiled;
  return compiled;
}

/**
 * The bonus a segment's hand earns under the profile's table: the largest matching entry,
 * or 0. A lowball middle has no bonus (its value is a low-hand strength, not a hand value).
 */
export function segmentBonus(profile: Profile, segment: Segment, value: number): number {
  if (segment === 'middle' && profile.lowballMiddle) return 0;
  // By category and top rank: the first rank nibble of the value (ranksOf(value, 1)[0]).
  return lookUp(compileTable(profile.bonuses)[segment], value);
}

/**
 * The bonuses a valid hand's front, middle and back earn ({@link segmentBonus} of each, the
 * profile's table looked up once).
 */
export function segmentBonuses(profile: Profile, front: number, middle: number, back: number): number[] {
  const table = compileTable(profile.bonuses);
  return [lookUp(table.front, front), profile.lowballMiddle ? 0 : lookUp(table.middle, middle), lookUp(table.back, back)];
}

function lookUp(lookup: Int32Array, value: number): number {
  const category = categoryOf(value);
  return category >= 0 && category < KIND_BY_CATEGORY.length ? lookup[category * 16 + ((value >> 16) & 15)] : 0;
}

/** The weakest front value a front bonus key (e.g. `pair-Q`, `trips`) describes. */
export function minimumFrontValue(key: string): HandValue {
  return weakestValue(key, 'front');
}

// ---------------------------------------------------------------- validation

type Json = unknown;
type Check<T> = Result<T>;


function bad(path: string, expected: string, got: Json): { readonly ok: false; readonly error: { code: string; message: string; path?: string } } {
  return fail('bad-profile-value', `profile ${path}: expected ${expected}, got ${describeJson(got)}`, path);
}

function unknownKeys(obj: Record<string, Json>, allowed: readonly string[], path: string): Check<void> {
  for (const key of Object.keys(obj)) {
    if (!allowed.includes(key)) {
      const full = path ? `${path}.${key}` : key;
      return fail('unknown-profile-key', `profile ${full}: unknown key "${key}" (allowed: ${allowed.join(', ')})`, full);
    }
  }
  return ok(undefined);
}

function integer(x: Json, path: string, min: number, max = 1_000_000): Check<number> {
  if (typeof x !== 'number' || !Number.isInteger(x) || x < min || x > max) {
    return bad(path, `an integer from ${min} to ${max}`, x);
  }
  return ok(x);
}

function oneOf<T extends string>(x: Json, path: string, values: readonly T[]): Check<T> {
  if (typeof x !== 'string' || !(values as readonly string[]).includes(x)) {
    return bad(path, `one of ${values.map((v) => `"${v}"`).join(', ')}`, x);
  }
  return ok(x as T);
}

function scoopRule(x: Json, path: string): Check<ScoopRule> {
  if (!isObject(x)) return bad(path, '{"kind": "none"}, {"kind": "multiply", "factor": N} or {"kind": "add", "points": N}', x);
  const kind = oneOf(x.kind, `${path}.kind`, ['none', 'multiply', 'add'] as const);
  if (!kind.ok) return kind;
  if (kind.value === 'none') {
    const u = unknownKeys(x, ['kind'], path);
    return u.ok ? ok({ kind: 'none' }) : u;
  }
  if (kind.value === 'multiply') {
    const u = unknownKeys(x, ['kind', 'factor'], path);
    if (!u.ok) return u;
    const factor = integer(x.factor, `${path}.factor`, 1, 100);
    return factor.ok ? ok({ kind: 'multiply', factor: factor.value }) : factor;
  }
  const u = unknownKeys(x, ['kind', 'points'], path);
  if (!u.ok) return u;
  const points = integer(x.points, `${path}.points`, 0);
  return points.ok ? ok({ kind: 'add', points: points.value }) : points;
}

function foulRule(x: Json, path: string): Check<FoulRule> {
  if (!isObject(x)) return bad(path, '{"kind": "scoop"} or {"kind": "fixed", "points": N}', x);
  const kind = oneOf(x.kind, `${path}.kind`, ['scoop', 'fixed'] as const);
  if (!kind.ok) return kind;
  if (kind.value === 'scoop') {
    const u = unknownKeys(x, ['kind'], path);
    return u.ok ? ok({ kind: 'scoop' }) : u;
  }
  const u = unknownKeys(x, ['kind', 'points'], path);
  if (!u.ok) return u;
  const points = integer(x.points, `${path}.points`, 0);
  return points.ok ? ok({ kind: 'fixed', points: points.value }) : points;
}

function bonusTable(x: Json, path: string): Check<BonusTable> {
  if (!isObject(x)) return bad(path, 'an object with "front", "middle" and "back" tables', x);
  const u = unknownKeys(x, SEGMENTS, path);
  if (!u.ok) return u;
  const out: Record<Segment, Record<string, number>> = { front: {}, middle: {}, back: {} };
  for (const segment of SEGMENTS) {
    const table = x[segment];
    if (table === undefined) continue;
    const tpath = `${path}.${segment}`;
    if (!isObject(table)) return bad(tpath, 'an object of bonus hand -> points', table);
    for (const [key, points] of Object.entries(table)) {
      const parsed = parseHandKey(key, segment);
      if (typeof parsed === 'string') return fail('unknown-profile-key', `profile ${tpath}.${key}: ${parsed}`, `${tpath}.${key}`);
      const p = integer(points, `${tpath}.${key}`, 0);
      if (!p.ok) return p;
      out[segment][key] = p.value;
    }
  }
  return ok(out);
}

function naturalTable(x: Json, path: string): Check<Partial<Record<NaturalName, NaturalRule>>> {
  if (!isObject(x)) return bad(path, 'an object of natural name -> {"points": N, "rank": N}', x);
  const out: Partial<Record<NaturalName, NaturalRule>> = {};
  for (const name of Object.keys(x)) {
    const npath = `${path}.${name}`;
    if (!isNaturalName(name)) {
      return fail('unknown-profile-key', `profile ${npath}: unknown natural "${name}" (naturals: ${NATURAL_NAMES.join(', ')})`, npath);
    }
    const rule = x[name];
    if (!isObject(rule)) return bad(npath, '{"points": N, "rank": N}', rule);
    const u = unknownKeys(rule, ['points', 'rank'], npath);
    if (!u.ok) return u;
    const points = integer(rule.points, `${npath}.points`, 0);
    if (!points.ok) return points;
    const rank = integer(rule.rank, `${npath}.rank`, 1, 100);
    if (!rank.ok) return rank;
    out[name] = { points: points.value, rank: rank.value };
  }
  return ok(out);
}

/** The values a profile takes for keys it leaves out: the basic game (004). */
export const PROFILE_DEFAULTS: Omit<Profile, 'name' | 'version'> = deepFreeze({
  title: '',
  source: '',
  game: 'chinese',
  segmentPoints: 1,
  scoop: { kind: 'none' },
  homerun: { kind: 'none' },
  majorityBonus: 0,
  bonusMode: 'added',
  bonuses: { front: {}, middle: {}, back: {} },
  foul: { kind: 'scoop' },
  surrenderPenalty: null,
  naturals: {},
  falseNatural: 'foul',
  lowballMiddle: false,
  fantasyland: null,
  jackpot: null,
  payments: 'pairwise',
  buyInPoints: MIN_BUY_IN_POINTS,
});

/**
 * Validates a profile given as JSON data (the result is deeply frozen: profiles are values).
 * `name` and `version` are required; every other
 * key may be left out and then takes its value from {@link PROFILE_DEFAULTS}. Refuses an
 * unknown key (`unknown-profile-key`) or a bad value (`bad-profile-value`), naming its path.
 * JSON that is the same as a profile validated lately gives that same profile at once (see
 * {@link ValidatedProfiles}).
 */
export function validateProfile(json: unknown): Result<Profile> {
  const known = validated.find(json);
  if (known) return ok(known);
  const r = checkProfile(json);
  if (r.ok) validated.remember(json, r.value);
  return r;
}

function checkProfile(json: unknown): Result<Profile> {
  if (!isObject(json)) return fail('bad-profile-value', `a profile is a JSON object, got ${describeJson(json)}`);
  const u = unknownKeys(json, PROFILE_KEYS, '');
  if (!u.ok) return u;
  const obj: Record<string, unknown> = json;
  const { name, version } = obj;
  if (typeof name !== 'string' || !/^[a-z0-9][a-z0-9-]{0,63}$/.test(name)) {
    return bad('name', 'a kebab-case name (a-z, 0-9, -; at most 64 characters)', name);
  }
  const v = integer(version, 'version', 1);
  if (!v.ok) return v;
  const p: { -readonly [K in keyof Profile]: Profile[K] } = { ...PROFILE_DEFAULTS, name, version: v.value };
  const set = <K extends keyof Profile>(key: K, r: Check<Profile[K]>): Check<void> => {
    if (obj[key] === undefined) return ok(undefined);
    if (!r.ok) return r;
    p[key] = r.value;
    return ok(undefined);
  };
  const text = (key: 'title' | 'source'): Check<void> => {
    const x = obj[key];
    if (x === undefined) return ok(undefined);
    if (typeof x !== 'string' || x.length > 200) return bad(key, 'text of at most 200 characters', x);
    p[key] = x;
    return ok(undefined);
  };
  const steps: (() => Check<void>)[] = [
    () => text('title'),
    () => text('source'),
    () => set('game', oneOf(obj.game, 'game', GAMES)),
    () => set('segmentPoints', integer(obj.segmentPoints, 'segmentPoints', 0)),
    () => set('scoop', scoopRule(obj.scoop, 'scoop')),
    () => set('homerun', scoopRule(obj.homerun, 'homerun')),
    () => set('majorityBonus', integer(obj.majorityBonus, 'majorityBonus', 0)),
    () => set('bonusMode', oneOf(obj.bonusMode, 'bonusMode', BONUS_MODES)),
    () => set('bonuses', bonusTable(obj.bonuses, 'bonuses')),
    () => set('foul', foulRule(obj.foul, 'foul')),
    () => set('surrenderPenalty', obj.surrenderPenalty === null ? ok(null) : integer(obj.surrenderPenalty, 'surrenderPenalty', 0)),
    () => set('naturals', naturalTable(obj.naturals, 'naturals')),
    () => set('falseNatural', oneOf(obj.falseNatural, 'falseNatural', FALSE_NATURAL_RULES)),
    () => set('lowballMiddle', typeof obj.lowballMiddle === 'boolean' ? ok(obj.lowballMiddle) : bad('lowballMiddle', 'true or false', obj.lowballMiddle)),
    () => set('fantasyland', fantasylandRule(obj.fantasyland)),
    // After the naturals and the middle's kind: a jackpot entry must be a hand this profile plays.
    () => set('jackpot', checkJackpotRule(obj.jackpot, (name) => naturalRule(p, name) !== undefined, p.lowballMiddle)),
    () => set('payments', oneOf(obj.payments, 'payments', PAYMENT_LISTS)),
    () => set('buyInPoints', buyInPointsRule(obj.buyInPoints)),
  ];
  for (const step of steps) {
    const r = step();
    if (!r.ok) return r;
  }
  // Rules that tie options together.
  if (p.lowballMiddle && Object.keys(p.bonuses.middle).length > 0) {
    return fail('bad-profile-value', 'profile bonuses.middle: a lowball middle has no bonus hands; leave the table empty', 'bonuses.middle');
  }
  if (p.fantasyland !== null && p.game !== 'ofc') {
    return fail('bad-profile-value', 'profile fantasyland: Fantasyland is played only when game is "ofc"', 'fantasyland');
  }
  return ok(deepFreeze(p));
}

/**
 * The profiles validated last (at most {@link ValidatedProfiles.SIZE}), each with a copy of the
 * JSON it came from. Every stored hand carries its profile as JSON, twice (the hand's start and
 * its settlement), and the floor's replay reads hundreds of thousands of hands of the same few
 * profiles: validating each again was a good part of the replay's time.
 *
 * A JSON value is taken as known only when it is the same plain data as the copy, keys in the
 * same order (the order shows in the profile's bonus and natural tables). Anything else (other
 * data, other key order, a value JSON cannot hold, an object that is not a plain one) is
 * validated as always. A profile is a frozen value, so handing out the same one changes no
 * result: the cache only saves time.
 */
class ValidatedProfiles {
  static readonly SIZE = 8;
  /** Most recently used first. */
  private readonly entries: { readonly json: unknown; readonly profile: Profile }[] = [];

  find(json: unknown): Profile | undefined {
    const list = this.entries;
    for (let i = 0; i < list.length; i++) {
      const e = list[i];
      if (!samePlainJson(e.json, json)) continue;
      if (i > 0) {
        list.splice(i, 1);
        list.unshift(e);
      }
      return e.profile;
    }
    return undefined;
  }

  remember(json: unknown, profile: Profile): void {
    const copy = plainCopy(json);
    if (copy === undefined) return;
    this.entries.unshift({ json: copy, profile });
    if (this.entries.length > ValidatedProfiles.SIZE) this.entries.pop();
  }
}

const validated = new ValidatedProfiles();

function buyInPointsRule(x: Json): Check<number> {
  if (typeof x !== 'number' || !Number.isInteger(x) || x < MIN_BUY_IN_POINTS || x > MAX_BUY_IN_POINTS) {
    return fail(
      'bad-profile-value',
      `profile buyInPoints: expected an integer from ${MIN_BUY_IN_POINTS} to ${MAX_BUY_IN_POINTS} (RULES.md s9: a buy-in is at least ${MIN_BUY_IN_POINTS} times the point value), got ${describeJson(x)}`,
      'buyInPoints',
    );
  }
  return ok(x);
}

function fantasylandRule(x: Json): Check<Profile['fantasyland']> {
  if (x === null) return ok(null);
  if (!isObject(x)) return bad('fantasyland', 'null or {"minimumFront": "pair-Q"}', x);
  const u = unknownKeys(x, ['minimumFront'], 'fantasyland');
  if (!u.ok) return u;
  if (typeof x.minimumFront !== 'string') return bad('fantasyland.minimumFront', 'a front hand such as "pair-Q" or "trips"', x.minimumFront);
  const parsed = parseHandKey(x.minimumFront, 'front');
  if (typeof parsed === 'string') return fail('bad-profile-value', `profile fantasyland.minimumFront: ${parsed}`, 'fantasyland.minimumFront');
  return ok({ minimumFront: x.minimumFront });
}

// ---------------------------------------------------------------- presets

/** The presets of RULES.md section 12, in the order the section lists them. */
export const PRESET_NAMES = ['basic', 'western', 'eastern', 'mandarin', 'mandarin-house', 'special-hands', 'scoop-double', 'ofc', 'ofc-standard'] as const;
export type PresetName = (typeof PRESET_NAMES)[number];
/** The profile a table uses unless it says otherwise (RULES.md section 12). */
export const DEFAULT_PROFILE_NAME: PresetName = 'mandarin-house';

const PRESET_JSON: Readonly<Record<PresetName, unknown>> = {
  basic: basicJson,
  western: westernJson,
  eastern: easternJson,
  mandarin: mandarinJson,
  'mandarin-house': mandarinHouseJson,
  'special-hands': specialHandsJson,
  'scoop-double': scoopDoubleJson,
  ofc: ofcJson,
  'ofc-standard': ofcStandardJson,
};

const PRESETS = new Map<string, Profile>();
for (const name of PRESET_NAMES) {
  const r = checkProfile(PRESET_JSON[name]);
  if (!r.ok) throw new Error(`preset ${name} is invalid: ${r.error.message}`);
  if (r.value.name !== name) throw new Error(`preset file ${name}.json is named ${r.value.name}`);
  PRESETS.set(name, r.value);
}

function deepFreeze<T>(x: T): T {
  if (typeof x === 'object' && x !== null) {
    for (const v of Object.values(x)) deepFreeze(v);
    Object.freeze(x);
  }
  return x;
}

/** A preset by name (frozen), or undefined. */
export function getPreset(name: string): Profile | undefined {
  return PRESETS.get(name);
}

/** The presets for a list in the UI: name, version, title and source sheet, in section 12's order. */
export function listPresets(): { name: PresetName; version: number; title: string; source: string }[] {
  return PRESET_NAMES.map((name) => {
    const p = PRESETS.get(name)!;
    return { name, version: p.version, title: p.title, source: p.source };
  });
}

/** A preset's JSON as shipped, for "copy and edit" (a fresh, mutable copy). */
export function presetJson(name: PresetName): Record<string, unknown> {
  return JSON.parse(JSON.stringify(PRESET_JSON[name])) as Record<string, unknown>;
}

/**
 * A profile from a preset name or a whole profile object (validated). With no argument,
 * the default profile. Refuses an unknown preset (`unknown-preset`) or a bad profile.
 */
export function resolveProfile(nameOrObject: unknown = DEFAULT_PROFILE_NAME): Result<Profile> {
  if (typeof nameOrObject === 'string') {
    const preset = PRESETS.get(nameOrObject);
    if (preset) return ok(preset);
    return fail('unknown-preset', `unknown preset "${nameOrObject}" (presets: ${PRESET_NAMES.join(', ')})`);
  }
  return validateProfile(nameOrObject);
}

/** The natural rule of a profile, or undefined when the profile does not play it. */
export function naturalRule(profile: Profile, name: NaturalName): NaturalRule | undefined {
  return Object.prototype.hasOwnProperty.call(profile.naturals, name) ? profile.naturals[name] : undefined;
}

/**
 * The natural to score among those a hand holds (RULES.md section 7: "a hand may qualify for
 * several; the terminal offers the best one"): of the names the profile plays, the one with the
 * best rank (lowest number); between equal ranks the one paying more; between equal ranks and
 * points the first in `held`. Undefined when the profile plays none of them. Callers put the
 * declared natural first, so a declaration is kept unless the hand holds something better.
 */
export function bestNatural(profile: Profile, held: readonly NaturalName[]): NaturalName | undefined {
  let best: NaturalName | undefined;
  let bestRule: NaturalRule | undefined;
  for (const name of held) {
    const rule = naturalRule(profile, name);
    if (!rule) continue;
    if (!bestRule || rule.rank < bestRule.rank || (rule.rank === bestRule.rank && rule.points > bestRule.points)) {
      best = name;
      bestRule = rule;
    }
  }
  return best;
}
