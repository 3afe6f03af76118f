/**
 * The payload grammar of the framed format (docs/wire-formats.md, "Payloads"):
 *
 *   card       C<rank><suit>      e.g. CAs, CTd, C9c
 *   status     S<code>            EMPTY | JAM | LID | READY | UNREAD
 *   heartbeat  H
 */
import { formatCard, parseCard, type Card } from '../../app/domain/cards';

/** Status codes on the wire and the status each one reports. */
export const STATUS_CODES = {
  EMPTY: 'shoe-empty',
  JAM: 'jam',
  LID: 'lid-open',
  READY: 'ready',
  UNREAD: 'unreadable',
} as const;

export type StatusCode = keyof typeof STATUS_CODES;

/** What a payload means. */
export type Message =
  | { readonly type: 'card'; readonly card: Card }
  | { readonly type: 'unreadable'; readonly reason: string }
  | { readonly type: 'status'; readonly status: 'shoe-empty' | 'jam' | 'lid-open' | 'ready' }
  | { readonly type: 'heartbeat' }
  | { readonly type: 'unknown'; readonly code: string };

export const HEARTBEAT_PAYLOAD = 'H';

export function cardPayload(card: Card): string {
  return `C${formatCard(card)}`;
}

export function statusPayload(code: StatusCode): string {
  return `S${code}`;
}

/** Interprets a payload. Never throws: what is not understood comes back as `unknown`. */
export function parsePayload(payload: string): Message {
  const type = payload[0];
  const rest = payload.slice(1);
  if (type === 'C') {
    const r = parseCard(rest);
    return r.ok ? { type: 'card', card: r.value } : { type: 'unreadable', reason: `card frame: ${r.error.message}` };
  }
  if (type === 'H' && rest === '') return { type: 'heartbeat' };
  if (type === 'S' && Object.hasOwn(STATUS_CODES, rest)) {
    const status = STATUS_CODES[rest as StatusCode];
    if (status === 'unreadable') return { type: 'unreadable', reason: 'the shoe could not read the card' };
    return { type: 'status', status };
  }
  return { type: 'unknown', code: payload };
}
