/**
 * `npm start [-- options]`: the dealer terminal in Electron.
 *
 * 1. Builds the screen and the Electron bundles when their sources changed (scripts/build.mjs).
 * 2. Finds the Electron binary; on a machine's first start the `electron` package downloads
 *    it (about 100 MB) from GitHub.
 * 3. Makes sure a SQLite binding built for this Electron exists (scripts/electron-native.mjs;
 *    once per Electron version, cached in .electron-native/).
 * 4. Starts Electron on out/main/main.cjs with the options given after `--`
 *    (`npm start -- --shoe /dev/ttyUSB0 --shoe-format framed`; see docs/terminal.md).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build, MAIN_OUT, ROOT } from './build.mjs';
import { ensureElectronSqlite } from './electron-native.mjs';

const require = createRequire(import.meta.url);
const say = (m) => process.stderr.write(`start: ${m}\n`);

async function main() {
  const args = process.argv.slice(2);
  const did = await build('all', { ifStale: true, quiet: true });
  if (did.length) say(`built ${did.join(' and ')}`);

  const electronPkg = join(ROOT, 'node_modules', 'electron');
  const electronVersion = JSON.parse(readFileSync(join(electronPkg, 'package.json'), 'utf8')).version;
  const pathTxt = join(electronPkg, 'path.txt');
  const haveBinary = existsSync(pathTxt) && existsSync(join(electronPkg, 'dist', readFileSync(pathTxt, 'utf8')));
  if (!haveBinary) say(`first start: downloading Electron ${electronVersion} (about 100 MB, once)`);
  // Requiring the package from Node returns the binary's path, downloading it if missing.
  const electronBinary = require('electron');

  // CPT_ELECTRON_NATIVE_CACHE moves the cache (tests); the default is .electron-native/.
  const cacheDir = process.env.CPT_ELECTRON_NATIVE_CACHE || undefined;
  const binding = await ensureElectronSqlite({ root: ROOT, electronVersion, cacheDir, log: say });
  if (binding.built) say(`SQLite binding for Electron ${electronVersion} ready: ${binding.path}`);

  const env = { ...process.env, CPT_SQLITE_BINDING: binding.path };
  delete env.ELECTRON_RUN_AS_NODE;
  const child = spawn(electronBinary, [MAIN_OUT, ...args], { stdio: 'inherit', env });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  child.on('error', (e) => {
    say(`could not start Electron: ${e.message}`);
    process.exit(1);
  });
}

main().catch((e) => {
  say(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
