import type { ChangeDraft } from '../diff/change.js';
import { pairedChanges } from '../diff/paired.js';
import type { PathDifference } from '../diff/paired.js';
import { ProtobufChangeType } from './confluent/differences.js';
import type { ProtobufSchema } from './model.js';
import { optionChanges } from './option-changes.js';
import type { ProtobufOptionChangeType } from './option-changes.js';

/** What `diffSchemas('PROTOBUF', ...)` lists: Confluent's 26 difference types and the option changes. */
export type ProtobufDiffChangeType = ProtobufChangeType | ProtobufOptionChangeType;

const CODES: ReadonlySet<string> = new Set(Object.values(ProtobufChangeType));

/** One Confluent difference, with its detail for the changelog. */
export interface DetailedDifference extends PathDifference {
  readonly detail: string;
}

/** Changes of two .proto schemas: Confluent's diff both ways (it compares a writer with a reader), then the options. */
export function protobufChanges(forward: readonly DetailedDifference[], reverse: readonly DetailedDifference[], original: ProtobufSchema, update: ProtobufSchema): ChangeDraft[] {
  // A forward difference's own detail wins over a reverse one's of the same type and path.
  const details = new Map([...reverse, ...forward].map((difference) => [`${difference.type} ${difference.path}`, difference.detail]));
  const detail = (difference: PathDifference): string => details.get(`${difference.type} ${difference.path}`) ?? difference.type.toLowerCase().replace(/_/g, ' ');
  const paired = pairedChanges(forward, reverse, {
    codes: CODES,
    summary: (difference, reversed) => `${difference.path} ${detail(difference)}${reversed ? ' (from the new schema to the old)' : ''}`,
    description: (difference, reversed) => `${difference.type} at ${difference.path}${reversed ? ', seen from the new schema to the old' : ''}: ${detail(difference)}`,
  });
  return [...paired, ...optionChanges(original, update)];
}
