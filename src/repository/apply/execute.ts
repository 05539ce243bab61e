import { RegistryClientError } from 'schema-compat/registry';
import type { RegistryClient, SchemaReference } from 'schema-compat/registry';
import { clientOf } from './plan.js';
import type { AppliedStep, ApplyOptions, ApplyOutcome, ApplyPlan, PlanStep, SubjectPlan } from './types.js';

/** Confluent's "subject not found" (`rest/exceptions/Errors.java`). */
const SUBJECT_NOT_FOUND = 40401;

/**
 * Makes a plan's writes, in order, through the registry client. Nothing is written when the plan is
 * blocked (an incompatible subject, one that could not be planned), nor when a subject's newest
 * version is no longer the one the plan saw (a concurrent writer: reported, never overwritten). A
 * registration the registry refuses (409: a version appeared meanwhile that the file does not
 * follow) is reported as a conflict; the writes after it are not made.
 */
export async function applyPlan(plan: ApplyPlan, options: ApplyOptions): Promise<ApplyOutcome> {
  if (plan.exitCode !== 0) return { plan, nothingWritten: true, applied: [], exitCode: plan.exitCode };
  const client = clientOf(options);
  const moved = await movedSubjects(plan, client);
  if (moved.length > 0) return { plan, nothingWritten: true, applied: moved, exitCode: 1 };
  const applied: AppliedStep[] = [];
  // The version each file was registered as by this run, for the references of the steps after it.
  const versions = new Map<string, number>();
  for (const step of plan.steps) {
    const done = await makeStep(step, client, versions);
    applied.push(done);
    if (done.outcome !== 'done') return { plan, nothingWritten: false, applied, exitCode: done.outcome === 'conflict' ? 1 : 2 };
  }
  return { plan, nothingWritten: plan.steps.length === 0, applied, exitCode: 0 };
}

/** The registrations whose subject has moved on since the plan (another writer): none is made. */
async function movedSubjects(plan: ApplyPlan, client: RegistryClient): Promise<AppliedStep[]> {
  const moved: AppliedStep[] = [];
  for (const subject of plan.subjects) {
    const step = subject.steps.find((one) => one.kind === 'register' && one.subject === subject.subject);
    if (step === undefined) continue;
    const latest = await latestVersion(client, subject);
    if (latest !== subject.latestVersion) {
      const seen = subject.latestVersion === undefined ? 'no version' : `version ${subject.latestVersion}`;
      moved.push({ step, outcome: 'conflict', detail: `the plan saw ${seen}, the registry now has ${latest === undefined ? 'none' : `version ${latest}`}: another writer; plan again` });
    }
  }
  return moved;
}

async function latestVersion(client: RegistryClient, subject: SubjectPlan): Promise<number | undefined> {
  try {
    const versions = await client.listVersions(subject.subject);
    return versions.length === 0 ? undefined : Math.max(...versions);
  } catch (error: unknown) {
    if (error instanceof RegistryClientError && error.errorCode === SUBJECT_NOT_FOUND) return undefined;
    throw error;
  }
}

async function makeStep(step: PlanStep, client: RegistryClient, versions: Map<string, number>): Promise<AppliedStep> {
  try {
    if (step.kind === 'set-level') {
      await client.setConfig(step.subject, { compatibility: step.to });
      return { step, outcome: 'done', detail: `level ${step.to}` };
    }
    if (step.kind === 'soft-delete') {
      const versions = await client.deleteSubject(step.subject);
      return { step, outcome: 'done', detail: `soft-deleted versions ${versions.join(', ')}` };
    }
    const references: SchemaReference[] = [];
    for (const reference of step.references ?? []) {
      const version = reference.version ?? versions.get(reference.file);
      if (version === undefined) return { step, outcome: 'failed', detail: `its reference ${reference.name} (${reference.file}) was not registered` };
      references.push({ name: reference.name, subject: reference.subject, version });
    }
    const submission = { schemaType: step.schemaType, schema: step.schema, ...(references.length === 0 ? {} : { references }) };
    const registered = await client.register(step.subject, submission);
    // Registering answers the version since Confluent 7.x; an older registry's lookup tells it.
    const version = registered.version ?? (await client.lookup(step.subject, submission)).version;
    versions.set(step.file, version);
    return { step, outcome: 'done', detail: `id ${registered.id}${registered.version === undefined ? '' : `, version ${registered.version}`}` };
  } catch (error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof RegistryClientError && error.status === 409) return { step, outcome: 'conflict', detail: `the registry refused it (409): ${message}` };
    return { step, outcome: 'failed', detail: message };
  }
}
