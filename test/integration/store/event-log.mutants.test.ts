/**
 * The event log's promises (app/services/event-log.ts, docs/store.md "The event log and its
 * chain"), each checked so that the test fails when the code is wrong:
 * - `rowHash` is the documented formula (NULLs as empty text, NUL between the fields);
 * - `ChainVerifier` names each break by kind, row and the exact words the floor reads, keeps at
 *   most `maxProblems`, remembers the last eight rows only, and a log cut into ranges
 *   (`resumeAfter`, `chainVerifierAfter`) and joined (`join`) gives exactly one pass's verdict;
 * - `finishWith` compares the end of the chain with the log head;
 * - `verifyRange` reads fast but gives, on odd or damaged rows, exactly the verdict of the rows
 *   read column by column (`ChainVerifier.row`);
 * - `inIdOrder`, `idRanges`, `readHead`, `inSnapshot`, `eachEventRow` as their doc comments say.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ChainVerifier, chainVerifierAfter, eachEventRow, GENESIS_HASH, idRanges, inIdOrder, inSnapshot, readHead, rowHash, verifyRange,
  type LogVerification, type RawEventRow,
} from '../../../app/services/event-log';
import { openStore, type Store } from '../../../app/services/store';
import { tempFolder } from './temp';

const AT = '2025-03-01T20:00:00.000Z';

/** A chain of `n` honest rows, built by hand: even rows belong to hand H (seq 0, 1, ...), odd ones are table-level. */
function chain(n: number): RawEventRow[] {
  const rows: RawEventRow[] = [];
  let prev = GENESIS_HASH;
  let seq = 0;
  for (let id = 1; id <= n; id++) {
    const inHand = id % 2 === 0;
    const content = { tableId: 'T1', handId: inHand ? 'H' : null, handSeq: inHand ? seq++ : null, type: inHand ? 'card-dealt' : 'buy-in', recordedAt: AT, body: `{"n":${id}}` };
    const hash = rowHash(prev, content);
    rows.push([id, content.tableId, content.handId, content.handSeq, content.type, content.recordedAt, content.body, prev, hash]);
    prev = hash;
  }
  return rows;
}

/** The same row with another id (its content and links untouched). */
function withId(r: RawEventRow, id: number): RawEventRow {
  return [id, r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8]];
}

function sequential(rows: readonly RawEventRow[], head: { last_id: number; last_hash: string } | null, maxProblems = 50): LogVerification {
  const v = new ChainVerifier(maxProblems);
  for (const r of rows) v.row(r);
  return v.finishWith(head);
}

function headOf(rows: readonly RawEventRow[]): { last_id: number; last_hash: string } {
  const last = rows[rows.length - 1];
  return { last_id: last[0], last_hash: last[8] };
}

/** The rows cut at `cuts` (ids), each range checked by a verifier resumed from the eight rows before it, then joined. */
function inRanges(rows: readonly RawEventRow[], cuts: readonly number[], head: { last_id: number; last_hash: string } | null): LogVerification {
  const bounds = [0, ...cuts, Infinity];
  const parts = [];
  for (let k = 0; k + 1 < bounds.length; k++) {
    const before = rows.filter((r) => r[0] <= bounds[k]).slice(-8).map((r) => ({ id: r[0], hash: r[8] }));
    const v = ChainVerifier.resumeAfter(before);
    for (const r of rows) if (r[0] > bounds[k] && r[0] <= bounds[k + 1]) v.row(r);
    parts.push(v.part());
  }
  return ChainVerifier.join(parts).finishWith(head);
}

describe('rowHash', () => {
  it('is SHA-256 of prev_hash, table_id, hand_id, hand_seq, type, recorded_at and body joined by NUL, NULLs as empty text', () => {
    const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
    expect(rowHash(GENESIS_HASH, { tableId: 'T1', handId: null, handSeq: null, type: 'buy-in', recordedAt: AT, body: '{}' }))
      .toBe(sha(`${'0'.repeat(64)}\0T1\0\0\0buy-in\0${AT}\0{}`));
    expect(rowHash('a'.repeat(64), { tableId: 'T2', handId: 'H9', handSeq: 0, type: 'card-dealt', recordedAt: AT, body: '{"a":1}' }))
      .toBe(sha(`${'a'.repeat(64)}\0T2\0H9\x000\0card-dealt\0${AT}\0{"a":1}`));
  });
});

describe('ChainVerifier over rows given one by one', () => {
  it('passes an honest chain of table-level and hand rows, with the row count, last id and head hash', () => {
    const rows = chain(20);
    expect(sequential(rows, headOf(rows))).toEqual({ ok: true, rows: 20, lastId: 20, headHash: rows[19][8], problems: [] });
    expect(sequential([], null)).toEqual({ ok: true, rows: 0, lastId: 0, headHash: GENESIS_HASH, problems: [] });
  });

  it('names a changed row by its id and type, and the next rows are not blamed', () => {
    const rows = chain(6);
    rows[2] = [...rows[2]];
    rows[2][6] = '{"n":33}';
    expect(sequential(rows, headOf(rows)).problems).toEqual([
      { kind: 'content-changed', rowId: 3, message: 'row 3 (buy-in): content changed: its stored hash does not match its content' },
    ]);
    const v = new ChainVerifier();
    v.check(1, GENESIS_HASH, rows[0][8], false, () => 'asked');
    expect(v.part().problems[0].message).toBe('row 1 (asked): content changed: its stored hash does not match its content');
  });

  it('keeps at most maxProblems problems (50 unless told), and still says the log is not ok', () => {
    const rows = chain(60).map((r) => [...r] as RawEventRow);
    for (const r of rows) r[6] = '{"changed":true}';
    const all = sequential(rows, headOf(rows));
    expect(all.problems).toHaveLength(50);
    expect(all.problems[49].rowId).toBe(50);
    const two = sequential(rows, headOf(rows), 2);
    expect(two.problems.map((p) => p.rowId)).toEqual([1, 2]);
    expect(two.ok).toBe(false);
    expect(two.rows).toBe(60);
  });

  it('one inserted row and several inserted rows: named by the first, with the row written right after the last kept one', () => {
    const rows = chain(12);
    // row 6 and 7 of a different chain inserted between 5 and the old 6 (renumbered 8...)
    const fake = (id: number, prev: string): RawEventRow => {
      const c = { tableId: 'T1', handId: null, handSeq: null, type: 'buy-in', recordedAt: AT, body: `{"fake":${id}}` };
      return [id, c.tableId, c.handId, c.handSeq, c.type, c.recordedAt, c.body, prev, rowHash(prev, c)];
    };
    const f6 = fake(6, rows[4][8]);
    const f7 = fake(7, f6[8]);
    const two = [...rows.slice(0, 5), f6, f7, ...rows.slice(5).map((r) => withId(r, r[0] + 2))];
    expect(sequential(two, headOf(two)).problems).toEqual([
      { kind: 'row-inserted', rowId: 6, message: 'rows 6-7 were inserted: row 8 was written right after row 5' },
    ]);
    const one = [...rows.slice(0, 5), f6, ...rows.slice(5).map((r) => withId(r, r[0] + 1))];
    expect(sequential(one, headOf(one)).problems).toEqual([
      { kind: 'row-inserted', rowId: 6, message: 'row 6 was inserted: row 7 was written right after row 5' },
    ]);
    // a row inserted before the first: the old first row was written right after the start (row 0)
    const head = [fake(1, GENESIS_HASH), ...rows.slice(0, 4).map((r) => withId(r, r[0] + 1))];
    expect(sequential(head, headOf(head)).problems).toEqual([
      { kind: 'row-inserted', rowId: 1, message: 'row 1 was inserted: row 2 was written right after row 0' },
    ]);
    // the same far into the log, after the verifier has gone round its memory of recent rows
    const far = [...rows.slice(0, 10), fake(11, rows[9][8]), withId(rows[10], 12), withId(rows[11], 13)];
    expect(sequential(far, headOf(far)).problems).toEqual([
      { kind: 'row-inserted', rowId: 11, message: 'row 11 was inserted: row 12 was written right after row 10' },
    ]);
  });

  it('one missing row and several: named by the row after the hole', () => {
    const rows = chain(8);
    expect(sequential([...rows.slice(0, 3), ...rows.slice(4)], headOf(rows)).problems).toEqual([
      { kind: 'rows-missing', rowId: 5, message: 'row 4 is missing: row 5 was written after a row that is no longer in the log' },
    ]);
    expect(sequential([...rows.slice(0, 2), ...rows.slice(5)], headOf(rows)).problems).toEqual([
      { kind: 'rows-missing', rowId: 6, message: 'rows 3-5 are missing: row 6 was written after a row that is no longer in the log' },
    ]);
  });

  it('a row removed and the rest renumbered: chain broken, in the words the floor reads', () => {
    const rows = chain(8);
    const cut = [...rows.slice(0, 3), ...rows.slice(4).map((r) => withId(r, r[0] - 1))];
    expect(sequential(cut, headOf(cut)).problems).toEqual([
      {
        kind: 'chain-broken',
        rowId: 4,
        message: 'chain broken between rows 3 and 4: row 4 was written after a different row 3 (row 3 was replaced or re-hashed, or rows were removed and the rest renumbered)',
      },
    ]);
  });

  it('ids that jump over an intact chain: ids edited, once', () => {
    const rows = chain(6);
    const jumped = [...rows.slice(0, 3), ...rows.slice(3).map((r) => withId(r, r[0] + 10))];
    expect(sequential(jumped, headOf(jumped)).problems).toEqual([
      { kind: 'ids-edited', rowId: 14, message: 'row ids jump from 3 to 14 although the chain is intact (the ids were edited)' },
    ]);
  });

  it('remembers the last eight rows only: a row linking back nine rows is a broken chain, not an insertion', () => {
    const rows = chain(30);
    // a row 21 written after row 12 (the ninth row back: forgotten) or after row 13 (the eighth: remembered)
    const c = { tableId: 'T1', handId: null, handSeq: null, type: 'buy-in', recordedAt: AT, body: '{"late":1}' };
    const nine: RawEventRow = [21, c.tableId, c.handId, c.handSeq, c.type, c.recordedAt, c.body, rows[11][8], rowHash(rows[11][8], c)];
    const eight: RawEventRow = [21, c.tableId, c.handId, c.handSeq, c.type, c.recordedAt, c.body, rows[12][8], rowHash(rows[12][8], c)];
    expect(sequential([...rows.slice(0, 20), nine], null).problems.map((p) => [p.kind, p.rowId])).toEqual([['chain-broken', 21], ['head-missing', 21]]);
    expect(sequential([...rows.slice(0, 20), eight], null).problems.map((p) => [p.kind, p.rowId])).toEqual([['row-inserted', 14], ['head-missing', 21]]);
  });
});

describe('ChainVerifier.finishWith: the end of the chain against the log head', () => {
  const rows = chain(9);
  it('rows cut off the end', () => {
    expect(sequential(rows.slice(0, 7), headOf(rows)).problems).toEqual([
      { kind: 'tail-missing', rowId: 8, message: 'rows 8-9 are missing at the end of the log (the log head records row 9)' },
    ]);
  });
  it('the last row is not the one the head recorded', () => {
    expect(sequential(rows, { last_id: 9, last_hash: rows[7][8] }).problems).toEqual([
      { kind: 'chain-broken', rowId: 9, message: 'the last row 9 is not the row the log head recorded (the end of the log was rewritten)' },
    ]);
  });
  it('rows written after the head', () => {
    expect(sequential(rows, headOf(rows.slice(0, 6))).problems).toEqual([
      { kind: 'chain-broken', rowId: 7, message: 'rows 7-9 were added after the log head (written outside the terminal)' },
    ]);
  });
  it('the head removed from a log with rows; an empty log needs none', () => {
    expect(sequential(rows, null)).toMatchObject({
      ok: false,
      problems: [{ kind: 'head-missing', rowId: 9, message: 'the log head record is missing (it was deleted)' }],
    });
    expect(sequential([], null).ok).toBe(true);
    expect(sequential([], { last_id: 0, last_hash: GENESIS_HASH }).ok).toBe(true);
  });
});

describe('ranges checked on their own and joined give exactly one pass', () => {
  const rows = chain(40);
  const c = { tableId: 'T1', handId: null, handSeq: null, type: 'buy-in', recordedAt: AT, body: '{"x":1}' };
  const changed = rows.map((r) => [...r] as RawEventRow);
  changed[4][6] = '{"edited":1}';
  const ins: RawEventRow = [18, c.tableId, c.handId, c.handSeq, c.type, c.recordedAt, c.body, rows[16][8], rowHash(rows[16][8], c)];
  const logs: [string, RawEventRow[], { last_id: number; last_hash: string } | null][] = [
    ['honest', rows, headOf(rows)],
    ['a changed row, a hole, an insertion and ids edited', [
      ...changed.slice(0, 12), ...changed.slice(13, 17), ins, ...changed.slice(17, 30).map((r) => withId(r, r[0] + 1)), ...changed.slice(30).map((r) => withId(r, r[0] + 5)),
    ], headOf(rows)],
    ['no head', rows, null],
    ['a row written after the start of a log (64 zeros) in the middle', [
      ...rows.slice(0, 14), [15, c.tableId, c.handId, c.handSeq, c.type, c.recordedAt, c.body, GENESIS_HASH, rowHash(GENESIS_HASH, c)], ...rows.slice(15),
    ], headOf(rows)],
    // A range that starts within the first eight rows still knows the start of the log (64 zeros).
    ['a row forged before the first, the log renumbered from 2', [
      [1, c.tableId, c.handId, c.handSeq, c.type, c.recordedAt, c.body, GENESIS_HASH, rowHash(GENESIS_HASH, c)], ...rows.map((r) => withId(r, r[0] + 1)),
    ], headOf(rows)],
  ];
  it.each(logs)('%s: every cut, and several cuts, give the sequential verdict', (_name, log, head) => {
    const one = sequential(log, head);
    expect(one.ok).toBe(_name === 'honest');
    const ids = log.map((r) => r[0]);
    for (const cut of [0, ...ids]) expect(inRanges(log, [cut], head)).toEqual(one);
    expect(inRanges(log, [3, 9, 17, 18, 26, 31], head)).toEqual(one);
  });

  it('a range that holds no rows adds nothing; problems beyond maxProblems are dropped when joined', () => {
    const first = ChainVerifier.resumeAfter([]);
    for (const r of rows.slice(0, 20)) first.row(r);
    const joined = ChainVerifier.join([first.part(), new ChainVerifier().part()]);
    expect(joined.finishWith(headOf(rows.slice(0, 20)))).toEqual(sequential(rows.slice(0, 20), headOf(rows.slice(0, 20))));
    const bad = changed.map((r) => [...r] as RawEventRow);
    for (const r of bad) r[6] = '{}';
    const a = new ChainVerifier();
    for (const r of bad.slice(0, 20)) a.row(r);
    const b = ChainVerifier.resumeAfter(bad.slice(12, 20).map((r) => ({ id: r[0], hash: r[8] })));
    for (const r of bad.slice(20)) b.row(r);
    expect(a.part()).toMatchObject({ rows: 20, lastId: 20, lastHash: bad[19][8] });
    expect(a.part().problems).toHaveLength(20);
    const v = ChainVerifier.join([a.part(), b.part()], 25).finishWith(headOf(bad));
    expect(v.problems.map((p) => p.rowId)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(v.rows).toBe(40);
  });
});

describe('inIdOrder', () => {
  const p = (ids: number[]) => ids.flatMap((id) => [String(id), '1', 'p', 'h', 't']);
  it('is true only for count rows of size pieces, ids rising after `after`', () => {
    expect(inIdOrder(p([3, 4, 9]), 3, 5, 2)).toBe(true);
    expect(inIdOrder([], 0, 5, 7)).toBe(true);
    expect(inIdOrder(p([3, 4, 9]), 2, 5, 2)).toBe(false);
    expect(inIdOrder([...p([3, 4]), 'x'], 2, 5, 2)).toBe(false);
    expect(inIdOrder(p([3, 3]), 2, 5, 2)).toBe(false);
    expect(inIdOrder(p([3, 5, 4]), 3, 5, 2)).toBe(false);
    expect(inIdOrder(p([3, 4]), 2, 5, 3)).toBe(false);
    expect(inIdOrder(p([3, 4]), 2, 5, 4)).toBe(false);
  });
});

describe('idRanges', () => {
  it('cuts minId..maxId into at most n ranges of about the same span, in order, the last ending at maxId', () => {
    expect(idRanges({ minId: 1, maxId: 10 }, 3)).toEqual([{ after: 0, upTo: 3 }, { after: 3, upTo: 6 }, { after: 6, upTo: 10 }]);
    expect(idRanges({ minId: 5, maxId: 12 }, 2)).toEqual([{ after: 4, upTo: 8 }, { after: 8, upTo: 12 }]);
    expect(idRanges({ minId: 7, maxId: 9 }, 5)).toEqual([{ after: 6, upTo: 7 }, { after: 7, upTo: 8 }, { after: 8, upTo: 9 }]);
    expect(idRanges({ minId: 1, maxId: 4 }, 1)).toEqual([{ after: 0, upTo: 4 }]);
  });
});

describe('on a database file', () => {
  let tmp: ReturnType<typeof tempFolder> | null = null;
  const open: { close(): void }[] = [];
  afterEach(() => {
    for (const o of open.splice(0)) o.close();
    tmp?.cleanup();
    tmp = null;
  });

  /** A store with `tables` table-level rows then `hand` rows of hand H, and a raw connection to it with the triggers dropped. */
  function logFile(tableRows: number, handRows: number): { store: Store; raw: Database.Database; path: string } {
    tmp = tempFolder('cp-el-mut-');
    const path = tmp.file('log.db');
    let t = Date.parse(AT);
    const store = openStore(path, { clock: () => (t += 3) });
    open.push(store);
    store.write((tx) => {
      for (let i = 0; i < tableRows; i++) tx.append({ tableId: 'T1', body: { type: 'buy-in', seat: i } });
    });
    store.write((tx) => {
      for (let i = 0; i < handRows; i++) tx.append({ tableId: 'T1', handId: 'H', body: { type: 'card-dealt', card: i } });
    });
    const raw = new Database(path);
    open.push(raw);
    raw.exec('DROP TRIGGER events_refuse_update; DROP TRIGGER events_refuse_delete;');
    return { store, raw, path };
  }

  /** The reference: every row read column by column and given to ChainVerifier.row. */
  function byColumns(db: Database.Database): LogVerification {
    const v = new ChainVerifier();
    for (const r of db.prepare('SELECT id, table_id, hand_id, hand_seq, type, recorded_at, body, prev_hash, hash FROM events ORDER BY id').raw(true).all() as RawEventRow[]) v.row(r);
    return v.finishWith(readHead(db));
  }

  function fast(db: Database.Database): LogVerification {
    const v = new ChainVerifier();
    verifyRange(db, v, 0, Number.MAX_SAFE_INTEGER);
    return v.finishWith(readHead(db));
  }

  it('verifyRange passes an honest log of more rows than one read takes, table-level rows and hand rows alike', () => {
    const { raw } = logFile(2100, 30);
    const v = fast(raw);
    expect(v).toMatchObject({ ok: true, rows: 2130, lastId: 2130, problems: [] });
    expect(byColumns(raw)).toEqual(v);
    const tail = new ChainVerifier();
    verifyRange(raw, tail, 0, 5);
    expect(tail.part()).toMatchObject({ rows: 5, lastId: 5, problems: [] });
  });

  it('a row of odd column types gets exactly the verdict of the rows read column by column', () => {
    const { raw } = logFile(10, 10);
    // the hash stored as a blob: never equal to the text the verifier computes (SQLite would write it as the same text)
    raw.prepare('UPDATE events SET hash = CAST(hash AS BLOB) WHERE id = 4').run();
    raw.prepare('UPDATE events SET hash = CAST(hash AS BLOB) WHERE id = 15').run();
    const expected = byColumns(raw);
    expect(expected.problems.map((p) => [p.kind, p.rowId])).toEqual([['content-changed', 4], ['chain-broken', 5], ['content-changed', 15], ['chain-broken', 16]]);
    expect(fast(raw)).toEqual(expected);
  });

  it('a value holding the batch separator U+0001 gets exactly the verdict of the rows read column by column', () => {
    const { raw } = logFile(10, 10);
    raw.prepare("UPDATE events SET table_id = 'T' || char(1) || '1' WHERE id = 7").run();
    const expected = byColumns(raw);
    expect(expected.problems).toEqual([{ kind: 'content-changed', rowId: 7, message: 'row 7 (buy-in): content changed: its stored hash does not match its content' }]);
    expect(fast(raw)).toEqual(expected);
  });

  it('a changed row found by the fast read is named with its type, and only that row', () => {
    const { raw } = logFile(3, 6);
    raw.prepare(`UPDATE events SET body = '{"card":40,"type":"card-dealt"}' WHERE id = 6`).run();
    expect(fast(raw).problems).toEqual([{ kind: 'content-changed', rowId: 6, message: 'row 6 (card-dealt): content changed: its stored hash does not match its content' }]);
  });

  it('chainVerifierAfter resumes from the rows before the range: a range checked alone and joined gives one pass', () => {
    const { raw } = logFile(15, 10);
    const one = fast(raw);
    for (const after of [0, 3, 8, 9, 12, 20]) {
      const a = chainVerifierAfter(raw, 0, 50);
      verifyRange(raw, a, 0, after);
      const b = chainVerifierAfter(raw, after, 50);
      verifyRange(raw, b, after, 25);
      expect(ChainVerifier.join([a.part(), b.part()]).finishWith(readHead(raw))).toEqual(one);
      expect(b.part().problems).toEqual([]);
    }
    // a row inserted just after the cut is recognised from the rows before it
    const prev = raw.prepare('SELECT hash FROM events WHERE id = 12').pluck().get() as string;
    for (let id = 25; id >= 13; id--) raw.prepare('UPDATE events SET id = ? WHERE id = ?').run(id + 1, id);
    const c = { tableId: 'T1', handId: null, handSeq: null, type: 'buy-in', recordedAt: AT, body: '{"x":1}' };
    raw.prepare('INSERT INTO events VALUES (13, ?, ?, ?, ?, ?, ?, ?, ?)').run(c.tableId, c.handId, c.handSeq, c.type, c.recordedAt, c.body, prev, rowHash(prev, c));
    const b = chainVerifierAfter(raw, 13, 50);
    verifyRange(raw, b, 13, 26);
    expect(b.part().problems).toEqual([{ kind: 'row-inserted', rowId: 13, message: 'row 13 was inserted: row 14 was written right after row 12' }]);
  });

  it('chainVerifierAfter remembers the eight rows before the range: rows inserted just before the cut are named', () => {
    const { raw } = logFile(25, 0);
    const prev = raw.prepare('SELECT hash FROM events WHERE id = 5').pluck().get() as string;
    for (let id = 25; id >= 6; id--) raw.prepare('UPDATE events SET id = ? WHERE id = ?').run(id + 7, id);
    let link = prev;
    for (let id = 6; id <= 12; id++) {
      const c = { tableId: 'T1', handId: null, handSeq: null, type: 'buy-in', recordedAt: AT, body: `{"x":${id}}` };
      const hash = rowHash(link, c);
      raw.prepare('INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)').run(id, c.tableId, c.handId, c.handSeq, c.type, c.recordedAt, c.body, link, hash);
      link = hash;
    }
    const b = chainVerifierAfter(raw, 12, 50);
    verifyRange(raw, b, 12, 32);
    expect(b.part().problems).toEqual([{ kind: 'row-inserted', rowId: 6, message: 'rows 6-12 were inserted: row 13 was written right after row 5' }]);
  });

  it('readHead gives the log head, or null when there is none', () => {
    const { raw } = logFile(2, 0);
    expect(readHead(raw)).toEqual({ last_id: 2, last_hash: raw.prepare('SELECT hash FROM events WHERE id = 2').pluck().get() });
    raw.prepare('DELETE FROM log_head').run();
    expect(readHead(raw)).toBeNull();
  });

  it('eachEventRow gives every row after < id <= upTo once, in id order, exactly as stored', () => {
    const { raw } = logFile(1100, 5);
    const seen: RawEventRow[] = [];
    eachEventRow(raw, 2, 1103, (r) => seen.push(r));
    expect(seen.map((r) => r[0])).toEqual(Array.from({ length: 1101 }, (_, i) => i + 3));
    expect(seen[1100]).toEqual(raw.prepare('SELECT id, table_id, hand_id, hand_seq, type, recorded_at, body, prev_hash, hash FROM events WHERE id = 1103').raw(true).get());
    const none: RawEventRow[] = [];
    eachEventRow(raw, 1105, 2000, (r) => none.push(r));
    expect(none).toEqual([]);
  });

  it('inSnapshot reads one snapshot while another connection writes, gives back what fn returns, and ends its transaction', () => {
    const { store, path } = logFile(3, 0);
    const reader = new Database(path, { readonly: true });
    open.push(reader);
    const count = () => reader.prepare('SELECT count(*) FROM events').pluck().get();
    const seen = inSnapshot(reader, () => {
      const before = count();
      store.write((tx) => tx.append({ tableId: 'T1', body: { type: 'dealer-off' } }));
      return [before, count()];
    });
    expect(seen).toEqual([3, 3]);
    expect(reader.inTransaction).toBe(false);
    expect(count()).toBe(4);
    // inside a transaction the caller holds: run in it, left open for the caller
    reader.exec('BEGIN');
    expect(inSnapshot(reader, () => count())).toBe(4);
    expect(reader.inTransaction).toBe(true);
    reader.exec('COMMIT');
  });
});
