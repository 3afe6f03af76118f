#!/usr/bin/env node
/**
 * `npm run mutate`: Stryker (docs/testing.md).
 *
 * With `--mutate` (`-m`) the arguments go to `stryker run` as they are: one file, a glob, a list.
 *
 * Without it, every file of the config's `mutate` globs, **one file at a time**, in path order:
 * each run its own `stryker run --mutate FILE`, its own incremental file
 * (`reports/incremental/FILE.json`) and its JSON report kept as `reports/mutation/files/FILE.json`;
 * the other arguments (`--concurrency 2`, `--force`) go to every run; `--files A,B` keeps the
 * files under those paths only. At the end, the score of
 * each folder from the reports kept (`reports/mutation/folders.json`). One run of all the files
 * at once does not get past Stryker's initial test run here (the mutants and the tests covering
 * them go to the type checker in one message, longer than V8's longest string), and would run
 * each static mutant against every test; a file alone loads only the tests that import it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The files a glob of the config's form (`dir/**\/*.ts`) names under `root`, sorted; `.d.ts`
 * files left out. Throws on any other form of glob (the config only uses this one).
 */
export function filesOf(root, glob) {
  const m = /^([\w./-]+)\/\*\*\/\*\.ts$/.exec(glob);
  if (!m) throw new Error(`mutate: a glob of the form dir/**/*.ts expected, not ${glob}`);
  const found = [];
  const walk = (rel) => {
    const abs = join(root, rel);
    if (!existsSync(abs)) return;
    for (const name of readdirSync(abs).sort()) {
      const child = `${rel}/${name}`;
      if (statSync(join(root, child)).isDirectory()) walk(child);
      else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) found.push(child);
    }
  };
  walk(m[1]);
  return found.sort();
}

/** A file's name for its own incremental file and report: the path with `/` made `__`. */
export function flatName(file) {
  return file.replaceAll('/', '__');
}

/** Stryker's statuses that count, as the score counts them (docs/testing.md, "Scores"). */
const KILLED = new Set(['Killed', 'Timeout']);
const ALIVE = new Set(['Survived', 'NoCoverage']);

/**
 * Each folder's counts from Stryker's JSON reports (`files`: path -> `{ mutants: [{ status }] }`):
 * the folder is one of `folders` the file is under. Score: killed and timed out over those and
 * the survived and not covered (compile errors and the rest not counted), null with none.
 */
export function folderScores(reports, folders) {
  const out = Object.fromEntries(folders.map((f) => [f, { files: 0, killed: 0, alive: 0, compileErrors: 0, score: null }]));
  for (const report of reports) {
    for (const [file, { mutants }] of Object.entries(report.files)) {
      const folder = folders.find((f) => file.startsWith(`${f}/`));
      if (!folder) continue;
      const o = out[folder];
      o.files++;
      for (const { status } of mutants) {
        if (KILLED.has(status)) o.killed++;
        else if (ALIVE.has(status)) o.alive++;
        else if (status === 'CompileError') o.compileErrors++;
      }
    }
  }
  for (const o of Object.values(out)) o.score = o.killed + o.alive === 0 ? null : Math.round((1000 * o.killed) / (o.killed + o.alive)) / 10;
  return out;
}

const STRYKER = join(process.cwd(), 'node_modules', '.bin', 'stryker');

/**
 * One `stryker run`, its output passed on as it comes; `mutants`: false when Stryker found no
 * mutant in the file (types or re-exports only: it then stops, no test to run, and that is no
 * failure).
 */
function strykerRun(args) {
  return new Promise((resolve) => {
    const child = spawn(STRYKER, ['run', ...args], { stdio: ['inherit', 'pipe', 'inherit'] });
    let mutants = true;
    let head = ''; // the start of the output, where Stryker says how many mutants it made (a line may come in two chunks)
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      if (head.length < 65_536) head += String(chunk);
      if (/Instrumented \d+ source file\(s\) with 0 mutant\(s\)/.test(head)) mutants = false;
    });
    child.on('error', () => resolve({ code: 1, mutants }));
    child.on('close', (code) => resolve({ code: code ?? 1, mutants }));
  });
}

/**
 * The arguments less `--files A,B` (paths or folders: only the files under them, e.g. to go on
 * from where a run stopped, or one folder); null: every file.
 */
export function takeFiles(args) {
  const i = args.indexOf('--files');
  if (i < 0) return { rest: args, only: null };
  const list = args[i + 1];
  if (list === undefined || list.startsWith('-')) throw new Error('mutate: --files needs a comma-separated list of files or folders');
  return { rest: [...args.slice(0, i), ...args.slice(i + 2)], only: list.split(',').map((x) => x.trim().replace(/\/+$/, '')).filter((x) => x !== '') };
}

async function main(argv) {
  if (argv.some((a) => a === '--mutate' || a === '-m' || a.startsWith('--mutate='))) return spawnSync(STRYKER, ['run', ...argv], { stdio: 'inherit' }).status ?? 1;
  const { rest: args, only } = takeFiles(argv);
  const config = JSON.parse(readFileSync('stryker.config.json', 'utf8'));
  const globs = config.mutate;
  const files = globs.flatMap((g) => filesOf('.', g)).filter((f) => only === null || only.some((o) => f === o || f.startsWith(`${o}/`)));
  if (files.length === 0) throw new Error(`mutate: no file to mutate under ${only?.join(', ')}`);
  const folders = globs.map((g) => g.replace(/\/\*\*\/\*\.ts$/, ''));
  const report = config.jsonReporter?.fileName ?? 'reports/mutation/mutation.json';
  mkdirSync('reports/incremental', { recursive: true });
  mkdirSync('reports/mutation/files', { recursive: true });
  const failed = [];
  const started = Date.now();
  for (const [i, file] of files.entries()) {
    console.log(`\nmutate: ${i + 1} of ${files.length}: ${file}`);
    const before = existsSync(report) ? statSync(report).mtimeMs : 0;
    const t = Date.now();
    const { code, mutants } = await strykerRun(['--mutate', file, '--incrementalFile', `reports/incremental/${flatName(file)}.json`, ...args]);
    const kept = `reports/mutation/files/${flatName(file)}.json`;
    if (existsSync(report) && statSync(report).mtimeMs > before) copyFileSync(report, kept);
    const how = !mutants ? 'no mutant in it' : code === 0 ? 'done' : `Stryker stopped (exit ${code})`;
    console.log(`mutate: ${file}: ${how} in ${Math.round((Date.now() - t) / 1000)} s`);
    if (mutants && code !== 0) failed.push(file);
  }
  // Every file's last report, of the files there are now (not a report of one since removed).
  const kept = globs.flatMap((g) => filesOf('.', g)).map((f) => `reports/mutation/files/${flatName(f)}.json`).filter((k) => existsSync(k))
    .map((k) => JSON.parse(readFileSync(k, 'utf8')));
  const scores = folderScores(kept, folders);
  writeFileSync('reports/mutation/folders.json', `${JSON.stringify({ at: new Date().toISOString(), seconds: Math.round((Date.now() - started) / 1000), scores }, null, 1)}\n`);
  console.log(`\nmutate: ${files.length} files in ${Math.round((Date.now() - started) / 60000)} min; per folder (reports/mutation/folders.json):`);
  for (const [folder, s] of Object.entries(scores)) console.log(`  ${folder}: ${s.score ?? '-'}% (${s.killed} killed, ${s.alive} alive, ${s.compileErrors} not compiling, ${s.files} files)`);
  if (failed.length > 0) console.log(`mutate: Stryker stopped on ${failed.length} file(s): ${failed.join(', ')}`);
  return failed.length > 0 ? 1 : 0;
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (e) => {
    console.error(e instanceof Error ? e.message : String(e));
    process.exitCode = 2;
  });
}
