import { strategyNames } from '../index.js';

export const CHECK_USAGE = 'usage: schema-compat check [--strategy S] [--type T] [--format F] [options] CANDIDATE (HISTORY... | --history DIR)';

export const PROGRAM_USAGE = `usage: schema-compat <command> [options]   (commands: check, canonical, fingerprint, explain, serve; --help on each)`;

const EXIT_CODES = 'Exit codes: 0 compatible, 1 incompatible, 2 bad input or usage, 3 internal error.';

/** `schema-compat --help`. */
export function programHelp(): string {
  return `${PROGRAM_USAGE}
       schema-compat --help | --version

May a candidate schema follow a history of schemas under a schema-registry compatibility strategy?

Commands:
  check        check CANDIDATE against its history; exit 1 when incompatible
  canonical    print the Avro Parsing Canonical Form of a schema
  fingerprint  print the fingerprint of that form (crc64, md5 or sha256)
  explain      the compatibility strategies: what each checks, which clients upgrade first
  serve        run a local schema registry with Confluent's REST API

Options:
  -h, --help     show this help ('schema-compat COMMAND --help' for a command's)
  --version      print the version

${EXIT_CODES}
`;
}

/** `schema-compat check --help`. */
export function checkHelp(): string {
  return `${CHECK_USAGE}

Checks whether CANDIDATE may be registered after its history under strategy S, as a schema
registry would, and prints every incompatibility: version, direction, location, a sentence.

History:
  HISTORY...                 schema files, oldest first, labelled version 1, 2, ... by position
  --history DIR              every .avsc, .json and .proto file in DIR, ordered and labelled by the
                             number in its name (v1, v2, ... v10); CANDIDATE is skipped if in DIR

Options:
  --strategy S               compatibility strategy, case-insensitive (default BACKWARD, Confluent's):
                             ${strategyNames().join(', ')}
  --type T                   avro, json or protobuf for every file (default: each file's extension,
                             .avsc avro, .json json, .proto protobuf)
  --profile P                whose Avro rules decide: confluent (default, Confluent Schema
                             Registry), pulsar (Pulsar's broker) or strict (the Avro 1.12 spec)
  --policy P                 JSON Schema: STRICT (default) or LENIENT, Confluent's two policies
  --reference NAME=FILE      a schema the others use by NAME (Confluent schema references); repeat it
  --format F                 text (default, for people), json (the CompatibilityResult), github
                             (GitHub Actions annotations on the schema line), junit (JUnit XML), or
                             confluent (the answer of Confluent's REST API with verbose=true)
  --fail-on L                incompatible (default) or warning: also exit 1 on warnings
  --explain                  add a fix hint and a witness datum to every finding
  --stop-at-first-failure    stop after the first failing version, as registries do
  -h, --help                 show this help

Text output is coloured only when stdout is a terminal and NO_COLOR is not set.
${EXIT_CODES}
`;
}

export function canonicalHelp(): string {
  return `usage: schema-compat canonical [--reference NAME=FILE]... FILE

Prints the Parsing Canonical Form of the Avro schema in FILE (Avro 1.12 specification): the form
two schemas must share to read each other's data without resolution, and what fingerprints hash.
${EXIT_CODES.replace('0 compatible, 1 incompatible', '0 printed')}
`;
}

export function fingerprintHelp(): string {
  return `usage: schema-compat fingerprint [--algorithm crc64|md5|sha256] [--reference NAME=FILE]... FILE

Prints, in hex, the fingerprint of the Parsing Canonical Form of the Avro schema in FILE.
crc64 (default) is CRC-64-AVRO as Java's SchemaNormalization gives it (8 bytes, least significant
first, the bytes of Avro's single-object encoding); md5 and sha256 are 16 and 32 bytes.
${EXIT_CODES.replace('0 compatible, 1 incompatible', '0 printed')}
`;
}

export function explainHelp(): string {
  return `usage: schema-compat explain [STRATEGY]

Without STRATEGY: the table of every strategy, its other registries' names, the versions it
compares, the direction it checks and which clients to upgrade first. With STRATEGY (any name
or alias): that strategy in full.
`;
}
