import { checkCompatibility } from 'schema-compat';

const v1 = {
  type: 'record', name: 'Order', namespace: 'com.acme.shop',
  fields: [
    { name: 'id', type: 'long' },
    { name: 'amount', type: 'int' },
  ],
};
const v2 = { ...v1, fields: [...v1.fields, { name: 'currency', type: 'string', default: 'EUR' }] };
const candidate = {
  ...v1,
  fields: [
    { name: 'id', type: 'long' },
    { name: 'amount', type: 'long' },
    { name: 'currency', type: { type: 'enum', name: 'Currency', symbols: ['EUR', 'USD'] } },
  ],
};

const result = checkCompatibility('FULL_TRANSITIVE', candidate, [v1, v2]);
console.log(result.compatible, result.checked);
for (const finding of result.incompatibilities) {
  console.log(`v${finding.version} ${finding.direction} ${finding.type} at ${finding.location}: ${finding.message}`);
  console.log(`  ${finding.description}`);
}
