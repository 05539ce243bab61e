import type { Direction } from '../strategy.js';

/** Where a change is: a JSON pointer into the old schema, the new one, or both (Protobuf: Confluent's `#/Message/3` paths). */
export interface ChangeLocation {
  readonly old?: string;
  readonly new?: string;
}

/**
 * One change from an old schema to a new one, graded: `breaks` lists the directions in which the
 * change makes the pair incompatible (BACKWARD: the new schema reads data written with the old;
 * FORWARD: the old reads the new's), `warns` those where the check only warns. Empty `breaks`: safe.
 */
export interface Change<C extends string = string> {
  /** The schema language's change code (`AvroChangeType`, `JsonChangeType`, `ProtobufChangeType`), or `FINDING_WITHOUT_CHANGE`. */
  readonly change: C;
  readonly location: ChangeLocation;
  /** The changed element in a few words, as a changelog line shows it: `email (default null)`, `amount int→long`. */
  readonly summary: string;
  /** One sentence for a person. */
  readonly description: string;
  readonly breaks: readonly Direction[];
  readonly warns?: readonly Direction[];
}

/**
 * A change as a checker lists it, before it is graded. A finding of the check in direction D is
 * the change's when it is at the change's location on D's reader side (BACKWARD: `new`, FORWARD:
 * `old`) or at one of `findingsAt[D]`: where a checker reports it elsewhere (an Avro union branch,
 * reported at the reader union with the writer's branch index), either a location or
 * `TYPE@location` for a finding of that type only.
 */
export interface ChangeDraft {
  readonly change: string;
  readonly location: ChangeLocation;
  readonly summary: string;
  readonly description: string;
  /** Doc, title, custom properties: never the cause of a finding when a structural change is at the same place. */
  readonly annotation?: boolean;
  readonly findingsAt?: Readonly<Partial<Record<Direction, readonly string[]>>>;
  /** Finding codes this change accounts for, by direction: preferred over other changes at the same place. */
  readonly explains?: Readonly<Partial<Record<Direction, readonly string[]>>>;
}

/** A `findingsAt` key read: `TYPE@path` (a finding code is UPPER_SNAKE; a path starts with `/` or `#`) or a bare path. */
export function readFindingKey(key: string): { readonly type?: string; readonly path: string } {
  const typed = /^([A-Z][A-Z0-9_]*)@/.exec(key);
  return typed === null ? { path: key } : { type: typed[1] as string, path: key.slice(typed[0].length) };
}

/** The code of a finding of the check that no listed change accounts for (an unchanged part that the reader cannot read, say). */
export const DiffChangeType = {
  FINDING_WITHOUT_CHANGE: 'FINDING_WITHOUT_CHANGE',
} as const;
export type DiffChangeType = (typeof DiffChangeType)[keyof typeof DiffChangeType];
