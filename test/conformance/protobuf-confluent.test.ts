import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ProtobufChecker } from 'schema-compat/protobuf';

/**
 * Confluent's Protobuf diff vectors (protobuf-provider/src/test/resources/diff-schema-examples.json).
 * They are under the Confluent Community License, so they are read from ../shared/vectors at test
 * time and never copied into this repository; without that folder the test says it skipped.
 */
interface Dependency {
  readonly name: string;
  readonly dependency: string;
}
interface ConfluentCase {
  readonly description: string;
  readonly original_schema: string;
  readonly update_schema: string;
  readonly changes: readonly string[];
  readonly compatible: boolean;
  readonly original_dependencies?: readonly Dependency[];
  readonly update_dependencies?: readonly Dependency[];
}

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const folder = resolve(repoRoot, '../shared/vectors/confluent/protobuf-provider');
const available = existsSync(folder);
const checker = new ProtobufChecker();

function references(dependencies: readonly Dependency[] | undefined): Record<string, string> {
  return Object.fromEntries((dependencies ?? []).map((item) => [item.name, item.dependency]));
}

/** A vector's verdict, and its changes in Confluent's order: `TYPE #/path`. */
function run(testCase: ConfluentCase): { compatible: boolean; changes: string[] } {
  const original = checker.parse(testCase.original_schema, { references: references(testCase.original_dependencies) });
  const update = checker.parse(testCase.update_schema, { references: references(testCase.update_dependencies) });
  const result = checker.canRead(update, original);
  return { compatible: result.compatible, changes: checker.diff(original, update).map((difference) => `${difference.type} ${difference.location}`) };
}

describe.skipIf(!available)("Confluent's Protobuf diff vectors (read from ../shared/vectors, CCL)", () => {
  it('diff-schema-examples.json: every verdict and every change list, in order', () => {
    const cases = JSON.parse(readFileSync(resolve(folder, 'diff-schema-examples.json'), 'utf8')) as ConfluentCase[];
    const verdicts: string[] = [];
    const changeLists: string[] = [];
    for (const testCase of cases) {
      const ours = run(testCase);
      if (ours.compatible !== testCase.compatible) verdicts.push(`${testCase.description}: ours ${ours.compatible}`);
      if (JSON.stringify(ours.changes) !== JSON.stringify(testCase.changes)) changeLists.push(`${testCase.description}: ours ${JSON.stringify(ours.changes)} / ${JSON.stringify(testCase.changes)}`);
    }
    const matched = cases.length - new Set([...verdicts, ...changeLists].map((line) => line.split(':')[0])).size;
    console.info(`[confluent protobuf diff-schema-examples.json] matched ${matched}/${cases.length} (verdict and ordered change list); verdicts ${cases.length - verdicts.length}/${cases.length}`);
    expect(verdicts).toEqual([]);
    expect(changeLists).toEqual([]);
  });

  it('diff-schema-examples-with-meta.json: imports of Confluent\'s own option files are given as references', () => {
    const cases = JSON.parse(readFileSync(resolve(folder, 'diff-schema-examples-with-meta.json'), 'utf8')) as (ConfluentCase & Record<string, unknown>)[];
    const read = (path: string): string => readFileSync(resolve(folder, path), 'utf8');
    const given = { 'confluent/meta.proto': read('confluent/meta.proto'), 'confluent/type/decimal.proto': read('confluent/type/decimal.proto') };
    let matched = 0;
    for (const testCase of cases) {
      const original = checker.parse(read(testCase.original_schema), { references: given });
      const update = checker.parse(read(testCase.update_schema), { references: given });
      const changes = checker.diff(original, update).map((difference) => `${difference.type} ${difference.location}`);
      expect([checker.canRead(update, original).compatible, changes], testCase.description).toEqual([testCase.compatible, testCase.changes]);
      matched++;
    }
    console.info(`[confluent protobuf diff-schema-examples-with-meta.json] matched ${matched}/${cases.length}`);
  });
});

describe.skipIf(available)("Confluent's Protobuf diff vectors", () => {
  it('skipped: ../shared/vectors/confluent/protobuf-provider is not there', () => {
    console.info('[confluent protobuf] SKIPPED: ../shared/vectors/confluent/protobuf-provider not found');
    expect(available).toBe(false);
  });
});
