/**
 * `npm run shoe:sim -- [--port PATH] [--format framed|lines] [--seed N] [--pace MS] [--fault KIND@POS[:MS]]...`
 *
 * A simulated card shoe on a real serial port, for trying the terminal without a shoe.
 * Without --port it makes its own socat pty pair and prints the path the terminal should
 * open; then `unplug` faults really pull the cable (socat ends and comes back).
 */
import { formatCards } from '../../app/domain/cards';
import { LINE_ENDING_NAMES, type LineEnding } from '../decoders/lines';
import { orList } from '../decoders/options';
import { BAUD_RATE, PACE_MS, SEED, SIM_ACK_TIMEOUT_MS, SIM_HEARTBEAT_MS } from '../limits';
import { WIRE_FORMATS, type WireFormat } from '../protocol/receiver';
import { FAULT_KINDS, parseFaults, unsupportedFault } from '../sim/faults';
import { PtyPair } from '../sim/pty-pair';
import { SerialShoeSimulator } from '../sim/serial-shoe-sim';
import { sleep } from '../sim/sleeps';
import { checkFormatFlags, checkPortPath, intFlag, intFlagOrOff, parseFlags, runCli, UsageError, withFlags } from './args';

const USAGE = `usage: npm run shoe:sim -- [options]
  --port PATH          device end of a serial line (default: make a socat pty pair and print the terminal's end)
  --format F           framed (default) or lines
  --seed N             seed of the first deck (default 1); deck n uses seed+n
  --pace MS            milliseconds between cards, ${PACE_MS[0]}..${PACE_MS[1]} (default 300)
  --decks N            decks to deal, 0 = until stopped (default 1)
  --deck-pause-ms MS   pause between decks (default 3000)
  --start-delay-ms MS  wait before the first card (default 0 with --port, 3000 otherwise)
  --fault KIND@POS[:MS]  repeatable; POS counts cards in a deal from 0; kinds: ${FAULT_KINDS.join(', ')}
  --baud N             baud rate, ${BAUD_RATE[0]}..${BAUD_RATE[1]} (default 9600)
  --heartbeat-ms MS    framed only: heartbeat interval while idle, 0 = none, or ${SIM_HEARTBEAT_MS[0]}..${SIM_HEARTBEAT_MS[1]} (default 1000)
  --ack-timeout-ms MS  framed only: resend an unanswered frame after this long, ${SIM_ACK_TIMEOUT_MS[0]}..${SIM_ACK_TIMEOUT_MS[1]} (default 250)
  --line-ending E      lines only: CRLF (default), LF or CR
  --prefix TEXT        lines only: text before each card
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
  if (!WIRE_FORMATS.includes(format)) throw new UsageError(`--format must be framed or lines, got ${JSON.stringify(f.format)}`);
  checkFormatFlags(f, format, { lines: ['prefix', 'line-ending'], framed: ['heartbeat-ms', 'ack-timeout-ms'] });
  const lineEnding = (f['line-ending'] ?? 'CRLF').toUpperCase() as LineEnding;
  if (!LINE_ENDING_NAMES.includes(lineEnding)) throw new UsageError(`--line-ending must be ${orList(LINE_ENDING_NAMES)}, got ${JSON.stringify(f['line-ending'])}`);
  const seed = intFlag('seed', f.seed, 1, ...SEED);
  const decks = intFlag('decks', f.decks, 1, 0, 1_000_000);
  const deckPause = intFlag('deck-pause-ms', f['deck-pause-ms'], 3000, 0, 3_600_000);
  const say = (m: string) => {
    if (!f.quiet) process.stderr.write(`shoe:sim: ${m}\n`);
  };

  const faults = parseFaults(f.fault ?? []);
  if (!faults.ok) throw new UsageError(`--fault: ${faults.error.message}`);
  const unsupported = unsupportedFault(faults.value, format);
  if (unsupported) throw new UsageError(`--fault ${unsupported.fault.kind} needs --format framed (${unsupported.why})`);
  const settings = {
    format,
    seed,
    paceMs: intFlag('pace', f.pace, 300, ...PACE_MS),
    faults: faults.value,
    baudRate: intFlag('baud', f.baud, 9600, ...BAUD_RATE),
    heartbeatMs: intFlagOrOff('heartbeat-ms', f['heartbeat-ms'], SIM_HEARTBEAT_MS),
    ackTimeoutMs: intFlag('ack-timeout-ms', f['ack-timeout-ms'], 250, ...SIM_ACK_TIMEOUT_MS),
    lineEnding,
    linePrefix: f.prefix ?? '',
    log: say,
  };
  const startDelay = intFlag('start-delay-ms', f['start-delay-ms'], f.port === undefined ? 3000 : 0, 0, 3_600_000);
  if (f.port !== undefined) checkPortPath('port', f.port);

  let pair: PtyPair | undefined;
  let path = f.port;
  if (path === undefined) {
    pair = await PtyPair.open();
    path = pair.devicePath;
  }
  let sim: SerialShoeSimulator;
  try {
    sim = withFlags({ linePrefix: 'prefix' }, () => new SerialShoeSimulator({ ...settings, path, unplug: pair ? (ms) => pair.restart(ms) : undefined }));
  } catch (e) {
    await pair?.close(); // a refusal must not leave our socat behind
    throw e;
  }
  if (pair) {
    process.stdout.write(`shoe:sim: connect the terminal to ${pair.terminalPath}\n`);
    process.stdout.write(`shoe:sim: e.g. npm run --silent shoe:read -- --port ${pair.terminalPath} --format ${format}\n`);
  }
  if (!pair && faults.value.some((x) => x.kind === 'unplug')) {
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
