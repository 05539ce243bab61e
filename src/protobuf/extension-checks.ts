import type { ProtoDefinition, ProtoFile } from './model.js';
import type { ParsedFile } from './parse-file.js';
import { parseError } from './parse-file.js';
import { ProtobufParseRule } from './parse-rules.js';
import { ReservedIndex } from './reserved-index.js';
import { findWord } from './source-text.js';

/** Where an extension stands: at its field name (the first time that name is written outside comments). */
function extensionAt(parsed: ParsedFile, name: string): { line: number; column: number } {
  return findWord(parsed.uncommented, name) ?? { line: 1, column: 1 };
}

function definitionsByName(definitions: readonly ProtoDefinition[], into: Map<string, ProtoDefinition>): Map<string, ProtoDefinition> {
  for (const definition of definitions) {
    into.set(definition.fullName, definition);
    if (definition.kind === 'message') definitionsByName(definition.nested, into);
  }
  return into;
}

/**
 * The checks protobufjs made when it copied an extension into the message it extends (a copy our
 * model never used, parse-root.ts), for an extendee defined in the same file, as protobufjs found
 * only those: the extendee is a message, and the extension's number is neither the number of one
 * of its fields or earlier extensions (protobufjs: "duplicate id") nor reserved by it ("id N is
 * reserved"). Indexed, so that 20,000 extensions of one message stay linear.
 */
export function checkExtensions(file: ProtoFile, parsed: ParsedFile): void {
  if (file.extensions.length === 0) return;
  const definitions = definitionsByName(file.definitions, new Map());
  const numbers = new Map<string, Map<number, string>>();
  const reserved = new Map<string, ReservedIndex>();
  for (const extension of file.extensions) {
    const target = definitions.get(extension.extendee);
    if (target === undefined) continue;
    const fail = (detail: string): Error => parseError(parsed.input, ProtobufParseRule.SYNTAX_ERROR, detail, extensionAt(parsed, extension.name));
    if (target.kind !== 'message') throw fail(`extension "${extension.fullName}" extends ${target.fullName}, an enum: only a message can be extended`);
    let taken = numbers.get(target.fullName);
    if (taken === undefined) numbers.set(target.fullName, (taken = new Map(target.fields.map((field) => [field.number, `field "${field.name}"`]))));
    const holder = taken.get(extension.number);
    if (holder !== undefined) throw fail(`duplicate id ${extension.number} in Type .${target.fullName}: extension "${extension.fullName}" has the number of its ${holder}`);
    let index = reserved.get(target.fullName);
    if (index === undefined) reserved.set(target.fullName, (index = new ReservedIndex(target.reserved.ranges)));
    if (index.hasId(extension.number)) throw fail(`id ${extension.number} is reserved in Type .${target.fullName}: extension "${extension.fullName}" may not use it`);
    taken.set(extension.number, `extension "${extension.fullName}"`);
  }
}
