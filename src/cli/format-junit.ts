import type { Incompatibility } from '../index.js';
import type { CheckReport } from './report.js';
import { FailOn, directionText, findingsOf, plural, versionName, versionTitle } from './report.js';

interface TestCase {
  readonly name: string;
  /** The findings that fail this case (none: it passes). */
  readonly failures: readonly Incompatibility[];
  /** Findings shown but not failing (warnings without `--fail-on warning`). */
  readonly notes: readonly Incompatibility[];
}

/**
 * JUnit XML (the de-facto schema of Ant's XMLJUnitResultFormatter, which CI servers read): one test
 * suite for the candidate, one test case per version checked, failing with the findings of that
 * version. A check that compared nothing has one passing case saying why.
 */
export function formatJunit(report: CheckReport): string {
  const cases = testCases(report);
  const failures = cases.filter((testCase) => testCase.failures.length > 0).length;
  const against = report.source === undefined ? '' : ` against ${report.source.description}`;
  const suiteName = `schema-compat check ${report.candidate.path} (${report.result.strategy})${against}`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="schema-compat" tests="${cases.length}" failures="${failures}" errors="0">`,
    `  <testsuite name="${xml(suiteName)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="0">`,
    ...cases.flatMap((testCase) => caseLines(testCase, report)),
    '  </testsuite>',
    '</testsuites>',
  ];
  return `${lines.join('\n')}\n`;
}

function testCases(report: CheckReport): TestCase[] {
  const { result } = report;
  if (result.identical) return [{ name: `identical to ${versionName(report, result.identical.version)}: accepted, nothing checked`, failures: [], notes: [] }];
  if (result.checked.length === 0) return [{ name: 'no versions to check', failures: [], notes: [] }];
  const failOnWarnings = report.failOn === FailOn.WARNING;
  return result.checked.map((version) => {
    const warnings = findingsOf(result.warnings, version);
    return {
      name: versionTitle(report, version),
      failures: [...findingsOf(result.incompatibilities, version), ...(failOnWarnings ? warnings : [])],
      notes: failOnWarnings ? [] : warnings,
    };
  });
}

function caseLines(testCase: TestCase, report: CheckReport): string[] {
  const open = `    <testcase name="${xml(testCase.name)}" classname="schema-compat.${report.result.strategy}"`;
  if (testCase.failures.length === 0 && testCase.notes.length === 0) return [`${open}/>`];
  const lines = [`${open}>`];
  if (testCase.failures.length > 0) {
    const types = [...new Set(testCase.failures.map((finding) => finding.type))].join(', ');
    const message = `${plural(testCase.failures.length, 'finding', 'findings')}: ${types}`;
    lines.push(`      <failure message="${xml(message)}" type="${xml(types)}">${xml(testCase.failures.map((finding) => findingText(finding, report)).join('\n\n'))}</failure>`);
  }
  if (testCase.notes.length > 0) lines.push(`      <system-out>${xml(testCase.notes.map((note) => `warning: ${findingText(note, report)}`).join('\n\n'))}</system-out>`);
  lines.push('    </testcase>');
  return lines;
}

function findingText(finding: Incompatibility, report: CheckReport): string {
  const lines = [`${finding.type} at ${finding.location} (${directionText(finding, versionName(report, finding.version))})`, finding.description, `detail: ${finding.message}`];
  if (finding.hint !== undefined) lines.push(`hint: ${finding.hint}`);
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
