/**
 * The decoders' edges, byte by byte (docs/wire-formats.md): the printable and digit ranges,
 * the CRC's range check, the frame builder's refusals, the answer decoder, an over-long line
 * skipped to its end, and the option checks' wording.
 */
import { describe, expect, it } from 'vitest';
import {
  ACK, AnswerDecoder, crc16CcittFalse, encodeFrame, ETX, FramedDecoder, STX,
} from '../../../hardware/decoders/framed';
import { LineDecoder } from '../../../hardware/decoders/lines';
import { checkKnownKeys, intOption, OptionError, orList } from '../../../hardware/decoders/options';

const ascii = (text: string) => new TextEncoder().encode(text);

describe('crc16CcittFalse', () => {
  const digits = ascii('123456789');
  it('the check value, and a sub-range', () => {
    expect(crc16CcittFalse(digits)).toBe(0x29b1);
    expect(crc16CcittFalse(ascii('x123456789y'), 1, 10)).toBe(0x29b1);
    expect(crc16CcittFalse(digits, 4, 4)).toBe(0xffff); // empty range: the initial value
    expect(crc16CcittFalse(digits, 0, 9)).toBe(0x29b1);
  });
  it.each<[number, number]>([[-1, 9], [1.5, 9], [0, 9.5], [5, 4], [0, 10]])('refuses the range %s..%s', (from, to) => {
    expect(() => crc16CcittFalse(digits, from, to)).toThrow(new RangeError(`crc16CcittFalse: range ${from}..${to} is not within 0..9`));
  });
});

describe('encodeFrame', () => {
  it('STX, two SEQ digits, the payload, ETX, then the CRC of SEQ..ETX high byte first', () => {
    const frame = encodeFrame(7, 'H');
    expect([...frame.slice(0, 5)]).toEqual([STX, 0x30, 0x37, 0x48, ETX]);
    const crc = crc16CcittFalse(frame, 1, 5);
    expect([...frame.slice(5)]).toEqual([crc >>> 8, crc & 0xff]);
    expect(frame).toHaveLength(7);
  });
  it('takes SEQ 0 and 99, a payload of 1 and of maxPayload characters, space and tilde', () => {
    expect([...encodeFrame(0, 'C').slice(1, 3)]).toEqual([0x30, 0x30]);
    expect([...encodeFrame(99, 'C').slice(1, 3)]).toEqual([0x39, 0x39]);
    expect(encodeFrame(1, 'x'.repeat(32))).toHaveLength(38);
    expect(encodeFrame(1, 'abc', 3)).toHaveLength(9);
    expect([...encodeFrame(1, ' ~').slice(3, 5)]).toEqual([0x20, 0x7e]);
  });
  it.each<[string, () => unknown, string]>([
    ['SEQ -1', () => encodeFrame(-1, 'H'), 'sequence number must be 0..99, got -1'],
    ['SEQ 100', () => encodeFrame(100, 'H'), 'sequence number must be 0..99, got 100'],
    ['SEQ 1.5', () => encodeFrame(1.5, 'H'), 'sequence number must be 0..99, got 1.5'],
    ['an empty payload', () => encodeFrame(1, ''), 'payload must be 1..32 characters, got 0'],
    ['a payload too long', () => encodeFrame(1, 'x'.repeat(33)), 'payload must be 1..32 characters, got 33'],
    ['a payload over its own limit', () => encodeFrame(1, 'abcd', 3), 'payload must be 1..3 characters, got 4'],
    ['a control character', () => encodeFrame(1, 'a\u001fb'), 'payload character "\\u001f" is not printable ASCII'],
    ['DEL', () => encodeFrame(1, 'a\u007f'), 'payload character "\u007f" is not printable ASCII'],
  ])('refuses %s', (_why, call, message) => {
    expect(call).toThrow(new RangeError(message));
  });
});

describe('FramedDecoder', () => {
  it('a new STX inside a frame reports the cut-off frame, then reads the next', () => {
    const good = encodeFrame(5, 'CAs');
    const items = new FramedDecoder().push(new Uint8Array([STX, 0x30, ...good]));
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ kind: 'bad-frame', reason: 'frame cut off by a new STX' });
    expect([...(items[0] as { raw: Uint8Array }).raw]).toEqual([STX, 0x30]);
    expect(items[1]).toMatchObject({ kind: 'frame', seq: 5, payload: 'CAs' });
  });

  const bad = (bytes: number[], maxPayload?: number) => {
    const items = new FramedDecoder(maxPayload === undefined ? {} : { maxPayload }).push(new Uint8Array(bytes));
    expect(items).toHaveLength(1);
    const item = items[0] as { kind: string; reason: string; raw: Uint8Array };
    return { kind: item.kind, reason: item.reason, raw: [...item.raw] };
  };
  it('a bad frame carries every byte read, up to and with the bad one', () => {
    expect(bad([STX, 0x78])).toEqual({ kind: 'bad-frame', reason: 'sequence number byte 0x78 is not a digit', raw: [STX, 0x78] });
    expect(bad([STX, 0x30, 0x31, 0x41, 0x07])).toEqual({ kind: 'bad-frame', reason: 'payload byte 0x07 is not printable ASCII', raw: [STX, 0x30, 0x31, 0x41, 0x07] });
    expect(bad([STX, 0x30, 0x31, 0x41, 0x42, 0x43], 2)).toEqual({ kind: 'bad-frame', reason: 'payload longer than 2 bytes', raw: [STX, 0x30, 0x31, 0x41, 0x42, 0x43] });
  });
});

describe('AnswerDecoder', () => {
  it('an ACK needs two digits; "/" and ":" (either side of the digits) cancel it', () => {
    const d = new AnswerDecoder();
    expect(d.push(new Uint8Array([ACK, 0x2f, 0x31, 0x32]))).toEqual([]);
    expect(d.push(new Uint8Array([ACK, 0x3a, 0x31, 0x32]))).toEqual([]);
    expect(d.push(new Uint8Array([ACK, 0x30, 0x39]))).toEqual([{ kind: 'ack', seq: 9 }]);
    expect(d.push(new Uint8Array([ACK, 0x39, 0x30]))).toEqual([{ kind: 'ack', seq: 90 }]);
  });
  it('reset forgets an ACK half read', () => {
    const d = new AnswerDecoder();
    expect(d.push(new Uint8Array([ACK, 0x31]))).toEqual([]);
    d.reset();
    expect(d.push(new Uint8Array([0x32]))).toEqual([]);
  });
});

describe('LineDecoder', () => {
  it('an over-long line is reported once and skipped to its end', () => {
    const d = new LineDecoder({ maxLineBytes: 4 });
    const items = d.push(ascii('ABCDEFGHIJKL\r\nAs\r\n'));
    expect(items.map((i) => i.kind)).toEqual(['unreadable', 'card']);
    expect(items[0]).toMatchObject({ reason: 'line longer than 4 bytes' });
    expect(new TextDecoder().decode(items[0].raw)).toBe('ABCDE');
  });
  it('a prefix may fill the line up to the two characters of a card', () => {
    expect(new LineDecoder({ maxLineBytes: 6, prefix: 'CARD' }).prefix).toBe('CARD');
    expect(() => new LineDecoder({ maxLineBytes: 6, prefix: 'CARD:' })).toThrow(OptionError);
    const d = new LineDecoder({ maxLineBytes: 6, prefix: 'CARD' });
    expect(d.push(ascii('CARDAs\n'))).toMatchObject([{ kind: 'card', card: 48 }]);
  });
});

describe('option checks', () => {
  it('OptionError is named, and says where and which option', () => {
    const e = new OptionError('LineDecoder', 'prefix', 'must be text');
    expect(e.name).toBe('OptionError');
    expect(e.message).toBe('LineDecoder: prefix must be text');
    expect(new OptionError('X', undefined, 'bad').message).toBe('X: bad');
  });
  it('an unknown option names itself and the known ones', () => {
    expect(() => checkKnownKeys('LineDecoder', { prefx: 'A' }, ['prefix', 'maxLineBytes'])).toThrow(
      'LineDecoder: unknown option "prefx" (known: prefix, maxLineBytes)',
    );
  });
  it('intOption takes both ends of its range', () => {
    expect(intOption('X', 'n', 4, 64, 4, 1024)).toBe(4);
    expect(intOption('X', 'n', 1024, 64, 4, 1024)).toBe(1024);
    expect(() => intOption('X', 'n', 3, 64, 4, 1024)).toThrow('X: n must be an integer from 4 to 1024, got 3');
    expect(() => intOption('X', 'n', 1025, 64, 4, 1024)).toThrow('X: n must be an integer from 4 to 1024, got 1025');
  });
  it.each<[(string | number)[], string]>([[[], ''], [['a'], 'a'], [['a', 'b'], 'a or b'], [['a', 'b', 'c'], 'a, b or c']])(
    'orList %j', (items, text) => expect(orList(items)).toBe(text),
  );
});
