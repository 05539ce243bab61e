import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckerRegistry, checkCompatibility } from 'schema-compat';
import { ProtobufChecker } from 'schema-compat/protobuf';
import { createRegistry } from 'schema-compat/registry';
import { startServer } from 'schema-compat/server';
import type { RunningServer } from 'schema-compat/server';
import { askRegistry, loadHistory, readHistory, withCanonicalIdentity } from 'schema-compat/sources';
import { APICURIO_PREFIX, reprintProto, startDialectProxy } from '../support/registry-dialects.js';

// Every Confluent-API registry read right (issue 25 item 4): the project's server behind a proxy
// that answers like Karapace or Apicurio (test/support/registry-dialects.ts cites their sources).

const avro = (fields: readonly object[]): string => JSON.stringify({ type: 'record', name: 'Order', namespace: 'com.acme', fields });
const V1 = avro([{ name: 'id', type: 'long' }]);
const V2 = avro([{ name: 'id', type: 'long' }, { name: 'note', type: 'string', default: '' }]);
/** A field without a default: neither BACKWARD compatible with v1 nor with v2. */
const BAD = avro([{ name: 'id', type: 'long' }, { name: 'qty', type: 'int' }]);
const GOOD = avro([{ name: 'id', type: 'long' }, { name: 'note', type: 'string', default: '' }, { name: 'rush', type: 'boolean', default: false }]);
/** A team's file: comments and its own layout; the registry keeps its own print of it. */
const EVENTS = [
  'syntax = "proto3";',
  'package acme;',
  '',
  '// One thing that happened.',
  'message Event {',
  '    string id = 1;   // never reused',
  '    int64 at = 2;',
  '}',
  '',
].join('\n');

const fast = { retries: 0, retryDelayMs: 5, timeoutMs: 5_000 } as const;
let server: RunningServer;
let karapace: Awaited<ReturnType<typeof startDialectProxy>>;
let apicurio: Awaited<ReturnType<typeof startDialectProxy>>;
const checkers = (): CheckerRegistry => CheckerRegistry.withDefaults().register(new ProtobufChecker());

beforeAll(async () => {
  server = await startServer({ port: 0, checkWorkers: 0, registry: createRegistry({ checkers: checkers() }) });
  await server.registry.register('orders-value', V1);
  await server.registry.register('orders-value', V2);
  await server.registry.setConfig('orders-value', { compatibility: 'BACKWARD_TRANSITIVE' });
  await server.registry.register('latest-only', V1);
  await server.registry.register('latest-only', V2);
  await server.registry.register('events-value', { schemaType: 'PROTOBUF', schema: EVENTS });
  karapace = await startDialectProxy(server.url, 'karapace');
  apicurio = await startDialectProxy(server.url, 'apicurio');
});

afterAll(async () => {
  await Promise.all([karapace.close(), apicurio.close()]);
  await server.close();
});

describe('a registry without POST /compatibility/subjects/{s}/versions (Karapace)', () => {
  it('asks each version a transitive level names, newest first, and is compatible only when every one is', async () => {
    const good = await askRegistry(karapace.url, 'orders-value', { schemaType: 'AVRO', schema: GOOD }, { ...fast, verdict: true });
    expect(good).toEqual({ wouldCreateVersion: true, subjectExists: true, verdict: { compatible: true, messages: [], askedVersions: [2, 1] } });
    const bad = await askRegistry(karapace.url, 'orders-value', { schemaType: 'AVRO', schema: BAD }, { ...fast, verdict: true });
    expect([bad.verdict?.compatible, bad.verdict?.askedVersions]).toEqual([false, [2, 1]]);
    const theirs = await server.registry.testCompatibility('orders-value', BAD, { version: 2 });
    expect(bad.verdict?.messages.slice(0, theirs.messages.length)).toEqual(theirs.messages.map((message) => `version 2: ${message}`));
    expect(karapace.requests.filter((request) => request.startsWith('POST /compatibility/'))).toEqual([
      'POST /compatibility/subjects/orders-value/versions?verbose=true',
      'POST /compatibility/subjects/orders-value/versions/2?verbose=true',
      'POST /compatibility/subjects/orders-value/versions/1?verbose=true',
      'POST /compatibility/subjects/orders-value/versions?verbose=true',
      'POST /compatibility/subjects/orders-value/versions/2?verbose=true',
      'POST /compatibility/subjects/orders-value/versions/1?verbose=true',
    ]);
  });

  it('asks only the latest version under a level that is not transitive (the default BACKWARD)', async () => {
    const answer = await askRegistry(karapace.url, 'latest-only', { schemaType: 'AVRO', schema: BAD }, { ...fast, verdict: true });
    expect([answer.verdict?.compatible, answer.verdict?.askedVersions]).toEqual([false, [2]]);
  });

  it('a new subject: nothing to ask, compatible', async () => {
    const answer = await askRegistry(karapace.url, 'nobody', { schemaType: 'AVRO', schema: V1 }, { ...fast, verdict: true });
    expect(answer).toEqual({ wouldCreateVersion: true, subjectExists: false, verdict: { compatible: true, messages: [], askedVersions: [] } });
  });

  it('recognises a re-printed Protobuf version as the team\'s file: identity on the canonical form, not the stored text', async () => {
    const loaded = await loadHistory(`registry:${karapace.url}`, { ...fast, subject: 'events-value', registry: checkers() });
    expect(loaded.versions.map((version) => version.text)).toEqual([reprintProto(EVENTS)]);
    expect(reprintProto(EVENTS)).not.toBe(EVENTS);
    const asked = await askRegistry(karapace.url, 'events-value', { schemaType: 'PROTOBUF', schema: EVENTS }, fast);
    // The registry's lookup matches its own print only: by itself the file looks new.
    expect(asked).toEqual({ wouldCreateVersion: true, subjectExists: true });
    const result = checkCompatibility('BACKWARD', EVENTS, loaded.history, { schemaType: 'PROTOBUF', registry: checkers() });
    expect(result.identical).toEqual({ version: 1 });
    const id = loaded.versions[0]?.id;
    expect(withCanonicalIdentity(asked, result.identical?.version, loaded.versions)).toEqual({
      existing: { version: 1, id }, wouldCreateVersion: false, subjectExists: true, existingBy: 'canonical form',
    });
    // A lookup that found the version itself is kept as the registry said it.
    const direct = await askRegistry(server.url, 'events-value', { schemaType: 'PROTOBUF', schema: EVENTS }, fast);
    expect(withCanonicalIdentity(direct, 1, loaded.versions)).toEqual({ existing: { version: 1, id }, wouldCreateVersion: false, subjectExists: true });
  });
});

describe('a registry under a path prefix (Apicurio\'s /apis/ccompat/v7)', () => {
  it('reads the history, the level and the verdict under the prefix, never at the root', async () => {
    const snapshot = await readHistory(`registry:${apicurio.url}`, { ...fast, subject: 'orders-value' });
    expect([snapshot.versions.map((version) => version.text), snapshot.strategy]).toEqual([[V1, V2], 'BACKWARD_TRANSITIVE']);
    const answer = await askRegistry(`${apicurio.url}/`, 'orders-value', { schemaType: 'AVRO', schema: V2 }, { ...fast, verdict: true });
    expect(answer).toEqual({ existing: { version: 2, id: 2 }, wouldCreateVersion: false, subjectExists: true, verdict: { compatible: true, messages: [] } });
    expect(apicurio.requests.length).toBeGreaterThan(4);
    expect(apicurio.requests.filter((request) => !request.split(' ')[1]?.startsWith(`${APICURIO_PREFIX}/`))).toEqual([]);
  });
});
