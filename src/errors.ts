/**
 * Every error this library throws is a `SchemaCompatError` with a stable `code`, so callers can
 * branch on `error.code` even when two copies of the package (ESM and CJS) are loaded.
 * Incompatibility is never thrown: it is returned as data in a `CompatibilityResult`.
 */
export class SchemaCompatError extends Error {
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.code = code;
    this.name = new.target.name;
    Object.setPrototypeOf(this, new.target.prototype);
  }
}

/** Where a schema came from: `candidate`, `history[3]`, a reference name, or a file. */
export interface SchemaParseErrorDetails {
  /** Which input failed: `candidate`, `history[3]`, `schema` (parseSchema without a label) ... */
  readonly input: string;
  /** JSON pointer (RFC 6901) inside that input: `''` is the whole document. */
  readonly pointer: string;
  /** The rule broken, one of the `ParseRule` codes of the schema type (e.g. `UNDEFINED_NAME`). */
  readonly rule: string;
  /** What is wrong, without the input and pointer (they are in `message`). */
  readonly detail: string;
  /** 1-based line and column, when the text itself is not valid JSON. */
  readonly line?: number;
  readonly column?: number;
}

/** A schema could not be parsed: names the input, the JSON pointer inside it and the rule broken. */
export class SchemaParseError extends SchemaCompatError implements SchemaParseErrorDetails {
  readonly input: string;
  readonly pointer: string;
  readonly rule: string;
  readonly detail: string;
  readonly line?: number;
  readonly column?: number;

  constructor(details: SchemaParseErrorDetails) {
    const where = details.line === undefined ? `at '${details.pointer || '/'}'` : `at line ${details.line}, column ${details.column ?? 0}`;
    super('SCHEMA_PARSE_ERROR', `${details.input}: ${where}: ${details.detail} [${details.rule}]`);
    this.input = details.input;
    this.pointer = details.pointer;
    this.rule = details.rule;
    this.detail = details.detail;
    if (details.line !== undefined) this.line = details.line;
    if (details.column !== undefined) this.column = details.column;
  }

  /** The same error attributed to another input label (e.g. `schema` becomes `history[2]`). */
  withInput(input: string): SchemaParseError {
    return new SchemaParseError({ ...this.details(), input });
  }

  private details(): SchemaParseErrorDetails {
    const { input, pointer, rule, detail, line, column } = this;
    return {
      input, pointer, rule, detail,
      ...(line === undefined ? {} : { line }),
      ...(column === undefined ? {} : { column }),
    };
  }
}

/** A strategy name that no registry uses; the message lists every accepted name. */
export class UnknownStrategyError extends SchemaCompatError {
  readonly strategy: string;
  readonly validNames: readonly string[];

  constructor(strategy: string, validNames: readonly string[], hint?: string) {
    super(
      'UNKNOWN_STRATEGY',
      `Unknown compatibility strategy ${JSON.stringify(strategy)}${hint ? ` (${hint})` : ''}. ` +
        `Valid names (case-insensitive): ${validNames.join(', ')}`,
    );
    this.strategy = strategy;
    this.validNames = validNames;
  }
}

/** No checker is registered for a schema type; the message lists the registered ones. */
export class UnknownSchemaTypeError extends SchemaCompatError {
  readonly schemaType: string;
  readonly knownTypes: readonly string[];

  constructor(schemaType: string, knownTypes: readonly string[]) {
    super(
      'UNKNOWN_SCHEMA_TYPE',
      `No checker is registered for schema type ${JSON.stringify(schemaType)}. Registered types: ${knownTypes.join(', ')}`,
    );
    this.schemaType = schemaType;
    this.knownTypes = knownTypes;
  }
}

/** An option has a value the library does not understand (the message names the option). */
export class InvalidOptionError extends SchemaCompatError {
  readonly option: string;

  constructor(option: string, message: string) {
    super('INVALID_OPTION', `Invalid option ${option}: ${message}`);
    this.option = option;
  }
}

/**
 * Two schemas whose resolution nests deeper than the JavaScript stack allows (pathological
 * mutually recursive schemas). Reported instead of crashing with a RangeError.
 */
export class CheckTooDeepError extends SchemaCompatError {
  constructor(detail: string) {
    super('CHECK_TOO_DEEP', detail);
  }
}
