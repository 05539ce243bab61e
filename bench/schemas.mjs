// Schemas of the benchmark scenarios (docs/performance.md).

const ENUM_SYMBOLS = ['PENDING', 'ACTIVE', 'SUSPENDED', 'CLOSED', 'ARCHIVED', 'DELETED', 'LOCKED', 'UNKNOWN'];

function nestedRecord(i) {
  return {
    type: 'record',
    name: `Nested${i}`,
    fields: [
      { name: 'id', type: 'int' },
      { name: 'label', type: 'string' },
      { name: 'note', type: ['null', 'string'], default: null },
      { name: 'score', type: 'double' },
      { name: 'enabled', type: 'boolean' },
    ],
  };
}

/**
 * Scenario A's v1: a 200-field record mixing ints, strings, optional strings, enums, arrays,
 * maps of unions and nested records.
 */
export function recordV1() {
  const fields = [];
  for (let i = 0; i < 40; i++) fields.push({ name: `count${i}`, type: 'int' });
  for (let i = 0; i < 40; i++) fields.push({ name: `text${i}`, type: 'string' });
  for (let i = 0; i < 30; i++) fields.push({ name: `optional${i}`, type: ['null', 'string'], default: null });
  for (let i = 0; i < 20; i++) fields.push({ name: `state${i}`, type: { type: 'enum', name: `State${i}`, symbols: ENUM_SYMBOLS } });
  for (let i = 0; i < 20; i++) fields.push({ name: `list${i}`, type: { type: 'array', items: i % 2 ? 'long' : 'string' }, default: [] });
  for (let i = 0; i < 20; i++) fields.push({ name: `attributes${i}`, type: { type: 'map', values: ['null', 'long', 'string'] }, default: {} });
  for (let i = 0; i < 20; i++) fields.push({ name: `nested${i}`, type: nestedRecord(i) });
  for (let i = 0; i < 10; i++) fields.push({ name: `ratio${i}`, type: i % 2 ? 'double' : 'boolean' });
  return { type: 'record', name: 'Event', namespace: 'com.acme.bench', fields };
}

/** Scenario A's v2: v1 with 10 ints promoted to long and 10 optional fields added. */
export function recordV2() {
  const v2 = recordV1();
  for (let i = 0; i < 10; i++) v2.fields[i] = { name: `count${i}`, type: 'long' };
  for (let i = 0; i < 10; i++) v2.fields.push({ name: `added${i}`, type: ['null', 'string'], default: null });
  return v2;
}

/** Scenario B's history: v1 with 10 optional fields of its own per version, so every version is distinct. */
export function versionWithOwnFields(version) {
  const schema = recordV1();
  for (let i = 0; i < 10; i++) schema.fields.push({ name: `v${version}extra${i}`, type: ['null', 'string'], default: null });
  return schema;
}

/**
 * Issue 27's candidate for a history of distinct versions: v1 with 10 optional fields of its own
 * (no other change), so that it shares every field of v1 with each version.
 */
export function recordWithAddedFields() {
  const schema = recordV1();
  for (let i = 0; i < 10; i++) schema.fields.push({ name: `added${i}`, type: ['null', 'string'], default: null });
  return schema;
}
