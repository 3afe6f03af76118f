/**
 * Cards and device reads as callers give them: a card code or its text, a list of them, raw
 * device bytes; and where a read came from. Checked into the domain's types here, once.
 */
import { isCard, parseCard, parseCards, type Card } from '../domain/cards';
import { fail, ok, type Result } from '../domain/result';

/** A card given by a caller: its code (0..51) or its text (`As`, `10d`, `A♠`). */
export type CardInput = Card | string;


/** Device bytes as lower-case hex (text is taken as hex already). */
export function toHex(raw: Uint8Array | string | undefined): string {
  if (raw === undefined) return '';
  if (typeof raw === 'string') return raw.toLowerCase();
  return Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('hex');
}

/** One card from its code or text; the refusal names `what`. */
export function cardOf(input: CardInput, what: string): Result<Card> {
  if (typeof input === 'number') return isCard(input) ? ok(input) : fail('bad-card', `${what}: ${input} is not a card code (0..51)`);
  if (typeof input === 'string') return named(parseCard(input), what);
  return fail('bad-card', `${what}: ${JSON.stringify(input)} is not a card`);
}

/** A list of cards (or a text of them), or undefined when none is given; refusals name `what` and the card's place. */
export function cardsOf(input: readonly CardInput[] | string | undefined, what: string): Result<Card[] | undefined> {
  if (input === undefined) return ok(undefined);
  if (typeof input === 'string') return named(parseCards(input), what);
  if (!Array.isArray(input)) return fail('bad-card', `${what}: a list of cards is expected`);
  const out: Card[] = [];
  for (const [i, c] of input.entries()) {
    const r = cardOf(c, `${what} card ${i + 1}`);
    if (!r.ok) return r;
    out.push(r.value);
  }
  return ok(out);
}

/** `r`, its refusal's message led by `what` (the domain's card parser does not know what was being read). */
function named<V>(r: Result<V>, what: string): Result<V> {
  return r.ok ? r : fail(r.error.code, `${what}: ${r.error.message}`);
}

/** Which device a read came from, and whether it is the simulator (marked in the log). */
export interface ReadOrigin {
  readonly device?: string;
  readonly simulated?: boolean;
}

/** The origin fields of a read event: the device, and `simulated: true` for a simulator. */
export function originOf(o: ReadOrigin): { device?: string; simulated?: true } {
  return { ...(o.device !== undefined ? { device: o.device } : {}), ...(o.simulated ? { simulated: true as const } : {}) };
}
