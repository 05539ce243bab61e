import { lineAndColumn, stripComments } from '../util/json-text.js';

/** A message, enum, oneof, field or enum value of a .proto file, with where it is written. */
export interface ProtoDefinition {
  /** `otel.common.AnyValue.int_value`: the package, the enclosing messages and the name. */
  readonly fullName: string;
  /** The name inside the file's package (`AnyValue.int_value`): what Confluent's `#/AnyValue/value/3` paths use. */
  readonly localName: string;
  readonly kind: 'message' | 'enum' | 'oneof' | 'field' | 'value';
  /** The field or enum value number. */
  readonly number?: number;
  /** The enclosing message or enum (a field in a oneof belongs to the message, as in descriptor.proto). */
  readonly parent?: string;
  readonly line: number;
  readonly column: number;
}

/** The definitions of one .proto file. */
export interface ProtoDefinitions {
  readonly packageName: string;
  readonly definitions: readonly ProtoDefinition[];
}

/** Statements that open a block without defining a message or enum member. */
const OTHER_BLOCKS = new Set(['service', 'extend', 'rpc', 'option']);
/** Words before a field's type (the Protobuf language guide's labels). */
const LABELS = new Set(['optional', 'required', 'repeated']);

/**
 * The definitions of a .proto text, with their lines: a scan of the tokens (comments blanked, as
 * protoc's tokenizer skips them), not a parse. Text protoc would refuse gives what it can; the
 * checker has already parsed the schema, so this only says where things are written.
 */
export function protoDefinitions(text: string): ProtoDefinitions {
  const uncommented = stripComments(text, `"'`);
  const tokens = [...uncommented.matchAll(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|[A-Za-z_][\w.]*|\d+|[{}<>=;,()[\]]/g)];
  let packageName = '';
  const definitions: ProtoDefinition[] = [];
  /** The enclosing blocks: a message or enum by its full name, another block by `undefined`. */
  const scopes: Array<{ readonly name?: string; readonly kind?: 'message' | 'enum' | 'oneof'; readonly message?: string }> = [];
  const at = (index: number): string => tokens[index]?.[0] ?? '';
  const place = (index: number): { line: number; column: number } => lineAndColumn(uncommented, tokens[index]?.index ?? 0);
  const qualified = (name: string): string => {
    const enclosing = [...scopes].reverse().find((scope) => scope.kind === 'message')?.name ?? packageName;
    return enclosing === '' ? name : `${enclosing}.${name}`;
  };
  const local = (full: string): string => (packageName !== '' && full.startsWith(`${packageName}.`) ? full.slice(packageName.length + 1) : full);
  let statementStart = 0;
  for (let index = 0; index < tokens.length; index++) {
    const token = at(index);
    const scope = scopes[scopes.length - 1];
    if (token === '}') {
      scopes.pop();
      statementStart = index + 1;
      continue;
    }
    if (token === ';') {
      statementStart = index + 1;
      continue;
    }
    if (index !== statementStart) {
      if (token === '{') {
        scopes.push({});
        statementStart = index + 1;
      }
      continue;
    }
    if (token === 'package' && scopes.length === 0) {
      packageName = at(index + 1);
      continue;
    }
    if ((token === 'message' || token === 'enum' || token === 'oneof') && at(index + 2) === '{') {
      const name = at(index + 1);
      const full = token === 'oneof' ? `${scope?.name ?? ''}.${name}` : qualified(name);
      const message = token === 'oneof' ? scope?.name : undefined;
      definitions.push({ fullName: full, localName: local(full), kind: token, ...(token === 'oneof' && scope?.name !== undefined ? { parent: scope.name } : {}), ...place(index + 1) });
      scopes.push({ name: token === 'oneof' ? message ?? '' : full, kind: token, ...(message === undefined ? {} : { message }) });
      index += 2;
      statementStart = index + 1;
      continue;
    }
    if (OTHER_BLOCKS.has(token) || scope === undefined || scope.name === undefined) continue;
    const member = memberAt(tokens.map((match) => match[0]), index, scope.kind === 'enum');
    if (member === undefined) continue;
    const parent = scope.kind === 'oneof' ? scope.message ?? scope.name : scope.name;
    const full = `${parent}.${member.name}`;
    definitions.push({ fullName: full, localName: local(full), kind: scope.kind === 'enum' ? 'value' : 'field', number: member.number, parent, ...place(member.nameIndex) });
  }
  return { packageName, definitions };
}

/** A field (`repeated Type name = 3`, `map<K, V> name = 4`) or an enum value (`NAME = 2`) starting at `index`. */
function memberAt(tokens: readonly string[], index: number, inEnum: boolean): { name: string; number: number; nameIndex: number } | undefined {
  let cursor = index;
  if (!inEnum) {
    if (LABELS.has(tokens[cursor] ?? '')) cursor++;
    if (tokens[cursor] === 'map' && tokens[cursor + 1] === '<') {
      while (cursor < tokens.length && tokens[cursor] !== '>') cursor++;
    }
    cursor++;
  }
  const name = tokens[cursor] ?? '';
  if (tokens[cursor + 1] !== '=' || !/^[A-Za-z_]\w*$/.test(name)) return undefined;
  const number = Number(tokens[cursor + 2]);
  return Number.isInteger(number) ? { name, number, nameIndex: cursor } : undefined;
}
