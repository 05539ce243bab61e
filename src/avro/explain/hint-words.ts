import type { Roles } from '../../checkers/types.js';
import type { Finding } from '../../result.js';
import type { AvroField, AvroNamed, AvroNode, AvroRecord } from '../model.js';
import { isNamed } from '../model.js';
import type { AvroSite, BranchConvention, Place } from './locate.js';

/** What every hint rule is given. */
export interface HintInput {
  readonly finding: Finding;
  /** The finding's location resolved in both schemas; undefined when it does not fit the reader. */
  readonly site: AvroSite | undefined;
  readonly convention: BranchConvention;
  /** The reader's top node: fields of other records are named with their record. */
  readonly top: AvroNode;
  /**
   * Which schema the hint changes: the reader (the schema the location points into), or the writer
   * when the roles say the writer is the new schema and the reader the old one (a FORWARD check).
   */
  readonly edit: 'reader' | 'writer';
  readonly roles: Roles | undefined;
  /** How many union branches deep the hint is (a failing branch is explained by its own first finding). */
  readonly depth: number;
}

/** Text in backticks. */
export function code(text: string): string {
  return `\`${text}\``;
}

/** `in the new schema, ` when the roles are known, naming the schema the hint changes. */
export function on(input: HintInput, side: 'reader' | 'writer'): string {
  return input.roles ? `in the ${input.roles[side]} schema, ` : '';
}

/** `the old schema` / `the writer`. */
export function schemaName(input: HintInput, side: 'reader' | 'writer'): string {
  return input.roles ? `the ${input.roles[side]} schema` : `the ${side}`;
}

/** `the old schema's` / `the writer's`. */
export function whose(input: HintInput, side: 'reader' | 'writer'): string {
  return `${schemaName(input, side)}'s`;
}

/** `a`, `a and b`, `a, b and c`. */
export function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** How a type is referred to at a place whose namespace is `namespace`: simple name when it resolves there. */
export function refName(node: AvroNamed, namespace: string | null): string {
  return node.namespace === namespace || node.namespace === null ? node.name : node.fullName;
}

/** A type as schema JSON text (named types by reference). */
export function typeJson(node: AvroNode, namespace: string | null): string {
  if (isNamed(node)) return JSON.stringify(refName(node, namespace));
  switch (node.kind) {
    case 'array':
      return `{"type":"array","items":${typeJson(node.items, namespace)}}`;
    case 'map':
      return `{"type":"map","values":${typeJson(node.values, namespace)}}`;
    case 'union':
      return `[${node.branches.map((branch) => typeJson(branch, namespace)).join(',')}]`;
    default:
      return JSON.stringify(node.kind);
  }
}

/** A type in prose: `int` or `Address` in backticks, composite types as their JSON. */
export function typeText(node: AvroNode, namespace: string | null): string {
  if (isNamed(node)) return code(node.name);
  return node.kind === 'array' || node.kind === 'map' || node.kind === 'union' ? typeJson(node, namespace) : code(node.kind);
}

/** The union of two non-union types as JSON, `null` first when one of them is null (so that a null default fits). */
export function unionOf(a: AvroNode, b: AvroNode, namespace: string | null): string {
  const [first, second] = b.kind === 'null' ? [b, a] : [a, b];
  return `[${typeJson(first, namespace)},${typeJson(second, namespace)}]`;
}

/** A field in prose: `field \`city\``, or `field \`city\` of \`Address\`` when its record is not the top one. */
export function fieldText(field: AvroField, record: AvroRecord | undefined, top: AvroNode): string {
  return record === undefined || record === top ? `field ${code(field.name)}` : `field ${code(field.name)} of ${code(record.name)}`;
}

/** A place in prose: `field \`tags\``, `the items of field \`tags\``, `branch \`array\` of the top-level union`. */
export function placeText(place: Place, top: AvroNode): string {
  const topText = top.kind === 'union' ? 'the top-level union' : `the top-level ${code(isNamed(top) ? top.name : top.kind)}`;
  let text = place.field ? fieldText(place.field, place.record, top) : topText;
  for (const step of place.steps) {
    if (step === 'items') text = `the items of ${text}`;
    else if (step === 'values') text = `the values of ${text}`;
    else text = `branch ${code(step.slice('branch:'.length))} of ${text}`;
  }
  return text;
}

/** The place of a finding, or its location when it could not be resolved. */
export function where(input: HintInput): string {
  return input.site ? placeText(input.site.place, input.top) : `the type at ${input.finding.location}`;
}

/** `symbol C` / `symbols C, D`. */
export function symbolsText(symbols: readonly string[]): string {
  return `${symbols.length === 1 ? 'symbol' : 'symbols'} ${symbols.join(', ')}`;
}

/** How to give a field of this type a default, after "give field `x` a default, ". */
export function defaultExample(type: AvroNode, namespace: string | null): string {
  switch (type.kind) {
    case 'null':
      return 'e.g. null';
    case 'enum': {
      const symbol = type.default ?? type.symbols[0];
      if (symbol !== undefined) return `e.g. ${JSON.stringify(symbol)}`;
      break;
    }
    case 'array':
      return 'e.g. []';
    case 'map':
      return 'e.g. {}';
    case 'union':
      if (type.branches.some((branch) => branch.kind === 'null')) return 'e.g. null';
      return `e.g. make it [${['"null"', ...type.branches.map((branch) => typeJson(branch, namespace))].join(',')}] with default null`;
    default:
      break;
  }
  return `e.g. make it ["null",${typeJson(type, namespace)}] with default null`;
}
