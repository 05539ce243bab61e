import { SchemaParseError } from 'schema-compat';
import { definedNames } from './build-model.js';
import type { ParsedFile } from './parse-file.js';
import { parseError, parseFile } from './parse-file.js';
import { ProtobufParseRule } from './parse-rules.js';
import type { CachedReference, DefinedName, ProtobufReferenceCache } from './reference-cache.js';
import { findWord } from './source-text.js';
import { WELL_KNOWN_SOURCES } from './well-known/well-known-sources.js';

/** A file of one `parse` call: protobufjs' parse, the names it defines, and the cache it came from or went to. */
export interface LoadedFile {
  readonly parsed: ParsedFile;
  readonly names: readonly DefinedName[];
  readonly cache: ProtobufReferenceCache | undefined;
  readonly entry: CachedReference | undefined;
  /** The checker's cache of the well-known types when this is one and `cache` is the caller's: a model built here is kept there too. */
  readonly shared?: ProtobufReferenceCache;
}

/** Where imported files are kept between calls: the caller's cache for every file, else the checker's own for the well-known types. */
export interface ReferenceCaches {
  readonly given: ProtobufReferenceCache | undefined;
  readonly wellKnown: ProtobufReferenceCache;
}

interface Visit {
  readonly file: LoadedFile;
  readonly imports: readonly string[];
  next: number;
}

/** `DUPLICATE_NAME`, at the second place the simple name stands in the file defining it again. */
export function duplicateNameError(parsed: ParsedFile, fullName: string): Error {
  const simpleName = fullName.split('.').pop() ?? fullName;
  const position = findWord(parsed.uncommented, simpleName, 2) ?? findWord(parsed.uncommented, simpleName) ?? { line: 1, column: 1 };
  return parseError(parsed.input, ProtobufParseRule.DUPLICATE_NAME, `"${fullName}" is already defined`, position);
}

function namesOf(parsed: ParsedFile): DefinedName[] {
  return definedNames(parsed, (fullName) => {
    throw duplicateNameError(parsed, fullName);
  });
}

/**
 * A copy in `cache` of `shared`'s entry for the file (its parse and names, and its model with no
 * set of imports checked yet: entry ids are per cache), so that a new cache per snapshot does not
 * parse the well-known types the checker has parsed before.
 */
function adoptShared(name: string, text: string, cache: ProtobufReferenceCache, shared: ProtobufReferenceCache | undefined): CachedReference | undefined {
  const source = shared?.lookup(name, text);
  if (source === undefined) return undefined;
  const entry = { id: cache.nextId(), text, parsed: source.parsed, names: source.names, ...(source.built === undefined ? {} : { built: { ...source.built, validWith: new Set<string>() } }) };
  cache.keep(name, entry);
  return entry;
}

/**
 * Parses an imported file, or takes protobufjs' parse of the same text from the cache (under this
 * call's label); `shared`, the checker's own cache of the well-known types, is read and filled too.
 */
function loadImport(name: string, input: string, text: string, cache: ProtobufReferenceCache | undefined, shared?: ProtobufReferenceCache): LoadedFile {
  const cached = cache?.lookup(name, text) ?? (cache === undefined ? undefined : adoptShared(name, text, cache, shared));
  const sharing = shared !== undefined && shared !== cache ? { shared } : {};
  if (cached !== undefined) return { parsed: { ...cached.parsed, input }, names: cached.names, cache, entry: cached, ...sharing };
  const parsed = parseFile(name, input, text);
  const names = namesOf(parsed);
  const entry = cache === undefined ? undefined : { id: cache.nextId(), text, parsed, names };
  if (entry !== undefined) cache?.keep(name, entry);
  if (shared !== undefined && shared !== cache) shared.keep(name, { id: shared.nextId(), text, parsed, names });
  return { parsed, names, cache, entry, ...sharing };
}

/** Google's well-known types (Protocol Buffers v33.3), known by import name as protoc and Buf know them. */
function wellKnownText(name: string): string | undefined {
  return Object.hasOwn(WELL_KNOWN_SOURCES, name) ? WELL_KNOWN_SOURCES[name] : undefined;
}

/**
 * Loads the main file and, depth first, every file it imports (references first, then well-known
 * types), each once per call. Its own stack, so a chain of 100,000 references cannot overflow the
 * call stack. The main file comes first, then the imports, each after the files it imports.
 */
export function loadFiles(text: string, label: string, references: Readonly<Record<string, unknown>>, caches: ReferenceCaches): LoadedFile[] {
  const loaded = new Map<string, LoadedFile>();
  const stack: Visit[] = [];
  const visiting = new Set<string>();
  const enter = (file: LoadedFile): void => {
    const { result } = file.parsed;
    stack.push({ file, imports: [...(result.imports ?? []), ...(result.weakImports ?? [])], next: 0 });
    visiting.add(file.parsed.name);
  };
  const mainParsed = parseFile(label, label, text);
  const main: LoadedFile = { parsed: mainParsed, names: namesOf(mainParsed), cache: undefined, entry: undefined };
  enter(main);
  while (stack.length > 0) {
    const visit = stack[stack.length - 1] as Visit;
    const { parsed } = visit.file;
    if (visit.next >= visit.imports.length) {
      stack.pop();
      visiting.delete(parsed.name);
      if (stack.length > 0) loaded.set(parsed.name, visit.file);
      continue;
    }
    const name = visit.imports[visit.next++] as string;
    // Searched for only when an error names it: 20,000 imports would each scan the whole text.
    const at = (): { line: number; column: number } => findWord(parsed.uncommented, `"${name}"`) ?? findWord(parsed.uncommented, `'${name}'`) ?? { line: 1, column: 1 };
    if (visiting.has(name)) throw parseError(parsed.input, ProtobufParseRule.IMPORT_CYCLE, `import "${name}" closes a cycle: ${[...stack.map((item) => item.file.parsed.name), name].join(' -> ')}`, at());
    if (loaded.has(name)) continue;
    const input = `${label} reference "${name}"`;
    const referenced = references[name];
    if (referenced !== undefined && typeof referenced !== 'string') {
      throw new SchemaParseError({ input, pointer: '', rule: ProtobufParseRule.NOT_TEXT, detail: 'a Protobuf reference is .proto text' });
    }
    const wellKnown = referenced === undefined ? wellKnownText(name) : undefined;
    if (referenced === undefined && wellKnown === undefined) {
      throw parseError(parsed.input, ProtobufParseRule.UNRESOLVED_IMPORT, `import "${name}" is neither a given reference nor a built-in well-known type`, at());
    }
    if (referenced !== undefined) enter(loadImport(name, input, referenced, caches.given));
    else enter(loadImport(name, input, wellKnown as string, caches.given ?? caches.wellKnown, caches.wellKnown));
  }
  return [main, ...loaded.values()];
}
