import { describe, expect, it } from 'vitest';
import {
  CheckerRegistry, KeyValueChecker, KeyValueFindingType, SchemaParseError, checkCompatibility, encodeKeyValueData, parseSchema,
} from 'schema-compat';
import type { KeyValueSchema, PairResult, StrategyName } from 'schema-compat';

/*
 * Facts from Pulsar's KeyValueSchemaCompatibilityCheckTest (reference/pulsar.md §4.4): Foo and Bar
 * as Pulsar's Java client derives them (AvroSchema.of / JSONSchema.of: reference fields become
 * ["null", T] with default null), key and value types in the `key.schema.type` / `value.schema.type`
 * properties, a missing type meaning BYTES.
 */
const BAR = { type: 'record', name: 'Bar', namespace: 'org.apache.pulsar.broker.service.schema', fields: [{ name: 'field1', type: 'boolean' }] };
const FOO = {
  type: 'record', name: 'Foo', namespace: 'org.apache.pulsar.broker.service.schema',
  fields: [
    { name: 'field1', type: ['null', 'string'], default: null },
    { name: 'field2', type: ['null', 'string'], default: null },
    { name: 'field3', type: 'int' },
    { name: 'field4', type: ['null', BAR], default: null },
  ],
};

const registry = CheckerRegistry.withDefaults({ avro: { profile: 'pulsar' }, json: { registry: 'pulsar' } });
const checker = registry.get('KEY_VALUE') as KeyValueChecker;

/** A KeyValue schema as Pulsar's admin API hands it out: data `{"key", "value"}` and the types in properties. */
const schemaInfo = (key: object | '', value: object | '', properties: Record<string, string>): object => ({
  type: 'KEY_VALUE', data: JSON.stringify({ key, value }), properties,
});
const types = (key: string, value: string): Record<string, string> => ({ 'key.schema.type': key, 'value.schema.type': value });
const parse = (input: string | object): KeyValueSchema => parseSchema('KEY_VALUE', input, { registry }).schema as KeyValueSchema;
/** Pulsar's checkCompatible(from, to, strategy) for one pair, without the registry's dedup. */
function check(from: KeyValueSchema, to: KeyValueSchema, strategy: 'BACKWARD' | 'FORWARD' | 'FULL'): boolean {
  const session = checker.openSession({ candidate: to, versions: [from] });
  const backward = (): PairResult => session.canRead(to, from);
  const forward = (): PairResult => session.canRead(from, to);
  if (strategy === 'BACKWARD') return backward().compatible;
  if (strategy === 'FORWARD') return forward().compatible;
  return backward().compatible && forward().compatible;
}

const COMBOS = [['AVRO', 'AVRO'], ['JSON', 'JSON'], ['AVRO', 'JSON'], ['JSON', 'AVRO']] as const;
const STRATEGIES = ['FULL', 'BACKWARD', 'FORWARD'] as const;

describe('KeyValueChecker: Pulsar\'s KeyValueSchemaCompatibilityCheckTest', () => {
  it('KV(Foo, Bar) → KV(Foo, Bar) is compatible for every strategy and key/value type combination', () => {
    for (const [key, value] of COMBOS) {
      for (const strategy of STRATEGIES) {
        const kv = parse(schemaInfo(FOO, BAR, types(key, value)));
        expect([key, value, strategy, check(kv, parse(schemaInfo(FOO, BAR, types(key, value))), strategy)]).toEqual([key, value, strategy, true]);
      }
    }
  });

  it('KV(Bar, Foo) → KV(Foo, Bar) is incompatible for every strategy and combination', () => {
    for (const [key, value] of COMBOS) {
      for (const strategy of STRATEGIES) {
        const from = parse(schemaInfo(BAR, FOO, types(key, value)));
        expect([key, value, strategy, check(from, parse(schemaInfo(FOO, BAR, types(key, value))), strategy)]).toEqual([key, value, strategy, false]);
      }
    }
  });

  it('a changed key or value type is incompatible with Pulsar\'s message, from the existing schema to the new one', () => {
    const from = parse(schemaInfo(FOO, BAR, types('JSON', 'AVRO')));
    const to = parse(schemaInfo(FOO, BAR, types('AVRO', 'AVRO')));
    const session = checker.openSession({ candidate: to, versions: [from] });
    const message = 'Key schemas or Value schemas are different schema type, from key schema type is JSON and to key schema is AVRO, from value schema is AVRO and to value schema is AVRO';
    // FORWARD: the existing schema reads the new one; the message still names the existing one "from".
    expect(session.canRead(from, to)).toEqual({ compatible: false, incompatibilities: [{ type: KeyValueFindingType.KEY_VALUE_TYPE_CHANGED, location: '/', message }], warnings: [] });
    expect(check(from, parse(schemaInfo(FOO, BAR, types('JSON', 'JSON'))), 'FORWARD')).toBe(false);
    expect(check(parse(schemaInfo(FOO, BAR, types('AVRO', 'AVRO'))), to, 'FULL')).toBe(true);
  });

  it('without properties both sides are BYTES, and compatible', () => {
    const bytes = parse(schemaInfo('', '', {}));
    expect([bytes.key.schemaType, bytes.value.schemaType, bytes.encoding]).toEqual(['BYTES', 'BYTES', 'INLINE']);
    expect(check(bytes, parse(schemaInfo('', '', {})), 'FULL')).toBe(true);
  });

  it('a STRING topic and a KeyValue candidate: compatible under ALWAYS_COMPATIBLE, not under ALWAYS_INCOMPATIBLE', () => {
    const string = parseSchema('STRING', '', { registry });
    const kv = parseSchema('KEY_VALUE', schemaInfo(FOO, BAR, types('AVRO', 'AVRO')), { registry });
    expect(checkCompatibility('ALWAYS_COMPATIBLE', kv, [string], { registry }).compatible).toBe(true);
    const rejected = checkCompatibility('ALWAYS_INCOMPATIBLE', kv, [string], { registry });
    expect(rejected.incompatibilities.map((finding) => finding.type)).toEqual(['SCHEMA_TYPE_CHANGED', 'ALWAYS_INCOMPATIBLE']);
  });
});

describe('KeyValueChecker: through checkCompatibility', () => {
  const V1 = { type: 'record', name: 'Order', fields: [{ name: 'id', type: 'long' }] };
  const V2 = { type: 'record', name: 'Order', fields: [{ name: 'id', type: 'long' }, { name: 'note', type: 'string' }] };
  const kv = (value: object, encoding: 'INLINE' | 'SEPARATED' = 'INLINE'): object => ({ key: { type: 'STRING', schema: '' }, value: { type: 'AVRO', schema: value }, encoding });

  it('places the value\'s findings under /value, and describes them with the side\'s checker', () => {
    const result = checkCompatibility('BACKWARD', kv(V2), [kv(V1)], { schemaType: 'KEY_VALUE', avro: { profile: 'pulsar' } });
    expect(result.compatible).toBe(false);
    expect(result.incompatibilities.map(({ type, direction, version, location }) => ({ type, direction, version, location }))).toEqual([
      { type: 'READER_FIELD_MISSING_DEFAULT_VALUE', direction: 'BACKWARD', version: 1, location: '/value/fields/1' },
    ]);
    expect(result.incompatibilities[0]?.description).toMatch(/^In the value schema: /);
  });

  it('a schema against itself: identical, and the checker finds nothing', () => {
    const parsed = parse(kv(V1));
    expect(checker.canRead(parsed, parsed)).toEqual({ compatible: true, incompatibilities: [], warnings: [] });
    expect(checkCompatibility('FULL', kv(V1), [kv(V1)], { schemaType: 'KEY_VALUE' }).identical).toEqual({ version: 1 });
  });

  it('identity is Pulsar\'s dedup for KEY_VALUE: the key and value data, not their types or the encoding (pulsar.md §1.4)', () => {
    const separated = checkCompatibility('ALWAYS_INCOMPATIBLE', kv(V1, 'SEPARATED'), [kv(V1)], { schemaType: 'KEY_VALUE' });
    expect(separated.identical).toEqual({ version: 1 });
    const other = parse({ key: { type: 'INT32', schema: '' }, value: { type: 'AVRO', schema: V1 } });
    expect(checker.isIdentical(other, parse(kv(V1)))).toBe(true);
    expect(checker.isIdentical(parse(kv(V2)), parse(kv(V1)))).toBe(false);
  });

  it('reports a changed encoding as a warning (Pulsar does not compare it)', () => {
    const result = checker.canRead(parse(kv(V2, 'SEPARATED')), parse(kv(V2)));
    expect(result).toEqual({
      compatible: true, incompatibilities: [],
      warnings: [{ type: 'KEY_VALUE_ENCODING_CHANGED', location: '/encoding', message: 'INLINE (writer) and SEPARATED (reader)' }],
    });
  });

  it('reads the binary encoding (int32 big-endian lengths, -1 for an empty side), as bytes or base64', () => {
    const data = encodeKeyValueData('', JSON.stringify(V1));
    expect([...data.subarray(0, 8)]).toEqual([0, 0, 0, 0, 0, 0, 0, JSON.stringify(V1).length]);
    const fromBytes = parse({ type: 'KEY_VALUE', schema: data, properties: { 'key.schema.type': 'STRING', 'value.schema.type': 'AVRO', 'kv.encoding.type': 'SEPARATED' } });
    expect([fromBytes.key.schemaType, fromBytes.value.schemaType, fromBytes.encoding, fromBytes.value.data]).toEqual(['STRING', 'AVRO', 'SEPARATED', JSON.stringify(V1)]);
    // The C++ client writes -1 for an empty side.
    const cpp = new Uint8Array([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
    expect(parse(cpp)).toEqual(parse({ key: {}, value: {} }));
    const base64 = btoa(String.fromCharCode(...data));
    expect(parse({ type: 'KEY_VALUE', data: base64, properties: { 'key.schema.type': 'STRING', 'value.schema.type': 'AVRO' } }).value.data).toBe(JSON.stringify(V1));
  });

  it('bad input is a SchemaParseError naming the place and the rule', () => {
    const error = (input: string | object): { pointer: string; rule: string } => {
      try {
        parseSchema('KEY_VALUE', input, { registry, label: 'candidate' });
      } catch (caught) {
        expect(caught).toBeInstanceOf(SchemaParseError);
        const { pointer, rule } = caught as SchemaParseError;
        return { pointer, rule };
      }
      throw new Error('parsed');
    };
    expect(error(new Uint8Array([0, 0, 0, 9, 1]))).toEqual({ pointer: '', rule: 'BAD_BINARY_ENCODING' });
    expect(error('not json')).toEqual({ pointer: '', rule: 'NOT_A_KEY_VALUE_SCHEMA' });
    expect(error({ key: { type: 'STRING' }, value: {}, encoding: 'ZIP' })).toEqual({ pointer: '/encoding', rule: 'BAD_ENCODING_TYPE' });
    expect(error({ key: { type: 'INT32', schema: 'x' }, value: {} })).toEqual({ pointer: '/key', rule: 'PRIMITIVE_DATA_NOT_EMPTY' });
    expect(error({ key: { type: 'AVRO', schema: '{"type": "nope"}' }, value: {} }).pointer).toMatch(/^\/key/);
    expect(error({ key: { type: 'MADE_UP' }, value: {} })).toEqual({ pointer: '/key', rule: 'UNKNOWN_PART_TYPE' });
  });

  it('a registry of your own: KEY_VALUE sides use the registry it was built over', () => {
    const own = new CheckerRegistry();
    own.register(new KeyValueChecker(own));
    const strategy: StrategyName = 'BACKWARD';
    expect(() => checkCompatibility(strategy, kv(V1), [], { schemaType: 'KEY_VALUE', registry: own })).toThrow(/no checker for STRING is registered/);
  });
});
