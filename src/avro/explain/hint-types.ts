import { promotes } from '../compat/promotions.js';
import type { AvroNode, AvroPrimitiveKind } from '../model.js';
import { isNamed } from '../model.js';
import { decimals, lackingKind, logicalNames, logicalText, mismatchKinds, promotedKinds, runtimeMessage } from './hint-messages.js';
import type { HintInput } from './hint-words.js';
import { code, list, on, placeText, schemaName, typeText, unionOf, whose, where } from './hint-words.js';

const MIGRATE = '(or migrate with a new field)';
const PRIMITIVES: readonly AvroPrimitiveKind[] = ['null', 'boolean', 'int', 'long', 'float', 'double', 'bytes', 'string'];

/** Kinds that read a writer kind by promotion (spec 1.12: int→long/float/double, long→float/double, float→double, string↔bytes). */
function promotedTo(writer: string): string[] {
  return PRIMITIVES.filter((kind) => promotes(kind, writer as AvroPrimitiveKind));
}

/** Kinds a reader kind reads by promotion. */
function promotedFrom(reader: string): string[] {
  return PRIMITIVES.filter((kind) => promotes(reader as AvroPrimitiveKind, kind));
}

/**
 * TYPE_MISMATCH: the reader takes the writer's type, a type it promotes to, or a union of both; or
 * (reader is the old schema) the writer goes back to a type the reader reads. `missingField` answers
 * for Java's ENUM/RECORD report of an enum field missing in the writer (javaQuirks).
 */
export function typeMismatchHint(input: HintInput, missingField: () => string | undefined): string {
  const site = input.site;
  const reader = site?.reader;
  const writer = site?.writer;
  const java = mismatchKinds(input.finding.message);
  const runtime = runtimeMessage(input.finding.message);
  const kinds = java ?? { reader: runtime?.expecting ?? '?', writer: runtime?.found ?? '?' };
  // Java's own lists may carry stale locations (a memoised pair reported where it was first met).
  const stale = java !== undefined && (reader?.kind !== java.reader || writer?.kind !== java.writer);
  if (!site || !reader || !writer || reader.kind === 'union' || writer.kind === 'union' || stale) {
    const viaField = writer ? undefined : missingField();
    if (viaField !== undefined) return viaField;
    const [at, from, to] = [input.finding.location, code(kinds.reader), code(kinds.writer)];
    if (input.edit === 'writer') return `${on(input, 'writer')}change the ${to} at ${at} back to ${from}, which the old schema reads`;
    return `${on(input, 'reader')}change the ${from} at ${at} to ${to}, or to the union [${JSON.stringify(kinds.reader)},${JSON.stringify(kinds.writer)}]`;
  }
  const namespace = site.namespace;
  const place = placeText(site.place, input.top);
  const readerType = typeText(reader, namespace);
  const writerType = typeText(writer, namespace);
  const union = unionOf(reader, writer, namespace);
  if (input.edit === 'writer') {
    if (site.writerBranch) return `${on(input, 'writer')}remove branch ${writerType} from the union of ${place}: the old schema reads it as ${readerType} only`;
    const also = promotedFrom(reader.kind).map(code);
    const alternatives = also.length > 0 ? ` (or ${also.join(', ')})` : '';
    return `${on(input, 'writer')}change ${place} back to ${readerType}${alternatives}, which the old schema reads`;
  }
  if (site.writerBranch) return `${on(input, 'reader')}make ${place} the union ${union} so that it also reads ${whose(input, 'writer')} branch ${writerType}`;
  const also = promotedTo(writer.kind).map(code);
  const alternatives = also.length > 0 ? ` (or ${also.join(', ')}, which ${also.length === 1 ? 'reads' : 'read'} ${writerType} too)` : '';
  const from = site.place.field === undefined && site.place.steps.length === 0 ? '' : ` from ${readerType}`;
  return `${on(input, 'reader')}change ${place}${from} to ${writerType}${alternatives}, or to the union ${union}`;
}

/**
 * MISSING_UNION_BRANCH: the writer's branch kept in (or added to) the reader union; when the union has
 * a branch of the same kind and name that fails on its content, `nested` explains that branch's first
 * finding. Reader old: the new writer drops the branch, or goes back to one of the reader's branches.
 */
export function missingUnionBranchHint(input: HintInput, nested: (branch: AvroNode, writer: AvroNode) => string | undefined): string {
  const site = input.site;
  const reader = site?.reader;
  const writer = site?.writer;
  const location = input.finding.location;
  const unionPath = input.convention === 'writer' && site?.writerBranch ? location.slice(0, location.lastIndexOf('/')) || '/' : location;
  const lacking = lackingKind(input.finding.message);
  // Java's own lists may carry stale locations: the message's kind must be the located writer's.
  if (!site || reader?.kind !== 'union' || !writer || writer.kind === 'union' || (lacking !== undefined && lacking !== writer.kind)) {
    const kind = code(lacking ?? runtimeMessage(input.finding.message)?.found ?? '?');
    if (input.edit === 'writer') return `${on(input, 'writer')}remove the ${kind} that the old schema's union at ${unionPath} cannot read`;
    return `${on(input, 'reader')}add branch ${kind} to the union at ${unionPath}`;
  }
  const namespace = site.namespace;
  const place = placeText(site.place, input.top);
  const atTop = site.place.field === undefined && site.place.steps.length === 0;
  // Inside a failing branch (depth > 0) locations are relative to the branch: the place alone names the union.
  const unionText = atTop ? 'the top-level union' : `the union of ${place}${input.depth > 0 ? '' : ` at ${unionPath}`}`;
  const writerType = typeText(writer, namespace);
  const sameType = (branch: AvroNode): boolean =>
    branch.kind === writer.kind && (!isNamed(branch) || !isNamed(writer) || branch.name === writer.name || branch.aliases.includes(writer.fullName));
  const same = reader.branches.find(sameType);
  const inner = same && nested(same, writer);
  if (inner) {
    const union = input.roles ? unionText.replace(/^the /, `the ${input.roles.reader} schema's `) : unionText;
    return `for ${union} to read ${whose(input, 'writer')} ${writerType}, ${inner}`;
  }
  if (input.edit === 'writer') {
    if (site.writerBranch) return `${on(input, 'writer')}remove branch ${writerType} from ${unionText}: the old schema's union cannot read it`;
    const branches = list(reader.branches.map((branch) => typeText(branch, namespace)));
    return `${on(input, 'writer')}change ${place} back to one of ${branches}, which the old schema's union reads`;
  }
  return site.writerBranch ? `${on(input, 'reader')}keep branch ${writerType} in ${unionText}` : `${on(input, 'reader')}add branch ${writerType} to ${unionText}`;
}

/** LOSSY_PROMOTION: read with a type that holds every value, or accept the rounding. */
export function lossyPromotionHint(input: HintInput): string {
  const kinds = promotedKinds(input.finding.message) ?? { writer: input.site?.writer?.kind ?? '?', reader: input.site?.reader?.kind ?? '?' };
  const exact = kinds.reader === 'float' && kinds.writer === 'int' ? ['double', 'long'] : ['long'];
  const rounding = `accept rounding of ${code(kinds.writer)} values beyond 2^${kinds.reader === 'float' ? 24 : 53}`;
  if (input.edit === 'writer') return `${on(input, 'writer')}write ${where(input)} as ${code(kinds.reader)} like the old schema reads it, or ${rounding}`;
  return `${on(input, 'reader')}read ${where(input)} as ${exact.map(code).join(' or ')} instead of ${code(kinds.reader)}, or ${rounding}`;
}

/** DECIMAL_MISMATCH: the other side's precision and scale. */
export function decimalHint(input: HintInput): string {
  const found = decimals(input.finding.message);
  if (!found) return `${on(input, input.edit)}keep the decimal precision and scale of ${where(input)} unchanged (${input.finding.message})`;
  const kept = input.edit === 'writer' ? found.reader : found.writer;
  const as = input.edit === 'writer' ? ', as the old schema reads it' : '';
  return `${on(input, input.edit)}keep precision ${kept.precision} and scale ${kept.scale} on ${where(input)}${as} (or migrate with a new field)`;
}

/** LOGICAL_TYPE_CHANGED: the other side's logical type (or none), or a new field. */
export function logicalTypeHint(input: HintInput): string {
  const names = logicalNames(input.finding.message) ?? { writer: 'none', reader: 'none' };
  const reader = input.site?.reader;
  const writer = input.site?.writer;
  const namespace = input.site?.namespace ?? null;
  const place = where(input);
  if (input.edit === 'writer') {
    const plain = reader ? typeText(reader, namespace) : 'type';
    if (names.reader === 'none') return `${on(input, 'writer')}remove ${logicalText(names.writer)} from ${place}, as the old schema reads a plain ${plain} ${MIGRATE}`;
    return `${on(input, 'writer')}keep ${logicalText(names.reader)} on ${place}, as the old schema reads it ${MIGRATE}`;
  }
  if (names.writer === 'none') {
    const plain = writer && writer.kind !== 'union' ? `${whose(input, 'writer')} ${typeText(writer, namespace)}` : schemaName(input, 'writer');
    return `${on(input, 'reader')}remove ${logicalText(names.reader)} from ${place}, as ${plain} has none ${MIGRATE}`;
  }
  const otherKind = writer && reader && writer.kind !== reader.kind && writer.kind !== 'union' ? `${typeText(writer, namespace)} with ` : '';
  return `${on(input, 'reader')}keep ${otherKind}${logicalText(names.writer)} on ${place} ${MIGRATE}`;
}
