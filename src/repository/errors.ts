import { SchemaCompatError } from 'schema-compat';

/** One problem of a configuration file, at its line. */
export interface ConfigProblem {
  readonly file: string;
  /** 1-based. */
  readonly line: number;
  readonly column: number;
  /** Where in the document: `subjects[1].strategy`. */
  readonly path: string;
  /** The JSON Schema keyword broken (`enum`, `required`, ...) or our own rule (`source`, `reason`, `yaml`). */
  readonly rule: string;
  readonly message: string;
}

/** A configuration file that cannot be used: every problem, each at its line (`file:line:column: path: problem [rule]`). */
export class ConfigError extends SchemaCompatError {
  override readonly name: string = 'ConfigError';
  readonly file: string;
  readonly problems: readonly ConfigProblem[];

  constructor(file: string, problems: readonly ConfigProblem[]) {
    super('CONFIG_INVALID', problems.map((problem) => `${problem.file}:${problem.line}:${problem.column}: ${problem.path === '' ? '' : `${problem.path}: `}${problem.message} [${problem.rule}]`).join('\n'));
    this.file = file;
    this.problems = problems;
  }
}

/** No configuration file where one was looked for, or a run that has nothing to check. */
export class RepositoryError extends SchemaCompatError {
  override readonly name: string = 'RepositoryError';
  constructor(message: string) {
    super('REPOSITORY_INVALID', message);
  }
}
