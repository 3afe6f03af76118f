/**
 * More of the store's promises (app/services/store.ts, docs/store.md "Schema": `log_head` is the
 * end of the chain), each checked so that the test fails when the code is wrong: only a
 * read-only (audit) connection asks for the memory map, a writer's connection keeps SQLite's
 * own setting; a write that appends no event records no log head where the log has no row (a
 * head names the last row of the chain, and an empty log has none: the export's head hash stays
 * null), and leaves the head as it was where it has one; the `nativeBinding` given opens every
 * connection of a writer, its writer lock's included (Electron's build of the binding is the only
 * one it can load); a new database is made whole from a fresh draft (the files a crashed
 * creation left beside it replaced, none left after) and no descriptor of it stays open once
 * the store is closed.
 */
import Database from 'better-sqlite3';
import { existsSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readHead } from '../../../app/services/event-log';
import { AUDIT_MMAP_BYTES, openStore } from '../../../app/services/store';
import { writerLockPath } from '../../../app/services/writer-lock';
import { folderPerTest } from './temp';

const tmp = folderPerTest('cp-store-b-mut-');
const keep = tmp.keep;

describe('the memory map', () => {
  it('is asked for by read-only (audit) connections only: a writer keeps SQLite\'s default', () => {
    const path = tmp.file('t.db');
    const writer = keep(openStore(path));
    const plain = keep(new Database(tmp.file('plain.db')));
    const byDefault = plain.pragma('mmap_size', { simple: true });
    expect(writer.db.pragma('mmap_size', { simple: true })).toBe(byDefault);
    const reader = keep(openStore(path, { readonly: true }));
    expect(AUDIT_MMAP_BYTES).toBe(2 ** 40);
    expect(reader.db.pragma('mmap_size', { simple: true })).not.toBe(byDefault);
  });
});

describe('the log head', () => {
  it('is not written by a write that appends no event to an empty log', () => {
    const store = keep(openStore(tmp.file('t.db')));
    expect(store.write(() => 'done')).toBe('done');
    expect(readHead(store.db)).toBeNull();
    store.write((tx) => tx.append({ tableId: 'T1', body: { type: 'table-opened' } }));
    const head = readHead(store.db);
    expect(head?.last_id).toBe(1);
    store.write(() => undefined);
    expect(readHead(store.db)).toEqual(head);
  });
});

describe('the nativeBinding option', () => {
  it('opens every connection of a writer through the binding given: the writer lock\'s, the new database\'s draft, the store\'s', () => {
    const real = createRequire(import.meta.url)(join(process.cwd(), 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node')) as { Database: new (...a: unknown[]) => object };
    const files: string[] = [];
    const binding = Object.create(real) as { Database: (...a: unknown[]) => object };
    binding.Database = function (...a: unknown[]) {
      files.push(String(a[0]));
      return new real.Database(...a);
    };
    const path = tmp.file('t.db');
    const store = keep(openStore(path, { nativeBinding: binding }));
    expect(store.version).toBeGreaterThan(0);
    expect(files).toContain(writerLockPath(path));
    expect(files).toContain(`${path}-new`); // the new database, made whole beside the path
    expect(files).toContain(path);
  });
});

describe('making a new database', () => {
  it('replaces every file a crashed creation left beside the path, and leaves none', () => {
    const path = tmp.file('t.db');
    for (const f of [`${path}-new`, `${path}-new-journal`, `${path}-new-wal`, `${path}-new-shm`]) writeFileSync(f, 'left by a creation that crashed '.repeat(40));
    const store = keep(openStore(path));
    store.write((tx) => tx.append({ tableId: 'T1', body: { type: 'table-opened' } }));
    expect(readdirSync(tmp.dir).filter((f) => f.startsWith('t.db-new'))).toEqual([]);
    expect(existsSync(path)).toBe(true);
  });

  // Linux shows a process's open files in /proc/self/fd
  it.runIf(existsSync('/proc/self/fd'))('keeps no descriptor of the database file open once the store is closed', () => {
    const path = tmp.file('t.db');
    const openOn = () => readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`).startsWith(path);
      } catch {
        return false; // closed meanwhile
      }
    });
    const store = openStore(path);
    expect(openOn().length).toBeGreaterThan(0);
    store.close();
    expect(openOn()).toEqual([]);
  });
});
