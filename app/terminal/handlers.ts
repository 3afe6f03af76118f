/**
 * The contract's handler map over TableService: each request is one service command on the
 * terminal's table, and its reply is the new screen state. Nothing is decided here: the
 * service refuses what is not allowed, in words, and that refusal is the reply.
 */
import type { HandCorrectionArg } from '../contract/fields';
import type { FloorAction } from '../contract/floor';
import type { NaturalName } from '../domain/naturals';
import type { HandCorrection, SeatCorrection } from '../domain/table/correction';
import type { Handlers, RequestName } from '../contract/handlers';
import type { SeatNumber, TerminalView } from '../contract/view';
import type { CorrectionAction, FloorSignature } from '../domain/hand/events';
import { fail, ok, type Result } from '../domain/result';
import type { Purpose } from '../domain/staff';
import { listPresets, resolveProfile } from '../domain/profiles';
import { previewRules } from '../domain/rule-book';
import { buyInMinimums } from '../domain/table/buy-in';
import { accessLog } from '../services/access-log';
import * as handSearch from '../services/hand-search';
import { parseExportDate } from '../services/export';
import { reportCsv, reportPdf, type Report } from '../services/report';
import { ReportJobs, type ReportJobStatus } from '../services/report-job';
import type { ReportJobView, ReportView } from '../contract/report';
import type { StaffService } from '../services/staff';
import type { TableDevices } from '../services/device-settings';
import type { TableService, TableSnapshot } from '../services/table-service';
import type { StaffListView } from '../contract/session';
import type { Caller } from './access';
import { handSearchView, recallView, replayView, timelineView } from './floor-view';
import type { Screens } from './screens';

export interface HandlerContext {
  readonly service: TableService;
  readonly staff: StaffService;
  readonly screens: Screens;
  readonly tableId: string;
  /** The snapshot as the screen sees it. */
  readonly toView: (snapshot: TableSnapshot) => TerminalView;
  /** The table's shoe and scanner (the admin's device requests). */
  readonly devices: TableDevices;
  /** The terminal's log (a report that failed, or made without its worker, is written there). */
  readonly log?: (line: string) => void;
}

/** How many hands the floor's recall lists: the last 10 hands of the table. */
export const RECALL_COUNT = 10;

/** How many access-log entries the floor's screen reads at once (the newest). */
export const ACCESS_LOG_COUNT = 200;

/**
 * One name per action: every request calls the TableService method of its own name, or the
 * screens' (`session`, `signIn`, `signOut`), or the staff's under `staff` (`staffAdd` is
 * StaffService's `add`), but the floor's acknowledgement, which is
 * `acknowledgeAlert` in the floor person's name, the access log, which is read from the log
 * (app/services/access-log.ts `accessLog`), and the hand history, read from the query tables
 * (app/services/hand-search.ts `searchHands`, and `handTimeline` beside `replayHand`). A request
 * named otherwise (or a method renamed alone) stops this file compiling.
 */
type StaffRequest = `staff${Capitalize<keyof StaffService & string>}`;
type NotAServiceMethod = Exclude<RequestName, keyof TableService | keyof Screens | StaffRequest>;
type ReadElsewhere = 'floorAcknowledgeAlert' | 'accessLog' | HistoryRequest | ReportRequest | 'previewRules' | DeviceRequest;
/** The admin's device requests: each is the method of its name of app/services/device-settings.ts `TableDevices`. */
type DeviceRequest = Extract<'serialPorts' | 'changeDevice' | 'testRead', keyof TableDevices>;
/** The shift report's requests: app/services/report.ts `buildReport`, made off the table's thread (app/services/report-job.ts). */
type ReportRequest = 'tableReport' | 'reportStatus' | 'reportFile';
/** The hand history's requests: each is a function of app/services/hand-search.ts or its timeline. */
type HistoryRequest = 'handTimeline' | Extract<'searchHands', keyof typeof handSearch>;
const ONE_NAME_PER_ACTION: [NotAServiceMethod] extends [ReadElsewhere]
  ? [ReadElsewhere] extends [NotAServiceMethod] ? true : never
  : never = true;
void ONE_NAME_PER_ACTION;

/** The contract's floor action as the service's correction (same shape, own copies). */
function correction(a: FloorAction): CorrectionAction {
  switch (a.kind) {
    case 'resolve-irregularity': return { kind: a.kind, irregularity: a.irregularity, ruling: a.ruling };
    case 'foul-seat': return { kind: a.kind, seat: a.seat };
    case 'replace-hand': return { kind: a.kind, seat: a.seat, front: [...a.front], middle: [...a.middle], back: [...a.back] };
    case 'note': return { kind: 'note' };
  }
}

/** A seat of the contract's correction as the domain's (same shape, own copies; the natural's name checked by the domain). */
function seatCorrection(c: Extract<HandCorrectionArg, { kind: 'resettle' }>['seats'][number]): SeatCorrection {
  switch (c.kind) {
    case 'set': return { kind: 'set', seat: c.seat, front: [...c.front], middle: [...c.middle], back: [...c.back] };
    case 'foul': return { kind: 'foul', seat: c.seat };
    case 'natural': return { kind: 'natural', seat: c.seat, natural: c.natural as NaturalName };
    case 'disqualify-jackpot': return { kind: 'disqualify-jackpot', seat: c.seat };
  }
}

/** The contract's correction as the domain's. */
function domainCorrection(c: HandCorrectionArg): HandCorrection {
  return c.kind === 'void' ? { kind: 'void' } : { kind: 'resettle', seats: c.seats.map(seatCorrection) };
}

/** The floor people who gave their PINs, in the order of the request's keys. */
function signedBy(caller: Caller, ...keys: string[]): FloorSignature[] {
  return keys.flatMap((k) => (caller.signers[k] ? [{ staffId: caller.signers[k].staffId, name: caller.signers[k].name }] : []));
}

/** The staff as an admin sees them. */
function staffList(staff: StaffService): StaffListView {
  return {
    people: staff.list().map((p) => ({
      staffId: p.id, name: p.name, roles: [...p.roles], addedAt: p.addedAt, lockedUntil: p.lockedUntil, failures: p.failures,
      disabled: p.disabled ? { at: p.disabled.at, by: p.disabled.by, reason: p.disabled.reason } : null,
    })),
  };
}

/** The service's report as the floor panel reads it: the figures as they are (the compiler checks they are the view's). */
function reportView(r: Report): ReportView {
  return {
    from: r.from, to: r.to, tableId: r.tableId, dealer: r.dealer, generatedAt: r.generatedAt,
    chain: { ok: r.chain.ok, rows: r.chain.rows, problems: r.chain.problems }, totals: r.totals, dealers: r.dealers,
  };
}

function reportJobView(s: ReportJobStatus): ReportJobView {
  return { ...s, report: s.report ? reportView(s.report) : null };
}

export function createHandlers({ service, staff, screens, tableId, toView, devices, log }: HandlerContext): Handlers<Caller> {
  const view = (r: Result<TableSnapshot>): Result<TerminalView> => (r.ok ? ok(toView(r.value)) : r);
  const staffView = (r: Result<unknown>): Result<StaffListView> => (r.ok ? ok(staffList(staff)) : r);
  const adminOf = (caller: Caller) => ({ signedIn: caller.signers.admin.staffId });
  const current = (): Result<TerminalView> => view(service.snapshot(tableId));
  const reports = new ReportJobs({ store: service.store, ...(log ? { log } : {}) });
  return {
    snapshot: async () => current(),
    session: async (_args, { screen }) => ok(screens.session(screen)),
    dealerOn: async ({ dealer }, { screen }) => {
      const signed = screens.signIn(screen, dealer, 'take-box');
      if (!signed.ok) return signed;
      const table = service.snapshot(tableId);
      if (!table.ok) return table;
      // The dealer on duty signing in again (a new screen, after an idle sign-out) goes on dealing.
      if (table.value.dealerStaffId === dealer.staffId) return signed;
      const person = signed.value.people.find((p) => p.purpose === 'take-box')!;
      const on = service.dealerOn({ tableId, dealer: person.name, staffId: person.staffId });
      if (!on.ok) {
        screens.signOut(screen, 'take-box');
        return on;
      }
      return ok(screens.session(screen));
    },
    dealerOff: async (_args, { screen }) => {
      const off = service.dealerOff({ tableId });
      if (!off.ok) return off;
      return ok(screens.signOut(screen, 'take-box'));
    },
    signIn: async ({ person, purpose }, { screen }) => screens.signIn(screen, person, purpose),
    signOut: async ({ purpose }, { screen }) => ok(screens.signOut(screen, purpose as Purpose | undefined)),
    seatPlayer: async ({ seat, name, buyIn, playerId }) =>
      view(service.seatPlayer({ tableId, seat, name, buyIn, playerId: playerId ?? name })),
    buyIn: async ({ seat, amount }) => view(service.buyIn({ tableId, seat, amount })),
    leaveSeat: async ({ seat }) => view(service.leaveSeat({ tableId, seat })),
    startHand: async () => view(service.startHand({ tableId })),
    nextHand: async () => view(service.nextHand({ tableId })),
    endDeal: async () => view(service.endDeal({ tableId })),
    seatReady: async ({ seat }) => view(service.seatReady({ tableId, seat })),
    declareSurrender: async ({ seat }) => view(service.declareSurrender({ tableId, seat })),
    declareNatural: async ({ seat, natural }) => view(service.declareNatural({ tableId, seat, natural })),
    reportExposure: async ({ seat, card }) => view(service.reportExposure({ tableId, seat, ...(card !== undefined ? { card } : {}) })),
    reportWrongSeat: async ({ heldBy, handOf }) => view(service.reportWrongSeat({ tableId, heldBy, handOf })),
    callMisdeal: async ({ cause }) => view(service.callMisdeal({ tableId, cause })),
    openShowdown: async () => view(service.openShowdown({ tableId })),
    setHand: async ({ seat, front, middle, back }) => view(service.setHand({ tableId, seat, front, middle, back, source: 'touch' })),
    placeCard: async ({ seat, card, row }) => view(service.placeCard({ tableId, seat, card, row })),
    answerScan: async ({ record }) => view(service.answerScan({ tableId, record })),
    settle: async () => view(service.settle({ tableId })),
    executePayment: async ({ index }) => view(service.executePayment({ tableId, index })),
    acknowledgeAlert: async ({ id }, { dealer }) => {
      const r = service.acknowledgeAlert({ alertId: id, by: dealer!.name, staffId: dealer!.staffId, tableId });
      return r.ok ? current() : r;
    },
    floorCorrection: async ({ reason, action, handId }, caller) => {
      const floor = caller.signers.floor;
      return view(service.floorCorrection({
        tableId, floor: floor.name, reason: reason.trim(), action: correction(action), signedBy: signedBy(caller, 'floor'),
        ...(handId !== undefined ? { handId } : {}),
      }));
    },
    correctHand: async ({ reason, handId, correction }, caller) =>
      view(service.correctHand({
        tableId, handId, floor: caller.signers.floor.name, reason: reason.trim(), signedBy: signedBy(caller, 'floor', 'second'),
        correction: domainCorrection(correction),
      })),
    previewCorrection: async ({ handId, correction, reason }) => {
      const r = service.previewCorrection({ tableId, handId, correction: domainCorrection(correction), ...(reason !== undefined ? { reason } : {}) });
      if (!r.ok) return r;
      const v = r.value;
      return ok({ ...v, transfers: v.transfers.map((t) => ({ from: t.from as SeatNumber, to: t.to as SeatNumber, amount: t.amount })), fouled: v.fouled.map((s) => s as SeatNumber) });
    },
    executeCorrectionPayment: async ({ index }) => view(service.executeCorrectionPayment({ tableId, index })),
    voidHand: async ({ reason }, caller) =>
      view(service.voidHand({ tableId, floor: caller.signers.floor.name, reason: reason.trim(), signedBy: signedBy(caller, 'floor', 'second') })),
    floorAcknowledgeAlert: async ({ id, note }, caller) => {
      const floor = caller.signers.floor;
      const r = service.acknowledgeAlert({ alertId: id, by: floor.name, staffId: floor.staffId, as: 'floor', tableId, ...(note?.trim() ? { note: note.trim() } : {}) });
      return r.ok ? current() : r;
    },
    recall: async () => {
      const r = service.recall(tableId, RECALL_COUNT);
      return r.ok ? ok(recallView(tableId, r.value)) : r;
    },
    replayHand: async ({ handId }) => {
      const r = service.replayHand(handId);
      if (!r.ok) return r;
      // The floor of this table reads this table's hands only.
      if (r.value[0]?.event.tableId !== tableId) return fail('unknown-hand', `there is no hand ${JSON.stringify(handId)} at table ${tableId}`);
      return ok(replayView(r.value, handSearch.readFoundHand(service.store.db, tableId, handId)?.dealer ?? null));
    },
    accessLog: async ({ from, to }) => {
      const entries = accessLog(service.store, { ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}), last: ACCESS_LOG_COUNT + 1 });
      const more = entries.length > ACCESS_LOG_COUNT;
      return ok({ entries: more ? entries.slice(1) : entries, more });
    },
    searchHands: async (args) => {
      const limit = args.limit ?? handSearch.SEARCH_LIMIT_DEFAULT;
      const page = handSearch.searchHands(service.store.db, { ...args, limit, tableId });
      return ok(handSearchView(tableId, page, limit));
    },
    handTimeline: async ({ handId, withHindsight }) => {
      const db = service.store.db;
      // The floor of this table reads this table's hands only.
      const hand = handSearch.readFoundHand(db, tableId, handId);
      if (!hand) return fail('unknown-hand', `there is no hand ${JSON.stringify(handId)} at table ${tableId}`);
      const steps = service.replayHand(handId);
      if (!steps.ok) return steps;
      return ok(timelineView(steps.value, {
        tableId, hand, payments: handSearch.readPayments(db, handId), alerts: handSearch.readHandAlerts(db, handId), withHindsight: withHindsight === true,
        corrections: handSearch.readHandCorrections(db, tableId, handId),
      }));
    },
    tableReport: async ({ from, to, dealer }, { screen }) => {
      const start = parseExportDate(from, false);
      const end = parseExportDate(to, true);
      if (start === null) return fail('bad-time', `from must be a date (2025-03-01) or an ISO time with a zone, got ${JSON.stringify(from)}`, 'from');
      if (end === null) return fail('bad-time', `to must be a date (2025-03-01) or an ISO time with a zone, got ${JSON.stringify(to)}`, 'to');
      if (end <= start) return fail('bad-range', `to (${to}) is not after from (${from})`, 'to');
      return ok(reportJobView(reports.start(screen, { from: start, to: end, tableId, ...(dealer?.trim() ? { dealer: dealer.trim() } : {}) })));
    },
    reportStatus: async (_args, { screen }) => ok(reportJobView(reports.status(screen))),
    reportFile: async ({ format }, { screen }) => {
      const r = reports.report(screen);
      if (!r) return fail('no-report', 'no report is finished on this screen: make one first');
      const name = `report-${tableId}-${(r.from ?? '').slice(0, 10)}-${(r.to ?? '').slice(0, 10)}.${format}`;
      const body = format === 'csv' ? Buffer.from(reportCsv(r)) : await reportPdf(r);
      return ok({ name, type: format === 'csv' ? 'text/csv' : 'application/pdf', base64: body.toString('base64') });
    },
    staffList: async () => ok(staffList(staff)),
    staffAdd: async ({ staffId, name, roles, pin }, caller) =>
      staffView(staff.add({ staffId, name: name.trim(), roles: [...roles], pin, admin: adminOf(caller) })),
    staffDisable: async ({ staffId, reason }, caller) =>
      staffView(staff.disable({ staffId, ...(reason?.trim() ? { reason: reason.trim() } : {}), admin: adminOf(caller) })),
    staffSetPin: async ({ staffId, pin }, caller) => staffView(staff.setPin({ staffId, pin, admin: adminOf(caller) })),
    // The domain's preview of the rule book's figures (app/domain/rule-book.ts): pure, reads nothing of the table.
    previewRules: async ({ rules, pointValue }) => {
      const table = service.snapshot(tableId);
      if (!table.ok) return table;
      const given = rules ?? table.value.profile;
      const r = previewRules(given);
      if (!r.ok) return r;
      const profile = resolveProfile(given);
      if (!profile.ok) return profile;
      const at = pointValue ?? table.value.pointValue;
      const buyIn = { pointValue: at, ...buyInMinimums(at, profile.value.buyInPoints) };
      return ok({ ...r.value, profileJson: JSON.parse(JSON.stringify(profile.value)) as Record<string, unknown>, presets: listPresets(), buyIn });
    },
    changeRules: async ({ reason, rules, pointValue, name, language }, caller) =>
      view(service.changeRules({
        tableId, staffId: caller.signers.admin.staffId, reason: reason.trim(),
        ...(rules !== undefined ? { profile: rules } : {}), ...(pointValue !== undefined ? { pointValue } : {}), ...(name !== undefined ? { name } : {}),
        ...(language !== undefined ? { language } : {}),
      })),
    serialPorts: async () => ok(await devices.serialPorts()),
    changeDevice: async ({ reason, role, device }, caller) =>
      view(await devices.changeDevice({ role, device, staffId: caller.signers.admin.staffId, reason: reason.trim() })),
    testRead: async ({ role, device, seconds }) =>
      devices.testRead({ role, ...(device !== undefined ? { device } : {}), ...(seconds !== undefined ? { seconds } : {}) }),
  };
}
