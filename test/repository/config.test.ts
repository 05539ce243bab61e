import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import { parse as parseYaml } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { SchemaCompatError } from 'schema-compat';
import { CONFIG_FILE_NAMES, CONFIG_SCHEMA, ConfigError, RepositoryError, findConfig, loadConfig } from 'schema-compat/repository';
import type { ConfigProblem, RepositoryConfig } from 'schema-compat/repository';
// The configuration checker's own invariant: config.schema.json uses only the keywords it applies.
import { CHECKED_KEYWORDS } from '../../src/repository/config/schema-check.js';
import { SHOP_CONFIG } from '../support/schema-repo.js';

// loadConfig and findConfig: the configuration file found upward, in YAML or JSON, read into a
// RepositoryConfig; every problem of a bad one reported at once, each at its line and column with
// the rule it breaks; and the published JSON Schema (config.schema.json), checked with ajv.

const root = fileURLToPath(new URL('../..', import.meta.url));
const SRC_SCHEMA = join(root, 'src/repository/config.schema.json');
const DIST_SCHEMA = join(root, 'dist/config.schema.json');

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A temporary folder with these files. */
function folder(files: Readonly<Record<string, string>> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'schema-compat-config-'));
  folders.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** How messages name a file: relative to the working folder, as loadConfig shows it. */
function shown(file: string): string {
  return relative(process.cwd(), file);
}

/** Writes `text` as a configuration file and answers the ConfigError loading it throws. */
function configError(text: string, name = '.schema-compat.yaml', extra: Readonly<Record<string, string>> = {}): { file: string; error: ConfigError } {
  const dir = folder({ ...extra, [name]: text });
  const file = join(dir, name);
  let caught: unknown;
  try {
    loadConfig(file);
  } catch (error: unknown) {
    caught = error;
  }
  if (!(caught instanceof ConfigError)) throw new Error(`expected a ConfigError, got ${caught instanceof Error ? `${caught.name}: ${caught.message}` : String(caught)}`);
  return { file: shown(file), error: caught };
}

/** The problems of a configuration text (each problem's file is the configuration's). */
function problems(text: string, name?: string): ConfigProblem[] {
  return [...configError(text, name).error.problems];
}

/** A problem in the file `configError` wrote. */
function at(file: string, line: number, column: number, path: string, rule: string, message: string): ConfigProblem {
  return { file, line, column, path, rule, message };
}

const STRATEGIES = 'NONE, ALWAYS_INCOMPATIBLE, BACKWARD, BACKWARD_TRANSITIVE, FORWARD, FORWARD_TRANSITIVE, FULL, FULL_TRANSITIVE, ALWAYS_COMPATIBLE, DISABLED, BACKWARD_ALL, FORWARD_ALL, FULL_ALL, BOTH';
const SOURCES = 'Sources: git:REF, git:REF:PATH, git-log, git-log:REF, git-log:SINCE..REF, git-log:REF:PATH, git-tags:GLOB, git-tags:SINCE..GLOB, git-tags:GLOB:PATH, dir:PATH, glob:PATTERN, registry:URL, pulsar:URL';
const TODO_REFUSED = 'say why this break is approved: a reason of TODO (what --write-baseline writes) is refused';

/** SHOP_CONFIG as loadConfig reads it, from `file`. */
function shopConfig(file: string): RepositoryConfig {
  const where = shown(file);
  return {
    file,
    root: dirname(file),
    // Not in a git work tree (a temporary folder): the repository root is the configuration's folder.
    repositoryRoot: dirname(file),
    defaults: { strategy: 'BACKWARD', against: 'git-log:main', subject: '{name}-value' },
    subjects: [
      { files: ['schemas/orders/*.avsc'], exclude: [], strategy: 'BACKWARD_TRANSITIVE', name: 'subjects[0]' },
      { files: ['schemas/events/*.json'], exclude: [], subject: 'events-{name}', name: 'subjects[1]' },
      { files: ['proto/shop/**/*.proto'], exclude: [], strategy: 'FULL', name: 'subjects[2]' },
    ],
    references: ['schemas/common/**', 'proto/common/*.proto'],
    importPaths: ['proto'],
    ignoreUnstablePackages: false,
    exclude: [],
    ignore: [
      {
        subject: 'payment-value', type: 'FIELD_SCALAR_KIND_CHANGED', location: '#/Payment/1',
        reason: 'the payment service reads ids as strings until PAY-12 ships', until: '2026-06-30', where: `${where}:19`,
      },
      { fingerprint: '0123456789abcdef', reason: 'approved during the January migration', where: `${where}:24` },
    ],
  };
}

describe('findConfig: the configuration of a folder, looked for upward', () => {
  it('finds .schema-compat.yaml in the folder itself', () => {
    const dir = folder({ '.schema-compat.yaml': SHOP_CONFIG });
    expect(findConfig(dir)).toBe(join(dir, '.schema-compat.yaml'));
  });

  it('finds it from a subfolder several levels down, as git and buf look for theirs', () => {
    const dir = folder({ '.schema-compat.yaml': SHOP_CONFIG, 'schemas/orders/order.avsc': '{}' });
    expect(findConfig(join(dir, 'schemas', 'orders'))).toBe(join(dir, '.schema-compat.yaml'));
  });

  it('takes the nearest one: a subfolder\'s own configuration before its parent\'s', () => {
    const dir = folder({ '.schema-compat.yaml': SHOP_CONFIG, 'services/billing/.schema-compat.json': '{}', 'services/billing/schemas/x.avsc': '{}' });
    expect(findConfig(join(dir, 'services', 'billing', 'schemas'))).toBe(join(dir, 'services', 'billing', '.schema-compat.json'));
    expect(findConfig(join(dir, 'services'))).toBe(join(dir, '.schema-compat.yaml'));
  });

  it('in one folder prefers .yaml, then .yml, then .json', () => {
    expect(CONFIG_FILE_NAMES).toEqual(['.schema-compat.yaml', '.schema-compat.yml', '.schema-compat.json']);
    const all = folder({ '.schema-compat.json': '{}', '.schema-compat.yml': '{}', '.schema-compat.yaml': '{}' });
    expect(findConfig(all)).toBe(join(all, '.schema-compat.yaml'));
    const two = folder({ '.schema-compat.json': '{}', '.schema-compat.yml': '{}' });
    expect(findConfig(two)).toBe(join(two, '.schema-compat.yml'));
    const json = folder({ '.schema-compat.json': '{}' });
    expect(findConfig(json)).toBe(join(json, '.schema-compat.json'));
  });

  it('answers undefined when no folder up to the root has one', () => {
    const dir = folder({ 'schemas/a.avsc': '{}', 'schema-compat.yaml': 'not the name: no leading dot\n' });
    expect(findConfig(join(dir, 'schemas'))).toBeUndefined();
  });
});

describe('loadConfig: a valid configuration', () => {
  it('reads .schema-compat.yaml: defaults, rules with their own settings, references, import paths, ignore entries at their lines', () => {
    const dir = folder({ '.schema-compat.yaml': SHOP_CONFIG });
    const file = join(dir, '.schema-compat.yaml');
    expect(loadConfig(file)).toEqual(shopConfig(file));
  });

  it('reads the .schema-compat.json form of the same configuration into the same RepositoryConfig', () => {
    const document = parseYaml(SHOP_CONFIG) as unknown;
    // One key per line, as a formatter writes JSON.
    const text = `${JSON.stringify(document, null, 2)}\n`;
    const dir = folder({ '.schema-compat.json': text });
    const file = join(dir, '.schema-compat.json');
    const lines = text.split('\n');
    // An entry's line is its `{`, the line before its first key (the 0-based index of that key's line).
    const entryLine = (key: string): number => lines.findIndex((line) => line.includes(key));
    const expected = shopConfig(file);
    expect(loadConfig(file)).toEqual({
      ...expected,
      ignore: [
        { ...expected.ignore[0], where: `${shown(file)}:${entryLine('"subject": "payment-value"')}` },
        { ...expected.ignore[1], where: `${shown(file)}:${entryLine('"fingerprint": "0123456789abcdef"')}` },
      ],
    });
    expect(findConfig(dir)).toBe(file);
  });

  it('reads a configuration named by --config anywhere: its folder is the root of its globs', () => {
    const dir = folder({ 'ci/compat.yaml': SHOP_CONFIG });
    const file = join(dir, 'ci', 'compat.yaml');
    const config = loadConfig(file);
    expect(config.file).toBe(file);
    expect(config.root).toBe(join(dir, 'ci'));
    expect(config.ignore.map((entry) => entry.where)).toEqual([`${shown(file)}:19`, `${shown(file)}:24`]);
  });

  it('takes single globs as lists, lower-case types, Pulsar and Glue aliases of strategies, and reads entries of ignoreFiles', () => {
    const dir = folder({
      '.schema-compat.yaml': [
        'defaults:',
        '  strategy: FULL_ALL',
        '  type: avro',
        '  against: "registry:http://localhost:8081"',
        '  topic: "persistent://shop/orders/{dir}-{name}"',
        '  profile: strict',
        '  policy: LENIENT',
        '  failOn: warning',
        'subjects:',
        '  - files: "schemas/*.avsc"',
        '    exclude: "schemas/old-*.avsc"',
        '    strategy: BOTH',
        '    subject: "{path}"',
        'references: "schemas/common/**"',
        'ignoreFiles: [approved.yaml]',
        '',
      ].join('\n'),
      'approved.yaml': '# approved\nignore:\n  - type: LOSSY_PROMOTION\n    direction: BACKWARD\n    reason: everyone reads doubles\n',
    });
    const file = join(dir, '.schema-compat.yaml');
    expect(loadConfig(file)).toEqual({
      file,
      root: dir,
      repositoryRoot: dir,
      defaults: { strategy: 'FULL_TRANSITIVE', type: 'AVRO', against: 'registry:http://localhost:8081', topic: 'persistent://shop/orders/{dir}-{name}', profile: 'strict', policy: 'LENIENT', failOn: 'warning' },
      subjects: [{ files: ['schemas/*.avsc'], exclude: ['schemas/old-*.avsc'], strategy: 'FULL', subject: '{path}', name: 'subjects[0]' }],
      references: ['schemas/common/**'],
      importPaths: [],
      ignoreUnstablePackages: false,
      exclude: [],
      ignore: [{ type: 'LOSSY_PROMOTION', direction: 'BACKWARD', reason: 'everyone reads doubles', where: `${shown(join(dir, 'approved.yaml'))}:3` }],
    });
  });

  it('a missing file is a RepositoryError naming it', () => {
    const file = join(folder(), 'missing.yaml');
    expect(() => loadConfig(file)).toThrow(RepositoryError);
    expect(() => loadConfig(file)).toThrow(`cannot read the configuration file ${shown(file)}: `);
  });
});

describe('loadConfig: each problem at its line and column, with its rule', () => {
  it('a YAML syntax error: at the line of the tab, rule yaml', () => {
    const { file, error } = configError('defaults:\n  strategy: BACKWARD\n\tagainst: git-log:main\n');
    expect(error.problems).toEqual([at(file, 3, 1, '', 'yaml', expect.stringMatching(/^Tabs are not allowed as indentation/) as unknown as string)]);
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error).toBeInstanceOf(SchemaCompatError);
  });

  it('a duplicate key: at the second one, rule yaml', () => {
    const { file, error } = configError('defaults:\n  strategy: BACKWARD\n  strategy: FULL\n');
    expect(error.problems).toEqual([at(file, 3, 3, '', 'yaml', expect.stringMatching(/^Map keys must be unique/) as unknown as string)]);
  });

  it('a duplicate key in the JSON form: at its line and column', () => {
    const { file, error } = configError('{\n  "defaults": {\n    "strategy": "FULL",\n    "strategy": "NONE"\n  }\n}\n', '.schema-compat.json');
    expect(error.problems).toEqual([at(file, 4, 5, '', 'yaml', expect.stringMatching(/^Map keys must be unique/) as unknown as string)]);
  });

  it('an unknown key: at the key itself, naming the keys known there', () => {
    const { file, error } = configError('defaults:\n  stratgy: BACKWARD\n');
    expect(error.problems).toEqual([
      at(file, 2, 3, 'defaults.stratgy', 'additionalProperties', 'unknown key `stratgy` (known here: strategy, against, subject, topic, type, profile, policy, failOn, rules, skipUnparseable, findings)'),
    ]);
    expect(error.message).toBe(`${file}:2:3: defaults.stratgy: unknown key \`stratgy\` (known here: strategy, against, subject, topic, type, profile, policy, failOn, rules, skipUnparseable, findings) [additionalProperties]`);
  });

  it('a value of the wrong type: at the value', () => {
    const { file, error } = configError('subjects: schemas/*.avsc\n');
    expect(error.problems).toEqual([at(file, 1, 11, 'subjects', 'type', 'must be a list, not string "schemas/*.avsc"')]);
  });

  it('a glob that is neither a string nor a list: at the value, rule anyOf', () => {
    const { file, error } = configError('subjects:\n  - files: 5\n');
    expect(error.problems).toEqual([at(file, 2, 12, 'subjects[0].files', 'anyOf', 'must be a string or a list')]);
  });

  it('a strategy not in the enum (BAKWARD): at the value, listing the strategies', () => {
    const { file, error } = configError('defaults:\n  strategy: BAKWARD\n');
    expect(error.problems).toEqual([at(file, 2, 13, 'defaults.strategy', 'enum', `must be one of ${STRATEGIES}, not "BAKWARD"`)]);
    expect(error.message).toBe(`${file}:2:13: defaults.strategy: must be one of ${STRATEGIES}, not "BAKWARD" [enum]`);
  });

  it('a bad enum in the JSON form: at the value\'s line and column', () => {
    const { file, error } = configError('{\n  "subjects": [\n    { "files": "*.avsc", "strategy": "BAKWARD" }\n  ]\n}\n', '.schema-compat.json');
    expect(error.problems).toEqual([at(file, 3, 38, 'subjects[0].strategy', 'enum', `must be one of ${STRATEGIES}, not "BAKWARD"`)]);
  });

  it('an `against` of an unknown kind: the schema\'s pattern and the source parser both say so', () => {
    const { file, error } = configError('defaults:\n  against: svn:trunk\n');
    expect(error.problems).toEqual([
      at(file, 2, 12, 'defaults.against', 'pattern', '"svn:trunk" does not have the form ^(git|git-log|git-tags|dir|glob|registry|pulsar)(:.*)?$'),
      at(file, 2, 12, 'defaults.against', 'source', `source "svn:trunk": unknown source kind "svn". ${SOURCES}`),
    ]);
  });

  it('an `against` of a known kind that does not parse (a registry without a URL): rule source', () => {
    const { file, error } = configError('subjects:\n  - files: "*.avsc"\n    against: "registry:not a url"\n');
    expect(error.problems).toEqual([
      at(file, 3, 14, 'subjects[0].against', 'source', `source "registry:not a url": needs an http:// or https:// URL, e.g. registry:http://localhost:8081. ${SOURCES}`),
    ]);
  });

  it('an unknown placeholder in a subject or topic template: rule template', () => {
    const { file, error } = configError('defaults:\n  subject: "{name}-{topic}"\nsubjects:\n  - files: "*.avsc"\n    topic: "persistent://t/n/{file}"\n');
    expect(error.problems).toEqual([
      at(file, 2, 12, 'defaults.subject', 'template', 'unknown placeholder {topic} (known: {name}, {dir}, {path})'),
      at(file, 5, 12, 'subjects[0].topic', 'template', 'unknown placeholder {file} (known: {name}, {dir}, {path})'),
    ]);
  });

  it('an `until` that is no calendar day (2026-02-30): rule until; one not in the form YYYY-MM-DD: pattern too', () => {
    const { file, error } = configError([
      'ignore:',
      '  - subject: orders-value',
      '    reason: migration',
      '    until: 2026-02-30',
      '  - type: TYPE_CHANGED',
      '    reason: migration',
      '    until: 2026-3-1',
      '',
    ].join('\n'));
    expect(error.problems).toEqual([
      at(file, 7, 12, 'ignore[1].until', 'pattern', '"2026-3-1" does not have the form ^\\d{4}-\\d{2}-\\d{2}$'),
      at(file, 4, 12, 'ignore[0].until', 'until', '2026-02-30 is not a date (YYYY-MM-DD)'),
      at(file, 7, 12, 'ignore[1].until', 'until', '2026-3-1 is not a date (YYYY-MM-DD)'),
    ]);
  });

  it('a reason of TODO (in any case, with or without more words) is refused: rule reason', () => {
    const { file, error } = configError([
      'ignore:',
      '  - subject: orders-value',
      '    reason: TODO',
      '  - subject: orders-value',
      '    reason: "todo: ask the payments team"',
      '  - subject: orders-value',
      '    reason: the TODO list of PAY-12 is done',
      '',
    ].join('\n'));
    expect(error.problems).toEqual([
      at(file, 3, 13, 'ignore[0].reason', 'reason', TODO_REFUSED),
      at(file, 5, 13, 'ignore[1].reason', 'reason', TODO_REFUSED),
    ]);
  });

  it('an ignore entry without a reason, or with an empty one', () => {
    const { file, error } = configError('ignore:\n  - subject: orders-value\n    type: TYPE_CHANGED\n  - subject: orders-value\n    reason: ""\n');
    expect(error.problems).toEqual([
      at(file, 2, 5, 'ignore[0]', 'required', 'needs `reason`'),
      at(file, 5, 13, 'ignore[1].reason', 'minLength', 'must not be empty'),
    ]);
  });

  it('an ignore entry with none of fingerprint, subject and type (it would approve every finding at a location)', () => {
    const { file, error } = configError('ignore:\n  - location: /fields/1\n    direction: BACKWARD\n    reason: fine\n');
    expect(error.problems).toEqual([at(file, 2, 5, 'ignore[0]', 'anyOf', 'needs one of `fingerprint`, `subject`, `type`')]);
  });

  it('a fingerprint that is not 16 lower-case hex digits', () => {
    const { file, error } = configError('ignore:\n  - fingerprint: 0123456789ABCDEF\n    reason: fine\n');
    expect(error.problems).toEqual([at(file, 2, 18, 'ignore[0].fingerprint', 'pattern', '"0123456789ABCDEF" does not have the form ^[0-9a-f]{16}$')]);
  });

  it('a rule without files, and an empty list of subjects', () => {
    expect(problems('subjects:\n  - strategy: FULL\n').map(({ line, column, path, rule, message }) => ({ line, column, path, rule, message }))).toEqual([
      { line: 2, column: 5, path: 'subjects[0]', rule: 'required', message: 'needs `files`' },
    ]);
    expect(problems('subjects: []\n').map(({ line, column, path, rule, message }) => ({ line, column, path, rule, message }))).toEqual([
      { line: 1, column: 11, path: 'subjects', rule: 'minItems', message: 'needs at least 1 item' },
    ]);
  });

  it('reports several problems at once, the schema\'s first, each at its own line', () => {
    const { file, error } = configError([
      'defaults:',
      '  strategy: BAKWARD',
      '  against: svn:trunk',
      'subjects:',
      '  - files: "*.avsc"',
      '    colour: blue',
      'ignore:',
      '  - reason: TODO',
      '',
    ].join('\n'));
    expect(error.problems).toEqual([
      at(file, 2, 13, 'defaults.strategy', 'enum', `must be one of ${STRATEGIES}, not "BAKWARD"`),
      at(file, 3, 12, 'defaults.against', 'pattern', '"svn:trunk" does not have the form ^(git|git-log|git-tags|dir|glob|registry|pulsar)(:.*)?$'),
      at(file, 6, 5, 'subjects[0].colour', 'additionalProperties', 'unknown key `colour` (known here: files, exclude, strategy, against, subject, topic, type, profile, policy, failOn, rules, skipUnparseable, findings)'),
      at(file, 8, 5, 'ignore[0]', 'anyOf', 'needs one of `fingerprint`, `subject`, `type`'),
      at(file, 3, 12, 'defaults.against', 'source', `source "svn:trunk": unknown source kind "svn". ${SOURCES}`),
      at(file, 8, 13, 'ignore[0].reason', 'reason', TODO_REFUSED),
    ]);
    expect(error.message.split('\n')).toHaveLength(6);
  });

  it('a document that is not a mapping (a scalar, a list, an empty file) is a problem at line 1, not a crash', () => {
    for (const text of ['hello\n', '- files: "*.avsc"\n', '', '# only a comment\n']) {
      const { file, error } = configError(text);
      expect(error.problems.map(({ line, column, path, rule }) => ({ file, line, column, path, rule }))).toEqual([{ file, line: 1, column: 1, path: '', rule: 'type' }]);
    }
  });

  it('sections of the wrong shape are problems at their lines, not crashes (ignore: 5, defaults: null, ignore as a mapping)', () => {
    const { file, error } = configError('defaults:\nignore: 5\n');
    expect(error.problems.map(({ line, path, rule }) => ({ file, line, path, rule }))).toEqual([
      { file, line: 1, path: 'defaults', rule: 'type' },
      { file, line: 2, path: 'ignore', rule: 'type' },
    ]);
    const mapping = configError('ignore:\n  subject: orders-value\n  reason: migration\n');
    expect(mapping.error.problems.map(({ line, path, rule }) => ({ line, path, rule }))).toEqual([{ line: 2, path: 'ignore', rule: 'type' }]);
  });

  it('ignoreFiles given as one string is a type problem at its line, not a list of one-letter files to read', () => {
    const { file, error } = configError('ignoreFiles: approved.yaml\n', '.schema-compat.yaml', { 'approved.yaml': 'ignore: []\n' });
    expect(error.problems).toEqual([at(file, 1, 14, 'ignoreFiles', 'type', 'must be a list, not string "approved.yaml"')]);
  });
});

describe('loadConfig: files of ignore entries (ignoreFiles)', () => {
  it('refuses an entry whose reason is still the baseline\'s TODO, at its line in that file, named as the configuration is', () => {
    const dir = folder({
      '.schema-compat.yaml': 'subjects:\n  - files: "*.avsc"\nignoreFiles: [baseline.yaml]\n',
      'baseline.yaml': [
        '# written by --write-baseline',
        'ignore:',
        '  - subject: orders-value',
        '    type: READER_FIELD_MISSING_DEFAULT_VALUE',
        '    reason: "TODO: say why this break is approved"',
        '  - subject: payments-value',
        '    reason: the payments team approved it (PAY-7)',
        '',
      ].join('\n'),
    });
    let caught: unknown;
    try {
      loadConfig(join(dir, '.schema-compat.yaml'));
    } catch (error: unknown) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).problems).toEqual([at(shown(join(dir, 'baseline.yaml')), 5, 13, 'ignore[0].reason', 'reason', TODO_REFUSED)]);
  });

  it('takes only ignore entries in such a file: another key is an unknown key at its line', () => {
    const dir = folder({
      '.schema-compat.yaml': 'ignoreFiles: [baseline.yaml]\n',
      'baseline.yaml': 'ignore: []\ndefaults:\n  strategy: NONE\n',
    });
    let caught: unknown;
    try {
      loadConfig(join(dir, '.schema-compat.yaml'));
    } catch (error: unknown) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).problems).toEqual([
      at(shown(join(dir, 'baseline.yaml')), 2, 1, 'defaults', 'additionalProperties', 'unknown key `defaults` (known here: ignore)'),
    ]);
  });
});

/** Every keyword config.schema.json uses, in every schema position. */
function keywordsOf(schema: unknown, found = new Set<string>()): Set<string> {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return found;
  for (const [key, value] of Object.entries(schema)) {
    found.add(key);
    if (key === 'properties' || key === 'definitions') for (const child of Object.values(value as Record<string, unknown>)) keywordsOf(child, found);
    else if (key === 'items' || key === 'additionalProperties') keywordsOf(value, found);
    else if (key === 'anyOf') for (const branch of value as unknown[]) keywordsOf(branch, found);
  }
  return found;
}

/** Keywords that only annotate a schema. */
const ANNOTATIONS = ['$schema', '$id', 'title', 'description', 'definitions', 'default', 'examples'];

describe('config.schema.json: the published JSON Schema of the configuration', () => {
  const schema = JSON.parse(readFileSync(SRC_SCHEMA, 'utf8')) as Record<string, unknown>;

  it('is a valid draft-07 schema that ajv compiles', () => {
    const ajv = new Ajv({ allErrors: true });
    expect(schema['$schema']).toBe('http://json-schema.org/draft-07/schema#');
    expect(ajv.validateSchema(schema)).toBe(true);
    expect(ajv.errors ?? null).toBeNull();
    expect(() => ajv.compile(schema)).not.toThrow();
  });

  it('is what the package publishes: dist/config.schema.json (schema-compat/config.schema.json) and CONFIG_SCHEMA', () => {
    expect(JSON.parse(readFileSync(DIST_SCHEMA, 'utf8'))).toEqual(schema);
    expect(CONFIG_SCHEMA).toEqual(schema);
    const ajv = new Ajv();
    expect(ajv.validateSchema(JSON.parse(readFileSync(DIST_SCHEMA, 'utf8')) as Record<string, unknown>)).toBe(true);
  });

  it('uses only the keywords the configuration checker applies (CHECKED_KEYWORDS), besides annotations', () => {
    const used = [...keywordsOf(schema)].filter((keyword) => !ANNOTATIONS.includes(keyword));
    expect(used.filter((keyword) => !CHECKED_KEYWORDS.has(keyword))).toEqual([]);
    // The walk does see the schema's keywords: a guard against a walk that finds nothing.
    expect(used).toEqual(expect.arrayContaining(['type', 'enum', 'pattern', 'anyOf', '$ref', 'additionalProperties', 'required']));
  });

  /** Documents on which ajv and loadConfig must agree (none needs a file beside it, none breaks a rule of loadConfig's own). */
  const DOCUMENTS: ReadonlyArray<{ readonly name: string; readonly value: unknown; readonly valid: boolean }> = [
    { name: 'the shop configuration', value: parseYaml(SHOP_CONFIG) as unknown, valid: true },
    { name: 'an empty mapping', value: {}, valid: true },
    { name: 'one rule with one glob', value: { subjects: [{ files: 'schemas/*.avsc' }] }, valid: true },
    { name: 'references and import paths', value: { references: 'x/**', protobuf: { importPaths: ['proto'] } }, valid: true },
    { name: 'an entry by fingerprint', value: { ignore: [{ fingerprint: '0123456789abcdef', reason: 'approved', until: '2027-01-31' }] }, valid: true },
    { name: 'a Pulsar alias', value: { defaults: { strategy: 'BACKWARD_ALL', against: 'pulsar:http://localhost:8080', topic: 'persistent://t/n/{name}' } }, valid: true },
    { name: 'strategy BAKWARD', value: { defaults: { strategy: 'BAKWARD' } }, valid: false },
    { name: 'an unknown key', value: { colour: 'blue' }, valid: false },
    { name: 'an unknown key in a rule', value: { subjects: [{ files: 'a', colour: 'blue' }] }, valid: false },
    { name: 'no subjects in the list', value: { subjects: [] }, valid: false },
    { name: 'a rule without files', value: { subjects: [{ strategy: 'FULL' }] }, valid: false },
    { name: 'an empty glob list', value: { references: [] }, valid: false },
    { name: 'an entry without subject, type or fingerprint', value: { ignore: [{ location: '/x', reason: 'r' }] }, valid: false },
    { name: 'an entry without reason', value: { ignore: [{ subject: 'a' }] }, valid: false },
    { name: 'an empty reason', value: { ignore: [{ subject: 'a', reason: '' }] }, valid: false },
    { name: 'an upper-case fingerprint', value: { ignore: [{ fingerprint: '0123456789ABCDEF', reason: 'r' }] }, valid: false },
    { name: 'an unknown direction', value: { ignore: [{ type: 'T', direction: 'BOTH', reason: 'r' }] }, valid: false },
    { name: 'an upper-case type', value: { defaults: { type: 'AVRO' } }, valid: false },
    { name: 'importPaths as a string', value: { protobuf: { importPaths: 'proto' } }, valid: false },
    { name: 'a list document', value: [{ files: 'a' }], valid: false },
  ];

  it.each(DOCUMENTS)('ajv and loadConfig agree: $name', ({ value, valid }) => {
    const ajv = new Ajv({ allErrors: true });
    const validate = ajv.compile(schema);
    expect(validate(value)).toBe(valid);
    const dir = folder({ '.schema-compat.json': `${JSON.stringify(value, null, 2)}\n` });
    let caught: unknown;
    try {
      loadConfig(join(dir, '.schema-compat.json'));
    } catch (error: unknown) {
      caught = error;
    }
    if (valid) {
      expect(caught).toBeUndefined();
      return;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    // Each rule loadConfig names is a keyword ajv also reports.
    const keywords = new Set((validate.errors ?? []).map((error) => error.keyword));
    for (const problem of (caught as ConfigError).problems) expect(keywords).toContain(problem.rule);
  });
});
