/**
 * The floor-desk reports from the central server (`casino report`, and the Reports tab of
 * `casino serve`): for each table the central server holds (or those named), the shift report
 * `table report` writes for that table, read from the table database's central copy, and the
 * whole floor's as one (docs/casino.md, "Reports").
 *
 * How: each table database's central rows are copied into a temporary terminal database by
 * the copy `casino audit` makes (central-audit.ts `copyCentralLog`), and the report is built
 * on that copy by the table's own `buildReport` (app/services/report.ts), one per table of the
 * copy; the floor's is `mergeReports` of them. Read-only on the server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fail, ok, type Result } from '../domain/result';
import { csvCell } from '../services/export';
import { buildReport, mergeReports, REPORT_CSV_COLUMNS, reportCsvRows, reportsPdf, type Report } from '../services/report';
import { openStore } from '../services/store';
import type { CentralSession } from './central';
import { copyCentralLog, tablesOf } from './central-audit';

/** The range of a floor report: a shift (`from` / `to` as `table report` reads them), optionally some tables and one dealer. */
export interface FloorReportRange {
  readonly from: string;
  readonly to: string;
  /** The tables to report (all the central server holds when empty or left out). */
  readonly tableIds?: readonly string[];
  readonly dealer?: string;
}

/** One table's report, as `table report --table ID` gives it on the table's own file. */
export interface FloorTableReport {
  /** The table database it was read from (its identity). */
  readonly terminalId: string;
  readonly tableId: string;
  readonly report: Report;
}

/** The floor's report: every table's, and the floor's totals (`floor.totals`). */
export interface FloorReport {
  readonly central: string;
  readonly from: string;
  readonly to: string;
  /** The tables asked for (null: every table). */
  readonly tableIds: readonly string[] | null;
  readonly dealer: string | null;
  readonly generatedAt: string;
  /** The tables' reports merged (app/services/report.ts `mergeReports`). */
  readonly floor: Report;
  /** In table id order, then table database. */
  readonly tables: readonly FloorTableReport[];
}

/** The formats a floor report is written in. */
export const FLOOR_REPORT_FORMATS = ['json', 'csv', 'pdf'] as const;
export type FloorReportFormat = (typeof FLOOR_REPORT_FORMATS)[number];

/**
 * Builds the floor's report of `range` from the central server (`central`: the URL as shown,
 * no password). Refused: `unknown-table` naming a table asked for that the server holds no row
 * of; `central-failed` when the server fails on the way. `clock` gives `generatedAt`.
 */
export async function buildFloorReport(session: CentralSession, central: string, range: FloorReportRange, clock: () => number = Date.now): Promise<Result<FloorReport>> {
  const terminals = await session.terminals();
  if (!terminals.ok) return terminals;
  const wanted = range.tableIds && range.tableIds.length > 0 ? new Set(range.tableIds) : null;
  const generatedAt = new Date(clock()).toISOString();
  const out: FloorTableReport[] = [];
  const seen = new Set<string>();
  for (const t of [...terminals.value].sort((a, b) => a.terminalId.localeCompare(b.terminalId))) {
    const dir = mkdtempSync(join(tmpdir(), 'cp-central-report-'));
    try {
      const copied = await copyCentralLog(session, t.terminalId, t.end, dir);
      if (!copied.ok) return copied;
      const store = openStore(copied.value.path, { readonly: true, clock: () => Date.parse(generatedAt) });
      try {
        for (const tableId of tablesOf(store)) {
          seen.add(tableId);
          if (wanted && !wanted.has(tableId)) continue;
          const report = buildReport(store, { from: range.from, to: range.to, tableId, ...(range.dealer !== undefined ? { dealer: range.dealer } : {}) });
          out.push({ terminalId: t.terminalId, tableId, report });
        }
      } finally {
        store.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const missing = wanted ? [...wanted].filter((id) => !seen.has(id)) : [];
  if (missing.length > 0) return fail('unknown-table', `--table ${missing[0]}: the central server ${central} holds no row of table ${JSON.stringify(missing[0])}`, 'table');
  out.sort((a, b) => a.tableId.localeCompare(b.tableId) || a.terminalId.localeCompare(b.terminalId));
  return ok({
    central,
    from: range.from,
    to: range.to,
    tableIds: wanted ? [...wanted].sort() : null,
    dealer: range.dealer ?? null,
    generatedAt,
    floor: mergeReports(out.map((t) => t.report), generatedAt),
    tables: out,
  });
}

/** The floor report as JSON (one object, a line break at the end). */
export function floorReportJson(r: FloorReport): string {
  return JSON.stringify(r, null, 1) + '\n';
}

/** The CSV's columns: the table report's, after the table database and the table they are of (`floor` for the floor's rows). */
export const FLOOR_REPORT_CSV_COLUMNS = ['terminal', 'table', ...REPORT_CSV_COLUMNS] as const;

/**
 * The floor report as CSV (a header, CRLF): the floor's rows (`table` = `floor`) then each
 * table's, every row a table report's CSV row (docs/reports.md "CSV") after its table database
 * and table id.
 */
export function floorReportCsv(r: FloorReport): string {
  const rows = [
    ...reportCsvRows(r.floor).map((x) => ['', 'floor', ...x]),
    ...r.tables.flatMap((t) => reportCsvRows(t.report).map((x) => [t.terminalId, t.tableId, ...x])),
  ];
  return [FLOOR_REPORT_CSV_COLUMNS.join(','), ...rows.map((x) => x.map(csvCell).join(','))].join('\r\n') + '\r\n';
}

/** The floor report as a PDF: the floor's totals first (as a table report's pages), then a section per table (its table report). */
export function floorReportPdf(r: FloorReport, options: { fontDir?: string } = {}): Promise<Buffer> {
  return reportsPdf([
    { report: r.floor, title: 'Floor report' },
    ...r.tables.map((t) => ({ report: t.report, title: `Table ${t.tableId} (table database ${t.terminalId.slice(0, 12)})` })),
  ], { ...options, title: `Floor report ${r.from} to ${r.to}` });
}

/** The report in `format`, with the file name and media type a download gives it. */
export async function floorReportFile(r: FloorReport, format: FloorReportFormat): Promise<{ name: string; type: string; body: Buffer }> {
  const name = `floor-report-${r.from.slice(0, 10)}-${r.to.slice(0, 10)}.${format}`;
  if (format === 'json') return { name, type: 'application/json', body: Buffer.from(floorReportJson(r)) };
  if (format === 'csv') return { name, type: 'text/csv', body: Buffer.from(floorReportCsv(r)) };
  return { name, type: 'application/pdf', body: await floorReportPdf(r) };
}
