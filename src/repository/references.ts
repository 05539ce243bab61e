import { posix } from 'node:path';
import { SchemaCompatError, SchemaParseError } from 'schema-compat';
import { SourceErrorCode } from 'schema-compat/sources';
import { qualify } from '../avro/names.js';
import { PATH_EXCERPT_LENGTH, quoteExcerpt } from '../util/excerpt.js';

/**
 * Reads a repository file (relative to the configuration's folder); undefined when it is not there.
 * A path that leads outside the repository is refused with a `SchemaCompatError` whose code is
 * `OUTSIDE_REPOSITORY` (a `SourceError`), which `resolveReferences` reports at the entry that named it.
 */
export type ReadFile = (path: string) => Promise<string | undefined>;

/** The parse rule of a reference (a `$ref`, an import, a named type's file) that leads outside the repository. */
export const OUTSIDE_REPOSITORY_RULE = 'OUTSIDE_REPOSITORY';

/** What resolving a schema's references needs: where named types and `$id`s are defined, and import roots. */
export interface ReferenceIndex {
  /** Avro full name → the reference file that defines it. */
  readonly avroNames: ReadonlyMap<string, string>;
  /** JSON Schema `$id` (without fragment) → the reference file that declares it. */
  readonly jsonIds: ReadonlyMap<string, string>;
  /** Folders Protobuf import paths start from, relative to the configuration's folder (`''` is that folder). */
  readonly importPaths: readonly string[];
  /** The configuration's `referenceUrls`: a URL (a prefix when it ends in `/`) → the file (or folder) it stands for. */
  readonly urls?: ReadonlyArray<{ readonly url: string; readonly path: string }>;
}

/** A schema's references, by the name its parser looks them up with, dependencies first; and the files they came from. */
export interface ResolvedReferences {
  readonly references: Readonly<Record<string, string>>;
  readonly files: readonly string[];
  /** Each reference's name and the file it came from (a file may come under several names). */
  readonly named: ReadonlyArray<{ readonly name: string; readonly file: string }>;
}

/** Parses a schema with references; throws `SchemaParseError` (the Avro resolver reads its UNDEFINED_NAME). */
export type TryParse = (text: string, references: Readonly<Record<string, string>>) => void;

/**
 * The references a schema needs, found in the repository without `--reference` flags, the way each
 * language names them: Avro named types by full name (Confluent's reference names), JSON Schema
 * `$ref`s by path relative to the referring file or by `$id`, Protobuf imports by path from the
 * import roots. Files are read with `read`, so an old version finds the references of its own commit.
 * A reference that `read` refuses as outside the repository is a `SchemaParseError`
 * (`OUTSIDE_REPOSITORY`) naming the file and the entry that named it; its target is never read.
 */
export async function resolveReferences(file: string, text: string, schemaType: string, index: ReferenceIndex, read: ReadFile, tryParse: TryParse): Promise<ResolvedReferences> {
  switch (schemaType) {
    case 'AVRO':
      return avroReferences(file, text, index, read, tryParse);
    case 'JSON':
      return jsonReferences(file, text, index, read);
    case 'PROTOBUF':
      return protobufReferences(file, text, index, read);
    default:
      return { references: {}, files: [], named: [] };
  }
}

/**
 * Parses, and for each name the parser reports undefined (UNDEFINED_NAME), adds the reference file
 * that defines it (its own undefined names first), until the schema parses or a name is defined
 * nowhere (then the parser's error stands).
 */
async function avroReferences(file: string, text: string, index: ReferenceIndex, read: ReadFile, tryParse: TryParse): Promise<ResolvedReferences> {
  const references: Record<string, string> = {};
  const files: string[] = [];
  const named: Array<{ readonly name: string; readonly file: string }> = [];
  const settle = async (from: string, schema: string): Promise<void> => {
    for (;;) {
      const missing = undefinedName(() => tryParse(schema, references));
      if (missing === undefined) return;
      const source = index.avroNames.get(missing);
      const referenced = source === undefined || files.includes(source) ? undefined : await readEntry(read, source, { file: from, pointer: '', entry: `the named type ${quoteExcerpt(missing, PATH_EXCERPT_LENGTH)}` });
      if (source === undefined || referenced === undefined) return;
      files.push(source);
      await settle(source, referenced);
      references[missing] = referenced;
      named.push({ name: missing, file: source });
    }
  };
  await settle(file, text);
  return { references, files, named };
}

/** The name of an UNDEFINED_NAME parse error (`Undefined schema: com.acme.Money`), or undefined when it parses or fails otherwise. */
function undefinedName(parse: () => void): string | undefined {
  try {
    parse();
    return undefined;
  } catch (error: unknown) {
    if (!(error instanceof SchemaParseError) || error.rule !== 'UNDEFINED_NAME') return undefined;
    return /^Undefined schema: (.+)$/.exec(error.detail)?.[1];
  }
}

/**
 * Every document the schema's `$ref`s reach outside itself, transitively. A `$ref` is resolved
 * against the base URI in scope (the nearest `$id`, or `id` before draft 6, JSON Schema 2020-12
 * §8.2.1 and draft 4 §7.2): an absolute URI is a reference file's `$id`, else a `referenceUrls`
 * entry's file, else (for a `$ref` written relative) the file at that path from the referring one.
 * Each document is named as the checker resolves the `$ref`: by its absolute URI when a base was in
 * scope, else by its path relative to the schema's folder.
 */
async function jsonReferences(file: string, text: string, index: ReferenceIndex, read: ReadFile): Promise<ResolvedReferences> {
  const references: Record<string, string> = {};
  const files: string[] = [];
  const named: Array<{ readonly name: string; readonly file: string }> = [];
  const home = posix.dirname(file);
  const pending: Array<{ readonly from: string; readonly text: string; readonly base: string | undefined; readonly rules: IdRules }> = [{ from: file, text, base: undefined, rules: DEFAULT_ID_RULES }];
  while (pending.length > 0) {
    const { from, text: document, base: inherited, rules: inheritedRules } = pending.pop() as { from: string; text: string; base: string | undefined; rules: IdRules };
    const { refs, rules } = externalRefs(document, inherited, inheritedRules);
    for (const { ref, pointer, base } of refs) {
      const absolute = absoluteUri(ref);
      const uri = base === undefined ? absolute : resolvedUri(ref, base);
      const written = absolute === undefined;
      const target = (uri === undefined ? undefined : index.jsonIds.get(uri) ?? mappedPath(index.urls, uri)) ?? (written ? posix.normalize(posix.join(posix.dirname(from), ref)) : undefined);
      const name = uri ?? (target === undefined ? undefined : posix.relative(home, target) || posix.basename(target));
      if (target === undefined || name === undefined || Object.prototype.hasOwnProperty.call(references, name) || target === file) continue;
      if (Object.keys(references).length >= MAX_REFERENCED_DOCUMENTS) {
        throw new SchemaParseError({ input: from, pointer, rule: 'TOO_MANY_REFERENCES', detail: `the $refs reach more than ${MAX_REFERENCED_DOCUMENTS} documents` });
      }
      const referenced = await readEntry(read, target, { file: from, pointer, entry: `$ref ${quoteExcerpt(ref, PATH_EXCERPT_LENGTH)}` });
      if (referenced === undefined) continue;
      if (!files.includes(target)) files.push(target);
      references[name] = referenced;
      named.push({ name, file: target });
      pending.push({ from: target, text: referenced, base: uri, rules });
    }
  }
  return { references, files, named };
}

/** The URI without its fragment when `ref` is absolute (has a scheme), else undefined. */
function absoluteUri(ref: string): string | undefined {
  return /^[a-z][a-z0-9+.-]*:/i.test(ref) ? (ref.split('#')[0] as string) : undefined;
}

/** `ref` resolved against `base` (RFC 3986 §5.2), without its fragment; undefined when it is not a URI reference. */
function resolvedUri(ref: string, base: string): string | undefined {
  try {
    return new URL(ref, base).href.split('#')[0] as string;
  } catch {
    return undefined;
  }
}

/** The repository path a `referenceUrls` entry gives `uri`: an exact URL's file, or the longest matching prefix's folder joined with the rest. */
function mappedPath(urls: ReferenceIndex['urls'], uri: string): string | undefined {
  let best: { readonly url: string; readonly path: string } | undefined;
  for (const entry of urls ?? []) {
    if (entry.url === uri) return entry.path;
    if (entry.url.endsWith('/') && uri.startsWith(entry.url) && (best === undefined || entry.url.length > best.url.length)) best = entry;
  }
  if (best === undefined) return undefined;
  const rest = uri.slice(best.url.length);
  let decoded = rest;
  try {
    decoded = decodeURIComponent(rest);
  } catch {
    return undefined;
  }
  return posix.normalize(posix.join(best.path, decoded));
}

/**
 * How a document's draft names its base URIs, read from its `$schema` (else `inherited`): the `$id` keyword (`id` before draft 6, draft 4 §7.2), and whether an `$id` beside a
 * `$ref` counts (before 2019-09 every other member of a `$ref` object is ignored, draft 7 §8.3).
 */
function idRulesOf(document: unknown, inherited: IdRules): IdRules {
  const dialect = typeof document === 'object' && document !== null ? (document as Record<string, unknown>)['$schema'] : undefined;
  // A referenced document without `$schema` is read with the draft of the document that references it, as the checker reads it.
  if (typeof dialect !== 'string') return inherited;
  return { key: /draft-0[34]\b/.test(dialect) ? 'id' : '$id', besideRef: /20(19-09|20-12)/.test(dialect) };
}

interface IdRules {
  readonly key: '$id' | 'id';
  readonly besideRef: boolean;
}

/** Draft 7's rules, Confluent's default draft. */
const DEFAULT_ID_RULES: IdRules = { key: '$id', besideRef: false };

/** How many documents one schema's `$ref`s may reach (a link loop in a folder could name endless paths). */
const MAX_REFERENCED_DOCUMENTS = 1000;

/** Keywords whose values are data, not schemas: an `$id` or `$ref` inside them means nothing. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples']);

/**
 * The `$ref`s of a JSON document that point outside it, without their fragments, each with the JSON
 * pointer (RFC 6901) of a `$ref` that names it and the base URI in scope there (`inherited` for the
 * document, changed by each `$id` on the way; undefined when none is); and the document's id rules.
 */
function externalRefs(text: string, inherited: string | undefined, inheritedRules: IdRules): { readonly refs: Array<{ readonly ref: string; readonly pointer: string; readonly base: string | undefined }>; readonly rules: IdRules } {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return { refs: [], rules: inheritedRules };
  }
  const rules = idRulesOf(document, inheritedRules);
  const found = new Map<string, { readonly ref: string; readonly pointer: string; readonly base: string | undefined }>();
  const stack: Array<{ readonly value: unknown; readonly pointer: string; readonly base: string | undefined }> = [{ value: document, pointer: '', base: inherited }];
  const step = (pointer: string, key: string | number): string => `${pointer}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
  while (stack.length > 0) {
    const { value, pointer, base: outer } = stack.pop() as { value: unknown; pointer: string; base: string | undefined };
    if (Array.isArray(value)) {
      (value as unknown[]).forEach((child, i) => stack.push({ value: child, pointer: step(pointer, i), base: outer }));
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    const object = value as Record<string, unknown>;
    const id = typeof object['$ref'] === 'string' && !rules.besideRef ? undefined : object[rules.key];
    const base = typeof id === 'string' && !id.startsWith('#') ? (outer === undefined ? absoluteUri(id) : resolvedUri(id, outer)) ?? outer : outer;
    for (const [key, child] of Object.entries(object)) {
      if (DATA_KEYWORDS.has(key)) continue;
      if (key !== '$ref' || typeof child !== 'string') stack.push({ value: child, pointer: step(pointer, key), base });
      else if (!child.startsWith('#')) {
        const ref = child.split('#')[0] as string;
        const seen = `${base ?? ''} ${ref}`;
        if (ref !== '' && !found.has(seen)) found.set(seen, { ref, pointer: step(pointer, key), base });
      }
    }
  }
  return { refs: [...found.values()], rules };
}

/** Every file the schema imports, transitively, found from the import roots and named by its import path. */
async function protobufReferences(file: string, text: string, index: ReferenceIndex, read: ReadFile): Promise<ResolvedReferences> {
  const references: Record<string, string> = {};
  const files: string[] = [];
  const named: Array<{ readonly name: string; readonly file: string }> = [];
  const pending = [{ from: file, text }];
  while (pending.length > 0) {
    const { from, text: importing } = pending.pop() as { from: string; text: string };
    for (const name of imports(importing)) {
      if (Object.prototype.hasOwnProperty.call(references, name)) continue;
      for (const root of ['', ...index.importPaths]) {
        const path = posix.normalize(posix.join(root, name));
        const imported = await readEntry(read, path, { file: from, pointer: '', entry: `import ${quoteExcerpt(name, PATH_EXCERPT_LENGTH)}` });
        if (imported === undefined) continue;
        references[name] = imported;
        files.push(path);
        named.push({ name, file: path });
        pending.push({ from: path, text: imported });
        break;
      }
      // Not found: a well-known type the parser has built in, or an error it reports with the import's name.
    }
  }
  return { references, files, named };
}

/**
 * Reads the file an entry of `file` names (`$ref "../x.json"`, `import "x.proto"`); a path `read`
 * refuses as outside the repository becomes a `SchemaParseError` at that entry.
 */
async function readEntry(read: ReadFile, path: string, named: { readonly file: string; readonly pointer: string; readonly entry: string }): Promise<string | undefined> {
  try {
    return await read(path);
  } catch (error: unknown) {
    if (!(error instanceof SchemaCompatError) || error.code !== SourceErrorCode.OUTSIDE_REPOSITORY) throw error;
    throw new SchemaParseError({ input: named.file, pointer: named.pointer, rule: OUTSIDE_REPOSITORY_RULE, detail: `${named.entry}: ${error.message}` });
  }
}

/** The paths of a .proto file's `import`, `import public` and `import weak` statements. */
function imports(text: string): string[] {
  return [...text.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, '').matchAll(/^\s*import\s+(?:public\s+|weak\s+)?"([^"]+)"\s*;/gm)].map((match) => match[1] as string);
}

/**
 * The index of the reference files: the named types each Avro file defines (full names, namespaces
 * inherited as the Avro 1.12 specification's "Names" section says) and each JSON document's `$id`.
 */
export function indexReferences(files: ReadonlyArray<{ readonly path: string; readonly text: string }>, importPaths: readonly string[], urls: ReadonlyArray<{ readonly url: string; readonly path: string }> = []): ReferenceIndex {
  const avroNames = new Map<string, string>();
  const jsonIds = new Map<string, string>();
  for (const { path, text } of files) {
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch {
      continue;
    }
    if (path.endsWith('.avsc')) for (const name of avroDefinitions(document, null)) if (!avroNames.has(name)) avroNames.set(name, path);
    if (path.endsWith('.json') && typeof document === 'object' && document !== null) {
      const id = (document as Record<string, unknown>)['$id'] ?? (document as Record<string, unknown>)['id'];
      // Keyed as the `$ref`s that name it are resolved (a URL parser's form: `HTTPS://X` is `https://x/`).
      if (typeof id === 'string' && id !== '') jsonIds.set((absoluteUri(id) === undefined ? undefined : resolvedUri(id, id)) ?? (id.split('#')[0] as string), path);
    }
  }
  return { avroNames, jsonIds, importPaths, urls };
}

/** The full names of the named types an Avro schema document defines. */
function avroDefinitions(value: unknown, namespace: string | null): string[] {
  if (Array.isArray(value)) return value.flatMap((item: unknown) => avroDefinitions(item, namespace));
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  const names: string[] = [];
  let inner = namespace;
  if ((record['type'] === 'record' || record['type'] === 'error' || record['type'] === 'enum' || record['type'] === 'fixed') && typeof record['name'] === 'string') {
    const qualified = qualify(record['name'], typeof record['namespace'] === 'string' ? record['namespace'] : namespace);
    names.push(qualified.fullName);
    inner = qualified.namespace;
  }
  for (const key of ['fields', 'type', 'items', 'values'] as const) {
    const child = record[key];
    if (key === 'fields' && Array.isArray(child)) for (const field of child) names.push(...avroDefinitions((field as Record<string, unknown> | null)?.['type'], inner));
    else if (key !== 'fields' && typeof child === 'object') names.push(...avroDefinitions(child, inner));
  }
  return names;
}
