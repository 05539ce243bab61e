import { describe, expect, it } from 'vitest';
import { SchemaParseError } from 'schema-compat';
import { IncompatibleRegistrationError, createRegistry } from 'schema-compat/registry';
import { V1, V2, V3_BAD, errorShape, record, rejection } from './support.js';

describe('createRegistry (confluent mode): register, dedup, ids', () => {
  it('registers versions from 1 and returns the stored version', async () => {
    const registry = createRegistry();
    expect(await registry.register('orders-value', V1)).toEqual({
      subject: 'orders-value', version: 1, id: 1, schemaType: 'AVRO', schema: V1, references: [], deleted: false,
    });
    expect((await registry.register('orders-value', V2)).version).toBe(2);
    expect(await registry.listVersions('orders-value')).toEqual([1, 2]);
    expect(await registry.listSubjects()).toEqual(['orders-value']);
  });

  it('returns the existing id and version for an identical schema (whitespace, key order, doc), under every level', async () => {
    const registry = createRegistry();
    await registry.register('s', V1);
    await registry.register('s', V2);
    await registry.setConfig('s', { compatibility: 'ALWAYS_INCOMPATIBLE' });
    const spaced = JSON.stringify(JSON.parse(V1), null, 2);
    const reordered = JSON.stringify({ fields: [{ type: 'long', name: 'id' }], namespace: 'com.acme', name: 'Order', type: 'record', doc: 'orders' });
    for (const text of [V1, spaced, reordered]) {
      const found = await registry.register('s', text);
      expect([found.id, found.version]).toEqual([1, 1]);
    }
    expect(await registry.listVersions('s')).toEqual([1, 2]);
    await expect(registry.register('s', V3_BAD)).rejects.toBeInstanceOf(IncompatibleRegistrationError);
  });

  it('shares one global id between subjects for the same schema, with versions per subject', async () => {
    const registry = createRegistry();
    await registry.register('a', V1);
    await registry.register('a', V2);
    const b = await registry.register('b', V2);
    expect([b.id, b.version]).toEqual([2, 1]);
    expect(await registry.usesOfId(2)).toEqual([{ subject: 'a', version: 2 }, { subject: 'b', version: 1 }]);
    expect(await registry.getById(2)).toEqual({ id: 2, schemaType: 'AVRO', schema: V2, references: [] });
  });

  it('rejects an incompatible schema with the full result and Confluent\'s messages', async () => {
    const registry = createRegistry();
    await registry.register('s', V1);
    await registry.register('s', V2);
    const error = await rejection(registry.register('s', V3_BAD)) as IncompatibleRegistrationError;
    expect(error).toBeInstanceOf(IncompatibleRegistrationError);
    expect(error.result).toEqual({
      compatible: false, strategy: 'BACKWARD', checked: [2], warnings: [],
      incompatibilities: [{
        type: 'READER_FIELD_MISSING_DEFAULT_VALUE', direction: 'BACKWARD', version: 2, location: '/fields/2', message: 'qty',
        description: "The field 'qty' at path '/fields/2' in the new schema has no default value and is missing in the old schema",
      }],
    });
    const messages = [
      "{errorType:'READER_FIELD_MISSING_DEFAULT_VALUE', description:'The field 'qty' at path '/fields/2' in the new schema has no default value and is missing in the old schema', additionalInfo:'qty'}",
      '{oldSchemaVersion: 2}',
      `{oldSchema: '${V2}'}`,
      "{validateFields: 'false', compatibility: 'BACKWARD'}",
    ];
    expect(error.messages).toEqual(messages);
    expect(errorShape(error)).toEqual({
      name: 'IncompatibleRegistrationError', code: 'INCOMPATIBLE_SCHEMA', confluentErrorCode: 40901, httpStatus: 409,
      message: `Schema being registered is incompatible with an earlier schema for subject "s", details: [${messages.join(', ')}]`,
    });
    expect(await registry.listVersions('s')).toEqual([1, 2]);
  });

  it('checks every active version under a transitive level, and none under NONE', async () => {
    const registry = createRegistry({ compatibility: 'NONE' });
    await registry.register('s', V1);
    const renamed = record([{ name: 'id', type: 'string' }]);
    await registry.register('s', renamed);
    await registry.setConfig(null, { compatibility: 'FORWARD_TRANSITIVE' });
    const error = await rejection(registry.register('s', record([{ name: 'id', type: 'string' }, { name: 'x', type: 'int', default: 0 }]))) as IncompatibleRegistrationError;
    expect(error.result.checked).toEqual([2, 1]);
    expect(error.result.incompatibilities.map((item) => [item.type, item.direction, item.version])).toEqual([['TYPE_MISMATCH', 'FORWARD', 1]]);
    expect(error.messages[0]).toBe("{errorType:'TYPE_MISMATCH', description:'The type (path '/fields/0/type') of a field in the old schema does not match with the new schema', additionalInfo:'reader type: LONG not compatible with writer type: STRING'}");
  });

  it('gives concurrent registrations of one schema one version and one id', async () => {
    const registry = createRegistry();
    await registry.register('s', V1);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => registry.register(i % 2 ? 's' : 't', V2)));
    expect(new Set(results.map((found) => found.id))).toEqual(new Set([2]));
    expect(await registry.listVersions('s')).toEqual([1, 2]);
    expect(await registry.listVersions('t')).toEqual([1]);
  });

  it('throws SchemaParseError for a schema it cannot parse, and stores nothing', async () => {
    const registry = createRegistry();
    const error = await rejection(registry.register('s', '{"type":"record","name":"R"}'));
    expect(error).toBeInstanceOf(SchemaParseError);
    expect(await registry.listSubjects()).toEqual([]);
  });
});

describe('createRegistry: reads and their errors', () => {
  it('reads versions by number, latest and -1, and by id', async () => {
    const registry = createRegistry();
    await registry.register('s', V1);
    await registry.register('s', V2);
    expect((await registry.getVersion('s', 1)).schema).toBe(V1);
    expect((await registry.getVersion('s', 'latest')).version).toBe(2);
    expect((await registry.getVersion('s', '-1')).version).toBe(2);
    expect((await registry.getLatest('s')).id).toBe(2);
    expect((await registry.lookup('s', V1)).version).toBe(1);
  });

  it('answers unknown subjects, versions, ids and schemas with Confluent\'s codes and texts', async () => {
    const registry = createRegistry();
    await registry.register('s', V1);
    const cases = await Promise.all([
      rejection(registry.getVersion('nope', 1)), rejection(registry.getVersion('s', 7)), rejection(registry.getById(99)),
      rejection(registry.lookup('s', V2)), rejection(registry.getVersion('s', 0)), rejection(registry.getVersion('s', 'one')),
      rejection(registry.getConfig('s')), rejection(registry.setConfig('s', { compatibility: 'SIDEWAYS' })), rejection(registry.register('', V1)),
    ]);
    expect(cases.map((error) => { const { confluentErrorCode, message } = errorShape(error); return [confluentErrorCode, message]; })).toEqual([
      [40401, "Subject 'nope' not found."],
      [40402, 'Version 7 not found.'],
      [40403, 'Schema 99 not found'],
      [40403, 'Schema not found'],
      [42202, 'The specified version \'0\' is not a valid version id. Allowed values are between [1, 2^31-1] and the string "latest"'],
      [42202, 'The specified version \'one\' is not a valid version id. Allowed values are between [1, 2^31-1] and the string "latest"'],
      [40408, "Subject 's' does not have subject-level compatibility configured"],
      [42203, 'Invalid compatibility level. Valid values are none, backward, forward, full, backward_transitive, forward_transitive, and full_transitive'],
      [42208, "The specified subject '' is not valid."],
    ]);
  });
});

describe('createRegistry: deletes (Confluent\'s order: soft, then permanent)', () => {
  it('soft-deletes versions and subjects, keeps ids readable, and hard-deletes only after a soft delete', async () => {
    const registry = createRegistry();
    await registry.register('s', V1);
    await registry.register('s', V2);
    expect(errorShape(await rejection(registry.deleteVersion('s', 2, { permanent: true }))).message).toBe("Subject 's' Version 2 was not deleted first before being permanently deleted");
    expect(await registry.deleteVersion('s', 2)).toBe(2);
    expect(errorShape(await rejection(registry.deleteVersion('s', 2))).message).toBe("Subject 's' Version 2 was soft deleted.Set permanent=true to delete permanently");
    expect(await registry.listVersions('s')).toEqual([1]);
    expect(await registry.listVersions('s', { deleted: true })).toEqual([1, 2]);
    expect((await registry.getById(2)).schema).toBe(V2);
    // A soft-deleted schema registered again takes a new version, with its old id.
    const again = await registry.register('s', V2);
    expect([again.version, again.id]).toEqual([3, 2]);

    expect(errorShape(await rejection(registry.deleteSubject('s', { permanent: true }))).confluentErrorCode).toBe(40405);
    expect(await registry.deleteSubject('s')).toEqual([1, 3]);
    expect(errorShape(await rejection(registry.deleteSubject('s'))).confluentErrorCode).toBe(40404);
    expect(await registry.listSubjects()).toEqual([]);
    expect(await registry.listSubjects({ deleted: true })).toEqual(['s']);
    expect(await registry.deleteSubject('s', { permanent: true })).toEqual([1, 2, 3]);
    expect(await registry.listSubjects({ deleted: true })).toEqual([]);
    expect(errorShape(await rejection(registry.getById(1))).confluentErrorCode).toBe(40403);
    // After a hard delete the subject starts again at version 1.
    expect((await registry.register('s', V1)).version).toBe(1);
  });
});

describe('createRegistry: config, compatibility tests, groups, references', () => {
  it('resolves levels subject, then global, then the default', async () => {
    const registry = createRegistry();
    expect(await registry.getConfig(null)).toEqual({ compatibility: 'BACKWARD' });
    expect(await registry.setConfig(null, { compatibility: 'full' })).toEqual({ compatibility: 'FULL' });
    expect(await registry.getConfig('s', { defaultToGlobal: true })).toEqual({ compatibility: 'FULL' });
    expect(await registry.setConfig('s', { compatibility: 'BOTH', normalize: true })).toEqual({ compatibility: 'FULL', normalize: true });
    expect(await registry.setConfig('s', { compatibility: 'NONE' })).toEqual({ compatibility: 'NONE', normalize: true });
    expect(await registry.compatibilityOf('s')).toBe('NONE');
    expect(await registry.deleteConfig('s')).toEqual({ compatibility: 'NONE', normalize: true });
    expect(await registry.compatibilityOf('s')).toBe('FULL');
  });

  it('tests one version (even under a transitive level) or every active version', async () => {
    const registry = createRegistry({ compatibility: 'NONE' });
    await registry.register('s', V1);
    await registry.register('s', record([{ name: 'id', type: 'string' }]));
    await registry.setConfig('s', { compatibility: 'BACKWARD_TRANSITIVE' });
    const candidate = record([{ name: 'id', type: 'string' }, { name: 'n', type: 'int', default: 1 }]);
    expect((await registry.testCompatibility('s', candidate, { version: 'latest' })).compatible).toBe(true);
    const all = await registry.testCompatibility('s', candidate);
    expect([all.compatible, all.result.checked]).toEqual([false, [2, 1]]);
    expect(all.messages).toEqual([
      "{errorType:'TYPE_MISMATCH', description:'The type (path '/fields/0/type') of a field in the new schema does not match with the old schema', additionalInfo:'reader type: STRING not compatible with writer type: LONG'}",
      '{oldSchemaVersion: 1}',
      `{oldSchema: '${V1}'}`,
      "{validateFields: 'false', compatibility: 'BACKWARD_TRANSITIVE'}",
    ]);
    expect((await registry.testCompatibility('s', candidate, { version: 1 })).compatible).toBe(false);
    expect((await registry.testCompatibility('new', candidate, { version: 'latest' })).compatible).toBe(true);
  });

  it('checks only versions of the same compatibility group', async () => {
    const registry = createRegistry();
    await registry.setConfig('s', { compatibilityGroup: 'major' });
    await registry.register('s', { schema: V1, metadata: { properties: { major: '1' } } });
    const v2 = await registry.register('s', { schema: record([{ name: 'id', type: 'string' }]), metadata: { properties: { major: '2' } } });
    expect(v2.version).toBe(2);
    await expect(registry.register('s', { schema: record([{ name: 'id', type: 'int' }]), metadata: { properties: { major: '2' } } }))
      .rejects.toBeInstanceOf(IncompatibleRegistrationError);
  });

  it('parses schemas with references to other subjects and refuses to delete a referenced version', async () => {
    const registry = createRegistry();
    const address = JSON.stringify({ type: 'record', name: 'Address', namespace: 'com.acme', fields: [{ name: 'city', type: 'string' }] });
    await registry.register('address', address);
    const person = JSON.stringify({ type: 'record', name: 'Person', namespace: 'com.acme', fields: [{ name: 'home', type: 'com.acme.Address' }] });
    const references = [{ name: 'com.acme.Address', subject: 'address', version: 1 }];
    const registered = await registry.register('person', { schema: person, references });
    expect(registered.references).toEqual(references);
    expect(await registry.getById(registered.id)).toEqual({ id: 2, schemaType: 'AVRO', schema: person, references });
    const missing = await rejection(registry.register('other', { schema: person, references: [{ name: 'com.acme.Address', subject: 'address', version: 9 }] }));
    expect(errorShape(missing).confluentErrorCode).toBe(42201);
    expect(errorShape(await rejection(registry.deleteVersion('address', 1))).confluentErrorCode).toBe(42206);
    await expect(registry.register('bare', person)).rejects.toBeInstanceOf(SchemaParseError);
  });
});

describe('createRegistry: JSON Schema through the same generic path', () => {
  const hasJson = createRegistry().schemaTypes().includes('JSON');
  it.skipIf(!hasJson)('registers JSON schemas and rejects a changed property type with Confluent\'s JSON message', async () => {
    const registry = createRegistry();
    const before = JSON.stringify({ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false });
    const after = JSON.stringify({ type: 'object', properties: { a: { type: 'integer' } }, additionalProperties: false });
    expect((await registry.register('j', { schema: before, schemaType: 'json' })).schemaType).toBe('JSON');
    expect((await registry.register('j', { schema: before, schemaType: 'JSON' })).version).toBe(1);
    const error = await rejection(registry.register('j', { schema: after, schemaType: 'JSON' })) as IncompatibleRegistrationError;
    expect(error.messages).toEqual([
      `{errorType:"TYPE_CHANGED", description:"A type at path '#/properties/a' is different between the new schema and the old schema'}`,
      '{oldSchemaVersion: 1}',
      `{oldSchema: '${before}'}`,
      "{validateFields: 'false', compatibility: 'BACKWARD'}",
    ]);
    // An AVRO schema after a JSON one is a schema type change.
    const typeChange = await rejection(registry.register('j', V1)) as IncompatibleRegistrationError;
    expect(typeChange.messages).toEqual(['Incompatible because of different schema type', "{validateFields: 'false', compatibility: 'BACKWARD'}"]);
  });
});

describe('createRegistry: Protobuf through the same generic path (checkers with ProtobufChecker)', () => {
  it('registers .proto schemas and rejects a changed scalar kind with Confluent\'s Protobuf message', async () => {
    const { ProtobufChecker } = await import('schema-compat/protobuf');
    const { CheckerRegistry } = await import('schema-compat');
    const registry = createRegistry({ checkers: CheckerRegistry.withDefaults().register(new ProtobufChecker()) });
    const before = 'syntax = "proto3"; message M { string a = 1; }';
    expect((await registry.register('p', { schema: before, schemaType: 'PROTOBUF' })).version).toBe(1);
    expect((await registry.register('p', { schema: `${before}\n`, schemaType: 'PROTOBUF' })).version).toBe(1);
    const error = await rejection(registry.register('p', { schema: 'syntax = "proto3"; message M { int32 a = 1; }', schemaType: 'PROTOBUF' })) as IncompatibleRegistrationError;
    expect(error.messages).toEqual([
      `{errorType:"FIELD_SCALAR_KIND_CHANGED", description:"The kind of a SCALAR field at path '#/M/1' in the new schema does not match its kind in the old schema"}`,
      '{oldSchemaVersion: 1}',
      `{oldSchema: '${before}'}`,
      "{validateFields: 'false', compatibility: 'BACKWARD'}",
    ]);
  });
});
