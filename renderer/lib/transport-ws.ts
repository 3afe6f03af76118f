/**
 * The contract over the browser's WebSocket (`npm run serve`): requests carry an id, replies
 * come back with it, pushed events interleave. Reconnects with backoff when the link drops;
 * a request made while the link is down is refused at once (`link-down`: nothing was sent);
 * one in flight when the link drops is answered `link-dropped` (it may or may not have been
 * done: the screen asks for the whole state again once reconnected).
 *
 * A browser's WebSocket does not say why a connection was refused, so after each close the
 * transport asks the page's server (`probeUrl`, with the page's token cookie): a 401 means
 * the terminal no longer takes this page's token (`npm run serve` restarted with a new one),
 * reported through `onRefused` so the screen can say the page needs the new link.
 */
import type { Transport } from '../../app/contract/client';
import type { PushName, RequestName } from '../../app/contract/handlers';
import type { ServerMessage } from '../../app/contract/wire';
import { fail, type Result } from '../../app/domain/result';

export interface WebSocketTransportOptions {
  /** ws:// URL including the token. */
  readonly url: string;
  /** Per-request time limit, ms. */
  readonly timeoutMs?: number;
  /** For tests: the WebSocket constructor. */
  readonly WebSocketImpl?: typeof WebSocket;
  /** Asked with HEAD after the link closes (the page's own origin); none: never asked. */
  readonly probeUrl?: string;
  /** For tests: `fetch`. */
  readonly fetchImpl?: typeof fetch;
}

export function createWebSocketTransport(options: WebSocketTransportOptions): Transport & { close(): void } {
  const Impl = options.WebSocketImpl ?? WebSocket;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const pushListeners = new Set<(name: PushName, payload: unknown) => void>();
  const linkListeners = new Set<(up: boolean) => void>();
  const refusedListeners = new Set<(refused: boolean) => void>();
  const pending = new Map<number, { resolve: (r: Result<unknown>) => void; timer: ReturnType<typeof setTimeout> }>();
  let socket: WebSocket | null = null;
  let up = false;
  let refused = false;
  let nextId = 1;
  let closed = false;
  let backoff = 250;

  function setLink(value: boolean) {
    if (up === value) return;
    up = value;
    for (const l of linkListeners) l(value);
  }

  function setRefused(value: boolean) {
    if (refused === value) return;
    refused = value;
    for (const l of refusedListeners) l(value);
  }

  /** Whether the server still takes the page's token: 401 refused; unreachable says nothing. */
  async function probe(): Promise<void> {
    const fetchImpl = options.fetchImpl ?? (typeof fetch === 'function' ? fetch : undefined);
    if (!options.probeUrl || !fetchImpl) return;
    try {
      const res = await fetchImpl(options.probeUrl, { method: 'HEAD', credentials: 'same-origin', cache: 'no-store' });
      if (!closed && !up) setRefused(res.status === 401);
    } catch {
      // The terminal is not there (yet): a plain link-down, whatever it was before.
      if (!closed && !up) setRefused(false);
    }
  }

  function failAll(message: string) {
    for (const [id, p] of pending) {
      clearTimeout(p.timer);
      // The request may have reached the terminal and been done: not the same as link-down.
      p.resolve(fail('link-dropped', message));
      pending.delete(id);
    }
  }

  function connect() {
    if (closed) return;
    const ws = new Impl(options.url);
    socket = ws;
    ws.onopen = () => {
      backoff = 250;
      setRefused(false);
      setLink(true);
    };
    ws.onmessage = (e) => {
      let m: ServerMessage;
      try {
        m = JSON.parse(String(e.data)) as ServerMessage;
      } catch {
        return;
      }
      if (m.t === 'res') {
        const p = pending.get(m.id);
        if (p) {
          clearTimeout(p.timer);
          pending.delete(m.id);
          p.resolve(m.result);
        }
      } else if (m.t === 'push') {
        for (const l of pushListeners) l(m.name, m.payload);
      }
    };
    // A failed connection is followed by close, which retries; nothing to do here.
    ws.onerror = () => {};
    ws.onclose = () => {
      socket = null;
      setLink(false);
      failAll('the connection to the terminal dropped; the request may not have been done');
      if (!closed) {
        void probe();
        setTimeout(connect, backoff);
        backoff = Math.min(backoff * 2, 5_000);
      }
    };
  }

  connect();

  return {
    request(name: RequestName, args: unknown): Promise<Result<unknown>> {
      if (!socket || !up) return Promise.resolve(fail('link-down', 'not connected to the terminal'));
      const id = nextId++;
      const ws = socket;
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          resolve(fail('timeout', `the terminal did not answer ${name} in time`));
        }, timeoutMs);
        pending.set(id, { resolve, timer });
        ws.send(JSON.stringify({ t: 'req', id, name, args }));
      });
    },
    onPush(listener) {
      pushListeners.add(listener);
      return () => pushListeners.delete(listener);
    },
    onLink(listener) {
      linkListeners.add(listener);
      listener(up);
      return () => linkListeners.delete(listener);
    },
    onRefused(listener) {
      refusedListeners.add(listener);
      listener(refused);
      return () => refusedListeners.delete(listener);
    },
    close() {
      closed = true;
      socket?.close();
    },
  };
}
