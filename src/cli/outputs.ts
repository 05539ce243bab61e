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
export async function renderRun(run: RunReport, format: CheckFormat, io: Pick<CliIO, 'isTTY' | 'env'>, colour = true, fullReport?: string): Promise<string> {
  switch (format) {
    case CheckFormat.TEXT:
      return formatTextRun(run, makePaint(colour && colourEnabled(io)));
    case CheckFormat.JSON:
      return formatJsonRun(run);
    case CheckFormat.GITHUB:
      return formatGithubRun(run, fullReport);
    case CheckFormat.JUNIT:
      return formatJunitRun(run);
    case CheckFormat.MARKDOWN:
      return formatMarkdown(run, fullReport);
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
    const text = await renderRun(run, format, io, false, fullReportOf(reports));
    attempt(() => io.writeFile(file, text), `cannot write the ${format} report to ${file}`);
  }
  const summary = io.env['GITHUB_STEP_SUMMARY'];
  if (stepSummary && summary !== undefined && summary !== '') {
    const text = formatMarkdown(run, fullReportOf(reports));
    attempt(() => io.appendFile(summary, `${text}\n`), `cannot append the step summary to ${summary}`);
  }
}

/** Where a reader finds every cause: the first `--report` file of a format that lists them all, else the job summary or the log. */
export function fullReportOf(reports: ReadonlyArray<{ readonly format: CheckFormat; readonly file: string }>, stepSummary = false): string | undefined {
  const full = reports.find((report) => report.format === CheckFormat.TEXT || report.format === CheckFormat.JSON || report.format === CheckFormat.SARIF);
  if (full !== undefined) return `the full report in ${full.file}`;
  return stepSummary ? 'the job summary and the log of this step' : undefined;
}

function attempt(action: () => void, problem: string): void {
  try {
    action();
  } catch (error: unknown) {
    throw new InputError(`${problem}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
