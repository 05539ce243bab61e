/** Avro's eight primitive type names; a named type may not have one of them as its full name. */
export const PRIMITIVE_NAMES: ReadonlySet<string> = new Set([
  'null', 'boolean', 'int', 'long', 'float', 'double', 'bytes', 'string',
]);

const SURROGATE = /[\uD800-\uDFFF]/;
const VALID_NAME = /^[\p{L}_][\p{L}\p{Nd}_]*$/u;

/**
 * Why a name is invalid, or undefined when it is valid. Java 1.12's default parser validates with
 * `NameValidator.UTF_VALIDATOR`: a letter or `_`, then letters, digits or `_`, tested one UTF-16
 * unit at a time (so letters outside the BMP are rejected), which is wider than the spec's ASCII.
 */
export function nameProblem(name: string): string | undefined {
  if (isAsciiName(name)) return undefined;
  if (name.length === 0) return 'Empty name';
  if (SURROGATE.test(name) || !VALID_NAME.test(name)) {
    const first = name.charAt(0);
    const firstOk = first === '_' || (/^\p{L}$/u.test(first) && !SURROGATE.test(first));
    return firstOk ? `Illegal character in: ${name}` : `Illegal initial character: ${name}`;
  }
  return undefined;
}

/** `[A-Za-z_][A-Za-z0-9_]*`, the usual name, tested without a regular expression (it runs for every name and symbol). */
function isAsciiName(name: string): boolean {
  if (name.length === 0) return false;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    const letter = (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f;
    if (!letter && (i === 0 || c < 0x30 || c > 0x39)) return false;
  }
  return true;
}

/** A named type's name parts as Java's `Schema.Name` computes them. */
export interface QualifiedName {
  /** The simple name, after the last dot. */
  readonly name: string;
  /** The namespace, or null for the null namespace (an empty namespace means null). */
  readonly namespace: string | null;
  readonly fullName: string;
}

/**
 * A dotted name is a full name and its own namespace wins; otherwise the name joins the given
 * namespace (spec 1.12, "Names"). An empty namespace is the null namespace.
 */
export function qualify(name: string, namespace: string | null): QualifiedName {
  const lastDot = name.lastIndexOf('.');
  const space = lastDot < 0 ? namespace : name.slice(0, lastDot);
  const simple = lastDot < 0 ? name : name.slice(lastDot + 1);
  const ns = space === '' ? null : space;
  return { name: simple, namespace: ns, fullName: ns === null ? simple : `${ns}.${simple}` };
}

/**
 * Why a full name is invalid: Java 1.12's `ParseContext` checks every namespace part and the
 * name (so `x.1bad.Ok` fails with `Namespace part "1bad" is invalid`). Namespaces found valid are
 * added to `validNamespaces`, so that a parse checks each one once.
 */
export function fullNameProblem(qualified: QualifiedName, validNamespaces?: Set<string>): string | undefined {
  const namespace = qualified.namespace;
  if (namespace !== null && !validNamespaces?.has(namespace)) {
    for (const part of namespace.split('.')) {
      const problem = nameProblem(part);
      if (problem) return `Namespace part "${part}" is invalid: ${problem}`;
    }
    validNamespaces?.add(namespace);
  }
  const problem = nameProblem(qualified.name);
  return problem ? `Name "${qualified.name}" is invalid: ${problem}` : undefined;
}
