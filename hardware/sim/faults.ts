/**
 * Faults a simulated shoe can be asked to produce, shared by the serial simulator and the
 * in-process simulated shoe. Positions count cards within one deal, from 0.
 *
 * Text form (CLI `--fault`, repeatable): `KIND@POSITION` or `KIND@POSITION:MS`, e.g.
 * `read-twice@5`, `jam@20:300`, `unplug@26:500`.
 */
import { fail, ok, type Result } from '../../app/domain/result';
import type { WireFormat } from '../protocol/receiver';

export const FAULT_KINDS = [
  /** The card at `at` is reported twice (two card events, consecutive sequence numbers). */
  'read-twice',
  /** The card at `at` passes the reader but is reported unreadable instead of as a card. */
  'unreadable',
  /** Framed only: the first transmission of card `at` has a wrong CRC (the terminal NAKs, the shoe resends). */
  'bad-checksum',
  /** Noise bytes on the wire before card `at` (framed: between frames; lines: a line of noise). */
  'garbage',
  /** The shoe jams before card `at` for `ms`, then reports ready and goes on (framed: the jam and
   *  ready frames take sequence numbers, so the card after them is not numbered `at`). */
  'jam',
  /** The lid is opened before card `at` for `ms`, then closed (ready). */
  'lid-open',
  /** The device is unplugged before card `at` for `ms`, then plugged back in. */
  'unplug',
  /** The shoe's sequence number skips one before card `at` (no card is lost). */
  'skip-seq',
  /** The device says nothing at all (no heartbeat either) for `ms` before card `at`. */
  'silence',
] as const;

export type FaultKind = (typeof FAULT_KINDS)[number];

/** One fault: what, before/at which card of the deal, and for how long where that applies. */
export interface Fault {
  readonly kind: FaultKind;
  /** Card position in the deal, 0..51 (or within a `feed`). */
  readonly at: number;
  /** Duration for jam, lid-open, unplug and silence. */
  readonly ms?: number;
}

/** Default durations for faults that last. */
export const DEFAULT_FAULT_MS: Partial<Record<FaultKind, number>> = { jam: 500, 'lid-open': 500, unplug: 500, silence: 1500 };

/** Faults that need the framed format's checksum or sequence numbers; a lines shoe cannot produce them. */
export const FRAMED_ONLY_FAULTS: readonly FaultKind[] = ['bad-checksum', 'skip-seq'];

/** Faults that only exist on a wire; the in-process shoe (no wire) cannot produce them. */
export const WIRE_ONLY_FAULTS: readonly FaultKind[] = ['bad-checksum', 'garbage'];

/** Who produces a fault plan: a serial shoe speaking one wire format, or the in-process shoe. */
export type FaultTarget = WireFormat | 'in-process';

/**
 * The first fault of `faults` that `target` cannot produce, with why (for the caller's
 * message), or undefined when it can produce them all. The one place that says which
 * faults each simulator and format allows.
 */
export function unsupportedFault(faults: readonly Fault[], target: FaultTarget): { readonly fault: Fault; readonly why: string } | undefined {
  if (target === 'lines') {
    const fault = faults.find((f) => FRAMED_ONLY_FAULTS.includes(f.kind));
    return fault && { fault, why: 'the lines format has no checksum or sequence numbers' };
  }
  if (target === 'in-process') {
    const fault = faults.find((f) => WIRE_ONLY_FAULTS.includes(f.kind));
    return fault && { fault, why: 'the in-process shoe has no wire; use the serial simulator, hardware/sim/serial-shoe-sim.ts' };
  }
  return undefined;
}

function isFaultKind(s: string): s is FaultKind {
  return (FAULT_KINDS as readonly string[]).includes(s);
}

/** Parses `KIND@POSITION[:MS]`. */
export function parseFault(text: string): Result<Fault> {
  const m = /^([a-z-]+)@(\d+)(?::(\d+))?$/.exec(text.trim());
  if (!m) return fail('bad-fault', `not a fault: ${JSON.stringify(text)} (expected KIND@POSITION or KIND@POSITION:MS, e.g. jam@20:300; kinds: ${FAULT_KINDS.join(', ')})`);
  const [, kind, at, ms] = m;
  if (!isFaultKind(kind)) return fail('bad-fault', `unknown fault kind ${JSON.stringify(kind)} (kinds: ${FAULT_KINDS.join(', ')})`);
  const fault: Fault = ms === undefined ? { kind, at: Number(at) } : { kind, at: Number(at), ms: Number(ms) };
  return checkFault(fault);
}

/** Checks a fault built in code. */
export function checkFault(fault: Fault): Result<Fault> {
  if (!isFaultKind(fault.kind)) return fail('bad-fault', `unknown fault kind ${JSON.stringify(fault.kind)} (kinds: ${FAULT_KINDS.join(', ')})`);
  if (!Number.isInteger(fault.at) || fault.at < 0) return fail('bad-fault', `fault ${fault.kind}: position must be an integer >= 0, got ${fault.at}`);
  if (fault.ms !== undefined) {
    if (!(fault.kind in DEFAULT_FAULT_MS)) return fail('bad-fault', `fault ${fault.kind} takes no duration (only ${Object.keys(DEFAULT_FAULT_MS).join(', ')} do)`);
    if (!Number.isInteger(fault.ms) || fault.ms < 0 || fault.ms > 600_000) return fail('bad-fault', `fault ${fault.kind}: duration must be 0..600000 ms, got ${fault.ms}`);
  }
  return ok(fault);
}

/** Checks a list of faults (objects or text); the first bad one is refused. */
export function parseFaults(list: readonly (Fault | string)[]): Result<Fault[]> {
  const out: Fault[] = [];
  for (const f of list) {
    const r = typeof f === 'string' ? parseFault(f) : checkFault(f);
    if (!r.ok) return r;
    out.push(r.value);
  }
  return ok(out);
}

/** The faults planned at position `at`, in a fixed order (the order they happen on the wire). */
export function faultsAt(faults: readonly Fault[], at: number): Fault[] {
  const order: Record<FaultKind, number> = {
    unplug: 0, silence: 1, jam: 2, 'lid-open': 3, garbage: 4, 'skip-seq': 5, unreadable: 6, 'bad-checksum': 7, 'read-twice': 8,
  };
  return faults.filter((f) => f.at === at).sort((a, b) => order[a.kind] - order[b.kind]);
}

/** The duration of a lasting fault (its own or the default). */
export function faultMs(fault: Fault): number {
  return fault.ms ?? DEFAULT_FAULT_MS[fault.kind] ?? 0;
}
