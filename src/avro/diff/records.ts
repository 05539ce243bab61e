import type { ChangeDraft } from '../../diff/change.js';
import { keyedDiff } from '../../diff/keyed.js';
import { jsonEqual } from '../../util/json-equal.js';
import type { AvroField, AvroRecord } from '../model.js';
import { AvroChangeType as T, typeLabel, valueLabel } from './change-types.js';
import { sameList } from '../../util/json-equal.js';
import { docChange, listLabel } from './named.js';
import { compareProps } from './props.js';
import type { AvroDiff, Paths } from './walk.js';
import { below, pointer } from './walk.js';

/**
 * A record's fields, matched as resolution matches them (Avro 1.12 "Schema Resolution"): by name,
 * then by an alias of the new field naming the old one (what a new reader applies), then by an
 * alias of the old field naming the new one (what an old reader applies).
 */
export function compareRecords(diff: AvroDiff, o: AvroRecord, n: AvroRecord, at: Paths): ChangeDraft[] {
  const fields = keyedDiff(o.fields, n.fields, (field) => field.name, { names: (field) => [field.name], aliases: (field) => field.aliases });
  const drafts: ChangeDraft[] = [];
  for (const pair of fields.kept) drafts.push(...compareField(diff, pair.old, pair.new, below(at, `fields/${pair.oldIndex}`, `fields/${pair.newIndex}`)));
  for (const { item, index } of fields.added) {
    const location = { new: `${at.new}/fields/${index}` };
    const summary = item.hasDefault ? `${item.name} (default ${valueLabel(item.default)})` : `${item.name}: ${typeLabel(item.type)}, no default`;
    drafts.push({ change: T.FIELD_ADDED, location, summary, description: `The record ${n.fullName} at ${pointer(at.new)} has a new field ${item.name} of type ${typeLabel(item.type)}, ${item.hasDefault ? `default ${valueLabel(item.default)}` : 'without a default'}` });
  }
  for (const { item, index } of fields.removed) {
    const location = { old: `${at.old}/fields/${index}` };
    const summary = item.hasDefault ? `${item.name} (had default ${valueLabel(item.default)})` : `${item.name}: ${typeLabel(item.type)}, had no default`;
    drafts.push({ change: T.FIELD_REMOVED, location, summary, description: `The record ${o.fullName} at ${pointer(at.old)} no longer has the field ${item.name}, ${item.hasDefault ? `whose default was ${valueLabel(item.default)}` : 'which had no default'}` });
  }
  if (fields.reordered) {
    drafts.push({ change: T.FIELDS_REORDERED, location: at, summary: `${n.name} fields ${listLabel(o.fields.map((f) => f.name))}→${listLabel(n.fields.map((f) => f.name))}`, description: `The fields of the record ${n.fullName} at ${pointer(at.new)} are in another order (resolution matches them by name)` });
  }
  return drafts;
}

/** One field kept on both sides: its name, default, aliases, order, doc and properties, then its type. */
function compareField(diff: AvroDiff, o: AvroField, n: AvroField, at: Paths): ChangeDraft[] {
  const drafts: ChangeDraft[] = [];
  if (o.name !== n.name) drafts.push({ change: T.FIELD_RENAMED, location: at, summary: `${o.name}→${n.name}`, description: `The field ${o.name} at ${pointer(at.old)} is now named ${n.name} (aliases ${listLabel(n.aliases)} on the new side, ${listLabel(o.aliases)} on the old)` });
  const defaults = defaultChange(o, n);
  if (defaults !== undefined) drafts.push({ change: defaults[0], location: at, summary: `${n.name} ${defaults[1]}`, description: `The default of the field ${n.name} at ${pointer(at.new)}: ${defaults[1]}` });
  if (!sameList(o.aliases, n.aliases)) drafts.push({ change: T.FIELD_ALIASES_CHANGED, location: at, summary: `${n.name} aliases ${listLabel(o.aliases)}→${listLabel(n.aliases)}`, description: `The aliases of the field ${n.name} at ${pointer(at.new)} changed from ${listLabel(o.aliases)} to ${listLabel(n.aliases)}` });
  if (o.order !== n.order) drafts.push({ change: T.FIELD_ORDER_CHANGED, location: at, summary: `${n.name} order ${o.order}→${n.order}`, description: `The sort order of the field ${n.name} at ${pointer(at.new)} changed from ${o.order} to ${n.order}` });
  if (o.doc !== n.doc) drafts.push(docChange(at, `field ${n.name}`, o.doc, n.doc));
  drafts.push(...compareProps(o.props, n.props, at, 'field'));
  const types = below(at, 'type');
  const typeDrafts = diff.compare(o.type, n.type, types);
  return [...drafts, ...typeDrafts.map((draft) => namedByField(draft, n.name, types))];
}

const UNION_CHANGES: ReadonlySet<string> = new Set([T.UNION_BRANCH_ADDED, T.UNION_BRANCH_REMOVED, T.UNION_BRANCHES_REORDERED]);

/**
 * A change of the field's type itself, or of a union in it (not inside a record of it, whose own
 * field names it), named by the field: `amount int→long`, `payment: int from [null, string, int]`.
 */
function namedByField(draft: ChangeDraft, name: string, types: Paths): ChangeDraft {
  if (draft.change === T.TYPE_CHANGED && draft.location.new === types.new) return { ...draft, summary: `${name} ${draft.summary}` };
  if (!UNION_CHANGES.has(draft.change)) return draft;
  const [path, start] = draft.location.new === undefined ? [draft.location.old, types.old] : [draft.location.new, types.new];
  if (path === undefined || !path.startsWith(start) || path.slice(start.length).includes('/fields/')) return draft;
  const summary = draft.change === T.UNION_BRANCHES_REORDERED ? `${name} ${draft.summary}` : `${name}: ${draft.summary}`;
  return { ...draft, summary, description: draft.description.replace(/^The union at /, `The union of the field ${name} at `).replace(/^The branches of the union at /, `The branches of the union of the field ${name} at `) };
}

function defaultChange(o: AvroField, n: AvroField): [string, string] | undefined {
  if (o.hasDefault && n.hasDefault) return jsonEqual(o.default, n.default) ? undefined : [T.FIELD_DEFAULT_CHANGED, `default ${valueLabel(o.default)}→${valueLabel(n.default)}`];
  if (n.hasDefault) return [T.FIELD_DEFAULT_ADDED, `default ${valueLabel(n.default)} added`];
  if (o.hasDefault) return [T.FIELD_DEFAULT_REMOVED, `default ${valueLabel(o.default)} removed`];
  return undefined;
}
