import type { JsonObject, JsonValue } from '../util/json.js';
import { isJsonObject } from '../util/json.js';
import type { AvroNode, AvroRecord } from './model.js';

const INT_MIN = -2147483648;
const INT_MAX = 2147483647;
/** 2^63: JSON numbers are doubles here, and 2^63 - 1 reads as 2^63. */
const LONG_LIMIT = 9223372036854775808;

/** Why a default is rejected: not valid for its type, or (Java) checked against a record still being defined. */
export type DefaultProblem = 'invalid' | 'record-in-progress';

/**
 * Java 1.12's `Schema.isValidDefault`: is `value` a valid JSON default for `type`? A union default
 * may match any branch (AVRO-3649, spec 1.12); a record default takes each missing field from
 * that field's own default. While a document is being read, a child not defined yet (a forward
 * reference, `undefined` here) is Java's placeholder, a record without fields: any JSON object
 * fits it. A record still being defined cannot take an object (Java throws "Schema fields not set
 * yet"). A record default that refers back to itself forever is invalid.
 */
export function defaultProblem(type: AvroNode | undefined, value: JsonValue, inProgress: ReadonlySet<AvroNode> = EMPTY): DefaultProblem | undefined {
  // The usual defaults (null, a number, a string, [] or {}) for a type without records need no walk state.
  if (value === null || typeof value !== 'object' || isEmptyContainer(value)) {
    const quick = quickValidity(type, value);
    if (quick !== undefined) return quick ? undefined : 'invalid';
  }
  const walk = new DefaultWalk(inProgress);
  const valid = walk.valid(type, value);
  return walk.inProgressHit ? 'record-in-progress' : valid ? undefined : 'invalid';
}

const EMPTY: ReadonlySet<AvroNode> = new Set();

function isEmptyContainer(value: JsonValue): boolean {
  if (Array.isArray(value)) return value.length === 0;
  for (const _key in value as JsonObject) return false;
  return true;
}

/** The verdict for a scalar or empty default against a type whose branches are not records; undefined to walk. */
function quickValidity(type: AvroNode | undefined, value: JsonValue): boolean | undefined {
  if (type === undefined || type.kind === 'record') return undefined;
  if (type.kind !== 'union') return scalarFits(type, value);
  for (const branch of type.branches) {
    if (branch === undefined || branch.kind === 'record') return undefined;
    if (scalarFits(branch, value)) return true;
  }
  return false;
}

/** Java's `isValidDefault` for a non-record type and a scalar or empty value. */
function scalarFits(type: AvroNode, value: JsonValue): boolean {
  switch (type.kind) {
    case 'string':
    case 'bytes':
    case 'enum':
    case 'fixed':
      return typeof value === 'string';
    case 'int':
      return Number.isInteger(value) && (value as number) >= INT_MIN && (value as number) <= INT_MAX;
    case 'long':
      return Number.isInteger(value) && Math.abs(value as number) <= LONG_LIMIT;
    case 'float':
    case 'double':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'map':
      return isJsonObject(value);
    default:
      return false;
  }
}

class DefaultWalk {
  inProgressHit = false;
  private readonly recordStack: { readonly record: AvroRecord; readonly value: JsonObject }[] = [];

  constructor(private readonly inProgress: ReadonlySet<AvroNode>) {}

  valid(type: AvroNode | undefined, value: JsonValue): boolean {
    if (type === undefined) return isJsonObject(value);
    switch (type.kind) {
      case 'array':
        return Array.isArray(value) && value.every((item: JsonValue) => this.valid(type.items, item));
      case 'map':
        return isJsonObject(value) && Object.keys(value).every((key) => this.valid(type.values, value[key] as JsonValue));
      case 'union':
        // Array.from visits the holes of branches not defined yet as undefined.
        return Array.from(type.branches).some((branch) => this.valid(branch, value));
      case 'record':
        return isJsonObject(value) && this.validRecord(type, value);
      default:
        return scalarFits(type, value);
    }
  }

  private validRecord(record: AvroRecord, value: JsonObject): boolean {
    if (this.inProgress.has(record)) {
      this.inProgressHit = true;
      return false;
    }
    if (this.recordStack.some((visit) => visit.record === record && visit.value === value)) return false;
    this.recordStack.push({ record, value });
    try {
      return record.fields.every((field) => {
        const own = Object.prototype.hasOwnProperty.call(value, field.name);
        if (!own && !field.hasDefault) return false;
        return this.valid(field.type as AvroNode | undefined, (own ? value[field.name] : field.default) as JsonValue);
      });
    } finally {
      this.recordStack.pop();
    }
  }
}

const JAVA_DOUBLE =
  /^[\s\0-\x1f]*[+-]?(?:NaN|Infinity|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?[fFdD]?|0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)[pP][+-]?\d+[fFdD]?)[\s\0-\x1f]*$/;

/**
 * Java's `Double.parseDouble`, which `Schema.Parser` applies to a string default of a float or
 * double field ("NaN", "Infinity", "1.5"); undefined where Java throws NumberFormatException.
 */
export function parseJavaDouble(text: string): number | undefined {
  if (!JAVA_DOUBLE.test(text)) return undefined;
  const core = text.replace(/^[\s\0-\x1f]+|[\s\0-\x1f]+$/g, '').replace(/[fFdD]$/, '');
  if (/^[+-]?0[xX]/.test(core)) return parseHexDouble(core);
  return Number(core);
}

function parseHexDouble(text: string): number {
  const match = /^([+-]?)0[xX]([0-9a-fA-F]*)\.?([0-9a-fA-F]*)[pP]([+-]?\d+)$/.exec(text);
  if (!match) return Number.NaN;
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  const mantissa = parseInt(whole + fraction || '0', 16);
  const value = mantissa * 2 ** (Number(exponent) - 4 * fraction.length);
  return sign === '-' ? -value : value;
}
