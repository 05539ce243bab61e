import { jsonEqual } from '../util/json-equal.js';
import type { JsonValue } from '../util/json.js';
import { SourceError, SourceErrorCode } from './errors.js';

/** The extension that tells a schema file's type (the extensions Confluent's tools and docs use). */
export const SCHEMA_TYPE_BY_EXTENSION: Readonly<Record<string, string>> = { '.avsc': 'AVRO', '.json': 'JSON', '.proto': 'PROTOBUF' };

/** `.avsc` of `dir/user.v2.avsc`: the last dot of the last path segment, lower case; '' without one. */
export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot).toLowerCase();
}

/** Whether a file name is a schema file by its extension. */
export function isSchemaFileName(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(SCHEMA_TYPE_BY_EXTENSION, extensionOf(name));
}

/** The schema type of a file: `forced` when given, otherwise its extension. */
export function schemaTypeOfPath(path: string, forced: string | undefined, source: string): string {
  if (forced !== undefined) return forced;
  const extension = extensionOf(path);
  if (!isSchemaFileName(path)) {
    throw new SourceError(SourceErrorCode.UNKNOWN_FILE_TYPE, source, `cannot tell the schema type of ${path} from its extension ${JSON.stringify(extension)}`, {
      remedy: 'Name it .avsc (Avro), .json (JSON Schema) or .proto (Protobuf), or give the schema type (--type)',
    });
  }
  return SCHEMA_TYPE_BY_EXTENSION[extension] as string;
}

/** A schema file's text as its schema: without a UTF-8 byte-order mark (RFC 8259 §8.1 lets a parser drop it, as Java's Jackson does). */
export function withoutBom(text: string): string {
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/**
 * Two texts are the same version: for the JSON-based types (AVRO, JSON) the same JSON document
 * whatever its layout and key order (a formatter or an editor re-indenting a file makes no new
 * version); otherwise the same text up to line endings and trailing white space.
 */
export function sameContent(a: string, b: string, schemaType: string): boolean {
  const type = schemaType.toUpperCase();
  if (type === 'AVRO' || type === 'JSON') {
    const left = jsonOf(a);
    const right = jsonOf(b);
    if (left !== undefined && right !== undefined) return jsonEqual(left, right);
  }
  return normalized(a) === normalized(b);
}

function jsonOf(text: string): JsonValue | undefined {
  try {
    return JSON.parse(withoutBom(text)) as JsonValue;
  } catch {
    return undefined;
  }
}

function normalized(text: string): string {
  return withoutBom(text).replace(/\r\n?/g, '\n').replace(/[ \t]+$/gm, '').trimEnd();
}
