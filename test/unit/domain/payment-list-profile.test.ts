// The house's choice of payment list (profile option `payments`, docs/profiles.md): pairwise
// unless the profile says netted; anything else refused naming the option and its choices.
import { describe, expect, it } from 'vitest';
import { PRESET_NAMES, presetJson, resolveProfile, validateProfile } from '../../../app/domain/profiles';

describe('profile option payments', () => {
  it('is pairwise when left out, in every preset', () => {
    const bare = validateProfile({ name: 'bare', version: 1 });
    expect(bare.ok && bare.value.payments).toBe('pairwise');
    for (const name of PRESET_NAMES) {
      const p = resolveProfile(name);
      expect(p.ok && p.value.payments, name).toBe('pairwise');
    }
  });

  it('takes netted', () => {
    const p = validateProfile({ ...presetJson('mandarin-house'), name: 'house-netted', payments: 'netted' });
    expect(p.ok && p.value.payments).toBe('netted');
  });

  it('refuses another value, naming the option and the choices', () => {
    for (const value of ['net', true, null, 1]) {
      const p = validateProfile({ name: 'bad', version: 1, payments: value });
      expect(p.ok).toBe(false);
      if (p.ok) continue;
      expect(p.error).toMatchObject({ code: 'bad-profile-value', path: 'payments' });
      expect(p.error.message).toMatch(/^profile payments: expected one of "pairwise", "netted", got /);
    }
  });
});
