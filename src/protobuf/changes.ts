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
  const details = new Map([...forward, ...reverse].map((difference) => [`${difference.type} ${difference.path}`, difference.detail]));
  const detail = (difference: PathDifference): string => details.get(`${difference.type} ${difference.path}`) ?? difference.type.toLowerCase().replace(/_/g, ' ');
  const paired = pairedChanges(forward, reverse, {
    codes: CODES,
    summary: (difference) => `${difference.path} ${detail(difference)}`,
    description: (difference) => `${difference.type} at ${difference.path}: ${detail(difference)}`,
  });
  return [...paired, ...optionChanges(original, update)];
}
