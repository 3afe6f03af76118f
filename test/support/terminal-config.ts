import { parseTerminalArgs, type TerminalConfig } from '../../app/terminal/config';

/**
 * The configuration the front doors make of `--db db` and `argv`, with the simulated shoe seeded
 * (`seed`) and dealing every `pace` ms (0: at once); a refusal throws, naming it.
 */
export function simConfig(db: string, argv: readonly string[] = [], pace = '0', seed = 7): TerminalConfig {
  const parsed = parseTerminalArgs(['--db', db, '--sim-seed', String(seed), '--sim-pace', pace, ...argv], { db: 'unused', seed: 1 });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value.config;
}
