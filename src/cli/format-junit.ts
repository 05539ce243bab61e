import type { FindingCause } from '../repository/index.js';
import type { CheckReport, ReportFinding, RunReport } from './report.js';
import { FailOn, causePlace, directionText, findingsOf, plural, runSummary, versionName, versionTitle } from './report.js';
import { untrusted, untrustedLines } from './untrusted-text.js';

interface TestCase {
  readonly name: string;
  /** The findings that fail this case (none: it passes). */
  readonly failures: readonly ReportFinding[];
  /** Findings shown but not failing (warnings without `--fail-on warning`). */
  readonly notes: readonly ReportFinding[];
}

/**
 * JUnit XML (the de-facto schema of Ant's XMLJUnitResultFormatter, which CI servers read) of a run:
 * one test suite per subject, one test case per version checked, failing with that version's
 * findings; a subject that could not be checked is a suite with one erroring case.
 */
export function formatJunitRun(run: RunReport): string {
  const causes = run.repository?.causes;
  const suites = run.checks.map((check) => suiteOf(check, causes));
  const errors = run.errors.map((error) => ({
    name: `schema-compat check ${untrusted(error.file)} (${untrusted(error.subject)})`, tests: 1, failures: 0, errors: 1,
    lines: [`    <testcase name="${xml(`${untrusted(error.subject)}: cannot be checked`)}" classname="schema-compat"><error message="${xml(untrusted(error.code))}">${xml(untrustedLines(error.message))}</error></testcase>`],
  }));
  const all = [...suites, ...errors];
  const count = (key: 'tests' | 'failures' | 'errors'): number => all.reduce((sum, suite) => sum + suite[key], 0);
  const name = run.repository === undefined ? 'schema-compat' : `schema-compat ${untrusted(runSummary(run))}`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xml(name)}" tests="${count('tests')}" failures="${count('failures')}" errors="${count('errors')}">`,
    ...all.flatMap((suite) => [
      `  <testsuite name="${xml(suite.name)}" tests="${suite.tests}" failures="${suite.failures}" errors="${suite.errors}" skipped="0">`,
      ...suite.lines,
      '  </testsuite>',
    ]),
    '</testsuites>',
  ];
  return `${lines.join('\n')}\n`;
}

/** JUnit XML of one check (a run of one check). */
export function formatJunit(report: CheckReport): string {
  return formatJunitRun({ checks: [report], errors: [] });
}

function suiteOf(report: CheckReport, causes?: readonly FindingCause[]): { name: string; tests: number; failures: number; errors: number; lines: string[] } {
  const cases = testCases(report);
  const against = report.source === undefined ? '' : ` against ${untrusted(report.source.description)}`;
  return {
    name: `schema-compat check ${untrusted(report.candidate.path)} (${report.result.strategy})${against}`,
    tests: cases.length,
    failures: cases.filter((testCase) => testCase.failures.length > 0).length,
    errors: 0,
    lines: cases.flatMap((testCase) => caseLines(testCase, report, causes)),
  };
}

function testCases(report: CheckReport): TestCase[] {
  const { result } = report;
  if (result.identical) return [{ name: `identical to ${untrusted(versionName(report, result.identical.version))}: accepted, nothing checked`, failures: [], notes: [] }];
  if (result.checked.length === 0) return [{ name: 'no versions to check', failures: [], notes: [] }];
  const failOnWarnings = report.failOn === FailOn.WARNING;
  return result.checked.map((version) => {
    const warnings = findingsOf(result.warnings, version);
    return {
      name: untrusted(versionTitle(report, version)),
      failures: [...findingsOf(result.incompatibilities, version), ...(failOnWarnings ? warnings : [])],
      notes: failOnWarnings ? [] : warnings,
    };
  });
}

function caseLines(testCase: TestCase, report: CheckReport, causes?: readonly FindingCause[]): string[] {
  const open = `    <testcase name="${xml(testCase.name)}" classname="schema-compat.${report.result.strategy}"`;
  if (testCase.failures.length === 0 && testCase.notes.length === 0) return [`${open}/>`];
  const lines = [`${open}>`];
  if (testCase.failures.length > 0) {
    const types = [...new Set(testCase.failures.map((finding) => untrusted(finding.type)))].join(', ');
    const message = `${plural(testCase.failures.length, 'finding', 'findings')}: ${types}`;
    const body = causes === undefined ? testCase.failures.map((finding) => findingText(finding, report)).join('\n\n') : causeText(testCase.failures, causes);
    lines.push(`      <failure message="${xml(message)}" type="${xml(types)}">${xml(body)}</failure>`);
  }
  if (testCase.notes.length > 0) lines.push(`      <system-out>${xml(testCase.notes.map((note) => `warning: ${findingText(note, report)}`).join('\n\n'))}</system-out>`);
  lines.push('    </testcase>');
  return lines;
}

/** A repository run's failure: each cause of the findings once (type, element, where it is defined), not each finding. */
function causeText(findings: readonly ReportFinding[], causes: readonly FindingCause[]): string {
  const lines: string[] = [];
  const listed = new Set<FindingCause>();
  for (const finding of findings) {
    const cause = causes.find((candidate) => candidate.subjects.some((entry) => entry.findings.includes(finding)));
    if (cause !== undefined && listed.has(cause)) continue;
    if (cause === undefined) {
      lines.push(untrusted(`${finding.type} at ${finding.location}: ${finding.message} (fingerprint ${finding.fingerprint})`));
      continue;
    }
    listed.add(cause);
    lines.push(untrusted(`${cause.type} at ${cause.origin.element} (${causePlace(cause)}): ${cause.message}`));
  }
  return lines.join('\n');
}

function findingText(finding: ReportFinding, report: CheckReport): string {
  const lines = [
    `${untrusted(finding.type)} at ${untrusted(finding.location)} (${directionText(finding, untrusted(versionName(report, finding.version)))})`,
    untrusted(finding.description),
    `detail: ${untrusted(finding.message)}`,
  ];
  if (finding.hint !== undefined) lines.push(`hint: ${untrusted(finding.hint)}`);
  lines.push(`fingerprint: ${untrusted(finding.fingerprint)}`);
  return lines.join('\n');
}

/** XML 1.0 text and attribute escaping; characters XML cannot carry at all are replaced with U+FFFD. */
function xml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
