/**
 * Cards and device reads as the table service's callers give them (app/services/card-input.ts):
 * a card by its code or its text, a list of them or a text of them, raw device bytes as hex, and
 * where a read came from. Every refusal is `bad-card` and starts with what was being read, so
 * the dealer or the floor sees which input was wrong; the time stamp every event and row carries
 * (app/services/iso-time.ts) is the instant's ISO text, whatever was stamped before.
 */
import { describe, expect, it } from 'vitest';
import { cardOf, cardsOf, originOf, toHex } from '../../../app/services/card-input';
import { isoTime } from '../../../app/services/iso-time';

describe('cardOf: one card', () => {
  it('takes a code 0..51 and a card text, ten written either way', () => {
    expect(cardOf(0, 'card read')).toEqual({ ok: true, value: 0 });
    expect(cardOf(51, 'card read')).toEqual({ ok: true, value: 51 });
    expect(cardOf('As', 'card read')).toEqual({ ok: true, value: 48 }); // rank * 4 + suit: ace 12, spades 0
    expect(cardOf('10d', 'card read')).toEqual(cardOf('Td', 'card read'));
  });

  it('refuses a code outside the deck or not whole, naming what was read and the range', () => {
    for (const code of [-1, 52, 1.5]) {
      expect(cardOf(code, 'card read')).toEqual({ ok: false, error: { code: 'bad-card', message: `card read: ${code} is not a card code (0..51)` } });
    }
  });

  it('refuses a text that is not a card, naming what was read before the parser\'s words', () => {
    expect(cardOf('9x', 'exposed card')).toEqual({
      ok: false, error: { code: 'bad-card', message: 'exposed card: not a card: "9x" (unknown suit "x"; suits are s, h, d, c or ♠ ♥ ♦ ♣)' },
    });
  });

  it('refuses anything else, quoting it', () => {
    expect(cardOf(null as never, 'card read')).toEqual({ ok: false, error: { code: 'bad-card', message: 'card read: null is not a card' } });
    expect(cardOf({ rank: 'A' } as never, 'card read')).toEqual({ ok: false, error: { code: 'bad-card', message: 'card read: {"rank":"A"} is not a card' } });
  });
});

describe('cardsOf: a list of cards', () => {
  it('gives undefined for none given, and the cards of a text or of a list of codes and texts', () => {
    expect(cardsOf(undefined, 'natural')).toEqual({ ok: true, value: undefined });
    expect(cardsOf('As Kd, 2c', 'natural')).toEqual({ ok: true, value: [48, 46, 3] });
    expect(cardsOf([48, 'Kd', '2c'], 'natural')).toEqual({ ok: true, value: [48, 46, 3] });
    expect(cardsOf([], 'natural')).toEqual({ ok: true, value: [] });
  });

  it('names what was read and the place of the first bad card, in a text and in a list', () => {
    expect(cardsOf('As Kd 9x', 'surrendered hand')).toEqual({
      ok: false, error: { code: 'bad-card', message: 'surrendered hand: card 3: not a card: "9x" (unknown suit "x"; suits are s, h, d, c or ♠ ♥ ♦ ♣)' },
    });
    expect(cardsOf([51, 52, 'zz'], 'front row')).toEqual({ ok: false, error: { code: 'bad-card', message: 'front row card 2: 52 is not a card code (0..51)' } });
    expect(cardsOf(['As', 'Kd', '1d'], 'front row')).toEqual({
      ok: false, error: { code: 'bad-card', message: 'front row card 3: not a card: "1d" (unknown rank "1"; ranks are 2-9, T or 10, J, Q, K, A)' },
    });
  });

  it('refuses a value that is neither text nor a list', () => {
    expect(cardsOf(7 as never, 'natural')).toEqual({ ok: false, error: { code: 'bad-card', message: 'natural: a list of cards is expected' } });
  });
});

describe('toHex: a device read as the log keeps it', () => {
  it('writes bytes as lower-case hex, only the bytes of the view given', () => {
    expect(toHex(new Uint8Array([0x02, 0xab, 0xff]))).toBe('02abff');
    const whole = new Uint8Array([1, 2, 3, 4, 5]);
    expect(toHex(whole.subarray(1, 3))).toBe('0203');
  });

  it('takes text as hex already, lower-cased, and nothing as the empty text', () => {
    expect(toHex('02ABff')).toBe('02abff');
    expect(toHex(undefined)).toBe('');
  });
});

describe('originOf: where a read came from', () => {
  it('names the device, and marks the simulator only when it is one', () => {
    expect(originOf({})).toEqual({});
    expect(originOf({ device: 'shoe' })).toEqual({ device: 'shoe' });
    expect(originOf({ device: 'shoe', simulated: true })).toEqual({ device: 'shoe', simulated: true });
    expect(originOf({ device: 'shoe', simulated: false })).toEqual({ device: 'shoe' });
    expect(Object.keys(originOf({ simulated: false }))).toEqual([]);
  });
});

describe('isoTime', () => {
  it('gives each instant its own ISO 8601 UTC text, also after the same instant was stamped', () => {
    const a = Date.parse('2025-03-01T20:00:00.000Z');
    expect(isoTime(a)).toBe('2025-03-01T20:00:00.000Z');
    expect(isoTime(a)).toBe('2025-03-01T20:00:00.000Z');
    expect(isoTime(a + 1)).toBe('2025-03-01T20:00:00.001Z');
    expect(isoTime(a)).toBe('2025-03-01T20:00:00.000Z');
    expect(isoTime(0)).toBe('1970-01-01T00:00:00.000Z');
  });
});
