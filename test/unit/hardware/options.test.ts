import { describe, expect, it } from 'vitest';
import { makeBackoff } from '../../../hardware/backoff';
import { checkKnownKeys, oneOfOption, OptionError, orList } from '../../../hardware/decoders/options';
import { SerialCardDevice } from '../../../hardware/serial-device';
import { SerialShoeSimulator } from '../../../hardware/sim/serial-shoe-sim';

describe('option helpers', () => {
  it('checkKnownKeys refuses a non-object and unknown keys, naming where', () => {
    for (const bad of [null, 5, 'x', [1]]) expect(() => checkKnownKeys('Thing', bad, ['a'])).toThrow('Thing: options must be an object');
    expect(() => checkKnownKeys('Thing', { a: 1, b: 2 }, ['a'])).toThrow('Thing: unknown option "b" (known: a)');
    expect(() => checkKnownKeys('Thing', { a: 1 }, ['a'])).not.toThrow();
  });

  it('oneOfOption takes one of the allowed values or the default, and names the option and the choices', () => {
    expect(oneOfOption('T', 'parity', undefined, ['none', 'even', 'odd'], 'none')).toBe('none');
    expect(oneOfOption('T', 'stopBits', 2, [1, 2])).toBe(2);
    expect(() => oneOfOption('T', 'format', undefined, ['lines', 'framed'])).toThrow('T: format must be lines or framed, got undefined');
    let error: unknown;
    try {
      oneOfOption('T', 'parity', 'mark', ['none', 'even', 'odd'], 'none');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(OptionError);
    expect(error).toMatchObject({ code: 'bad-option', where: 'T', option: 'parity', problem: 'must be none, even or odd, got "mark"' });
    expect((error as Error).message).toBe('T: parity must be none, even or odd, got "mark"');
    expect([orList(['a']), orList(['a', 'b']), orList(['a', 'b', 'c'])]).toEqual(['a', 'a or b', 'a, b or c']);
  });
});

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
    [5, 'reconnect: options must be an object, got 5'],
    [null, 'reconnect: options must be an object, got null'],
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
    [{ port: '/dev/x', format: 'csv' }, 'format must be lines or framed, got "csv"'],
    [{ port: '/dev/x' }, 'format must be lines or framed, got undefined'],
    [{ port: '', format: 'lines' }, 'port is not usable: no port given'],
    [{ format: 'lines' }, 'port is required'],
    [{ port: 'usb:12:zz', format: 'lines' }, 'product id "zz" is not 4 hex digits'],
    [{ port: '/dev/x', format: 'lines', baudRate: 9600.5 }, 'baudRate must be an integer'],
    [{ port: '/dev/x', format: 'lines', parity: 'mark' }, 'parity must be none, even or odd'],
    [{ port: '/dev/x', format: 'lines', dataBits: 6 }, 'dataBits must be 7 or 8'],
    [{ port: '/dev/x', format: 'lines', stopBits: 3 }, 'stopBits must be 1 or 2'],
    [{ port: '/dev/x', format: 'lines', role: 'dealer' }, 'role must be shoe or scanner'],
    [{ port: '/dev/x', format: 'lines', heartbeatTimeoutMs: 0 }, 'heartbeatTimeoutMs must be an integer from 10 to 3600000'],
    [{ port: '/dev/x', format: 'lines', lines: { prefix: '\n' } }, 'prefix must not contain CR or LF'],
    [{ port: '/dev/x', format: 'framed', framed: { maxPayload: 0 } }, 'maxPayload must be an integer'],
    [{ port: '/dev/x', format: 'lines', reconnect: { maxMs: 0 } }, 'maxMs must be an integer'],
    [{ port: '/dev/x', format: 'lines', reconnect: 5 }, 'reconnect: options must be an object, got 5'],
    [{ port: '/dev/x', format: 'lines', lines: 'CARD:' }, 'LineDecoder: options must be an object'],
    [null, 'SerialCardDevice: options must be an object, got null'],
    [{ port: '/dev/x', format: 'lines', baud: 9600 }, 'unknown option "baud"'],
  ])('refuses %j', (options, message) => {
    expect(() => new SerialCardDevice(options as never)).toThrow(message);
  });
});

describe('SerialShoeSimulator options', () => {
  it.each([
    [{ path: '/tmp/x', format: 'lines', faults: ['bad-checksum@1'] }, 'fault bad-checksum needs the framed format (the lines format has no checksum'],
    [{ path: '/tmp/x', format: 'lines', faults: ['skip-seq@1'] }, 'fault skip-seq needs the framed format'],
    [{ path: '/tmp/x', format: 'csv' }, 'format must be lines or framed, got "csv"'],
    [{ path: '/tmp/x', format: 'framed', heartbeatMs: 3 }, 'heartbeatMs must be an integer from 5 to 600000, got 3'],
    [{ path: '/tmp/x', format: 'framed', ackTimeoutMs: 0 }, 'ackTimeoutMs must be an integer from 5 to 60000'],
    [{ path: '/tmp/x', format: 'lines', linePrefix: 'A\r' }, 'linePrefix must be text without CR or LF'],
    ['/tmp/x', 'SerialShoeSimulator: options must be an object'],
    [{ path: '/tmp/x', format: 'framed', faults: ['jam'] }, 'not a fault: "jam"'],
    [{ path: '/tmp/x', format: 'framed', paceMs: -1 }, 'paceMs must be an integer from 0'],
    [{ path: '/tmp/x', format: 'framed', lineEnding: 'NL' }, 'lineEnding must be CR, LF or CRLF'],
    [{ path: '', format: 'framed' }, 'path is required'],
    [{ path: '/tmp/x', format: 'framed', seed: 1.5 }, 'seed must be an integer'],
  ])('refuses %j', (options, message) => {
    expect(() => new SerialShoeSimulator(options as never)).toThrow(message);
  });
});
