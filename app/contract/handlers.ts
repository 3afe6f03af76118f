/**
 * The one typed contract between the dealer screen and the terminal, in the style of
 * Actual's handler map: one `Handlers` type naming every request with its argument and
 * reply, one list of pushed events, and nothing else crossing the boundary. The requests are
 * declared once, in the request table (app/contract/requests.ts); everything here is derived
 * from it.
 *
 * - Electron: the preload exposes one named method per request (no generic invoke) and
 *   main registers the same names with `ipcMain.handle` (app/main, app/preload).
 * - Browser (`npm run serve`): the same requests over one WebSocket (app/web).
 * Both front doors call the same handler map (app/terminal/handlers.ts).
 *
 * Every reply is a `Result`: a refusal is a value with a stable code and a message a
 * dealer understands, shown on screen as is; nothing throws across the boundary.
 */
import { REQUEST_NAMES, type RequestArgs, type RequestName, type RequestReply } from './requests';
import type { SessionView } from './session';
import type { TerminalView } from './view';

export {
  READER_ROLES, REQUEST_NAMES, REQUESTS, SCREEN_PURPOSES, accessWords, argumentKeys,
  type Access, type Replies, type RequestArgs, type RequestName, type RequestReply, type RequestSpec,
} from './requests';

/**
 * Request name -> (argument, caller) -> reply, one entry per request of the table: a handler
 * map missing a request, or taking or answering other types, does not compile. `Caller` is
 * what the terminal knows of who sent it (the screen, and the people whose PINs it carried).
 */
export type Handlers<Caller = unknown> = {
  readonly [K in RequestName]: (args: RequestArgs<K>, caller: Caller) => Promise<RequestReply<K>>;
};

/** Pushed from the terminal to a screen. */
export interface PushEvents {
  /** The whole state after a change (to every screen). */
  view: TerminalView;
  /** Who is signed in on this screen, after a change (to that screen only). */
  session: SessionView;
}
export type PushName = keyof PushEvents;

/** The IPC channel of a request in Electron. */
export function ipcChannel(name: RequestName): string {
  return `terminal:${name}`;
}
/** The IPC channel of a pushed event in Electron. */
export function pushChannel(name: PushName): string {
  return `terminal-push:${name}`;
}

export function isRequestName(x: unknown): x is RequestName {
  return typeof x === 'string' && (REQUEST_NAMES as readonly string[]).includes(x);
}
