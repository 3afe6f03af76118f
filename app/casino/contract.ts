/**
 * The casino view's requests (`casino serve`), one table: each name with its argument check,
 * whether it needs a reader signed in on the screen, and what it does. Messages on the
 * socket are the terminal's (app/contract/wire.ts shapes: `{"t":"req","id","name","args"}`
 * in, `res` and `session` pushes out), with these names only.
 *
 * Who may read: a person signed in on this browser for `floor-action` (the `floor` role) or
 * `audit` (the `auditor` role). Everyone else (a dealer, an admin only, nobody) may sign in
 * and ask `session`, nothing else: `not-signed-in`. Read-only: there is no request that acts.
 */
import { fail, ok, type Result } from '../domain/result';
import type { Purpose } from '../domain/staff';
import type { SessionView } from '../contract/session';
import { idOf, parseRequestOf } from '../contract/wire';
import type { Screen, Screens } from '../terminal/screens';
import { parseExportDate } from '../services/export';
import { CentralSession } from './central';
import type { CentralUrl } from './central-url';
import type { CasinoFloor, FloorHistory, FloorOverview, FloorTimeline } from './floor';
import { buildFloorReport, FLOOR_REPORT_FORMATS, floorReportFile, type FloorReport, type FloorReportFormat } from './floor-report';

export { idOf };

/** What a request is given: the screen it came from, and the casino's parts. */
export interface CasinoContext {
  readonly screen: Screen;
  readonly screens: Screens;
  readonly floor: CasinoFloor;
  readonly staffRoles: (staffId: string) => readonly string[] | null;
  /** The central server the reports are read from (a session of their own, beside the floor's). */
  readonly central: CentralUrl;
}

/** A report file, as the `report` request returns it (the body in base64). */
export interface ReportFile {
  readonly name: string;
  readonly type: string;
  readonly base64: string;
}

type Args = Record<string, unknown>;

interface Request<T> {
  /** Refuses bad arguments (`bad-args` naming the field) before anything is asked. */
  readonly check: (args: Args) => Result<Args>;
  /** False: anyone on the screen may ask (signing in). */
  readonly reader: boolean;
  /** Whether the request is the person's own doing (it restarts his idle time); a page's poll is not. */
  readonly touches: (args: Args) => boolean;
  readonly run: (c: CasinoContext, args: Args) => Promise<Result<T>> | Result<T>;
}

const READ_PURPOSES: readonly Purpose[] = ['floor-action', 'audit'];

const noArgs = (args: Args): Result<Args> => (Object.keys(args).length === 0 ? ok(args) : fail('bad-args', `this request takes no arguments, got ${Object.keys(args).join(', ')}`));

function fields(spec: Readonly<Record<string, (v: unknown) => string | null>>) {
  return (args: Args): Result<Args> => {
    for (const k of Object.keys(args)) if (!(k in spec)) return fail('bad-args', `unknown argument ${JSON.stringify(k)} (it takes ${Object.keys(spec).join(', ')})`, k);
    for (const [k, test] of Object.entries(spec)) {
      const why = test(args[k]);
      if (why) return fail('bad-args', `${k} ${why}`, k);
    }
    return ok(args);
  };
}

const text = (optional: boolean, max = 64) => (v: unknown) => (v === undefined && optional ? null : typeof v === 'string' && v.length > 0 && v.length <= max ? null : `must be a text of 1-${max} characters`);
const int = (min: number, max: number) => (v: unknown) => (v === undefined ? null : Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max ? null : `must be a whole number from ${min} to ${max}`);
const date = (v: unknown) => (typeof v === 'string' && parseExportDate(v, false) !== null ? null : 'must be a date (2025-03-01) or an ISO time with a zone');
const tableList = (v: unknown) => (v === undefined || (Array.isArray(v) && v.length <= 100 && v.every((t) => typeof t === 'string' && /^[A-Za-z0-9][A-Za-z0-9_.]{0,31}$/.test(t))) ? null : 'must be a list of table ids');
const format = (v: unknown) => ((FLOOR_REPORT_FORMATS as readonly unknown[]).includes(v) ? null : `must be ${FLOOR_REPORT_FORMATS.join(', ')}`);
const flag = (v: unknown) => (v === undefined || typeof v === 'boolean' ? null : 'must be true or false');

/** A report's range checked (`from`, `to`, `tableIds?`, `dealer?`, and `more`): `to` after `from`. */
function reportRange(args: Args, more: Readonly<Record<string, (v: unknown) => string | null>> = {}): Result<Args> {
  const r = fields({ from: date, to: date, tableIds: tableList, dealer: text(true, 64), ...more })(args);
  if (!r.ok) return r;
  return parseExportDate(args.to as string, true)! <= parseExportDate(args.from as string, false)! ? fail('bad-args', 'to is not after from', 'to') : r;
}

/** The floor's report of a checked range, read in a session of its own with the central server. */
async function floorReportOf(c: CasinoContext, a: Args): Promise<Result<FloorReport>> {
  const session = await CentralSession.open(c.central);
  if (!session.ok) return session;
  try {
    return await buildFloorReport(session.value, c.central.shown, {
      from: parseExportDate(a.from as string, false)!, to: parseExportDate(a.to as string, true)!,
      ...(a.tableIds !== undefined ? { tableIds: a.tableIds as string[] } : {}), ...(a.dealer !== undefined ? { dealer: a.dealer as string } : {}),
    });
  } finally {
    await session.value.close();
  }
}

/** The purpose a person reads for: floor if he holds it, else auditor; anyone else is asked for floor (and refused `not-allowed`). */
function readPurpose(roles: readonly string[] | null): Purpose {
  return roles?.includes('floor') ? 'floor-action' : roles?.includes('auditor') ? 'audit' : 'floor-action';
}

export const CASINO_REQUESTS = {
  session: { check: noArgs, reader: false, touches: () => false, run: (c) => ok(c.screen.session()) } satisfies Request<SessionView>,
  signIn: {
    check: fields({ staffId: text(false, 32), pin: text(false, 12) }),
    reader: false,
    touches: () => true,
    run: (c, a) => {
      const staffId = a.staffId as string;
      const purpose = readPurpose(c.staffRoles(staffId));
      const r = c.screens.signIn(c.screen, { staffId, pin: a.pin as string }, purpose);
      if (r.ok) for (const other of READ_PURPOSES) if (other !== purpose) c.screens.signOut(c.screen, other);
      return r;
    },
  } satisfies Request<SessionView>,
  signOut: { check: noArgs, reader: false, touches: () => false, run: (c) => ok(c.screens.signOut(c.screen)) } satisfies Request<SessionView>,
  overview: { check: fields({ touch: flag }), reader: true, touches: (a) => a.touch === true, run: (c) => ok(c.floor.overview()) } satisfies Request<FloorOverview>,
  history: {
    check: fields({ tableId: text(true, 32), page: int(0, 1_000_000), size: int(1, 100) }),
    reader: true,
    touches: () => true,
    run: (c, a) => c.floor.history({ ...(a.tableId !== undefined ? { tableId: a.tableId as string } : {}), page: (a.page as number | undefined) ?? 0, size: (a.size as number | undefined) ?? 20 }),
  } satisfies Request<FloorHistory>,
  timeline: {
    check: fields({ terminalId: text(false, 64), handId: text(false, 64) }),
    reader: true,
    touches: () => true,
    run: (c, a) => c.floor.timeline(a.terminalId as string, a.handId as string),
  } satisfies Request<FloorTimeline>,
  report: {
    check: (args) => reportRange(args, { format }),
    reader: true,
    touches: () => true,
    run: async (c, a) => {
      const r = await floorReportOf(c, a);
      if (!r.ok) return r;
      const file = await floorReportFile(r.value, a.format as FloorReportFormat);
      return ok({ name: file.name, type: file.type, base64: file.body.toString('base64') });
    },
  } satisfies Request<ReportFile>,
  reportView: {
    check: (args) => reportRange(args),
    reader: true,
    touches: () => true,
    run: (c, a) => floorReportOf(c, a),
  } satisfies Request<FloorReport>,
} as const;

export type CasinoRequestName = keyof typeof CASINO_REQUESTS;

export function isCasinoRequestName(x: unknown): x is CasinoRequestName {
  return typeof x === 'string' && Object.prototype.hasOwnProperty.call(CASINO_REQUESTS, x);
}

/** Reads one socket message as a casino request (`bad-message`, `unknown-request`). */
export function parseCasinoRequest(text: string): Result<{ id: number; name: CasinoRequestName; args: unknown }> {
  return parseRequestOf(text, isCasinoRequestName);
}

/**
 * Answers one request from `c.screen`: its arguments checked, then (for a reader's request)
 * a floor person or an auditor signed in there and not idle too long (`not-signed-in`), then
 * the request. Never throws.
 */
export async function handleCasinoRequest(c: CasinoContext, name: string, rawArgs: unknown): Promise<Result<unknown>> {
  if (!isCasinoRequestName(name)) return fail('unknown-request', `there is no request named ${JSON.stringify(name)}`);
  const req = CASINO_REQUESTS[name] as Request<unknown>;
  const args = rawArgs === undefined || rawArgs === null ? {} : rawArgs;
  if (typeof args !== 'object' || Array.isArray(args)) return fail('bad-args', 'the arguments must be an object');
  const checked = req.check(args as Args);
  if (!checked.ok) return checked;
  if (req.reader) {
    const touch = req.touches(checked.value);
    const reader = READ_PURPOSES.map((p) => c.screens.active(c.screen, p, touch)).find((p) => p !== null);
    if (!reader) return fail('not-signed-in', 'sign in with the staff id and PIN of a floor person or an auditor to read the casino\'s tables');
  }
  try {
    return await req.run(c, checked.value);
  } catch (e) {
    return fail('internal', `the casino view failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}
