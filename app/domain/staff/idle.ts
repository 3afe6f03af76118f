/**
 * How long a person stays signed in on a screen that he does not use. A screen (the Electron
 * window, or one browser on `npm run serve`) signs a person out when this much time passes
 * without a request from him: the next person at the screen cannot act in his name.
 */
import type { Purpose } from './events';

/**
 * Minutes without a request before the sign-out, by what the person signed in for. The dealer's
 * is long enough for a slow hand (he taps the screen several times a hand); the floor's and the
 * admin's are short (they come to the screen for one thing and leave); an auditor reads reports.
 */
export const IDLE_SIGN_OUT_MINUTES: Readonly<Record<Purpose, number>> = {
  'take-box': 20,
  'floor-action': 5,
  admin: 5,
  audit: 15,
};

/** The same in milliseconds. */
export function idleSignOutMs(purpose: Purpose): number {
  return IDLE_SIGN_OUT_MINUTES[purpose] * 60_000;
}
