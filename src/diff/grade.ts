import type { Finding } from '../result.js';
import type { Direction } from '../strategy.js';
import type { Change, ChangeDraft } from './change.js';
import { DiffChangeType } from './change.js';

/** What the pairwise check found in one direction. */
export interface DirectionFindings {
  readonly direction: Direction;
  readonly incompatibilities: readonly Finding[];
  readonly warnings: readonly Finding[];
  /** The check's sentence for a finding of this direction. */
  readonly describe: (finding: Finding) => string;
}

interface Graded {
  readonly draft: ChangeDraft;
  readonly breaks: Set<Direction>;
  readonly warns: Set<Direction>;
}

/** The reader of a direction's check: BACKWARD reads with the new schema, FORWARD with the old. */
const READER_SIDE: Readonly<Record<Direction, 'new' | 'old'>> = { BACKWARD: 'new', FORWARD: 'old' };
const ORDER: readonly Direction[] = ['BACKWARD', 'FORWARD'];

/**
 * Grades changes by the findings of the check itself, so that a change breaks a direction exactly
 * when the check of that direction fails because of it: each finding goes to the change at its
 * location (or listed for it), else to the deepest change above it, else to the changes below it;
 * a finding no change accounts for becomes a FINDING_WITHOUT_CHANGE of its own.
 */
export function gradeChanges(drafts: readonly ChangeDraft[], checks: readonly DirectionFindings[]): Change[] {
  const graded: Graded[] = drafts.map((draft) => ({ draft, breaks: new Set(), warns: new Set() }));
  const orphans = new Map<string, Graded>();
  for (const check of checks) {
    const place = (finding: Finding, grade: 'breaks' | 'warns'): void => {
      const owners = ownersOf(graded, check.direction, finding);
      if (owners.length > 0) {
        for (const owner of owners) owner[grade].add(check.direction);
        return;
      }
      const key = `${finding.type} ${check.direction} ${finding.location}`;
      let orphan = orphans.get(key);
      if (orphan === undefined) orphans.set(key, (orphan = { draft: orphanDraft(finding, check), breaks: new Set(), warns: new Set() }));
      orphan[grade].add(check.direction);
    };
    for (const finding of check.incompatibilities) place(finding, 'breaks');
    for (const finding of check.warnings) place(finding, 'warns');
  }
  return [...graded, ...orphans.values()].map(toChange);
}

function toChange({ draft, breaks, warns }: Graded): Change {
  const { change, location, summary, description } = draft;
  const graded = { change, location, summary, description, breaks: ORDER.filter((direction) => breaks.has(direction)) };
  const warned = ORDER.filter((direction) => warns.has(direction) && !breaks.has(direction));
  return warned.length === 0 ? graded : { ...graded, warns: warned };
}

function orphanDraft(finding: Finding, check: DirectionFindings): ChangeDraft {
  return {
    change: DiffChangeType.FINDING_WITHOUT_CHANGE,
    location: { [READER_SIDE[check.direction]]: finding.location },
    summary: `${finding.type} at ${finding.location}`,
    description: check.describe(finding),
  };
}

/** The changes a finding of `direction` belongs to (see `gradeChanges`). */
function ownersOf(graded: readonly Graded[], direction: Direction, finding: Finding): Graded[] {
  const location = finding.location;
  const typed = graded.filter((item) => item.draft.findingsAt?.[direction]?.includes(`${finding.type}@${location}`));
  if (typed.length > 0) return typed;
  const listed = graded.filter((item) => item.draft.findingsAt?.[direction]?.includes(location));
  const explaining = listed.filter((item) => item.draft.change === finding.type || item.draft.explains?.[direction]?.includes(finding.type));
  if (explaining.length > 0) return explaining.slice(0, 1);
  if (listed.length > 0) return preferStructural(listed);
  const exact = graded.filter((item) => item.draft.location[READER_SIDE[direction]] === location);
  if (exact.length > 0) return [...exact.filter((item) => item.draft.change === finding.type), ...preferStructural(exact)].slice(0, 1);
  return nearest(graded, direction, tokens(location));
}

/** Failing an exact place: the deepest structural change above the finding, else the structural changes below it. */
function nearest(graded: readonly Graded[], direction: Direction, target: readonly string[]): Graded[] {
  let above: Graded[] = [];
  let aboveDepth = -1;
  const below: Graded[] = [];
  for (const item of graded) {
    const anchors = [item.draft.location[READER_SIDE[direction]], ...(item.draft.findingsAt?.[direction] ?? []).filter((key) => !key.includes('@'))];
    for (const here of anchors.filter((anchor) => anchor !== undefined).map(tokens)) {
      if (here.length < target.length && isPrefix(here, target)) {
        if (here.length > aboveDepth) [above, aboveDepth] = [[item], here.length];
        else if (here.length === aboveDepth && !above.includes(item)) above.push(item);
      } else if (here.length > target.length && isPrefix(target, here) && !below.includes(item)) below.push(item);
    }
  }
  const structuralAbove = above.filter((item) => !item.draft.annotation);
  if (structuralAbove.length > 0) return structuralAbove.slice(0, 1);
  const structuralBelow = below.filter((item) => !item.draft.annotation);
  if (structuralBelow.length > 0) return structuralBelow;
  return above.length > 0 ? above.slice(0, 1) : below;
}

function preferStructural(items: readonly Graded[]): Graded[] {
  const structural = items.filter((item) => !item.draft.annotation);
  return structural.length > 0 ? structural : [...items];
}

/** A location's path segments, without empty trailing ones: `/` is `['']`, `#/a/b` is `['#', 'a', 'b']`. */
function tokens(location: string): string[] {
  const parts = location.split('/');
  while (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

function isPrefix(prefix: readonly string[], path: readonly string[]): boolean {
  return prefix.every((token, i) => path[i] === token);
}
