/**
 * A pseudo-terminal pair made by socat: two linked serial ports with stable paths (symlinks
 * in a directory of ours), one for the simulated device and one for the terminal. Only the
 * socat process this object started is ever signalled, by its pid.
 *
 * `unplug()` ends socat: both ports vanish and whoever holds them sees a disconnect, as with
 * a USB adapter pulled out. `replug()` starts socat again on the same link paths (behind them
 * are new /dev/pts/N), so a reader that reopens by path finds the device again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sleep } from './sleeps';

export interface PtyPairOptions {
  /** Directory for the links; default a new temporary directory (removed by `close()`). */
  readonly dir?: string;
  /** Link names; default `device` and `terminal`. */
  readonly names?: readonly [string, string];
  /** How long to wait for socat to make the links. Default 5000 ms. */
  readonly timeoutMs?: number;
  /** socat binary. Default `socat` on PATH. */
  readonly socat?: string;
}

export class PtyPair {
  /** The end the simulated device opens. */
  readonly devicePath: string;
  /** The end the terminal opens. */
  readonly terminalPath: string;
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private closed = false;

  private constructor(
    readonly dir: string,
    private readonly ownDir: boolean,
    names: readonly [string, string],
    private readonly timeoutMs: number,
    private readonly socat: string,
  ) {
    this.devicePath = join(dir, names[0]);
    this.terminalPath = join(dir, names[1]);
  }

  /** Starts socat and waits until both links exist and socat is moving data. */
  static async open(options: PtyPairOptions = {}): Promise<PtyPair> {
    const ownDir = options.dir === undefined;
    const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'card-shoe-'));
    const pair = new PtyPair(dir, ownDir, options.names ?? ['device', 'terminal'], options.timeoutMs ?? 5000, options.socat ?? 'socat');
    try {
      await pair.replug();
    } catch (e) {
      await pair.close();
      throw e;
    }
    return pair;
  }

  /** The pid of the running socat, or undefined while unplugged. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts socat (again) on the same link paths. */
  async replug(): Promise<void> {
    if (this.closed) throw new Error('pty pair is closed');
    if (this.child) return;
    for (const p of [this.devicePath, this.terminalPath]) removeStaleLink(p);
    const args = ['-d', '-d', `pty,raw,echo=0,link=${this.devicePath}`, `pty,raw,echo=0,link=${this.terminalPath}`];
    const child = spawn(this.socat, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    this.child = child;
    let stderr = '';
    let ready = false;
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (d: string) => {
      if (stderr.length < 8192) stderr += d;
      if (d.includes('starting data transfer loop')) ready = true;
    });
    let exitInfo: string | undefined;
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        exitInfo = signal ? `signal ${signal}` : `code ${code}`;
        if (this.child === child) this.child = undefined;
        resolve();
      });
      child.once('error', (e) => {
        exitInfo = e.message;
        if (this.child === child) this.child = undefined;
        resolve();
      });
    });
    const deadline = performance.now() + this.timeoutMs;
    while (!(ready && existsSync(this.devicePath) && existsSync(this.terminalPath))) {
      if (exitInfo !== undefined) throw new Error(`socat ended before the pty pair was ready (${exitInfo}): ${stderr.trim()}`);
      if (performance.now() > deadline) {
        await this.unplug();
        throw new Error(`socat did not make ${this.devicePath} and ${this.terminalPath} within ${this.timeoutMs} ms: ${stderr.trim()}`);
      }
      await sleep(5);
    }
  }

  /** Ends socat (SIGTERM, then SIGKILL after 1 s) and waits for it to exit. */
  async unplug(): Promise<void> {
    const child = this.child;
    if (!child) return;
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const killer = setTimeout(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }, 1000);
    await this.exited;
    clearTimeout(killer);
    for (const p of [this.devicePath, this.terminalPath]) removeStaleLink(p);
  }

  /** Unplugs, waits `downMs`, plugs back in. */
  async restart(downMs: number): Promise<void> {
    await this.unplug();
    await sleep(downMs);
    await this.replug();
  }

  /** Ends socat and removes the directory if this object made it. */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.unplug();
    this.closed = true;
    if (this.ownDir) rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Removes a link left behind by a socat that was killed hard (only a symlink, never a file). */
function removeStaleLink(path: string): void {
  try {
    if (lstatSync(path).isSymbolicLink()) unlinkSync(path);
  } catch {
    /* not there */
  }
}
