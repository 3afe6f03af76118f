/**
 * What the central server makes of a batch of rows from one table database, before it stores
 * them: pure (no database, no clock), so every case is a plain test. The chain is checked by
 * the table's own verifier (app/services/event-log.ts's `ChainVerifier`), resumed from the last
 * rows the server holds, so the server and `table verify-log` agree on what a break is.
 *
 * - A row whose id the server holds: the same hash is a resend (counted, not stored again); a
 *   different hash is a fork (the table's history changed after the row was sent): reported,
 *   and the row first received is kept.
 * - A row past the server's end: stored, after the chain check. A jump in the ids with a broken
 *   link is a gap; the first row not following the server's last row is a fork; any other break
 *   (a row that does not match its own hash, a row linking past another) is a broken chain.
 * - The table's own end before the server's: the table went backwards (restored from an
 *   older copy). The table's cursor past the server's end: the server lost rows it had
 *   confirmed (it was restored from a backup); the table sends them again.
 */
import { fail, ok, type Result } from '../domain/result';
import { ChainVerifier, type LogProblem } from '../services/event-log';
import { rawOf, type LogEnd, type LogRow } from './log-row';

/** The kinds of central alert. */
export type CentralAlertKind = 'gap' | 'fork' | 'went-backwards' | 'chain-broken' | 'central-behind';

/** Something the server found in what a table sent (one central alert row). */
export interface CentralFinding {
  readonly kind: CentralAlertKind;
  /** The first and last log row concerned. */
  readonly firstId: number;
  readonly lastId: number;
  readonly message: string;
  /** Plain JSON: the hashes, the verifier's own finding. */
  readonly detail: Readonly<Record<string, unknown>>;
}

/** What the server holds and what the table sent. */
export interface IntakeInput {
  /** The end of the table's chain as the server holds it. */
  readonly end: LogEnd;
  /** The server's last rows (at most eight, in id order) up to `end`: where the chain check resumes. */
  readonly recent: readonly { readonly id: number; readonly hash: string }[];
  /** The hashes the server holds for the batch's ids at or below `end.lastId`. */
  readonly held: ReadonlyMap<number, string>;
  /** The rows sent, in increasing id order. */
  readonly rows: readonly LogRow[];
  /** The table's own end of its log, as it reports it with the batch. */
  readonly head: LogEnd;
  /** The last row the table's cursor says this server confirmed (null: no cursor for this server). */
  readonly cursorId: number | null;
}

/** What to store and what was found. */
export interface Intake {
  /** The rows to store (none of them held by the server). */
  readonly store: readonly LogRow[];
  /** Rows the server already held, unchanged (a resend). */
  readonly duplicates: number;
  readonly findings: readonly CentralFinding[];
  /** The end of the chain once `store` is stored. */
  readonly end: LogEnd;
}

/**
 * Sorts a batch into rows to store and resends, and says what is wrong (see the top of this
 * file). Refused (`bad-batch`): rows not in increasing id order, or an id that is not a whole
 * number from 1.
 */
export function intake(input: IntakeInput): Result<Intake> {
  let last = 0;
  for (const r of input.rows) {
    if (!Number.isSafeInteger(r.id) || r.id < 1 || r.id <= last) {
      return fail('bad-batch', `the batch's rows are not in increasing id order from 1 (row ${JSON.stringify(r.id)} after row ${last})`);
    }
    last = r.id;
  }
  const { end } = input;
  const findings: CentralFinding[] = [];
  const store: LogRow[] = [];
  let duplicates = 0;

  const forks: { id: number; held: string; sent: string }[] = [];
  for (const r of input.rows) {
    if (r.id > end.lastId) break;
    const held = input.held.get(r.id);
    if (held === undefined) store.push(r); // a hole the server reported as a gap, filled late
    else if (held === r.hash) duplicates++;
    else forks.push({ id: r.id, held, sent: r.hash });
  }
  if (forks.length > 0) {
    const first = forks[0];
    const lastFork = forks[forks.length - 1];
    const span = forks.length === 1 ? `row ${first.id} differs` : `${forks.length} rows from ${first.id} to ${lastFork.id} differ`;
    findings.push({
      kind: 'fork',
      firstId: first.id,
      lastId: lastFork.id,
      message: `${span} from what the central server holds (row ${first.id}: hash ${first.sent.slice(0, 12)}... sent, ${first.held.slice(0, 12)}... held): `
        + 'the table\'s history changed after it was sent (a fork); the rows first received are kept',
      detail: { rows: forks.length, first },
    });
  }

  const fresh = input.rows.filter((r) => r.id > end.lastId);
  let after = end;
  if (fresh.length > 0) {
    const v = ChainVerifier.resumeAfter(input.recent, Number.MAX_SAFE_INTEGER);
    let seen = 0;
    let prevId = end.lastId;
    for (const r of fresh) {
      v.row(rawOf(r));
      const problems = v.part().problems;
      for (const p of problems.slice(seen)) findings.push(chainFinding(p, r, prevId, end));
      seen = problems.length;
      prevId = r.id;
      store.push(r);
    }
    const top = fresh[fresh.length - 1];
    after = { lastId: top.id, lastHash: top.hash };
  }

  if (input.head.lastId < end.lastId) {
    findings.push({
      kind: 'went-backwards',
      firstId: input.head.lastId + 1,
      lastId: end.lastId,
      message: `the table's log now ends at row ${input.head.lastId}, but the central server holds rows up to ${end.lastId}: `
        + 'the table went backwards (its database was replaced by an older copy); rows it writes again under those ids are forks',
      detail: { head: input.head, held: end },
    });
  }
  if (input.cursorId !== null && input.cursorId > end.lastId) {
    findings.push({
      kind: 'central-behind',
      firstId: end.lastId + 1,
      lastId: input.cursorId,
      message: `the table's cursor says the central server confirmed rows up to ${input.cursorId}, but it holds rows up to ${end.lastId}: `
        + 'the central database lost rows it had confirmed (restored from a backup?); the table sends them again',
      detail: { cursorId: input.cursorId, held: end },
    });
  }
  store.sort((a, b) => a.id - b.id);
  return ok({ store, duplicates, findings, end: after });
}

/** A break the chain verifier found at row `r` (the row before it in the batch: `prevId`) as a central finding. */
function chainFinding(p: LogProblem, r: LogRow, prevId: number, end: LogEnd): CentralFinding {
  const detail = { verifier: p.kind, row: r.id, prevHash: r.prevHash, hash: r.hash };
  if (p.kind === 'rows-missing') {
    const span = prevId + 1 === r.id - 1 ? `row ${prevId + 1} is` : `rows ${prevId + 1}-${r.id - 1} are`;
    return { kind: 'gap', firstId: prevId + 1, lastId: r.id - 1, message: `${span} missing: the table sent row ${r.id} after row ${prevId} (${p.message})`, detail };
  }
  if (prevId === end.lastId && end.lastId > 0 && (p.kind === 'chain-broken' || p.kind === 'row-inserted')) {
    return {
      kind: 'fork',
      firstId: r.id,
      lastId: r.id,
      message: `row ${r.id} does not follow row ${end.lastId} as the central server holds it: the table's history up to row ${end.lastId} changed after it was sent (a fork)`,
      detail: { ...detail, heldHash: end.lastHash },
    };
  }
  return { kind: 'chain-broken', firstId: p.rowId, lastId: Math.max(p.rowId, r.id), message: `the table's log is broken: ${p.message}`, detail };
}
