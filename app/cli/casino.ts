/**
 * `npm run --silent casino -- COMMAND ...`: the central casino server's commands (docs/casino.md).
 * `migrate` creates or upgrades the central schema; `audit` checks every table database's
 * central copy with the table's own checks and, given table files, compares the copy with each;
 * `report` writes the floor-desk report (per table and for the whole floor) from the central
 * copies (app/casino/floor-report.ts); `serve` is the floor's read-only browser view over every
 * table (app/casino/serve.ts). `audit` and `report` show their progress on stderr when it is a
 * terminal (app/cli/progress.ts; `--progress`, `--quiet`).
 * Exit 0: all is well; 1: something is wrong (printed), or an internal error (one line);
 * 2: bad arguments, a bad URL, a server that cannot be reached or used, a file that cannot be read.
 */
import { statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { CentralSession } from '../casino/central';
import { auditCentral, type TerminalAudit } from '../casino/central-audit';
import { connectCentral } from '../casino/central-db';
import { centralMigrations, migrateCentral } from '../casino/central-migrations';
import { parseCentralUrl } from '../casino/central-url';
import { buildFloorReport, FLOOR_REPORT_FORMATS, floorReportFile, type FloorReportFormat } from '../casino/floor-report';
import { startCasinoServer } from '../casino/serve';
import { parseExportDate } from '../services/export';
import type { DomainError } from '../domain/result';
import { isLoopback } from '../web/server';
import { readTls } from '../web/tls';
import { parseFlagValues } from './flags';
import { progressFor, PROGRESS_USAGE, type ShownProgress } from './progress';

const USAGE = `usage: npm run --silent casino -- COMMAND OPTIONS
  migrate --central URL
          creates or upgrades the central schema (numbered migrations, all pending in one
          transaction; a schema newer than this program is refused, unchanged).
  audit   --central URL [--db FILE ...]
          checks every table database's central copy: its hash chain, every hand re-run
          through the rules, every table's log folded with its checkpoints, and the alerts the
          server recorded; with --db (once per file), that the central copy equals each file's
          log, event for event. A line per table database; exit 0 when all agree.
  report  --central URL --from DATE --to DATE [--table ID ...] [--dealer NAME] --format json|csv|pdf --out FILE
          the shift report of every table the server holds (or those named, --table once per
          table) and of the whole floor: the figures of \`table report\` per table, read from
          each table's central copy, and the floor's totals (docs/casino.md, "Reports").
  serve   --central URL --staff-db FILE [--host ADDRESS] [--port N] [--tls-cert FILE --tls-key FILE]
          the floor's browser view over every table (read-only): prints the URL to open, with
          its per-launch token. Floor people and auditors sign in with their staff id and PIN;
          the casino's staff are in FILE (made and managed with \`table staff add --db FILE\`).
          --host other than loopback needs --tls-cert and --tls-key. Default port 8418.
  audit and report also take [--progress | --quiet]:
  ${PROGRESS_USAGE.replace(/\n/g, '\n  ')}
URL: postgres://USER:PASSWORD@HOST:PORT/DATABASE (a Unix socket: postgres://USER@/DATABASE?host=/run/postgresql)
Docs: docs/casino.md`;

/** A refusal that ends the command with exit 2 (bad input), its message printed. */
class Refused extends Error {
  constructor(message: string, readonly withUsage = false) {
    super(message);
  }
}

/** A failure found on the way (a migration that failed): exit 1, its message printed. */
class Failed extends Error {}

/** The refusals of the central side that are about the input (the URL, the server, a file): exit 2. */
const INPUT_CODES = new Set([
  'bad-option', 'bad-central-url', 'central-unreachable', 'central-not-migrated', 'central-from-future', 'not-a-central-database',
  'database-not-found', 'database-empty', 'not-a-terminal-database', 'database-needs-upgrade', 'database-from-future', 'no-terminal-identity',
  'same-table-database', 'database-folder-not-found', 'central-failed', 'unknown-table',
]);

function refusedOr(e: DomainError): Error {
  return INPUT_CODES.has(e.code) ? new Refused(e.message) : new Failed(e.message);
}

function out(line: string): void {
  process.stdout.write(`${line}\n`);
}

const FLAGS = {
  migrate: { central: { type: 'string' } },
  audit: { central: { type: 'string' }, db: { type: 'string', multiple: true }, progress: { type: 'boolean' }, quiet: { type: 'boolean' } },
  report: {
    central: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, table: { type: 'string', multiple: true },
    dealer: { type: 'string' }, format: { type: 'string' }, out: { type: 'string' }, progress: { type: 'boolean' }, quiet: { type: 'boolean' },
  },
  serve: {
    central: { type: 'string' }, 'staff-db': { type: 'string' }, host: { type: 'string' }, port: { type: 'string' },
    'tls-cert': { type: 'string' }, 'tls-key': { type: 'string' },
  },
} as const;

/** The progress of `casino COMMAND` on stderr, as --progress / --quiet and stderr say (see app/cli/progress.ts). */
function progressOf(command: string, values: Record<string, unknown>): ShownProgress {
  return progressFor(`casino ${command}`, { progress: values.progress === true, quiet: values.quiet === true });
}

function centralFlag(values: Record<string, unknown>, command: string) {
  if (typeof values.central !== 'string') throw new Refused(`${command}: missing --central URL`, true);
  const url = parseCentralUrl(values.central);
  if (!url.ok) throw new Refused(url.error.message);
  return url.value;
}

async function runMigrate(argv: readonly string[]): Promise<number> {
  const flags = parseFlagValues(argv, FLAGS.migrate);
  if (!flags.ok) throw new Refused(`migrate: ${flags.error.message}`, true);
  const url = centralFlag(flags.value, 'migrate');
  const migrations = centralMigrations();
  if (!migrations.ok) throw new Failed(migrations.error.message);
  const conn = await connectCentral(url);
  if (!conn.ok) throw refusedOr(conn.error);
  try {
    const r = await migrateCentral(conn.value.client, migrations.value, url.shown);
    if (!r.ok) throw refusedOr(r.error);
    const v = r.value;
    out(v.applied.length === 0
      ? `ok: the central schema of ${url.shown} is at version ${v.to}, the latest: nothing to apply`
      : `ok: the central schema of ${url.shown} is at version ${v.to} (was ${v.from}): applied ${v.applied.join(', ')}`);
    return 0;
  } finally {
    await conn.value.close();
  }
}

function describe(t: TerminalAudit): string {
  const tables = t.tables.length > 0 ? `tables ${t.tables.join(', ')}` : 'no table';
  return `table database ${t.terminalId} (${tables}${t.comparison ? `; file ${t.comparison.file}` : ''})`;
}

async function runAudit(argv: readonly string[]): Promise<number> {
  const flags = parseFlagValues(argv, FLAGS.audit);
  if (!flags.ok) throw new Refused(`audit: ${flags.error.message}`, true);
  const url = centralFlag(flags.value, 'audit');
  const files = (flags.value.db as string[] | undefined) ?? [];
  const session = await CentralSession.open(url);
  if (!session.ok) throw refusedOr(session.error);
  const progress = progressOf('audit', flags.value);
  try {
    const r = await auditCentral(session.value, files, progress);
    progress.finish(!r.ok);
    if (!r.ok) throw refusedOr(r.error);
    const all = r.value.terminals;
    if (all.length === 0) {
      out(`ok: the central server ${url.shown} holds no table database yet`);
      return 0;
    }
    for (const t of all) {
      if (t.ok) {
        out(`ok: ${describe(t)}: ${t.events} events, the chain intact, ${t.hands} hand${t.hands === 1 ? '' : 's'} replayed, `
          + `${t.folded} table${t.folded === 1 ? ' folds' : 's fold'}, no central alert${t.comparison ? `; equal to the file, event for event (${t.comparison.equal} events)` : ''}`);
      } else {
        out(`NOT OK: ${describe(t)}: ${t.problems.length} problem${t.problems.length === 1 ? '' : 's'}:`);
        for (const p of t.problems) out(`  ${p}`);
      }
    }
    const bad = all.filter((t) => !t.ok).length;
    out(`${bad === 0 ? 'ok' : 'NOT OK'}: ${all.length} table database${all.length === 1 ? '' : 's'} on the central server ${url.shown}: ${all.length - bad} agree, ${bad} differ`);
    return bad === 0 ? 0 : 1;
  } finally {
    progress.finish(true);
    await session.value.close();
  }
}

/** A --from / --to value as an ISO time, as `table report` reads it (a date is its whole UTC day, --to inclusive), or refused naming the flag. */
function dateFlag(values: Record<string, unknown>, name: 'from' | 'to'): string {
  const raw = values[name];
  if (typeof raw !== 'string') throw new Refused(`report: --${name} is required (a date or an ISO time)`);
  const t = parseExportDate(raw, name === 'to');
  if (!t) throw new Refused(`--${name} must be a date (2025-03-01) or an ISO time with a zone, not ${JSON.stringify(raw)}`);
  return t;
}

/** Refuses an --out path that cannot be a new or replaced file (as `table report` does). */
function checkOut(path: string): void {
  const kind = (p: string) => {
    try {
      return statSync(p).isDirectory() ? 'directory' : 'other';
    } catch {
      return 'missing';
    }
  };
  const dir = dirname(resolve(path));
  if (kind(dir) === 'missing') throw new Refused(`--out ${path}: the directory ${dir} does not exist`);
  if (kind(dir) !== 'directory') throw new Refused(`--out ${path}: ${dir} is not a directory`);
  if (kind(path) === 'directory') throw new Refused(`--out ${path} is a directory (give a file name)`);
}

/**
 * `report`: the floor's report of a range to a file. Every flag is checked (one line naming it,
 * exit 2) before the server is asked; exit 1 when a table's chain check found a problem (the
 * report says which).
 */
async function runReport(argv: readonly string[]): Promise<number> {
  const flags = parseFlagValues(argv, FLAGS.report);
  if (!flags.ok) throw new Refused(`report: ${flags.error.message}`, true);
  const v = flags.value;
  const url = centralFlag(v, 'report');
  for (const flag of ['from', 'to', 'format', 'out']) {
    if (typeof v[flag] !== 'string') throw new Refused(`report: --${flag} is required (${flag === 'out' ? 'the file the report is written to' : flag === 'format' ? 'json, csv or pdf' : 'a date or an ISO time'})`);
  }
  const format = v.format as string;
  if (!(FLOOR_REPORT_FORMATS as readonly string[]).includes(format)) throw new Refused(`--format must be json, csv or pdf, not ${JSON.stringify(format)}`);
  const from = dateFlag(v, 'from');
  const to = dateFlag(v, 'to');
  if (to <= from) throw new Refused(`--to (${v.to as string}) is not after --from (${v.from as string})`);
  const tableIds = (v.table as string[] | undefined) ?? [];
  const bad = tableIds.find((t) => !/^[A-Za-z0-9][A-Za-z0-9_.]{0,31}$/.test(t));
  if (bad !== undefined) throw new Refused(`--table must be 1-32 letters, digits, "_" or "." (starting with a letter or digit), not ${JSON.stringify(bad)}`);
  const dealer = v.dealer as string | undefined;
  if (dealer !== undefined && dealer.trim() === '') throw new Refused('--dealer must name a dealer, as the hands record him');
  const path = v.out as string;
  checkOut(path);
  const session = await CentralSession.open(url);
  if (!session.ok) throw refusedOr(session.error);
  const progress = progressOf('report', v);
  try {
    // The floor's report reads every table's central copy: how long it has taken is shown.
    progress.stage('read', null, 'records');
    const r = await buildFloorReport(session.value, url.shown, { from, to, tableIds, ...(dealer !== undefined ? { dealer } : {}) });
    if (!r.ok) {
      progress.finish(true);
      throw refusedOr(r.error);
    }
    progress.stage('write', null, 'records');
    const file = await floorReportFile(r.value, format as FloorReportFormat);
    progress.finish();
    try {
      writeFileSync(path, file.body);
    } catch (e) {
      throw new Refused(`--out ${path}: cannot write it (${(e as Error).message})`);
    }
    const broken = r.value.tables.filter((t) => !t.report.chain.ok);
    if (broken.length > 0) {
      process.stderr.write(`casino: report written to ${path}, but the chain of ${broken.map((t) => t.tableId).join(', ')} is broken (see casino audit)\n`);
      return 1;
    }
    return 0;
  } finally {
    progress.finish(true);
    await session.value.close();
  }
}

async function runServe(argv: readonly string[]): Promise<number> {
  const flags = parseFlagValues(argv, FLAGS.serve);
  if (!flags.ok) throw new Refused(`serve: ${flags.error.message}`, true);
  const url = centralFlag(flags.value, 'serve');
  const staffDb = flags.value['staff-db'];
  if (typeof staffDb !== 'string') throw new Refused('serve: missing --staff-db FILE (the casino\'s staff: make it with `table staff add --db FILE ...`)', true);
  const portText = (flags.value.port as string | undefined) ?? '8418';
  if (!/^\d+$/.test(portText) || Number(portText) > 65535) throw new Refused(`serve: --port must be a number from 0 to 65535, got ${JSON.stringify(portText)}`);
  const host = (flags.value.host as string | undefined) ?? '127.0.0.1';
  // An empty host would make Node listen on every interface: never by accident.
  if (host.trim() === '') throw new Refused('serve: --host must name an interface (default 127.0.0.1; 0.0.0.0 for every interface)');
  const tls = readTls(flags.value['tls-cert'] as string | undefined, flags.value['tls-key'] as string | undefined);
  if (!tls.ok) throw new Refused(`serve: ${tls.message}`);
  if (!isLoopback(host) && !tls.value) {
    throw new Refused(`serve: --host ${host} reaches other machines: give --tls-cert FILE and --tls-key FILE, so that the token and the PINs do not cross the network in clear`);
  }
  const say = (line: string) => process.stderr.write(`casino: ${line}\n`);
  const server = await startCasinoServer({ central: url, staffDb, host, port: Number(portText), ...(tls.value ? { tls: tls.value } : {}), log: say });
  if (!server.ok) throw new Refused(`serve: ${server.error.message}`);
  say(`serving the floor's view of ${url.shown}; the casino's staff: ${staffDb}`);
  await new Promise<void>((resolve) => {
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      void server.value.close().then(resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    // The one line a script needs, printed last (as `npm run serve` does).
    out(server.value.url);
  });
  return 0;
}

async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'migrate') return runMigrate(rest);
  if (command === 'audit') return runAudit(rest);
  if (command === 'report') return runReport(rest);
  if (command === 'serve') return runServe(rest);
  if (command === undefined || command === '--help' || command === '-h') throw new Refused(USAGE);
  throw new Refused(`unknown command ${JSON.stringify(command)}`, true);
}

// A reader that stops early (`| head`) is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  process.stderr.write(`casino: cannot write the output: ${e.message}\n`);
  process.exit(1);
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    if (e instanceof Refused) {
      process.stderr.write(e.message === USAGE ? `${USAGE}\n` : `casino: ${e.message}\n${e.withUsage ? `${USAGE}\n` : ''}`);
      process.exitCode = 2;
    } else if (e instanceof Failed) {
      process.stderr.write(`casino: ${e.message}\n`);
      process.exitCode = 1;
    } else {
      process.stderr.write(`casino: internal error: ${(e instanceof Error ? e.message : String(e)).replace(/\s*\n\s*/g, ' ')}\n`);
      process.exitCode = 1;
    }
  },
);
