import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AnswerDecoder,
  encodeAck,
  encodeFrame,
  encodeNak,
  FramedDecoder,
  toHex,
  xorBytes,
  type FramedItem,
} from '../../../hardware/decoders/framed';

const hex = (s: string) => Uint8Array.from(s.trim().split(/\s+/).map((h) => parseInt(h, 16)));

function summary(items: FramedItem[]): string[] {
  return items.map((it) => (it.kind === 'frame' ? `frame ${it.seq} ${it.payload} [${toHex(it.raw)}]` : `bad [${toHex(it.raw)}] ${it.reason}`));
}

/** An independent BCC check: XOR from the byte after STX through ETX equals the last byte. */
function checks(raw: Uint8Array): boolean {
  return raw[0] === 0x02 && raw[raw.length - 2] === 0x03 && xorBytes(raw, 1, raw.length - 1) === raw[raw.length - 1];
}

describe('framed: worked examples of docs/wire-formats.md section 2.7', () => {
  // Each row is copied from the table in the doc; a change to either must change both.
  it.each([
    [7, 'CAs', '02 30 37 43 41 73 03 75'],
    [8, 'CTd', '02 30 38 43 54 64 03 78'],
    [99, 'C9c', '02 39 39 43 39 63 03 1A'],
    [0, 'C2h', '02 30 30 43 32 68 03 1A'],
    [3, 'SUNREAD', '02 30 33 53 55 4E 52 45 41 44 03 5A'],
    [4, 'SLID', '02 30 34 53 4C 49 44 03 15'],
    [12, 'SJAM', '02 31 32 53 4A 41 4D 03 15'],
    [13, 'SREADY', '02 31 33 53 52 45 41 44 59 03 19'],
    [13, 'H', '02 31 33 48 03 49'],
    [51, 'SEMPTY', '02 35 31 53 45 4D 50 54 59 03 01'],
  ])('SEQ %i %s encodes to %s and decodes back', (seq, payload, bytes) => {
    expect(toHex(encodeFrame(seq, payload))).toBe(bytes.toLowerCase());
    expect(summary(new FramedDecoder().push(hex(bytes)))).toEqual([`frame ${seq} ${payload} [${bytes.toLowerCase()}]`]);
  });

  it('BCC excludes STX and includes ETX (the step-by-step example)', () => {
    expect(0x30 ^ 0x37 ^ 0x43 ^ 0x41 ^ 0x73 ^ 0x03).toBe(0x75);
    expect(encodeFrame(7, 'CAs')[7]).toBe(0x75);
  });

  it('answers: ACK carries the SEQ, NAK is one byte', () => {
    expect(toHex(encodeAck(7))).toBe('06 30 37');
    expect(toHex(encodeAck(99))).toBe('06 39 39');
    expect(toHex(encodeNak())).toBe('15');
  });

  it('the damaged-frame example is refused naming the BCC, and the noise example is skipped', () => {
    expect(summary(new FramedDecoder().push(hex('02 30 38 43 54 64 03 87')))).toEqual(['bad [02 30 38 43 54 64 03 87] BCC 0x87 does not match 0x78']);
    const d = new FramedDecoder();
    const items = d.push(hex('00 FF 13 02 39 39 43 41 73 03 00 02 30 37 43 41 73 03 75'));
    expect(summary(items)).toEqual(['bad [02 39 39 43 41 73 03 00] BCC 0x00 does not match 0x72', 'frame 7 CAs [02 30 37 43 41 73 03 75]']);
    expect(d.discardedBytes).toBe(3);
  });
});

describe('FramedDecoder', () => {
  it.each([
    ['non-digit SEQ', '02 30 41 43 41 73 03 00', 'sequence number byte 0x41 is not a digit'],
    ['empty payload', '02 30 31 03', 'empty payload'],
    ['control byte in payload', '02 30 31 43 0A 73 03 00', 'payload byte 0x0A is not printable ASCII'],
    ['byte >= 0x80 in payload', '02 30 31 43 C1 73 03 00', 'payload byte 0xC1 is not printable ASCII'],
  ])('refuses a frame with %s', (_, bytes, reason) => {
    const items = new FramedDecoder().push(hex(bytes));
    expect(items[0]).toMatchObject({ kind: 'bad-frame', reason });
  });

  it('a new STX inside a frame discards the partial frame and starts over (resync)', () => {
    const items = new FramedDecoder().push(hex('02 30 37 43 41 02 30 37 43 41 73 03 75'));
    expect(summary(items)).toEqual(['bad [02 30 37 43 41] frame cut off by a new STX', 'frame 7 CAs [02 30 37 43 41 73 03 75]']);
  });

  it('noise ending in a fake ETX does not swallow the next frame', () => {
    const items = new FramedDecoder().push(hex('02 30 31 43 03 02 30 37 43 41 73 03 75'));
    expect(summary(items)).toEqual(['bad [02 30 31 43 03 02] BCC 0x02 does not match 0x41', 'frame 7 CAs [02 30 37 43 41 73 03 75]']);
  });

  it('a BCC equal to STX or ETX is read by position, not value', () => {
    // Find payloads whose BCC is 0x02 and 0x03 and check they decode.
    for (const want of [0x02, 0x03, 0x06, 0x15]) {
      let found: Uint8Array | undefined;
      for (let s = 0; s < 100 && !found; s++) {
        for (const p of ['CAs', 'CKd', 'C2c', 'SJAM', 'H', 'CTh', 'C9s']) {
          const f = encodeFrame(s, p);
          if (f[f.length - 1] === want) found = f;
        }
      }
      expect(found).toBeDefined();
      const twice = new Uint8Array([...found!, ...found!]);
      expect(new FramedDecoder().push(twice).map((i) => i.kind)).toEqual(['frame', 'frame']);
    }
  });

  it('refuses a payload longer than maxPayload', () => {
    const d = new FramedDecoder({ maxPayload: 4 });
    expect(summary(d.push(encodeFrame(1, 'SABCD', 5)))[0]).toContain('payload longer than 4 bytes');
    expect(d.push(encodeFrame(2, 'SABC')).map((i) => i.kind)).toEqual(['frame']);
  });

  it.each([
    [{ maxPayload: 0 }, 'maxPayload must be an integer from 1 to 250, got 0'],
    [{ maxPayload: 251 }, 'got 251'],
    [{ maxpayload: 3 }, 'unknown option "maxpayload"'],
    ['32', 'FramedDecoder: options must be an object, got "32"'],
  ])('refuses bad options %j', (options, message) => {
    expect(() => new FramedDecoder(options as never)).toThrow(message);
  });

  it('encodeFrame refuses what the decoder would refuse', () => {
    expect(() => encodeFrame(100, 'CAs')).toThrow('sequence number must be 0..99');
    expect(() => encodeFrame(1, '')).toThrow('payload must be 1..32');
    expect(() => encodeFrame(1, 'C\x03s')).toThrow('not printable ASCII');
  });

  const stream = new Uint8Array([
    ...encodeFrame(0, 'CAs'),
    0x00, 0xff, 0x03, 0x13,
    ...encodeFrame(1, 'SJAM'),
    0x02, 0x39, 0x39, 0x43, 0x41, 0x73, 0x03, 0x00, // looks like a frame, wrong BCC
    ...encodeFrame(2, 'H'),
    0x02, 0x30, // cut off by the next STX
    ...encodeFrame(2, 'CTd'),
    ...encodeFrame(3, 'SREADY').map((b, i, a) => (i === a.length - 1 ? b ^ 0x5a : b)), // bad BCC
    ...encodeFrame(3, 'SREADY'),
    0x02, 0x31, 0x32, 0x7f, 0x03, 0x00, // DEL in payload
    ...encodeFrame(4, 'C9c'),
  ]);

  it('gives the same items however the bytes are split (every split point, and pairs of points)', () => {
    const whole = summary(new FramedDecoder().push(stream));
    expect(whole.filter((s) => s.startsWith('frame'))).toHaveLength(6);
    expect(whole.filter((s) => s.startsWith('bad'))).toHaveLength(4);
    for (let i = 0; i <= stream.length; i++) {
      const d = new FramedDecoder();
      expect(summary([...d.push(stream.subarray(0, i)), ...d.push(stream.subarray(i))])).toEqual(whole);
    }
    for (let i = 0; i <= stream.length; i += 2) {
      for (let j = i; j <= stream.length; j += 3) {
        const d = new FramedDecoder();
        expect(summary([...d.push(stream.subarray(0, i)), ...d.push(stream.subarray(i, j)), ...d.push(stream.subarray(j))])).toEqual(whole);
      }
    }
    const d = new FramedDecoder();
    expect(summary(Array.from(stream).flatMap((b) => d.push(Uint8Array.of(b))))).toEqual(whole);
  });

  it('reset() forgets a partial frame', () => {
    const d = new FramedDecoder();
    d.push(hex('02 30 37 43'));
    expect(d.inFrame).toBe(true);
    d.reset();
    expect(d.push(hex('41 73 03 75'))).toEqual([]);
    expect(d.inFrame).toBe(false);
  });

  it('fuzz: random bytes in random chunks never throw and never yield a frame whose check fails', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), fc.array(fc.nat(), { maxLength: 8 }), (input, cuts) => {
        const d = new FramedDecoder();
        const points = [...new Set(cuts.map((c) => c % (input.length + 1)))].sort((a, b) => a - b);
        let from = 0;
        const items: FramedItem[] = [];
        for (const p of [...points, input.length]) {
          items.push(...d.push(input.subarray(from, p)));
          from = p;
        }
        expect(summary(items)).toEqual(summary(new FramedDecoder().push(input)));
        for (const it of items) if (it.kind === 'frame') expect(checks(it.raw)).toBe(true);
      }),
      { seed: 4242, numRuns: 1000 },
    );
  });

  it('fuzz: garbage biased towards STX/ETX/digits never yields a frame whose check fails', () => {
    const biased = fc.oneof(fc.constantFrom(0x02, 0x03, 0x30, 0x31, 0x43, 0x41, 0x73), fc.integer({ min: 0, max: 255 }));
    fc.assert(
      fc.property(fc.array(biased, { maxLength: 300 }), (arr) => {
        for (const it of new FramedDecoder().push(Uint8Array.from(arr))) if (it.kind === 'frame') expect(checks(it.raw)).toBe(true);
      }),
      { seed: 99, numRuns: 1000 },
    );
  });

  it('fuzz: valid frames separated by noise are all recovered, in order', () => {
    const frame = fc.record({ seq: fc.integer({ min: 0, max: 99 }), payload: fc.constantFrom('CAs', 'CTd', 'SJAM', 'SEMPTY', 'H', 'C2c') });
    // Noise may contain anything, STX and ETX included: a frame's STX restarts framing, and
    // an STX taken as the BCC of a fake frame that fails its check starts a frame too. (Only
    // noise holding a whole fake frame whose check comes out as 0x02 could hide the next
    // frame; the shoe's retransmission recovers that case.)
    const noise = fc.array(fc.oneof(fc.constantFrom(0x02, 0x03, 0x30, 0x43), fc.integer({ min: 0, max: 255 })), { maxLength: 12 }).map((a) => Uint8Array.from(a));
    fc.assert(
      fc.property(fc.array(fc.tuple(noise, frame), { maxLength: 20 }), (parts) => {
        const bytes: number[] = [];
        for (const [n, f] of parts) bytes.push(...n, ...encodeFrame(f.seq, f.payload));
        const got = new FramedDecoder().push(Uint8Array.from(bytes)).filter((i) => i.kind === 'frame');
        const want = parts.map(([, f]) => `${f.seq} ${f.payload}`);
        // Every sent frame arrives; noise can at most add frames that check (vanishingly rare, and only from noise).
        const gotText = got.map((g) => (g.kind === 'frame' ? `${g.seq} ${g.payload}` : ''));
        let i = 0;
        for (const g of gotText) if (i < want.length && g === want[i]) i++;
        expect(i).toBe(want.length);
      }),
      { seed: 1234, numRuns: 2000 },
    );
  });
});

describe('AnswerDecoder (the shoe side)', () => {
  it('reads ACK+SEQ and NAK split anywhere, ignoring other bytes', () => {
    const bytes = hex('06 30 37 15 41 06 39 39 06 41 06 31 32');
    const whole = new AnswerDecoder().push(bytes);
    expect(whole).toEqual([{ kind: 'ack', seq: 7 }, { kind: 'nak' }, { kind: 'ack', seq: 99 }, { kind: 'ack', seq: 12 }]);
    for (let i = 0; i <= bytes.length; i++) {
      const d = new AnswerDecoder();
      expect([...d.push(bytes.subarray(0, i)), ...d.push(bytes.subarray(i))]).toEqual(whole);
    }
  });
});
