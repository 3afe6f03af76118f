/**
 * Checks shared by the table fold and the checkpoint loader: the fields that `table-opened`
 * and `table-checkpoint` both carry, and the names people type.
 */
import { isNonEmptyText, isPositiveInteger, isSeatNo } from '../hand/check';
import type { TableOpening } from './events';
import { isObject, showJson } from '../json';
import { MAX_POINT_VALUE, checkAmount } from '../money';
import { resolveProfile, type Profile } from '../profiles';
import { fail, ok, type Result } from '../result';
import { isTableId } from './state';

/** Text a person typed, as the terminal stores it: not blank, no spaces around it. */
export function isTrimmedName(x: unknown): x is string {
  return isNonEmptyText(x) && x === x.trim();
}

/** The fields a table is opened with. */
export type OpeningFields = TableOpening;

/**
 * Checks the fields of `table-opened` (or of a checkpoint, `what` naming it): the table id,
 * its name, the profile snapshot (a whole valid profile whose name and version it carries),
 * the point value (1 to MAX_POINT_VALUE), the mode, where the sequence numbers wrap and the button. Returns the
 * resolved profile.
 */
export function checkOpening(e: OpeningFields, what: string): Result<Profile> {
  if (!isTableId(e.tableId)) {
    return fail('bad-table-id', `${what}: a table id is 1-32 letters, digits, "_" or "." (no spaces or "-"), not ${showJson(e.tableId)}`, 'tableId');
  }
  if (!isTrimmedName(e.name)) return fail('bad-event', `${what}: the table's name must be text without spaces around it, not ${showJson(e.name)}`, 'name');
  const p = e.profile as OpeningFields['profile'] | undefined;
  if (!isObject(p) || !isObject(p.snapshot)) {
    return fail('bad-profile', `${what}: the profile must be { name, version, snapshot } with the whole profile as the snapshot`, 'profile');
  }
  const resolved = resolveProfile(p.snapshot);
  if (!resolved.ok) return fail('bad-profile', `${what}: the profile snapshot is not a valid profile: ${resolved.error.message}`, 'profile.snapshot');
  if (p.name !== resolved.value.name || p.version !== resolved.value.version) {
    return fail('bad-profile', `${what}: profile ${showJson(p.name)} version ${showJson(p.version)} does not match its snapshot (${resolved.value.name} version ${resolved.value.version})`, 'profile');
  }
  const pointValue = checkAmount(e.pointValue, 'the point value', 'bad-point-value', 1, MAX_POINT_VALUE);
  if (!pointValue.ok) return fail('bad-point-value', `${what}: ${pointValue.error.message}`, 'pointValue');
  if (e.mode !== 'shoe' && e.mode !== 'scanner-only') return fail('bad-mode', `${what}: mode is "shoe" or "scanner-only", not ${showJson(e.mode)}`, 'mode');
  if (e.seqModulo !== null && !(isPositiveInteger(e.seqModulo) && e.seqModulo >= 2)) {
    return fail('bad-seq-modulo', `${what}: seqModulo is a whole number from 2 or null, not ${showJson(e.seqModulo)}`, 'seqModulo');
  }
  if (!isSeatNo(e.button)) return fail('bad-seat', `${what}: the button sits at seat 1-4, not ${showJson(e.button)}`, 'button');
  return ok(resolved.value);
}
