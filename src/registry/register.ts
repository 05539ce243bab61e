import { contentKey } from './content.js';
import type { RegistryCore } from './core.js';
import { IncompatibleRegistrationError, RegistryError, RegistryErrorCode, notFound } from './errors.js';
import { inGroup, pointers } from './history.js';
import type { SchemaSubmission, SubjectVersion, SubmitOptions } from './types.js';
import type { Judge } from './verdict.js';
import { parsedFirst } from './verdict-order.js';

/** How often a registration re-reads the subject when another writer appended first. */
const MAX_ATTEMPTS = 16;

/**
 * Registers a schema under a subject: an identical active version is returned as is, under every
 * level; otherwise the candidate is checked against the active versions under the subject's level
 * and stored as the next version, sharing the global id of identical content elsewhere. `judge`
 * parses and checks; the registry reads, decides and stores, one registration per subject at a time.
 */
export async function registerSchema(
  core: RegistryCore, judge: Judge, subject: string, submission: SchemaSubmission, options: SubmitOptions,
): Promise<SubjectVersion> {
  const settings = await core.settingsFor(subject);
  const candidate = await core.candidate(submission, options.normalize ?? settings.normalize ?? false);
  return core.lock.run(subject, async () => {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const view = await core.view(subject);
      const level = await core.levelFor(subject, candidate.schemaType);
      const history = inGroup(view.active, settings.compatibilityGroup, submission.metadata);
      const verdict = await judge({ candidate, dedup: pointers(view.active).reverse(), check: { level, versions: pointers(history) }, contentKey: true }, core.source);
      if (verdict.identical !== undefined) {
        const identical = view.active.find((record) => record.version === verdict.identical);
        if (identical !== undefined) return core.subjectVersion(subject, view, identical);
      }
      const check = verdict.check;
      if (check === undefined) throw new Error('the judge answered a registration without checking it');
      if (!check.result.compatible) throw new IncompatibleRegistrationError(subject, check.result, check.messages);
      const stored = { schemaType: verdict.schemaType, schema: candidate.schema, references: candidate.references };
      const key = verdict.contentKey ?? contentKey(stored.schemaType, stored.schema, stored.references);
      const id = await core.storage.idForContent(key, stored);
      const metadata = submission.metadata ? { metadata: submission.metadata } : {};
      const record = { version: view.nextVersion, id, deleted: false, tombstone: false, ...metadata };
      if (await core.storage.appendVersion(subject, record)) return { subject, version: record.version, id, ...stored, deleted: false, ...metadata };
    }
    throw new RegistryError(RegistryErrorCode.STORE_CONFLICT, `Subject '${subject}' kept changing during the registration; try again`);
  });
}

/** The active (or, with `deleted`, any) version of a subject whose schema is identical to the submission. */
export async function lookupSchema(
  core: RegistryCore, judge: Judge, subject: string, submission: SchemaSubmission, options: SubmitOptions & { readonly deleted?: boolean },
): Promise<SubjectVersion> {
  const settings = await core.settingsFor(subject);
  const candidate = await core.candidate(submission, options.normalize ?? settings.normalize ?? false);
  const view = await core.view(subject);
  const scope = options.deleted ? view.all : view.active;
  if (scope.length === 0) return parsedFirst(judge, core, candidate, notFound.subject(subject));
  const verdict = await judge({ candidate, dedup: pointers(scope).reverse() }, core.source);
  const identical = scope.find((record) => record.version === verdict.identical);
  if (identical === undefined) throw notFound.schema();
  return core.subjectVersion(subject, view, identical);
}
