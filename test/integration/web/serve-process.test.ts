/**
 * `npm run serve` as a process (app/web/serve.ts under tsx): the flags it refuses before it
 * listens, and HTTPS with a certificate for a `--host` beyond loopback. Apart from the in-process
 * web tests because these start processes: a mutation test's mutant lives only in the test's own
 * process, so vitest.stryker.config.ts leaves this file out.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { get as httpsGet } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../support/table-cli';

/** `npm run serve` with `args`, run to its exit: its exit code and what it wrote on stderr. */
function serve(args: string[]): { code: number; stderr: string } {
  try {
    execFileSync(process.execPath, ['--import', 'tsx', 'app/web/serve.ts', ...args], { cwd: ROOT, encoding: 'utf8', stdio: 'pipe', timeout: 60_000 });
    return { code: 0, stderr: '' };
  } catch (e) {
    const x = e as { status: number; stderr: string };
    return { code: x.status, stderr: x.stderr };
  }
}

describe('npm run serve refuses a bad flag before it listens', () => {
  it('npm run serve refuses an empty --host (Node would listen on every interface)', () => {
    expect(serve(['--no-build', '--host', '', '--db', ':memory:'])).toEqual({ code: 2, stderr: expect.stringMatching(/--host must name an interface/) });
  });

  it('npm run serve refuses --port -1 naming the flag and its range (not "ambiguous")', () => {
    expect(serve(['--no-build', '--port', '-1', '--db', ':memory:'])).toEqual({ code: 2, stderr: 'serve: --port must be a number from 0 to 65535, got "-1"\n' });
  });
});

describe('npm run serve beyond this machine', () => {

  it('refuses a non-loopback --host without TLS, and half a certificate', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cpt-roles-tls-'));
    try {
      const db = join(dir, 't.db');
      expect(serve(['--db', db, '--host', '0.0.0.0', '--port', '0', '--no-build'])).toEqual({ code: 2, stderr: expect.stringMatching(/--host 0\.0\.0\.0 reaches other machines: give --tls-cert FILE and --tls-key FILE/) });
      expect(serve(['--db', db, '--host', '0.0.0.0', '--tls-cert', join(dir, 'c.pem'), '--no-build'])).toEqual({ code: 2, stderr: expect.stringMatching(/--tls-cert and --tls-key go together/) });
      expect(serve(['--db', db, '--host', '0.0.0.0', '--tls-cert', join(dir, 'c.pem'), '--tls-key', join(dir, 'k.pem'), '--no-build'])).toEqual({ code: 2, stderr: expect.stringMatching(/--tls-cert .*c\.pem: cannot read it \(ENOENT\)/) });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serves HTTPS with a certificate: the page over TLS with the token', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cpt-roles-tls-'));
    const cert = join(dir, 'cert.pem');
    const key = join(dir, 'key.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' });
    const child = spawn(process.execPath, ['--import', 'tsx', 'app/web/serve.ts', '--db', join(dir, 't.db'), '--host', '0.0.0.0', '--port', '0', '--tls-cert', cert, '--tls-key', key, '--no-build', '--shoe', 'none'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout!.on('data', (d) => {
          out += d;
          if (out.includes('\n')) resolve(out.trim());
        });
        child.once('exit', (code) => reject(new Error(`serve exited ${code}`)));
      });
      expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{64}$/);
      const status = await new Promise<number>((resolve, reject) => {
        httpsGet(url.replace('/?', '/index.html?'), { rejectUnauthorized: false }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        }).on('error', reject);
      });
      expect([200, 404]).toContain(status); // 404 when the screen was never built here; the TLS and the token passed
      const refused = await new Promise<number>((resolve, reject) => {
        httpsGet(url.replace(/\?token=.*/, ''), { rejectUnauthorized: false }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        }).on('error', reject);
      });
      expect(refused).toBe(401);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
