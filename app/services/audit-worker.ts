/**
 * The worker thread of the floor's checks (started by worker-pool.ts, never imported by the
 * terminal): opens the database read-only and runs the audit's tasks (audit.ts's `AuditTask`:
 * a range of the log with the checks switched on, or the tables' fold and the rebuild of the
 * query tables, which says now and then that it is alive), whatever command asked for them.
 * A range's task also posts now and then how many of its ids it has read (the progress shown).
 * Every answer is posted, then the shared signal is bumped so the blocked caller wakes.
 */
import Database from 'better-sqlite3';
import { workerData, type MessagePort } from 'node:worker_threads';
import { auditTask, type AuditTask } from './audit';
import { AUDIT_MMAP_BYTES } from './store';

interface Init {
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
  const alive = () => post({ kind: 'alive' });
  init.port.on('message', (m: { id: number; task: AuditTask }) => {
    try {
      const progress = (done: number) => post({ kind: 'progress', id: m.id, done });
      post({ kind: 'result', id: m.id, ok: true, value: auditTask(db, m.task, alive, progress) });
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
