import type { AvroNode, AvroUnion } from '../model.js';
import { javaTypeName } from '../model.js';
import { AvroIncompatibilityType } from './findings.js';
import type { PathFinding, ResolutionWalk } from './walk.js';
import { NO_FINDINGS, concat } from './walk.js';

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
  let findings: readonly PathFinding[] = NO_FINDINGS;
  for (let i = 0; i < writer.branches.length && !walk.decided(findings); i++) {
    findings = concat(findings, walk.child(String(i), reader, writer.branches[i] as AvroNode));
  }
  return findings;
}

/** Non-union writer, union reader: some reader branch, tried in order, must read the writer. */
export function checkReaderUnion(walk: ResolutionWalk, reader: AvroUnion, writer: AvroNode): readonly PathFinding[] {
  for (const branch of reader.branches) {
    if (walk.trial(branch, writer)) return NO_FINDINGS;
  }
  return [walk.finding(AvroIncompatibilityType.MISSING_UNION_BRANCH, `reader union lacking writer type: ${javaTypeName(writer.kind)}`)];
}
