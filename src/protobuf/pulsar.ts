import type { Roles } from '../checkers/types.js';
import type { Finding } from '../result.js';
import type { ProtobufSchema } from './model.js';

/** Pulsar's PROTOBUF_NATIVE finding codes. */
export const PulsarProtobufFindingType = {
  /** The root message's full name differs (ProtobufNativeSchemaCompatibilityCheck). */
  ROOT_MESSAGE_CHANGED: 'ROOT_MESSAGE_CHANGED',
} as const;
export type PulsarProtobufFindingType = (typeof PulsarProtobufFindingType)[keyof typeof PulsarProtobufFindingType];

/**
 * Pulsar's mainline PROTOBUF_NATIVE check (reference/pulsar.md §2.5): the root message's full name
 * may not change; nothing else is compared. The message is Pulsar's.
 */
export function checkPulsarRoot(reader: ProtobufSchema, writer: ProtobufSchema): Finding[] {
  if (reader.rootMessage === writer.rootMessage) return [];
  return [{
    type: PulsarProtobufFindingType.ROOT_MESSAGE_CHANGED,
    location: `#/${reader.rootMessage ?? ''}`,
    message: "Protobuf root message isn't allow change!",
  }];
}

export function describePulsarFinding(finding: Finding, roles: Roles): string {
  return `The root message of the ${roles.reader} schema (${finding.location.slice(2)}) is not the root message of the ${roles.writer} schema, and Pulsar's PROTOBUF_NATIVE check allows no change of root message`;
}
