/**
 * Connecting to the central PostgreSQL server: one `pg` client per link, with limits on how
 * long a connect and a query may take (a server that stops answering is a failure to retry,
 * not a forwarder waiting for ever), event ids read back as numbers, and errors worded in one
 * line.
 */
import pg from 'pg';
import { fail, ok, type Result } from '../domain/result';
import type { CentralUrl } from './central-url';

/** How long a connection attempt and a query may take. */
export interface ConnectLimits {
  /** Default 5000 ms. */
  readonly connectTimeoutMs?: number;
  /** Default 30000 ms. */
  readonly queryTimeoutMs?: number;
}

const INT8_OID = 20;

/** `bigint` columns (event ids) as JavaScript numbers: every id the tables write is a safe integer. */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary'): unknown {
    if (oid === INT8_OID && format !== 'binary') return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

/** An open connection to the central server. */
export interface CentralConnection {
  readonly client: pg.Client;
  readonly url: CentralUrl;
  /** The error that broke the connection while it was idle (the server went away), or null. */
  broken(): Error | null;
  /** Closes it; never fails. */
  close(): Promise<void>;
}

/**
 * Connects to the central server: `central-unreachable` with the reason in one line (refused,
 * no such socket or host, timed out, authentication failed, no such database).
 */
export async function connectCentral(url: CentralUrl, limits: ConnectLimits = {}): Promise<Result<CentralConnection>> {
  const client = new pg.Client({
    connectionString: url.connectionString,
    connectionTimeoutMillis: limits.connectTimeoutMs ?? 5000,
    query_timeout: limits.queryTimeoutMs ?? 30_000,
    keepAlive: true,
    types: types as unknown as pg.CustomTypesConfig,
    application_name: 'chinese-poker-casino',
  });
  let broken: Error | null = null;
  // Without a listener an idle connection that dies would end the process.
  client.on('error', (e) => {
    broken = e;
  });
  try {
    await client.connect();
  } catch (e) {
    await client.end().catch(() => undefined);
    return fail('central-unreachable', `cannot reach the central server ${url.shown}: ${describeError(e)}`);
  }
  return ok({
    client,
    url,
    broken: () => broken,
    close: () => client.end().catch(() => undefined),
  });
}

/** An error from the driver or the network in one line (an AggregateError's parts joined: Node gives one per address tried). */
export function describeError(e: unknown): string {
  if (e instanceof AggregateError && e.errors.length > 0) return [...new Set(e.errors.map(describeError))].join('; ');
  const text = e instanceof Error ? e.message || (e as { code?: string }).code || e.name : String(e);
  return text.replace(/\s*\n\s*/g, ' ');
}
