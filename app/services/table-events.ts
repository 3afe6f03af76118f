/** The table-level events now live in the domain (app/domain/table/events.ts); re-exported here
 *  so the services' imports keep compiling. */
export * from '../domain/table/events';
