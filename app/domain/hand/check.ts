/**
 * Small checks and wording shared by the hand fold: the shape of incoming JSON fields, and
 * how seats, cards and money are written in a dealer's message.
 */
import { formatCard, formatCards, isCard, type Card } from '../cards';
import { fail, ok, type Result } from '../result';
import type { Actor, SeatNo } from './events';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** An ISO 8601 time with a zone (`Z` or `+01:00`), as every event's `at` must be. */
export function isIsoTime(x: unknown): x is string {
  return typeof x === 'string' && ISO_TIME.test(x);
}

export function isSeatNo(x: unknown): x is SeatNo {
  return x === 1 || x === 2 || x === 3 || x === 4;
}

export function isFloorActor(x: unknown): x is `floor:${string}` {
  return typeof x === 'string' && /^floor:\S/.test(x);
}

export function isActor(x: unknown): x is Actor {
  return x === 'dealer' || x === 'device' || x === 'system' || isFloorActor(x);
}

export function isNonEmptyText(x: unknown): x is string {
  return typeof x === 'string' && x.trim().length > 0;
}

export function isNonNegativeInteger(x: unknown): x is number {
  return typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
}

export function isPositiveInteger(x: unknown): x is number {
  return typeof x === 'number' && Number.isSafeInteger(x) && x > 0;
}

/** Hex text of the device's raw bytes (may be empty). */
export function isHex(x: unknown): x is string {
  return typeof x === 'string' && x.length % 2 === 0 && /^[0-9a-fA-F]*$/.test(x);
}

/** The first card that occurs twice (cards.ts `findDuplicate` without BigInt: this runs on
 *  every replayed event). */
function firstRepeat(cards: readonly Card[]): Card | undefined {
  let low = 0;
  let high = 0;
  for (const c of cards) {
    if (c < 32) {
      const bit = 1 << c;
      if (low & bit) return c;
      low |= bit;
    } else {
      const bit = 1 << (c - 32);
      if (high & bit) return c;
      high |= bit;
    }
  }
  return undefined;
}

/** Checks a list of card codes: all valid, none twice, and (if given) how many. */
export function checkCards(x: unknown, what: string, count?: number): Result<Card[]> {
  if (!Array.isArray(x)) return fail('bad-event', `${what} must be a list of card codes`);
  const bad = x.findIndex((c) => !isCard(c));
  if (bad >= 0) return fail('bad-card', `${what}: ${JSON.stringify(x[bad])} is not a card code (0..51)`);
  const cards = x as Card[];
  const dup = firstRepeat(cards);
  if (dup !== undefined) return fail('duplicate-card', `${what}: ${formatCard(dup)} appears twice`);
  if (count !== undefined && cards.length !== count) {
    return fail('wrong-card-count', `${what} must be ${count} cards, not ${cards.length}`);
  }
  return ok(cards);
}

/** `1,200`: an amount in minor units with thousands separators. */
export function formatAmount(n: number): string {
  const sign = n < 0 ? '-' : '';
  return sign + String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "Seat 3". */
export function seatName(seat: SeatNo): string {
  return `Seat ${seat}`;
}

/** "Qh" or "Qh, 7c and 2d". */
export function cardList(cards: readonly Card[]): string {
  if (cards.length <= 1) return formatCards(cards);
  const texts = cards.map(formatCard);
  return `${texts.slice(0, -1).join(', ')} and ${texts[texts.length - 1]}`;
}

/** "1 card" / "5 cards". */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Same multiset of cards (order ignored). */
export function sameCards(a: readonly Card[], b: readonly Card[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((c) => set.has(c));
}

/** Deep equality of plain JSON values (object key order ignored; members set to `undefined`
 *  count as absent). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  const isArray = Array.isArray(a);
  if (isArray !== Array.isArray(b)) return false;
  if (isArray) {
    const aa = a as unknown[];
    const bb = b as unknown[];
    if (aa.length !== bb.length) return false;
    for (let i = 0; i < aa.length; i++) if (!jsonEqual(aa[i], bb[i])) return false;
    return true;
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  let defined = 0;
  for (const k of Object.keys(ao)) {
    const v = ao[k];
    if (v === undefined) continue;
    defined++;
    if (!Object.prototype.hasOwnProperty.call(bo, k) || !jsonEqual(v, bo[k])) return false;
  }
  for (const k of Object.keys(bo)) if (bo[k] !== undefined) defined--;
  return defined === 0;
}

/**
 * Whether two plain data values (objects, arrays, strings, numbers, booleans, null) are the
 * same once written as JSON: `JSON.parse(JSON.stringify(x))` of each would be
 * {@link jsonEqual}, without writing or parsing anything. As JSON does, a member that is
 * `undefined` is absent, an array item that is `undefined` is null, and a number that is not
 * finite is null. (Class instances, `toJSON` and boxed primitives are not plain data: they are
 * compared as the objects they are.)
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  const ta = typeof a;
  if (ta === 'number' || typeof b === 'number') return jsonNumber(a) === jsonNumber(b);
  if (a === null || b === null || ta !== 'object' || typeof b !== 'object') return false;
  const isArray = Array.isArray(a);
  if (isArray !== Array.isArray(b)) return false;
  if (isArray) {
    const aa = a as unknown[];
    const bb = b as unknown[];
    const n = aa.length;
    if (n !== bb.length) return false;
    for (let i = 0; i < n; i++) {
      const x = aa[i];
      const y = bb[i];
      if (x !== y && !sameJson(x === undefined ? null : x, y === undefined ? null : y)) return false;
    }
    return true;
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  let present = 0;
  for (const k of Object.keys(ao)) {
    const x = ao[k];
    if (x === undefined) continue;
    present++;
    const y = bo[k];
    if (y === undefined || !Object.prototype.hasOwnProperty.call(bo, k) || !sameJson(x, y)) return false;
  }
  // Every member of `a` is one of `b`'s: `b` has no other when it has no more keys.
  const bk = Object.keys(bo);
  if (bk.length === present) return true;
  for (const k of bk) if (bo[k] !== undefined) present--;
  return present === 0;
}

/** A number as JSON writes it (null when not finite); anything else unchanged. */
function jsonNumber(x: unknown): unknown {
  return typeof x === 'number' && !Number.isFinite(x) ? null : x;
}
