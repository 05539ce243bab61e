// schema-compat/server: a local Confluent-compatible schema registry over Node's `http` module,
// for development and tests (not production). Node only; the registry itself is schema-compat/registry.
export { startServer, createRequestHandler, SCHEMA_REGISTRY_MEDIA_TYPE } from './http.js';
export type { ServerOptions, RunningServer, HandlerOptions } from './http.js';
export type { CheckOptions } from './checks.js';
export { openFileStorage, DATA_LOG_FILE } from './file-storage.js';
export type { FileStorage, FileStorageOptions } from './file-storage.js';
export { DataDirError } from './data-dir-error.js';
