/**
 * better-sqlite3 is a native addon built for one runtime's ABI. node_modules keeps the build
 * for Node (the tests, the CLI, `npm run serve`); Electron needs one built for its own ABI.
 * `npm start` (scripts/start.mjs) builds that once per Electron version into
 * `.electron-native/<version>/better_sqlite3.node` and passes its path to the main process
 * in CPT_SQLITE_BINDING; a packaged app has its own rebuilt copy and needs none.
 */
import { existsSync } from 'node:fs';

const BINDING_ENV = 'CPT_SQLITE_BINDING';

/** The binding path handed over by the start script, or undefined (packaged app, or Node). */
export function electronSqliteBinding(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const path = env[BINDING_ENV];
  if (!path) return undefined;
  if (!existsSync(path)) throw new Error(`${BINDING_ENV} points to ${path}, which does not exist; delete .electron-native/ and run npm start again`);
  return path;
}
