/**
 * `npm run bench`: every section in bench/sections/ in one run, printed as one table;
 * `--json` prints the merged figures as one JSON object instead; `--quick` shortens runs
 * (for smoke tests of the runner, not for figures); `--only NAME[,NAME]` runs the sections whose
 * names hold one of the words; the speed targets are checked at the end on the figures of the run.
 *
 * Each section runs in a process of its own, one after the other: what one section leaves in
 * the heap and in the compiler's feedback is not charged to the next (measured: the settlement's
 * objects, allocated by the same code as the hindsight section's long-lived ones before it, were
 * taken for long-lived too and the rate halved). `--same-process` runs them all in this one.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import type { BenchOutcome, BenchRow, BenchSection } from './section';

/** The line a section's own process writes its outcome on. */
const OUTCOME_MARK = '\u0000bench-outcome ';

async function loadSection(dir: string, file: string): Promise<BenchSection> {
  const mod = (await import(pathToFileURL(join(dir, file)).href)) as { section?: BenchSection };
  if (!mod.section) throw new Error(`bench/sections/${file} exports no \`section\``);
  return mod.section;
}

/** Runs one section in a process of its own (this file with `--section FILE`) and takes its outcome. */
function runApart(file: string, quick: boolean): BenchOutcome {
  const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--section', file, ...(quick ? ['--quick'] : [])], {
    stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 1024 * 1024, encoding: 'utf8',
  });
  const line = child.stdout.split('\n').reverse().find((l) => l.startsWith(OUTCOME_MARK));
  if (child.status !== 0 || !line) throw new Error(`bench/sections/${file} failed (exit ${child.status ?? child.signal})`);
  return JSON.parse(line.slice(OUTCOME_MARK.length)) as BenchOutcome;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const quick = args.includes('--quick');
  const dir = join(fileURLToPath(new URL('.', import.meta.url)), 'sections');
  const apart = args.indexOf('--section');
  if (apart >= 0) {
    const outcome = await (await loadSection(dir, args[apart + 1])).run({ quick });
    process.stdout.write(`${OUTCOME_MARK}${JSON.stringify(outcome)}\n`);
    return;
  }
  const onlyAt = args.indexOf('--only');
  // `--only settle,evaluator`: the sections whose names hold any of the words.
  const only = onlyAt >= 0 ? (args[onlyAt + 1] ?? '').split(',').filter((w) => w !== '') : undefined;
  const sections: { file: string; section: BenchSection }[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts')).sort()) sections.push({ file, section: await loadSection(dir, file) });
  sections.sort((a, b) => a.section.order - b.section.order);
  const merged: Record<string, unknown> = {};
  const rows: (BenchRow & { section: string })[] = [];
  for (const { file, section: s } of sections) {
    if (only && !only.some((w) => s.name.includes(w))) continue;
    if (!json) process.stderr.write(`bench: ${s.name}...\n`);
    const outcome = args.includes('--same-process') ? await s.run({ quick }) : runApart(file, quick);
    Object.assign(merged, outcome.json);
    for (const r of outcome.rows) rows.push({ ...r, section: s.name });
  }
  const targets = speedTargets(merged);
  if (targets.rows.length > 0) {
    merged.targets = targets.json;
    for (const r of targets.rows) rows.push({ ...r, section: 'targets (each a ratio of figures of this run)' });
  }
  if (json) {
    process.stdout.write(JSON.stringify(merged) + '\n');
    return;
  }
  const w1 = Math.max(...rows.map((r) => r.what.length), 4);
  const w2 = Math.max(...rows.map((r) => r.figure.length), 6);
  let last = '';
  for (const r of rows) {
    if (r.section !== last) {
      process.stdout.write(`\n${r.section}\n${'-'.repeat(r.section.length)}\n`);
      last = r.section;
    }
    process.stdout.write(`${r.what.padEnd(w1)}  ${r.figure.padStart(w2)}  ${r.note ?? ''}\n`);
  }
}

/**
 * The speed targets, each checked on figures measured in this same run (absolute times move
 * several-fold from run to run on a shared machine, ratios much less). A target whose figures
 * were not measured (a section left out with `--only`) is left out.
 */
function speedTargets(m: Record<string, unknown>): { rows: BenchRow[]; json: Record<string, unknown> } {
  const num = (x: unknown): number | undefined => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);
  const part = (k: string) => (m[k] && typeof m[k] === 'object' ? (m[k] as Record<string, unknown>) : {});
  const rows: BenchRow[] = [];
  const json: Record<string, unknown> = {};
  const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
  const settle = num(m.settlePerSec);
  const ours = num(part('evaluator').ours);
  if (settle !== undefined) {
    const perEval = ours !== undefined ? settle / (ours / 1000) : undefined;
    const ok = settle >= 100_000 && (perEval === undefined || perEval >= 1);
    json.settle = { settlePerSec: settle, evaluatorOver1000: ours !== undefined ? Math.round(ours / 1000) : null, settleOverEvaluator: perEval !== undefined ? Number(perEval.toFixed(3)) : null, ok };
    rows.push({
      what: 'settlePerSec >= 100,000 and >= evaluator.ours / 1000',
      figure: perEval !== undefined ? `${perEval.toFixed(2)}x` : `${Math.round(settle)} /s`,
      note: `${verdict(ok)}: ${Math.round(settle).toLocaleString('en')} /s${ours !== undefined ? ` against ${Math.round(ours / 1000).toLocaleString('en')} /s` : ' (evaluator not run)'}`,
    });
  }
  const store = part('store');
  const audit = num(store.auditOverBareRead);
  const replay = num(store.replayOverBareRead);
  if (audit !== undefined) {
    json.audit = { auditOverBareRead: audit, replayOverBareRead: replay ?? null, ok: audit <= 1.5 };
    rows.push({ what: 'table audit / bare read of the log <= 1.5', figure: `${audit.toFixed(2)}x`, note: `${verdict(audit <= 1.5)}; table replay ${replay?.toFixed(2) ?? '-'}x` });
  }
  const service = num(store.serviceOverFsyncFloor);
  if (service !== undefined) {
    json.service = { serviceOverFsyncFloor: service, ok: service <= 2 };
    rows.push({ what: 'a card through the TableService / the fsync floor <= 2', figure: `${service.toFixed(2)}x`, note: verdict(service <= 2) });
  }
  const p99 = num(part('ui').cardToScreenMsP99);
  if (p99 !== undefined) {
    json.ui = { cardToScreenMsP99: p99, ok: p99 < 20 };
    rows.push({ what: 'card to screen p99 < 20 ms', figure: `${p99} ms`, note: verdict(p99 < 20) });
  }
  return { rows, json };
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.stack : e);
  process.exit(1);
});
