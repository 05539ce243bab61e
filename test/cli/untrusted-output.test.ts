import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Run } from './support.js';
import { cliIn, parseAnnotation } from './support.js';

// Issue 23, item 3: output that cannot be turned into commands. In CI, schemas and file names are the
// pull request's: a JSON Schema property name or a file name holding a line break followed by
// `::warning ...` or `::add-mask::...`, a legacy `##[command]`, a terminal escape sequence or an
// `@mention` must reach no format as a workflow command, an escape sequence or a live mention.

/** Everything a pull request controls here, in one string. */
const PAYLOAD = 'p\n::warning title=INJECTED::by-a-name\n::add-mask::INJECTED-mask\r::error::cr \u2028::notice::ls \u0085::debug::nel ##[add-mask]INJECTED-legacy \u001b]0;INJECTED-title\u0007\u001b[2J\u001b[8m\u009b31m\u007f @someone @org/team';
/** A file name that does the same (no `/`, no NUL: anything else is a legal Linux file name). */
const FILE = 'v2\n::warning title=INJECTED::by-a-file\n::add-mask::INJECTED-file ##[error]INJECTED \u001b[8m @filer.json';

const schema = (type: string): string => JSON.stringify({ type: 'object', properties: { [PAYLOAD]: { type } }, required: [PAYLOAD] });

/** Lines GitHub's runner would read as a workflow command: `::` after leading white space (and zero-width characters), or `##[` anywhere. */
function commandLines(text: string): string[] {
  return text.split('\n').filter((line) => /^[\s\u0085\u200b-\u200d\u2060\ufeff]*::/.test(line) || line.includes('##['));
}

/** Control characters other than the line feed that ends each line (C0, DEL, C1), and the Unicode line separators. */
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

/** The lines of `--format github` that are its own annotations: `::error`/`::warning`, with only the properties it writes. */
function expectOwnAnnotations(lines: readonly string[]): void {
  for (const line of lines) {
    expect(line).toMatch(/^::(error|warning) /);
    const { properties, message } = parseAnnotation(line);
    expect(Object.keys(properties).every((key) => ['file', 'line', 'col', 'title'].includes(key))).toBe(true);
    expect(message.split('\n').some((part) => /^\s*::/.test(part))).toBe(false);
  }
}

/** A markdown report's text outside code spans has no `@name` GitHub would link. */
function liveMentions(markdown: string): string[] {
  const prose = markdown.replace(/(`+)[\s\S]*?\1/g, ' ');
  return [...prose.matchAll(/(^|[^\w`\\/])@([\w-]+)/g)].map((match) => match[2] as string);
}

function expectInert(run: Run, format: string): void {
  const output = `${run.stdout}\n${run.stderr}`;
  const commands = commandLines(output);
  if (format === 'github') expectOwnAnnotations(commands);
  else expect(commands).toEqual([]);
  expect(output).not.toMatch(CONTROL);
  if (format === 'markdown') expect(liveMentions(run.stdout)).toEqual([]);
}

let work: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'schema-compat-untrusted-'));
  mkdirSync(join(work, 'hist'));
  mkdirSync(join(work, 'schemas'));
  writeFileSync(join(work, 'v1.json'), schema('string'));
  writeFileSync(join(work, FILE), schema('integer'));
  writeFileSync(join(work, 'hist', 'v1.json'), schema('string'));
  writeFileSync(join(work, 'schemas', FILE), schema('integer'));
  // Not a schema: its subject cannot be checked, and its error names the hostile file.
  writeFileSync(join(work, 'schemas', `broken ${FILE}`), '{"type": ');
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('check FILE HISTORY: no format lets a schema or a file name start a command', () => {
  for (const format of ['text', 'github', 'markdown', 'junit', 'json', 'sarif', 'confluent']) {
    it(`--format ${format}`, async () => {
      const run = await cliIn(work, ['check', '--explain', '--format', format, FILE, 'v1.json']);
      expect(run.code).toBe(1);
      expectInert(run, format);
    });
  }

  it('text shows the name escaped on the line of its finding, and a JSON Schema witness without a binary', async () => {
    const run = await cliIn(work, ['check', '--explain', FILE, 'v1.json']);
    expect(run.stdout).toContain('p\\n::warning title=INJECTED::by-a-name\\n::add-mask::INJECTED-mask\\r::error::cr \\u2028::notice::ls \\u0085::debug::nel ##\\u005badd-mask]INJECTED-legacy \\u001b]0;INJECTED-title\\u0007\\u001b[2J');
    expect(run.stdout).toMatch(/ {4}witness: \{.*\}\n/);
    expect(run.stdout).not.toContain('binary');
  });

  it('github names the file escaped on its summary line', async () => {
    const run = await cliIn(work, ['check', '--format', 'github', FILE, 'v1.json']);
    expect(run.stdout).toContain('\nschema-compat: INCOMPATIBLE under BACKWARD: v2\\n::warning title=INJECTED::by-a-file\\n::add-mask::INJECTED-file ##\\u005berror]INJECTED \\u001b[8m @filer.json against versions [1]');
  });

  it('JSON and SARIF keep the exact name: they stay JSON', async () => {
    for (const format of ['json', 'sarif']) {
      const run = await cliIn(work, ['check', '--format', format, FILE, 'v1.json']);
      expect(run.stdout).toContain('##\\u005b');
      // The same serialiser on both sides: the name is in the parsed value as it is in the schema.
      expect(JSON.stringify(JSON.parse(run.stdout))).toContain(JSON.stringify(PAYLOAD.slice(0, PAYLOAD.indexOf(' @'))).slice(1, -1));
    }
  });

  it('markdown makes mentions inert with a zero-width space', async () => {
    const run = await cliIn(work, ['check', '--format', 'markdown', FILE, 'v1.json']);
    expect(run.stdout).toContain('@&#8203;someone');
  });
});

describe('a repository run: summary lines, subjects that cannot be checked, error lines on stderr', () => {
  for (const format of ['text', 'github', 'markdown', 'junit', 'json', 'sarif']) {
    it(`--format ${format}`, async () => {
      writeFileSync(join(work, '.schema-compat.yaml'), 'defaults:\n  against: dir:hist\nsubjects:\n  - files: schemas/*.json\n');
      const run = await cliIn(work, ['check', '--format', format]);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/^error: /);
      expectInert(run, format);
    });
  }
});

describe('diff, changelog and audit', () => {
  for (const format of ['text', 'markdown', 'json']) {
    it(`diff --format ${format}`, async () => {
      const run = await cliIn(work, ['diff', '--format', format, 'v1.json', FILE]);
      expect(run.code).toBe(1);
      expectInert(run, format);
    });

    it(`changelog --format ${format}`, async () => {
      const run = await cliIn(work, ['changelog', '--format', format, join('schemas', FILE), '--against', 'dir:hist']);
      expect(run.code).toBe(1);
      expectInert(run, format);
    });
  }

  for (const format of ['text', 'html', 'json']) {
    it(`audit --format ${format}`, async () => {
      const run = await cliIn(work, ['audit', '--explain', '--format', format, FILE, 'v1.json']);
      expect(run.code).toBe(0);
      expectInert(run, format);
    });
  }

  it('an error message on stderr: a file name that cannot be read', async () => {
    const run = await cliIn(work, ['check', `missing ${FILE}`, 'v1.json']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^error: /);
    expectInert(run, 'text');
  });
});
