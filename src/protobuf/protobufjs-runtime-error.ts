import type * as ProtobufJs from 'protobufjs';
import { SchemaCompatError } from 'schema-compat';

/** The protobufjs module, as its typings describe it. */
export type ProtobufJsModule = typeof ProtobufJs;

/** `schema-compat/protobuf` was imported where the optional peer dependency protobufjs is not installed. */
export class ProtobufjsMissingError extends SchemaCompatError {
  override readonly name: string = 'ProtobufjsMissingError';
  constructor(cause: unknown) {
    super(
      'PROTOBUFJS_MISSING',
      `schema-compat/protobuf parses .proto text with protobufjs, an optional peer dependency that is not installed: run \`npm install protobufjs\` (version 7 or 8). (${cause instanceof Error ? cause.message : String(cause)})`,
    );
  }
}
