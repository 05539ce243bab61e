import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ProtobufChecker } from 'schema-compat/protobuf';

/** Karapace's 17 Protobuf cases (test/fixtures/karapace, Apache-2.0); verdicts are BACKWARD: the new schema reads the old one's data. */
interface KarapaceCase {
  readonly test: string;
  readonly writer_old: string;
  readonly reader_new: string;
  readonly expected: 'compatible' | 'incompatible';
}

const { cases } = JSON.parse(readFileSync(new URL('../fixtures/karapace/protobuf_pairs.json', import.meta.url), 'utf8')) as { cases: KarapaceCase[] };
const checker = new ProtobufChecker();
const bufWire = new ProtobufChecker({ rules: 'buf-wire' });

/**
 * Where Karapace and Confluent disagree (reference/registries.md §1.3), with Confluent's side taken:
 * Karapace calls a package rename compatible (PACKAGE_ALTER), Confluent does not (PACKAGE_CHANGED,
 * DGS-10184); Karapace calls a changed field number incompatible (FIELD_TAG_ALTER), Confluent sees a
 * removal plus an addition, both compatible.
 */
const CONFLUENT_DIFFERS: Readonly<Record<string, string>> = {
  test_compatibility_package: 'PACKAGE_CHANGED',
  test_compatibility_field_tag_change: 'field number changed: FIELD_REMOVED + FIELD_ADDED',
  test_changing_field_number_is_incompatible: 'field number changed: FIELD_REMOVED + FIELD_ADDED',
};

describe("Karapace's Protobuf cases (17)", () => {
  it('agrees on every verdict but the ones Karapace decides differently from Confluent (docs/protobuf.md)', () => {
    const disagreements: string[] = [];
    for (const testCase of cases) {
      const result = checker.canRead(checker.parse(testCase.reader_new), checker.parse(testCase.writer_old));
      const ours = result.compatible ? 'compatible' : 'incompatible';
      if (ours !== testCase.expected) disagreements.push(`${testCase.test}: karapace ${testCase.expected}, ours ${ours} ${JSON.stringify(result.incompatibilities.map((finding) => `${finding.type} ${finding.location}`))}`);
    }
    console.info(`[karapace protobuf] verdicts ${cases.length - disagreements.length}/${cases.length}`);
    for (const line of disagreements) console.info(`  [karapace protobuf] ${line}`);
    expect(disagreements.map((line) => line.split(':')[0])).toEqual(Object.keys(CONFLUENT_DIFFERS));
  });

  it("Buf's WIRE category agrees with Karapace on the changed field numbers (the old number is neither kept nor reserved)", () => {
    for (const name of ['test_compatibility_field_tag_change', 'test_changing_field_number_is_incompatible']) {
      const testCase = cases.find((item) => item.test === name) as KarapaceCase;
      const result = bufWire.canRead(bufWire.parse(testCase.reader_new), bufWire.parse(testCase.writer_old));
      expect([result.compatible, [...new Set(result.incompatibilities.map((finding) => finding.type))]], name).toEqual([false, ['FIELD_NO_DELETE_UNLESS_NUMBER_RESERVED']]);
    }
  });
});
