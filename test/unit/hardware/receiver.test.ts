import { describe, expect, it } from 'vitest';
import { formatCard } from '../../../app/domain/cards';
import type { EventBody } from '../../../hardware/card-source';
import { encodeFrame, toHex } from '../../../hardware/decoders/framed';
import { FramedReceiver, LinesReceiver, makeReceiver, type Received } from '../../../hardware/protocol/receiver';

const enc = (s: string) => new TextEncoder().encode(s);

/** Events in a compact text form. */
function show(received: readonly (Received | EventBody)[]): string[] {
  return received.map((r) => {
    const e = 'body' in r ? r.body : r;
    if ('kind' in e) return `card ${formatCard(e.card)}${e.seq !== undefined ? `#${e.seq}` : ''}`;
    switch (e.status) {
      case 'sequence-gap':
        return `gap expected ${e.expected} received ${e.received} missing ${e.missing}`;
      case 'unreadable':
        return `unreadable (${e.reason})`;
      case 'device-status':
        return `device-status ${e.code}`;
      default:
        return e.status;
    }
  });
}

describe('FramedReceiver (terminal side of docs/wire-formats.md 2.3-2.4)', () => {
  it('reports card and status frames, each with the ACK of its SEQ to send once it is recorded', () => {
    const r = new FramedReceiver();
    const out = r.push(new Uint8Array([...encodeFrame(0, 'CAs'), ...encodeFrame(1, 'SJAM'), ...encodeFrame(2, 'SREADY'), ...encodeFrame(3, 'SLID'), ...encodeFrame(4, 'SEMPTY'), ...encodeFrame(5, 'SUNREAD')]));
    expect(show(out.events)).toEqual(['card As#0', 'jam', 'ready', 'lid-open', 'shoe-empty', 'unreadable (the shoe could not read the card)']);
    expect(out.events.map((e) => toHex(e.ack!)).join(' ')).toBe('06 30 30 06 30 31 06 30 32 06 30 33 06 30 34 06 30 35');
    expect(out.reply.length).toBe(0); // nothing is acknowledged before the consumer records it
    expect(out.heard).toBe(true);
  });

  it('a resend before the ACK is delivered again, marked; after the ACK it is answered at once', () => {
    const r = new FramedReceiver();
    const first = r.push(encodeFrame(6, 'CKd'));
    expect(first.events[0].resend).toBeUndefined();
    const again = r.push(encodeFrame(6, 'CKd'));
    expect(show(again.events)).toEqual(['card Kd#6']);
    expect(again.events[0].resend).toBe(true);
    expect(toHex(again.events[0].ack!)).toBe('06 30 36');
    expect(again.reply.length).toBe(0);
    r.acknowledged(again.events[0].ack!);
    const third = r.push(encodeFrame(6, 'CKd'));
    expect(third.events).toEqual([]);
    expect(toHex(third.reply)).toBe('06 30 36');
    expect(r.counts()).toMatchObject({ resends: 1, duplicates: 1 });
  });

  it('an ACK of an older frame does not mark the last one acknowledged', () => {
    const r = new FramedReceiver();
    const a = r.push(encodeFrame(6, 'CKd')).events[0].ack!;
    r.push(encodeFrame(7, 'CQd'));
    r.acknowledged(a);
    expect(r.push(encodeFrame(7, 'CQd')).events[0].resend).toBe(true);
  });

  it('NAKs every damaged frame, answers nothing to noise and heartbeats', () => {
    const r = new FramedReceiver();
    const bad = encodeFrame(0, 'CAs');
    bad[bad.length - 1] ^= 1;
    const out = r.push(new Uint8Array([0x00, 0xff, ...bad, ...encodeFrame(0, 'H'), 0x13]));
    expect(out.events).toEqual([]);
    expect(toHex(out.reply)).toBe('15');
    expect(out.heard).toBe(true); // the heartbeat
    expect(r.push(Uint8Array.of(0x00, 0x41)).heard).toBe(false);
  });

  it('drops a retransmission of an acknowledged frame (same SEQ, same bytes) but ACKs it again', () => {
    const r = new FramedReceiver();
    r.acknowledged(r.push(encodeFrame(6, 'CKd')).events[0].ack!);
    const again = r.push(encodeFrame(6, 'CKd'));
    expect(again.events).toEqual([]);
    expect(toHex(again.reply)).toBe('06 30 36');
    expect(r.counts().duplicates).toBe(1);
  });

  it('a card read twice (two SEQs, same card) is two cards', () => {
    const r = new FramedReceiver();
    expect(show(r.push(new Uint8Array([...encodeFrame(6, 'CKd'), ...encodeFrame(7, 'CKd')])).events)).toEqual(['card Kd#6', 'card Kd#7']);
  });

  it('reports a gap, accepts the frame and goes on from it', () => {
    const r = new FramedReceiver();
    r.push(encodeFrame(20, 'CAs'));
    expect(show(r.push(encodeFrame(22, 'CTd')).events)).toEqual(['gap expected 21 received 22 missing 1', 'card Td#22']);
    expect(show(r.push(encodeFrame(23, 'C9c')).events)).toEqual(['card 9c#23']);
  });

  it('wraps 99 -> 00 without a gap, and counts missing numbers modulo 100', () => {
    const r = new FramedReceiver();
    r.push(encodeFrame(98, 'CAs'));
    expect(show(r.push(new Uint8Array([...encodeFrame(99, 'CKs'), ...encodeFrame(0, 'CQs')])).events)).toEqual(['card Ks#99', 'card Qs#0']);
    expect(show(r.push(encodeFrame(3, 'CJs')).events)).toEqual(['gap expected 1 received 3 missing 2', 'card Js#3']);
  });

  it('the same SEQ with other bytes is not a retransmission (the shoe restarted): a gap', () => {
    const r = new FramedReceiver();
    r.push(encodeFrame(0, 'CAs'));
    expect(show(r.push(encodeFrame(0, 'CKs')).events)).toEqual(['gap expected 1 received 0 missing 99', 'card Ks#0']);
  });

  it('accepts any SEQ on the first frame of a session; reset() starts a new session', () => {
    const r = new FramedReceiver();
    expect(show(r.push(encodeFrame(57, 'CAs')).events)).toEqual(['card As#57']);
    r.reset();
    expect(show(r.push(encodeFrame(3, 'CAs')).events)).toEqual(['card As#3']);
  });

  it('a heartbeat carries the next SEQ: no gap when it matches, a gap when it does not', () => {
    const r = new FramedReceiver();
    r.push(encodeFrame(4, 'CAs'));
    expect(r.push(encodeFrame(5, 'H')).events).toEqual([]);
    expect(show(r.push(encodeFrame(7, 'H')).events)).toEqual(['gap expected 5 received 7 missing 2']);
    expect(show(r.push(encodeFrame(7, 'CTd')).events)).toEqual(['card Td#7']);
  });

  it('keeps the sequence across a disconnect so a gap over an unplug is reported', () => {
    const r = new FramedReceiver();
    r.push(encodeFrame(10, 'CAs'));
    r.push(encodeFrame(11, 'CKs').subarray(0, 4)); // cut off by the unplug
    expect(r.disconnected()).toEqual([]);
    expect(show(r.push(encodeFrame(11, 'CKs')).events)).toEqual(['card Ks#11']);
    r.disconnected();
    expect(show(r.push(encodeFrame(14, 'CQs')).events)).toEqual(['gap expected 12 received 14 missing 2', 'card Qs#14']);
  });

  it('an unparseable card frame is unreadable (ACKed); an unknown payload is a device-status (ACKed)', () => {
    const r = new FramedReceiver();
    const out = r.push(new Uint8Array([...encodeFrame(0, 'C??'), ...encodeFrame(1, 'SPAPER'), ...encodeFrame(2, 'X1')]));
    expect(show(out.events)).toEqual(['unreadable (card frame: not a card: "??" (unknown rank and suit))', 'device-status SPAPER', 'device-status X1']);
    expect(out.events.map((e) => toHex(e.ack!)).join(' ')).toBe('06 30 30 06 30 31 06 30 32');
  });
});

describe('LinesReceiver', () => {
  it('reports cards without SEQ, unreadable lines, answers nothing, and a cut-off line on disconnect', () => {
    const r = new LinesReceiver({ prefix: '' });
    const out = r.push(enc('As\r\n??\r\nK'));
    expect(show(out.events)).toEqual(['card As', 'unreadable (not a card: "??" (unknown rank and suit))']);
    expect(out.reply.length).toBe(0);
    expect(out.events.every((e) => e.ack === undefined)).toBe(true);
    expect(show(r.disconnected())).toEqual(['unreadable (line cut off before its end (no CR or LF))']);
  });

  it('makeReceiver builds both', () => {
    expect(makeReceiver('lines').format).toBe('lines');
    expect(makeReceiver('framed').format).toBe('framed');
  });
});
