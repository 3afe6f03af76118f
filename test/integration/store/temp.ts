/** Temporary folders for tests that need a real database file. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simulate } from '../../../app/services/simulation';
import { openStore } from '../../../app/services/store';
import { TableService } from '../../../app/services/table-service';

/** A fresh folder under the OS temp dir; `cleanup()` removes it and everything in it. */
export function tempFolder(prefix = 'cp-store-'): { dir: string; file: (name: string) => string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, file: (name) => join(dir, name), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A log of `hands` simulated hands at one table (`simulate`, table SIM) written to the file
 * `path`, checkpointed into the file and closed: an honest evening to copy and change.
 */
export async function simulatedLog(path: string, hands: number, seed: number): Promise<void> {
  const store = openStore(path);
  try {
    await simulate(new TableService(store), { hands, seed });
    store.db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    store.close();
  }
}
