/**
 * The kinds of argument a request takes, each a typed shape check: "is this a seat number",
 * "is this a list of card codes", "is this the floor manager's name". The request table
 * (requests.ts) names a field per argument; the argument types and the checks both come from
 * these. No game rule lives here: whether a seat may surrender is the services' answer.
 */
import { fail, ok, type Result } from '../domain/result';
import { FLOOR_ACTION_KINDS, type FloorAction, type FloorActionKind } from './floor';
import type { SeatNumber } from './view';

/**
 * One argument: `check(args, key)` looks at `args[key]` and gives it back typed, or refuses it
 * with a code, a message naming `key` and the key as the path. An `optional` field is not
 * checked when the argument is left out (or given as `undefined`).
 */
export interface Field<T, Optional extends boolean = boolean> {
  readonly check: (args: Readonly<Record<string, unknown>>, key: string) => Result<T>;
  readonly optional: Optional;
}

/** The value a field gives. */
export type FieldValue<F> = F extends Field<infer T, boolean> ? T : never;

function required<T>(check: Field<T>['check']): Field<T, false> {
  return { check, optional: false };
}

/** The same field, which may be left out. */
export function optional<T>(field: Field<T, false>): Field<T, true> {
  return { check: field.check, optional: true };
}

/** The most cards a row list may hold (a whole hand). */
const CARD_LIST_MAX = 13;
/** How much of a wrong value a refusal echoes. */
const SHOWN_MAX = 40;
/** A reason or a note: a sentence or two, not a report. */
export const REASON_MAX = 500;

/** A wrong value as a refusal shows it: JSON, cut short when long. */
export function shown(v: unknown): string {
  const s = v === undefined ? 'nothing' : (JSON.stringify(v) ?? String(v));
  if (s.length <= SHOWN_MAX) return s;
  const size = typeof v === 'string' ? `${v.length} characters` : Array.isArray(v) ? `${v.length} items` : `${s.length} characters as JSON`;
  return `${s.slice(0, SHOWN_MAX)}... (${size})`;
}

/** A plain object (not null, not an array): what named arguments come in. */
export function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/**
 * A key the object does not take is refused, naming it and those it takes: a misspelt
 * optional argument (`crad` for `card`) would otherwise be dropped without a word. A key
 * given as `undefined` counts as not given (the Electron bridge keeps such keys). Null when
 * every key is allowed.
 */
export function unknownKey(args: Readonly<Record<string, unknown>>, allowed: readonly string[], what: string, prefix = ''): ReturnType<typeof fail> | null {
  const bad = Object.keys(args).find((k) => args[k] !== undefined && !allowed.includes(k));
  if (bad === undefined) return null;
  const takes = allowed.length === 0 ? 'it takes none' : `it takes ${allowed.map((k) => prefix + k).join(', ')}`;
  return fail('unknown-argument', `${what} has no argument ${JSON.stringify(prefix + bad)} (${takes})`, prefix + bad);
}

function isCardCode(c: unknown): c is number {
  return Number.isInteger(c) && (c as number) >= 0 && (c as number) < 52;
}

/** A seat number 1..4 (`bad-seat`). */
export const seat: Field<SeatNumber, false> = required((args, key) => {
  const v = args[key];
  if (v === 1 || v === 2 || v === 3 || v === 4) return ok(v);
  return fail('bad-seat', `${key} must be a seat number 1 to 4, got ${JSON.stringify(v)}`, key);
});

/** A whole number of at least `min` (`bad-number`). */
export function wholeNumber(min: number): Field<number, false> {
  return required((args, key) => {
    const v = args[key];
    if (typeof v === 'number' && Number.isSafeInteger(v) && v >= min) return ok(v);
    return fail('bad-number', `${key} must be a whole number of at least ${min}, got ${JSON.stringify(v)}`, key);
  });
}

/** One card code 0..51 (`bad-card`). */
export const card: Field<number, false> = required((args, key) => {
  const v = args[key];
  if (isCardCode(v)) return ok(v);
  return fail('bad-card', `${key} must be a card code 0 to 51, got ${shown(v)}`, key);
});

/** A list of at most 13 card codes (`bad-cards`, naming the first bad entry). */
export const cards: Field<readonly number[], false> = required((args, key) => cardList(args[key], key));

function cardList(v: unknown, key: string): Result<readonly number[]> {
  if (!Array.isArray(v)) return fail('bad-cards', `${key} must be a list of at most ${CARD_LIST_MAX} card codes 0 to 51, got ${shown(v)}`, key);
  if (v.length > CARD_LIST_MAX) return fail('bad-cards', `${key} must hold at most ${CARD_LIST_MAX} card codes, got ${v.length}`, key);
  const bad = v.findIndex((c) => !isCardCode(c));
  if (bad >= 0) return fail('bad-cards', `${key}[${bad}] must be a card code 0 to 51, got ${shown(v[bad])}`, key);
  return ok(v as number[]);
}

function textOf(v: unknown, key: string, max: number): Result<string> {
  if (typeof v === 'string' && v.trim().length > 0 && v.length <= max) return ok(v);
  return fail('bad-text', `${key} must be a text of 1 to ${max} characters, got ${shown(v)}`, key);
}

/** A text of 1 to `max` characters, not blank (`bad-text`). */
export function text(max: number): Field<string, false> {
  return required((args, key) => textOf(args[key], key, max));
}

/** A text of at most `max` characters, blank allowed (a note) (`bad-text`). */
export function note(max: number): Field<string, false> {
  return required((args, key) => {
    const v = args[key];
    if (typeof v === 'string' && v.length <= max) return ok(v);
    return fail('bad-text', `${key} must be a text of at most ${max} characters, got ${shown(v)}`, key);
  });
}

/** One of `values` (`code`). */
export function oneOf<const V extends string>(code: string, values: readonly V[]): Field<V, false> {
  return required((args, key) => {
    const v = args[key];
    if ((values as readonly unknown[]).includes(v)) return ok(v as V);
    return fail(code, `${key} must be ${values.join(' or ')}, got ${JSON.stringify(v)}`, key);
  });
}

/** A required text whose absence has its own code (`name-needed`, `reason-needed`). */
function signed(max: number, missing: { code: string; message: string }): Field<string, false> {
  return required((args, key) => {
    const v = args[key];
    if (v === undefined || v === null || (typeof v === 'string' && v.trim().length === 0)) return fail(missing.code, missing.message, key);
    return textOf(v, key, max);
  });
}

/** A person's staff id and PIN, given for this request: who he is and the proof. */
export interface Credential {
  readonly staffId: string;
  readonly pin: string;
}

/** A staff id as typed (the staff fold checks it is someone). */
const STAFF_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$/;
/** A PIN's form (app/services/pins.ts checks it again before hashing). */
const PIN_FORM = /^\d{6,12}$/;

/** A staff id (`bad-staff-id`): whether there is such a person is the staff's answer. */
export const staffId: Field<string, false> = required((args, key) => {
  const v = args[key];
  if (typeof v === 'string' && STAFF_ID.test(v)) return ok(v);
  return fail('bad-staff-id', `${key} must be a staff id (1-32 letters, digits, "_", "." or "-"), got ${shown(v)}`, key);
});

/** A new PIN, 6 to 12 digits (`bad-pin`; never repeated in the refusal). */
export const newPin: Field<string, false> = required((args, key) => {
  const v = args[key];
  if (typeof v === 'string' && PIN_FORM.test(v)) return ok(v);
  return fail('bad-pin', `${key} must be 6 to 12 digits (what was given is not shown)`, key);
});

/** The staff roles (app/domain/staff `ROLES`), as the contract names them. */
const ROLE_NAMES = ['dealer', 'floor', 'admin', 'auditor'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/** One or more different roles (`bad-role`). */
export const roles: Field<readonly RoleName[], false> = required((args, key) => {
  const v = args[key];
  const good = Array.isArray(v) && v.length > 0 && v.every((r) => (ROLE_NAMES as readonly unknown[]).includes(r)) && new Set(v).size === v.length;
  if (good) return ok(v as RoleName[]);
  return fail('bad-role', `${key} must list one or more different roles of ${ROLE_NAMES.join(', ')}, got ${shown(v)}`, key);
});

/**
 * A person's staff id and PIN, `{ staffId, pin }` (`credential-needed` when missing,
 * `bad-staff-id`, `bad-pin`, `unknown-argument`). A refusal never repeats the PIN.
 */
export const credential: Field<Credential, false> = required((args, key) => {
  const v = args[key];
  if (v === undefined || v === null) return fail('credential-needed', `${key} must be the staff id and PIN of the person doing this`, key);
  if (!isObject(v)) return fail('bad-credential', `${key} must be { staffId, pin }, got ${typeof v}`, key);
  const extra = unknownKey(v, ['staffId', 'pin'], key, `${key}.`);
  if (extra) return fail(extra.error.code, extra.error.message.replace(/ \(it takes [^)]*\)$/, ' (it takes staffId and pin)'), extra.error.path);
  if (typeof v.staffId !== 'string' || !STAFF_ID.test(v.staffId)) {
    return fail('bad-staff-id', `${key}.staffId must be a staff id (1-32 letters, digits, "_", "." or "-"), got ${shown(v.staffId)}`, `${key}.staffId`);
  }
  if (typeof v.pin !== 'string' || !PIN_FORM.test(v.pin)) {
    return fail('bad-pin', `${key}.pin must be 6 to 12 digits (what was given is not shown)`, `${key}.pin`);
  }
  return ok({ staffId: v.staffId, pin: v.pin });
});

/** A staff member's name (`name-needed` when missing or blank). */
export const staffName: Field<string, false> = signed(64, { code: 'name-needed', message: 'a staff member is added with his name' });

/** The floor's reason (`reason-needed` when missing or blank). */
export const floorReason: Field<string, false> = signed(REASON_MAX, { code: 'reason-needed', message: 'a floor action needs a reason' });

/** The admin's reason for changing the rules (`reason-needed` when missing or blank). */
export const rulesReason: Field<string, false> = signed(REASON_MAX, { code: 'reason-needed', message: 'a change of the rules needs a reason' });

/** The most characters a profile given as JSON may take (a preset is about 1,000). */
export const PROFILE_JSON_MAX = 20_000;

/**
 * House rules as the admin gives them: a preset's name, or a whole profile object (at most
 * {@link PROFILE_JSON_MAX} characters as JSON; `bad-rules`). Whether they are valid rules is the
 * domain's answer (`resolveProfile`), not this field's.
 */
export const rules: Field<string | Readonly<Record<string, unknown>>, false> = required<string | Readonly<Record<string, unknown>>>((args, key) => {
  const v = args[key];
  if (typeof v === 'string' && v.length > 0 && v.length <= 64) return ok(v);
  if (isObject(v)) {
    const size = JSON.stringify(v)?.length ?? Infinity;
    if (size <= PROFILE_JSON_MAX) return ok(v);
    return fail('bad-rules', `${key} is a profile of ${size} characters as JSON, more than the ${PROFILE_JSON_MAX} a profile may take`, key);
  }
  return fail('bad-rules', `${key} is a preset's name or a whole profile object, not ${shown(v)}`, key);
});

/** Each floor action's keys (app/contract/floor.ts `FloorAction`). */
const ACTION_KEYS: Readonly<Record<FloorActionKind, readonly string[]>> = {
  'resolve-irregularity': ['kind', 'irregularity', 'ruling'],
  'foul-seat': ['kind', 'seat'],
  'replace-hand': ['kind', 'seat', 'front', 'middle', 'back'],
  note: ['kind'],
};

function isActionKind(x: unknown): x is FloorActionKind {
  return typeof x === 'string' && (FLOOR_ACTION_KINDS as readonly string[]).includes(x);
}

/**
 * A floor correction's action (app/contract/floor.ts `FloorAction`): its kind and exactly the
 * keys of that kind (`bad-action`, `bad-number`, `bad-ruling`, `bad-seat`, `bad-cards`,
 * `unknown-argument`, each naming `action.<key>`).
 */
export const floorAction: Field<FloorAction, false> = required((args, key) => {
  const a = args[key];
  if (!isObject(a)) return fail('bad-action', `${key} must be an object with a kind, got ${shown(a)}`, key);
  if (!isActionKind(a.kind)) {
    return fail('bad-action', `${key}.kind must be ${FLOOR_ACTION_KINDS.join(', ')}, got ${shown(a.kind)}`, `${key}.kind`);
  }
  const extra = unknownKey(a, ACTION_KEYS[a.kind], `a ${a.kind} action`, `${key}.`);
  if (extra) return extra;
  switch (a.kind) {
    case 'resolve-irregularity':
      if (!(Number.isSafeInteger(a.irregularity) && (a.irregularity as number) >= 1)) {
        return fail('bad-number', `${key}.irregularity must be an irregularity number from 1, got ${JSON.stringify(a.irregularity)}`, `${key}.irregularity`);
      }
      if (a.ruling !== 'accept' && a.ruling !== 'foul-seat') {
        return fail('bad-ruling', `${key}.ruling must be accept or foul-seat, got ${JSON.stringify(a.ruling)}`, `${key}.ruling`);
      }
      break;
    case 'foul-seat': {
      const s = seat.check(a, 'seat');
      if (!s.ok) return s;
      break;
    }
    case 'replace-hand':
      for (const [k, f] of [['seat', seat], ['front', cards], ['middle', cards], ['back', cards]] as const) {
        const r = f.check(a, k);
        if (!r.ok) return r;
      }
      break;
    case 'note':
      break;
  }
  return ok(a as unknown as FloorAction);
});

/** A seat's hand as the floor establishes it in a correction (app/contract/floor.ts `HandCorrectionView`). */
const SEAT_CORRECTION_KEYS: Readonly<Record<string, readonly string[]>> = {
  set: ['kind', 'seat', 'front', 'middle', 'back'],
  foul: ['kind', 'seat'],
  natural: ['kind', 'seat', 'natural'],
  'disqualify-jackpot': ['kind', 'seat'],
};

/**
 * The floor's correction of a played hand: `{kind: 'void'}`, or `{kind: 'resettle', seats}` with
 * 1 to 4 seats, each `{kind: 'set', seat, front, middle, back}` (card codes), `{kind: 'foul',
 * seat}` or `{kind: 'natural', seat, natural}` (`bad-correction`, `bad-seat`, `bad-cards`,
 * `unknown-argument`, naming the key). Whether the correction is right is the domain's answer.
 */
export const handCorrection: Field<HandCorrectionArg, false> = required<HandCorrectionArg>((args, key) => {
  const c = args[key];
  if (!isObject(c) || (c.kind !== 'void' && c.kind !== 'resettle')) return fail('bad-correction', `${key} must be {kind: "void"} or {kind: "resettle", seats}, got ${shown(c)}`, key);
  const extra = unknownKey(c, c.kind === 'void' ? ['kind'] : ['kind', 'seats'], `a ${c.kind} correction`, `${key}.`);
  if (extra) return extra;
  if (c.kind === 'void') return ok({ kind: 'void' });
  if (!Array.isArray(c.seats) || c.seats.length < 1 || c.seats.length > 4) return fail('bad-correction', `${key}.seats must list 1 to 4 seats, got ${shown(c.seats)}`, `${key}.seats`);
  for (const [i, x] of (c.seats as unknown[]).entries()) {
    const at = `${key}.seats[${i}]`;
    if (!isObject(x) || typeof x.kind !== 'string' || !(x.kind in SEAT_CORRECTION_KEYS)) return fail('bad-correction', `${at}.kind must be set, foul, natural or disqualify-jackpot, got ${shown(isObject(x) ? x.kind : x)}`, `${at}.kind`);
    const more = unknownKey(x, SEAT_CORRECTION_KEYS[x.kind], `a ${x.kind} correction`, `${at}.`);
    if (more) return more;
    const s = seat.check(x, 'seat');
    if (!s.ok) return fail(s.error.code, `${at}.${s.error.message}`, `${at}.seat`);
    if (x.kind === 'set') {
      for (const row of ['front', 'middle', 'back']) {
        const r = cards.check(x, row);
        if (!r.ok) return fail(r.error.code, `${at}.${r.error.message}`, `${at}.${row}`);
      }
    }
    if (x.kind === 'natural' && (typeof x.natural !== 'string' || x.natural.length === 0 || x.natural.length > 40)) {
      return fail('bad-correction', `${at}.natural must name a natural, got ${shown(x.natural)}`, `${at}.natural`);
    }
  }
  return ok(c as unknown as HandCorrectionArg);
});

/** The correction as the request carries it (the domain's `HandCorrection`, card codes). */
export type HandCorrectionArg =
  | { readonly kind: 'void' }
  | {
    readonly kind: 'resettle';
    readonly seats: readonly (
      | { readonly kind: 'set'; readonly seat: SeatNumber; readonly front: readonly number[]; readonly middle: readonly number[]; readonly back: readonly number[] }
      | { readonly kind: 'foul'; readonly seat: SeatNumber }
      | { readonly kind: 'natural'; readonly seat: SeatNumber; readonly natural: string }
      | { readonly kind: 'disqualify-jackpot'; readonly seat: SeatNumber })[];
  };

// ---- the floor's hand search

/** An ISO 8601 time with its date (`bad-time`): `2025-03-01`, `2025-03-01T21:00:00Z` ... */
export const isoTime: Field<string, false> = required((args, key) => {
  const v = args[key];
  if (typeof v === 'string' && v.length <= 40 && /^\d{4}-\d\d-\d\d/.test(v) && !Number.isNaN(Date.parse(v))) return ok(v);
  return fail('bad-time', `${key} must be an ISO 8601 time such as "2025-03-01T21:00:00Z", got ${shown(v)}`, key);
});

/** true or false (`bad-flag`). */
export const flag: Field<boolean, false> = required((args, key) => {
  const v = args[key];
  if (v === true || v === false) return ok(v);
  return fail('bad-flag', `${key} must be true or false, got ${shown(v)}`, key);
});

/** A whole number from `min` to `max` (`bad-number`). */
export function wholeNumberUpTo(min: number, max: number): Field<number, false> {
  return required((args, key) => {
    const v = args[key];
    if (Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max) return ok(v as number);
    return fail('bad-number', `${key} must be a whole number from ${min} to ${max}, got ${shown(v)}`, key);
  });
}

// ---- the admin's devices

/** A device as the admin sets it (app/services/device-settings.ts `checkDeviceSetting` checks the values, as for the flags). */
export interface DeviceSettingArg {
  readonly kind: 'serial' | 'simulated' | 'none';
  /** A path (`/dev/ttyUSB0`, `COM3`) or `usb:VID:PID[:SERIAL]`; serial only. */
  readonly port?: string;
  readonly format?: 'framed' | 'lines';
  readonly baudRate?: number;
}

/** How many characters a port's name may take. */
const PORT_MAX = 200;

/**
 * A device setting `{kind, port?, format?, baudRate?}` (`bad-device`, `unknown-argument`, naming
 * the key): its shape only; whether the port, format and speed are usable is the service's answer,
 * the same as for the start-up flags.
 */
export const deviceSetting: Field<DeviceSettingArg, false> = required<DeviceSettingArg>((args, key) => {
  const v = args[key];
  if (!isObject(v) || (v.kind !== 'serial' && v.kind !== 'simulated' && v.kind !== 'none')) {
    return fail('bad-device', `${key} must be {kind: "serial", port, format, baudRate}, {kind: "simulated"} or {kind: "none"}, got ${shown(v)}`, key);
  }
  const extra = unknownKey(v, v.kind === 'serial' ? ['kind', 'port', 'format', 'baudRate'] : ['kind'], `a ${v.kind} device`, `${key}.`);
  if (extra) return extra;
  if (v.kind === 'serial') {
    if (typeof v.port !== 'string' || v.port.length > PORT_MAX) return fail('bad-device', `${key}.port must be the port's path or usb:VID:PID, got ${shown(v.port)}`, `${key}.port`);
    if (v.format !== undefined && typeof v.format !== 'string') return fail('bad-device', `${key}.format must be framed or lines, got ${shown(v.format)}`, `${key}.format`);
    if (v.baudRate !== undefined && typeof v.baudRate !== 'number') return fail('bad-device', `${key}.baudRate must be a whole number, got ${shown(v.baudRate)}`, `${key}.baudRate`);
  }
  return ok(v as unknown as DeviceSettingArg);
});

/** The admin's reason for setting a device (`reason-needed` when missing or blank). */
export const deviceReason: Field<string, false> = signed(REASON_MAX, { code: 'reason-needed', message: 'a change of a device needs a reason' });
