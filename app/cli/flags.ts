/**
 * Command-line flags read strictly, for every front door that takes `--name value` flags (the
 * terminal's, app/terminal/config.ts; the hardware tools, hardware/cli/args.ts): Node's
 * `parseArgs` with two fixes. A value that looks like a negative number (`--seed -1`) is the
 * flag's value, where Node refuses it as "ambiguous"; and every refusal is one line naming the
 * flag.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { fail, ok, type Result } from '../domain/result';

type Options = NonNullable<ParseArgsConfig['options']>;

/** A number written with a minus sign ("-1", "-0.5"): never a flag, since no flag is a digit. */
const NEGATIVE_NUMBER = /^-\d/;

/**
 * The values of `argv`'s flags (`--name value` or `--name=value`; a boolean flag alone), or
 * `bad-option` naming the flag: an unknown one, a value-taking flag with no value after it
 * (the next word is another flag; a value that itself starts with "-" but is not a number is
 * written `--name=-value`), a value given to a boolean flag, a word that is no flag's value.
 */
export function parseFlagValues<O extends Options>(argv: readonly string[], options: O): Result<Record<string, string | boolean | string[] | boolean[] | undefined>> {
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('-') || arg === '-' || NEGATIVE_NUMBER.test(arg)) {
      // A word of digits is not quoted back: it may be a PIN typed on the command line by mistake.
      const shown = /^\d+$/.test(arg) ? 'a number (not repeated here: a PIN goes on standard input)' : JSON.stringify(arg);
      return fail('bad-option', `unexpected argument ${shown} (every value follows its --flag)`);
    }
    if (arg === '--' || !arg.startsWith('--')) return fail('bad-option', `unknown option ${arg}`);
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    const spec = Object.hasOwn(options, name) ? options[name] : undefined;
    if (!spec) return fail('bad-option', `unknown option --${name}`);
    if (spec.type === 'boolean') {
      if (eq >= 0) return fail('bad-option', `--${name} takes no value (what was given is not repeated here)`);
      args.push(arg);
      continue;
    }
    if (eq >= 0) {
      args.push(arg);
      continue;
    }
    const value = argv[i + 1];
    if (value === undefined) return fail('bad-option', `--${name} needs a value`);
    if (value.startsWith('-') && !NEGATIVE_NUMBER.test(value)) {
      return fail('bad-option', `--${name} needs a value, and ${value} is a flag (write --${name}=${value} for a value that starts with "-")`);
    }
    // Joined, so parseArgs reads it as this flag's value whatever it starts with.
    args.push(`--${name}=${value}`);
    i++;
  }
  try {
    return ok(parseArgs({ args, options, strict: true, allowPositionals: false }).values as Record<string, string | boolean | string[] | boolean[] | undefined>);
  } catch (e) {
    // Checked above, so not expected; in one line all the same.
    return fail('bad-option', (e instanceof Error ? e.message : String(e)).split('\n')[0]);
  }
}
