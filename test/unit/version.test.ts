import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROGRAM_VERSION } from '../../app/version';

describe('PROGRAM_VERSION', () => {
  it('is the version package.json gives (every start records it)', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(PROGRAM_VERSION).toBe(pkg.version);
  });
});
