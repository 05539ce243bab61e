import { describe, expect, it } from 'vitest';
import { CheckerRegistry, SchemaParseError, UnknownSchemaTypeError, checkCompatibility, parseSchema } from 'schema-compat';
import { thrown } from '../support/thrown.js';

describe('errors that say what to do', () => {
  it.each([
    [{ type: 'object', properties: { id: { type: 'integer' } } }, 'it has `properties` at its root'],
    [{ $schema: 'https://json-schema.org/draft/2020-12/schema', items: {} }, 'it has `$schema` at its root'],
    ['{"type": "object"}', 'its root has `"type": "object"`'],
    [{ type: 'integer', minimum: 0 }, 'its root has `"type": "integer"`'],
  ])('a JSON Schema given as Avro (the default type) is refused with "pass schemaType: \'JSON\'" (%j)', (schema, evidence) => {
    const error = thrown(() => checkCompatibility('BACKWARD', schema, []));
    expect(error).toBeInstanceOf(SchemaParseError);
    expect((error as SchemaParseError).detail).toContain(`this looks like a JSON Schema (${evidence}), not Avro: pass \`schemaType: 'JSON'\` (CLI: \`--type json\`)`);
  });

  it('a .proto text given as Avro is refused with "pass schemaType: \'PROTOBUF\'"', () => {
    const error = thrown(() => parseSchema('AVRO', '// orders\nsyntax = "proto3";\nmessage Order { int32 id = 1; }'));
    expect(error).toBeInstanceOf(SchemaParseError);
    expect((error as SchemaParseError).rule).toBe('INVALID_JSON');
    expect((error as SchemaParseError).detail).toMatch(/; this looks like Protobuf \(it starts with `syntax`, as a \.proto file does\), not Avro: pass `schemaType: 'PROTOBUF'` \(CLI: `--type protobuf`\)$/);
  });

  it('an invalid Avro schema that is not another language keeps Avro\'s message alone', () => {
    const error = thrown(() => parseSchema('AVRO', { type: 'record', name: 'R' }));
    expect((error as SchemaParseError).detail).not.toContain('looks like');
    expect((error as SchemaParseError).rule).toBe('MISSING_FIELDS');
  });

  it('PROTOBUF without its checker says how to register it, in one line', () => {
    const error = thrown(() => checkCompatibility('BACKWARD', 'syntax = "proto3"; message M {}', [], { schemaType: 'PROTOBUF' }));
    expect(error).toBeInstanceOf(UnknownSchemaTypeError);
    expect((error as UnknownSchemaTypeError).message).toContain("register its checker: CheckerRegistry.withDefaults().register(new ProtobufChecker()), with ProtobufChecker from 'schema-compat/protobuf' (needs protobufjs), and pass it as the `registry` option");
    // A type nobody ships gets the generic advice.
    expect((thrown(() => new CheckerRegistry().get('XSD')) as Error).message).toContain('register a SchemaChecker for it on a CheckerRegistry');
  });
});
