import { fingerprint, parseSchema, parsingCanonicalForm, toHex } from '../index.js';
import type { FingerprintAlgorithm, ParsedSchema } from '../index.js';
import { UsageError, parseArgs } from './args.js';
import type { CliIO } from './io.js';
import { ExitCode, write } from './io.js';
import { readReferences, readSchemaText } from './schema-files.js';
import { canonicalHelp, fingerprintHelp } from './usage.js';
import { ownValue } from '../util/own.js';

const SCHEMA_FILE_OPTIONS = { help: { takesValue: false, short: 'h' }, reference: { takesValue: true, repeatable: true } } as const;

/** `--algorithm` names, as `fingerprint()` takes them (Avro spec 1.12, "Schema Fingerprints"). */
const ALGORITHMS: Readonly<Record<string, FingerprintAlgorithm>> = { crc64: 'CRC-64-AVRO', md5: 'MD5', sha256: 'SHA-256' };

/** `schema-compat canonical FILE`: the Avro Parsing Canonical Form of an Avro schema. */
export function runCanonical(argv: readonly string[], io: CliIO): ExitCode {
  const { options, lists, positionals } = parseArgs(argv, SCHEMA_FILE_OPTIONS);
  if (options['help']) return write(io.stdout, canonicalHelp(), ExitCode.COMPATIBLE);
  const schema = readAvroFile('canonical', positionals, lists['reference'] ?? [], io);
  return write(io.stdout, `${parsingCanonicalForm(schema)}\n`, ExitCode.COMPATIBLE);
}

/** `schema-compat fingerprint FILE [--algorithm crc64|md5|sha256]`: the fingerprint of that form, in hex. */
export function runFingerprint(argv: readonly string[], io: CliIO): ExitCode {
  const { options, lists, positionals } = parseArgs(argv, { ...SCHEMA_FILE_OPTIONS, algorithm: { takesValue: true } });
  if (options['help']) return write(io.stdout, fingerprintHelp(), ExitCode.COMPATIBLE);
  const name = typeof options['algorithm'] === 'string' ? options['algorithm'].toLowerCase() : 'crc64';
  const algorithm = ownValue(ALGORITHMS, name);
  if (algorithm === undefined) throw new UsageError(`--algorithm must be one of ${Object.keys(ALGORITHMS).join(', ')}, not ${JSON.stringify(options['algorithm'])}`);
  const schema = readAvroFile('fingerprint', positionals, lists['reference'] ?? [], io);
  return write(io.stdout, `${toHex(fingerprint(schema, algorithm))}\n`, ExitCode.COMPATIBLE);
}

/** Canonical form and fingerprints are Avro's (the other types have no such definition), so the file is read as Avro whatever its extension. */
function readAvroFile(command: string, positionals: readonly string[], referenceValues: readonly string[], io: CliIO): ParsedSchema {
  if (positionals.length !== 1) throw new UsageError(`${command} takes exactly one Avro schema FILE`);
  const path = positionals[0] as string;
  return parseSchema('AVRO', readSchemaText(path, io), { label: path, references: readReferences(referenceValues, io) });
}
