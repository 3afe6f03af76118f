/**
 * Shape checks for request arguments. Both front doors run them before a handler sees
 * the arguments: the WebSocket carries untrusted JSON, and a renderer bug should be
 * refused with a clear message rather than reach the services. No game rule lives here,
 * only "is this a seat number", "is this a list of card codes".
 */
import { fail, ok, type Result } from '../domain/result';
import { FLOOR_ACTION_KINDS, type FloorActionKind } from './floor';
import type { RequestArgs, RequestName } from './handlers';

type Check = (args: Record<string, unknown>) => Result<unknown>;

/** The most cards a row list may hold (a whole hand). */
const CARD_LIST_MAX = 13;
/** How much of a wrong value a refusal echoes. */
const SHOWN_MAX = 40;

/** A wrong value as a refusal shows it: JSON, cut short when long. */
function shown(v: unknown): string {
  const s = v === undefined ? 'nothing' : (JSON.stringify(v) ?? String(v));
  if (s.length <= SHOWN_MAX) return s;
  const size = typeof v === 'string' ? `${v.length} characters` : Array.isArray(v) ? `${v.length} items` : `${s.length} characters as JSON`;
  return `${s.slice(0, SHOWN_MAX)}... (${size})`;
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function seat(args: Record<string, unknown>, key = 'seat'): Result<unknown> {
  const v = args[key];
  if (v === 1 || v === 2 || v === 3 || v === 4) return ok(v);
  return fail('bad-seat', `${key} must be a seat number 1 to 4, got ${JSON.stringify(v)}`, key);
}

function wholeNumber(args: Record<string, unknown>, key: string, min: number): Result<unknown> {
  const v = args[key];
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= min) return ok(v);
  return fail('bad-number', `${key} must be a whole number of at least ${min}, got ${JSON.stringify(v)}`, key);
}

function cardCode(args: Record<string, unknown>, key: string): Result<unknown> {
  const v = args[key];
  if (isCardCode(v)) return ok(v);
  return fail('bad-card', `${key} must be a card code 0 to 51, got ${shown(v)}`, key);
}

function isCardCode(c: unknown): boolean {
  return Number.isInteger(c) && (c as number) >= 0 && (c as number) < 52;
}

function cardList(args: Record<string, unknown>, key: string): Result<unknown> {
  const v = args[key];
  if (!Array.isArray(v)) return fail('bad-cards', `${key} must be a list of at most ${CARD_LIST_MAX} card codes 0 to 51, got ${shown(v)}`, key);
  if (v.length > CARD_LIST_MAX) return fail('bad-cards', `${key} must hold at most ${CARD_LIST_MAX} card codes, got ${v.length}`, key);
  const bad = v.findIndex((c) => !isCardCode(c));
  if (bad >= 0) return fail('bad-cards', `${key}[${bad}] must be a card code 0 to 51, got ${shown(v[bad])}`, key);
  return ok(v);
}

function text(args: Record<string, unknown>, key: string, max: number): Result<unknown> {
  const v = args[key];
  if (typeof v === 'string' && v.trim().length > 0 && v.length <= max) return ok(v);
  return fail('bad-text', `${key} must be a text of 1 to ${max} characters, got ${shown(v)}`, key);
}

/** A required text whose absence has its own code (`name-needed`, `reason-needed`). */
function required(args: Record<string, unknown>, key: string, max: number, missing: { code: string; message: string }): Result<unknown> {
  const v = args[key];
  if (v === undefined || v === null || (typeof v === 'string' && v.trim().length === 0)) return fail(missing.code, missing.message, key);
  return text(args, key, max);
}

/** Floor manager's name: every floor action is signed. */
const FLOOR_NAME_MAX = 60;
/** A reason or a note: a sentence or two, not a report. */
const REASON_MAX = 500;

const floorName: Check = (a) =>
  required(a, 'floor', FLOOR_NAME_MAX, { code: 'name-needed', message: "every floor action is signed: give the floor manager's name" });
const floorReason: Check = (a) =>
  required(a, 'reason', REASON_MAX, { code: 'reason-needed', message: 'a floor action needs a reason' });
const optionalText = (key: string, max: number): Check => (a) => {
  const v = a[key];
  if (v === undefined) return ok(a);
  if (typeof v === 'string' && v.length <= max) return ok(a);
  return fail('bad-text', `${key} must be a text of at most ${max} characters, got ${shown(v)}`, key);
};
const handId = (a: Record<string, unknown>): Result<unknown> => text(a, 'handId', 80);

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
 * A key the request does not take is refused, naming it and those it takes: a misspelt
 * optional argument (`crad` for `card`) would otherwise be dropped without a word.
 */
function unknownKey(args: Record<string, unknown>, allowed: readonly string[], what: string, prefix = ''): ReturnType<typeof fail> | null {
  const bad = Object.keys(args).find((k) => args[k] !== undefined && !allowed.includes(k));
  if (bad === undefined) return null;
  const takes = allowed.length === 0 ? 'it takes none' : `it takes ${allowed.map((k) => prefix + k).join(', ')}`;
  return fail('unknown-argument', `${what} has no argument ${JSON.stringify(prefix + bad)} (${takes})`, prefix + bad);
}

/** The shape of a floor correction's `action` (app/contract/floor.ts `FloorAction`). */
const floorAction: Check = (args) => {
  const a = args.action;
  if (!isObject(a)) return fail('bad-action', `action must be an object with a kind, got ${shown(a)}`, 'action');
  if (!isActionKind(a.kind)) {
    return fail('bad-action', `action.kind must be ${FLOOR_ACTION_KINDS.join(', ')}, got ${shown(a.kind)}`, 'action.kind');
  }
  const extra = unknownKey(a, ACTION_KEYS[a.kind], `a ${a.kind} action`, 'action.');
  if (extra) return extra;
  switch (a.kind) {
    case 'resolve-irregularity':
      if (!(Number.isSafeInteger(a.irregularity) && (a.irregularity as number) >= 1)) {
        return fail('bad-number', `action.irregularity must be an irregularity number from 1, got ${JSON.stringify(a.irregularity)}`, 'action.irregularity');
      }
      if (a.ruling !== 'accept' && a.ruling !== 'foul-seat') {
        return fail('bad-ruling', `action.ruling must be accept or foul-seat, got ${JSON.stringify(a.ruling)}`, 'action.ruling');
      }
      return ok(args);
    case 'foul-seat':
      return seat(a, 'seat');
    case 'replace-hand':
      return all((x) => seat(x, 'seat'), (x) => cardList(x, 'front'), (x) => cardList(x, 'middle'), (x) => cardList(x, 'back'))(a);
    case 'note':
      return ok(args);
  }
};

function all(...checks: Check[]): Check {
  return (args) => {
    for (const c of checks) {
      const r = c(args);
      if (!r.ok) return r;
    }
    return ok(args);
  };
}

const none: Check = (args) => ok(args);
const seatOnly: Check = (a) => seat(a);

/** The argument keys each request takes (app/contract/handlers.ts); any other is refused. */
const KEYS: Readonly<Record<RequestName, readonly string[]>> = {
  snapshot: [],
  dealerOn: ['name'],
  dealerOff: [],
  seatPlayer: ['seat', 'name', 'buyIn', 'playerId'],
  buyIn: ['seat', 'amount'],
  leaveSeat: ['seat'],
  startHand: [],
  nextHand: [],
  endDeal: [],
  markReady: ['seat'],
  declareSurrender: ['seat'],
  declareNatural: ['seat', 'natural'],
  reportExposed: ['seat', 'card'],
  reportWrongSeat: ['heldBy', 'handOf'],
  callMisdeal: ['cause'],
  openShowdown: [],
  setHand: ['seat', 'front', 'middle', 'back'],
  settle: [],
  markPaid: ['index'],
  acknowledgeAlert: ['id'],
  floorCorrection: ['floor', 'reason', 'action', 'handId'],
  voidHand: ['floor', 'reason'],
  floorAcknowledgeAlert: ['id', 'floor', 'note'],
  recall: [],
  replayHand: ['handId'],
};

const CHECKS: Readonly<Record<RequestName, Check>> = {
  snapshot: none,
  dealerOn: (a) => text(a, 'name', 60),
  dealerOff: none,
  seatPlayer: all(seatOnly, (a) => text(a, 'name', 40), (a) => wholeNumber(a, 'buyIn', 1), (a) => (a.playerId === undefined ? ok(a) : text(a, 'playerId', 60))),
  buyIn: all(seatOnly, (a) => wholeNumber(a, 'amount', 1)),
  leaveSeat: seatOnly,
  startHand: none,
  nextHand: none,
  endDeal: none,
  markReady: seatOnly,
  declareSurrender: seatOnly,
  declareNatural: all(seatOnly, (a) => text(a, 'natural', 40)),
  reportExposed: all(seatOnly, (a) => (a.card === undefined ? ok(a) : cardCode(a, 'card'))),
  reportWrongSeat: all((a) => seat(a, 'heldBy'), (a) => seat(a, 'handOf')),
  callMisdeal: (a) =>
    a.cause === 'wrong-card-count' ? ok(a) : fail('bad-cause', `cause must be wrong-card-count, got ${JSON.stringify(a.cause)}`, 'cause'),
  openShowdown: none,
  setHand: all(seatOnly, (a) => cardList(a, 'front'), (a) => cardList(a, 'middle'), (a) => cardList(a, 'back')),
  settle: none,
  markPaid: (a) => wholeNumber(a, 'index', 0),
  acknowledgeAlert: (a) => wholeNumber(a, 'id', 1),
  floorCorrection: all(floorName, floorReason, floorAction, (a) => (a.handId === undefined ? ok(a) : handId(a))),
  voidHand: all(floorName, floorReason),
  floorAcknowledgeAlert: all((a) => wholeNumber(a, 'id', 1), floorName, optionalText('note', REASON_MAX)),
  recall: none,
  replayHand: handId,
};

/** Checks a request's argument object; the value is the same object, now typed. */
export function validateArgs<K extends RequestName>(name: K, args: unknown): Result<RequestArgs<K>> {
  const a = args === undefined ? {} : args;
  if (!isObject(a)) return fail('bad-arguments', `${name} takes an object of named arguments, got ${shown(a)}`);
  const extra = unknownKey(a, KEYS[name], name);
  if (extra) return extra;
  const r = CHECKS[name](a);
  return r.ok ? ok(a as RequestArgs<K>) : r;
}
