// The rules core must stay pure (issue 2): no node:*, no electron, no I/O, no clock, no
// randomness. app/domain/tsconfig.json hides Node's and the DOM's types so an import fails to
// compile; this test catches what the compiler cannot (Date, Math.random, globals).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../../../app/domain');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return full.endsWith('.ts') ? [full] : [];
  });
}

const FORBIDDEN: [RegExp, string][] = [
  [/from\s+['"](node:|fs|path|os|child_process|electron|better-sqlite3|serialport)/, 'an I/O or platform import'],
  [/\brequire\s*\(/, 'require()'],
  [/\bimport\s*\(/, 'a dynamic import'],
  [/\bDate\b/, 'the clock (Date)'],
  [/\bperformance\s*\./, 'the clock (performance)'],
  [/\bMath\.random\b/, 'randomness (Math.random)'],
  [/\bcrypto\b/, 'crypto'],
  [/\bprocess\s*\./, 'process'],
  [/\b(setTimeout|setInterval|fetch|console)\b/, 'timers, network or console'],
  [/from\s+['"]\.\.\/\.\.\//, 'an import from outside app/domain'],
];

describe('app/domain is pure', () => {
  const files = sources(root);
  it('has sources', () => expect(files.length).toBeGreaterThan(2));
  for (const file of files) {
    it(file.slice(root.length + 1), () => {
      const text = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\/\/.*$/gm, '');
      for (const [pattern, what] of FORBIDDEN) {
        expect(pattern.test(text), `${what} in ${file}`).toBe(false);
      }
    });
  }
});
