import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function run(code: string, type: 'module' | 'commonjs'): string {
  const args = type === 'module' ? ['--input-type=module', '-e', code] : ['-e', code];
  return execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8' }).trim();
}

describe('the package as users install it (dist/, built by the global setup)', () => {
  const script = `const r = checkCompatibility('BACKWARD', '{"type":"record","name":"R","fields":[{"name":"a","type":"long"}]}', ['{"type":"record","name":"R","fields":[{"name":"a","type":"int"}]}']); console.log(JSON.stringify([r.compatible, r.checked, typeof SchemaParseError]));`;

  it('loads as ESM through the exports map', () => {
    expect(run(`import { checkCompatibility, SchemaParseError } from 'schema-compat'; ${script}`, 'module')).toBe('[true,[1],"function"]');
  });

  it('loads as CommonJS through the exports map', () => {
    expect(run(`const { checkCompatibility, SchemaParseError } = require('schema-compat'); ${script}`, 'commonjs')).toBe('[true,[1],"function"]');
  });

  it('runs the Avro data plane in both module systems', () => {
    const data = `const w = '{"type":"record","name":"R","fields":[{"name":"a","type":"int"}]}'; const r = '{"type":"record","name":"R","fields":[{"name":"a","type":"long"},{"name":"b","type":"string","default":"x"}]}'; console.log(JSON.stringify(decodeAvro(encodeAvro({ a: 7 }, w), w, r)));`;
    expect(run(`import { decodeAvro, encodeAvro } from 'schema-compat'; ${data}`, 'module')).toBe('{"a":7,"b":"x"}');
    expect(run(`const { decodeAvro, encodeAvro } = require('schema-compat'); ${data}`, 'commonjs')).toBe('{"a":7,"b":"x"}');
  });

  it('declares types first for both conditions, no side effects, Node 18+, the CLI as bin', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(pkg['exports']).toEqual({
      '.': {
        import: { types: './dist/index.d.ts', default: './dist/index.js' },
        require: { types: './dist/index.d.cts', default: './dist/index.cjs' },
      },
      './protobuf': {
        import: { types: './dist/protobuf.d.ts', default: './dist/protobuf.js' },
        require: { types: './dist/protobuf.d.cts', default: './dist/protobuf.cjs' },
      },
      './registry': {
        import: { types: './dist/registry.d.ts', default: './dist/registry.js' },
        require: { types: './dist/registry.d.cts', default: './dist/registry.cjs' },
      },
      './server': {
        import: { types: './dist/server.d.ts', default: './dist/server.js' },
        require: { types: './dist/server.d.cts', default: './dist/server.cjs' },
      },
      './sources': {
        import: { types: './dist/sources.d.ts', default: './dist/sources.js' },
        require: { types: './dist/sources.d.cts', default: './dist/sources.cjs' },
      },
      './repository': {
        import: { types: './dist/repository.d.ts', default: './dist/repository.js' },
        require: { types: './dist/repository.d.cts', default: './dist/repository.cjs' },
      },
      './config.schema.json': './dist/config.schema.json',
      './package.json': './package.json',
    });
    // `bin` without `./`: npm publish rewrites `./dist/cli.js` with a warning.
    expect([pkg['sideEffects'], pkg['engines'], pkg['bin']]).toEqual([false, { node: '>=18' }, { 'schema-compat': 'dist/cli.js' }]);
    for (const file of ['dist/index.js', 'dist/index.cjs', 'dist/index.d.ts', 'dist/index.d.cts', 'dist/cli.js']) {
      expect(statSync(join(root, file)).size, file).toBeGreaterThan(0);
    }
  });

  it('runs the Protobuf entry (schema-compat/protobuf) in both module systems, and says what to install without protobufjs', () => {
    const proto = `const r = new ProtobufChecker().canRead(new ProtobufChecker().parse('syntax = "proto3"; message M { int64 a = 1; }'), new ProtobufChecker().parse('syntax = "proto3"; message M { string a = 1; }')); console.log(JSON.stringify(r.incompatibilities.map((f) => f.type + ' ' + f.location)));`;
    const expected = '["FIELD_SCALAR_KIND_CHANGED #/M/1"]';
    expect(run(`import { ProtobufChecker } from 'schema-compat/protobuf'; ${proto}`, 'module')).toBe(expected);
    expect(run(`const { ProtobufChecker } = require('schema-compat/protobuf'); ${proto}`, 'commonjs')).toBe(expected);
    // An install without protobufjs: the package (package.json, dist/) and its dependencies.
    const lonely = mkdtempSync(join(tmpdir(), 'schema-compat-no-protobufjs-'));
    try {
      const installed = join(lonely, 'node_modules', 'schema-compat');
      mkdirSync(join(installed, 'dist'), { recursive: true });
      copyFileSync(join(root, 'package.json'), join(installed, 'package.json'));
      for (const file of ['index.js', 'index.cjs', 'protobuf.js', 'protobuf.cjs']) copyFileSync(join(root, 'dist', file), join(installed, 'dist', file));
      const { dependencies } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
      for (const name of Object.keys(dependencies)) cpSync(join(root, 'node_modules', name), join(lonely, 'node_modules', name), { recursive: true });
      const report = `(e) => console.log(e.code + ': ' + e.message.split(' (version')[0])`;
      for (const code of [`import('schema-compat/protobuf').catch(${report})`, `try { require('schema-compat/protobuf') } catch (e) { (${report})(e) }`]) {
        const out = execFileSync(process.execPath, ['-e', code], { cwd: lonely, encoding: 'utf8' }).trim();
        expect(out, code).toBe('PROTOBUFJS_MISSING: schema-compat/protobuf parses .proto text with protobufjs, an optional peer dependency that is not installed: run `npm install protobufjs`');
      }
    } finally {
      rmSync(lonely, { recursive: true, force: true });
    }
  });

  it('runs the registry (schema-compat/registry) in both module systems, on the root entry\'s classes', () => {
    const code = (load: string): string => `${load} const r = createRegistry(); r.register('s', '"int"').then(async (v) => { const e = await r.getById(9).catch((x) => x); console.log(JSON.stringify([v.id, v.version, e instanceof RegistryError, e instanceof SchemaCompatError, e.confluentErrorCode])); });`;
    const expected = '[1,1,true,true,40403]';
    expect(run(code("import { createRegistry, RegistryError } from 'schema-compat/registry'; import { SchemaCompatError } from 'schema-compat';"), 'module')).toBe(expected);
    expect(run(code("const { createRegistry, RegistryError } = require('schema-compat/registry'); const { SchemaCompatError } = require('schema-compat');"), 'commonjs')).toBe(expected);
  });

  it('runs the local server (schema-compat/server) in both module systems', () => {
    const code = (load: string): string => `${load} startServer({ port: 0 }).then(async (s) => { const r = await fetch(s.url + '/config'); console.log(r.status + ' ' + r.headers.get('content-type') + ' ' + await r.text()); await s.close(); });`;
    const expected = '200 application/vnd.schemaregistry.v1+json {"compatibilityLevel":"BACKWARD"}';
    expect(run(code("import { startServer } from 'schema-compat/server';"), 'module')).toBe(expected);
    expect(run(code("const { startServer } = require('schema-compat/server');"), 'commonjs')).toBe(expected);
  });

  it('publishes the configuration\'s JSON Schema (schema-compat/config.schema.json), and loads the repository entry in both module systems', () => {
    const expected = '"schema-compat repository configuration" true';
    const code = (load: string): string => `${load} console.log(JSON.stringify(schema.title), typeof loadConfig === 'function');`;
    expect(run(code("import schema from 'schema-compat/config.schema.json' with { type: 'json' }; import { loadConfig } from 'schema-compat/repository';"), 'module')).toBe(expected);
    expect(run(code("const schema = require('schema-compat/config.schema.json'); const { loadConfig } = require('schema-compat/repository');"), 'commonjs')).toBe(expected);
  });

  it('runs the sources (schema-compat/sources) in both module systems, with the root entry\'s error classes', () => {
    const code = (load: string): string => `${load} readHistory('svn:x').catch((e) => console.log(JSON.stringify([e instanceof SourceError, e instanceof SchemaCompatError, e.code])));`;
    const expected = '[true,true,"BAD_SOURCE"]';
    expect(run(code("import { readHistory, SourceError } from 'schema-compat/sources'; import { SchemaCompatError } from 'schema-compat';"), 'module')).toBe(expected);
    expect(run(code("const { readHistory, SourceError } = require('schema-compat/sources'); const { SchemaCompatError } = require('schema-compat');"), 'commonjs')).toBe(expected);
  });

  it('keeps Node built-ins and Node globals (Buffer, process) out of the library (only the CLI, the local server, the git, folder and glob sources, the file reader and writer, the path guard and the repository runs may use them; test/package/browser.test.ts bundles the core for a browser)', () => {
    const allowed = [join(root, 'src', 'cli'), join(root, 'src', 'server'), join(root, 'src', 'sources', 'git'), join(root, 'src', 'sources', 'dir.ts'), join(root, 'src', 'sources', 'read-file.ts'), join(root, 'src', 'repository'),
      // The folder and glob sources' file access, and the confinement and no-follow writes of the loaders (issues 22, 23).
      ...['glob.ts', 'folder-access.ts', 'path-guard.ts', 'write-file.ts'].map((name) => join(root, 'src', 'sources', name))];
    const offenders: string[] = [];
    // Comment lines may name them (`Default process.cwd()`); code may not.
    const codeLines = (text: string): string => text.split('\n').filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line)).join('\n');
    const visit = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (allowed.includes(path)) continue;
        if (entry.isDirectory()) {
          visit(path);
        } else if (/from '(node:|fs|path|crypto|os|url|child_process|zlib)|\bBuffer\.\w|\bnew Buffer\b|: Buffer\b|\bprocess\.\w/.test(codeLines(readFileSync(path, 'utf8')))) {
          offenders.push(path);
        }
      }
    };
    visit(join(root, 'src'));
    expect(offenders).toEqual([]);
  });
});
