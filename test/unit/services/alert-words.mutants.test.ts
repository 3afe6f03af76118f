/**
 * The words of the alerts a person reads (the log, the export and the floor's tools keep these
 * English messages): a device fault with its detail in brackets, an irregularity that blocks
 * settlement saying so, and the refusal to deal while damage found at start-up is raised.
 */
import { describe, expect, it } from 'vitest';
import type { HandState } from '../../../app/domain/hand';
import type { StatusEvent } from '../../../hardware/card-source';
import { deviceFaultAlert, handAlerts, integrityRefusal } from '../../../app/services/alert-words';
import type { HandStep } from '../../../app/services/live-table';
import type { AlertView } from '../../../app/services/service-types';

const jam = { kind: 'status', device: 'shoe-1', at: Date.UTC(2025, 0, 1, 20, 0, 0), status: 'jam' } as unknown as StatusEvent;

describe('deviceFaultAlert', () => {
  it('names the device by its role, then the status, then the detail in brackets', () => {
    expect(deviceFaultAlert('shoe', jam, 'card stuck at the gate', 'h1')).toEqual({
      kind: 'device-fault', code: 'jam', handId: 'h1', device: 'shoe-1', message: 'Card shoe: jam (card stuck at the gate)',
    });
  });

  it('has no brackets without a detail', () => {
    expect(deviceFaultAlert('scanner', jam, null, null).message).toBe('Card scanner: jam');
  });
});

describe('handAlerts: an irregularity', () => {
  // Only the fields handAlerts reads: the hand's number and its irregularities before and after each step.
  const before = { info: { handNumber: 12 }, irregularities: [] } as unknown as HandState;
  const step = (irregularities: object[]): HandStep => ({ event: { type: 'card-dealt' }, state: { irregularities } }) as unknown as HandStep;

  it('that blocks settlement says that settlement waits for the floor; one that does not, does not', () => {
    const a = { kind: 'exposed-card', seat: 3, detail: 'a card was exposed', blocking: true };
    const b = { kind: 'late-declaration', seat: 4, detail: 'a late declaration', blocking: false };
    expect(handAlerts('h12', before, [step([a]), step([a, b])])).toEqual([
      { kind: 'irregularity', code: 'exposed-card', handId: 'h12', message: 'Hand 12, seat 3: a card was exposed (settlement waits for the floor)' },
      { kind: 'irregularity', code: 'late-declaration', handId: 'h12', message: 'Hand 12, seat 4: a late declaration' },
    ]);
  });
});

describe('integrityRefusal', () => {
  it('says the table does not deal, quotes the alert, and says what the floor must do', () => {
    const alert: AlertView = {
      id: 7, tableId: 'T1', handId: null, kind: 'integrity', code: 'chain-broken', message: 'the hash chain breaks at event 42',
      raisedAt: '2025-03-01T20:00:00.000Z', acknowledged: null,
    };
    expect(integrityRefusal(alert)).toEqual({
      ok: false,
      error: {
        code: 'record-damaged',
        message:
          'The table does not deal: at start-up the terminal found damage in its record (alert 7: the hash chain breaks at event 42). ' +
          'The floor must look into it and clear the alert with a reason.',
      },
    });
  });
});
