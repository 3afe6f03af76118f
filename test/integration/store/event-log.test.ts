/**
 * The hash chain on a real database file: rows are linked, the triggers refuse edits, and
 * every kind of tampering on a copy (triggers dropped, raw UPDATE/DELETE/INSERT) is found
 * by verifyChain, which names the row and says how the log was changed.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { copyFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyChain } from '../../../app/services/audit';
import { GENESIS_HASH, idBounds, logExtent, rowHash } from '../../../app/services/event-log';
import { openStore, type Store } from '../../../app/services/store';
import { tempFolder } from './temp';

let tmp: ReturnType<typeof tempFolder>;
let store: Store;
let clock = Date.parse('2025-03-01T20:00:00.000Z');

beforeEach(() => {
  tmp = tempFolder();
  store = openStore(tmp.file('log.db'), { clock: () => (clock += 7) });
  // 3 table-level events, then a hand of 6 events over 3 transactions
  store.write((tx) => {
    tx.append({ tableId: 'T1', body: { type: 'table-opened', name: 'Table 1' } });
    tx.append({ tableId: 'T1', body: { type: 'dealer-on', dealer: 'Eva' } });
    tx.append({ tableId: 'T1', body: { type: 'buy-in', seat: 1, amount: 2000 } });
  });
  store.write((tx) => {
    for (let k = 0; k < 3; k++) tx.append({ tableId: 'T1', handId: 'T1-1', body: { type: 'card-dealt', card: k, seq: k, raw: '0a' } });
  });
  store.write((tx) => {
    for (let k = 3; k < 6; k++) tx.append({ tableId: 'T1', handId: 'T1-1', body: { type: 'card-dealt', card: k, seq: k, raw: '0b' } });
  });
});
afterEach(() => {
  store.close();
  tmp.cleanup();
});

/** A copy of the log file with the triggers dropped, for tampering. */
function tamperedCopy(edit: (db: Database.Database) => void): Database.Database {
  store.db.pragma('wal_checkpoint(TRUNCATE)');
  const copy = tmp.file('copy.db');
  copyFileSync(tmp.file('log.db'), copy);
  const db = new Database(copy);
  db.exec('DROP TRIGGER events_refuse_update; DROP TRIGGER events_refuse_delete;');
  edit(db);
  return db;
}

describe('appending', () => {
  it('links each row to the previous one with the documented hash', () => {
    const rows = store.db.prepare('SELECT * FROM events ORDER BY id').all() as Record<string, unknown>[];
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(rows[0].prev_hash).toBe(GENESIS_HASH);
    expect(GENESIS_HASH).toBe('0'.repeat(64));
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      if (i > 0) expect(r.prev_hash).toBe(rows[i - 1].hash);
      // recomputed by hand, independently of rowHash
      const content = `${r.prev_hash}\0${r.table_id}\0${r.hand_id ?? ''}\0${r.hand_seq ?? ''}\0${r.type}\0${r.recorded_at}\0${r.body}`;
      expect(r.hash).toBe(createHash('sha256').update(content, 'utf8').digest('hex'));
      expect(r.hash).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(rows.slice(3).map((r) => r.hand_seq)).toEqual([0, 1, 2, 3, 4, 5]);
    // canonical JSON: keys sorted, no spaces
    expect(rows[3].body).toBe('{"card":0,"raw":"0a","seq":0,"type":"card-dealt"}');
    const head = store.db.prepare('SELECT last_id, last_hash FROM log_head').get() as { last_id: number; last_hash: string };
    expect(head.last_id).toBe(9);
    expect(head.last_hash).toBe(rows[8].hash);
    const v = verifyChain(store.db);
    expect(v).toMatchObject({ ok: true, rows: 9, lastId: 9, problems: [] });
    expect(v.headHash).toBe(rows[8].hash);
  });

  it('writes nothing when the transaction throws', () => {
    expect(() =>
      store.write((tx) => {
        tx.append({ tableId: 'T1', body: { type: 'dealer-off' } });
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(store.db.prepare('SELECT count(*) FROM events').pluck().get()).toBe(9);
    store.write((tx) => tx.append({ tableId: 'T1', body: { type: 'dealer-off' } }));
    expect(verifyChain(store.db).ok).toBe(true);
  });

  it('refuses a type that is not kebab-case and a body that is not JSON', () => {
    expect(() => store.write((tx) => tx.append({ tableId: 'T1', body: { type: 'Card Dealt' } }))).toThrow(/kebab-case/);
    expect(() => store.write((tx) => tx.append({ tableId: 'T1', body: { type: 'x', n: NaN } }))).toThrow(/not a JSON number/);
  });

  it('the triggers refuse UPDATE and DELETE with a clear message', () => {
    expect(() => store.db.prepare("UPDATE events SET body = '{}' WHERE id = 2").run()).toThrow(
      'the event log is append-only: event rows cannot be changed (record a floor correction instead)',
    );
    expect(() => store.db.prepare('DELETE FROM events WHERE id = 9').run()).toThrow('the event log is append-only: event rows cannot be deleted');
  });
});

describe('verifyChain finds tampering', () => {
  it('a changed body: content changed at that row, and only there', () => {
    const db = tamperedCopy((d) => d.prepare(`UPDATE events SET body = replace(body, '"card":4', '"card":51') WHERE id = 8`).run());
    const v = verifyChain(db);
    expect(v.ok).toBe(false);
    expect(v.problems).toEqual([{ kind: 'content-changed', rowId: 8, message: expect.stringContaining('row 8 (card-dealt): content changed') }]);
    db.close();
  });

  it('a changed time stamp is a content change too', () => {
    const db = tamperedCopy((d) => d.prepare("UPDATE events SET recorded_at = '2025-03-01T19:00:00.000Z' WHERE id = 2").run());
    expect(verifyChain(db).problems.map((p) => [p.kind, p.rowId])).toEqual([['content-changed', 2]]);
    db.close();
  });

  it('a changed row whose hash was recomputed: the chain breaks at the next row', () => {
    const db = tamperedCopy((d) => {
      const r = d.prepare('SELECT * FROM events WHERE id = 5').get() as Record<string, never>;
      const body = (r.body as string).replace('"card":1', '"card":40');
      const hash = rowHash(r.prev_hash, { tableId: r.table_id, handId: r.hand_id, handSeq: r.hand_seq, type: r.type, recordedAt: r.recorded_at, body });
      d.prepare('UPDATE events SET body = ?, hash = ? WHERE id = 5').run(body, hash);
    });
    const v = verifyChain(db);
    expect(v.problems.map((p) => [p.kind, p.rowId])).toEqual([['chain-broken', 6]]);
    expect(v.problems[0].message).toContain('between rows 5 and 6');
    db.close();
  });

  it('a deleted row: rows missing', () => {
    const db = tamperedCopy((d) => d.prepare('DELETE FROM events WHERE id IN (4, 5)').run());
    const v = verifyChain(db);
    expect(v.problems).toEqual([{ kind: 'rows-missing', rowId: 6, message: 'rows 4-5 are missing: row 6 was written after a row that is no longer in the log' }]);
    db.close();
  });

  it('a deleted row with the later rows renumbered to hide the hole', () => {
    const db = tamperedCopy((d) => {
      d.prepare('DELETE FROM events WHERE id = 4').run();
      for (let id = 5; id <= 9; id++) d.prepare('UPDATE events SET id = ? WHERE id = ?').run(id - 1, id);
      d.prepare('UPDATE log_head SET last_id = 8').run();
    });
    const v = verifyChain(db);
    expect(v.problems.map((p) => [p.kind, p.rowId])).toEqual([['chain-broken', 4]]);
    db.close();
  });

  it('an inserted row, even with a correct hash of its own: row inserted', () => {
    const db = tamperedCopy((d) => {
      for (let id = 9; id >= 6; id--) d.prepare('UPDATE events SET id = ? WHERE id = ?').run(id + 1, id);
      const prev = d.prepare('SELECT hash FROM events WHERE id = 5').pluck().get() as string;
      const row = { tableId: 'T1', handId: 'T1-1', handSeq: 99, type: 'card-dealt', recordedAt: '2025-03-01T20:00:00.050Z', body: '{"card":50,"raw":"0c","seq":2,"type":"card-dealt"}' };
      d.prepare('INSERT INTO events VALUES (6, ?, ?, ?, ?, ?, ?, ?, ?)').run(row.tableId, row.handId, row.handSeq, row.type, row.recordedAt, row.body, prev, rowHash(prev, row));
      d.prepare('UPDATE log_head SET last_id = 10').run();
    });
    const v = verifyChain(db);
    expect(v.problems).toEqual([{ kind: 'row-inserted', rowId: 6, message: 'row 6 was inserted: row 7 was written right after row 5' }]);
    db.close();
  });

  it('rows cut off the end are found through the log head', () => {
    const db = tamperedCopy((d) => d.prepare('DELETE FROM events WHERE id >= 8').run());
    const v = verifyChain(db);
    expect(v.problems).toEqual([{ kind: 'tail-missing', rowId: 8, message: 'rows 8-9 are missing at the end of the log (the log head records row 9)' }]);
    db.close();
  });

  it('reports several edits, each once', () => {
    const db = tamperedCopy((d) => {
      d.prepare(`UPDATE events SET type = 'buy-out' WHERE id = 3`).run();
      d.prepare('DELETE FROM events WHERE id = 7').run();
    });
    expect(verifyChain(db).problems.map((p) => [p.kind, p.rowId])).toEqual([
      ['content-changed', 3],
      ['rows-missing', 8],
    ]);
    db.close();
  });
});

describe('the log extent (idBounds, logExtent)', () => {
  it('gives the least and greatest id, and the ids spanned, of a log with rows cut off either end and of an empty one', () => {
    expect(idBounds(store.db)).toEqual({ lo: 1, hi: 9 });
    expect(logExtent(store.db)).toMatchObject({ minId: 1, maxId: 9, ids: 9 });
    const cut = tamperedCopy((d) => d.prepare('DELETE FROM events WHERE id IN (1, 2, 9)').run());
    expect(idBounds(cut)).toEqual({ lo: 3, hi: 8 });
    expect(logExtent(cut)).toMatchObject({ minId: 3, maxId: 8, ids: 6 });
    cut.prepare('DELETE FROM events').run();
    expect(idBounds(cut)).toEqual({ lo: null, hi: null });
    expect(logExtent(cut)).toMatchObject({ minId: 0, maxId: 0, ids: 0 });
    cut.close();
  });

  it('looks each bound up in the id b-tree, reading no other row (one query with both min and max reads them all)', () => {
    const asked: string[] = [];
    const prepare = store.db.prepare.bind(store.db);
    const spied = Object.assign(Object.create(store.db) as Database.Database, {
      prepare: (sql: string) => {
        asked.push(sql);
        return prepare(sql);
      },
    });
    idBounds(spied);
    expect(asked).toHaveLength(1);
    const plan = store.db.prepare(`EXPLAIN QUERY PLAN ${asked[0]}`).all() as { detail: string }[];
    expect(plan.map((p) => p.detail).filter((d) => /\bevents\b/.test(d))).toEqual(['SEARCH events', 'SEARCH events']);
  });
});
