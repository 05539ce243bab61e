import type { Field, ReflectionObject, Type } from 'protobufjs';
import { protobufjs } from './protobufjs-runtime.js';
import { ReservedIndex } from './reserved-index.js';

/** Where protobufjs' `Type.add` looks for the index of a type's fields by number before rebuilding it (`fieldsById`). */
interface FieldIdCache {
  _fieldsById: Record<number, Field> | null;
}

type ReservedCheck<T> = (reserved: readonly unknown[] | undefined, value: T) => boolean;

/** protobufjs' own reserved-list checks, which its `Type` and `Enum` call through `Namespace`. */
interface ReservedChecks {
  isReservedId: ReservedCheck<number>;
  isReservedName: ReservedCheck<string>;
}

/**
 * Runs `parse`, a synchronous protobufjs parse, with indexes where protobufjs scans lists, so that
 * parsing stays near-linear in the number of fields (protobufjs 7 and 8):
 * - `Type.add` checks a new field's number against `fieldsById`, a cache it drops after every add,
 *   so every field rebuilt the index of all the fields before it (15,000 fields: 24 s); here `add`
 *   finds an index kept up to date as fields are added, where it looks for its cache;
 * - `Namespace.isReservedId` and `isReservedName` scan the type's whole `reserved` list for every
 *   field and enum value (20,000 of each: 4 s); here they ask a `ReservedIndex` of the list.
 * Everything else (the checks, their order and messages) is protobufjs' own; a protobufjs that no
 * longer reads these is only slower. The originals are restored before this returns, and nothing
 * else runs in between (the parse is synchronous).
 */
export function withProtobufjsIndexes<T>(parse: () => T): T {
  const prototype = protobufjs.Type.prototype;
  const checks = protobufjs.Namespace as unknown as ReservedChecks;
  const ownAdd = Object.getOwnPropertyDescriptor(prototype, 'add');
  const ownId = Object.getOwnPropertyDescriptor(checks, 'isReservedId');
  const ownName = Object.getOwnPropertyDescriptor(checks, 'isReservedName');
  const add = prototype.add;
  if (ownAdd === undefined || ownId === undefined || ownName === undefined || typeof add !== 'function') return parse();
  const fieldIndexes = new WeakMap<Type, Record<number, Field>>();
  const reservedIndexes = new WeakMap<readonly unknown[], ReservedIndex>();
  const reservedIndex = (reserved: readonly unknown[]): ReservedIndex => {
    let index = reservedIndexes.get(reserved);
    if (index === undefined) reservedIndexes.set(reserved, (index = new ReservedIndex(reserved)));
    return index;
  };
  prototype.add = function addWithIndex(this: Type, object: ReflectionObject): Type {
    if (!(object instanceof protobufjs.Field) || object.extend !== undefined) return add.call(this, object);
    const index = fieldIndexOf(this, fieldIndexes, object.id);
    const cache = this as unknown as FieldIdCache;
    cache._fieldsById = index;
    try {
      const added = add.call(this, object);
      if (this.fields[object.name] === object) index[object.id] = object;
      return added;
    } finally {
      cache._fieldsById = null;
    }
  };
  checks.isReservedId = (reserved, id) => Array.isArray(reserved) && reservedIndex(reserved).hasId(id);
  checks.isReservedName = (reserved, name) => Array.isArray(reserved) && reservedIndex(reserved).hasName(name);
  try {
    return parse();
  } finally {
    Object.defineProperty(prototype, 'add', ownAdd);
    Object.defineProperty(checks, 'isReservedId', ownId);
    Object.defineProperty(checks, 'isReservedName', ownName);
  }
}

/** The index of `type`'s fields by number, rebuilt from its fields when first asked or when the entry for `id` is stale (a field removed). */
function fieldIndexOf(type: Type, indexes: WeakMap<Type, Record<number, Field>>, id: number): Record<number, Field> {
  const known = indexes.get(type);
  const entry = known?.[id];
  if (known !== undefined && (entry === undefined || type.fields[entry.name] === entry)) return known;
  const index = Object.create(null) as Record<number, Field>;
  for (const field of Object.values(type.fields)) index[field.id] = field;
  indexes.set(type, index);
  return index;
}
