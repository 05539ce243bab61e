import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCompatibility } from 'schema-compat';
import { startServer } from 'schema-compat/server';
import type { RunningServer } from 'schema-compat/server';
import { askRegistry, loadHistory, readHistory, SourceErrorCode } from 'schema-compat/sources';
import type { HistorySnapshot } from 'schema-compat/sources';
import { sourceFailure } from './http-stub.js';

// registry:URL against the project's own Confluent-compatible server, over real HTTP on 127.0.0.1:
// real registrations, references, configs and a soft delete, read back through the REST API.

const avro = (name: string, fields: readonly object[]): string => JSON.stringify({ type: 'record', name, namespace: 'com.acme', fields });
const COUNTRY = avro('Country', [{ name: 'code', type: 'string' }]);
const ADDRESS = avro('Address', [{ name: 'city', type: 'string' }, { name: 'country', type: 'com.acme.Country' }]);
const ORDER_V1 = avro('Order', [{ name: 'id', type: 'long' }]);
const ORDER_V2 = avro('Order', [{ name: 'id', type: 'long' }, { name: 'home', type: ['null', 'com.acme.Address'], default: null }]);
const ORDER_V3 = avro('Order', [
  { name: 'id', type: 'long' }, { name: 'home', type: ['null', 'com.acme.Address'], default: null }, { name: 'note', type: 'string', default: '' },
]);
/** A field without a default: not BACKWARD compatible with v3. */
const ORDER_BAD = avro('Order', [
  { name: 'id', type: 'long' }, { name: 'home', type: ['null', 'com.acme.Address'], default: null }, { name: 'note', type: 'string', default: '' },
  { name: 'qty', type: 'int' },
]);
/** v3 plus a field with a default: compatible both ways. */
const ORDER_V4 = avro('Order', [
  { name: 'id', type: 'long' }, { name: 'home', type: ['null', 'com.acme.Address'], default: null }, { name: 'note', type: 'string', default: '' },
  { name: 'rush', type: 'boolean', default: false },
]);
const ADDRESS_REF = { name: 'com.acme.Address', subject: 'shared-address', version: 1 } as const;

const EVENT_V1 = JSON.stringify({ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false });
const EVENT_V2 = JSON.stringify({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } }, additionalProperties: false });

const ODD_SUBJECT = 'team/orders value';
const PLAIN = avro('Plain', [{ name: 'x', type: 'int' }]);

let server: RunningServer;
const ids: Record<string, number> = {};
const fast = { retries: 0, retryDelayMs: 5, timeoutMs: 5_000 } as const;

beforeAll(async () => {
  server = await startServer({ port: 0 });
  const registry = server.registry;
  ids['country'] = (await registry.register('shared-country', COUNTRY)).id;
  ids['address'] = (await registry.register('shared-address', {
    schema: ADDRESS, references: [{ name: 'com.acme.Country', subject: 'shared-country', version: 1 }],
  })).id;
  ids['v1'] = (await registry.register('orders-value', ORDER_V1)).id;
  ids['v2'] = (await registry.register('orders-value', { schema: ORDER_V2, references: [ADDRESS_REF] })).id;
  ids['v3'] = (await registry.register('orders-value', { schema: ORDER_V3, references: [ADDRESS_REF] })).id;
  // A soft-deleted version: gone from the subject's listing, and it must not appear in the history.
  expect(await registry.deleteVersion('orders-value', 2)).toBe(2);
  await registry.setConfig('orders-value', { compatibility: 'FULL' });

  ids['event1'] = (await registry.register('json-events', { schema: EVENT_V1, schemaType: 'JSON' })).id;
  ids['event2'] = (await registry.register('json-events', { schema: EVENT_V2, schemaType: 'JSON' })).id;
  ids['odd'] = (await registry.register(ODD_SUBJECT, PLAIN)).id;

  await registry.register('grouped', PLAIN);
  await registry.setConfig('grouped', { compatibility: 'FORWARD', compatibilityGroup: 'major' });
  await registry.register('group-only', PLAIN);
  await registry.setConfig('group-only', { compatibilityGroup: 'major' });

  // The global level, set after the registrations: not the server's default, so it must be read.
  await registry.setConfig(null, { compatibility: 'BACKWARD_TRANSITIVE' });
});

afterAll(async () => {
  await server.close();
});

const id = (name: string): number => {
  const value = ids[name];
  if (value === undefined) throw new Error(`no id ${name}`);
  return value;
};

describe('readHistory registry:URL against the local server', () => {
  it('reads every live version with its references (dependencies first), leaving out the soft-deleted one', async () => {
    const snapshot = await readHistory(`registry:${server.url}`, { ...fast, subject: 'orders-value' });
    const expected: HistorySnapshot = {
      source: { kind: 'registry', url: server.url, subject: 'orders-value' },
      strategy: 'FULL',
      strategyFrom: 'subject config',
      isNew: false,
      notes: [],
      description: `registry ${server.url}: subject orders-value, 2 versions (1, 3), level FULL (subject config)`,
      versions: [
        {
          version: 1, label: `version 1 (id ${id('v1')})`, where: 'subject orders-value version 1', schemaType: 'AVRO', text: ORDER_V1, id: id('v1'),
        },
        {
          version: 3, label: `version 3 (id ${id('v3')})`, where: 'subject orders-value version 3', schemaType: 'AVRO', text: ORDER_V3, id: id('v3'),
          references: { 'com.acme.Country': COUNTRY, 'com.acme.Address': ADDRESS },
          registryReferences: [ADDRESS_REF],
        },
      ],
    };
    expect(snapshot).toEqual(expected);
    // Dependencies first: Country before the Address that uses it (the order parsing needs).
    expect(Object.keys(snapshot.versions[1]?.references ?? {})).toEqual(['com.acme.Country', 'com.acme.Address']);
    // No trace of the soft-deleted version 2 (its id is still readable by id, but not in the history).
    expect(snapshot.versions.map((version) => version.id)).not.toContain(id('v2'));
  });

  it('loadHistory parses the versions with their references, and the history checks like the server does', async () => {
    const loaded = await loadHistory(`registry:${server.url}`, { ...fast, subject: 'orders-value' });
    expect(loaded.history.map((schema) => [schema.schemaType, schema.version])).toEqual([['AVRO', 1], ['AVRO', 3]]);
    expect(loaded.strategy).toBe('FULL');
    // The library on the loaded history agrees with the server's own compatibility endpoint.
    const references = loaded.versions[1]?.references ?? {};
    const ours = [ORDER_V4, ORDER_BAD].map((candidate) => checkCompatibility(loaded.strategy ?? 'BACKWARD', candidate, loaded.history, { references }).compatible);
    const theirs: boolean[] = [];
    for (const candidate of [ORDER_V4, ORDER_BAD]) theirs.push((await server.registry.testCompatibility('orders-value', { schema: candidate, references: [ADDRESS_REF] })).compatible);
    expect(ours).toEqual([true, false]);
    expect(theirs).toEqual(ours);
  });

  it('reads a JSON Schema subject with the global level when the subject has none', async () => {
    const snapshot = await readHistory({ kind: 'registry', url: server.url, subject: 'json-events' }, fast);
    expect(snapshot).toEqual({
      source: { kind: 'registry', url: server.url, subject: 'json-events' },
      strategy: 'BACKWARD_TRANSITIVE',
      strategyFrom: 'global config',
      isNew: false,
      notes: [],
      description: `registry ${server.url}: subject json-events, 2 versions (1, 2), level BACKWARD_TRANSITIVE (global config)`,
      versions: [
        { version: 1, label: `version 1 (id ${id('event1')})`, where: 'subject json-events version 1', schemaType: 'JSON', text: EVENT_V1, id: id('event1') },
        { version: 2, label: `version 2 (id ${id('event2')})`, where: 'subject json-events version 2', schemaType: 'JSON', text: EVENT_V2, id: id('event2') },
      ],
    } satisfies HistorySnapshot);
    const loaded = await loadHistory(`registry:${server.url}`, { ...fast, subject: 'json-events' });
    expect(loaded.history.map((schema) => [schema.schemaType, schema.version])).toEqual([['JSON', 1], ['JSON', 2]]);
  });

  it('encodes a subject name with a slash and a space', async () => {
    const snapshot = await readHistory(`registry:${server.url}/`, { ...fast, subject: ODD_SUBJECT });
    expect(snapshot.versions).toEqual([
      { version: 1, label: `version 1 (id ${id('odd')})`, where: `subject ${ODD_SUBJECT} version 1`, schemaType: 'AVRO', text: PLAIN, id: id('odd') },
    ]);
    expect(snapshot.description).toBe(`registry ${server.url}: subject ${ODD_SUBJECT}, 1 version (1), level BACKWARD_TRANSITIVE (global config)`);
  });

  it('a subject that does not exist (40401) is NO_VERSIONS: the name may be wrong, and nothing passes on nothing', async () => {
    const error = await sourceFailure(readHistory(`registry:${server.url}`, { ...fast, subject: 'not-yet' }));
    expect(error.code).toBe(SourceErrorCode.NO_VERSIONS);
    expect(error.message).toBe(`registry ${server.url}: subject not-yet does not exist in the registry: nothing to compare with. Check the name (--subject). If it is a new subject, say so: --allow-new-subject (library: allowNewSubject), as a repository run does`);
  });

  it('with allowNewSubject, a subject that does not exist is new: empty history, isNew, a note, the global level', async () => {
    const snapshot = await readHistory(`registry:${server.url}`, { ...fast, subject: 'not-yet', allowNewSubject: true });
    expect(snapshot).toEqual({
      source: { kind: 'registry', url: server.url, subject: 'not-yet' },
      strategy: 'BACKWARD_TRANSITIVE',
      strategyFrom: 'global config',
      versions: [],
      isNew: true,
      description: `registry ${server.url}: subject not-yet: new subject: no history yet, level BACKWARD_TRANSITIVE (global config)`,
      notes: ['new subject: no history yet: subject not-yet does not exist in the registry'],
    } satisfies HistorySnapshot);
    const loaded = await loadHistory(`registry:${server.url}`, { ...fast, subject: 'not-yet', allowNewSubject: true });
    expect([loaded.history, loaded.isNew, loaded.skipped]).toEqual([[], true, []]);
  });

  it('a subject named in the source object wins over the option', async () => {
    const snapshot = await readHistory({ kind: 'registry', url: server.url, subject: 'json-events' }, { ...fast, subject: 'orders-value' });
    expect(snapshot.source).toEqual({ kind: 'registry', url: server.url, subject: 'json-events' });
    expect(snapshot.versions.map((version) => version.schemaType)).toEqual(['JSON', 'JSON']);
  });

  it('without a subject it is BAD_SOURCE naming the option, before any request', async () => {
    for (const subject of [undefined, '']) {
      const error = await sourceFailure(readHistory(`registry:${server.url}`, { ...fast, ...(subject === undefined ? {} : { subject }) }));
      expect(error.code).toBe(SourceErrorCode.BAD_SOURCE);
      expect(error.source).toBe(`registry ${server.url}`);
      expect(error.message).toBe(`registry ${server.url}: which subject? A registry source needs one. Give it: --subject orders-value (library: the subject option)`);
    }
  });

  it('registry: without an http(s) URL is BAD_SOURCE listing the source forms', async () => {
    for (const text of ['registry:', 'registry:localhost:8081', 'registry:ftp://host']) {
      const error = await sourceFailure(readHistory(text, { ...fast, subject: 'orders-value' }));
      expect([text, error.code, error.source]).toEqual([text, SourceErrorCode.BAD_SOURCE, `source ${JSON.stringify(text)}`]);
      expect(error.message).toContain('needs an http:// or https:// URL, e.g. registry:http://localhost:8081');
      expect(error.remedy).toContain('registry:URL');
    }
  });

  it('notes a compatibilityGroup it does not apply', async () => {
    const snapshot = await readHistory(`registry:${server.url}`, { ...fast, subject: 'grouped' });
    expect([snapshot.strategy, snapshot.strategyFrom]).toEqual(['FORWARD', 'subject config']);
    expect(snapshot.notes).toEqual(['the subject\'s compatibilityGroup "major" is not applied here: every version is compared (stricter than the registry)']);
  });

  it('a subject config with only a compatibilityGroup takes its level from the global config', async () => {
    // GET /config/group-only answers {"compatibilityGroup":"major"}: the subject sets no level of its own,
    // so the effective level (GET /config/S?defaultToGlobal=true) is the global one.
    const snapshot = await readHistory(`registry:${server.url}`, { ...fast, subject: 'group-only' });
    expect([snapshot.strategy, snapshot.strategyFrom]).toEqual(['BACKWARD_TRANSITIVE', 'global config']);
    expect(snapshot.notes).toEqual(['the subject\'s compatibilityGroup "major" is not applied here: every version is compared (stricter than the registry)']);
  });
});

describe('askRegistry against the local server', () => {
  it('an already registered schema is an existing version: no new version', async () => {
    const answer = await askRegistry(server.url, 'orders-value', { schemaType: 'AVRO', schema: ORDER_V3, references: [ADDRESS_REF] }, fast);
    expect(answer).toEqual({ existing: { version: 3, id: id('v3') }, wouldCreateVersion: false, subjectExists: true });
    const json = await askRegistry(server.url, 'json-events', { schemaType: 'json', schema: EVENT_V1 }, fast);
    expect(json).toEqual({ existing: { version: 1, id: id('event1') }, wouldCreateVersion: false, subjectExists: true });
  });

  it('a changed schema would create a version; nothing is registered by asking', async () => {
    const answer = await askRegistry(server.url, 'orders-value', { schemaType: 'AVRO', schema: ORDER_V4, references: [ADDRESS_REF] }, fast);
    expect(answer).toEqual({ wouldCreateVersion: true, subjectExists: true });
    expect(await server.registry.listVersions('orders-value')).toEqual([1, 3]);
  });

  it('a new subject does not exist and would be created', async () => {
    const answer = await askRegistry(server.url, 'brand-new', { schemaType: 'AVRO', schema: PLAIN }, fast);
    expect(answer).toEqual({ wouldCreateVersion: true, subjectExists: false });
    const withVerdict = await askRegistry(server.url, 'brand-new', { schemaType: 'AVRO', schema: PLAIN }, { ...fast, verdict: true });
    expect(withVerdict).toEqual({ wouldCreateVersion: true, subjectExists: false, verdict: { compatible: true, messages: [] } });
    expect(await server.registry.listSubjects()).not.toContain('brand-new');
  });

  it('verdict: true answers what the server\'s compatibility endpoint answers', async () => {
    const ask = async (schema: string): Promise<{ is_compatible: boolean; messages: string[] }> => {
      const response = await fetch(`${server.url}/compatibility/subjects/orders-value/versions?verbose=true`, {
        method: 'POST', headers: { 'content-type': 'application/vnd.schemaregistry.v1+json' }, body: JSON.stringify({ schema, references: [ADDRESS_REF] }),
      });
      return await response.json() as { is_compatible: boolean; messages: string[] };
    };

    const good = await askRegistry(server.url, 'orders-value', { schemaType: 'AVRO', schema: ORDER_V4, references: [ADDRESS_REF] }, { ...fast, verdict: true });
    const goodDirect = await ask(ORDER_V4);
    expect(goodDirect.is_compatible).toBe(true);
    expect(good).toEqual({ wouldCreateVersion: true, subjectExists: true, verdict: { compatible: true, messages: goodDirect.messages } });

    const bad = await askRegistry(server.url, 'orders-value', { schemaType: 'AVRO', schema: ORDER_BAD, references: [ADDRESS_REF] }, { ...fast, verdict: true });
    const badDirect = await ask(ORDER_BAD);
    expect(badDirect.is_compatible).toBe(false);
    expect(bad).toEqual({ wouldCreateVersion: true, subjectExists: true, verdict: { compatible: false, messages: badDirect.messages } });
    expect(bad.verdict?.messages.length).toBeGreaterThan(0);
    expect(bad.verdict?.messages.join('\n')).toContain('qty');

    // An existing version is compatible with the history it is part of.
    const same = await askRegistry(server.url, 'orders-value', { schemaType: 'AVRO', schema: ORDER_V3, references: [ADDRESS_REF] }, { ...fast, verdict: true });
    expect(same.verdict?.compatible).toBe(true);
    expect(same.existing).toEqual({ version: 3, id: id('v3') });
  });

  it('a candidate the registry cannot parse is REGISTRY_REFUSED with status 422 and the registry\'s message', async () => {
    const error = await sourceFailure(askRegistry(server.url, 'orders-value', { schemaType: 'AVRO', schema: '{"type":"record"}' }, fast));
    expect(error.code).toBe(SourceErrorCode.REGISTRY_REFUSED);
    expect(error.status).toBe(422);
    expect(error.message).toContain(`registry ${server.url}: the registry cannot parse the candidate: `);
    expect(error.message).toMatch(/error_code 4220\d/);
  });
});
