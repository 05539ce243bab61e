import { UsageError } from './args.js';
import { formatConfluent } from './format-confluent.js';
import { formatGithubRun } from './format-github.js';
import { formatJsonRun } from './format-json.js';
import { formatJunitRun } from './format-junit.js';
import { formatMarkdown } from './format-markdown.js';
import { formatSarif } from './format-sarif.js';
import { formatTextRun } from './format-text.js';
import type { CliIO } from './io.js';
import { InputError } from './io.js';
import { colourEnabled, makePaint } from './paint.js';
import type { RunReport } from './report.js';

/** The output formats of `check`, after `buf breaking --error-format` and oasdiff `--format`. */
export const CheckFormat = {
  TEXT: 'text', JSON: 'json', GITHUB: 'github', JUNIT: 'junit', CONFLUENT: 'confluent', MARKDOWN: 'markdown', SARIF: 'sarif',
} as const;
export type CheckFormat = (typeof CheckFormat)[keyof typeof CheckFormat];

/** A run in one format; `colour` only for text on a terminal. */
export async function renderRun(run: RunReport, format: CheckFormat, io: Pick<CliIO, 'isTTY' | 'env'>, colour = true): Promise<string> {
  switch (format) {
    case CheckFormat.TEXT:
      return formatTextRun(run, makePaint(colour && colourEnabled(io)));
    case CheckFormat.JSON:
      return formatJsonRun(run);
    case CheckFormat.GITHUB:
      return formatGithubRun(run);
    case CheckFormat.JUNIT:
      return formatJunitRun(run);
    case CheckFormat.MARKDOWN:
      return formatMarkdown(run);
    case CheckFormat.SARIF:
      return formatSarif(run);
    case CheckFormat.CONFLUENT: {
      const [check] = run.checks;
      if (run.repository !== undefined || check === undefined) throw new UsageError('--format confluent answers for one subject: give CANDIDATE and its history');
      return formatConfluent(check);
    }
  }
}

/**
 * The run's other outputs: each `--report FORMAT=FILE`, and the markdown report appended to
 * `$GITHUB_STEP_SUMMARY` when GitHub Actions sets it (docs.github.com, "Adding a job summary"),
 * unless `stepSummary` is off.
 */
export async function writeRunOutputs(run: RunReport, reports: ReadonlyArray<{ readonly format: CheckFormat; readonly file: string }>, stepSummary: boolean, io: CliIO): Promise<void> {
  for (const { format, file } of reports) {
    const text = await renderRun(run, format, io, false);
    attempt(() => io.writeFile(file, text), `cannot write the ${format} report to ${file}`);
  }
  const summary = io.env['GITHUB_STEP_SUMMARY'];
  if (stepSummary && summary !== undefined && summary !== '') {
    const text = formatMarkdown(run);
    attempt(() => io.appendFile(summary, `${text}\n`), `cannot append the step summary to ${summary}`);
  }
}

function attempt(action: () => void, problem: string): void {
  try {
    action();
  } catch (error: unknown) {
    throw new InputError(`${problem}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
