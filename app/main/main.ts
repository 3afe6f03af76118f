/**
 * Electron's main process: one window showing the dealer screen, locked down (context
 * isolation, sandbox, no Node in the page, a strict CSP in the page, no navigation, no new
 * windows, nothing from the network, every permission refused), and the terminal behind it
 * (app/terminal: database in the user's data folder, table, shoe and scanner). The page
 * reaches the terminal only through the preload's named methods; each is one IPC channel,
 * answered by the same dispatch the web server uses.
 *
 * Options come after `--` in `npm start -- ...` (see docs/terminal.md): the terminal's
 * flags plus `--fullscreen` and `--devtools`.
 */
import { app, BrowserWindow, ipcMain, Menu, session, type WebContents } from 'electron';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ipcChannel, pushChannel, REQUEST_NAMES } from '../contract/handlers';
import { fail } from '../domain/result';
import { isRefusedPath } from '../services/store';
import { parseTerminalArgs, TERMINAL_FLAGS } from '../terminal/config';
import { openTerminal, type Terminal } from '../terminal/terminal';
import { electronSqliteBinding } from './native-binding';
import { isAllowedUrl, isTrustedSender, webPreferences } from './security';

// The bundle sits in out/main/; the screen in out/renderer/, the preload in out/preload/.
const OUT = join(__dirname, '..');
const RENDERER_DIR = join(OUT, 'renderer');
const INDEX = join(RENDERER_DIR, 'index.html');
const INDEX_URL = pathToFileURL(INDEX).href;
const RENDERER_URL = pathToFileURL(RENDERER_DIR).href;
const PRELOAD = join(OUT, 'preload', 'preload.cjs');
const MIGRATIONS = [join(OUT, '..', 'migrations'), join(process.resourcesPath ?? '', 'migrations')].find((p) => existsSync(p));
// The central server's migrations (`--central`), copied beside the bundle by scripts/build.mjs.
const CENTRAL_MIGRATIONS = join(__dirname, 'casino-migrations');

function log(line: string): void {
  process.stderr.write(`terminal: ${line}\n`);
}

/** Options after `--`; Electron's own (and Chromium's) switches are not ours. */
function ourArgs(argv: readonly string[]): string[] {
  const i = argv.indexOf('--');
  if (i >= 0) return argv.slice(i + 1);
  return argv.slice(app.isPackaged ? 1 : 2).filter((a) => !a.startsWith('--inspect') && !a.startsWith('--remote-debugging'));
}

app.enableSandbox();
const firstInstance = app.requestSingleInstanceLock();

let terminal: Terminal | null = null;
let window: BrowserWindow | null = null;

function lockDown(contents: WebContents): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-navigate', (event, url) => {
    if (url !== INDEX_URL) event.preventDefault();
  });
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

app.on('web-contents-created', (_event, contents) => lockDown(contents));
app.on('second-instance', () => {
  if (window) {
    if (window.isMinimized()) window.restore();
    window.focus();
  }
});

async function start(): Promise<void> {
  const defaultDb = join(app.getPath('userData'), 'terminal.db');
  const parsed = parseTerminalArgs(
    ourArgs(process.argv),
    { db: defaultDb, seed: Date.now() % 1_000_000 },
    { fullscreen: { type: 'boolean' }, devtools: { type: 'boolean' } },
  );
  if (!parsed.ok) {
    log(`${parsed.error.message}\n\nnpm start -- [options]\n  --fullscreen              kiosk-style full screen\n  --devtools                open the developer tools\n${TERMINAL_FLAGS}`);
    app.exit(2);
    return;
  }
  const { config, extra } = parsed.value;

  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.webRequest.onBeforeRequest((details, callback) => callback({ cancel: !isAllowedUrl(details.url, RENDERER_URL) }));
  Menu.setApplicationMenu(null);

  // The app's own folder may be made (Electron makes it too); a --db folder must exist already.
  if (config.db === defaultDb) mkdirSync(dirname(defaultDb), { recursive: true });
  terminal = await openTerminal(config, {
    nativeBinding: electronSqliteBinding(),
    program: 'electron',
    ...(MIGRATIONS ? { migrationsDir: MIGRATIONS } : {}),
    centralMigrationsDir: CENTRAL_MIGRATIONS,
    log,
  });
  log(`database ${config.db}, table ${terminal.tableId}; shoe: ${terminal.shoe?.label ?? 'none'}; scanner: ${terminal.scanner?.label ?? 'none'}; central server: ${config.central?.shown ?? 'none'}`);

  const t = terminal;
  // The window is the terminal's one screen: whoever signs in on it acts from it.
  const screen = t.openScreen('electron');
  for (const name of REQUEST_NAMES) {
    ipcMain.handle(ipcChannel(name), async (event, args: unknown) => {
      if (!isTrustedSender(event.senderFrame?.url, INDEX_URL)) return fail('untrusted-sender', 'this request did not come from the dealer screen');
      return screen.request(name, args);
    });
  }

  window = new BrowserWindow({
    width: 1366,
    height: 900,
    minWidth: 1024,
    minHeight: 700,
    show: false,
    backgroundColor: '#1b1b1b',
    fullscreen: extra.fullscreen === true,
    autoHideMenuBar: true,
    title: 'Chinese Poker dealer terminal',
    webPreferences: webPreferences(PRELOAD),
  });
  const win = window;
  const unsubscribe = screen.onPush((name, payload) => {
    if (!win.isDestroyed()) win.webContents.send(pushChannel(name), payload);
  });
  win.on('closed', () => {
    unsubscribe();
    window = null;
  });
  win.once('ready-to-show', () => win.show());
  if (extra.devtools) win.webContents.openDevTools({ mode: 'detach' });
  await win.loadFile(INDEX);
}

if (!firstInstance) {
  log('another terminal is already running on this machine (one database file, one window)');
  app.quit();
} else {
  app.whenReady().then(start).catch((e: unknown) => {
    // A database held by another writer, a missing folder, a file that is not a terminal's:
    // one line, exit 2 (as the commands).
    if (isRefusedPath(e)) {
      log(e.message);
      app.exit(2);
      return;
    }
    log(e instanceof Error ? (e.stack ?? e.message) : String(e));
    app.exit(1);
  });
}

app.on('window-all-closed', () => app.quit());
let quitting = false;
app.on('will-quit', (event) => {
  if (quitting || !terminal) return;
  event.preventDefault();
  quitting = true;
  void terminal.close().finally(() => app.exit(0));
});
