import type { AuditCell, AuditFinding } from '../index.js';
import type { AuditReport } from './audit-command.js';
import { upgradeSentence, violationSentence } from './audit-words.js';
import type { Paint } from './paint.js';
import { untrusted } from './untrusted-text.js';

/** `audit` for people: the versions, the matrix (row reads column), the strategies, the upgrade order and every failing cell. */
export function formatAuditText(report: AuditReport, paint: Paint): string {
  const { audit } = report;
  const n = audit.versions.length;
  const width = String(n).length;
  const lines: string[] = [paint.bold(`Audit of ${n} ${n === 1 ? 'version' : 'versions'}, oldest first${report.description === undefined ? '' : ` (${untrusted(report.description)}, then the candidate)`}:`)];
  audit.versions.forEach((label, i) => lines.push(`  ${String(i + 1).padStart(width)}  ${untrusted(label)}${i === report.candidate ? ' (the candidate)' : ''}`));
  for (const note of report.notes) lines.push(paint.dim(`  note: ${untrusted(note)}`));
  lines.push('', `Who reads whom: row R reads data written with column W (${paint.green('✓')} reads, ${paint.yellow('~')} reads with warnings, ${paint.red('✗')} cannot)`);
  const warned = new Set(audit.findings.map((cell) => `${cell.reader}/${cell.writer}`));
  const head = Math.max(3, width);
  lines.push(`  ${'R\\W'.padStart(head)}${audit.versions.map((_, j) => ` ${String(j + 1).padStart(width)}`).join('')}`);
  audit.reads.forEach((row, i) => {
    // Padded before painting: colour codes take no room on the screen.
    const marks = row.map((reads, j) => ' '.repeat(width) + (!reads ? paint.red('✗') : warned.has(`${i}/${j}`) ? paint.yellow('~') : paint.green('✓')));
    lines.push(`  ${String(i + 1).padStart(head)}${marks.join('')}`);
  });
  lines.push('', `Satisfied: ${audit.satisfied.join(', ')}`);
  if (report.configured !== undefined) {
    const holds = audit.satisfied.includes(report.configured.strategy);
    lines.push(`Configured at the source${report.configured.from === undefined ? '' : ` (${untrusted(report.configured.from)})`}: ${report.configured.strategy}, ${holds ? paint.green('satisfied') : paint.red('not satisfied')}`);
  }
  if (audit.violations.length > 0) {
    lines.push('Not satisfied:');
    const column = Math.max(...audit.violations.map((violation) => violation.strategy.length));
    for (const violation of audit.violations) lines.push(`  ${violation.strategy.padEnd(column)}  ${untrusted(violationSentence(violation, audit))}`);
  }
  lines.push('', `Upgrade order for version ${n} (${untrusted(audit.versions[n - 1] ?? '')}): ${upgradeSentence(audit)}`);
  if (n > 1) lines.push(`  against version ${n - 1} alone: ${audit.upgrade.fromPrevious}`);
  const cells = audit.findings;
  if (cells.length > 0) lines.push('', 'Findings:');
  for (const cell of cells) lines.push(...cellLines(cell, paint));
  return `${lines.join('\n')}\n`;
}

function cellLines(cell: AuditCell, paint: Paint): string[] {
  const verdict = cell.incompatibilities.length > 0 ? paint.red('cannot read') : paint.yellow('reads, with warnings,');
  const finding = (kind: string, item: AuditFinding): string[] => [
    `    ${kind}${untrusted(item.type)} at ${untrusted(item.location)}: ${untrusted(item.description)}`,
    ...(item.hint === undefined ? [] : [`      hint: ${untrusted(item.hint)}`]),
    ...(item.witness === undefined ? [] : [`      witness: ${item.witness === 'any' ? 'any datum' : untrusted(JSON.stringify(item.witness.json) ?? 'undefined')}`]),
  ];
  return [
    `  ${cell.reader + 1} ${verdict} data written with ${cell.writer + 1}`,
    ...cell.incompatibilities.flatMap((item) => finding('', item)),
    ...cell.warnings.flatMap((item) => finding(paint.yellow('warning '), item)),
  ];
}
