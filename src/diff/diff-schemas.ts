import { checkersOf, describeFinding, ROLES, toParsed } from '../check.js';
import type { CheckOptions } from '../check.js';
import { InvalidOptionError } from '../errors.js';
import type { SchemaInput } from '../schema.js';
import type { SchemaType } from '../schema-type.js';
import type { Direction } from '../strategy.js';
import { readOptions, referencesOption } from '../util/options.js';
import { registryOption } from '../schema.js';
import type { Change } from './change.js';
import { gradeChanges } from './grade.js';
import type { DirectionFindings } from './grade.js';

/** Options of `diffSchemas`: the checkers and their options, as `checkCompatibility` takes them, so that both answer alike. */
export type DiffOptions = Pick<CheckOptions, 'registry' | 'avro' | 'json' | 'references'>;

const DIRECTIONS: readonly Direction[] = ['BACKWARD', 'FORWARD'];

/**
 * Every change from `oldSchema` to `newSchema` (safe ones and annotations too), each graded by
 * the directions it breaks: the findings of `checkCompatibility` on the same pair with the same
 * options, so that the union of `breaks` is exactly the directions in which the pair fails.
 * Throws `SchemaParseError` (naming `old` or `new`), `UnknownSchemaTypeError`, or
 * `InvalidOptionError` for a schema type whose checker cannot list changes.
 */
export function diffSchemas(schemaType: SchemaType, oldSchema: SchemaInput, newSchema: SchemaInput, options: DiffOptions = {}): Change[] {
  const read = readOptions('options', options, ['registry', 'avro', 'json', 'references']);
  const references = referencesOption(read.references);
  const registry = checkersOf({ registry: registryOption(read.registry), avro: read.avro, json: read.json });
  const how = { schemaType, references };
  const checker = registry.get(schemaType);
  if (!checker.listChanges) throw new InvalidOptionError('schemaType', `the ${checker.schemaType} checker does not list changes (AVRO, JSON and PROTOBUF do)`);
  const original = toParsed(registry, oldSchema, 'old', how);
  const update = toParsed(registry, newSchema, 'new', how);
  for (const parsed of [original, update]) {
    if (parsed.schemaType !== checker.schemaType) throw new InvalidOptionError('schemaType', `a ${parsed.schemaType} schema cannot be diffed as ${checker.schemaType}`);
  }
  const drafts = checker.listChanges(original.schema, update.schema);
  // Registries accept a schema identical to the last one whatever changed in its annotations (DESIGN §2, rule 2).
  if (checker.isIdentical(update.schema, original.schema)) return gradeChanges(drafts, []);
  const checks: DirectionFindings[] = DIRECTIONS.map((direction) => {
    const [reader, writer] = direction === 'BACKWARD' ? [update.schema, original.schema] : [original.schema, update.schema];
    const result = checker.canRead(reader, writer);
    return {
      direction, incompatibilities: result.incompatibilities, warnings: result.warnings,
      describe: (finding) => describeFinding(checker, finding, ROLES[direction]),
      detail: (finding) => checker.detailFinding?.(finding, reader, writer),
    };
  });
  return gradeChanges(drafts, checks);
}
