/**
 * PINs, what the first tests left open: the exact words of the refusal a person reads (the PIN's
 * rules, the length of what was given and never the text), records made with the smallest and the
 * largest scrypt parameters this program runs (they still verify), and damaged records (parameters
 * out of range, a salt or a key that is not text, a key of the wrong length, a PIN that is not
 * text) matching no PIN instead of throwing.
 */
import { describe, expect, it } from 'vitest';
import { checkPin, hashPin, verifyPin } from '../../../app/services/pins';
import { unwrap } from '../../../app/domain/result';
import type { PinHash } from '../../../app/domain/staff';

/** Cheap parameters (the record carries them). */
const FAST = { N: 1024, r: 8, p: 1, keyLength: 32 };
const SALT = Buffer.alloc(16, 7);

function message(r: ReturnType<typeof checkPin>): string {
  return r.ok ? 'accepted' : `${r.error.code}|${r.error.path}|${r.error.message}`;
}

describe('checkPin: the refusal says the rule and the length given, in these words', () => {
  it('names "the PIN" when no name is given, and counts the characters given', () => {
    expect(message(checkPin('12345'))).toBe('bad-pin|pin|the PIN must be 6 to 12 digits (what was given is 5 characters; it is not shown)');
  });

  it('says "1 character" (singular) for one character', () => {
    expect(message(checkPin('7', 'the new PIN (stdin line 2)'))).toBe(
      'bad-pin|pin|the new PIN (stdin line 2) must be 6 to 12 digits (what was given is 1 character; it is not shown)',
    );
  });

  it('says "0 characters" for empty text and "no text" when what was given is not text', () => {
    expect(message(checkPin(''))).toBe('bad-pin|pin|the PIN must be 6 to 12 digits (what was given is 0 characters; it is not shown)');
    expect(message(checkPin(undefined))).toBe('bad-pin|pin|the PIN must be 6 to 12 digits (what was given is no text; it is not shown)');
    expect(message(checkPin(123456, 'the old PIN'))).toBe('bad-pin|pin|the old PIN must be 6 to 12 digits (what was given is no text; it is not shown)');
  });
});

describe('records with parameters at the limits this program runs still verify', () => {
  it('N = 2 with p = 16 (scrypt then needs exactly the memory allowed for it)', () => {
    const rec = unwrap(hashPin('246810', { params: { N: 2, r: 1, p: 16, keyLength: 32 }, salt: SALT }));
    expect(verifyPin('246810', rec)).toBe(true);
    expect(verifyPin('246811', rec)).toBe(false);
  });

  it('r = 32, p = 16 and a 64-byte key (the largest of each)', () => {
    const rec = unwrap(hashPin('135791', { params: { N: 2, r: 32, p: 16, keyLength: 64 }, salt: SALT }));
    expect(rec.hash).toMatch(/^[0-9a-f]{128}$/);
    expect(verifyPin('135791', rec)).toBe(true);
    expect(verifyPin('135790', rec)).toBe(false);
  });
});

describe('a record this program cannot run matches no PIN (and does not throw)', () => {
  const good = unwrap(hashPin('482913', { params: FAST, salt: SALT }));
  const withParams = (params: Record<string, number>): PinHash => ({ ...good, params: { ...good.params, ...params } } as PinHash);

  it('the unchanged record matches its PIN (the cases below differ from it in one field)', () => {
    expect(verifyPin('482913', good)).toBe(true);
  });

  it('a parameter of 0, N = 1, or one above its maximum', () => {
    const cases: Record<string, number>[] = [{ r: 0 }, { p: 0 }, { N: 1 }, { r: 33 }, { p: 17 }, { keyLength: 65 }, { N: 2 ** 21 }];
    for (const params of cases) {
      expect(verifyPin('482913', withParams(params)), JSON.stringify(params)).toBe(false);
    }
  });

  it('a key length of 0 with an empty key matches nothing', () => {
    expect(verifyPin('482913', { ...withParams({ keyLength: 0 }), hash: '' })).toBe(false);
  });

  it('a salt or a key that is not text', () => {
    expect(verifyPin('482913', { ...good, salt: 1234 } as unknown as PinHash)).toBe(false);
    expect(verifyPin('482913', { ...good, hash: 1234 } as unknown as PinHash)).toBe(false);
  });

  it('a key that is not hex of the right length: one extra digit, or the right length of non-hex', () => {
    expect(verifyPin('482913', { ...good, hash: `${good.hash}0` })).toBe(false);
    expect(verifyPin('482913', { ...good, hash: 'z'.repeat(64) })).toBe(false);
  });

  it('a PIN that is not text matches nothing', () => {
    expect(verifyPin(undefined as unknown as string, good)).toBe(false);
    expect(verifyPin(482913 as unknown as string, good)).toBe(false);
  });
});
