/**
 * The protocol layer's edges (docs/wire-formats.md, "Payloads" and 2.3-2.4): the payload
 * builders a shoe uses and the grammar's exact letters; the receiver's "heard", its counters,
 * the sequence state a heartbeat keeps or clears, the ACK it matches byte for byte, and the
 * replies of one chunk joined in order.
 */
import { describe, expect, it } from 'vitest';
import { parseCards } from '../../../app/domain/cards';
import { encodeAck, encodeFrame, toHex } from '../../../hardware/decoders/framed';
import { cardPayload, HEARTBEAT_PAYLOAD, parsePayload, STATUS_CODES, statusPayload, type StatusCode } from '../../../hardware/protocol/framed-payload';
import { FramedReceiver, LinesReceiver, makeReceiver, WIRE_FORMATS, type Receiver } from '../../../hardware/protocol/receiver';

const ascii = (text: string) => new TextEncoder().encode(text);
const bodies = (r: FramedReceiver, bytes: Uint8Array) => r.push(bytes).events.map((e) => e.body);

describe('framed payloads', () => {
  it('a card payload is C and the card; a status payload S and the code; a heartbeat is H', () => {
    const cards = parseCards('As Td 9c 2h');
    if (!cards.ok) throw new Error(cards.error.message);
    expect(cards.value.map(cardPayload)).toEqual(['CAs', 'CTd', 'C9c', 'C2h']);
    for (const card of cards.value) expect(parsePayload(cardPayload(card))).toEqual({ type: 'card', card });
    expect(statusPayload('JAM')).toBe('SJAM');
    expect(statusPayload('UNREAD')).toBe('SUNREAD');
    for (const code of Object.keys(STATUS_CODES) as StatusCode[]) expect(parsePayload(statusPayload(code)).type).not.toBe('unknown');
    expect(HEARTBEAT_PAYLOAD).toBe('H');
    expect(parsePayload(HEARTBEAT_PAYLOAD)).toEqual({ type: 'heartbeat' });
  });

  it('H with anything after it, or another letter alone, is not a heartbeat', () => {
    expect(parsePayload('H1')).toEqual({ type: 'unknown', code: 'H1' });
    expect(parsePayload('X')).toEqual({ type: 'unknown', code: 'X' });
    expect(parsePayload('')).toEqual({ type: 'unknown', code: '' });
  });

  it('a status code after another letter than S is not a status', () => {
    expect(parsePayload('XJAM')).toEqual({ type: 'unknown', code: 'XJAM' });
    expect(parsePayload('HREADY')).toEqual({ type: 'unknown', code: 'HREADY' });
  });
});

describe('wire formats', () => {
  it('lines and framed, each with its receiver', () => {
    expect(WIRE_FORMATS).toEqual(['lines', 'framed']);
    for (const format of WIRE_FORMATS) expect(makeReceiver(format).format).toBe(format);
  });
});

describe('LinesReceiver', () => {
  it('heard only when a whole line arrived', () => {
    const r = new LinesReceiver({ prefix: '' });
    expect(r.push(ascii('A')).heard).toBe(false);
    expect(r.push(ascii('s\r\n')).heard).toBe(true);
    expect(r.push(ascii('??\n')).heard).toBe(true); // an unreadable line is still the reader speaking
    expect(r.push(new Uint8Array(0)).heard).toBe(false);
  });

  it('reset() forgets a partial line', () => {
    const r = new LinesReceiver({ prefix: '' });
    r.push(ascii('K'));
    r.reset();
    expect(r.push(ascii('s\n')).events.map((e) => e.body)).toEqual([{ status: 'unreadable', raw: ascii('s'), reason: 'not a card: "s" (expected rank then suit, e.g. "As", "Td", "10d")' }]);
    expect(r.disconnected()).toEqual([]);
  });

  it('keeps no counters and ignores an acknowledgement', () => {
    const r: Receiver = new LinesReceiver();
    r.acknowledged(encodeAck(0));
    expect(r.counts()).toEqual({});
  });
});

describe('FramedReceiver counters', () => {
  it('counts frames, bad frames, duplicates, resends and gaps', () => {
    const r = new FramedReceiver();
    const bad = encodeFrame(1, 'CAs');
    bad[bad.length - 1] ^= 1;
    r.push(new Uint8Array([...encodeFrame(0, 'CAs'), ...bad, ...bad, ...encodeFrame(0, 'CAs')])); // frame, 2 bad, resend
    r.acknowledged(encodeAck(0));
    r.push(encodeFrame(0, 'CAs')); // duplicate
    r.push(encodeFrame(5, 'H')); // gap (1..4)
    r.push(encodeFrame(9, 'CKs')); // gap (5..8)
    expect(r.counts()).toEqual({ frames: 5, badFrames: 2, duplicates: 1, resends: 1, gaps: 2, discardedBytes: 0 });
  });
});

describe('FramedReceiver: a heartbeat and the last frame', () => {
  it('a heartbeat announcing the next number keeps the last frame: its resend after the ACK is still answered at once', () => {
    const r = new FramedReceiver();
    r.acknowledged(r.push(encodeFrame(6, 'CKd')).events[0].ack!);
    expect(r.push(encodeFrame(7, 'H')).events).toEqual([]);
    const again = r.push(encodeFrame(6, 'CKd'));
    expect(again.events).toEqual([]);
    expect(toHex(again.reply)).toBe('06 30 36');
  });

  it('a heartbeat announcing the next number keeps a status frame as the last: the card after it carries afterSeq', () => {
    const r = new FramedReceiver();
    r.push(new Uint8Array([...encodeFrame(4, 'CAs'), ...encodeFrame(5, 'SJAM')]));
    r.push(encodeFrame(6, 'H'));
    expect(bodies(r, encodeFrame(6, 'CKd'))).toEqual([expect.objectContaining({ kind: 'card', seq: 6, afterSeq: 5 })]);
  });

  it('a heartbeat with another number forgets the status frame: the card after it carries no afterSeq', () => {
    const r = new FramedReceiver();
    r.push(new Uint8Array([...encodeFrame(4, 'CAs'), ...encodeFrame(5, 'SJAM')]));
    expect(bodies(r, encodeFrame(9, 'H'))).toEqual([{ status: 'sequence-gap', expected: 6, received: 9, missing: 3 }]);
    const after = bodies(r, encodeFrame(9, 'CKd'));
    expect(after).toEqual([expect.objectContaining({ kind: 'card', seq: 9 })]);
    expect(after[0]).not.toHaveProperty('afterSeq');
  });

  it('a frame with the number a first heartbeat deduced is a new frame (after a gap), not a resend', () => {
    const r = new FramedReceiver();
    r.push(encodeFrame(7, 'H'));
    const out = r.push(encodeFrame(6, 'CKd'));
    expect(out.events.map((e) => e.body)).toEqual([{ status: 'sequence-gap', expected: 7, received: 6, missing: 99 }, expect.objectContaining({ kind: 'card', seq: 6 })]);
    expect(out.events[1].resend).toBeUndefined();
    expect(r.counts()).toMatchObject({ resends: 0, duplicates: 0 });
  });
});

describe('FramedReceiver.acknowledged', () => {
  it('only the whole ACK of the last frame marks it acknowledged, not a part of it nor more', () => {
    const r = new FramedReceiver();
    const ack = r.push(encodeFrame(6, 'CKd')).events[0].ack!;
    r.acknowledged(ack.subarray(0, 2));
    r.acknowledged(new Uint8Array([...ack, 0x30]));
    r.acknowledged(new Uint8Array(0));
    expect(r.push(encodeFrame(6, 'CKd')).events[0].resend).toBe(true);
    r.acknowledged(ack);
    expect(r.push(encodeFrame(6, 'CKd')).events).toEqual([]);
  });

  it('before any frame, and after a heartbeat only, an ACK marks nothing', () => {
    const r = new FramedReceiver();
    r.acknowledged(encodeAck(6));
    r.push(encodeFrame(7, 'H'));
    r.acknowledged(encodeAck(6));
    r.push(encodeFrame(6, 'CKd'));
    expect(r.push(encodeFrame(6, 'CKd')).events[0].resend).toBe(true);
  });
});

describe('FramedReceiver replies', () => {
  it('the replies of one chunk are all sent, in order: two NAKs, then a NAK and an ACK', () => {
    const r = new FramedReceiver();
    const bad = encodeFrame(1, 'CAs');
    bad[bad.length - 1] ^= 1;
    expect(toHex(r.push(new Uint8Array([...bad, ...bad])).reply)).toBe('15 15');
    r.acknowledged(r.push(encodeFrame(2, 'CKd')).events[0].ack!);
    expect(toHex(r.push(new Uint8Array([...bad, ...encodeFrame(2, 'CKd'), ...bad])).reply)).toBe('15 06 30 32 15');
  });
});
