/**
 * The worker thread of a report asked on a screen (started by report-job.ts, never imported by
 * the terminal): opens the table's database read-only, counts what the report will read, then
 * builds it with `buildReport` and posts it back. Messages to the parent: `counted`
 * (`hands`, `rows`), `stage` / `done` (the report's own progress: app/services/progress.ts), `result`
 * (the report) or `failed` (the reason).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Progress } from './progress';
import { countReportWork } from './report-job';
import { buildReport, type ReportRange } from './report';
import { openStore } from './store';

interface Init {
  readonly path: string;
  readonly range: ReportRange;
  /** The report's generated-at time (the table's clock when it was asked). */
  readonly now: number;
  readonly migrationsDir?: string;
}

const init = workerData as Init;
const post = (m: unknown) => parentPort!.postMessage(m);

try {
  const store = openStore(init.path, { readonly: true, clock: () => init.now, ...(init.migrationsDir ? { migrationsDir: init.migrationsDir } : {}) });
  try {
    post({ kind: 'counted', ...countReportWork(store.db, init.range) });
    const progress: Progress = {
      stage: (stage, total, unit) => post({ kind: 'stage', stage, total, unit }),
      done: (done) => post({ kind: 'done', done }),
    };
    post({ kind: 'result', report: buildReport(store, init.range, progress) });
  } finally {
    store.close();
  }
} catch (e) {
  post({ kind: 'failed', error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
}

