/**
 * `npm run shoe:sim -- [--port PATH] [--format framed|lines] [--seed N] [--pace MS] [--fault KIND@POS[:MS]]...`
 *
 * A simulated card shoe on a real serial port, for trying the terminal without a shoe.
 * Without --port it makes its own socat pty pair and prints the path the terminal should
 * open; then `unplug` faults really pull the cable (socat ends and comes back).
 */
import { formatCards } from '../../app/domain/cards';
import { FAULT_KINDS, parseFaults } from '../sim/faults';
import { PtyPair, sleep } from '../sim/pty-pair';
import { SerialShoeSimulator } from '../sim/serial-shoe-sim';
import { checkPortPath, intFlag, parseFlags, runCli, UsageError } from './args';
import type { LineEnding } from '../decoders/lines';
import type { WireFormat } from '../protocol/receiver';

const USAGE = `usage: npm run shoe:sim -- [options]
  --port PATH          device end of a serial line (default: make a socat pty pair and print the terminal's end)
  --format F           framed (default) or lines
  --seed N             seed of the first deck (default 1); deck n uses seed+n
  --pace MS            milliseconds between cards (default 300)
  --decks N            decks to deal, 0 = until stopped (default 1)
  --deck-pause-ms MS   pause between decks (default 3000)
  --start-delay-ms MS  wait before the first card (default 0 with --port, 3000 otherwise)
  --fault KIND@POS[:MS]  repeatable; POS counts cards in a deal from 0; kinds: ${FAULT_KINDS.join(', ')}
  --baud N             baud rate (default 9600)
  --heartbeat-ms MS    framed: heartbeat interval while idle, 0 = none (default 1000)
  --ack-timeout-ms MS  framed: resend an unanswered frame after this long (default 250)
  --line-ending E      lines: CRLF (default), LF or CR
  --prefix TEXT        lines: text before each card
  --exit               exit after the last deck instead of idling until Ctrl-C
  --quiet              no progress on stderr`;

runCli(async () => {
  const f = parseFlags(
    process.argv.slice(2),
    {
      port: { type: 'string' },
      format: { type: 'string' },
      seed: { type: 'string' },
      pace: { type: 'string' },
      decks: { type: 'string' },
      'deck-pause-ms': { type: 'string' },
      'start-delay-ms': { type: 'string' },
      fault: { type: 'string', multiple: true },
      baud: { type: 'string' },
      'heartbeat-ms': { type: 'string' },
      'ack-timeout-ms': { type: 'string' },
      'line-ending': { type: 'string' },
      prefix: { type: 'string' },
      exit: { type: 'boolean' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean' },
    },
    USAGE,
  );
  if (f.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const format = (f.format ?? 'framed') as WireFormat;
  if (format !== 'framed' && format !== 'lines') throw new UsageError(`--format must be framed or lines, got ${JSON.stringify(f.format)}`);
  const lineEnding = (f['line-ending'] ?? 'CRLF').toUpperCase() as LineEnding;
  if (!['CR', 'LF', 'CRLF'].includes(lineEnding)) throw new UsageError(`--line-ending must be CRLF, LF or CR, got ${JSON.stringify(f['line-ending'])}`);
  const seed = intFlag('seed', f.seed, 1, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  const decks = intFlag('decks', f.decks, 1, 0, 1_000_000);
  const deckPause = intFlag('deck-pause-ms', f['deck-pause-ms'], 3000, 0, 3_600_000);
  const heartbeat = intFlag('heartbeat-ms', f['heartbeat-ms'], 1000, 0, 600_000);
  const say = (m: string) => {
    if (!f.quiet) process.stderr.write(`shoe:sim: ${m}\n`);
  };

  const faults = parseFaults(f.fault ?? []);
  if (!faults.ok) throw new UsageError(`--fault: ${faults.error.message}`);
  const settings = {
    format,
    seed,
    paceMs: intFlag('pace', f.pace, 300, 0, 600_000),
    faults: faults.value,
    baudRate: intFlag('baud', f.baud, 9600, 50, 4_000_000),
    heartbeatMs: heartbeat === 0 ? null : heartbeat,
    ackTimeoutMs: intFlag('ack-timeout-ms', f['ack-timeout-ms'], 250, 5, 60_000),
    lineEnding,
    linePrefix: f.prefix ?? '',
    log: say,
  };
  const startDelay = intFlag('start-delay-ms', f['start-delay-ms'], f.port === undefined ? 3000 : 0, 0, 3_600_000);
  const framedOnly = faults.value.find((x) => x.kind === 'bad-checksum' || x.kind === 'skip-seq');
  if (format === 'lines' && framedOnly) throw new UsageError(`--fault ${framedOnly.kind} needs --format framed (the lines format has no checksum or sequence numbers)`);
  if (f.port !== undefined) checkPortPath('port', f.port);

  let pair: PtyPair | undefined;
  let path = f.port;
  if (path === undefined) {
    pair = await PtyPair.open();
    path = pair.devicePath;
    process.stdout.write(`shoe:sim: connect the terminal to ${pair.terminalPath}\n`);
    process.stdout.write(`shoe:sim: e.g. npm run --silent shoe:read -- --port ${pair.terminalPath} --format ${format}\n`);
  }
  let sim: SerialShoeSimulator;
  try {
    sim = new SerialShoeSimulator({ ...settings, path, unplug: pair ? (ms) => pair.restart(ms) : undefined });
  } catch (e) {
    await pair?.close(); // a refusal must not leave our socat behind
    throw e;
  }
  if (!pair && (f.fault ?? []).some((x) => x.startsWith('unplug@'))) {
    say('warning: with --port the unplug fault only closes the simulator\'s end; a reader on a socat pty will not see it (omit --port to let the simulator own the pair)');
  }

  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await sim.stop();
    await pair?.close();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  await sim.start();
  say(`opened ${path} (${format})`);
  if (startDelay > 0) {
    say(`first card in ${startDelay} ms`);
    await sleep(startDelay);
  }
  for (let n = 0; (decks === 0 || n < decks) && !stopping; n++) {
    if (n > 0) await sleep(deckPause);
    const report = await sim.deal(seed + n);
    say(`deck ${n + 1} (seed ${seed + n}) dealt: ${formatCards(report.cards)}`);
  }
  if (f.exit) {
    await sleep(50);
    await shutdown(0);
  }
  say('idle; Ctrl-C to stop');
});
