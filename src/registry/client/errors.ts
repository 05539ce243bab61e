import { SchemaCompatError } from 'schema-compat';
import { CONFLUENT_ERROR_CODES } from '../errors.js';
import type { RegistryErrorCode } from '../errors.js';

/**
 * Why a registry client call failed. The transport's codes (`REGISTRY_UNREACHABLE`, `REGISTRY_TIMEOUT`,
 * `REGISTRY_UNAUTHORIZED`, `REGISTRY_FORBIDDEN`, `REGISTRY_SERVER_ERROR`, `REGISTRY_BAD_RESPONSE`,
 * `REGISTRY_ANSWER_TOO_LARGE`, `INVALID_OPTION`) are the sources'; a refusal the registry explained
 * with a Confluent `error_code` is that error's `RegistryErrorCode` (`SUBJECT_NOT_FOUND`, ...),
 * other refusals `REGISTRY_NOT_FOUND` (404) or `REGISTRY_REFUSED`.
 */
export type RegistryClientErrorCode = RegistryErrorCode | 'INVALID_OPTION' | 'REGISTRY_UNREACHABLE' | 'REGISTRY_TIMEOUT' | 'REGISTRY_UNAUTHORIZED'
  | 'REGISTRY_FORBIDDEN' | 'REGISTRY_SERVER_ERROR' | 'REGISTRY_BAD_RESPONSE' | 'REGISTRY_ANSWER_TOO_LARGE' | 'REGISTRY_NOT_FOUND' | 'REGISTRY_REFUSED';

export interface RegistryClientErrorDetails {
  /** The HTTP status of the registry's answer, when there was one. */
  readonly status?: number;
  /** The registry's own `error_code` (Confluent's `rest/exceptions/Errors.java`: 40401, 40403, 409, 42201, ...). */
  readonly errorCode?: number;
  readonly remedy?: string;
}

/** A registry client call that failed: a refusal of the registry's, or the HTTP exchange itself. Its text never holds a credential. */
export class RegistryClientError extends SchemaCompatError {
  override readonly name: string = 'RegistryClientError';
  override readonly code: RegistryClientErrorCode;
  /** The client's registry URL, without credentials. */
  readonly registry: string;
  readonly status?: number;
  readonly errorCode?: number;
  readonly remedy?: string;

  constructor(code: RegistryClientErrorCode, registry: string, problem: string, details: RegistryClientErrorDetails = {}) {
    super(code, `registry ${registry}: ${problem}${details.remedy === undefined ? '' : `. ${details.remedy}`}`);
    this.code = code;
    this.registry = registry;
    if (details.status !== undefined) this.status = details.status;
    if (details.errorCode !== undefined) this.errorCode = details.errorCode;
    if (details.remedy !== undefined) this.remedy = details.remedy;
  }
}

/** Confluent's `error_code` → our code; 409 and 422 alone are what older Confluent versions and Karapace answer. */
const BY_ERROR_CODE: ReadonlyMap<number, RegistryErrorCode> = new Map([
  ...Object.entries(CONFLUENT_ERROR_CODES).map(([name, number]) => [number, name as RegistryErrorCode] as const),
  [409, 'INCOMPATIBLE_SCHEMA'],
  [422, 'INVALID_SCHEMA'],
]);

/** The code of a refusal (a 4xx other than 401/403) from its status and `error_code`. */
export function refusalCode(status: number, errorCode: number | undefined): RegistryClientErrorCode {
  const known = errorCode === undefined ? undefined : BY_ERROR_CODE.get(errorCode);
  if (known !== undefined) return known;
  return status === 404 ? 'REGISTRY_NOT_FOUND' : 'REGISTRY_REFUSED';
}
