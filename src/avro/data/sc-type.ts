import type { AvscParseOptions, AvscResolveOptions, AvscResolver, AvscType } from './avsc.js';
import { AvscLogicalType, avsc, readerOf } from './avsc.js';
import { collectionReader } from './collections.js';
import { AvroDataError } from './errors.js';
import { checkInt, longToDouble, longToFloat } from './long.js';
import type { AvroLong } from './long.js';
import type { Failure } from './plan-types.js';

/** What one of our avsc types does when it reads the writer's type (see `ScType`). */
export type ScConfig =
  /** A record: avsc reads it (fields renamed `g<i>`), we return a plain object with the reader's field names. */
  | { readonly kind: 'record'; readonly keys: readonly (readonly [string, string])[] }
  /** An array or a map, read block by block with counts checked (collections.ts); `minBytes` of one writer item. */
  | { readonly kind: 'array' | 'map'; readonly minBytes: number }
  /** A reader union branch: reads only the writer branches named here (their avsc branch names). */
  | { readonly kind: 'route'; readonly accept: readonly string[] }
  /** A reader enum: per writer symbol index, the reader symbol, or a failure. */
  | { readonly kind: 'enum'; readonly symbols: readonly (string | Failure)[]; readonly soft: boolean }
  /** An int read as int, long, float or double, or a long read as float or double, the way Java converts it. */
  | { readonly kind: 'promote'; readonly from: 'int' | 'long'; readonly to: 'int' | 'long' | 'float' | 'double' }
  /** A reader field the writer lacks: its default (a fresh copy each time). */
  | { readonly kind: 'default'; readonly value: () => unknown }
  /** A pair that cannot be read: skips the writer's value, then fails (soft: gives a `ResolutionFailure` instead). */
  | { readonly kind: 'fail'; readonly failure: Failure; readonly soft: boolean }
  /** The only branch we give avsc for an empty union `[]` (avsc cannot parse one): nothing reads or writes it. */
  | { readonly kind: 'void' };

/** A failure met while reading leniently (witnesses): the value read in place of the datum's. */
export class ResolutionFailure {
  constructor(readonly failure: Failure) {}
}

/** What a `{ type: 'null', logicalType: 'sc', sc }` schema carries; prints as `"sc"` so avsc never serialises the plan. */
export class ScSpec {
  constructor(
    readonly config: ScConfig,
    /** The schema of the type that does the reading (a record, a branch's type ...), if any. */
    readonly inner: unknown,
    /** The type avsc sees as ours: a uniquely named fixed (union branches must have distinct names), or null. */
    readonly dummy: unknown,
  ) {}

  toJSON(): string {
    return 'sc';
  }
}

type LogicalSchema = ConstructorParameters<typeof AvscLogicalType>[0];

/**
 * Our avsc logical type: through avsc's `_update` protocol (how a type learns to read another), it
 * reads the writer's type with `inner` and adjusts the value the way Java does, or picks which
 * writer union branches a reader union branch reads. avsc still reads every byte.
 */
export class ScType extends AvscLogicalType {
  declare private readonly spec: ScSpec;
  declare private readonly inner: AvscType | undefined;
  declare private readonly source: AvscType | undefined;

  constructor(schema: { readonly sc: ScSpec }, options: AvscParseOptions) {
    const spec = schema.sc;
    const inner = spec.inner === undefined ? undefined : avsc.Type.forSchema(spec.inner, options);
    const source = spec.config.kind === 'promote' ? avsc.Type.forSchema(spec.config.from, options) : undefined;
    super(spec.dummy as LogicalSchema, options);
    this.spec = spec;
    this.inner = inner;
    this.source = source;
  }

  /** avsc's hook: set `resolver._read` to read `writer`'s data as this type, or leave it unset (cannot read). */
  _update(resolver: AvscResolver, writer: AvscType, options: AvscResolveOptions): void {
    const config = this.spec.config;
    switch (config.kind) {
      case 'record': {
        const read = readerOf((this.inner as AvscType).createResolver(writer, options));
        resolver._read = (tap) => {
          const value = read(tap) as Record<string, unknown>;
          return Object.fromEntries(config.keys.map(([key, name]) => [name, value[key]]));
        };
        return;
      }
      case 'array':
      case 'map': {
        if (writer.typeName !== config.kind) return;
        resolver._read = collectionReader(config.kind, this.inner as AvscType, writer, options, config.minBytes);
        return;
      }
      case 'route':
        if (config.accept.includes(writer.branchName)) resolver._read = readerOf((this.inner as AvscType).createResolver(writer, options));
        return;
      case 'enum': {
        if (writer.typeName !== 'enum') return;
        const read = readerOf(writer.createResolver(writer, options));
        resolver._read = (tap) => {
          const symbol = config.symbols[Number((read(tap) as string).slice(1))];
          return typeof symbol === 'string' ? symbol : failed(symbol as Failure, config.soft);
        };
        return;
      }
      case 'promote': {
        const read = readerOf((this.source as AvscType).createResolver(writer, options));
        resolver._read = (tap) => promote(config.from, config.to, read(tap));
        return;
      }
      case 'fail': {
        const skip = readerOf(writer.createResolver(writer, options));
        resolver._read = (tap) => {
          skip(tap);
          return failed(config.failure, config.soft);
        };
        return;
      }
      case 'void':
        resolver._read = voidRead;
        return;
      default:
        return;
    }
  }

  /** avsc skips a writer's value with this; an empty union has none. */
  _skip(): void {
    if (this.spec.config.kind === 'void') voidRead();
  }

  protected override _fromValue(value: unknown): unknown {
    const config = this.spec.config;
    return config.kind === 'default' ? config.value() : value;
  }

  protected override _toValue(value: unknown): unknown {
    const config = this.spec.config;
    if (config.kind === 'void') throw new AvroDataError('an empty union has no values');
    return config.kind === 'default' ? null : value;
  }
}

function failed(failure: Failure, soft: boolean): ResolutionFailure {
  if (soft) return new ResolutionFailure(failure);
  throw new AvroDataError(failure.detail);
}

function voidRead(): never {
  throw new AvroDataError('the writer schema has an empty union here: no datum can have a value for it');
}

/** Spec 1.12 promotions, with Java's conversions: `(float)` and `(double)` of an int or a long. */
function promote(from: 'int' | 'long', to: 'int' | 'long' | 'float' | 'double', value: unknown): unknown {
  if (from === 'int') {
    const int = checkInt(value);
    return to === 'float' ? Math.fround(int) : int;
  }
  return to === 'float' ? longToFloat(value as AvroLong) : longToDouble(value as AvroLong);
}
