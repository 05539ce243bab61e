import type { INamespace } from 'protobufjs';
import { SchemaParseError } from 'schema-compat';
import type { TypeResolver } from './build-model.js';
import { buildFile, collectDefinitionNames } from './build-model.js';
import { checkExtensions } from './extension-checks.js';
import type { ProtoDefinition, ProtoFile, ProtobufSchema, ProtoSymbol, ProtoType } from './model.js';
import type { ParsedFile } from './parse-file.js';
import { parseError, parseFile } from './parse-file.js';
import { readOptions, referencesOption, stringOption } from './options.js';
import { ProtobufParseRule } from './parse-rules.js';
import { protobufjs } from './protobufjs-runtime.js';
import { findWord } from './source-text.js';

export interface ProtobufParseOptions {
  /** How errors name this input (`candidate`, `history[2]`). Default `schema`. */
  readonly label?: string;
  /** Imported files by import name (Confluent schema references): `{ 'google.proto': '<.proto text>' }`. */
  readonly references?: Readonly<Record<string, string | object>>;
  /** The full name of the message the data are (Pulsar's root message). Default: the file's first message. */
  readonly rootMessage?: string;
}

/** Imports Confluent and protoc know without a reference: the descriptor has no types we need (options are not compared). */
const EMPTY_BUILT_INS: readonly string[] = ['google/protobuf/descriptor.proto'];

function builtInFile(name: string, input: string): ParsedFile | undefined {
  // protobufjs.common is a function keeping the files as its own properties among `get`, `name`, `length`...: only google/protobuf/ files are files.
  const json = name.startsWith('google/protobuf/') ? (protobufjs.common.get(name) as INamespace | null) : null;
  if (json === null && !EMPTY_BUILT_INS.includes(name)) return undefined;
  const root = json === null ? new protobufjs.Root() : protobufjs.Root.fromJSON(json);
  return { name, input, text: '', uncommented: '', syntax: 'proto3', result: { package: 'google.protobuf', imports: undefined, weakImports: undefined, root } };
}

type Kinds = Map<string, { readonly kind: 'message' | 'enum'; readonly file: ParsedFile }>;

interface Visit {
  readonly file: ParsedFile;
  readonly imports: readonly string[];
  next: number;
}

/**
 * Loads the main file and, depth first, every file it imports (references first, then well-known
 * types). Its own stack, so a chain of 100,000 references cannot overflow the call stack.
 */
function loadFiles(text: string, label: string, references: Readonly<Record<string, unknown>>): ParsedFile[] {
  const loaded = new Map<string, ParsedFile>();
  const stack: Visit[] = [];
  const visiting = new Set<string>();
  const enter = (file: ParsedFile): void => {
    stack.push({ file, imports: [...(file.result.imports ?? []), ...(file.result.weakImports ?? [])], next: 0 });
    visiting.add(file.name);
  };
  const main = parseFile(label, label, text);
  enter(main);
  while (stack.length > 0) {
    const visit = stack[stack.length - 1] as Visit;
    const { file } = visit;
    if (visit.next >= visit.imports.length) {
      stack.pop();
      visiting.delete(file.name);
      if (stack.length > 0) loaded.set(file.name, file);
      continue;
    }
    const name = visit.imports[visit.next++] as string;
    // Searched for only when an error names it: 20,000 imports would each scan the whole text.
    const at = (): { line: number; column: number } => findWord(file.uncommented, `"${name}"`) ?? findWord(file.uncommented, `'${name}'`) ?? { line: 1, column: 1 };
    if (visiting.has(name)) throw parseError(file.input, ProtobufParseRule.IMPORT_CYCLE, `import "${name}" closes a cycle: ${[...stack.map((item) => item.file.name), name].join(' -> ')}`, at());
    if (loaded.has(name)) continue;
    const input = `${label} reference "${name}"`;
    const referenced = references[name];
    if (referenced !== undefined && typeof referenced !== 'string') {
      throw new SchemaParseError({ input, pointer: '', rule: ProtobufParseRule.NOT_TEXT, detail: 'a Protobuf reference is .proto text' });
    }
    const imported = referenced === undefined ? builtInFile(name, input) : parseFile(name, input, referenced);
    if (imported === undefined) {
      throw parseError(file.input, ProtobufParseRule.UNRESOLVED_IMPORT, `import "${name}" is neither a given reference nor a built-in well-known type`, at());
    }
    enter(imported);
  }
  return [main, ...loaded.values()];
}

/** protoc's scoping, as Confluent's Context resolves: a leading dot is absolute, else innermost scope outward. */
function resolverFor(kinds: Kinds): TypeResolver {
  const find = (written: string, scope: string): ProtoType | undefined => {
    if (written.startsWith('.')) {
      const known = kinds.get(written.slice(1));
      return known ? { kind: known.kind, fullName: written.slice(1), written } : undefined;
    }
    const parts = scope === '' ? [] : scope.split('.');
    for (let i = parts.length; i >= 0; i--) {
      const candidate = [...parts.slice(0, i), written].join('.');
      const known = kinds.get(candidate);
      if (known) return { kind: known.kind, fullName: candidate, written };
    }
    return undefined;
  };
  const resolve = (written: string, scope: string, file: ParsedFile): ProtoType => {
    const found = find(written, scope);
    if (found !== undefined) return found;
    throw parseError(file.input, ProtobufParseRule.UNRESOLVED_TYPE, `type "${written}" (used in ${scope || 'the file'}) is not defined in the file or its imports`, findWord(file.uncommented, written) ?? { line: 1, column: 1 });
  };
  return Object.assign(resolve, { find });
}

function addSymbols(definitions: readonly ProtoDefinition[], file: ProtoFile, into: Map<string, ProtoSymbol>): void {
  for (const definition of definitions) {
    into.set(definition.fullName, { definition, file });
    if (definition.kind === 'message') addSymbols(definition.nested, file, into);
  }
}

function rootMessageOf(file: ProtoFile, symbols: ReadonlyMap<string, ProtoSymbol>, label: string, rootMessage: string | undefined): string | undefined {
  if (rootMessage === undefined) return file.definitions.find((definition) => definition.kind === 'message')?.fullName;
  const name = rootMessage.replace(/^\./, '');
  if (symbols.get(name)?.definition.kind !== 'message') {
    throw new SchemaParseError({ input: label, pointer: '', rule: ProtobufParseRule.UNKNOWN_ROOT_MESSAGE, detail: `rootMessage "${rootMessage}" is not a message of the schema` });
  }
  return name;
}

/**
 * Parses .proto text (proto2, proto3, editions 2023 and 2024) and the files it imports into our
 * model. Throws `SchemaParseError` with line and column for syntax errors, unknown imports and
 * unresolved type names.
 */
export function parseProtobuf(input: unknown, options: ProtobufParseOptions = {}): ProtobufSchema {
  const read = readOptions('options', options, ['label', 'references', 'rootMessage']);
  const label = stringOption('label', read.label) ?? 'schema';
  const rootMessage = stringOption('rootMessage', read.rootMessage);
  const references = referencesOption(read.references);
  if (typeof input !== 'string') {
    throw new SchemaParseError({ input: label, pointer: '', rule: ProtobufParseRule.NOT_TEXT, detail: 'a Protobuf schema is .proto text' });
  }
  const parsed = loadFiles(input, label, references);
  const kinds: Kinds = new Map();
  for (const file of parsed) {
    collectDefinitionNames(file, kinds, (fullName) => {
      const simpleName = fullName.split('.').pop() ?? fullName;
      const position = findWord(file.uncommented, simpleName, 2) ?? findWord(file.uncommented, simpleName) ?? { line: 1, column: 1 };
      throw parseError(file.input, ProtobufParseRule.DUPLICATE_NAME, `"${fullName}" is already defined`, position);
    });
  }
  const resolve = resolverFor(kinds);
  const [file, ...dependencies] = parsed.map((item) => {
    const built = buildFile(item, resolve);
    checkExtensions(built, item);
    return built;
  }) as [ProtoFile, ...ProtoFile[]];
  const symbols = new Map<string, ProtoSymbol>();
  for (const item of [file, ...dependencies]) addSymbols(item.definitions, item, symbols);
  return { file, dependencies, symbols, rootMessage: rootMessageOf(file, symbols, label, rootMessage) };
}
