import { strategyNames } from '../index.js';

export const PROGRAM_USAGE = 'usage: schema-compat check --strategy S [--type avro] [--profile P] [--explain] [--format text|json] CANDIDATE HISTORY...';

/** `schema-compat --help`. */
export function programHelp(): string {
  return `${PROGRAM_USAGE}
       schema-compat --help | --version

May a candidate schema follow a history of schemas under a schema-registry compatibility strategy?

Commands:
  check      check CANDIDATE against the HISTORY files (oldest first); see 'schema-compat check --help'

Options:
  -h, --help     show this help
  --version      print the version

Exit codes: 0 compatible, 1 incompatible, 2 bad input or usage.
`;
}

/** `schema-compat check --help`. */
export function checkHelp(): string {
  return `${PROGRAM_USAGE}

Checks whether CANDIDATE may be registered after HISTORY (schema files, oldest first, labelled
version 1, 2, ... by position) under strategy S, and prints every incompatibility.

Options:
  --strategy S               compatibility strategy (required, case-insensitive), one of:
                             ${strategyNames().join(', ')}
  --type T                   schema type of every file; only avro for now (default avro)
  --profile P                whose Avro rules decide: confluent (default, Confluent Schema
                             Registry), pulsar (Pulsar's broker) or strict (the Avro 1.12 spec)
  --explain                  add a fix hint and a witness datum to every finding
  --format text|json         text for people (default), or the CompatibilityResult as JSON
  --stop-at-first-failure    stop after the first failing version, as registries do
  -h, --help                 show this help

Text output is coloured only when stdout is a terminal and NO_COLOR is not set.
Exit codes: 0 compatible, 1 incompatible, 2 bad input or usage.
`;
}
