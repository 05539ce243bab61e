import type { Cursor } from './cursor.js';

/** Reads one value at the cursor (compile-read.ts's `Read`). */
type Read = (cursor: Cursor) => unknown;

/** A reader field the writer lacks: its default, a fresh copy per record (`copy`), or a value shared as it is (a primitive). */
export type DefaultValue = { readonly copy: () => unknown } | { readonly value: unknown };

/**
 * The reader of one record, as a function whose source is generated: each writer field's read, in
 * writer order, then one object literal of the reader's fields in reader order. An object literal
 * is built in one step with its final shape; a loop of `record[name] = value` stores is several times
 * slower (each store looks the name up anew), and with hundreds of fields that dominates decoding.
 *
 * Safe: the source contains no text of the schema or the data but JSON string literals of the
 * field names (`JSON.stringify` escapes everything a string literal could end on; `__proto__` as
 * a computed key, an own field as frames.ts makes it), and numbered variables. Where a
 * runtime forbids building functions from text (a Content-Security-Policy without `unsafe-eval`,
 * some edge runtimes), the `Function` constructor throws and undefined is returned: the caller
 * then uses closures (compile-read.ts).
 *
 * `reads[i]` reads writer field i into reader field `targets[i]` (-1: skipped); `defaults` are the
 * reader fields the writer lacks, by slot; `enter` and `leave` count the record's depth.
 */
export function generatedRecordReader(
  reads: readonly Read[],
  targets: readonly number[],
  slots: readonly string[],
  defaults: ReadonlyMap<number, DefaultValue>,
  enter: (cursor: Cursor) => void,
): Read | undefined {
  const lines: string[] = [];
  reads.forEach((_, i) => lines.push(`const r${i} = reads[${i}];`));
  const sources = new Map<number, string>();
  const body: string[] = ['enter(c);'];
  targets.forEach((slot, i) => {
    if (slot < 0) body.push(`r${i}(c);`);
    else {
      body.push(`const v${i} = r${i}(c);`);
      sources.set(slot, `v${i}`);
    }
  });
  const values: unknown[] = [];
  const copies: (() => unknown)[] = [];
  const fields = slots.map((name, slot) => {
    let source = sources.get(slot);
    if (source === undefined) {
      const fallback = defaults.get(slot);
      if (fallback === undefined) return undefined;
      if ('copy' in fallback) source = `copies[${copies.push(fallback.copy) - 1}]()`;
      else source = `values[${values.push(fallback.value) - 1}]`;
    }
    // A literal `"__proto__": v` would set the prototype; a computed key defines an own field.
    return `${name === '__proto__' ? '["__proto__"]' : JSON.stringify(name)}: ${source}`;
  });
  if (fields.includes(undefined)) return undefined;
  body.push('c.depth--;', `return { ${fields.join(', ')} };`);
  const source = `${lines.join('\n')}\nreturn function readRecord(c) {\n${body.join('\n')}\n};`;
  try {
    const factory = new Function('reads', 'values', 'copies', 'enter', source) as (reads: readonly Read[], values: unknown[], copies: (() => unknown)[], enter: (cursor: Cursor) => void) => Read;
    return factory(reads, values, copies, enter);
  } catch {
    return undefined;
  }
}
