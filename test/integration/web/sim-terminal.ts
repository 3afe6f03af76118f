/** Helpers for the tests that drive a real terminal (SQLite in memory, the simulated shoe). */
import type { TerminalView } from '../../../app/contract/view';
import type { Result } from '../../../app/domain/result';
import { parseTerminalArgs } from '../../../app/terminal/config';
import { openTerminal, type Terminal } from '../../../app/terminal/terminal';

/** A terminal on an in-memory database whose simulated shoe deals seed `seed` at once; `argv` added. */
export async function openSimTerminal(seed: number, argv: readonly string[] = []): Promise<Terminal> {
  const parsed = parseTerminalArgs(['--db', ':memory:', '--sim-seed', String(seed), '--sim-pace', '0', ...argv], { db: 'unused', seed: 1 });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return openTerminal(parsed.value.config);
}

/** The terminal's answer to a request it must accept. */
export async function sendOk<T = TerminalView>(terminal: Terminal, name: string, args: unknown = {}): Promise<T> {
  const r = (await terminal.dispatch(name, args)) as Result<T>;
  if (!r.ok) throw new Error(`${name} refused: ${r.error.code}: ${r.error.message}`);
  return r.value;
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
