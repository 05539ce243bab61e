import type { Roles } from '../../checkers/types.js';
import type { Finding } from '../../result.js';
import { AvroIncompatibilityType, AvroWarningType } from '../compat/findings.js';
import { ResolutionWalk, SessionMemo } from '../compat/walk.js';
import type { AvroNode, AvroSchema } from '../model.js';
import type { WriterNames } from '../compat/runtime/aliases.js';
import { promotedKinds, runtimeMessage } from './hint-messages.js';
import { ambiguousAliasHint, fixedSizeHint, missingDefaultHint, missingSymbolsHint, nameMismatchHint, unreadableSymbolsHint } from './hint-named.js';
import { decimalHint, logicalTypeHint, lossyPromotionHint, missingUnionBranchHint, typeMismatchHint } from './hint-types.js';
import type { HintInput } from './hint-words.js';
import { on, schemaName, where } from './hint-words.js';
import type { BranchConvention, Place } from './locate.js';
import { PLAIN_NAMES, branchLabel, locateAvro, namesOf } from './locate.js';

const WARNINGS: ReadonlySet<string> = new Set(Object.values(AvroWarningType));

/** How deep failing union branches are explained by their own findings (recursive schemas stop here). */
const MAX_DEPTH = 3;

interface Context {
  readonly convention: BranchConvention;
  readonly names: WriterNames;
  readonly roles: Roles | undefined;
  readonly top: AvroNode;
  readonly depth: number;
  readonly start?: { readonly place: Place; readonly namespace: string | null };
}

/**
 * One short, concrete repair for a finding of `canRead(reader, writer)` (any profile), in the
 * schemas' own terms: field names, types, symbols, branches. Without roles it changes the reader (the
 * schema the location points into); with roles it says which schema to change, and when the reader is
 * the old schema (a FORWARD check) it changes the new one, the writer. Deterministic; never throws.
 *
 * Number tokens of a location are writer union branches in Java's `SchemaCompatibility` findings
 * (profiles confluent, strict) and reader union branches in the runtime's (profile pulsar, whose
 * messages start with `Found`, and every warning).
 */
export function avroHint(finding: Finding, reader: AvroSchema, writer: AvroSchema, roles?: Roles): string {
  const convention: BranchConvention = WARNINGS.has(finding.type) || finding.message.startsWith('Found ') ? 'reader' : 'writer';
  return hintAt(finding, reader.root, writer.root, { convention, names: namesOf(reader, convention), roles, top: reader.root, depth: 0 });
}

function hintAt(finding: Finding, reader: AvroNode, writer: AvroNode, context: Context): string {
  const found = runtimeMessage(finding.message)?.found ?? promotedKinds(finding.message)?.writer;
  const { convention, names, start } = context;
  const site = locateAvro(reader, writer, finding.location, start ? { convention, names, found, start } : { convention, names, found });
  const roles = context.roles;
  const edit = roles?.reader === 'old' && roles.writer === 'new' ? 'writer' : 'reader';
  const input: HintInput = { finding, site, convention, top: context.top, edit, roles, depth: context.depth };
  switch (finding.type) {
    case AvroIncompatibilityType.READER_FIELD_MISSING_DEFAULT_VALUE:
      return missingDefaultHint(input, site?.field);
    case AvroIncompatibilityType.AMBIGUOUS_FIELD_ALIAS:
      return ambiguousAliasHint(input, site?.field);
    case AvroIncompatibilityType.NAME_MISMATCH:
      return nameMismatchHint(input);
    case AvroIncompatibilityType.FIXED_SIZE_MISMATCH:
      return fixedSizeHint(input);
    case AvroIncompatibilityType.MISSING_ENUM_SYMBOLS:
      return missingSymbolsHint(input);
    case AvroWarningType.UNREADABLE_ENUM_SYMBOLS:
      return unreadableSymbolsHint(input);
    case AvroIncompatibilityType.TYPE_MISMATCH:
      return typeMismatchHint(input, () => missingFieldOfType(finding, reader, writer, context, input));
    case AvroIncompatibilityType.MISSING_UNION_BRANCH:
      return missingUnionBranchHint(input, (branch, writerBranch) => branchHint(branch, writerBranch, input, context));
    case AvroWarningType.LOSSY_PROMOTION:
      return lossyPromotionHint(input);
    case AvroWarningType.DECIMAL_MISMATCH:
      return decimalHint(input);
    case AvroWarningType.LOGICAL_TYPE_CHANGED:
      return logicalTypeHint(input);
    default:
      return `${on(input, 'reader')}make ${where(input)} read what ${schemaName(input, 'writer')} writes there (${finding.type}: ${finding.message})`;
  }
}

/**
 * Java's report of an enum field with an enum default, missing in the writer (javaQuirks:
 * TYPE_MISMATCH ENUM/RECORD at `/fields/<i>/type`): really a field that needs a default.
 */
function missingFieldOfType(finding: Finding, reader: AvroNode, writer: AvroNode, context: Context, input: HintInput): string | undefined {
  if (!finding.location.endsWith('/type')) return undefined;
  const { convention, names, start } = context;
  const location = finding.location.slice(0, -'/type'.length);
  const field = locateAvro(reader, writer, location, start ? { convention, names, start } : { convention, names })?.field;
  return field && !field.writer ? missingDefaultHint(input, field) : undefined;
}

/**
 * A reader union branch of the writer's kind and name that cannot read it: the hint for the first
 * finding of the branch checked alone (Java's union trial keeps only the verdict), placed in the schema.
 */
function branchHint(branch: AvroNode, writerBranch: AvroNode, input: HintInput, context: Context): string | undefined {
  const site = input.site;
  if (!site || context.depth >= MAX_DEPTH) return undefined;
  const first = new ResolutionWalk({ javaQuirks: false }, new SessionMemo()).run(branch, writerBranch)[0];
  if (!first) return undefined;
  const place: Place = { ...site.place, steps: [...site.place.steps, `branch:${branchLabel(branch)}`] };
  return hintAt(first, branch, writerBranch, {
    ...context, convention: 'writer', names: PLAIN_NAMES, depth: context.depth + 1, start: { place, namespace: site.namespace },
  });
}
