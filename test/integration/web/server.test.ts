// The web front door (app/web/server.ts) over real HTTP and a real WebSocket: the token on
// every request and on the socket, the foreign-origin refusal, static files without path
// escapes, the security headers, requests answered through the dispatch, pushes fanned out.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { PushEvents } from '../../../app/contract/handlers';
import { fail, ok } from '../../../app/domain/result';
import { startWebServer, type WebServer } from '../../../app/web/server';

let dir: string;
let server: WebServer;
const pushListeners = new Set<(v: PushEvents['view']) => void>();
const calls: { name: string; args: unknown }[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cpt-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>t</title>');
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(dir, '..', 'cpt-secret.txt'), 'secret');
  server = await startWebServer({
    rendererDir: dir,
    token: 'a'.repeat(64),
    dispatch: async (name, args) => {
      calls.push({ name, args });
      return name === 'startHand' ? fail('no-players', 'two players must be seated') : ok({ echoed: args });
    },
    subscribe: (_name, listener) => {
      pushListeners.add(listener as never);
      return () => pushListeners.delete(listener as never);
    },
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

  it('refuses a socket without the token or from a foreign origin', async () => {
    await expect(openSocket('/ws')).rejects.toThrow(/401/);
    await expect(openSocket(`/ws?token=${'a'.repeat(64)}`, { origin: 'http://evil.example' })).rejects.toThrow(/401/);
  });

  it('answers requests through the dispatch and fans pushed views out', async () => {
    const ws = await openSocket(`/ws?token=${'a'.repeat(64)}`, { origin: `http://127.0.0.1:${server.port}` });
    const next = () => new Promise<Record<string, unknown>>((r) => ws.once('message', (d) => r(JSON.parse(d.toString()))));
    let m = next();
    ws.send(JSON.stringify({ t: 'req', id: 1, name: 'markPaid', args: { index: 2 } }));
    expect(await m).toEqual({ t: 'res', id: 1, result: { ok: true, value: { echoed: { index: 2 } } } });
    m = next();
    ws.send(JSON.stringify({ t: 'req', id: 2, name: 'startHand', args: {} }));
    expect(await m).toEqual({ t: 'res', id: 2, result: { ok: false, error: { code: 'no-players', message: 'two players must be seated' } } });
    // An unknown request name is refused and never reaches the dispatch.
    m = next();
    ws.send(JSON.stringify({ t: 'req', id: 3, name: 'dropTables', args: {} }));
    expect(await m).toMatchObject({ t: 'res', id: 3, result: { ok: false, error: { code: 'unknown-request' } } });
    m = next();
    for (const l of pushListeners) l({ marker: 'view-1' } as never);
    expect(await m).toEqual({ t: 'push', name: 'view', payload: { marker: 'view-1' } });
    expect(calls.map((c) => c.name)).toEqual(['markPaid', 'startHand']);
    ws.close();
  });
});
