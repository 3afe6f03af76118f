/**
 * The two scripts as a technician runs them: `shoe:sim` (making its own socat pair) and
 * `shoe:read` on the path it prints. Only the processes this test spawned are signalled, by pid.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { formatCards } from '../../../app/domain/cards';
import { shuffledDeck } from '../../../hardware/sim/deck';

const TSX = 'node_modules/tsx/dist/cli.mjs';
const children: ChildProcess[] = [];

function run(script: string, args: string[]): ChildProcess {
  const child = spawn(process.execPath, [TSX, script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return child;
}

function exited(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Runs a script to its end; its exit code and what it wrote. */
async function runToEnd(script: string, args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = run(script, args);
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const code = await exited(child);
  return { code, out, err };
}

/** Pids of the processes whose command line mentions `text` (Linux /proc; empty elsewhere). */
function processesMentioning(text: string): number[] {
  if (!existsSync('/proc/self/cmdline')) return [];
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(text)) pids.push(Number(name));
    } catch {
      /* ended meanwhile */
    }
  }
  return pids;
}

afterEach(async () => {
  for (const c of children.splice(0)) {
    if (c.exitCode === null && c.signalCode === null) {
      c.kill('SIGTERM');
      await exited(c);
    }
  }
});

describe('shoe:sim and shoe:read', () => {
  it('the simulator prints the port to use; the reader prints one JSON line per event', async () => {
    const sim = run('hardware/cli/shoe-sim.ts', ['--format', 'framed', '--seed', '7', '--pace', '1', '--start-delay-ms', '0', '--fault', 'jam@3:20', '--exit', '--quiet']);
    const simLines = createInterface({ input: sim.stdout! });
    const path = await new Promise<string>((resolve, reject) => {
      simLines.on('line', (line) => {
        const m = /connect the terminal to (\S+)/.exec(line);
        if (m) resolve(m[1]);
      });
      sim.once('exit', (code) => reject(new Error(`shoe:sim exited ${code}`)));
    });
    // The pair's directory, made by the simulator's PtyPair; its socat runs with the links in it.
    const pairDir = dirname(path);
    expect(existsSync(path)).toBe(true);
    if (existsSync('/proc/self/cmdline')) expect(processesMentioning(`link=${pairDir}/`)).toHaveLength(1); // the check below can see socat
    const reader = run('hardware/cli/shoe-read.ts', ['--port', path, '--format', 'framed']);
    const events: Record<string, unknown>[] = [];
    await new Promise<void>((resolve, reject) => {
      createInterface({ input: reader.stdout! }).on('line', (line) => {
        const e = JSON.parse(line) as Record<string, unknown>;
        events.push(e);
        if (e.status === 'shoe-empty') resolve();
      });
      reader.once('exit', (code) => reject(new Error(`shoe:read exited ${code}`)));
    });
    // The simulator got its last ACK and exits by itself (--exit), ending its socat.
    expect(await exited(sim)).toBe(0);
    reader.kill('SIGTERM');
    expect(await exited(reader)).toBe(0);
    const cards = events.filter((e) => e.kind === 'card');
    expect(cards.map((e) => e.card).join(' ')).toBe(formatCards(shuffledDeck(7)));
    expect(cards[0]).toMatchObject({ kind: 'card', card: '8s', code: 24, seq: 0, raw: '02 30 30 43 38 73 03 d9 5f' });
    expect(typeof cards[0].at === 'string' && !Number.isNaN(Date.parse(cards[0].at))).toBe(true);
    const statuses = events.filter((e) => e.kind === 'status').map((e) => e.status);
    expect(statuses.slice(0, 4)).toEqual(['connected', 'jam', 'ready', 'shoe-empty']);
    // The simulator cleaned up its pair on the way out: socat (its child, our grandchild) was
    // ended and waited for before the pair's directory was removed.
    expect(existsSync(pairDir)).toBe(false);
    expect(processesMentioning(`link=${pairDir}/`)).toEqual([]);
  });

  it('bad flags are refused with a message naming them (exit 2)', async () => {
    const reader = run('hardware/cli/shoe-read.ts', ['--port', '/dev/null', '--format', 'csv']);
    const sim = run('hardware/cli/shoe-sim.ts', ['--port', '/tmp/nowhere', '--fault', 'melt@2']);
    let err = '';
    let simErr = '';
    reader.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    sim.stderr!.on('data', (d: Buffer) => (simErr += d.toString()));
    expect(await Promise.all([exited(reader), exited(sim)])).toEqual([2, 2]);
    expect(err).toContain('--format must be lines or framed, got "csv"');
    expect(simErr).toContain('unknown fault kind "melt"');
  });

  it('a port path that is not a serial port is refused at once, naming --port (exit 2), by both scripts', async () => {
    const cases: [string, string[], string][] = [
      ['hardware/cli/shoe-read.ts', ['--port', '/nonexistent/ttyUSB9', '--format', 'lines'], '--port /nonexistent/ttyUSB9: no such port'],
      ['hardware/cli/shoe-read.ts', ['--port', '/dev/null', '--format', 'framed'], '--port /dev/null is not a serial port (not a terminal device'],
      ['hardware/cli/shoe-read.ts', ['--port', '/tmp', '--format', 'framed'], '--port /tmp is not a serial port (it is a directory'],
      ['hardware/cli/shoe-read.ts', ['--port', 'usb:zz', '--format', 'lines'], '--port: not a USB device reference: "usb:zz"'],
      ['hardware/cli/shoe-sim.ts', ['--port', '/nonexistent/device'], '--port /nonexistent/device: no such port'],
      ['hardware/cli/shoe-sim.ts', ['--port', '/dev/null'], '--port /dev/null is not a serial port'],
      ['hardware/cli/shoe-sim.ts', ['--port', '/dev/null', '--format', 'csv'], '--format must be framed or lines, got "csv"'],
    ];
    const results = await Promise.all(
      cases.map(async ([script, args]) => {
        const child = run(script, args);
        let err = '';
        child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
        const code = await exited(child);
        return { code, err };
      }),
    );
    results.forEach((r, i) => {
      expect(r.code, cases[i][1].join(' ')).toBe(2);
      expect(r.err).toContain(cases[i][2]);
    });
  });

  it('numeric flags are refused with the flag name and the range the library accepts (exit 2)', async () => {
    const cases: [string, string[], string][] = [
      ['hardware/cli/shoe-read.ts', ['--port', '/dev/null', '--format', 'framed', '--heartbeat-ms', '5'], '--heartbeat-ms must be 0 (off) or from 10 to 3600000, got 5'],
      ['hardware/cli/shoe-read.ts', ['--port', '/dev/null', '--format', 'lines', '--heartbeat-ms', '3600001'], '--heartbeat-ms must be 0 (off) or from 10 to 3600000, got 3600001'],
      ['hardware/cli/shoe-read.ts', ['--port', '/dev/null', '--format', 'lines', '--baud', '10'], '--baud must be from 50 to 4000000, got 10'],
      ['hardware/cli/shoe-read.ts', ['--port', '/dev/null', '--format', 'lines', '--prefix', 'P'.repeat(63)], '--prefix must be at most 62 bytes'],
      ['hardware/cli/shoe-read.ts', ['--port', '/dev/null', '--format', 'lines', '--role', 'dealer'], '--role must be shoe or scanner, got "dealer"'],
      ['hardware/cli/shoe-sim.ts', ['--port', '/dev/null', '--heartbeat-ms', '3'], '--heartbeat-ms must be 0 (off) or from 5 to 600000, got 3'],
      ['hardware/cli/shoe-sim.ts', ['--port', '/dev/null', '--ack-timeout-ms', '2'], '--ack-timeout-ms must be from 5 to 60000, got 2'],
      ['hardware/cli/shoe-sim.ts', ['--port', '/dev/null', '--pace', '600001'], '--pace must be from 0 to 600000, got 600001'],
      ['hardware/cli/shoe-sim.ts', ['--port', '/dev/null', '--format', 'lines', '--line-ending', 'NL'], '--line-ending must be CR, LF or CRLF, got "NL"'],
      // A negative number is the flag's value (Node's parseArgs alone calls it "ambiguous").
      ['hardware/cli/shoe-read.ts', ['--port', '/dev/null', '--format', 'lines', '--baud', '-5'], '--baud must be from 50 to 4000000, got -5'],
      ['hardware/cli/shoe-sim.ts', ['--port', '/dev/null', '--pace', '-1'], '--pace must be from 0 to 600000, got -1'],
    ];
    const results = await Promise.all(cases.map(([script, args]) => runToEnd(script, args)));
    results.forEach((r, i) => {
      expect(r.code, cases[i][1].join(' ')).toBe(2);
      expect(r.err).toContain(cases[i][2]);
      // The flag is named, never the option inside (SerialCardDevice: heartbeatTimeoutMs ..., LineDecoder: prefix ...).
      expect(r.err).not.toMatch(/SerialCardDevice|SerialShoeSimulator|LineDecoder|heartbeatTimeoutMs|heartbeatMs|ackTimeoutMs/);
    });
  });

  it('a negative seed is read as the seed; a flag with no value is named (exit 2)', async () => {
    const seed = await runToEnd('hardware/cli/shoe-sim.ts', ['--port', '/dev/null', '--seed', '-1']);
    // Past the flags: the port is what is refused.
    expect(seed.code).toBe(2);
    expect(seed.err).toMatch(/^--port \/dev\/null is not a serial port/);
    const missing = await runToEnd('hardware/cli/shoe-sim.ts', ['--seed', '--port', '/dev/null']);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/^--seed needs a value, and --port is a flag \(write --seed=--port for a value that starts with "-"\)\n/);
  });

  it('a flag of the other wire format is refused, naming the flag and its format (exit 2)', async () => {
    const cases: [string, string[], string][] = [
      ['hardware/cli/shoe-read.ts', ['--port', '/dev/null', '--format', 'framed', '--prefix', 'C:'], '--prefix only applies to --format lines (this is --format framed)'],
      ['hardware/cli/shoe-sim.ts', ['--port', '/dev/null', '--prefix', 'C:'], '--prefix only applies to --format lines (this is --format framed)'],
      ['hardware/cli/shoe-sim.ts', ['--port', '/dev/null', '--format', 'framed', '--line-ending', 'LF'], '--line-ending only applies to --format lines'],
      ['hardware/cli/shoe-sim.ts', ['--port', '/dev/null', '--format', 'lines', '--heartbeat-ms', '100'], '--heartbeat-ms only applies to --format framed (this is --format lines)'],
      ['hardware/cli/shoe-sim.ts', ['--port', '/dev/null', '--format', 'lines', '--ack-timeout-ms', '100'], '--ack-timeout-ms only applies to --format framed'],
    ];
    const results = await Promise.all(cases.map(([script, args]) => runToEnd(script, args)));
    results.forEach((r, i) => {
      expect(r.code, cases[i][1].join(' ')).toBe(2);
      expect(r.err).toContain(cases[i][2]);
    });
  });

  it('a prefix the simulator refuses is reported as --prefix, after its own pair is closed again', async () => {
    const r = await runToEnd('hardware/cli/shoe-sim.ts', ['--format', 'lines', '--prefix', 'A\nB']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--prefix must be text without CR or LF');
    expect(r.out).not.toContain('connect the terminal to'); // refused before the path is offered
  });

  it('a bad fault is refused before any socat pair is made, and none is left behind', async () => {
    const sim = run('hardware/cli/shoe-sim.ts', ['--fault', 'melt@2']);
    let out = '';
    let err = '';
    sim.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    sim.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    expect(await exited(sim)).toBe(2);
    expect(err).toContain('--fault: unknown fault kind "melt"');
    expect(out).not.toContain('connect the terminal to'); // no pair was made
    const lines = run('hardware/cli/shoe-sim.ts', ['--format', 'lines', '--fault', 'skip-seq@3']);
    let linesErr = '';
    lines.stderr!.on('data', (d: Buffer) => (linesErr += d.toString()));
    expect(await exited(lines)).toBe(2);
    expect(linesErr).toContain('--fault skip-seq needs --format framed');
  });
});
