import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeAvro, parseSchema } from 'schema-compat';
import { IncompatibleRegistrationError, RegistryError, createAvroSerde, createRegistry, encodeConfluentFrame } from 'schema-compat/registry';
import type { Registry } from 'schema-compat/registry';
import { startServer } from 'schema-compat/server';
import type { RunningServer } from 'schema-compat/server';

// f03: user keys (compatibilityGroup names, metadata property names, subject names, reference names,
// config and body keys, query parameters) named like Object.prototype members must never read the
// inherited member. Confluent's rule: a version and a candidate that both lack the group's property
// are in the same group, so an incompatible candidate is refused with 409 / 40901.

const NAMES = ['constructor', 'toString', 'valueOf', '__proto__', 'hasOwnProperty', 'prototype'] as const;
const MEDIA = 'application/vnd.schemaregistry.v1+json';
const V1 = JSON.stringify({ type: 'record', name: 'R', fields: [{ name: 'id', type: 'long' }] });
const V2_OK = JSON.stringify({ type: 'record', name: 'R', fields: [{ name: 'id', type: 'long' }, { name: 'note', type: 'string', default: '' }] });
const BREAKING = JSON.stringify({ type: 'record', name: 'R', fields: [{ name: 'id', type: 'string' }] });
/** An Avro record named `name` (every one of NAMES is a valid Avro name), referenced by `usesRecord`. */
const namedRecord = (name: string): string => JSON.stringify({ type: 'record', name, fields: [{ name: 'a', type: 'int' }] });
const usesRecord = (name: string): string => JSON.stringify({ type: 'record', name: 'Holder', fields: [{ name: 'x', type: name }] });
/** A string map whose own key is `name` (a computed key defines `__proto__` as an own property too). */
const ownMap = (name: string, value: string): Record<string, string> => ({ [name]: value });

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

describe.each(NAMES)('the registry API with the user key %s', (name) => {
  it('compatibilityGroup: a version and a candidate without the property are one group (409), a different value is another group', async () => {
    const registry = createRegistry();
    await registry.setConfig('s', { compatibility: 'BACKWARD', compatibilityGroup: name });
    await registry.register('s', V1);
    const refused = await rejection(registry.register('s', { schema: BREAKING, metadata: { properties: { owner: 'team-a' } } }));
    expect(refused).toBeInstanceOf(IncompatibleRegistrationError);
    expect((await registry.testCompatibility('s', { schema: BREAKING, metadata: { properties: { owner: 'team-a' } } })).compatible).toBe(false);
    // The group's property itself, as an own key: a new group, so nothing to be compatible with.
    const major = await registry.register('s', { schema: BREAKING, metadata: { properties: ownMap(name, '2') } });
    expect([major.version, Object.hasOwn(major.metadata?.properties ?? {}, name)]).toEqual([2, true]);
    // Within that group the rule holds again.
    const again = await rejection(registry.register('s', { schema: V1.replace('"long"', '"int"'), metadata: { properties: ownMap(name, '2') } }));
    expect(again).toBeInstanceOf(IncompatibleRegistrationError);
    expect(await registry.listVersions('s')).toEqual([1, 2]);
  });

  it('a subject of that name: register, read, configure, look up, delete', async () => {
    const registry = createRegistry();
    expect((await registry.register(name, V1)).version).toBe(1);
    expect((await registry.register(name, V2_OK)).version).toBe(2);
    expect(await registry.listSubjects()).toEqual([name]);
    expect(await registry.listVersions(name)).toEqual([1, 2]);
    expect((await registry.getLatest(name)).schema).toBe(V2_OK);
    expect((await registry.lookup(name, V1)).version).toBe(1);
    expect(await registry.getConfig(name, { defaultToGlobal: true })).toEqual({ compatibility: 'BACKWARD' });
    expect((await rejection(registry.getConfig(name))) as RegistryError).toMatchObject({ confluentErrorCode: 40408 });
    await registry.setConfig(name, { compatibility: 'FULL' });
    expect(await registry.getConfig(name)).toEqual({ compatibility: 'FULL' });
    expect(await registry.compatibilityOf('other')).toBe('BACKWARD');
    expect(await registry.deleteSubject(name)).toEqual([1, 2]);
    expect(await registry.listSubjects()).toEqual([]);
  });

  it('a reference of that name resolves to the referenced schema', async () => {
    const registry = createRegistry();
    await registry.register('ref', namedRecord(name));
    const holder = await registry.register('holder', { schema: usesRecord(name), references: [{ name, subject: 'ref', version: 1 }] });
    expect(holder.references).toEqual([{ name, subject: 'ref', version: 1 }]);
    const check = await registry.testCompatibility('holder', { schema: usesRecord(name), references: [{ name, subject: 'ref', version: 1 }] });
    expect(check.compatible).toBe(true);
    expect((await registry.lookup('holder', { schema: usesRecord(name), references: [{ name, subject: 'ref', version: 1 }] })).version).toBe(1);
  });

  it('createAvroSerde decodes data written with a schema whose reference has that name', async () => {
    const registry = createRegistry();
    await registry.register('ref', namedRecord(name));
    const { id } = await registry.register('holder', { schema: usesRecord(name), references: [{ name, subject: 'ref', version: 1 }] });
    const frame = encodeConfluentFrame(id, encodeAvro({ x: { a: 7 } }, parseSchema('AVRO', usesRecord(name), { references: ownMap(name, namedRecord(name)) })));
    expect(await createAvroSerde(registry).deserialize(frame)).toEqual({ x: { a: 7 } });
  });

  it('as a level, a schema type or a version it is refused with the usual errors', async () => {
    const registry = createRegistry();
    await registry.register('s', V1);
    expect(await rejection(registry.setConfig('s', { compatibility: name }))).toMatchObject({ confluentErrorCode: 42203 });
    expect(await rejection(registry.register('s', { schema: V1, schemaType: name }))).toMatchObject({ code: 'UNKNOWN_SCHEMA_TYPE' });
    expect(await rejection(registry.getVersion('s', name))).toMatchObject({ confluentErrorCode: 42202 });
  });
});

describe('the local server with user keys named like Object.prototype members', () => {
  let server: RunningServer;
  let registry: Registry;
  beforeAll(async () => {
    server = await startServer({ port: 0 });
    registry = server.registry;
  });
  afterAll(async () => {
    await server.close();
  });

  const call = async (method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> => {
    const init: RequestInit = { method, headers: { 'content-type': MEDIA }, signal: AbortSignal.timeout(30_000) };
    const response = await fetch(`${server.url}${path}`, body === undefined ? init : { ...init, body: typeof body === 'string' ? body : JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it.each(NAMES)('compatibilityGroup %s: a breaking schema without the property is refused with 409 / 40901', async (name) => {
    const subject = `group-${name}`;
    expect((await call('PUT', `/config/${subject}`, { compatibility: 'BACKWARD', compatibilityGroup: name })).status).toBe(200);
    expect((await call('POST', `/subjects/${subject}/versions`, { schema: V1 })).status).toBe(200);
    const refused = await call('POST', `/subjects/${subject}/versions`, { schema: BREAKING, metadata: { properties: { owner: 'team-a' } } });
    expect(refused.status).toBe(409);
    expect((refused.body as { error_code: number }).error_code).toBe(40901);
    expect((await call('POST', `/compatibility/subjects/${subject}/versions`, { schema: BREAKING, metadata: { properties: { owner: 'team-a' } } })).body).toEqual({ is_compatible: false });
    // The JSON text makes the key an own property, `__proto__` included: another group, registered.
    const major = await call('POST', `/subjects/${subject}/versions`, `{"schema":${JSON.stringify(BREAKING)},"metadata":{"properties":{${JSON.stringify(name)}:"2"}}}`);
    expect(major.status).toBe(200);
    const latest = await call('GET', `/subjects/${subject}/versions/latest`);
    expect(Object.hasOwn((latest.body as { metadata: { properties: object } }).metadata.properties, name)).toBe(true);
    expect((await call('GET', `/subjects/${subject}/versions`)).body).toEqual([1, 2]);
  });

  it.each(NAMES)('a subject named %s answers every route', async (name) => {
    const path = `/subjects/${encodeURIComponent(name)}`;
    expect((await call('POST', `${path}/versions`, { schema: V1 })).status).toBe(200);
    expect((await call('GET', `${path}/versions`)).body).toEqual([1]);
    expect((await call('POST', path, { schema: V1 })).body).toMatchObject({ subject: name, version: 1 });
    expect((await call('GET', `/config/${encodeURIComponent(name)}?defaultToGlobal=true`)).body).toEqual({ compatibilityLevel: 'BACKWARD' });
    expect((await call('GET', `/config/${encodeURIComponent(name)}`)).status).toBe(404);
    expect((await call('DELETE', path)).body).toEqual([1]);
    expect((await call('GET', `${path}/versions`)).status).toBe(404);
  });

  it.each(NAMES)('a reference named %s over HTTP', async (name) => {
    const ref = `ref-${name}`;
    expect((await call('POST', `/subjects/${ref}/versions`, { schema: namedRecord(name) })).status).toBe(200);
    const holder = await call('POST', `/subjects/holder-${name}/versions`, { schema: usesRecord(name), references: [{ name, subject: ref, version: 1 }] });
    expect(holder.status).toBe(200);
  });

  it.each(NAMES)('%s as a body key, a query parameter, a level, a schema type and a version', async (name) => {
    const subject = `keys-${name}`;
    // Body keys: an own `__proto__`/`constructor` field is no schemaType and no config.
    const body = `{"schema":${JSON.stringify(V1)},${JSON.stringify(name)}:{"schemaType":"JSON"}}`;
    expect((await call('POST', `/subjects/${subject}/versions?${encodeURIComponent(name)}=true&deleted=${encodeURIComponent(name)}`, body)).status).toBe(200);
    expect((await call('GET', `/subjects/${subject}/versions/1`)).body).toMatchObject({ version: 1, schema: V1 });
    expect((await call('GET', `/subjects/${subject}/versions/1`)).body).not.toHaveProperty('schemaType');
    expect((await call('PUT', `/config/${subject}`, `{${JSON.stringify(name)}:{"compatibility":"NONE"},"compatibility":"FULL"}`)).body).toEqual({ compatibility: 'FULL' });
    expect((await call('PUT', `/config/${subject}`, { compatibility: name })).body).toMatchObject({ error_code: 42203 });
    expect((await call('POST', `/subjects/${subject}/versions`, { schema: V1, schemaType: name })).body).toMatchObject({ error_code: 42201 });
    expect((await call('GET', `/subjects/${subject}/versions/${encodeURIComponent(name)}`)).body).toMatchObject({ error_code: 42202 });
    expect((await call('GET', `/${encodeURIComponent(name)}`)).status).toBe(404);
    expect(await registry.getConfig(subject)).toEqual({ compatibility: 'FULL' });
  });
});
