import { SchemaCompatError } from 'schema-compat';

/** A registry data folder that cannot be used: a link, a folder in use, a log that does not read (the path and why in the message). */
export class DataDirError extends SchemaCompatError {
  override readonly name = 'DataDirError';

  constructor(readonly path: string, reason: string) {
    super('DATA_DIR', `${path}: ${reason}`);
  }
}
