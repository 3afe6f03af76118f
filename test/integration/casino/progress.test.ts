/**
 * The progress of the casino tier's long commands on a throw-away PostgreSQL: `table sync` and
 * `casino audit` under a real pseudo-terminal show what they do, done/total and one summary
 * line on stderr; through a pipe stderr stays empty; the stdout is the same bytes either way.
 */
import { copyFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgCluster } from '../../support/postgres';
import { HAS_SCRIPT, onTerminal } from '../../support/pty';
import { table } from '../../support/table-cli';
import { tempFolder } from '../store/temp';
import { casino, centralServer, migratedDatabase } from './helpers';

const tmp = tempFolder('cp-casino-progress-');
const db = tmp.file('t.db');
let cluster: PgCluster;
let url: string;
let rows = 0;

beforeAll(async () => {
  ({ cluster, url } = await centralServer('progress'));
  const sim = await table('simulate', '--db', db, '--hands', '4', '--seed', '3');
  expect(sim.code, sim.stderr).toBe(0);
  rows = Number(/ok: (\d+) event rows/.exec((await table('verify-log', '--db', db)).stdout)?.[1]);
}, 180_000);
afterAll(async () => {
  await cluster?.destroy();
  tmp.cleanup();
});

describe.skipIf(!HAS_SCRIPT)('the progress of the casino tier\'s commands', () => {
  it('table sync: forwarding to central, N/N events, a summary; nothing through a pipe; the same stdout', async () => {
    // Two copies of one table database, each sent to a central database of its own: the same run twice.
    const other = await migratedDatabase(cluster, 'progress_b');
    const copy = tmp.file('copy.db');
    copyFileSync(db, copy);
    const piped = await table('sync', '--db', db, '--central', url);
    const shown = await onTerminal('table', ['sync', '--db', copy, '--central', other], tmp.file('sync.out'));
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stderr).toBe('');
    expect(shown.code, shown.terminal).toBe(0);
    const sameServer = (s: string) => s.replace(/postgres:\/\/\S+?\/progress(_b)?\b/g, 'URL');
    expect(sameServer(shown.stdout)).toBe(sameServer(piped.stdout));
    const n = rows.toLocaleString('en-US');
    expect(shown.terminal).toContain(`${n}/${n} events`);
    expect(shown.terminal).toContain('forwarding to central');
    expect(shown.terminal).toMatch(new RegExp(`table sync: done in [\\d.]+ s: forwarding to central ${n} events in `));
  });

  it('casino audit: per table database, the central copy read and audited, a summary; nothing through a pipe; the same stdout', async () => {
    const piped = await casino('audit', '--central', url, '--db', db);
    const shown = await onTerminal('casino', ['audit', '--central', url, '--db', db], tmp.file('audit.out'));
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stderr).toBe('');
    expect(shown.code, shown.terminal).toBe(0);
    expect(shown.stdout).toBe(piped.stdout);
    const n = rows.toLocaleString('en-US');
    expect(shown.terminal).toMatch(new RegExp(`casino audit \\[=+\\] ${n}/${n} events .*: reading the central copy`));
    expect(shown.terminal).toContain(': checking the chain and replaying hands');
    expect(shown.terminal).toMatch(/casino audit: done in [\d.]+ s: \S+: reading the central copy /);
    const quiet = await onTerminal('casino', ['audit', '--central', url, '--db', db, '--quiet'], tmp.file('audit-quiet.out'));
    expect(quiet.terminal).toBe('');
    expect(quiet.stdout).toBe(piped.stdout);
  });
});
