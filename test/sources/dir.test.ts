import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SourceError, SourceErrorCode, compareNatural, parseSource, readHistory } from 'schema-compat/sources';
import { userSchema } from '../support/git-repo.js';

const folders: string[] = [];

function folder(files: readonly string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'schema-compat-dir-'));
  folders.push(dir);
  files.forEach((name, i) => writeFileSync(join(dir, name), userSchema({ name: `f${i}`, type: 'long' })));
  return dir;
}

afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function order(files: readonly string[]): Promise<Array<[number, string]>> {
  const dir = folder(files);
  const snapshot = await readHistory(`dir:${dir}`);
  return snapshot.versions.map((version) => [version.version, (version.path as string).slice(dir.length + 1)]);
}

describe('compareNatural', () => {
  it.each([
    ['user-1.9', 'user-1.10', -1],
    ['user-1.10', 'user-1.9', 1],
    ['2024-01-15', '2024-03-02', -1],
    ['v2', 'v10', -1],
    ['v1', 'v1.1', -1],
    ['v1.1', 'v1', 1],
    ['v1', 'v1-2', -1],
    ['v01', 'v1', 'ambiguous'],
    ['latest', 'v1', 'ambiguous'],
    ['v2-rc1', 'v2', 'ambiguous'],
    ['v2-fix', 'v2-hotfix', 'ambiguous'],
    ['a1', 'b2', 'ambiguous'],
    ['v1', 'v1', 'ambiguous'],
    ['v99999999999999999999', 'v100000000000000000000', -1],
  ] as const)('%s against %s is %s', (a, b, expected) => {
    expect(compareNatural(a, b)).toBe(expected);
  });
});

describe('dir:PATH', () => {
  it('orders names naturally, number run by number run, and numbers by position when names hold several numbers', async () => {
    expect(await order(['user-1.10.avsc', 'user-1.9.avsc', 'user-1.0.avsc', 'user-2.0.avsc'])).toEqual([
      [1, 'user-1.0.avsc'], [2, 'user-1.9.avsc'], [3, 'user-1.10.avsc'], [4, 'user-2.0.avsc'],
    ]);
    expect(await order(['2024-03-02.avsc', '2024-01-15.avsc', '2023-12-31.avsc'])).toEqual([
      [1, '2023-12-31.avsc'], [2, '2024-01-15.avsc'], [3, '2024-03-02.avsc'],
    ]);
  });

  it('keeps the number in the name as the version when every name holds one (v1 ... v10)', async () => {
    expect(await order(['v10.avsc', 'v2.avsc', 'v1.avsc', 'notes.txt', '.hidden.avsc'])).toEqual([[1, 'v1.avsc'], [2, 'v2.avsc'], [10, 'v10.avsc']]);
  });

  it.each([
    [['latest.avsc', 'v1.avsc'], 'latest.avsc and v1.avsc'],
    [['v01.avsc', 'v1.avsc', 'v2.avsc'], 'v01.avsc and v1.avsc'],
    [['v2.avsc', 'v2-rc1.avsc'], 'v2.avsc and v2-rc1.avsc'],
    [['v1.avsc', 'v1.json'], 'v1.avsc and v1.json'],
  ])('refuses names it cannot order: %j', async (files, pair) => {
    const dir = folder(files);
    const error: unknown = await readHistory(`dir:${dir}`).then(() => undefined, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).code).toBe(SourceErrorCode.UNORDERED_NAMES);
    expect((error as SourceError).message).toBe(`dir ${dir}: cannot tell which of these comes first: ${pair}. Name the versions so that only numbers differ (v1, v2, ... v10; user-1.9, user-1.10; 2024-01-15), or give the files in order on the command line`);
  });

  it('leaves the candidate out when it is in the folder, and reads paths from cwd', async () => {
    const dir = folder(['v1.avsc', 'v2.avsc', 'v3.avsc']);
    const snapshot = await readHistory('dir:.', { cwd: dir, path: 'v3.avsc' });
    expect(snapshot.versions.map((version) => version.label)).toEqual(['v1.avsc', 'v2.avsc']);
    expect(snapshot.description).toBe('dir .: 2 files: v1.avsc, v2.avsc');
  });

  it('an empty folder is an error (NO_VERSIONS, never an empty history); so is a folder that does not exist', async () => {
    const dir = folder([]);
    const empty: unknown = await readHistory(`dir:${dir}`).then(() => undefined, (caught: unknown) => caught);
    expect((empty as SourceError).code).toBe(SourceErrorCode.NO_VERSIONS);
    expect((empty as SourceError).message).toBe(`dir ${dir}: no schema file (.avsc, .json, .proto) in the folder: nothing to compare with. Check the folder, or give the history another way (HISTORY files, --against git-log)`);
    const error: unknown = await readHistory(`dir:${join(dir, 'nope')}`).then(() => undefined, (caught: unknown) => caught);
    expect((error as SourceError).code).toBe(SourceErrorCode.UNREADABLE_FILE);
    expect((error as SourceError).message).toBe(`dir ${join(dir, 'nope')}: cannot read the folder: no such file or directory`);
  });

  it('reads the type of each file from its extension, or from the schemaType option', async () => {
    const dir = folder([]);
    mkdirSync(join(dir, 'sub'));
    writeFileSync(join(dir, 'v1.json'), '{"type": "object"}');
    writeFileSync(join(dir, 'v2.avsc'), '"string"');
    const snapshot = await readHistory(`dir:${dir}`);
    expect(snapshot.versions.map((version) => version.schemaType)).toEqual(['JSON', 'AVRO']);
    const forced = await readHistory(`dir:${dir}`, { schemaType: 'JSON' });
    expect(forced.versions.map((version) => version.schemaType)).toEqual(['JSON', 'JSON']);
  });
});

describe('parseSource', () => {
  it.each([
    ['git:origin/main', { kind: 'git', ref: 'origin/main' }],
    ['git:v1.2.0:schemas/user.avsc', { kind: 'git', ref: 'v1.2.0', path: 'schemas/user.avsc' }],
    ['git-log', { kind: 'git-log', ref: 'HEAD' }],
    ['git-log:origin/main', { kind: 'git-log', ref: 'origin/main' }],
    ['git-log:HEAD~3:a/b.avsc', { kind: 'git-log', ref: 'HEAD~3', path: 'a/b.avsc' }],
    ['git-tags', { kind: 'git-tags', glob: '*' }],
    ['git-tags:v*', { kind: 'git-tags', glob: 'v*' }],
    ['git-tags:v*:schemas/user.avsc', { kind: 'git-tags', glob: 'v*', path: 'schemas/user.avsc' }],
    ['git-log:v1.0.0..origin/main', { kind: 'git-log', since: 'v1.0.0', ref: 'origin/main' }],
    ['git-log:v1.0.0..', { kind: 'git-log', since: 'v1.0.0', ref: 'HEAD' }],
    ['git-log:v1.0.0..main:a/b.avsc', { kind: 'git-log', since: 'v1.0.0', ref: 'main', path: 'a/b.avsc' }],
    ['git-tags:v1.2.0..v*', { kind: 'git-tags', since: 'v1.2.0', glob: 'v*' }],
    ['git-tags:v1.2.0..:a/b.avsc', { kind: 'git-tags', since: 'v1.2.0', glob: '*', path: 'a/b.avsc' }],
    ['dir:schemas/history', { kind: 'dir', path: 'schemas/history' }],
    ['glob:AdminOperation/v*/*.avsc', { kind: 'glob', pattern: 'AdminOperation/v*/*.avsc' }],
    ['registry:http://localhost:8081/', { kind: 'registry', url: 'http://localhost:8081' }],
    ['registry:https://user:pw@sr.example.com/apis/ccompat/v7', { kind: 'registry', url: 'https://user:pw@sr.example.com/apis/ccompat/v7' }],
    ['pulsar:http://localhost:8080', { kind: 'pulsar', url: 'http://localhost:8080' }],
  ])('reads %s', (text, expected) => {
    expect(parseSource(text)).toEqual(expected);
  });

  it.each([
    ['svn:trunk', 'unknown source kind "svn"'],
    ['git', 'needs a ref after the colon'],
    ['git:', 'needs a ref after the colon'],
    ['git:--upload-pack=x', '"--upload-pack=x" is not a ref'],
    ['git:main:', 'the path after the second colon is empty'],
    ['git:v1..main', 'git:REF reads one version: a range (SINCE..REF) goes with git-log'],
    ['git-log:..main', '"..main": the lower bound before .. is empty'],
    ['git-log:v1...main', '"v1...main": a symmetric difference (three dots) is no history; write SINCE..REF'],
    ['git-log:a..b..c', '"a..b..c" holds two ranges'],
    ['git-log:v1..-x', '"-x" is not a ref'],
    ['dir:', 'dir: needs a folder (dir:PATH)'],
    ['glob:', 'glob: needs a pattern (glob:AdminOperation/v*/*.avsc)'],
    ['registry:localhost:8081', 'needs an http:// or https:// URL, e.g. registry:http://localhost:8081'],
    ['pulsar:ftp://x', 'needs an http:// or https:// URL, e.g. registry:http://localhost:8081'],
  ])('refuses %s', (text, problem) => {
    expect(() => parseSource(text)).toThrow(`source ${JSON.stringify(text)}: ${problem}. Sources: git:REF, git:REF:PATH, git-log, git-log:REF, git-log:SINCE..REF, git-log:REF:PATH, git-tags:GLOB, git-tags:SINCE..GLOB, git-tags:GLOB:PATH, dir:PATH, glob:PATTERN, registry:URL, pulsar:URL`);
  });
});
