import { SchemaParseError, UnknownSchemaTypeError } from 'schema-compat';
import type { ConfigUpdate } from 'schema-compat/registry';
import { configEntity, configUpdateEntity, schemaString, versionEntity } from './answers.js';
import { httpErrors } from './errors.js';
import { inFormat } from './serialized-format.js';
import type { RouteContext } from './request.js';
import { field, flag, param, submissionOf } from './request.js';

/** One route's work: its JSON answer (status 200). */
export type Handler = (context: RouteContext) => Promise<unknown>;

/** Confluent's schema types, in the order its `/schemas/types` lists them. */
const CONFLUENT_TYPES = ['JSON', 'PROTOBUF', 'AVRO'];

function idOf(raw: string): number {
  if (!/^\d+$/.test(raw)) throw httpErrors.notFound();
  return Number(raw);
}

/** `.../schema` answers the schema itself: a JSON document as JSON, other text (Protobuf) as a JSON string. */
function rawSchema(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Confluent's `ConfigUpdateRequest` fields, own properties only (other keys are ignored). */
const CONFIG_FIELDS = ['compatibility', 'compatibilityGroup', 'normalize'] as const;

function configUpdateOf(body: unknown): ConfigUpdate {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw httpErrors.invalidSchema('The request body must be a JSON object');
  return Object.fromEntries(CONFIG_FIELDS.filter((name) => Object.hasOwn(body, name)).map((name) => [name, field(body, name)])) as ConfigUpdate;
}

export const handlers = {
  root: async () => ({}),
  schemaTypes: async ({ registry }) => CONFLUENT_TYPES.filter((type) => registry.schemaTypes().includes(type)),
  listSubjects: async ({ registry, query }) => registry.listSubjects({ deleted: flag(query, 'deleted') }),
  schemaById: async (context) => schemaString(await inFormat(context, await context.registry.getById(idOf(param(context, 0))))),
  schemaTextById: async (context) => rawSchema((await context.registry.getById(idOf(param(context, 0)))).schema),
  idVersions: async (context) => context.registry.usesOfId(idOf(param(context, 0)), { deleted: flag(context.query, 'deleted') }),
  idSubjects: async (context) => {
    const uses = await context.registry.usesOfId(idOf(param(context, 0)), { deleted: flag(context.query, 'deleted') });
    return [...new Set(uses.map((use) => use.subject))];
  },
  listVersions: async (context) => context.registry.listVersions(param(context, 0), { deleted: flag(context.query, 'deleted') }),
  register: async (context) => {
    const normalize = context.query.has('normalize') ? { normalize: flag(context.query, 'normalize') } : {};
    const found = await context.registry.register(param(context, 0), submissionOf(context.body), normalize);
    return { id: found.id };
  },
  lookup: async (context) => {
    const normalize = context.query.has('normalize') ? { normalize: flag(context.query, 'normalize') } : {};
    const found = await context.registry.lookup(param(context, 0), submissionOf(context.body), { ...normalize, deleted: flag(context.query, 'deleted') });
    return versionEntity(found);
  },
  getVersion: async (context) => versionEntity(await inFormat(context, await context.registry.getVersion(param(context, 0), param(context, 1), { deleted: flag(context.query, 'deleted') }))),
  getVersionSchema: async (context) => rawSchema((await context.registry.getVersion(param(context, 0), param(context, 1))).schema),
  deleteSubject: async (context) => context.registry.deleteSubject(param(context, 0), { permanent: flag(context.query, 'permanent') }),
  deleteVersion: async (context) => context.registry.deleteVersion(param(context, 0), param(context, 1), { permanent: flag(context.query, 'permanent') }),
  compatibility: async (context) => {
    const verbose = flag(context.query, 'verbose');
    const version = context.params[1];
    const normalize = context.query.has('normalize') ? { normalize: flag(context.query, 'normalize') } : {};
    try {
      const check = await context.registry.testCompatibility(param(context, 0), submissionOf(context.body), { ...normalize, ...(version === undefined ? {} : { version }) });
      return verbose ? { is_compatible: check.compatible, messages: check.messages } : { is_compatible: check.compatible };
    } catch (error) {
      // With verbose=true Confluent answers a schema that does not parse inside `messages` (confluent.md §1.3).
      if (verbose && (error instanceof SchemaParseError || error instanceof UnknownSchemaTypeError)) return { is_compatible: false, messages: [error.message] };
      throw error;
    }
  },
  getGlobalConfig: async ({ registry }) => configEntity(await registry.getConfig(null)),
  putGlobalConfig: async ({ registry, body }) => configUpdateEntity(await registry.setConfig(null, configUpdateOf(body))),
  deleteGlobalConfig: async ({ registry }) => configEntity(await registry.deleteConfig(null)),
  getConfig: async (context) => configEntity(await context.registry.getConfig(param(context, 0), { defaultToGlobal: flag(context.query, 'defaultToGlobal') })),
  putConfig: async (context) => configUpdateEntity(await context.registry.setConfig(param(context, 0), configUpdateOf(context.body))),
  deleteConfig: async (context) => configEntity(await context.registry.deleteConfig(param(context, 0))),
  mode: async () => ({ mode: 'READWRITE' }),
} satisfies Readonly<Record<string, Handler>>;
