/**
 * The central schema's migrations, as the table store's (app/services/migrations.ts, whose
 * file reading and numbering checks are used here): numbered plain-SQL files in
 * app/casino/migrations/ (`NNNN_name.sql`, 0001, 0002 ... without gaps, append-only), every
 * pending one applied in ONE transaction, the version recorded in `central_schema`, and a
 * database written by a newer program refused before anything is written to it.
 */
import type pg from 'pg';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fail, ok, type Result } from '../domain/result';
import { loadMigrations, StoreError, type Migration } from '../services/migrations';
import { describeError } from './central-db';

/** The folder of the central migrations beside this module. */
export const CENTRAL_MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The central migration files, checked as the table store checks its own. */
export function centralMigrations(dir: string = CENTRAL_MIGRATIONS_DIR): Result<Migration[]> {
  try {
    return ok(loadMigrations(dir));
  } catch (e) {
    if (e instanceof StoreError) return fail(e.code, e.message);
    throw e;
  }
}

/** What a database holds of the central schema. */
export interface CentralSchema {
  /** 0: none. */
  readonly version: number;
  /** The server's identity (null before the first migration). */
  readonly centralId: string | null;
  /** The tables of the current schema (for a database that is not a central one). */
  readonly tables: readonly string[];
}

/** Reads the schema version, the identity and the table names; writes nothing. */
export async function readCentralSchema(client: pg.Client): Promise<CentralSchema> {
  const tables = (await client.query<{ name: string }>(
    'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name',
  )).rows.map((r) => r.name);
  if (!tables.includes('central_schema')) return { version: 0, centralId: null, tables };
  const row = (await client.query<{ version: number; central_id: string }>('SELECT version, central_id FROM central_schema')).rows[0];
  return { version: row?.version ?? 0, centralId: row?.central_id ?? null, tables };
}

/** Why a database cannot be used as it is, or null: from a newer program, or another program's. */
function refusal(schema: CentralSchema, migrations: readonly Migration[], name: string): { code: string; message: string } | null {
  if (schema.version > migrations.length) {
    return {
      code: 'central-from-future',
      message: `the central database ${name} has schema version ${schema.version}, but this program knows versions up to ${migrations.length}: `
        + 'it was written by a newer version of the casino programs. Use that version (or newer); the database was not changed.',
    };
  }
  if (schema.version === 0 && schema.tables.length > 0) {
    const some = schema.tables.slice(0, 5).join(', ') + (schema.tables.length > 5 ? ', ...' : '');
    return { code: 'not-a-central-database', message: `the database ${name} is not a central casino database: it holds other tables (${some}) and no central schema; it was not changed` };
  }
  return null;
}

/** What {@link migrateCentral} did. */
export interface CentralMigration {
  readonly from: number;
  readonly to: number;
  /** The files applied, in order (empty: the schema was current). */
  readonly applied: readonly string[];
  readonly centralId: string;
}

/** A lock key of this program's own: two migrators at once take turns. */
const MIGRATION_LOCK = 74_122_091;

/**
 * Applies every pending migration in one transaction and records the version. Refused, with
 * nothing written: `central-from-future`, `not-a-central-database`; a failing file rolls all
 * back (`central-migration-failed`, naming it). `name` is how the database is named in messages.
 */
export async function migrateCentral(client: pg.Client, migrations: readonly Migration[], name: string): Promise<Result<CentralMigration>> {
  await client.query('BEGIN');
  let running: Migration | undefined;
  let from = 0;
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const schema = await readCentralSchema(client);
    from = schema.version;
    const refused = refusal(schema, migrations, name);
    if (refused) {
      await client.query('ROLLBACK');
      return fail(refused.code, refused.message);
    }
    const pending = migrations.filter((m) => m.version > from);
    for (const m of pending) {
      running = m;
      await client.query(m.sql);
    }
    running = undefined;
    const to = pending.length > 0 ? pending[pending.length - 1].version : from;
    const row = (await client.query<{ central_id: string }>(
      'INSERT INTO central_schema (one, version) VALUES (true, $1) ON CONFLICT (one) DO UPDATE SET version = excluded.version RETURNING central_id',
      [to],
    )).rows[0];
    await client.query('COMMIT');
    return ok({ from, to, applied: pending.map((m) => m.file), centralId: row.central_id });
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    const what = running ? `migration ${running.file} failed` : 'the central migration failed';
    return fail('central-migration-failed', `${what}: ${describeError(e)}. No migration was applied; the central schema is still at version ${from}.`);
  }
}

/**
 * Checks that the database holds the current central schema (for the forwarder and the audit):
 * `central-not-migrated` (run `casino migrate`), `central-from-future`,
 * `not-a-central-database`. Gives the server's identity.
 */
export async function requireCentralSchema(client: pg.Client, migrations: readonly Migration[], name: string): Promise<Result<{ centralId: string; version: number }>> {
  const schema = await readCentralSchema(client);
  const refused = refusal(schema, migrations, name);
  if (refused) return fail(refused.code, refused.message);
  if (schema.version < migrations.length || schema.centralId === null) {
    return fail(
      'central-not-migrated',
      `the central database ${name} has schema version ${schema.version}, this program needs ${migrations.length}: run \`npm run --silent casino -- migrate --central URL\` first`,
    );
  }
  return ok({ centralId: schema.centralId, version: schema.version });
}
