/**
 * `npm run --silent table -- COMMAND ...`: the live table's store from the command line, for
 * the soak test / demo (`simulate`) and the floor (`verify-log`, `replay`, `audit`,
 * `export`, `report`, `recall`, `access-log`), the staff (`staff ...`, app/cli/staff.ts), and the casino's
 * central server (`sync`, docs/casino.md). Everything goes through openStore and the services,
 * as in the terminal. The long ones show their progress on stderr when it is a terminal
 * (app/cli/progress.ts; `--progress`, `--quiet`); stdout is the same with it and without.
 * Exit 0: all is well; 1: something is wrong (printed), or an internal error (one line); 2: bad
 * arguments or no database (or `simulate` options that contradict the table already in the
 * database, or an `--out` file that cannot be written), a database another process is writing
 * (`simulate`), a missing folder, or a file that holds no terminal database.
 */
import { statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { auditLog, type ReplayReport } from '../services/audit';
import type { TablesReport } from '../services/table-audit';
import { inSnapshot, type LogVerification } from '../services/event-log';
import { EXPORT_RECORD_KINDS, exportCsv, exportJson, parseExportDate, type ExportRecordKind } from '../services/export';
import { buildReport, reportCsv, reportJson, reportPdf } from '../services/report';
import { accessLog, accessLogCsv, accessLogJson } from '../services/access-log';
import { runStaff, StaffCommandError, STAFF_USAGE } from './staff';
import { simulate, SimulationHeld, SimulationRefused } from '../services/simulation';
import { isRefusedPath, openStore, StoreError, type Store } from '../services/store';
import { recallHands } from '../services/queries';
import { replayStoredHand, TableService } from '../services/table-service';
import { MAX_POINT_VALUE } from '../domain/money';
import { PRESET_NAMES } from '../domain/profiles';
import { CentralSession } from '../casino/central';
import { parseCentralUrl } from '../casino/central-url';
import { Forwarder, forwardPending } from '../casino/forwarder';
import { tableLogOf, type TableLog } from '../casino/table-log';
import { isTableId } from '../domain/table';
import { progressFor, PROGRESS_USAGE } from './progress';
import type { Progress } from '../services/progress';

const USAGE = `usage: npm run --silent table -- COMMAND OPTIONS
  simulate   --db FILE --hands N --seed S [--table-id ID] [--profile PRESET] [--point-value N]
             [--central URL] [--trace]
             plays hands through the table service with a simulated shoe until the table (ID,
             default SIM) has N hands; one JSON line per hand. Started again on the same file it
             finishes the open hand and goes on. --trace also prints {"event": id, ...} after
             each commit. --central forwards the log to the central server as it plays (as a
             terminal does), then sends what is left and prints {"central": {...}}.
  verify-log --db FILE
             checks the hash chain of the event log; names the row that breaks it.
  replay     --db FILE [--hand ID]
             re-runs each stored hand (or one) through the rules; compares with what was paid.
  audit      --db FILE
             both of the above over the whole log in one read of it, then every table's log
             folded (its checkpoints checked) and the query tables rebuilt from the log and
             compared row by row: prints what verify-log prints, what replay prints, then
             the tables' verdict.
  export     --db FILE [--from DATE] [--to DATE] --format csv|json [--out FILE] [--table ID]
             [--records hands|ledger|alerts|floor-actions]
             hands and payments started in the range (DATE: 2025-03-01 = that whole UTC day,
             or an ISO time such as 2025-03-01T20:00:00+01:00; --to is inclusive for a day;
             either left out: from the first or to the last record), with the buy-ins and
             cash-outs, alerts and floor actions of the range. JSON: all of them in one object;
             CSV: one kind of record a file (--records, default hands: hands and payments).
  report     --db FILE --from DATE --to DATE [--dealer NAME] [--table ID] --format json|csv|pdf
             --out FILE
             the shift report per table and per dealer: hands, hands per hour, misdeals by
             cause, fouls, naturals, surrenders, all-ins, money per seat and player, buy-ins
             and cash-outs, alerts and their acknowledgement times, floor actions, and the
             chain check (docs/reports.md); the PDF has charts.
  recall     --db FILE --table ID [--count N] [--steps]
             the last N (10) hands of a table; --steps adds every event with the state after it.
  access-log --db FILE [--from DATE] [--to DATE] [--format csv|json]
             sign-ins, failed sign-ins, lockouts, sign-outs, staff changes, floor corrections,
             voids, misdeals called by the floor, alert acknowledgements, tables opened: who,
             when, what and why (CSV by default; DATE as for export).
  sync       --db FILE --central URL [--batch-rows N] [--trace]
             forwards the events the central server does not have yet (URL:
             postgres://USER:PASSWORD@HOST:PORT/DATABASE) and exits when it holds them all;
             takes the database's writer lock (refused while a terminal runs on it). --trace
             prints {"confirmed": id, ...} after each batch the server confirmed.
  Each of simulate, verify-log, replay, audit, export, report and sync also takes [--progress | --quiet]:
  ${PROGRESS_USAGE.replace(/\n/g, '\n  ')}
${STAFF_USAGE}
Docs: docs/store.md, docs/casino.md, docs/terminal.md ("Staff, roles and PINs")`;

class UsageError extends Error {}

type Options = Map<string, string | true>;

/** The flags of the commands that show their progress (app/cli/progress.ts). */
const PROGRESS_FLAGS = ['progress', 'quiet'];

const COMMANDS: Readonly<Record<string, { readonly values: readonly string[]; readonly flags: readonly string[]; readonly required: readonly string[] }>> = {
  simulate: { values: ['db', 'hands', 'seed', 'table-id', 'profile', 'point-value', 'central'], flags: ['trace', ...PROGRESS_FLAGS], required: ['db', 'hands', 'seed'] },
  'verify-log': { values: ['db'], flags: PROGRESS_FLAGS, required: ['db'] },
  replay: { values: ['db', 'hand'], flags: PROGRESS_FLAGS, required: ['db'] },
  audit: { values: ['db'], flags: PROGRESS_FLAGS, required: ['db'] },
  export: { values: ['db', 'from', 'to', 'format', 'out', 'table', 'records'], flags: PROGRESS_FLAGS, required: ['db', 'format'] },
  // --from, --to, --format and --out are checked by runReport, one line each.
  report: { values: ['db', 'from', 'to', 'dealer', 'table', 'format', 'out'], flags: PROGRESS_FLAGS, required: ['db'] },
  recall: { values: ['db', 'table', 'count'], flags: ['steps'], required: ['db', 'table'] },
  'access-log': { values: ['db', 'from', 'to', 'format'], flags: [], required: ['db'] },
  sync: { values: ['db', 'central', 'batch-rows'], flags: ['trace', ...PROGRESS_FLAGS], required: ['db', 'central'] },
};

function parseArgs(argv: readonly string[]): { command: string; options: Options } {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h') throw new UsageError(USAGE);
  const spec = COMMANDS[command];
  if (!spec) throw new UsageError(`unknown command ${JSON.stringify(command)}\n${USAGE}`);
  const options: Options = new Map();
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (!arg.startsWith('--')) throw new UsageError(`${command}: unexpected argument ${JSON.stringify(arg)}\n${USAGE}`);
    const name = arg.slice(2);
    if (spec.flags.includes(name)) {
      options.set(name, true);
    } else if (spec.values.includes(name)) {
      const value = rest[i + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`${command}: --${name} needs a value`);
      if (options.has(name)) throw new UsageError(`${command}: --${name} is given twice`);
      options.set(name, value);
      i++;
    } else {
      throw new UsageError(`${command}: unknown option --${name}\n${USAGE}`);
    }
  }
  const missing = spec.required.filter((r) => !options.has(r));
  if (missing.length) throw new UsageError(`${command}: missing ${missing.map((m) => `--${m}`).join(', ')}\n${USAGE}`);
  return { command, options };
}

function text(o: Options, name: string): string {
  return o.get(name) as string;
}

function integer(o: Options, name: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = text(o, name);
  if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(Number(raw)) || Number(raw) < min || Number(raw) > max) {
    const from = min > Number.MIN_SAFE_INTEGER ? ` from ${min}` : '';
    const to = max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : '';
    throw new UsageError(`--${name} must be a whole number${from}${to}, not ${JSON.stringify(raw)}`);
  }
  return Number(raw);
}

/** Refuses an --out path that cannot be a new or replaced file: its directory is missing, or it is a directory. */
function checkOutPath(path: string): void {
  const dir = dirname(resolve(path));
  const kind = (p: string) => {
    try {
      return statSync(p).isDirectory() ? 'directory' : 'other';
    } catch {
      return 'missing';
    }
  };
  const dirKind = kind(dir);
  if (dirKind === 'missing') throw new UsageError(`--out ${path}: the directory ${dir} does not exist`);
  if (dirKind !== 'directory') throw new UsageError(`--out ${path}: ${dir} is not a directory`);
  if (kind(path) === 'directory') throw new UsageError(`--out ${path} is a directory (give a file name)`);
}

/** Writes the --out file; a failure (no permission, a full disk) is refused naming the path. */
function writeOut(path: string, body: string | Buffer): void {
  try {
    writeFileSync(path, body);
  } catch (e) {
    throw new UsageError(`--out ${path}: cannot write it (${(e as Error).message})`);
  }
}

/** Opens an existing database for the floor's read-only commands. */
function openExisting(path: string): Store {
  try {
    return openStore(path, { readonly: true });
  } catch (e) {
    if (e instanceof StoreError && e.code === 'database-not-found') throw new UsageError(e.message);
    throw e;
  }
}

/** The progress shown (if any): its line is cleared before a line of stdout goes to the same terminal. */
let shown: { interrupt(): void } | null = null;

function out(line: string): void {
  if (process.stdout.isTTY) shown?.interrupt();
  process.stdout.write(line.endsWith('\n') ? line : `${line}\n`);
}

/** The progress of `table COMMAND` on stderr, as --progress / --quiet and stderr say (see app/cli/progress.ts). */
function progressOf(command: string, o: Options): ReturnType<typeof progressFor> {
  const p = progressFor(`table ${command}`, { progress: o.has('progress'), quiet: o.has('quiet') });
  shown = p;
  return p;
}

/**
 * Runs `work` with the progress of `table COMMAND` on stderr as --progress / --quiet and stderr
 * say, and ends it with its summary line (or how far it got, when `work` throws or gives what
 * `failed` calls a failure).
 */
async function tracked<T>(command: string, o: Options, work: (progress: Progress) => T | Promise<T>, failed: (r: T) => boolean = () => false): Promise<T> {
  const progress = progressOf(command, o);
  let threw = true;
  try {
    const r = await work(progress);
    threw = false;
    progress.finish(failed(r));
    return r;
  } finally {
    if (threw) progress.finish(true);
  }
}

/**
 * `simulate`: plays until the table has N hands. With `--central`, a forwarder runs beside the
 * table as in a terminal (woken by each commit, the cursor written through this store), and
 * once the hands are played what is left is sent as `sync` sends it: exit 0 and a
 * `{"central": ...}` line when the server holds the whole log; else the reason (exit 2 for a
 * server that cannot be used, as `sync`; 1 for what it found), the hands played all the same.
 */
async function runSimulate(o: Options): Promise<number> {
  const hands = integer(o, 'hands', 0);
  const seed = integer(o, 'seed', Number.MIN_SAFE_INTEGER);
  const pointValue = o.has('point-value') ? integer(o, 'point-value', 1, MAX_POINT_VALUE) : undefined;
  const profile = o.has('profile') ? text(o, 'profile') : undefined;
  if (profile !== undefined && !(PRESET_NAMES as readonly string[]).includes(profile)) {
    throw new UsageError(`--profile must be a preset (${PRESET_NAMES.join(', ')}), not ${JSON.stringify(profile)}`);
  }
  const tableId = o.has('table-id') ? text(o, 'table-id') : undefined;
  if (tableId !== undefined && !isTableId(tableId)) {
    throw new UsageError(`--table-id must be 1-32 letters, digits, "_" or "." (starting with a letter or digit), not ${JSON.stringify(tableId)}`);
  }
  const url = o.has('central') ? parseCentralUrl(text(o, 'central')) : null;
  if (url && !url.ok) throw new UsageError(url.error.message);
  const store = openStore(text(o, 'db'));
  let forwarder: Forwarder | null = null;
  const progress = progressOf('simulate', o);
  let failed = true;
  try {
    const service = new TableService(store);
    if (o.has('trace')) {
      service.subscribe((u) => {
        if (u.kind !== 'state-changed') return;
        for (const e of u.events) out(JSON.stringify({ event: e.id, type: e.type, hand: e.handId, seq: e.handSeq }));
      });
    }
    let log: TableLog | null = null;
    if (url) {
      const opened = tableLogOf(store);
      if (!opened.ok) throw new StoreError(opened.error.code, opened.error.message);
      log = opened.value;
      const f = new Forwarder(log, () => CentralSession.open(url.value));
      service.subscribe(() => f.wake());
      f.start();
      forwarder = f;
    }
    await simulate(service, { hands, seed, pointValue, profile, tableId, progress, onHand: (line) => out(JSON.stringify(line)) });
    if (!forwarder || !log || !url) {
      failed = false;
      return 0;
    }
    await forwarder.stop();
    const r = await forwardPending(log, () => CentralSession.open(url.value), { progress });
    if (!r.ok) {
      progress.finish(true);
      process.stderr.write(`table: the hands were played, but ${r.error.message}; \`table sync\` (or the terminal) sends the rest later\n`);
      return CENTRAL_REFUSED.has(r.error.code) ? 2 : 1;
    }
    failed = false;
    const v = r.value;
    out(JSON.stringify({ central: { server: url.value.shown, confirmed: v.end.lastId, head: v.head.lastId, findings: v.findings.map((f) => ({ kind: f.kind, firstId: f.firstId, lastId: f.lastId, message: f.message })) } }));
    return v.findings.length === 0 ? 0 : 1;
  } finally {
    progress.finish(failed);
    await forwarder?.stop();
    store.close();
  }
}

/** Prints verify-log's verdict; true when the chain is intact. */
function printChain(v: LogVerification): boolean {
  if (v.ok) {
    out(`ok: ${v.rows} event rows, the chain is intact; last row ${v.lastId}, head hash ${v.headHash}`);
    return true;
  }
  out(`NOT OK: ${v.problems.length} problem${v.problems.length === 1 ? '' : 's'} in ${v.rows} event rows:`);
  for (const p of v.problems) out(`  ${p.message}`);
  return false;
}

/** Prints replay's verdict; true when every hand agrees with the rules and the records. */
function printReplay(r: ReplayReport): boolean {
  if (r.ok) {
    out(`ok: ${r.hands} hand${r.hands === 1 ? '' : 's'} replayed (${r.settled} settled, ${r.events} events): the rules give what was recorded and paid`);
    return true;
  }
  out(`NOT OK: ${r.problems.length} problem${r.problems.length === 1 ? '' : 's'} in ${r.hands} hands:`);
  for (const p of r.problems) out(`  hand ${p.handId}: ${p.message}`);
  return false;
}

/** Prints the tables' verdict (audit only); true when every table folds and every query row is the log's. */
function printTables(t: TablesReport): boolean {
  if (t.ok) {
    out(`ok: ${t.tables} ${t.tables === 1 ? 'table folds' : 'tables fold'} from table-opened to the end (${t.entries} entries, ${t.checkpoints} checkpoint${t.checkpoints === 1 ? '' : 's'} equal to the table); `
      + `the query tables rebuilt from the log match the ${t.rows} stored rows`);
    return true;
  }
  const found = t.problems.length + t.more;
  out(`NOT OK: ${found} problem${found === 1 ? '' : 's'} in ${t.tables} table${t.tables === 1 ? '' : 's'} and their query rows:`);
  for (const p of t.problems) out(`  ${p.message}`);
  if (t.more > 0) out(`  ... and ${t.more} more`);
  return false;
}

/** Runs `use` on the database named by --db, opened read-only. */
function withStore<T>(o: Options, use: (store: Store) => T): T {
  const store = openExisting(text(o, 'db'));
  try {
    return use(store);
  } finally {
    store.close();
  }
}

/** The floor's checking commands: each is the audit (`auditLog`) with these checks on. */
const CHECKS = {
  'verify-log': { chain: true, hands: false, tables: false },
  replay: { chain: false, hands: true, tables: false },
  audit: { chain: true, hands: true, tables: true },
} as const;

/**
 * Runs the audit as `command` sets it (`replay --hand ID`: that hand) and prints each check's
 * verdict in turn; what stopped a check (an event that is not JSON) fails the command there.
 */
function runCheck(command: keyof typeof CHECKS, o: Options): Promise<number> {
  return withStore(o, async (store) => {
    const a = await tracked(command, o, (progress) => auditLog(store, { ...CHECKS[command], ...(o.has('hand') ? { handId: text(o, 'hand') } : {}), progress }));
    let ok = true;
    if (a.chain) ok = printChain(a.chain) && ok;
    if (a.replay) {
      if ('error' in a.replay) throw a.replay.error;
      ok = printReplay(a.replay) && ok;
    }
    if (a.tables) {
      if ('error' in a.tables) throw a.tables.error;
      ok = printTables(a.tables) && ok;
    }
    return ok ? 0 : 1;
  });
}

/** The --from / --to flag as an ISO time (`end`: a date stands for the end of its day), or a UsageError naming it. */
function dateFlag(o: Options, name: 'from' | 'to', end: boolean): string {
  const t = parseExportDate(text(o, name), end);
  if (!t) throw new UsageError(`--${name} must be a date (2025-03-01) or an ISO time with a zone, not ${JSON.stringify(text(o, name))}`);
  return t;
}

/** The optional --from / --to pair (either may be left out), the second after the first. */
function optionalRange(o: Options): { from?: string; to?: string } {
  const from = o.has('from') ? dateFlag(o, 'from', false) : undefined;
  const to = o.has('to') ? dateFlag(o, 'to', true) : undefined;
  if (from !== undefined && to !== undefined && to <= from) throw new UsageError(`--to (${text(o, 'to')}) is not after --from (${text(o, 'from')})`);
  return { ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}) };
}

function runExport(o: Options): Promise<number> {
  const format = text(o, 'format');
  if (format !== 'csv' && format !== 'json') throw new UsageError(`--format must be csv or json, not ${JSON.stringify(format)}`);
  const records = (o.has('records') ? text(o, 'records') : 'hands') as ExportRecordKind;
  if (!EXPORT_RECORD_KINDS.includes(records)) throw new UsageError(`--records must be ${EXPORT_RECORD_KINDS.join(', ')}, not ${JSON.stringify(records)}`);
  if (o.has('records') && format !== 'csv') throw new UsageError('--records is for --format csv (the JSON holds every kind of record)');
  const span = optionalRange(o);
  if (o.has('out')) checkOutPath(text(o, 'out'));
  return withStore(o, async (store) => {
    const range = { ...span, ...(o.has('table') ? { tableId: text(o, 'table') } : {}) };
    const body = await tracked('export', o, (progress) => (format === 'json' ? exportJson(store, range, progress) : exportCsv(store, range, records, progress)));
    if (o.has('out')) writeOut(text(o, 'out'), body);
    else process.stdout.write(body);
    return 0;
  });
}

/**
 * `report`: the shift report of a range to a file. Every flag is checked, one line naming it,
 * before the database is read; the chain is checked as `verify-log` checks it and reported
 * (a broken chain is in the report, and the command exits 1).
 */
async function runReport(o: Options): Promise<number> {
  for (const flag of ['from', 'to', 'format', 'out']) {
    if (!o.has(flag)) throw new UsageError(`report: --${flag} is required (${flag === 'out' ? 'the file the report is written to' : flag === 'format' ? 'json, csv or pdf' : 'a date or an ISO time'})`);
  }
  const format = text(o, 'format');
  if (format !== 'json' && format !== 'csv' && format !== 'pdf') throw new UsageError(`--format must be json, csv or pdf, not ${JSON.stringify(format)}`);
  const span = optionalRange(o);
  const path = text(o, 'out');
  checkOutPath(path);
  const store = openExisting(text(o, 'db'));
  try {
    const { report, body } = await tracked('report', o, async (progress) => {
      const built = buildReport(store, {
        ...span, ...(o.has('table') ? { tableId: text(o, 'table') } : {}), ...(o.has('dealer') ? { dealer: text(o, 'dealer') } : {}),
      }, progress);
      progress.stage('write', null, 'records');
      return { report: built, body: format === 'json' ? reportJson(built) : format === 'csv' ? reportCsv(built) : await reportPdf(built) };
    });
    writeOut(path, body);
    if (!report.chain.ok) {
      process.stderr.write(`table: report written to ${path}, but the chain is broken (${report.chain.problems.length} problem${report.chain.problems.length === 1 ? '' : 's'}; see table verify-log)\n`);
      return 1;
    }
    return 0;
  } finally {
    store.close();
  }
}

function runRecall(o: Options): number {
  const count = o.has('count') ? integer(o, 'count', 1) : 10;
  // One snapshot: the hands and their steps as of one moment of a log the terminal may be writing.
  return withStore(o, (store) => inSnapshot(store.db, () => {
    const tableId = text(o, 'table');
    // Read-only: no TableService (it would resume an open hand, which writes).
    const known = store.db.prepare('SELECT 1 FROM tables WHERE id = ?').get(tableId);
    if (!known) throw new UsageError(`there is no table ${JSON.stringify(tableId)} in ${text(o, 'db')}`);
    const hands = recallHands(store.db, tableId, count);
    const withSteps = hands.map((h) => {
      if (!o.has('steps')) return h;
      const steps = replayStoredHand(store, h.handId);
      return { ...h, steps: steps.ok ? steps.value : { error: steps.error.message } };
    });
    out(JSON.stringify({ tableId, hands: withSteps }, null, 1));
    return 0;
  }));
}

function runAccessLog(o: Options): number {
  const format = o.has('format') ? text(o, 'format') : 'csv';
  if (format !== 'csv' && format !== 'json') throw new UsageError(`--format must be csv or json, not ${JSON.stringify(format)}`);
  const from = o.has('from') ? dateFlag(o, 'from', false) : undefined;
  const to = o.has('to') ? dateFlag(o, 'to', true) : undefined;
  if (from !== undefined && to !== undefined && to <= from) throw new UsageError(`--to (${text(o, 'to')}) is not after --from (${text(o, 'from')})`);
  return withStore(o, (store) => {
    const entries = accessLog(store, { ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}) });
    process.stdout.write(format === 'json' ? accessLogJson(entries) : accessLogCsv(entries));
    return 0;
  });
}

/** The central server's refusals that mean "this URL cannot be used as given": exit 2. */
const CENTRAL_REFUSED = new Set(['bad-central-url', 'central-unreachable', 'central-not-migrated', 'central-from-future', 'not-a-central-database', 'central-failed']);

/**
 * `sync`: forwards what the central server does not hold yet, as the terminal's forwarder
 * does (docs/casino.md), holding the writer lock, so the cursor it writes is the only writer's.
 * Exit 0 when the server holds every row and found nothing wrong; 1 when it found something
 * (a fork, a gap, a table that went backwards: printed); 2 for a URL or server that cannot be
 * used.
 */
async function runSync(o: Options): Promise<number> {
  const url = parseCentralUrl(text(o, 'central'));
  if (!url.ok) throw new UsageError(url.error.message);
  const batchRows = o.has('batch-rows') ? integer(o, 'batch-rows', 1, 100_000) : 500;
  const store = openStore(text(o, 'db'), { mustExist: true });
  try {
    const log = tableLogOf(store);
    if (!log.ok) throw new StoreError(log.error.code, log.error.message);
    const tables = log.value.tableIds().filter((t) => !t.startsWith('@'));
    const r = await tracked('sync', o, (progress) => forwardPending(log.value, () => CentralSession.open(url.value), {
      batchRows,
      progress,
      onCursor: o.has('trace') ? (id, receipt) => out(JSON.stringify({ confirmed: id, stored: receipt.stored, duplicates: receipt.duplicates })) : undefined,
    }), (r) => !r.ok);
    if (!r.ok) {
      process.stderr.write(`table: ${r.error.message}\n`);
      return CENTRAL_REFUSED.has(r.error.code) ? 2 : 1;
    }
    const v = r.value;
    const what = `table database ${v.terminalId} (${tables.length > 0 ? `tables ${tables.join(', ')}` : 'no table yet'})`;
    const differing = v.sent - v.stored - v.duplicates;
    const sent = v.sent === 0
      ? 'nothing to send'
      : `sent ${v.sent === 1 ? `row ${v.fromId}` : `rows ${v.fromId}-${v.confirmedId}`}: ${v.stored} new, ${v.duplicates} already there${differing > 0 ? `, ${differing} different from what it holds` : ''}`;
    if (v.findings.length === 0) {
      out(`ok: ${what}: the central server ${url.value.shown} holds its log up to row ${v.end.lastId}, the last; ${sent}`);
      return 0;
    }
    out(`NOT OK: ${what}: the central server ${url.value.shown} found ${v.findings.length} problem${v.findings.length === 1 ? '' : 's'} (${sent}):`);
    for (const f of v.findings) out(`  ${f.kind} at row ${f.firstId}${f.lastId !== f.firstId ? `-${f.lastId}` : ''}: ${f.message}${f.recorded ? '' : ' (on record already)'}`);
    return 1;
  } finally {
    store.close();
  }
}

/** All of stdin (the staff commands' PINs). */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function main(argv: readonly string[]): Promise<number> {
  if (argv[0] === 'staff') return runStaff(argv.slice(1), { readStdin, out });
  const { command, options } = parseArgs(argv);
  switch (command) {
    case 'simulate': return runSimulate(options);
    case 'verify-log':
    case 'replay':
    case 'audit': return runCheck(command, options);
    case 'export': return runExport(options);
    case 'report': return runReport(options);
    case 'recall': return runRecall(options);
    case 'access-log': return runAccessLog(options);
    case 'sync': return runSync(options);
    default: throw new UsageError(USAGE);
  }
}

// A reader that stops early (`| head`) is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  process.stderr.write(`table: cannot write the output: ${e.message}\n`);
  process.exit(1);
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    if (e instanceof UsageError || e instanceof SimulationRefused) {
      process.stderr.write(`table: ${e.message}\n`);
      process.exitCode = 2;
    } else if (e instanceof StaffCommandError) {
      process.stderr.write(`table: ${e.message}\n`);
      process.exitCode = e.exitCode;
    } else if (e instanceof SimulationHeld) {
      process.stderr.write(`table: ${e.message}\n`);
      process.exitCode = 1; // something wrong was found
    } else if (e instanceof StoreError) {
      process.stderr.write(`table: ${e.message}\n`);
      // A database held by another writer, missing, or not a terminal's: as bad arguments.
      process.exitCode = isRefusedPath(e) ? 2 : 1;
    } else {
      process.stderr.write(`table: internal error: ${(e instanceof Error ? e.message : String(e)).replace(/\s*\n\s*/g, ' ')}\n`);
      process.exitCode = 1;
    }
  },
);
