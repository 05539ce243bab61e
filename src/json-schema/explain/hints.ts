import type { Roles } from '../../checkers/types.js';
import type { Finding } from '../../result.js';
import { JsonDifferenceType as T } from '../diff/types.js';
import { unescapePointerToken } from '../../util/json.js';

const UPPER_BOUNDS: Readonly<Record<string, string>> = {
  MAX_LENGTH: 'maxLength', MAXIMUM: 'maximum', EXCLUSIVE_MAXIMUM: 'exclusiveMaximum', MAX_PROPERTIES: 'maxProperties', MAX_ITEMS: 'maxItems', MAX_CONTAINS: 'maxContains',
};
const LOWER_BOUNDS: Readonly<Record<string, string>> = {
  MIN_LENGTH: 'minLength', MINIMUM: 'minimum', EXCLUSIVE_MINIMUM: 'exclusiveMinimum', MIN_PROPERTIES: 'minProperties', MIN_ITEMS: 'minItems', MIN_CONTAINS: 'minContains',
};
const EXTRAS: Readonly<Record<string, string>> = {
  ADDITIONAL_PROPERTIES: 'additionalProperties', UNEVALUATED_PROPERTIES: 'unevaluatedProperties', ADDITIONAL_ITEMS: 'additionalItems', UNEVALUATED_ITEMS: 'unevaluatedItems',
};

/**
 * One concrete repair for a finding of `canRead(reader, writer)` in JSON Schema terms. The reader
 * must accept every instance the writer accepts, and validators never fill in `default`, so the
 * repair always widens the reader (or, in a FORWARD check where the reader is the old schema,
 * narrows the new one back). Undefined for findings that are not JSON Schema differences.
 */
export function jsonSchemaHint(finding: Finding, roles?: Roles): string | undefined {
  if (!finding.location.startsWith('#')) return undefined;
  const where = finding.location;
  const last = unescapePointerToken(where.split('/').pop() ?? '');
  const reader = roles ? `the ${roles.reader} schema` : 'the reader';
  const writer = roles ? `the ${roles.writer} schema` : 'the writer';
  // FORWARD: the reader is the registered old schema, so the usual repair is to narrow the new one back.
  const fix = (text: string): string => (roles?.reader === 'old' ? `${text.replace(/\.$/, '')}; or, as the old schema is already registered, make the new schema accept no more than the old one there.` : text);
  const bound = /^(.*)_(ADDED|DECREASED|INCREASED)$/.exec(finding.type);
  if (bound && UPPER_BOUNDS[bound[1] as string]) return fix(`Raise or remove "${UPPER_BOUNDS[bound[1] as string]}" at ${where} in ${reader}: it must allow at least what ${writer} allows.`);
  if (bound && LOWER_BOUNDS[bound[1] as string]) return fix(`Lower or remove "${LOWER_BOUNDS[bound[1] as string]}" at ${where} in ${reader}: it must allow at least what ${writer} allows.`);
  const extra = /^(.*)_(REMOVED|NARROWED)$/.exec(finding.type);
  if (extra && EXTRAS[extra[1] as string]) return fix(`Keep "${EXTRAS[extra[1] as string]}" at ${where} in ${reader} as open as in ${writer} (absent, true, or a schema accepting every value ${writer} allows there).`);
  switch (finding.type) {
    case T.TYPE_CHANGED:
    case T.TYPE_NARROWED:
      return fix(`Let ${reader} accept the types ${writer} accepts at ${where} (add them to "type", or as "anyOf" branches).`);
    case T.PATTERN_ADDED:
    case T.PATTERN_CHANGED:
      return fix(`Remove "pattern" at ${where} from ${reader}, or use one that matches every string ${writer} accepts there.`);
    case T.FORMAT_ADDED:
    case T.FORMAT_CHANGED:
      return fix(`Remove "format" at ${where} from ${reader}: validators that assert formats reject strings ${writer} accepts.`);
    case T.MULTIPLE_OF_ADDED:
    case T.MULTIPLE_OF_EXPANDED:
    case T.MULTIPLE_OF_CHANGED:
      return fix(`Remove "multipleOf" at ${where} from ${reader}, or use a divisor of ${writer}'s.`);
    case T.REQUIRED_ATTRIBUTE_ADDED:
    case T.REQUIRED_ATTRIBUTE_WITH_DEFAULT_ADDED:
    case T.REQUIRED_PROPERTY_ADDED_TO_OPEN_CONTENT_MODEL:
    case T.REQUIRED_PROPERTY_WITH_DEFAULT_ADDED_TO_OPEN_CONTENT_MODEL:
    case T.REQUIRED_PROPERTY_ADDED_TO_UNOPEN_CONTENT_MODEL:
    case T.REQUIRED_PROPERTY_WITH_DEFAULT_ADDED_TO_UNOPEN_CONTENT_MODEL:
      return fix(`Drop "${last}" from "required" in ${reader}: instances of ${writer} may lack it, and a "default" does not help because validators never fill it in.`);
    case T.PROPERTY_ADDED_TO_OPEN_CONTENT_MODEL:
    case T.OPTIONAL_PROPERTY_ADDED_TO_OPEN_CONTENT_MODEL:
    case T.PATTERN_PROPERTY_ADDED_TO_OPEN_CONTENT_MODEL:
      return fix(`${writer} is open, so its instances may already hold "${last}" with any value: give it the empty schema {} in ${reader}, or close ${writer} ("additionalProperties": false) first.`);
    case T.PROPERTY_ADDED_NOT_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL:
      return fix(`Make "${last}" in ${reader} accept every value ${writer}'s "additionalProperties" or "patternProperties" schema allows for it.`);
    case T.PROPERTY_REMOVED_FROM_CLOSED_CONTENT_MODEL:
    case T.PATTERN_PROPERTY_REMOVED_FROM_CLOSED_CONTENT_MODEL:
    case T.PROPERTY_REMOVED_NOT_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL:
      return fix(`Keep "${last}" declared in ${reader} (it is closed, and instances of ${writer} may hold it), or let its "additionalProperties" accept those values.`);
    case T.ITEM_ADDED_TO_OPEN_CONTENT_MODEL:
    case T.ITEM_ADDED_NOT_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL:
      return fix(`Instances of ${writer} may already hold item ${last} with any value ${writer} allows: make that position in ${reader} accept it (the empty schema {} does).`);
    case T.ITEM_REMOVED_FROM_CLOSED_CONTENT_MODEL:
    case T.ITEM_REMOVED_NOT_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL:
      return fix(`Keep item ${last} in ${reader}'s tuple, or let its extra items accept what ${writer} allows there.`);
    case T.DEPENDENCY_ARRAY_ADDED:
    case T.DEPENDENCY_ARRAY_EXTENDED:
    case T.DEPENDENCY_ARRAY_CHANGED:
    case T.DEPENDENCY_SCHEMA_ADDED:
      return fix(`Drop the new dependency on "${last}" at ${where} from ${reader}: instances of ${writer} need not satisfy it.`);
    case T.UNIQUE_ITEMS_ADDED:
      return fix(`Remove "uniqueItems": true at ${where} from ${reader}: ${writer} allows repeated items.`);
    case T.ENUM_ARRAY_NARROWED:
    case T.ENUM_ARRAY_CHANGED:
      return fix(`Keep every value ${writer} allows at ${where} in ${reader}'s "enum" (or "const").`);
    case T.SCHEMA_ADDED:
      return fix(`Remove the sub-schema at ${where} from ${reader}, or make it accept every value ${writer} allows there.`);
    case T.NOT_TYPE_EXTENDED:
      return fix(`Make the "not" at ${where} in ${reader} exclude no instance that ${writer} accepts.`);
    case T.CONDITION_CHANGED:
      return fix(`Keep ${writer}'s "if" condition at ${where} in ${reader}.`);
    case T.ONE_OF_BRANCHES_OVERLAP:
      return fix(`Use "anyOf" instead of "oneOf" at ${where} in ${reader}, or make its branches exclusive (e.g. a distinct "const" tag per branch).`);
    case T.COMBINED_TYPE_CHANGED:
    case T.COMBINED_TYPE_SUBSCHEMAS_CHANGED:
    case T.PRODUCT_TYPE_EXTENDED:
    case T.SUM_TYPE_NARROWED:
      return fix(`Give the combinator at ${where} in ${reader} an "anyOf" branch that accepts each of ${writer}'s alternatives.`);
    default:
      return fix(`Change ${reader} at ${where} so that it accepts every instance ${writer} accepts there.`);
  }
}
