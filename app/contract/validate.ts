/**
 * Shape checks for request arguments, from the request table (app/contract/requests.ts). Both
 * front doors run them before a handler sees the arguments: the WebSocket carries untrusted
 * JSON, and a renderer bug should be refused with a clear message rather than reach the
 * services. No game rule lives here, only "is this a seat number", "is this a list of card
 * codes" (app/contract/fields.ts).
 */
import { fail, ok, type Result } from '../domain/result';
import { isObject, shown, unknownKey, type Field } from './fields';
import { REQUESTS, type RequestArgs, type RequestName } from './requests';

/**
 * Checks a request's argument object (`undefined` counts as `{}`): refused when it is not an
 * object (`bad-arguments`), when it holds a key the request does not take (`unknown-argument`,
 * naming the key and those it takes), or at the first argument, in the table's order, whose
 * field refuses it. The value is the same object, now typed.
 */
export function validateArgs<K extends RequestName>(name: K, args: unknown): Result<RequestArgs<K>> {
  const a = args === undefined ? {} : args;
  if (!isObject(a)) return fail('bad-arguments', `${name} takes an object of named arguments, got ${shown(a)}`);
  const fields: Readonly<Record<string, Field<unknown>>> = REQUESTS[name].args;
  const extra = unknownKey(a, Object.keys(fields), name);
  if (extra) return extra;
  for (const [key, field] of Object.entries(fields)) {
    if (field.optional && a[key] === undefined) continue;
    const r = field.check(a, key);
    if (!r.ok) return r;
  }
  return ok(a as RequestArgs<K>);
}
