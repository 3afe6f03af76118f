/**
 * The staff the screen and front-door tests work with: an admin, two dealers, two floor
 * people and an auditor, each with a known PIN, added to a database before the terminal opens
 * it (as `table staff add` would).
 */
import { constants, copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Result } from '../../app/domain/result';
import type { Role } from '../../app/domain/staff';
import { StaffService } from '../../app/services/staff';
import { openStore, type Store } from '../../app/services/store';
import { Screens, type Screen } from '../../app/terminal/screens';

export interface TestPerson {
  readonly staffId: string;
  readonly name: string;
  readonly pin: string;
  readonly roles: readonly Role[];
}

/** Who works at the test tables. */
export const STAFF = {
  admin: { staffId: 'ada', name: 'Ada Admin', pin: '246810', roles: ['admin'] },
  dealer: { staffId: 'eva', name: 'Eva', pin: '135791', roles: ['dealer'] },
  dealer2: { staffId: 'jan', name: 'Jan', pin: '975319', roles: ['dealer'] },
  floor: { staffId: 'jana', name: 'Jana Nováková', pin: '112233', roles: ['floor'] },
  floor2: { staffId: 'petr', name: 'Petr Dvořák', pin: '445566', roles: ['floor'] },
  auditor: { staffId: 'olga', name: 'Olga', pin: '778899', roles: ['auditor'] },
} as const satisfies Readonly<Record<string, TestPerson>>;

/** A person's staff id and PIN, as a request carries them. */
export function credentialOf(p: TestPerson): { staffId: string; pin: string } {
  return { staffId: p.staffId, pin: p.pin };
}

function must<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** Adds everyone of {@link STAFF} to an open store (the admin first, then signed by him). */
export function addStaff(store: Store): void {
  const staff = must(StaffService.open(store));
  const { admin } = STAFF;
  must(staff.add({ staffId: admin.staffId, name: admin.name, roles: admin.roles, pin: admin.pin }));
  for (const p of Object.values(STAFF)) {
    if (p === admin) continue;
    must(staff.add({ staffId: p.staffId, name: p.name, roles: p.roles, pin: p.pin, admin: { staffId: admin.staffId, pin: admin.pin } }));
  }
}

let template: string | null = null;

/**
 * Makes the database file `path` (it must not exist) with {@link STAFF} in it. The PINs are
 * hashed once per test process, into a template file each later database is a copy of (a
 * copy is the same database file: tests that need databases told apart make their own).
 */
export function databaseWithStaff(path: string): void {
  if (template === null) {
    const dir = mkdtempSync(join(tmpdir(), 'cpt-staff-template-'));
    const file = join(dir, 'staff.db');
    const store = openStore(file);
    try {
      addStaff(store);
    } finally {
      store.close();
    }
    template = file;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  copyFileSync(template, path, constants.COPYFILE_EXCL);
}

/**
 * One terminal screen over a fresh database holding {@link STAFF} (a real staff log), its clock
 * moving a second at every store write; `close()` closes the screens and the store and removes
 * the folder.
 */
export function staffedScreen(prefix: string): { staff: StaffService; screens: Screens; screen: Screen; close: () => void } {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  const path = join(folder, 't.db');
  databaseWithStaff(path);
  let now = Date.parse('2026-12-01T10:00:00.000Z');
  const store = openStore(path, { clock: () => (now += 1000) });
  const opened = StaffService.open(store);
  if (!opened.ok) throw new Error(opened.error.message);
  const screens = new Screens({ staff: opened.value, tableId: 'T1', clock: () => now, sweep: false });
  return {
    staff: opened.value, screens, screen: screens.open('test'),
    close: () => {
      screens.closeAll();
      store.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
