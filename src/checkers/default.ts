import { SchemaParseError } from '../errors.js';
import type { Finding, PairResult } from '../result.js';
import type { ParseOptions, Roles, SchemaChecker } from './types.js';

/** A Pulsar primitive schema: its type and its (normally empty) schema data as text. */
export interface PrimitiveSchema {
  readonly schemaType: string;
  readonly definition: string;
}

export const DefaultFindingType = {
  /** The schema data of a primitive type changed: Pulsar's default checker allows no evolution. */
  SCHEMA_DEFINITION_CHANGED: 'SCHEMA_DEFINITION_CHANGED',
} as const;

const COMPATIBLE: PairResult = Object.freeze({ compatible: true, incompatibilities: Object.freeze([]), warnings: Object.freeze([]) });

/**
 * Pulsar's checker for every type without evolution rules (STRING, INT32, BYTES, ...): a schema is
 * compatible only with an identical one. Like Pulsar's `SchemaDataValidator`, the schema data must
 * be empty, except STRING (empty or `null`, a Python-client quirk) and NONE and BYTES (not checked).
 */
export class DefaultChecker implements SchemaChecker<PrimitiveSchema> {
  constructor(readonly schemaType: string) {}

  parse(input: string | object, options: ParseOptions = {}): PrimitiveSchema {
    const label = options.label ?? 'schema';
    if (typeof input !== 'string') {
      throw new SchemaParseError({ input: label, pointer: '', rule: 'NOT_TEXT', detail: `a ${this.schemaType} schema is schema data as text (usually empty), not a JSON document` });
    }
    const type = this.schemaType;
    const allowed = type === 'NONE' || type === 'BYTES' || input === '' || (type === 'STRING' && input === 'null');
    if (!allowed) {
      throw new SchemaParseError({ input: label, pointer: '', rule: 'PRIMITIVE_DATA_NOT_EMPTY', detail: `Invalid schema definition data for ${type} schema: the data of a ${type} schema must be empty` });
    }
    return { schemaType: type, definition: input };
  }

  canRead(reader: PrimitiveSchema, writer: PrimitiveSchema): PairResult {
    if (this.isIdentical(reader, writer)) return COMPATIBLE;
    const finding: Finding = {
      type: DefaultFindingType.SCHEMA_DEFINITION_CHANGED,
      location: '/',
      message: `${this.schemaType} schemas are compatible only with an identical schema`,
    };
    return { compatible: false, incompatibilities: [finding], warnings: [] };
  }

  isIdentical(a: PrimitiveSchema, b: PrimitiveSchema): boolean {
    return a.schemaType === b.schemaType && a.definition === b.definition;
  }

  describe(_finding: Finding, roles: Roles): string {
    return `The ${roles.reader} ${this.schemaType} schema differs from the ${roles.writer} one, and ${this.schemaType} schemas cannot evolve`;
  }
}
