import type { Direction } from 'schema-compat';
import type { FindingOrigin, OriginFinder } from './finding-origin.js';
import type { FingerprintedFinding } from './ignores.js';

/** Whether a finding fails a subject as an incompatibility, or is a warning. */
export type FindingKind = 'incompatibility' | 'warning';

/** What one cause did to one subject: the versions it breaks, and the findings folded under it. */
export interface CauseSubject {
  readonly subject: string;
  /** The subject's file, relative to the configuration's folder. */
  readonly file: string;
  /** The history versions the cause breaks, ascending. */
  readonly versions: readonly number[];
  readonly directions: readonly Direction[];
  /** Every finding folded under the cause: its own, one per version and direction, and those of the fields that reach it. */
  readonly findings: readonly FingerprintedFinding[];
  /** Elements whose finding only says they reach the changed definition (`otel.logs.Item.body`), folded here. */
  readonly through: readonly string[];
}

/**
 * One cause: a change of one definition (same file, same element, same finding type and detail),
 * listed once, with the subjects and versions it breaks. Protobuf's "message type X changed
 * incompatibly" findings of the fields that use X are folded under the causes inside X.
 */
export interface FindingCause {
  /** `file\0element\0type\0message\0kind`: what makes two findings one cause. */
  readonly key: string;
  readonly kind: FindingKind;
  readonly type: string;
  /** The checker's detail, the same for every finding of the cause. */
  readonly message: string;
  /** The sentence of the first finding (it names no version). */
  readonly description: string;
  readonly hint?: string;
  readonly origin: FindingOrigin;
  readonly subjects: readonly CauseSubject[];
  /** The number of findings folded, over all subjects. */
  readonly findings: number;
}

/** Confluent's finding on a field whose message type changed inside (reference/confluent.md: FieldSchemaDiff). */
const THROUGH = /^message type (\S+) changed incompatibly$/;

interface Mutable {
  key: string;
  kind: FindingKind;
  type: string;
  message: string;
  description: string;
  hint?: string;
  origin: FindingOrigin;
  subjects: Map<string, { subject: string; file: string; versions: Set<number>; directions: Set<Direction>; findings: FingerprintedFinding[]; through: Set<string> }>;
}

/**
 * The causes of one subject's findings, in order of first appearance. A Protobuf field whose only
 * finding is that its message type changed inside is folded under the causes found inside that
 * type for the same version and direction (transitively); when none is found it stays a cause.
 */
export function subjectCauses(subject: string, file: string, findings: ReadonlyArray<{ readonly finding: FingerprintedFinding; readonly kind: FindingKind }>, origin: OriginFinder): FindingCause[] {
  const causes = new Map<string, Mutable>();
  const roots = new Map<FingerprintedFinding, readonly FingerprintedFinding[]>();
  const all = findings.map((entry) => entry.finding);
  for (const finding of all) rootsOf(finding, all, roots, new Set());
  const placed = new Map<FingerprintedFinding, FindingOrigin>();
  const originOf = (finding: FingerprintedFinding): FindingOrigin => placed.get(finding) ?? placed.set(finding, origin(finding)).get(finding) as FindingOrigin;
  for (const { finding, kind } of findings) {
    const reached = roots.get(finding) ?? [];
    if (reached.length > 0) continue;
    const cause = entryOf(causes, finding, kind, originOf(finding));
    addTo(cause, subject, file, finding);
  }
  for (const { finding, kind } of findings) {
    const reached = roots.get(finding) ?? [];
    for (const root of reached) {
      const cause = causes.get(keyOf(originOf(root), root, kind));
      if (cause !== undefined) addTo(cause, subject, file, finding, originOf(finding).element);
    }
  }
  return [...causes.values()].map(frozen);
}

/** Causes of several subjects merged: a shared definition's cause lists every subject it breaks. */
export function mergeCauses(lists: ReadonlyArray<readonly FindingCause[]>): FindingCause[] {
  const merged = new Map<string, FindingCause>();
  for (const list of lists) {
    for (const cause of list) {
      const known = merged.get(cause.key);
      merged.set(cause.key, known === undefined ? cause : { ...known, subjects: [...known.subjects, ...cause.subjects], findings: known.findings + cause.findings });
    }
  }
  return [...merged.values()];
}

/** The non-"through" findings a "through" finding reaches, for the same version and direction. */
function rootsOf(finding: FingerprintedFinding, all: readonly FingerprintedFinding[], memo: Map<FingerprintedFinding, readonly FingerprintedFinding[]>, visiting: Set<FingerprintedFinding>): readonly FingerprintedFinding[] {
  const known = memo.get(finding);
  if (known !== undefined) return known;
  const through = THROUGH.exec(finding.message);
  if (through === null || visiting.has(finding)) return [];
  visiting.add(finding);
  const inside = `#/${(through[1] as string).split('.').join('/')}/`;
  const found = new Set<FingerprintedFinding>();
  for (const other of all) {
    if (other === finding || other.version !== finding.version || other.direction !== finding.direction || !other.location.startsWith(inside)) continue;
    if (THROUGH.test(other.message)) for (const root of rootsOf(other, all, memo, visiting)) found.add(root);
    else found.add(other);
  }
  memo.set(finding, [...found]);
  return [...found];
}

function keyOf(origin: FindingOrigin, finding: FingerprintedFinding, kind: FindingKind): string {
  return [origin.file, origin.element, finding.type, finding.message, kind].join('\0');
}

function entryOf(causes: Map<string, Mutable>, finding: FingerprintedFinding, kind: FindingKind, origin: FindingOrigin): Mutable {
  const key = keyOf(origin, finding, kind);
  const known = causes.get(key);
  if (known !== undefined) return known;
  const created: Mutable = {
    key, kind, type: finding.type, message: finding.message, description: finding.description,
    ...(finding.hint === undefined ? {} : { hint: finding.hint }), origin, subjects: new Map(),
  };
  causes.set(key, created);
  return created;
}

function addTo(cause: Mutable, subject: string, file: string, finding: FingerprintedFinding, through?: string): void {
  const entry = cause.subjects.get(subject) ?? { subject, file, versions: new Set<number>(), directions: new Set<Direction>(), findings: [], through: new Set<string>() };
  cause.subjects.set(subject, entry);
  entry.versions.add(finding.version);
  entry.directions.add(finding.direction);
  entry.findings.push(finding);
  if (through !== undefined) entry.through.add(through);
}

function frozen(cause: Mutable): FindingCause {
  const subjects = [...cause.subjects.values()].map((entry): CauseSubject => ({
    subject: entry.subject, file: entry.file, versions: [...entry.versions].sort((a, b) => a - b), directions: [...entry.directions].sort(),
    findings: entry.findings, through: [...entry.through],
  }));
  const { subjects: _subjects, ...rest } = cause;
  return { ...rest, subjects, findings: subjects.reduce((sum, entry) => sum + entry.findings.length, 0) };
}
