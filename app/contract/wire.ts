/**
 * The messages on the browser's WebSocket (`npm run serve`). One JSON object per message:
 *   screen -> terminal  {"t":"req","id":7,"name":"startHand","args":{}}
 *   terminal -> screen  {"t":"res","id":7,"result":{"ok":true,"value":{...}}}
 *                       {"t":"push","name":"view","payload":{...}}
 */
import { fail, ok, type Result } from '../domain/result';
import { isRequestName, type PushName, type RequestName } from './handlers';

export interface RequestMessage {
  readonly t: 'req';
  readonly id: number;
  readonly name: RequestName;
  readonly args: unknown;
}
export interface ReplyMessage {
  readonly t: 'res';
  readonly id: number;
  readonly result: Result<unknown>;
}
export interface PushMessage {
  readonly t: 'push';
  readonly name: PushName;
  readonly payload: unknown;
}
export type ServerMessage = ReplyMessage | PushMessage;

/** The largest request the server reads; a set hand is well under 1 kB. */
export const MAX_REQUEST_BYTES = 64 * 1024;

/** The id of a message that could not be parsed as a request, when it has one (to answer it). */
export function idOf(text: string): number | null {
  try {
    const m = JSON.parse(text) as { id?: unknown };
    return typeof m?.id === 'number' && Number.isSafeInteger(m.id) ? m.id : null;
  } catch {
    return null;
  }
}

/**
 * Parses one request message whose name `isName` accepts (`bad-message`, `unknown-request`):
 * the terminal's requests, or another request table on the same wire (the casino's).
 */
export function parseRequestOf<N extends string>(text: string, isName: (x: unknown) => x is N): Result<{ t: 'req'; id: number; name: N; args: unknown }> {
  let m: unknown;
  try {
    m = JSON.parse(text);
  } catch {
    return fail('bad-message', 'the message is not JSON');
  }
  if (typeof m !== 'object' || m === null) return fail('bad-message', 'the message is not an object');
  const o = m as Record<string, unknown>;
  if (o.t !== 'req') return fail('bad-message', 'the message is not a request');
  if (typeof o.id !== 'number' || !Number.isSafeInteger(o.id)) return fail('bad-message', 'the request has no numeric id');
  if (!isName(o.name)) return fail('unknown-request', `there is no request named ${JSON.stringify(o.name)}`);
  return ok({ t: 'req', id: o.id, name: o.name, args: o.args });
}

/** Parses one message from a screen. */
export function parseRequest(text: string): Result<RequestMessage> {
  return parseRequestOf(text, isRequestName);
}
