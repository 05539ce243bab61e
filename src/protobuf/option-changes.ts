import type { ChangeDraft } from '../diff/change.js';
import { keyedDiff } from '../diff/keyed.js';
import { jsonEqual } from '../util/json-equal.js';
import type { JsonValue } from '../util/json.js';
import type { ProtoDefinition, ProtoField, ProtobufSchema } from './model.js';

/** Option changes, which Confluent's diff does not compare (options are annotations to the wire format, except `packed` for readers before proto 2.3). */
export const ProtobufOptionChangeType = {
  OPTION_ADDED: 'OPTION_ADDED',
  OPTION_REMOVED: 'OPTION_REMOVED',
  OPTION_CHANGED: 'OPTION_CHANGED',
} as const;
export type ProtobufOptionChangeType = (typeof ProtobufOptionChangeType)[keyof typeof ProtobufOptionChangeType];

type Options = Readonly<Record<string, unknown>>;

/**
 * The options of the file, its messages, fields and enums, matched as Confluent's diff matches
 * them (definitions by name at each level, fields by number), at the diff's `#/Message/3` paths.
 */
export function optionChanges(original: ProtobufSchema, update: ProtobufSchema): ChangeDraft[] {
  return [...compareOptions('#/', 'the file', original.file.options, update.file.options), ...definitions('#', original.file.definitions, update.file.definitions)];
}

function definitions(path: string, original: readonly ProtoDefinition[], update: readonly ProtoDefinition[]): ChangeDraft[] {
  const kept = keyedDiff(original, update, (definition) => `${definition.kind} ${definition.name}`).kept;
  return kept.flatMap(({ old, new: next }) => {
    const here = `${path}/${next.name}`;
    const own = compareOptions(here, `${next.kind} ${next.fullName}`, old.options, next.options);
    if (old.kind !== 'message' || next.kind !== 'message') return own;
    const fields = keyedDiff(old.fields, next.fields, (field: ProtoField) => String(field.number)).kept;
    const fieldChanges = fields.flatMap((pair) => compareOptions(`${here}/${pair.new.number}`, `field ${pair.new.name}`, pair.old.options, pair.new.options));
    return [...own, ...fieldChanges, ...definitions(here, old.nested, next.nested)];
  });
}

function compareOptions(path: string, owner: string, original: Options, update: Options): ChangeDraft[] {
  const keys = keyedDiff(Object.keys(original), Object.keys(update), (key) => key);
  const draft = (change: ProtobufOptionChangeType, summary: string, description: string): ChangeDraft => ({
    change, location: change === 'OPTION_ADDED' ? { new: path } : change === 'OPTION_REMOVED' ? { old: path } : { old: path, new: path }, summary, description, annotation: true,
  });
  return [
    ...keys.added.map(({ item }) => draft('OPTION_ADDED', `${owner} option ${item} = ${text(update[item])}`, `The option ${item} of ${owner} was added (${text(update[item])})`)),
    ...keys.removed.map(({ item }) => draft('OPTION_REMOVED', `${owner} option ${item}`, `The option ${item} of ${owner} was removed (it was ${text(original[item])})`)),
    ...keys.kept.filter(({ old }) => !jsonEqual(original[old] as JsonValue, update[old] as JsonValue)).map(({ old }) => draft('OPTION_CHANGED', `${owner} option ${old} ${text(original[old])}→${text(update[old])}`, `The option ${old} of ${owner} changed from ${text(original[old])} to ${text(update[old])}`)),
  ];
}

function text(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}
