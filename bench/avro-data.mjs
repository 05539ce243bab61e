// Issue 24 item 3: the Avro data plane against avsc 5.7.9 in the same process, interleaved rounds
// (bench/measure.mjs): decode (createAvroCodec against Type#fromBuffer), resolved read
// (createAvroResolver against createResolver + fromBuffer) and encode (against Type#toBuffer), on a
// 10-field record and on scenario A's 200-field record. Figures are speeds relative to avsc's
// (avsc's time / ours: above 1× is faster than avsc). `node bench/avro-data.mjs [--check]`.
import avro from 'avsc';
import { createAvroCodec, createAvroResolver, decodeAvro, encodeAvro, parseSchema } from '../dist/index.js';
import { compare, formatRatio } from './measure.mjs';
import { recordV1, recordV2 } from './schemas.mjs';
import { atLeast, reportTargets } from './targets.mjs';

/** The 10-field record of issue 24: a long, strings, a nullable union, an array, a map, an enum. */
export function smallV1() {
  return {
    type: 'record', name: 'Order', namespace: 'com.acme.bench',
    fields: [
      { name: 'id', type: 'long' },
      { name: 'customer', type: 'string' },
      { name: 'sku', type: 'string' },
      { name: 'quantity', type: 'int' },
      { name: 'price', type: 'double' },
      { name: 'note', type: ['null', 'string'], default: null },
      { name: 'tags', type: { type: 'array', items: 'string' } },
      { name: 'attributes', type: { type: 'map', values: 'string' } },
      { name: 'status', type: { type: 'enum', name: 'Status', symbols: ['NEW', 'PAID', 'SHIPPED', 'CANCELLED'] } },
      { name: 'created', type: 'long' },
    ],
  };
}

/** Its next version: quantity promoted to long, a field added with a default. */
export function smallV2() {
  const v2 = smallV1();
  v2.fields[3] = { name: 'quantity', type: 'long' };
  v2.fields.push({ name: 'channel', type: ['null', 'string'], default: null });
  return v2;
}

/** A value of a schema, the same on every run: short strings, three items per array and map. */
function valueOf(type, seed = 1) {
  if (typeof type === 'string') {
    switch (type) {
      case 'null': return null;
      case 'boolean': return seed % 2 === 0;
      case 'int': return seed * 7919 % 100000;
      case 'long': return 1_700_000_000_000 + seed * 104729;
      case 'float': case 'double': return seed * 1.25;
      case 'string': return `text-${seed}-abc`;
      default: throw new Error(type);
    }
  }
  if (Array.isArray(type)) return seed % 3 === 0 ? null : valueOf(type.find((branch) => branch !== 'null'), seed);
  switch (type.type) {
    case 'record': return Object.fromEntries(type.fields.map((field, i) => [field.name, valueOf(field.type, seed + i)]));
    case 'enum': return type.symbols[seed % type.symbols.length];
    case 'array': return [0, 1, 2].map((i) => valueOf(type.items, seed + i));
    case 'map': return Object.fromEntries([0, 1, 2].map((i) => [`key${i}`, valueOf(type.values, seed + i)]));
    default: return valueOf(type.type, seed);
  }
}

/** Times one record pair; returns speeds (avsc's time / ours) with their noise. */
function measure(label, v1, v2) {
  const value = valueOf(v1);
  const ours = parseSchema('AVRO', JSON.stringify(v1));
  const oursV2 = parseSchema('AVRO', JSON.stringify(v2));
  const codec = createAvroCodec(ours);
  const resolver = createAvroResolver(oursV2, ours);
  const avscV1 = avro.Type.forSchema(v1);
  const avscV2 = avro.Type.forSchema(v2);
  const avscResolver = avscV2.createResolver(avscV1);
  const bytes = avscV1.toBuffer(value);
  if (Buffer.compare(Buffer.from(codec.encode(value)), bytes) !== 0) throw new Error(`${label}: our encoding differs from avsc's`);
  const speed = (result) => ({ value: 1 / result.ratio, noise: result.spread / result.ratio ** 2 });
  const decode = compare(() => avscV1.fromBuffer(bytes), { codec: () => codec.decode(bytes), oneShot: () => decodeAvro(bytes, ours, ours) });
  const resolved = compare(() => avscV2.fromBuffer(bytes, avscResolver), { resolver: () => resolver.decode(bytes), oneShot: () => decodeAvro(bytes, ours, oursV2) });
  const encode = compare(() => avscV1.toBuffer(value), { codec: () => codec.encode(value), oneShot: () => encodeAvro(value, ours) });
  const ops = (ns) => `${Math.round(1e9 / ns).toLocaleString('en-US')} ops/s`;
  console.log(`${label} (${bytes.length} bytes a datum): speed against avsc 5.7.9 (its time / ours; avsc's own ops/s in brackets)`);
  const rows = [
    ['decode: createAvroCodec().decode / fromBuffer', decode.codec, decode.yardstick, 1.0],
    ['decode: one-shot decodeAvro / fromBuffer', decode.oneShot, decode.yardstick],
    ['resolved read: resolver.decode / createResolver + fromBuffer', resolved.resolver, resolved.yardstick, 1.0],
    ['resolved read: one-shot decodeAvro / createResolver + fromBuffer', resolved.oneShot, resolved.yardstick],
    ['encode: createAvroCodec().encode / toBuffer', encode.codec, encode.yardstick, 0.8],
    ['encode: one-shot encodeAvro / toBuffer', encode.oneShot, encode.yardstick],
  ];
  for (const [name, result, yardstick, target] of rows) {
    const { value: fast, noise } = speed(result);
    const verdict = target === undefined ? '' : `   ${atLeast(`${label}: ${name}`, fast, target, noise)}`;
    console.log(`  ${name.padEnd(66)} ${formatRatio(fast).padStart(6)}  ${ops(result.ns)} [${ops(yardstick.ns)}]${verdict}`);
  }
}

console.log('Avro data plane (issue 24): ours against avsc 5.7.9, same process, interleaved rounds');
measure('10-field record', smallV1(), smallV2());
measure("Scenario A's 200-field record", recordV1(), recordV2());

if (import.meta.url === `file://${process.argv[1]}`) reportTargets();
