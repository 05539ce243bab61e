import { stableJson } from '../util/stable-json.js';
import type { JsonValue } from '../util/json.js';
import type { ProtoFile, ProtobufSchema } from './model.js';

/** A file's model as text: through JSON first, since absent labels and oneofs are `undefined`, which JSON leaves out. */
function modelText(file: ProtoFile): string {
  return stableJson(JSON.parse(JSON.stringify(file)) as JsonValue);
}

/**
 * Identity for de-duplication: the same file and the same imported files, compared as our model
 * (so comments and formatting do not count, as in Confluent's canonical form; options do). An
 * import both schemas share (one `ProtobufReferenceCache`, or the checker's well-known types) is
 * the same object and is not serialized: a check costs the size of the main files, not of the imports.
 */
export function sameProtobufSchema(a: ProtobufSchema, b: ProtobufSchema): boolean {
  if (a === b) return true;
  if ((a.rootMessage ?? null) !== (b.rootMessage ?? null) || a.dependencies.length !== b.dependencies.length) return false;
  if (modelText({ ...a.file, name: '' }) !== modelText({ ...b.file, name: '' })) return false;
  return a.dependencies.every((dependency, i) => {
    const other = b.dependencies[i] as ProtoFile;
    return dependency === other || modelText(dependency) === modelText(other);
  });
}
