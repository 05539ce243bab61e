/** Avro schemas for the registry tests: a record `com.acme.Order` in several versions. */
export const record = (fields: readonly object[], name = 'Order', namespace = 'com.acme'): string =>
  JSON.stringify({ type: 'record', name, namespace, fields });

export const V1 = record([{ name: 'id', type: 'long' }]);
/** V1 plus a field with a default: BACKWARD and FORWARD compatible with V1. */
export const V2 = record([{ name: 'id', type: 'long' }, { name: 'note', type: 'string', default: '' }]);
/** V2 plus a field without a default: not BACKWARD compatible with V2. */
export const V3_BAD = record([{ name: 'id', type: 'long' }, { name: 'note', type: 'string', default: '' }, { name: 'qty', type: 'int' }]);

/** The error a promise rejects with (fails the test when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

/** The fields of an error a test compares. */
export function errorShape(error: unknown): Record<string, unknown> {
  const e = error as { name?: string; code?: string; confluentErrorCode?: number; httpStatus?: number; message?: string };
  return { name: e.name, code: e.code, confluentErrorCode: e.confluentErrorCode, httpStatus: e.httpStatus, message: e.message };
}
