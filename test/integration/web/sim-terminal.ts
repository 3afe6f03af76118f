/**
 * Helpers for the tests that drive a real terminal (a SQLite file in a temp folder holding the
 * test staff, the simulated shoe) through a screen, as a front door does.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TerminalView } from '../../../app/contract/view';
import type { Result } from '../../../app/domain/result';
import { parseTerminalArgs } from '../../../app/terminal/config';
import { openTerminal, type ScreenLink, type Terminal } from '../../../app/terminal/terminal';
import { STAFF, credentialOf, databaseWithStaff } from '../../support/staff';

const screens = new WeakMap<Terminal, ScreenLink>();

/**
 * A terminal whose simulated shoe deals seed `seed` at once; `argv` added. Its database is the
 * `--db` of `argv` (made with the test staff when it does not exist yet), else a new file in a
 * temp folder, removed when the terminal closes.
 */
export async function openSimTerminal(seed: number, argv: readonly string[] = []): Promise<Terminal> {
  const given = argv.indexOf('--db');
  const dir = given < 0 ? mkdtempSync(join(tmpdir(), 'cpt-sim-terminal-')) : null;
  const db = dir ? join(dir, 'terminal.db') : argv[given + 1];
  if (!existsSync(db)) databaseWithStaff(db);
  const parsed = parseTerminalArgs([...(dir ? ['--db', db] : []), '--sim-seed', String(seed), '--sim-pace', '0', ...argv], { db: 'unused', seed: 1 });
  if (!parsed.ok) throw new Error(parsed.error.message);
  const terminal = await openTerminal(parsed.value.config);
  if (!dir) return terminal;
  const close = terminal.close.bind(terminal);
  return Object.assign(terminal, {
    async close() {
      await close();
      rmSync(dir, { recursive: true, force: true });
    },
  });
}

/** The test's screen of `terminal` (one per terminal, opened on first use). */
export function screenOf(terminal: Terminal): ScreenLink {
  let s = screens.get(terminal);
  if (!s) {
    s = terminal.openScreen('test');
    screens.set(terminal, s);
  }
  return s;
}

/** The terminal's answer to a request on the test's screen. */
export function send(terminal: Terminal, name: string, args: unknown = {}): Promise<Result<unknown>> {
  return screenOf(terminal).request(name, args);
}

/** The terminal's answer to a request it must accept (on the test's screen). */
export async function sendOk<T = TerminalView>(terminal: Terminal, name: string, args: unknown = {}): Promise<T> {
  const r = (await send(terminal, name, args)) as Result<T>;
  if (!r.ok) throw new Error(`${name} refused: ${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** Eva signs in on the test's screen and takes the box. */
export async function dealerOn(terminal: Terminal, person = STAFF.dealer): Promise<void> {
  await sendOk(terminal, 'dealerOn', { dealer: credentialOf(person) });
}

/** Waits (up to 15 s of wall time, however loaded the machine) until the view satisfies `test`. */
export async function viewUntil(terminal: Terminal, test: (v: TerminalView) => boolean): Promise<TerminalView> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const v = terminal.view();
    if (test(v)) return v;
    if (Date.now() > deadline) throw new Error('the view never got there');
    await new Promise((r) => setTimeout(r, 5));
  }
}
