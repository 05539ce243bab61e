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
 * The property list of an object node, built the first time a history check asks and kept with the
 * node: a stored version is compared with many candidates, and reading two lists of strings in step
 * costs far less than fetching each property's node. `intern` gives equal texts one string, so that
 * the versions of a history share them (and compare them by identity).
 */
export class PropertyTexts {
  private list: PropertyList | undefined;

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
}
