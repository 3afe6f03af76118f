/**
 * The terminal as a local web server (`npm run serve`): the built renderer over HTTP (HTTPS
 * with a certificate) and the contract over one WebSocket per screen, for a browser on this
 * machine (or, with `--host`, on the floor's network). A random token made at launch is
 * required on every request: the first page load carries it as `?token=`, which sets an
 * HttpOnly, SameSite=Strict cookie for the page's assets and socket; anything without it gets
 * 401. The socket also refuses a foreign Origin. The token lets a browser reach the terminal;
 * each socket is then its own screen, where a person signs in with his PIN before he can act
 * (app/terminal/screens.ts). No logic here: requests go to the same dispatch as Electron's IPC.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { PushName } from '../contract/handlers';
import { idOf, MAX_REQUEST_BYTES, parseRequest, type ServerMessage } from '../contract/wire';
import type { Result } from '../domain/result';

/** One socket's screen (app/terminal/terminal.ts `ScreenLink`). */
export interface WebScreen {
  readonly label: string;
  request(name: string, args: unknown): Promise<Result<unknown>>;
  onPush(listener: (name: PushName, payload: unknown) => void): () => void;
  close(): void;
}

export interface WebServerOptions {
  /** Folder of the built renderer (index.html and assets/). */
  readonly rendererDir: string;
  /** A new screen for each socket. */
  readonly openScreen: () => WebScreen;
  /** Serve HTTPS with this certificate and key (PEM); plain HTTP without. */
  readonly tls?: { readonly cert: Buffer | string; readonly key: Buffer | string };
  /** 127.0.0.1 unless the operator asks for another interface. */
  readonly host?: string;
  /** 0 picks a free port. */
  readonly port?: number;
  /** Fixed token (tests); otherwise 32 random bytes, hex. */
  readonly token?: string;
  readonly log?: (line: string) => void;
  /** Reads one message of a socket (default: the terminal's requests, app/contract/wire.ts);
   *  another front door gives its own request table's. */
  readonly parseRequest?: (text: string) => Result<{ readonly id: number; readonly name: string; readonly args: unknown }>;
  /** The command named in the 401 page (default `npm run serve`). */
  readonly command?: string;
  /** Files served at these paths (`/chart.umd.min.js`) from outside `rendererDir` (a library's built file), behind the same token. */
  readonly assets?: Readonly<Record<string, string>>;
}

export interface WebServer {
  /** The URL to open, with the token. */
  readonly url: string;
  readonly port: number;
  readonly token: string;
  close(): Promise<void>;
}

const COOKIE = 'cpt_token';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** The policy the page runs under (the same as the meta tag in renderer/index.html, plus
 *  what only a header can say). */
const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; " +
  "base-uri 'none'; form-action 'none'; object-src 'none'; frame-ancestors 'none'";

/** True for an address only this machine reaches. */
export function isLoopback(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

function sameToken(given: string | null | undefined, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function cookieToken(req: IncomingMessage): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === COOKIE) return decodeURIComponent(v.join('='));
  }
  return null;
}

function securityHeaders(res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
}

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const token = options.token ?? randomBytes(32).toString('hex');
  const root = resolve(options.rendererDir);
  const log = options.log ?? (() => {});
  const sockets = new Set<WebSocket>();

  /** The request's token: `?token=` on the URL, else the cookie. */
  function tokenOf(req: IncomingMessage, url: URL): { ok: boolean; fromQuery: boolean } {
    const q = url.searchParams.get('token');
    if (q !== null) return { ok: sameToken(q, token), fromQuery: true };
    return { ok: sameToken(cookieToken(req), token), fromQuery: false };
  }

  async function serveFile(res: ServerResponse, path: string, head: boolean): Promise<void> {
    const body = await readFile(path);
    res.statusCode = 200;
    res.setHeader('Content-Type', TYPES[extname(path)] ?? 'application/octet-stream');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Length', body.length);
    res.end(head ? undefined : body);
  }

  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      securityHeaders(res);
      const url = new URL(req.url ?? '/', 'http://terminal.invalid');
      const auth = tokenOf(req, url);
      if (!auth.ok) {
        res.statusCode = 401;
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.end(`This page needs the link with its token, as printed where \`${options.command ?? 'npm run serve'}\` was started.\n`);
        return;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.statusCode = 405;
        res.setHeader('Allow', 'GET, HEAD');
        res.end();
        return;
      }
      if (auth.fromQuery) {
        res.setHeader('Set-Cookie', `${COOKIE}=${encodeURIComponent(token)}; HttpOnly; SameSite=Strict; Path=/`);
      }
      let decoded: string;
      try {
        decoded = decodeURIComponent(url.pathname);
      } catch {
        res.statusCode = 400;
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.end('bad path\n');
        return;
      }
      const asset = options.assets && Object.prototype.hasOwnProperty.call(options.assets, url.pathname) ? options.assets[url.pathname] : undefined;
      if (asset !== undefined) {
        await serveFile(res, asset, req.method === 'HEAD');
        return;
      }
      const rel = url.pathname === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
      const path = normalize(join(root, rel));
      if (path !== root && !path.startsWith(root + sep)) {
        res.statusCode = 404;
        res.end();
        return;
      }
      try {
        const s = await stat(path);
        if (!s.isFile()) throw new Error('not a file');
        await serveFile(res, path, req.method === 'HEAD');
      } catch {
        res.statusCode = 404;
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.end('not found\n');
      }
    })().catch((e: unknown) => {
      log(`web: ${e instanceof Error ? e.message : String(e)}`);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  };
  const server: Server = options.tls ? createTlsServer({ cert: options.tls.cert, key: options.tls.key }, onRequest) : createServer(onRequest);

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_REQUEST_BYTES });

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://terminal.invalid');
    const origin = req.headers.origin;
    const host = req.headers.host;
    const originOk = origin === undefined || (host !== undefined && (origin === `http://${host}` || origin === `https://${host}`));
    if (url.pathname !== '/ws' || !tokenOf(req, url).ok || !originOk) {
      const why = url.pathname !== '/ws' ? `path ${url.pathname}` : !originOk ? `foreign origin ${JSON.stringify(origin)}` : 'wrong or missing token';
      log(`web: refused a socket from ${req.socket.remoteAddress ?? '?'}: ${why}`);
      socket.write('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  function send(ws: WebSocket, message: ServerMessage): void {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  }

  wss.on('connection', (ws: WebSocket) => {
    sockets.add(ws);
    // Each socket is one screen, with its own sign-ins; it hears every view and its own session.
    const screen = options.openScreen();
    const stopPushes = screen.onPush((name, payload) => send(ws, { t: 'push', name, payload }));
    const gone = () => {
      if (!sockets.delete(ws)) return;
      stopPushes();
      screen.close();
    };
    ws.on('close', gone);
    ws.on('error', gone);
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        // The protocol is one JSON text per message: a binary frame cannot carry a request
        // (nor an id to answer), so the socket is closed as "unsupported data", in words.
        log('web: closed a socket that sent a binary message (requests are JSON text)');
        ws.close(1003, 'binary messages are not accepted: send each request as JSON text');
        return;
      }
      const text = data.toString();
      const parsed = (options.parseRequest ?? parseRequest)(text);
      if (!parsed.ok) {
        log(`web: refused a message: ${parsed.error.message}`);
        const id = idOf(text);
        if (id !== null) send(ws, { t: 'res', id, result: parsed });
        return;
      }
      const { id, name, args } = parsed.value;
      void screen.request(name, args).then((result) => send(ws, { t: 'res', id, result }));
    });
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((ok, ko) => {
    server.once('error', ko);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', ko);
      ok();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  return {
    url: `${options.tls ? 'https' : 'http'}://${shownHost}:${port}/?token=${token}`,
    port,
    token,
    async close() {
      // Each socket's screen is closed (its people signed out) as its close event comes.
      for (const ws of sockets) ws.terminate();
      wss.close();
      await new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}
