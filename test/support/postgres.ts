/**
 * A throw-away PostgreSQL cluster for the tests: `initdb` into a fresh temporary folder, the
 * server started with `pg_ctl` on a Unix socket in that folder (no TCP port, so no clash with
 * another cluster or test), trust authentication, and everything removed after. PostgreSQL
 * refuses to run as root: as root (this VM, CI in a container) every server command runs as
 * the `postgres` user (`runuser -u postgres --`), and the folder is given to that user.
 *
 * The binaries: `$PG_BIN` if set, else the newest /usr/lib/postgresql/N/bin (Debian's
 * `postgresql` package), else whatever `initdb` is on the PATH.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** A running (or stopped) throw-away cluster. */
export interface PgCluster {
  /** The folder of the socket (and of the data directory). */
  readonly dir: string;
  /** A URL of the database `name` (`postgres` by default) on this cluster. */
  url(name?: string): string;
  /** Makes a new, empty database and gives its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server: `immediate` is a crash as far as PostgreSQL is concerned (it recovers from its WAL at the next start). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts the server again on the same data and socket. */
  start(): Promise<void>;
  /** Stops the server if it runs and removes the folder. */
  destroy(): Promise<void>;
}

const DEBIAN_ROOT = '/usr/lib/postgresql';

function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  if (existsSync(DEBIAN_ROOT)) {
    const versions = readdirSync(DEBIAN_ROOT).filter((v) => /^\d+$/.test(v) && existsSync(join(DEBIAN_ROOT, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
    if (versions.length > 0) return join(DEBIAN_ROOT, versions[0], 'bin');
  }
  return '';
}

const isRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program (as `postgres` when we are root); rejects with its output when it fails. */
function run(program: string, args: readonly string[]): Promise<string> {
  const bin = binDir();
  const exe = bin ? join(bin, program) : program;
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', exe, ...args]] : [exe, [...args]];
  return new Promise((resolve, reject) => {
    execFile(file, argv, { timeout: 60_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${program} ${args.join(' ')} failed: ${error.message}\n${stdout}${stderr}`));
      else resolve(stdout);
    });
  });
}

/** The numeric uid and gid of the `postgres` user (only asked for as root). */
function postgresUser(): Promise<{ uid: number; gid: number }> {
  return new Promise((resolve, reject) => {
    execFile('id', ['-u', 'postgres'], (e1, uid) => {
      if (e1) return reject(new Error(`there is no postgres user (install Debian's postgresql package): ${e1.message}`));
      execFile('id', ['-g', 'postgres'], (e2, gid) => {
        if (e2) return reject(e2);
        resolve({ uid: Number(uid.trim()), gid: Number(gid.trim()) });
      });
    });
  });
}

/**
 * Makes and starts a cluster in a new temporary folder. The server listens only on the socket
 * `<dir>/.s.PGSQL.5432`; `fsync` is off (the tests crash the server process, never the
 * machine, and the OS keeps what was written).
 */
export async function startPostgres(): Promise<PgCluster> {
  // Short: a Unix socket's path has to fit in about 100 bytes.
  const dir = mkdtempSync(join(existsSync('/tmp') ? '/tmp' : tmpdir(), 'cp-pg-'));
  if (isRoot) {
    const { uid, gid } = await postgresUser();
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  let running = false;
  const cluster: PgCluster = {
    dir,
    url: (name = 'postgres') => `postgres://postgres@/${name}?host=${encodeURIComponent(dir)}`,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: cluster.url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      } finally {
        await client.end();
      }
      return cluster.url(name);
    },
    async stop(mode = 'fast') {
      await run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
      running = false;
    },
    async start() {
      await run('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '30', '-o', `-c listen_addresses='' -k ${dir} -c fsync=off -c port=5432`, 'start']);
      running = true;
    },
    async destroy() {
      try {
        if (running) await cluster.stop('immediate');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  try {
    await run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '-N']);
    await cluster.start();
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  return cluster;
}
