/**
 * What the table service keeps of a running table: the fold's state, the last hand that ended,
 * the devices attached and the scanner's row being read. Shared by the service's parts.
 */
import type { Card } from '../domain/cards';
import type { HandEvent, HandState } from '../domain/hand';
import type { OpenHand, TableState } from '../domain/table';
import type { CardSource } from '../../hardware/card-source';
import type { DeviceStatus } from './service-types';

/** A device's last read that was recorded: a resend of it is recognised (same SEQ, same bytes). */
export interface LastRead {
  readonly seq: number;
  readonly raw: string;
}

export interface LiveHand {
  readonly id: string;
  readonly number: number;
  state: HandState;
}

export interface AttachedDevice {
  readonly source: CardSource;
  status: DeviceStatus;
  readonly unsubscribe: () => void;
  /** The last read of this device the log holds (framed shoes: they have a SEQ). */
  lastRead: LastRead | null;
}

/** A table on this terminal: the fold's state, and what only the running terminal has. */
export class LiveTable {
  /** The last hand that ended (shown until the next starts). */
  lastHand: LiveHand | null = null;
  readonly devices = new Map<string, AttachedDevice>();
  /** Showdown scanner: cards of the row being read. */
  scanBuffer: Card[] = [];

  /** `state`: the table as the fold (app/domain/table) has it after the last commit: seats,
   *  stacks, button, dealer on duty and the open hand. Changed only by committing events. */
  constructor(public state: TableState) {}

  get id(): string {
    return this.state.id;
  }

  /** The open hand. */
  get hand(): OpenHand | null {
    return this.state.hand;
  }
}

/** One hand event ready to append, with the hand's and the table's state after it. */
export interface HandStep {
  readonly event: HandEvent;
  readonly state: HandState;
  readonly table: TableState;
}
