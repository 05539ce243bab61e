// A check-only browser program: schema-compat's root entry, bundled for the browser with no polyfills
// (test/package/browser.test.ts runs it in headless Chromium; bench/bundle-size.mjs measures it).
// It writes its findings as JSON into the page's #result element.
import { checkCompatibility } from 'schema-compat';

const record = (fields) => JSON.stringify({ type: 'record', name: 'Order', fields });
const avro = checkCompatibility(
  'BACKWARD',
  record([{ name: 'id', type: 'long' }, { name: 'note', type: 'string' }, { name: 'payload', type: 'bytes' }]),
  [record([{ name: 'id', type: 'string' }, { name: 'payload', type: 'bytes' }])],
  { explain: true },
);
const json = checkCompatibility(
  'BACKWARD',
  { type: 'object', properties: { id: { type: 'integer' } }, additionalProperties: false },
  [{ type: 'object', properties: { id: { type: 'number' } }, additionalProperties: false }],
  { schemaType: 'JSON', explain: true },
);

const summary = (result) => ({
  compatible: result.compatible,
  findings: result.incompatibilities.map((finding) => `${finding.type} ${finding.location}`),
  witnesses: result.incompatibilities.map((finding) => (finding.witness === 'any' ? 'any' : finding.witness ?? null)),
});
document.getElementById('result').textContent = JSON.stringify({ avro: summary(avro), json: summary(json) });
