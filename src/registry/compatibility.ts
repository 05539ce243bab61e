import { CoreFindingType, Strategy } from 'schema-compat';
import type { CompatibilityResult, Incompatibility } from 'schema-compat';
import { toConfluentMessages } from './confluent-messages.js';
import type { RegistryCore } from './core.js';
import { notFound } from './errors.js';
import { inGroup, pointers } from './history.js';
import type { VersionRecord } from './storage.js';
import type { CompatibilityCheck, SchemaSubmission, SubmitOptions } from './types.js';
import type { Judge, Verdict } from './verdict.js';
import { parsedFirst } from './verdict-order.js';
import type { VersionId } from './versions.js';

/**
 * Confluent's compatibility test: against one named version (even under a transitive level, as
 * Confluent does), or, without a version, against every active version as a registration would
 * be checked. `'latest'` on a subject without versions is compatible (empty history).
 */
export async function testCompatibility(
  core: RegistryCore, judge: Judge, subject: string, submission: SchemaSubmission, options: SubmitOptions & { readonly version?: VersionId },
): Promise<CompatibilityCheck> {
  const settings = await core.settingsFor(subject);
  const candidate = await core.candidate(submission, options.normalize ?? settings.normalize ?? false);
  const view = await core.view(subject);
  let records: VersionRecord[];
  if (options.version === undefined) {
    records = inGroup(view.active, settings.compatibilityGroup, submission.metadata);
  } else if (options.version === 'latest') {
    records = view.active.slice(-1);
  } else {
    if (view.all.length === 0) return parsedFirst(judge, core, candidate, notFound.subject(subject));
    const version = options.version;
    const record = view.active.find((item) => item.version === version);
    if (record === undefined) return parsedFirst(judge, core, candidate, notFound.version(version));
    records = [record];
  }
  const level = await core.levelFor(subject, candidate.schemaType);
  return answer(await judge({ candidate, check: { level, versions: pointers(records) } }, core.source));
}

/**
 * Pulsar's consumer check (`checkConsumerCompatibility`, pulsar.md §1.3): under BACKWARD, FORWARD,
 * FORWARD_TRANSITIVE and FULL the consumer's schema must read the latest version (an identical one
 * passes); under BACKWARD_TRANSITIVE and FULL_TRANSITIVE it is checked against every active version
 * with the configured level and no identity shortcut; ALWAYS_INCOMPATIBLE rejects it whenever the
 * subject has a schema; NONE accepts it. A subject without a schema is `SUBJECT_NOT_FOUND`.
 */
export async function canConsume(core: RegistryCore, judge: Judge, subject: string, submission: SchemaSubmission): Promise<CompatibilityCheck> {
  const candidate = await core.candidate(submission, false);
  const level = await core.levelFor(subject, candidate.schemaType);
  const none: CompatibilityResult = { compatible: true, strategy: level, checked: [], incompatibilities: [], warnings: [] };
  if (level === Strategy.NONE) {
    await judge({ candidate }, core.source);
    return { compatible: true, result: none, messages: [] };
  }
  const view = await core.view(subject);
  const latest = view.active[view.active.length - 1];
  if (latest === undefined) return parsedFirst(judge, core, candidate, notFound.subject(subject));
  if (level === Strategy.ALWAYS_INCOMPATIBLE) {
    const verdict = await judge({ candidate }, core.source);
    const result = { ...none, compatible: false, checked: [latest.version], incompatibilities: [alwaysIncompatible(latest.version)] };
    return { compatible: false, result, messages: toConfluentMessages(result, { schemaType: verdict.schemaType }) };
  }
  const transitive = level === Strategy.BACKWARD_TRANSITIVE || level === Strategy.FULL_TRANSITIVE;
  const check = transitive
    ? { level, versions: pointers([...view.active].reverse()), eachVersion: true }
    : { level: Strategy.BACKWARD, versions: pointers([latest]) };
  return answer(await judge({ candidate, check }, core.source));
}

function answer(verdict: Verdict): CompatibilityCheck {
  const check = verdict.check;
  if (check === undefined) throw new Error('a compatibility verdict came back without a check');
  return { compatible: check.result.compatible, result: check.result, messages: check.messages };
}

function alwaysIncompatible(version: number): Incompatibility {
  return {
    type: CoreFindingType.ALWAYS_INCOMPATIBLE, direction: 'BACKWARD', version, location: '/',
    message: 'Schema compatibility strategy is ALWAYS_INCOMPATIBLE',
    description: `The ALWAYS_INCOMPATIBLE strategy rejects every consumer schema once the subject has a schema (version ${version})`,
  };
}
