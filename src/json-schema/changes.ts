import type { ChangeDraft } from '../diff/change.js';
import { pairedChanges } from '../diff/paired.js';
import type { PathDifference } from '../diff/paired.js';
import type { AvroChangeType } from '../avro/diff/change-types.js';
import { describeJsonDifference } from './findings.js';
import { JsonDifferenceType } from './diff/types.js';

/** What `diffSchemas('JSON', ...)` lists: Confluent's difference types, a format change, or Avro's changes for Pulsar's Avro-defined JSON. */
export type JsonChangeType = JsonDifferenceType | 'SCHEMA_FORMAT_CHANGED' | AvroChangeType;

const CODES: ReadonlySet<string> = new Set(Object.values(JsonDifferenceType));

/**
 * Changes of two JSON Schemas from Confluent's diff taken both ways (SchemaDiff compares a writer
 * with a reader); `detail` adds what changed where the code and path alone do not say it (a combined schema's branches).
 */
export function jsonSchemaChanges(forward: readonly PathDifference[], reverse: readonly PathDifference[], detail: (type: string, path: string) => string | undefined = () => undefined): ChangeDraft[] {
  return pairedChanges(forward, reverse, {
    codes: CODES,
    summary: (difference, reversed) => {
      const what = detail(difference.type, difference.path);
      return `${difference.path} ${difference.type.toLowerCase().replace(/_/g, ' ')}${what === undefined ? '' : `: ${what}`}${reversed ? ' (from the new schema to the old)' : ''}`;
    },
    description: (difference, reversed) => describeJsonDifference(difference.type, difference.path, reversed ? { reader: 'old', writer: 'new' } : { reader: 'new', writer: 'old' }),
  });
}

/** One side is an Avro record definition (Pulsar's JSON SchemaInfo), the other a JSON Schema: the checker's SCHEMA_FORMAT_CHANGED. */
export function formatChange(oldIsAvro: boolean): ChangeDraft {
  const [before, after] = oldIsAvro ? ['an Avro record definition', 'a JSON Schema'] : ['a JSON Schema', 'an Avro record definition'];
  return { change: 'SCHEMA_FORMAT_CHANGED', location: { old: '/', new: '/' }, summary: `${before}→${after}`, description: `The schema was ${before} and is now ${after}` };
}
