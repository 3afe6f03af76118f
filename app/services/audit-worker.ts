/**
 * The worker thread of the floor's checks (started by worker-pool.ts, never imported by the
 * terminal): opens the database read-only and runs the tasks the pool posts, one job per
 * pool: `chain` (a range of the hash chain, event-log.ts), `hands` (some hands, audit.ts) or
 * `audit` (a range of the log: its chain and its hands, audit.ts; or the tables' fold and the
 * rebuild of the query tables, table-audit.ts, which says now and then that it is alive).
 * Every answer is posted, then the shared signal is bumped so the blocked caller wakes.
 */
import Database from 'better-sqlite3';
import { workerData, type MessagePort } from 'node:worker_threads';
import { auditRangeTask, checkHandTask, HandChecker, type AuditTask, type HandTask } from './audit';
import { verifyChainTask, type ChainTask } from './event-log';
import { rebuildTablesTask, type TablesTask } from './table-audit';
import { AUDIT_MMAP_BYTES } from './store';

interface Init {
  readonly job: 'chain' | 'hands' | 'audit';
  readonly path: string;
  readonly port: MessagePort;
  readonly signal: Int32Array;
}

const init = workerData as Init;

function post(message: unknown): void {
  init.port.postMessage(message);
  Atomics.add(init.signal, 0, 1);
  Atomics.notify(init.signal, 0);
}

function errorText(e: unknown): string {
  return e instanceof Error ? (e.stack ?? e.message) : String(e);
}

function start(): void {
  const db = new Database(init.path, { readonly: true, fileMustExist: true });
  // Reading through a memory map saves a copy per page (the whole log is read).
  db.pragma(`mmap_size = ${AUDIT_MMAP_BYTES}`);
  let run: (task: unknown) => unknown;
  if (init.job === 'chain') {
    run = (task) => verifyChainTask(db, task as ChainTask);
  } else if (init.job === 'hands') {
    const checker = new HandChecker(db);
    run = (task) => checkHandTask(db, checker, task as HandTask);
  } else {
    const checker = new HandChecker(db);
    const alive = () => post({ kind: 'alive' });
    run = (task) => ((task as TablesTask).kind === 'tables' ? rebuildTablesTask(db, task as TablesTask, alive) : auditRangeTask(db, checker, task as AuditTask));
  }
  init.port.on('message', (m: { id: number; task: unknown }) => {
    try {
      post({ kind: 'result', id: m.id, ok: true, value: run(m.task) });
    } catch (e) {
      post({ kind: 'result', id: m.id, ok: false, error: errorText(e) });
    }
  });
  post({ kind: 'ready' });
}

try {
  start();
} catch (e) {
  post({ kind: 'failed', error: errorText(e) });
}
