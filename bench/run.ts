/**
 * `npm run bench`: every section in bench/sections/ in one run, printed as one table;
 * `--json` prints the merged figures as one JSON object instead; `--quick` shortens runs
 * (for smoke tests of the runner, not for figures); `--only NAME` runs matching sections.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import type { BenchRow, BenchSection } from './section';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const quick = args.includes('--quick');
  const onlyAt = args.indexOf('--only');
  const only = onlyAt >= 0 ? args[onlyAt + 1] : undefined;
  const dir = join(fileURLToPath(new URL('.', import.meta.url)), 'sections');
  const sections: BenchSection[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts')).sort()) {
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as { section?: BenchSection };
    if (!mod.section) throw new Error(`bench/sections/${file} exports no \`section\``);
    sections.push(mod.section);
  }
  sections.sort((a, b) => a.order - b.order);
  const merged: Record<string, unknown> = {};
  const rows: (BenchRow & { section: string })[] = [];
  for (const s of sections) {
    if (only && !s.name.includes(only)) continue;
    if (!json) process.stderr.write(`bench: ${s.name}...\n`);
    const outcome = await s.run({ quick });
    Object.assign(merged, outcome.json);
    for (const r of outcome.rows) rows.push({ ...r, section: s.name });
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

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.stack : e);
  process.exit(1);
});
