import type { ChangeDraft } from '../../diff/change.js';
import { sameList } from '../../util/json-equal.js';
import { keyedDiff } from '../../diff/keyed.js';
import type { AvroEnum, AvroFixed, AvroNamed } from '../model.js';
import { AvroChangeType as T } from './change-types.js';
import type { Paths } from './walk.js';
import { pointer } from './walk.js';

/** A list of names as a changelog prints it: `[a, b]`, `[]`. */
export function listLabel(names: readonly string[]): string {
  return `[${names.join(', ')}]`;
}

/**
 * A named type's name, namespace, aliases and doc (Avro 1.12 "Names", "Aliases"). A NAME_MISMATCH
 * of the check is reported at the reader's `/name`, so the name change claims it there.
 */
export function compareNamedHeads(o: AvroNamed, n: AvroNamed, at: Paths): ChangeDraft[] {
  const drafts: ChangeDraft[] = [];
  const where = pointer(at.new);
  if (o.name !== n.name) {
    drafts.push({
      change: T.NAME_CHANGED, location: at, summary: `${o.fullName}→${n.fullName}`,
      description: `The ${o.kind} ${o.fullName} at ${where} is now named ${n.fullName}`,
      findingsAt: { BACKWARD: [`${at.new}/name`], FORWARD: [`${at.old}/name`] },
    });
  } else if (o.namespace !== n.namespace) {
    drafts.push({ change: T.NAMESPACE_CHANGED, location: at, summary: `${o.fullName}→${n.fullName}`, description: `The namespace of the ${o.kind} ${o.name} at ${where} changed from ${o.namespace ?? '(none)'} to ${n.namespace ?? '(none)'}` });
  }
  if (!sameList(o.aliases, n.aliases)) {
    drafts.push({ change: T.ALIASES_CHANGED, location: at, summary: `${n.fullName} aliases ${listLabel(o.aliases)}→${listLabel(n.aliases)}`, description: `The aliases of the ${n.kind} ${n.fullName} at ${where} changed from ${listLabel(o.aliases)} to ${listLabel(n.aliases)}` });
  }
  if (o.doc !== n.doc) drafts.push(docChange(at, n.fullName, o.doc, n.doc));
  return drafts;
}

/** A doc that was added, removed or reworded: an annotation, never the cause of a finding. */
export function docChange(at: Paths, subject: string, before: string | undefined, after: string | undefined): ChangeDraft {
  const how = before === undefined ? 'added' : after === undefined ? 'removed' : 'changed';
  return { change: T.DOC_CHANGED, location: at, summary: `${subject} doc ${how}`, description: `The doc of ${subject} at ${pointer(at.new)} was ${how}`, annotation: true };
}

/**
 * Symbols added, removed and reordered, and the enum default (Avro 1.12 "Enums"): a reader lacking
 * a writer's symbol fails unless it has a default; the check reports that at the reader's `/symbols`.
 */
export function compareEnums(o: AvroEnum, n: AvroEnum, at: Paths): ChangeDraft[] {
  const symbols = keyedDiff(o.symbols, n.symbols, (symbol) => symbol);
  const drafts: ChangeDraft[] = [];
  for (const { item, index } of symbols.added) {
    drafts.push({
      change: T.ENUM_SYMBOL_ADDED, location: { new: `${at.new}/symbols/${index}` }, summary: `${n.name}.${item}`,
      description: `The enum ${n.fullName} at ${pointer(at.new)} has a new symbol ${item}`, findingsAt: { FORWARD: [`${at.old}/symbols`] },
    });
  }
  for (const { item, index } of symbols.removed) {
    drafts.push({
      change: T.ENUM_SYMBOL_REMOVED, location: { old: `${at.old}/symbols/${index}` }, summary: `${o.name}.${item}`,
      description: `The enum ${o.fullName} at ${pointer(at.old)} no longer has the symbol ${item}`, findingsAt: { BACKWARD: [`${at.new}/symbols`] },
    });
  }
  if (symbols.reordered) {
    drafts.push({ change: T.ENUM_SYMBOLS_REORDERED, location: at, summary: `${n.name} symbols ${listLabel(o.symbols)}→${listLabel(n.symbols)}`, description: `The symbols of the enum ${n.fullName} at ${pointer(at.new)} are in another order (resolution matches them by name)` });
  }
  const defaults = defaultChange(o.default, n.default);
  if (defaults !== undefined) {
    const [change, summary] = defaults;
    drafts.push({ change, location: at, summary: `${n.name} default ${summary}`, description: `The default symbol of the enum ${n.fullName} at ${pointer(at.new)}: ${summary}` });
  }
  return drafts;
}

function defaultChange(before: string | undefined, after: string | undefined): [string, string] | undefined {
  if (before === after) return undefined;
  if (before === undefined) return [T.ENUM_DEFAULT_ADDED, `${after as string} added`];
  if (after === undefined) return [T.ENUM_DEFAULT_REMOVED, `${before} removed`];
  return [T.ENUM_DEFAULT_CHANGED, `${before}→${after}`];
}

/** A fixed's size: the check reports a mismatch at the reader's `/size`. */
export function compareFixed(o: AvroFixed, n: AvroFixed, at: Paths): ChangeDraft[] {
  if (o.size === n.size) return [];
  return [{
    change: T.FIXED_SIZE_CHANGED, location: at, summary: `${n.name} size ${o.size}→${n.size}`,
    description: `The fixed ${n.fullName} at ${pointer(at.new)} changed size from ${o.size} to ${n.size} bytes`,
    findingsAt: { BACKWARD: [`${at.new}/size`], FORWARD: [`${at.old}/size`] },
  }];
}

