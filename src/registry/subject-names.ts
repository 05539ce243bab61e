import { InvalidOptionError } from 'schema-compat';

/** What a subject name strategy may use. */
export interface SubjectNameContext {
  readonly topic: string;
  /** True for the record key, false for the value. */
  readonly isKey: boolean;
  /** The fully-qualified name of the record (Avro: the root record's full name), when it has one. */
  readonly recordName?: string;
}

/** Picks the subject a schema is registered under. */
export type SubjectNameStrategy = (context: SubjectNameContext) => string;

function recordNameOf(context: SubjectNameContext, strategy: string): string {
  if (context.recordName === undefined || context.recordName === '') {
    throw new InvalidOptionError('subjectNameStrategy', `${strategy} needs a named record schema; this schema has no record name`);
  }
  return context.recordName;
}

/**
 * Confluent's subject name strategies (the serializers' `key.subject.name.strategy` /
 * `value.subject.name.strategy`): `<topic>-key` / `<topic>-value`, `<fully.qualified.Record>`, and
 * `<topic>-<fully.qualified.Record>`.
 */
export const SubjectNameStrategies = {
  TopicNameStrategy: (context: SubjectNameContext): string => `${context.topic}-${context.isKey ? 'key' : 'value'}`,
  RecordNameStrategy: (context: SubjectNameContext): string => recordNameOf(context, 'RecordNameStrategy'),
  TopicRecordNameStrategy: (context: SubjectNameContext): string => `${context.topic}-${recordNameOf(context, 'TopicRecordNameStrategy')}`,
} as const satisfies Readonly<Record<string, SubjectNameStrategy>>;
export type SubjectNameStrategyName = keyof typeof SubjectNameStrategies;

/** A strategy by name (`TopicNameStrategy`, ...) or a function of your own. */
export function subjectNameStrategy(strategy: SubjectNameStrategyName | SubjectNameStrategy): SubjectNameStrategy {
  if (typeof strategy === 'function') return strategy;
  if (typeof strategy === 'string' && Object.prototype.hasOwnProperty.call(SubjectNameStrategies, strategy)) return SubjectNameStrategies[strategy];
  throw new InvalidOptionError('subjectNameStrategy', `${JSON.stringify(strategy)} is not one of ${Object.keys(SubjectNameStrategies).join(', ')} or a function`);
}
