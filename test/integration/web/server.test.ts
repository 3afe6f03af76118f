// The web front door (app/web/server.ts) over real HTTP and a real WebSocket: the token on
// every request and on the socket, the foreign-origin refusal, static files without path
// escapes, the security headers, requests answered through the dispatch, pushes fanned out.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MAX_REQUEST_BYTES } from '../../../app/contract/wire';
import { fail, ok } from '../../../app/domain/result';
import { startWebServer, type WebServer } from '../../../app/web/server';
import { stubScreens, type Pusher } from './stub-screen';

let dir: string;
let server: WebServer;
const pushListeners = new Set<Pusher>();
const screensSeen = { opened: [] as string[], closed: [] as string[] };
const calls: { name: string; args: unknown }[] = [];
const logged: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cpt-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>t</title>');
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(dir, '..', 'cpt-secret.txt'), 'secret');
  server = await startWebServer({
    rendererDir: dir,
    token: 'a'.repeat(64),
    openScreen: stubScreens(async (name, args) => {
      calls.push({ name, args });
      return name === 'startHand' ? fail('no-players', 'two players must be seated') : ok({ echoed: args });
    }, pushListeners, screensSeen),
    log: (line) => logged.push(line),
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(join(dir, '..', 'cpt-secret.txt'), { force: true });
});

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, method, headers }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function openSocket(path: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}${path}`, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
}

describe('web server', () => {
  it('prints a loopback URL carrying the token', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=${'a'.repeat(64)}`);
  });

  it('refuses every request without the token, and with a wrong one', async () => {
    expect((await get('/')).status).toBe(401);
    expect((await get('/assets/app.js')).status).toBe(401);
    expect((await get(`/?token=${'b'.repeat(64)}`)).status).toBe(401);
    expect((await get('/', { cookie: `cpt_token=${'b'.repeat(64)}` })).status).toBe(401);
  });

  it('serves the page with the token and sets the cookie the assets then use', async () => {
    const page = await get(`/?token=${'a'.repeat(64)}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>t</title>');
    expect(String(page.headers['set-cookie'])).toMatch(/cpt_token=a{64}; HttpOnly; SameSite=Strict/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const asset = await get('/assets/app.js', { cookie: `cpt_token=${'a'.repeat(64)}` });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
  });

  it('never serves a file outside the renderer folder', async () => {
    const c = { cookie: `cpt_token=${'a'.repeat(64)}` };
    expect((await get('/../cpt-secret.txt', c)).status).toBe(404);
    expect((await get('/%2e%2e/cpt-secret.txt', c)).status).toBe(404);
    expect((await get('/assets/..%2f..%2fcpt-secret.txt', c)).status).toBe(404);
  });

  it('answers only GET and HEAD', async () => {
    expect((await get(`/?token=${'a'.repeat(64)}`, {}, 'POST')).status).toBe(405);
  });

  it('refuses a socket without the token, with a wrong one, on another path, or from a foreign origin; and says so in the log', async () => {
    const good = 'a'.repeat(64);
    const before = logged.length;
    await expect(openSocket('/ws')).rejects.toThrow(/401/);
    await expect(openSocket(`/ws?token=${'b'.repeat(64)}`)).rejects.toThrow(/401/);
    await expect(openSocket(`/ws?token=${good.slice(1)}`)).rejects.toThrow(/401/); // one character short
    await expect(openSocket('/ws', { cookie: `cpt_token=${'b'.repeat(64)}` })).rejects.toThrow(/401/);
    await expect(openSocket(`/other?token=${good}`)).rejects.toThrow(/401/);
    await expect(openSocket(`/ws?token=${good}`, { origin: 'http://evil.example' })).rejects.toThrow(/401/);
    await expect(openSocket(`/ws?token=${good}`, { origin: 'null' })).rejects.toThrow(/401/);
    await expect(openSocket(`/ws?token=${good}`, { origin: `http://localhost.evil.example:${server.port}` })).rejects.toThrow(/401/);
    const refusals = logged.slice(before);
    expect(refusals).toHaveLength(8);
    expect(refusals.filter((l) => l.includes('wrong or missing token'))).toHaveLength(4);
    expect(refusals.filter((l) => l.includes('foreign origin'))).toHaveLength(3);
    expect(refusals.some((l) => l.includes('path /other'))).toBe(true);
    expect(calls).toEqual([]);
  });

  it('opens the socket on the page\'s cookie from the page\'s own origin', async () => {
    const ws = await openSocket('/ws', { cookie: `cpt_token=${'a'.repeat(64)}`, origin: `http://127.0.0.1:${server.port}` });
    ws.close();
  });

  it('answers a path that is not valid percent-encoding with 400', async () => {
    const c = { cookie: `cpt_token=${'a'.repeat(64)}` };
    expect((await get('/%E0%A4%A', c)).status).toBe(400);
    expect((await get('/assets/%', c)).status).toBe(400);
  });

  it('answers a malformed message in words, stays open after rubbish, and closes a socket that sends more than the size limit', async () => {
    const ws = await openSocket(`/ws?token=${'a'.repeat(64)}`);
    const next = () => new Promise<Record<string, unknown>>((r) => ws.once('message', (d) => r(JSON.parse(d.toString()))));
    let m = next();
    ws.send(JSON.stringify({ t: 'nope', id: 9 }));
    expect(await m).toMatchObject({ t: 'res', id: 9, result: { ok: false, error: { code: 'bad-message' } } });
    ws.send('not json at all'); // nothing to answer: no id
    m = next();
    ws.send(JSON.stringify({ t: 'req', id: 11, name: 'executePayment', args: { index: 0 } }));
    expect(await m).toMatchObject({ t: 'res', id: 11, result: { ok: true } });
    const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
    ws.send(JSON.stringify({ t: 'req', id: 10, name: 'executePayment', args: { pad: 'x'.repeat(MAX_REQUEST_BYTES) } }));
    expect(await closed).toBe(1009);
    expect(calls.filter((c) => (c.args as { pad?: string }).pad !== undefined)).toEqual([]);
    calls.length = 0;
  });

  it('closes a socket that sends a binary message as unsupported data (1003), saying why', async () => {
    const ws = await openSocket(`/ws?token=${'a'.repeat(64)}`);
    const closed = new Promise<{ code: number; reason: string }>((r) => ws.once('close', (code, reason) => r({ code, reason: reason.toString() })));
    ws.send(Buffer.from(JSON.stringify({ t: 'req', id: 12, name: 'executePayment', args: { index: 0 } })), { binary: true });
    expect(await closed).toEqual({ code: 1003, reason: 'binary messages are not accepted: send each request as JSON text' });
    expect(calls.filter((c) => c.name === 'executePayment')).toEqual([]);
    expect(logged.at(-1)).toMatch(/binary message/);
  });

  it('answers requests through the dispatch and fans pushed views out', async () => {
    const ws = await openSocket(`/ws?token=${'a'.repeat(64)}`, { origin: `http://127.0.0.1:${server.port}` });
    const next = () => new Promise<Record<string, unknown>>((r) => ws.once('message', (d) => r(JSON.parse(d.toString()))));
    let m = next();
    ws.send(JSON.stringify({ t: 'req', id: 1, name: 'executePayment', args: { index: 2 } }));
    expect(await m).toEqual({ t: 'res', id: 1, result: { ok: true, value: { echoed: { index: 2 } } } });
    m = next();
    ws.send(JSON.stringify({ t: 'req', id: 2, name: 'startHand', args: {} }));
    expect(await m).toEqual({ t: 'res', id: 2, result: { ok: false, error: { code: 'no-players', message: 'two players must be seated' } } });
    // An unknown request name is refused and never reaches the dispatch.
    m = next();
    ws.send(JSON.stringify({ t: 'req', id: 3, name: 'dropTables', args: {} }));
    expect(await m).toMatchObject({ t: 'res', id: 3, result: { ok: false, error: { code: 'unknown-request' } } });
    m = next();
    for (const l of pushListeners) l('view', { marker: 'view-1' });
    expect(await m).toEqual({ t: 'push', name: 'view', payload: { marker: 'view-1' } });
    expect(calls.map((c) => c.name)).toEqual(['executePayment', 'startHand']);
    // Each socket is its own screen, closed (its people signed out) when the socket goes.
    const label = screensSeen.opened.at(-1)!;
    expect(screensSeen.closed).not.toContain(label);
    ws.close();
    const deadline = Date.now() + 15_000;
    while (!screensSeen.closed.includes(label) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(screensSeen.closed).toContain(label);
  });
});
