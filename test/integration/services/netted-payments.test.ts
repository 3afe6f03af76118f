// The house's choice of payment list (profile option `payments`): the same hand paid pairwise or
// netted ends with the same stacks and the same chip ledger; the netted hand ticks the netted
// list (no more movements than pairwise), is audited clean, and a pairwise index past it is refused.
import { afterEach, describe, expect, it } from 'vitest';
import { bestArrangement } from '../../../app/domain/arrange';
import { seatStatus } from '../../../app/domain/hand/views';
import { presetJson } from '../../../app/domain/profiles';
import { auditLog, replayHands } from '../../../app/services/audit';
import type { TableSnapshot } from '../../../app/services/table-service';
import { toTerminalView } from '../../../app/terminal/view';
import { attachShoe, expectRefused, must, rig, T, type Rig } from './helpers';

const rigs: Rig[] = [];
afterEach(() => { for (const r of rigs.splice(0)) r.cleanup(); });

const STACKS = [[1, 3000], [2, 5000], [3, 2500], [4, 8000]] as const;

/** A table under mandarin-house with `payments` as given, four players seated. */
function table(payments: 'pairwise' | 'netted'): Rig {
  const r = rig();
  rigs.push(r);
  must(r.service.openTable({ tableId: T, pointValue: 100, profile: { ...presetJson('mandarin-house'), name: `house-${payments}`, payments } }));
  must(r.service.dealerOn({ tableId: T, dealer: 'Eva' }));
  for (const [seat, stack] of STACKS) must(r.service.seatPlayer({ tableId: T, seat, playerId: `p${seat}`, buyIn: stack }));
  return r;
}

/** Deals `seed`, sets every hand by the best arrangement and settles; the snapshot before paying. */
async function settled(r: Rig, seed: number): Promise<TableSnapshot> {
  const { shoe } = await attachShoe(r.service);
  must(r.service.startHand({ tableId: T }));
  await shoe.deal(seed);
  let snap = must(r.service.snapshot(T));
  for (const s of snap.hand!.state.seats.filter((x) => x.playing)) {
    if (seatStatus(snap.hand!.state, s.seat) === 'waiting') must(r.service.seatReady({ tableId: T, seat: s.seat }));
  }
  snap = must(r.service.openShowdown({ tableId: T }));
  for (const s of snap.hand!.state.seats.filter((x) => x.playing)) {
    must(r.service.setHand({ tableId: T, seat: s.seat, ...bestArrangement(s.dealt).hand, source: 'touch' }));
  }
  return must(r.service.settle({ tableId: T }));
}

/** Makes every payment the dealer is offered, in order, then starts nothing. */
function payAll(r: Rig, snap: TableSnapshot): TableSnapshot {
  const n = snap.hand!.state.settlement!.executed.length;
  for (let i = 0; i < n; i++) snap = must(r.service.executePayment({ tableId: T, index: i }));
  return must(r.service.nextHand({ tableId: T }));
}

const stacks = (snap: TableSnapshot) => snap.seats.map((s) => s.stack);
const ledgerRows = (r: Rig) => r.store.db.prepare('SELECT seat, kind, amount, stack_after FROM chip_ledger ORDER BY id').all();
const paymentRows = (r: Rig) => r.store.db.prepare('SELECT ordinal, from_seat, to_seat, amount, executed_event_id IS NOT NULL AS made FROM payments ORDER BY ordinal').all();

describe('payments pairwise or netted', () => {
  // Seed 11 gives a four-way hand whose pairwise list has more movements than its netted one.
  const SEED = 11;

  it('end with the same stacks and the same chip ledger', async () => {
    const gross = table('pairwise');
    const net = table('netted');
    const g = await settled(gross, SEED);
    const n = await settled(net, SEED);
    const gr = g.hand!.state.settlement!.result;
    const nr = n.hand!.state.settlement!.result;
    expect(nr.net).toEqual(gr.net);
    expect(gr.nettedPayments).toBeUndefined();
    expect(nr.nettedPayments).toBeDefined();
    // The dealer is given the netted list: fewer movements here, and the same result per seat.
    expect(n.hand!.state.settlement!.executed).toHaveLength(nr.nettedPayments!.length);
    expect(g.hand!.state.settlement!.executed).toHaveLength(gr.payments.length);
    expect(nr.nettedPayments!.length).toBeLessThan(gr.payments.length);

    // The screen's view gives the dealer the netted list and says which list it is.
    const context = { currency: 'CZK', shoe: null, scanner: null };
    const views = [toTerminalView(g, context).hand!.result!, toTerminalView(n, context).hand!.result!];
    expect(views.map((v) => v.paymentList)).toEqual(['pairwise', 'netted']);
    expect(views[1].payments.map((p) => [p.payer, p.payee, p.amount])).toEqual(nr.nettedPayments!.map((p) => [p.from, p.to, p.amount]));
    expect(views[0].payments.map((p) => [p.payer, p.payee, p.amount])).toEqual(gr.payments.map((p) => [p.from, p.to, p.amount]));

    const after = [payAll(gross, g), payAll(net, n)];
    expect(stacks(after[1])).toEqual(stacks(after[0]));
    expect(stacks(after[0])).not.toEqual(STACKS.map(([, s]) => s)); // chips moved
    expect(ledgerRows(net)).toEqual(ledgerRows(gross));
    // The payments table holds the list the dealer made, every one made.
    expect(paymentRows(net)).toEqual(nr.nettedPayments!.map((p, i) => ({ ordinal: i, from_seat: p.from, to_seat: p.to, amount: p.amount, made: 1 })));
    for (const r of [gross, net]) {
      expect(replayHands(r.store).problems).toEqual([]);
      const audit = auditLog(r.store);
      expect(audit.chain.ok).toBe(true);
      expect(audit.replay).toMatchObject({ ok: true });
      expect(audit.tables).toMatchObject({ ok: true, problems: [] });
    }
  });

  it('a netted hand refuses a payment of the pairwise list past its own, and closes only when its own are made', async () => {
    const net = table('netted');
    const n = await settled(net, SEED);
    const list = n.hand!.state.settlement!.result.nettedPayments!;
    expectRefused(net.store, () => net.service.executePayment({ tableId: T, index: list.length }), 'no-such-payment');
    for (let i = 0; i < list.length - 1; i++) must(net.service.executePayment({ tableId: T, index: i }));
    expectRefused(net.store, () => net.service.nextHand({ tableId: T }), 'payments-outstanding');
    must(net.service.executePayment({ tableId: T, index: list.length - 1 }));
    must(net.service.nextHand({ tableId: T }));
  });
});
