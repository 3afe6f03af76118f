import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCard } from '../../../app/domain/cards';
import { encodeLine, LineDecoder, type LineItem } from '../../../hardware/decoders/lines';

const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder().decode(b);

/** Items as comparable plain values. */
function summary(items: LineItem[]): string[] {
  return items.map((it) => (it.kind === 'card' ? `card ${formatCard(it.card)} [${text(it.raw)}]` : `unreadable [${Array.from(it.raw).join(',')}] ${it.reason}`));
}

function decodeWhole(input: Uint8Array, options = {}): string[] {
  return summary(new LineDecoder(options).push(input));
}

describe('LineDecoder', () => {
  // Terminators of docs/wire-formats.md section 1: CR, LF and CRLF each end one line.
  it.each([
    ['CRLF', 'As\r\nTd\r\n9c\r\n'],
    ['LF', 'As\nTd\n9c\n'],
    ['CR', 'As\rTd\r9c\r'],
    ['mixed', 'As\rTd\r\n9c\n'],
    ['blank lines between', '\r\n\nAs\n\n\r\nTd\r\r9c\n'],
  ])('reads three cards ended by %s', (_, input) => {
    expect(decodeWhole(bytes(input))).toEqual(['card As [As]', 'card Td [Td]', 'card 9c [9c]']);
  });

  it('accepts the spellings RULES.md section 1 allows (10, lower/upper case, suit symbols, spaces)', () => {
    const items = new LineDecoder().push(bytes('10d\n ah \nA♠\nkH\t\n'));
    expect(items.map((i) => (i.kind === 'card' ? formatCard(i.card) : i.kind))).toEqual(['Td', 'Ah', 'As', 'Kh']);
  });

  it('turns every line that is not one card into an unreadable item with its raw bytes', () => {
    const items = new LineDecoder().push(bytes('??\nAx\nAs Kd\n   \nJs\n'));
    expect(items.map((i) => i.kind)).toEqual(['unreadable', 'unreadable', 'unreadable', 'unreadable', 'card']);
    expect(text(items[0].raw)).toBe('??');
    expect(items[1].kind === 'unreadable' && items[1].reason).toContain('unknown suit "x"');
    expect(items[3].kind === 'unreadable' && items[3].reason).toBe('blank line');
  });

  it('reports bytes that are not UTF-8 as unreadable', () => {
    const items = new LineDecoder().push(Uint8Array.of(0x41, 0xff, 0x73, 0x0a));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'unreadable', reason: 'line is not UTF-8 text' });
    expect(Array.from(items[0].raw)).toEqual([0x41, 0xff, 0x73]);
  });

  it('checks and strips a prefix', () => {
    const d = new LineDecoder({ prefix: 'CARD:' });
    const items = d.push(bytes('CARD:As\nQd\ncard:Qd\nCARD: 9c\n'));
    expect(summary(items)).toEqual([
      'card As [CARD:As]',
      `unreadable [${Array.from(bytes('Qd')).join(',')}] line does not start with the prefix "CARD:"`,
      `unreadable [${Array.from(bytes('card:Qd')).join(',')}] line does not start with the prefix "CARD:"`,
      'card 9c [CARD: 9c]',
    ]);
  });

  it('reports an overlong line once and resumes at the next terminator', () => {
    const d = new LineDecoder({ maxLineBytes: 8 });
    const items = d.push(bytes('0123456789ABCDEF\nAs\n'));
    expect(items.map((i) => i.kind)).toEqual(['unreadable', 'card']);
    expect(text(items[0].raw)).toBe('012345678');
    expect(items[0].kind === 'unreadable' && items[0].reason).toBe('line longer than 8 bytes');
  });

  it('reports a line cut off by the end of the stream as unreadable on flush, then forgets it', () => {
    const d = new LineDecoder();
    expect(d.push(bytes('As\nK'))).toHaveLength(1);
    const cut = d.flush();
    expect(cut).toEqual([{ kind: 'unreadable', raw: bytes('K'), reason: 'line cut off before its end (no CR or LF)' }]);
    expect(d.flush()).toEqual([]);
    expect(summary(d.push(bytes('d\n')))).toEqual([`unreadable [${bytes('d')[0]}] not a card: "d" (expected rank then suit, e.g. "As", "Td", "10d")`]);
  });

  it('a CR at the end of one chunk and the LF at the start of the next are one terminator', () => {
    const d = new LineDecoder();
    expect(summary(d.push(bytes('As\r')))).toEqual(['card As [As]']);
    expect(d.push(bytes('\nTd\r\n'))).toHaveLength(1);
  });

  it('gives the same items however the bytes are split (every split point, and every pair of points)', () => {
    const input = bytes('As\r\n??\rTd\nCARD\n10h\r\n\r\n\xff\n' + 'x'.repeat(70) + '\n9c\r');
    const whole = decodeWhole(input);
    expect(whole.length).toBe(8);
    for (let i = 0; i <= input.length; i++) {
      const d = new LineDecoder();
      expect(summary([...d.push(input.subarray(0, i)), ...d.push(input.subarray(i))])).toEqual(whole);
    }
    for (let i = 0; i <= input.length; i += 3) {
      for (let j = i; j <= input.length; j += 2) {
        const d = new LineDecoder();
        const got = [...d.push(input.subarray(0, i)), ...d.push(input.subarray(i, j)), ...d.push(input.subarray(j))];
        expect(summary(got)).toEqual(whole);
      }
    }
    const d = new LineDecoder();
    const oneByOne = Array.from(input).flatMap((b) => d.push(Uint8Array.of(b)));
    expect(summary(oneByOne)).toEqual(whole);
  });

  it('encodeLine writes what the decoder reads back', () => {
    for (const ending of ['CR', 'LF', 'CRLF'] as const) {
      expect(decodeWhole(encodeLine('Qh', ending))).toEqual(['card Qh [Qh]']);
    }
  });

  it.each([
    [{ prefix: 'A\n' }, 'prefix must not contain CR or LF'],
    [{ maxLineBytes: 3 }, 'maxLineBytes must be an integer from 4 to 1024, got 3'],
    [{ maxLineBytes: 10.5 }, 'maxLineBytes must be an integer'],
    [{ prefix: 'ABCDEFG', maxLineBytes: 8 }, 'prefix must be at most 6 bytes, to leave room for a card in a line of at most 8 bytes'],
    [null, 'LineDecoder: options must be an object, got null'],
    [{ prefx: 'A' }, 'unknown option "prefx"'],
    [{ prefix: 5 }, 'prefix must be text'],
  ])('refuses bad options %j', (options, message) => {
    expect(() => new LineDecoder(options as never)).toThrow(message);
  });

  it('fuzz: random bytes split at random points never throw, and split/whole agree', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.array(fc.nat(), { maxLength: 6 }), (input, cuts) => {
        const whole = decodeWhole(input);
        const points = [...new Set(cuts.map((c) => c % (input.length + 1)))].sort((a, b) => a - b);
        const d = new LineDecoder();
        const got: LineItem[] = [];
        let from = 0;
        for (const p of [...points, input.length]) {
          got.push(...d.push(input.subarray(from, p)));
          from = p;
        }
        expect(summary(got)).toEqual(whole);
        d.flush();
      }),
      { seed: 20240604, numRuns: 500 },
    );
  });

  it('fuzz: every card item comes from a line that is exactly one card', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom('As', 'Td', '10c', '\r', '\n', '\r\n', '?', 'x', ' '), fc.string({ maxLength: 3 })), { maxLength: 40 }), (parts) => {
        for (const item of new LineDecoder().push(bytes(parts.join('')))) {
          if (item.kind === 'card') expect(text(item.raw).trim().replace(/^10/, 'T').toLowerCase()).toBe(formatCard(item.card).toLowerCase());
        }
      }),
      { seed: 7, numRuns: 500 },
    );
  });
});
