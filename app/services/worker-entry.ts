/**
 * Where a worker thread's code comes from, and the first code it runs, for the audit's workers
 * (worker-pool.ts) and the report's (report-job.ts):
 * - running from the sources (tsx, vitest): the worker's `.ts` file beside the caller, loaded as
 *   an ES module through tsx's ES-module hook, registered in the worker (`tsx/esm/api`); the
 *   project is ESM ("type": "module"), as the main thread runs it. Loaded through tsx's CommonJS
 *   hook instead, every import of another module became a property getter on the hot path: the
 *   audit's range work took 8% more time on one thread (docs/store.md).
 * - running from a bundle: the worker's `.cjs` (or `.js`) file beside the bundle, required.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A worker's file, and the URL of tsx's ES-module hook when the file is TypeScript (null: required as it is). */
export interface WorkerEntry {
  readonly file: string;
  readonly tsx: string | null;
}

/**
 * The worker `name` (without its extension) beside the module at `here` (its `import.meta.url`):
 * `name.ts` with tsx's hook when `here` is TypeScript, else the first of `name.cjs`, `name.js`
 * there. Null when there is none, or when tsx (a development dependency) cannot be found.
 */
export function workerEntry(here: string, name: string): WorkerEntry | null {
  if (!here.startsWith('file:')) return null;
  if (/\.[cm]?ts$/.test(here)) {
    const file = fileURLToPath(new URL(`./${name}.ts`, here));
    if (!existsSync(file)) return null;
    try {
      return { file, tsx: import.meta.resolve('tsx/esm/api') };
    } catch {
      return null; // no tsx here: no workers
    }
  }
  for (const ext of ['.cjs', '.js']) {
    const file = fileURLToPath(new URL(`./${name}${ext}`, here));
    if (existsSync(file)) return { file, tsx: null };
  }
  return null;
}

/**
 * The first code a worker runs (plain CommonJS, `eval`), given `workerData.entry` and
 * `workerData.tsx` ({@link WorkerEntry}): registers tsx's hook and imports the entry, or
 * requires it. A failure to load is posted as `{ kind: 'failed', error }` on `workerData.port`
 * with `workerData.signal` bumped, when the caller gave them (the audit's blocked caller);
 * otherwise it is the worker's error (its 'error' event).
 */
export const WORKER_BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
const { pathToFileURL } = require('node:url');
const failed = (e) => {
  if (!workerData.port || !workerData.signal) throw e;
  workerData.port.postMessage({ kind: 'failed', error: String((e && e.stack) || e) });
  Atomics.add(workerData.signal, 0, 1);
  Atomics.notify(workerData.signal, 0);
};
try {
  if (workerData.tsx) {
    import(workerData.tsx).then((tsx) => {
      tsx.register();
      return import(pathToFileURL(workerData.entry).href);
    }).catch(failed);
  } else {
    require(workerData.entry);
  }
} catch (e) {
  failed(e);
}`;
