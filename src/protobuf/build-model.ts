import type { Enum, Field, Namespace, OneOf, ReflectionObject, Service, Type } from 'protobufjs';
import type {
  ProtoDefinition, ProtoEnum, ProtoExtension, ProtoField, ProtoFile, ProtoLabel, ProtoMessage, ProtoReserved, ProtoScalar, ProtoService, ProtoType,
} from './model.js';
import { PROTO_SCALARS } from './model.js';
import type { ParsedFile } from './parse-file.js';
import type { DefinedName } from './reference-cache.js';
import { protobufjs } from './protobufjs-runtime.js';

/** Resolves a type name as written in `scope` (the enclosing message's full name, or the package); an unknown name is a `SchemaParseError`. */
export interface TypeResolver {
  (written: string, scope: string, file: ParsedFile): ProtoType;
  /** The type, or undefined for an unknown name, without building an error (which searches the text for the name). */
  find(written: string, scope: string): ProtoType | undefined;
}

const SCALARS: ReadonlySet<string> = new Set(PROTO_SCALARS);
const EDITION_SYNTAX = /^\d+$/;

/** The namespace holding a file's top-level definitions (the innermost package namespace). */
export function packageNamespace(file: ParsedFile): Namespace {
  let namespace: Namespace = file.result.root;
  for (const part of (file.result.package ?? '').split('.').filter(Boolean)) {
    const next = namespace.nested?.[part];
    if (!(next instanceof protobufjs.Namespace)) return namespace;
    namespace = next;
  }
  return namespace;
}

function isDefinition(object: ReflectionObject): object is Type | Enum {
  return object instanceof protobufjs.Type || object instanceof protobufjs.Enum;
}

/** protoc's default JSON name: underscores dropped, the letter after each one upper-cased (descriptor.cc ToJsonName). */
export function defaultJsonName(name: string): string {
  let out = '';
  let upper = false;
  for (const c of name) {
    if (c === '_') upper = true;
    else {
      out += upper ? c.toUpperCase() : c;
      upper = false;
    }
  }
  return out;
}

function reservedOf(reserved: readonly (number[] | string)[] | undefined): ProtoReserved {
  const ranges: (readonly [number, number])[] = [];
  const names: string[] = [];
  for (const item of reserved ?? []) {
    if (typeof item === 'string') names.push(item);
    else ranges.push([item[0] as number, item[1] as number]);
  }
  return { ranges, names };
}

function optionsOf(object: ReflectionObject, omit: readonly string[] = []): Readonly<Record<string, unknown>> {
  const options: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object.options ?? {})) if (!omit.includes(key)) options[key] = value;
  return options;
}

/** The label as written (see `ProtoLabel`); protobufjs folds `optional` away, so it is rebuilt from the syntax. */
function labelOf(field: Field, syntax: string, inOneof: boolean, isMap: boolean): ProtoLabel {
  if (field.rule === 'repeated') return 'repeated';
  const presence = (field.options?.['features'] as Record<string, unknown> | undefined)?.['field_presence'];
  if (field.rule === 'required' || presence === 'LEGACY_REQUIRED') return 'required';
  if (inOneof || isMap) return undefined;
  if (syntax === 'proto2') return 'optional';
  if (syntax === 'proto3') return field.options?.['proto3_optional'] === true ? 'optional' : undefined;
  return presence === 'IMPLICIT' ? undefined : 'optional';
}

function isRealOneof(oneof: OneOf): boolean {
  const members = oneof.fieldsArray;
  return !(members.length === 1 && members[0]?.options?.['proto3_optional'] === true);
}

function buildField(field: Field, scope: string, file: ParsedFile, resolve: TypeResolver, oneof: string | undefined): ProtoField {
  const keyType = (field as Field & { keyType?: string }).keyType;
  const type: ProtoType = SCALARS.has(field.type) ? { kind: 'scalar', scalar: field.type as ProtoScalar } : resolve(field.type, scope, file);
  const jsonName = field.options?.['json_name'];
  const defaultValue = field.options?.['default'] as string | number | boolean | undefined;
  return {
    name: field.name,
    number: field.id,
    label: labelOf(field, file.syntax, oneof !== undefined, keyType !== undefined),
    type,
    ...(keyType === undefined ? {} : { mapKey: keyType as ProtoScalar }),
    ...(oneof === undefined ? {} : { oneof }),
    jsonName: typeof jsonName === 'string' ? jsonName : defaultJsonName(field.name),
    ...(defaultValue === undefined ? {} : { defaultValue }),
    options: optionsOf(field, ['json_name', 'default', 'proto3_optional']),
  };
}

function buildMessage(type: Type, fullName: string, file: ParsedFile, resolve: TypeResolver): ProtoMessage {
  const realOneofs = type.oneofsArray.filter(isRealOneof);
  const oneofOf = new Map<string, string>();
  for (const oneof of realOneofs) for (const member of oneof.oneof) oneofOf.set(member, oneof.name);
  const fields = type.fieldsArray
    .filter((field) => field.declaringField === null && field.extend === undefined)
    .map((field) => buildField(field, fullName, file, resolve, oneofOf.get(field.name)));
  const byName = new Map(fields.map((field) => [field.name, field.number]));
  return {
    kind: 'message',
    name: type.name,
    fullName,
    fields,
    oneofs: realOneofs.map((oneof) => ({ name: oneof.name, fields: oneof.oneof.map((member) => byName.get(member) ?? -1) })),
    nested: buildDefinitions(type.nestedArray, fullName, file, resolve),
    reserved: reservedOf(type.reserved),
    options: optionsOf(type),
  };
}

function buildEnum(enumType: Enum, fullName: string, file: ParsedFile): ProtoEnum {
  const features = enumType.options?.['features'] as Record<string, unknown> | undefined;
  const closed = EDITION_SYNTAX.test(file.syntax) ? features?.['enum_type'] === 'CLOSED' : file.syntax === 'proto2';
  return {
    kind: 'enum',
    name: enumType.name,
    fullName,
    values: Object.entries(enumType.values).map(([name, number]) => ({ name, number })),
    closed,
    reserved: reservedOf(enumType.reserved),
    options: optionsOf(enumType),
  };
}

function buildDefinitions(objects: readonly ReflectionObject[], scope: string, file: ParsedFile, resolve: TypeResolver): ProtoDefinition[] {
  return objects.filter(isDefinition).map((object) => {
    const fullName = scope === '' ? object.name : `${scope}.${object.name}`;
    return object instanceof protobufjs.Type ? buildMessage(object, fullName, file, resolve) : buildEnum(object as Enum, fullName, file);
  });
}

function buildService(service: Service, scope: string, file: ParsedFile, resolve: TypeResolver): ProtoService {
  const fullName = scope === '' ? service.name : `${scope}.${service.name}`;
  const messageName = (written: string): string => {
    const type = resolve(written, scope, file);
    return type.kind === 'scalar' ? type.scalar : type.fullName;
  };
  return {
    name: service.name,
    fullName,
    methods: service.methodsArray.map((method) => ({
      name: method.name,
      requestType: messageName(method.requestType),
      responseType: messageName(method.responseType),
      clientStreaming: method.requestStream === true,
      serverStreaming: method.responseStream === true,
      options: optionsOf(method),
    })),
  };
}

/** Every message and enum a file defines, by full name (for resolving names before the model is built); `onDuplicate` throws. */
export function definedNames(file: ParsedFile, onDuplicate: (fullName: string) => never): DefinedName[] {
  const names: DefinedName[] = [];
  const seen = new Set<string>();
  const visit = (objects: readonly ReflectionObject[], scope: string): void => {
    for (const object of objects.filter(isDefinition)) {
      const fullName = scope === '' ? object.name : `${scope}.${object.name}`;
      if (seen.has(fullName)) onDuplicate(fullName);
      seen.add(fullName);
      names.push([fullName, object instanceof protobufjs.Type ? 'message' : 'enum']);
      if (object instanceof protobufjs.Type) visit(object.nestedArray, fullName);
    }
  };
  visit(packageNamespace(file).nestedArray, file.result.package ?? '');
  return names;
}

function collectExtensions(objects: readonly ReflectionObject[], scope: string, file: ParsedFile, resolve: TypeResolver, into: ProtoExtension[]): void {
  for (const object of objects) {
    if (object instanceof protobufjs.Field && object.extend !== undefined) {
      const written = object.extend;
      // An extendee that names no known message is kept as written, without its leading dot (protobufjs does not check it).
      const resolved = resolve.find(written, scope);
      const extendee = resolved !== undefined && resolved.kind !== 'scalar' ? resolved.fullName : written.replace(/^\./, '');
      const field = buildField(object, scope, file, resolve, undefined);
      into.push({ ...field, extendee, fullName: scope === '' ? field.name : `${scope}.${field.name}` });
    } else if (object instanceof protobufjs.Type) {
      collectExtensions(object.nestedArray, scope === '' ? object.name : `${scope}.${object.name}`, file, resolve, into);
    }
  }
}

/** Our model of one parsed file; `resolve` turns written type names into full names. */
export function buildFile(file: ParsedFile, resolve: TypeResolver): ProtoFile {
  const namespace = packageNamespace(file);
  const packageName = file.result.package ?? '';
  const extensions: ProtoExtension[] = [];
  collectExtensions(namespace.nestedArray, packageName, file, resolve, extensions);
  return {
    name: file.name,
    syntax: file.syntax,
    packageName,
    imports: [...(file.result.imports ?? []), ...(file.result.weakImports ?? [])],
    definitions: buildDefinitions(namespace.nestedArray, packageName, file, resolve),
    services: namespace.nestedArray.filter((object): object is Service => object instanceof protobufjs.Service).map((service) => buildService(service, packageName, file, resolve)),
    extensions,
    options: optionsOf(namespace),
  };
}
