import { AvroIncompatibilityType } from '../compat/findings.js';
import { promotes } from '../compat/promotions.js';
import type { AvroField, AvroNode, AvroRecord } from '../model.js';
import { isNamed } from '../model.js';
import { expectedName, fixedSizes, runtimeMessage, splitName, symbolsOf } from './hint-messages.js';
import type { HintInput } from './hint-words.js';
import { code, defaultExample, fieldText, list, on, symbolsText, where } from './hint-words.js';
import type { FieldSite } from './locate.js';

/** READER_FIELD_MISSING_DEFAULT_VALUE: a default, or an alias when a writer field looks like the renamed one. */
export function missingDefaultHint(input: HintInput, located: FieldSite | undefined): string {
  const name = runtimeMessage(input.finding.message)?.field ?? input.finding.message;
  // The message names the field; a located field of another name is a stale location (Java's own lists).
  const byMessage = input.finding.type === AvroIncompatibilityType.READER_FIELD_MISSING_DEFAULT_VALUE;
  const field = located && (located.reader.name === name || !byMessage) ? located : undefined;
  if (!field) {
    if (input.edit === 'writer') return `${on(input, 'writer')}keep field ${code(name)}: the old schema reads it and has no default for it`;
    return `${on(input, 'reader')}give field ${code(name)} a default`;
  }
  const readerField = field.reader;
  const named = fieldText(readerField, field.record, input.top);
  const renamed = field.writerRecord && renameCandidate(field.record, field.writerRecord, readerField);
  if (input.edit === 'writer') {
    const name = code(readerField.name);
    if (renamed) return `${on(input, 'writer')}keep the name ${name} for field ${code(renamed.name)}: the old schema reads ${name} and has no default for it`;
    return `${on(input, 'writer')}keep ${named}: the old schema reads it and has no default for it`;
  }
  if (renamed) return `${on(input, 'reader')}add alias ${code(renamed.name)} to ${named} (a rename is a drop plus an add)`;
  return `${on(input, 'reader')}give ${named} a default, ${defaultExample(readerField.type, field.record.namespace)}`;
}

/**
 * The writer field that the reader field may be a rename of: a writer field no reader field reads,
 * whose type the reader field's type can read; the one at the same position, else the only one,
 * unless another reader field missing from the writer could be its rename too.
 */
function renameCandidate(reader: AvroRecord, writer: AvroRecord, readerField: AvroField): AvroField | undefined {
  const readsWriter = (field: AvroField): boolean => [field.name, ...field.aliases].some((name) => writer.fieldsByName.has(name));
  const read = new Set<string>();
  for (const field of reader.fields) {
    for (const name of [field.name, ...field.aliases]) if (writer.fieldsByName.has(name)) read.add(name);
  }
  const candidates = writer.fields.filter((field) => !read.has(field.name) && fits(readerField.type, field.type));
  const samePosition = candidates.find((field) => field.position === readerField.position);
  if (samePosition || candidates.length !== 1) return samePosition;
  const only = candidates[0] as AvroField;
  const claimants = reader.fields.filter((field) => !field.hasDefault && !readsWriter(field) && fits(field.type, only.type));
  return claimants.length <= 1 ? only : undefined;
}

/** Could the reader type read the writer type, at first sight (kinds, names, promotions)? */
function fits(reader: AvroNode, writer: AvroNode): boolean {
  if (writer.kind === 'union') return reader.kind === 'union';
  if (reader.kind === 'union') return reader.branches.some((branch) => fits(branch, writer));
  if (reader.kind !== writer.kind) return promotes(reader.kind, writer.kind);
  return !isNamed(reader) || !isNamed(writer) || reader.name === writer.name || reader.aliases.includes(writer.fullName);
}

/** AMBIGUOUS_FIELD_ALIAS: keep one match (the field's own name first), remove the aliases that find the others. */
export function ambiguousAliasHint(input: HintInput, field: FieldSite | undefined): string {
  const writer = field?.writerRecord;
  if (!field || !writer) {
    const match = /^Reader record field (\S+) matches multiple fields in writer record schema \S+: (.+)$/.exec(input.finding.message);
    const names = match ? (match[2] as string).split(', ') : [];
    return `${on(input, 'reader')}remove the aliases of field ${code(match?.[1] ?? '?')} that match writer fields ${list(names.slice(1).map(code))}`;
  }
  const readerField = field.reader;
  const named = fieldText(readerField, field.record, input.top);
  const direct = writer.fieldsByName.has(readerField.name);
  const matching = readerField.aliases.filter((alias) => writer.fieldsByName.has(alias));
  const kept = direct ? readerField.name : matching[0] ?? readerField.name;
  const removed = direct ? matching : matching.slice(1);
  const others = removed.filter((name) => name !== kept);
  if (input.edit === 'writer' && others.length > 0) {
    const [fields, them] = others.length === 1 ? ['field', 'it'] : ['fields', 'them'];
    return `${on(input, 'writer')}rename ${fields} ${list(others.map(code))}: the old schema's ${named} reads ${code(kept)} and also matches ${them} by its aliases`;
  }
  const aliases = `${removed.length === 1 ? 'alias' : 'aliases'} ${list(removed.map(code))}`;
  const side = input.edit === 'writer' && input.roles ? `in the ${input.roles.reader} schema, ` : on(input, 'reader');
  return `${side}remove ${aliases} from ${named}, so that it reads writer field ${code(kept)} only`;
}

/**
 * NAME_MISMATCH: the old name back, or a reader alias naming the writer's full name (relative
 * aliases take the reader type's namespace, so another namespace is written out; `.X` is the null one).
 */
export function nameMismatchHint(input: HintInput): string {
  const reader = input.site?.reader;
  const writerNode = input.site?.writer;
  // Java's message names the writer's full name (authoritative where Java's own location is stale).
  const located = writerNode && isNamed(writerNode) ? writerNode.fullName : undefined;
  const writerFull = expectedName(input.finding.message) ?? located ?? runtimeMessage(input.finding.message)?.found ?? '?';
  const writer = splitName(writerFull);
  if (!reader || !isNamed(reader)) return `${on(input, 'reader')}rename ${where(input)} back to ${code(writer.name)}, or add alias ${code(writerFull)} to it`;
  if (input.edit === 'writer') {
    const because = 'the old schema has no alias for it, and writer aliases are not read';
    return `${on(input, 'writer')}rename ${reader.kind} ${code(writer.name)} back to ${code(reader.name)}: ${because}`;
  }
  const alias = writer.namespace === reader.namespace ? writer.name : writer.namespace === null ? `.${writer.name}` : writerFull;
  return `${on(input, 'reader')}rename ${reader.kind} ${code(reader.name)} back to ${code(writer.name)}, or add alias ${code(alias)} to ${code(reader.name)}`;
}

/** FIXED_SIZE_MISMATCH: the size the other side has; another size is another type. */
export function fixedSizeHint(input: HintInput): string {
  const reader = input.site?.reader;
  const writer = input.site?.writer;
  const sizes = fixedSizes(input.finding.message) ?? {
    writer: writer?.kind === 'fixed' ? writer.size : Number.NaN,
    reader: reader?.kind === 'fixed' ? reader.size : Number.NaN,
  };
  const name = (node: AvroNode | undefined): string => {
    const fits = node?.kind === 'fixed' && (node.size === sizes.reader || node.size === sizes.writer);
    return fits ? `fixed ${code(node.name)}` : `the ${code('fixed')} at ${input.finding.location}`;
  };
  const size = (n: number): string => (Number.isNaN(n) ? `the ${input.edit === 'writer' ? 'reader' : 'writer'}'s size` : `size ${n}`);
  const instead = 'a new size needs a new fixed type in a new field';
  if (input.edit === 'writer') return `${on(input, 'writer')}keep ${size(sizes.reader)} for ${name(writer ?? reader)}, as the old schema reads it (${instead})`;
  return `${on(input, 'reader')}keep ${size(sizes.writer)} for ${name(reader)} (${instead})`;
}

/** MISSING_ENUM_SYMBOLS (Java's static rule): an enum default, or the symbols kept. */
export function missingSymbolsHint(input: HintInput): string {
  const symbols = symbolsOf(input.finding.message);
  const enumText = enumName(input, input.edit === 'writer' ? input.site?.writer : input.site?.reader);
  if (input.edit === 'writer') {
    const them = symbols.length === 1 ? 'it' : 'them';
    return `${on(input, 'writer')}remove ${symbolsText(symbols)} from ${enumText}: the old schema has no enum default to read ${them} as`;
  }
  const instead = `so readers can read symbols they do not know, or keep ${symbolsText(symbols)}`;
  return `${on(input, 'reader')}add a ${code('default')} symbol to ${enumText} ${instead}`;
}

/** UNREADABLE_ENUM_SYMBOLS (runtime): data with these symbols fails when read. */
export function unreadableSymbolsHint(input: HintInput): string {
  const symbols = symbolsOf(input.finding.message);
  const them = symbols.length === 1 ? 'it' : 'them';
  if (input.edit === 'writer') {
    return `${on(input, 'writer')}remove ${symbolsText(symbols)} from ${enumName(input, input.site?.writer)}: the old schema fails on ${them} (it has no enum default)`;
  }
  const instead = `so that readers read ${them} as that symbol instead of failing`;
  return `${on(input, 'reader')}add ${symbolsText(symbols)} to ${enumName(input, input.site?.reader)}, or give it an enum ${code('default')} ${instead}`;
}

function enumName(input: HintInput, node: AvroNode | undefined): string {
  const named = node?.kind === 'enum' ? node : input.site?.reader;
  if (named?.kind === 'enum') return `enum ${code(named.name)}`;
  const symbols = symbolsOf(input.finding.message);
  return `the enum at ${input.finding.location} (${symbols.map(code).join(', ')})`;
}
