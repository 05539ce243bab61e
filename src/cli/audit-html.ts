import type { Audit, AuditCell, AuditFinding } from '../index.js';
import type { AuditReport } from './audit-command.js';
import { upgradeSentence, violationSentence } from './audit-words.js';
import { untrusted } from './untrusted-text.js';

// `audit --format html`: one page with nothing to fetch (inline CSS, no script, no font, no image),
// so that it opens from a CI artifact or a mail attachment. Each cell with findings is a <details>:
// a click opens them, without JavaScript.

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 2rem; color: #1b1f24; }
h1 { font-size: 1.4rem; margin: 0 0 .5rem; }
.source, .notes { color: #57606a; }
#strategies ul { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .4rem; }
#strategies li { padding: .2rem .6rem; border-radius: 1rem; }
#strategies li.satisfied { background: #1a7f37; color: #fff; }
#strategies li.violated { background: #eaeef2; color: #57606a; }
#violations { color: #57606a; }
table#matrix { border-collapse: collapse; margin: 1rem 0; }
#matrix th, #matrix td { border: 1px solid #d0d7de; padding: 0; text-align: center; vertical-align: middle; }
#matrix th { padding: .3rem .5rem; background: #f6f8fa; font-weight: 600; max-width: 12rem; overflow-wrap: anywhere; }
#matrix td { min-width: 2.4rem; }
#matrix td > span, #matrix summary { display: block; padding: .35rem .5rem; }
#matrix summary { cursor: pointer; list-style: none; }
#matrix summary::-webkit-details-marker { display: none; }
td.reads { background: #aceebb; }
td.warns { background: #fae17d; }
td.fails { background: #ff8182; }
#matrix details[open] { text-align: left; background: #fff; }
#matrix details ul { margin: 0; padding: .4rem .8rem .6rem 1.6rem; min-width: 22rem; max-width: 40rem; }
code { font: 12px ui-monospace, monospace; }
.warning { color: #9a6700; }
`;

/** The audit as one self-contained HTML page: strategies, upgrade order, then the matrix as a coloured grid. */
export function formatAuditHtml(report: AuditReport): string {
  const { audit } = report;
  const strategies = [
    ...audit.satisfied.map((strategy) => `<li class="satisfied" data-strategy="${strategy}">✓ ${strategy}</li>`),
    ...audit.violations.map((violation) => `<li class="violated" data-strategy="${violation.strategy}">✗ ${violation.strategy}</li>`),
  ];
  const violations = audit.violations.map((violation) => `<li><strong>${violation.strategy}</strong>: ${escape(violationSentence(violation, audit))}</li>`);
  const newest = audit.versions.length;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>schema-compat audit: ${newest} versions</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Who reads whom: ${newest} ${newest === 1 ? 'version' : 'versions'}, oldest first</h1>
${report.description === undefined ? '' : `<p class="source">${escape(report.description)}, then the candidate ${escape(audit.versions[report.candidate] ?? '')}</p>`}
${report.notes.length === 0 ? '' : `<ul class="notes">${report.notes.map((note) => `<li>${escape(note)}</li>`).join('')}</ul>`}
<section id="strategies">
<h2>Strategies the history satisfies</h2>
<ul>${strategies.join('')}</ul>
${violations.length === 0 ? '' : `<ul id="violations">${violations.join('')}</ul>`}
<p id="upgrade">Upgrade order for version ${newest}: ${escape(upgradeSentence(audit))}.</p>
</section>
<section>
<h2>Matrix</h2>
<p>Row: the reader's version; column: the version the data was written with. Green reads, yellow reads with warnings, red cannot; click a coloured cell for its findings.</p>
${matrix(audit)}
</section>
</body>
</html>
`;
}

function matrix(audit: Audit): string {
  const byCell = new Map(audit.findings.map((cell) => [`${cell.reader}/${cell.writer}`, cell]));
  const label = (i: number): string => `${i + 1}. ${escape(audit.versions[i] ?? '')}`;
  const head = `<tr><th scope="col">reader \\ writer</th>${audit.versions.map((_, j) => `<th scope="col">${label(j)}</th>`).join('')}</tr>`;
  const rows = audit.reads.map((row, i) => `<tr><th scope="row">${label(i)}</th>${row.map((reads, j) => cellHtml(reads, byCell.get(`${i}/${j}`), i, j)).join('')}</tr>`);
  return `<table id="matrix">\n<thead>${head}</thead>\n<tbody>\n${rows.join('\n')}\n</tbody>\n</table>`;
}

function cellHtml(reads: boolean, cell: AuditCell | undefined, reader: number, writer: number): string {
  const state = !reads ? 'fails' : cell === undefined ? 'reads' : 'warns';
  const mark = { reads: '✓', warns: '~', fails: '✗' }[state];
  const title = `${reader + 1} ${reads ? 'reads' : 'cannot read'} data written with ${writer + 1}`;
  const attributes = `class="${state}" data-reader="${reader}" data-writer="${writer}" title="${title}"`;
  if (cell === undefined) return `<td ${attributes}><span>${mark}</span></td>`;
  const items = [...cell.incompatibilities.map((finding) => findingHtml(finding, '')), ...cell.warnings.map((finding) => findingHtml(finding, 'warning'))];
  return `<td ${attributes}><details><summary>${mark}</summary><ul>${items.join('')}</ul></details></td>`;
}

function findingHtml(finding: AuditFinding, kind: string): string {
  const hint = finding.hint === undefined ? '' : `<br>hint: ${escape(finding.hint)}`;
  const witness = finding.witness === undefined ? '' : `<br>witness: ${finding.witness === 'any' ? 'any datum' : `<code>${escape(JSON.stringify(finding.witness.json))}</code>`}`;
  return `<li${kind === '' ? '' : ` class="${kind}"`}><code>${escape(finding.type)}</code> at <code>${escape(finding.location)}</code>: ${escape(finding.description)}${hint}${witness}</li>`;
}

/**
 * Text as HTML character data or a quoted attribute value, escaped for reading first (`untrusted`): the
 * page's source, printed to a CI log, holds no line, escape sequence or workflow command of the schemas' making.
 */
function escape(text: string): string {
  return untrusted(text).replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] as string);
}
