/**
 * Results with error codes, in the style of chessops: a value is either built valid or
 * refused with a code a program can branch on and a message a person can read.
 */

/** An amount of money a refusal quotes, in minor units: the screen shows it in the table's currency. */
export interface MoneyFigure {
  readonly minor: number;
}

/** A figure a refusal quotes: a count or a seat number, a word, or an amount of money. */
export type Figure = number | string | MoneyFigure;

/** The figures a refusal quotes, by name (the `{name}` placeholders of its wording on screen). */
export type Figures = Readonly<Record<string, Figure>>;

/** `minor` minor units as a money figure. */
export function money(minor: number): MoneyFigure {
  return { minor };
}

/** Whether a figure is an amount of money. */
export function isMoneyFigure(f: unknown): f is MoneyFigure {
  return typeof f === 'object' && f !== null && typeof (f as MoneyFigure).minor === 'number';
}

/** A refusal from the rules core. `path` names the offending field when there is one. */
export interface DomainError {
  /** Stable, kebab-case code, e.g. `bad-card`, `duplicate-card`, `unknown-preset`. */
  readonly code: string;
  /** A sentence for a dealer or floor manager, naming the problem. */
  readonly message: string;
  /** Where in the input the problem is, e.g. `seats[2].front`. */
  readonly path?: string;
  /**
   * The figures the message quotes, so the screen can word the refusal in its own language
   * with the money in the table's currency (app/domain/figured-refusals.ts names them per code).
   */
  readonly figures?: Figures;
}

export type Result<T, E extends DomainError = DomainError> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

export function ok<T>(value: T): { readonly ok: true; readonly value: T } {
  return { ok: true, value };
}

export function err<E extends DomainError = DomainError>(error: E): { readonly ok: false; readonly error: E } {
  return { ok: false, error };
}

/** Builds an error result from its parts. */
export function fail(code: string, message: string, path?: string): { readonly ok: false; readonly error: DomainError } {
  return { ok: false, error: path === undefined ? { code, message } : { code, message, path } };
}

/** Prefixes an error's path (and message) with the place it came from. */
export function within(error: DomainError, path: string): DomainError {
  const full = error.path ? `${path}.${error.path}` : path;
  return { code: error.code, message: `${full}: ${error.message}`, path: full, ...(error.figures ? { figures: error.figures } : {}) };
}

/** Returns the value or throws an Error carrying the code; for tests and trusted data. */
export function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  const e = new Error(result.error.message) as Error & { code: string };
  e.code = result.error.code;
  throw e;
}
