/**
 * `npm run --silent shoe:read -- --port PATH --format lines|framed`
 *
 * The technician's check that a shoe or scanner is wired and configured right: opens the
 * port and prints one JSON line per event (card or status) until stopped. `--list` prints
 * the serial ports the system knows, one JSON line each, with the reference to configure.
 */
import { formatCard } from '../../app/domain/cards';
import type { DeviceRole, SourceEvent } from '../card-source';
import { toHex } from '../decoders/framed';
import { BAUD_RATE, HEARTBEAT_TIMEOUT_MS } from '../limits';
import { listPorts, parseDeviceRef } from '../ports';
import { WIRE_FORMATS, type WireFormat } from '../protocol/receiver';
import { SerialCardDevice } from '../serial-device';
import { checkFormatFlags, checkPortPath, intFlag, intFlagOrOff, parseFlags, runCli, UsageError, withFlags } from './args';

const USAGE = `usage: npm run --silent shoe:read -- --port PORT --format lines|framed [options]
       npm run --silent shoe:read -- --list
  --port PORT        a path (/dev/ttyUSB0, COM3, a pty) or usb:VID:PID[:SERIAL]
  --format F         lines or framed
  --role R           shoe (default) or scanner
  --baud N           baud rate, ${BAUD_RATE[0]}..${BAUD_RATE[1]} (default 9600, 8N1)
  --prefix TEXT      lines only: text before each card
  --heartbeat-ms MS  report heartbeat-lost after this long without anything intact:
                     0 = off, or ${HEARTBEAT_TIMEOUT_MS[0]}..${HEARTBEAT_TIMEOUT_MS[1]} (default 3000 for framed, off for lines)
  --count N          exit after N cards
  --list             list serial ports and exit`;

/** One event as a JSON-friendly object: raw bytes as hex, the card as text and code, time as ISO. */
function eventToJson(e: SourceEvent): Record<string, unknown> {
  const base: Record<string, unknown> = { ...e, at: new Date(e.at).toISOString() };
  if (e.kind === 'card') {
    base.card = formatCard(e.card);
    base.code = e.card;
  }
  if ('raw' in e) base.raw = toHex(e.raw);
  return base;
}

runCli(async () => {
  const f = parseFlags(
    process.argv.slice(2),
    {
      port: { type: 'string' },
      format: { type: 'string' },
      role: { type: 'string' },
      baud: { type: 'string' },
      prefix: { type: 'string' },
      'heartbeat-ms': { type: 'string' },
      count: { type: 'string' },
      list: { type: 'boolean' },
      help: { type: 'boolean' },
    },
    USAGE,
  );
  if (f.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (f.list) {
    const listed = await listPorts();
    if (!listed.ok) {
      process.stderr.write(`${listed.error.message}\n`);
      process.exit(1);
    }
    for (const p of listed.value) process.stdout.write(`${JSON.stringify(p)}\n`);
    return;
  }
  const port = f.port;
  if (!port) throw new UsageError(`--port is required\n\n${USAGE}`);
  const ref = parseDeviceRef(port);
  if (!ref.ok) throw new UsageError(`--port: ${ref.error.message}`);
  const format = f.format as WireFormat;
  if (!WIRE_FORMATS.includes(format)) throw new UsageError(`--format must be lines or framed, got ${JSON.stringify(f.format ?? null)}\n\n${USAGE}`);
  checkFormatFlags(f, format, { lines: ['prefix'] });
  const heartbeatTimeoutMs = intFlagOrOff('heartbeat-ms', f['heartbeat-ms'], HEARTBEAT_TIMEOUT_MS);
  const count = f.count === undefined ? undefined : intFlag('count', f.count, 0, 1, 1_000_000);
  const baudRate = intFlag('baud', f.baud, 9600, ...BAUD_RATE);

  const device = withFlags({ role: 'role', baudRate: 'baud', prefix: 'prefix', heartbeatTimeoutMs: 'heartbeat-ms' }, () =>
    new SerialCardDevice({
      port,
      format,
      role: f.role as DeviceRole | undefined,
      baudRate,
      lines: f.prefix !== undefined ? { prefix: f.prefix } : {},
      heartbeatTimeoutMs,
    }),
  );
  // A USB reference is looked up (and waited for) by the device; a path must be a port now.
  if (ref.value.kind === 'path') checkPortPath('port', ref.value.path);
  let cards = 0;
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await device.stop();
    process.exit(0);
  };
  device.subscribe((e) => {
    process.stdout.write(`${JSON.stringify(eventToJson(e))}\n`);
    // Printed is recorded, for the technician's check: only then is the frame acknowledged.
    e.acknowledge?.();
    if (e.kind === 'card' && !e.resend && count !== undefined && ++cards >= count) void shutdown();
  });
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  await device.start();
});
