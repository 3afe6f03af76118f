/** transport.ts on real ptys: writes that cannot hang when the line goes away. */
import { describe, expect, it } from 'vitest';
import { createSerialPort, writeBytes } from '../../../hardware/transport';
import { useHardware, within } from './helpers';

const hw = useHardware();

async function openPort(path: string) {
  const port = createSerialPort({ path, baudRate: 9600 });
  await new Promise<void>((resolve, reject) => port.open((e) => (e ? reject(e) : resolve())));
  hw.onCleanup(() => new Promise<void>((resolve) => (port.isOpen ? port.close(() => resolve()) : resolve())));
  return port;
}

describe('writeBytes', () => {
  it('writes the bytes and resolves with no error', async () => {
    const pair = await hw.pair();
    const device = await openPort(pair.devicePath);
    const terminal = await openPort(pair.terminalPath);
    const received: number[] = [];
    const got = new Promise<void>((resolve) =>
      terminal.on('data', (chunk: Buffer) => {
        received.push(...chunk);
        if (received.length >= 3) resolve();
      }),
    );
    expect(await writeBytes(device, Uint8Array.of(0x41, 0x73, 0x0a))).toBeNull();
    await within(got, 5000, 'the bytes');
    expect(received).toEqual([0x41, 0x73, 0x0a]);
  });

  it('a write issued while the port is closing returns (serialport would never call it back)', async () => {
    const pair = await hw.pair();
    const device = await openPort(pair.devicePath);
    // What a hangup does inside serialport: the stream starts closing, `close` comes later.
    const closed = new Promise<void>((resolve) => device.close(() => resolve()));
    const err = await within(writeBytes(device, Uint8Array.of(0x41)), 5000, 'the write');
    expect(err).toBeInstanceOf(Error);
    await closed;
  });

  it('a write on a port already closed returns at once with an error', async () => {
    const pair = await hw.pair();
    const device = await openPort(pair.devicePath);
    await new Promise<void>((resolve) => device.close(() => resolve()));
    const err = await within(writeBytes(device, Uint8Array.of(0x41)), 5000, 'the write');
    expect(err?.message).toBe('port is not open');
  });
});
