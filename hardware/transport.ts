/**
 * Opening serial ports. Everything in hardware/ opens ports through here, for one reason:
 *
 * serialport's Unix read (`unixRead` in @serialport/bindings-cpp 12/13) retries at once when
 * `read()` returns 0 bytes. A tty returns 0 bytes only at end of file, i.e. after a hangup
 * (a USB adapter pulled out, a pty whose other side ended), so the retry spins forever: the
 * disconnect is never reported and a CPU core burns until memory runs out. Known upstream:
 * https://github.com/serialport/bindings-cpp/issues/162 (open; fix proposed in PR #164, not
 * merged). Here the port object the binding opens gets a read that reports 0 bytes as a
 * disconnect, which the serialport stream turns into a `close` event with `disconnected`.
 * Everything else is serialport's own code. Windows reads are left as they are.
 */
import { read as fsRead } from 'node:fs';
import { promisify } from 'node:util';
import { SerialPort } from 'serialport';

const readAsync = promisify(fsRead);

/** The parts of serialport's Unix port binding this module touches. */
interface UnixPortBinding {
  fd: number | null;
  readonly isOpen: boolean;
  readonly poller: { once(event: 'readable', cb: (err: Error | null) => void): unknown };
  read(buffer: Buffer, offset: number, length: number): Promise<{ buffer: Buffer; bytesRead: number }>;
}

type Binding = typeof SerialPort.binding;

function canceled(): Error {
  return Object.assign(new Error('Port is not open'), { canceled: true });
}

/** A read with serialport's semantics, except that end of file is a disconnect. */
async function hangupAwareRead(port: UnixPortBinding, buffer: Buffer, offset: number, length: number): Promise<{ buffer: Buffer; bytesRead: number }> {
  for (;;) {
    if (!port.isOpen || port.fd === null) throw canceled();
    let bytesRead: number;
    try {
      ({ bytesRead } = await readAsync(port.fd, buffer, offset, length, null));
    } catch (e) {
      const err = e as NodeJS.ErrnoException & { disconnect?: boolean };
      if (err.code === 'EAGAIN' || err.code === 'EWOULDBLOCK' || err.code === 'EINTR') {
        if (!port.isOpen) throw canceled();
        await new Promise<void>((resolve, reject) => port.poller.once('readable', (pollErr) => (pollErr ? reject(pollErr) : resolve())));
        continue;
      }
      err.disconnect = true;
      throw err;
    }
    if (bytesRead === 0) throw Object.assign(new Error('end of file: the device hung up'), { code: 'EOF', disconnect: true });
    return { buffer, bytesRead };
  }
}

/** serialport's detected binding, with the hangup-aware read on Unix. */
export const safeBinding: Binding = {
  ...SerialPort.binding,
  list: () => SerialPort.binding.list(),
  async open(options: Parameters<Binding['open']>[0]) {
    const port = await SerialPort.binding.open(options);
    if (process.platform !== 'win32') {
      const unix = port as unknown as UnixPortBinding;
      unix.read = (buffer, offset, length) => hangupAwareRead(unix, buffer, offset, length);
    }
    return port;
  },
} as Binding;

export interface SerialSettings {
  readonly path: string;
  readonly baudRate: number;
  readonly dataBits?: 7 | 8;
  readonly parity?: 'none' | 'even' | 'odd';
  readonly stopBits?: 1 | 2;
}

/** A closed SerialPort on the safe binding; call `open()`. Locked (exclusive) once open. */
export function createSerialPort(settings: SerialSettings): SerialPort {
  return new SerialPort({ ...settings, autoOpen: false, binding: safeBinding } as ConstructorParameters<typeof SerialPort>[0]);
}

/**
 * Writes `bytes` and resolves once they are written, or as soon as the port closes or fails,
 * with the error if there was one. serialport's stream never calls back a write issued while
 * the port is closing (it waits for the same object to open again), so waiting only for the
 * write's callback hangs forever when the line hangs up at the wrong moment.
 */
export function writeBytes(port: SerialPort, bytes: Uint8Array): Promise<Error | null> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (err?: Error | null) => {
      if (settled) return;
      settled = true;
      port.off('close', onGone);
      port.off('error', onGone);
      resolve(err ?? null);
    };
    const onGone = (err?: Error | null) => done(err ?? new Error('port closed'));
    port.once('close', onGone);
    port.once('error', onGone);
    if (!port.isOpen) return done(new Error('port is not open'));
    port.write(Buffer.from(bytes), (err) => done(err));
  });
}
