import type { ChangeDraft } from '../../diff/change.js';
import { keyedDiff } from '../../diff/keyed.js';
import type { AvroNode, AvroUnion } from '../model.js';
import { isNamed } from '../model.js';
import { AvroIncompatibilityType, AvroWarningType } from '../compat/findings.js';
import { promotes } from '../compat/promotions.js';
import { AvroChangeType as T, typeLabel } from './change-types.js';
import type { AvroDiff, Paths } from './walk.js';
import { pointer } from './walk.js';

const MISSING = AvroIncompatibilityType.MISSING_UNION_BRANCH;

/** A branch's identity in a union (Avro 1.12 "Unions": at most one branch per unnamed kind, named ones by name). */
function branchKey(node: AvroNode): string {
  return isNamed(node) ? `${node.kind} ${node.name}` : node.kind;
}

/** Named branches of one kind match by an alias naming the other's full name, either way. */
const ALIASING = {
  names: (node: AvroNode): string[] => (isNamed(node) ? [`${node.kind} ${node.fullName}`] : []),
  aliases: (node: AvroNode): string[] => (isNamed(node) ? node.aliases.map((alias) => `${node.kind} ${alias}`) : []),
};

/**
 * Branches added, removed and reordered, and each kept pair compared. The check reports a writer
 * branch the reader union cannot read at `<reader union>/<writer branch index>`, with no detail:
 * such a finding belongs to the branch added or removed, or, when the checker's detail of a kept
 * pair finds no owner, to the changes inside that pair.
 */
export function compareUnions(diff: AvroDiff, o: AvroUnion, n: AvroUnion, at: Paths): ChangeDraft[] {
  const branches = keyedDiff(o.branches, n.branches, branchKey, ALIASING);
  const drafts: ChangeDraft[] = [];
  for (const pair of branches.kept) {
    const inner = diff.compare(pair.old, pair.new, { old: `${at.old}/${pair.oldIndex}`, new: `${at.new}/${pair.newIndex}` });
    // Only when the checker cannot open the branch pair (see branch-findings.ts) does a finding stay at the union.
    const findingsAt = { BACKWARD: [`${MISSING}@${at.new}/${pair.oldIndex}`], FORWARD: [`${MISSING}@${at.old}/${pair.newIndex}`] };
    drafts.push(...inner.map((draft) => (draft.annotation ? draft : { ...draft, findingsAt: { BACKWARD: [...(draft.findingsAt?.BACKWARD ?? []), ...findingsAt.BACKWARD], FORWARD: [...(draft.findingsAt?.FORWARD ?? []), ...findingsAt.FORWARD] } })));
  }
  for (const { item, index } of branches.added) {
    drafts.push({
      change: T.UNION_BRANCH_ADDED, location: { new: `${at.new}/${index}` }, summary: `${typeLabel(item)} in ${typeLabel(n)}`,
      description: `The union at ${pointer(at.new)} has a new branch ${typeLabel(item)}`, findingsAt: { FORWARD: [`${at.old}/${index}`, ...unreadBranch(item, o, at.old)] },
    });
  }
  for (const { item, index } of branches.removed) {
    drafts.push({
      change: T.UNION_BRANCH_REMOVED, location: { old: `${at.old}/${index}` }, summary: `${typeLabel(item)} from ${typeLabel(o)}`,
      description: `The union at ${pointer(at.old)} no longer has the branch ${typeLabel(item)}`, findingsAt: { BACKWARD: [`${at.new}/${index}`, ...unreadBranch(item, n, at.new)] },
    });
  }
  if (branches.reordered) {
    drafts.push({ change: T.UNION_BRANCHES_REORDERED, location: at, summary: `${typeLabel(o)}→${typeLabel(n)}`, description: `The branches of the union at ${pointer(at.new)} are in another order (a field default must match the first branch before Avro 1.12)` });
  }
  return drafts;
}

/**
 * Where the check of a reader union places what a writer branch without a partner causes: Pulsar's
 * resolver reports the missing branch at the union itself, and a promotion's warning (an int read
 * as a float) at the reader branch that reads it (`TYPE@location` keys: these places name a finding type).
 */
function unreadBranch(writer: AvroNode, reader: AvroUnion, path: string): string[] {
  const promotions = reader.branches.flatMap((branch, k) => (branch.kind !== writer.kind && promotes(branch.kind, writer.kind)
    ? [AvroWarningType.LOSSY_PROMOTION, AvroWarningType.LOGICAL_TYPE_CHANGED, AvroWarningType.DECIMAL_MISMATCH].map((type) => `${type}@${path}/${k}`) : []));
  return [`${AvroIncompatibilityType.MISSING_UNION_BRANCH}@${path}`, ...promotions];
}
