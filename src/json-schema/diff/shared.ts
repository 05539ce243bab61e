import type { Draft, JsonNode } from '../model.js';
import type { Difference } from './session.js';

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

  get(original: JsonNode, update: JsonNode): readonly Difference[] | undefined {
    const left = original.content?.text();
    const right = left === undefined || original.draft !== update.draft ? undefined : update.content?.text();
    return right === undefined ? undefined : this.results.get(original.draft)?.get(left as string)?.get(right);
  }

  set(original: JsonNode, update: JsonNode, relative: readonly Difference[]): void {
    const left = original.content?.text();
    const right = left === undefined || original.draft !== update.draft ? undefined : update.content?.text();
    if (left === undefined || right === undefined) return;
    let byDraft = this.results.get(original.draft);
    if (byDraft === undefined) this.results.set(original.draft, (byDraft = new Map()));
    let row = byDraft.get(left);
    if (row === undefined) byDraft.set(left, (row = new Map()));
    row.set(right, relative);
  }

}
