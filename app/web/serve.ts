/**
 * `npm run serve -- [options]`: the dealer terminal as a local web server. Opens the terminal
 * (database, table, devices: app/terminal), serves the built screen and the contract, and
 * prints the URL to open, with its per-launch token. Ctrl-C stops the devices and closes the
 * database.
 */
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseTerminalArgs, TERMINAL_FLAGS } from '../terminal/config';
import { isRefusedPath } from '../services/store';
import { openTerminal } from '../terminal/terminal';
import { isLoopback, startWebServer } from './server';
import { readTls } from './tls';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DEFAULT_DB = join(homedir(), '.chinese-poker-terminal', 'terminal.db');

const USAGE = `usage: npm run serve -- [options]
  --host ADDRESS            interface to listen on (default 127.0.0.1: this machine only);
                            any other than loopback needs --tls-cert and --tls-key
  --port N                  port (default 8417; 0 = any free port)
  --tls-cert FILE           serve HTTPS with this certificate (PEM)
  --tls-key FILE            ... and its private key (PEM)
  --no-build                do not rebuild the screen when its sources changed
${TERMINAL_FLAGS}
The database defaults to ${DEFAULT_DB}.`;

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const parsed = parseTerminalArgs(argv, { db: DEFAULT_DB, seed: Date.now() % 1_000_000 }, {
    host: { type: 'string' },
    port: { type: 'string' },
    'tls-cert': { type: 'string' },
    'tls-key': { type: 'string' },
    'no-build': { type: 'boolean' },
  });
  if (!parsed.ok) {
    process.stderr.write(`serve: ${parsed.error.message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  const { config, extra } = parsed.value;
  const portText = (extra.port as string | undefined) ?? '8417';
  if (!/^\d+$/.test(portText) || Number(portText) > 65535) {
    process.stderr.write(`serve: --port must be a number from 0 to 65535, got ${JSON.stringify(portText)}\n`);
    process.exit(2);
  }
  const host = (extra.host as string | undefined) ?? '127.0.0.1';
  if (host.trim() === '') {
    // An empty host would make Node listen on every interface: never by accident.
    process.stderr.write('serve: --host must name an interface (default 127.0.0.1; 0.0.0.0 for every interface)\n');
    process.exit(2);
  }
  const tls = readTls(extra['tls-cert'] as string | undefined, extra['tls-key'] as string | undefined);
  if (!tls.ok) {
    process.stderr.write(`serve: ${tls.message}\n`);
    process.exit(2);
  }
  if (!isLoopback(host) && !tls.value) {
    // Tokens and PINs must not cross a network in clear.
    process.stderr.write(`serve: --host ${host} reaches other machines: give --tls-cert FILE and --tls-key FILE, so that the token and the PINs do not cross the network in clear\n`);
    process.exit(2);
  }
  const say = (line: string) => process.stderr.write(`serve: ${line}\n`);

  // Only the default folder is made: a --db in a folder that does not exist is refused (a typo).
  if (config.db === DEFAULT_DB) mkdirSync(dirname(DEFAULT_DB), { recursive: true });
  // Opened before the build, so a database in use (or refused) says so at once.
  const terminal = await openTerminal(config, { log: say, program: 'serve' });

  if (!extra['no-build']) {
    const { build } = (await import(join(ROOT, 'scripts', 'build.mjs'))) as { build: (what: string, o: object) => Promise<string[]> };
    const did = await build('renderer', { ifStale: true, quiet: true });
    if (did.length) say('built the screen');
  }

  const server = await startWebServer({
    rendererDir: join(ROOT, 'out', 'renderer'),
    openScreen: () => terminal.openScreen('ws'),
    ...(tls.value ? { tls: tls.value } : {}),
    host,
    port: Number(portText),
    log: say,
  });
  say(`database ${resolve(config.db)}, table ${terminal.tableId}`);
  say(`shoe: ${terminal.shoe ? terminal.shoe.label : 'none'}; scanner: ${terminal.scanner ? terminal.scanner.label : 'none'}; central server: ${config.central ? config.central.shown : 'none'}`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.close();
    await terminal.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  // The one line a script (or a person) needs: the URL with the token. Printed last, so a
  // script that stops the server as soon as it has the URL has it closed cleanly.
  process.stdout.write(`${server.url}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`serve: ${e instanceof Error ? e.message : String(e)}\n`);
  // A database held by another writer, a missing folder, a file that is not a terminal's: exit 2.
  process.exit(isRefusedPath(e) ? 2 : 1);
});
