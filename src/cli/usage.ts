import { AUDITED_STRATEGIES, strategyNames } from '../index.js';

export const CHECK_USAGE = 'usage: schema-compat check [--strategy S] [--type T] [--format F] [options] [CANDIDATE (HISTORY... | --against SOURCE | --history DIR)]';

export const PROGRAM_USAGE = `usage: schema-compat <command> [options]   (commands: check, diff, changelog, audit, canonical, fingerprint, explain, serve, apply, pull; --help on each)`;

const EXIT_CODES = 'Exit codes: 0 compatible, 1 incompatible, 2 bad input or usage, 3 internal error.';

/** `schema-compat --help`. */
export function programHelp(): string {
  return `${PROGRAM_USAGE}
       schema-compat --help | --version

May a candidate schema follow a history of schemas under a schema-registry compatibility strategy?

Commands:
  check        check CANDIDATE against its history; exit 1 when incompatible
  diff         every change from OLD to NEW, each graded by the directions it breaks
  changelog    each version of a file's history, oldest first, with its graded changes
  audit        which version of a history reads which, and the strategies it satisfies
  canonical    print the Avro Parsing Canonical Form of a schema
  fingerprint  print the fingerprint of that form (crc64, md5 or sha256)
  explain      the compatibility strategies: what each checks, which clients upgrade first
  serve        run a local schema registry with Confluent's REST API
  apply        bring a registry to what .schema-compat.yaml says (--dry-run: the plan)
  pull         write a registry's subjects as files and a .schema-compat.yaml

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
Without CANDIDATE, checks every subject of the configuration file (.schema-compat.yaml, found in
this folder or one above; docs/repository.md).

History (one of):
  HISTORY...                 schema files, oldest first, labelled version 1, 2, ... by position
  --against SOURCE           where the history lives (docs/sources.md):
      git:REF[:PATH]           the file at a branch, tag or commit (default path: CANDIDATE's)
      git-log[:REF[:PATH]]     every version of the file REF's branch held (default HEAD): its
                               first-parent history, merge results included, oldest first, renames
                               followed; a newest version equal to CANDIDATE (the change is
                               committed) is left out; git-log:SINCE..REF starts at SINCE
      git-tags:GLOB[:PATH]     the file at each tag matching GLOB, in version order;
                               git-tags:SINCE..GLOB from the tag SINCE on
      dir:PATH                 the schema files of a folder, in natural name order (v2 before v10,
                               user-1.9 before user-1.10); names it cannot order are refused
      glob:PATTERN             the schema files a glob matches, in natural path order: a folder of
                               versioned sub-folders is glob:AdminOperation/v*/*.avsc
      registry:URL             every live version of --subject S in a Confluent-compatible registry
                               (Confluent, Karapace, Apicurio ccompat, Redpanda); its level is the
                               strategy unless --strategy is given
      pulsar:URL               every schema of --topic T in Pulsar's admin API; the topic's or
                               namespace's policy is the strategy unless --strategy is given
  --history DIR              the same as --against dir:DIR
  --skip-unparseable         skip history versions that do not parse, listing each with its error
                             (default: such a version is an error, exit 2); all skipped is exit 2

  A history with no version is exit 2, except a new subject (a file new in this change; see
  docs/sources.md), which is compatible and said to be "new subject: no history yet".

  Any FILE may be - (stdin), /dev/stdin or a pipe like <(git show main:x.avsc) (give --type);
  each is read up to 16 MiB.

A repository run (no CANDIDATE):
  --config FILE              the configuration file (default: .schema-compat.yaml, .yml or .json
                             here or in a folder above)
  --changed-since REF        check only subjects whose file, or a file they reference, this
                             branch changed since it left the git ref REF (their merge base)
  --write-baseline FILE      write an ignore entry (reason TODO) for each finding that fails today
  --exclude-path PATH        a file, or a folder and everything below it, that is no subject (it may
                             still be referenced); relative to this folder; repeat it (as Buf's)
  --ignore-unstable-packages skip, and list as skipped, the Protobuf subjects whose package is
                             unstable as Buf reads it (last component v1alpha, v1beta2, v1test...,
                             v1p1alpha1); the configuration's protobuf.ignoreUnstablePackages
  --findings all|new         new: count only findings the history's newest version did not already
                             have (default all; docs/repository.md)
  --jobs N                   subjects under way at once, 1 to 64 (default 4): their histories are
                             read from git or a registry while others are checked; the report is
                             the same for any N
  Flags (--strategy, --against, --type, --profile, --policy, --rules, --fail-on, --skip-unparseable,
  --findings) override the configuration for every subject (--profile Avro's, --policy JSON
  Schema's, --rules Protobuf's or protobuf-native's).

Registry sources:
  --subject S                the registry subject (registry:URL)
  --topic T                  the topic, persistent://tenant/namespace/topic (pulsar:URL)
  --registry-auth A          user:password or "Bearer TOKEN"; default from SCHEMA_REGISTRY_BEARER_TOKEN
                             or SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO (user:password)
  --registry-verdict         also ask the registry's compatibility endpoint and show its answer
                             beside ours, flagging a disagreement (registry:URL)
  --allow-new-subject        a subject (or topic) that is not in the registry is a new subject:
                             compatible, and said so (default: exit 2, the name may be wrong)

Options:
  --strategy S               compatibility strategy, case-insensitive (default: the registry's
                             level, else BACKWARD, Confluent's default):
                             ${strategyNames().join(', ')}
  --type T                   avro, json or protobuf for every file (default: each file's extension,
                             .avsc avro, .json json, .proto protobuf); Pulsar's key-value (a KeyValue
                             schema's JSON) and protobuf-native (ProtobufNativeSchemaData JSON, or a
                             binary descriptor set with --root-message)
  --root-message NAME        the root message of binary FileDescriptorSet files (protobuf-native)
  --profile P                whose Avro rules decide: confluent (default, Confluent Schema
                             Registry), pulsar (Pulsar's broker; the default against pulsar:URL)
                             or strict (the Avro 1.12 spec)
  --policy P                 JSON Schema: STRICT (default) or LENIENT, Confluent's two policies
  --rules R                  whose Protobuf rules decide: confluent (default, Confluent Schema
                             Registry), buf-wire or buf-wire-json (Buf's WIRE or WIRE_JSON
                             breaking-change category); for protobuf-native (and a key-value's
                             native sides) pulsar-native-advanced: Pulsar's opt-in advanced checker
                             instead of its root-message rule; refused for a candidate of another type
  --reference NAME=FILE      a schema the others use by NAME (Confluent schema references); repeat it.
                             --reference FOLDER names each schema file below FOLDER by its path
                             there (common/money.proto); --reference PREFIX=FOLDER by PREFIX and
                             that path (https://acme.test/schemas/address.json)
  --format F                 text (default, for people), json (the CompatibilityResult), github
                             (GitHub Actions annotations on the schema line), junit (JUnit XML),
                             markdown (a pull-request comment), sarif (SARIF 2.1.0), or confluent
                             (the answer of Confluent's REST API with verbose=true; one CANDIDATE)
  --report FORMAT=FILE       also write the report in FORMAT to FILE; repeat it
  --no-step-summary          do not append the markdown report to $GITHUB_STEP_SUMMARY (GitHub
                             Actions sets it; the report goes there whatever --format says)
  --fail-on L                incompatible (default) or warning: also exit 1 on warnings
  --explain                  add a fix hint and a witness datum to every finding
  --stop-at-first-failure    stop after the first failing version, as registries do
  -h, --help                 show this help

Text output is coloured only when stdout is a terminal and NO_COLOR is not set. A history that
cannot be loaded (an unknown ref, a shallow clone, a registry that is unreachable or refuses the
credentials) is bad input, exit 2: never a compatible verdict.
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

const CHANGE_FLAGS = `  --format F                 text (default), markdown or json (the library's Change objects)
  --type T                   avro, json or protobuf (default: each file's extension)
  --profile P                whose Avro rules grade the changes: confluent (default), pulsar or strict
  --policy P                 JSON Schema: STRICT (default) or LENIENT
  --rules R                  whose Protobuf rules grade the changes: confluent (default), buf-wire
                             or buf-wire-json (Buf's WIRE or WIRE_JSON category)
  --strategy S               the strategy whose directions fail the command (default BACKWARD, as check)
  --reference NAME=FILE      a schema the others use by NAME; repeat it (or FOLDER, PREFIX=FOLDER, as for check)
  -h, --help                 show this help`;

/** `schema-compat diff --help`. */
export function diffHelp(): string {
  return `usage: schema-compat diff [options] OLD NEW

Lists every change from OLD to NEW, safe ones and annotations too (doc, aliases, defaults,
logical types, enum symbols, field order, namespace, Protobuf options), each graded by the
directions it breaks: BACKWARD (NEW cannot read OLD's data) and FORWARD (OLD cannot read NEW's),
as check decides them. docs/diff-and-audit.md lists the change codes.

Options:
${CHANGE_FLAGS}

Exit codes: 0 no change breaks a direction the strategy checks, 1 one does, 2 bad input or usage, 3 internal error.
`;
}

/** `schema-compat changelog --help`. */
export function changelogHelp(): string {
  return `usage: schema-compat changelog [options] FILE --against SOURCE

Prints each version of FILE's history, oldest first, then FILE itself, each with its graded changes
from the version before it. SOURCE is what check --against takes (git-log[:REF[:PATH]],
git-tags:GLOB[:PATH], git:REF[:PATH], dir:PATH, glob:PATTERN, registry:URL with --subject, pulsar:URL with --topic;
docs/sources.md). Every committed version counts, a doc-only one too.

Options:
  --against SOURCE           where the versions before FILE live (required)
  --subject S, --topic T, --registry-auth A   as for check
${CHANGE_FLAGS}

A history that cannot be loaded is bad input, exit 2: never an empty changelog.
Exit codes: 0 FILE's changes break no direction the strategy checks (the source's level, else
BACKWARD), 1 they do, 2 bad input or usage, 3 internal error.
`;
}

/** `schema-compat audit --help`. */
export function auditHelp(): string {
  return `usage: schema-compat audit [--format text|json|html] [--require S] [options] FILE (HISTORY... | --against SOURCE | --history DIR)

Appends FILE to its history as the newest version and checks every version against every other:
the matrix of who reads whom (row R reads data written with column W), the strategies under which
each version would have been accepted after the ones before it, the first version each other
strategy would have refused, and which clients may move to the newest version first
(docs/diff-and-audit.md).

History: as for check (HISTORY files oldest first, --against SOURCE, --history DIR; see
'schema-compat check --help'), with --subject, --topic and --registry-auth for the registry sources.

Options:
  --format F                 text (default), json (the Audit: versions, reads, findings, satisfied,
                             violations, upgrade) or html (one self-contained page: the matrix as a
                             coloured grid, each cell opening its findings)
  --require S                exit 1 unless the history satisfies strategy S (any name or alias of
                             ${AUDITED_STRATEGIES.join(', ')})
  --type T, --profile P, --policy P, --rules R, --reference NAME=FILE   as for check
  --explain                  add a fix hint and a witness datum to every finding
  -h, --help                 show this help

Exit codes: 0 audited (and --require satisfied), 1 --require not satisfied, 2 bad input, usage, or a
history that cannot be loaded, 3 internal error.
`;
}
