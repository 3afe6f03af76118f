/**
 * The alerts the table service raises, and their words: which device statuses are faults, what a
 * misdeal, an irregularity, a device fault, a refused scan and damage found at start-up say. The
 * screen words them again from their kind and code (renderer/i18n); these English messages are
 * what the log, the export and the floor's tools keep.
 */
import type { HandState } from '../domain/hand';
import { fail, type DomainError } from '../domain/result';
import type { StatusEvent } from '../../hardware/card-source';
import type { HandStep } from './live-table';
import type { AlertDraft } from './projections';
import type { AlertView } from './service-types';
import type { StartupFinding } from './startup-check';

/** The device statuses that need a person: each raises a `device-fault` alert. */
const FAULT_STATUSES = new Set(['disconnected', 'open-failed', 'jam', 'lid-open', 'heartbeat-lost']);

/** The alert code of a deal the shoe stopped reading before its last card (TableService.checkIdleDeals). */
export const DEAL_IDLE = 'deal-idle';

/** Whether a device status is a fault (a deliberate stop is not). */
export function isDeviceFault(e: StatusEvent): boolean {
  return FAULT_STATUSES.has(e.status) && !(e.status === 'disconnected' && !e.willRetry && e.reason === 'stopped');
}

/** A device as an alert names it: by what it is at the table, not by its port (a path is the technician's, in the device's status). */
const DEVICE_NAMES: Readonly<Record<'shoe' | 'scanner', string>> = { shoe: 'Card shoe', scanner: 'Card scanner' };

/** The alert of a device fault of the table's `role` device. */
export function deviceFaultAlert(role: 'shoe' | 'scanner', e: StatusEvent, detail: string | null, handId: string | null): AlertDraft {
  return { kind: 'device-fault', code: e.status, handId, device: e.device, message: `${DEVICE_NAMES[role]}: ${e.status}${detail ? ` (${detail})` : ''}` };
}

/** A refused device read raises an irregularity only when a scanned card is not the seat's: a
 *  player may be showing a card he was not dealt. */
export function refusedReadAlerts(error: DomainError, handId: string | null, device: string): AlertDraft[] {
  return error.code === 'card-not-this-seats' ? [{ kind: 'irregularity', code: error.code, handId, device, message: error.message }] : [];
}

/** The alerts a run of hand steps raises: a misdeal, each new irregularity. The hand is named by its
 *  number, as the screen names it (the alert keeps the hand's id beside its words). */
export function handAlerts(handId: string, before: HandState, steps: readonly HandStep[]): AlertDraft[] {
  const out: AlertDraft[] = [];
  const hand = before.info?.handNumber ?? handId;
  let seen = before.irregularities.length;
  for (const { event, state } of steps) {
    if (event.type === 'misdeal-called') {
      out.push({ kind: 'misdeal', code: event.cause, handId, message: `Misdeal in hand ${hand}: ${event.detail}. Redeal; the button stays.` });
    }
    for (const irr of state.irregularities.slice(seen)) {
      out.push({ kind: 'irregularity', code: irr.kind, handId, message: `Hand ${hand}, seat ${irr.seat}: ${irr.detail}${irr.blocking ? ' (settlement waits for the floor)' : ''}` });
    }
    seen = state.irregularities.length;
  }
  return out;
}

/** The alert of damage the start-up check found. */
export function integrityAlert(f: StartupFinding): AlertDraft {
  return { kind: 'integrity', code: f.code, handId: null, message: f.message };
}

/** The refusal while an integrity alert is raised: the table does not deal. */
export function integrityRefusal(alert: AlertView): { ok: false; error: DomainError } {
  return fail('record-damaged', `The table does not deal: at start-up the terminal found damage in its record (alert ${alert.id}: ${alert.message}). The floor must look into it and clear the alert with a reason.`);
}
