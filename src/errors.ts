/**
 * Every error this library throws is a `SchemaCompatError` with a stable `code`, so callers can
 * branch on `error.code` even when two copies of the package (ESM and CJS) are loaded.
 * Incompatibility is never thrown: it is returned as data in a `CompatibilityResult`.
 *
 * Each class writes its `name` out, rather than taking the constructor's: bundlers rename classes
 * (esbuild's `_SchemaParseError`, any minifier's `Pe`), and the name must survive them. A subclass
 * of your own sets its `name` the same way.
 */
export class SchemaCompatError extends Error {
  override readonly name: string = 'SchemaCompatError';
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.code = code;
    Object.setPrototypeOf(this, new.target.prototype);
    Object.defineProperty(this, ERROR_BRAND, { value: classChain(new.target), enumerable: false });
  }

  /**
   * `error instanceof SourceError` holds for an error of either build (ESM or CommonJS) of this
   * package: the package loaded twice has two copies of each class, so the check also reads the
   * brand every error carries (its classes' names, under a `Symbol.for` key shared across copies).
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    if (!isSchemaCompatError(value)) return false;
    return (value as unknown as Branded)[ERROR_BRAND].includes(stableName(this));
  }
}

/** The brand's key: `Symbol.for` gives every copy of the package the same symbol. */
const ERROR_BRAND = Symbol.for('schema-compat.error');

interface Branded {
  readonly [ERROR_BRAND]: readonly string[];
}

/** A class name as both builds print it: esbuild may add `_` before or a number after it. */
function stableName(constructor: { readonly name: string }): string {
  return constructor.name.replace(/^_+/, '').replace(/\d+$/, '');
}

/** The names of an error's classes, itself to `SchemaCompatError`. */
function classChain(target: object): string[] {
  const names: string[] = [];
  for (let constructor: unknown = target; typeof constructor === 'function' && constructor !== Error; constructor = Object.getPrototypeOf(constructor)) {
    names.push(stableName(constructor as { readonly name: string }));
  }
  return names;
}

/**
 * True for an error this library threw, from whichever copy of it (ESM or CommonJS build): what
 * `instanceof SchemaCompatError` answers too. Branch on `error.code` from there.
 */
export function isSchemaCompatError(value: unknown): value is SchemaCompatError {
  if (typeof value !== 'object' || value === null) return false;
  const brand = (value as Partial<Branded>)[ERROR_BRAND];
  return Array.isArray(brand) && typeof (value as { code?: unknown }).code === 'string';
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
  override readonly name: string = 'SchemaParseError';
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
    return relabelled(this, input);
  }
}

/** A SchemaParseError with another input label (its pointer, rule, detail and position kept). */
function relabelled(error: SchemaParseError, input: string): SchemaParseError {
  const { pointer, rule, detail, line, column } = error;
  return new SchemaParseError({
    input, pointer, rule, detail,
    ...(line === undefined ? {} : { line }),
    ...(column === undefined ? {} : { column }),
  });
}

/** A strategy name that no registry uses; the message lists every accepted name. */
export class UnknownStrategyError extends SchemaCompatError {
  override readonly name: string = 'UnknownStrategyError';
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
  override readonly name: string = 'UnknownSchemaTypeError';
  readonly schemaType: string;
  readonly knownTypes: readonly string[];

  constructor(schemaType: string, knownTypes: readonly string[]) {
    super(
      'UNKNOWN_SCHEMA_TYPE',
      `No checker is registered for schema type ${JSON.stringify(schemaType)}. Registered types: ${knownTypes.join(', ')}. ${howToRegister(schemaType)}`,
    );
    this.schemaType = schemaType;
    this.knownTypes = knownTypes;
  }
}

/** What to do about a schema type without a checker: Protobuf ships in its own entry; any other type needs a checker of the user's. */
function howToRegister(schemaType: string): string {
  if (schemaType.toUpperCase() === 'PROTOBUF') {
    return "To check Protobuf, register its checker: CheckerRegistry.withDefaults().register(new ProtobufChecker()), with ProtobufChecker from 'schema-compat/protobuf' (needs protobufjs), and pass it as the `registry` option";
  }
  if (schemaType.toUpperCase() === 'PROTOBUF_NATIVE') {
    return "To check Pulsar's PROTOBUF_NATIVE, register its checker: CheckerRegistry.withDefaults().register(new ProtobufNativeChecker()), with ProtobufNativeChecker from 'schema-compat/protobuf' (needs protobufjs), and pass it as the `registry` option";
  }
  return 'To check this type, register a SchemaChecker for it on a CheckerRegistry and pass it as the `registry` option';
}

/** An option has a value the library does not understand (the message names the option). */
export class InvalidOptionError extends SchemaCompatError {
  override readonly name: string = 'InvalidOptionError';
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
  override readonly name: string = 'CheckTooDeepError';
  constructor(detail: string) {
    super('CHECK_TOO_DEEP', detail);
  }
}
