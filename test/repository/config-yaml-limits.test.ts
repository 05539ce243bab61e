import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from 'schema-compat/repository';

// Issue 23: what a configuration file can make loadConfig do is bounded and typed. yaml's own guard
// against alias expansion (its maxAliasCount of 100) stays; its ReferenceError becomes a ConfigError at
// the first alias. A source that does not parse is quoted without its credentials.

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function configError(text: string): { file: string; error: ConfigError } {
  const dir = mkdtempSync(join(tmpdir(), 'schema-compat-yaml-limits-'));
  folders.push(dir);
  const file = join(dir, '.schema-compat.yaml');
  writeFileSync(file, text);
  let caught: unknown;
  try {
    loadConfig(file);
  } catch (error: unknown) {
    caught = error;
  }
  if (!(caught instanceof ConfigError)) throw new Error(`expected a ConfigError, got ${caught instanceof Error ? `${caught.name}: ${caught.message}` : String(caught)}`);
  return { file: relative(process.cwd(), file), error: caught };
}

const BASE = 'defaults:\n  against: git-log\nsubjects:\n  - files: schemas/*.avsc\n';
const ALIAS_MESSAGE = 'too many alias uses (*name): more than 100 values expanded from anchors, which a YAML bomb is made of; write the values out';

describe('YAML alias limits', () => {
  it('a billion-laughs bomb is a ConfigError at its first alias, quickly', () => {
    const bomb = ['lol0: &lol0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]'];
    for (let i = 1; i < 10; i++) bomb.push(`lol${i}: &lol${i} [${Array(9).fill(`*lol${i - 1}`).join(', ')}]`);
    const started = Date.now();
    const { file, error } = configError(`${bomb.join('\n')}\n${BASE}`);
    expect(error.problems).toEqual([{ file, line: 2, column: 14, path: '', rule: 'yaml', message: ALIAS_MESSAGE }]);
    expect(error.message).toContain(`${file}:2:14`);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('150 uses of one anchor is a ConfigError at the first use', () => {
    const reused = ['ignore:', '  - &entry {subject: a, reason: "approved once"}', ...Array<string>(150).fill('  - *entry')];
    const { file, error } = configError(`${BASE}${reused.join('\n')}\n`);
    expect(error.problems).toEqual([{ file, line: 7, column: 5, path: '', rule: 'yaml', message: ALIAS_MESSAGE }]);
  });

  it('100 uses are still read', () => {
    const reused = ['ignore:', '  - &entry {subject: a, reason: "approved once"}', ...Array<string>(99).fill('  - *entry')];
    const dir = mkdtempSync(join(tmpdir(), 'schema-compat-yaml-limits-'));
    folders.push(dir);
    writeFileSync(join(dir, '.schema-compat.yaml'), `${BASE}${reused.join('\n')}\n`);
    expect(loadConfig(join(dir, '.schema-compat.yaml')).ignore).toHaveLength(100);
  });
});

describe('a source that does not parse, in `against`', () => {
  it.each([
    'registry:http://alice:S3CRET-pw@127.0.0.1:99999',
    'pulsar:http://alice:S3CRET-pw@[::1',
    'registry:https://alice:S3CRET-pw@registry example.com',
  ])('%s: quoted without the password', (against) => {
    const { error } = configError(`defaults:\n  against: "${against}"\nsubjects:\n  - files: schemas/*.avsc\n`);
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatchObject({ line: 2, path: 'defaults.against', rule: 'source' });
    expect(error.message).not.toContain('S3CRET');
    expect(error.message).toContain('***@');
  });
});

it('a misspelt source kind (the schema\'s pattern) is quoted without the password', () => {
  const { error } = configError('defaults:\n  against: "regsitry:http://alice:S3CRET-pw@127.0.0.1:8081"\nsubjects:\n  - files: schemas/*.avsc\n');
  expect(error.problems[0]).toMatchObject({ line: 2, path: 'defaults.against', rule: 'pattern' });
  expect(error.message).toContain('"regsitry:http://***@127.0.0.1:8081" does not have the form');
  expect(error.message).not.toContain('S3CRET');
});
