/**
 * `npm run --silent settle -- [--net] FILE` (FILE `-` reads stdin): the floor's dispute tool.
 * A thin wrapper over settleRecord (app/domain/settle.ts); formats in docs/settle.md.
 *
 * One record in: its result on stdout, exit 0; a bad record: a message on stderr naming the
 * record and the field, exit 2. An array in: an array out, in order, a bad record's slot
 * `{"error": "..."}`, exit 0 (a day's batch does not stop at one bad record).
 * Exit 2 also for usage errors, an unreadable file or text that is not JSON.
 */
import { readFileSync } from 'node:fs';
import { settleRecord } from '../domain/settle';

const USAGE = `usage: npm run --silent settle -- [--net] FILE
  FILE   a JSON showdown record, or an array of records; "-" reads stdin
  --net  also give "nettedPayments" (fewest transfers, same nets) for every record
Formats: docs/settle.md`;

class UsageError extends Error {}

function readInput(file: string): string {
  try {
    return readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${file === '-' ? 'stdin' : file}: ${(e as Error).message}`);
  }
}

function recordName(index: number | undefined, record: unknown): string {
  const id = typeof record === 'object' && record !== null && !Array.isArray(record) ? (record as { id?: unknown }).id : undefined;
  const idText = typeof id === 'string' || typeof id === 'number' ? `id ${JSON.stringify(id)}` : '';
  if (index === undefined) return idText ? `record (${idText})` : 'record';
  return `record ${index + 1} (index ${index}${idText ? `, ${idText}` : ''})`;
}

function withNetting(record: unknown, net: boolean): unknown {
  if (!net || typeof record !== 'object' || record === null || Array.isArray(record)) return record;
  return 'netting' in record ? record : { ...record, netting: true };
}

/** Settles one record; an error message names the record and the field. */
function settleOne(record: unknown, index: number | undefined, net: boolean): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    const r = settleRecord(withNetting(record, net));
    return r.ok ? r : { ok: false, message: `${recordName(index, record)}: ${r.error.message}` };
  } catch (e) {
    return { ok: false, message: `${recordName(index, record)}: internal error: ${(e as Error).message}` };
  }
}

function main(argv: readonly string[]): number {
  const args = [...argv];
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const net = args.includes('--net');
  const files = args.filter((a) => a !== '--net');
  const unknown = files.filter((a) => a.startsWith('--'));
  if (unknown.length > 0 || files.length !== 1) {
    throw new UsageError(unknown.length > 0 ? `unknown option ${unknown[0]}\n${USAGE}` : USAGE);
  }
  const file = files[0];
  const text = readInput(file);
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${file === '-' ? 'stdin' : file}: not valid JSON: ${(e as Error).message}`);
  }
  if (Array.isArray(input)) {
    const results = input.map((record, i) => {
      const r = settleOne(record, i, net);
      return r.ok ? r.value : { error: r.message };
    });
    const refused = results.filter((r) => typeof r === 'object' && r !== null && 'error' in r).length;
    if (refused > 0) process.stderr.write(`settle: ${refused} of ${input.length} records refused (see their "error" slots)\n`);
    process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
    return 0;
  }
  const r = settleOne(input, undefined, net);
  if (!r.ok) {
    process.stderr.write(`settle: ${file === '-' ? 'stdin' : file}: ${r.message}\n`);
    return 2;
  }
  process.stdout.write(`${JSON.stringify(r.value, null, 2)}\n`);
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (e) {
  if (e instanceof UsageError) {
    process.stderr.write(`settle: ${e.message}\n`);
    process.exitCode = 2;
  } else {
    process.stderr.write(`settle: internal error: ${(e as Error).stack ?? String(e)}\n`);
    process.exitCode = 1;
  }
}
