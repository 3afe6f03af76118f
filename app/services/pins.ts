/**
 * Staff PINs: checked for form, stored only as a slow salted hash, compared in constant time.
 * The PIN itself is never stored, logged or quoted in a message; the domain sees only the
 * {@link PinHash} record and the outcome of a comparison.
 *
 * The hash is scrypt (node:crypto) with {@link SCRYPT_PARAMS}: N = 2^15, r = 8, p = 1, a
 * 32-byte key, a 16-byte random salt: about 32 MiB and some 65 ms a hash on the terminal's
 * hardware, which makes trying all 10^6 six-digit PINs against a stolen database cost about 18
 * CPU-hours per person. The record carries the algorithm and its parameters, so a later terminal
 * can raise them: old records still verify with the parameters they were made with.
 */
import crypto from 'node:crypto';
import type { PinHash } from '../domain/staff';
import { fail, ok, type Result } from '../domain/result';

/** A PIN: 6 to 12 digits. */
export const PIN_PATTERN = /^\d{6,12}$/;

/** The scrypt parameters of new PINs. */
export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 1, keyLength: 32 } as const;

/** Random bytes of salt per PIN. */
export const SALT_BYTES = 16;

/** The algorithm name stored in the record. */
export const PIN_ALGORITHM = 'scrypt';

/** scrypt parameters as stored. */
export interface ScryptParams {
  readonly N: number;
  readonly r: number;
  readonly p: number;
  readonly keyLength: number;
}

/**
 * The PIN when it has the form of one (6-12 digits), else `bad-pin` naming `what` (e.g. "the
 * new PIN (stdin line 2)") and never the text given.
 */
export function checkPin(pin: unknown, what = 'the PIN'): Result<string> {
  if (typeof pin !== 'string' || !PIN_PATTERN.test(pin)) {
    const length = typeof pin === 'string' ? `${pin.length} character${pin.length === 1 ? '' : 's'}` : 'no text';
    return fail('bad-pin', `${what} must be 6 to 12 digits (what was given is ${length}; it is not shown)`, 'pin');
  }
  return ok(pin);
}

/** The most memory scrypt may take for `params` (Node's default limit, 32 MiB, is just too small for N = 2^15, r = 8). */
function maxmem(params: ScryptParams): number {
  return 256 * params.N * params.r + 128 * params.r * params.p;
}

function derive(pin: string, salt: Buffer, params: ScryptParams): Buffer {
  return crypto.scryptSync(pin.normalize('NFC'), salt, params.keyLength, { N: params.N, r: params.r, p: params.p, maxmem: maxmem(params) });
}

/**
 * The stored record of a PIN: scrypt with `params` (default {@link SCRYPT_PARAMS}) and a fresh
 * random salt (`salt` only for tests). Refused `bad-pin` when `pin` is not 6-12 digits.
 */
export function hashPin(pin: string, options: { readonly params?: ScryptParams; readonly salt?: Buffer } = {}): Result<PinHash> {
  const checked = checkPin(pin);
  if (!checked.ok) return checked;
  const params = options.params ?? SCRYPT_PARAMS;
  const salt = options.salt ?? crypto.randomBytes(SALT_BYTES);
  const hash = derive(pin, salt, params);
  return ok({
    algorithm: PIN_ALGORITHM,
    params: { N: params.N, r: params.r, p: params.p, keyLength: params.keyLength },
    salt: salt.toString('hex'),
    hash: hash.toString('hex'),
  });
}

/** The record's scrypt parameters when they are ones this program runs (a damaged record could ask for gigabytes). */
function scryptParamsOf(stored: PinHash): ScryptParams | null {
  if (stored.algorithm !== PIN_ALGORITHM) return null;
  const { N, r, p, keyLength } = stored.params as Partial<ScryptParams>;
  const whole = (x: unknown, max: number): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= 1 && x <= max;
  if (!whole(N, 2 ** 20) || (N & (N - 1)) !== 0 || N < 2 || !whole(r, 32) || !whole(p, 16) || !whole(keyLength, 64)) return null;
  return { N, r, p, keyLength };
}

/**
 * True when `pin` is the PIN of the record. The keys are compared with
 * `crypto.timingSafeEqual` (the time does not depend on where they differ); a record this
 * program cannot run (another algorithm, parameters out of range, a key of the wrong length)
 * matches no PIN.
 */
export function verifyPin(pin: string, stored: PinHash): boolean {
  const params = scryptParamsOf(stored);
  if (!params || typeof stored.salt !== 'string' || typeof stored.hash !== 'string') return false;
  const expected = Buffer.from(stored.hash, 'hex');
  if (expected.length !== params.keyLength || stored.hash.length !== params.keyLength * 2) return false;
  const got = derive(typeof pin === 'string' ? pin : '', Buffer.from(stored.salt, 'hex'), params);
  return crypto.timingSafeEqual(got, expected);
}
