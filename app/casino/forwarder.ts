/**
 * The forwarder: ships every committed event of a table database, in order, to the central
 * server, in batches, and records in the table's database how far the server confirmed (the
 * forward cursor), only after it confirmed.
 *
 * Where it goes on from, at every connect: the lowest of the server's own end for this table,
 * the cursor (when it names this server) and the table's own end. The server's answer decides,
 * so a server restored from a backup gets what it lost again; the cursor counts because it lives
 * in the table's file: a table restored from an older copy goes back with its cursor and sends
 * again what it writes anew. The row there is sent again too: unchanged it is a resend (stored
 * once, keyed by identity and id), changed it is a fork, found at once. A batch the server
 * committed but whose answer was lost (a crash, a SIGKILL, the network) is sent again the same
 * way. So nothing committed at the table is lost and nothing is stored twice, whatever fails.
 *
 * It never holds up the table: everything waiting on the network is asynchronous; on the
 * table's thread it only reads a batch of rows (an index range, `batchRows` rows) and, after
 * each confirmed batch, writes the cursor in a transaction of its own. When the server is
 * unreachable it retries with a backoff (doubling, to a limit) while the table goes on.
 *
 * {@link Forwarder} runs beside a table for as long as it runs (in the process that writes the
 * table's database, through that store: see table-log.ts); {@link forwardPending} sends what is
 * pending once and returns (`table sync`).
 */
import { fail, ok, type Result } from '../domain/result';
import { isoTime } from '../services/iso-time';
import type { CentralSession, IngestReceipt, RecordedFinding } from './central';
import type { LogEnd, LogRow } from './log-row';
import type { TableLog } from './table-log';
import { NO_PROGRESS, type Progress } from '../services/progress';

/** Opens a session with the central server (`CentralSession.open` with a URL, in production). */
export type ConnectCentral = () => Promise<Result<CentralSession>>;

/** The central link's state, for the screen: connected / behind by N events / down since ... */
export type CentralLinkState = LinkCounts & (
  | { readonly state: 'connecting' }
  /** Up, and every committed event is on the server. */
  | { readonly state: 'connected' }
  /** Up, sending: `behind` events are not yet confirmed; `catchUp` while a backlog is being sent. */
  | { readonly state: 'behind'; readonly catchUp: CatchUp | null }
  /** Unreachable (or failing) since `since`; the next attempt at `retryAt`. */
  | { readonly state: 'down'; readonly since: string; readonly reason: string; readonly retryAt: string }
  | { readonly state: 'stopped' }
);

/** What every state says: the last row the server confirmed, the table's last row, and the difference. */
export interface LinkCounts {
  readonly confirmedId: number;
  readonly headId: number;
  readonly behind: number;
}

/**
 * A backlog being sent (the link came up with many events waiting, or the table wrote faster
 * than the server took them): `sent` of `total` events since it began (the total grows with
 * what the table commits meanwhile), the rate so far, and the seconds left at that rate (null
 * until a batch was confirmed).
 */
export interface CatchUp {
  readonly sent: number;
  readonly total: number;
  readonly perSecond: number | null;
  readonly secondsLeft: number | null;
}

/** How the forwarder sends and retries. */
export interface ForwarderOptions {
  /** Rows per batch (default 500). */
  readonly batchRows?: number;
  /** The first wait after a failure (default 250 ms), doubled after each failure up to `maxRetryMs` (default 10 s). */
  readonly firstRetryMs?: number;
  readonly maxRetryMs?: number;
  /** When idle, how often to look for new rows without being woken (default 1000 ms). */
  readonly pollMs?: number;
  readonly clock?: () => number;
  /** Heard with each central finding (a fork, a gap ...) as the server answers. */
  readonly onFinding?: (f: RecordedFinding) => void;
  /**
   * Heard once the server committed a batch, before the cursor is written (the moment a crash
   * would leave the server ahead of the cursor; the tests kill the process here).
   */
  readonly onConfirmed?: (receipt: IngestReceipt, rows: readonly LogRow[]) => void;
  /** Heard after the cursor was written for a batch. */
  readonly onCursor?: (confirmedId: number, receipt: IngestReceipt) => void;
  /**
   * {@link forwardPending}: told the events to send (`forward`, from where it goes on to the
   * table's end), then after each batch confirmed how many are.
   */
  readonly progress?: Progress;
  /** A {@link Forwarder} up and behind by more than this many events is catching up (default: two batches). */
  readonly catchUpFrom?: number;
}

/** What one pass of sending did. */
export interface SendReport {
  readonly terminalId: string;
  readonly centralId: string;
  /** The first row sent (a resend when the server held it). */
  readonly fromId: number;
  /** The last row the server confirmed (the cursor). */
  readonly confirmedId: number;
  readonly sent: number;
  readonly stored: number;
  readonly duplicates: number;
  readonly batches: number;
  readonly findings: readonly RecordedFinding[];
  /** The end of the table's chain as the server holds it after the pass. */
  readonly end: LogEnd;
  /** The table's own end when the pass ended. */
  readonly head: LogEnd;
}

/** Where a pass starts, the cursor to report to the server, and the server's end as last known. */
interface Resume {
  readonly fromId: number;
  readonly cursorId: number | null;
  readonly end: LogEnd;
}

/** The table side failing (its store closed, a full disk): `table-log-failed`. */
function tableFailed(what: string, e: unknown): { ok: false; error: { code: string; message: string } } {
  return fail('table-log-failed', `the table's database failed while ${what}: ${e instanceof Error ? e.message : String(e)}`);
}

/** Where to go on from (see the top of this file). */
async function resumePoint(session: CentralSession, log: TableLog): Promise<Result<Resume>> {
  const position = await session.position(log.identity);
  if (!position.ok) return position;
  try {
    const cursor = log.cursor();
    const cursorId = cursor !== null && cursor.centralId === session.centralId ? cursor.confirmedId : null;
    const from = Math.min(position.value.lastId, cursorId ?? position.value.lastId, log.end().lastId);
    return ok({ fromId: Math.max(1, from), cursorId, end: position.value });
  } catch (e) {
    return tableFailed('reading its cursor', e);
  }
}

/**
 * Sends the rows from `resume.fromId` on, batch after batch, until none is left; the cursor is
 * written after each batch the server confirmed. `report`: send one batch even when there are
 * no rows (the table's end alone: a table that went backwards is found with nothing to send).
 * `halted`: asked before each batch after the first; true ends the pass there (a stop).
 */
async function sendRows(
  session: CentralSession, log: TableLog, resume: Resume, options: ForwarderOptions, report: boolean, confirmed: (id: number) => void, halted: () => boolean = () => false,
): Promise<Result<SendReport>> {
  const batchRows = options.batchRows ?? 500;
  let next = resume.fromId;
  let cursorId = resume.cursorId;
  let confirmedId = next - 1;
  let sent = 0;
  let stored = 0;
  let duplicates = 0;
  let batches = 0;
  let end = resume.end;
  const findings: RecordedFinding[] = [];
  for (let first = true; ; first = false) {
    let rows: LogRow[];
    let head: LogEnd;
    try {
      rows = log.rows(next, batchRows);
      head = log.end();
    } catch (e) {
      return tableFailed('reading its log', e);
    }
    if ((rows.length === 0 && !(first && report)) || (!first && halted())) {
      return ok({ terminalId: log.identity, centralId: session.centralId, fromId: resume.fromId, confirmedId, sent, stored, duplicates, batches, findings, end, head });
    }
    const r = await session.ingest(log.identity, { rows, head, cursorId });
    if (!r.ok) return r;
    cursorId = null;
    batches++;
    options.onConfirmed?.(r.value, rows);
    for (const f of r.value.findings) {
      findings.push(f);
      options.onFinding?.(f);
    }
    sent += rows.length;
    stored += r.value.stored;
    duplicates += r.value.duplicates;
    end = r.value.end;
    if (rows.length === 0) continue;
    const last = rows[rows.length - 1].id;
    try {
      log.saveCursor(session.centralId, last);
    } catch (e) {
      return tableFailed('writing its cursor', e);
    }
    confirmedId = last;
    confirmed(last);
    options.onCursor?.(last, r.value);
    next = last + 1;
  }
}

/**
 * Sends what is pending once (`table sync`): connects, goes on from where the server and the
 * cursor say (see the top of this file), sends every row up to the table's end, and closes.
 * Refused as the session is (`central-unreachable`, `central-not-migrated` ...), or
 * `central-failed` when the server failed on the way (what it confirmed before stays
 * confirmed: run it again to go on), or `table-log-failed`.
 */
export async function forwardPending(log: TableLog, connect: ConnectCentral, options: ForwarderOptions = {}): Promise<Result<SendReport>> {
  const s = await connect();
  if (!s.ok) return s;
  try {
    const resume = await resumePoint(s.value, log);
    if (!resume.ok) return resume;
    const progress = options.progress ?? NO_PROGRESS;
    const fromId = resume.value.fromId;
    let total: number;
    try {
      total = Math.max(0, log.end().lastId - fromId + 1);
    } catch (e) {
      return tableFailed('reading its log', e);
    }
    progress.stage('forward', total, 'events');
    return await sendRows(s.value, log, resume.value, options, true, (id) => progress.done(id - fromId + 1));
  } finally {
    await s.value.close();
  }
}

/**
 * Forwards a table's log for as long as it runs (see the top of this file). `start()` once;
 * `wake()` when events were committed (the table service's subscription), else it looks every
 * `pollMs`; `stop()` finishes the batch in flight and closes the session.
 */
export class Forwarder {
  private link: { state: 'connecting' } | { state: 'up' } | { state: 'down'; since: string; reason: string; retryAt: string } | { state: 'stopped' } = { state: 'connecting' };
  private confirmedId: number;
  private stopping = false;
  /** Stopped without waiting for the batch in flight: its cursor is not written. */
  private abandoned = false;
  private session: CentralSession | null = null;
  private running: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private woken = false;
  private readonly listeners = new Set<(s: CentralLinkState) => void>();
  private readonly clock: () => number;
  /** The backlog being sent: the last row confirmed when it began, and when (see {@link CatchUp}). */
  private catchingUp: { readonly fromId: number; readonly startedMs: number } | null = null;

  /** The table's log as the forwarder uses it: refused once it was stopped without waiting (the store may be closed by then). */
  private readonly log: TableLog;

  constructor(
    log: TableLog,
    private readonly connect: ConnectCentral,
    private readonly options: ForwarderOptions = {},
  ) {
    const live = () => {
      if (this.abandoned) throw new Error('the forwarder was stopped');
    };
    this.log = {
      identity: log.identity,
      tableIds: () => (live(), log.tableIds()),
      end: () => (live(), log.end()),
      rows: (fromId, limit) => (live(), log.rows(fromId, limit)),
      cursor: () => (live(), log.cursor()),
      saveCursor: (centralId, confirmedId) => (live(), log.saveCursor(centralId, confirmedId)),
    };
    this.clock = options.clock ?? Date.now;
    // Until the server answers, the cursor is the best knowledge of what it holds.
    this.confirmedId = log.cursor()?.confirmedId ?? 0;
  }

  /** Starts forwarding in the background (once). */
  start(): void {
    this.running ??= this.run();
  }

  /** New events were committed: look now rather than at the next poll. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** The link's state now (the counts read afresh from the table's log). */
  state(): CentralLinkState {
    let headId = this.confirmedId;
    try {
      headId = this.log.end().lastId;
    } catch {
      // the store is closing: the counts as last known
    }
    const counts = { confirmedId: this.confirmedId, headId, behind: Math.max(0, headId - this.confirmedId) };
    const l = this.link;
    if (l.state === 'up' && counts.behind > 0) return { ...counts, state: 'behind', catchUp: this.catchUp(counts) };
    this.catchingUp = null;
    if (l.state === 'up') return { ...counts, state: 'connected' };
    return { ...counts, ...l };
  }

  /** The backlog being sent while up and behind (begun when more than `catchUpFrom` events wait), or null. */
  private catchUp(counts: LinkCounts): CatchUp | null {
    const from = this.options.catchUpFrom ?? 2 * (this.options.batchRows ?? 500);
    if (!this.catchingUp) {
      if (counts.behind <= from) return null;
      this.catchingUp = { fromId: counts.confirmedId, startedMs: this.clock() };
    }
    const sent = Math.max(0, counts.confirmedId - this.catchingUp.fromId);
    const total = Math.max(sent, counts.headId - this.catchingUp.fromId);
    const seconds = (this.clock() - this.catchingUp.startedMs) / 1000;
    const perSecond = sent > 0 && seconds > 0 ? Math.round(sent / seconds) : null;
    const secondsLeft = perSecond ? Math.ceil((total - sent) / perSecond) : null;
    return { sent, total, perSecond, secondsLeft };
  }

  /** Hears every change of state. Returns the function that unsubscribes. */
  subscribe(listener: (s: CentralLinkState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Stops after the batch in flight; resolves when the session is closed. With `flushMs`, an
   * orderly stop first sends what is pending (the rows the stop itself wrote) while the link is
   * up or still connecting, for at most that long; a link that is down stops at once. With
   * `graceMs`, a batch (or a connect) still in flight after that long is abandoned: the session
   * is closed under it, the server rolls the batch back, and the rows go again at the next
   * start. Nothing is sent and no cursor written after it resolved.
   */
  async stop(options: { readonly flushMs?: number; readonly graceMs?: number } = {}): Promise<void> {
    if (options.flushMs !== undefined && options.flushMs > 0 && this.running && !this.stopping) await this.flush(options.flushMs);
    this.stopping = true;
    this.wakeUp?.();
    if (this.running && options.graceMs !== undefined) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = await Promise.race([
        this.running.then(() => false),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(true), options.graceMs);
        }),
      ]);
      clearTimeout(timer);
      if (late) {
        this.abandoned = true;
        await this.session?.close();
      }
    } else {
      await this.running;
    }
    this.setLink({ state: 'stopped' });
  }

  /** Resolves once every committed row is confirmed, the link is down, or `ms` have passed. */
  private flush(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let off = (): void => undefined;
      const done = (s: CentralLinkState): boolean => {
        if (s.state !== 'connected' && s.state !== 'down' && s.state !== 'stopped') return false;
        clearTimeout(timer);
        off();
        resolve();
        return true;
      };
      if (done(this.state())) return;
      off = this.subscribe((s) => void done(s));
      timer = setTimeout(() => {
        off();
        resolve();
      }, ms);
      this.wake();
    });
  }

  private setLink(l: Forwarder['link']): void {
    if (this.link.state === 'stopped') return;
    this.link = l;
    this.tell();
  }

  private tell(): void {
    const s = this.state();
    for (const listener of this.listeners) {
      try {
        listener(s);
      } catch {
        // a listener's failure is its own
      }
    }
  }

  private goDown(reason: string, retryMs: number): void {
    const now = this.clock();
    const since = this.link.state === 'down' ? this.link.since : isoTime(now);
    this.setLink({ state: 'down', since, reason, retryAt: isoTime(now + retryMs) });
  }

  /** Waits `ms`, or less when woken (`wakeable`) or stopped. */
  private wait(ms: number, wakeable: boolean): Promise<void> {
    if (this.stopping || (wakeable && this.woken)) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        if (this.stopping || wakeable) done();
      };
    }).then(() => {
      this.wakeUp = null;
    });
  }

  private async run(): Promise<void> {
    const first = this.options.firstRetryMs ?? 250;
    const max = this.options.maxRetryMs ?? 10_000;
    let delay = first;
    const failed = async (reason: string) => {
      this.goDown(reason, delay);
      await this.wait(delay, false);
      delay = Math.min(delay * 2, max);
    };
    while (!this.stopping) {
      const s = await this.connect();
      if (!s.ok) {
        await failed(s.error.message);
        continue;
      }
      const session = s.value;
      if (this.stopping) {
        await session.close();
        break;
      }
      this.session = session;
      try {
        const resume = await resumePoint(session, this.log);
        if (!resume.ok) {
          await failed(resume.error.message);
          continue;
        }
        let from = resume.value;
        this.setLink({ state: 'up' });
        for (let report = true; !this.stopping; report = false) {
          this.woken = false;
          const r = await sendRows(session, this.log, from, this.options, report, (id) => {
            this.confirmedId = id;
            this.tell();
          }, () => this.stopping);
          if (!r.ok) {
            await failed(r.error.message);
            break;
          }
          delay = first;
          this.confirmedId = r.value.confirmedId;
          this.tell();
          from = { fromId: r.value.confirmedId + 1, cursorId: null, end: r.value.end };
          await this.wait(this.options.pollMs ?? 1000, true);
          const broken = session.broken();
          if (broken) {
            await failed(`the connection to the central server ${session.shown} was lost: ${broken.message}`);
            break;
          }
        }
      } finally {
        this.session = null;
        await session.close();
      }
    }
  }
}
