import type { AvroNamed, AvroNode, AvroRecord, AvroSchema } from '../../model.js';
import { isNamed } from '../../model.js';
import { sameAvroSchema } from '../../equality.js';

/**
 * The reader's aliases, as Java's `Schema.applyAliases(writer, reader)` uses them to rewrite the
 * writer before its runtime `Resolver` compares anything: a writer type whose full name is a reader
 * alias takes the reader type's name, and a writer field whose name is a field alias of the reader
 * record (found by the writer record's name after that renaming) takes the reader field's name.
 */
export class ReaderAliases {
  private readonly types = new Map<string, string>();
  private readonly fields = new Map<string, Map<string, string>>();

  constructor(reader: AvroSchema) {
    const seen = new Set<AvroNode>();
    const visit = (node: AvroNode): void => {
      if (seen.has(node)) return;
      seen.add(node);
      if (isNamed(node)) for (const alias of node.aliases) this.types.set(alias, node.fullName);
      if (node.kind === 'record') this.addRecord(node, visit);
      else if (node.kind === 'array') visit(node.items);
      else if (node.kind === 'map') visit(node.values);
      else if (node.kind === 'union') node.branches.forEach(visit);
    };
    visit(reader.root);
  }

  private addRecord(record: AvroRecord, visit: (node: AvroNode) => void): void {
    for (const field of record.fields) {
      for (const alias of field.aliases) {
        let renames = this.fields.get(record.fullName);
        if (!renames) this.fields.set(record.fullName, (renames = new Map()));
        renames.set(alias, field.name);
      }
      visit(field.type);
    }
    const renames = this.fields.get(record.fullName);
    if (renames) for (const alias of record.aliases) this.fields.set(alias, renames);
  }

  /** Whether the writer needs rewriting at all. */
  get empty(): boolean {
    return this.types.size === 0 && this.fields.size === 0;
  }

  /** The writer type's full name after the rewrite. */
  fullName(writer: AvroNamed): string {
    return this.types.get(writer.fullName) ?? writer.fullName;
  }

  /** The writer type's simple name after the rewrite. */
  name(writer: AvroNamed): string {
    const renamed = this.types.get(writer.fullName);
    return renamed === undefined ? writer.name : renamed.slice(renamed.lastIndexOf('.') + 1);
  }

  /** A writer field's name after the rewrite. */
  fieldName(writer: AvroRecord, field: string): string {
    return this.fields.get(this.fullName(writer))?.get(field) ?? field;
  }
}

/** No rewriting: Java skips it when the writer equals the reader, and when the reader has no aliases. */
export const NO_ALIASES = {
  empty: true,
  fullName: (writer: AvroNamed): string => writer.fullName,
  name: (writer: AvroNamed): string => writer.name,
  fieldName: (_writer: AvroRecord, field: string): string => field,
} as const satisfies Pick<ReaderAliases, 'empty' | 'fullName' | 'name' | 'fieldName'>;

export type WriterNames = Pick<ReaderAliases, 'empty' | 'fullName' | 'name' | 'fieldName'>;

/**
 * The writer's names as Java's runtime sees them: rewritten by the reader's aliases, except when the
 * reader has none or the two schemas are equal (Java skips the rewrite then). `aliasesOf` may give
 * the reader's aliases from a cache.
 */
export function runtimeWriterNames(reader: AvroSchema, writer: AvroSchema, aliasesOf: (reader: AvroSchema) => ReaderAliases = (of) => new ReaderAliases(of)): WriterNames {
  if (!reader.hasAliases) return NO_ALIASES;
  const aliases = aliasesOf(reader);
  return aliases.empty || sameAvroSchema(reader, writer) ? NO_ALIASES : aliases;
}
