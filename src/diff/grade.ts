import type { Finding } from '../result.js';
import type { Direction } from '../strategy.js';
import type { Change, ChangeDraft } from './change.js';
import { DiffChangeType, readFindingKey } from './change.js';

/** What the pairwise check found in one direction. */
export interface DirectionFindings {
  readonly direction: Direction;
  readonly incompatibilities: readonly Finding[];
  readonly warnings: readonly Finding[];
  /** The check's sentence for a finding of this direction. */
  readonly describe: (finding: Finding) => string;
  /** The findings an incompatibility sums up (the checker's `detailFinding`), graded in its place. */
  readonly detail?: (finding: Finding) => readonly Finding[] | undefined;
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
 * an incompatibility that sums up others (an Avro union branch it cannot read) goes to the owners
 * of those, each of them without an owner to the owners of the incompatibility itself; a finding
 * no change accounts for becomes a FINDING_WITHOUT_CHANGE of its own.
 */
export function gradeChanges(drafts: readonly ChangeDraft[], checks: readonly DirectionFindings[]): Change[] {
  const graded: Graded[] = drafts.map((draft) => ({ draft, breaks: new Set(), warns: new Set() }));
  const orphans = new Map<string, Graded>();
  for (const check of checks) {
    const owners = new Owners(graded, check.direction);
    const place = (finding: Finding, grade: 'breaks' | 'warns'): void => {
      const found = grade === 'breaks' && check.detail !== undefined ? owners.ofSummed(finding, check.detail) : owners.of(finding);
      if (found.length > 0) {
        for (const owner of found) owner[grade].add(check.direction);
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

/**
 * The changes a finding of one direction belongs to (see `gradeChanges`), found through maps built
 * once per direction: by `findingsAt` key, by location on the reader's side, and by every path
 * above a location, so that grading stays linear in the changes and the findings.
 */
class Owners {
  private readonly listed = new Map<string, Set<Graded>>();
  private readonly at = new Map<string, Set<Graded>>();
  /** Changes by each path strictly above one of their anchors. */
  private readonly under = new Map<string, Set<Graded>>();

  constructor(graded: readonly Graded[], private readonly direction: Direction) {
    for (const item of graded) {
      const keys = item.draft.findingsAt?.[direction] ?? [];
      for (const key of keys) add(this.listed, listedKey(key), item);
      const location = item.draft.location[READER_SIDE[direction]];
      if (location !== undefined) add(this.at, normal(location), item);
      const anchors = [...(location === undefined ? [] : [location]), ...keys.filter((key) => readFindingKey(key).type === undefined)];
      for (const prefix of new Set(anchors.flatMap((anchor) => prefixes(tokens(anchor))))) add(this.under, prefix, item);
    }
  }

  of(finding: Finding): Graded[] {
    const location = normal(finding.location);
    const typed = this.listed.get(`${finding.type}@${location}`);
    if (typed !== undefined) return [...typed];
    const listed = [...(this.listed.get(location) ?? [])];
    const explaining = listed.filter((item) => item.draft.change === finding.type || item.draft.explains?.[this.direction]?.includes(finding.type));
    if (explaining.length > 0) return explaining.slice(0, 1);
    if (listed.length > 0) return preferStructural(listed);
    const exact = [...(this.at.get(location) ?? [])];
    if (exact.length > 0) return [...exact.filter((item) => item.draft.change === finding.type), ...preferStructural(exact)].slice(0, 1);
    return this.nearest(tokens(location));
  }

  /**
   * An incompatibility that may sum up others: the owners of those, where one has none the owners
   * of the incompatibility itself; the incompatibility's own owners when none of them has one.
   */
  ofSummed(finding: Finding, detail: (finding: Finding) => readonly Finding[] | undefined): Graded[] {
    const owned = (detail(finding) ?? []).map((part) => this.of(part));
    if (!owned.some((each) => each.length > 0)) return this.of(finding);
    return [...new Set(owned.flatMap((each) => (each.length > 0 ? each : this.of(finding))))];
  }

  /** Failing an exact place: the deepest structural change above the finding, else the structural changes below it. */
  private nearest(target: readonly string[]): Graded[] {
    let above: Graded[] = [];
    for (const prefix of prefixes(target)) {
      const here = [...(this.at.get(prefix) ?? []), ...(this.listed.get(prefix) ?? [])];
      if (here.length > 0) above = here;
    }
    const below = [...(this.under.get(target.join('/')) ?? [])];
    const structuralAbove = above.filter((item) => !item.draft.annotation);
    if (structuralAbove.length > 0) return structuralAbove.slice(0, 1);
    const structuralBelow = below.filter((item) => !item.draft.annotation);
    if (structuralBelow.length > 0) return structuralBelow;
    return above.length > 0 ? above.slice(0, 1) : below;
  }
}

function add(map: Map<string, Set<Graded>>, key: string, item: Graded): void {
  const set = map.get(key);
  if (set === undefined) map.set(key, new Set([item]));
  else set.add(item);
}

/** A location in one written form (`/` and `` are the root, `#/` is `#`), so that equal places are equal keys. */
function normal(location: string): string {
  return tokens(location).join('/');
}

/** A `findingsAt` key with its path in the written form of `normal`. */
function listedKey(key: string): string {
  const { type, path } = readFindingKey(key);
  return type === undefined ? normal(path) : `${type}@${normal(path)}`;
}

/** The paths strictly above a path, shortest first, in the written form of `normal`. */
function prefixes(path: readonly string[]): string[] {
  return path.slice(0, -1).map((_, i) => path.slice(0, i + 1).join('/'));
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
