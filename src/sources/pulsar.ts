import { defaultStrategy, parseStrategy } from 'schema-compat';
import type { Strategy } from 'schema-compat';
import { SourceError, SourceErrorCode } from './errors.js';
import { absentSubject } from './registry.js';
import { badResponse, registryMessage, requestJson, unexpectedAnswer } from './http.js';
import { httpClient } from './http-client.js';
import type { HttpAnswer, HttpClient } from './http-client.js';
import { publicUrl } from './spec.js';
import type { HistorySnapshot, ReadHistoryOptions, SourceVersion } from './types.js';

/** A topic name cut into the parts of Pulsar's admin paths. */
interface Topic {
  readonly domain: 'persistent' | 'non-persistent';
  readonly tenant: string;
  readonly namespace: string;
  readonly local: string;
  /** `persistent://tenant/namespace/topic`. */
  readonly full: string;
}

/**
 * The deprecated namespace policy's names (`SchemaAutoUpdateCompatibilityStrategy`), as Pulsar's
 * `SchemaCompatibilityStrategy.fromAutoUpdatePolicy` maps them (reference/pulsar.md §1.1).
 */
const AUTO_UPDATE_STRATEGIES: Readonly<Record<string, Strategy>> = {
  AutoUpdateDisabled: 'ALWAYS_INCOMPATIBLE',
  Backward: 'BACKWARD',
  Forward: 'FORWARD',
  Full: 'FULL',
  AlwaysCompatible: 'NONE',
  BackwardTransitive: 'BACKWARD_TRANSITIVE',
  ForwardTransitive: 'FORWARD_TRANSITIVE',
  FullTransitive: 'FULL_TRANSITIVE',
};

/**
 * `pulsar:URL` with a topic: every schema version of the topic from Pulsar's admin REST API
 * (`GET /admin/v2/schemas/{tenant}/{namespace}/{topic}/schemas`: versions after the last delete,
 * `data` the schema text; a KEY_VALUE version with its properties as SchemaInfo JSON), and its strategy: the topic policy, then the namespace policy, then the
 * deprecated auto-update policy, then Pulsar's default for the schema type (the order of Pulsar's
 * broker, reference/pulsar.md §1.2). A topic without a schema is new.
 */
export async function readPulsar(source: { readonly url: string; readonly topic?: string }, options: ReadHistoryOptions): Promise<HistorySnapshot> {
  const where = `pulsar ${publicUrl(source.url)}`;
  const name = source.topic ?? options.topic;
  if (name === undefined || name === '') throw new SourceError(SourceErrorCode.BAD_SOURCE, where, 'which topic? A Pulsar source needs one', { remedy: 'Give it: --topic persistent://tenant/namespace/topic (library: the topic option)' });
  const topic = parseTopic(name, where);
  const client = httpClient(source.url, where, options);
  const listed = await requestJson(client, 'GET', `/admin/v2/schemas/${topicPath(topic)}/schemas`);
  const items = schemaItems(client, listed);
  const versions: SourceVersion[] = items.map((item) => ({
    version: item.version,
    label: `version ${item.version}`,
    where: `topic ${topic.full} version ${item.version}`,
    schemaType: item.type,
    text: item.data,
    ...(item.timestamp === undefined ? {} : { date: new Date(item.timestamp).toISOString() }),
  }));
  if (versions.length === 0 && options.allowNewSubject !== true) throw absentSubject(where, `topic ${topic.full} has no schema`, '--topic');
  const newestType = versions[versions.length - 1]?.schemaType ?? options.schemaType ?? 'AVRO';
  const level = await topicStrategy(client, topic, newestType);
  const count = `${versions.length} ${versions.length === 1 ? 'version' : 'versions'}${versions.length === 0 ? '' : ` (${versions.map((version) => version.version).join(', ')})`}`;
  return {
    source: { kind: 'pulsar', url: publicUrl(source.url), topic: topic.full },
    description: `${where}: topic ${topic.full}, ${versions.length === 0 ? 'new subject: no history yet' : count}, strategy ${level.strategy} (${level.from})`,
    versions,
    strategy: level.strategy,
    strategyFrom: level.from,
    notes: versions.length === 0 ? [`new subject: no history yet: topic ${topic.full} has no schema`] : [],
    isNew: versions.length === 0,
  };
}

/** `persistent://t/ns/x`, `non-persistent://t/ns/x`, `t/ns/x` (persistent), or `x` (`public/default`, Pulsar's short form). */
export function parseTopic(name: string, where: string): Topic {
  const match = /^(?:(persistent|non-persistent):\/\/)?(.*)$/.exec(name) as RegExpExecArray;
  const domain = (match[1] ?? 'persistent') as Topic['domain'];
  const parts = (match[2] as string).split('/');
  const [tenant, namespace, ...rest] = parts.length === 1 && match[1] === undefined ? ['public', 'default', ...parts] : parts;
  const local = rest.join('/');
  if (tenant === undefined || tenant === '' || namespace === undefined || namespace === '' || local === '') {
    throw new SourceError(SourceErrorCode.BAD_SOURCE, where, `${JSON.stringify(name)} is not a topic name`, { remedy: 'Write it persistent://tenant/namespace/topic' });
  }
  return { domain, tenant, namespace, local, full: `${domain}://${tenant}/${namespace}/${local}` };
}

/** `tenant/namespace/topic`, the local name encoded as Pulsar's admin client encodes it (`TopicName.getEncodedLocalName`). */
function topicPath(topic: Topic): string {
  return `${encodeURIComponent(topic.tenant)}/${encodeURIComponent(topic.namespace)}/${encodeURIComponent(topic.local)}`;
}

interface SchemaItem {
  readonly version: number;
  readonly type: string;
  readonly data: string;
  readonly timestamp?: number;
}

/**
 * `GetAllVersionsSchemaResponse`: `{"getSchemaResponses": [{version, type, timestamp, data, properties}]}`;
 * a topic without a schema answers an empty list, or 404 "Schema not found" on older brokers.
 */
function schemaItems(client: HttpClient, answer: HttpAnswer): SchemaItem[] {
  if (answer.status === 404 && /\bschemas? not found\b/i.test(registryMessage(answer.body))) return [];
  if (answer.status !== 200) throw unexpectedAnswer(client, answer);
  const list = (answer.body as Record<string, unknown> | undefined)?.['getSchemaResponses'];
  if (!Array.isArray(list)) throw badResponse(client, answer.url, 'expected {"getSchemaResponses": [...]}');
  return list.map((item: unknown) => {
    const record = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
    const { version, type, data, timestamp } = record;
    if (!Number.isInteger(version) || typeof type !== 'string') throw badResponse(client, answer.url, 'a schema without a version number or type');
    const upper = type.toUpperCase();
    // Primitive types store no data (Pulsar's schema docs).
    const text = typeof data === 'string' ? data : '';
    return {
      version: version as number,
      type: upper,
      data: upper === 'KEY_VALUE' ? keyValueText(text, record['properties']) : text,
      ...(typeof timestamp === 'number' ? { timestamp } : {}),
    };
  }).sort((a, b) => a.version - b.version);
}

/**
 * A KEY_VALUE version as the SchemaInfo JSON the KEY_VALUE checker reads: the admin API's `data` is
 * `{"key": ..., "value": ...}` (SchemaUtils.convertKeyValueSchemaInfoDataToString) and the sides'
 * types and the encoding are in `properties` (`key.schema.type`, `value.schema.type`, `kv.encoding.type`).
 * PROTOBUF_NATIVE needs nothing of the kind: its `data` is the ProtobufNativeSchemaData JSON itself.
 */
function keyValueText(data: string, properties: unknown): string {
  const kept: Record<string, string> = {};
  if (typeof properties === 'object' && properties !== null && !Array.isArray(properties)) {
    for (const [name, value] of Object.entries(properties)) {
      if (typeof value === 'string' && (name.startsWith('key.schema.') || name.startsWith('value.schema.') || name === 'kv.encoding.type')) kept[name] = value;
    }
  }
  return JSON.stringify({ type: 'KEY_VALUE', data, properties: kept });
}

/** The first policy that is set, from the topic up; UNDEFINED and empty answers are "not set". */
async function topicStrategy(client: HttpClient, topic: Topic, schemaType: string): Promise<{ strategy: Strategy; from: string }> {
  const namespace = `${encodeURIComponent(topic.tenant)}/${encodeURIComponent(topic.namespace)}`;
  // 405: topic policies are disabled on the broker; 404: no such topic yet. Neither sets a policy.
  const fromTopic = await policy(client, `/admin/v2/${topic.domain}/${topicPath(topic)}/schemaCompatibilityStrategy`, [404, 405]);
  if (fromTopic !== undefined) return { strategy: parsePulsarStrategy(client, fromTopic), from: 'topic policy' };
  const fromNamespace = await policy(client, `/admin/v2/namespaces/${namespace}/schemaCompatibilityStrategy`, []);
  if (fromNamespace !== undefined) return { strategy: parsePulsarStrategy(client, fromNamespace), from: 'namespace policy' };
  const autoUpdate = await policy(client, `/admin/v2/namespaces/${namespace}/schemaAutoUpdateCompatibilityStrategy`, [404]);
  if (autoUpdate !== undefined) {
    // Pulsar maps anything it does not know to ALWAYS_INCOMPATIBLE (SchemaCompatibilityStrategy.fromAutoUpdatePolicy).
    const strategy = Object.prototype.hasOwnProperty.call(AUTO_UPDATE_STRATEGIES, autoUpdate.value) ? (AUTO_UPDATE_STRATEGIES[autoUpdate.value] as Strategy) : 'ALWAYS_INCOMPATIBLE';
    return { strategy, from: `namespace auto-update policy ${autoUpdate.value}` };
  }
  return { strategy: defaultStrategy(schemaType, 'pulsar'), from: `Pulsar's default for ${schemaType}; a broker's schemaCompatibilityStrategy may differ` };
}

/** A policy's value and where it was read: a JSON string; undefined when unset (null, empty, UNDEFINED) or answered with an `unset` status. */
async function policy(client: HttpClient, path: string, unset: readonly number[]): Promise<{ value: string; url: string } | undefined> {
  const answer = await requestJson(client, 'GET', path);
  if (unset.includes(answer.status)) return undefined;
  if (answer.status !== 200 && answer.status !== 204) throw unexpectedAnswer(client, answer);
  if (answer.body === undefined || answer.body === null) return undefined;
  if (typeof answer.body !== 'string') throw badResponse(client, answer.url, 'expected a strategy name as a JSON string');
  return answer.body === '' || answer.body.toUpperCase() === 'UNDEFINED' ? undefined : { value: answer.body, url: answer.url };
}

function parsePulsarStrategy(client: HttpClient, found: { value: string; url: string }): Strategy {
  try {
    return parseStrategy(found.value);
  } catch {
    throw badResponse(client, found.url, `unknown schema compatibility strategy ${JSON.stringify(found.value)}`);
  }
}
