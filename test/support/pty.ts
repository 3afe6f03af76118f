/**
 * A command run with its stderr on a real pseudo-terminal (util-linux `script`) and its stdout
 * into a file, for the tests of what a command shows on a terminal only (the progress).
 */
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ROOT } from './table-cli';

/** Whether util-linux `script` is here (the tests that need a terminal are skipped without it). */
export const HAS_SCRIPT = (() => {
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** What a run on a terminal gave: its exit code, what the terminal showed (stderr) and the stdout's bytes. */
export interface RanOnTerminal {
  readonly code: number;
  readonly terminal: string;
  readonly stdout: string;
}

/**
 * Runs `npm run --silent CLI -- ...args` (without npm) with stderr on a pseudo-terminal 250
 * columns wide and stdout written to `outFile`.
 */
export function onTerminal(cli: 'table' | 'casino', args: readonly string[], outFile: string): Promise<RanOnTerminal> {
  const cmd = `stty cols 250; exec ${quote(process.execPath)} --import tsx app/cli/${cli}.ts ${args.map(quote).join(' ')} > ${quote(outFile)}`;
  return new Promise((resolve) => {
    execFile('script', ['-qfec', cmd, '/dev/null'], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 }, (error, terminal) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, terminal, stdout: readFileSync(outFile, 'utf8') });
    });
  });
}
