import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(`${root}/README.md`, 'utf8');

/** The code block after the example marker and the output block after it. */
function exampleBlocks(): { code: string; output: string } {
  const at = readme.indexOf('<!-- example: examples/library.mjs');
  const [, code = '', output = ''] = /```js\n([\s\S]*?)\n```\s*\n\s*prints\s*\n\s*```text\n([\s\S]*?)\n```/.exec(readme.slice(at)) ?? [];
  return { code, output };
}

describe('README', () => {
  it('shows examples/library.mjs as it is', () => {
    expect(exampleBlocks().code).toBe(readFileSync(`${root}/examples/library.mjs`, 'utf8').trimEnd());
  });

  it('shows the real output of the library example (run against dist/)', () => {
    const output = execFileSync(process.execPath, ['examples/library.mjs'], { cwd: root, encoding: 'utf8' }).trimEnd();
    expect(exampleBlocks().output).toBe(output);
  });

  it('gives the two Quick start commands', () => {
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
  });
});
