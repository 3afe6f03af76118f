/**
 * Who is signed in on a screen, as the screen is told: each person with what he signed in for
 * and when the screen will sign him out if he leaves it unused. Sent as the reply of the
 * sign-in requests and pushed (`session`) to that screen alone whenever it changes.
 */
import type { Purpose, Role } from '../domain/staff/events';

/** One person signed in on this screen. */
export interface ScreenPerson {
  readonly staffId: string;
  readonly name: string;
  readonly roles: readonly Role[];
  /** `take-box` (the dealer on duty), `floor-action` (a floor person reading the history), `audit`, `admin`. */
  readonly purpose: Purpose;
  /** When he signed in here (ISO 8601 UTC). */
  readonly since: string;
  /** When the screen signs him out if he sends nothing before (ISO 8601 UTC). */
  readonly signsOutAt: string;
}

/** The people signed in on one screen (none: nobody may act from it but to sign in). */
export interface SessionView {
  /** The screen's label in the terminal's log (`electron-1`, `ws-4`). */
  readonly screen: string;
  readonly people: readonly ScreenPerson[];
  /** Nobody is on this terminal's staff yet: an admin adds the first with the `table staff add`
   *  command (the terminal never ships a default PIN). */
  readonly noStaff: boolean;
}

/** One person of the terminal's staff, as an admin sees him (never his PIN's hash). */
export interface StaffPersonView {
  readonly staffId: string;
  readonly name: string;
  readonly roles: readonly Role[];
  readonly addedAt: string;
  /** When he was disabled, by whom and why; null while he may sign in. */
  readonly disabled: { readonly at: string; readonly by: string; readonly reason: string | null } | null;
  /** The end of his lockout while he is locked out, else null. */
  readonly lockedUntil: string | null;
  /** Wrong PINs in a row now. */
  readonly failures: number;
}

/** The terminal's staff, in the order they were added. */
export interface StaffListView {
  readonly people: readonly StaffPersonView[];
}
