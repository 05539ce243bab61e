import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The package as npm publishes it: `npm pack` of dist/ (built by the global setup), its file list and
// size, @arethetypeswrong/cli and publint on the tarball, and the tarball installed into a project
// (unpacked into node_modules/, its dependencies and the peer protobufjs linked from this repository's
// node_modules, nothing else: an undeclared runtime dependency fails here), where the CLI runs from
// node_modules/.bin and every entry's error classes are checked in both module systems.

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = (name: string): string => join(root, 'node_modules', '.bin', name);
const LIMIT = { timeout: 120_000, maxBuffer: 64 * 1024 * 1024 };

interface Packed {
  readonly filename: string;
  readonly size: number;
  readonly unpackedSize: number;
  readonly files: ReadonlyArray<{ readonly path: string; readonly size: number }>;
}

let work: string;
let packed: Packed;
let tarball: string;
let project: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'schema-compat-pack-'));
  const json = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...LIMIT });
  packed = (JSON.parse(json) as Packed[])[0] as Packed;
  tarball = join(work, packed.filename);
  project = join(work, 'project');
  mkdirSync(join(project, 'node_modules', '.bin'), { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', work], LIMIT);
  renameSync(join(work, 'package'), join(project, 'node_modules', 'schema-compat'));
  const { dependencies, peerDependencies } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
  for (const name of [...Object.keys(dependencies ?? {}), ...Object.keys(peerDependencies ?? {})]) {
    symlinkSync(join(root, 'node_modules', name), join(project, 'node_modules', name), 'dir');
  }
  symlinkSync('../schema-compat/dist/cli.js', join(project, 'node_modules', '.bin', 'schema-compat'));
}, 180_000);

afterAll(() => {
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

describe('the tarball', () => {
  it('holds the builds, their declarations and the docs, no source maps; under the size ceilings', () => {
    const entries = ['index', 'protobuf', 'registry', 'repository', 'server', 'sources'];
    expect(packed.files.map((file) => file.path).sort()).toEqual([
      'CHANGELOG.md', 'LICENSE', 'README.md',
      'dist/check-worker.js', 'dist/cli.js', 'dist/config.schema.json',
      ...entries.flatMap((name) => [`dist/${name}.cjs`, `dist/${name}.d.cts`, `dist/${name}.d.ts`, `dist/${name}.js`]),
      'package.json',
    ].sort());
    // 0.1.0: about 430 KB packed, 1.7 MB unpacked (issue 14; 1.69 MB and 6.8 MB with source maps and a second core in the CLI).
    // 2.08 MB before issue 17's JSON Schema speed work, 2.11 MB after it (the index walk's checks, the property
    // lists, the declared-property module: about 12 KB in each of the ESM and CommonJS builds of the core).
    // 2.35 MB (593 KB packed) after issues 22 and 23: the sources' streamed HTTP layer, glob source, first-parent
    // walk and blob sizing (+33 KB per build), the repository's causes, confinement and rule sets (+42 KB per
    // build), union-branch grading and combined-schema summaries in the core (+20 KB per build), the CLI's escaping.
    // 2.48 MB (626 KB packed) after issue 26: the KEY_VALUE checker in the core, PROTOBUF_NATIVE (descriptor
    // sets and Pulsar's advanced native rules) in the Protobuf entry, each in both builds (+67 KB of dist), and their docs.
    // Issue 24 items 3-4 add the compiled data plane (closures per type, generated record readers, the codec cache)
    // and avsc input, +25 KB in each of the ESM and CommonJS builds of the core; items 1-2 the registry client and
    // the JSON Schema and Protobuf serdes; issue 25 apply, pull and the file storage: 2.76 MB unpacked, 697 KB packed.
    expect(packed.size).toBeLessThan(720_000);
    expect(packed.unpackedSize).toBeLessThan(2_850_000);
    // The CLI imports the library by package name: no copy of the core (720 KB when it carried one; 150.3 KB
    // after issue 26's --type key-value|protobuf-native and --root-message; 169.7 KB with issue 25's apply and pull).
    const cli = packed.files.find((file) => file.path === 'dist/cli.js');
    expect(cli?.size).toBeLessThan(180_000);
  });

  it('passes @arethetypeswrong/cli: every entry resolves with types under node10, node16 (CJS and ESM) and bundler', () => {
    const run = spawnSync(bin('attw'), [tarball, '--format', 'json'], { encoding: 'utf8', ...LIMIT });
    const report = JSON.parse(run.stdout) as {
      analysis: { problems: unknown[]; entrypoints: Record<string, { resolutions: Record<string, { resolution?: { fileName: string } }> }> };
    };
    expect(report.analysis.problems).toEqual([]);
    expect(run.status).toBe(0);
    const resolved = Object.fromEntries(Object.entries(report.analysis.entrypoints).map(([subpath, { resolutions }]) => [
      subpath, Object.fromEntries(Object.entries(resolutions).map(([mode, { resolution }]) => [mode, resolution?.fileName.replace('/node_modules/schema-compat/', '')])),
    ]));
    const typed = (name: string): Record<string, string> => ({ node10: `dist/${name}.d.ts`, 'node16-cjs': `dist/${name}.d.cts`, 'node16-esm': `dist/${name}.d.ts`, bundler: `dist/${name}.d.ts` });
    const same = (file: string): Record<string, string> => ({ node10: file, 'node16-cjs': file, 'node16-esm': file, bundler: file });
    expect(resolved).toEqual({
      '.': typed('index'),
      './registry': typed('registry'),
      './server': typed('server'),
      './protobuf': typed('protobuf'),
      './sources': typed('sources'),
      './repository': typed('repository'),
      './config.schema.json': same('dist/config.schema.json'),
      './package.json': same('package.json'),
    });
  });

  it('passes publint (strict: warnings fail too)', () => {
    const run = spawnSync(bin('publint'), ['run', tarball, '--strict'], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, ...LIMIT });
    expect([run.status, run.stdout.trim().split('\n').at(-1)]).toEqual([0, 'All good!']);
  });
});

describe('the tarball installed', () => {
  it('runs the CLI from node_modules/.bin, on the library it imports by package name', () => {
    writeFileSync(join(project, 'v1.avsc'), '{"type":"record","name":"R","fields":[{"name":"a","type":"int"}]}');
    writeFileSync(join(project, 'v2.avsc'), '{"type":"record","name":"R","fields":[{"name":"a","type":"long"},{"name":"b","type":"string"}]}');
    // As a shell runs it: the link, its shebang and the executable bit the tarball keeps.
    const cli = (...args: string[]): [number | null, string, string] => {
      const run = spawnSync(join(project, 'node_modules', '.bin', 'schema-compat'), args, { cwd: project, encoding: 'utf8', ...LIMIT });
      return [run.status, run.stdout, run.stderr];
    };
    expect(cli('--version')).toEqual([0, '0.1.0\n', '']);
    const [status, stdout, stderr] = cli('check', 'v2.avsc', 'v1.avsc');
    expect([status, stdout.split('\n')[0], stderr]).toEqual([1, 'INCOMPATIBLE under BACKWARD: 1 incompatibility with version 1', '']);
    expect(stdout).toContain('READER_FIELD_MISSING_DEFAULT_VALUE at /fields/1');
    const text = readFileSync(join(project, 'node_modules', 'schema-compat', 'dist', 'cli.js'), 'utf8');
    expect(text).toMatch(/^import \{[^}]*\bcheckCompatibility\b[^}]*\} from "schema-compat";$/m);
    expect(text).not.toMatch(/\bclass\b[^\n]*\bextends SchemaCompatError\b/);
  });

  // Every class that an entry exports and that extends Error, from the installed package: an instance
  // made with the constructor's arguments below says its class's name and is an instance of it.
  const made = `{
    SchemaCompatError: ['SOME_CODE', 'message'],
    SchemaParseError: [{ input: 'candidate', pointer: '/fields/0', rule: 'SOME_RULE', detail: 'detail' }],
    UnknownStrategyError: ['BAKWARD', ['BACKWARD']],
    UnknownSchemaTypeError: ['TOY', ['AVRO']],
    InvalidOptionError: ['profile', 'message'],
    CheckTooDeepError: ['detail'],
    IncompatibleSchemaError: ['confluent', []],
    AvroDataError: ['detail'],
    RegistryError: ['SUBJECT_NOT_FOUND', 'message'],
    IncompatibleRegistrationError: ['subject', { compatible: false, strategy: 'BACKWARD', checked: [1], incompatibilities: [], warnings: [] }, []],
    WireFormatError: ['TRUNCATED', 'message'],
    SourceError: ['BAD_SOURCE', 'svn:x', 'problem'],
    ConfigError: ['.schema-compat.yaml', []],
    RepositoryError: ['message'],
    ProtobufjsMissingError: [new Error('cause')],
    RegistryClientError: ['SUBJECT_NOT_FOUND', 'http://127.0.0.1:8081', 'problem'],
    MessageValidationError: ['message', 'invalid'],
    DataDirError: ['/tmp/data', 'reason'],
  }`;
  const survey = (load: string): string => `
    const made = ${made};
    const { exports } = require('./node_modules/schema-compat/package.json');
    (async () => {
      const rows = [];
      for (const subpath of Object.keys(exports).filter((key) => !key.endsWith('.json'))) {
        const entry = 'schema-compat' + subpath.slice(1);
        const module = await ${load}(entry);
        for (const [key, value] of Object.entries(module)) {
          if (typeof value !== 'function' || !(value.prototype instanceof Error)) continue;
          const args = made[key];
          const error = args === undefined ? undefined : new value(...args);
          rows.push([entry, key, error?.name, error instanceof value, String(error).split(':')[0]]);
        }
      }
      // And as the library throws them.
      const core = await ${load}('schema-compat');
      const thrown = (call) => { try { call(); } catch (error) { return error; } };
      for (const [key, error] of [['UnknownStrategyError', thrown(() => core.parseStrategy('BAKWARD'))], ['SchemaParseError', thrown(() => core.checkCompatibility('BACKWARD', '{', []))]]) {
        rows.push(['thrown', key, error.name, error instanceof core[key], String(error).split(':')[0]]);
      }
      console.log(JSON.stringify(rows));
    })();`;
  const expected = [
    ...['SchemaCompatError', 'SchemaParseError', 'UnknownStrategyError', 'UnknownSchemaTypeError', 'InvalidOptionError', 'CheckTooDeepError', 'IncompatibleSchemaError', 'AvroDataError'].map((name) => ['schema-compat', name]),
    ...['RegistryError', 'IncompatibleRegistrationError', 'WireFormatError', 'RegistryClientError', 'MessageValidationError'].map((name) => ['schema-compat/registry', name]),
    ['schema-compat/server', 'DataDirError'],
    ['schema-compat/protobuf', 'ProtobufjsMissingError'],
    ['schema-compat/sources', 'SourceError'],
    ...['ConfigError', 'RepositoryError'].map((name) => ['schema-compat/repository', name]),
    ['thrown', 'UnknownStrategyError'],
    ['thrown', 'SchemaParseError'],
  ].map(([entry, name]) => [entry, name, name, true, name]);

  it('defines each exported error class in one file of each build: every entry and the CLI share it', () => {
    const dist = join(project, 'node_modules', 'schema-compat', 'dist');
    const definitions = (extension: string): Record<string, string[]> => {
      const where: Record<string, string[]> = {};
      for (const file of readdirSync(dist).filter((name) => name.endsWith(extension)).sort()) {
        for (const [, name] of readFileSync(join(dist, file), 'utf8').matchAll(/\bvar (\w+) = class(?: \w+)? extends /g)) {
          if (expected.some(([, exported]) => exported === name)) (where[name as string] ??= []).push(file);
        }
      }
      return where;
    };
    const once = (files: (name: string) => string): Record<string, string[]> =>
      Object.fromEntries(expected.filter(([entry]) => entry !== 'thrown').map(([entry, name]) => [name, [files(String(entry).replace(/^schema-compat\/?/, '') || 'index')]]));
    expect(definitions('.js')).toEqual(once((entry) => `${entry}.js`));
    expect(definitions('.cjs')).toEqual(once((entry) => `${entry}.cjs`));
  });

  it.each([
    ['ESM', `const { createRequire } = await import('node:module'); const require = createRequire(process.cwd() + '/'); const load = (entry) => import(entry);`, 'module'],
    ['CommonJS', 'const load = async (entry) => require(entry);', 'commonjs'],
  ] as const)('keeps every exported error class\'s name (%s)', (_label, prelude, type) => {
    const args = type === 'module' ? ['--input-type=module', '-e'] : ['-e'];
    const out = execFileSync(process.execPath, [...args, `${prelude}${survey('load')}`], { cwd: project, encoding: 'utf8', ...LIMIT });
    expect((JSON.parse(out) as unknown[][]).sort()).toEqual([...expected].sort());
  });
});
