import { readdirSync } from 'node:fs';
import { posix } from 'node:path';
import picomatch from 'picomatch';
import type { AvroProfile, JsonSchemaPolicy, Strategy } from 'schema-compat';
import { ruleSetTypes } from '../protobuf/rule-sets.js';
import type { RuleSetName } from '../protobuf/rule-sets.js';
import { SCHEMA_TYPE_BY_EXTENSION, extensionOf } from '../sources/file-types.js';
import { PATH_EXCERPT_LENGTH, excerpt } from '../util/excerpt.js';
import type { FailOnLevel, FindingsScope, RepositoryConfig, SubjectRule, SubjectSettings } from './config/types.js';
import { RepositoryError } from './errors.js';
import { excludeTest } from './excludes.js';

/** Folders never searched for schemas. */
const SKIPPED_FOLDERS = new Set(['.git', 'node_modules']);

/** Settings that override the configuration for every subject (the command line's flags). */
export type SettingsOverrides = SubjectSettings;

/** One subject of a repository: a file, how it is checked and against what. */
export interface Subject {
  /** The registry subject when a template names it (`orders-value`), else the file's path. */
  readonly name: string;
  /** The file, relative to the configuration's folder, with `/` separators. */
  readonly file: string;
  readonly schemaType: 'AVRO' | 'JSON' | 'PROTOBUF' | 'KEY_VALUE' | 'PROTOBUF_NATIVE';
  /** The rule that took it, `subjects[0]`. */
  readonly rule: string;
  /** Undefined: the source's (a registry's level), else BACKWARD. */
  readonly strategy?: Strategy;
  /** Undefined when neither flags, the rule nor the defaults give one (an error when the subject is checked). */
  readonly against?: string;
  /** The registry subject for `registry:` sources. */
  readonly registrySubject: string;
  /** The topic for `pulsar:` sources. */
  readonly topic?: string;
  readonly profile?: AvroProfile;
  readonly policy: JsonSchemaPolicy;
  readonly failOn: FailOnLevel;
  /** Whose rules decide (Protobuf subjects: undefined is Confluent's; PROTOBUF_NATIVE and KEY_VALUE subjects: pulsar-native-advanced or undefined, Pulsar's root-message rule). */
  readonly rules?: RuleSetName;
  /** Versions that do not parse are skipped and reported, not an error of the subject. */
  readonly skipUnparseable: boolean;
  readonly findings: FindingsScope;
}

export interface ListSubjectsOptions {
  /**
   * Paths relative to the configuration's folder (a file, or a folder and everything below it)
   * that are not subjects, besides the configuration's `exclude`: the command line's --exclude-path.
   * Each must name a file.
   */
  readonly excludePaths?: readonly string[];
}

/**
 * Every subject of a configuration: the files each rule's globs match (relative to the
 * configuration's folder; `.git` and `node_modules` are not searched), the first rule that matches a
 * file taking it, less the excluded ones (the configuration's `exclude`, `options.excludePaths`).
 * A rule that matches no file, two files with the same subject name, a file whose type cannot be
 * told and a rule whose `rules` take another type's file are errors: a gate that
 * silently checks nothing, or checks by rules that do not apply, is no gate.
 */
export function listSubjects(config: RepositoryConfig, overrides: SettingsOverrides = {}, options: ListSubjectsOptions = {}): Subject[] {
  if (config.subjects.length === 0) throw new RepositoryError(`${config.file}: no \`subjects\`: nothing to check (docs/repository.md)`);
  const files = listFiles(config.root);
  const excluded = excludeTest(config.exclude, options.excludePaths ?? [], files, config.file);
  const taken = new Map<string, Subject>();
  const byName = new Map<string, Subject>();
  for (const rule of config.subjects) {
    const include = picomatch([...rule.files]);
    const exclude = rule.exclude.length === 0 ? () => false : picomatch([...rule.exclude]);
    const candidates = files.filter((file) => include(file) && !exclude(file));
    const matched = candidates.filter((file) => !excluded(file));
    if (matched.length === 0) {
      const why = candidates.length === 0 ? '' : ` that is not excluded (the configuration's exclude or --exclude-path leaves out all ${candidates.length})`;
      throw new RepositoryError(`${config.file}: ${rule.name} (${rule.files.map((glob) => excerpt(glob, PATH_EXCERPT_LENGTH)).join(', ')}) matches no file${why}`);
    }
    for (const file of matched) {
      if (taken.has(file)) continue;
      const subject = subjectOf(file, rule, config, overrides);
      const twin = byName.get(subject.name);
      if (twin !== undefined) throw new RepositoryError(`${config.file}: ${twin.file} and ${file} are both subject ${subject.name}: give ${rule.name} a subject template that tells them apart ({path}, {dir})`);
      taken.set(file, subject);
      byName.set(subject.name, subject);
    }
  }
  return [...taken.values()];
}

function subjectOf(file: string, rule: SubjectRule, config: RepositoryConfig, overrides: SettingsOverrides): Subject {
  const pick = <K extends keyof SubjectSettings>(key: K): SubjectSettings[K] => overrides[key] ?? rule[key] ?? config.defaults[key];
  const type = pick('type') ?? SCHEMA_TYPE_BY_EXTENSION[extensionOf(file)];
  if (type === undefined) throw new RepositoryError(`${config.file}: cannot tell the schema type of ${file} (taken by ${rule.name}) from its extension: give the rule a type`);
  if (rule.rules !== undefined && !ruleSetTypes(rule.rules).includes(type)) {
    const whose = rule.rules === 'pulsar-native-advanced' ? 'Pulsar\'s PROTOBUF_NATIVE rules' : 'Protobuf\'s';
    const narrow = rule.rules === 'pulsar-native-advanced' ? 'give it type: protobuf-native or key-value' : 'narrow its files to .proto files';
    throw new RepositoryError(`${config.file}: ${rule.name} sets rules: ${rule.rules}, which are ${whose}, and takes ${file}, ${/^[AEIOU]/.test(type) ? 'an' : 'a'} ${type} schema: ${narrow}, or move rules to a rule of its own`);
  }
  const template = rule.subject ?? config.defaults.subject;
  const name = template === undefined ? file : fill(template, file);
  const topic = rule.topic ?? config.defaults.topic;
  const strategy = pick('strategy');
  const against = pick('against');
  const profile = pick('profile');
  // A rule set, from a flag, the rule or the defaults, means nothing to a subject of a type it does not apply to.
  const picked = pick('rules');
  const rules = picked !== undefined && ruleSetTypes(picked).includes(type) ? picked : undefined;
  return {
    name, file, schemaType: type as Subject['schemaType'], rule: rule.name,
    ...(strategy === undefined ? {} : { strategy }),
    ...(against === undefined ? {} : { against }),
    registrySubject: name,
    ...(topic === undefined ? {} : { topic: fill(topic, file) }),
    ...(profile === undefined ? {} : { profile }),
    policy: pick('policy') ?? 'STRICT',
    failOn: pick('failOn') ?? 'incompatible',
    ...(rules === undefined ? {} : { rules }),
    skipUnparseable: pick('skipUnparseable') ?? false,
    findings: pick('findings') ?? 'all',
  };
}

/** A subject template with {name} (file name without extension), {dir} (its folder's name), {path} (path without extension). */
export function fill(template: string, file: string): string {
  const withoutExtension = file.slice(0, file.length - extensionOf(file).length);
  const values: Readonly<Record<string, string>> = {
    name: posix.basename(withoutExtension),
    dir: posix.basename(posix.dirname(file)),
    path: withoutExtension,
  };
  return template.replace(/\{(name|dir|path)\}/g, (_, key: string) => values[key] as string);
}

/** Every file below `root`, relative to it with `/` separators, sorted; `.git` and `node_modules` are skipped. */
export function listFiles(root: string): string[] {
  const files: string[] = [];
  const visit = (dir: string): void => {
    for (const entry of readdirSync(posix.join(root, dir) || '.', { withFileTypes: true })) {
      const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory() && !SKIPPED_FOLDERS.has(entry.name)) visit(path);
      else if (entry.isFile()) files.push(path);
    }
  };
  visit('');
  return files.sort();
}
