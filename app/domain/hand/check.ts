/**
 * Small checks and wording shared by the hand fold: the shape of incoming JSON fields, and
 * how seats, cards and money are written in a dealer's message.
 */
import { findDuplicate, formatCard, formatCards, isCard, type Card } from '../cards';
import { showJson } from '../json';
import { fail, ok, type Result } from '../result';
import { isStaffId } from '../staff/state';
import type { Actor, FloorSignature, SeatNo } from './events';

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

/** Checks a list of card codes: all valid, none twice, and (if given) how many. */
export function checkCards(x: unknown, what: string, count?: number): Result<Card[]> {
  if (!Array.isArray(x)) return fail('bad-event', `${what} must be a list of card codes`);
  const bad = x.findIndex((c) => !isCard(c));
  if (bad >= 0) return fail('bad-card', `${what}: ${showJson(x[bad])} is not a card code (0..51)`);
  const cards = x as Card[];
  const dup = findDuplicate(cards);
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

/** Same multiset of cards (order ignored). */
export function sameCards(a: readonly Card[], b: readonly Card[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((c) => set.has(c));
}

/**
 * The floor people who signed a floor event (`signedBy`), when it names them: one or two
 * different people, the first the one in `by`. Null when the event names none (a log written
 * before staff sign-in).
 */
export function checkFloorSignatures(e: { readonly type: string; readonly by: string; readonly signedBy?: unknown }): Result<readonly FloorSignature[] | null> {
  if (e.signedBy === undefined) return ok(null);
  const list = e.signedBy;
  if (!Array.isArray(list) || list.length < 1 || list.length > 2) {
    return fail('bad-event', `${e.type}: signedBy lists the one or two floor people who gave their PIN, not ${showJson(list)}`);
  }
  for (const [i, x] of (list as unknown[]).entries()) {
    const sig = x as Partial<FloorSignature> | null;
    if (typeof sig !== 'object' || sig === null || !isStaffId(sig.staffId) || !isNonEmptyText(sig.name) || sig.name !== sig.name.trim()) {
      return fail('bad-event', `${e.type}: signedBy[${i}] must be { staffId, name } of a floor person, not ${showJson(x)}`);
    }
  }
  const sigs = list as FloorSignature[];
  if (e.by !== `floor:${sigs[0].name}`) return fail('bad-event', `${e.type}: by must be "floor:${sigs[0].name}", the floor person who signed it first, not ${showJson(e.by)}`);
  if (sigs.length === 2 && sigs[0].staffId === sigs[1].staffId) {
    return fail('same-floor-person', `${e.type}: the second floor person must be someone other than ${sigs[0].name} (${sigs[0].staffId})`);
  }
  return ok(sigs);
}
