import { createRegistry } from '../registry/index.js';
import { parseStrategy } from '../strategy.js';
import type { RegistryMode } from '../registry/index.js';
import { DataDirError, openFileStorage, startServer } from '../server/index.js';
import type { FileStorage } from '../server/index.js';
import type { RunningServer } from '../server/index.js';
import { UsageError, parseArgs } from './args.js';
import { availableCheckers } from './checkers.js';
import type { OptionSpecs } from './args.js';
import { ExitCode, write } from './io.js';
import type { CliIO } from './io.js';

export const SERVE_USAGE = 'usage: schema-compat serve [--port N] [--host H] [--mode confluent|pulsar] [--compatibility LEVEL] [--max-body-bytes N] [--data DIR]';

/** `schema-compat serve --help`. */
export function serveHelp(): string {
  return `${SERVE_USAGE}

Runs a local schema registry that speaks Confluent Schema Registry's REST API (the subset the
Kafka clients use). For development and tests, NOT production: there is no authentication. State
is in memory and lost when it stops, unless --data names a folder: then every write is on disk
(fsynced) before it is answered, and a restart finds ids, versions, levels and deletes again.
See docs/registry.md.

Options:
  --port N              port to listen on (default 8081; 0 picks a free one)
  --host H              address to bind (default 127.0.0.1, loopback only; anything else exposes
                        an unauthenticated registry)
  --mode M              confluent (default: versions from 1, BACKWARD) or pulsar (versions from 0,
                        FULL for AVRO and JSON, tombstone deletes)
  --compatibility L     the global level (NONE, BACKWARD, ..., FULL_TRANSITIVE; aliases accepted)
  --max-body-bytes N    refuse request bodies larger than N bytes with 413 (default 1048576)
  --data DIR            keep the registry in DIR (created when missing; one server per folder);
                        --mode defaults to the folder's
  -h, --help            show this help

Stop it with Ctrl-C.
`;
}

const SERVE_OPTIONS: OptionSpecs = {
  help: { takesValue: false, short: 'h' },
  port: { takesValue: true },
  host: { takesValue: true },
  mode: { takesValue: true },
  compatibility: { takesValue: true },
  'max-body-bytes': { takesValue: true },
  data: { takesValue: true },
};

/** What `runServe` needs of the CLI's io; `onListening` hands the running server to the caller (tests, main). */
export interface ServeHooks {
  readonly onListening?: (server: RunningServer) => void;
}

function integerOption(value: string | true | undefined, name: string, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (typeof value !== 'string' || !/^\d+$/.test(value) || number < min || number > max) throw new UsageError(`--${name} must be an integer from ${min} to ${max}`);
  return number;
}

/**
 * `schema-compat serve`: starts the local Confluent-compatible registry and resolves to 0 once it
 * listens (the open server keeps the process alive until it is stopped). Bad options are a
 * `UsageError` (exit code 2); a port in use is reported on stderr with exit code 2.
 */
export async function runServe(argv: readonly string[], io: Pick<CliIO, 'stdout' | 'stderr'>, hooks: ServeHooks = {}): Promise<ExitCode> {
  const { options, positionals } = parseArgs(argv, SERVE_OPTIONS);
  if (options['help']) return write(io.stdout, serveHelp(), ExitCode.COMPATIBLE);
  if (positionals.length > 0) throw new UsageError(`serve takes no arguments (got ${JSON.stringify(positionals[0])})`);
  const port = integerOption(options['port'], 'port', 0, 65535, 8081);
  const maxBodyBytes = integerOption(options['max-body-bytes'], 'max-body-bytes', 1, 2 ** 31 - 1, 1024 * 1024);
  const asked = options['mode'];
  if (asked !== undefined && asked !== 'confluent' && asked !== 'pulsar') throw new UsageError('--mode must be confluent or pulsar');
  const host = typeof options['host'] === 'string' ? options['host'] : '127.0.0.1';
  const level = options['compatibility'];
  const data = options['data'];
  if (data === true || data === '') throw new UsageError('--data needs a folder');
  let files: FileStorage | undefined;
  if (data !== undefined) {
    try {
      files = await openFileStorage(data, { ...(asked !== undefined ? { mode: asked } : {}), onWarning: (message) => io.stderr(`warning: ${message}\n`) });
    } catch (error: unknown) {
      if (error instanceof DataDirError) return write(io.stderr, `error: --data ${error.message}\n`, ExitCode.BAD_INPUT);
      throw error;
    }
  }
  const mode: RegistryMode = files?.mode ?? (asked as RegistryMode | undefined) ?? 'confluent';
  const { registry: checkers, protobuf } = await availableCheckers(mode);
  const registry = createRegistry({ mode, checkers, ...(files ? { storage: files.storage } : {}), ...(typeof level === 'string' ? { compatibility: parseStrategy(level) } : {}) });
  let server: RunningServer;
  try {
    const started = await startServer({ registry, port, host, maxBodyBytes });
    server = files ? withStorageClosed(started, files) : started;
  } catch (error: unknown) {
    await files?.close();
    const reason = error instanceof Error ? error.message : String(error);
    return write(io.stderr, `error: cannot listen on ${host}:${port}: ${reason}\n`, ExitCode.BAD_INPUT);
  }
  io.stdout(`schema-compat registry (${mode} mode) listening on ${server.url} - for development and tests, not production\n`);
  if (files) io.stdout(`data kept in ${files.logPath}\n`);
  if (!protobuf) io.stdout('Protobuf schemas are off: protobufjs is not installed (run `npm install protobufjs` next to schema-compat to accept them). Avro and JSON Schema are on.\n');
  hooks.onListening?.(server);
  return ExitCode.COMPATIBLE;
}

/** The server, whose `close()` also closes its data folder (and releases its lock). */
function withStorageClosed(server: RunningServer, files: FileStorage): RunningServer {
  return { ...server, close: async () => { try { await server.close(); } finally { await files.close(); } } };
}
