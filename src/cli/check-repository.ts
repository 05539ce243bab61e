import { isAbsolute, relative, resolve, sep } from 'node:path';
import { baselineEntries, checkRepository, findConfig, loadConfig, writeBaseline } from '../repository/index.js';
import type { SettingsOverrides, SubjectOutcome } from '../repository/index.js';
import { registryAuthFrom } from '../sources/index.js';
import { UsageError } from './args.js';
import { checkersFor } from './checkers.js';
import type { CliIO } from './io.js';
import type { CheckReport, RunReport, SubjectError } from './report.js';
import { untrusted } from './untrusted-text.js';

/** `check` without files: every subject of the configuration. */
export interface RepositoryCheck {
  /** `--config FILE`; default the first .schema-compat.yaml (or .json) in the folder or one above. */
  readonly config?: string;
  readonly changedSince?: string;
  readonly writeBaseline?: string;
  readonly overrides: SettingsOverrides;
  readonly explain: boolean;
  readonly stopAtFirstFailure: boolean;
  /** `--registry-auth`, for every registry and Pulsar source. */
  readonly auth?: string;
  /** `--exclude-path`, relative to the current folder. */
  readonly excludePaths: readonly string[];
  /** `--ignore-unstable-packages`: on, whatever the configuration says; off, the configuration decides. */
  readonly ignoreUnstablePackages: boolean;
  /** `--jobs N`: subjects under way at once (default the library's, `DEFAULT_CONCURRENCY`). */
  readonly jobs?: number;
}

/** Checks every subject of the configuration; writes the baseline when asked. */
export async function checkRepositoryRun(command: RepositoryCheck, io: CliIO): Promise<RunReport> {
  const file = command.config === undefined ? findConfig(io.cwd()) : resolve(io.cwd(), command.config);
  if (file === undefined) {
    throw new UsageError(`check needs a CANDIDATE and its history, or a configuration file: no .schema-compat.yaml (or .yml, .json) in ${io.cwd()} or a folder above it (docs/repository.md)`);
  }
  const config = loadConfig(file);
  const auth = registryAuthFrom(command.auth, io.env);
  const shownPath = (file: string): string => relative(io.cwd(), resolve(config.root, file)) || file;
  const report = await checkRepository(config, {
    overrides: command.overrides,
    excludePaths: command.excludePaths.map((path) => excludePath(path, config.root, io)),
    ...(command.ignoreUnstablePackages ? { ignoreUnstablePackages: true } : {}),
    ...(command.changedSince === undefined ? {} : { changedSince: command.changedSince }),
    ...(auth === undefined ? {} : { auth }),
    explain: command.explain,
    stopAtFirstFailure: command.stopAtFirstFailure,
    ...(command.jobs === undefined ? {} : { concurrency: command.jobs }),
    checkers: (subject, types) => {
      const pulsar = subject.against?.startsWith('pulsar:') === true;
      return checkersFor(types, subject.profile ?? (pulsar ? 'pulsar' : 'confluent'), subject.policy, pulsar ? 'pulsar' : 'confluent', subject.rules);
    },
  });
  if (command.writeBaseline !== undefined) {
    const entries = baselineEntries(report);
    writeBaseline(resolve(io.cwd(), command.writeBaseline), entries);
    io.stderr(`wrote ${entries.length} ${entries.length === 1 ? 'entry' : 'entries'} to ${untrusted(command.writeBaseline)}: write a reason for each, and name the file in the configuration's ignoreFiles\n`);
  }
  return {
    checks: report.subjects.flatMap((outcome) => (outcome.check === undefined ? [] : [checkReportOf(outcome)])),
    errors: report.subjects.flatMap((outcome): SubjectError[] => (outcome.error === undefined ? [] : [{ subject: outcome.subject.name, file: relative(io.cwd(), resolve(config.root, outcome.subject.file)) || outcome.subject.file, ...outcome.error }])),
    repository: {
      configFile: relative(io.cwd(), config.file) || config.file,
      unchanged: report.unchanged.map((subject) => subject.name),
      skipped: report.skipped.map(({ subject, reason }) => ({ subject: subject.name, file: relative(io.cwd(), resolve(config.root, subject.file)) || subject.file, reason })),
      stale: report.stale,
      causes: report.causes.map((cause) => ({
        ...cause,
        origin: { ...cause.origin, file: shownPath(cause.origin.file) },
        subjects: cause.subjects.map((entry) => ({ ...entry, file: shownPath(entry.file) })),
      })),
      ...(report.changedSince === undefined ? {} : { changedSince: report.changedSince }),
    },
  };
}

/** `--exclude-path PATH`, given from the current folder, as the library takes it: relative to the configuration's folder. */
function excludePath(path: string, root: string, io: CliIO): string {
  const fromRoot = relative(root, resolve(io.cwd(), path));
  if (fromRoot === '..' || fromRoot.startsWith(`..${sep}`) || isAbsolute(fromRoot)) throw new UsageError(`--exclude-path ${path} is outside ${relative(io.cwd(), root) || '.'}, the configuration's folder`);
  return fromRoot.split(sep).join('/');
}

function checkReportOf(outcome: SubjectOutcome): CheckReport {
  const check = outcome.check as NonNullable<SubjectOutcome['check']>;
  return {
    subject: outcome.subject.name,
    result: check.result,
    candidate: check.candidate,
    history: check.versions,
    failOn: outcome.subject.failOn,
    source: check.source,
    ...(check.strategyFrom === undefined ? {} : { strategyFrom: check.strategyFrom }),
    ignored: check.ignored,
    expired: check.expired,
    preExisting: check.preExisting,
  };
}
