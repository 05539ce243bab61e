import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CompatibilityResult } from 'schema-compat';
import { UsageError, parseArgs } from '../../src/cli/args.js';
import { formatText } from '../../src/cli/format-text.js';
import { colourEnabled, makePaint } from '../../src/cli/paint.js';
import { runCli } from '../../src/cli/run.js';
import type { CliIO } from '../../src/cli/run.js';
import { readVersion } from '../../src/cli/version.js';
import { locateJsonPointer } from '../../src/cli/json-locate.js';

const ESC = '\u001b';
const FILES: Readonly<Record<string, string>> = {
  'old.avsc': '{"type":"record","name":"R","fields":[{"name":"a","type":"long"}]}',
  'new.avsc': '{"type":"record","name":"R","fields":[{"name":"a","type":"int"}]}',
  'renamed.avsc': '{"type":"record","name":"Renamed","fields":[{"name":"a","type":"long"}]}',
};

interface Captured {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

async function run(argv: readonly string[], io: Partial<CliIO> = {}): Promise<Captured> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    readFile: (path) => {
      const text = FILES[path];
      if (text === undefined) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
      return text;
    },
    listFiles: (dir) => {
      if (dir !== 'history') throw Object.assign(new Error(`ENOENT: ${dir}`), { code: 'ENOENT' });
      return Object.keys(FILES).filter((name) => name.startsWith('history/')).map((name) => name.slice('history/'.length));
    },
    readStdin: () => {
      throw Object.assign(new Error('EAGAIN: no stdin'), { code: 'EAGAIN' });
    },
    writeFile: () => {
      throw new Error('no files are written in these tests');
    },
    appendFile: () => {
      throw new Error('no files are appended to in these tests');
    },
    cwd: () => '/nonexistent-schema-compat-test-folder',
    isTTY: false,
    env: {},
    version: () => '9.9.9',
    ...io,
    stdout: (text) => { stdout += text; },
    stderr: (text) => { stderr += text; },
  });
  return { code, stdout, stderr };
}

const CHECK = ['check', '--strategy', 'backward', 'new.avsc', 'old.avsc'];

describe('runCli colour', () => {
  it('colours the text report on a TTY without NO_COLOR', async () => {
    const out = await run(CHECK, { isTTY: true, env: {} });
    expect(out.code).toBe(1);
    expect(out.stdout.startsWith(`${ESC}[31m${ESC}[1mINCOMPATIBLE${ESC}[22m${ESC}[39m under BACKWARD`)).toBe(true);
  });

  it('writes no escapes on a TTY when NO_COLOR is set', async () => {
    const out = await run(CHECK, { isTTY: true, env: { NO_COLOR: '1' } });
    expect(out.code).toBe(1);
    expect(out.stdout.split('\n')[0]).toBe('INCOMPATIBLE under BACKWARD: 1 incompatibility with version 1');
    expect(out.stdout.includes(ESC)).toBe(false);
  });

  it('writes no escapes when stdout is not a TTY, nor in JSON on a TTY', async () => {
    expect((await run(CHECK, { isTTY: false })).stdout.includes(ESC)).toBe(false);
    const json = await run([...CHECK, '--format', 'json'], { isTTY: true });
    expect(json.stdout.includes(ESC)).toBe(false);
    expect((JSON.parse(json.stdout) as CompatibilityResult).incompatibilities[0]?.type).toBe('TYPE_MISMATCH');
  });

  it('follows no-color.org: an empty NO_COLOR does not disable colour', async () => {
    expect(colourEnabled({ isTTY: true, env: { NO_COLOR: '' } })).toBe(true);
    expect(colourEnabled({ isTTY: true, env: { NO_COLOR: 'yes' } })).toBe(false);
    expect(colourEnabled({ isTTY: false, env: {} })).toBe(false);
  });
});

describe('runCli input handling', () => {
  it('names an unreadable file with the reason', async () => {
    const out = await run(CHECK, { readFile: () => { throw Object.assign(new Error('EACCES'), { code: 'EACCES' }); } });
    expect(out).toEqual({ code: 2, stdout: '', stderr: 'error: cannot read new.avsc: permission denied\n' });
  });

  it('prints the injected version', async () => {
    expect(await run(['--version'])).toEqual({ code: 0, stdout: '9.9.9\n', stderr: '' });
  });

  it('readVersion finds package.json from the source file', async () => {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(readVersion()).toBe(manifest.version);
  });
});

describe('parseArgs', () => {
  const specs = { strategy: { takesValue: true }, flag: { takesValue: false }, help: { takesValue: false, short: 'h' } };

  it('reads --opt value, --opt=value, short flags and -- anywhere among positionals', async () => {
    expect(parseArgs(['a', '--strategy=x=y', '-h', 'b', '--flag', '--', '--not-an-option'], specs)).toEqual({
      options: { strategy: 'x=y', help: true, flag: true },
      lists: {},
      positionals: ['a', 'b', '--not-an-option'],
    });
    expect(parseArgs(['--strategy', 'full'], specs).options).toEqual({ strategy: 'full' });
  });

  it('collects a repeatable option in order', () => {
    const repeatable = { ...specs, reference: { takesValue: true, repeatable: true } };
    expect(parseArgs(['--reference', 'a=x', 'c', '--reference=b=y'], repeatable)).toEqual({ options: {}, lists: { reference: ['a=x', 'b=y'] }, positionals: ['c'] });
  });

  it.each([
    [['--strategy', 'a', '--strategy', 'b'], 'option --strategy given more than once'],
    [['--flag=1'], 'option --flag takes no value'],
    [['--strategy', '--flag'], 'option --strategy needs a value'],
    [['-x'], 'unknown option -x'],
  ])('%j is a usage error: %s', (argv, message) => {
    expect(() => parseArgs(argv, specs)).toThrow(new UsageError(message));
  });
});

describe('formatText', () => {
  it('prints warnings after incompatibilities, with FORWARD direction wording', async () => {
    const finding = { type: 'TYPE_MISMATCH', direction: 'FORWARD', version: 3, location: '/type', message: 'detail text', description: 'A sentence.' } as const;
    const result: CompatibilityResult = {
      compatible: false, strategy: 'FULL', checked: [3], incompatibilities: [finding], warnings: [{ ...finding, type: 'DECIMAL_PRECISION' }],
    };
    const naming = { title: (version: number) => `version ${version} (v${version}.avsc)`, name: (version: number) => `version ${version}`, list: (versions: readonly number[]) => versions.join(', ') };
    expect(formatText(result, makePaint(false), naming)).toBe([
      'INCOMPATIBLE under FULL: 1 incompatibility with version 3',
      'Checked version 3 (newest first).',
      '',
      'Version 3 (v3.avsc): 1 incompatibility',
      '  TYPE_MISMATCH at /type (FORWARD: version 3 reads data written with the candidate)',
      '    A sentence.',
      '    detail: detail text',
      '',
      'Warnings (1, they do not change the verdict):',
      '',
      'Version 3 (v3.avsc): 1 warning',
      '  DECIMAL_PRECISION at /type (FORWARD: version 3 reads data written with the candidate)',
      '    A sentence.',
      '    detail: detail text',
      '',
    ].join('\n'));
  });

  it('says when a compatible check compared nothing', async () => {
    const result: CompatibilityResult = { compatible: true, strategy: 'NONE', checked: [], incompatibilities: [], warnings: [] };
    expect(formatText(result, makePaint(false))).toBe('COMPATIBLE under NONE: no versions checked\n');
  });
});

describe('runCli --profile', () => {
  it('chooses whose rules decide: Pulsar does not compare record names, Confluent does', async () => {
    const confluent = await run(['check', '--strategy', 'backward', 'renamed.avsc', 'old.avsc']);
    expect(confluent.code).toBe(1);
    expect(confluent.stdout).toContain('NAME_MISMATCH at /name');
    const pulsar = await run(['check', '--strategy', 'backward', '--profile', 'pulsar', 'renamed.avsc', 'old.avsc']);
    expect(pulsar.code).toBe(0);
    expect(pulsar.stdout.split('\n')[0]).toBe('COMPATIBLE under BACKWARD: checked version 1');
  });

  it('rejects an unknown profile as a usage error, listing the three', async () => {
    const out = await run(['check', '--strategy', 'backward', '--profile', 'karapace', 'new.avsc', 'old.avsc']);
    expect(out.code).toBe(2);
    expect(out.stderr.split('\n')[0]).toBe('error: --profile must be one of confluent, pulsar, strict, not "karapace"');
  });
});

describe('locateJsonPointer', () => {
  const text = '{\n  "type": "record",\n  "fields": [\n    { "name": "a", "type": "int" },\n    {"name":"b/c~d","type":{"type":"enum","symbols":["X"]}}\n  ]\n}\n';

  it.each([
    ['', { line: 1, column: 1 }],
    ['/', { line: 1, column: 1 }],
    ['/type', { line: 2, column: 3 }],
    ['/fields/0', { line: 4, column: 5 }],
    ['/fields/0/type', { line: 4, column: 20 }],
    ['#/fields/1/type/symbols', { line: 5, column: 43 }],
    ['/fields/1/name', { line: 5, column: 6 }],
    // Deeper than the document: the deepest existing prefix.
    ['/fields/1/type/symbols/7', { line: 5, column: 43 }],
    ['/required/name', { line: 1, column: 1 }],
  ])('%s is at %j', (pointer, position) => {
    expect(locateJsonPointer(text, pointer)).toEqual(position);
  });

  it('decodes ~1 and ~0 in keys, and gives undefined for text that is not JSON', () => {
    expect(locateJsonPointer('{"b/c~d": 1}', '/b~1c~0d')).toEqual({ line: 1, column: 2 });
    expect(locateJsonPointer('{"a": }', '/a')).toBeUndefined();
    expect(locateJsonPointer('syntax = "proto3";', '/a')).toBeUndefined();
  });
});

describe('runCli --history (injected directory listing)', () => {
  it('reads only schema files and orders them by number', async () => {
    const files = { ...FILES, 'history/v2.avsc': FILES['new.avsc'] as string, 'history/v10.avsc': FILES['old.avsc'] as string, 'history/notes.txt': 'x' };
    const out = await run(['check', '--format', 'json', 'old.avsc', '--history', 'history'], {
      readFile: (path) => files[path as keyof typeof files] as string,
      listFiles: () => ['v2.avsc', 'v10.avsc', 'notes.txt'],
    });
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({ compatible: true, identical: { version: 10 } });
    const latest = await run(['check', '--format', 'json', 'new.avsc', '--history', 'history'], {
      readFile: (path) => files[path as keyof typeof files] as string,
      listFiles: () => ['v10.avsc', 'v2.avsc'],
    });
    expect(JSON.parse(latest.stdout)).toMatchObject({ compatible: true, identical: { version: 2 } });
  });
});
