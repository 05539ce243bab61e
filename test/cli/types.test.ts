import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cli, fixture, json, root } from './support.js';

const PROTO = [fixture('proto/order-v2.proto'), fixture('proto/order-v1.proto')];
const JSON_SCHEMAS = [fixture('json/person-v2.json'), fixture('json/person-v1.json')];

describe('schema-compat check: the schema type comes from the extension', () => {
  it('.json files are JSON Schema', () => {
    const run = cli(['check', '--format', 'json', ...JSON_SCHEMAS]);
    expect(run.code).toBe(1);
    expect(json(run).incompatibilities.map(({ type, direction, version, location }) => ({ type, direction, version, location }))).toEqual([
      { type: 'TYPE_CHANGED', direction: 'BACKWARD', version: 1, location: '#/properties/id' },
    ]);
  });

  it('--policy picks Confluent\'s JSON Schema policy: an optional property added to an open model breaks STRICT only', () => {
    const files = [fixture('json/open-v2.json'), fixture('json/open-v1.json')];
    const strict = cli(['check', '--format', 'json', ...files]);
    expect(strict.code).toBe(1);
    expect(json(strict).incompatibilities.map(({ type, location }) => `${type} ${location}`)).toEqual(['OPTIONAL_PROPERTY_ADDED_TO_OPEN_CONTENT_MODEL #/properties/nickname']);
    expect(cli(['check', '--policy', 'lenient', ...files]).code).toBe(0);
    expect(cli(['check', '--policy', 'loose', ...files]).code).toBe(2);
  });

  it('annotates a JSON Schema finding on the line of its #-prefixed pointer', () => {
    const run = cli(['check', '--format', 'github', ...JSON_SCHEMAS]);
    expect(run.code).toBe(1);
    expect(run.stdout.split('\n')[0]).toMatch(/^::error file=test\/fixtures\/cli\/json\/person-v2\.json,line=5,col=5,title=TYPE_CHANGED \(BACKWARD%2C version 1\)::/);
  });

  it('.proto files are Protobuf, checked with Confluent\'s rules', () => {
    const run = cli(['check', '--format', 'json', ...PROTO]);
    expect(run.code).toBe(1);
    expect(json(run).incompatibilities.map(({ type, location, message }) => ({ type, location, message }))).toEqual([
      { type: 'FIELD_SCALAR_KIND_CHANGED', location: '#/Order/2', message: 'int32 (GENERAL_NUMBER) became string (STRING_OR_BYTES)' },
    ]);
    const github = cli(['check', '--format', 'github', ...PROTO]);
    // No line for .proto locations: the annotation is on the file.
    expect(github.stdout.split('\n')[0]).toMatch(/^::error file=test\/fixtures\/cli\/proto\/order-v2\.proto,title=FIELD_SCALAR_KIND_CHANGED/);
  });

  it('a schema type change between history and candidate is SCHEMA_TYPE_CHANGED (exit 1), except under NONE', () => {
    const run = cli(['check', '--format', 'json', fixture('proto/order-v1.proto'), fixture('order-v1.avsc')]);
    expect(run.code).toBe(1);
    expect(json(run).incompatibilities.map((finding) => finding.type)).toEqual(['SCHEMA_TYPE_CHANGED']);
    expect(cli(['check', '--strategy', 'NONE', fixture('proto/order-v1.proto'), fixture('order-v1.avsc')]).code).toBe(0);
  });

  it('says what to install when protobufjs is missing (exit 2), and Avro still works without it', () => {
    const withoutProtobufjs = { nodeArgs: ['--import', './test/cli/no-protobufjs.mjs'] };
    const run = cli(['check', ...PROTO], {}, withoutProtobufjs);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^error: .*protobufjs.*not installed: run `npm install protobufjs`/);
    expect(cli(['check', fixture('order-compatible.avsc'), fixture('order-v2.avsc')], {}, withoutProtobufjs).code).toBe(0);
  });

  it('names the file, line and column of a .proto syntax error (exit 2)', () => {
    const run = cli(['check', fixture('proto/broken.proto'), fixture('proto/order-v1.proto')]);
    expect(run).toEqual({ code: 2, stdout: '', stderr: "error: test/fixtures/cli/proto/broken.proto: at line 3, column 15: protobufjs: illegal id ';' (line 3) [SYNTAX_ERROR]\n" });
  });
});

describe('schema-compat serve', () => {
  it('listens on the port asked for, answers Confluent\'s REST API, and runs until stopped', async () => {
    const child = spawn(process.execPath, ['dist/cli.js', 'serve', '--port', '0'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /listening on (http:\/\/\S+)/.exec(out);
          if (match) resolve(match[1] as string);
        });
        child.on('exit', (code) => reject(new Error(`serve exited with ${String(code)}`)));
      });
      const response = await fetch(`${url}/subjects`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([]);
      // protobufjs is installed here (a devDependency), so serve accepts Protobuf schemas too.
      const types = (await (await fetch(`${url}/schemas/types`)).json()) as string[];
      expect(types.filter((type) => ['AVRO', 'JSON', 'PROTOBUF'].includes(type)).sort()).toEqual(['AVRO', 'JSON', 'PROTOBUF']);
      expect(child.exitCode).toBeNull();
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('rejects a bad option with exit 2', () => {
    const run = cli(['serve', '--port', 'eighty']);
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toBe('error: --port must be an integer from 0 to 65535');
  });
});
