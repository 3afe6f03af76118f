/**
 * The certificate and key a web front door serves HTTPS with (`npm run serve`, `casino serve`):
 * read from PEM files and checked to be a certificate and its key before anything listens.
 */
import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';

/** The certificate and its key, read. */
export interface TlsFiles {
  readonly cert: Buffer;
  readonly key: Buffer;
}

/**
 * Reads `--tls-cert` and `--tls-key`: both or neither (null: plain HTTP). Refused, as one line
 * naming the flag and the file: only one of them given, a file that cannot be read, a pair
 * that is not a PEM certificate and its key.
 */
export function readTls(cert: string | undefined, key: string | undefined): { ok: true; value: TlsFiles | null } | { ok: false; message: string } {
  if (cert === undefined && key === undefined) return { ok: true, value: null };
  if (cert === undefined || key === undefined) return { ok: false, message: '--tls-cert and --tls-key go together: give both files' };
  const read = (flag: string, file: string): Buffer | string => {
    try {
      return readFileSync(file);
    } catch (e) {
      return `--${flag} ${file}: cannot read it (${(e as NodeJS.ErrnoException).code ?? String(e)})`;
    }
  };
  const c = read('tls-cert', cert);
  if (typeof c === 'string') return { ok: false, message: c };
  const k = read('tls-key', key);
  if (typeof k === 'string') return { ok: false, message: k };
  try {
    createSecureContext({ cert: c, key: k });
  } catch (e) {
    return { ok: false, message: `--tls-cert ${cert} and --tls-key ${key} are not a PEM certificate and its key: ${e instanceof Error ? e.message : String(e)}` };
  }
  return { ok: true, value: { cert: c, key: k } };
}
