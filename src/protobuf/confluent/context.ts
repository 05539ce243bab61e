import type { ProtoMessage, ProtobufSchema } from '../model.js';
import type { ProtobufChangeType } from './differences.js';

/** One Confluent difference: its type, its `#/Message/tag` path and what changed. */
export interface Difference {
  readonly type: ProtobufChangeType;
  readonly path: string;
  readonly detail: string;
}

/** What one diff (or one sub-diff of a referenced message) collects. */
interface Sink {
  readonly differences: Difference[];
}

/** The two schemas of one diff and the sub-diffs of referenced messages, by pair. */
export interface DiffSides {
  readonly original: ProtobufSchema;
  readonly update: ProtobufSchema;
  /** Sub-diffs by (original, update) message pair, computed once per check. */
  readonly memo: Map<ProtoMessage, Map<ProtoMessage, readonly Difference[]>>;
}

/**
 * Where a diff is (Confluent's `Context`): the path of the element being compared, the messages
 * being compared further up (a message met again is not walked again), and the differences found.
 */
export class DiffContext {
  private constructor(
    readonly sides: DiffSides,
    private readonly path: readonly string[],
    readonly visiting: ReadonlySet<ProtoMessage>,
    private readonly sink: Sink,
  ) {}

  static start(sides: DiffSides, path: readonly string[] = [], visiting: ReadonlySet<ProtoMessage> = new Set()): DiffContext {
    return new DiffContext(sides, path, visiting, { differences: [] });
  }

  get differences(): readonly Difference[] {
    return this.sink.differences;
  }

  add(type: ProtobufChangeType, detail: string, ...segments: readonly string[]): void {
    this.sink.differences.push({ type, path: `#/${[...this.path, ...segments].join('/')}`, detail });
  }

  addAll(differences: readonly Difference[]): void {
    this.sink.differences.push(...differences);
  }

  /** The context of a member (a message name, a oneof name, a tag). */
  at(...segments: readonly string[]): DiffContext {
    return new DiffContext(this.sides, [...this.path, ...segments], this.visiting, this.sink);
  }

  /** The same place, with `message` now being compared. */
  entering(message: ProtoMessage): DiffContext {
    return new DiffContext(this.sides, this.path, new Set([...this.visiting, message]), this.sink);
  }

  /** A sub-diff at `path` (a referenced message's local name), with its own list. */
  subDiff(path: readonly string[]): DiffContext {
    return DiffContext.start(this.sides, path, this.visiting);
  }
}
