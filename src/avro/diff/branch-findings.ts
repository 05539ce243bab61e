import type { Finding } from '../../result.js';
import { AvroIncompatibilityType } from '../compat/findings.js';
import { ResolutionWalk, SessionMemo } from '../compat/walk.js';
import { PLAIN_NAMES, locateAvro } from '../explain/locate.js';
import type { AvroNode, AvroUnion } from '../model.js';
import { isNamed } from '../model.js';

/** How many nested unions deep a failing branch is opened (a recursive schema stops here, as the hints do). */
const MAX_DEPTH = 3;

/**
 * The findings a MISSING_UNION_BRANCH of Java's `SchemaCompatibility` stands for when the reader
 * union has a branch of the writer's kind and name (Java's union trial keeps only its verdict): the
 * findings of that reader branch checked alone against the writer's, at reader-side locations
 * (`<union>/<reader branch>/...`), nested unions opened too. Undefined for any other finding, or
 * when the union has no such branch (the branch is missing, not changed).
 */
export function branchFindings(finding: Finding, reader: AvroNode, writer: AvroNode, depth = 0): readonly Finding[] | undefined {
  if (finding.type !== AvroIncompatibilityType.MISSING_UNION_BRANCH || depth >= MAX_DEPTH) return undefined;
  const site = locateAvro(reader, writer, finding.location, { convention: 'writer', names: PLAIN_NAMES });
  if (site?.reader.kind !== 'union' || site.writer === undefined || site.writer.kind === 'union') return undefined;
  const index = partnerIndex(site.reader, site.writer);
  if (index < 0) return undefined;
  const branch = site.reader.branches[index] as AvroNode;
  const union = site.writerBranch ? finding.location.slice(0, finding.location.lastIndexOf('/')) : finding.location;
  const base = `${union === '/' ? '' : union}/${index}`;
  const inner = new ResolutionWalk({ javaQuirks: false }, new SessionMemo()).run(branch, site.writer);
  return inner.flatMap((found) => (branchFindings(found, branch, site.writer as AvroNode, depth + 1) ?? [found]).map((each) => ({ ...each, location: under(base, each.location) })));
}

/**
 * The reader branch Java's union trial would read the writer with (same kind, and for a named type
 * its simple name or a reader alias of its full name), else the one the diff pairs it with by a
 * writer alias (which the trial refuses by name: that branch pair's finding is the name).
 */
function partnerIndex(union: AvroUnion, writer: AvroNode): number {
  const sameKind = (branch: AvroNode): boolean => branch.kind === writer.kind;
  const tried = union.branches.findIndex((branch) => sameKind(branch) && (!isNamed(branch) || !isNamed(writer) || branch.name === writer.name || branch.aliases.includes(writer.fullName)));
  if (tried >= 0 || !isNamed(writer)) return tried;
  return union.branches.findIndex((branch) => sameKind(branch) && isNamed(branch) && writer.aliases.includes(branch.fullName));
}

/** A location relative to a branch (`/` its root), placed under the branch's path. */
function under(base: string, location: string): string {
  return location === '/' || location === '' ? base : `${base}${location}`;
}
