import { bufDefaultText } from './default-text.js';
import type { ProtoDefinition, ProtoEnum, ProtoField, ProtoFile, ProtoMessage, ProtobufSchema, ProtoReserved, ProtoScalar, ProtoService } from '../model.js';

/** A field's cardinality as Buf names it (bufbreakingcheck cardinality.go). */
export type BufCardinality = 'optional with explicit presence' | 'optional with implicit presence' | 'required' | 'repeated' | 'map';

/** A field as a descriptor sees it: maps are repeated fields of a generated `...Entry` message. */
export interface BufField {
  readonly number: number;
  readonly name: string;
  readonly jsonName: string;
  /** `group` is a delimited-encoded message (proto2 groups, editions `message_encoding = DELIMITED`). */
  readonly kind: ProtoScalar | 'enum' | 'message' | 'group';
  /** The full name of the message or enum type. */
  readonly typeName: string;
  readonly cardinality: BufCardinality;
  readonly oneof: string | undefined;
  /** For an extension, the full name of the message it extends (Buf describes it as `Extension "N" with name "<full name>" on message "<extendee>"`). */
  readonly extendee?: string;
  /** The default as Buf compares it (explicit, else the type's zero or the enum's first number); undefined for messages and repeated fields. */
  readonly defaultValue: string | number | boolean | undefined;
  /** The default as Buf's FIELD_SAME_DEFAULT sentence prints it. */
  readonly defaultText: string | undefined;
}

export interface BufMessage {
  readonly fullName: string;
  readonly file: ProtoFile;
  readonly fields: ReadonlyMap<number, BufField>;
  readonly reserved: ProtoReserved;
  readonly isMapEntry: boolean;
  /** `ALLOW` or `LEGACY_BEST_EFFORT` (the `json_format` feature). */
  readonly jsonFormat: string;
}

export interface BufEnum {
  readonly fullName: string;
  readonly file: ProtoFile;
  readonly definition: ProtoEnum;
  /** Value names by number (several when aliased). */
  readonly byNumber: ReadonlyMap<number, readonly string[]>;
  readonly jsonFormat: string;
}

/** An extension field, under its extended message (Buf matches extensions by extendee and number). */
export interface BufExtension {
  readonly message: BufMessage;
  readonly field: BufField;
}

/** What Buf compares of one side: the schema's own files (well-known types excluded), types by full name. */
export interface BufView {
  readonly files: readonly ProtoFile[];
  readonly messages: ReadonlyMap<string, BufMessage>;
  readonly enums: ReadonlyMap<string, BufEnum>;
  readonly services: ReadonlyMap<string, ProtoService>;
  /** By `extendee/number`. */
  readonly extensions: ReadonlyMap<string, BufExtension>;
}

const ZERO: Readonly<Record<ProtoScalar, string | number | boolean>> = {
  double: 0, float: 0, int32: 0, int64: 0, uint32: 0, uint64: 0, sint32: 0, sint64: 0,
  fixed32: 0, fixed64: 0, sfixed32: 0, sfixed64: 0, bool: false, string: '', bytes: '',
};

/** protoc's map entry name: the field name in CamelCase plus `Entry`. */
export function mapEntryName(fieldName: string): string {
  return `${fieldName.split('_').map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join('')}Entry`;
}

/** The `json_format` feature: proto3 and editions allow JSON; proto2 (and the legacy conflicts option) is best effort. */
function jsonFormatOf(options: Readonly<Record<string, unknown>>, syntax: string): string {
  const features = options['features'] as Record<string, unknown> | undefined;
  const explicit = features?.['json_format'];
  if (typeof explicit === 'string') return explicit;
  if (options['deprecated_legacy_json_field_conflicts'] === true) return 'LEGACY_BEST_EFFORT';
  return syntax === 'proto2' ? 'LEGACY_BEST_EFFORT' : 'ALLOW';
}

function cardinalityOf(field: ProtoField, syntax: string): BufCardinality {
  if (field.mapKey !== undefined) return 'map';
  if (field.label === 'repeated') return 'repeated';
  if (field.label === 'required') return 'required';
  const explicit = field.label === 'optional' || field.oneof !== undefined || field.type.kind === 'message' || syntax === 'proto2';
  return explicit ? 'optional with explicit presence' : 'optional with implicit presence';
}

function enumOf(field: ProtoField, schema: ProtobufSchema): ProtoEnum | undefined {
  return field.type.kind === 'enum' ? (schema.symbols.get(field.type.fullName)?.definition as ProtoEnum | undefined) : undefined;
}

function defaultOf(field: ProtoField, schema: ProtobufSchema): string | number | boolean | undefined {
  if (field.label === 'repeated' || field.mapKey !== undefined || field.type.kind === 'message') return undefined;
  if (field.type.kind === 'scalar') {
    const given = field.defaultValue;
    if (given === undefined) return ZERO[field.type.scalar];
    return typeof given === 'string' && ZERO[field.type.scalar] === 0 ? Number(given) : given;
  }
  const values = enumOf(field, schema)?.values ?? [];
  const named = values.find((value) => value.name === field.defaultValue);
  return (named ?? values[0])?.number ?? 0;
}

function kindOf(field: ProtoField): BufField['kind'] {
  if (field.type.kind === 'scalar') return field.type.scalar;
  const features = field.options['features'] as Record<string, unknown> | undefined;
  return field.type.kind === 'message' && features?.['message_encoding'] === 'DELIMITED' ? 'group' : field.type.kind;
}

function viewField(field: ProtoField, syntax: string, schema: ProtobufSchema, entryOf: string): BufField {
  const isMap = field.mapKey !== undefined;
  const defaultValue = defaultOf(field, schema);
  return {
    number: field.number,
    name: field.name,
    jsonName: field.jsonName,
    kind: isMap ? 'message' : kindOf(field),
    typeName: isMap ? `${entryOf}.${mapEntryName(field.name)}` : field.type.kind === 'scalar' ? '' : field.type.fullName,
    cardinality: cardinalityOf(field, syntax),
    oneof: field.oneof,
    defaultValue,
    defaultText: defaultValue === undefined ? undefined : bufDefaultText(defaultValue, field.type.kind === 'scalar' ? field.type.scalar : undefined, enumOf(field, schema)),
  };
}

function mapEntry(field: ProtoField, parent: ProtoMessage, file: ProtoFile, schema: ProtobufSchema): BufMessage {
  const entryField = (number: number, name: string, type: ProtoField['type']): BufField =>
    viewField({ name, number, label: undefined, type, jsonName: name, options: {} }, 'proto3', schema, '');
  const key = entryField(1, 'key', { kind: 'scalar', scalar: field.mapKey as ProtoScalar });
  const value = entryField(2, 'value', field.type);
  return {
    fullName: `${parent.fullName}.${mapEntryName(field.name)}`,
    file,
    fields: new Map([[1, key], [2, value]]),
    reserved: { ranges: [], names: [] },
    isMapEntry: true,
    jsonFormat: 'ALLOW',
  };
}

function addDefinitions(definitions: readonly ProtoDefinition[], file: ProtoFile, schema: ProtobufSchema, into: { messages: Map<string, BufMessage>; enums: Map<string, BufEnum> }): void {
  for (const definition of definitions) {
    if (definition.kind === 'enum') {
      const byNumber = new Map<number, string[]>();
      for (const value of definition.values) byNumber.set(value.number, [...(byNumber.get(value.number) ?? []), value.name]);
      into.enums.set(definition.fullName, { fullName: definition.fullName, file, definition, byNumber, jsonFormat: jsonFormatOf(definition.options, file.syntax) });
      continue;
    }
    const fields = new Map(definition.fields.map((field) => [field.number, viewField(field, file.syntax, schema, definition.fullName)]));
    into.messages.set(definition.fullName, {
      fullName: definition.fullName, file, fields, reserved: definition.reserved, isMapEntry: false, jsonFormat: jsonFormatOf(definition.options, file.syntax),
    });
    for (const field of definition.fields) {
      if (field.mapKey !== undefined) {
        const entry = mapEntry(field, definition, file, schema);
        into.messages.set(entry.fullName, entry);
      }
    }
    addDefinitions(definition.nested, file, schema, into);
  }
}

/** Buf's view of one side: every message (map entries included), enum and service of the schema's own files. */
export function bufView(schema: ProtobufSchema): BufView {
  const files = [schema.file, ...schema.dependencies].filter((file) => !file.name.startsWith('google/protobuf/'));
  const into = { messages: new Map<string, BufMessage>(), enums: new Map<string, BufEnum>() };
  const services = new Map<string, ProtoService>();
  const extensions = new Map<string, BufExtension>();
  for (const file of files) {
    addDefinitions(file.definitions, file, schema, into);
    for (const service of file.services) services.set(service.fullName, service);
    for (const extension of file.extensions) {
      // Buf knows extensions by full name and never compares their JSON names.
      const field = { ...viewField(extension, file.syntax, schema, ''), name: extension.fullName, jsonName: '', oneof: undefined, extendee: extension.extendee };
      const message: BufMessage = { fullName: extension.extendee, file, fields: new Map(), reserved: { ranges: [], names: [] }, isMapEntry: false, jsonFormat: 'ALLOW' };
      extensions.set(`${extension.extendee}/${extension.number}`, { message, field });
    }
  }
  return { files, ...into, services, extensions };
}
