/**
 * `npm run --silent settle -- [--net] FILE` (FILE `-` reads stdin): the floor's dispute tool.
 * A thin wrapper over settleRecord (app/domain/settle.ts); formats in docs/settle.md.
 *
 * One record in: its result on stdout, exit 0; a bad record: a message on stderr naming the
 * record and the field, exit 2. An array in: an array out, in order, a bad record's slot
 * `{"error": "..."}`, exit 0 (a day's batch does not stop at one bad record).
 * Exit 2 also for usage errors, an unreadable file, input larger than MAX_INPUT_BYTES or text that
 * is not JSON; exit 1 for an internal error (a bug), in one line.
 */
import { createReadStream } from 'node:fs';
import { settleRecord } from '../domain/settle';

/**
 * The most input read, in bytes: 32 MiB, some 70,000 records of the usual size. The input is
 * parsed whole, so this bounds the memory a file (or a pipe that never ends) can take.
 */
const MAX_INPUT_BYTES = 32 * 1024 * 1024;

const USAGE = `usage: npm run --silent settle -- [--net] FILE
  FILE   a JSON showdown record, or an array of records; "-" reads stdin
  --net  also give "nettedPayments" (fewest transfers, same nets) for every record
Formats: docs/settle.md`;

class UsageError extends Error {}

/** The whole input as text; refused (a UsageError) when it cannot be read or is over the limit. */
async function readInput(file: string): Promise<string> {
  const name = file === '-' ? 'stdin' : file;
  const stream = file === '-' ? process.stdin : createReadStream(file);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_INPUT_BYTES) {
        stream.destroy();
        throw new UsageError(`${name}: more than ${MAX_INPUT_BYTES} bytes (32 MiB), the most settle reads at once: split the batch`);
      }
      chunks.push(chunk);
    }
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`cannot read ${name}: ${(e as Error).message}`);
  }
  return Buffer.concat(chunks).toString('utf8');
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

/** An unexpected error's message on one line (no stack: the message says what failed). */
function oneLine(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).replace(/\s*\n\s*/g, ' ');
}

/** Settles one record; an error message names the record and the field. */
function settleOne(record: unknown, index: number | undefined, net: boolean): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    const r = settleRecord(withNetting(record, net));
    return r.ok ? r : { ok: false, message: `${recordName(index, record)}: ${r.error.message}` };
  } catch (e) {
    return { ok: false, message: `${recordName(index, record)}: internal error: ${oneLine(e)}` };
  }
}

/** Writes to stdout, waiting while a slow reader (a pipe) has not taken what was written. */
async function write(text: string): Promise<void> {
  if (!process.stdout.write(text)) await new Promise((resolve) => process.stdout.once('drain', resolve));
}

/**
 * `JSON.stringify(values, null, 2)` written one value at a time: a batch's output is many times
 * its input, and as one string it could pass V8's limit (about 512 MiB) or, queued for a pipe,
 * the memory.
 */
async function writeArray(values: Iterable<unknown>): Promise<void> {
  let first = true;
  for (const v of values) {
    await write(`${first ? '[\n' : ',\n'}  ${JSON.stringify(v, null, 2).replaceAll('\n', '\n  ')}`);
    first = false;
  }
  await write(first ? '[]\n' : '\n]\n');
}

async function main(argv: readonly string[]): Promise<number> {
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
  const text = await readInput(file);
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${file === '-' ? 'stdin' : file}: not valid JSON: ${(e as Error).message}`);
  }
  if (Array.isArray(input)) {
    const batch = input;
    let refused = 0;
    await writeArray((function* results() {
      for (let i = 0; i < batch.length; i++) {
        const r = settleOne(batch[i], i, net);
        if (!r.ok) refused++;
        yield r.ok ? r.value : { error: r.message };
      }
    })());
    if (refused > 0) process.stderr.write(`settle: ${refused} of ${batch.length} records refused (see their "error" slots)\n`);
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

// A reader that stops early (`| head`) is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  process.stderr.write(`settle: cannot write the output: ${e.message}\n`);
  process.exit(1);
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    if (e instanceof UsageError) {
      process.stderr.write(`settle: ${e.message}\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`settle: internal error: ${oneLine(e)}\n`);
      process.exitCode = 1;
    }
  },
);
