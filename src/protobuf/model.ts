/** The scalar value types of the .proto language (protobuf language guide, "Scalar Value Types"). */
export const PROTO_SCALARS = [
  'double', 'float', 'int32', 'int64', 'uint32', 'uint64', 'sint32', 'sint64',
  'fixed32', 'fixed64', 'sfixed32', 'sfixed64', 'bool', 'string', 'bytes',
] as const;
export type ProtoScalar = (typeof PROTO_SCALARS)[number];

/** A field's value type, with message and enum names resolved to full names (no leading dot). */
export type ProtoType =
  | { readonly kind: 'scalar'; readonly scalar: ProtoScalar }
  | { readonly kind: 'enum' | 'message'; readonly fullName: string; readonly written: string };

/**
 * The label as the source states it: `optional` (proto2, proto3 `optional`, editions with explicit
 * presence), `required` (proto2, editions `LEGACY_REQUIRED`), `repeated`, or `undefined` when none
 * is written (proto3 singular fields, oneof members, maps).
 */
export type ProtoLabel = 'optional' | 'required' | 'repeated' | undefined;

export interface ProtoField {
  readonly name: string;
  readonly number: number;
  readonly label: ProtoLabel;
  /** The value type; for a map, the value type of the map. */
  readonly type: ProtoType;
  /** Set for `map<K, V>` fields: the key type (`type` is V). */
  readonly mapKey?: ProtoScalar;
  /** The enclosing real oneof (a proto3 `optional` field's synthetic oneof is not one). */
  readonly oneof?: string;
  /** The JSON name: `json_name` when given, else protoc's lowerCamelCase of the name. */
  readonly jsonName: string;
  /** The `default` option (proto2), as protobufjs reads it. */
  readonly defaultValue?: string | number | boolean;
  /** Field options other than `default` and `json_name` (`packed`, `ctype`, `jstype`, ...). */
  readonly options: Readonly<Record<string, unknown>>;
}

export interface ProtoOneof {
  readonly name: string;
  /** Member field numbers, in declaration order. */
  readonly fields: readonly number[];
}

export interface ProtoReserved {
  /** Inclusive number ranges. */
  readonly ranges: readonly (readonly [number, number])[];
  readonly names: readonly string[];
}

export interface ProtoMessage {
  readonly kind: 'message';
  readonly name: string;
  /** Full name, package included, no leading dot. */
  readonly fullName: string;
  /** Fields in declaration order (oneof members included, extensions excluded). */
  readonly fields: readonly ProtoField[];
  readonly oneofs: readonly ProtoOneof[];
  /** Nested messages and enums, in declaration order. */
  readonly nested: readonly ProtoDefinition[];
  readonly reserved: ProtoReserved;
  readonly options: Readonly<Record<string, unknown>>;
}

export interface ProtoEnumValue {
  readonly name: string;
  readonly number: number;
}

export interface ProtoEnum {
  readonly kind: 'enum';
  readonly name: string;
  readonly fullName: string;
  readonly values: readonly ProtoEnumValue[];
  /** Closed (proto2, editions `enum_type = CLOSED`) or open (proto3). */
  readonly closed: boolean;
  readonly reserved: ProtoReserved;
  readonly options: Readonly<Record<string, unknown>>;
}

export type ProtoDefinition = ProtoMessage | ProtoEnum;

export interface ProtoMethod {
  readonly name: string;
  /** Full names of the request and response messages. */
  readonly requestType: string;
  readonly responseType: string;
  readonly clientStreaming: boolean;
  readonly serverStreaming: boolean;
  readonly options: Readonly<Record<string, unknown>>;
}

export interface ProtoService {
  readonly name: string;
  readonly fullName: string;
  readonly methods: readonly ProtoMethod[];
}

/** A field declared in an `extend` block (Confluent ignores them; Buf compares them by extendee and number). */
export interface ProtoExtension extends ProtoField {
  /** The extended message's full name (as written, without a leading dot, when it is not among the known types). */
  readonly extendee: string;
  /** The full name: the declaring scope's full name and the field name. */
  readonly fullName: string;
}

export interface ProtoFile {
  /** The import name (`google/protobuf/timestamp.proto`, a reference name) or the input label. */
  readonly name: string;
  /** `proto2`, `proto3`, or an edition (`2023`, `2024`). */
  readonly syntax: string;
  /** `''` when the file declares no package. */
  readonly packageName: string;
  readonly imports: readonly string[];
  /** Top-level messages and enums, in declaration order. */
  readonly definitions: readonly ProtoDefinition[];
  readonly services: readonly ProtoService[];
  /** Extension fields declared anywhere in the file. */
  readonly extensions: readonly ProtoExtension[];
  readonly options: Readonly<Record<string, unknown>>;
}

/** Where a named type is defined. */
export interface ProtoSymbol {
  readonly definition: ProtoDefinition;
  readonly file: ProtoFile;
}

/** A parsed .proto schema: its file, the files it imports, and every type they define by full name. */
export interface ProtobufSchema {
  readonly file: ProtoFile;
  /** The imported files, transitively (references and built-in well-known types). */
  readonly dependencies: readonly ProtoFile[];
  readonly symbols: ReadonlyMap<string, ProtoSymbol>;
  /** The full name of the message that the schema's data are (Pulsar's root message): the first message unless given. */
  readonly rootMessage: string | undefined;
}
