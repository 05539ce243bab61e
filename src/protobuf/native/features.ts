import type * as ProtobufJs from 'protobufjs';
import { protobufjs } from '../protobufjs-runtime.js';

/** The syntaxes and editions Pulsar's advanced rules know; any other edition is UNSUPPORTED_FEATURE. */
export const KNOWN_EDITIONS: ReadonlySet<string> = new Set(['proto2', 'proto3', '2023', '2024']);

/**
 * A resolved feature of a reflection object (protobufjs 7.4+ resolves editions features, proto2 and
 * proto3 included, into `_features`); undefined for an older protobufjs.
 */
export function featureOf(object: ProtobufJs.ReflectionObject, name: string): string | undefined {
  const features = (object as unknown as { _features?: Record<string, unknown> })._features;
  const value = features?.[name];
  return typeof value === 'string' ? value : undefined;
}

/** The file's syntax or edition: `proto2`, `proto3`, `2023`, ... */
function editionOf(object: ProtobufJs.ReflectionObject): string {
  for (let at: ProtobufJs.ReflectionObject | null = object; at !== null; at = at.parent) {
    const edition = (at as unknown as { _edition?: unknown })._edition;
    if (typeof edition === 'string') return edition;
  }
  return 'proto2';
}

/** Open enums (proto3, `enum_type = OPEN`) accept unknown numbers; closed ones (proto2) do not. */
export function enumIsOpen(type: ProtobufJs.Enum): boolean {
  const feature = featureOf(type, 'enum_type');
  return feature === undefined ? editionOf(type) !== 'proto2' : feature === 'OPEN';
}

/** Strings checked for UTF-8 when parsed (proto3 and editions' `utf8_validation = VERIFY`). */
export function validatesUtf8(field: ProtobufJs.Field): boolean {
  const feature = featureOf(field, 'utf8_validation');
  return feature === undefined ? editionOf(field) !== 'proto2' : feature === 'VERIFY';
}

/** A group (proto2) or `message_encoding = DELIMITED` field: the message is written start/end delimited. */
export function isDelimited(field: ProtobufJs.Field): boolean {
  const feature = featureOf(field, 'message_encoding');
  if (feature !== undefined) return feature === 'DELIMITED';
  return (field.resolvedType as unknown as { group?: unknown } | null)?.group === true;
}

/** The value a reader sees when the field is absent: the explicit default, else the type's zero (an enum's first value). */
export function defaultOf(field: ProtobufJs.Field): unknown {
  const explicit = field.options?.['default'];
  const type = field.resolvedType;
  if (type instanceof protobufjs.Enum) {
    const name = explicit ?? Object.keys(type.values)[0];
    return typeof name === 'string' ? type.values[name] : name;
  }
  if (explicit !== undefined) return field.type === 'bytes' && typeof explicit === 'string' ? `bytes:${explicit}` : explicit;
  switch (field.type) {
    case 'string':
      return '';
    case 'bytes':
      return 'bytes:';
    case 'bool':
      return false;
    default:
      return 0;
  }
}

/** Defaults compared exactly: floats bitwise (so 0 and -0 differ, NaN equals NaN), 64-bit values by their text. */
export function sameDefault(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Object.is(a, b);
  return String(a) === String(b);
}
