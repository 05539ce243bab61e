import { SchemaParseError } from 'schema-compat';
import type { TypeResolver } from './build-model.js';
import { buildFile } from './build-model.js';
import { checkExtensions } from './extension-checks.js';
import type { LoadedFile, ReferenceCaches } from './load-files.js';
import { duplicateNameError, loadFiles } from './load-files.js';
import type { ProtoDefinition, ProtoFile, ProtobufSchema, ProtoSymbol } from './model.js';
import { readOptions, referenceCacheOption, referencesOption, stringOption } from './options.js';
import { ProtobufParseRule } from './parse-rules.js';
import type { BuiltReference, ResolutionLog } from './reference-cache.js';
import { ProtobufReferenceCache } from './reference-cache.js';
import { LayeredMap } from './layered-map.js';
import type { Kinds } from './resolve-types.js';
import { recordingResolver, resolvesAsLogged, resolverFor } from './resolve-types.js';

export interface ProtobufParseOptions {
  /** How errors name this input (`candidate`, `history[2]`). Default `schema`. */
  readonly label?: string;
  /** Imported files by import name (Confluent schema references): `{ 'google.proto': '<.proto text>' }`. */
  readonly references?: Readonly<Record<string, string | object>>;
  /** The full name of the message the data are (Pulsar's root message). Default: the file's first message. */
  readonly rootMessage?: string;
  /**
   * Imported files parsed once and shared between calls: give the same `ProtobufReferenceCache` to
   * every parse of a snapshot whose files import the same files. Without it, each call parses its
   * references afresh. The well-known types are kept by the checker either way (a new cache takes
   * the checker's parse and model of them).
   */
  readonly referenceCache?: ProtobufReferenceCache;
}

/** Every file's names in one map; a name defined twice is `DUPLICATE_NAME`, found in the file that defines it second. */
function kindsOf(files: readonly LoadedFile[]): Kinds {
  const kinds = new Map<string, 'message' | 'enum'>();
  for (const { parsed, names } of files) {
    for (const [fullName, kind] of names) {
      if (kinds.has(fullName)) throw duplicateNameError(parsed, fullName);
      kinds.set(fullName, kind);
    }
  }
  return kinds;
}

function buildChecked({ parsed }: LoadedFile, resolve: TypeResolver): ProtoFile {
  const built = buildFile(parsed, resolve);
  checkExtensions(built, parsed);
  return built;
}

function addSymbols(definitions: readonly ProtoDefinition[], file: ProtoFile, into: Map<string, ProtoSymbol>): Map<string, ProtoSymbol> {
  for (const definition of definitions) {
    into.set(definition.fullName, { definition, file });
    if (definition.kind === 'message') addSymbols(definition.nested, file, into);
  }
  return into;
}

/** A model kept in a cache, with the tables later parses read it through. */
function builtReference(file: ProtoFile, log: ResolutionLog, names: LoadedFile['names']): BuiltReference {
  const absent = new Set<string>();
  for (const { candidates, answer } of log) {
    for (const candidate of candidates) {
      if (candidate === answer) break;
      absent.add(candidate);
    }
  }
  return { file, log, kinds: new Map(names), symbols: addSymbols(file.definitions, file, new Map()), absent, validWith: new Set() };
}

/** Our model of an imported file: the cached one when every name in it resolves as it did, else built now (and cached). */
function buildImport(loaded: LoadedFile, kinds: Kinds, resolve: TypeResolver): BuiltReference | ProtoFile {
  const { entry, cache, parsed, shared } = loaded;
  if (entry?.built !== undefined && resolvesAsLogged(entry.built.log, kinds)) return entry.built;
  if (entry === undefined || cache === undefined) return buildChecked(loaded, resolve);
  const recording = recordingResolver(resolve);
  const built = builtReference(buildChecked(loaded, recording.resolve), recording.log, entry.names);
  cache.keep(parsed.name, { ...entry, built });
  // A well-known type's model goes to the checker's cache too (its own sets of imports: ids are per cache).
  const kept = shared?.lookup(parsed.name, entry.text);
  if (kept !== undefined && kept.built === undefined) shared?.keep(parsed.name, { ...kept, built: { ...built, validWith: new Set() } });
  return built;
}

/** The imports' entry ids, which name a set of imports within their cache (one cache per call holds every cached import). */
function importSetKey(imports: readonly LoadedFile[]): string {
  return imports.map((loaded) => loaded.entry?.id ?? 0).sort((a, b) => a - b).join(',');
}

/**
 * The cached models of a call's imports when this very set of imports was checked before (no
 * name defined twice among them, every model right among them) and the main file neither defines
 * one of their names nor a name one of them looked for: then only the main file is new, and
 * nothing of the size of the imports is done again. Else undefined (the full path decides).
 */
function checkedImports(main: LoadedFile, imports: readonly LoadedFile[]): readonly BuiltReference[] | undefined {
  const built = imports.map((loaded) => loaded.entry?.built);
  if (!built.every((item): item is BuiltReference => item !== undefined)) return undefined;
  const key = importSetKey(imports);
  if (!built.every((item) => item.validWith.has(key))) return undefined;
  for (const [name] of main.names) if (built.some((item) => item.kinds.has(name) || item.absent.has(name))) return undefined;
  return built;
}

/** Records that the cached models of a call's imports are right among these imports alone (see `checkedImports`). */
function markChecked(imports: readonly LoadedFile[], results: readonly (BuiltReference | ProtoFile)[]): void {
  const built = results.filter((item): item is BuiltReference => 'validWith' in item);
  if (built.length !== imports.length) return;
  const importKinds = new LayeredMap(built.map((item) => item.kinds));
  if (!built.every((item) => resolvesAsLogged(item.log, importKinds))) return;
  const key = importSetKey(imports);
  for (const item of built) item.validWith.add(key);
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
 * unresolved type names. `wellKnown` keeps Google's well-known types between calls (the checker's own).
 */
export function parseProtobuf(input: unknown, options: ProtobufParseOptions = {}, wellKnown: ProtobufReferenceCache = new ProtobufReferenceCache()): ProtobufSchema {
  const read = readOptions('options', options, ['label', 'references', 'rootMessage', 'referenceCache']);
  const label = stringOption('label', read.label) ?? 'schema';
  const rootMessage = stringOption('rootMessage', read.rootMessage);
  const references = referencesOption(read.references);
  const caches: ReferenceCaches = { given: referenceCacheOption(read.referenceCache), wellKnown };
  if (typeof input !== 'string') {
    throw new SchemaParseError({ input: label, pointer: '', rule: ProtobufParseRule.NOT_TEXT, detail: 'a Protobuf schema is .proto text' });
  }
  const [main, ...imports] = loadFiles(input, label, references, caches) as [LoadedFile, ...LoadedFile[]];
  const checked = checkedImports(main, imports);
  if (checked !== undefined) {
    const file = buildChecked(main, resolverFor(new LayeredMap([new Map(main.names), ...checked.map((item) => item.kinds)])));
    const symbols = new LayeredMap([addSymbols(file.definitions, file, new Map()), ...checked.map((item) => item.symbols)]);
    return { file, dependencies: checked.map((item) => item.file), symbols, rootMessage: rootMessageOf(file, symbols, label, rootMessage) };
  }
  const kinds = kindsOf([main, ...imports]);
  const resolve = resolverFor(kinds);
  const file = buildChecked(main, resolve);
  const results = imports.map((loaded) => buildImport(loaded, kinds, resolve));
  markChecked(imports, results);
  const dependencies = results.map((item) => ('validWith' in item ? item.file : item));
  const symbols = new Map<string, ProtoSymbol>();
  for (const item of [file, ...dependencies]) addSymbols(item.definitions, item, symbols);
  return { file, dependencies, symbols, rootMessage: rootMessageOf(file, symbols, label, rootMessage) };
}
