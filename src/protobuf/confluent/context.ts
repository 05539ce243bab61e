import type { ProtoMessage, ProtobufSchema } from '../model.js';
import type { ProtobufChangeType } from './differences.js';
import { COMPATIBLE_CHANGES } from './differences.js';

/** One Confluent difference: its type, its `#/Message/tag` path and what changed. */
export interface Difference {
  readonly type: ProtobufChangeType;
  readonly path: string;
  readonly detail: string;
}

/**
 * The differences one diff (or one sub-diff of a referenced message) found, in order. A sub-diff
 * is one entry, shared, never copied: in a chain of n messages each holding the next, the sub-diffs
 * hold n, n - 1, ... differences, and copying each into the next took O(n^2) (6,000 messages:
 * more than 30 s).
 */
export class Findings {
  private readonly entries: (Difference | Findings)[] = [];
  /** Whether a difference here or in an included sub-diff is not one of Confluent's compatible changes. */
  private incompatibleFound = false;

  get incompatible(): boolean {
    return this.incompatibleFound;
  }

  add(difference: Difference): void {
    this.entries.push(difference);
    if (!COMPATIBLE_CHANGES.has(difference.type)) this.incompatibleFound = true;
  }

  include(sub: Findings): void {
    this.entries.push(sub);
    if (sub.incompatibleFound) this.incompatibleFound = true;
  }

  /**
   * Every difference in order, each type and path once (the first found). A sub-diff met again is
   * skipped whole: its differences were all listed where it was first met. Its own stack, so a
   * chain of sub-diffs as long as a schema can be cannot overflow the call stack.
   */
  distinct(): Difference[] {
    const out: Difference[] = [];
    const seen = new Set<string>();
    const listed = new Set<Findings>([this]);
    const stack = [{ entries: this.entries, next: 0 }];
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as { entries: readonly (Difference | Findings)[]; next: number };
      const entry = top.entries[top.next++];
      if (entry === undefined) stack.pop();
      else if (!(entry instanceof Findings)) {
        const key = `${entry.type} ${entry.path}`;
        if (!seen.has(key)) out.push(entry);
        seen.add(key);
      } else if (!listed.has(entry)) {
        listed.add(entry);
        stack.push({ entries: entry.entries, next: 0 });
      }
    }
    return out;
  }
}

/** The two schemas of one diff and the sub-diffs of referenced messages, by pair. */
export interface DiffSides {
  readonly original: ProtobufSchema;
  readonly update: ProtobufSchema;
  /** Sub-diffs by (original, update) message pair, computed once per check. */
  readonly memo: Map<ProtoMessage, Map<ProtoMessage, Findings>>;
}

/**
 * Where a diff is (Confluent's `Context`): the path of the element being compared, the messages
 * being compared further up (a message met again is not walked again), and the differences found.
 */
export class DiffContext {
  private constructor(
    readonly sides: DiffSides,
    private readonly path: readonly string[],
    /** One set for the whole diff, which is depth first: a message is taken out when its comparison ends. */
    private readonly comparing: Set<ProtoMessage>,
    readonly findings: Findings,
  ) {}

  static start(sides: DiffSides): DiffContext {
    return new DiffContext(sides, [], new Set(), new Findings());
  }

  /** The messages being compared further up. */
  get visiting(): ReadonlySet<ProtoMessage> {
    return this.comparing;
  }

  add(type: ProtobufChangeType, detail: string, ...segments: readonly string[]): void {
    this.findings.add({ type, path: `#/${[...this.path, ...segments].join('/')}`, detail });
  }

  /** A sub-diff's differences, after those found so far. */
  include(sub: Findings): void {
    this.findings.include(sub);
  }

  /** The context of a member (a message name, a oneof name, a tag). */
  at(...segments: readonly string[]): DiffContext {
    return new DiffContext(this.sides, [...this.path, ...segments], this.comparing, this.findings);
  }

  /**
   * Runs `compare` with `message` being compared (Confluent's SchemaScope). The set is not copied
   * per level (a chain of n messages made that O(n^2)): the message is added, and taken out after.
   */
  entering(message: ProtoMessage, compare: () => void): void {
    if (this.comparing.has(message)) return compare();
    this.comparing.add(message);
    try {
      compare();
    } finally {
      this.comparing.delete(message);
    }
  }

  /** A sub-diff at `path` (a referenced message's local name), with its own findings. */
  subDiff(path: readonly string[]): DiffContext {
    return new DiffContext(this.sides, path, this.comparing, new Findings());
  }
}
