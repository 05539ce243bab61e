import type { ChangeDraft } from '../diff/change.js';
import { pairedChanges } from '../diff/paired.js';
import type { PathDifference } from '../diff/paired.js';
import { ProtobufChangeType } from './confluent/differences.js';
import type { ProtobufSchema } from './model.js';
import { detailChanges } from './detail-changes.js';
import type { ProtobufDetailChangeType } from './detail-types.js';

/** What `diffSchemas('PROTOBUF', ...)` lists: Confluent's 26 difference types and the details Confluent does not compare. */
export type ProtobufDiffChangeType = ProtobufChangeType | ProtobufDetailChangeType;

const CODES: ReadonlySet<string> = new Set(Object.values(ProtobufChangeType));

/** One Confluent difference, with its detail for the changelog. */
export interface DetailedDifference extends PathDifference {
  readonly detail: string;
}

/** Changes of two .proto schemas: Confluent's diff both ways (it compares a writer with a reader), then the details it does not compare. */
export function protobufChanges(forward: readonly DetailedDifference[], reverse: readonly DetailedDifference[], original: ProtobufSchema, update: ProtobufSchema): ChangeDraft[] {
  // A forward difference's own detail wins over a reverse one's of the same type and path.
  const details = new Map([...reverse, ...forward].map((difference) => [`${difference.type} ${difference.path}`, difference.detail]));
  const detail = (difference: PathDifference): string => details.get(`${difference.type} ${difference.path}`) ?? difference.type.toLowerCase().replace(/_/g, ' ');
  const paired = pairedChanges(forward, reverse, {
    codes: CODES,
    summary: (difference, reversed) => `${difference.path} ${detail(difference)}${reversed ? ' (from the new schema to the old)' : ''}`,
    description: (difference, reversed) => `${difference.type} at ${difference.path}${reversed ? ', seen from the new schema to the old' : ''}: ${detail(difference)}`,
  });
  const listed = new Set(paired.map((draft) => `${draft.change} ${draft.location.new ?? draft.location.old ?? ''}`));
  const more = detailChanges(original, update, (path, codes) => codes.some((code) => listed.has(`${code} ${path}`)));
  return [...paired, ...more].map((draft) => withBufPlaces(draft, original.file.packageName, update.file.packageName));
}

/**
 * Buf's rules (`rules: 'buf-wire'`) place a finding at the element's full name, `#/pkg.Outer.Inner/3`,
 * where Confluent's diff writes `#/Outer/Inner/3`: a change is also at that place, in the reader's
 * package (BACKWARD: the new schema's, FORWARD: the old one's).
 */
function withBufPlaces(draft: ChangeDraft, oldPackage: string, newPackage: string): ChangeDraft {
  const path = draft.location.new ?? draft.location.old;
  if (path === undefined || !path.startsWith('#/') || path === '#/') return draft;
  const segments = path.slice(2).split('/');
  const last = segments[segments.length - 1] as string;
  const names = /^\d+$/.test(last) ? segments.slice(0, -1) : segments;
  const tail = names.length < segments.length ? `/${last}` : '';
  const place = (pkg: string): string => `#/${[...(pkg === '' ? [] : [pkg]), ...names].join('.')}${tail}`;
  const findingsAt = { BACKWARD: [...(draft.findingsAt?.BACKWARD ?? []), place(newPackage)], FORWARD: [...(draft.findingsAt?.FORWARD ?? []), place(oldPackage)] };
  return { ...draft, findingsAt };
}
