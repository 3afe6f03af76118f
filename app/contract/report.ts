/**
 * The shift report as the floor panel's Report tab reads it: the figures `table report` gives
 * (app/services/report.ts `buildReport`, docs/reports.md "The figures"), as plain data, and the
 * state of the report being made for this screen (it runs off the table's thread and reports how
 * far it got). The handler hands the service's report over as is: the compiler checks that it is
 * one of these (app/terminal/handlers.ts), so no figure is computed twice.
 */

/** Hands, their pace, what went wrong and what money moved in one scope. Money in minor units. */
export interface ReportHandFiguresView {
  readonly hands: number;
  readonly played: number;
  readonly misdeals: number;
  readonly voids: number;
  readonly open: number;
  readonly firstStart: string | null;
  readonly lastEnd: string | null;
  readonly handsPerHour: number;
  readonly byHour: readonly { readonly hour: string; readonly hands: number }[];
  readonly misdealsByCause: Readonly<Record<string, number>>;
  readonly fouls: number;
  readonly naturals: Readonly<Record<string, number>>;
  readonly surrenders: number;
  readonly allIns: number;
  /** Jackpot hands that stood at settlement. */
  readonly jackpots: number;
  readonly payments: { readonly count: number; readonly executed: number; readonly amount: number };
  readonly pointsWon: number;
  readonly seats: readonly ReportSeatView[];
  readonly players: readonly (Omit<ReportSeatView, 'seat'> & { readonly player: string; readonly name: string | null })[];
}

export interface ReportSeatView {
  readonly seat: number;
  readonly hands: number;
  readonly points: number;
  readonly net: number;
  readonly paid: number;
  readonly received: number;
}

export interface ReportFiguresView extends ReportHandFiguresView {
  readonly buyIns: { readonly count: number; readonly amount: number; readonly short: number };
  readonly cashOuts: { readonly count: number; readonly amount: number };
  readonly drop: number;
  readonly alerts: { readonly count: number; readonly acknowledged: number; readonly open: number; readonly meanAckSeconds: number | null; readonly maxAckSeconds: number | null };
  readonly floorActions: { readonly count: number; readonly byType: Readonly<Record<string, number>> };
}

/** The report of a range at this table (the table's, its dealers'), with the chain check's verdict. */
export interface ReportView {
  readonly from: string | null;
  readonly to: string | null;
  readonly tableId: string | null;
  readonly dealer: string | null;
  readonly generatedAt: string;
  readonly chain: { readonly ok: boolean; readonly rows: number; readonly problems: readonly string[] };
  readonly totals: ReportFiguresView;
  readonly dealers: readonly (ReportHandFiguresView & { readonly dealer: string })[];
}

/** What the report being made is doing: counting what it will read, reading it (hands and the log's chain), done. */
export const REPORT_STEPS = ['counting', 'reading', 'done'] as const;
export type ReportStep = (typeof REPORT_STEPS)[number];

/**
 * This screen's report: `none` (never asked), `running` (with the step, the hands of the range
 * and the log rows the chain check reads once counted, and the report's own progress when it
 * gives one), `done` (with the report), `failed` (with the reason). `id` counts this screen's
 * reports (1, 2 ...); `ms` how long it has run (or ran).
 */
export interface ReportJobView {
  readonly id: number;
  readonly state: 'none' | 'running' | 'done' | 'failed';
  readonly step: ReportStep;
  /** Hands started in the range (null: not counted yet) and, of those, the hands read so far. */
  readonly hands: number | null;
  readonly handsDone: number;
  /** The log rows the chain check reads (null: not counted yet). */
  readonly rows: number | null;
  /** The stage the report says it is at (app/services/progress.ts codes: `read`, `chain`, `figures` ...), when it says. */
  readonly stage: { readonly stage: string; readonly done: number; readonly total: number | null; readonly unit: string } | null;
  /** Whether it runs in a worker thread (false: on the table's thread, where no worker code is shipped). */
  readonly offThread: boolean;
  readonly ms: number;
  readonly report: ReportView | null;
  readonly error: { readonly code: string; readonly message: string } | null;
}

/** A report written as a file (CSV or PDF), the body in base64. */
export interface ReportFileView {
  readonly name: string;
  readonly type: string;
  readonly base64: string;
}
