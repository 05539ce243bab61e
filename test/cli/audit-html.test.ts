import { beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_MS, SKIPPED_NOTE, dumpDom, resultText, skipChromium } from '../support/chromium.js';
import { USER_AUDIT_READS } from '../support/user-audit.js';
import { cli, example } from './support.js';

// Issue 16: `audit --format html` writes one self-contained page, opened here in real headless
// Chromium. A script added by the test (the page has none) reads the grid through the DOM and the
// computed styles, clicks a failing cell, and writes what it saw into #result: no screenshot.

/** Reads the page as a person would see it: the grid's states and colours, then one failing cell opened. */
const INSPECT = `
const table = document.getElementById('matrix');
const rows = [...table.tBodies[0].rows];
const colour = (td) => getComputedStyle(td).backgroundColor;
const grid = rows.map((row) => [...row.cells].slice(1).map((td) => td.className));
const colours = {};
for (const td of table.querySelectorAll('td')) (colours[td.className] ??= new Set()).add(colour(td));
const details = table.querySelector('td[data-reader="4"][data-writer="3"] details');
const list = details.querySelector('ul');
// checkVisibility: a closed <details> hides its content with content-visibility, which sizes do not show.
const hiddenBefore = !details.open && !list.checkVisibility();
details.querySelector('summary').click();
const shown = { open: details.open, visible: list.checkVisibility() && list.getBoundingClientRect().height > 0, findings: [...list.querySelectorAll('li')].map((li) => li.textContent) };
document.getElementById('result').textContent = JSON.stringify({
  headers: [...table.tHead.rows[0].cells].slice(1).map((th) => th.textContent),
  rowHeaders: rows.map((row) => row.cells[0].textContent),
  grid,
  colours: Object.fromEntries(Object.entries(colours).map(([state, set]) => [state, [...set]])),
  satisfied: [...document.querySelectorAll('#strategies li.satisfied')].map((li) => li.dataset.strategy),
  violated: [...document.querySelectorAll('#strategies li.violated')].map((li) => li.dataset.strategy),
  strategiesAboveGrid: Boolean(document.getElementById('strategies').compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING),
  hiddenBefore,
  shown,
});
`;

describe('schema-compat audit --format html', () => {
  let page = '';
  beforeAll(() => {
    if (skipChromium) console.warn('test/cli/audit-html.test.ts: the headless Chromium run is SKIPPED: chromium is not installed (apt-get install -y chromium; under CI=true it fails instead)');
    const run = cli(['audit', example('candidate.avsc'), '--against', 'dir:examples/user', '--format', 'html']);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    page = run.stdout;
  });

  it('is one self-contained page: inline CSS, nothing fetched, no script of its own', () => {
    expect(page).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(page).toContain('<style>');
    expect(page).not.toMatch(/<script|<link|<img|<iframe|\bsrc=|\bhref=|url\(|@import/i);
    // Everything a schema says is escaped: the descriptions quote names in single quotes.
    expect(page).toContain('The field &#39;handle&#39; at path &#39;/fields/1&#39;');
  });

  it.skipIf(skipChromium)(`shows the matrix as a coloured grid in headless Chromium, each failing cell opening its findings${SKIPPED_NOTE}`, async () => {
    const html = page.replace('</body>', `<pre id="result"></pre><script>${INSPECT}</script></body>`);
    const { dom, log } = await dumpDom(html);
    const text = resultText(dom);
    if (text === undefined) throw new Error(`the page wrote no result; Chromium logged:\n${log.slice(-2000)}`);
    const seen = JSON.parse(text) as Record<string, unknown>;
    const labels = ['v1', 'v2', 'v3', 'v4', 'candidate'].map((name, i) => `${i + 1}. ${example(`${name}.avsc`)}`);
    expect(seen).toMatchObject({
      headers: labels,
      rowHeaders: labels,
      grid: USER_AUDIT_READS.map((row) => row.map((reads) => (reads ? 'reads' : 'fails'))),
      satisfied: ['NONE'],
      violated: ['BACKWARD', 'BACKWARD_TRANSITIVE', 'FORWARD', 'FORWARD_TRANSITIVE', 'FULL', 'FULL_TRANSITIVE'],
      strategiesAboveGrid: true,
      hiddenBefore: true,
      shown: {
        open: true,
        visible: true,
        findings: [
          "READER_FIELD_MISSING_DEFAULT_VALUE at /fields/1: The field 'handle' at path '/fields/1' in the new schema has no default value and is missing in the old schema",
          "TYPE_MISMATCH at /fields/3/type: The type (path '/fields/3/type') of a field in the new schema does not match with the old schema",
          "MISSING_ENUM_SYMBOLS at /fields/5/type/symbols: The new schema is missing enum symbols '[DELETED]' at path '/fields/5/type/symbols' in the old schema",
        ],
      },
    });
    // One colour per state, and the two states differ: the grid is readable at a glance.
    const colours = seen['colours'] as Record<string, string[]>;
    expect(Object.keys(colours).sort()).toEqual(['fails', 'reads']);
    expect(colours['reads']).toHaveLength(1);
    expect(colours['fails']).toHaveLength(1);
    expect(colours['reads']?.[0]).not.toBe(colours['fails']?.[0]);
  }, CHROMIUM_MS + 30_000);
});
