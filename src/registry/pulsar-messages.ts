import { CoreFindingType, Strategy } from 'schema-compat';
import type { CompatibilityResult } from 'schema-compat';

/** A schema's type and text, as `toPulsarError` quotes them. */
export interface SchemaText {
  readonly schemaType: string;
  readonly schema: string;
}

export interface PulsarErrorOptions {
  /** The schema being registered. */
  readonly newSchema: SchemaText;
  /** A history version's type and text, by version label. */
  readonly oldSchema: (version: number) => SchemaText | undefined;
}

/** Pulsar's answer to a rejected schema: `IncompatibleSchemaException`, HTTP 409 with `{reason}` (pulsar.md §2.10). */
export interface PulsarErrorResponse {
  readonly status: 409;
  readonly exception: 'IncompatibleSchemaException';
  readonly message: string;
  readonly body: { readonly reason: string };
}

/** Pulsar's checkers that go through Avro's validator (AvroSchemaBasedCompatibilityCheck and the JSON one). */
const AVRO_BASED = new Set(['AVRO', 'JSON', 'PROTOBUF']);

/**
 * The `IncompatibleSchemaException` text Pulsar's broker gives for the first failure of `result`
 * (pulsar.md §1.3, §2.1-2.3): a type change, `Schema compatibility strategy is ALWAYS_INCOMPATIBLE`,
 * or Avro's `SchemaValidationException` with both schemas pretty-printed (writer, then reader).
 * Other types give their checker's message. Undefined for a compatible result.
 */
export function toPulsarError(result: CompatibilityResult, options: PulsarErrorOptions): PulsarErrorResponse | undefined {
  const first = result.incompatibilities[0];
  if (result.compatible || first === undefined) return undefined;
  const message = pulsarMessage(result, first.type, first.version, first.direction, first.message, options);
  return { status: 409, exception: 'IncompatibleSchemaException', message, body: { reason: message } };
}

function pulsarMessage(
  result: CompatibilityResult, type: string, version: number, direction: 'BACKWARD' | 'FORWARD', detail: string, options: PulsarErrorOptions,
): string {
  const old = options.oldSchema(version);
  const fresh = options.newSchema;
  if (type === CoreFindingType.SCHEMA_TYPE_CHANGED) {
    return `Incompatible schema: exists schema type ${old?.schemaType ?? 'UNKNOWN'}, new schema type ${fresh.schemaType}`;
  }
  const avroBased = AVRO_BASED.has(fresh.schemaType.toUpperCase());
  if (type === CoreFindingType.ALWAYS_INCOMPATIBLE && !avroBased) return 'Schema compatibility strategy is ALWAYS_INCOMPATIBLE';
  if (!avroBased) return detail;
  // The Never validator prints the new schema on both sides; otherwise the writer comes first.
  const [writer, reader] = type === CoreFindingType.ALWAYS_INCOMPATIBLE || old === undefined
    ? [fresh, fresh]
    : direction === 'BACKWARD' ? [old, fresh] : [fresh, old];
  return `Error during schema compatibility check with strategy ${pulsarStrategyName(result.strategy)}: `
    + `org.apache.avro.SchemaValidationException: Unable to read schema: \n${prettyJson(writer.schema)}\nusing schema:\n${prettyJson(reader.schema)}`;
}

/** Pulsar's name for a canonical strategy (NONE is ALWAYS_COMPATIBLE there). */
export function pulsarStrategyName(strategy: Strategy): string {
  return strategy === Strategy.NONE ? 'ALWAYS_COMPATIBLE' : strategy;
}

/**
 * A JSON text in the layout of Jackson's `DefaultPrettyPrinter` (what Java's `Schema.toString(true)`
 * prints): two-space indent, `"key" : value`, arrays inline as `[ a, b ]`. Text that is not JSON is returned as is.
 */
export function prettyJson(text: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  return printValue(value, 0);
}

function printValue(value: unknown, depth: number): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '[ ]';
    return `[ ${value.map((item) => printValue(item, depth)).join(', ')} ]`;
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{ }';
    const inner = '  '.repeat(depth + 1);
    const lines = entries.map(([key, item]) => `${inner}${JSON.stringify(key)} : ${printValue(item, depth + 1)}`);
    return `{\n${lines.join(',\n')}\n${'  '.repeat(depth)}}`;
  }
  return JSON.stringify(value);
}
