import { stableJson } from '../util/stable-json.js';
import type { JsonValue } from '../util/json.js';
import type { ProtobufSchema } from './model.js';

/**
 * Identity for de-duplication: the same file and the same imported files, compared as our model
 * (so comments and formatting do not count, as in Confluent's canonical form; options do).
 */
export function sameProtobufSchema(a: ProtobufSchema, b: ProtobufSchema): boolean {
  if (a === b) return true;
  // Through JSON first: absent labels and oneofs are `undefined`, which JSON leaves out.
  const text = (schema: ProtobufSchema): string => stableJson(JSON.parse(JSON.stringify({ file: { ...schema.file, name: '' }, dependencies: schema.dependencies, root: schema.rootMessage ?? null })) as JsonValue);
  return text(a) === text(b);
}
