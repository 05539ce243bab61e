import type { PropertyList } from '../compile/property-texts.js';
import type { Draft, JsonNode } from '../model.js';
import type { ListedWalk } from './listed.js';
import type { Difference } from './session.js';
import { keepInstance } from '../../util/hidden-class.js';

/**
 * Results of self-contained sub-schema pairs, shared between the pairs of one history check (as
 * the Avro checker's session shares fingerprinted pairs): versions that differ in a few places
 * repeat most sub-schemas, so a pair met in one version is not compared again in the next. Keyed
 * by draft and JSON text on both sides (a self-contained schema's meaning is its text); differences
 * are kept relative to the pair.
 */
export class SharedResults {
  /** Draft → original's text → update's text → differences; the texts are kept on the nodes, so their hashes are computed once. */
  private readonly results = new Map<Draft, Map<string, Map<string, readonly Difference[]>>>();
  private readonly texts = new Map<string, string>();
  private seeded = false;
  /** The last walk against each update's property list (diff/listed.ts). */
  private readonly walks = new Map<PropertyList, ListedWalk>();

  /** One string for equal texts met in this history, so that property lists compare them by identity (compile/property-texts.ts). */
  readonly intern = (text: string): string => {
    const known = this.texts.get(text);
    if (known !== undefined) return known;
    this.texts.set(text, text);
    return text;
  };

  /**
   * Before the first property lists of this history are compared, the texts of a list built by an
   * earlier check (a stored version's, kept with its node) become this history's strings: the
   * candidate's equal texts are then interned to them and compare with every version that shares
   * them by identity, not character by character.
   */
  seedFrom(list: PropertyList | undefined): void {
    if (this.seeded || list === undefined) return;
    this.seeded = true;
    for (const text of list.texts) if (text !== undefined) this.intern(text);
  }

  /** The last walk of an original's property list against this update's, in this history. */
  lastWalk(update: PropertyList): ListedWalk | undefined {
    return this.walks.get(update);
  }

  keepWalk(update: PropertyList, walk: ListedWalk): void {
    this.walks.set(update, walk);
  }

  get(original: JsonNode, update: JsonNode): readonly Difference[] | undefined {
    const texts = textsOf(original, update);
    return texts === undefined ? undefined : this.known(original.draft, texts[0], texts[1]);
  }

  /** The result of a pair of self-contained sub-schemas of one draft known by their texts. */
  known(draft: Draft, original: string, update: string): readonly Difference[] | undefined {
    return this.results.get(draft)?.get(original)?.get(update);
  }

  set(original: JsonNode, update: JsonNode, relative: readonly Difference[]): void {
    const texts = textsOf(original, update);
    if (texts === undefined) return;
    let byDraft = this.results.get(original.draft);
    if (byDraft === undefined) this.results.set(original.draft, (byDraft = new Map()));
    let row = byDraft.get(texts[0]);
    if (row === undefined) byDraft.set(texts[0], (row = new Map()));
    row.set(texts[1], relative);
  }
}

// V8 keeps this class's hidden classes while an instance lives (util/hidden-class.ts).
keepInstance(SharedResults, new SharedResults());

/** The key texts of a pair: both sides self-contained (a text) and of one draft, else undefined. */
function textsOf(original: JsonNode, update: JsonNode): readonly [string, string] | undefined {
  const left = original.content?.text();
  const right = left === undefined || original.draft !== update.draft ? undefined : update.content?.text();
  return left === undefined || right === undefined ? undefined : [left, right];
}
