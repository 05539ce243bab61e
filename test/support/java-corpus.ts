import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

export interface JavaFinding {
  readonly type: string;
  readonly location: string;
  readonly message: string;
}

/** One line of the Apache Avro Java 1.12 corpus (test/fixtures/avro-java-1.12/README.md). */
export interface CorpusPair {
  readonly id: string;
  readonly reader: unknown;
  readonly writer: unknown;
  readonly java:
    | { readonly error: string }
    | {
        readonly confluent: { readonly compatible: boolean; readonly incompatibilities: readonly JavaFinding[] };
        readonly pulsar: { readonly compatible: boolean } | { readonly error: string };
      };
}

export function loadJavaCorpus(): CorpusPair[] {
  const path = new URL('../fixtures/avro-java-1.12/pairs.jsonl.gz', import.meta.url);
  const text = gunzipSync(readFileSync(path)).toString('utf8');
  return text.trim().split('\n').map((line) => JSON.parse(line) as CorpusPair);
}
