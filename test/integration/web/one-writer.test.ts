/**
 * `npm run serve` as the one writer of its database file, spawned as a user runs it: a second
 * serve (and a `table simulate`) on the same file is refused at once with one line naming the
 * file and the serving process, exit 2; after the server is SIGKILLed the file is taken at
 * once. A --db in a folder that does not exist, or a 0-byte file, is refused the same way and
 * nothing is created.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { tempFolder } from '../store/temp';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const tmp = tempFolder('cp-serve-writer-');
afterAll(() => tmp.cleanup());

interface Serving { proc: ChildProcess; url: Promise<string>; exited: Promise<number | null>; stderr: () => string }

const started: ChildProcess[] = [];
afterEach(() => {
  for (const p of started.splice(0)) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
});

/** `serve.ts --no-build --port 0 --shoe none ARGS`, in this very process id (no tsx wrapper); an object first: more environment. */
function serve(...args: (string | Record<string, string>)[]): Serving {
  const env = { ...process.env, ...(typeof args[0] === 'object' ? args.shift() as Record<string, string> : {}) };
  const proc = spawn(process.execPath, ['--import', 'tsx', 'app/web/serve.ts', '--no-build', '--port', '0', '--shoe', 'none', ...(args as string[])], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(proc);
  let out = '';
  let err = '';
  proc.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  const url = new Promise<string>((resolve, reject) => {
    proc.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const line = /^(http:\/\/\S+)\n/m.exec(out);
      if (line) resolve(line[1]);
    });
    void exited.then((code) => reject(new Error(`serve exited ${code} before printing its URL: ${err}`)));
  });
  url.catch(() => {});
  return { proc, url, exited, stderr: () => err };
}

function table(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'app/cli/table.ts', ...args], { cwd: ROOT }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('npm run serve: one writer per database file', () => {
  it('refuses a second serve and a simulate on its file, naming the file and its pid; free at once after SIGKILL', async () => {
    const db = tmp.file('served.db');
    const first = serve('--db', db);
    expect(await first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=/);

    const second = serve('--db', db);
    expect(await second.exited).toBe(2);
    const holder = new RegExp(`database ${db} is in use by another writer: pid ${first.proc.pid} \\(.*app/web/serve\\.ts --no-build --port 0 --shoe none --db ${db}\\), since `);
    expect(second.stderr()).toMatch(new RegExp(`^serve: ${holder.source}.*\\n$`));
    expect(second.stderr().trimEnd().split('\n')).toHaveLength(1);

    const sim = await table('simulate', '--db', db, '--hands', '1', '--seed', '1');
    expect(sim.code).toBe(2);
    expect(sim.stderr).toMatch(new RegExp(`^table: ${holder.source}`));
    expect(first.proc.exitCode).toBeNull();

    first.proc.kill('SIGKILL');
    await first.exited;
    const third = serve('--db', db);
    expect(await third.url).toMatch(/^http:\/\//);
    third.proc.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 60_000);

  it('refuses a --db in a folder that does not exist, one line, exit 2, and makes no folder', async () => {
    const db = join(tmp.dir, 'no-such', 'terminal.db');
    const s = serve('--db', db);
    expect(await s.exited).toBe(2);
    expect(s.stderr()).toBe(`serve: no folder ${join(tmp.dir, 'no-such')} for the database ${db}: a new database is made only in a folder that exists (check the path); nothing was created\n`);
    expect(existsSync(join(tmp.dir, 'no-such'))).toBe(false);
  }, 30_000);

  it('makes its own default folder (~/.chinese-poker-terminal) for the default database', async () => {
    const home = join(tmp.dir, 'home');
    mkdirSync(home);
    const s = serve({ HOME: home, USERPROFILE: home });
    expect(await s.url).toMatch(/^http:\/\//);
    expect(existsSync(join(home, '.chinese-poker-terminal', 'terminal.db'))).toBe(true);
    s.proc.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  }, 30_000);

  it('refuses a 0-byte file, one line, exit 2, and leaves it 0 bytes', async () => {
    const db = tmp.file('zero.db');
    writeFileSync(db, '');
    const s = serve('--db', db);
    expect(await s.exited).toBe(2);
    expect(s.stderr()).toMatch(new RegExp(`^serve: database ${db} exists but holds no terminal database: it is empty \\(0 bytes\\); it was not changed\\. [^\\n]*\\n$`));
    expect(statSync(db).size).toBe(0);
  }, 30_000);
});
