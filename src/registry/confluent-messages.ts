import { CoreFindingType, strategyDirections } from 'schema-compat';
import type { CompatibilityResult, Incompatibility } from 'schema-compat';
import { CONFLUENT_ERROR_CODES, RegistryErrorCode, incompatibleMessage } from './errors.js';

/** Confluent's cap on the old schema text in a message (SchemaValidatorBuilder: 10 * 1024 characters). */
export const OLD_SCHEMA_MAX_LENGTH = 10 * 1024;

export interface ConfluentMessageOptions {
  /** The schema type of the check, which picks the message quoting (AVRO, JSON, PROTOBUF). Default `AVRO`. */
  readonly schemaType?: string;
  /** The old schema's text by version label, for the `{oldSchema: '...'}` entry (left out when unknown). */
  readonly oldSchema?: (version: number) => string | undefined;
  /**
   * Add the registry's tail `{validateFields: 'false', compatibility: '<LEVEL>'}` (the server adds
   * it; Confluent's client-side checker does not). Default true.
   */
  readonly tail?: boolean;
  /** The `validateFields` value in the tail (Confluent's `schema.validate.fields`). Default false. */
  readonly validateFields?: boolean;
}

/**
 * Confluent's message list for a compatibility result, in its order: Confluent stops at the newest
 * failing version, so only that version's findings are listed (forward ones first under FULL),
 * then `{oldSchemaVersion: N}` and `{oldSchema: '...'}` (not after a FULL check that failed only
 * forward), then the registry's tail. A compatible result gives [].
 * Source: SchemaValidatorBuilder.formatErrorMessages and AbstractSchemaRegistry (confluent.md §1.2-1.4).
 */
export function toConfluentMessages(result: CompatibilityResult, options: ConfluentMessageOptions = {}): string[] {
  const first = result.incompatibilities[0];
  if (result.compatible || first === undefined) return [];
  const findings = result.incompatibilities.filter((item) => item.version === first.version);
  const messages: string[] = [];
  const typeChange = findings.find((item) => item.type === CoreFindingType.SCHEMA_TYPE_CHANGED);
  if (typeChange) {
    // Confluent compares schema types before any validator runs, so there is no version trailer.
    messages.push(typeChange.message);
  } else {
    const schemaType = (options.schemaType ?? 'AVRO').toUpperCase();
    for (const finding of findings) messages.push(formatFinding(finding, schemaType));
    if (appendsOldSchema(result, findings)) messages.push(...oldSchemaEntries(first.version, options.oldSchema?.(first.version)));
  }
  if (options.tail ?? true) {
    messages.push(`{validateFields: '${String(options.validateFields ?? false)}', compatibility: '${result.strategy}'}`);
  }
  return messages;
}

/** Under FULL only the backward half appends the old schema; BACKWARD and FORWARD alone always do. */
function appendsOldSchema(result: CompatibilityResult, findings: readonly Incompatibility[]): boolean {
  if (strategyDirections(result.strategy).length < 2) return true;
  return findings.some((finding) => finding.direction === 'BACKWARD');
}

function oldSchemaEntries(version: number, text: string | undefined): string[] {
  const entries = [`{oldSchemaVersion: ${version}}`];
  if (text === undefined) return entries;
  if (text.length <= OLD_SCHEMA_MAX_LENGTH) entries.push(`{oldSchema: '${text}'}`);
  else entries.push(`{oldSchema: <truncated to ${OLD_SCHEMA_MAX_LENGTH} characters> '${text.slice(0, OLD_SCHEMA_MAX_LENGTH)}'}`);
  return entries;
}

/**
 * One finding in its provider's `Difference.toString` shape: Avro single-quoted with
 * `additionalInfo`; JSON opens with a double quote and closes with a single one (Confluent's bug,
 * kept for parity); Protobuf and other types double-quoted.
 */
function formatFinding(finding: Incompatibility, schemaType: string): string {
  if (finding.type === CoreFindingType.ALWAYS_INCOMPATIBLE) return finding.message;
  switch (schemaType) {
    case 'AVRO':
      return `{errorType:'${finding.type}', description:'${finding.description}', additionalInfo:'${finding.message}'}`;
    case 'JSON':
      return `{errorType:"${finding.type}", description:"${finding.description}'}`;
    default:
      return `{errorType:"${finding.type}", description:"${finding.description}"}`;
  }
}

/** Confluent's 409 answer to a rejected registration: HTTP status and JSON body. */
export interface ConfluentErrorResponse {
  readonly status: 409;
  readonly body: { readonly error_code: number; readonly message: string };
}

/**
 * The HTTP 409 / `error_code` 40901 body Confluent answers a rejected registration with:
 * `Schema being registered is incompatible with an earlier schema for subject "<s>", details: [...]`.
 */
export function toConfluentError(result: CompatibilityResult, options: ConfluentMessageOptions & { readonly subject: string }): ConfluentErrorResponse {
  const message = incompatibleMessage(options.subject, toConfluentMessages(result, options));
  return { status: 409, body: { error_code: CONFLUENT_ERROR_CODES[RegistryErrorCode.INCOMPATIBLE_SCHEMA], message } };
}
