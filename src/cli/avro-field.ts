import type { Incompatibility } from '../index.js';
import { qualify } from '../avro/names.js';
import type { CheckReport } from './report.js';
import { versionOf } from './report.js';

/**
 * The field an Avro finding's JSON pointer lies in, as `record.field` (the innermost record's full
 * name, namespaces inherited as the Avro 1.12 specification's "Names" section says), or undefined
 * when the pointer passes no field or does not fit the schema. `/fields/0/type/2` of
 * `{"name":"R","fields":[{"name":"pay",...}]}` is `R.pay`.
 */
export function avroFieldAt(schema: unknown, pointer: string): string | undefined {
  if (!pointer.startsWith('/')) return undefined;
  const tokens = pointer.slice(1).split('/').map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node: unknown = schema;
  let namespace: string | null = null;
  let field: string | undefined;
  for (let i = 0; i < tokens.length; i++) {
    if (typeof node !== 'object' || node === null) return undefined;
    const object = node as Record<string, unknown>;
    const token = tokens[i] as string;
    if (!Array.isArray(node) && typeof object['name'] === 'string' && (object['type'] === 'record' || object['type'] === 'error')) {
      const qualified = qualify(object['name'], typeof object['namespace'] === 'string' ? object['namespace'] : namespace);
      const full = qualified.fullName;
      namespace = qualified.namespace;
      const fields = object['fields'];
      const index = Number(tokens[i + 1]);
      if (token === 'fields' && Array.isArray(fields) && Number.isInteger(index)) {
        const named = (fields[index] as Record<string, unknown> | undefined)?.['name'];
        if (typeof named === 'string') field = `${full}.${named}`;
      }
    }
    node = Array.isArray(node) ? node[Number(token)] : Object.prototype.hasOwnProperty.call(object, token) ? object[token] : undefined;
  }
  return node === undefined ? undefined : field;
}

/**
 * For a report, the field each Avro union-branch finding is about, read from the writer schema its
 * location points into (Java reports MISSING_UNION_BRANCH at the writer's branch: the old version
 * for BACKWARD, the candidate for FORWARD), else from the reader; undefined for other findings and
 * types. Each schema text is parsed once per report.
 */
export function unionFields(report: CheckReport): (finding: Incompatibility) => string | undefined {
  const parsed = new Map<string, unknown>();
  const schemaOf = (text: string): unknown => {
    if (!parsed.has(text)) {
      let schema: unknown;
      try {
        schema = JSON.parse(text);
      } catch {
        schema = undefined;
      }
      parsed.set(text, schema);
    }
    return parsed.get(text);
  };
  return (finding) => {
    if (report.candidate.schemaType !== 'AVRO' || finding.type !== 'MISSING_UNION_BRANCH') return undefined;
    const old = versionOf(report, finding.version)?.text;
    const texts = finding.direction === 'BACKWARD' ? [old, report.candidate.text] : [report.candidate.text, old];
    for (const text of texts) {
      const field = text === undefined ? undefined : avroFieldAt(schemaOf(text), finding.location);
      if (field !== undefined) return field;
    }
    return undefined;
  };
}
