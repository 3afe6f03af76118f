// PINs: their form, the stored record (scrypt with the documented parameters, a random salt),
// and the comparison (right, wrong of the same and of another length, in constant time).
import crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SALT_BYTES, SCRYPT_PARAMS, checkPin, hashPin, verifyPin } from '../../../app/services/pins';
import { unwrap } from '../../../app/domain/result';

/** Cheap parameters for the tests that hash many times (the record carries them). */
const FAST = { N: 1024, r: 8, p: 1, keyLength: 32 };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('checkPin', () => {
  it('takes 6 to 12 digits', () => {
    for (const pin of ['000000', '123456', '123456789012']) expect(checkPin(pin)).toEqual({ ok: true, value: pin });
  });

  it.each([['12345'], ['1234567890123'], ['12345a'], [' 123456'], ['123456 '], ['١٢٣٤٥٦'], ['']])('refuses %j as bad-pin, without quoting it', (pin) => {
    const r = checkPin(pin, 'the new PIN');
    expect(r.ok ? 'accepted' : r.error.code).toBe('bad-pin');
    expect(r.ok ? '' : r.error.message).toMatch(/^the new PIN must be 6 to 12 digits/);
    if (pin.trim() !== '') expect(r.ok ? '' : r.error.message).not.toContain(pin.trim());
  });
});

describe('hashPin', () => {
  it('stores scrypt with N=2^15, r=8, p=1, a 32-byte key and a 16-byte random salt', () => {
    expect(SCRYPT_PARAMS).toEqual({ N: 32768, r: 8, p: 1, keyLength: 32 });
    expect(SALT_BYTES).toBe(16);
    const a = unwrap(hashPin('123456'));
    expect(a.algorithm).toBe('scrypt');
    expect(a.params).toEqual({ N: 32768, r: 8, p: 1, keyLength: 32 });
    expect(a.salt).toMatch(/^[0-9a-f]{32}$/);
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.keys(a).sort()).toEqual(['algorithm', 'hash', 'params', 'salt']);
    // The key is scrypt's with exactly those parameters and that salt.
    const direct = crypto.scryptSync('123456', Buffer.from(a.salt, 'hex'), 32, { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    expect(a.hash).toBe(direct.toString('hex'));
    // A fresh salt every time: the same PIN never gives the same record.
    const b = unwrap(hashPin('123456'));
    expect(b.salt).not.toBe(a.salt);
    expect(b.hash).not.toBe(a.hash);
    expect(JSON.stringify(a)).not.toContain('123456');
  });

  it('refuses a PIN that is not 6-12 digits', () => {
    const r = hashPin('12345');
    expect(r.ok ? 'accepted' : r.error.code).toBe('bad-pin');
  });
});

describe('verifyPin', () => {
  const stored = unwrap(hashPin('482913'));

  it('the right PIN matches; a wrong one of the same length, a longer, a shorter and an empty one do not', () => {
    expect(verifyPin('482913', stored)).toBe(true);
    for (const wrong of ['482914', '000000', '4829130', '48291', '482913482913', '']) expect(verifyPin(wrong, stored), wrong).toBe(false);
  });

  it('compares the keys with crypto.timingSafeEqual, whatever the length of the PIN typed', () => {
    const spy = vi.spyOn(crypto, 'timingSafeEqual');
    expect(verifyPin('482913', stored)).toBe(true);
    expect(verifyPin('482910', stored)).toBe(false);
    expect(verifyPin('4829', stored)).toBe(false);
    expect(verifyPin('4829134829134', stored)).toBe(false);
    expect(spy).toHaveBeenCalledTimes(4);
    for (const [a, b] of spy.mock.calls) {
      expect((a as Buffer).length).toBe(32);
      expect((b as Buffer).length).toBe(32);
    }
  });

  it('verifies with the parameters the record carries (so they can change later)', () => {
    const cheap = unwrap(hashPin('777777', { params: FAST }));
    expect(cheap.params).toEqual(FAST);
    expect(verifyPin('777777', cheap)).toBe(true);
    expect(verifyPin('777777', { ...cheap, params: { ...FAST, N: 2048 } })).toBe(false);
    expect(verifyPin('777777', { ...cheap, salt: cheap.salt.replace(/^./, (c) => (c === '0' ? '1' : '0')) })).toBe(false);
  });

  it('matches nothing with a record it cannot run', () => {
    const cheap = unwrap(hashPin('777777', { params: FAST }));
    const spy = vi.spyOn(crypto, 'scryptSync');
    const bad = [
      { ...cheap, algorithm: 'bcrypt' },
      { ...cheap, params: { ...FAST, N: 1000 } }, // not a power of two
      { ...cheap, params: { ...FAST, N: 2 ** 24 } }, // gigabytes
      { ...cheap, params: { ...FAST, keyLength: 16 } }, // the key stored is 32 bytes
      { ...cheap, hash: cheap.hash.slice(2) },
    ];
    for (const r of bad) expect(verifyPin('777777', r), JSON.stringify(r.params)).toBe(false);
    expect(spy).not.toHaveBeenCalled();
  });
});
