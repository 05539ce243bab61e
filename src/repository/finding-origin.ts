import type { Incompatibility } from 'schema-compat';
import { locateJsonPointer } from '../util/json-locate.js';
import { protoDefinitions } from './proto-definitions.js';
import type { ProtoDefinition } from './proto-definitions.js';

/** Where the element a finding is about is defined: a repository file, its line, and the element's name there. */
export interface FindingOrigin {
  /** The file, relative to the configuration's folder: the subject's own file, or the shared file that defines the element. */
  readonly file: string;
  /** 1-based; absent when the element is not written in the file (a Protobuf path nothing in the file matches). */
  readonly line?: number;
  readonly column?: number;
  /** Protobuf: the element's full name (`otel.common.AnyValue.int_value`); Avro and JSON Schema: the finding's JSON pointer. */
  readonly element: string;
}

/** A schema file of the work tree: the subject's own, or one its references reach. */
export interface SourceFile {
  readonly file: string;
  readonly text: string;
}

/** Places a subject's findings: built once per subject from its file and the files its references reach (the subject's first). */
export type OriginFinder = (finding: Incompatibility) => FindingOrigin;

/**
 * Where each finding of a subject is defined. Protobuf paths name messages (Confluent's
 * `#/AnyValue/value/3`, by their name inside the package; Buf's `common.proto#/otel.common.AnyValue/3`),
 * which the files' definitions place (`protoDefinitions`); a field number names the field. JSON
 * pointers (Avro, JSON Schema) are placed in the subject's file, at their deepest existing prefix.
 */
export function originFinder(schemaType: string, files: readonly SourceFile[], importNames: ReadonlyMap<string, string>): OriginFinder {
  const [own] = files;
  if (own === undefined) throw new TypeError('originFinder needs the subject\'s file');
  if (schemaType !== 'PROTOBUF') {
    return (finding) => {
      const position = locateJsonPointer(own.text, finding.location);
      return { file: own.file, element: finding.location, ...(position === undefined ? {} : { line: position.line, column: position.column }) };
    };
  }
  const indexed = files.map((file) => ({ file: file.file, definitions: protoDefinitions(file.text).definitions }));
  return (finding) => protobufOrigin(finding.location, indexed, importNames) ?? { file: own.file, element: finding.location };
}

function protobufOrigin(location: string, files: ReadonlyArray<{ readonly file: string; readonly definitions: readonly ProtoDefinition[] }>, importNames: ReadonlyMap<string, string>): FindingOrigin | undefined {
  const hash = location.indexOf('#');
  if (hash === -1) return undefined;
  const prefix = location.slice(0, hash);
  const segments = location.slice(hash + 1).split('/').filter((segment) => segment !== '');
  // Buf names an imported file before `#` and full names after it; Confluent names local names from the subject's file on.
  const named = prefix === '' ? undefined : importNames.get(prefix) ?? files.find((file) => file.file.endsWith(`/${prefix}`) || file.file === prefix)?.file;
  const searched = named === undefined ? files : files.filter((file) => file.file === named);
  for (let length = segments.length; length > 0; length--) {
    const name = segments.slice(0, length).join('.');
    for (const { file, definitions } of searched) {
      const container = definitions.find((definition) => (definition.kind === 'message' || definition.kind === 'enum') && (definition.localName === name || definition.fullName === name));
      if (container === undefined) continue;
      const number = Number(segments[segments.length - 1]);
      const member = length < segments.length && Number.isInteger(number)
        ? definitions.find((definition) => definition.parent === container.fullName && definition.number === number && (definition.kind === 'field' || definition.kind === 'value'))
        : undefined;
      const rest = segments.slice(length);
      const element = member?.fullName ?? (rest.length === 0 ? container.fullName : `${container.fullName}/${rest.join('/')}`);
      const at = member ?? container;
      return { file, line: at.line, column: at.column, element };
    }
  }
  return named === undefined ? undefined : { file: named, element: location };
}
