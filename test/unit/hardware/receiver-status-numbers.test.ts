// A framed shoe's status frames take sequence numbers; the receiver tells the hand logic, on the
// card after them, which number came last, so the hand does not take them for lost reads.
import { describe, expect, it } from 'vitest';
import { encodeFrame } from '../../../hardware/decoders/framed';
import { FramedReceiver } from '../../../hardware/protocol/receiver';

const cards = (r: FramedReceiver, bytes: Uint8Array) => r.push(bytes).events.map((e) => e.body).filter((b) => 'kind' in b);

describe('FramedReceiver: status frames between cards', () => {
  it('a card after a jam and a ready carries afterSeq, the ready frame\'s number', () => {
    const r = new FramedReceiver();
    expect(cards(r, encodeFrame(19, 'CAs'))).toEqual([expect.not.objectContaining({ afterSeq: expect.anything() })]);
    expect(r.push(new Uint8Array([...encodeFrame(20, 'SJAM'), ...encodeFrame(21, 'SREADY')])).events.map((e) => e.body)).toEqual([{ status: 'jam' }, { status: 'ready' }]);
    expect(cards(r, encodeFrame(22, 'CKd'))).toEqual([expect.objectContaining({ seq: 22, afterSeq: 21 })]);
    expect(cards(r, encodeFrame(23, 'CQd'))[0]).not.toHaveProperty('afterSeq');
  });

  it('a resend of that card, not yet acknowledged, carries the same afterSeq', () => {
    const r = new FramedReceiver();
    r.push(new Uint8Array([...encodeFrame(4, 'CAs'), ...encodeFrame(5, 'SLID'), ...encodeFrame(6, 'SREADY')]));
    const first = r.push(encodeFrame(7, 'CKd')).events[0];
    const again = r.push(encodeFrame(7, 'CKd')).events[0];
    expect(first.body).toMatchObject({ seq: 7, afterSeq: 6 });
    expect(again).toMatchObject({ resend: true, body: { seq: 7, afterSeq: 6 } });
  });

  it('the first frame heard carries none, even after a heartbeat', () => {
    const r = new FramedReceiver();
    r.push(encodeFrame(10, 'H'));
    expect(cards(r, encodeFrame(10, 'CAs'))[0]).not.toHaveProperty('afterSeq');
  });
});
