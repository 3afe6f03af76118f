/**
 * Builds what the terminal runs:
 *   out/renderer/   the dealer screen (Vite + Svelte), loaded by Electron and by `npm run serve`
 *   out/main/main.cjs        Electron's main process (esbuild, CommonJS)
 *   out/main/casino-migrations/  the central server's SQL migrations (app/casino/migrations), for `--central`
 *   out/main/report-worker.cjs  the floor's shift report's worker thread (esbuild, CommonJS)
 *   out/preload/preload.cjs  the sandboxed preload (esbuild, CommonJS, only `electron` external)
 *
 * `node scripts/build.mjs [renderer|electron|all] [--if-stale]`: with --if-stale a part is
 * rebuilt only when one of its sources is newer than its output.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const OUT = join(ROOT, 'out');
export const RENDERER_OUT = join(OUT, 'renderer');
export const MAIN_OUT = join(OUT, 'main', 'main.cjs');
export const PRELOAD_OUT = join(OUT, 'preload', 'preload.cjs');
export const REPORT_WORKER_OUT = join(OUT, 'main', 'report-worker.cjs');
export const CENTRAL_MIGRATIONS_OUT = join(OUT, 'main', 'casino-migrations');

/**
 * Native or runtime-provided packages the main bundle loads from node_modules (production
 * dependencies, which electron-builder ships). `pg` (the central server's driver) stays a
 * package too: bundled, its optional native binding (`pg-native`, not installed) would have to
 * be resolved at build time.
 */
export const MAIN_EXTERNALS = ['electron', 'better-sqlite3', 'serialport', '@serialport/*', 'ws', 'bufferutil', 'utf-8-validate', 'pg'];

function newestIn(paths) {
  let newest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const e of readdirSync(p)) if (e !== 'node_modules') walk(join(p, e));
    } else newest = Math.max(newest, s.mtimeMs);
  };
  paths.forEach((p) => walk(join(ROOT, p)));
  return newest;
}

function mtime(path) {
  return existsSync(path) ? statSync(path).mtimeMs : 0;
}

const RENDERER_SOURCES = ['renderer', 'app/contract', 'app/domain', 'vite.config.ts'];
const ELECTRON_SOURCES = ['app', 'hardware', 'migrations', 'scripts/build.mjs'];

export function rendererIsStale() {
  return newestIn(RENDERER_SOURCES) > mtime(join(RENDERER_OUT, 'index.html'));
}

export function electronIsStale() {
  const built = Math.min(mtime(MAIN_OUT), mtime(PRELOAD_OUT));
  return newestIn(ELECTRON_SOURCES) > built;
}

/** Builds the renderer with Vite (the config in vite.config.ts). */
export async function buildRenderer({ quiet = false } = {}) {
  const { build } = await import('vite');
  await build({ configFile: join(ROOT, 'vite.config.ts'), logLevel: quiet ? 'error' : 'warn' });
}

/** Bundles the Electron main process and the preload with esbuild. */
export async function buildElectron() {
  const esbuild = await import('esbuild');
  const common = { bundle: true, platform: 'node', format: 'cjs', target: 'node20', sourcemap: false, logLevel: 'warning', absWorkingDir: ROOT };
  await esbuild.build({
    ...common,
    entryPoints: [join(ROOT, 'app/main/main.ts')],
    outfile: MAIN_OUT,
    external: MAIN_EXTERNALS,
    // import.meta.url in ESM sources (migration lookup) becomes the bundle's own URL.
    define: { 'import.meta.url': 'importMetaUrl' },
    banner: { js: "const importMetaUrl = require('url').pathToFileURL(__filename).href;" },
  });
  // The floor's shift report is made in a worker thread beside the main bundle
  // (app/services/report-job.ts looks for report-worker.cjs next to it).
  await esbuild.build({
    ...common,
    entryPoints: [join(ROOT, 'app/services/report-worker.ts')],
    outfile: REPORT_WORKER_OUT,
    external: MAIN_EXTERNALS,
    define: { 'import.meta.url': 'importMetaUrl' },
    banner: { js: "const importMetaUrl = require('url').pathToFileURL(__filename).href;" },
  });
  // The central migrations are read from files at run time (app/main/main.ts names the folder).
  // Copied over what is there (they are append-only): never a moment without them.
  mkdirSync(CENTRAL_MIGRATIONS_OUT, { recursive: true });
  const migrations = join(ROOT, 'app', 'casino', 'migrations');
  for (const f of readdirSync(migrations).filter((n) => n.endsWith('.sql'))) copyFileSync(join(migrations, f), join(CENTRAL_MIGRATIONS_OUT, f));
  // The sandboxed preload may require only `electron`: everything else is inlined.
  await esbuild.build({
    ...common,
    entryPoints: [join(ROOT, 'app/preload/preload.ts')],
    outfile: PRELOAD_OUT,
    external: ['electron'],
    platform: 'browser',
    format: 'cjs',
    target: 'chrome120',
  });
}

export async function build(what = 'all', { ifStale = false, quiet = false } = {}) {
  const did = [];
  if ((what === 'all' || what === 'renderer') && (!ifStale || rendererIsStale())) {
    await buildRenderer({ quiet });
    did.push('renderer');
  }
  if ((what === 'all' || what === 'electron') && (!ifStale || electronIsStale())) {
    await buildElectron();
    did.push('electron');
  }
  return did;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const what = args.find((a) => !a.startsWith('--')) ?? 'all';
  if (!['all', 'renderer', 'electron'].includes(what)) {
    console.error(`usage: node scripts/build.mjs [renderer|electron|all] [--if-stale]`);
    process.exit(2);
  }
  build(what, { ifStale: args.includes('--if-stale') })
    .then((did) => console.log(did.length ? `built: ${did.join(', ')}` : 'up to date'))
    .catch((e) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    });
}
