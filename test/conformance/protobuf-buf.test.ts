import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProtobufRules, ProtobufSchema } from 'schema-compat/protobuf';
import { ProtobufChecker } from 'schema-compat/protobuf';

/**
 * Buf's breaking-change test cases for the rules of its WIRE and WIRE_JSON categories
 * (test/fixtures/buf, Apache-2.0, from bufbuild/buf). Buf compares whole file sets: each side of a
 * case is given to the checker as a file that imports every file of the case (all as references).
 * A case agrees when, for every rule the case's buf.yaml selects that the category contains, we
 * report as many findings per file as Buf's expected annotations.
 */
interface Annotation {
  readonly file: string;
  readonly rule: string;
}
interface BufCase {
  readonly dir: string;
  readonly expected_annotations: readonly Annotation[];
}

const fixtures = new URL('../fixtures/buf/', import.meta.url);
const { cases } = JSON.parse(readFileSync(new URL('expected.json', fixtures), 'utf8')) as { cases: BufCase[] };

/** Buf's default rules (FILE and PACKAGE categories) among the WIRE_JSON ones; the others are opt-in. */
const DEFAULT_RULES = [
  'FILE_SAME_PACKAGE', 'MESSAGE_SAME_REQUIRED_FIELDS', 'RESERVED_MESSAGE_NO_DELETE', 'RESERVED_ENUM_NO_DELETE', 'FIELD_SAME_DEFAULT', 'FIELD_SAME_ONEOF',
  'RPC_SAME_CLIENT_STREAMING', 'RPC_SAME_SERVER_STREAMING', 'RPC_SAME_REQUEST_TYPE', 'RPC_SAME_RESPONSE_TYPE', 'RPC_SAME_IDEMPOTENCY_LEVEL',
  'ENUM_SAME_JSON_FORMAT', 'ENUM_VALUE_SAME_NAME', 'FIELD_SAME_JSON_NAME', 'FIELD_SAME_NAME', 'MESSAGE_SAME_JSON_FORMAT',
];
/** Buf v1's FIELD_SAME_LABEL runs the three cardinality rules (breaking_test.go expects their annotations). */
const ALIASES: Readonly<Record<string, readonly string[]>> = {
  FIELD_SAME_LABEL: ['FIELD_WIRE_COMPATIBLE_CARDINALITY', 'FIELD_WIRE_JSON_COMPATIBLE_CARDINALITY'],
  FILE: DEFAULT_RULES,
  PACKAGE: DEFAULT_RULES,
};

function listed(yaml: string, key: string): string[] {
  const block = new RegExp(`^\\s*${key}:\\s*\\n((?:\\s*-\\s*\\S+\\s*\\n?)+)`, 'm').exec(yaml)?.[1] ?? '';
  return [...block.matchAll(/-\s*(\S+)/g)].map((match) => match[1] as string);
}

function bufYaml(side: 'previous' | 'current', dir: string): string {
  const path = new URL(`testdata/breaking/${side}/${dir}/buf.yaml`, fixtures);
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
}

/** The source roots of one side (buf.yaml v1beta1 `roots`, else the case folder). */
function roots(side: 'previous' | 'current', dir: string): string[] {
  const listedRoots = listed(bufYaml(side, dir), 'roots');
  return listedRoots.length > 0 ? listedRoots : ['.'];
}

/** The rules a case's buf.yaml selects (`use`, default FILE, minus `except`). */
function caseRules(dir: string): Set<string> {
  const yaml = bufYaml('current', dir);
  const use = listed(yaml, 'use');
  const rules = new Set((use.length > 0 ? use : ['FILE']).flatMap((rule) => ALIASES[rule] ?? [rule]));
  for (const rule of listed(yaml, 'except')) rules.delete(rule);
  return rules;
}

function protoFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? protoFiles(path) : name.endsWith('.proto') ? [path] : [];
  });
}

function loadSide(checker: ProtobufChecker, side: 'previous' | 'current', dir: string): ProtobufSchema {
  const base = new URL(`testdata/breaking/${side}/${dir}/`, fixtures).pathname;
  const references: Record<string, string> = {};
  for (const root of roots(side, dir)) for (const file of protoFiles(join(base, root))) references[relative(join(base, root), file)] = readFileSync(file, 'utf8');
  const main = `syntax = "proto3";\n${Object.keys(references).map((name) => `import "${name}";`).join('\n')}\n`;
  return checker.parse(main, { label: `${side}/${dir}`, references });
}

function countByFileAndRule(items: readonly Annotation[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[`${item.file} ${item.rule}`] = (counts[`${item.file} ${item.rule}`] ?? 0) + 1;
  return counts;
}

function agreement(rules: ProtobufRules): { cases: number; agreed: number; annotations: number; matched: number; disagreements: string[] } {
  const checker = new ProtobufChecker({ rules });
  const category = new Set(Object.values(checker.ruleIds()));
  const tally = { cases: 0, agreed: 0, annotations: 0, matched: 0, disagreements: [] as string[] };
  for (const testCase of cases) {
    const selected = new Set([...caseRules(testCase.dir)].filter((rule) => category.has(rule)));
    if (selected.size === 0) continue;
    tally.cases++;
    const expected = testCase.expected_annotations.filter((annotation) => selected.has(annotation.rule));
    const current = loadSide(checker, 'current', testCase.dir);
    const previous = loadSide(checker, 'previous', testCase.dir);
    const ours = checker.canRead(current, previous).incompatibilities
      .filter((finding) => selected.has(finding.type))
      .map((finding) => ({ file: finding.location.split('#')[0] as string, rule: finding.type }));
    const [want, got] = [countByFileAndRule(expected), countByFileAndRule(ours)];
    let matched = 0;
    for (const [key, count] of Object.entries(want)) matched += Math.min(count, got[key] ?? 0);
    tally.annotations += expected.length;
    tally.matched += matched;
    if (JSON.stringify(Object.entries(want).sort()) === JSON.stringify(Object.entries(got).sort())) tally.agreed++;
    else tally.disagreements.push(`${testCase.dir}: buf ${JSON.stringify(want)} / ours ${JSON.stringify(got)}`);
  }
  return tally;
}

describe("Buf's breaking-change cases (test/fixtures/buf, Apache-2.0)", () => {
  for (const rules of ['buf-wire', 'buf-wire-json'] as const) {
    it(`${rules}: agrees with Buf's expected annotations, per file and rule`, () => {
      const tally = agreement(rules);
      console.info(`[buf ${rules}] cases ${tally.agreed}/${tally.cases}, annotations ${tally.matched}/${tally.annotations} (count per file and rule)`);
      for (const line of tally.disagreements) console.info(`  [buf ${rules}] ${line}`);
      expect(tally.disagreements).toEqual([]);
    });
  }
});
