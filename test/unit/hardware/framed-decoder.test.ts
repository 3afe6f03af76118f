import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AnswerDecoder,
  crc16CcittFalse,
  encodeAck,
  encodeFrame,
  encodeNak,
  FramedDecoder,
  toHex,
  type FramedItem,
} from '../../../hardware/decoders/framed';
import { FRAMED_GARBAGE } from '../../../hardware/sim/serial-shoe-sim';

const hex = (s: string) => Uint8Array.from(s.trim().split(/\s+/).map((h) => parseInt(h, 16)));

function summary(items: FramedItem[]): string[] {
  return items.map((it) => (it.kind === 'frame' ? `frame ${it.seq} ${it.payload} [${toHex(it.raw)}]` : `bad [${toHex(it.raw)}] ${it.reason}`));
}

/** CRC-16/CCITT-FALSE bit by bit, straight from its definition: a reference for the table-driven one. */
function referenceCrc(bytes: ArrayLike<number>): number {
  let crc = 0xffff;
  for (let i = 0; i < bytes.length; i++) {
    crc ^= bytes[i] << 8;
    for (let k = 0; k < 8; k++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** An independent check: the CRC from the byte after STX through ETX equals the last two bytes, high first. */
function checks(raw: Uint8Array): boolean {
  const n = raw.length;
  return raw[0] === 0x02 && raw[n - 3] === 0x03 && referenceCrc(raw.subarray(1, n - 2)) === ((raw[n - 2] << 8) | raw[n - 1]);
}

describe('crc16CcittFalse', () => {
  it('has the check value 0x29B1 for ASCII "123456789"', () => {
    expect(crc16CcittFalse(new TextEncoder().encode('123456789'))).toBe(0x29b1);
    expect(crc16CcittFalse(new Uint8Array(0))).toBe(0xffff);
  });

  it('covers bytes[from..to) only', () => {
    const bytes = new TextEncoder().encode('xx123456789yy');
    expect(crc16CcittFalse(bytes, 2, 11)).toBe(0x29b1);
    expect(crc16CcittFalse(bytes, 2)).toBe(referenceCrc(bytes.subarray(2)));
    expect(crc16CcittFalse(bytes, 5, 5)).toBe(0xffff);
  });

  it('agrees with the bit-by-bit definition on random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expect(crc16CcittFalse(bytes)).toBe(referenceCrc(bytes));
      }),
      { seed: 16, numRuns: 500 },
    );
  });

  it.each([
    [-1, 3],
    [2, 1],
    [0, 5],
    [0.5, 2],
  ])('refuses the range %d..%d of 4 bytes', (from, to) => {
    expect(() => crc16CcittFalse(new Uint8Array(4), from, to)).toThrow(RangeError);
  });
});

describe('framed: worked examples of docs/wire-formats.md section 2.7', () => {
  // Each row is copied from the table in the doc; a change to either must change both.
  it.each([
    [7, 'CAs', '02 30 37 43 41 73 03 F8 12'],
    [8, 'CTd', '02 30 38 43 54 64 03 AF 9C'],
    [99, 'C9c', '02 39 39 43 39 63 03 0D 82'],
    [0, 'C2h', '02 30 30 43 32 68 03 C1 17'],
    [3, 'SUNREAD', '02 30 33 53 55 4E 52 45 41 44 03 B7 E8'],
    [4, 'SLID', '02 30 34 53 4C 49 44 03 29 77'],
    [12, 'SJAM', '02 31 32 53 4A 41 4D 03 28 57'],
    [13, 'SREADY', '02 31 33 53 52 45 41 44 59 03 2F 05'],
    [13, 'H', '02 31 33 48 03 F6 6E'],
    [51, 'SEMPTY', '02 35 31 53 45 4D 50 54 59 03 C2 D4'],
  ])('SEQ %i %s encodes to %s and decodes back', (seq, payload, bytes) => {
    expect(toHex(encodeFrame(seq, payload))).toBe(bytes.toLowerCase());
    expect(summary(new FramedDecoder().push(hex(bytes)))).toEqual([`frame ${seq} ${payload} [${bytes.toLowerCase()}]`]);
  });

  it('the CRC excludes STX and includes ETX, high byte first (the step-by-step example)', () => {
    const frame = encodeFrame(7, 'CAs');
    // The CRC register after each byte from SEQ to ETX, as listed in the doc.
    const steps = [0xd7a3, 0x5e2e, 0xed9c, 0xe866, 0x54d2, 0xf812];
    expect(steps.map((_, i) => crc16CcittFalse(frame, 1, 2 + i))).toEqual(steps);
    expect([frame[7], frame[8]]).toEqual([0xf8, 0x12]);
    expect(crc16CcittFalse(frame, 0, 7)).not.toBe(0xf812);
  });

  it('refuses As read as Qc (bit 4 flipped in two bytes), which a one-byte XOR check lets through', () => {
    const damaged = hex('02 30 37 43 51 63 03 F8 12');
    expect(damaged.subarray(1, 7).reduce((x, b) => x ^ b, 0)).toBe(encodeFrame(7, 'CAs').subarray(1, 7).reduce((x, b) => x ^ b, 0));
    expect(summary(new FramedDecoder().push(damaged))).toEqual(['bad [02 30 37 43 51 63 03 f8 12] CRC 0xF812 does not match 0xB802']);
  });

  it('answers: ACK carries the SEQ, NAK is one byte', () => {
    expect(toHex(encodeAck(7))).toBe('06 30 37');
    expect(toHex(encodeAck(99))).toBe('06 39 39');
    expect(toHex(encodeNak())).toBe('15');
  });

  it('the damaged-frame example (Td read as Th) is refused naming the CRC, and the noise example is skipped', () => {
    expect(summary(new FramedDecoder().push(hex('02 30 38 43 54 68 03 AF 9C')))).toEqual(['bad [02 30 38 43 54 68 03 af 9c] CRC 0xAF9C does not match 0xEAF1']);
    const d = new FramedDecoder();
    const items = d.push(hex('00 FF 13 02 39 39 43 41 73 03 00 00 02 30 37 43 41 73 03 F8 12'));
    expect(summary(items)).toEqual(['bad [02 39 39 43 41 73 03 00 00] CRC 0x0000 does not match 0x7F58', 'frame 7 CAs [02 30 37 43 41 73 03 f8 12]']);
    expect(d.discardedBytes).toBe(3);
  });
});

describe('FramedDecoder', () => {
  it.each([
    ['non-digit SEQ', '02 30 41 43 41 73 03 00 00', 'sequence number byte 0x41 is not a digit'],
    ['empty payload', '02 30 31 03', 'empty payload'],
    ['control byte in payload', '02 30 31 43 0A 73 03 00 00', 'payload byte 0x0A is not printable ASCII'],
    ['byte >= 0x80 in payload', '02 30 31 43 C1 73 03 00 00', 'payload byte 0xC1 is not printable ASCII'],
  ])('refuses a frame with %s', (_, bytes, reason) => {
    const items = new FramedDecoder().push(hex(bytes));
    expect(items[0]).toMatchObject({ kind: 'bad-frame', reason });
  });

  it('a new STX inside a frame discards the partial frame and starts over (resync)', () => {
    const items = new FramedDecoder().push(hex('02 30 37 43 41 02 30 37 43 41 73 03 F8 12'));
    expect(summary(items)).toEqual(['bad [02 30 37 43 41] frame cut off by a new STX', 'frame 7 CAs [02 30 37 43 41 73 03 f8 12]']);
  });

  it('noise ending in a fake ETX does not swallow the next frame, whichever CRC byte its STX lands on', () => {
    const onHigh = new FramedDecoder().push(hex('02 30 31 43 03 02 30 37 43 41 73 03 F8 12'));
    expect(summary(onHigh)).toEqual(['bad [02 30 31 43 03 02 30] CRC 0x0230 does not match 0x3240', 'frame 7 CAs [02 30 37 43 41 73 03 f8 12]']);
    const onLow = new FramedDecoder().push(hex('02 30 31 43 03 41 02 30 37 43 41 73 03 F8 12'));
    expect(summary(onLow)).toEqual(['bad [02 30 31 43 03 41 02] CRC 0x4102 does not match 0x3240', 'frame 7 CAs [02 30 37 43 41 73 03 f8 12]']);
  });

  it('the garbage fault of the simulator holds a fake frame that fails its check, and nothing else', () => {
    expect(summary(new FramedDecoder().push(FRAMED_GARBAGE))).toEqual(['bad [02 39 39 43 41 73 03 00 55] CRC 0x0055 does not match 0x7F58']);
  });

  it('a CRC byte equal to STX, ETX, ACK or NAK is read by position, not value', () => {
    const cards = [...'23456789TJQKA'].flatMap((r) => [...'shdc'].map((u) => `C${r}${u}`));
    for (const at of ['high', 'low'] as const) {
      for (const want of [0x02, 0x03, 0x06, 0x15]) {
        let found: Uint8Array | undefined;
        for (let s = 0; s < 100 && !found; s++) {
          for (const p of cards) {
            const f = encodeFrame(s, p);
            if (f[at === 'high' ? f.length - 2 : f.length - 1] === want) found = f;
          }
        }
        expect(found, `a card frame with ${want} as its ${at} CRC byte`).toBeDefined();
        const twice = new Uint8Array([...found!, ...found!]);
        expect(new FramedDecoder().push(twice).map((i) => i.kind)).toEqual(['frame', 'frame']);
      }
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
    0x02, 0x39, 0x39, 0x43, 0x41, 0x73, 0x03, 0x00, 0x00, // looks like a frame, wrong CRC
    ...encodeFrame(2, 'H'),
    0x02, 0x30, // cut off by the next STX
    ...encodeFrame(2, 'CTd'),
    ...encodeFrame(3, 'SREADY').map((b, i, a) => (i === a.length - 1 ? b ^ 0x5a : b)), // bad CRC
    ...encodeFrame(3, 'SREADY'),
    0x02, 0x31, 0x32, 0x7f, 0x03, 0x00, 0x00, // DEL in payload
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
    expect(d.push(hex('41 73 03 F8 12'))).toEqual([]);
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
    // an STX taken as a CRC byte of a fake frame that fails its check starts a frame too. (Only
    // noise holding a whole fake frame whose CRC happens to match the next frame's first bytes
    // could hide that frame; the shoe's retransmission recovers that case.)
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

describe('FramedDecoder: bit errors in a card frame', () => {
  // CRC-16/CCITT-FALSE has Hamming distance 4 at this length: every error of up to 3 bits
  // anywhere from SEQ through the CRC bytes must be refused. STX is flipped too: then the
  // frame is not recognised at all (noise), which is refused as well, just without a NAK.
  const good = encodeFrame(7, 'CAs');
  const goodText = `frame 7 CAs [${toHex(good)}]`;
  const bits = good.length * 8;

  /** Every set of `k` distinct bit positions of the frame, in order. */
  function* bitSets(k: number, from = 0, chosen: number[] = []): Generator<number[]> {
    if (chosen.length === k) {
      yield chosen;
      return;
    }
    for (let b = from; b <= bits - (k - chosen.length); b++) yield* bitSets(k, b + 1, [...chosen, b]);
  }

  function damaged(flips: number[]): Uint8Array {
    const out = good.slice();
    for (const b of flips) out[b >> 3] ^= 0x80 >> (b & 7);
    return out;
  }

  const choose = (n: number, k: number): number => (k === 0 ? 1 : (choose(n - 1, k - 1) * n) / k);

  it.each([1, 2, 3])('every %i-bit error is refused; the retransmission after it is the only frame accepted', (k) => {
    let cases = 0;
    let naked = 0;
    let unrecognised = 0;
    let accepted = 0;
    for (const flips of bitSets(k)) {
      cases++;
      // The damaged frame, then the shoe's retransmission of the intact one (after the NAK, or
      // after its ACK timeout when the damage left nothing to NAK).
      const stream = new Uint8Array([...damaged(flips), ...good]);
      const items = summary(new FramedDecoder().push(stream));
      const frames = items.filter((t) => t.startsWith('frame'));
      accepted += frames.filter((t) => t !== goodText).length;
      if (frames.length !== 1 || frames[0] !== goodText || items[items.length - 1] !== goodText) {
        expect.fail(`bits ${flips.join(',')} flipped (${toHex(damaged(flips))}): ${JSON.stringify(items)}`);
      }
      if (flips[0] < 8) unrecognised++;
      else if (items.length > 1 && items.slice(0, -1).every((t) => t.startsWith('bad'))) naked++;
      else expect.fail(`bits ${flips.join(',')} flipped with STX intact but not refused: ${JSON.stringify(items)}`);
      // The same bytes one at a time (a split at every byte boundary) give the same items.
      const d = new FramedDecoder();
      const oneByOne: FramedItem[] = [];
      for (const b of stream) oneByOne.push(...d.push(Uint8Array.of(b)));
      if (summary(oneByOne).join('|') !== items.join('|')) expect.fail(`bits ${flips.join(',')}: byte by byte ${JSON.stringify(summary(oneByOne))}, whole ${JSON.stringify(items)}`);
      // And, for 1- and 2-bit errors, split in two at every point.
      if (k < 3) {
        for (let i = 0; i <= stream.length; i++) {
          const e = new FramedDecoder();
          const split = summary([...e.push(stream.subarray(0, i)), ...e.push(stream.subarray(i))]);
          if (split.join('|') !== items.join('|')) expect.fail(`bits ${flips.join(',')} split at ${i}: ${JSON.stringify(split)}`);
        }
      }
    }
    expect(cases).toBe(choose(bits, k));
    expect(accepted).toBe(0);
    // Damage with STX intact is NAKed; damage touching STX is skipped as noise.
    expect(naked + unrecognised).toBe(cases);
    expect(unrecognised).toBe(choose(bits, k) - choose(bits - 8, k));
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
