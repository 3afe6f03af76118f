/**
 * `npm run --silent table -- COMMAND ...`: the live table's store from the command line, for
 * the soak test / demo (`simulate`) and the floor (`verify-log`, `replay`, `audit`,
 * `export`, `recall`). Everything goes through openStore and the TableService, as in the terminal.
 * Exit 0: all is well; 1: something is wrong (printed); 2: bad arguments or no database (or
 * `simulate` options that contradict the table already in the database).
 */
import { writeFileSync } from 'node:fs';
import { auditLog, replayHands, type ReplayReport } from '../services/audit';
import { inSnapshot, verifyChain, type LogVerification } from '../services/event-log';
import { exportCsv, exportJson, parseExportDate } from '../services/export';
import { simulate, SimulationRefused } from '../services/simulation';
import { openStore, StoreError, type Store } from '../services/store';
import { recallHands } from '../services/queries';
import { replayStoredHand, TableService } from '../services/table-service';
import { PRESET_NAMES } from '../domain/profiles';

const USAGE = `usage: npm run --silent table -- COMMAND OPTIONS
  simulate   --db FILE --hands N --seed S [--profile PRESET] [--point-value N] [--trace]
             plays hands through the table service with a simulated shoe until the table has
             N hands; one JSON line per hand. Started again on the same file it finishes the
             open hand and goes on. --trace also prints {"event": id, ...} after each commit.
  verify-log --db FILE
             checks the hash chain of the event log; names the row that breaks it.
  replay     --db FILE [--hand ID]
             re-runs each stored hand (or one) through the rules; compares with what was paid.
  audit      --db FILE
             both of the above over the whole log in one read of it (the quickest full check);
             prints what verify-log prints, then what replay prints.
  export     --db FILE --from DATE --to DATE --format csv|json [--out FILE] [--table ID]
             hands and payments started in the range (DATE: 2025-03-01 = that whole UTC day,
             or an ISO time such as 2025-03-01T20:00:00+01:00; --to is inclusive for a day).
  recall     --db FILE --table ID [--count N] [--steps]
             the last N (10) hands of a table; --steps adds every event with the state after it.
Docs: docs/store.md`;

class UsageError extends Error {}

type Options = Map<string, string | true>;

const COMMANDS: Readonly<Record<string, { readonly values: readonly string[]; readonly flags: readonly string[]; readonly required: readonly string[] }>> = {
  simulate: { values: ['db', 'hands', 'seed', 'profile', 'point-value'], flags: ['trace'], required: ['db', 'hands', 'seed'] },
  'verify-log': { values: ['db'], flags: [], required: ['db'] },
  replay: { values: ['db', 'hand'], flags: [], required: ['db'] },
  audit: { values: ['db'], flags: [], required: ['db'] },
  export: { values: ['db', 'from', 'to', 'format', 'out', 'table'], flags: [], required: ['db', 'from', 'to', 'format'] },
  recall: { values: ['db', 'table', 'count'], flags: ['steps'], required: ['db', 'table'] },
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

function integer(o: Options, name: string, min: number): number {
  const raw = text(o, name);
  if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(Number(raw)) || Number(raw) < min) {
    throw new UsageError(`--${name} must be a whole number${min > Number.MIN_SAFE_INTEGER ? ` from ${min}` : ''}, not ${JSON.stringify(raw)}`);
  }
  return Number(raw);
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

function out(line: string): void {
  process.stdout.write(line.endsWith('\n') ? line : `${line}\n`);
}

async function runSimulate(o: Options): Promise<number> {
  const hands = integer(o, 'hands', 0);
  const seed = integer(o, 'seed', Number.MIN_SAFE_INTEGER);
  const pointValue = o.has('point-value') ? integer(o, 'point-value', 1) : undefined;
  const profile = o.has('profile') ? text(o, 'profile') : undefined;
  if (profile !== undefined && !(PRESET_NAMES as readonly string[]).includes(profile)) {
    throw new UsageError(`--profile must be a preset (${PRESET_NAMES.join(', ')}), not ${JSON.stringify(profile)}`);
  }
  const store = openStore(text(o, 'db'));
  try {
    const service = new TableService(store);
    if (o.has('trace')) {
      service.subscribe((u) => {
        if (u.kind !== 'state-changed') return;
        for (const e of u.events) out(JSON.stringify({ event: e.id, type: e.type, hand: e.handId, seq: e.handSeq }));
      });
    }
    await simulate(service, { hands, seed, pointValue, profile, onHand: (line) => out(JSON.stringify(line)) });
    return 0;
  } finally {
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

/** Runs `use` on the database named by --db, opened read-only. */
function withStore<T>(o: Options, use: (store: Store) => T): T {
  const store = openExisting(text(o, 'db'));
  try {
    return use(store);
  } finally {
    store.close();
  }
}

function runVerify(o: Options): number {
  return withStore(o, (store) => (printChain(verifyChain(store.db)) ? 0 : 1));
}

function runReplay(o: Options): number {
  return withStore(o, (store) => (printReplay(replayHands(store, { handId: o.has('hand') ? text(o, 'hand') : undefined })) ? 0 : 1));
}

function runAudit(o: Options): number {
  return withStore(o, (store) => {
    const a = auditLog(store);
    const chainOk = printChain(a.chain);
    // What stopped the replay (an event that is not JSON) fails the command as it fails `replay`.
    if ('error' in a.replay) throw a.replay.error;
    return printReplay(a.replay) && chainOk ? 0 : 1;
  });
}

function runExport(o: Options): number {
  const format = text(o, 'format');
  if (format !== 'csv' && format !== 'json') throw new UsageError(`--format must be csv or json, not ${JSON.stringify(format)}`);
  const from = parseExportDate(text(o, 'from'), false);
  if (!from) throw new UsageError(`--from must be a date (2025-03-01) or an ISO time with a zone, not ${JSON.stringify(text(o, 'from'))}`);
  const to = parseExportDate(text(o, 'to'), true);
  if (!to) throw new UsageError(`--to must be a date (2025-03-01) or an ISO time with a zone, not ${JSON.stringify(text(o, 'to'))}`);
  if (to <= from) throw new UsageError(`--to (${text(o, 'to')}) is not after --from (${text(o, 'from')})`);
  return withStore(o, (store) => {
    const range = { from, to, ...(o.has('table') ? { tableId: text(o, 'table') } : {}) };
    const body = format === 'json' ? exportJson(store, range) : exportCsv(store, range);
    if (o.has('out')) writeFileSync(text(o, 'out'), body);
    else process.stdout.write(body);
    return 0;
  });
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

async function main(argv: readonly string[]): Promise<number> {
  const { command, options } = parseArgs(argv);
  switch (command) {
    case 'simulate': return runSimulate(options);
    case 'verify-log': return runVerify(options);
    case 'replay': return runReplay(options);
    case 'audit': return runAudit(options);
    case 'export': return runExport(options);
    case 'recall': return runRecall(options);
    default: throw new UsageError(USAGE);
  }
}

// A reader that stops early (`| head`) is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    if (e instanceof UsageError || e instanceof SimulationRefused) {
      process.stderr.write(`table: ${e.message}\n`);
      process.exitCode = 2;
    } else if (e instanceof StoreError) {
      process.stderr.write(`table: ${e.message}\n`);
      process.exitCode = 1;
    } else {
      process.stderr.write(`table: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      process.exitCode = 1;
    }
  },
);
