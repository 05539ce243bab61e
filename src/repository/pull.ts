import { posix } from 'node:path';
import type { Strategy } from 'schema-compat';
import { RegistryClientError, createRegistryClient } from 'schema-compat/registry';
import type { RegistryAuth, RegistryClient, SchemaReference, SubjectVersion } from 'schema-compat/registry';
import { redactUrlText } from '../registry/http/redact.js';

/** What `pullRegistry` reads. */
export interface PullOptions {
  /** The registry API root. */
  readonly url: string;
  readonly client?: RegistryClient;
  readonly auth?: RegistryAuth;
  /** Only the subjects this glob matches (`*` any run of characters, `?` one). Default every subject. */
  readonly subject?: string;
  /** Also every older live version, as `history/SUBJECT/VERSION.EXT` (not part of the configuration). */
  readonly allVersions?: boolean;
}

/** A file to write, relative to the output folder (`/` separators, never leaving it). */
export interface PulledFile {
  readonly path: string;
  readonly text: string;
}

/** A registry as files and the `.schema-compat.yaml` that reproduces it. */
export interface PulledRegistry {
  readonly files: readonly PulledFile[];
  readonly subjects: readonly string[];
  /** What could not be reproduced, and why. */
  readonly notes: readonly string[];
}

const EXTENSIONS: Readonly<Record<string, string>> = { AVRO: '.avsc', JSON: '.json', PROTOBUF: '.proto' };
/** A subject that is its own file name: `{name}` gives it back. Anything else gets a rule of its own. */
const PLAIN_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

function globPattern(glob: string): RegExp {
  return new RegExp(`^${glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`, 's');
}

/** A relative path that stays in the output folder, or undefined (a reference name is the registry's to choose). */
function confined(path: string): string | undefined {
  const normal = posix.normalize(path);
  return normal.startsWith('../') || normal === '..' || posix.isAbsolute(normal) || normal.includes('\0') ? undefined : normal;
}

/**
 * Reads a registry's subjects (their latest versions; with `allVersions` every live one) as files,
 * one extension per type, with the schemas they reference as files of their own under `refs/`
 * (Protobuf at their import path, with `protobuf.importPaths: [refs]`), and writes a
 * `.schema-compat.yaml` that names them: the subject template `{name}`, the global level as the
 * default, a subject's own level on its own rule, `registry:` and `against:` the registry. Writes
 * nothing itself: the caller writes `files` (confined to its folder).
 */
export async function pullRegistry(options: PullOptions): Promise<PulledRegistry> {
  const client = options.client ?? createRegistryClient({ url: options.url, ...(options.auth === undefined ? {} : { auth: options.auth }) });
  const pattern = options.subject === undefined ? undefined : globPattern(options.subject);
  const names = (await client.listSubjects()).filter((name) => pattern === undefined || pattern.test(name)).sort();
  const files = new Map<string, string>();
  const notes: string[] = [];
  const rules: string[] = [];
  const types = new Set<string>();
  let references = false;
  for (const name of names) {
    const latest = await client.getVersion(name, 'latest');
    const extension = EXTENSIONS[latest.schemaType] ?? '.txt';
    const plain = PLAIN_NAME.test(name);
    const file = `schemas/${plain ? name : encodeURIComponent(name).replace(/%/g, '_')}${extension}`;
    files.set(file, latest.schema);
    const level = await ownLevel(client, name);
    if (!plain || level !== undefined) rules.push(rule(file, plain ? '{name}' : name, level));
    // Every extension gets its glob rule, so that a file added later is a subject too.
    types.add(extension);
    references = (await writeReferences(client, latest.references, { files, notes, rules, pulled: new Set(names) })) || references;
    if (options.allVersions === true) {
      for (const version of await client.listVersions(name)) {
        if (version === latest.version) continue;
        const older = await client.getVersion(name, version);
        files.set(`history/${file.slice('schemas/'.length, -extension.length)}/${version}${extension}`, older.schema);
      }
    }
  }
  for (const extension of [...types].sort()) rules.push(rule(`schemas/*${extension}`, '{name}', undefined));
  const global = await ownLevel(client, null);
  const shown = redactUrlText(options.url).replace(/\/+$/, '');
  files.set('.schema-compat.yaml', configText(shown, global, rules, references, [...files.keys()].some((path) => path.startsWith('refs/') && path.endsWith('.proto')), options.allVersions === true));
  return { files: [...files].map(([path, text]) => ({ path, text })), subjects: names, notes };
}

async function ownLevel(client: RegistryClient, subject: string | null): Promise<Strategy | undefined> {
  try {
    return (await client.getConfig(subject)).compatibility;
  } catch (error: unknown) {
    if (error instanceof RegistryClientError && error.status === 404) return undefined;
    throw error;
  }
}

/** What writing the references adds to: the files, the notes, the subject rules; and the subjects pulled as files of their own. */
interface ReferenceOutput {
  readonly files: Map<string, string>;
  readonly notes: string[];
  readonly rules: string[];
  readonly pulled: ReadonlySet<string>;
}

/**
 * Writes each referenced version under refs/ (dependencies too); answers whether there was any. A
 * reference whose registry subject is not the one `apply` would give its file (Protobuf: its import
 * path; else its path) gets a rule naming its subject, so that `apply` finds it registered.
 */
async function writeReferences(client: RegistryClient, list: readonly SchemaReference[], output: ReferenceOutput): Promise<boolean> {
  const { files, notes } = output;
  for (const reference of list) {
    const version: SubjectVersion = await client.getVersion(reference.subject, reference.version);
    const extension = EXTENSIONS[version.schemaType] ?? '.txt';
    // Protobuf imports by path and JSON Schema $refs by name: the file goes where the name says; Avro's name is a type's full name.
    const named = version.schemaType === 'AVRO' ? `${reference.subject}.v${reference.version}${extension}` : reference.name;
    const path = confined(`refs/${named}`);
    if (path === undefined || !path.startsWith('refs/')) {
      notes.push(`reference ${JSON.stringify(reference.name)} of subject ${reference.subject} leaves the output folder: not written`);
      continue;
    }
    if (!files.has(path)) {
      const given = version.schemaType === 'PROTOBUF' ? reference.name : path;
      if (given !== reference.subject && !output.pulled.has(reference.subject)) output.rules.push(rule(path, reference.subject, undefined));
      else if (given !== reference.subject) notes.push(`reference ${path} is version ${reference.version} of subject ${reference.subject}, pulled as a file of its own too: apply would register it under ${given}`);
    }
    files.set(path, version.schema);
    await writeReferences(client, version.references, output);
  }
  return list.length > 0;
}

function rule(files: string, subject: string, level: Strategy | undefined): string {
  return [`  - files: ${JSON.stringify(files)}`, `    subject: ${JSON.stringify(subject)}`, ...(level === undefined ? [] : [`    strategy: ${level}`])].join('\n');
}

function configText(url: string, global: Strategy | undefined, rules: readonly string[], references: boolean, protoReferences: boolean, history: boolean): string {
  return [
    `# Written by schema-compat pull from ${url}: the registry's subjects as files (docs/registry-workflow.md).`,
    `registry: ${JSON.stringify(url)}`,
    'defaults:',
    `  against: ${JSON.stringify(`registry:${url}`)}`,
    ...(global === undefined ? [] : [`  strategy: ${global}`]),
    'subjects:',
    ...rules,
    ...(references ? ['references:', '  - "refs/**"'] : []),
    ...(protoReferences ? ['protobuf:', '  importPaths: [refs]'] : []),
    ...(history ? ['exclude:', '  - "history/**"'] : []),
    '',
  ].join('\n');
}
