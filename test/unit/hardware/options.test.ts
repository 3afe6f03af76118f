import { describe, expect, it } from 'vitest';
import { makeBackoff } from '../../../hardware/backoff';
import { SerialCardDevice } from '../../../hardware/serial-device';
import { SerialShoeSimulator } from '../../../hardware/sim/serial-shoe-sim';

describe('makeBackoff', () => {
  it('doubles from initialMs up to maxMs', () => {
    const b = makeBackoff({ initialMs: 100, maxMs: 1000 });
    expect([0, 1, 2, 3, 4, 5, 100].map((n) => b.delay(n))).toEqual([100, 200, 400, 800, 1000, 1000, 1000]);
    expect(makeBackoff().delay(0)).toBe(100);
  });

  it.each([
    [{ initialMs: 0 }, 'initialMs must be an integer from 1 to 60000'],
    [{ initialMs: 500, maxMs: 100 }, 'maxMs must be an integer from 500'],
    [{ factor: 0.5 }, 'factor must be a number from 1 to 10'],
    [{ intialMs: 5 }, 'unknown option "intialMs"'],
  ])('refuses %j', (options, message) => {
    expect(() => makeBackoff(options as never)).toThrow(message);
  });
});

describe('SerialCardDevice options', () => {
  it('derives id and label from the port and role', () => {
    const shoe = new SerialCardDevice({ port: '/dev/ttyUSB0', format: 'framed' });
    expect(shoe.id).toBe('path:/dev/ttyUSB0');
    expect(shoe.label).toBe('Card shoe on /dev/ttyUSB0 (framed)');
    expect(shoe.state).toBe('stopped');
    const scanner = new SerialCardDevice({ port: 'usb:0403:6001:A1', format: 'lines', role: 'scanner' });
    expect(scanner.id).toBe('usb:0403:6001:A1');
    expect(scanner.label).toBe('Card scanner on usb:0403:6001:A1 (lines)');
  });

  it.each([
    [{ port: '/dev/x', format: 'csv' }, 'format must be one of lines, framed, got "csv"'],
    [{ port: '', format: 'lines' }, 'port: no port given'],
    [{ port: 'usb:12:zz', format: 'lines' }, 'product id "zz" is not 4 hex digits'],
    [{ port: '/dev/x', format: 'lines', baudRate: 9600.5 }, 'baudRate must be an integer'],
    [{ port: '/dev/x', format: 'lines', parity: 'mark' }, 'parity must be none, even or odd'],
    [{ port: '/dev/x', format: 'lines', dataBits: 6 }, 'dataBits must be 7 or 8'],
    [{ port: '/dev/x', format: 'lines', role: 'dealer' }, 'role must be shoe or scanner'],
    [{ port: '/dev/x', format: 'lines', heartbeatTimeoutMs: 0 }, 'heartbeatTimeoutMs must be an integer from 10'],
    [{ port: '/dev/x', format: 'lines', lines: { prefix: '\n' } }, 'prefix must not contain CR or LF'],
    [{ port: '/dev/x', format: 'framed', framed: { maxPayload: 0 } }, 'maxPayload must be an integer'],
    [{ port: '/dev/x', format: 'lines', reconnect: { maxMs: 0 } }, 'maxMs must be an integer'],
    [{ port: '/dev/x', format: 'lines', baud: 9600 }, 'unknown option "baud"'],
  ])('refuses %j', (options, message) => {
    expect(() => new SerialCardDevice(options as never)).toThrow(message);
  });
});

describe('SerialShoeSimulator options', () => {
  it.each([
    [{ path: '/tmp/x', format: 'lines', faults: ['bad-checksum@1'] }, 'fault bad-checksum needs the framed format'],
    [{ path: '/tmp/x', format: 'lines', faults: ['skip-seq@1'] }, 'fault skip-seq needs the framed format'],
    [{ path: '/tmp/x', format: 'framed', faults: ['jam'] }, 'not a fault: "jam"'],
    [{ path: '/tmp/x', format: 'framed', paceMs: -1 }, 'paceMs must be an integer from 0'],
    [{ path: '/tmp/x', format: 'framed', lineEnding: 'NL' }, 'lineEnding must be CR, LF or CRLF'],
    [{ path: '', format: 'framed' }, 'path is required'],
    [{ path: '/tmp/x', format: 'framed', seed: 1.5 }, 'seed must be an integer'],
  ])('refuses %j', (options, message) => {
    expect(() => new SerialShoeSimulator(options as never)).toThrow(message);
  });
});
