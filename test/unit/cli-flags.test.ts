import { describe, expect, it } from 'vitest';
import { parseFlagValues } from '../../app/cli/flags';

const OPTIONS = { db: { type: 'string' }, 'pin-stdin': { type: 'boolean' } } as const;

describe('parseFlagValues', () => {
  it('never repeats a PIN typed on the command line in its refusal', () => {
    for (const argv of [['--pin-stdin=333333'], ['--pin-stdin', '333333'], ['--db', 'x.db', '123456']]) {
      const r = parseFlagValues(argv, OPTIONS);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).not.toMatch(/333333|123456/);
    }
  });

  it('still names a stray word that is not a number', () => {
    const r = parseFlagValues(['stray'], OPTIONS);
    expect(r.ok ? '' : r.error.message).toMatch(/^unexpected argument "stray"/);
  });
});
