import { dirname, isAbsolute, relative, sep } from 'node:path';
import type { CheckerRegistry } from 'schema-compat';
import { parseSchema } from 'schema-compat';
import type { ReadHistoryOptions } from 'schema-compat/sources';
import { findConfig, loadConfig } from './config/load.js';
import type { RepositoryConfig } from './config/types.js';
import { gitPlace } from './git-files.js';
import { resolveReferences } from './references.js';
import { listFiles, listSubjects } from './subjects.js';
import type { Subject } from './subjects.js';
import { buildIndex, committedDependencies, workTreeReader } from './work-tree.js';

/**
 * One schema file seen through the repository configuration that governs it: what a check of that
 * file alone (`check FILE --against git-log`, `diff`, `changelog`, `audit`) takes from the
 * configuration, so that it reads references and imports the way the repository run does.
 */
export interface FileInRepository {
  readonly config: RepositoryConfig;
  /** The file, relative to the configuration's folder. */
  readonly file: string;
  /** The subject a rule of the configuration makes of the file, if one does: its settings (strategy, ...). */
  readonly subject: Subject | undefined;
  /** The references the file's text needs, found in the work tree (`references` globs, `protobuf.importPaths`). */
  readonly references: (text: string, schemaType: string, registry: CheckerRegistry, label: string) => Promise<Readonly<Record<string, string>>>;
  /** For a git source: each committed version's references at its own commit or tag (`ReadHistoryOptions.dependenciesOf`); undefined outside git. */
  readonly dependenciesOf: (registry: CheckerRegistry, label: string) => ReadHistoryOptions['dependenciesOf'];
}

/**
 * The configuration governing `path` (an absolute path): the first `.schema-compat.yaml` found from
 * the file's folder upward (`findConfig`), when the file is inside that configuration's folder;
 * undefined when there is none. A configuration that is found but invalid is its `ConfigError`.
 */
export async function fileInRepository(path: string): Promise<FileInRepository | undefined> {
  const found = findConfig(dirname(path));
  if (found === undefined) return undefined;
  const config = loadConfig(found);
  const inside = relative(config.root, path);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return undefined;
  const file = inside.split(sep).join('/');
  const read = workTreeReader(config);
  const index = await buildIndex(config, listFiles(config.root), read);
  const place = await gitPlace(config.root).catch(() => undefined);
  const subject = listSubjects(config).find((candidate) => candidate.file === file);
  return {
    config, file, subject,
    references: async (text, schemaType, registry, label) => {
      const tryParse = (schema: string, references: Readonly<Record<string, string>>): void => {
        parseSchema(schemaType, schema, { registry, references, label });
      };
      return (await resolveReferences(file, text, schemaType, index, read, tryParse)).references;
    },
    dependenciesOf: (registry, label) => (place === undefined ? undefined : committedDependencies({ config, place, file, registry, label })),
  };
}
