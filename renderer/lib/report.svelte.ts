/**
 * The floor panel's Report tab on this screen: the range asked for (the form's `datetime-local`
 * values, in this screen's time zone, sent as ISO times), the report the terminal is making for
 * this screen and, once it is done, its figures as the terminal gives them (app/contract/report.ts:
 * nothing is computed here). The terminal answers `tableReport` at once and makes the report off
 * the table's thread; this asks `reportStatus` every {@link POLL_MS} while it runs, so the bar
 * moves and the rest of the screen (the dealer's buttons) stays as it is.
 */
import type { RequestArgs, RequestName, RequestReply } from '../../app/contract/handlers';
import type { ReportJobView } from '../../app/contract/report';
import type { TerminalStore } from './terminal.svelte';

/** One series of bars of a chart (a table's, a dealer's), in the order of the chart's labels. */
export interface ChartSeries {
  readonly label: string;
  readonly data: readonly number[];
}

/** How often a running report is asked how far it got. */
export const POLL_MS = 250;

/** The Report tab's form: times as the `datetime-local` inputs hold them; the dealer as typed. */
export interface ReportForm {
  from: string;
  to: string;
  dealer: string;
}

/** A `datetime-local` value (this screen's time zone) as an ISO time; as typed when it is not one (the terminal refuses it in words). */
export function isoOf(local: string): string {
  const ms = Date.parse(local);
  return Number.isNaN(ms) ? local : new Date(ms).toISOString();
}

/** A time as the `datetime-local` input shows it, in this screen's time zone. */
export function localOf(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** The request's arguments from the form. */
export function reportArgs(f: Readonly<ReportForm>): RequestArgs<'tableReport'> {
  const dealer = f.dealer.trim();
  return { from: isoOf(f.from), to: isoOf(f.to), ...(dealer ? { dealer } : {}) };
}

type Send = <K extends RequestName>(name: K, args: RequestArgs<K>) => Promise<RequestReply<K>>;

/** The Report tab's state on this screen. */
export class ReportDesk {
  /** The range: by default the last 12 hours up to the next full hour. */
  form: ReportForm = $state(ReportDesk.defaultForm(Date.now()));
  job: ReportJobView | null = $state.raw(null);
  /** The refusal of the last request, as the terminal worded it. */
  refusal: { code: string; message: string } | null = $state.raw(null);
  /** A file being made (its format). */
  downloading: 'csv' | 'pdf' | null = $state(null);

  private readonly send: Send;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(terminal: TerminalStore, send?: Send) {
    // Polls go on while the dealer deals: they must not mark his screen busy or clear his last refusal.
    this.send = send ?? ((name, args) => terminal.peek(name, args));
  }

  static defaultForm(now: number): ReportForm {
    const to = Math.ceil(now / 3_600_000) * 3_600_000;
    return { from: localOf(to - 12 * 3_600_000), to: localOf(to), dealer: '' };
  }

  get running(): boolean {
    return this.job?.state === 'running';
  }

  /** Asks what this screen's report is doing (a report asked before the panel was closed goes on). */
  async refresh(): Promise<void> {
    const r = await this.send('reportStatus', {});
    if (this.stopped) return;
    if (!r.ok) return void (this.refusal = r.error);
    // An answer about an older report (a newer one was asked meanwhile) is not this one's.
    if (this.job && r.value.id < this.job.id) return;
    this.job = r.value.state === 'none' ? null : r.value;
    if (this.running) this.poll();
  }

  /** Asks for the report of the form's range; the terminal answers at once, then this follows it. */
  async make(): Promise<void> {
    this.refusal = null;
    const r = await this.send('tableReport', reportArgs(this.form));
    if (this.stopped) return;
    if (!r.ok) return void (this.refusal = r.error);
    this.job = r.value;
    this.poll();
  }

  /** The finished report as a file, handed to the browser to save. */
  async download(format: 'csv' | 'pdf'): Promise<void> {
    this.downloading = format;
    try {
      const r = await this.send('reportFile', { format });
      if (!r.ok) return void (this.refusal = r.error);
      const bytes = Uint8Array.from(atob(r.value.base64), (c) => c.charCodeAt(0));
      const href = URL.createObjectURL(new Blob([bytes], { type: r.value.type }));
      const a = document.createElement('a');
      a.href = href;
      a.download = r.value.name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(href), 60_000);
    } finally {
      this.downloading = null;
    }
  }

  /** Stops following the report (the tab closed); the terminal goes on making it. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private poll(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.refresh();
    }, POLL_MS);
  }
}
