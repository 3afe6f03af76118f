// The browser's side of the contract (renderer/lib/transport-ws.ts) against the real web
// server: request and reply by id, pushed views, a refusal in words while the link is down,
// and the reconnection when the terminal comes back.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createClient } from '../../../app/contract/client';
import { stubScreens, type Pusher } from './stub-screen';
import { ok } from '../../../app/domain/result';
import { startWebServer, type WebServer } from '../../../app/web/server';
import { createWebSocketTransport } from '../../../renderer/lib/transport-ws';

const dir = mkdtempSync(join(tmpdir(), 'cpt-ws-'));
writeFileSync(join(dir, 'index.html'), '<!doctype html>');
const listeners = new Set<Pusher>();
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function serve(port = 0): Promise<WebServer> {
  const s = await startWebServer({
    rendererDir: dir,
    token: 't'.repeat(64),
    port,
    openScreen: stubScreens(async (name, args) => ok({ name, args }), listeners),
  });
  return s;
}

/** Waits (up to 15 s of wall time, however slow the machine) until `test()` holds. */
const waitFor = async (test: () => boolean) => {
  const deadline = Date.now() + 15_000;
  while (!test() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  if (!test()) throw new Error('timed out');
};

/** A client on the right token, closed after the test, once its link is up. */
async function linkedClient(port: number): Promise<ReturnType<typeof createClient>> {
  const transport = createWebSocketTransport({ url: `ws://127.0.0.1:${port}/ws?token=${'t'.repeat(64)}`, WebSocketImpl: WebSocket as never });
  cleanups.push(() => transport.close());
  const client = createClient(transport);
  let up = false;
  client.onLink((u) => (up = u));
  await waitFor(() => up);
  return client;
}

describe('WebSocket transport', () => {
  it('sends requests, gets their replies and pushed views', async () => {
    const server = await serve();
    cleanups.push(() => server.close());
    const client = await linkedClient(server.port);
    expect(await client.send('executePayment', { index: 2 })).toEqual({ ok: true, value: { name: 'executePayment', args: { index: 2 } } });
    const seen: unknown[] = [];
    client.on('view', (v) => seen.push(v));
    for (const l of listeners) l('view', { marker: 1 });
    await waitFor(() => seen.length === 1);
    expect(seen).toEqual([{ marker: 1 }]);
  });

  it('refuses in words while the link is down and reconnects when the terminal is back', async () => {
    const first = await serve();
    const port = first.port;
    const transport = createWebSocketTransport({ url: `ws://127.0.0.1:${port}/ws?token=${'t'.repeat(64)}`, WebSocketImpl: WebSocket as never });
    cleanups.push(() => transport.close());
    const client = createClient(transport);
    const links: boolean[] = [];
    client.onLink((u) => links.push(u));
    await waitFor(() => links.at(-1) === true);
    await first.close();
    await waitFor(() => links.at(-1) === false);
    expect(await client.send('settle', {})).toMatchObject({ ok: false, error: { code: 'link-down' } });
    const second = await serve(port);
    cleanups.push(() => second.close());
    await waitFor(() => links.at(-1) === true);
    expect(await client.send('settle', {})).toMatchObject({ ok: true });
  });

  it('is refused without the token: the link never comes up, however often it tries', async () => {
    const server = await serve();
    cleanups.push(() => server.close());
    let attempts = 0;
    class Counting extends WebSocket {
      constructor(url: string) {
        super(url);
        attempts++;
      }
    }
    const transport = createWebSocketTransport({ url: `ws://127.0.0.1:${server.port}/ws?token=wrong`, WebSocketImpl: Counting as never });
    cleanups.push(() => transport.close());
    const client = createClient(transport);
    const links: boolean[] = [];
    client.onLink((u) => links.push(u));
    // A second attempt starts only after the first one was answered (refused) and closed.
    await waitFor(() => attempts >= 2);
    expect(links.every((u) => u === false)).toBe(true);
    expect(await client.send('settle', {})).toMatchObject({ ok: false, error: { code: 'link-down' } });
  });

  it('says the token is refused when the terminal restarted with a new one, and not when it is merely away', async () => {
    const first = await serve();
    const port = first.port;
    const token = 't'.repeat(64);
    // In the browser the probe carries the page's cookie; Node's fetch has none, so the token rides on the URL.
    const transport = createWebSocketTransport({
      url: `ws://127.0.0.1:${port}/ws?token=${token}`, WebSocketImpl: WebSocket as never, probeUrl: `http://127.0.0.1:${port}/?token=${token}`,
    });
    cleanups.push(() => transport.close());
    const client = createClient(transport);
    const links: boolean[] = [];
    const refusals: boolean[] = [];
    client.onLink((u) => links.push(u));
    client.onRefused((r) => refusals.push(r));
    await waitFor(() => links.at(-1) === true);
    await first.close();
    await waitFor(() => links.at(-1) === false);
    // Away: nothing answers the probe; that is a plain link-down.
    await new Promise((r) => setTimeout(r, 300));
    expect(refusals).toEqual([false]);
    const restarted = await startWebServer({ rendererDir: dir, token: 'n'.repeat(64), port, openScreen: stubScreens(async () => ok(null)) });
    cleanups.push(() => restarted.close());
    await waitFor(() => refusals.at(-1) === true);
    expect(links.at(-1)).toBe(false);
    expect(await client.send('settle', {})).toMatchObject({ ok: false, error: { code: 'link-down' } });
  });

  it('a request on its way when the link drops is answered link-dropped (it may have been done), not left hanging', async () => {
    let release: () => void = () => {};
    const server = await startWebServer({
      rendererDir: dir,
      token: 't'.repeat(64),
      // The terminal takes the request and is cut off before it answers.
      openScreen: stubScreens(() => new Promise((r) => (release = () => r(ok('done'))))),
    });
    const client = await linkedClient(server.port);
    const reply = client.send('executePayment', { index: 0 });
    await new Promise((r) => setTimeout(r, 0));
    await server.close();
    expect(await reply).toMatchObject({ ok: false, error: { code: 'link-dropped' } });
    release();
  });
});

process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
