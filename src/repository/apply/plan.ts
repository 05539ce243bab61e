import type { Strategy } from 'schema-compat';
import { RegistryClientError, createRegistryClient } from 'schema-compat/registry';
import type { RegistryClient } from 'schema-compat/registry';
import { askRegistry, withCanonicalIdentity } from '../../sources/index.js';
import { redactUrlText } from '../../registry/http/redact.js';
import { checkRepository } from '../check.js';
import { RepositoryError } from '../errors.js';
import type { SubjectOutcome } from '../check.js';
import { planReferences, plannedReferences, registryReferences } from './references.js';
import type { ReferencePlanner } from './references.js';
import type { ApplyOptions, ApplyPlan, PlanStep, SubjectPlan } from './types.js';

/** The client `apply` reads levels and writes through. */
export function clientOf(options: ApplyOptions): RegistryClient {
  return options.client ?? createRegistryClient({ url: options.url, ...(options.auth === undefined ? {} : { auth: options.auth }) });
}

/**
 * Plans bringing a registry to what a repository configuration says, writing nothing: every subject
 * is checked against the registry's history (ours, at the level it will have: the configuration's,
 * else the registry's), the registry's lookup (and the type's canonical form) says whether its file
 * is already a version, and its own compatibility answer is shown beside ours. A level the
 * configuration names and the registry does not have is a step; so is a file that is no version yet.
 */
export async function planApply(config: Parameters<typeof checkRepository>[0], options: ApplyOptions): Promise<ApplyPlan> {
  const client = clientOf(options);
  const against = `registry:${options.url}`;
  const report = await checkRepository(config, { ...options.check, overrides: { ...options.check?.overrides, against } });
  const subjectOfFile = new Map([...report.subjects.map((outcome) => outcome.subject), ...report.unchanged, ...report.skipped.map((one) => one.subject)].map((subject) => [subject.file, subject.registrySubject]));
  const planner: ReferencePlanner = { subjectOfFile, known: new Map() };
  const subjects: SubjectPlan[] = [];
  for (const outcome of report.subjects) subjects.push(await planSubject(outcome, client, options, planner));
  // The subjects of the references the configuration's files use are named too: never listed for deletion.
  const named = new Set([...subjects.map((subject) => subject.subject), ...[...planner.known.values()].map((reference) => reference.subject)]);
  const unnamed = (await client.listSubjects()).filter((subject) => !named.has(subject)).sort();
  // Deletes come last, and only when asked: soft ones (the registry keeps them, and `apply` never hard-deletes).
  const deletes: PlanStep[] = options.deleteUnnamed === true ? unnamed.map((subject) => ({ kind: 'soft-delete', subject })) : [];
  // A reference file that is also a configured subject is registered once, where the plan first needs it.
  const registered = new Set<string>();
  const once = (step: PlanStep): boolean => step.kind !== 'register' || (!registered.has(`${step.subject}\0${step.schema}`) && registered.add(`${step.subject}\0${step.schema}`) !== undefined);
  const steps = [...subjects.flatMap((subject) => subject.steps).filter(once), ...deletes];
  const exitCode = subjects.some((subject) => subject.status === 'error') ? 2 : subjects.some((subject) => subject.status === 'incompatible') ? 1 : 0;
  return { registry: redactUrlText(options.url).replace(/\/+$/, ''), subjects, unnamed, steps, exitCode };
}

async function planSubject(outcome: SubjectOutcome, client: RegistryClient, options: ApplyOptions, planner: ReferencePlanner): Promise<SubjectPlan> {
  const subject = outcome.subject.registrySubject;
  const base = { subject, file: outcome.subject.file };
  const check = outcome.check;
  if (check === undefined) return { ...base, status: 'error', steps: [], error: outcome.error?.message ?? 'not checked' };
  try {
    const current = await currentLevel(client, subject);
    const wanted = outcome.subject.strategy;
    if (check.references?.unregistrable !== undefined) throw new RepositoryError(check.references.unregistrable);
    const type = check.candidate.schemaType;
    // Its references first (dependencies first), then its level, then its version with the references list.
    const steps: PlanStep[] = check.references === undefined ? [] : await planReferences(check.references, type, subject, planner, client);
    if (wanted !== undefined && wanted !== current) steps.push({ kind: 'set-level', subject, ...(current === undefined ? {} : { from: current }), to: wanted });
    const references = check.references === undefined ? [] : plannedReferences(planner, check.references.direct, type);
    const ready = registryReferences(references);
    const candidate = { schemaType: type, schema: check.candidate.text };
    const isNew = check.source.isNew;
    // A reference the plan has yet to register: the registry cannot parse the candidate yet, and it is a new version.
    const asked = ready === undefined
      ? { wouldCreateVersion: true, subjectExists: !isNew }
      : await askRegistry(options.url, subject, { ...candidate, ...(ready.length === 0 ? {} : { references: ready }) }, { verdict: !isNew, ...(options.auth === undefined ? {} : { auth: options.auth }) });
    const answer = withCanonicalIdentity(asked, check.result.identical?.version, check.versions);
    const existing = answer.existing === undefined ? undefined : { ...answer.existing, by: answer.existingBy ?? 'lookup' } as const;
    if (existing === undefined) steps.push({ kind: 'register', subject, file: outcome.subject.file, ...candidate, newSubject: !answer.subjectExists, ...(references.length === 0 ? {} : { references }) });
    const latest = check.versions.at(-1)?.version;
    const findings = check.result.incompatibilities;
    return {
      ...base,
      status: check.fails ? 'incompatible' : steps.length > 0 ? 'changes' : 'unchanged',
      level: { ...(current === undefined ? {} : { current }), ...(wanted === undefined ? {} : { wanted }) },
      ...(existing === undefined ? {} : { existing }),
      ...(latest === undefined || isNew ? {} : { latestVersion: latest }),
      ours: { compatible: !check.fails, strategy: check.result.strategy, findings: findings.length, messages: findings.map((finding) => `${finding.type} at ${finding.location}: ${finding.message}`) },
      ...(answer.verdict === undefined ? {} : { theirs: { compatible: answer.verdict.compatible, messages: answer.verdict.messages } }),
      steps,
    };
  } catch (error: unknown) {
    return { ...base, status: 'error', steps: [], error: error instanceof Error ? error.message : String(error) };
  }
}

/** The subject's level: its own, else the global one (`GET /config/{s}?defaultToGlobal=true`); undefined when neither is set. */
async function currentLevel(client: RegistryClient, subject: string): Promise<Strategy | undefined> {
  try {
    return (await client.getConfig(subject, { defaultToGlobal: true })).compatibility;
  } catch (error: unknown) {
    if (error instanceof RegistryClientError && error.status === 404) return undefined;
    throw error;
  }
}
