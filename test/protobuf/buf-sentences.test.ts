import { describe, expect, it } from 'vitest';
import { ProtobufChecker } from 'schema-compat/protobuf';
// @ts-expect-error: a plain ES module of cases without types (also run against other builds by buf-sentences-agreement.mjs).
import { agreement, BUF_SENTENCE_CASES, oursFor } from './buf-sentence-cases.mjs';

interface SentenceCase {
  readonly name: string;
  readonly rule: string;
  readonly expected: readonly string[];
}

describe("Buf's sentences under buf-wire / buf-wire-json, word for word (bufcheckserverhandle templates)", () => {
  for (const item of BUF_SENTENCE_CASES as readonly SentenceCase[]) {
    it(`${item.rule}: ${item.name}`, () => {
      expect([...(oursFor(ProtobufChecker, item) as string[])].sort()).toEqual([...item.expected].sort());
    });
  }

  it('agreement over the corpus is every sentence', () => {
    const { equal, total } = agreement(ProtobufChecker) as { equal: number; total: number };
    console.log(`[buf sentences] ${equal}/${total} equal to Buf's`);
    expect(total).toBeGreaterThanOrEqual(39);
    expect(equal).toBe(total);
  });
});
