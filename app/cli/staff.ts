/**
 * `table staff ...`: provisioning the terminal's staff from the command line (called by
 * app/cli/table.ts). PINs are read from stdin only (`--pin-stdin`), never from the command
 * line, and never printed. Every change after the first admin is signed by an admin: `--admin
 * ID` with the admin's PIN as the first line of stdin (the new PIN, where there is one, on the
 * second). A refusal is one line naming the flag, exit 2; a wrong PIN is still recorded.
 */
import { parseFlagValues } from './flags';
import { PURPOSES, ROLES, type Purpose, type Role } from '../domain/staff';
import type { DomainError } from '../domain/result';
import { PIN_PATTERN } from '../services/pins';
import { StaffService, type StaffView } from '../services/staff';
import { openStore, type Store } from '../services/store';

export const STAFF_USAGE = `  staff add      --db FILE --id ID --name NAME --role ROLE[,ROLE] [--admin ADMIN_ID] --pin-stdin
                 adds a person (roles: ${ROLES.join(', ')}). The first admin of a database
                 that never had one is added without --admin (the database is made if there is
                 none); after that an admin signs: stdin line 1 his PIN, line 2 the new PIN
                 (without --admin: line 1).
  staff list     --db FILE
                 everyone, one JSON line each (never a PIN or its hash).
  staff disable  --db FILE --id ID --admin ADMIN_ID [--reason TEXT] --pin-stdin
                 the person can no longer sign in; stdin: the admin's PIN.
  staff set-pin  --db FILE --id ID --admin ADMIN_ID --pin-stdin
                 a new PIN (ends a lockout); stdin line 1 the admin's PIN, line 2 the new PIN.
  staff sign-in  --db FILE --id ID --purpose ${PURPOSES.join('|')} [--table ID] --pin-stdin
                 records a sign-in (stdin: the person's PIN); 5 wrong PINs in a row lock for 15 minutes.
  staff sign-out --db FILE --id ID [--purpose P [--table ID]]
                 ends that sign-in (every sign-in of the person without --purpose).
  PINs are 6 to 12 digits.`;

/**
 * A staff command refused (bad flags, stdin, or a refusal of the staff service): exit 2; or
 * a database whose staff events do not fold: exit 1.
 */
export class StaffCommandError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 2,
  ) {
    super(message);
    this.name = 'StaffCommandError';
  }
}

type Values = Record<string, string | boolean | string[] | boolean[] | undefined>;

interface Subcommand {
  readonly options: Record<string, { readonly type: 'string' | 'boolean' }>;
  readonly required: readonly string[];
  readonly run: (v: Values, io: StaffIo) => Promise<number>;
}

/** What a staff command reads and writes besides the database. */
export interface StaffIo {
  /** All of stdin, as text. */
  readonly readStdin: () => Promise<string>;
  readonly out: (line: string) => void;
}

const S = { type: 'string' } as const;
const B = { type: 'boolean' } as const;

/** Where each field of a refusal comes from on the command line. */
const FLAG_OF_PATH: Readonly<Record<string, string>> = {
  staffId: '--id', name: '--name', roles: '--role', purpose: '--purpose', tableId: '--table', pin: '--pin-stdin', reason: '--reason',
  by: '--admin', 'admin.staffId': '--admin', 'admin.pin': '--pin-stdin (line 1, the admin\'s PIN)', 'admin.purpose': '--admin',
};

function refused(command: string, e: DomainError): StaffCommandError {
  const flag = e.path !== undefined ? FLAG_OF_PATH[e.path] : undefined;
  return new StaffCommandError(`staff ${command}: ${flag ? `${flag}: ` : ''}${e.code}: ${e.message}`);
}

function value(v: Values, name: string): string {
  return v[name] as string;
}

function roles(command: string, text: string): Role[] {
  const list = text.split(',').map((r) => r.trim());
  const bad = list.find((r) => !(ROLES as readonly string[]).includes(r));
  if (bad !== undefined) throw new StaffCommandError(`staff ${command}: --role must be one or more of ${ROLES.join(', ')} separated by commas, not ${JSON.stringify(text)}`);
  return list as Role[];
}

function purpose(command: string, text: string): Purpose {
  if (!(PURPOSES as readonly string[]).includes(text)) throw new StaffCommandError(`staff ${command}: --purpose must be one of ${PURPOSES.join(', ')}, not ${JSON.stringify(text)}`);
  return text as Purpose;
}

/**
 * The PINs on stdin, one a line, named in order (`names`): exactly that many lines (a last
 * empty line is the newline after the last PIN), each 6-12 digits. A refusal names the line,
 * never what it holds.
 */
async function pinLines(command: string, io: StaffIo, names: readonly string[]): Promise<string[]> {
  const text = await io.readStdin();
  const lines = text.split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const wanted = names.map((n, i) => `line ${i + 1} ${n}`).join(', ');
  if (lines.length !== names.length) {
    throw new StaffCommandError(`staff ${command}: --pin-stdin: stdin must hold ${names.length} line${names.length === 1 ? '' : 's'} (${wanted}), it holds ${lines.length}`);
  }
  lines.forEach((l, i) => {
    if (!PIN_PATTERN.test(l)) throw new StaffCommandError(`staff ${command}: --pin-stdin: stdin line ${i + 1} (${names[i]}) must be a PIN of 6 to 12 digits (it is not shown)`);
  });
  return lines;
}

/** Opens the database for a staff change (writing: it takes the writer lock) and its staff. */
function withStaff<T>(path: string, create: boolean, use: (service: StaffService) => T): T {
  const store: Store = openStore(path, create ? {} : { mustExist: true });
  try {
    const service = StaffService.open(store);
    if (!service.ok) throw new StaffCommandError(`${service.error.code}: ${service.error.message}`, 1);
    return use(service.value);
  } finally {
    store.close();
  }
}

function printView(io: StaffIo, v: StaffView): void {
  io.out(JSON.stringify(v));
}

const SUBCOMMANDS: Readonly<Record<string, Subcommand>> = {
  add: {
    options: { db: S, id: S, name: S, role: S, admin: S, 'pin-stdin': B },
    required: ['db', 'id', 'name', 'role', 'pin-stdin'],
    async run(v, io) {
      const roleList = roles('add', value(v, 'role'));
      const admin = v.admin as string | undefined;
      const pins = await pinLines('add', io, admin === undefined ? ['the new PIN'] : ["the admin's PIN", 'the new PIN']);
      // Only the first admin's add makes a new database: a signed add to a path with none is a mistyped path.
      return withStaff(value(v, 'db'), admin === undefined, (service) => {
        const r = service.add({
          staffId: value(v, 'id'), name: value(v, 'name'), roles: roleList, pin: pins[pins.length - 1],
          ...(admin !== undefined ? { admin: { staffId: admin, pin: pins[0] } } : {}),
        });
        if (!r.ok) throw refused('add', r.error);
        printView(io, r.value);
        return 0;
      });
    },
  },
  list: {
    options: { db: S },
    required: ['db'],
    async run(v, io) {
      const store = openStore(value(v, 'db'), { readonly: true });
      try {
        const service = StaffService.open(store);
        if (!service.ok) throw new StaffCommandError(`${service.error.code}: ${service.error.message}`, 1);
        for (const s of service.value.list()) printView(io, s);
        return 0;
      } finally {
        store.close();
      }
    },
  },
  disable: {
    options: { db: S, id: S, admin: S, reason: S, 'pin-stdin': B },
    required: ['db', 'id', 'admin', 'pin-stdin'],
    async run(v, io) {
      const [adminPin] = await pinLines('disable', io, ["the admin's PIN"]);
      return withStaff(value(v, 'db'), false, (service) => {
        const reason = v.reason as string | undefined;
        const r = service.disable({ staffId: value(v, 'id'), ...(reason !== undefined ? { reason } : {}), admin: { staffId: value(v, 'admin'), pin: adminPin } });
        if (!r.ok) throw refused('disable', r.error);
        printView(io, r.value);
        return 0;
      });
    },
  },
  'set-pin': {
    options: { db: S, id: S, admin: S, 'pin-stdin': B },
    required: ['db', 'id', 'admin', 'pin-stdin'],
    async run(v, io) {
      const [adminPin, pin] = await pinLines('set-pin', io, ["the admin's PIN", 'the new PIN']);
      return withStaff(value(v, 'db'), false, (service) => {
        const r = service.setPin({ staffId: value(v, 'id'), pin, admin: { staffId: value(v, 'admin'), pin: adminPin } });
        if (!r.ok) throw refused('set-pin', r.error);
        printView(io, r.value);
        return 0;
      });
    },
  },
  'sign-in': {
    options: { db: S, id: S, purpose: S, table: S, 'pin-stdin': B },
    required: ['db', 'id', 'purpose', 'pin-stdin'],
    async run(v, io) {
      const p = purpose('sign-in', value(v, 'purpose'));
      const [pin] = await pinLines('sign-in', io, ["the person's PIN"]);
      return withStaff(value(v, 'db'), false, (service) => {
        const table = v.table as string | undefined;
        const r = service.signIn({ staffId: value(v, 'id'), pin, purpose: p, ...(table !== undefined ? { tableId: table } : {}) });
        if (!r.ok) throw refused('sign-in', r.error);
        io.out(JSON.stringify({ signedIn: r.value }));
        return 0;
      });
    },
  },
  'sign-out': {
    options: { db: S, id: S, purpose: S, table: S },
    required: ['db', 'id'],
    async run(v, io) {
      const p = v.purpose === undefined ? undefined : purpose('sign-out', value(v, 'purpose'));
      if (p === undefined && v.table !== undefined) throw new StaffCommandError('staff sign-out: --table is given only with --purpose');
      return withStaff(value(v, 'db'), false, (service) => {
        const table = v.table as string | undefined;
        const r = service.signOut({ staffId: value(v, 'id'), ...(p !== undefined ? { purpose: p } : {}), ...(table !== undefined ? { tableId: table } : {}) });
        if (!r.ok) throw refused('sign-out', r.error);
        printView(io, r.value);
        return 0;
      });
    },
  },
};

/**
 * Runs `staff SUBCOMMAND FLAGS` (argv after `staff`). Returns the exit code; throws
 * {@link StaffCommandError} for bad flags, stdin or a refusal (exit 2), a StoreError from
 * opening the database (the caller's to report), and an Error when the staff events of the
 * database do not fold (exit 1).
 */
export async function runStaff(argv: readonly string[], io: StaffIo): Promise<number> {
  const [name, ...rest] = argv;
  const sub = name === undefined ? undefined : Object.hasOwn(SUBCOMMANDS, name) ? SUBCOMMANDS[name] : undefined;
  if (!sub) {
    const what = name === undefined ? 'staff needs a subcommand' : `unknown staff subcommand ${JSON.stringify(name)}`;
    throw new StaffCommandError(`${what} (${Object.keys(SUBCOMMANDS).join(', ')})\n${STAFF_USAGE}`);
  }
  for (const flag of Object.keys(sub.options)) {
    const given = rest.filter((a) => a === `--${flag}` || a.startsWith(`--${flag}=`)).length;
    if (given > 1) throw new StaffCommandError(`staff ${name}: --${flag} is given twice`);
  }
  const parsed = parseFlagValues(rest, sub.options);
  if (!parsed.ok) throw new StaffCommandError(`staff ${name}: ${parsed.error.message}`);
  const missing = sub.required.filter((r) => parsed.value[r] === undefined);
  if (missing.length > 0) {
    const pinNote = missing.includes('pin-stdin') ? ' (PINs are read from stdin, never from the command line)' : '';
    throw new StaffCommandError(`staff ${name}: missing ${missing.map((m) => `--${m}`).join(', ')}${pinNote}`);
  }
  return sub.run(parsed.value, io);
}
