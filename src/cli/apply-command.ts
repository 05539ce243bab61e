import { resolve } from 'node:path';
import { applyPlan, findConfig, loadConfig, planApply } from '../repository/index.js';
import type { ApplyOptions } from '../repository/index.js';
import { registryAuthFrom } from '../sources/index.js';
import { applyJson, applyMarkdown, applyText } from './apply-format.js';
import type { ApplyFormat } from './apply-format.js';
import { UsageError, parseArgs } from './args.js';
import type { OptionSpecs } from './args.js';
import { checkersFor } from './checkers.js';
import type { CliIO } from './io.js';
import { ExitCode, write } from './io.js';

export const APPLY_USAGE = 'usage: schema-compat apply [--dry-run] [--registry URL] [--config FILE] [--format text|markdown|json] [--delete] [--registry-auth CREDENTIALS]';

export function applyHelp(): string {
  return `${APPLY_USAGE}

Brings a registry to what .schema-compat.yaml says: for every subject, the level the configuration
names when the registry has another, then a new version when the file is not already one (the
registry's lookup, or the type's canonical form, decides). Every subject is checked first (ours, at
the level it will have; the registry's own answer beside it): nothing is written unless every
subject passes. A subject whose newest version changed since the plan (another writer) is
reported, never overwritten. See docs/registry-workflow.md.

Options:
  --dry-run             print the plan, write nothing
  --registry URL        the registry (default: \`registry:\` in the configuration)
  --config FILE         the configuration (default: .schema-compat.yaml here or above)
  --format F            text (default), markdown (a pull-request comment) or json
  --delete              soft-delete the registry's subjects the configuration does not name (listed
                        in the plan; without it they are never touched; never a hard delete)
  --registry-auth C     user:password or "Bearer TOKEN" (default: SCHEMA_REGISTRY_* variables)

Exit codes: 0 applied (or, with --dry-run, may be applied), 1 a subject is incompatible or another
writer got there first (nothing overwritten), 2 bad input, a subject that cannot be planned or a
failed write, 3 internal error.
`;
}

const APPLY_OPTIONS: OptionSpecs = {
  help: { takesValue: false, short: 'h' },
  'dry-run': { takesValue: false },
  registry: { takesValue: true },
  config: { takesValue: true },
  format: { takesValue: true },
  'registry-auth': { takesValue: true },
  delete: { takesValue: false },
};

/** `schema-compat apply`: plans, and without --dry-run applies, through the library's planApply and applyPlan. */
export async function runApply(argv: readonly string[], io: CliIO): Promise<ExitCode> {
  const { options, positionals } = parseArgs(argv, APPLY_OPTIONS);
  if (options['help']) return write(io.stdout, applyHelp(), ExitCode.COMPATIBLE);
  if (positionals.length > 0) throw new UsageError(`apply takes no arguments (got ${JSON.stringify(positionals[0])})`);
  const format = (options['format'] ?? 'text') as ApplyFormat;
  if (!['text', 'markdown', 'json'].includes(format)) throw new UsageError('--format must be text, markdown or json');
  const configOption = options['config'];
  const file = typeof configOption === 'string' ? resolve(io.cwd(), configOption) : findConfig(io.cwd());
  if (file === undefined) throw new UsageError(`apply needs a configuration file: no .schema-compat.yaml (or .yml, .json) in ${io.cwd()} or a folder above it`);
  const config = loadConfig(file);
  const url = typeof options['registry'] === 'string' ? options['registry'] : config.registry;
  if (url === undefined) throw new UsageError('which registry? Give --registry URL or `registry: URL` in the configuration');
  const authOption = options['registry-auth'];
  const auth = registryAuthFrom(typeof authOption === 'string' ? authOption : undefined, io.env);
  const check: NonNullable<ApplyOptions['check']> = {
    checkers: (subject, types) => checkersFor(types, subject.profile ?? 'confluent', subject.policy, 'confluent', subject.rules),
    ...(auth === undefined ? {} : { auth }),
  };
  const settings: ApplyOptions = { url, check, ...(auth === undefined ? {} : { auth }), ...(options['delete'] === true ? { deleteUnnamed: true } : {}) };
  const plan = await planApply(config, settings);
  const outcome = options['dry-run'] === true ? undefined : await applyPlan(plan, settings);
  const text = format === 'json' ? applyJson(plan, outcome) : format === 'markdown' ? applyMarkdown(plan) : applyText(plan, outcome);
  io.stdout(text);
  return (outcome?.exitCode ?? plan.exitCode) as ExitCode;
}
