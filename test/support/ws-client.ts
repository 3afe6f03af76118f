/** A browser-like WebSocket client for the front doors' tests: requests answered by id. */
import WebSocket from 'ws';
import type { Result } from '../../app/domain/result';

export interface RequestSocket {
  /** Sends one request and waits for its reply. */
  ask<T>(name: string, args?: unknown): Promise<Result<T>>;
  close(): void;
}

/** Opens the socket of the page at `pageUrl` (its token on the URL, as a browser carries it). */
export async function requestSocket(pageUrl: string): Promise<RequestSocket> {
  const u = new URL(pageUrl);
  const ws = new WebSocket(`${u.protocol === 'https:' ? 'wss' : 'ws'}://${u.host}/ws${u.search}`);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let id = 0;
  const waiting = new Map<number, (r: Result<unknown>) => void>();
  ws.on('message', (m) => {
    const msg = JSON.parse(m.toString()) as { t: string; id: number; result: Result<unknown> };
    if (msg.t === 'res') {
      waiting.get(msg.id)?.(msg.result);
      waiting.delete(msg.id);
    }
  });
  return {
    ask: <T>(name: string, args: unknown = {}) => new Promise<Result<T>>((resolve) => {
      const n = ++id;
      waiting.set(n, resolve as (r: Result<unknown>) => void);
      ws.send(JSON.stringify({ t: 'req', id: n, name, args }));
    }),
    close: () => ws.close(),
  };
}
