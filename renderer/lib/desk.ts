/**
 * What the floor's and the admin's desks need from the screen's store, and the types they share
 * with it (the PIN dialog's question and signature). The desks import this, never the store
 * itself, so the store, the desks and the dealer's actions import in one direction only.
 */
import type { Credential } from '../../app/contract/fields';
import type { REQUESTS, RequestArgs, RequestName, RequestReply } from '../../app/contract/handlers';
import type { ScreenPerson } from '../../app/contract/session';
import type { TerminalView } from '../../app/contract/view';
import type { Params } from '../i18n/translate';

/** The requests whose reply is the screen's state or who is signed in on it (what `run` sends). */
export type ActionName = {
  [K in RequestName]: (typeof REQUESTS)[K]['reply'] extends 'view' | 'session' ? K : never;
}[RequestName];

/** What the PIN dialog hands to the request it signs, as typed into it. */
export interface Signature {
  /** Who signs: a floor person (a floor action) or the admin (a change of the staff). */
  readonly signer: Credential;
  /** The second floor person (the two-person rule), when the dialog asked for one. */
  readonly second?: Credential;
  /** The dialog's text (a reason or a note), trimmed. */
  readonly text?: string;
  /** The new PIN, when the dialog asked for one (typed twice, the same both times). */
  readonly newPin?: string;
}

/** An action waiting for a floor person's (or the admin's) staff id and PIN: the PIN dialog. */
export interface PinAsk {
  /** The request it signs: its refusals show in the dialog. */
  readonly request: RequestName;
  /** Whose PIN signs it (default `floor`): the dialog's title and who it asks for. */
  readonly signer?: 'floor' | 'admin';
  /** The signer's staff id to fill in (otherwise: the floor person signed in on this screen). */
  readonly staffId?: string;
  /** The action gives someone a new PIN: the dialog asks it twice and sends it only when both are the same. */
  readonly newPin?: boolean;
  /** Message key of what is about to be done; `params` fill it. */
  readonly question: string;
  readonly params: Params;
  /** Message key of the confirming button. */
  readonly confirmLabel: string;
  readonly danger: boolean;
  /** Whether a second floor person must sign too, as the view says now (read while the dialog is open). */
  readonly second?: () => boolean;
  /** A text the action carries, edited in the dialog: its label key and where it is kept. */
  readonly text?: { readonly label: string; readonly get: () => string; readonly set: (value: string) => void };
  /** Sends the request signed with these; resolves whether the terminal recorded it. */
  readonly send: (signed: Signature) => Promise<boolean>;
}

/** A refusal as the desks see it. */
export interface DeskRefusal {
  readonly request: RequestName;
}

/** The screen's store as a desk uses it (TerminalStore implements it). */
export interface DeskHost {
  readonly view: TerminalView | null;
  readonly refusal: DeskRefusal | null;
  signedIn(purpose: string): ScreenPerson | null;
  run<K extends ActionName>(name: K, args: RequestArgs<K>, options?: { family?: string }): Promise<boolean>;
  query<K extends RequestName>(name: K, args: RequestArgs<K>): Promise<RequestReply<K>>;
  askPin(ask: PinAsk): void;
  dismissRefusal(): void;
}
