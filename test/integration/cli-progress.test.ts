/**
 * The progress of the long `table` commands, run as a user runs them: under a real
 * pseudo-terminal (util-linux `script`, stderr the terminal, stdout a file) each shows what it
 * is doing, done/total and one summary line on stderr; through a pipe stderr stays empty; the
 * stdout is the same bytes either way; `--quiet` silences it and `--progress` forces it. And
 * the audit's worker threads: what they say sums to the log's rows.
 */
import { copyFileSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, type AuditPart, type AuditTask } from '../../app/services/audit';
import { idRanges } from '../../app/services/event-log';
import { PartsProgress, type Progress, type ProgressStage } from '../../app/services/progress';
import { openStore } from '../../app/services/store';
import { QUERY_TABLES } from '../../app/services/table-audit';
import { poolRunMark, poolRunsSince, SyncPool } from '../../app/services/worker-pool';
import { HAS_SCRIPT, onTerminal, type RanOnTerminal } from '../support/pty';
import { table, type Ran } from '../support/table-cli';
import { tempFolder } from './store/temp';

/** `table ...args` with stderr on a pseudo-terminal and stdout into a file of its own. */
function inTerminal(args: readonly string[]): Promise<RanOnTerminal> {
  return onTerminal('table', args, tmp.file(`out-${Math.random().toString(36).slice(2)}.txt`));
}

/** The export's and the report's own clock reading (when it was made): the only bytes that may differ between two runs. */
const madeAt = (s: string) => s.replace(/"(exportedAt|generatedAt)": "[^"]*"/g, '"$1": "..."');

const tmp = tempFolder('cp-cli-progress-');
const db = tmp.file('t.db');
let simulated: Ran;
let rows = 0;

beforeAll(async () => {
  simulated = await table('simulate', '--db', db, '--hands', '12', '--seed', '9');
  const v = await table('verify-log', '--db', db);
  rows = Number(/ok: (\d+) event rows/.exec(v.stdout)?.[1]);
}, 120_000);
afterAll(() => tmp.cleanup());

const COMMANDS: readonly { name: string; args: readonly string[]; shows: readonly (string | RegExp)[] }[] = [
  { name: 'verify-log', args: ['verify-log'], shows: ['checking the chain'] },
  { name: 'replay', args: ['replay'], shows: ['replaying hands'] },
  { name: 'audit', args: ['audit'], shows: ['checking the chain and replaying hands', 'comparing the query tables', /\d+\/\d+ tables/] },
  { name: 'export', args: ['export', '--format', 'csv'], shows: ['reading the records', 'writing the output', '12/12 hands'] },
  { name: 'export', args: ['export', '--format', 'json'], shows: ['reading the records', 'writing the output', '12/12 hands'] },
  { name: 'report', args: ['report', '--from', '2000-01-01', '--to', '2100-01-01', '--format', 'json', '--out', '-OUT-'], shows: ['reading the records', 'checking the chain', 'working out the figures'] },
];

describe.skipIf(!HAS_SCRIPT)('the progress of the long table commands', () => {
  it('simulate: through a pipe nothing on stderr; the database the others read', () => {
    expect(simulated.code, simulated.stderr).toBe(0);
    expect(simulated.stderr).toBe('');
    expect(rows).toBeGreaterThan(100);
  });

  for (const c of COMMANDS) {
    it(`${c.args.join(' ')}: progress and a summary on a terminal, nothing through a pipe, the same stdout`, async () => {
      const args = (out: string) => [...c.args.map((a) => (a === '-OUT-' ? tmp.file(out) : a)), '--db', db];
      const piped = await table(...args('piped.json'));
      expect(piped.code, piped.stderr).toBe(0);
      expect(piped.stderr).toBe('');
      const shown = await inTerminal(args('shown.json'));
      expect(shown.code, shown.terminal).toBe(0);
      expect(madeAt(shown.stdout)).toBe(madeAt(piped.stdout));
      if (c.name === 'report') expect(madeAt(readFileSync(tmp.file('shown.json'), 'utf8'))).toBe(madeAt(readFileSync(tmp.file('piped.json'), 'utf8')));
      for (const w of c.shows) expect(shown.terminal).toMatch(w);
      if (c.name !== 'export' && c.name !== 'report') expect(shown.terminal).toContain(`${rows.toLocaleString('en-US')}/${rows.toLocaleString('en-US')} rows`);
      expect(shown.terminal).toContain(`table ${c.name} [`);
      // The last line: the summary, alone on its line after the bar is cleared.
      const last = shown.terminal.split(/\r?\n/).filter((l) => l.trim() !== '').pop()!;
      expect(last).toMatch(new RegExp(`table ${c.name}: done in [\\d.]+ s: `));
    });
  }

  it('--quiet: nothing on the terminal; --progress: the lines and the summary through a pipe; stdout the same', async () => {
    const quiet = await inTerminal(['audit', '--db', db, '--quiet']);
    expect(quiet.code).toBe(0);
    expect(quiet.terminal).toBe('');
    const forced = await table('verify-log', '--db', db, '--progress');
    const plain = await table('verify-log', '--db', db);
    expect(forced.stdout).toBe(plain.stdout);
    expect(forced.stderr).toMatch(/^table verify-log \[/);
    expect(forced.stderr).not.toMatch(/\x1b/); // no cursor control off a terminal
    expect(forced.stderr).toContain(`${rows.toLocaleString('en-US')}/${rows.toLocaleString('en-US')} rows`);
    expect(forced.stderr.trimEnd().split('\n').pop()).toMatch(/^table verify-log: done in [\d.]+ s: checking the chain [\d,]+ rows in /);
    // Both: --quiet wins.
    const both = await table('verify-log', '--db', db, '--progress', '--quiet');
    expect(both.stderr).toBe('');
    expect(both.stdout).toBe(plain.stdout);
  });

  it('simulate on a terminal: the hands to play, done/total, the same lines on stdout as through a pipe', async () => {
    const a = tmp.file('a.db');
    const b = tmp.file('b.db');
    copyFileSync(db, a);
    copyFileSync(db, b);
    const piped = await table('simulate', '--db', a, '--hands', '14', '--seed', '9');
    const shown = await inTerminal(['simulate', '--db', b, '--hands', '14', '--seed', '9']);
    expect(piped.code, piped.stderr).toBe(0);
    expect(shown.code, shown.terminal).toBe(0);
    expect(piped.stderr).toBe('');
    expect(shown.stdout).toBe(piped.stdout);
    expect(shown.stdout.trim().split('\n')).toHaveLength(2);
    expect(shown.terminal).toContain('2/2 hands');
    expect(shown.terminal).toContain('playing hands');
    expect(shown.terminal).toMatch(/table simulate: done in [\d.]+ s: playing hands 2 hands in /);
  });
});

describe('the audit on worker threads', () => {
  it('tells the rows read, summed over the workers, up to exactly the log\'s rows, never going back', () => {
    const store = openStore(db, { readonly: true });
    try {
      const stages: { stage: ProgressStage; total: number | null }[] = [];
      const progress: Progress = { stage: (stage, total) => stages.push({ stage, total }), done: () => undefined };
      const mark = poolRunMark();
      const audit = auditLog(store, { threads: 2, progress });
      expect(audit.chain.ok).toBe(true);
      expect(poolRunsSince(mark).map((r) => r.outcome)).toEqual(['workers']);
      expect(stages[0]).toEqual({ stage: 'chain+hands', total: rows });
      expect(stages.map((s) => s.stage)).toEqual(['chain+hands', 'compare']);
      // Told again once for each range answered (more than one), then the whole.
      const read: number[] = [];
      const again: Progress = {
        stage: () => undefined,
        done: (n) => read.push(n),
      };
      auditLog(store, { threads: 2, progress: again, tables: false });
      const reads = read.filter((n) => n <= rows);
      expect(reads.length).toBeGreaterThan(2);
      for (let i = 1; i < reads.length; i++) expect(reads[i]).toBeGreaterThanOrEqual(reads[i - 1]);
      expect(reads[reads.length - 1]).toBe(rows);
    } finally {
      store.close();
    }
  });

  it('each worker posts how far its range is as it reads; the pool adds them up to exactly the ranges\' sizes', () => {
    const told: number[] = [];
    const sum = new PartsProgress((n) => told.push(n));
    const pool = SyncPool.open<AuditTask, AuditPart>(2, { path: db }, () => undefined, 2, {}, sum);
    expect(pool).not.toBeNull();
    const ranges = idRanges({ minId: 1, maxId: rows }, 4);
    try {
      // Two ranges read for the chain and the hands, two also folding the tables: both ways post.
      ranges.forEach((r, i) => pool!.submit({ ...r, chain: true, hands: true, maxProblems: 50, fold: i % 2 === 1, progressEveryIds: 40 }, r.upTo - r.after));
      pool!.finish();
    } finally {
      pool!.close();
    }
    expect(told[told.length - 1]).toBe(rows);
    for (let i = 1; i < told.length; i++) expect(told[i]).toBeGreaterThan(told[i - 1]);
    // Figures from inside the ranges, not only each range's end.
    const ends = new Set<number>();
    let acc = 0;
    for (const r of ranges) ends.add((acc += r.upTo - r.after));
    expect(told.length).toBeGreaterThan(ranges.length * 3);
    expect(told.some((n) => !ends.has(n))).toBe(true);
  });

  it('on one thread the same stages, in slices, the tables folded after the read', () => {
    const store = openStore(db, { readonly: true });
    try {
      const stages: string[] = [];
      let last = 0;
      const progress: Progress = {
        stage: (s, total) => stages.push(`${s} ${total}`),
        done: (n) => {
          last = n;
        },
      };
      auditLog(store, { threads: 0, progress });
      expect(stages).toEqual([`chain+hands ${rows}`, `tables ${rows}`, `compare ${QUERY_TABLES.length}`]);
      expect(last).toBe(QUERY_TABLES.length);
    } finally {
      store.close();
    }
  });
});
