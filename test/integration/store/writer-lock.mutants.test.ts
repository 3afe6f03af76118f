/**
 * What `app/services/writer-lock.ts` promises that `writer-lock.test.ts` (which drives other
 * processes, and so is left out of mutation runs) leaves unchecked in this process: the one
 * line a refused writer reads, word for word (the holder in this process, in another process
 * on this host, on another host, a holder that recorded nothing); the holder's command line as
 * recorded (arguments with a space or a quote quoted, whitespace made one space, shortened to
 * 240 characters); where the lock file of a database in a missing folder is and that it is
 * refused there naming it; a database with a second hard link refused; the native binding it
 * is given used for the lock and for reading the holder.
 *
 * Another process holding the lock is a small plain-node program written into the test's
 * folder: it takes SQLite's lock on `<db>-writer` as a writer does and records a holder row of
 * the test's choosing (or none).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, linkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readWriterInfo, takeWriterLock, writerLockPath, type WriterLock } from '../../../app/services/writer-lock';
import { storeErrorOf, tempFolder } from './temp';

const BETTER_SQLITE3 = createRequire(import.meta.url).resolve('better-sqlite3');

const STOP_FIRST = 'One program writes a database at a time: stop that one first (verify-log, replay, audit, export and recall may run beside it)';

/**
 * The holder: `node holder.cjs BETTER_SQLITE3 LOCK_FILE row|none HOST COMMAND SINCE` takes the
 * lock as a writer does (NORMAL mode, a write transaction, EXCLUSIVE kept by the commit),
 * records its pid with HOST, COMMAND and SINCE (`row`) or nothing (`none`), prints `held`,
 * and waits to be killed.
 */
const HOLDER = `
const [bs, lockPath, mode, host, command, since] = process.argv.slice(2);
const Database = require(bs);
const db = new Database(lockPath);
db.exec('BEGIN EXCLUSIVE');
if (mode === 'row') {
  db.exec('CREATE TABLE IF NOT EXISTS holder (one INTEGER PRIMARY KEY CHECK (one = 1), pid INTEGER NOT NULL, command TEXT NOT NULL, host TEXT NOT NULL, started_at TEXT NOT NULL)');
  db.prepare('INSERT OR REPLACE INTO holder (one, pid, command, host, started_at) VALUES (1, ?, ?, ?, ?)').run(process.pid, command, host, since);
} else {
  db.exec('CREATE TABLE IF NOT EXISTS other_things (a)');
}
db.pragma('locking_mode = EXCLUSIVE');
db.exec('COMMIT');
process.stdout.write('held\\n');
setInterval(() => {}, 60000);
`;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

function folder(): ReturnType<typeof tempFolder> {
  const tmp = tempFolder('cp-writer-mut-');
  cleanups.push(tmp.cleanup);
  return tmp;
}

function keep(lock: WriterLock): WriterLock {
  cleanups.push(() => lock.release());
  return lock;
}

/** Another process holding `dbPath`'s writer lock, with the holder row given (or none); resolves to its pid once it holds it. */
async function otherHolder(dir: string, dbPath: string, row: { host: string; command: string; since: string } | null): Promise<number> {
  const script = join(dir, 'holder.cjs');
  writeFileSync(script, HOLDER);
  const args = row ? ['row', row.host, row.command, row.since] : ['none', '', '', ''];
  const proc: ChildProcess = spawn(process.execPath, [script, BETTER_SQLITE3, writerLockPath(dbPath), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  cleanups.push(() => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
  });
  let err = '';
  proc.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  await new Promise<void>((res, rej) => {
    proc.stdout!.once('data', () => res());
    proc.once('exit', (code) => rej(new Error(`the holder exited (${code}) before holding the lock: ${err}`)));
  });
  return proc.pid!;
}

/** Runs `fn` with `process.argv` set to `argv`, then puts it back. */
function withArgv<T>(argv: string[], fn: () => T): T {
  const saved = process.argv;
  process.argv = argv;
  try {
    return fn();
  } finally {
    process.argv = saved;
  }
}

describe('the refusal a second writer reads: one line naming the database and the holder', () => {
  it('a holder in this process: its pid, command and start time, and what to do', () => {
    const path = folder().file('here.db');
    const lock = keep(takeWriterLock(path));
    const e = storeErrorOf(() => takeWriterLock(path));
    expect(e.code).toBe('database-in-use');
    expect(e.message).toBe(`database ${path} is in use by another writer: pid ${process.pid} (${lock.info.command}), since ${lock.info.startedAt}. ${STOP_FIRST}`);
    expect(lock.info.host).toBe(hostname());
  });

  it('a holder in another process on this host: its recorded pid, command and start time, no host', async () => {
    const tmp = folder();
    const path = tmp.file('other.db');
    const pid = await otherHolder(tmp.dir, path, { host: hostname(), command: 'node table.js simulate --db other.db', since: '2026-12-05T03:00:00.000Z' });
    const e = storeErrorOf(() => takeWriterLock(path));
    expect(e.code).toBe('database-in-use');
    expect(e.message).toBe(`database ${path} is in use by another writer: pid ${pid} (node table.js simulate --db other.db), since 2026-12-05T03:00:00.000Z. ${STOP_FIRST}`);
    expect(readWriterInfo(writerLockPath(path))).toEqual({ pid, command: 'node table.js simulate --db other.db', host: hostname(), startedAt: '2026-12-05T03:00:00.000Z' });
  });

  it('a holder on another host (a shared folder): its host named', async () => {
    const tmp = folder();
    const path = tmp.file('shared.db');
    const host = `${hostname()}-till-2`;
    const pid = await otherHolder(tmp.dir, path, { host, command: 'serve --db shared.db', since: '2026-12-05T02:00:00.000Z' });
    const e = storeErrorOf(() => takeWriterLock(path));
    expect(e.code).toBe('database-in-use');
    expect(e.message).toBe(`database ${path} is in use by another writer: pid ${pid} on ${host} (serve --db shared.db), since 2026-12-05T02:00:00.000Z. ${STOP_FIRST}`);
  });

  it('a holder that recorded nothing: refused all the same, saying so', async () => {
    const tmp = folder();
    const path = tmp.file('silent.db');
    await otherHolder(tmp.dir, path, null);
    expect(readWriterInfo(writerLockPath(path))).toBeNull();
    const e = storeErrorOf(() => takeWriterLock(path));
    expect(e.code).toBe('database-in-use');
    expect(e.message).toBe(`database ${path} is in use by another writer: a process that recorded no details. ${STOP_FIRST}`);
  });
});

describe("the holder's command line as recorded", () => {
  it('each argument with a space or a quote quoted, runs of whitespace one space, no space at the ends', () => {
    const path = folder().file('argv.db');
    const argv = ['/usr/bin/node', '/srv/app/table.js', 'simulate', '--db', '/srv/my  db.sqlite', '--note', 'say "hi"', "it's", '--reason', ''];
    const lock = keep(withArgv(argv, () => takeWriterLock(path)));
    const command = '/usr/bin/node /srv/app/table.js simulate --db "/srv/my db.sqlite" --note "say \\"hi\\"" "it\'s" --reason';
    expect(lock.info.command).toBe(command);
    expect(readWriterInfo(lock.path)).toEqual(lock.info);
  });

  it('shortened to 240 characters, ending "..."', () => {
    const path = folder().file('long.db');
    const long = `/srv/${'x'.repeat(300)}.db`;
    const lock = keep(withArgv(['/usr/bin/node', 'table.js', 'simulate', '--db', long], () => takeWriterLock(path)));
    expect(lock.info.command).toBe(`${`/usr/bin/node table.js simulate --db ${long}`.slice(0, 237)}...`);
    expect(lock.info.command).toHaveLength(240);
  });

  it('a command of 240 characters exactly is kept whole', () => {
    const path = folder().file('exact.db');
    const head = '/usr/bin/node table.js simulate --db ';
    const arg = `/${'y'.repeat(240 - head.length - 1)}`;
    const lock = keep(withArgv(['/usr/bin/node', 'table.js', 'simulate', '--db', arg], () => takeWriterLock(path)));
    expect(lock.info.command).toBe(head + arg);
    expect(lock.info.command).toHaveLength(240);
  });
});

describe('where the lock file is, and files refused', () => {
  it('a database in a folder that does not exist: the lock file is beside it by its absolute path, and cannot be taken (database-open-failed naming it)', () => {
    const tmp = folder();
    const path = join(tmp.dir, 'no-such-folder', 'terminal.db');
    expect(writerLockPath(path)).toBe(`${path}-writer`);
    const relative = join('no-such-folder-here', 'terminal.db');
    expect(writerLockPath(relative)).toBe(`${resolve(relative)}-writer`);
    const e = storeErrorOf(() => takeWriterLock(path));
    expect(e.code).toBe('database-open-failed');
    expect(e.message).toContain(`cannot open database ${path}: its writer lock ${path}-writer cannot be taken: `);
    expect(existsSync(join(tmp.dir, 'no-such-folder'))).toBe(false);
  });

  it('a database file with a second hard link: database-open-failed, no lock taken', () => {
    const tmp = folder();
    const path = tmp.file('linked.db');
    writeFileSync(path, 'a database');
    linkSync(path, tmp.file('other-name.db'));
    const e = storeErrorOf(() => takeWriterLock(path));
    expect(e.code).toBe('database-open-failed');
    expect(e.message).toBe(`cannot open database ${path} for writing: the file has 2 hard links (names); give it one name only`);
    expect(existsSync(`${path}-writer`)).toBe(false);
  });
});

describe('the native binding given is the one used', () => {
  it('for the lock: one that does not load is database-open-failed naming the lock file, and no lock file is made', () => {
    const tmp = folder();
    const path = tmp.file('binding.db');
    const e = storeErrorOf(() => takeWriterLock(path, { nativeBinding: tmp.file('no-such-binding.node') }));
    expect(e.code).toBe('database-open-failed');
    expect(e.message).toContain(`cannot open database ${path}: its writer lock ${path}-writer cannot be taken: `);
    expect(existsSync(`${path}-writer`)).toBe(false);
    // nothing is held: the default binding takes it
    keep(takeWriterLock(path));
  });

  it('for reading the holder: one that does not load reads nothing', () => {
    const tmp = folder();
    const path = tmp.file('read.db');
    const lock = keep(takeWriterLock(path));
    expect(readWriterInfo(lock.path)).toEqual(lock.info);
    expect(readWriterInfo(lock.path, tmp.file('no-such-binding.node'))).toBeNull();
  });
});
