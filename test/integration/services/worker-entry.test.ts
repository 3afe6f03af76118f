/**
 * Where a worker's code comes from and how it starts (app/services/worker-entry.ts): from the
 * sources a `.ts` file loaded as an ES module through tsx's hook, from a bundle a `.cjs` or `.js`
 * file required, and a worker that cannot load its code says so in the way its caller listens.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { WORKER_BOOTSTRAP, workerEntry } from '../../../app/services/worker-entry';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'cp-worker-entry-'));
  dirs.push(d);
  return d;
}

/**
 * Starts WORKER_BOOTSTRAP on `workerData` (with a port to post on when `withPort`); resolves
 * with the worker's error, or once it has exited with the first message it posted.
 */
function start(workerData: Record<string, unknown>, withPort = true): Promise<{ message?: unknown; error?: string }> {
  const { port1, port2 } = new MessageChannel();
  return new Promise((done) => {
    const w = new Worker(WORKER_BOOTSTRAP, {
      eval: true, execArgv: [], workerData: withPort ? { ...workerData, port: port2 } : workerData, transferList: withPort ? [port2] : [],
    });
    let error: string | undefined;
    w.on('error', (e) => {
      error = e.message;
    });
    w.on('exit', () => {
      done(error !== undefined ? { error } : { message: receiveMessageOnPort(port1)?.message });
      port1.close();
    });
  });
}

describe('workerEntry: the worker file beside the caller', () => {
  it('from the sources: the .ts file, with the URL of tsx\'s ES-module hook', () => {
    const entry = workerEntry(pathToFileURL(join(FIXTURES, 'caller.ts')).href, 'module-kind-worker');
    expect(entry).toEqual({ file: join(FIXTURES, 'module-kind-worker.ts'), tsx: expect.stringMatching(/^file:\/\/.*\/node_modules\/tsx\/.*\.mjs$/) });
    expect(workerEntry(pathToFileURL(join(FIXTURES, 'caller.ts')).href, 'no-such-worker')).toBeNull();
  });

  it('from a bundle: the .cjs file, else the .js file, required as it is; neither, or no file URL: none', () => {
    const dir = tempDir();
    const here = pathToFileURL(join(dir, 'main.cjs')).href;
    expect(workerEntry(here, 'w')).toBeNull();
    writeFileSync(join(dir, 'w.js'), '');
    expect(workerEntry(here, 'w')).toEqual({ file: join(dir, 'w.js'), tsx: null });
    writeFileSync(join(dir, 'w.cjs'), '');
    expect(workerEntry(here, 'w')).toEqual({ file: join(dir, 'w.cjs'), tsx: null });
    expect(workerEntry('data:text/javascript,', 'w')).toBeNull();
  });
});

describe('WORKER_BOOTSTRAP: the first code a worker runs', () => {
  it('loads a .ts worker as an ES module through tsx\'s hook (not CommonJS: no import becomes a property getter)', async () => {
    const entry = workerEntry(pathToFileURL(join(FIXTURES, 'caller.ts')).href, 'module-kind-worker')!;
    const got = await start({ entry: entry.file, tsx: entry.tsx });
    expect(got.message).toEqual({ kind: 'loaded', namespace: '[object Module]', url: pathToFileURL(entry.file).href });
  });

  it('requires a bundled worker as it is', async () => {
    const dir = tempDir();
    const file = join(dir, 'w.cjs');
    writeFileSync(file, "require('node:worker_threads').workerData.port.postMessage({ kind: 'loaded', cjs: typeof module === 'object' });");
    const got = await start({ entry: file, tsx: null });
    expect(got.message).toEqual({ kind: 'loaded', cjs: true });
  });

  it('code that cannot load: posted as failed and the signal bumped when the caller gave a port and a signal (the audit\'s blocked caller)', async () => {
    const entry = workerEntry(pathToFileURL(join(FIXTURES, 'caller.ts')).href, 'module-kind-worker')!;
    for (const data of [{ entry: join(FIXTURES, 'no-such-worker.ts'), tsx: entry.tsx }, { entry: join(FIXTURES, 'no-such-worker.cjs'), tsx: null }]) {
      const signal = new Int32Array(new SharedArrayBuffer(4));
      const { port1, port2 } = new MessageChannel();
      const w = new Worker(WORKER_BOOTSTRAP, { eval: true, execArgv: [], workerData: { ...data, port: port2, signal }, transferList: [port2] });
      const exit = new Promise((done) => w.on('exit', done));
      // As the audit's caller waits: blocked on the signal, the reply then taken from the port.
      expect(Atomics.wait(signal, 0, 0, 30_000)).toBe('ok');
      const reply = receiveMessageOnPort(port1)?.message as { kind: string; error: string };
      expect(reply.kind).toBe('failed');
      expect(reply.error).toMatch(/no-such-worker/);
      await exit;
      port1.close();
    }
  });

  it('code that cannot load, with no port to say it on: the worker\'s error (the report\'s caller listens for it)', async () => {
    const entry = workerEntry(pathToFileURL(join(FIXTURES, 'caller.ts')).href, 'module-kind-worker')!;
    expect((await start({ entry: join(FIXTURES, 'no-such-worker.ts'), tsx: entry.tsx }, false)).error).toMatch(/no-such-worker/);
    expect((await start({ entry: join(FIXTURES, 'no-such-worker.cjs'), tsx: null }, false)).error).toMatch(/no-such-worker/);
  });
});
