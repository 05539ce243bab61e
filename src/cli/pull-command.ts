import { lstatSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pullRegistry } from '../repository/index.js';
import { registryAuthFrom } from '../sources/index.js';
import { writeFileNoFollow } from '../sources/write-file.js';
import { UsageError, parseArgs } from './args.js';
import type { OptionSpecs } from './args.js';
import type { CliIO } from './io.js';
import { ExitCode, InputError, write } from './io.js';
import { untrusted } from './untrusted-text.js';

export const PULL_USAGE = 'usage: schema-compat pull registry:URL --out DIR [--subject GLOB] [--all-versions] [--registry-auth CREDENTIALS]';

export function pullHelp(): string {
  return `${PULL_USAGE}

Writes a registry's subjects as files (schemas/SUBJECT.avsc, .json or .proto; the schemas they
reference under refs/) and a .schema-compat.yaml that reproduces them (subject templates, the
global level and each subject's own), so that \`schema-compat check\` and \`apply\` work from there.
Writes only inside DIR, never through a symbolic link. See docs/registry-workflow.md.

Options:
  --out DIR             where to write (created when missing)
  --subject GLOB        only the subjects it matches (* and ?)
  --all-versions        also every older live version, under history/ (excluded from the configuration)
  --registry-auth C     user:password or "Bearer TOKEN" (default: SCHEMA_REGISTRY_* variables)
`;
}

const PULL_OPTIONS: OptionSpecs = {
  help: { takesValue: false, short: 'h' },
  out: { takesValue: true },
  subject: { takesValue: true },
  'all-versions': { takesValue: false },
  'registry-auth': { takesValue: true },
};

/** `schema-compat pull`: the library's pullRegistry, its files written below --out without following links. */
export async function runPull(argv: readonly string[], io: CliIO): Promise<ExitCode> {
  const { options, positionals } = parseArgs(argv, PULL_OPTIONS);
  if (options['help']) return write(io.stdout, pullHelp(), ExitCode.COMPATIBLE);
  const [source, extra] = positionals;
  if (source === undefined || !source.startsWith('registry:')) throw new UsageError('pull needs the registry: registry:URL');
  if (extra !== undefined) throw new UsageError(`pull takes one registry (got ${JSON.stringify(extra)} too)`);
  const out = options['out'];
  if (typeof out !== 'string' || out === '') throw new UsageError('pull needs --out DIR');
  const glob = options['subject'];
  const authOption = options['registry-auth'];
  const auth = registryAuthFrom(typeof authOption === 'string' ? authOption : undefined, io.env);
  const pulled = await pullRegistry({
    url: source.slice('registry:'.length), ...(auth === undefined ? {} : { auth }),
    ...(typeof glob === 'string' ? { subject: glob } : {}), ...(options['all-versions'] === true ? { allVersions: true } : {}),
  });
  const folder = resolve(io.cwd(), out);
  if (lstatOrUndefined(folder)?.isSymbolicLink() === true) throw new InputError(`--out ${out}: it is a symbolic link: schema-compat never writes through one`);
  for (const file of pulled.files) {
    try {
      makeFolders(folder, dirname(file.path));
      writeFileNoFollow(file.path, file.text, folder);
    } catch (error: unknown) {
      throw new InputError(`cannot write ${join(out, file.path)}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  for (const note of pulled.notes) io.stderr(`note: ${untrusted(note)}\n`);
  io.stdout(`wrote ${pulled.subjects.length} ${pulled.subjects.length === 1 ? 'subject' : 'subjects'} (${pulled.files.length} files) to ${untrusted(out)}\n`);
  return ExitCode.COMPATIBLE;
}

/** Creates `relative`'s folders below `folder` one by one, refusing a symbolic link on the way (never creating through one). */
function makeFolders(folder: string, relative: string): void {
  let at = folder;
  mkdirSync(folder, { recursive: true });
  for (const part of relative.split('/').filter((one) => one !== '' && one !== '.')) {
    at = join(at, part);
    const found = lstatOrUndefined(at);
    if (found?.isSymbolicLink() === true) throw new Error('a folder on its way is a symbolic link: schema-compat never writes through one');
    if (found === undefined) mkdirSync(at);
  }
}

function lstatOrUndefined(path: string): ReturnType<typeof lstatSync> | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}
