/**
 * A short description of any value for an error message, made without running the caller's code
 * (no `toString`, `toJSON`, getter or Proxy trap): JSON primitives as JSON, other primitives as
 * written, objects by their kind only.
 */
export function describeValue(value: unknown): string {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : String(value);
    case 'bigint':
      return `${value}n`;
    case 'symbol':
      return String(value);
    case 'undefined':
      return 'undefined';
    case 'function':
      return 'a function';
    default:
      return typeof value === 'object' && value !== null ? objectKind(value) : 'null';
  }
}

function objectKind(value: object): string {
  try {
    return Array.isArray(value) ? 'an array' : 'an object';
  } catch {
    // Array.isArray throws for a revoked Proxy.
    return 'an object';
  }
}

/** What an exception thrown by the caller's code says (`Error: boom`), read without running more of its code than the `name` and `message` reads. */
export function describeError(error: unknown): string {
  try {
    if (typeof error === 'object' && error !== null && error instanceof Error) {
      const name: unknown = error.name;
      const message: unknown = error.message;
      if (typeof name === 'string' && typeof message === 'string') return message === '' ? name : `${name}: ${message}`;
    }
  } catch {
    // A Proxy or a getter on the error itself threw: describe it by its kind only.
  }
  return describeValue(error);
}
