import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Runs every code sample in docs/*.md and README.md, as docs/README.md ("Code samples are tested") says:
// js/mjs/ts/sh blocks run unless marked `no-run`; `file=NAME` blocks are written for later blocks; a
// `text output` block is compared with the stdout of the block before it; `exit=N` expects that status.

const root = fileURLToPath(new URL('../..', import.meta.url));
const runRoot = join(root, '.docs-run');
const RUN_LANGUAGES = new Set(['js', 'mjs', 'ts', 'sh', 'bash', 'shell']);
const TIMEOUT_MS = 60_000;

interface Block {
  readonly line: number;
  readonly language: string;
  readonly words: readonly string[];
  readonly code: string;
}

interface Sample {
  readonly block: Block;
  /** Set when the block is followed by a `text output` block. */
  readonly output?: string;
}

/** Fenced blocks (``` or longer fences) of a markdown text, with the line of the opening fence. */
export function fencedBlocks(markdown: string): Block[] {
  const lines = markdown.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(`{3,})\s*(.*)$/.exec(lines[i] as string);
    if (open === null) continue;
    const fence = open[1] as string;
    const [language = '', ...words] = (open[2] as string).trim().split(/\s+/);
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !(lines[i] as string).startsWith(fence); i++) body.push(lines[i] as string);
    blocks.push({ line: start + 1, language: language.toLowerCase(), words, code: body.join('\n') });
  }
  return blocks;
}

function attribute(block: Block, name: string): string | undefined {
  const word = block.words.find((candidate) => candidate.startsWith(`${name}=`));
  return word?.slice(name.length + 1);
}

/** The steps of one document, in order: files to write and samples to run. */
function steps(blocks: readonly Block[]): Array<{ kind: 'file'; block: Block; path: string } | { kind: 'run'; sample: Sample }> {
  const result: Array<{ kind: 'file'; block: Block; path: string } | { kind: 'run'; sample: Sample }> = [];
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i] as Block;
    const path = attribute(block, 'file');
    if (path !== undefined) result.push({ kind: 'file', block, path });
    else if (RUN_LANGUAGES.has(block.language) && !block.words.includes('no-run')) {
      const next = blocks[i + 1];
      const output = next !== undefined && next.language === 'text' && next.words.includes('output') ? next.code : undefined;
      result.push({ kind: 'run', sample: output === undefined ? { block } : { block, output } });
    }
  }
  return result;
}

function documents(): string[] {
  const docs = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).sort().map((name) => `docs/${name}`);
  return ['README.md', ...docs];
}

/** A fresh working directory per document, with examples/ visible and `schema-compat` on PATH. */
function prepare(document: string): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = join(runRoot, document.replace(/[/.]/g, '_'));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  symlinkSync(join(root, 'examples'), join(dir, 'examples'));
  const bin = join(runRoot, '.bin');
  mkdirSync(bin, { recursive: true });
  const shim = join(bin, 'schema-compat');
  writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${join(root, 'dist/cli.js')}" "$@"\n`);
  chmodSync(shim, 0o755);
  const { NO_COLOR: _unset, FORCE_COLOR: _unsetToo, GITHUB_STEP_SUMMARY: _noSummary, ...base } = process.env;
  return { dir, env: { ...base, NO_COLOR: '1', PATH: `${bin}:${dirname(process.execPath)}:${process.env['PATH'] ?? ''}` } };
}

/**
 * `npx schema-compat` runs the built CLI; `npx` of anything else, and `npm`, fail: a sample must never
 * install packages or touch the repository (npm walks up to its package.json). Mark such blocks `no-run`.
 */
const SHELL_PRELUDE = [
  'npx() { if [ "$1" = schema-compat ]; then shift; schema-compat "$@"; else echo "docs test: npx $1 is not allowed in a sample" >&2; return 127; fi; }',
  'npm() { echo "docs test: npm is not allowed in a sample (mark the block no-run)" >&2; return 127; }',
  '',
].join('\n');

function run(sample: Sample, dir: string, env: NodeJS.ProcessEnv): { status: number | null; stdout: string; stderr: string } {
  const { block } = sample;
  let command: string[];
  if (block.language === 'sh' || block.language === 'bash' || block.language === 'shell') {
    const file = join(dir, `.sample-${block.line}.sh`);
    writeFileSync(file, `${SHELL_PRELUDE}${block.code}\n`);
    command = ['bash', '-e', '-o', 'pipefail', file];
  } else {
    const code = block.language === 'ts'
      ? ts.transpileModule(block.code, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false } }).outputText
      : block.code;
    const file = join(dir, `.sample-${block.line}.mjs`);
    writeFileSync(file, code);
    command = [process.execPath, file];
  }
  const child = spawnSync(command[0] as string, command.slice(1), { cwd: dir, env, encoding: 'utf8', timeout: TIMEOUT_MS });
  return { status: child.status, stdout: child.stdout, stderr: child.stderr };
}

const trimLines = (text: string): string => text.split('\n').map((line) => line.trimEnd()).join('\n').trimEnd();

for (const document of documents()) {
  const plan = steps(fencedBlocks(readFileSync(join(root, document), 'utf8')));
  if (plan.every((step) => step.kind === 'file')) continue;
  describe(document, () => {
    const context = { dir: '', env: {} as NodeJS.ProcessEnv };
    it('gets a fresh working directory', () => {
      Object.assign(context, prepare(document));
      expect(readdirSync(context.dir)).toEqual(['examples']);
    });
    for (const step of plan) {
      if (step.kind === 'file') {
        it(`${document}:${step.block.line} writes ${step.path}`, () => {
          const target = join(context.dir, step.path);
          mkdirSync(dirname(target), { recursive: true });
          writeFileSync(target, `${step.block.code}\n`);
          expect(readFileSync(target, 'utf8')).toBe(`${step.block.code}\n`);
        });
        continue;
      }
      const { sample } = step;
      const expected = Number(attribute(sample.block, 'exit') ?? 0);
      it(`${document}:${sample.block.line} (${sample.block.language}) exits ${expected}`, () => {
        const result = run(sample, context.dir, context.env);
        expect({ status: result.status, stderr: result.status === expected ? '' : result.stderr }).toEqual({ status: expected, stderr: '' });
        if (sample.output !== undefined) expect(trimLines(result.stdout)).toBe(trimLines(sample.output));
      }, TIMEOUT_MS + 5_000);
    }
  });
}

describe('the sample conventions', () => {
  it('finds fences with their info words and lines', () => {
    const blocks = fencedBlocks('x\n```sh exit=1\nfalse\n```\n````js no-run\na\n```\nb\n````\n');
    expect(blocks).toEqual([
      { line: 2, language: 'sh', words: ['exit=1'], code: 'false' },
      { line: 5, language: 'js', words: ['no-run'], code: 'a\n```\nb' },
    ]);
  });

  it('plans file blocks, runnable blocks and output blocks; skips no-run and other languages', () => {
    const plan = steps(fencedBlocks('```json file=a.avsc\n{}\n```\n```sh\ncat a.avsc\n```\n```text output\n{}\n```\n```js no-run\nx\n```\n```yaml\na: 1\n```\n'));
    expect(plan.map((step) => (step.kind === 'file' ? `file ${step.path}` : `run ${step.sample.block.line} ${step.sample.output ?? '-'}`))).toEqual(['file a.avsc', 'run 4 {}']);
  });
});
