/**
 * The store (issue 3): events appended per second with synchronous=FULL, the time to store a
 * full hand (about 70 events), and the time to verify the chain and replay 100,000 stored
 * hands through the rules.
 *
 * - eventsPerSec: one event per transaction (the write-ahead path: every card read commits
 *   before the hand moves on), synchronous=FULL, WAL, on a real file.
 * - handStoreMs: the events of a real hand (a settled four-seat hand from the fold) stored the
 *   way the table service stores them: one commit per command. Also shown: the same events in
 *   one transaction, and a whole hand driven through the TableService (fold, follow-ups,
 *   projections and commits; the settings are precomputed).
 * - verify100kHandsSec: 100,000 hands written by a fast path (big transactions, synchronous
 *   OFF, hands cloned from real ones dealt and settled by the fold, every settlement
 *   recomputed by settleRecord for the hand's stacks, the chain hashed row by row), then
 *   checked by the real code: auditStore = verify-log's ChainVerifier + replay's HandAuditor in
 *   one pass over the log. --quick: 2,000 hands, the time scaled to 100,000.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bestArrangement } from '../../app/domain/arrange';
import {
  apply, buildSettled, carryOver, followUps, initialState, type HandEvent, type HandStarted, type HandState, type SeatNo, type Settled,
} from '../../app/domain/hand';
import { settleRecord } from '../../app/domain/settle';
import { auditStore } from '../../app/services/audit';
import { rowHash } from '../../app/services/event-log';
import { openStore, type Store } from '../../app/services/store';
import { TableService } from '../../app/services/table-service';
import { shuffledDeck } from '../../hardware/sim/deck';
import { percentile, type BenchSection } from '../section';

const SEATS: readonly SeatNo[] = [1, 2, 3, 4];
const AT = '2025-03-01T20:00:00.000Z';
const BIG_STACK = 10_000_000;

type Rows = { front: number[]; middle: number[]; back: number[] };

/** The best setting of each 13-card hand of a deck, keyed by its sorted cards. */
function settingsOf(deck: readonly number[]): Map<string, Rows> {
  const out = new Map<string, Rows>();
  for (let p = 0; p < 4; p++) {
    const cards = deck.filter((_, k) => k % 4 === p);
    const h = bestArrangement(cards).hand;
    out.set([...cards].sort((a, b) => a - b).join(','), { front: [...h.front], middle: [...h.middle], back: [...h.back] });
  }
  return out;
}

function keyOf(cards: readonly number[]): string {
  return [...cards].sort((a, b) => a - b).join(',');
}

/** A whole hand through the fold, as the table service would append it (follow-ups included). */
function foldHand(started: HandStarted, deck: readonly number[], settings: Map<string, Rows>, misdealAfter?: number): { events: HandEvent[]; state: HandState } {
  const events: HandEvent[] = [];
  let state = initialState;
  const step = (e: HandEvent) => {
    const r = apply(state, e);
    if (!r.ok) throw new Error(`bench hand refused ${e.type}: ${r.error.message}`);
    state = r.value;
    events.push(e);
    for (const f of followUps(state, AT)) step(f);
  };
  step(started);
  const cards = misdealAfter ?? deck.length;
  for (let k = 0; k < cards; k++) step({ type: 'card-dealt', at: AT, by: 'device', seq: k % 100, card: deck[k], raw: '02' });
  if (misdealAfter !== undefined) {
    step({ type: 'misdeal-called', at: AT, by: 'floor:Bench', cause: 'floor-ruling', automatic: false, cardsRead: [...state.deal.cards], detail: 'bench misdeal' });
    return { events, state };
  }
  for (const s of SEATS) step({ type: 'seat-ready', at: AT, by: 'dealer', seat: s });
  step({ type: 'showdown-opened', at: AT, by: 'dealer' });
  for (const s of SEATS) step({ type: 'hand-set', at: AT, by: 'dealer', seat: s, ...settings.get(keyOf(state.seats[s - 1].dealt))!, source: 'scanner' });
  const settled = buildSettled(state, AT);
  if (!settled.ok) throw new Error(settled.error.message);
  step(settled.value);
  state.settlement!.result.payments.forEach((p, index) => step({ type: 'payment-executed', at: AT, by: 'dealer', index, from: p.from as SeatNo, to: p.to as SeatNo, amount: p.amount }));
  return { events, state };
}

/** Opens the bench table on a store through the service: the table, a dealer, four big stacks. */
function benchTable(store: Store, tableId = 'B1'): { service: TableService; started: (n: number, button: SeatNo, stacks: readonly number[]) => HandStarted } {
  const service = new TableService(store);
  const ok = <T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  };
  const snap = ok(service.openTable({ tableId, pointValue: 100 }));
  ok(service.dealerOn({ tableId, dealer: 'Bench' }));
  for (const s of SEATS) ok(service.seatPlayer({ tableId, seat: s, playerId: `P${s}`, buyIn: BIG_STACK }));
  const profile = { name: snap.profile.name, version: snap.profile.version, snapshot: JSON.parse(JSON.stringify(snap.profile)) as Record<string, unknown> };
  return {
    service,
    started: (n, button, stacks) => ({
      type: 'hand-started', at: AT, by: 'dealer', tableId, handId: `${tableId}-${n}`, handNumber: n, button,
      seats: SEATS.map((s) => ({ seat: s, playerId: `P${s}`, stack: stacks[s - 1] })), pointValue: 100, profile, mode: 'shoe', seqModulo: 100,
    }),
  };
}

/**
 * Writes `count` hands after the bench table's set-up: real hands (dealt by the fold from a
 * pool of decks, one in 25 a misdeal) cloned with their number, id and stacks patched and
 * their settlement recomputed; the event rows hashed into the chain; the query tables written
 * as the service writes them. Big transactions, synchronous OFF.
 */
export function bulkHands(store: Store, count: number): void {
  const db = store.db;
  db.pragma('synchronous = OFF');
  const { started } = benchTable(store);
  const decks = Array.from({ length: 24 }, (_, i) => shuffledDeck(1000 + i));
  const settings = decks.map(settingsOf);
  // templates[deck][button - 1][0: played, 1: misdeal]
  const templates = decks.map((deck, d) => SEATS.map((b) => [foldHand(started(1, b, [BIG_STACK, BIG_STACK, BIG_STACK, BIG_STACK]), deck, settings[d]), foldHand(started(1, b, [BIG_STACK, BIG_STACK, BIG_STACK, BIG_STACK]), deck, settings[d], 10)]));

  const insertEvent = db.prepare('INSERT INTO events (id, table_id, hand_id, hand_seq, type, recorded_at, body, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const insertHand = db.prepare(`INSERT INTO hands (id, table_id, number, button, dealer, session_id, profile_name, profile_version, point_value, phase, outcome,
    misdeal_cause, settled_event_id, started_at, ended_at, first_event_id, last_event_id) VALUES (?, 'B1', ?, ?, 'Bench', 1, ?, ?, 100, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertSeat = db.prepare('INSERT INTO hand_seats (hand_id, seat, player, stack_before, points, net, stack_after, fouled, natural, surrendered) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const insertPayment = db.prepare('INSERT INTO payments (hand_id, ordinal, from_seat, to_seat, amount, executed_at, executed_event_id) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const insertLedger = db.prepare("INSERT INTO chip_ledger (table_id, seat, player, kind, amount, stack_after, hand_id, event_id, at) VALUES ('B1', ?, ?, 'hand', ?, ?, ?, ?, ?)");
  const head = db.prepare('SELECT id, hash FROM events ORDER BY id DESC LIMIT 1').get() as { id: number; hash: string };
  let lastId = head.id;
  let lastHash = head.hash;
  const stacks = [BIG_STACK, BIG_STACK, BIG_STACK, BIG_STACK];
  let button: SeatNo = 1;
  let time = Date.parse(AT);

  const writeHand = (n: number) => {
    const d = n % decks.length;
    const misdeal = n % 25 === 0;
    const template = templates[d][button - 1][misdeal ? 1 : 0];
    const handId = `B1-${n}`;
    const events: HandEvent[] = template.events.map((e): HandEvent => {
      if (e.type === 'hand-started') return started(n, button, stacks);
      if (e.type === 'settled') {
        const record = { ...e.record, id: handId, seats: e.record.seats.map((s) => ({ ...s, stack: stacks[s.seat - 1] })) };
        const result = settleRecord(record);
        if (!result.ok) throw new Error(result.error.message);
        const patched: Settled = { ...e, record, result: result.value };
        return patched;
      }
      return e;
    });
    const at = new Date((time += 60_000)).toISOString();
    const first = lastId + 1;
    events.forEach((e, seq) => {
      const body = JSON.stringify(e);
      const hash = rowHash(lastHash, { tableId: 'B1', handId, handSeq: seq, type: e.type, recordedAt: at, body });
      insertEvent.run(++lastId, 'B1', handId, seq, e.type, at, body, lastHash, hash);
      lastHash = hash;
    });
    const settled = events.find((e): e is Settled => e.type === 'settled');
    const final = template.state;
    const after = misdeal ? stacks.slice() : SEATS.map((s) => stacks[s - 1] + settled!.result.net[String(s)]);
    insertHand.run(handId, n, button, final.info!.profileName, final.info!.profileVersion, final.phase, misdeal ? 'misdeal' : 'played', misdeal ? 'floor-ruling' : null,
      settled ? first + events.indexOf(settled) : null, at, at, first, lastId);
    for (const s of SEATS) {
      const k = String(s);
      const r = settled?.result;
      insertSeat.run(handId, s, `P${s}`, stacks[s - 1], r ? r.points[k] : null, after[s - 1] - stacks[s - 1], after[s - 1], r?.fouled.includes(s) ? 1 : 0, r?.naturals[k] ?? null, r?.surrendered.includes(s) ? 1 : 0);
      insertLedger.run(s, `P${s}`, after[s - 1] - stacks[s - 1], after[s - 1], handId, lastId, at);
    }
    settled?.result.payments.forEach((p, i) => {
      const paidBy = first + events.findIndex((e) => e.type === 'payment-executed' && e.index === i);
      insertPayment.run(handId, i, p.from, p.to, p.amount, at, paidBy);
    });
    for (const s of SEATS) stacks[s - 1] = after[s - 1];
    if (!misdeal) button = carryOver(final).button;
  };

  const batch = db.transaction((from: number, to: number) => {
    for (let n = from; n <= to; n++) writeHand(n);
    db.prepare('UPDATE log_head SET last_id = ?, last_hash = ?').run(lastId, lastHash);
  });
  for (let from = 1; from <= count; from += 2000) batch(from, Math.min(count, from + 1999));
  db.prepare("UPDATE tables SET hands_started = ?, button = ? WHERE id = 'B1'").run(count, button);
  for (const s of SEATS) db.prepare("UPDATE seats SET stack = ? WHERE table_id = 'B1' AND seat = ?").run(stacks[s - 1], s);
  db.pragma('wal_checkpoint(TRUNCATE)');
}

export const section: BenchSection = {
  name: 'store',
  order: 30,
  async run({ quick }) {
    const dir = mkdtempSync(join(tmpdir(), 'cp-bench-store-'));
    try {
      // --- events appended per second, one commit each, synchronous=FULL
      const appendStore = openStore(join(dir, 'append.db'));
      const n = quick ? 300 : 3000;
      const t0 = performance.now();
      for (let i = 0; i < n; i++) {
        appendStore.write((tx) => tx.append({ tableId: 'B1', handId: 'B1-1', body: { type: 'card-dealt', at: AT, by: 'device', seq: i % 100, card: i % 52, raw: '02' } }));
      }
      const eventsPerSec = n / ((performance.now() - t0) / 1000);
      appendStore.close();

      // --- a full hand: the events of a real hand, one commit per event, and in one transaction
      const handStore = openStore(join(dir, 'hand.db'));
      const { started, service } = benchTable(handStore);
      const deck = shuffledDeck(7);
      const settings = settingsOf(deck);
      const hand = foldHand(started(1, 1, [BIG_STACK, BIG_STACK, BIG_STACK, BIG_STACK]), deck, settings);
      const reps = quick ? 5 : 40;
      const perCommit: number[] = [];
      const oneTx: number[] = [];
      for (let r = 0; r < reps; r++) {
        let t = performance.now();
        for (const body of hand.events) handStore.write((tx) => tx.append({ tableId: 'B1', handId: `X-${r}`, body }));
        perCommit.push(performance.now() - t);
        t = performance.now();
        handStore.write((tx) => {
          for (const body of hand.events) tx.append({ tableId: 'B1', handId: `Y-${r}`, body });
        });
        oneTx.push(performance.now() - t);
      }
      // --- a whole hand through the TableService (fold, follow-ups, projections, one commit per command)
      const viaService: number[] = [];
      for (let r = 0; r < (quick ? 3 : 20); r++) {
        const t = performance.now();
        const must = <T>(x: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
          if (!x.ok) throw new Error(x.error.message);
          return x.value;
        };
        const start = must(service.startHand({ tableId: 'B1' }));
        const d = shuffledDeck(50 + r);
        d.forEach((card, k) => must(service.cardRead({ tableId: 'B1', card, seq: k % 100 })));
        for (const s of SEATS) must(service.seatReady({ tableId: 'B1', seat: s }));
        let snap = must(service.openShowdown({ tableId: 'B1' }));
        const sets = settingsOf(d);
        viaService.push(performance.now() - t); // the setting search is not the store's time: paused
        for (const s of SEATS) must(service.setHand({ tableId: 'B1', seat: s, ...sets.get(keyOf(snap.hand!.state.seats[s - 1].dealt))! }));
        const t2 = performance.now();
        snap = must(service.settle({ tableId: 'B1' }));
        const payments = snap.hand!.state.settlement!.result.payments.length;
        for (let i = 0; i < payments; i++) must(service.executePayment({ tableId: 'B1', index: i }));
        viaService[viaService.length - 1] += performance.now() - t2;
        void start;
      }
      handStore.close();
      const handStoreMs = percentile(perCommit, 50);

      // --- 100,000 hands: written by the fast path, verified and replayed by the real code
      const hands = quick ? 2000 : 100_000;
      const bigPath = join(dir, 'big.db');
      const g0 = performance.now();
      const big = openStore(bigPath);
      bulkHands(big, hands);
      big.close();
      const generateSec = (performance.now() - g0) / 1000;
      const audit = openStore(bigPath, { readonly: true });
      const v0 = performance.now();
      const report = auditStore(audit, { chain: true, replay: true });
      const verifySec = (performance.now() - v0) / 1000;
      audit.close();
      if (!report.chain!.ok || !report.replay!.ok) {
        throw new Error(`bench database does not verify: ${JSON.stringify([...report.chain!.problems, ...report.replay!.problems].slice(0, 3))}`);
      }
      if (report.replay!.hands !== hands) throw new Error(`replayed ${report.replay!.hands} hands, expected ${hands}`);
      const verify100kHandsSec = verifySec * (100_000 / hands);
      const rows = report.chain!.rows;

      return {
        rows: [
          { what: 'events appended, one commit each (synchronous=FULL)', figure: `${Math.round(eventsPerSec)} /s`, note: `${(1000 / eventsPerSec).toFixed(2)} ms a commit` },
          { what: `a full hand stored, one commit per event (${hand.events.length} events)`, figure: `${handStoreMs.toFixed(2)} ms`, note: `target < 5 ms: ${handStoreMs < 5 ? 'ok' : 'MISSED'} (p90 ${percentile(perCommit, 90).toFixed(2)} ms)` },
          { what: 'the same hand in one transaction', figure: `${percentile(oneTx, 50).toFixed(2)} ms` },
          { what: 'a full hand through the TableService (fold + store)', figure: `${percentile(viaService, 50).toFixed(2)} ms`, note: 'settings precomputed; one commit per command' },
          { what: `${hands.toLocaleString('en')} hands written by the fast path`, figure: `${generateSec.toFixed(1)} s`, note: `${rows.toLocaleString('en')} event rows` },
          {
            what: `verify-log + replay of ${hands.toLocaleString('en')} hands (one pass)`,
            figure: `${verifySec.toFixed(1)} s`,
            note: `${quick ? 'scaled to 100,000: ' : ''}${verify100kHandsSec.toFixed(1)} s for 100,000; target < 60 s: ${verify100kHandsSec < 60 ? 'ok' : 'MISSED'}`,
          },
        ],
        json: {
          store: {
            eventsPerSec: Math.round(eventsPerSec),
            handStoreMs: Number(handStoreMs.toFixed(3)),
            handStoreOneTransactionMs: Number(percentile(oneTx, 50).toFixed(3)),
            serviceHandMs: Number(percentile(viaService, 50).toFixed(3)),
            verify100kHandsSec: Number(verify100kHandsSec.toFixed(2)),
            ...(quick ? { verifiedHands: hands } : {}),
          },
        },
      };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
