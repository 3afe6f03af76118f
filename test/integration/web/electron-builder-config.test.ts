// electron-builder.yml, checked with electron-builder's own loader and schema validation
// (the packaging itself needs the network and cannot run on build machines).
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..', '..');
const require = createRequire(import.meta.url);
const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
  getConfig: (dir: string, path: string | null, fromOptions: unknown) => Promise<Record<string, any>>;
  validateConfiguration: (config: unknown, logger: unknown) => Promise<void>;
};
const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };

describe('electron-builder.yml', () => {
  it('passes electron-builder validation', async () => {
    const config = await getConfig(ROOT, join(ROOT, 'electron-builder.yml'), null);
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('builds AppImage and deb for Linux and an NSIS installer for Windows', async () => {
    const config = await getConfig(ROOT, join(ROOT, 'electron-builder.yml'), null);
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.win.target).toEqual(['nsis']);
  });

  it('lists electron-builder\'s default deb dependencies plus the sound library (a list replaces the defaults)', async () => {
    const config = await getConfig(ROOT, join(ROOT, 'electron-builder.yml'), null);
    // The installed electron-builder's own default list, straight from its deb target.
    const FpmTarget = (require('app-builder-lib/out/targets/FpmTarget') as { default: { prototype: { getDefaultDepends(target: string): string[] } } }).default;
    const defaults = FpmTarget.prototype.getDefaultDepends.call(null, 'deb');
    expect(defaults).toContain('libnotify4');
    expect(config.deb.depends).toEqual([...defaults, 'libasound2']);
  });

  it('unpacks the native modules from the asar archive and starts the bundled main', async () => {
    const config = await getConfig(ROOT, join(ROOT, 'electron-builder.yml'), null);
    expect(config.asar).toBe(true);
    expect(config.asarUnpack.some((p: string) => p.startsWith('node_modules/better-sqlite3/'))).toBe(true);
    expect(config.asarUnpack.some((p: string) => p.startsWith('node_modules/@serialport/bindings-cpp/'))).toBe(true);
    expect(config.extraMetadata.main).toBe('out/main/main.cjs');
    // The loader normalises `files` to filter sets.
    const files = (config.files as (string | { filter: string[] })[]).flatMap((f) => (typeof f === 'string' ? [f] : f.filter));
    expect(files).toEqual(expect.arrayContaining(['out/main/**/*', 'out/preload/**/*', 'out/renderer/**/*', 'migrations/**/*']));
  });

  it('would refuse a wrong configuration (the check can fail)', async () => {
    const config = await getConfig(ROOT, join(ROOT, 'electron-builder.yml'), null);
    await expect(validateConfiguration({ ...config, nsis: { ...config.nsis, oneClick: 'sometimes' } }, new DebugLogger(false))).rejects.toThrow(/oneClick/);
  });
});
