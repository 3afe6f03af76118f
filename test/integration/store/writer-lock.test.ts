/**
 * One writer per database file, and no database started afresh where a file was (store.ts,
 * writer-lock.ts), on real files and real processes: a second writer refused naming the file
 * and the holder, released by close and by SIGKILL, readers beside a writer; processes that
 * start at the same moment (exactly one wins); a 0-byte file, a file without the schema,
 * another program's file and a missing folder refused and left as they were; a new database
 * made whole or not at all.
 */
import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../app/services/store';
import { readWriterInfo, takeWriterLock, writerLockPath } from '../../../app/services/writer-lock';
import { storeErrorOf, tempFolder } from './temp';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const CHILD = join(import.meta.dirname, 'fixtures', 'writer-child.ts');

const tmp = tempFolder('cp-writer-');
afterAll(() => tmp.cleanup());

const open: Store[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

function keep(store: Store): Store {
  open.push(store);
  return store;
}

/** The bytes of every file in the folder, by name. */
function folderBytes(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).sort().map((f) => [f, readFileSync(join(dir, f)).toString('base64')]));
}

/** Starts `writer-child.ts DB`: a writer in another process. */
function child(...args: string[]): { proc: ChildProcess; lines: Record<string, unknown>[]; first: Promise<Record<string, unknown>>; exited: Promise<number | null>; stderr: () => string } {
  const proc = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', CHILD, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(proc);
  const lines: Record<string, unknown>[] = [];
  let err = '';
  let buffer = '';
  let gotFirst: (l: Record<string, unknown>) => void;
  const first = new Promise<Record<string, unknown>>((r) => (gotFirst = r));
  proc.stdout!.setEncoding('utf8');
  proc.stdout!.on('data', (c: string) => {
    buffer += c;
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = JSON.parse(buffer.slice(0, nl)) as Record<string, unknown>;
      buffer = buffer.slice(nl + 1);
      lines.push(line);
      if (lines.length === 1) gotFirst(line);
    }
  });
  proc.stderr!.setEncoding('utf8');
  proc.stderr!.on('data', (c: string) => (err += c));
  const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  void exited.then(() => {
    if (lines.length === 0) gotFirst({ exited: true, stderr: err });
  });
  return { proc, lines, first, exited, stderr: () => err };
}

describe('one writer per file', () => {
  it('refuses a second writer in the same process, naming the file and this pid; close lets the next one in', () => {
    const path = tmp.file('same.db');
    keep(openStore(path));
    const e = storeErrorOf(() => openStore(path));
    expect(e.code).toBe('database-in-use');
    expect(e.message).toContain(`database ${path} is in use`);
    expect(e.message).toContain(`pid ${process.pid}`);
    expect(e.message).not.toContain('\n');
    open.pop()!.close();
    keep(openStore(path)).close();
  });

  it('a second open refused in the same process keeps the lock: another process is still refused', async () => {
    const path = tmp.file('same-then-other.db');
    keep(openStore(path));
    expect(storeErrorOf(() => openStore(path)).code).toBe('database-in-use');
    const other = child(path);
    expect(await other.exited).not.toBe(0); // refused, not a second writer
    expect(other.stderr()).toMatch(/database-in-use|is in use by another writer/);
  });

  it('refuses to write a database that has a second hard link (it would get a second lock and WAL)', () => {
    const path = tmp.file('linked.db');
    openStore(path).close();
    linkSync(path, tmp.file('linked-too.db'));
    const e = storeErrorOf(() => openStore(path));
    expect(e.message).toMatch(/2 hard links/);
  });

  it('refuses a writer while another process holds the file, naming its pid and command', async () => {
    const path = tmp.file('other.db');
    const holder = child(path);
    const held = await holder.first;
    expect(held, holder.stderr()).toHaveProperty('held');
    const e = storeErrorOf(() => openStore(path));
    expect(e.code).toBe('database-in-use');
    expect(e.message).toContain(path);
    expect(e.message).toContain(`pid ${held.held as number} (`);
    expect(e.message).toContain('writer-child.ts');
    // the holder's record is readable while it holds the lock
    expect(readWriterInfo(writerLockPath(path))).toMatchObject({ pid: held.held, command: expect.stringContaining('writer-child.ts') });
  });

  it('is free at once after the holder is SIGKILLed: no stale lock to clean up', async () => {
    const path = tmp.file('killed.db');
    const holder = child(path);
    expect(await holder.first).toHaveProperty('held');
    expect(storeErrorOf(() => openStore(path)).code).toBe('database-in-use');
    holder.proc.kill('SIGKILL');
    await holder.exited;
    const store = keep(openStore(path));
    expect(store.version).toBeGreaterThan(0);
  });

  it('lets read-only stores open beside the writer, and they take no lock', () => {
    const path = tmp.file('readers.db');
    const writer = keep(openStore(path));
    writer.write((tx) => tx.append({ tableId: 'T1', body: { type: 'table-opened' } }));
    const reader = keep(openStore(path, { readonly: true }));
    const again = keep(openStore(path, { readonly: true }));
    expect(reader.db.prepare('SELECT count(*) FROM events').pluck().get()).toBe(1);
    expect(again.db.prepare('SELECT count(*) FROM events').pluck().get()).toBe(1);
    writer.close();
    // the readers still open: the file can be written again
    keep(openStore(path)).write((tx) => tx.append({ tableId: 'T1', body: { type: 'dealer-on' } }));
  });

  it('is one lock for two spellings of one file (a relative path, a symbolic link)', () => {
    const path = tmp.file('spelled.db');
    keep(openStore(path));
    const link = tmp.file('link.db');
    symlinkSync(path, link);
    expect(storeErrorOf(() => openStore(link)).code).toBe('database-in-use');
    expect(storeErrorOf(() => openStore(join(tmp.dir, '.', 'spelled.db'))).code).toBe('database-in-use');
  });

  it('takes no lock for a database in memory', () => {
    keep(openStore(':memory:'));
    keep(openStore(':memory:'));
    expect(existsSync(':memory:-writer')).toBe(false);
  });

  describe('contenders starting at the same moment', () => {
    const racer = tmp.file('lock-racer.cjs');
    const env = { ...process.env, NODE_PATH: join(ROOT, 'node_modules') };
    beforeAll(async () => {
      // Bundled and run by plain node: it starts as cold and as fast as a real program does.
      await esbuild.build({
        entryPoints: [join(import.meta.dirname, 'fixtures', 'lock-racer.ts')],
        outfile: racer, bundle: true, platform: 'node', format: 'cjs', target: 'node20', external: ['better-sqlite3'], logLevel: 'silent',
      });
    });
    /**
     * `n` racers asking for `db`'s lock at `start`; their answers, sorted. A winner holds it
     * 2 s: a racer started late by a busy machine still finds it held.
     */
    const race = async (db: string, start: number, n: number) => (await Promise.all(Array.from({ length: n }, () => new Promise<string>((resolve) => {
      const p = spawn(process.execPath, [racer, db, String(start), '2000'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      p.stdout.on('data', (c: Buffer) => (out += c.toString()));
      p.stderr.on('data', (c: Buffer) => (out += c.toString()));
      p.on('close', () => resolve(out.trim()));
    })))).sort();

    it('two that both wait behind a third: exactly one gets in, the other is refused', async () => {
      // A third connection is half way through taking the lock (it holds SQLite's RESERVED lock
      // on the lock file) when both ask; it lets go 150 ms later, within their 250 ms wait.
      // Had the two asked in EXCLUSIVE locking mode, each would keep the read lock the other
      // needs while waiting, and both would be refused with nobody holding the lock.
      const db = tmp.file('third.db');
      const third = new Database(writerLockPath(db));
      third.exec('BEGIN IMMEDIATE');
      const start = Date.now() + 1000;
      const answers = race(db, start, 2);
      await new Promise((r) => setTimeout(r, start + 150 - Date.now()));
      third.exec('ROLLBACK');
      third.close();
      expect(await answers).toEqual(['got', 'refused']);
    }, 20_000);

    it('three at once, five times: one gets in each time', async () => {
      const start = Date.now() + 1000;
      const all = await Promise.all([0, 1, 2, 3, 4].map((k) => race(tmp.file(`race-${k}.db`), start + k * 60, 3)));
      for (const answers of all) expect(answers).toEqual(['got', 'refused', 'refused']);
    }, 20_000);
  });

  it('takeWriterLock is refused while the lock is held and free after release', () => {
    const path = tmp.file('direct.db');
    const lock = takeWriterLock(path);
    expect(lock.path).toBe(`${path}-writer`);
    expect(lock.info.pid).toBe(process.pid);
    expect(storeErrorOf(() => takeWriterLock(path)).code).toBe('database-in-use');
    lock.release();
    lock.release();
    takeWriterLock(path).release();
  });
});

describe('an existing file is used or refused, never started afresh', () => {
  it('refuses a 0-byte file (and its -wal) without touching them or making anything beside them', () => {
    const dir = join(tmp.dir, 'zero');
    mkdirSync(dir);
    const path = join(dir, 'terminal.db');
    writeFileSync(path, '');
    writeFileSync(`${path}-wal`, 'what a WAL beside a truncated file may still hold');
    const before = folderBytes(dir);
    for (const options of [{}, { readonly: true }, { mustExist: true }]) {
      const e = storeErrorOf(() => openStore(path, options));
      expect(e.code).toBe('database-empty');
      expect(e.message).toContain(`database ${path} exists but holds no terminal database`);
      expect(e.message).toContain('0 bytes');
    }
    expect(statSync(path).size).toBe(0);
    expect(folderBytes(dir)).toEqual(before);
  });

  it('refuses an SQLite file without the schema (user_version 0, no tables), unchanged', () => {
    const path = tmp.file('no-schema.db');
    const raw = new Database(path);
    raw.exec('CREATE TABLE gone (a); DROP TABLE gone;');
    raw.close();
    const bytes = readFileSync(path);
    expect(bytes.length).toBeGreaterThan(0);
    for (const options of [{}, { readonly: true }]) {
      const e = storeErrorOf(() => openStore(path, options));
      expect(e.code).toBe('database-empty');
      expect(e.message).toContain('exists but holds no terminal database');
    }
    expect(readFileSync(path).equals(bytes)).toBe(true);
    expect(existsSync(`${path}-wal`)).toBe(false);
  });

  it("refuses another program's SQLite file, naming its tables, unchanged", () => {
    const path = tmp.file('other-program.db');
    const raw = new Database(path);
    raw.exec('CREATE TABLE contacts (name); CREATE TABLE notes (text);');
    raw.close();
    const bytes = readFileSync(path);
    const e = storeErrorOf(() => openStore(path));
    expect(e.code).toBe('not-a-terminal-database');
    expect(e.message).toContain('tables contacts, notes');
    expect(readFileSync(path).equals(bytes)).toBe(true);
    const raw2 = new Database(path, { readonly: true });
    expect(raw2.prepare("SELECT name FROM sqlite_master WHERE name = 'events'").get()).toBeUndefined();
    raw2.close();
  });

  it('refuses a file that is not SQLite at all, unchanged', () => {
    const path = tmp.file('random.db');
    const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 37 + 11) % 256));
    writeFileSync(path, bytes);
    const e = storeErrorOf(() => openStore(path));
    expect(e.code).toBe('not-a-terminal-database');
    expect(e.message).toContain(`database ${path} exists but holds no terminal database`);
    expect(readFileSync(path).equals(bytes)).toBe(true);
  });

  it('refuses a new database in a folder that does not exist, and makes no folder', () => {
    const path = join(tmp.dir, 'no-such-folder', 'deeper', 'terminal.db');
    const e = storeErrorOf(() => openStore(path));
    expect(e.code).toBe('database-folder-not-found');
    expect(e.message).toContain(join(tmp.dir, 'no-such-folder', 'deeper'));
    expect(e.message).toContain(path);
    expect(existsSync(join(tmp.dir, 'no-such-folder'))).toBe(false);
  });

  it('makes a new database only where no file is, whole: no draft left, a stale draft replaced', () => {
    const dir = join(tmp.dir, 'fresh');
    mkdirSync(dir);
    const path = join(dir, 'terminal.db');
    // what a creation killed half way leaves: never taken for the database
    writeFileSync(`${path}-new`, 'half a database');
    const store = keep(openStore(path));
    expect(store.applied.length).toBe(store.version);
    expect(store.version).toBeGreaterThan(0);
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(existsSync(`${path}-new`)).toBe(false);
    store.close();
    open.pop();
    // opened again: the same database, nothing applied
    expect(keep(openStore(path)).applied).toEqual([]);
  });
});
