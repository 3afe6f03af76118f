/**
 * The SQLite binding for Electron, built once per Electron version and cached, so that
 * node_modules stays built for Node (tests, CLI, `npm run serve`) and `npm start` still works
 * on a fresh machine.
 *
 * How: copy better-sqlite3's package (without its Node build) into a temporary folder, let
 * @electron/rebuild build it there for Electron (it first tries the prebuilt binary that
 * better-sqlite3 publishes for each Electron ABI, then compiles with Electron's headers),
 * and keep the resulting `better_sqlite3.node` in `.electron-native/<electron-version>/`.
 * The Electron main process passes that path to better-sqlite3 as `nativeBinding`.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const BINDING_FILE = 'better_sqlite3.node';

/** Where the cached binding for this Electron version lives. */
export function cachedBindingPath(cacheDir, electronVersion) {
  return join(cacheDir, electronVersion, BINDING_FILE);
}

function manifestOf(root, electronVersion) {
  const sqlite = JSON.parse(readFileSync(join(root, 'node_modules', 'better-sqlite3', 'package.json'), 'utf8'));
  return { electron: electronVersion, betterSqlite3: sqlite.version, platform: process.platform, arch: process.arch };
}

/**
 * Returns the path of a better_sqlite3.node built for `electronVersion`, building it first
 * when the cache has none for this Electron, better-sqlite3 version, platform and arch.
 *
 * @param {object} o
 * @param {string} o.root           the project folder (with node_modules/)
 * @param {string} o.electronVersion e.g. "45.5.0"
 * @param {string} [o.cacheDir]     default `<root>/.electron-native`
 * @param {(opts: {buildPath: string, electronVersion: string, onlyModules: string[], force: boolean, mode: string}) => Promise<void>} [o.rebuild]
 *                                  default @electron/rebuild's `rebuild`
 * @param {(line: string) => void} [o.log]
 * @returns {Promise<{path: string, built: boolean}>}
 */
export async function ensureElectronSqlite(o) {
  const cacheDir = o.cacheDir ?? join(o.root, '.electron-native');
  const log = o.log ?? (() => {});
  const target = cachedBindingPath(cacheDir, o.electronVersion);
  const manifestPath = join(cacheDir, o.electronVersion, 'manifest.json');
  const want = manifestOf(o.root, o.electronVersion);
  if (existsSync(target) && existsSync(manifestPath)) {
    const have = JSON.parse(readFileSync(manifestPath, 'utf8'));
    if (JSON.stringify(have) === JSON.stringify(want)) return { path: target, built: false };
    log(`the cached SQLite binding was built for ${JSON.stringify(have)}; building it again for ${JSON.stringify(want)}`);
  }

  const rebuild = o.rebuild ?? (await import('@electron/rebuild')).rebuild;
  const work = mkdtempSync(join(tmpdir(), 'cpt-electron-sqlite-'));
  try {
    const source = join(o.root, 'node_modules', 'better-sqlite3');
    const copy = join(work, 'node_modules', 'better-sqlite3');
    cpSync(source, copy, { recursive: true, filter: (p) => !p.startsWith(join(source, 'build')) && !p.startsWith(join(source, 'prebuilds')) });
    writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'cpt-electron-sqlite', version: '0.0.0', private: true, dependencies: { 'better-sqlite3': want.betterSqlite3 } }));
    // prebuild-install (better-sqlite3's downloader of prebuilt binaries) is found next to the module.
    const prebuild = join(o.root, 'node_modules', 'prebuild-install');
    if (existsSync(prebuild)) symlinkSync(prebuild, join(work, 'node_modules', 'prebuild-install'), 'junction');
    log(`building the SQLite binding for Electron ${o.electronVersion} (once; a prebuilt binary is downloaded when one exists, otherwise it is compiled)`);
    await rebuild({ buildPath: work, electronVersion: o.electronVersion, onlyModules: ['better-sqlite3'], force: true, mode: 'sequential' });
    const built = join(copy, 'build', 'Release', BINDING_FILE);
    if (!existsSync(built)) throw new Error(`@electron/rebuild finished but left no ${BINDING_FILE} in ${join(copy, 'build', 'Release')}`);
    mkdirSync(join(cacheDir, o.electronVersion), { recursive: true });
    const partial = `${target}.partial`;
    copyFileSync(built, partial);
    renameSync(partial, target);
    writeFileSync(manifestPath, JSON.stringify(want, null, 2) + '\n');
    return { path: target, built: true };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
