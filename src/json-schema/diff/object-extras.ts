import type { Dependency, JsonNode, ObjectNode } from '../model.js';
import { acceptsEverything, compareSchemas } from './compare.js';
import { DiffSession, at, difference } from './session.js';
import type { Difference } from './session.js';
import { JsonDifferenceType as T } from './types.js';

/** `dependencies` (and 2019-09's `dependentRequired`/`dependentSchemas`) by property name (ObjectSchemaDiff). */
export function compareDependencies(s: DiffSession, o: ObjectNode, u: ObjectNode): Difference[] {
  if (o.dependencies.size === 0 && u.dependencies.size === 0) return [];
  const out: Difference[] = [];
  for (const [name, before] of o.dependencies) {
    const after = u.dependencies.get(name);
    const pointer = at('', 'dependencies', name);
    if (after === undefined) out.push(difference(before.kind === 'names' ? T.DEPENDENCY_ARRAY_REMOVED : T.DEPENDENCY_SCHEMA_REMOVED, pointer));
    else out.push(...compareDependency(s, pointer, before, after));
  }
  for (const [name, after] of u.dependencies) {
    if (!o.dependencies.has(name)) out.push(difference(after.kind === 'names' ? T.DEPENDENCY_ARRAY_ADDED : T.DEPENDENCY_SCHEMA_ADDED, at('', 'dependencies', name)));
  }
  return out;
}

function compareDependency(s: DiffSession, pointer: string, before: Dependency, after: Dependency): Difference[] {
  if (before.kind === 'schema' && after.kind === 'schema') return compareSchemas(s, pointer, before.schema, after.schema);
  if (before.kind !== 'names' || after.kind !== 'names') return [difference(T.TYPE_CHANGED, pointer)];
  // As sets, so that two lists of thousands of names compare in linear time.
  const [was, is] = [new Set(before.names), new Set(after.names)];
  const grew = after.names.some((name) => !was.has(name));
  const shrank = before.names.some((name) => !is.has(name));
  if (grew && shrank) return [difference(T.DEPENDENCY_ARRAY_CHANGED, pointer)];
  if (grew) return [difference(T.DEPENDENCY_ARRAY_EXTENDED, pointer)];
  if (shrank) return [difference(T.DEPENDENCY_ARRAY_NARROWED, pointer)];
  return [];
}

/**
 * `patternProperties` schemas (Confluent uses them only to decide coverage). A name matching a
 * pattern the update adds or keeps must still accept what the original allowed under it: the
 * same pattern's schema, any other original pattern that may match the same names (we cannot
 * tell regular expressions apart, so every one), the original's extra-property schema, the
 * declared properties it matches, or anything when the original left such names unconstrained.
 * A pattern the update drops must leave its names acceptable to the update's extra properties.
 */
export function comparePatternProperties(s: DiffSession, o: ObjectNode, u: ObjectNode): Difference[] {
  if (o.patternProperties.length === 0 && u.patternProperties.length === 0) return [];
  const out: Difference[] = [];
  for (const pattern of u.patternProperties) {
    const pointer = at('', 'patternProperties', pattern.source);
    const same = o.patternProperties.find((entry) => entry.source === pattern.source);
    if (same) {
      out.push(...compareSchemas(s, pointer, same.schema, pattern.schema));
      continue;
    }
    const extra = extraSchema(o);
    if (extra === 'anything' && !acceptsEverything(pattern.schema)) out.push(difference(T.PATTERN_PROPERTY_ADDED_TO_OPEN_CONTENT_MODEL, pointer));
    else if (extra !== 'anything' && extra !== 'nothing') out.push(...compareSchemas(s, pointer, extra, pattern.schema));
    for (const other of o.patternProperties) out.push(...compareSchemas(s, pointer, other.schema, pattern.schema));
    for (const [name, before] of o.properties) {
      if (pattern.regex.test(name)) out.push(...compareSchemas(s, at('', 'properties', name), before, pattern.schema));
    }
  }
  for (const pattern of o.patternProperties) {
    if (u.patternProperties.some((entry) => entry.source === pattern.source)) continue;
    const pointer = at('', 'patternProperties', pattern.source);
    const extra = extraSchema(u);
    if (extra === 'nothing' && !isFalse(pattern.schema)) out.push(difference(T.PATTERN_PROPERTY_REMOVED_FROM_CLOSED_CONTENT_MODEL, pointer));
    else if (extra !== 'anything' && extra !== 'nothing') out.push(...compareSchemas(s, pointer, pattern.schema, extra));
  }
  return out;
}

/** What an object allows under a name it neither declares nor matches by pattern. */
function extraSchema(node: ObjectNode): JsonNode | 'anything' | 'nothing' {
  const extra = node.additionalProperties.kind !== 'absent' ? node.additionalProperties : node.unevaluatedProperties;
  if (extra.kind === 'absent') return 'anything';
  if (extra.kind === 'boolean') return extra.value ? 'anything' : 'nothing';
  return extra.schema;
}

function isFalse(node: JsonNode): boolean {
  return node.kind === 'false';
}
