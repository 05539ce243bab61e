import type { JsonValue } from '../../util/json.js';
import { draftOf } from '../drafts.js';
import { METASCHEMA_TEXTS } from '../metaschemas/texts.js';
import type { ResourceIndex } from './resources.js';
import { indexDocument } from './resources.js';

/**
 * The resource at `uri`, indexing a draft's metaschema on first use when the document set has none
 * there: `{"$ref": "http://json-schema.org/draft-07/schema#"}` resolves without being given the text
 * (validators ship their dialects' metaschemas, JSON Schema core 2020-12 §9.1.3). The `http`/`https`
 * spelling of json-schema.org is not told apart, as for `$schema`.
 */
export function resourceAt(index: ResourceIndex, uri: string): JsonValue | undefined {
  const known = index.resources.get(uri);
  if (known !== undefined) return known;
  const text = METASCHEMA_TEXTS[uri] ?? METASCHEMA_TEXTS[otherScheme(uri)];
  if (text === undefined) return undefined;
  const value = JSON.parse(text) as JsonValue;
  const dialect = (value as { readonly $schema: string }).$schema;
  indexDocument(index, value, uri, draftOf(dialect) ?? 'draft-07', `metaschema ${uri}`);
  return value;
}

function otherScheme(uri: string): string {
  return uri.startsWith('https://') ? `http://${uri.slice(8)}` : uri.replace(/^http:\/\//, 'https://');
}
