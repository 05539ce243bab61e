import { posix } from 'node:path';
import { SchemaCompatError, SchemaParseError } from 'schema-compat';
import { SourceErrorCode } from 'schema-compat/sources';
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
}

/** A schema's references, by the name its parser looks them up with, dependencies first; and the files they came from. */
export interface ResolvedReferences {
  readonly references: Readonly<Record<string, string>>;
  readonly files: readonly string[];
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
      return { references: {}, files: [] };
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
    }
  };
  await settle(file, text);
  return { references, files };
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
 * Every document the schema's `$ref`s reach outside itself, transitively: a relative reference is
 * a file relative to the referring one, an absolute one a reference file's `$id`. Each is named by
 * its path relative to the schema's folder (or its `$id`), which the checker resolves the `$ref` to.
 */
async function jsonReferences(file: string, text: string, index: ReferenceIndex, read: ReadFile): Promise<ResolvedReferences> {
  const references: Record<string, string> = {};
  const files: string[] = [];
  const home = posix.dirname(file);
  const pending: Array<{ readonly from: string; readonly text: string }> = [{ from: file, text }];
  while (pending.length > 0) {
    const { from, text: document } = pending.pop() as { from: string; text: string };
    for (const { ref, pointer } of externalRefs(document)) {
      const absolute = /^[a-z][a-z0-9+.-]*:/i.test(ref);
      const target = absolute ? index.jsonIds.get(ref) : posix.normalize(posix.join(posix.dirname(from), ref));
      if (target === undefined || files.includes(target) || target === file) continue;
      const referenced = await readEntry(read, target, { file: from, pointer, entry: `$ref ${quoteExcerpt(ref, PATH_EXCERPT_LENGTH)}` });
      if (referenced === undefined) continue;
      files.push(target);
      references[absolute ? ref : posix.relative(home, target) || posix.basename(target)] = referenced;
      pending.push({ from: target, text: referenced });
    }
  }
  return { references, files };
}

/** The `$ref`s of a JSON document that point outside it, without their fragments, each with the JSON pointer (RFC 6901) of a `$ref` that names it. */
function externalRefs(text: string): Array<{ readonly ref: string; readonly pointer: string }> {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return [];
  }
  const found = new Map<string, string>();
  const stack: Array<{ readonly value: unknown; readonly pointer: string }> = [{ value: document, pointer: '' }];
  const step = (pointer: string, key: string | number): string => `${pointer}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
  while (stack.length > 0) {
    const { value, pointer } = stack.pop() as { value: unknown; pointer: string };
    if (Array.isArray(value)) (value as unknown[]).forEach((child, i) => stack.push({ value: child, pointer: step(pointer, i) }));
    else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        if (key !== '$ref' || typeof child !== 'string') stack.push({ value: child, pointer: step(pointer, key) });
        else if (!child.startsWith('#')) {
          const ref = child.split('#')[0] as string;
          if (ref !== '' && !found.has(ref)) found.set(ref, step(pointer, key));
        }
      }
    }
  }
  return [...found].map(([ref, pointer]) => ({ ref, pointer }));
}

/** Every file the schema imports, transitively, found from the import roots and named by its import path. */
async function protobufReferences(file: string, text: string, index: ReferenceIndex, read: ReadFile): Promise<ResolvedReferences> {
  const references: Record<string, string> = {};
  const files: string[] = [];
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
        pending.push({ from: path, text: imported });
        break;
      }
      // Not found: a well-known type the parser has built in, or an error it reports with the import's name.
    }
  }
  return { references, files };
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
export function indexReferences(files: ReadonlyArray<{ readonly path: string; readonly text: string }>, importPaths: readonly string[]): ReferenceIndex {
  const avroNames = new Map<string, string>();
  const jsonIds = new Map<string, string>();
  for (const { path, text } of files) {
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch {
      continue;
    }
    if (path.endsWith('.avsc')) for (const name of avroDefinitions(document, '')) if (!avroNames.has(name)) avroNames.set(name, path);
    if (path.endsWith('.json') && typeof document === 'object' && document !== null) {
      const id = (document as Record<string, unknown>)['$id'] ?? (document as Record<string, unknown>)['id'];
      if (typeof id === 'string' && id !== '') jsonIds.set(id.split('#')[0] as string, path);
    }
  }
  return { avroNames, jsonIds, importPaths };
}

/** The full names of the named types an Avro schema document defines. */
function avroDefinitions(value: unknown, namespace: string): string[] {
  if (Array.isArray(value)) return value.flatMap((item: unknown) => avroDefinitions(item, namespace));
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  const names: string[] = [];
  let inner = namespace;
  if ((record['type'] === 'record' || record['type'] === 'error' || record['type'] === 'enum' || record['type'] === 'fixed') && typeof record['name'] === 'string') {
    const name = record['name'];
    const space = typeof record['namespace'] === 'string' ? record['namespace'] : namespace;
    const full = name.includes('.') ? name : space === '' ? name : `${space}.${name}`;
    names.push(full);
    inner = full.includes('.') ? full.slice(0, full.lastIndexOf('.')) : '';
  }
  for (const key of ['fields', 'type', 'items', 'values'] as const) {
    const child = record[key];
    if (key === 'fields' && Array.isArray(child)) for (const field of child) names.push(...avroDefinitions((field as Record<string, unknown> | null)?.['type'], inner));
    else if (key !== 'fields' && typeof child === 'object') names.push(...avroDefinitions(child, inner));
  }
  return names;
}
