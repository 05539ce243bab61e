import { checkCompatibility } from 'schema-compat';
import { toConfluentMessages } from './confluent-messages.js';
import { contentKey } from './content.js';
import type { RegistryCore } from './core.js';
import { IncompatibleRegistrationError, RegistryError, RegistryErrorCode, notFound } from './errors.js';
import { findIdentical, historyOf, inGroup, textsByVersion } from './history.js';
import type { SchemaSubmission, SubjectVersion, SubmitOptions } from './types.js';

/** How often a registration re-reads the subject when another writer appended first. */
const MAX_ATTEMPTS = 16;

/**
 * Registers a schema under a subject: an identical active version is returned as is, under every
 * level; otherwise the candidate is checked against the active versions under the subject's level
 * and stored as the next version, sharing the global id of identical content elsewhere.
 */
export async function registerSchema(core: RegistryCore, subject: string, submission: SchemaSubmission, options: SubmitOptions): Promise<SubjectVersion> {
  const settings = await core.settingsFor(subject);
  const candidate = await core.candidate(submission, options.normalize ?? settings.normalize ?? false);
  return core.lock.run(subject, async () => {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const view = await core.view(subject);
      const identical = await findIdentical(core, view, candidate);
      if (identical) return core.subjectVersion(subject, view, identical);
      const level = await core.levelFor(subject, candidate.schemaType);
      const group = settings.compatibilityGroup;
      const entries = await historyOf(core, inGroup(view.active, group, group === undefined ? undefined : submission.metadata?.properties?.[group]));
      const result = checkCompatibility(level, candidate.parsed, entries.map((entry) => entry.parsed), { registry: core.checkers });
      if (!result.compatible) {
        const messages = toConfluentMessages(result, { schemaType: candidate.schemaType, oldSchema: textsByVersion(entries) });
        throw new IncompatibleRegistrationError(subject, result, messages);
      }
      const stored = { schemaType: candidate.schemaType, schema: candidate.text, references: candidate.references };
      const id = await core.storage.idForContent(contentKey(candidate.schemaType, candidate.text, candidate.references), stored);
      const record = { version: view.nextVersion, id, deleted: false, tombstone: false, ...(submission.metadata ? { metadata: submission.metadata } : {}) };
      if (await core.storage.appendVersion(subject, record)) {
        return { subject, version: record.version, id, ...stored, deleted: false, ...(submission.metadata ? { metadata: submission.metadata } : {}) };
      }
    }
    throw new RegistryError(RegistryErrorCode.STORE_CONFLICT, `Subject '${subject}' kept changing during the registration; try again`);
  });
}

/** The active (or, with `deleted`, any) version of a subject whose schema is identical to the submission. */
export async function lookupSchema(core: RegistryCore, subject: string, submission: SchemaSubmission, options: SubmitOptions & { readonly deleted?: boolean }): Promise<SubjectVersion> {
  const settings = await core.settingsFor(subject);
  const candidate = await core.candidate(submission, options.normalize ?? settings.normalize ?? false);
  const view = await core.view(subject);
  const scope = options.deleted ? { ...view, active: view.all } : view;
  if (scope.active.length === 0) throw notFound.subject(subject);
  const identical = await findIdentical(core, scope, candidate);
  if (!identical) throw notFound.schema();
  return core.subjectVersion(subject, view, identical);
}
