import type { AvroKind, AvroNode, AvroUnion } from '../model.js';
import { isNamed, javaTypeName } from '../model.js';
import { AvroIncompatibilityType } from './findings.js';
import { promotes } from './promotions.js';
import type { PathFinding, ResolutionWalk } from './walk.js';
import { FindingList, NO_FINDINGS } from './walk.js';

/**
 * Union writer, union reader: every writer branch must be readable by the whole reader union.
 * Java keeps one MISSING_UNION_BRANCH per failing branch, at `<union>/<branch index>`, and drops
 * the nested details.
 */
export function checkUnionUnion(walk: ResolutionWalk, reader: AvroUnion, writer: AvroUnion): readonly PathFinding[] {
  const findings: PathFinding[] = [];
  for (let i = 0; i < writer.branches.length && !walk.decided(findings); i++) {
    const branch = writer.branches[i] as AvroNode;
    walk.push(String(i));
    if (!walk.trial(reader, branch)) {
      findings.push(walk.finding(AvroIncompatibilityType.MISSING_UNION_BRANCH, `reader union lacking writer type: ${javaTypeName(branch.kind)}`));
    }
    walk.pop();
  }
  return findings.length === 0 ? NO_FINDINGS : findings;
}

/**
 * Union writer, non-union reader: the reader must read every branch; nested findings keep the
 * branch index in their path (Java 1.12, AVRO-3612).
 */
export function checkWriterUnion(walk: ResolutionWalk, reader: AvroNode, writer: AvroUnion): readonly PathFinding[] {
  const findings = new FindingList();
  for (let i = 0; i < writer.branches.length && !walk.decided(findings.list); i++) {
    findings.add(walk.child(String(i), reader, writer.branches[i] as AvroNode));
  }
  return findings.list;
}

/** Non-union writer, union reader: some reader branch, tried in order, must read the writer. */
export function checkReaderUnion(walk: ResolutionWalk, reader: AvroUnion, writer: AvroNode): readonly PathFinding[] {
  for (const branch of triedBranches(walk, reader, writer)) {
    if (walk.trial(branch, writer)) return NO_FINDINGS;
  }
  return [walk.finding(AvroIncompatibilityType.MISSING_UNION_BRANCH, `reader union lacking writer type: ${javaTypeName(writer.kind)}`)];
}

/** The reader kinds a writer kind promotes to (the only other kinds that can read it). */
const PROMOTION_READERS: readonly AvroKind[] = ['long', 'float', 'double', 'bytes', 'string'];

/** A union's branches by what can read a writer at once; cyclic branches apart. */
interface BranchIndex {
  /** Positions by `kind` (unnamed kinds), `kind name` and `kind alias <alias>` (named kinds). */
  readonly byKey: ReadonlyMap<string, readonly number[]>;
  readonly cyclic: readonly number[];
}

const INDEXES = new WeakMap<AvroUnion, BranchIndex>();

function branchIndex(union: AvroUnion): BranchIndex {
  const known = INDEXES.get(union);
  if (known !== undefined) return known;
  const byKey = new Map<string, number[]>();
  const cyclic: number[] = [];
  const put = (key: string, position: number): void => {
    const positions = byKey.get(key);
    if (positions === undefined) byKey.set(key, [position]);
    else positions.push(position);
  };
  union.branches.forEach((branch, i) => {
    if (!branch.acyclic) cyclic.push(i);
    if (!isNamed(branch)) return put(branch.kind, i);
    put(`${branch.kind} ${branch.name}`, i);
    for (const alias of branch.aliases) put(`${branch.kind} alias ${alias}`, i);
  });
  const index = { byKey, cyclic };
  INDEXES.set(union, index);
  return index;
}

/**
 * The reader branches to try for a writer, in order. Java tries them all; a branch of another kind
 * (that the writer does not promote to), or a named one whose name does not match (Java's
 * `schemaNameEquals`: simple names, or a reader alias of the writer's full name), fails at once.
 * Those are skipped when both are acyclic and Java's quirks are off: such a trial keeps only its
 * verdict and runs no co-inductive step, so skipping it changes nothing, and a union of n named
 * types was n^2 trials (2,000 records: 6 s a direction). Other trials are Java's.
 */
function triedBranches(walk: ResolutionWalk, reader: AvroUnion, writer: AvroNode): readonly AvroNode[] {
  if (walk.options.javaQuirks || !writer.acyclic) return reader.branches;
  const index = branchIndex(reader);
  const keys = isNamed(writer)
    ? [`${writer.kind} ${writer.name}`, `${writer.kind} alias ${writer.fullName}`]
    : [writer.kind, ...PROMOTION_READERS.filter((kind) => promotes(kind, writer.kind))];
  const positions = new Set(index.cyclic);
  for (const key of keys) for (const position of index.byKey.get(key) ?? []) positions.add(position);
  return [...positions].sort((a, b) => a - b).map((position) => reader.branches[position] as AvroNode);
}
