import type { RegistryConfig, SchemaById, SubjectVersion } from 'schema-compat/registry';

/** Confluent leaves `schemaType` out for AVRO and `references` out when there are none. */
function schemaFields(schema: SchemaById): Record<string, unknown> {
  return {
    ...(schema.schemaType === 'AVRO' ? {} : { schemaType: schema.schemaType }),
    ...(schema.references.length === 0 ? {} : { references: schema.references }),
  };
}

/** `GET /schemas/ids/{id}`: `{schema, schemaType?, references?}`. */
export function schemaString(schema: SchemaById): Record<string, unknown> {
  return { schema: schema.schema, ...schemaFields(schema) };
}

/** A subject version as Confluent's `Schema` entity: `{subject, version, id, schemaType?, references?, schema}`. */
export function versionEntity(found: SubjectVersion): Record<string, unknown> {
  return {
    subject: found.subject, version: found.version, id: found.id, ...schemaFields(found),
    ...(found.metadata ? { metadata: found.metadata } : {}), schema: found.schema,
  };
}

/** `GET /config`: Confluent names the level `compatibilityLevel` when reading it. */
export function configEntity(config: RegistryConfig): Record<string, unknown> {
  return {
    ...(config.compatibility === undefined ? {} : { compatibilityLevel: config.compatibility }),
    ...(config.compatibilityGroup === undefined ? {} : { compatibilityGroup: config.compatibilityGroup }),
    ...(config.normalize === undefined ? {} : { normalize: config.normalize }),
  };
}

/** `PUT /config`: the update echoed, with the level named `compatibility` as in the request. */
export function configUpdateEntity(config: RegistryConfig): Record<string, unknown> {
  const { compatibilityLevel, ...rest } = configEntity(config);
  return { ...(compatibilityLevel === undefined ? {} : { compatibility: compatibilityLevel }), ...rest };
}
