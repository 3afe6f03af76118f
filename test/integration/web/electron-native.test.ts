// The per-Electron-version SQLite binding cache (scripts/electron-native.mjs). The real
// rebuild needs Electron's headers or prebuilt binaries from the internet, so the builder is
// injected here: it checks the folder it is given and "builds" by copying node_modules' own
// Node binding, which lets the test load the cached file through better-sqlite3's
// `nativeBinding` for real.
import { copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..', '..');
const NODE_BINDING = join(ROOT, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
type Ensure = (o: Record<string, unknown>) => Promise<{ path: string; built: boolean }>;
let ensureElectronSqlite: Ensure;
let cacheDir: string;

beforeEach(async () => {
  ({ ensureElectronSqlite } = (await import(join(ROOT, 'scripts', 'electron-native.mjs'))) as { ensureElectronSqlite: Ensure });
  cacheDir = mkdtempSync(join(tmpdir(), 'cpt-native-cache-'));
});
afterEach(() => rmSync(cacheDir, { recursive: true, force: true }));

function fakeRebuild(seen: Record<string, unknown>[]) {
  return async (opts: { buildPath: string; electronVersion: string; onlyModules: string[]; force: boolean }) => {
    const mod = join(opts.buildPath, 'node_modules', 'better-sqlite3');
    seen.push({
      ...opts,
      hasPackageJson: existsSync(join(opts.buildPath, 'package.json')),
      copiedSources: existsSync(join(mod, 'binding.gyp')) && existsSync(join(mod, 'src')),
      leftNodeBuildBehind: !existsSync(join(mod, 'build')),
      prebuildInstallLinked: lstatSync(join(opts.buildPath, 'node_modules', 'prebuild-install')).isSymbolicLink(),
    });
    mkdirSync(join(mod, 'build', 'Release'), { recursive: true });
    copyFileSync(NODE_BINDING, join(mod, 'build', 'Release', 'better_sqlite3.node'));
  };
}

describe('SQLite binding for Electron', () => {
  it('builds once in a copy of the package, caches the binding, and reuses it', async () => {
    const seen: Record<string, unknown>[] = [];
    const first = await ensureElectronSqlite({ root: ROOT, electronVersion: '45.5.0', cacheDir, rebuild: fakeRebuild(seen) });
    expect(first).toEqual({ path: join(cacheDir, '45.5.0', 'better_sqlite3.node'), built: true });
    expect(seen).toEqual([expect.objectContaining({
      electronVersion: '45.5.0', onlyModules: ['better-sqlite3'], force: true,
      hasPackageJson: true, copiedSources: true, leftNodeBuildBehind: true, prebuildInstallLinked: true,
    })]);
    // The temporary build folder is gone; node_modules' own build is untouched.
    expect(existsSync(seen[0].buildPath as string)).toBe(false);
    expect(existsSync(NODE_BINDING)).toBe(true);

    const second = await ensureElectronSqlite({ root: ROOT, electronVersion: '45.5.0', cacheDir, rebuild: fakeRebuild(seen) });
    expect(second).toEqual({ path: first.path, built: false });
    expect(seen).toHaveLength(1);
  });

  it('hands a binding better-sqlite3 loads through nativeBinding', async () => {
    const { path } = await ensureElectronSqlite({ root: ROOT, electronVersion: '45.5.0', cacheDir, rebuild: fakeRebuild([]) });
    const db = new Database(':memory:', { nativeBinding: path });
    expect(db.prepare('SELECT 6 * 7 AS x').get()).toEqual({ x: 42 });
    db.close();
  });

  it('builds again for another Electron version or when the cache was made for another better-sqlite3', async () => {
    const seen: Record<string, unknown>[] = [];
    await ensureElectronSqlite({ root: ROOT, electronVersion: '45.5.0', cacheDir, rebuild: fakeRebuild(seen) });
    await ensureElectronSqlite({ root: ROOT, electronVersion: '46.0.0', cacheDir, rebuild: fakeRebuild(seen) });
    const manifest = join(cacheDir, '45.5.0', 'manifest.json');
    writeFileSync(manifest, JSON.stringify({ ...JSON.parse(readFileSync(manifest, 'utf8')), betterSqlite3: '11.0.0' }));
    const again = await ensureElectronSqlite({ root: ROOT, electronVersion: '45.5.0', cacheDir, rebuild: fakeRebuild(seen) });
    expect(again.built).toBe(true);
    expect(seen.map((s) => s.electronVersion)).toEqual(['45.5.0', '46.0.0', '45.5.0']);
  });

  it('says so when the build leaves no binding, and caches nothing', async () => {
    await expect(ensureElectronSqlite({ root: ROOT, electronVersion: '45.5.0', cacheDir, rebuild: async () => {} })).rejects.toThrow(/left no better_sqlite3\.node/);
    expect(existsSync(join(cacheDir, '45.5.0', 'better_sqlite3.node'))).toBe(false);
  });
});
