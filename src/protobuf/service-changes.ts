import type { ChangeDraft } from '../diff/change.js';
import { keyedDiff } from '../diff/keyed.js';
import { ProtobufDetailChangeType as T } from './detail-types.js';
import type { ProtoMethod, ProtobufSchema } from './model.js';

/** Buf's rules on a method's signature. */
const RPC_RULES = ['RPC_SAME_CLIENT_STREAMING', 'RPC_SAME_SERVER_STREAMING', 'RPC_SAME_REQUEST_TYPE', 'RPC_SAME_RESPONSE_TYPE', 'RPC_SAME_IDEMPOTENCY_LEVEL'];

/** What a client and a server must agree on for a method (Buf's RPC_SAME_* rules). */
function signature(method: ProtoMethod): string {
  const stream = (flag: boolean): string => (flag ? 'stream ' : '');
  return `(${stream(method.clientStreaming)}${method.requestType}) returns (${stream(method.serverStreaming)}${method.responseType})${method.options['idempotency_level'] === undefined ? '' : ` ${String(method.options['idempotency_level'])}`}`;
}

/**
 * Services' methods added, removed or changed (Confluent compares no services), at
 * `#/Service/Method`; Buf places its findings at the service's full name, `#/pkg.Service/Method`.
 */
export function serviceChanges(original: ProtobufSchema, update: ProtobufSchema): ChangeDraft[] {
  return keyedDiff(original.file.services, update.file.services, (service) => service.name).kept.flatMap(({ old, new: next }) => {
    const methods = keyedDiff(old.methods, next.methods, (method) => method.name);
    const at = (method: ProtoMethod): string => `#/${next.name}/${method.name}`;
    const bufPlace = (fullName: string, method: ProtoMethod): string => `#/${fullName}/${method.name}`;
    return [
      ...methods.added.map(({ item }) => ({ change: T.METHOD_ADDED, location: { new: at(item) }, summary: `${next.name}.${item.name}${signature(item)}`, description: `The service ${next.fullName} has a new method ${item.name}` })),
      ...methods.removed.map(({ item }) => ({ change: T.METHOD_REMOVED, location: { old: at(item) }, summary: `${old.name}.${item.name}`, description: `The service ${old.fullName} no longer has the method ${item.name}` })),
      ...methods.kept.filter((pair) => signature(pair.old) !== signature(pair.new)).map((pair) => ({
        change: T.METHOD_CHANGED, location: { old: at(pair.old), new: at(pair.new) }, summary: `${next.name}.${pair.new.name}${signature(pair.old)}→${signature(pair.new)}`,
        description: `The method ${pair.new.name} of the service ${next.fullName} changed from ${signature(pair.old)} to ${signature(pair.new)}`,
        findingsAt: { BACKWARD: [bufPlace(next.fullName, pair.new)], FORWARD: [bufPlace(old.fullName, pair.old)] },
        explains: { BACKWARD: RPC_RULES, FORWARD: RPC_RULES },
      })),
    ];
  });
}
