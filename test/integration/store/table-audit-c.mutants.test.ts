/**
 * The tables' audit (app/services/table-audit.ts): a range's fold counts every problem it met,
 * not only the one it names (the audit gives the tables back to the one pass on any). A real
 * SQLite file of simulated play, changed behind the terminal's back. Written to kill a survivor
 * of Stryker's mutants of the range folder (docs/testing.md).
 */
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { auditTask } from '../../../app/services/audit';
import { openStore } from '../../../app/services/store';
import { simulatedLog, tamper, tempFolder } from './temp';

const tmp = tempFolder('cp-table-audit-c-');
afterAll(() => tmp.cleanup());

describe("a range's fold that meets two problems", () => {
  it('counts both (one named, one more)', async () => {
    const path = tmp.file('two-checkpoints.db');
    await simulatedLog(path, 4, 5);
    const db = new Database(path, { readonly: true });
    const checkpoints = db.prepare("SELECT id, json_extract(body, '$.handsStarted') AS n FROM events WHERE type = 'table-checkpoint' ORDER BY id LIMIT 2").all() as { id: number; n: number }[];
    db.close();
    expect(checkpoints).toHaveLength(2);
    tamper(path, checkpoints.map((c) => `UPDATE events SET body = replace(body, '"handsStarted":${c.n}', '"handsStarted":${c.n + 50}') WHERE id = ${c.id};`).join('\n'));
    const store = openStore(path, { readonly: true });
    try {
      const max = store.db.prepare('SELECT max(id) FROM events').pluck().get() as number;
      const part = auditTask(store.db, { after: Number.NEGATIVE_INFINITY, upTo: max, chain: false, hands: false, maxProblems: 50, fold: true });
      expect(part.fold!.problems).toBe(2);
    } finally {
      store.close();
    }
  });
});
