import type { ChangeDraft } from '../../diff/change.js';
import { readFindingKey } from '../../diff/change.js';
import { CheckTooDeepError } from '../../errors.js';
import { PairMap } from '../../util/pair-map.js';
import type { AvroNamed, AvroNode, AvroSchema } from '../model.js';
import { isNamed } from '../model.js';
import { AvroChangeType as T, typeLabel } from './change-types.js';
import { compareNamedHeads, compareEnums, compareFixed } from './named.js';
import { compareProps } from './props.js';
import { compareRecords } from './records.js';
import { compareUnions } from './unions.js';

/** Paths of the pair being compared: JSON-pointer prefixes of the old and the new schema ('' is the root). */
export interface Paths {
  readonly old: string;
  readonly new: string;
}

/** The paths one token down on each side. */
export function below(paths: Paths, oldToken: string, newToken: string = oldToken): Paths {
  return { old: `${paths.old}/${oldToken}`, new: `${paths.new}/${newToken}` };
}

const IN_PROGRESS = Symbol('in progress');

interface Memo {
  readonly drafts: readonly ChangeDraft[];
  readonly at: Paths;
}

/**
 * The structural diff of two Avro schemas, along the paths resolution takes: named types are
 * followed where they are used (so locations are those of the check's findings), each named pair
 * is compared once and its changes placed again wherever it recurs, and a pair met inside itself
 * (a recursive type) is not entered again.
 */
export class AvroDiff {
  private readonly memo = new PairMap<AvroNamed, Memo | typeof IN_PROGRESS>();

  /** The changes of a pair; a pair nested deeper than the stack allows is a `CheckTooDeepError`, never a crash. */
  static run(original: AvroSchema, update: AvroSchema): ChangeDraft[] {
    try {
      return new AvroDiff().compare(original.root, update.root, { old: '', new: '' }).map(asPointers);
    } catch (error) {
      if (error instanceof RangeError) throw new CheckTooDeepError('the two Avro schemas nest too deeply to be diffed');
      throw error;
    }
  }

  compare(o: AvroNode, n: AvroNode, at: Paths): readonly ChangeDraft[] {
    if (o.kind !== n.kind) return this.kindChanged(o, n, at);
    if (!isNamed(o)) return [...compareProps(o.props, n.props, at, 'type'), ...this.content(o, n, at)];
    const known = this.memo.get(o, n as AvroNamed);
    if (known === IN_PROGRESS) return [];
    if (known !== undefined) return known.drafts.map((draft) => relocate(draft, known.at, at));
    this.memo.set(o, n as AvroNamed, IN_PROGRESS);
    const drafts = [...compareNamedHeads(o, n as AvroNamed, at), ...compareProps(o.props, n.props, at, 'type'), ...this.content(o, n, at)];
    this.memo.set(o, n as AvroNamed, { drafts, at });
    return drafts;
  }

  private content(o: AvroNode, n: AvroNode, at: Paths): readonly ChangeDraft[] {
    switch (o.kind) {
      case 'array':
        return this.compare(o.items, (n as typeof o).items, below(at, 'items'));
      case 'map':
        return this.compare(o.values, (n as typeof o).values, below(at, 'values'));
      case 'record':
        return compareRecords(this, o, n as typeof o, at);
      case 'enum':
        return compareEnums(o, n as typeof o, at);
      case 'fixed':
        return compareFixed(o, n as typeof o, at);
      case 'union':
        return compareUnions(this, o, n as typeof o, at);
      default:
        return [];
    }
  }

  /** Another kind: one TYPE_CHANGED, and when a union gains or loses its wrapping, the branch that stays is compared too. */
  private kindChanged(o: AvroNode, n: AvroNode, at: Paths): readonly ChangeDraft[] {
    const changed: ChangeDraft = {
      change: T.TYPE_CHANGED, location: at, summary: `${typeLabel(o)}→${typeLabel(n)}`,
      description: `The type at ${pointer(at.new)} changed from ${typeLabel(o)} to ${typeLabel(n)}`,
    };
    const inner = o.kind === 'union' ? sameBranch(o.branches, n, (i) => ({ old: `${at.old}/${i}`, new: at.new }))
      : n.kind === 'union' ? sameBranch(n.branches, o, (i) => ({ old: at.old, new: `${at.new}/${i}` })) : undefined;
    if (inner === undefined) return [changed];
    const [branch, paths, oldSide] = [inner.branch, inner.paths, o.kind === 'union'];
    return [changed, ...(oldSide ? this.compare(branch, n, paths) : this.compare(o, branch, paths))];
  }
}

/** The branch of a union that is the same schema as `node` (same kind, and same name when named). */
function sameBranch(branches: readonly AvroNode[], node: AvroNode, paths: (i: number) => Paths): { branch: AvroNode; paths: Paths } | undefined {
  const i = branches.findIndex((branch) => branch.kind === node.kind && (!isNamed(branch) || (branch as AvroNamed).name === (node as AvroNamed).name));
  return i < 0 ? undefined : { branch: branches[i] as AvroNode, paths: paths(i) };
}

/** A path as a JSON pointer: '' is the root, `/`. */
export function pointer(path: string): string {
  return path === '' ? '/' : path;
}

function asPointers(draft: ChangeDraft): ChangeDraft {
  const location = { ...(draft.location.old === undefined ? {} : { old: pointer(draft.location.old) }), ...(draft.location.new === undefined ? {} : { new: pointer(draft.location.new) }) };
  const at = draft.findingsAt;
  if (at === undefined) return { ...draft, location };
  const key = (path: string): string => onPath(path, pointer);
  const findingsAt = { ...(at.BACKWARD === undefined ? {} : { BACKWARD: at.BACKWARD.map(key) }), ...(at.FORWARD === undefined ? {} : { FORWARD: at.FORWARD.map(key) }) };
  return { ...draft, location, findingsAt };
}

/** A memoised named pair's change, placed where the pair recurs. */
function relocate(draft: ChangeDraft, from: Paths, to: Paths): ChangeDraft {
  const move = (path: string, side: 'old' | 'new'): string => to[side] + path.slice(from[side].length);
  const location = {
    ...(draft.location.old === undefined ? {} : { old: move(draft.location.old, 'old') }),
    ...(draft.location.new === undefined ? {} : { new: move(draft.location.new, 'new') }),
  };
  const at = draft.findingsAt;
  const findingsAt = at === undefined ? undefined : {
    ...(at.BACKWARD === undefined ? {} : { BACKWARD: at.BACKWARD.map((key) => onPath(key, (path) => move(path, 'new'))) }),
    ...(at.FORWARD === undefined ? {} : { FORWARD: at.FORWARD.map((key) => onPath(key, (path) => move(path, 'old'))) }),
  };
  return { ...draft, location, ...(findingsAt === undefined ? {} : { findingsAt }) };
}

/** Applies `change` to the path of a `findingsAt` key, which may name a finding type (`TYPE@path`). */
function onPath(key: string, change: (path: string) => string): string {
  const { type, path } = readFindingKey(key);
  return type === undefined ? change(path) : `${type}@${change(path)}`;
}
