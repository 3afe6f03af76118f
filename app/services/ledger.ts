/** The buy-in rules now live in the domain (app/domain/table/buy-in.ts), beside the table fold
 *  that applies them; re-exported here so the services' imports keep compiling. */
export * from '../domain/table/buy-in';
