/**
 * The running terminal behind both front doors: the store and TableService on one
 * database file, the terminal's table, its shoe and scanner attached, the contract's
 * handlers and the `view` pushes. Electron's main process and `npm run serve` each open one
 * and differ only in how the screen reaches it.
 */
import { Listeners } from '../listeners';
import { CentralSession } from '../casino/central';
import type { ConnectLimits } from '../casino/central-db';
import { centralMigrations, CENTRAL_MIGRATIONS_DIR } from '../casino/central-migrations';
import { Forwarder, type CentralLinkState, type ForwarderOptions } from '../casino/forwarder';
import { tableLogOf } from '../casino/table-log';
import type { CardSource } from '../../hardware/card-source';
import { SerialCardDevice } from '../../hardware/serial-device';
import { InProcessShoe } from '../../hardware/sim/in-process-shoe';
import { devicesAtStart, lastDeviceSets, settingWords, TableDevices, type DeviceSetting } from '../services/device-settings';
import type { Handlers, PushName } from '../contract/handlers';
import type { Reason, TerminalView } from '../contract/view';
import { fail, ok, type Result } from '../domain/result';
import { openStore, StoreError, type Store } from '../services/store';
import { StaffService } from '../services/staff';
import { TableService, type TableSnapshot, type TableUpdate } from '../services/table-service';
import type { Caller } from './access';
import type { CentralUrl } from '../casino/central-url';
import type { DeviceConfig, TerminalConfig } from './config';
import { createDispatch, type Dispatch } from './dispatch';
import { createHandlers } from './handlers';
import { Screens } from './screens';
import { PROGRAM_VERSION } from '../version';
import { centralLinkView, toTerminalView, type DeviceIdentity, type ViewContext } from './view';

export interface OpenTerminalOptions {
  /** better-sqlite3's `nativeBinding` (Electron passes the binding built for it). */
  readonly nativeBinding?: string;
  /** Where the migrations are (a bundled main process names them). */
  readonly migrationsDir?: string;
  readonly log?: (line: string) => void;
  /** Which front door runs the table (`electron`, `serve`), recorded at each start and stop. */
  readonly program?: string;
  /** Where the central server's migrations are (a bundled main process names them; default app/casino/migrations). */
  readonly centralMigrationsDir?: string;
  /** With `--central`: how the forwarder sends, retries and connects, and how long an orderly stop may take. */
  readonly central?: CentralLinkOptions;
  /**
   * How long the shoe may read nothing, with cards of the deal still missing, before the dealer
   * is alerted that the deal may be short (default {@link DEAL_IDLE_MS}; 0: never). The
   * environment variable `CP_DEAL_IDLE_MS` sets it when this is not given.
   */
  readonly dealIdleMs?: number;
}

/** Default of {@link OpenTerminalOptions.dealIdleMs}: a shoe deals a card in well under a second. */
export const DEAL_IDLE_MS = 20_000;

/** The idle limit from the option, else the environment, else the default. */
function dealIdleMsOf(options: OpenTerminalOptions): number {
  if (options.dealIdleMs !== undefined) return options.dealIdleMs;
  const env = Number(process.env.CP_DEAL_IDLE_MS);
  return process.env.CP_DEAL_IDLE_MS !== undefined && Number.isInteger(env) && env >= 0 ? env : DEAL_IDLE_MS;
}

/** The central link's settings beside the URL (the defaults suit a casino's network; tests shorten them). */
export interface CentralLinkOptions extends ForwarderOptions, ConnectLimits {
  /** On close, how long the forwarder may go on sending what is pending (default 2000 ms). */
  readonly stopFlushMs?: number;
  /** On close, how long a batch in flight may take before it is abandoned (default 2000 ms). */
  readonly stopGraceMs?: number;
}

/**
 * One screen's link to the terminal (the Electron window, one browser socket): its requests go
 * through the one dispatch, checked against who is signed in on this screen; it hears every
 * `view` and its own `session`.
 */
export interface ScreenLink {
  /** The screen's label in the terminal's log (`ws-3`). */
  readonly label: string;
  readonly request: Dispatch;
  /** Every push for this screen; returns the function that stops it. */
  onPush(listener: (name: PushName, payload: unknown) => void): () => void;
  /** The screen is gone: everyone signed in on it is signed out. */
  close(): void;
}

export interface Terminal {
  readonly tableId: string;
  readonly service: TableService;
  readonly staff: StaffService;
  readonly screens: Screens;
  readonly handlers: Handlers<Caller>;
  /** The shoe now (the admin may set another between hands), or null. */
  readonly shoe: CardSource | null;
  /** The showdown scanner now, or null. */
  readonly scanner: CardSource | null;
  /** The table's devices: swapped and test-read on the admin's request. */
  readonly devices: TableDevices;
  /** The forwarder of the table's log to the central server (`--central`), or null. */
  readonly central: Forwarder | null;
  /** The screen's state now. */
  view(): TerminalView;
  /** A new screen (`kind`: `electron`, `ws`), nobody signed in on it. */
  openScreen(kind: string): ScreenLink;
  /** Stops the devices, signs everyone out and closes the database. */
  close(): Promise<void>;
}

/** A flag's device as a setting (the simulated shoe's seed and pace are the run's, not the setting's). */
function settingOf(config: DeviceConfig): DeviceSetting {
  return config.kind === 'simulated' ? { kind: 'simulated' } : config;
}

function identity(source: CardSource | null): DeviceIdentity | null {
  // Only a serial device on the lines format reads without a check (the framed format has its CRC).
  const checked = !(source instanceof SerialCardDevice && source.format === 'lines');
  return source ? { id: source.id, label: source.label, simulated: source.simulated, checked } : null;
}

/**
 * A flag given for a table the database already has, whose value differs from the stored one:
 * the table keeps its own, so starting would silently ignore the flag.
 */
function conflictingFlag(config: TerminalConfig, stored: TableSnapshot): string | null {
  const { id, name, profile, pointValue, given } = config.table;
  const differs = (flag: string, wanted: string | number, has: string | number) =>
    `--${flag} ${JSON.stringify(wanted)} differs from table ${id}'s stored ${flag} ${JSON.stringify(has)}; `
    + `an existing table keeps its own: leave out --${flag}, give the stored value, or use another --table-id`;
  if (given.profile && profile !== stored.profile.name) return differs('profile', profile, stored.profile.name);
  if (given.pointValue && pointValue !== stored.pointValue) return differs('point-value', pointValue, stored.pointValue);
  if (given.name && name !== stored.name) return differs('table-name', name, stored.name);
  return null;
}

/**
 * Uses the configured table if the database has it (refusing flags that would change it),
 * else opens it with the configured rules.
 */
function ensureTable(service: TableService, config: TerminalConfig, log: (l: string) => void): Result<string> {
  const { id, name, profile, pointValue } = config.table;
  if (service.tableIds().includes(id)) {
    const stored = service.snapshot(id);
    if (!stored.ok) return stored;
    const conflict = conflictingFlag(config, stored.value);
    return conflict ? fail('table-flag-conflict', conflict) : ok(id);
  }
  const opened = service.openTable({ tableId: id, name, profile, pointValue, mode: config.shoe.kind === 'none' ? 'scanner-only' : 'shoe' });
  if (!opened.ok) return opened;
  log(`opened table ${id} (${name}, ${profile}, ${pointValue} minor units a point)`);
  return ok(id);
}

/**
 * The forwarder of the table's log to the central server at `url`, through the table's own
 * store (it reads the log and writes its cursor there: this process is the one writer). Throws
 * when the central migrations this program ships cannot be read (a broken install).
 */
function makeForwarder(store: Store, url: CentralUrl, options: OpenTerminalOptions): Forwarder {
  const migrations = centralMigrations(options.centralMigrationsDir ?? CENTRAL_MIGRATIONS_DIR);
  if (!migrations.ok) throw new Error(`cannot start the link to the central server: ${migrations.error.message}`);
  const log = tableLogOf(store);
  if (!log.ok) throw new Error(`cannot start the link to the central server: ${log.error.message}`);
  const o = options.central ?? {};
  const limits = { ...(o.connectTimeoutMs !== undefined ? { connectTimeoutMs: o.connectTimeoutMs } : {}), ...(o.queryTimeoutMs !== undefined ? { queryTimeoutMs: o.queryTimeoutMs } : {}) };
  return new Forwarder(log.value, () => CentralSession.open(url, { ...limits, migrations: migrations.value }), o);
}

/** Opens the database, the table and the devices; throws with a clear message when it cannot. */
export async function openTerminal(config: TerminalConfig, options: OpenTerminalOptions = {}): Promise<Terminal> {
  const log = options.log ?? (() => {});
  let store: Store;
  try {
    store = openStore(config.db, {
      ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
      ...(options.migrationsDir ? { migrationsDir: options.migrationsDir } : {}),
    });
  } catch (e) {
    // A StoreError names the file already, and its code tells the front door how to exit.
    if (e instanceof StoreError) throw e;
    throw new Error(`cannot open the database ${config.db}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const service = new TableService(store, { onListenerError: (e) => log(`a screen update failed: ${e instanceof Error ? e.stack : String(e)}`) });
  const staffOpened = StaffService.open(store);
  if (!staffOpened.ok) {
    store.close();
    throw new Error(`cannot load the terminal's staff from ${config.db}: ${staffOpened.error.message}`);
  }
  const staff = staffOpened.value;
  for (const f of service.startupFindings) log(`start-up check: ${f.code}: ${f.message} (the table does not deal until the floor clears the alert)`);
  const table = ensureTable(service, config, log);
  if (!table.ok) {
    store.close();
    throw new Error(`cannot open table ${config.table.id}: ${table.error.message}`);
  }
  const tableId = table.value;

  // Each device: the flag that names it, else the admin's last setting, else the default.
  const given = config.devicesGiven ?? { shoe: true, scanner: true };
  const chosen = devicesAtStart({ shoe: settingOf(config.shoe), scanner: settingOf(config.scanner) }, given, lastDeviceSets(store.db, tableId));
  for (const role of ['shoe', 'scanner'] as const) {
    const c = chosen[role];
    if (c.overridden) log(`--${role} ${settingWords(c.setting)} wins over the ${role} the admin set (${settingWords(c.overridden)}); leave the flag out to use that`);
    else if (c.origin === 'stored') log(`${role}: ${settingWords(c.setting)}, as the admin set it`);
  }
  const sim = config.sim ?? (config.shoe.kind === 'simulated' ? { seed: config.shoe.seed, paceMs: config.shoe.paceMs } : { seed: Date.now() % 1_000_000, paceMs: 150 });
  let context: ViewContext = { currency: config.currency, shoe: null, scanner: null };
  const devices = new TableDevices({
    service, tableId, sim, log,
    onChange: () => {
      context = { currency: config.currency, shoe: identity(devices.source('shoe')), scanner: identity(devices.source('scanner')) };
      schedule();
    },
  }, chosen);
  let deviceNotice: Reason | null = null;
  // Made now, started once the table is up: its state is in every view from the first.
  let central: Forwarder | null = null;
  try {
    central = config.central ? makeForwarder(store, config.central, options) : null;
  } catch (e) {
    store.close();
    throw e;
  }
  // The link as the forwarder last told it. While it is up that is what its last batch left
  // (a commit is confirmed a moment later: counting it "behind" in the commit's own view would
  // flash "sending" on the screen at every action); while it is down or connecting, the count
  // of what waits is read afresh, so it grows with every commit.
  let told: CentralLinkState | null = central?.state() ?? null;
  const centralNow = (): CentralLinkState | null => {
    if (!central || !told) return null;
    return told.state === 'down' || told.state === 'connecting' ? central.state() : told;
  };
  const toView = (snapshot: TableSnapshot) => toTerminalView(snapshot, context, deviceNotice, centralNow());

  // Pushes: every committed change of this table becomes one `view`, coalesced per tick.
  const viewListeners = new Listeners<TerminalView>();
  let pending = false;
  let latest: TableSnapshot | null = null;
  const schedule = () => {
    latest = null;
    if (!pending) {
      pending = true;
      queueMicrotask(flush);
    }
  };
  const flush = () => {
    pending = false;
    const snap = latest ?? (() => {
      const r = service.snapshot(tableId);
      return r.ok ? r.value : null;
    })();
    latest = null;
    if (!snap) return;
    const view = toView(snap);
    viewListeners.emit(view);
  };
  const onUpdate = (u: TableUpdate) => {
    const forUs = u.kind === 'alert-raised' || u.kind === 'alert-acknowledged' ? u.alert.tableId === tableId : u.tableId === tableId;
    if (!forUs) return;
    if (u.kind === 'device-input-refused') {
      log(`device ${u.device}: ${u.error.message}`);
      deviceNotice = { code: u.error.code, message: u.error.message };
    } else if (u.kind === 'state-changed' && u.events.length > 0) {
      deviceNotice = null;
    }
    latest = u.kind === 'state-changed' ? u.table : null;
    if (!pending) {
      pending = true;
      queueMicrotask(flush);
    }
    // The in-process simulated shoe stands in for a dealer dealing: it deals when a hand starts.
    const shoe = devices.source('shoe');
    if (u.kind === 'state-changed' && shoe instanceof InProcessShoe && !shoe.dealing
      && u.events.some((e) => e.type === 'hand-started') && u.table.hand?.state.phase === 'dealing') {
      void shoe.deal().catch((e: unknown) => log(`simulated shoe: ${e instanceof Error ? e.message : String(e)}`));
    }
  };
  const unsubscribe = service.subscribe(onUpdate);
  // A deal the shoe stopped reading before its last card: the dealer is alerted (once a hand).
  const dealIdleMs = dealIdleMsOf(options);
  const idleTimer = dealIdleMs > 0
    ? setInterval(() => service.checkIdleDeals(dealIdleMs), Math.max(50, Math.min(1000, Math.floor(dealIdleMs / 4))))
    : null;
  idleTimer?.unref();

  try {
    await devices.start();
  } catch (e) {
    if (idleTimer) clearInterval(idleTimer);
    await devices.close();
    store.close();
    throw e;
  }
  context = { currency: config.currency, shoe: identity(devices.source('shoe')), scanner: identity(devices.source('scanner')) };

  // Every start is on record, with its devices; so is every orderly stop (a crash leaves none).
  const program = options.program ?? 'terminal';
  const started = service.recordStart({
    tableId, program, version: PROGRAM_VERSION,
    devices: [devices.source('shoe'), devices.source('scanner')].flatMap((d, i) => (d ? [{ role: i === 0 ? 'shoe' as const : 'scanner' as const, id: d.id, label: d.label, simulated: d.simulated }] : [])),
  });
  if (!started.ok) log(`the start could not be recorded: ${started.error.message}`);

  // The central link runs beside the table on its own promises: nothing a dealer does waits
  // for it. It is woken by every commit; its changes of state are pushed as views.
  let closed = false;
  let offCentral = (): void => undefined;
  let offWake = (): void => undefined;
  if (central) {
    const forwarder = central;
    let shown = JSON.stringify(centralLinkView(forwarder.state()));
    let logged = '';
    offCentral = forwarder.subscribe((s: CentralLinkState) => {
      if (closed) return;
      told = s;
      const kind = s.state === 'behind' ? 'connected' : s.state;
      if (kind !== logged) {
        logged = kind;
        log(s.state === 'down' ? `central server down (the table deals on; retrying): ${s.reason}` : `central server: ${kind}${s.behind > 0 ? `, ${s.behind} events to send` : ''}`);
      }
      const now = JSON.stringify(centralLinkView(s));
      if (now === shown) return;
      shown = now;
      latest = null;
      if (!pending) {
        pending = true;
        queueMicrotask(flush);
      }
    });
    offWake = service.subscribe(() => forwarder.wake());
    forwarder.start();
  }

  const screens = new Screens({ staff, tableId, clock: () => store.clock(), log });
  const handlers = createHandlers({ service, staff, screens, tableId, toView, devices, log });
  const access = {
    screens,
    dealerOnDuty: () => {
      const r = service.snapshot(tableId);
      return r.ok ? r.value.dealerStaffId : null;
    },
  };
  const onError = (name: string, e: unknown) => log(`${name} failed: ${e instanceof Error ? e.stack : String(e)}`);
  return {
    tableId,
    service,
    staff,
    screens,
    handlers,
    get shoe() {
      return devices.source('shoe');
    },
    get scanner() {
      return devices.source('scanner');
    },
    devices,
    central,
    view() {
      const r = service.snapshot(tableId);
      if (!r.ok) throw new Error(r.error.message);
      return toView(r.value);
    },
    openScreen(kind) {
      const screen = screens.open(kind);
      const request = createDispatch(handlers, access, screen, { onError });
      return {
        label: screen.label,
        request,
        onPush(listener) {
          const offView = viewListeners.add((v) => listener('view', v));
          const offSession = screen.onSession((v) => listener('session', v));
          return () => {
            offView();
            offSession();
          };
        },
        close: () => screens.close(screen),
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      if (idleTimer) clearInterval(idleTimer);
      screens.closeAll();
      unsubscribe();
      await devices.close();
      const stopped = service.recordStop({ tableId, program });
      if (!stopped.ok) log(`the stop could not be recorded: ${stopped.error.message}`);
      // Stopped before the store closes: it reads the log and writes its cursor through it.
      offWake();
      await central?.stop({ flushMs: options.central?.stopFlushMs ?? 2000, graceMs: options.central?.stopGraceMs ?? 2000 });
      offCentral();
      store.close();
    },
  };
}
