import { CoreFindingType, Strategy, checkCompatibility } from 'schema-compat';
import type { CompatibilityResult, Incompatibility } from 'schema-compat';
import { toConfluentMessages } from './confluent-messages.js';
import type { RegistryCore } from './core.js';
import { notFound } from './errors.js';
import type { HistoryEntry } from './history.js';
import { historyOf, inGroup, textsByVersion } from './history.js';
import type { VersionRecord } from './storage.js';
import type { CompatibilityCheck, SchemaSubmission, SubmitOptions } from './types.js';
import type { VersionId } from './versions.js';

/**
 * Confluent's compatibility test: against one named version (even under a transitive level, as
 * Confluent does), or, without a version, against every active version as a registration would
 * be checked. `'latest'` on a subject without versions is compatible (empty history).
 */
export async function testCompatibility(
  core: RegistryCore, subject: string, submission: SchemaSubmission, options: SubmitOptions & { readonly version?: VersionId },
): Promise<CompatibilityCheck> {
  const settings = await core.settingsFor(subject);
  const candidate = await core.candidate(submission, options.normalize ?? settings.normalize ?? false);
  const view = await core.view(subject);
  let records: VersionRecord[];
  if (options.version === undefined) {
    const group = settings.compatibilityGroup;
    records = inGroup(view.active, group, group === undefined ? undefined : submission.metadata?.properties?.[group]);
  } else if (options.version === 'latest') {
    records = view.active.slice(-1);
  } else {
    if (view.all.length === 0) throw notFound.subject(subject);
    const version = options.version;
    const record = view.active.find((item) => item.version === version);
    if (record === undefined) throw notFound.version(version);
    records = [record];
  }
  const level = await core.levelFor(subject, candidate.schemaType);
  const entries = await historyOf(core, records);
  const result = checkCompatibility(level, candidate.parsed, entries.map((entry) => entry.parsed), { registry: core.checkers });
  return answer(result, candidate.schemaType, entries);
}

/**
 * Pulsar's consumer check (`checkConsumerCompatibility`, pulsar.md §1.3): under BACKWARD, FORWARD,
 * FORWARD_TRANSITIVE and FULL the consumer's schema must read the latest version (an identical one
 * passes); under BACKWARD_TRANSITIVE and FULL_TRANSITIVE it is checked against every active version
 * with the configured level and no identity shortcut; ALWAYS_INCOMPATIBLE rejects it whenever the
 * subject has a schema; NONE accepts it. A subject without a schema is `SUBJECT_NOT_FOUND`.
 */
export async function canConsume(core: RegistryCore, subject: string, submission: SchemaSubmission): Promise<CompatibilityCheck> {
  const candidate = await core.candidate(submission, false);
  const level = await core.levelFor(subject, candidate.schemaType);
  const none: CompatibilityResult = { compatible: true, strategy: level, checked: [], incompatibilities: [], warnings: [] };
  if (level === Strategy.NONE) return answer(none, candidate.schemaType, []);
  const view = await core.view(subject);
  const latest = view.active[view.active.length - 1];
  if (latest === undefined) throw notFound.subject(subject);
  if (level === Strategy.ALWAYS_INCOMPATIBLE) {
    return answer({ ...none, compatible: false, checked: [latest.version], incompatibilities: [alwaysIncompatible(latest.version)] }, candidate.schemaType, []);
  }
  const transitive = level === Strategy.BACKWARD_TRANSITIVE || level === Strategy.FULL_TRANSITIVE;
  if (!transitive) {
    const entries = await historyOf(core, [latest]);
    const result = checkCompatibility(Strategy.BACKWARD, candidate.parsed, entries.map((entry) => entry.parsed), { registry: core.checkers });
    return answer(result, candidate.schemaType, entries);
  }
  const entries = await historyOf(core, [...view.active].reverse());
  // One check per version: the core's identity shortcut would otherwise skip every other version.
  const results = entries.map((entry) => checkCompatibility(level, candidate.parsed, [entry.parsed], { registry: core.checkers }));
  return answer(mergeResults(level, results), candidate.schemaType, entries);
}

function answer(result: CompatibilityResult, schemaType: string, entries: readonly HistoryEntry[]): CompatibilityCheck {
  const messages = toConfluentMessages(result, { schemaType, oldSchema: textsByVersion(entries) });
  return { compatible: result.compatible, result, messages };
}

function mergeResults(strategy: Strategy, results: readonly CompatibilityResult[]): CompatibilityResult {
  return {
    compatible: results.every((result) => result.compatible),
    strategy,
    checked: results.flatMap((result) => result.checked),
    incompatibilities: results.flatMap((result) => result.incompatibilities),
    warnings: results.flatMap((result) => result.warnings),
  };
}

function alwaysIncompatible(version: number): Incompatibility {
  return {
    type: CoreFindingType.ALWAYS_INCOMPATIBLE, direction: 'BACKWARD', version, location: '/',
    message: 'Schema compatibility strategy is ALWAYS_INCOMPATIBLE',
    description: `The ALWAYS_INCOMPATIBLE strategy rejects every consumer schema once the subject has a schema (version ${version})`,
  };
}
