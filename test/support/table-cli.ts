/** The `table` command run as a user runs it (node + tsx, from the repository's root), for the tests. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';

/** The repository's root. */
export const ROOT = join(import.meta.dirname, '..', '..');

/** What a run of the command gave: its exit code and its output. */
export interface Ran {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `npm run --silent table -- ...args` (without npm) and resolves when it has exited. */
export function table(...args: string[]): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'app/cli/table.ts', ...args], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}
