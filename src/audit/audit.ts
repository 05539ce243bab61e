import { checkersOf, historyItem, historyLength } from '../check.js';
import type { CheckerRegistry } from '../checkers/registry.js';
import { InvalidOptionError } from '../errors.js';
import type { ParsedSchema, SchemaInput } from '../schema.js';
import { isParsedSchema, parseWith, registryOption } from '../schema.js';
import { describeError, describeValue } from '../util/describe.js';
import { booleanOption, readOptions, referencesOption, stringOption } from '../util/options.js';
import { readMatrix } from './matrix.js';
import { gradeStrategies } from './strategies.js';
import type { Audit, AuditOptions } from './types.js';
import { upgradeAdvice } from './upgrade.js';

/**
 * Who reads whom in a history (oldest first, the inputs `checkCompatibility` takes): the full matrix
 * `reads[i][j]` (version i reads data written with version j) with the findings of each failing
 * cell, the strategies the history satisfies as it stands, the first version that violates each of
 * the others, and the safe upgrade order for the newest version. N² pairs through one checker
 * session per schema type; texts are parsed with `reuse: true`. Throws only for bad input:
 * `SchemaParseError` naming `history[i]`, `InvalidOptionError`.
 */
export function auditHistory(history: readonly SchemaInput[], options: AuditOptions = {}): Audit {
  const read = readOptions('options', options, ['schemaType', 'registry', 'avro', 'json', 'references', 'explain', 'labels']);
  const registry = checkersOf({ registry: registryOption(read.registry), avro: read.avro, json: read.json });
  const schemaType = stringOption('schemaType', read.schemaType) ?? 'AVRO';
  const references = referencesOption(read.references);
  const length = historyLength(history);
  const versions: ParsedSchema[] = [];
  for (let i = 0; i < length; i++) {
    const item = historyItem(history, i);
    versions.push(isParsedSchema(item) ? item : parseWith(registry, schemaType, item, { label: `history[${i}]`, reuse: true, ...(references ? { references } : {}) }));
  }
  const labels = labelsOption(read.labels, versions);
  const { reads, findings } = readMatrix(registry, versions, booleanOption('explain', read.explain, false));
  const { satisfied, violations } = gradeStrategies(reads, identicalToEarlier(registry, versions));
  return { versions: labels, reads, findings, satisfied, violations, upgrade: upgradeAdvice(reads) };
}

/** Whether version k is identical (its checker's `isIdentical`) to an earlier one; asked only where a strategy fails, once per k. */
function identicalToEarlier(registry: CheckerRegistry, versions: readonly ParsedSchema[]): (k: number) => boolean {
  const known = new Map<number, boolean>();
  return (k) => {
    let answer = known.get(k);
    if (answer === undefined) {
      const version = versions[k] as ParsedSchema;
      const checker = registry.get(version.schemaType);
      answer = versions.slice(0, k).some((earlier) => earlier.schemaType === version.schemaType && checker.isIdentical(version.schema, earlier.schema));
      known.set(k, answer);
    }
    return answer;
  };
}

/** The `labels` option: one string per version; by default `v` and each version's label or 1-based position. */
function labelsOption(value: unknown, versions: readonly ParsedSchema[]): string[] {
  if (value === undefined) return versions.map((version, i) => `v${version.version ?? i + 1}`);
  let labels: unknown[];
  try {
    if (!Array.isArray(value)) throw new InvalidOptionError('labels', `${describeValue(value)} is not an array of strings`);
    labels = [...(value as unknown[])];
  } catch (error) {
    if (error instanceof InvalidOptionError) throw error;
    throw new InvalidOptionError('labels', `reading it threw ${describeError(error)}`);
  }
  if (labels.length !== versions.length) throw new InvalidOptionError('labels', `${labels.length} labels for ${versions.length} versions: give one per version, oldest first`);
  const bad = labels.findIndex((label) => typeof label !== 'string');
  if (bad >= 0) throw new InvalidOptionError('labels', `labels[${bad}] is ${describeValue(labels[bad])}, not a string`);
  return labels as string[];
}
