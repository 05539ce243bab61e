import type { Draft, JsonNode } from '../model.js';

/** An object's declared properties in their written order: the names, and each schema's reference-free text where it has one. */
export interface PropertyList {
  readonly names: readonly string[];
  /** The text of the schema each property's `$ref`s end at, when it is reference-free and of the object's draft. */
  readonly texts: readonly (string | undefined)[];
  /** Whether the object requires each one. */
  readonly required: readonly boolean[];
  /** Whether each one is written in place (not a `$ref`): only such pairs share results between versions. */
  readonly direct: readonly boolean[];
}

/**
 * How a list differs from an earlier one (`from`): what a history check must compare again when it
 * walks this version's list after `from`'s against the same update (diff/listed.ts).
 */
export interface ListChanges {
  readonly from: PropertyList;
  /**
   * Positions below both lengths, ascending, whose entries differ or cannot be told alike from the
   * lists alone: a schema without a text, or a `$ref`.
   */
  readonly changed: readonly number[];
  /** Names `from` has at a changed position or past this list's end, where this list has another. */
  readonly leaving: ReadonlySet<string>;
  /** Names this list has at a changed position or past `from`'s end, where `from` has another. */
  readonly entering: ReadonlySet<string>;
}

/**
 * The property list of an object node, built the first time a history check asks and kept with the
 * node: a stored version is compared with many candidates, and reading two lists of strings in step
 * costs far less than fetching each property's node. `intern` gives equal texts one string, so that
 * the versions of a history share them (and compare them by identity).
 */
export class PropertyTexts {
  private list: PropertyList | undefined;
  /** The changes from the last list asked about: a history check walks each version after the same neighbour every time. */
  private changes: ListChanges | undefined;

  constructor(
    private readonly properties: ReadonlyMap<string, JsonNode>,
    private readonly requiredNames: readonly string[],
    private readonly draft: Draft,
  ) {}

  /** The list when an earlier comparison built it, else undefined. */
  get built(): PropertyList | undefined {
    return this.list;
  }

  read(intern: (text: string) => string): PropertyList {
    if (this.list !== undefined) return this.list;
    const names: string[] = [];
    const texts: Array<string | undefined> = [];
    const requiredSet = new Set(this.requiredNames);
    const direct: boolean[] = [];
    for (const [name, node] of this.properties) {
      direct.push(node.kind !== 'ref');
      // A reference's `target()` is where its chain of `$ref`s ends (never a `$ref` node).
      const target = node.kind === 'ref' ? node.target() : node;
      const text = target.draft === this.draft ? target.content?.text() : undefined;
      names.push(name);
      texts.push(text === undefined ? undefined : intern(text));
    }
    return (this.list = { names, texts, required: names.map((name) => requiredSet.has(name)), direct });
  }

  /** How this list (`read` before) differs from `from`. */
  changesFrom(from: PropertyList, list: PropertyList): ListChanges {
    if (this.changes?.from === from) return this.changes;
    return (this.changes = listChanges(from, list));
  }
}

function listChanges(from: PropertyList, to: PropertyList): ListChanges {
  const changed: number[] = [];
  const leaving = new Set<string>();
  const entering = new Set<string>();
  const shared = Math.min(from.names.length, to.names.length);
  for (let i = 0; i < shared; i++) {
    if (sameEntry(from, to, i)) continue;
    changed.push(i);
    const before = from.names[i] as string;
    const after = to.names[i] as string;
    if (before === after) continue;
    leaving.add(before);
    entering.add(after);
  }
  for (let i = shared; i < from.names.length; i++) leaving.add(from.names[i] as string);
  for (let i = shared; i < to.names.length; i++) entering.add(to.names[i] as string);
  return { from, changed, leaving, entering };
}

/** The same property at position `i` of both lists, written in place with the same text and requirement. */
function sameEntry(a: PropertyList, b: PropertyList, i: number): boolean {
  const text = a.texts[i];
  return a.names[i] === b.names[i] && text !== undefined && text === b.texts[i] && a.direct[i] === true && b.direct[i] === true && a.required[i] === b.required[i];
}
