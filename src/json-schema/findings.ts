import type { Finding } from '../result.js';
import { JsonDifferenceType as T } from './diff/types.js';
import type { JsonDifferenceType } from './diff/types.js';

/** What the two schemas are called in a sentence: new/old in a history check, reader/writer otherwise. */
interface Words {
  readonly reader: string;
  readonly writer: string;
}

/**
 * Confluent's description templates (json/diff/Difference.java, reference/confluent.md §1.4),
 * chosen by the type's group; `{reader}`/`{writer}` become new/old by the roles of a check. The
 * first slot is the update (the reader), the second the original (the writer).
 */
export function describeJsonDifference(type: string, path: string, roles: Words = { reader: 'new', writer: 'old' }): string {
  const template = templateOf(type as JsonDifferenceType);
  return template.replace(/<p>/g, path).replace(/\{reader\}/g, roles.reader).replace(/\{writer\}/g, roles.writer);
}

function templateOf(type: JsonDifferenceType): string {
  switch (type) {
    case T.TYPE_CHANGED: return "A type at path '<p>' is different between the {reader} schema and the {writer} schema";
    case T.REQUIRED_PROPERTY_ADDED_TO_UNOPEN_CONTENT_MODEL: return "The {reader} schema has an unopen content model and has a required property at path '<p>' which is missing in the {writer} schema";
    case T.SCHEMA_ADDED: return "The {reader} schema constrains the sub-schema at path '<p>', which the {writer} schema leaves open";
    case T.ONE_OF_BRANCHES_OVERLAP: return "The oneOf at path '<p>' in the {reader} schema has branches that both accept some instances of the {writer} schema, and oneOf rejects an instance two branches accept";
    case T.CONDITION_CHANGED: return "The 'if' condition at path '<p>' is different between the {reader} and {writer} schema";
    case T.REQUIRED_ATTRIBUTE_ADDED: return "The property at path '<p>' is required in the {reader} schema but not in the {writer} schema";
    case T.REQUIRED_ATTRIBUTE_WITH_DEFAULT_ADDED: return "The property at path '<p>' is required in the {reader} schema but not in the {writer} schema; its default is not applied by validators";
    case T.REQUIRED_PROPERTY_WITH_DEFAULT_ADDED_TO_UNOPEN_CONTENT_MODEL: return "The {reader} schema has an unopen content model and has a required property with a default at path '<p>' which is missing in the {writer} schema; validators do not apply defaults";
    default: break;
  }
  if (/OPEN_CONTENT_MODEL$/.test(type) && /ADDED/.test(type) && !/UNOPEN|PARTIALLY/.test(type)) return "The {reader} schema has an open content model and has a property or item at path '<p>' which is missing in the {writer} schema";
  if (/REMOVED_FROM_CLOSED_CONTENT_MODEL$/.test(type)) return "The {reader} has a closed content model and is missing a property or item present at path '<p>' in the {writer} schema";
  if (/NOT_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL$/.test(type)) return "The {reader} schema has a partially open content model and a property or item at path '<p>' which is not covered by its extra schema in the {writer} schema";
  if (/_INCREASED$|_EXPANDED$/.test(type)) return "The value at path '<p>' in the {reader} schema is more than its value in the {writer} schema";
  if (/_DECREASED$|_REDUCED$/.test(type)) return "The value at path '<p>' in the {reader} schema is less than its value in the {writer} schema";
  if (/_NARROWED$/.test(type)) return "An array or combined type at path '<p>' has fewer elements in the {reader} schema than the {writer} schema";
  if (/_EXTENDED$/.test(type)) return "An array or combined type at path '<p>' has more elements in the {reader} schema than the {writer} schema";
  if (/_ADDED$/.test(type)) return "The keyword at path '<p>' in the {reader} schema is not present in the {writer} schema";
  if (/_REMOVED$/.test(type)) return "The keyword at path '<p>' in the {writer} schema is not present in the {reader} schema";
  return "The value at path '<p>' is different between the {reader} and {writer} schema";
}

/** The finding a difference becomes: location `#/...`, message in reader/writer words. */
export function differenceFinding(type: string, path: string): Finding {
  return { type, location: path, message: describeJsonDifference(type, path, { reader: 'reader', writer: 'writer' }) };
}
