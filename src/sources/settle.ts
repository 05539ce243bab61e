import type { CheckerRegistry, ParsedSchema } from 'schema-compat';
import type { SkippedVersion, SourceVersion } from './types.js';

/** Versions and their parsed schemas, side by side, oldest first. */
export interface ParsedVersions {
  readonly versions: readonly SourceVersion[];
  readonly history: readonly ParsedSchema[];
  readonly notes: readonly string[];
  /** Versions left out because they do not parse (`skipUnparseable`). */
  readonly skipped: readonly SkippedVersion[];
  /** The description again when settling left versions out (it names the versions compared). */
  readonly description?: string;
}

/**
 * A file's git history, settled by the checker's identity (the registry's de-duplication rule,
 * e.g. Avro's canonical form with defaults, ignoring `doc`): consecutive identical versions are one
 * version (the oldest commit), and the newest versions identical to the candidate are left out.
 * Text comparison cannot see that a commit changing only a `doc` came after the commit that made
 * the change; without this, that change would be compared with itself and hidden.
 */
export function settleCommitted(parsed: ParsedVersions, candidate: ParsedSchema, registry: CheckerRegistry, describe: (versions: readonly SourceVersion[]) => string): ParsedVersions {
  const same = (a: ParsedSchema, b: ParsedSchema): boolean => a.schemaType === b.schemaType && registry.get(a.schemaType).isIdentical(a.schema, b.schema);
  const kept: number[] = [];
  const merged: string[] = [];
  parsed.history.forEach((schema, i) => {
    const previous = kept[kept.length - 1];
    if (previous !== undefined && same(parsed.history[previous] as ParsedSchema, schema)) merged.push((parsed.versions[i] as SourceVersion).label);
    else kept.push(i);
  });
  const dropped: string[] = [];
  while (kept.length > 0 && same(parsed.history[kept[kept.length - 1] as number] as ParsedSchema, candidate)) {
    dropped.unshift((parsed.versions[kept.pop() as number] as SourceVersion).label);
  }
  if (merged.length === 0 && dropped.length === 0) return parsed;
  const notes = [...parsed.notes];
  if (merged.length > 0) notes.push(`${merged.join(', ')} changed nothing the schema means (the checker's identity): not counted again`);
  if (dropped.length > 0) {
    const which = dropped.length === 1 ? `the newest committed version, ${dropped[0]}, equals` : `the newest committed versions, ${dropped.join(', ')}, equal`;
    notes.push(`${which} the candidate (the change is committed): left out, so the candidate is compared with the versions before it`);
  }
  // Renumbered by position, as the git sources number versions.
  const versions = kept.map((i, position) => ({ ...(parsed.versions[i] as SourceVersion), version: position + 1 }));
  return {
    versions,
    skipped: parsed.skipped,
    history: kept.map((i, position) => ({ ...(parsed.history[i] as ParsedSchema), version: position + 1 })),
    notes,
    description: describe(versions),
  };
}
