import type { ProtobufSchema } from '../model.js';
import type { Difference } from './context.js';
import { DiffContext } from './context.js';
import { compareDefinitions } from './definitions-diff.js';
import { ProtobufChangeType as T } from './differences.js';

export type { Difference } from './context.js';

/**
 * Every difference from `original` to `update` in Confluent's order (`SchemaDiff.compare`): the
 * package, then the messages and enums of the file. A difference found twice at the same path (a
 * message diffed through a field and again as a nested type) is listed once.
 */
export function diffSchemas(original: ProtobufSchema, update: ProtobufSchema): Difference[] {
  const ctx = DiffContext.start({ original, update, memo: new Map() });
  if (original.file.packageName !== update.file.packageName) {
    ctx.add(T.PACKAGE_CHANGED, `package "${original.file.packageName}" became "${update.file.packageName}"`);
  }
  compareDefinitions(ctx, original.file.definitions, update.file.definitions);
  return ctx.findings.distinct();
}
