/**
 * The floor's checks over a stored database: `replay` re-runs every stored hand through the
 * rules and compares what comes out with what was recorded and paid; the chain check is
 * event-log.ts's `verifyChain`. Used by `table replay` / `table verify-log` and the bench.
 */
import { replay, verifySettlement, carryOver, type HandEvent, type HandState, type SeatNo } from '../domain/hand';
import type Database from 'better-sqlite3';
import { ChainVerifier, RAW_EVENT_COLUMNS, type LogVerification, type RawEventRow } from './event-log';
import type { Store, StoredEvent } from './store';

export interface HandProblem {
  readonly handId: string;
  readonly message: string;
}

export interface ReplayReport {
  readonly ok: boolean;
  readonly hands: number;
  readonly settled: number;
  readonly events: number;
  readonly problems: readonly HandProblem[];
}

interface HandRow {
  id: string; table_id: string; phase: string; outcome: string; misdeal_cause: string | null; settled_event_id: number | null;
}
interface SeatRow { seat: number; player: string; stack_before: number; net: number | null; stack_after: number | null }
interface PaymentRow { ordinal: number; from_seat: number; to_seat: number; amount: number; executed_event_id: number | null }

const OUTCOME_OF_PHASE: Readonly<Record<string, string>> = { closed: 'played', misdealt: 'misdeal', voided: 'void' };

/**
 * Checks stored hands one at a time: each hand's events fold without a refusal; a settled
 * hand's stored record settles again to exactly the stored result; the payments made are the
 * result's payments and add up to its nets; the query tables (hand outcome, payments, each
 * seat's net and stack after, the chip ledger) say what the events say.
 */
export class HandAuditor {
  private readonly problems: HandProblem[] = [];
  private hands = 0;
  private settled = 0;
  private events = 0;
  /** What each hand added to the counts, so a recheck can take it back. */
  private readonly counted = new Map<string, { events: number; settled: boolean }>();
  private readonly handRow: Database.Statement;
  private readonly seatsOf: Database.Statement;
  private readonly paymentsOf: Database.Statement;
  private readonly ledgerOf: Database.Statement;

  constructor(
    private readonly store: Store,
    private readonly maxProblems = 100,
  ) {
    const db = store.db;
    this.handRow = db.prepare('SELECT id, table_id, phase, outcome, misdeal_cause, settled_event_id FROM hands WHERE id = ?');
    this.seatsOf = db.prepare('SELECT seat, player, stack_before, net, stack_after FROM hand_seats WHERE hand_id = ? ORDER BY seat');
    this.paymentsOf = db.prepare('SELECT ordinal, from_seat, to_seat, amount, executed_event_id FROM payments WHERE hand_id = ? ORDER BY ordinal');
    this.ledgerOf = db.prepare("SELECT seat, amount, stack_after FROM chip_ledger WHERE hand_id = ? AND kind = 'hand' ORDER BY seat");
  }

  add(handId: string, message: string): void {
    if (this.problems.length < this.maxProblems) this.problems.push({ handId, message });
  }

  /** Checks one hand from all its events, in order; `settledEventId`: the log row of its `settled` event. */
  hand(handId: string, bodies: readonly HandEvent[], settledEventId: number | null): void {
    this.hands++;
    this.events += bodies.length;
    const settledBefore = this.settled;
    try {
      this.checkHand(handId, bodies, settledEventId);
    } finally {
      this.counted.set(handId, { events: bodies.length, settled: this.settled > settledBefore });
    }
  }

  private checkHand(handId: string, bodies: readonly HandEvent[], settledEventId: number | null): void {
    const add = (m: string) => this.add(handId, m);
    const r = replay(bodies);
    if (!r.ok) {
      add(`the events do not replay: ${r.error.message}`);
      return;
    }
    const state = r.value;
    const row = this.handRow.get(handId) as HandRow | undefined;
    if (!row) {
      add('the hand has events but no row in the hands table');
      return;
    }
    const expectedOutcome = OUTCOME_OF_PHASE[state.phase] ?? 'open';
    if (row.outcome !== expectedOutcome) add(`the hands table says ${row.outcome}, the events say ${expectedOutcome} (${state.phase})`);
    if (row.phase !== state.phase) add(`the hands table says phase ${row.phase}, the events say ${state.phase}`);
    if (state.abort?.kind === 'misdeal' && row.misdeal_cause !== state.abort.cause) add(`misdeal cause recorded as ${row.misdeal_cause}, the events say ${state.abort.cause}`);
    if (row.settled_event_id !== settledEventId) {
      add(`the hands table gives the settlement as log row ${row.settled_event_id ?? 'none'}, the log has it at row ${settledEventId ?? 'none'}`);
    }
    if (state.settlement) {
      this.settled++;
      const again = verifySettlement(state);
      if (!again.ok) add(`re-settling gives a different result: ${again.error.message}`);
      checkPayments(handId, state, this.paymentsOf.all(handId) as PaymentRow[], (h, m) => this.add(h, m));
    }
    if (state.phase === 'closed' || state.phase === 'misdealt' || state.phase === 'voided') {
      checkStacks(handId, state, this.seatsOf.all(handId) as SeatRow[], this.ledgerOf.all(handId) as { seat: number; amount: number; stack_after: number }[], (h, m) => this.add(h, m));
    }
  }

  /** Checks a hand again from scratch (its events grew after it was first checked). */
  recheck(handId: string, bodies: readonly HandEvent[], settledEventId: number | null): void {
    for (let i = this.problems.length - 1; i >= 0; i--) if (this.problems[i].handId === handId) this.problems.splice(i, 1);
    const first = this.counted.get(handId);
    if (first) {
      this.hands--;
      this.events -= first.events;
      if (first.settled) this.settled--;
    }
    this.hand(handId, bodies, settledEventId);
  }

  /** The checks over all hands at once (every listed hand has events; ledgers add up). */
  wholeDatabase(): void {
    const db = this.store.db;
    const orphans = db.prepare('SELECT id FROM hands h WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.hand_id = h.id)').pluck(true).all() as string[];
    for (const id of orphans) this.add(id, 'the hands table lists a hand that has no events');
    checkLedgers(this.store, (h, m) => this.add(h, m));
  }

  report(): ReplayReport {
    return { ok: this.problems.length === 0, hands: this.hands, settled: this.settled, events: this.events, problems: [...this.problems] };
  }
}

interface Gathered {
  readonly handId: string;
  readonly bodies: HandEvent[];
  settledEventId: number | null;
}

function settledIdOf(events: readonly StoredEvent<HandEvent>[]): number | null {
  return events.find((e) => e.type === 'settled')?.id ?? null;
}

/** What `auditStore` found: the chain check, the hand check, or both. */
export interface AuditReport {
  readonly chain?: LogVerification;
  readonly replay?: ReplayReport;
}

/**
 * One pass over the whole log in id order: each row's link in the chain (`chain`) and each
 * hand re-run through the rules (`replay`), a hand as soon as its table's next hand starts.
 * `table verify-log` runs the chain part, `table replay` the hand part, the bench both.
 */
export function auditStore(store: Store, options: { chain?: boolean; replay?: boolean; maxProblems?: number } = {}): AuditReport {
  const chain = options.chain ? new ChainVerifier(options.maxProblems) : null;
  const hands = options.replay ? new HandAuditor(store, options.maxProblems) : null;
  // The chain needs every column of every row; the hands only their own rows.
  const sql = chain
    ? `SELECT ${RAW_EVENT_COLUMNS} FROM events ORDER BY id`
    : 'SELECT id, table_id, hand_id, NULL, type, NULL, body FROM events WHERE hand_id IS NOT NULL ORDER BY id';
  const stmt = store.db.prepare(sql).raw(true);
  /** The hand being gathered at each table. */
  const open = new Map<string, Gathered>();
  const done = new Set<string>();
  const late = new Set<string>();
  const flush = (tableId: string) => {
    const cur = open.get(tableId);
    if (!cur) return;
    hands!.hand(cur.handId, cur.bodies, cur.settledEventId);
    done.add(cur.handId);
    open.delete(tableId);
  };
  for (const r of stmt.iterate() as IterableIterator<RawEventRow>) {
    if (chain) chain.row(r);
    if (!hands) continue;
    const handId = r[2];
    if (handId === null) continue;
    if (done.has(handId)) {
      late.add(handId); // a floor note on a hand already over: checked again at the end
      continue;
    }
    const tableId = r[1];
    let cur = open.get(tableId);
    if (cur && cur.handId !== handId) {
      flush(tableId);
      cur = undefined;
    }
    if (!cur) {
      cur = { handId, bodies: [], settledEventId: null };
      open.set(tableId, cur);
    }
    if (r[4] === 'settled') cur.settledEventId = r[0];
    cur.bodies.push(JSON.parse(r[6]) as HandEvent);
  }
  if (hands) {
    for (const tableId of [...open.keys()]) flush(tableId);
    for (const handId of late) {
      const evs = store.handEvents<HandEvent>(handId);
      hands.recheck(handId, evs.map((e) => e.body), settledIdOf(evs));
    }
    hands.wholeDatabase();
  }
  return {
    ...(chain ? { chain: chain.finish(store.db) } : {}),
    ...(hands ? { replay: hands.report() } : {}),
  };
}

/**
 * Re-runs hands (one, or every hand in the database) through the fold and the rules and
 * compares with what was recorded and paid (see {@link HandAuditor}); for every hand, each
 * seat's ledger is also checked for continuity.
 */
export function replayHands(store: Store, options: { handId?: string; maxProblems?: number } = {}): ReplayReport {
  if (options.handId === undefined) return auditStore(store, { replay: true, maxProblems: options.maxProblems }).replay!;
  const auditor = new HandAuditor(store, options.maxProblems);
  const evs = store.handEvents<HandEvent>(options.handId);
  if (evs.length === 0) auditor.add(options.handId, 'there is no such hand in this database');
  else auditor.hand(options.handId, evs.map((e) => e.body), settledIdOf(evs));
  return auditor.report();
}

function checkPayments(handId: string, state: HandState, rows: readonly PaymentRow[], add: (h: string, m: string) => void): void {
  const st = state.settlement!;
  const list = st.result.payments;
  if (rows.length !== list.length) add(handId, `the payments table has ${rows.length} payments, the settlement ${list.length}`);
  list.forEach((p, i) => {
    const r = rows[i];
    if (!r) return;
    if (r.from_seat !== p.from || r.to_seat !== p.to || r.amount !== p.amount) {
      add(handId, `payment ${i + 1} is recorded as seat ${r.from_seat} pays seat ${r.to_seat} ${r.amount}; the settlement says seat ${p.from} pays seat ${p.to} ${p.amount}`);
    }
    if ((r.executed_event_id !== null) !== st.executed[i]) add(handId, `payment ${i + 1} is ${st.executed[i] ? 'made' : 'not made'} in the events but ${r.executed_event_id !== null ? 'made' : 'not made'} in the payments table`);
  });
  if (state.phase === 'closed') {
    const paid = new Map<number, number>();
    list.forEach((p) => {
      paid.set(p.from, (paid.get(p.from) ?? 0) - p.amount);
      paid.set(p.to, (paid.get(p.to) ?? 0) + p.amount);
    });
    for (const [seat, net] of Object.entries(st.result.net)) {
      if ((paid.get(Number(seat)) ?? 0) !== net) add(handId, `seat ${seat} was paid ${paid.get(Number(seat)) ?? 0} but its net is ${net}`);
    }
  }
}

function checkStacks(handId: string, state: HandState, seats: readonly SeatRow[], ledger: readonly { seat: number; amount: number; stack_after: number }[], add: (h: string, m: string) => void): void {
  const after = carryOver(state).stacks;
  for (const s of after) {
    const before = state.seats[s.seat - 1].player!.stack;
    const row = seats.find((r) => r.seat === s.seat);
    const net = s.stack - before;
    if (!row) {
      add(handId, `seat ${s.seat} has no row in hand_seats`);
      continue;
    }
    if (row.stack_before !== before || row.net !== net || row.stack_after !== s.stack) {
      add(handId, `seat ${s.seat}: recorded ${row.stack_before} ${fmt(row.net)} = ${row.stack_after}, the events give ${before} ${fmt(net)} = ${s.stack}`);
    }
    const l = ledger.find((x) => x.seat === s.seat);
    if (!l || l.amount !== net || l.stack_after !== s.stack) {
      add(handId, `seat ${s.seat}: the chip ledger ${l ? `records ${fmt(l.amount)} to ${l.stack_after}` : 'has no entry'}, the events give ${fmt(net)} to ${s.stack}`);
    }
  }
}

function fmt(n: number | null): string {
  return n === null ? 'null' : n >= 0 ? `+${n}` : `${n}`;
}

/** Each seat's ledger: every entry's stack is the one before plus its amount. */
function checkLedgers(store: Store, add: (h: string, m: string) => void): void {
  const rows = store.db.prepare('SELECT id, table_id, seat, player, kind, amount, stack_after, hand_id FROM chip_ledger ORDER BY table_id, seat, id').all() as {
    id: number; table_id: string; seat: SeatNo; player: string; kind: string; amount: number; stack_after: number; hand_id: string | null;
  }[];
  let key = '';
  let stack = 0;
  for (const r of rows) {
    const k = `${r.table_id}/${r.seat}`;
    if (k !== key) {
      key = k;
      stack = 0;
    }
    if (stack + r.amount !== r.stack_after) {
      add(r.hand_id ?? `${r.table_id} seat ${r.seat}`, `chip ledger row ${r.id} (${r.player}, ${r.kind}): ${stack} ${fmt(r.amount)} should leave ${stack + r.amount}, it records ${r.stack_after}`);
    }
    stack = r.stack_after;
  }
}
