/**
 * The terminal's start-up flags (app/terminal/config.ts, `parseTerminalArgs` and the usage text
 * `TERMINAL_FLAGS`) against what docs/terminal.md ("Options (both front doors)") promises: the
 * usage text a person reads on `--help` or after a bad flag names every flag and the defaults the
 * parser really uses; each flag left out takes its default, each flag given is taken and counted
 * as given; each number is refused unless whole and within its range (checked at both edges and
 * one past), each refusal is `bad-option` with one line naming the flag and the value given; a
 * front door's own flags come back as given.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_POINT_VALUE } from '../../../app/domain/money';
import type { DomainError } from '../../../app/domain/result';
import { parseTerminalArgs, TERMINAL_FLAGS, type TerminalConfig } from '../../../app/terminal/config';

const DEFAULTS = { db: '/var/lib/cp/terminal.db', seed: 4242 };

function parsed(argv: string[]) {
  const r = parseTerminalArgs(argv, DEFAULTS);
  if (!r.ok) throw new Error(`refused: ${r.error.message}`);
  return r.value;
}
const config = (argv: string[]): TerminalConfig => parsed(argv).config;

function refusal(argv: string[]): DomainError {
  const r = parseTerminalArgs(argv, DEFAULTS);
  if (r.ok) throw new Error(`taken: ${JSON.stringify(argv)}`);
  return r.error;
}

/** The flags of docs/terminal.md's options table that both front doors take (not the Electron-only or serve-only rows). */
function documentedFlags(): string[] {
  const doc = readFileSync(new URL('../../../docs/terminal.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('### Options (both front doors)'), doc.indexOf('A flag and its value may be written'));
  const flags = new Set<string>();
  for (const line of section.split('\n')) {
    if (!line.startsWith('| `--')) continue;
    const first = line.split('|')[1];
    for (const m of first.matchAll(/--[a-z][a-z-]*/g)) flags.add(m[0]);
  }
  return [...flags];
}

/** The usage text's line for `flag` (with its continuation lines). */
function usageOf(flag: string): string {
  const lines = TERMINAL_FLAGS.split('\n');
  const at = lines.findIndex((l) => l.startsWith(`  ${flag} `));
  expect(at, `${flag} has a line of its own in TERMINAL_FLAGS`).toBeGreaterThanOrEqual(0);
  let text = lines[at];
  for (let i = at + 1; i < lines.length && /^\s{20,}\S/.test(lines[i]); i++) text += ` ${lines[i].trim()}`;
  return text;
}

describe('TERMINAL_FLAGS, the usage text shown on --help and after a bad flag', () => {
  const documented = documentedFlags();

  it('names every flag docs/terminal.md lists for both front doors', () => {
    expect(documented).toEqual(expect.arrayContaining(['--db', '--shoe', '--sim-seed', '--point-value', '--currency', '--central']));
    expect(documented.length).toBe(14);
    for (const flag of documented) expect(TERMINAL_FLAGS, flag).toMatch(new RegExp(`^  ${flag} `, 'm'));
  });

  it('names only flags the terminal takes', () => {
    const named = [...TERMINAL_FLAGS.matchAll(/^ {2}(--[a-z-]+) /gm)].map((m) => m[1]);
    expect(named.sort()).toEqual([...documented].sort());
    // Each one is known: alone it is refused for want of a value, not as an unknown option.
    for (const flag of named) expect(refusal([flag])).toEqual({ code: 'bad-option', message: `${flag} needs a value` });
  });

  it('states the defaults and the limit the parser uses', () => {
    const d = config([]);
    expect(usageOf('--shoe')).toMatch(/else sim/);
    expect(d.shoe.kind).toBe('simulated');
    expect(usageOf('--scanner')).toMatch(/else none/);
    expect(d.scanner.kind).toBe('none');
    expect(usageOf('--shoe-format')).toMatch(/framed \(default\)/);
    expect(usageOf('--scanner-format')).toMatch(/lines \(default\)/);
    expect(usageOf('--shoe-baud')).toMatch(/default 9600/);
    expect(usageOf('--sim-seed')).toMatch(/default: from the clock/);
    expect(usageOf('--sim-pace')).toContain(`default ${d.sim!.paceMs}`);
    expect(usageOf('--table-id')).toContain(`default ${d.table.id}`);
    expect(usageOf('--table-name')).toContain(`default "${d.table.name}"`);
    expect(usageOf('--profile')).toContain(`default ${d.table.profile}`);
    expect(usageOf('--point-value')).toContain(`1 to ${MAX_POINT_VALUE} (default ${d.table.pointValue}`);
    expect(usageOf('--currency')).toContain(`default ${d.currency}`);
    expect(usageOf('--central')).toMatch(/postgres:\/\/USER:PASSWORD@HOST:PORT\/DATABASE\); default: none/);
    expect(d.central).toBeNull();
  });
});

describe('parseTerminalArgs: the defaults', () => {
  it('with no flags: the front door\'s database and seed, table T1 "Table 1" under mandarin-house at 10000, CZK, the simulated shoe, no scanner, no central server', () => {
    const r = parsed([]);
    expect(r.config).toEqual({
      db: DEFAULTS.db,
      currency: 'CZK',
      table: { id: 'T1', name: 'Table 1', profile: 'mandarin-house', pointValue: 10_000, given: { name: false, profile: false, pointValue: false } },
      shoe: { kind: 'simulated', seed: DEFAULTS.seed, paceMs: 150 },
      scanner: { kind: 'none' },
      devicesGiven: { shoe: false, scanner: false },
      sim: { seed: DEFAULTS.seed, paceMs: 150 },
      central: null,
    });
    expect(r.extra).toStrictEqual({});
  });
});

describe('parseTerminalArgs: each flag given is taken', () => {
  it('takes the database, the table, the money, the simulated shoe\'s seed and pace, and the central server', () => {
    const c = config([
      '--db', '/srv/table7.db',
      '--table-id', 'T7',
      '--table-name', 'High limit',
      '--profile', 'western',
      '--point-value', '2500',
      '--currency', 'EUR',
      '--sim-seed', '42',
      '--sim-pace', '0',
      '--central', 'postgres://table7:s3cret@central.casino:5432/casino',
    ]);
    expect(c.db).toBe('/srv/table7.db');
    expect(c.table).toEqual({ id: 'T7', name: 'High limit', profile: 'western', pointValue: 2500, given: { name: true, profile: true, pointValue: true } });
    expect(c.currency).toBe('EUR');
    expect(c.sim).toEqual({ seed: 42, paceMs: 0 });
    expect(c.shoe).toEqual({ kind: 'simulated', seed: 42, paceMs: 0 });
    expect(c.central).toEqual({ connectionString: 'postgres://table7:s3cret@central.casino:5432/casino', shown: 'postgres://table7:***@central.casino:5432/casino' });
  });

  it('takes the --flag=value form as well', () => {
    const c = config(['--db=/srv/t.db', '--table-id=T9', '--sim-seed=-7', '--point-value=1']);
    expect(c).toMatchObject({ db: '/srv/t.db', table: { id: 'T9', pointValue: 1 }, sim: { seed: -7 } });
  });

  // [flag, value, which of `given` it sets]
  const givens: [string, string, 'name' | 'profile' | 'pointValue'][] = [
    ['--table-name', 'Table 1', 'name'],
    ['--profile', 'mandarin-house', 'profile'],
    ['--point-value', '10000', 'pointValue'],
  ];
  it.each(givens)('counts %s as given even with the default value (%s), and only it', (flag, value, key) => {
    const c = config([flag, value]);
    expect(c.table.given).toEqual({ name: key === 'name', profile: key === 'profile', pointValue: key === 'pointValue' });
    // The value is the default one: what was given, not what it is, marks it.
    expect(c.table).toMatchObject({ name: 'Table 1', profile: 'mandarin-house', pointValue: 10_000 });
  });

  it('upper-cases the currency code', () => {
    expect(config(['--currency', 'eur']).currency).toBe('EUR');
    expect(config(['--currency', 'Czk']).currency).toBe('CZK');
  });

  it('takes each device\'s port and wire format (lines for a scanner by default, framed when given) and the shoe\'s speed', () => {
    const c = config(['--shoe', 'COM3', '--shoe-format', 'lines', '--shoe-baud', '115200', '--scanner', '/dev/ttyUSB1', '--scanner-format', 'framed']);
    expect(c.shoe).toEqual({ kind: 'serial', port: 'COM3', format: 'lines', baudRate: 115_200 });
    expect(c.scanner).toEqual({ kind: 'serial', port: '/dev/ttyUSB1', format: 'framed', baudRate: 9600 });
    expect(c.devicesGiven).toEqual({ shoe: true, scanner: true });
    expect(config(['--scanner', '/dev/ttyUSB1']).scanner).toEqual({ kind: 'serial', port: '/dev/ttyUSB1', format: 'lines', baudRate: 9600 });
  });

  it('gives the simulated shoe its seed and pace whichever shoe starts', () => {
    const c = config(['--shoe', '/dev/ttyUSB0', '--sim-seed', '9', '--sim-pace', '75']);
    expect(c.shoe).toEqual({ kind: 'serial', port: '/dev/ttyUSB0', format: 'framed', baudRate: 9600 });
    expect(c.sim).toEqual({ seed: 9, paceMs: 75 });
  });
});

// [flag, its least, its greatest, where the value lands]
const RANGES: [string, number, number, (c: TerminalConfig) => number][] = [
  ['--sim-seed', Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, (c) => c.sim!.seed],
  ['--sim-pace', 0, 60_000, (c) => c.sim!.paceMs],
  ['--point-value', 1, MAX_POINT_VALUE, (c) => c.table.pointValue],
];

describe('parseTerminalArgs: whole numbers within their range', () => {
  it.each(RANGES)('%s takes its least value %d and its greatest %d', (flag, min, max, read) => {
    expect(read(config([flag, String(min)]))).toBe(min);
    expect(read(config([flag, String(max)]))).toBe(max);
  });

  it.each(RANGES)('%s refuses one below %d and one above %d, naming the flag, the range and the value', (flag, min, max) => {
    const below = (BigInt(min) - 1n).toString();
    const above = (BigInt(max) + 1n).toString();
    expect(refusal([flag, below])).toEqual({ code: 'bad-option', message: `${flag} must be from ${min} to ${max}, got ${below}` });
    expect(refusal([flag, above])).toEqual({ code: 'bad-option', message: `${flag} must be from ${min} to ${max}, got ${above}` });
  });

  it('reads a number of several digits', () => {
    expect(config(['--sim-pace', '150', '--point-value', '12345', '--sim-seed', '-90210'])).toMatchObject({ sim: { seed: -90210, paceMs: 150 }, table: { pointValue: 12345 } });
  });

  // Texts JavaScript would read as a number in range (0x10 = 16, 10e2 = 1000, 1.5), and texts it would not.
  const NOT_WHOLE = ['1.5', '0x10', '10e2', '5x', 'x5', 'ten', ''];
  it.each(RANGES.map(([flag]) => flag))('%s refuses what is not written as a whole number, quoting it', (flag) => {
    for (const text of NOT_WHOLE) {
      expect(refusal([`${flag}=${text}`]), text).toEqual({ code: 'bad-option', message: `${flag} must be a whole number, got ${JSON.stringify(text)}` });
    }
  });
});

describe('parseTerminalArgs: the currency', () => {
  it('refuses what is not a three-letter code, quoting the value as given', () => {
    for (const text of ['euro', 'XEUR', 'EU', 'E1R', 'crowns', '']) {
      expect(refusal([`--currency=${text}`]), text).toEqual({
        code: 'bad-option',
        message: `--currency must be a three-letter code such as CZK or EUR, got ${JSON.stringify(text)}`,
      });
    }
  });
});

describe('parseTerminalArgs: the central server', () => {
  it('refuses a URL that is not PostgreSQL\'s as bad-option, naming --central and hiding the password', () => {
    const e = refusal(['--central', 'mysql://table7:s3cret@central.casino/casino']);
    expect(e.code).toBe('bad-option');
    expect(e.message).toBe('--central "mysql://table7:***@central.casino/casino" is not a PostgreSQL URL: write postgres://USER:PASSWORD@HOST:PORT/DATABASE');
    expect(e.message).not.toContain('s3cret');
  });

  it('refuses a URL that names no database', () => {
    expect(refusal(['--central', 'postgres://table7:s3cret@central.casino:5432'])).toEqual({
      code: 'bad-option',
      message: '--central "postgres://table7:***@central.casino:5432" names no database: end it with /DATABASE',
    });
  });
});

describe('parseTerminalArgs: a front door\'s own flags', () => {
  const SERVE = { port: { type: 'string' }, 'no-build': { type: 'boolean' }, host: { type: 'string' } } as const;

  it('returns the values of those given, and nothing for those left out', () => {
    const r = parseTerminalArgs(['--port', '8500', '--no-build', '--db', '/srv/t.db'], DEFAULTS, SERVE);
    expect(r.ok && r.value.extra).toStrictEqual({ port: '8500', 'no-build': true });
    expect(r.ok && r.value.config.db).toBe('/srv/t.db');
    const none = parseTerminalArgs(['--db', '/srv/t.db'], DEFAULTS, SERVE);
    expect(none.ok && none.value.extra).toStrictEqual({});
  });

  it('leaves the terminal\'s own flags out of them', () => {
    const r = parseTerminalArgs(['--host', '0.0.0.0', '--table-id', 'T2'], DEFAULTS, SERVE);
    expect(r.ok && r.value.extra).toStrictEqual({ host: '0.0.0.0' });
  });

  it('refuses them where the front door does not take them', () => {
    expect(refusal(['--port', '8500'])).toEqual({ code: 'bad-option', message: 'unknown option --port' });
  });
});
