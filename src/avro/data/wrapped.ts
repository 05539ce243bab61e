import type { AvroUnion } from '../model.js';
import { isNamed } from '../model.js';
import { isPlainObject } from './values.js';

/**
 * A union value in avsc's wrapped form (`wrapUnions`) and the Avro JSON encoding's: an object whose
 * only key names a branch (a primitive's name, `array`, `map`, or a named type's full name), the
 * branch's value under it. Read only when the value fits no branch as it is.
 */
export function wrappedBranch(union: AvroUnion, value: unknown): { readonly index: number; readonly value: unknown } | undefined {
  if (!isPlainObject(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== 1) return undefined;
  const key = keys[0] as string;
  const index = union.branches.findIndex((branch) => (isNamed(branch) ? branch.fullName : branch.kind) === key);
  return index < 0 ? undefined : { index, value: value[key] };
}
