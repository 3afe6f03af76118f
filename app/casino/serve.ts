/**
 * `casino serve`: the casino floor's browser view over every table, read from the central
 * PostgreSQL (floor.ts), behind the same web front door as `npm run serve` (app/web/server.ts:
 * the per-launch token, one WebSocket per browser), with the casino's own request table
 * (contract.ts). The casino's staff live in a terminal-style SQLite file (`--staff-db`),
 * managed with `table staff ...`; this process holds that file's writer lock, and records every
 * sign-in there (app/services/staff.ts) through the terminal's screens (app/terminal/screens.ts).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fail, ok, type Result } from '../domain/result';
import { StaffService } from '../services/staff';
import { openStore, StoreError, type Store } from '../services/store';
import { Screens } from '../terminal/screens';
import { startWebServer, type WebScreen } from '../web/server';
import type { TlsFiles } from '../web/tls';
import { handleCasinoRequest, parseCasinoRequest } from './contract';
import type { CentralUrl } from './central-url';
import { CasinoFloor } from './floor';

/** The page's folder (plain HTML, CSS and a script: nothing to build). */
export const CASINO_PAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), 'web');

/** Chart.js's UMD build (a production dependency), served to the page at `/chart.umd.min.js` for the Reports tab's charts. */
export const CHART_JS = join(dirname(createRequire(import.meta.url).resolve('chart.js')), 'chart.umd.min.js');

/** The table id the casino view's sign-ins are recorded at in its staff file. */
export const CASINO_SIGN_IN_TABLE = 'casino';

export interface CasinoServerOptions {
  readonly central: CentralUrl;
  /** The casino's staff: a terminal database made by `table staff add` (must exist). */
  readonly staffDb: string;
  readonly host?: string;
  readonly port?: number;
  readonly tls?: TlsFiles;
  readonly token?: string;
  /** How often the central server is asked what is new (default 1000 ms). */
  readonly pollMs?: number;
  /** ms since the epoch (sign-ins, idle sign-outs, waits). */
  readonly clock?: () => number;
  readonly log?: (line: string) => void;
}

export interface CasinoServer {
  readonly url: string;
  readonly floor: CasinoFloor;
  readonly screens: Screens;
  readonly staff: StaffService;
  close(): Promise<void>;
}

/**
 * Opens the staff file (refused as `openStore` refuses: `database-in-use`,
 * `database-not-found` ...; `staff-log-damaged`), connects to the central server (refused as
 * `casino audit` is: `central-unreachable`, `central-not-migrated` ...), then serves.
 */
export async function startCasinoServer(o: CasinoServerOptions): Promise<Result<CasinoServer>> {
  const clock = o.clock ?? Date.now;
  let store: Store;
  try {
    store = openStore(o.staffDb, { mustExist: true, clock });
  } catch (e) {
    if (e instanceof StoreError) return fail(e.code, `--staff-db: ${e.message}`);
    throw e;
  }
  const staff = StaffService.open(store, { clock });
  if (!staff.ok) {
    store.close();
    return staff;
  }
  const floor = new CasinoFloor({ url: o.central, clock });
  const opened = await floor.open();
  if (!opened.ok) {
    await floor.close();
    store.close();
    return opened;
  }
  const screens = new Screens({ staff: staff.value, tableId: CASINO_SIGN_IN_TABLE, clock, ...(o.log ? { log: o.log } : {}) });
  const staffRoles = (id: string) => staff.value.state.members.get(id)?.roles ?? null;
  const openScreen = (): WebScreen => {
    const screen = screens.open('casino');
    const context = { screen, screens, floor, staffRoles, central: o.central };
    return {
      label: screen.label,
      request: (name, args) => handleCasinoRequest(context, name, args),
      onPush: (listener) => screen.onSession((s) => listener('session', s)),
      close: () => screens.close(screen),
    };
  };
  let web;
  try {
    web = await startWebServer({
      rendererDir: CASINO_PAGE_DIR, assets: { '/chart.umd.min.js': CHART_JS }, openScreen, parseRequest: parseCasinoRequest, command: 'npm run casino -- serve',
      ...(o.tls ? { tls: o.tls } : {}), ...(o.host ? { host: o.host } : {}), port: o.port ?? 0, ...(o.token ? { token: o.token } : {}), ...(o.log ? { log: o.log } : {}),
    });
  } catch (e) {
    screens.closeAll();
    await floor.close();
    store.close();
    return fail('listen-failed', `cannot listen on ${o.host ?? '127.0.0.1'}:${o.port ?? 0}: ${e instanceof Error ? e.message : String(e)}`);
  }
  let stopped = false;
  const poll = async () => {
    if (stopped) return;
    await floor.refresh();
    if (!stopped) timer = setTimeout(() => void poll(), o.pollMs ?? 1000);
  };
  let timer: ReturnType<typeof setTimeout> = setTimeout(() => void poll(), o.pollMs ?? 1000);
  return ok({
    url: web.url,
    floor,
    screens,
    staff: staff.value,
    async close() {
      stopped = true;
      clearTimeout(timer);
      await web.close();
      screens.closeAll();
      await floor.close();
      store.close();
    },
  });
}
