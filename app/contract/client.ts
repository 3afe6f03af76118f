/**
 * The renderer's side of the contract: one generic `send<K>` and one `on<E>`, over
 * whichever transport the screen runs on (the Electron preload bridge or a WebSocket).
 */
import type { Result } from '../domain/result';
import type { PushEvents, PushName, RequestArgs, RequestName, RequestReply } from './handlers';

/** How requests and pushed events travel. Implementations never throw from `request`. */
export interface Transport {
  request(name: RequestName, args: unknown): Promise<Result<unknown>>;
  onPush(listener: (name: PushName, payload: unknown) => void): () => void;
  /** Link state for transports that can drop (the WebSocket); Electron's is always up. */
  onLink?(listener: (up: boolean) => void): () => void;
  /**
   * True while the link is down because the terminal refuses this screen's token (it was
   * restarted with a new one: retrying cannot help, the page needs the new link).
   */
  onRefused?(listener: (refused: boolean) => void): () => void;
}

export interface Client {
  send<K extends RequestName>(name: K, args: RequestArgs<K>): Promise<RequestReply<K>>;
  on<E extends PushName>(name: E, listener: (payload: PushEvents[E]) => void): () => void;
  onLink(listener: (up: boolean) => void): () => void;
  onRefused(listener: (refused: boolean) => void): () => void;
}

export function createClient(transport: Transport): Client {
  return {
    send: (name, args) => transport.request(name, args) as Promise<never>,
    on: (name, listener) =>
      transport.onPush((n, payload) => {
        if (n === name) listener(payload as never);
      }),
    onLink: (listener) => (transport.onLink ? transport.onLink(listener) : (listener(true), () => {})),
    onRefused: (listener) => (transport.onRefused ? transport.onRefused(listener) : (listener(false), () => {})),
  };
}

/**
 * What the Electron preload puts on `window.terminal`: one named method per request and
 * one named subscription per pushed event. Nothing generic.
 */
export type TerminalBridge = {
  readonly [K in RequestName]: (args: RequestArgs<K>) => Promise<RequestReply<K>>;
} & {
  /** Subscribes to `view` pushes; returns the unsubscribe function. */
  readonly onView: (listener: (view: PushEvents['view']) => void) => () => void;
  /** Subscribes to this screen's `session` pushes; returns the unsubscribe function. */
  readonly onSession: (listener: (session: PushEvents['session']) => void) => () => void;
};
