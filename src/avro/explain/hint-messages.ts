/**
 * What the Avro checker's messages say, read back: Java's `SchemaCompatibility` texts (profiles
 * confluent and strict), Java's runtime texts (profile pulsar), and the warnings' own texts.
 */

/** Java's runtime message: `Found int, expecting string[, missing required field f]`. */
export interface RuntimeMessage {
  readonly found: string;
  readonly expecting: string;
  readonly field: string | undefined;
}

export function runtimeMessage(message: string): RuntimeMessage | undefined {
  const match = /^Found (\S+), expecting (\S+?)(?:, missing required field (.+))?$/.exec(message);
  if (!match) return undefined;
  return { found: match[1] as string, expecting: match[2] as string, field: match[3] };
}

/** The two kinds of `reader type: INT not compatible with writer type: STRING`, lower case. */
export function mismatchKinds(message: string): { readonly reader: string; readonly writer: string } | undefined {
  const match = /^reader type: (\w+) not compatible with writer type: (\w+)$/.exec(message);
  return match ? { reader: (match[1] as string).toLowerCase(), writer: (match[2] as string).toLowerCase() } : undefined;
}

/** The writer kind of `reader union lacking writer type: LONG`, lower case. */
export function lackingKind(message: string): string | undefined {
  return /^reader union lacking writer type: (\w+)$/.exec(message)?.[1]?.toLowerCase();
}

/** The symbols of `[B, D]`. */
export function symbolsOf(message: string): readonly string[] {
  const match = /^\[(.*)\]$/.exec(message);
  return match && match[1] !== '' ? (match[1] as string).split(', ') : [];
}

/** The writer's full name of `expected: com.acme.User`. */
export function expectedName(message: string): string | undefined {
  return /^expected: (\S+)$/.exec(message)?.[1];
}

/** `expected: 16, found: 8`: the writer's size, then the reader's. */
export function fixedSizes(message: string): { readonly writer: number; readonly reader: number } | undefined {
  const match = /^expected: (\d+), found: (\d+)$/.exec(message);
  return match ? { writer: Number(match[1]), reader: Number(match[2]) } : undefined;
}

/** `writer long read as float: ...`. */
export function promotedKinds(message: string): { readonly writer: string; readonly reader: string } | undefined {
  const match = /^writer (\w+) read as (\w+)/.exec(message);
  return match ? { writer: match[1] as string, reader: match[2] as string } : undefined;
}

export interface Decimal {
  readonly precision: number;
  readonly scale: number;
}

/** `writer decimal(10,2) read as decimal(12,4)`. */
export function decimals(message: string): { readonly writer: Decimal; readonly reader: Decimal } | undefined {
  const match = /^writer decimal\((\d+),(\d+)\) read as decimal\((\d+),(\d+)\)$/.exec(message);
  if (!match) return undefined;
  return { writer: { precision: Number(match[1]), scale: Number(match[2]) }, reader: { precision: Number(match[3]), scale: Number(match[4]) } };
}

/** `writer logical type timestamp-millis read as none`: each `none`, a name, or `decimal(p,s)`. */
export function logicalNames(message: string): { readonly writer: string; readonly reader: string } | undefined {
  const match = /^writer logical type (\S+) read as (\S+)$/.exec(message);
  return match ? { writer: match[1] as string, reader: match[2] as string } : undefined;
}

/** A logical type of a message in prose: logicalType `date`, logicalType `decimal` (precision 10, scale 2). */
export function logicalText(logical: string): string {
  const decimal = /^decimal\((\d+),(\d+)\)$/.exec(logical);
  return decimal ? `logicalType \`decimal\` (precision ${decimal[1]}, scale ${decimal[2]})` : `logicalType \`${logical}\``;
}

/** The simple name and namespace of a full name. */
export function splitName(fullName: string): { readonly name: string; readonly namespace: string | null } {
  const dot = fullName.lastIndexOf('.');
  return dot < 0 ? { name: fullName, namespace: null } : { name: fullName.slice(dot + 1), namespace: fullName.slice(0, dot) };
}
