/**
 * The central server's address as the commands take it: a PostgreSQL URL,
 * `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE` (or `postgresql://`; a Unix socket folder
 * as `?host=/run/postgresql`), with the password never repeated in a message.
 */
import pg from 'pg';
import { fail, ok, type Result } from '../domain/result';

/** A checked central URL. */
export interface CentralUrl {
  /** What the driver is given. */
  readonly connectionString: string;
  /** The URL as it may be printed: the password, if any, replaced by `***`. */
  readonly shown: string;
}

const SCHEME = /^postgres(?:ql)?:\/\//i;

/** The URL as it may be printed (its password replaced by `***`). */
export function showUrl(text: string): string {
  return text.replace(/^([a-z]+:\/\/[^:@/?#]*):[^@/?#]*@/i, '$1:***@');
}

/**
 * Checks a central URL: `bad-central-url` naming what is wrong (not a postgres:// URL, one the
 * driver cannot read, no database named), without the password.
 */
export function parseCentralUrl(text: string): Result<CentralUrl> {
  const shown = showUrl(text);
  if (!SCHEME.test(text)) {
    return fail('bad-central-url', `--central ${JSON.stringify(shown)} is not a PostgreSQL URL: write postgres://USER:PASSWORD@HOST:PORT/DATABASE`);
  }
  try {
    // The driver's own reading of the URL (nothing is connected yet).
    new pg.Client({ connectionString: text });
  } catch (e) {
    return fail('bad-central-url', `--central ${JSON.stringify(shown)} is not a URL the PostgreSQL driver can read (${e instanceof Error ? e.message : String(e)})`);
  }
  // The driver would take the user's name for a missing database: the casino's is named.
  const rest = text.replace(SCHEME, '');
  const at = rest.search(/[/?#]/);
  const path = at >= 0 && rest[at] === '/' ? rest.slice(at + 1).split(/[?#]/)[0] : '';
  if (path === '') return fail('bad-central-url', `--central ${JSON.stringify(shown)} names no database: end it with /DATABASE`);
  return ok({ connectionString: text, shown });
}
