// The package says `engines: node >=18`; CI runs on a newer Node, so .ci/run also runs this smoke test
// under Node 18 (`npx -y -p node@18 node scripts/smoke-node18.mjs`, after `npm run build`): the CLI's
// `check` on two Avro files, and checkCompatibility through the package's exports map as ESM and as
// CommonJS (the package resolves itself by name from here). A few seconds; exits non-zero on the first
// difference.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

assert.equal(process.versions.node.split('.')[0], '18', `expected Node 18, running ${process.version}`);

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const v1 = '{"type":"record","name":"R","fields":[{"name":"a","type":"int"}]}';
const breaking = '{"type":"record","name":"R","fields":[{"name":"a","type":"long"},{"name":"b","type":"string"}]}';
const fine = '{"type":"record","name":"R","fields":[{"name":"a","type":"long"},{"name":"b","type":"string","default":""}]}';

const dir = mkdtempSync(join(tmpdir(), 'schema-compat-node18-'));
try {
  for (const [name, text] of Object.entries({ 'v1.avsc': v1, 'breaking.avsc': breaking, 'fine.avsc': fine })) writeFileSync(join(dir, name), text);
  const check = (candidate) => spawnSync(process.execPath, [cli, 'check', candidate, 'v1.avsc'], { cwd: dir, encoding: 'utf8', timeout: 30_000 });

  const rejected = check('breaking.avsc');
  assert.equal(rejected.stderr, '');
  assert.equal(rejected.status, 1);
  const lines = rejected.stdout.split('\n');
  assert.equal(lines[0], 'INCOMPATIBLE under BACKWARD: 1 incompatibility with version 1');
  assert.ok(lines.includes('  READER_FIELD_MISSING_DEFAULT_VALUE at /fields/1 (BACKWARD: the candidate reads data written with version 1)'), rejected.stdout);

  const accepted = check('fine.avsc');
  assert.deepEqual([accepted.status, accepted.stdout, accepted.stderr], [0, 'COMPATIBLE under BACKWARD: checked version 1\n', '']);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const verdict = ({ compatible, checked, incompatibilities }) => [compatible, checked, incompatibilities.map((finding) => `${finding.type} ${finding.location}`)];
const expected = [false, [1], ['READER_FIELD_MISSING_DEFAULT_VALUE /fields/1']];

const esm = await import('schema-compat');
assert.deepEqual(verdict(esm.checkCompatibility('BACKWARD', breaking, [v1])), expected);
const cjs = createRequire(import.meta.url)('schema-compat');
assert.deepEqual(verdict(cjs.checkCompatibility('BACKWARD', breaking, [v1])), expected);
assert.notEqual(esm.checkCompatibility, cjs.checkCompatibility, 'the ESM and CommonJS builds are two files');
assert.throws(() => cjs.parseStrategy('BAKWARD'), { name: 'UnknownStrategyError' });

console.log(`Node ${process.version} smoke test ok: the CLI's check (exit 1, exit 0), checkCompatibility as ESM and as CommonJS`);
