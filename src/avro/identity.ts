import { identityForm } from './canonical.js';
import type { AvroSchema } from './model.js';

/**
 * Two schemas are identical for de-duplication when their identity forms are equal (DESIGN §3).
 * Different root fingerprints prove they differ without writing either form out.
 */
export function isIdenticalAvro(a: AvroSchema, b: AvroSchema): boolean {
  if (a === b) return true;
  if (a.root.fp !== '' && b.root.fp !== '' && a.root.fp !== b.root.fp) return false;
  return identityForm(a) === identityForm(b);
}
